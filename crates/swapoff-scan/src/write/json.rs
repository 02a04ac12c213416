//! The JSON (and CSV) the tools print, written once: the per-position fields of `seeswap scan`
//! (which the Python package's `analyze` returns too) and the trace of `seeswap eval
//! --trace --json` (the Python package's `trace`). Scan's fields are written by hand into
//! a reused buffer: it is the hot path of a scan.
//!
//! The text helpers every writer uses live here too (integers, squares, UCI moves, FENs,
//! CSV and JSON strings, the CSV's capture and hanging lists), so that the rows, the
//! columns and the text writers import them and not each other.

use crate::scan::analysis::{piece_letter, Capture, Hanging, Report};
use cozy_chess::{Board, Color, Piece, Rank, Square};
use serde::Serialize;
use shakmaty::Chess;
use swapoff::BoardQueries;
use swapoff::{Bitboard, EndReason, Move, MoveKind, Role, SeeBoard, Trace};

/// Writes the analysis fields of one position, `"captures":[...],"best":...,"balance":...,
/// "threat":...,"in_check":...,"hanging":{"white":[...],"black":[...]}`, without braces.
pub fn analysis_fields(out: &mut Vec<u8>, board: &Board, report: &Report) {
    out.extend_from_slice(b"\"captures\":[");
    for (i, c) in report.captures.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_capture(out, c);
    }
    out.extend_from_slice(b"],\"best\":");
    match report.captures.first() {
        Some(c) => json_capture(out, c),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"balance\":");
    push_i32(out, report.balance);
    out.extend_from_slice(b",\"threat\":");
    if report.in_check {
        out.extend_from_slice(b"null,\"in_check\":true");
    } else {
        push_i32(out, report.threat);
        out.extend_from_slice(b",\"in_check\":false");
    }
    let us = board.side_to_move();
    let (white, black) = match us {
        Color::White => (Some(&report.hanging_us), Some(&report.hanging_them)),
        Color::Black => (Some(&report.hanging_them), Some(&report.hanging_us)),
    };
    out.extend_from_slice(b",\"hanging\":{\"white\":");
    json_hanging(out, white, Color::White, us, report.in_check);
    out.extend_from_slice(b",\"black\":");
    json_hanging(out, black, Color::Black, us, report.in_check);
    out.push(b'}');
}

/// Writes the analysis fields of one position as `seeswap scan --csv` does, `in_check,
/// captures,best_move,best_see,balance,threat,hanging_white,hanging_black,capture_list`
/// (no leading or trailing comma, no line end).
pub fn csv_analysis_fields(out: &mut Vec<u8>, board: &Board, report: &Report) {
    out.extend_from_slice(if report.in_check { b"1," } else { b"0," });
    push_u64(out, report.captures.len() as u64);
    out.push(b',');
    if let Some(best) = report.captures.first() {
        push_uci(out, best.mv);
        out.push(b',');
        push_i32(out, best.see);
    } else {
        out.push(b',');
    }
    out.push(b',');
    push_i32(out, report.balance);
    out.push(b',');
    if !report.in_check {
        push_i32(out, report.threat);
    }
    for color in [Color::White, Color::Black] {
        out.push(b',');
        csv_hanging(out, board, report, color);
    }
    out.push(b',');
    csv_capture_list(out, report);
}

pub(crate) fn json_capture(out: &mut Vec<u8>, c: &Capture) {
    // Fixed-size pieces: the compiler copies them inline, where a slice of unknown length
    // costs a call to memcpy (a third of this function's time, measured by callgrind).
    let [a, b] = square_name(c.mv.from);
    let [d, e] = square_name(c.mv.to);
    out.extend_from_slice(&[
        b'{', b'"', b'm', b'o', b'v', b'e', b'"', b':', b'"', a, b, d, e,
    ]);
    push_promotion(out, c.mv);
    out.extend_from_slice(b"\",\"see\":");
    push_i32(out, c.see);
    out.push(b'}');
}

