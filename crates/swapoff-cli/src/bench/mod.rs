//! `seeswap bench`: times `see` and `see_ge` from this binary, with `std::time::Instant`,
//! on `FEN;UCI` pairs (built in, or `--pairs FILE`).
//!
//! Every position is parsed with both adapters (shakmaty and cozy-chess) and every move
//! converted before any timing. Three passes per case, in the Stockfish comparator's
//! schedule and under its group names (`pass/case/moves`):
//! - `hot`: 16 chunks of 1,000 consecutive pairs spread over the file, cycled until a
//!   repetition has run long enough, so the boards stay in cache (the engine case);
//! - `shuffled`: the same pairs in 8 random orders (fixed seed), so that the branch
//!   predictor cannot learn a replayed sequence;
//! - `cold`: full passes over every selected pair.
//!
//! Rule sets: default, classic and stockfish with their own values, and
//! `default+pincache` and `stockfish+pincache`: those rules on boards wrapped in
//! [`swapoff::PreparedBoard`] before timing (pins and a piece array computed once per
//! position, as engines keep them: Stockfish's own `see_ge` reads its pins from the
//! `StateInfo` that each move fills in).
//!
//! Each case runs up to `--reps` short timed repetitions after one untimed warm-up (fewer
//! when a case's repetitions pass `--budget` milliseconds). The line shows the best repetition's nanoseconds per call and calls per second,
//! and the median: on a busy machine the best one is the cost of the code and the median
//! includes time the process waited for a core. The criterion benchmarks (`cargo bench -p
//! swapoff-lab --bench see`) add pleco's `see_ge` and the lab's recursive SEE as
//! comparators; neither is part of this binary.

mod calls;
mod cases;
mod timing;

use crate::common::{fatal, Outcome, Status, Stop};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;
use swapoff::PieceValues;
use swapoff_bench::pairs::{parse_pairs, Pair};
use timing::{Pass, Schedule, Timing, CHUNK, HOT_CHUNKS};

/// Flags of `seeswap bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A `FEN;UCI` pairs file (default: the 14,525 pairs built into the binary, from 2,000
    /// positions of Stockfish's opening and endgame books).
    #[arg(long, value_name = "FILE")]
    pairs: Option<PathBuf>,

    /// Most timed repetitions per case.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=1000))]
    reps: u32,

    /// Minimum duration of one hot or shuffled repetition, in milliseconds.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    millis: u64,

    /// Time budget per case in milliseconds: no new repetition starts past it once three
    /// have run.
    #[arg(long, default_value_t = 250, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    budget: u64,

    /// Which passes to time (comma-separated; default all three).
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = [Pass::Hot, Pass::Shuffled, Pass::Cold])]
    passes: Vec<Pass>,

    /// Accepted for scripts written when the bench timed the recursive SEE too (it is
    /// the lab's now: `cargo bench -p swapoff-lab`); does nothing.
    #[arg(long, hide = true)]
    no_recursive: bool,

    /// Replay an engine's SEE calls instead: `FEN;UCI[;VALUE]` lines in the order its
    /// search made them (VALUE: what its own SEE returned), through swapoff's default and
    /// classic rules on plain cozy-chess boards, in interleaved rounds.
    #[arg(long, value_name = "FILE", conflicts_with = "pairs")]
    calls: Option<PathBuf>,

    /// Interleaved rounds of `--calls`.
    #[arg(long, default_value_t = 41, value_parser = clap::value_parser!(u32).range(1..=100_000), requires = "calls")]
    rounds: u32,

    /// The engine's piece values P,N,B,R,Q for `--calls` (default 100,300,300,500,900).
    #[arg(long, value_name = "P,N,B,R,Q", requires = "calls")]
    values: Option<PieceValues>,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// The pairs built into the binary: every tenth position of the project's standard pairs
/// file (made from Stockfish's UHO and endgame books), with all of its pairs.
pub const BUILT_IN: &str = include_str!("../../data/bench_pairs.txt");

/// Bad lines quoted on stderr before the rest are only counted.
const MAX_QUOTED: usize = 20;

