//! `seeswap eval`: the SEE value of one move, or of every line of a `FEN;MOVE` file.
//!
//! Single move: `seeswap eval "<FEN>" <MOVE>` prints the value (or `true`/`false` with
//! `--threshold`), `--trace` adds the attackers' diagram and the swap list, `--json` one
//! JSON object.
//!
//! Batch: `seeswap eval --batch FILE` reads lines `FEN;MOVE` or `FEN;MOVE;THRESHOLD` and
//! writes exactly one output line per input line, so output line N answers input line N:
//! the value (or `true`/`false` when the line or `--threshold` gives a threshold), an empty
//! line for a blank or `#` comment input line (`null` with `--json`), and `error` for a
//! line that cannot be evaluated (an object with an `error` field with `--json`), whose
//! reason goes to stderr as `<file>:<line>: <why>`.

mod diagram;

use crate::common::{fatal, output_error, Outcome, RuleArgs, Status};
use serde::Serialize;
use shakmaty::san::San;
use shakmaty::Chess;
use std::io::{self, BufWriter, Write};
use swapoff::{Move, PieceValues, Role, See};
use swapoff_bench::fen_move::{fen_move, FenMoveError};
use swapoff_scan::Position;
use swapoff_scan::TraceJson;
use swapoff_scan::{InputName, MoveError};

/// Flags of `seeswap eval`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The FEN (4 to 6 fields; quoted, or as separate words) followed by the move in SAN
    /// (`Nxe5`) or UCI (`d3e5`).
    #[arg(value_name = "FEN MOVE", num_args = 0..)]
    words: Vec<String>,

    /// Evaluate every line of FILE (`-` for stdin): `FEN;MOVE` or `FEN;MOVE;THRESHOLD`.
    /// One output line per input line; blank and `#` lines give an empty line (`null`
    /// with --json); bad lines give `error` and a `FILE:LINE: why` message on stderr.
    #[arg(long, value_name = "FILE", conflicts_with = "words")]
    batch: Option<std::path::PathBuf>,

    /// Print the threshold test `SEE >= T` (true/false) instead of the value. In batch
    /// mode it applies to lines that carry no threshold of their own.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    threshold: Option<i32>,

    /// Show the attackers of the target square and the capture sequence: gains before
    /// and after negamax, and where a side stands pat. With --batch, needs --json.
    #[arg(long)]
    trace: bool,

    /// Print one JSON object (one per line with --batch).
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    rules: RuleArgs,
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    let see = args.rules.see();
    match &args.batch {
        Some(path) => {
            if args.trace && !args.json {
                return fatal(
                    "--trace with --batch needs --json, so that each result stays on one line",
                );
            }
            batch(&InputName::from(path.clone()), &args, see)
        }
        None => single(&args, see),
    }
}

/// A position and move ready to evaluate, with the text they came from.
struct Parsed<'a> {
    fen: &'a str,
    mv: Move,
    /// The move in UCI as the position writes it (king takes rook in Chess960), which the
    /// SEE move's squares (the king's destination) are not.
    uci: String,
    san: String,
}

/// Reads a FEN and a move, with errors that quote the input.
fn parse_input<'a>(fen: &'a str, mv_text: &str, pos: &Position) -> Result<Parsed<'a>, String> {
    let m = pos
        .legal_move(mv_text)
        .map_err(|e| format!("{e} (in {fen})"))?;
    let mv = Move::try_from(&m).map_err(|_| {
        MoveError::Unsupported {
            text: mv_text.trim().to_string(),
        }
        .to_string()
    })?;
    let san = San::from_move(pos.chess(), m).to_string();
    let uci = pos.uci(&m);
    Ok(Parsed { fen, mv, uci, san })
}

fn read_position(fen: &str) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|e| Position::fen_message(fen, &e))
}

