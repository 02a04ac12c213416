//! `seeswap audit --against FILE`: another SEE's answers checked against the exact value.
//!
//! The file holds one answer per line, `FEN;MOVE;VALUE` (more `;` fields are ignored, so
//! SEE suites `FEN; move; value; comment` read as they are). With `--threshold T` the third
//! field is the answer to `SEE >= T` instead: `1`/`0` or `true`/`false`. Exact is computed
//! with `--values` (the values the other SEE used).
//!
//! A disagreement gets its cause the way the built-in rule sets' do, through the first
//! built-in rule set (default, classic, stockfish, with the same values) that gives the
//! same answer as the file: the classifier finds where that rule set's capture sequence
//! departs from the exact exchange. An answer that no built-in rule set gives is `other`,
//! with the detail saying so.
//!
//! The file is streamed in windows of lines; memory stays flat.

use super::classify::{self, Cause};
use rayon::prelude::*;
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};
use std::fmt::Write as _;
use swapoff::{Move, PieceValues, Rules, See};
use swapoff_bench::fen_move::fen_move;
use swapoff_scan::{InputName, Position};

/// Lines evaluated per window.
const WINDOW: usize = 4096;

/// What the other SEE answered on one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// A full value.
    Value(i32),
    /// The answer to `SEE >= threshold`.
    AtLeast(bool),
}

impl Answer {
    fn read(text: &str, threshold: Option<i32>) -> Result<Answer, String> {
        let text = text.trim();
        match threshold {
            None => text
                .parse()
                .map(Answer::Value)
                .map_err(|_| format!("the value {text:?} is not a whole number")),
            Some(_) => match text {
                "1" | "true" => Ok(Answer::AtLeast(true)),
                "0" | "false" => Ok(Answer::AtLeast(false)),
                _ => Err(format!(
                    "the answer {text:?} is not 1, 0, true or false (--threshold is given)"
                )),
            },
        }
    }

    /// Whether `value` (a rule set's or exact's) gives this answer.
    fn matches(self, value: i32, threshold: Option<i32>) -> bool {
        match self {
            Answer::Value(v) => v == value,
            Answer::AtLeast(b) => b == (value >= threshold.unwrap_or(0)),
        }
    }

    fn shown(self) -> String {
        match self {
            Answer::Value(v) => v.to_string(),
            Answer::AtLeast(b) => b.to_string(),
        }
    }
}

/// One line to check.
struct Item {
    line: u64,
    pos: Chess,
    mv: Move,
    answer: Answer,
}

/// One disagreement shown as an example.
#[derive(Serialize)]
struct Example {
    cause: &'static str,
    source: String,
    fen: String,
    #[serde(rename = "move")]
    mv: String,
    theirs: String,
    exact: i32,
    /// The built-in rule set that gives the same answer, through which the cause was found.
    model: Option<&'static str>,
    detail: String,
}

/// The report, as `--json` prints it under `"against"`.
#[derive(Serialize)]
struct Report {
    file: String,
    values: String,
    threshold: Option<i32>,
    moves: u64,
    agree: u64,
    skipped_lines: u64,
    disagree_by_cause: std::collections::BTreeMap<&'static str, u64>,
    examples: Vec<Example>,
}

/// The outcome of one line: agreement, or a classified disagreement.
enum Outcome {
    Agree,
    Disagree { cause: Cause, example: Box<Example> },
}

fn check(item: &Item, name: &str, values: PieceValues, threshold: Option<i32>) -> Outcome {
    let exact = See::new(Rules::Exact)
        .with_values(values)
        .value(&item.pos, item.mv);
    if item.answer.matches(exact, threshold) {
        return Outcome::Agree;
    }
    let model = Rules::FAST.into_iter().find_map(|rules| {
        let value = See::new(rules)
            .with_values(values)
            .value(&item.pos, item.mv);
        item.answer
            .matches(value, threshold)
            .then_some((rules, value))
    });
    let (cause, detail, model) = match model {
        Some((rules, value)) => {
            let v = classify::classify(&item.pos, item.mv, rules, values, value, exact);
            (v.cause, v.detail, Some(rules.name()))
        }
        None => (
            Cause::Other,
            "no built-in rule set gives this answer".to_string(),
            None,
        ),
    };
    Outcome::Disagree {
        cause,
        example: Box::new(Example {
            cause: cause.key(),
            source: format!("{name}:{}", item.line),
            fen: Fen::from_position(&item.pos, EnPassantMode::Legal).to_string(),
            mv: item.mv.to_string(),
            theirs: item.answer.shown(),
            exact,
            model,
            detail,
        }),
    }
}

