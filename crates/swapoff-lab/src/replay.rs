//! `swapoff-lab replay CALLS`: an engine's SEE calls replayed through the engine's own SEE
//! (tantabus's, vendored) and through swapoff, in one process, by
//! [`swapoff_scan::calls`] (which `seeswap bench --calls` runs without the engine).
//!
//! The report gives each variant's ns per call (the fastest round and the median), its
//! ratio to the engine's own SEE (the median of the per-round ratios), the sum of its
//! answers, and on how many calls the replayed engine (and swapoff) give another value than
//! the log's.

use crate::vendor::tantabus_see::static_exchange_evaluation;
use std::io::Write;
use std::process::ExitCode;
use swapoff::{classic, see_ge_with, see_with, Move, PieceValues};
use swapoff_scan::calls::{each, replay, CallLog, CallPosition, Difference, Variant};
use swapoff_scan::records::InputName;

/// The engine's piece values (its king, 20,000, is never taken).
const VALUES: PieceValues = PieceValues::of(100, 320, 330, 500, 900);

/// Flags of `swapoff-lab replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The calls: `FEN;UCI[;VALUE]` lines in call order (zstd, gzip, bzip2 or plain; `-`
    /// for standard input).
    #[arg(value_name = "CALLS")]
    calls: std::path::PathBuf,

    /// Interleaved rounds.
    #[arg(long, default_value_t = 41, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    rounds: u32,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// The engine's SEE, then swapoff's answers to the same question.
const VARIANTS: [Variant<'static>; 6] = [
    ("tantabus value", 0, &tantabus_value),
    ("swapoff default value", 0, &default_value),
    ("swapoff classic value", 0, &classic_value),
    ("tantabus >= 0", 3, &tantabus_ge0),
    ("swapoff default see_ge(0)", 3, &default_ge0),
    ("swapoff classic see_ge(0)", 3, &classic_ge0),
];

// One named function a variant, kept out of line: callgrind then counts each apart
// (`--toggle-collect='*replay::default_value'`, say).

#[inline(never)]
fn tantabus_value(ps: &[CallPosition]) -> i64 {
    each(ps, |b, m| i64::from(static_exchange_evaluation(b, m)))
}

#[inline(never)]
fn default_value(ps: &[CallPosition]) -> i64 {
    each(ps, |b, m| {
        i64::from(see_with(b, Move::from_cozy(b, m), &VALUES))
    })
}

#[inline(never)]
fn classic_value(ps: &[CallPosition]) -> i64 {
    each(ps, |b, m| {
        i64::from(classic::see_with(b, Move::from_cozy(b, m), &VALUES))
    })
}

#[inline(never)]
fn tantabus_ge0(ps: &[CallPosition]) -> i64 {
    each(ps, |b, m| i64::from(static_exchange_evaluation(b, m) >= 0))
}

#[inline(never)]
fn default_ge0(ps: &[CallPosition]) -> i64 {
    each(ps, |b, m| {
        i64::from(see_ge_with(b, Move::from_cozy(b, m), 0, &VALUES))
    })
}

#[inline(never)]
fn classic_ge0(ps: &[CallPosition]) -> i64 {
    each(ps, |b, m| {
        i64::from(classic::see_ge_with(b, Move::from_cozy(b, m), 0, &VALUES))
    })
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let log = match CallLog::read(&InputName::from(args.calls.clone())) {
        Ok(log) => log,
        Err(why) => {
            eprintln!("swapoff-lab: {why}");
            return ExitCode::from(crate::exit::EXIT_FATAL);
        }
    };
    // The engine's values checked call by call, before any timing.
    let engine = log.differences(|b, m| i32::from(static_exchange_evaluation(b, m)));
    let mut report = replay(&log, &VARIANTS, args.rounds);
    report.differences = vec![
        Difference {
            variant: "tantabus value",
            calls: engine,
        },
        Difference {
            variant: "swapoff default value",
            calls: log.differences(|b, m| see_with(b, Move::from_cozy(b, m), &VALUES)),
        },
        Difference {
            variant: "swapoff classic value",
            calls: log.differences(|b, m| classic::see_with(b, Move::from_cozy(b, m), &VALUES)),
        },
    ];
    let text = if args.json {
        serde_json::to_string_pretty(&report).unwrap_or_default() + "\n"
    } else {
        report.table()
    };
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        return crate::exit::output_error(e);
    }
    match engine {
        Some(0) | None => ExitCode::from(crate::exit::EXIT_OK),
        Some(_) => ExitCode::from(crate::exit::EXIT_PARTIAL),
    }
}