/// The FEN and the move of `eval FEN MOVE`, however the shell split them: the FEN is four
/// fields and up to two move counters (numbers), the move the next word (with an `e.p.`
/// suffix, if it came as a word of its own). Anything after that is a surplus argument.
fn split_words(words: &[String]) -> Result<(String, String), String> {
    // An empty last argument is an empty move (the FEN is all before it).
    if let Some((last, fen)) = words.split_last() {
        if last.trim().is_empty() && !fen.is_empty() {
            return Ok((fen.join(" "), String::new()));
        }
    }
    let tokens: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    match tokens[..] {
        [] => {
            return Err("give a FEN and a move (or --batch FILE); see `seeswap eval --help`".into())
        }
        [only] => {
            return Err(format!(
                "give a FEN and a move: only one argument ({only:?}) was given"
            ))
        }
        _ => {}
    }
    if tokens.len() < 5 {
        // Too short for four FEN fields and a move: let the FEN reader say which field is
        // missing.
        if let Some((mv, fen)) = tokens.split_last().filter(|(_, fen)| !fen.is_empty()) {
            return Ok((fen.join(" "), mv.to_string()));
        }
    }
    // A number after the four fields is a move counter. So is the last word when it is
    // one: no move is a number (`0000`, the null move, is refused as one later), and a
    // whole FEN given without a move says so rather than that move "1" is not a move.
    let counter = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let mut fen_len = tokens.len().min(4);
    while fen_len < 6
        && fen_len < tokens.len()
        && counter(tokens[fen_len])
        && (fen_len + 1 < tokens.len() || tokens[fen_len] != "0000")
    {
        fen_len += 1;
    }
    if tokens.len() <= fen_len {
        return Err(format!(
            "give a FEN and a move: no move after the FEN {:?}",
            tokens.join(" ")
        ));
    }
    let fen = tokens[..fen_len].join(" ");
    let mut rest = &tokens[fen_len..];
    let mut mv = rest[0].to_string();
    rest = &rest[1..];
    if let Some((&suffix, after)) = rest.split_first() {
        if matches!(suffix, "e.p." | "ep" | "e.p") {
            mv = format!("{mv} {suffix}");
            rest = after;
        }
    }
    if !rest.is_empty() {
        return Err(format!(
            "surplus argument{} after the move {mv:?}: {}",
            if rest.len() > 1 { "s" } else { "" },
            rest.join(" ")
        ));
    }
    Ok((fen, mv))
}

fn single(args: &Args, see: See) -> Outcome {
    let (fen, mv_text) = match split_words(&args.words) {
        Ok(split) => split,
        Err(why) => return fatal(why),
    };
    let fen = fen.as_str();
    let mv_text = mv_text.as_str();
    let pos = match read_position(fen) {
        Ok(p) => p,
        Err(e) => return fatal(e),
    };
    let parsed = match parse_input(fen, mv_text, &pos) {
        Ok(p) => p,
        Err(e) => return fatal(e),
    };
    let pos = pos.chess();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = if args.json {
        let report = Report::new(None, &parsed, pos, see, args.threshold, args.trace);
        serde_json::to_writer(&mut out, &report)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        write_text(&mut out, &parsed, pos, see, args)
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => Ok(Status::Ok),
        Err(e) => output_error(e),
    }
}

fn write_text(
    out: &mut impl Write,
    parsed: &Parsed,
    pos: &Chess,
    see: See,
    args: &Args,
) -> io::Result<()> {
    if args.trace {
        writeln!(out, "position {}", parsed.fen)?;
        writeln!(
            out,
            "move     {} ({}), rules {}, values {}",
            parsed.san,
            parsed.mv,
            see.rules(),
            see.values()
        )?;
        writeln!(out)?;
        let trace = TraceJson::new(pos, parsed.mv, &see.trace(pos, parsed.mv));
        write!(out, "{}", diagram::attackers(pos, parsed.mv.to, &trace))?;
        writeln!(out)?;
        write!(out, "{}", trace_table(&trace))?;
        writeln!(out, "value {}", trace.value)?;
        if let Some(t) = args.threshold {
            writeln!(out, "see >= {t}: {}", see.ge(pos, parsed.mv, t))?;
        }
        Ok(())
    } else if let Some(t) = args.threshold {
        writeln!(out, "{}", see.ge(pos, parsed.mv, t))
    } else {
        writeln!(out, "{}", see.value(pos, parsed.mv))
    }
}