/// Runs `audit --against`; returns the text or JSON to print and whether lines were
/// skipped, or why the file cannot be read.
pub fn run(
    input: &InputName,
    values: PieceValues,
    threshold: Option<i32>,
    examples_per_cause: usize,
    json: bool,
) -> Result<(String, bool), String> {
    let name = input.display();
    let mut records = input.records().map_err(|e| e.to_string())?;
    let mut report = Report {
        file: name.clone(),
        values: values.to_string(),
        threshold,
        moves: 0,
        agree: 0,
        skipped_lines: 0,
        disagree_by_cause: Cause::ALL.iter().map(|c| (c.key(), 0)).collect(),
        examples: Vec::new(),
    };
    let mut window = Vec::with_capacity(WINDOW);
    let mut ended = false;
    let mut read_error = None;
    while !ended {
        window.clear();
        while window.len() < WINDOW {
            let (number, record) = match records.next_record() {
                Ok(Some(r)) => r,
                Ok(None) => {
                    ended = true;
                    break;
                }
                Err(e) => {
                    read_error = Some(format!(
                        "cannot read {name} after line {}: {e}",
                        report.moves
                    ));
                    ended = true;
                    break;
                }
            };
            match record
                .map_err(|e| e.to_string())
                .and_then(|text| parse_line(number, text, threshold))
            {
                Ok(None) => {}
                Ok(Some((pos, mv, answer))) => window.push(Item {
                    line: number,
                    pos,
                    mv,
                    answer,
                }),
                Err(why) => {
                    crate::common::warn(format_args!("{name}:{number}: {why}"));
                    report.skipped_lines += 1;
                }
            }
        }
        let outcomes: Vec<Outcome> = window
            .par_iter()
            .map(|item| check(item, &name, values, threshold))
            .collect();
        for outcome in outcomes {
            report.moves += 1;
            match outcome {
                Outcome::Agree => report.agree += 1,
                Outcome::Disagree { cause, example } => {
                    *report.disagree_by_cause.entry(cause.key()).or_default() += 1;
                    let shown = report
                        .examples
                        .iter()
                        .filter(|e| e.cause == cause.key())
                        .count();
                    if shown < examples_per_cause {
                        report.examples.push(*example);
                    }
                }
            }
        }
    }
    if let Some(why) = read_error {
        return Err(why);
    }
    let skipped = report.skipped_lines > 0;
    let text = if json {
        serde_json::to_string_pretty(&serde_json::json!({ "against": report }))
            .map_err(|e| format!("cannot write JSON: {e}"))?
            + "\n"
    } else {
        table(&report)
    };
    Ok((text, skipped))
}

/// `FEN;MOVE;ANSWER[;...]`: the position, the move and the answer; `None` for a blank or
/// `#` line. A value line is read as `seeswap suite` reads suites (`|` separators, a stray
/// `:` after the value); a threshold answer is the third `;` field.
fn parse_line(
    number: u64,
    text: &str,
    threshold: Option<i32>,
) -> Result<Option<(Chess, Move, Answer)>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let (fen, mv, answer) = match threshold {
        None => {
            let line = usize::try_from(number).unwrap_or(usize::MAX);
            let Some(row) = swapoff_bench::suite::suite_line(line, text).map_err(|e| {
                let why = e.to_string();
                why.strip_prefix(&format!("line {line}: "))
                    .unwrap_or(&why)
                    .to_string()
            })?
            else {
                return Ok(None);
            };
            (row.fen, row.mv, Answer::Value(row.expected))
        }
        Some(_) => {
            let line = fen_move(text).ok().flatten();
            let Some((line, answer)) = line.and_then(|l| Some((l, l.third()?))) else {
                return Err("expected FEN;MOVE;ANSWER".to_string());
            };
            let (fen, mv) = (line.fen, line.mv);
            (
                fen.to_string(),
                mv.to_string(),
                Answer::read(answer, threshold)?,
            )
        }
    };
    let fen = fen.trim();
    let pos = Position::from_fen(fen).map_err(|e| Position::fen_message(fen, &e))?;
    let mv = pos.see_move(mv.trim()).map_err(|e| e.to_string())?;
    Ok(Some((pos.into_chess(), mv, answer)))
}

fn table(r: &Report) -> String {
    let mut out = String::new();
    let question = match r.threshold {
        Some(t) => format!("SEE >= {t}"),
        None => "the SEE value".to_string(),
    };
    let _ = writeln!(
        out,
        "seeswap audit --against {}: {} moves ({} lines skipped); {question}, values {}",
        r.file, r.moves, r.skipped_lines, r.values
    );
    let share = if r.moves == 0 {
        "-".to_string()
    } else {
        format!("{:.2}%", 100.0 * r.agree as f64 / r.moves as f64)
    };
    let _ = writeln!(
        out,
        "agree with exact: {} of {} ({share})",
        r.agree, r.moves
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "Disagreements by cause");
    for cause in Cause::ALL {
        let n = r.disagree_by_cause.get(cause.key()).copied().unwrap_or(0);
        let _ = writeln!(out, "{:<20} {n:>8}", cause.label());
    }
    let _ = writeln!(out, "{:<20} {:>8}", "total", r.moves - r.agree);
    let _ = writeln!(out);
    let _ = writeln!(out, "Examples (the first ones in input order)");
    if r.examples.is_empty() {
        let _ = writeln!(out, "  (no disagreement)");
    }
    for e in &r.examples {
        let model = e
            .model
            .map_or("no built-in rule set".to_string(), |m| format!("as {m}"));
        let _ = writeln!(
            out,
            "{}: {}  {} {}  theirs {}  exact {}  ({model})\n      {}",
            e.cause, e.source, e.fen, e.mv, e.theirs, e.exact, e.detail
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_as_the_mode_says() {
        assert_eq!(Answer::read(" -200 ", None), Ok(Answer::Value(-200)));
        assert!(Answer::read("true", None).is_err());
        assert_eq!(Answer::read("true", Some(0)), Ok(Answer::AtLeast(true)));
        assert_eq!(Answer::read("0", Some(0)), Ok(Answer::AtLeast(false)));
        assert!(Answer::read("yes", Some(0)).is_err());
        assert!(Answer::AtLeast(true).matches(100, Some(100)));
        assert!(!Answer::AtLeast(true).matches(99, Some(100)));
    }
}
