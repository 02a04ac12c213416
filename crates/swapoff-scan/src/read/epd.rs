//! EPD/FEN lines: which text is the position, and turning it into a board.
//!
//! A line is blank, a `#` or `%` comment (all ignored), or a position (a byte-order mark
//! before it is ignored): the text before the first `;` split on any whitespace gives the
//! four FEN fields (placement, side, castling, en passant). A word after them that opens
//! with a letter starts EPD operations (`bm e4`, `id "x"`), of which `hmvc` and `fmvn` give
//! the counters (as python-chess reads them) and the rest are ignored; any other word is
//! the halfmove clock, and the word after it the fullmove number, judged as the one FEN
//! reader judges them (`crate::read::parse::position`), so that a line and the same FEN
//! given to `eval` get one verdict: a fullmove number of 0 is 1 (as python-chess and
//! shakmaty read it), a number too large for 32 bits is the largest there is, and any
//! other word (`-1`, `3+3`) is refused. So plain FENs, EPD records and `FEN;move` lines all
//! read. Missing counters are `0 1`.

use crate::encode::{push_rights, push_u64};
use crate::read::error::EpdError;
use shakmaty::{Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, Color, FromSetup, Setup};
use shakmaty::{File, Square};

/// A line reduced to its position, ready to be built into a board.
pub(crate) enum Line<'a> {
    /// Nothing to scan (blank or `#` comment).
    Empty,
    /// The four FEN fields and the move counters.
    Fen {
        /// Piece placement, side to move, castling rights, en passant square.
        fields: [&'a str; 4],
        /// The halfmove clock (0 when absent).
        halfmove: u32,
        /// The fullmove number (1 when absent).
        fullmove: u32,
    },
}

/// Whether a line that is not UTF-8 is a comment, as [`split`] says of one that is: after a
/// byte-order mark and blanks, it opens with `#` or `%`. A comment is not read, so its bytes
/// need not be text.
pub(crate) fn is_comment(raw: &[u8]) -> bool {
    let text = raw.strip_prefix("\u{feff}".as_bytes()).unwrap_or(raw);
    let text = text.trim_ascii_start();
    text.starts_with(b"#") || text.starts_with(b"%")
}

/// Splits a line into FEN fields. The error says what is wrong.
pub(crate) fn split(line: &str) -> Result<Line<'_>, EpdError> {
    // A byte-order mark can start the first line of a file written on Windows.
    let text = line.trim_start_matches('\u{feff}').trim_start();
    // `#` comments, and `%` lines (PGN's escape, which the format's sniffing passes over
    // before the first position: the same wherever the line stands).
    if text.is_empty() || text.starts_with('#') || text.starts_with('%') {
        return Ok(Line::Empty);
    }
    // The memchr crate's search (vector instructions), not `str::split`'s byte loop.
    let record = text;
    let text = match memchr::memchr(b';', text.as_bytes()) {
        Some(end) => text.get(..end).unwrap_or(text),
        None => text,
    };
    let mut words = text.split_ascii_whitespace();
    let mut fields = [""; 4];
    for (i, slot) in fields.iter_mut().enumerate() {
        match words.next() {
            Some(word) => *slot = word,
            None => return Err(EpdError::TooFewFields { found: i }),
        }
    }
    let Some(word) = words.next() else {
        return Ok(Line::Fen {
            fields,
            halfmove: 0,
            fullmove: 1,
        });
    };
    if word.as_bytes()[0].is_ascii_alphabetic() {
        // EPD operations from here on: the word is a part of `record`.
        let start = word.as_ptr() as usize - record.as_ptr() as usize;
        let (h, f) = counters_in_operations(record.get(start..).unwrap_or(""))?;
        return Ok(Line::Fen {
            fields,
            halfmove: h.unwrap_or(0),
            fullmove: f.unwrap_or(1),
        });
    }
    let next = words.next();
    let (halfmove, fullmove) = match (number(word), next.map(number)) {
        (Some(h), None) => (h, 1),
        (Some(h), Some(Some(f))) => (h, f.max(1)),
        // Counters that are no plain numbers: the one reader's verdict, word for word.
        _ => {
            let mut text = fields.join(" ");
            for word in std::iter::once(word).chain(next) {
                text.push(' ');
                text.push_str(word);
            }
            let pos = crate::read::parse::position(&text).map_err(EpdError::Position)?;
            (
                shakmaty::Position::halfmoves(&pos),
                shakmaty::Position::fullmoves(&pos).get(),
            )
        }
    };
    Ok(Line::Fen {
        fields,
        halfmove,
        fullmove,
    })
}