/// The swap list as a table: each capture with its gain before and after negamax, the
/// point where a side stands pat, and the speculative last entry. Written from the same
/// trace the JSON answer gives, so that the two cannot differ.
fn trace_table(trace: &TraceJson) -> String {
    use std::fmt::Write as _;
    let other = |side: &str| if side == "white" { "black" } else { "white" };
    let mut s = String::from("  #  side   capture          gain  negamax\n");
    for (d, c) in trace.captures.iter().enumerate() {
        if d == trace.played {
            let _ = writeln!(
                s,
                "     -- {} stands pat: stopping keeps {}, capturing gets {}",
                c.side,
                -trace.gains[d - 1],
                trace.negamax[d]
            );
        }
        let mut text = format!("{}{}", c.piece, c.from);
        match c.captured {
            Some(letter) => text.push_str(&format!("x{letter}{}", c.to)),
            None => text.push_str(&format!("-{}", c.to)),
        }
        if let Some(letter) = c.promotion {
            text.push_str(&format!("={letter}"));
        }
        let _ = writeln!(
            s,
            "{}{d:>2}  {:<5}  {text:<14} {:>6}  {:>7}",
            if d < trace.played { ' ' } else { '~' },
            c.side,
            c.gain,
            c.negamax,
        );
    }
    if let (Some(last), Some(spec)) = (trace.captures.last(), trace.gains.last()) {
        let _ = writeln!(
            s,
            "~{:>2}  {:<5}  {:<14} {spec:>6}           ({})",
            trace.captures.len(),
            other(last.side),
            format!("?x{}{}", last.promotion.unwrap_or(last.piece), last.to),
            trace.end,
        );
    }
    s.push_str(
        "gain: the capturing side's balance if the exchange stopped after its capture;\n\
         negamax: its balance with best play from there on; ~: not played\n",
    );
    s
}

/// Piece values as a JSON object.
#[derive(Serialize)]
struct ValuesJson {
    pawn: i32,
    knight: i32,
    bishop: i32,
    rook: i32,
    queen: i32,
}

impl From<PieceValues> for ValuesJson {
    fn from(v: PieceValues) -> Self {
        ValuesJson {
            pawn: v.value(Role::Pawn),
            knight: v.value(Role::Knight),
            bishop: v.value(Role::Bishop),
            rook: v.value(Role::Rook),
            queen: v.value(Role::Queen),
        }
    }
}

/// The JSON answer for one move.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    fen: &'a str,
    #[serde(rename = "move")]
    mv: String,
    san: &'a str,
    rules: &'static str,
    values: ValuesJson,
    value: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    threshold: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    see_ge: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<TraceJson>,
}

impl<'a> Report<'a> {
    fn new(
        line: Option<usize>,
        parsed: &'a Parsed,
        pos: &Chess,
        see: See,
        threshold: Option<i32>,
        trace: bool,
    ) -> Report<'a> {
        Report {
            line,
            fen: parsed.fen,
            mv: parsed.uci.clone(),
            san: &parsed.san,
            rules: see.rules().name(),
            values: see.values().into(),
            value: see.value(pos, parsed.mv),
            threshold,
            see_ge: threshold.map(|t| see.ge(pos, parsed.mv, t)),
            trace: trace.then(|| TraceJson::new(pos, parsed.mv, &see.trace(pos, parsed.mv))),
        }
    }
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    line: usize,
    error: &'a str,
}

/// What one batch line asks for.
struct BatchLine<'a> {
    fen: &'a str,
    mv: &'a str,
    threshold: Option<i32>,
}

