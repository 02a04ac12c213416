//! One position asked one question, as `seeswap eval`, the Python package and the
//! WebAssembly package ask it: the same parsing, the same evaluator and the same messages,
//! written once. Each face turns these `String` errors into its own kind of error.

use crate::read::parse::{self, MoveError};
use crate::scan::analysis::Report;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Position};
use swapoff::{Move, PieceValues, Rules, See};

/// A position from a FEN (4 to 6 fields; Chess960 castling rights where only they fit),
/// or why not, quoting the FEN.
///
/// ```
/// let err = swapoff_scan::ask::position("8/8/8/8/8/8/8/8 w - -").unwrap_err();
/// assert!(err.starts_with("bad FEN \"8/8/8/8/8/8/8/8 w - -\": "), "{err}");
/// ```
pub fn position(fen: &str) -> Result<Chess, String> {
    parse::position(fen).map_err(|e| format!("bad FEN {fen:?}: {e}"))
}

/// A legal move of `pos` in SAN or UCI, or why not (naming the FEN, as `seeswap eval`
/// does).
///
/// ```
/// let pos = swapoff_scan::ask::position("4k3/8/8/3p4/8/8/8/3RK3 w - -").unwrap();
/// assert!(swapoff_scan::ask::see_move(&pos, "Rxd5").is_ok());
/// let err = swapoff_scan::ask::see_move(&pos, "Rxd6").unwrap_err();
/// assert!(err.ends_with("(in 4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1)"), "{err}");
/// ```
pub fn see_move(pos: &Chess, text: &str) -> Result<Move, String> {
    let m = legal_move(pos, text)?;
    Move::try_from(&m).map_err(|_| {
        let e = MoveError::Unsupported {
            text: text.trim().to_string(),
        };
        in_fen(e, pos)
    })
}

/// The board crate's move for a legal move in SAN or UCI, or why not.
fn legal_move(pos: &Chess, text: &str) -> Result<shakmaty::Move, String> {
    parse::shakmaty_move(pos, text).map_err(|e| in_fen(e, pos))
}

fn in_fen(e: MoveError, pos: &Chess) -> String {
    format!("{e} (in {})", fen(pos))
}

/// The position's FEN (en passant square only when a capture there is legal).
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The position after a legal move (SAN or UCI).
pub fn play(pos: &Chess, text: &str) -> Result<Chess, String> {
    let m = legal_move(pos, text)?;
    pos.clone().play(m).map_err(|e| e.to_string())
}

/// Every legal move of `pos`, in UCI (castling as king to its destination square, or
/// king takes rook in Chess960) and in SAN, in the board crate's order.
pub fn legal_moves(pos: &Chess) -> Vec<(String, String)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| (parse::uci_of(pos, &m), San::from_move(pos, m).to_string()))
        .collect()
}

/// The evaluator for a rule set's name (`default`, `classic`, `stockfish`, `exact`) and
/// optional piece values (pawn, knight, bishop, rook, queen; the rule set's own when none).
///
/// ```
/// let see = swapoff_scan::ask::evaluator("classic", Some([100, 300, 300, 500, 900])).unwrap();
/// # let _ = see;
/// assert!(swapoff_scan::ask::evaluator("fast", None).is_err());
/// ```
pub fn evaluator(rules: &str, values: Option<[i64; 5]>) -> Result<See, String> {
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    let see = See::new(rules);
    match values {
        None => Ok(see),
        Some([p, n, b, r, q]) => PieceValues::new(p, n, b, r, q)
            .map(|v| see.with_values(v))
            .map_err(|e| e.to_string()),
    }
}

/// A threshold, which SEE compares in 32 bits: a larger one is said to be out of range.
pub fn threshold(t: i64) -> Result<i32, String> {
    i32::try_from(t).map_err(|_| {
        format!(
            "threshold {t} is out of range ({} to {})",
            i32::MIN,
            i32::MAX
        )
    })
}

