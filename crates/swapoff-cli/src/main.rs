//! `seeswap`: Static Exchange Evaluation from the command line.
//!
//! Exit codes: 0 success; 1 some input skipped or some suite row failed; 2 usage error,
//! fatal input error, or output that cannot be written.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod audit;
mod bench;
mod common;
mod eval;
mod make_suite;
mod output;
mod scan;
mod split;
mod suite;

/// Static Exchange Evaluation (SEE) for chess: what does a capture sequence win or lose?
#[derive(Parser)]
#[command(name = "seeswap", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate a move (SAN or UCI) in a position, or a batch of FEN;MOVE lines.
    Eval(eval::Args),
    /// Run SEE test suites (`FEN; move; value; comment` lines).
    Suite(suite::Args),
    /// Measure every fast rule set against the exact one on real positions.
    Audit(audit::Args),
    /// Stream positions (EPD, PGN, CSV, JSON Lines, Parquet): captures' SEE, hanging pieces, rows.
    Scan(scan::Args),
    /// Repack a large PGN or EPD file into zstd parts of whole games, one per partition.
    Split(split::Args),
    /// Time see / see_ge on the shared pairs from this release binary.
    Bench(bench::Args),
    /// Write a SEE test suite from real positions, balanced over the hard cases, valued
    /// by the exact rules.
    MakeSuite(make_suite::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let writes_stdout = match &cli.command {
        Command::Scan(args) => args.writes_stdout(),
        _ => true,
    };
    if writes_stdout {
        if let Err(stop) = common::check_stdout() {
            return common::exit_code(Err(stop));
        }
    }
    // Every command returns its outcome; this is the one place it becomes an exit code.
    common::exit_code(match cli.command {
        Command::Eval(args) => eval::run(args),
        Command::Suite(args) => suite::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Scan(args) => scan::run(args),
        Command::Split(args) => split::run(args),
        Command::Bench(args) => bench::run(args),
        Command::MakeSuite(args) => make_suite::run(args),
    })
}