fn split_batch_line(text: &str) -> Result<BatchLine<'_>, String> {
    let line = match fen_move(text) {
        Ok(Some(line)) => line,
        Ok(None) => return Err(FenMoveError::NoSeparator.to_string()),
        Err(e) => return Err(e.to_string()),
    };
    let threshold = match line.rest {
        None => None,
        Some(more) if more.contains(';') => {
            return Err(format!(
                "expected FEN;MOVE or FEN;MOVE;THRESHOLD, found {} fields",
                3 + more.matches(';').count()
            ))
        }
        // A whole number too large for the test says so, as the Python package does.
        Some(t) => Some(match t.trim().parse::<i64>() {
            Ok(whole) => swapoff_scan::Question::threshold_of(whole)?,
            Err(_) => return Err(format!("threshold {t:?} is not an integer")),
        }),
    };
    Ok(BatchLine {
        fen: line.fen,
        mv: line.mv,
        threshold,
    })
}

/// Writes the answer for one line; `Err` is the reason the line cannot be evaluated.
fn batch_line(
    out: &mut impl Write,
    line_no: usize,
    text: &str,
    cache: &mut Option<(String, Position)>,
    see: See,
    args: &Args,
) -> io::Result<Result<(), String>> {
    let line = match split_batch_line(text) {
        Ok(l) => l,
        Err(e) => return Ok(Err(e)),
    };
    // Files like see_pairs.txt list several moves of one position in a row: parse it once.
    if !matches!(cache, Some((fen, _)) if fen == line.fen) {
        *cache = None;
        match read_position(line.fen) {
            Ok(p) => *cache = Some((line.fen.to_string(), p)),
            Err(e) => return Ok(Err(e)),
        }
    }
    let Some((_, pos)) = cache.as_ref() else {
        return Ok(Err("internal error: position not kept".to_string()));
    };
    let parsed = match parse_input(line.fen, line.mv, pos) {
        Ok(p) => p,
        Err(e) => return Ok(Err(e)),
    };
    let pos = pos.chess();
    let threshold = line.threshold.or(args.threshold);
    if args.json {
        let report = Report::new(Some(line_no), &parsed, pos, see, threshold, args.trace);
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else if let Some(t) = threshold {
        writeln!(out, "{}", see.ge(pos, parsed.mv, t))?;
    } else {
        writeln!(out, "{}", see.value(pos, parsed.mv))?;
    }
    Ok(Ok(()))
}

fn batch(input: &InputName, args: &Args, see: See) -> Outcome {
    let mut records = match input.records() {
        Ok(r) => r,
        Err(why) => return fatal(why),
    };
    let name = input.display();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut cache = None;
    let mut bad = 0usize;
    let mut line_no = 0usize;
    let mut read_error = None;
    let result: io::Result<()> = (|| loop {
        let record = match records.next_record() {
            Ok(Some((_, record))) => record,
            Ok(None) => return Ok(()),
            Err(e) => {
                read_error = Some(format!("cannot read {name} after line {line_no}: {e}"));
                return Ok(());
            }
        };
        line_no += 1;
        let outcome = match record {
            Err(why) => Err(why.to_string()),
            Ok(text) => {
                let text = text.trim();
                if text.is_empty() || text.starts_with('#') {
                    // Keep output line N answering input line N.
                    writeln!(out, "{}", if args.json { "null" } else { "" })?;
                    continue;
                }
                batch_line(&mut out, line_no, text, &mut cache, see, args)?
            }
        };
        if let Err(why) = outcome {
            bad += 1;
            if args.json {
                serde_json::to_writer(
                    &mut out,
                    &ErrorJson {
                        line: line_no,
                        error: &why,
                    },
                )?;
                writeln!(out)?;
            } else {
                writeln!(out, "error")?;
            }
            // Flush first so that stdout and stderr interleave in line order on a terminal.
            out.flush()?;
            crate::common::warn(format_args!("{name}:{line_no}: {why}"));
        }
    })();
    match result.and_then(|()| out.flush()) {
        Ok(()) => match read_error {
            Some(e) => fatal(e),
            None => Ok(Status::of(false, bad > 0)),
        },
        Err(e) => output_error(e),
    }
}
