//! The summary sink: totals counted as rows come ([`Summary`]), added up over a run's
//! units of work, and written as one JSON object or a CSV header and row.

use crate::read::Note;
use crate::scan::rows::{Row, Sink};
use crate::write::text::Shape;
use serde::Serialize;
use shakmaty::{Color, Position};
use std::convert::Infallible;
use std::ops::ControlFlow;

/// Totals over a run, or over one unit of work before they are added up. As a [`Sink`]
/// it counts each row's analysis, each note's skipped records and each game; it needs the
/// analysis of the rows ([`Needs::SUMMARY`](crate::scan::Needs::SUMMARY)).
///
/// ```
/// use swapoff_scan::{Shape, Summary};
/// let totals = Summary { positions: 2, captures: 4, winning: 1, ..Summary::default() };
/// let csv = totals.text(Shape::Csv, 1.5);
/// assert!(csv.lines().nth(1).unwrap().starts_with("2,0,4,1,0,0,0.25,"), "{csv}");
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
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

impl Summary {
    /// Adds another unit's totals.
    pub fn add(&mut self, o: &Summary) {
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

    /// The share of the captures that `n` is, to four decimals (0 without captures).
    pub fn share(&self, n: u64) -> f64 {
        if self.captures == 0 {
            0.0
        } else {
            // Four decimals are plenty for a share.
            (n as f64 / self.captures as f64 * 10_000.0).round() / 10_000.0
        }
    }

    /// The totals as text, with the run's seconds: one JSON object, or a CSV header and
    /// row, each line ended.
    pub fn text(&self, shape: Shape, seconds: f64) -> String {
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
        struct Fields<'a> {
            #[serde(flatten)]
            totals: &'a Summary,
            winning_share: f64,
            equal_share: f64,
            losing_share: f64,
            seconds: f64,
        }
        let fields = Fields {
            totals: self,
            winning_share: shares[0],
            equal_share: shares[1],
            losing_share: shares[2],
            seconds: (seconds * 1000.0).round() / 1000.0,
        };
        // Numbers and names only: serializing cannot fail.
        let mut text = serde_json::to_string(&fields).unwrap_or_default();
        text.push('\n');
        text
    }
}

impl Sink for Summary {
    /// Counting cannot fail.
    type Error = Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Infallible> {
        let report = row.report;
        self.positions += 1;
        self.captures += report.captures.len() as u64;
        for c in &report.captures {
            match c.see.signum() {
                1 => self.winning += 1,
                0 => self.equal += 1,
                _ => self.losing += 1,
            }
        }
        let count = |color| {
            report
                .hanging(color, row.board.turn())
                .map_or(0, <[_]>::len)
        };
        let (white, black) = (count(Color::White) as u64, count(Color::Black) as u64);
        self.hanging += white + black;
        self.hanging_white += white;
        self.hanging_black += black;
        self.in_check += u64::from(report.in_check);
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Infallible> {
        self.skipped += note.skipped_count();
        Ok(ControlFlow::Continue(()))
    }

    fn game(&mut self) {
        self.games += 1;
    }
}
