//! `swapoff-wasm`: the compiled half of the `swapoff` npm package. The JavaScript half
//! (`npm/index.js`) takes options objects, parses JSON into objects and makes booleans;
//! the SEE, the parsing, the analysis and the trace are the code the `seeswap` tool and
//! the Python package run (`swapoff` and `swapoff-scan`'s `ask`), so every face gives the
//! same answers and messages. Errors are JavaScript `Error`s with those messages; nothing
//! here panics on any input (the Node tests throw random text at every entry point).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use swapoff::Move;
use swapoff_scan::{MoveError, Position, Question};
use wasm_bindgen::prelude::*;

fn error(why: String) -> JsError {
    JsError::new(&why)
}

/// A whole number from JavaScript's number, or why not.
fn whole(x: f64, what: &str) -> Result<i64, JsError> {
    // 2^63 as a float: the first value past i64's range.
    const END: f64 = 9_223_372_036_854_775_808.0;
    if x.fract() != 0.0 || !x.is_finite() {
        return Err(error(format!("{what} must be a whole number, not {x}")));
    }
    if !(-END..END).contains(&x) {
        return Err(error(format!("{what} {x} is out of range")));
    }
    Ok(x as i64)
}

/// The question for a rule set's name, optional piece values (five numbers: pawn,
/// knight, bishop, rook, queen) and an optional threshold.
fn question(
    rules: Option<String>,
    values: Option<Vec<f64>>,
    threshold: Option<f64>,
) -> Result<Question, JsError> {
    // `None` for the default rules: the common call passes no string.
    let rules = rules.as_deref().unwrap_or("default");
    let values = match values {
        None => None,
        Some(v) => {
            let [p, n, b, r, q] = v[..] else {
                return Err(error(format!(
                    "values are five whole numbers (pawn, knight, bishop, rook, queen), not {}",
                    v.len()
                )));
            };
            let mut out = [0; 5];
            for (o, x) in out.iter_mut().zip([p, n, b, r, q]) {
                *o = whole(x, "a piece value")?;
            }
            Some(out)
        }
    };
    let threshold = threshold.map(|t| whole(t, "threshold")).transpose()?;
    Question::new(rules, values, threshold).map_err(error)
}

/// A position, or why not, quoting the FEN.
fn position(fen: &str) -> Result<Position, JsError> {
    Position::from_fen(fen).map_err(|e| error(Position::fen_message(fen, &e)))
}

/// Why a move was refused, naming the position.
fn refused(pos: &Position, why: MoveError) -> JsError {
    error(pos.move_message(&why))
}

/// A position and a legal move in it: what `see`, `seeGe` and `trace` ask about.
fn position_and_move(fen: &str, mv: &str) -> Result<(Position, Move), JsError> {
    let pos = position(fen)?;
    let m = pos.see_move(mv).map_err(|e| refused(&pos, e))?;
    Ok((pos, m))
}

/// The SEE value of a move (SAN or UCI) in a position (FEN), from the mover's side.
#[wasm_bindgen]
pub fn see(
    fen: &str,
    mv: &str,
    rules: Option<String>,
    values: Option<Vec<f64>>,
) -> Result<i32, JsError> {
    let question = question(rules, values, None)?;
    let (pos, m) = position_and_move(fen, mv)?;
    Ok(question.answer(&pos, m))
}

/// Whether the SEE value of a move is at least `threshold`.
#[wasm_bindgen(js_name = seeGe)]
pub fn see_ge(
    fen: &str,
    mv: &str,
    threshold: f64,
    rules: Option<String>,
    values: Option<Vec<f64>>,
) -> Result<bool, JsError> {
    let question = question(rules, values, Some(threshold))?;
    let (pos, m) = position_and_move(fen, mv)?;
    Ok(question.answer(&pos, m) != 0)
}

/// The SEE of many positions and moves, one move per position, each list as one text of
/// lines (one string crosses into WebAssembly, not one per row; the counts are the lists'
/// lengths before joining): the values, or with a threshold 0 or 1. A bad row throws,
/// naming its index.
#[wasm_bindgen(js_name = seeMany)]
pub fn see_many(
    fens: &str,
    fen_count: usize,
    moves: &str,
    move_count: usize,
    rules: Option<String>,
    values: Option<Vec<f64>>,
    threshold: Option<f64>,
) -> Result<Vec<i32>, JsError> {
    let question = question(rules, values, threshold)?;
    Question::one_move_each(fen_count, move_count).map_err(error)?;
    if fen_count == 0 {
        return Ok(Vec::new());
    }
    let fens: Vec<&str> = fens.split('\n').collect();
    let moves: Vec<&str> = moves.split('\n').collect();
    if fens.len() != fen_count || moves.len() != fen_count {
        // One of the strings joined holds a line break.
        return Err(error("a FEN or move holds a line break".into()));
    }
    question
        .rows(0..fen_count, |i| Ok(fens[i]), |i| Ok(moves[i]))
        .map_err(|(i, why)| error(format!("row {i}: {why}")))
}

/// `seeswap scan`'s per-position fields for a position (JSON text): every capture and
/// promotion with its SEE, the best, the balance, the threat, whether in check, and each
/// side's hanging pieces.
#[wasm_bindgen]
pub fn analyze(
    fen: &str,
    rules: Option<String>,
    values: Option<Vec<f64>>,
) -> Result<String, JsError> {
    let question = question(rules, values, None)?;
    position(fen)?.analysis_json(question.see()).map_err(error)
}

/// The exchange a move starts, step by step, as `seeswap eval --trace --json` gives it
/// (JSON text).
#[wasm_bindgen]
pub fn trace(
    fen: &str,
    mv: &str,
    rules: Option<String>,
    values: Option<Vec<f64>>,
) -> Result<String, JsError> {
    let question = question(rules, values, None)?;
    let (pos, m) = position_and_move(fen, mv)?;
    pos.trace_json(m, question.see()).map_err(error)
}

/// The position's FEN as swapoff reads it (move counters added when missing).
#[wasm_bindgen]
pub fn fen(fen: &str) -> Result<String, JsError> {
    Ok(position(fen)?.fen())
}

/// The position after a legal move (SAN or UCI), as a FEN.
#[wasm_bindgen]
pub fn play(fen: &str, mv: &str) -> Result<String, JsError> {
    let pos = position(fen)?;
    Ok(pos.play(mv).map_err(|e| refused(&pos, e))?.fen())
}

/// Every legal move: `[uci, san]` pairs, flat (`uci0, san0, uci1, san1, ...`).
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(fen: &str) -> Result<Vec<String>, JsError> {
    Ok(position(fen)?
        .legal_moves()
        .into_iter()
        .flat_map(|(uci, san)| [uci, san])
        .collect())
}