pub(crate) fn json_hanging(
    out: &mut Vec<u8>,
    list: Option<&Vec<Hanging>>,
    color: Color,
    us: Color,
    in_check: bool,
) {
    let Some(list) = list.filter(|_| !(in_check && color == us)) else {
        out.extend_from_slice(b"null");
        return;
    };
    out.push(b'[');
    for (i, h) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let [a, b] = square_name(h.square);
        let piece = piece_letter(h.piece, color);
        out.extend_from_slice(b"{\"square\":\"");
        out.extend_from_slice(&[a, b, b'"', b',', b'"', b'p', b'i', b'e', b'c', b'e', b'"']);
        out.extend_from_slice(&[b':', b'"', piece, b'"', b',', b'"', b'g', b'a', b'i', b'n']);
        out.extend_from_slice(b"\":");
        push_i32(out, h.gain);
        out.push(b'}');
    }
    out.push(b']');
}

/// Appends a move in UCI (`e7e8q`). Castling never reaches here.
pub fn push_uci(out: &mut Vec<u8>, mv: cozy_chess::Move) {
    push_square(out, mv.from);
    push_square(out, mv.to);
    push_promotion(out, mv);
}

/// Appends a move's promotion letter in UCI's lower case, if it promotes.
fn push_promotion(out: &mut Vec<u8>, mv: cozy_chess::Move) {
    if let Some(p) = mv.promotion {
        out.push(piece_letter(p, Color::Black));
    }
}

/// Appends a square's name (`e4`).
pub fn push_square(out: &mut Vec<u8>, square: Square) {
    out.extend_from_slice(&square_name(square));
}

/// A square's name as two bytes.
fn square_name(square: Square) -> [u8; 2] {
    [b'a' + square.file() as u8, b'1' + square.rank() as u8]
}

/// Appends `n` in decimal.
pub fn push_i32(out: &mut Vec<u8>, n: i32) {
    if n < 0 {
        out.push(b'-');
    }
    push_u64(out, u64::from(n.unsigned_abs()));
}

pub use crate::read::epd::push_u64;

/// Writes seconds as Rust's `Display` writes an `f64` (`180`, `179.5`): whole numbers,
/// most clocks, without the float formatter.
pub fn push_seconds(out: &mut Vec<u8>, seconds: f64) {
    if seconds.fract() == 0.0 && seconds.is_sign_positive() && seconds < 1e15 {
        push_u64(out, seconds as u64);
    } else {
        use std::io::Write as _;
        let _ = write!(out, "{seconds}");
    }
}

/// One capture of a trace, as `eval --trace --json` prints it.
#[derive(Serialize, Debug)]
pub struct CaptureJson {
    /// `white` or `black`.
    pub side: &'static str,
    /// Where the capturing piece stood.
    pub from: String,
    /// The square fought over.
    pub to: String,
    /// The capturing piece's letter (FEN case: upper for White, lower for Black).
    pub piece: char,
    /// What it takes, if anything.
    pub captured: Option<char>,
    /// What it promotes to, if it does.
    pub promotion: Option<char>,
    /// The capturing side's balance if the exchange stopped after it.
    pub gain: i32,
    /// Its balance with best play from there on.
    pub negamax: i32,
    /// Whether the capture is played (not cut off by a side standing pat).
    pub played: bool,
}

/// Pieces of each side, as `Nd3` (White) and `nd6` (Black) names.
#[derive(Serialize, Debug, Default)]
pub struct BySide {
    /// White's.
    pub white: Vec<String>,
    /// Black's.
    pub black: Vec<String>,
}

/// The trace of one exchange, as `eval --trace --json` prints it.
#[derive(Serialize, Debug)]
pub struct TraceJson {
    /// The pieces that attack the target square directly (the moving piece included).
    pub attackers: BySide,
    /// The pieces that join once pieces in front of them have left.
    pub xrays: BySide,
    /// The capture sequence.
    pub captures: Vec<CaptureJson>,
    /// Gain list before negamax, the last entry speculative (`captures.len() + 1` entries).
    pub gains: Vec<i32>,
    /// Gain list after negamax; `negamax[0]` is the value.
    pub negamax: Vec<i32>,
    /// How many captures are played.
    pub played: usize,
    /// The side that stops the exchange by standing pat, if one does.
    pub stands_pat: Option<&'static str>,
    /// Why the side after the last capture does not capture: no attacker left, or what
    /// keeps the attackers it has out (a pin, a check, the king rule, standing pat).
    pub end: String,
    /// The square of the piece that [`end`](TraceJson::end) is about (the attacker that
    /// does not take), or `None` when no attacker is left.
    pub stopper: Option<String>,
    /// The value of the move.
    pub value: i32,
}

