//! `seeswap suite`: run SEE test suites and report every row that does not match.
//!
//! A suite line is `FEN; move; value; comment` (or with `|` separators; see
//! [`swapoff_bench::suite::suite_line`]). Each row's move is evaluated and compared with its value. Rows
//! that disagree, and rows that cannot be evaluated (bad FEN, illegal or ambiguous move,
//! unreadable line), are printed with `file:line` and count as failed. The last line of
//! the output is always `N passed, M failed`.

use crate::common::{output_error, Outcome, Status};
use std::io::{self, BufWriter, Write};
use swapoff::{PieceValues, Rules, See};
use swapoff_bench::suite::{suite_line, SuiteRow};
use swapoff_scan::InputName;

/// Flags of `seeswap suite`.
///
/// Not `common::RuleArgs`: suites are written for piece values 100,300,300,500,900, so
/// those are the default with every rule set, Stockfish's included.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Suite files (`-` for stdin): lines `FEN; move; value; comment`.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<std::path::PathBuf>,

    /// Rule set: default, classic, stockfish or exact.
    #[arg(long, default_value = "default")]
    rules: Rules,

    /// Piece values P,N,B,R,Q [default: 100,300,300,500,900, the values suites are
    /// written for, whatever the rule set].
    #[arg(long, allow_hyphen_values = true)]
    values: Option<PieceValues>,
}

/// Counts over one file or all of them.
#[derive(Default, Clone, Copy)]
struct Tally {
    passed: usize,
    failed: usize,
}

/// Why a row failed.
enum Failure {
    /// The row was evaluated and gave another value.
    Mismatch { got: i32 },
    /// The row could not be evaluated.
    Error(String),
}

fn check(row: &SuiteRow, see: See) -> Result<(), Failure> {
    let pos = swapoff_scan::Position::from_fen(&row.fen)
        .map_err(|e| Failure::Error(swapoff_scan::Position::fen_message(&row.fen, &e)))?;
    let mv = pos
        .see_move(&row.mv)
        .map_err(|e| Failure::Error(e.to_string()))?;
    let got = see.value(pos.chess(), mv);
    if got == row.expected {
        Ok(())
    } else {
        Err(Failure::Mismatch { got })
    }
}

/// Runs one file: the counts of the rows read, and why the file could not be read to its
/// end, if it could not.
fn run_file(
    input: &InputName,
    see: See,
    out: &mut impl Write,
) -> io::Result<(Tally, Option<String>)> {
    let mut tally = Tally::default();
    let mut records = match input.records() {
        Ok(r) => r,
        Err(why) => return Ok((tally, Some(why.to_string()))),
    };
    let name = input.display();
    let mut line_no = 0;
    loop {
        let record = match records.next_record() {
            Ok(Some((_, record))) => record,
            Ok(None) => return Ok((tally, None)),
            Err(e) => {
                let why = format!("cannot read {name} after line {line_no}: {e}");
                return Ok((tally, Some(why)));
            }
        };
        line_no += 1;
        let text = match record {
            Ok(text) => text,
            Err(why) => {
                tally.failed += 1;
                writeln!(out, "{name}:{line_no}: error: {why}")?;
                continue;
            }
        };
        let row = match suite_line(line_no, text) {
            Ok(Some(row)) => row,
            Ok(None) => continue,
            Err(e) => {
                tally.failed += 1;
                // The error's own text starts with "line N: "; the prefix already says it.
                let why = e.to_string();
                let why = why
                    .strip_prefix(&format!("line {line_no}: "))
                    .unwrap_or(&why);
                writeln!(out, "{name}:{line_no}: error: {why}")?;
                continue;
            }
        };
        match check(&row, see) {
            Ok(()) => tally.passed += 1,
            Err(failure) => {
                tally.failed += 1;
                let comment = if row.comment.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", row.comment)
                };
                match failure {
                    Failure::Mismatch { got } => writeln!(
                        out,
                        "{name}:{line_no}: {}; {}: expected {}, got {got}{comment}",
                        row.fen, row.mv, row.expected
                    )?,
                    Failure::Error(why) => writeln!(
                        out,
                        "{name}:{line_no}: {}; {}: error: {why}{comment}",
                        row.fen, row.mv
                    )?,
                }
            }
        }
    }
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    let see = See::new(args.rules).with_values(args.values.unwrap_or(PieceValues::STANDARD));
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut total = Tally::default();
    let mut unreadable = false;
    let result = (|| -> io::Result<()> {
        for path in &args.files {
            let input = InputName::from(path.clone());
            let (t, read_error) = run_file(&input, see, &mut out)?;
            if let Some(why) = read_error {
                out.flush()?;
                crate::common::warn(why);
                unreadable = true;
            }
            if args.files.len() > 1 {
                let name = input.display();
                writeln!(out, "{name}: {} passed, {} failed", t.passed, t.failed)?;
            }
            total.passed += t.passed;
            total.failed += t.failed;
        }
        writeln!(out, "{} passed, {} failed", total.passed, total.failed)?;
        out.flush()
    })();
    if let Err(e) = result {
        return output_error(e);
    }
    Ok(Status::of(unreadable, total.failed > 0))
}
