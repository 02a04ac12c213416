//! The audit's figures and their two renderings: a human-readable table and JSON.

use super::classify::Cause;
use super::input::Kind;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use swapoff::{PieceValues, Rules};

/// One disagreement shown as an example.
#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// The cause.
    #[serde(serialize_with = "cause_key")]
    pub cause: Cause,
    /// `file:line` of the input.
    pub source: String,
    /// The position.
    pub fen: String,
    /// The move, in UCI (castling as king to destination).
    #[serde(rename = "move")]
    pub mv: String,
    /// Its kind.
    #[serde(serialize_with = "kind_key")]
    pub kind: Kind,
    /// The fast rule set's value.
    pub value: i32,
    /// The exact value.
    pub exact: i32,
    /// The deciding node and captures, as the classifier found them.
    pub detail: String,
}

fn cause_key<S: serde::Serializer>(c: &Cause, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.key())
}

fn kind_key<S: serde::Serializer>(k: &Kind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(k.key())
}

/// Counts of one fast rule set against exact.
#[derive(Clone, Debug)]
pub struct Tally {
    /// The rule set.
    pub rules: Rules,
    /// Agreeing moves, by kind.
    pub agree: [u64; 6],
    /// Disagreeing moves, by kind and cause.
    pub causes: [[u64; 6]; 6],
    /// A few disagreements per cause, in input order.
    pub examples: Vec<Example>,
}

impl Tally {
    /// An empty tally.
    pub fn new(rules: Rules) -> Tally {
        Tally {
            rules,
            agree: [0; 6],
            causes: [[0; 6]; 6],
            examples: Vec::new(),
        }
    }

    fn agree_total(&self) -> u64 {
        self.agree.iter().sum()
    }

    fn disagree_of_kind(&self, kind: Kind) -> u64 {
        self.causes[kind.index()].iter().sum()
    }

    fn disagree_of_cause(&self, cause: Cause) -> u64 {
        self.causes.iter().map(|row| row[cause.index()]).sum()
    }
}

/// Time of one rule set over every evaluated move.
#[derive(Clone, Copy, Debug)]
pub struct Speed {
    /// The rule set.
    pub rules: Rules,
    /// Evaluations timed.
    pub evaluations: u64,
    /// Seconds, single thread.
    pub seconds: f64,
}

impl Speed {
    fn per_second(&self) -> Option<f64> {
        (self.seconds > 0.0).then(|| self.evaluations as f64 / self.seconds)
    }
}

/// Everything the audit reports.
pub struct Summary {
    /// Input file names.
    pub files: Vec<String>,
    /// The piece values every rule set used.
    pub values: PieceValues,
    /// Whether quiet moves of FEN/EPD lines were generated.
    pub quiet: bool,
    /// Lines read (blank lines and comments not counted).
    pub lines: u64,
    /// FEN/EPD lines.
    pub position_lines: u64,
    /// FEN;MOVE lines.
    pub pair_lines: u64,
    /// Lines skipped as unreadable.
    pub skipped: u64,
    /// Distinct positions.
    pub positions: u64,
    /// Evaluated moves, by kind.
    pub moves_by_kind: [u64; 6],
    /// One tally per fast rule set.
    pub tallies: Vec<Tally>,
    /// One timing per rule set, exact last.
    pub speed: Vec<Speed>,
    /// Threads used to classify the disagreements.
    pub threads: usize,
    /// Time spent classifying.
    pub classify_seconds: f64,
    /// Time of the whole run, reading included.
    pub wall_seconds: f64,
}

