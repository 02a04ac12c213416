//! The line on stderr at the end of `seeswap scan`, from the run's totals (the I/O crate's
//! summary sink, which also writes `--summary`).

use swapoff_scan::Summary;

/// The one-line report on stderr at the end of a run.
pub(super) fn text(totals: &Summary, seconds: f64, analysed: bool) -> String {
    let pct = |n: u64| 100.0 * totals.share(n);
    let rate = if seconds > 0.0 {
        totals.positions as f64 / seconds
    } else {
        0.0
    };
    let games = if totals.games > 0 {
        format!(" from {} games", totals.games)
    } else {
        String::new()
    };
    if !analysed {
        // Columns without the analysis: no capture was counted.
        return format!(
            "seeswap scan: {} positions{games}, {} skipped; {seconds:.2} s, {rate:.0} positions/s",
            totals.positions, totals.skipped
        );
    }
    format!(
        "seeswap scan: {} positions{games}, {} captures ({:.1}% winning, {:.1}% equal, {:.1}% losing), {} hanging pieces, {} skipped; {:.2} s, {:.0} positions/s",
        totals.positions,
        totals.captures,
        pct(totals.winning),
        pct(totals.equal),
        pct(totals.losing),
        totals.hanging,
        totals.skipped,
        seconds,
        rate
    )
}
