//! `swapoff-lab replay ENGINE CALLS`: an engine's SEE calls replayed through the engine's
//! own SEE (vendored, unmodified, in [`crate::vendor`]) and through swapoff, in one
//! process, by [`swapoff_bench::calls`] (which `seeswap bench --calls` runs without the
//! engine).
//!
//! The report gives each variant's ns per call (the fastest round and the median), its
//! ratio to the engine's own SEE (the median of the per-round ratios), the sum of its
//! answers, and on how many calls the replayed engine (and swapoff) give another value than
//! the log's.

use std::io::Write;
use std::process::ExitCode;
use swapoff_bench::calls::{replay, CallLog, Difference, Variant};
use swapoff_scan::InputName;

/// Flags of `swapoff-lab replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The engine whose SEE the calls came from, and which is replayed beside swapoff.
    #[arg(value_enum, value_name = "ENGINE")]
    engine: Engine,

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

/// The engines whose SEE the lab vendors.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// analog-hors/tantabus (MPL-2.0): a swap list, values 100/320/330/500/900.
    Tantabus,
    /// MinusKelvin/frozenight (MIT OR Apache-2.0): a swap list, values 100/300/325/500/900.
    Frozenight,
    /// jnlt3/blackmarlin 4.0 (GPL-3.0): a swap list, values 100/300/300/500/900, asked
    /// about quiet moves too.
    Blackmarlin,
}

/// What the replay needs of an engine: its variants (its own SEE first) and, for the
/// differences, its SEE and swapoff's two rule sets with its values.
struct Comparator {
    variants: [Variant<'static>; 8],
    own: fn(&cozy_chess::Board, cozy_chess::Move) -> i32,
    default: fn(&cozy_chess::Board, cozy_chess::Move) -> i32,
    classic: fn(&cozy_chess::Board, cozy_chess::Move) -> i32,
}

/// One module an engine, named as the engine (its own variants are printed under that
/// name): its values, its SEE as a value, and eight variants, each a named
/// function kept out of line, so that callgrind counts each apart
/// (`--toggle-collect='*replay::frozenight::default_value'`, say). swapoff is called as an
/// engine on cozy-chess would call it: the engine's move converted as that engine would
/// (`$from`): an engine whose SEE only takes moves that capture a piece on the target
/// square (it reads it with `unwrap`) uses `Move::from_cozy_capture`, one that asks about
/// any move `Move::from_cozy`; the classic rules come from a `const` [`swapoff::See`].
macro_rules! engine {
    ($module:ident, $values:expr, $own:expr, $from:ident) => {
        mod $module {
            use swapoff::{PieceValues, Rules, See};
            use swapoff_bench::calls::{each, CallPosition, Variant};

            /// The engine's piece values (its king is never taken).
            const VALUES: PieceValues = $values;

            /// The classic rules at those values, chosen when the program is compiled.
            const CLASSIC: See = See::new(Rules::Classic).with_values(VALUES);

            /// The default rules' parts (the `ablation` feature): pins alone, then with
            /// discovered checks; the default rules add the king rule and promotions.
            const PINS: See = See::part(swapoff::ablation::Part::Pins).with_values(VALUES);
            const PINS_CHECKS: See =
                See::part(swapoff::ablation::Part::PinsChecks).with_values(VALUES);

            /// The engine's own SEE, as a value.
            fn own(b: &cozy_chess::Board, m: cozy_chess::Move) -> i32 {
                i32::from($own(b, m))
            }

            fn default(b: &cozy_chess::Board, m: cozy_chess::Move) -> i32 {
                swapoff::see_with(b, swapoff::Move::$from(b, m), &VALUES)
            }

            fn classic(b: &cozy_chess::Board, m: cozy_chess::Move) -> i32 {
                CLASSIC.value(b, swapoff::Move::$from(b, m))
            }

            #[inline(never)]
            fn own_value(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| i64::from(own(b, m)))
            }

            #[inline(never)]
            fn default_value(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| i64::from(default(b, m)))
            }

            #[inline(never)]
            fn classic_value(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| i64::from(classic(b, m)))
            }

            #[inline(never)]
            fn pins_value(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| {
                    i64::from(PINS.value(b, swapoff::Move::$from(b, m)))
                })
            }

            #[inline(never)]
            fn pins_checks_value(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| {
                    i64::from(PINS_CHECKS.value(b, swapoff::Move::$from(b, m)))
                })
            }

            #[inline(never)]
            fn own_ge0(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| i64::from(own(b, m) >= 0))
            }

            #[inline(never)]
            fn default_ge0(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| {
                    let mv = swapoff::Move::$from(b, m);
                    i64::from(swapoff::see_ge_with(b, mv, 0, &VALUES))
                })
            }

            #[inline(never)]
            fn classic_ge0(ps: &[CallPosition]) -> i64 {
                each(ps, |b, m| {
                    let mv = swapoff::Move::$from(b, m);
                    i64::from(CLASSIC.ge(b, mv, 0))
                })
            }

            /// The engine's SEE, then swapoff's answers to the same question; last, the
            /// default rules' parts, whose cost the ablation weighs against their Elo.
            const VARIANTS: [Variant<'static>; 8] = [
                (concat!(stringify!($module), " value"), 0, &own_value),
                ("swapoff default value", 0, &default_value),
                ("swapoff classic value", 0, &classic_value),
                (concat!(stringify!($module), " >= 0"), 3, &own_ge0),
                ("swapoff default see_ge(0)", 3, &default_ge0),
                ("swapoff classic see_ge(0)", 3, &classic_ge0),
                ("swapoff pins value", 0, &pins_value),
                ("swapoff pins-checks value", 0, &pins_checks_value),
            ];

            pub(super) const COMPARATOR: super::Comparator = super::Comparator {
                variants: VARIANTS,
                own,
                default,
                classic,
            };
        }
    };
}

engine!(
    tantabus,
    PieceValues::of(100, 320, 330, 500, 900),
    crate::vendor::tantabus_see::static_exchange_evaluation,
    from_cozy_capture
);
engine!(
    frozenight,
    PieceValues::of(100, 300, 325, 500, 900),
    crate::vendor::frozenight_see::static_exchange_eval,
    from_cozy_capture
);
// Black Marlin asks its SEE about any move (quiet moves, castling and en passant among
// them), so swapoff is called through the entry points that take any move. Its `see::<1>`
// stops before the first recapture (the captured piece's value), so only its `see::<16>`
// is the SEE measured.
engine!(
    blackmarlin,
    PieceValues::of(100, 300, 300, 500, 900),
    crate::vendor::blackmarlin_see::StdEvaluator::see::<16>,
    from_cozy
);

impl Engine {
    fn comparator(self) -> Comparator {
        match self {
            Engine::Tantabus => tantabus::COMPARATOR,
            Engine::Frozenight => frozenight::COMPARATOR,
            Engine::Blackmarlin => blackmarlin::COMPARATOR,
        }
    }
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
    let engine = args.engine.comparator();
    // The engine's values checked call by call, before any timing.
    let own = log.differences(engine.own);
    let mut report = replay(&log, &engine.variants, args.rounds);
    report.differences = vec![
        Difference {
            variant: engine.variants[0].0,
            calls: own,
        },
        Difference {
            variant: "swapoff default value",
            calls: log.differences(engine.default),
        },
        Difference {
            variant: "swapoff classic value",
            calls: log.differences(engine.classic),
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
    match own {
        Some(0) | None => ExitCode::from(crate::exit::EXIT_OK),
        Some(_) => ExitCode::from(crate::exit::EXIT_PARTIAL),
    }
}