/// A piece's letter as FEN writes it, upper case for White and lower case for Black: the
/// one notation of every output (the analysis's hanging pieces use it too).
pub fn fen_letter(role: Role, color: swapoff::Color) -> char {
    match color {
        swapoff::Color::White => role.letter(),
        swapoff::Color::Black => role.letter().to_ascii_lowercase(),
    }
}

/// The FEN letter of the piece on `sq`, if any.
pub fn piece_letter_on(pos: &Chess, sq: swapoff::Square) -> Option<char> {
    Some(fen_letter(pos.role_on(sq)?, pos.color_on(sq)?))
}

/// Pieces that attack `mv.to` directly, and those that join once pieces in front of them
/// have left (x-rays), the moving piece counting as gone.
pub fn attackers_and_xrays(pos: &Chess, mv: Move) -> (Bitboard, Bitboard) {
    let occupied = SeeBoard::occupied(pos);
    let target = mv.to.bit();
    let direct =
        ((BoardQueries::attackers_to(pos, mv.to, occupied) & occupied) | mv.from.bit()) & !target;
    let mut gone = direct;
    if mv.kind == MoveKind::EnPassant {
        gone |= mv.en_passant_victim().bit();
    }
    let mut xrays = 0;
    // Each round lets every piece seen so far leave, which may uncover sliders behind it.
    loop {
        let occ = occupied & !gone;
        let found = BoardQueries::attackers_to(pos, mv.to, occ) & occ & !target;
        if found == 0 {
            return (direct, xrays);
        }
        xrays |= found;
        gone |= found;
    }
}

/// The trace's [`EndReason`] in words: `no attacker left`, or what keeps the first
/// attacker (least valuable first) out: pinned to its king, its king in check, the king
/// stepping into an attack, or standing pat because every capture loses.
pub fn why_the_exchange_ends(pos: &Chess, t: &Trace) -> String {
    let name = |sq: swapoff::Square| format!("{}{sq}", piece_letter_on(pos, sq).unwrap_or('?'));
    let side = t.captures.last().map_or("white", |c| (!c.side).name());
    match t.end {
        EndReason::NoAttacker => "no attacker left".to_string(),
        EndReason::KingWouldBeAttacked { king } => {
            format!("{}: the king would step into an attack", name(king))
        }
        EndReason::InCheck { attacker } => {
            format!("{} cannot take: {side} is in check", name(attacker))
        }
        EndReason::Pinned { attacker } => format!("{} is pinned to its king", name(attacker)),
        EndReason::StandsPat { attacker } => format!(
            "{side} stands pat: no capture gains ({} could take)",
            name(attacker)
        ),
    }
}

/// The pieces of `set`, named (`Nd3`, `nd7`) and listed by side, a1 to h8.
pub fn by_side(pos: &Chess, set: Bitboard) -> BySide {
    let mut sides = BySide::default();
    for index in 0..64u8 {
        let Some(sq) = swapoff::Square::new(index) else {
            continue;
        };
        if set & sq.bit() == 0 {
            continue;
        }
        let (Some(letter), Some(color)) = (piece_letter_on(pos, sq), pos.color_on(sq)) else {
            continue;
        };
        let name = format!("{letter}{sq}");
        match color {
            swapoff::Color::White => sides.white.push(name),
            swapoff::Color::Black => sides.black.push(name),
        }
    }
    sides
}

