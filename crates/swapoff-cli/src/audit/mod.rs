//! `seeswap audit FILE...`: how often each fast rule set gives the exact SEE value, on
//! which kinds of move it does not, why, and how fast each rule set is.
//!
//! # Input
//!
//! Each line is read on its own and its kind is told from its text:
//! - `FEN;MOVE` (a pair line, like `testdata/positions/see_pairs_head.txt`): exactly that move is
//!   evaluated, whatever its kind, quiet moves included. The move is SAN or UCI; more
//!   `;`-separated fields after it are ignored, so suite files (`FEN; move; value;
//!   comment`) can be audited too.
//! - A FEN (4 to 6 fields) or an EPD line with operations (`… bm Nf3; id "x";`, cut after
//!   the 4th field): every legal capture (en passant and king captures included) and
//!   every promotion is evaluated; with `--quiet`, every other legal move (castling
//!   included) too.
//! - Blank lines and `#` comments are ignored.
//!
//! A line that cannot be read (bad FEN, illegal or unreadable move, invalid UTF-8) is
//! reported on stderr as `file:line: why` and skipped; the run goes on, and the exit code
//! is 1 if anything was skipped. A file that cannot be opened is reported and the others
//! are still read; the exit code is then 2.
//!
//! The input is streamed: it is read, evaluated and classified in windows of 65,536 moves,
//! so memory stays flat however long it is.
//!
//! # What is compared
//!
//! Every move is evaluated under `default`, `classic`, `stockfish` and `exact`, all with
//! the **same** piece values: 100/300/300/500/900 unless `--values P,N,B,R,Q` says
//! otherwise. (`stockfish` is its rule semantics here, not its own piece values, so that
//! its numbers can be compared with exact's.) A rule set *agrees* on a move when its
//! value is identical to exact's. Agreement is given overall and by move kind: plain
//! capture, king capture, en passant, promotion (capturing or not), castling, quiet.
//!
//! # Causes
//!
//! Each disagreement gets one cause: pin, check, promotion, equal-value order, king rule
//! or other. The classifier finds the first node of the fast rule set's capture
//! sequence whose treatment changes the value, and reads the cause off that node in a
//! fixed order; [`classify`] documents it. A few examples per rule set
//! and cause (`--examples`, default 3, the first in input order) are shown with the FEN,
//! the move, both values and the deciding node.
//!
//! # Speed
//!
//! Each rule set is timed separately over all evaluated moves (window by window), on one thread, computing
//! the full value (`See::value`); the report gives evaluations per second. Classifying
//! the disagreements (rarer, and slower: several exact searches each) runs on all
//! threads with rayon. A progress bar is drawn on stderr when it is a terminal.

mod against;
mod classify;
mod input;
mod report;

use crate::common::{fatal, progress_bar, write_stdout, Outcome, Status};
use input::Input;
use rayon::prelude::*;
use report::{Example, Speed, Summary, Tally};
use std::time::Instant;
use swapoff::{PieceValues, Rules, See};
use swapoff_scan::InputName;

/// How a disagreement gets its cause, for `--help`.
const CAUSES_HELP: &str = "\
Input: FEN;MOVE lines evaluate exactly that move (quiet ones too); FEN/EPD lines evaluate
every legal capture and promotion (with --quiet, every legal move). Every rule set uses the
same piece values; a rule set agrees with exact when its value is identical.

Causes: the classifier replays the fast rule set's capture sequence and finds the first node
where searching exactly from there on, instead of playing the rule set's choice, changes the
value. At that node, first match wins:
  0. stockfish scores promotions (promotion) and en passant (other) 0;
  1. the rule set's capture is illegal: by the king (king rule), uncovering its own king
     (pin), or leaving a check unanswered (check);
  2. the rule set has no capture, a legal one wins: by the king (king rule), by a piece
     pinned in the position (pin), else other;
  3. a better legal capture exists: a pawn reaching the last rank (promotion); one the rule
     set kept out as pinned (pin); a king capture (king rule); an attacker of the same value
     (equal-value order); else other.