/// `seeswap scan`'s per-position fields as one JSON object: `captures`, `best_move`,
/// `best`, `balance`, `threat`, `in_check` and `hanging`.
///
/// ```
/// let pos = swapoff_scan::ask::position("4k3/8/8/3p4/8/8/8/3RK3 w - -").unwrap();
/// let see = swapoff_scan::ask::evaluator("default", None).unwrap();
/// let json = swapoff_scan::ask::analysis_json(&pos, &see).unwrap();
/// assert!(json.starts_with("{\"captures\":[{\"move\":\"d1d5\",\"see\":100}"), "{json}");
/// ```
pub fn analysis_json(pos: &Chess, see: &See) -> Result<String, String> {
    let board = crate::read::pgn::to_cozy(pos).map_err(|e| e.to_string())?;
    let mut report = Report::default();
    report.analyze(&board, see);
    let mut out = Vec::with_capacity(256);
    out.push(b'{');
    crate::write::report::analysis_fields(&mut out, &board, &report);
    out.push(b'}');
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// The trace of a move as `seeswap eval --trace --json` gives it (JSON text).
pub fn trace_json(pos: &Chess, mv: Move, see: &See) -> Result<String, String> {
    let trace = crate::write::trace::TraceJson::new(pos, mv, &see.trace(pos, mv));
    serde_json::to_string(&trace).map_err(|e| e.to_string())
}

/// The tag names to carry into rows, as a face was given them: each trimmed (`Event,
/// Site` asked for ` Site`, which no game has), each once in the order first asked (a
/// name asked twice gave two columns of one name, the second always empty), an empty one
/// (`Event,,Site`, a trailing comma) left out, as the column lists leave them out.
///
/// ```
/// let asked = ["Event", " WhiteElo", "Event", ""].map(String::from);
/// assert_eq!(swapoff_scan::ask::tags(&asked), ["Event", "WhiteElo"]);
/// ```
pub fn tags(names: &[String]) -> Vec<String> {
    let mut kept: Vec<String> = Vec::with_capacity(names.len());
    for name in names.iter().map(|n| n.trim()) {
        if !name.is_empty() && !kept.iter().any(|k| k == name) {
            kept.push(name.to_string());
        }
    }
    kept
}

/// Checks two lists have one move per position.
pub fn one_move_each(fens: usize, moves: usize) -> Result<(), String> {
    if fens == moves {
        return Ok(());
    }
    Err(format!(
        "{fens} positions but {moves} moves: give one move per position"
    ))
}

/// The SEE of rows `rows` (`fen(i)` and `mv(i)`: row `i`'s text, or why it has none): the
/// values, or with a threshold 0 or 1 answers. A FEN repeated on the next row (several
/// moves of one position, as pair files list them) is parsed once. Stops at the first bad
/// row, with its index and why.
///
/// ```
/// let fens = ["4k3/8/8/3p4/8/8/8/3RK3 w - -"; 2];
/// let moves = ["Rxd5", "Kd2"];
/// let see = swapoff_scan::ask::evaluator("default", None).unwrap();
/// let got = swapoff_scan::ask::see_rows(0..2, |i| Ok(fens[i]), |i| Ok(moves[i]), &see, None);
/// assert_eq!(got, Ok(vec![100, 0]));
/// ```
pub fn see_rows<'a>(
    rows: std::ops::Range<usize>,
    fen: impl Fn(usize) -> Result<&'a str, String>,
    mv: impl Fn(usize) -> Result<&'a str, String>,
    see: &See,
    threshold: Option<i32>,
) -> Result<Vec<i32>, (usize, String)> {
    let mut last: Option<(&str, Chess)> = None;
    let mut out = Vec::with_capacity(rows.len());
    for i in rows {
        let text = fen(i).map_err(|why| (i, why))?;
        let pos = match last {
            Some((f, ref pos)) if f == text => pos,
            _ => &last.insert((text, position(text).map_err(|e| (i, e))?)).1,
        };
        let m = see_move(pos, mv(i).map_err(|why| (i, why))?).map_err(|e| (i, e))?;
        out.push(match threshold {
            Some(t) => i32::from(see.ge(pos, m, t)),
            None => see.value(pos, m),
        });
    }
    Ok(out)
}