impl TraceJson {
    /// The trace of `mv` in `pos`.
    pub fn new(pos: &Chess, mv: Move, t: &Trace) -> TraceJson {
        let (direct, xrays) = attackers_and_xrays(pos, mv);
        TraceJson {
            attackers: by_side(pos, direct),
            xrays: by_side(pos, xrays),
            captures: t
                .captures
                .iter()
                .enumerate()
                .map(|(d, c)| CaptureJson {
                    side: c.side.name(),
                    from: c.from.to_string(),
                    to: c.to.to_string(),
                    piece: fen_letter(c.piece, c.side),
                    captured: c.captured.map(|r| fen_letter(r, !c.side)),
                    promotion: c.promotion.map(|r| fen_letter(r, c.side)),
                    gain: t.gains.get(d).copied().unwrap_or(0),
                    negamax: t.negamax.get(d).copied().unwrap_or(0),
                    played: d < t.played,
                })
                .collect(),
            gains: t.gains.clone(),
            negamax: t.negamax.clone(),
            played: t.played,
            stands_pat: t.captures.get(t.played).map(|c| c.side.name()),
            end: why_the_exchange_ends(pos, t),
            stopper: match t.end {
                EndReason::NoAttacker => None,
                EndReason::KingWouldBeAttacked { king: sq }
                | EndReason::InCheck { attacker: sq }
                | EndReason::Pinned { attacker: sq }
                | EndReason::StandsPat { attacker: sq } => Some(sq.to_string()),
            },
            value: t.value,
        }
    }
}

/// How a rank's FEN text is made from its occupancy (bit `f` set: a piece on file `f`):
/// output byte `j` is `from[j]` of the rank's sources (0 to 7: the letter of the piece on
/// that file; 8 + k: the digit k + 1), and the text is `len` bytes long.
#[derive(Clone, Copy)]
struct RankText {
    from: [u8; 8],
    len: u8,
}

/// The recipe of every occupancy of a rank.
const RANK_TEXTS: [RankText; 256] = rank_texts();

const fn rank_texts() -> [RankText; 256] {
    let mut texts = [RankText {
        from: [0; 8],
        len: 0,
    }; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let text = &mut texts[occupancy];
        let (mut j, mut empty, mut file) = (0, 0u8, 0u8);
        while file < 8 {
            if occupancy >> file & 1 == 1 {
                if empty > 0 {
                    text.from[j] = 8 + empty - 1;
                    j += 1;
                    empty = 0;
                }
                text.from[j] = file;
                j += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            text.from[j] = 8 + empty - 1;
            j += 1;
        }
        text.len = j as u8;
        occupancy += 1;
    }
    texts
}

/// Writes the FEN of `board` with the given move counters. Castling rights are written
/// as X-FEN: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook on that side
/// of the king, else the rook's file letter (Chess960), which gives plain `KQkq` in
/// standard chess.
pub fn push_fen(out: &mut Vec<u8>, board: &Board, halfmove: u32, fullmove: u32) {
    // The letters by square, from the twelve piece sets at once: asking the board square
    // by square tried six sets for each of the 64.
    let mut letters = [0u8; 64];
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            let letter = piece_letter(piece, color);
            for square in board.colored_pieces(color, piece) {
                letters[square as usize] = letter;
            }
        }
    }
    // Each rank's text is gathered by its occupancy's recipe, without a branch a square
    // (which square is empty is unpredictable), into a local array with room for a last
    // full gather, then copied once.
    let mut placement = [0u8; 72 + 8];
    let mut n = 0;
    let occupied = board.occupied().0;
    for rank in (0..8).rev() {
        let mut source = [0u8; 16];
        source[..8].copy_from_slice(&letters[rank * 8..][..8]);
        source[8..].copy_from_slice(b"12345678");
        let recipe = &RANK_TEXTS[(occupied >> (rank * 8)) as usize & 0xff];
        for (j, &from) in recipe.from.iter().enumerate() {
            placement[n + j] = source[usize::from(from)];
        }
        n += usize::from(recipe.len);
        placement[n] = b'/';
        n += usize::from(rank > 0);
    }
    out.extend_from_slice(&placement[..n]);
    let us = board.side_to_move();
    out.extend_from_slice(if us == Color::White { b" w " } else { b" b " });
    let mut any = false;
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        let back = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook) & back.bitboard();
        for (file, short) in [(rights.short, true), (rights.long, false)] {
            let Some(file) = file else { continue };
            let outermost = !rooks.into_iter().any(|r| {
                if short {
                    r.file() > file
                } else {
                    r.file() < file
                }
            });
            let letter = match (outermost, short) {
                (true, true) => b'k',
                (true, false) => b'q',
                (false, _) => b'a' + file as u8,
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
            any = true;
        }
    }
    if !any {
        out.push(b'-');
    }
    out.push(b' ');
    // Only where an en passant capture is legal, as shakmaty and python-chess write it
    // (a board played move by move keeps the square after every double step).
    match crate::scan::captures::legal_en_passant(board) {
        Some(square) => push_square(out, square),
        None => out.push(b'-'),
    }
    out.push(b' ');
    push_u64(out, u64::from(halfmove));
    out.push(b' ');
    push_u64(out, u64::from(fullmove));
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub(crate) fn csv_text(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len() + 2);
    push_csv_text(&mut out, text);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes `text` as a CSV field: quoted (quotes doubled) when it holds a comma, a quote
