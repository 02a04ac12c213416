//! `seeswap bench --calls FILE`: an engine's SEE calls (`FEN;UCI[;VALUE]`, in call order)
//! replayed through swapoff's default and classic rules, value and `see_ge(0)`, on plain
//! cozy-chess boards with the move converted at each call, as the engine would make them
//! ([`swapoff_bench::calls`]). The report gives ns per call, each variant's time over the
//! default rules', the sum of its answers and on how many calls its value differs from the
//! log's. The engine's own SEE is timed beside these by the lab's `replay` (it is
//! vendored there, never in a published crate).

use crate::common::{fatal, write_stdout, Outcome, Status};
use std::path::Path;
use swapoff::{see_ge_with, see_with, Move, PieceValues, Rules, See};
use swapoff_bench::calls::{each, replay, CallLog, Difference};
use swapoff_scan::InputName;

/// Replays the log at `path` in `rounds` interleaved rounds, counting in `values`.
pub fn run(path: &Path, rounds: u32, values: PieceValues, json: bool) -> Outcome {
    let log = match CallLog::read(&InputName::from(path.to_path_buf())) {
        Ok(log) => log,
        Err(why) => return fatal(why),
    };
    let v = &values;
    let default_value =
        |ps: &[_]| each(ps, |b, m| i64::from(see_with(b, Move::from_cozy(b, m), v)));
    let classic_value = |ps: &[_]| {
        each(ps, |b, m| {
            i64::from(classic(v).value(b, Move::from_cozy(b, m)))
        })
    };
    let default_ge = |ps: &[_]| {
        each(ps, |b, m| {
            i64::from(see_ge_with(b, Move::from_cozy(b, m), 0, v))
        })
    };
    let classic_ge = |ps: &[_]| {
        each(ps, |b, m| {
            i64::from(classic(v).ge(b, Move::from_cozy(b, m), 0))
        })
    };
    let variants = [
        ("swapoff default value", 0, &default_value as _),
        ("swapoff classic value", 0, &classic_value as _),
        ("swapoff default see_ge(0)", 2, &default_ge as _),
        ("swapoff classic see_ge(0)", 2, &classic_ge as _),
    ];
    let mut report = replay(&log, &variants, rounds);
    report.differences = vec![
        Difference {
            variant: "swapoff default value",
            calls: log.differences(|b, m| see_with(b, Move::from_cozy(b, m), v)),
        },
        Difference {
            variant: "swapoff classic value",
            calls: log.differences(|b, m| classic(v).value(b, Move::from_cozy(b, m))),
        },
    ];
    let printed = if json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => write_stdout(format_args!("{text}\n")),
            Err(e) => return fatal(format!("cannot write JSON: {e}")),
        }
    } else {
        write_stdout(format_args!("{}", report.table()))
    };
    printed.map(|()| Status::Ok)
}

/// The classic rules at `values`, built where each call is made, so that the rule set is
/// a constant there and only its walk is compiled in, as in an engine that holds it in a
/// `const`.
#[inline(always)]
fn classic(values: &PieceValues) -> See {
    See::new(Rules::Classic).with_values(*values)
}