fn rate(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn percent(part: u64, whole: u64) -> String {
    rate(part, whole).map_or_else(|| "-".to_string(), |r| format!("{:.2}%", 100.0 * r))
}

impl Summary {
    fn moves(&self) -> u64 {
        self.moves_by_kind.iter().sum()
    }

    /// The human-readable report.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let moves = self.moves();
        let _ = writeln!(
            out,
            "seeswap audit: {moves} moves in {} positions ({} lines: {} FEN/EPD, {} FEN;MOVE; {} skipped)",
            self.positions, self.lines, self.position_lines, self.pair_lines, self.skipped
        );
        let _ = writeln!(
            out,
            "every rule set counts P,N,B,R,Q = {}; agreement = the same value as exact{}",
            self.values,
            if self.quiet {
                "; quiet moves of FEN lines included"
            } else {
                ""
            }
        );

        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Agreement with exact by move kind: % agreeing (disagreements)"
        );
        let mut header = format!("{:<15}{:>8}", "kind", "moves");
        for t in &self.tallies {
            let _ = write!(header, "{:>19}", t.rules.name());
        }
        let _ = writeln!(out, "{header}");
        let cell =
            |agree: u64, total: u64| format!("{} ({})", percent(agree, total), total - agree);
        let mut all = format!("{:<15}{:>8}", "all", moves);
        for t in &self.tallies {
            let _ = write!(all, "{:>19}", cell(t.agree_total(), moves));
        }
        let _ = writeln!(out, "{all}");
        for kind in Kind::ALL {
            let n = self.moves_by_kind[kind.index()];
            let mut row = format!("{:<15}{:>8}", kind.label(), n);
            for t in &self.tallies {
                let _ = write!(row, "{:>19}", cell(t.agree[kind.index()], n));
            }
            let _ = writeln!(out, "{row}");
        }

        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Disagreements by cause (at the first deciding node of the fast sequence; see audit --help)"
        );
        let mut header = format!("{:<19}", "cause");
        for t in &self.tallies {
            let _ = write!(header, "{:>11}", t.rules.name());
        }
        let _ = writeln!(out, "{header}");
        for cause in Cause::ALL {
            let mut row = format!("{:<19}", cause.label());
            for t in &self.tallies {
                let _ = write!(row, "{:>11}", t.disagree_of_cause(cause));
            }
            let _ = writeln!(out, "{row}");
        }
        let mut row = format!("{:<19}", "total");
        for t in &self.tallies {
            let _ = write!(row, "{:>11}", moves - t.agree_total());
        }
        let _ = writeln!(out, "{row}");

        let _ = writeln!(out);
        let _ = writeln!(out, "Examples (the first ones in input order)");
        let mut any = false;
        for t in &self.tallies {
            for cause in Cause::ALL {
                let examples: Vec<&Example> =
                    t.examples.iter().filter(|e| e.cause == cause).collect();
                if examples.is_empty() {
                    continue;
                }
                any = true;
                let _ = writeln!(out, "{} / {}:", t.rules.name(), cause.label());
                for e in examples {
                    let _ = writeln!(
                        out,
                        "  {}  {}  {}  {} {}  exact {}",
                        e.source,
                        e.fen,
                        e.mv,
                        t.rules.name(),
                        e.value,
                        e.exact
                    );
                    let _ = writeln!(out, "      {}", e.detail);
                }
            }
        }
        if !any {
            let _ = writeln!(out, "  (no disagreement)");
        }

        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Speed: see value of every move, one thread, same moves and values for each rule set"
        );
        let _ = writeln!(
            out,
            "{:<11}{:>12}{:>11}{:>14}{:>10}",
            "rules", "evaluations", "seconds", "evals/s", "ns/eval"
        );
        for s in &self.speed {
            let (per_second, ns) = match s.per_second() {
                Some(p) => (format!("{p:.0}"), format!("{:.1}", 1e9 / p)),
                None => ("-".to_string(), "-".to_string()),
            };
            let _ = writeln!(
                out,
                "{:<11}{:>12}{:>11.3}{:>14}{:>10}",
                s.rules.name(),
                s.evaluations,
                s.seconds,
                per_second,
                ns
            );
        }
        let _ = writeln!(
            out,
            "classifying the disagreements: {:.3} s on {} thread(s); whole run {:.3} s",
            self.classify_seconds, self.threads, self.wall_seconds
        );
        out
    }

    /// The JSON report.
    pub fn json(&self) -> serde_json::Value {
        let moves = self.moves();
        let by_kind_counts: BTreeMap<&str, u64> = Kind::ALL
            .iter()
            .map(|k| (k.key(), self.moves_by_kind[k.index()]))
            .collect();
        let rule_sets: Vec<serde_json::Value> = self
            .tallies
            .iter()
            .map(|t| {
                let agree = t.agree_total();
                let by_kind: BTreeMap<&str, serde_json::Value> = Kind::ALL
                    .iter()
                    .map(|&k| {
                        let n = self.moves_by_kind[k.index()];
                        let a = t.agree[k.index()];
                        (
                            k.key(),
                            serde_json::json!({
                                "moves": n,
                                "agree": a,
                                "disagree": t.disagree_of_kind(k),
                                "agreement": rate(a, n),
                            }),
                        )
                    })
                    .collect();
                let by_cause: BTreeMap<&str, u64> = Cause::ALL
                    .iter()
                    .map(|&c| (c.key(), t.disagree_of_cause(c)))
                    .collect();
                let by_kind_and_cause: BTreeMap<&str, BTreeMap<&str, u64>> = Kind::ALL
                    .iter()
                    .map(|&k| {
                        (
                            k.key(),
                            Cause::ALL
                                .iter()
                                .map(|&c| (c.key(), t.causes[k.index()][c.index()]))
                                .collect(),
                        )
                    })
                    .collect();
                serde_json::json!({
                    "rules": t.rules.name(),
                    "moves": moves,
                    "agree": agree,
                    "disagree": moves - agree,
                    "agreement": rate(agree, moves),
                    "by_kind": by_kind,
                    "by_cause": by_cause,
                    "by_kind_and_cause": by_kind_and_cause,
                    "examples": t.examples,
                })
            })
            .collect();
        let speed: Vec<serde_json::Value> = self
            .speed
            .iter()
            .map(|s| {
                serde_json::json!({
                    "rules": s.rules.name(),
                    "evaluations": s.evaluations,
                    "seconds": s.seconds,
                    "evals_per_second": s.per_second(),
                    "threads": 1,
                })
            })
            .collect();
        serde_json::json!({
            "files": self.files,
            "values": {
                "pawn": self.values.pawn(),
                "knight": self.values.knight(),
                "bishop": self.values.bishop(),
                "rook": self.values.rook(),
                "queen": self.values.queen(),
            },
            "quiet": self.quiet,
            "lines": self.lines,
            "position_lines": self.position_lines,
            "pair_lines": self.pair_lines,
            "skipped": self.skipped,
            "positions": self.positions,
            "moves": moves,
            "moves_by_kind": by_kind_counts,
            "rule_sets": rule_sets,
            "speed": speed,
            "classify_seconds": self.classify_seconds,
            "classify_threads": self.threads,
            "wall_seconds": self.wall_seconds,
        })
    }
}
