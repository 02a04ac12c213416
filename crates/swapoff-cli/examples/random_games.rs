//! Positions from random games, one FEN a line: a source of test positions that no book
//! has seen (`swapoff_lab::random_games` says how they are played).
//!
//! ```sh
//! cargo run --release -p swapoff-cli --example random_games -- SEED COUNT > positions.fen
//! seeswap audit positions.fen
//! ```
//!
//! The same seed gives the same positions; use one seed to study a rule and another to
//! measure it.

use std::io::Write;

use swapoff_lab::random_games;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| match args.get(i) {
        None => default,
        Some(a) => a.parse::<u64>().unwrap_or_else(|_| {
            eprintln!("random_games: {a:?} is not a number; usage: random_games [SEED] [COUNT]");
            std::process::exit(2)
        }),
    };
    let (seed, count) = (number(0, 1), number(1, 100_000));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // A closed pipe stops the games quietly.
    random_games::random_game_positions(seed, count, |fen| writeln!(out, "{fen}").is_ok());
    let _ = out.flush();
}