Exit codes: 0 done; 1 some lines skipped (reported on stderr); 2 usage error or unreadable file.";

/// Flags of `seeswap audit`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = CAUSES_HELP)]
pub struct Args {
    /// Files of FEN/EPD lines or FEN;MOVE lines ('-' reads standard input).
    #[arg(required_unless_present = "against", value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    /// Check another SEE's answers instead: lines FEN;MOVE;VALUE (more ';' fields are
    /// ignored, so suite files read too), each compared with the exact value under
    /// --values; disagreements get their causes as the built-in rule sets' do.
    #[arg(long, value_name = "FILE", conflicts_with = "files")]
    pub against: Option<std::path::PathBuf>,
    /// With --against: the third field answers SEE >= T (1/0 or true/false).
    #[arg(
        long,
        value_name = "T",
        requires = "against",
        allow_negative_numbers = true
    )]
    pub threshold: Option<i32>,
    /// Also evaluate the quiet moves (and castling) of FEN/EPD lines. The moves of
    /// FEN;MOVE lines are always evaluated, quiet or not.
    #[arg(long)]
    pub quiet: bool,
    /// Piece values P,N,B,R,Q used by every rule set, exact included.
    #[arg(
        long,
        default_value = "100,300,300,500,900",
        value_name = "P,N,B,R,Q",
        allow_hyphen_values = true
    )]
    pub values: PieceValues,
    /// How many example disagreements to show per rule set and cause.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub examples: usize,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// Evaluations between two progress-bar updates (keeps the bar out of the timings).
const CHUNK: usize = 4096;

/// Moves evaluated per window: the input is read, evaluated and classified one window at a
/// time, so that memory stays flat however long the input.
const WINDOW: usize = 1 << 16;

/// The running results over all windows.
struct Totals {
    moves_by_kind: [u64; 6],
    speed: Vec<Speed>,
    tallies: Vec<Tally>,
    classify_seconds: f64,
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    // clap lets `--threshold` through without `--against` beside the positional files
    // (its `requires` is not checked against an argument that conflicts with them), and a
    // threshold the run would not use is a mistake to say, not to ignore.
    if args.threshold.is_some() && args.against.is_none() {
        return fatal(
            "--threshold goes with --against: the built-in rule sets are audited by value",
        );
    }
    if let Some(path) = &args.against {
        let input = InputName::from(path.clone());
        return match against::run(
            &input,
            args.values,
            args.threshold,
            args.examples,
            args.json,
        ) {
            Ok((text, skipped)) => match write_stdout(format_args!("{text}")) {
                Ok(()) => Ok(Status::of(false, skipped)),
                Err(stop) => Err(stop),
            },
            Err(why) => fatal(why),
        };
    }
    let started = Instant::now();
    let inputs: Vec<InputName> = args.files.iter().cloned().map(InputName::from).collect();
    let bar = progress_bar(&inputs, false);
    bar.set_message("auditing");
    let mut data = Input::default();
    let mut totals = Totals {
        moves_by_kind: [0; 6],
        speed: Rules::ALL
            .into_iter()
            .map(|rules| Speed {
                rules,
                evaluations: 0,
                seconds: 0.0,
            })
            .collect(),
        tallies: Rules::FAST.into_iter().map(Tally::new).collect(),
        classify_seconds: 0.0,
    };
    let mut unreadable = false;
    for (file, input) in inputs.iter().enumerate() {
        let name = input.display();
        data.names.push(name.clone());
        let mut records = match input.records() {
            Ok(r) => r,
            Err(why) => {
                crate::common::warn_over(&bar, why);
                unreadable = true;
                continue;
            }
        };
        loop {
            let ended = input::read(
                &mut data,
                file as u32,
                &name,
                &mut records,
                WINDOW,
                args.quiet,
                |message| crate::common::warn_over(&bar, message),
                |n| bar.inc(n),
            );
            // A window may straddle files: evaluate it once it is full or all is read.
            if data.items.len() >= WINDOW {
                evaluate_window(&data, &args, &mut totals);
                data.next_window();
            }
            if ended {
                break;
            }
        }
    }
    evaluate_window(&data, &args, &mut totals);
    data.next_window();
    bar.finish_and_clear();