/// The whole report, as printed by `--json`.
#[derive(Serialize)]
struct Report {
    pairs_file: String,
    pairs: usize,
    captures: usize,
    positions: usize,
    skipped_lines: usize,
    max_reps: u32,
    hot_chunk: usize,
    hot_chunks: usize,
    cases: Vec<Timing>,
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    if let Some(path) = &args.calls {
        let values = args.values.unwrap_or(PieceValues::STANDARD);
        return calls::run(path, args.rounds, values, args.json);
    }
    let (label, text) = match &args.pairs {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => (path.display().to_string(), text),
            Err(e) => return fatal(format!("cannot read {}: {e}", path.display())),
        },
        None => ("<built-in pairs>".to_string(), BUILT_IN.to_string()),
    };
    let data = parse_pairs(&text);
    for bad in data.bad.iter().take(MAX_QUOTED) {
        crate::common::warn(format_args!("{label}:{bad}"));
    }
    if data.bad.len() > MAX_QUOTED {
        crate::common::warn(format_args!(
            "{label}: {} more unusable lines not shown",
            data.bad.len() - MAX_QUOTED
        ));
    }
    if data.all.is_empty() {
        return fatal(format!("{label}: no usable FEN;MOVE line"));
    }
    let captures: Vec<Pair> = data.all.iter().copied().filter(|p| p.capture).collect();
    let sets = [("captures", captures), ("all", data.all.clone())];
    let mut cases = Vec::new();
    for pass in [Pass::Hot, Pass::Shuffled, Pass::Cold] {
        if !args.passes.contains(&pass) {
            continue;
        }
        let schedule = Schedule {
            reps: args.reps,
            min_time: if pass.is_hot() {
                Duration::from_millis(args.millis)
            } else {
                Duration::ZERO
            },
            budget: Duration::from_millis(args.budget),
        };
        cases.extend(cases::time_pass(&data, pass, schedule, &sets));
    }
    let report = Report {
        pairs_file: label,
        pairs: data.all.len(),
        captures: sets[0].1.len(),
        positions: data.chess.len(),
        skipped_lines: data.bad.len(),
        max_reps: args.reps,
        hot_chunk: CHUNK,
        hot_chunks: HOT_CHUNKS,
        cases,
    };
    let printed = if args.json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => crate::common::write_stdout(format_args!("{text}\n")),
            Err(e) => return fatal(format!("cannot write JSON: {e}")),
        }
    } else {
        print_table(&report)
    };
    printed?;
    if data.bad.is_empty() {
        Ok(Status::Ok)
    } else {
        Ok(Status::Partial)
    }
}

fn print_table(report: &Report) -> Result<(), Stop> {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} pairs ({} captures) over {} positions from {}; hot = {} chunks of {} pairs",
        report.pairs,
        report.captures,
        report.positions,
        report.pairs_file,
        report.hot_chunks,
        report.hot_chunk,
    );
    let _ = writeln!(
        out,
        "ns/call and calls/s: best of up to {} repetitions; median: all repetitions",
        report.max_reps
    );
    let _ = writeln!(
        out,
        "{:<30} {:<26} {:>9} {:>9} {:>13}",
        "case", "rules/adapter", "ns/call", "median", "calls/s"
    );
    for t in &report.cases {
        let _ = writeln!(
            out,
            "{:<30} {:<26} {:>9.2} {:>9.2} {:>13.0}",
            t.group,
            format!("{}/{}", t.rules, t.adapter),
            t.ns_per_call,
            t.median_ns_per_call,
            t.calls_per_sec
        );
    }
    crate::common::write_stdout(format_args!("{out}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_pairs_all_parse() {
        let data = parse_pairs(BUILT_IN);
        assert!(
            data.bad.is_empty(),
            "{:?}",
            &data.bad[..data.bad.len().min(5)]
        );
        assert_eq!(data.chess.len(), 2_000);
        assert_eq!(data.all.len(), BUILT_IN.lines().count());
        // Enough captures for 16 hot chunks of 1,000 in both move sets.
        assert!(data.all.iter().filter(|p| p.capture).count() >= 16_000 / 4);
    }
}
