//! The totals of `seeswap scan`: counted as rows come, added up over the run, printed as
//! `--summary` and as the line on stderr at the end.

use cozy_chess::{Board, Color};
use serde::Serialize;
use swapoff_scan::scan::Report;
use swapoff_scan::write::Shape;

/// Totals over a run, or over one unit of work before they are added up.
#[derive(Clone, Copy, Default, Debug, Serialize)]
pub(super) struct Stats {
    /// Positions scanned.
    pub positions: u64,
    /// PGN games read (including skipped ones).
    pub games: u64,
    /// Captures and promotions listed.
    pub captures: u64,
    /// Of which SEE > 0.
    pub winning: u64,
    /// Of which SEE = 0.
    pub equal: u64,
    /// Of which SEE < 0.
    pub losing: u64,
    /// Hanging pieces found, both sides, all positions.
    pub hanging: u64,
    /// Of which White's.
    pub hanging_white: u64,
    /// Of which Black's.
    pub hanging_black: u64,
    /// Positions whose side to move is in check (its hanging pieces not evaluated).
    pub in_check: u64,
    /// Lines, games or game remainders skipped for bad input.
    pub skipped: u64,
}

impl Stats {
    /// Counts one analysed position.
    pub fn count(&mut self, board: &Board, report: &Report) {
        self.positions += 1;
        self.captures += report.captures.len() as u64;
        for c in &report.captures {
            match c.see.signum() {
                1 => self.winning += 1,
                0 => self.equal += 1,
                _ => self.losing += 1,
            }
        }
        let (us, them) = (
            report.hanging_us.len() as u64,
            report.hanging_them.len() as u64,
        );
        self.hanging += us + them;
        match board.side_to_move() {
            Color::White => {
                self.hanging_white += us;
                self.hanging_black += them;
            }
            Color::Black => {
                self.hanging_white += them;
                self.hanging_black += us;
            }
        }
        self.in_check += u64::from(report.in_check);
    }

    /// Adds another unit's totals.
    pub fn add(&mut self, o: &Stats) {
        self.positions += o.positions;
        self.games += o.games;
        self.captures += o.captures;
        self.winning += o.winning;
        self.equal += o.equal;
        self.losing += o.losing;
        self.hanging += o.hanging;
        self.hanging_white += o.hanging_white;
        self.hanging_black += o.hanging_black;
        self.in_check += o.in_check;
        self.skipped += o.skipped;
    }

    fn share(&self, n: u64) -> f64 {
        if self.captures == 0 {
            0.0
        } else {
            // Four decimals are plenty for a share.
            (n as f64 / self.captures as f64 * 10_000.0).round() / 10_000.0
        }
    }

    /// The `--summary` output: one JSON object, or a CSV header and row.
    pub fn summary(&self, shape: Shape, seconds: f64) -> String {
        let shares = [
            self.share(self.winning),
            self.share(self.equal),
            self.share(self.losing),
        ];
        if shape == Shape::Csv {
            return format!(
                "positions,games,captures,winning,equal,losing,winning_share,equal_share,losing_share,hanging,hanging_white,hanging_black,in_check,skipped,seconds\n\
                 {},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3}\n",
                self.positions,
                self.games,
                self.captures,
                self.winning,
                self.equal,
                self.losing,
                shares[0],
                shares[1],
                shares[2],
                self.hanging,
                self.hanging_white,
                self.hanging_black,
                self.in_check,
                self.skipped,
                seconds
            );
        }
        #[derive(Serialize)]
        struct Summary<'a> {
            #[serde(flatten)]
            stats: &'a Stats,
            winning_share: f64,
            equal_share: f64,
            losing_share: f64,
            seconds: f64,
        }
        let summary = Summary {
            stats: self,
            winning_share: shares[0],
            equal_share: shares[1],
            losing_share: shares[2],
            seconds: (seconds * 1000.0).round() / 1000.0,
        };
        let mut text = serde_json::to_string(&summary).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The one-line report on stderr at the end of a run.
    pub fn line(&self, seconds: f64, analysed: bool) -> String {
        let pct = |n: u64| 100.0 * self.share(n);
        let rate = if seconds > 0.0 {
            self.positions as f64 / seconds
        } else {
            0.0
        };
        let games = if self.games > 0 {
            format!(" from {} games", self.games)
        } else {
            String::new()
        };
        if !analysed {
            // Columns without the analysis: no capture was counted.
            return format!(
                "seeswap scan: {} positions{games}, {} skipped; {seconds:.2} s, {rate:.0} positions/s",
                self.positions, self.skipped
            );
        }
        format!(
            "seeswap scan: {} positions{games}, {} captures ({:.1}% winning, {:.1}% equal, {:.1}% losing), {} hanging pieces, {} skipped; {:.2} s, {:.0} positions/s",
            self.positions,
            self.captures,
            pct(self.winning),
            pct(self.equal),
            pct(self.losing),
            self.hanging,
            self.skipped,
            seconds,
            rate
        )
    }
}