/// or a line end, as it is otherwise.
pub(crate) fn push_csv_text(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    if !bytes
        .iter()
        .any(|&b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        out.extend_from_slice(bytes);
        return;
    }
    out.push(b'"');
    for &b in bytes {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// A JSON string literal of `text`.
pub(crate) fn json_text(out: &mut Vec<u8>, text: &str) {
    // Most texts (moves, evaluations, ratings) need no escape.
    let plain = text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\');
    if plain {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else if serde_json::to_writer(&mut *out, text).is_err() {
        out.extend_from_slice(b"null");
    }
}

/// `color`'s pieces en prise as `Nc3:300`, separated by spaces; nothing for the side to
/// move in check.
pub(crate) fn csv_hanging(out: &mut Vec<u8>, board: &Board, report: &Report, color: Color) {
    let us = board.side_to_move();
    if color == us && report.in_check {
        return;
    }
    let list = if color == us {
        &report.hanging_us
    } else {
        &report.hanging_them
    };
    for (i, h) in list.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.push(piece_letter(h.piece, color));
        push_square(out, h.square);
        out.push(b':');
        push_i32(out, h.gain);
    }
}

/// Every capture as `move:see`, separated by spaces (the CSV's `capture_list`).
pub(crate) fn csv_capture_list(out: &mut Vec<u8>, report: &Report) {
    for (i, c) in report.captures.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        push_uci(out, c.mv);
        out.push(b':');
        push_i32(out, c.see);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_occupancy_has_the_recipe_of_its_fen_text() {
        let source = *b"ABCDEFGH12345678";
        for (occupancy, recipe) in RANK_TEXTS.iter().enumerate() {
            let mut expected = String::new();
            let mut empty = 0;
            for (file, &letter) in source[..8].iter().enumerate() {
                if occupancy >> file & 1 == 1 {
                    if empty > 0 {
                        expected.push_str(&empty.to_string());
                        empty = 0;
                    }
                    expected.push(char::from(letter));
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                expected.push_str(&empty.to_string());
            }
            let made: String = recipe.from[..usize::from(recipe.len)]
                .iter()
                .map(|&from| char::from(source[usize::from(from)]))
                .collect();
            assert_eq!(made, expected, "occupancy {occupancy:08b}");
        }
    }

    #[test]
    fn seconds_are_written_as_display_writes_them() {
        for seconds in [0.0, 7.0, 180.0, 179.5, 0.1, 1e15, 1e16, 123456789.0, 2.5e-7] {
            let mut out = Vec::new();
            push_seconds(&mut out, seconds);
            assert_eq!(String::from_utf8(out).unwrap(), seconds.to_string());
        }
    }

    #[test]
    fn fen_round_trip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
            "4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            let mut out = Vec::new();
            push_fen(
                &mut out,
                &board,
                u32::from(board.halfmove_clock()),
                u32::from(board.fullmove_number()),
            );
            assert_eq!(String::from_utf8(out).unwrap(), fen);
        }
    }

    #[test]
    fn chess960_castling_uses_file_letters_for_inner_rooks() {
        // Rooks on b1 and g1 with the king on e1... and a second rook on h1 beyond g1:
        // castling with g1 must name its file.
        let board = Board::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1", true).unwrap();
        let mut out = Vec::new();
        push_fen(&mut out, &board, 0, 1);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1"
        );
    }

    #[test]
    fn numbers() {
        let mut out = Vec::new();
        push_i32(&mut out, i32::MIN);
        out.push(b' ');
        push_i32(&mut out, 0);
        out.push(b' ');
        push_u64(&mut out, u64::MAX);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{} 0 {}", i32::MIN, u64::MAX)
        );
    }
}
