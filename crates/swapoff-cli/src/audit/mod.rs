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
//! is 1 if anything was skipped. A file that cannot be opened is fatal (exit 2).
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
//! Each rule set is timed separately over all evaluated moves, on one thread, computing
//! the full value (`See::value`); the report gives evaluations per second. Classifying
//! the disagreements (rarer, and slower: several exact searches each) runs on all
//! threads with rayon. A progress bar is drawn on stderr when it is a terminal.

mod classify;
mod input;
mod report;

use crate::common::{fatal, open_input, EXIT_OK, EXIT_PARTIAL};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use input::Input;
use rayon::prelude::*;
use report::{Example, Speed, Summary, Tally};
use shakmaty::fen::Fen;
use shakmaty::EnPassantMode;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;
use swapoff::{PieceValues, Rules, See};

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
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Also evaluate the quiet moves (and castling) of FEN/EPD lines. The moves of
    /// FEN;MOVE lines are always evaluated, quiet or not.
    #[arg(long)]
    pub quiet: bool,
    /// Piece values P,N,B,R,Q used by every rule set, exact included.
    #[arg(long, default_value = "100,300,300,500,900", value_name = "P,N,B,R,Q")]
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

fn progress_bar(len: Option<u64>, what: &'static str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        len,
        if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    if let Ok(style) =
        ProgressStyle::with_template("{msg:>22} [{bar:40}] {pos}/{len} ({elapsed}, eta {eta})")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what);
    bar
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let started = Instant::now();
    let mut readers = Vec::new();
    for path in &args.files {
        match open_input(path) {
            Ok(r) => readers.push((path.as_str(), r)),
            Err(e) => return fatal(format!("cannot open {path}: {e}")),
        }
    }

    // Bytes to read, when known (not for standard input).
    let total_bytes: Option<u64> = args
        .files
        .iter()
        .map(|p| {
            (p != "-")
                .then(|| std::fs::metadata(p).ok().map(|m| m.len()))
                .flatten()
        })
        .sum();
    let bar = progress_bar(total_bytes, "reading");
    let mut data = Input::default();
    for (path, reader) in readers {
        let name = if path == "-" { "<stdin>" } else { path };
        input::read(
            &mut data,
            name,
            reader,
            args.quiet,
            |message| bar.suspend(|| eprintln!("seeswap: {message}")),
            |n| bar.inc(n),
        );
    }
    bar.finish_and_clear();

    let values = args.values;
    let items = &data.items;
    let positions = &data.positions;
    let mut moves_by_kind = [0u64; 6];
    for it in items {
        moves_by_kind[it.kind.index()] += 1;
    }

    // Values and timings: one single-threaded pass per rule set over the same moves.
    let mut speed = Vec::new();
    let mut results: Vec<Vec<i32>> = Vec::new();
    for rules in Rules::ALL {
        let see = See::new(rules).with_values(values);
        let bar = progress_bar(Some(items.len() as u64), rules.name());
        let mut out = Vec::with_capacity(items.len());
        let mut seconds = 0.0;
        for chunk in items.chunks(CHUNK) {
            let t = Instant::now();
            out.extend(
                chunk
                    .iter()
                    .map(|it| see.value(&positions[it.pos as usize], it.mv)),
            );
            seconds += t.elapsed().as_secs_f64();
            bar.inc(chunk.len() as u64);
        }
        bar.finish_and_clear();
        speed.push(Speed {
            rules,
            evaluations: items.len() as u64,
            seconds,
        });
        results.push(out);
    }
    let Some(exact) = results.pop() else {
        return fatal("internal error: no exact values");
    };

    // Disagreements: classified in parallel, tallied in input order.
    let classify_started = Instant::now();
    let mut tallies = Vec::new();
    for (rules, fast) in Rules::FAST.into_iter().zip(&results) {
        let mut tally = Tally::new(rules);
        let mut differing = Vec::new();
        for (i, it) in items.iter().enumerate() {
            if fast[i] == exact[i] {
                tally.agree[it.kind.index()] += 1;
            } else {
                differing.push(i);
            }
        }
        let bar = progress_bar(Some(differing.len() as u64), "classifying");
        let verdicts: Vec<classify::Verdict> = differing
            .par_iter()
            .map(|&i| {
                let it = &items[i];
                let v = classify::classify(
                    &positions[it.pos as usize],
                    it.mv,
                    rules,
                    values,
                    fast[i],
                    exact[i],
                );
                bar.inc(1);
                v
            })
            .collect();
        bar.finish_and_clear();
        let mut shown = [0usize; 6];
        for (&i, verdict) in differing.iter().zip(verdicts) {
            let it = &items[i];
            let cause = verdict.cause;
            tally.causes[it.kind.index()][cause.index()] += 1;
            if shown[cause.index()] < args.examples {
                shown[cause.index()] += 1;
                tally
                    .examples
                    .push(example(&data, i, cause, verdict.detail, fast[i], exact[i]));
            }
        }
        tallies.push(tally);
    }
    let classify_seconds = classify_started.elapsed().as_secs_f64();

    let summary = Summary {
        files: data.names.clone(),
        values,
        quiet: args.quiet,
        lines: data.lines,
        position_lines: data.position_lines,
        pair_lines: data.pair_lines,
        skipped: data.skipped,
        positions: data.positions.len() as u64,
        moves_by_kind,
        tallies,
        speed,
        threads: rayon::current_num_threads(),
        classify_seconds,
        wall_seconds: started.elapsed().as_secs_f64(),
    };
    if args.json {
        match serde_json::to_string_pretty(&summary.json()) {
            Ok(text) => println!("{text}"),
            Err(e) => return fatal(format!("cannot write JSON: {e}")),
        }
    } else {
        print!("{}", summary.table());
    }
    if data.skipped > 0 {
        eprintln!("seeswap: {} line(s) skipped (reported above)", data.skipped);
        ExitCode::from(EXIT_PARTIAL)
    } else {
        ExitCode::from(EXIT_OK)
    }
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
        fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
        mv: it.mv.to_string(),
        kind: it.kind,
        value,
        exact,
        detail,
    }
}