/// The halfmove clock and the fullmove number that an EPD record's operations give
/// (`hmvc 3;` and `fmvn 40;`), each `None` when absent. Operations end at a `;` outside a
/// quoted string (`id "a;b";`); a counter that is not a number is an error.
fn counters_in_operations(mut ops: &str) -> Result<(Option<u32>, Option<u32>), EpdError> {
    let (mut halfmove, mut fullmove) = (None, None);
    while !ops.trim_start().is_empty() {
        let bytes = ops.as_bytes();
        let (mut end, mut quoted, mut i) = (bytes.len(), false, 0);
        while i < bytes.len() {
            match bytes[i] {
                b'\\' if quoted => i += 1,
                b'"' => quoted = !quoted,
                b';' if !quoted => {
                    end = i;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        let mut words = ops.get(..end).unwrap_or("").split_ascii_whitespace();
        let counted = match words.next() {
            Some("hmvc") => Some((&mut halfmove, "halfmove clock")),
            Some("fmvn") => Some((&mut fullmove, "fullmove number")),
            _ => None,
        };
        if let Some((slot, field)) = counted {
            *slot = Some(counter(words.next().unwrap_or(""), field)?);
        }
        ops = ops.get(end + 1..).unwrap_or("");
    }
    Ok((halfmove, fullmove))
}

/// A counter operand: a number (a fullmove number of 0 is 1, as in a FEN).
fn counter(text: &str, field: &'static str) -> Result<u32, EpdError> {
    match number(text) {
        Some(n) if field == "fullmove number" => Ok(n.max(1)),
        Some(n) => Ok(n),
        None => Err(EpdError::Counter {
            field,
            text: text.to_string(),
            why: "must be a number",
        }),
    }
}

/// The value of a word of digits, as shakmaty's FEN reader reads a counter: one too large
/// for 32 bits is the largest there is. `None` for a word that is not all digits.
fn number(word: &str) -> Option<u32> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.bytes().fold(0u32, |n, d| {
        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    }))
}

/// Builds the position. `fen` receives the normalised FEN (fields separated by one space,
/// counters as read), which is what the output prints, and is read by the one FEN reader
/// every command uses (`crate::read::parse::position`): so `scan` and `eval` accept the
/// same positions, and its message names the field and the reason. Castling is `KQkq` as
/// in X-FEN (`K` = the outermost rook on the king's side, so `h1` in standard chess) or
/// Shredder-FEN file letters. The castling and en passant fields are written back as a
/// game's FEN writes them (X-FEN, and a square only where an en passant capture is
/// legal) unless they are already so: the usual `KQkq` subset and `-`, kept as read.
pub(crate) fn parse(
    fields: &[&str; 4],
    halfmove: u32,
    fullmove: u32,
    fen: &mut Vec<u8>,
) -> Result<Chess, EpdError> {
    fen.clear();
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            fen.push(b' ');
        }
        fen.extend_from_slice(f.as_bytes());
    }
    push_counters(fen, halfmove, fullmove);
    let (pos, usual) = match quick(fields, halfmove, fullmove) {
        Some(read) => read,
        // The fields came from a `&str` and the counters are digits.
        None => {
            let text = std::str::from_utf8(fen).unwrap_or_default();
            let pos = crate::read::parse::position(text).map_err(EpdError::Position)?;
            (pos, false)
        }
    };
    if !usual {
        rewrite_rights(fen, fields, &pos, halfmove, fullmove);
    }
    Ok(pos)
}

/// Appends the move counters to a FEN.
fn push_counters(fen: &mut Vec<u8>, halfmove: u32, fullmove: u32) {
    fen.push(b' ');
    push_u64(fen, u64::from(halfmove));
    fen.push(b' ');
    push_u64(fen, u64::from(fullmove));
}

/// Writes `fen`'s castling and en passant fields again from the position, as a game's FEN
/// writer does.
#[cold]
fn rewrite_rights(
    fen: &mut Vec<u8>,
    fields: &[&str; 4],
    pos: &Chess,
    halfmove: u32,
    fullmove: u32,
) {
    fen.truncate(fields[0].len() + fields[1].len() + 2);
    push_rights(fen, pos);
    push_counters(fen, halfmove, fullmove);
}

/// The position of the usual FEN line (standard castling by `KQkq`), made as shakmaty's
/// FEN reader makes it and checked by shakmaty as that reader's position is, or `None`
/// for the reader to answer (and name the fault). shakmaty's reader is general (every
/// variant's fields, iterators over its parts), and reading a book's lines is most of a
/// scan of it. `tests/positions.rs` (`an_epd_line_reads_as_the_fen_reader_reads_it`) checks
/// that it gives what the reader gives and refuses nothing the reader takes, on damaged and Chess960 lines too.
/// With the position, whether its castling and en passant fields are as a game's FEN
/// writes them: castling `-` or letters of `KQkq` in that order, en passant `-`.
fn quick(fields: &[&str; 4], halfmove: u32, fullmove: u32) -> Option<(Chess, bool)> {
    let board = placement(fields[0].as_bytes())?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return None,
    };
    let mut setup = Setup::empty();
    let (mut usual, mut last) = (fields[3] == "-", 0);
    if fields[2] != "-" {
        for c in fields[2].bytes() {
            setup.castling_rights |= castling_rook(&board, c)?;
            let order = b"KQkq".iter().position(|&o| o == c).unwrap_or(4) + 1;
            (usual, last) = (usual && order > last && order < 5, order);
        }
    }
    if fields[3] != "-" {
        setup.ep_square = Some(fields[3].parse::<Square>().ok()?);
    }
    setup.board = board;
    setup.turn = turn;
    setup.halfmoves = halfmove;
    setup.fullmoves = std::num::NonZeroU32::new(fullmove)?;
    let pos = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
    Some((pos, usual))
}

