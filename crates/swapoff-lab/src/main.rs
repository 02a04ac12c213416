//! `swapoff-lab`: the project's studies, run from the repository
//! (`cargo run --release -p swapoff-lab -- order FILE...`).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The swapoff lab's studies.
#[derive(Parser)]
#[command(name = "swapoff-lab", about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure capture ordering and quiescence pruning with each rule set.
    Order(swapoff_lab::order::Args),
    /// Replay an engine's SEE calls through its own SEE and through swapoff, interleaved.
    Replay(swapoff_lab::replay::Args),
    /// Read PGN games and play their moves, nothing more: the baseline of a scan's speed.
    ReadGames(swapoff_lab::read_games::Args),
}

fn main() -> ExitCode {
    // clap exits by itself: status 2 on a usage error, 0 for --help.
    match Cli::parse().command {
        Command::Order(args) => swapoff_lab::order::run(args),
        Command::Replay(args) => swapoff_lab::replay::run(args),
        Command::ReadGames(args) => swapoff_lab::read_games::run(args),
    }
}