    let summary = Summary {
        files: data.names.clone(),
        values: args.values,
        quiet: args.quiet,
        lines: data.lines,
        position_lines: data.position_lines,
        pair_lines: data.pair_lines,
        skipped: data.skipped,
        positions: data.distinct_positions,
        moves_by_kind: totals.moves_by_kind,
        tallies: totals.tallies,
        speed: totals.speed,
        threads: rayon::current_num_threads(),
        classify_seconds: totals.classify_seconds,
        wall_seconds: started.elapsed().as_secs_f64(),
    };
    let written = if args.json {
        match serde_json::to_string_pretty(&summary.json()) {
            Ok(text) => write_stdout(format_args!("{text}\n")),
            Err(e) => return fatal(format!("cannot write JSON: {e}")),
        }
    } else {
        write_stdout(format_args!("{}", summary.table()))
    };
    written?;
    if data.skipped > 0 {
        crate::common::warn(format_args!(
            "{} line(s) skipped (reported above)",
            data.skipped
        ));
    }
    Ok(Status::of(unreadable, data.skipped > 0))
}

/// Evaluates the window's moves under every rule set (each timed on one thread), then
/// classifies the disagreements on all threads and adds everything to the totals.
fn evaluate_window(data: &Input, args: &Args, totals: &mut Totals) {
    let items = &data.items;
    let positions = &data.positions;
    if items.is_empty() {
        return;
    }
    for it in items {
        totals.moves_by_kind[it.kind.index()] += 1;
    }
    let mut results: Vec<Vec<i32>> = Vec::new();
    for (rules, speed) in Rules::ALL.into_iter().zip(&mut totals.speed) {
        let see = See::new(rules).with_values(args.values);
        let mut out = Vec::with_capacity(items.len());
        for chunk in items.chunks(CHUNK) {
            let t = Instant::now();
            out.extend(
                chunk
                    .iter()
                    .map(|it| see.value(positions[it.pos as usize].chess(), it.mv)),
            );
            speed.seconds += t.elapsed().as_secs_f64();
        }
        speed.evaluations += items.len() as u64;
        results.push(out);
    }
    let Some(exact) = results.pop() else {
        return;
    };

    // Disagreements: classified in parallel, tallied in input order.
    let classify_started = Instant::now();
    for ((rules, fast), tally) in Rules::FAST
        .into_iter()
        .zip(&results)
        .zip(&mut totals.tallies)
    {
        let mut differing = Vec::new();
        for (i, it) in items.iter().enumerate() {
            if fast[i] == exact[i] {
                tally.agree[it.kind.index()] += 1;
            } else {
                differing.push(i);
            }
        }
        let verdicts: Vec<classify::Verdict> = differing
            .par_iter()
            .map(|&i| {
                let it = &items[i];
                classify::classify(
                    positions[it.pos as usize].chess(),
                    it.mv,
                    rules,
                    args.values,
                    fast[i],
                    exact[i],
                )
            })
            .collect();
        for (&i, verdict) in differing.iter().zip(verdicts) {
            let it = &items[i];
            let cause = verdict.cause;
            tally.causes[it.kind.index()][cause.index()] += 1;
            let shown = tally.examples.iter().filter(|e| e.cause == cause).count();
            if shown < args.examples {
                tally
                    .examples
                    .push(example(data, i, cause, verdict.detail, fast[i], exact[i]));
            }
        }
    }
    totals.classify_seconds += classify_started.elapsed().as_secs_f64();
}

fn example(
    data: &Input,
    i: usize,
    cause: classify::Cause,
    detail: String,
    value: i32,
    exact: i32,
) -> Example {
    let it = &data.items[i];
    let pos = &data.positions[it.pos as usize];
    let file = data.names.get(it.file as usize).map_or("?", String::as_str);
    Example {
        cause,
        source: format!("{file}:{}", it.line),
        fen: pos.fen(),
        mv: it.mv.to_string(),
        kind: it.kind,
        value,
        exact,
        detail,
    }
}