/// The rook square of a castling letter `KQkq` as shakmaty's FEN reader reads it (the
/// outermost rook or king on that side of the back rank, the corner if it is no rook);
/// `None` for file letters, which the reader reads.
fn castling_rook(board: &Board, c: u8) -> Option<Bitboard> {
    let color = Color::from_white(c.is_ascii_uppercase());
    let back = color.backrank();
    let candidates = board.by_color(color) & (board.rooks() | board.kings()) & back;
    let (found, corner) = match c.to_ascii_lowercase() {
        b'k' => (candidates.last(), File::H),
        b'q' => (candidates.first(), File::A),
        _ => return None,
    };
    let rook = found.filter(|sq| board.rooks().contains(*sq));
    Some(Bitboard::from_square(
        rook.unwrap_or(Square::from_coords(corner, back)),
    ))
}

/// What a byte of a piece placement is: how many squares it covers in bits 0..4 (1 for a
/// piece letter, 1..=8 for a digit, 0 for a slash), [`SLASH`] for a slash, [`VALID`] for
/// every byte a placement may hold. Tables and flags rather than a `match`: the bytes of a
/// placement come in no pattern a branch predictor could learn.
const PLACEMENT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut d = 1;
    while d <= 8 {
        t[(b'0' + d) as usize] = VALID | d;
        d += 1;
    }
    t[b'/' as usize] = VALID | SLASH;
    let mut i = 0;
    while i < 6 {
        t[LETTERS[i].to_ascii_uppercase() as usize] = VALID | 1;
        t[LETTERS[i] as usize] = VALID | 1;
        i += 1;
    }
    t
};
const SLASH: u8 = 16;
const VALID: u8 = 32;
const LETTERS: [u8; 6] = *b"pnbrqk";

/// The set each byte of a placement adds its square to: 0..6 White's pawns to kings,
/// 6..12 Black's, 12 for every other byte (a set thrown away).
const SETS: [u8; 256] = {
    let mut t = [12u8; 256];
    let mut i = 0;
    while i < 6 {
        t[LETTERS[i].to_ascii_uppercase() as usize] = i as u8;
        t[LETTERS[i] as usize] = 6 + i as u8;
        i += 1;
    }
    t
};

/// The board of a piece placement: eight ranks, eighth first.
///
/// Written without branches on the bytes: `at` counts squares in FEN order (a8 = 0,
/// h1 = 63, so the square is `at ^ 56`), every byte adds that square to its set (a digit
/// or slash to set 12, which is thrown away), and the slashes mark where they stand. The
/// placement is good when every byte is one a placement may hold, exactly seven slashes
/// stand at squares 8, 16, ..., 56 (each rank then spans eight files) and the last rank
/// ends at 64.
fn placement(text: &[u8]) -> Option<Board> {
    const RANK_STARTS: u64 = 0x0101_0101_0101_0100;
    let mut sets = [0u64; 13];
    let mut at = 0usize;
    let mut slashes = 0u64;
    let mut marks = 0u64;
    let mut valid = VALID;
    for &c in text {
        let code = PLACEMENT[usize::from(c)];
        sets[usize::from(SETS[usize::from(c)])] |= 1 << ((at ^ 56) & 63);
        let slash = u64::from((code & SLASH) >> 4);
        // `at` passes 64 only in a placement the final test refuses anyway.
        marks |= slash << (at & 63);
        slashes += slash;
        valid &= code;
        at += usize::from(code & 15);
    }
    if !(valid & VALID != 0 && slashes == 7 && marks == RANK_STARTS && at == 64) {
        return None;
    }
    let kind = |i: usize| Bitboard(sets[i] | sets[i + 6]);
    let side = |i: usize| Bitboard(sets[i..i + 6].iter().fold(0, |all, set| all | set));
    let by_role = ByRole {
        pawn: kind(0),
        knight: kind(1),
        bishop: kind(2),
        rook: kind(3),
        queen: kind(4),
        king: kind(5),
    };
    let by_color = ByColor {
        white: side(0),
        black: side(6),
    };
    Board::try_from_bitboards(by_role, by_color).ok()
}

/// One EPD/FEN line to a board: `Ok(None)` for a blank or `#` line, else the board (its
/// FEN, with the move counters, written into `fen`) or why the line is not a position.
pub(crate) fn read_line(line: &str, fen: &mut Vec<u8>) -> Result<Option<Chess>, EpdError> {
    match split(line)? {
        Line::Empty => Ok(None),
        Line::Fen {
            fields,
            halfmove,
            fullmove,
        } => parse(&fields, halfmove, fullmove, fen).map(Some),
    }
}
