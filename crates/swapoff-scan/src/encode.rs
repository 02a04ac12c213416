//! The bytes every writer writes, written once: integers, seconds, squares, UCI moves,
//! piece letters, and text as a CSV field or a JSON string. The readers (a FEN's counters),
//! the scan (a row's FEN) and the writers all use them, so they sit below the three layers
//! and import none of them.

use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Position, Role, Square};

/// `00` to `99`, two bytes each.
static DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

/// Appends `n` in decimal (the hot path of FEN, CSV and JSON writing, no `fmt`
/// machinery).
#[inline(always)]
pub(crate) fn push_u64(out: &mut Vec<u8>, n: u64) {
    // One digit in line (a SEE of 0, the first plies, a FEN's counters: half the numbers
    // of the question's rows); the rest is a call.
    if n < 10 {
        out.push(b'0' + n as u8);
    } else {
        push_digits(out, n);
    }
}

/// [`push_u64`] for `n` of 10 and more.
#[inline(never)]
fn push_digits(out: &mut Vec<u8>, n: u64) {
    // Most numbers of a row are below 10,000 (plies, SEE values, clocks, counters): their
    // four digits are written as one fixed-size piece and the leading zeros cut off,
    // without a branch on the number of digits (which is unpredictable). Game and line
    // numbers (every row of a game past its 10,000th): the high part so, the low four
    // digits whole. Inline, as a call would save the registers itoa's path needs.
    if n < 100 {
        // Two digits (most plies of a game) straight from the table.
        let at = 2 * n as usize;
        out.extend_from_slice(&DIGIT_PAIRS[at..at + 2]);
    } else if n < 10_000 {
        push_four(out, n as usize, true);
    } else if n < 100_000_000 {
        push_four(out, (n / 10_000) as usize, true);
        push_four(out, (n % 10_000) as usize, false);
    } else {
        push_huge(out, n);
    }
}

/// [`push_u64`] for `n` of 100,000,000 and more.
#[inline(never)]
fn push_huge(out: &mut Vec<u8>, n: u64) {
    let mut buffer = itoa::Buffer::new();
    // Byte by byte: the numbers are short, and a slice of unknown length is copied by a
    // call to memcpy.
    for &digit in buffer.format(n).as_bytes() {
        out.push(digit);
    }
}

/// Appends `n` (below 10,000) as four digits, its leading zeros cut off if `trim`.
#[inline(always)]
fn push_four(out: &mut Vec<u8>, n: usize, trim: bool) {
    // Two digits at a time from a table, as itoa does: four divisions by constants
    // were the larger part of this function.
    let (high, low) = (2 * (n / 100), 2 * (n % 100));
    let digits = [
        DIGIT_PAIRS[high],
        DIGIT_PAIRS[high + 1],
        DIGIT_PAIRS[low],
        DIGIT_PAIRS[low + 1],
    ];
    let zeros = if trim {
        u32::from(n < 1000) + u32::from(n < 100) + u32::from(n < 10)
    } else {
        0
    };
    let word = u32::from_le_bytes(digits) >> (8 * zeros);
    out.extend_from_slice(&word.to_le_bytes());
    out.truncate(out.len() - zeros as usize);
}

/// The FEN letter of a piece, upper case for White.
pub(crate) fn piece_letter(piece: Role, color: Color) -> u8 {
    let letter = piece.char() as u8;
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// Appends a capture or promotion in UCI (`e7e8q`). Castling never reaches here.
pub(crate) fn push_uci(out: &mut Vec<u8>, mv: shakmaty::Move) {
    if let Some(from) = mv.from() {
        push_square(out, from);
    }
    push_square(out, mv.to());
    push_promotion(out, mv);
}

/// Appends a move's promotion letter in UCI's lower case, if it promotes.
pub(crate) fn push_promotion(out: &mut Vec<u8>, mv: shakmaty::Move) {
    if let Some(p) = mv.promotion() {
        out.push(p.char() as u8);
    }
}

/// Appends a square's name (`e4`).
pub(crate) fn push_square(out: &mut Vec<u8>, square: Square) {
    out.extend_from_slice(&square_name(square));
}

/// Every square's name, `a1` to `h8` in shakmaty's order, as text: a name is sliced out of
/// it with no UTF-8 check (`str::from_utf8` of four bytes took 69 instructions).
const SQUARE_NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4\
                            a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";

/// A square's name (`e4`) as text.
pub(crate) fn square_str(square: Square) -> &'static str {
    let at = 2 * square as usize;
    &SQUARE_NAMES[at..at + 2]
}

/// A square's name as two bytes.
pub(crate) fn square_name(square: Square) -> [u8; 2] {
    [square.file().char() as u8, square.rank().char() as u8]
}

/// Appends a position's castling rights and en passant square as python-chess writes a
/// FEN's: castling as X-FEN, `K`/`Q` (`k`/`q`) when the castling rook is the outermost
/// rook on that side of the king, else the rook's file letter (Chess960), which gives
/// plain `KQkq` in standard chess; the en passant square only where a capture there is
/// legal.
pub(crate) fn push_rights(out: &mut Vec<u8>, board: &Chess) {
    let mut any = false;
    let castles = board.castles();
    for color in Color::ALL {
        let rooks = board.board().rooks()
            & board.board().by_color(color)
            & shakmaty::Bitboard::from_rank(color.backrank());
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let Some(rook) = castles.rook(color, side) else {
                continue;
            };
            let beyond = |r: Square| match side {
                CastlingSide::KingSide => r.file() > rook.file(),
                CastlingSide::QueenSide => r.file() < rook.file(),
            };
            let letter = match (rooks.into_iter().any(beyond), side) {
                (false, CastlingSide::KingSide) => b'k',
                (false, CastlingSide::QueenSide) => b'q',
                (true, _) => rook.file().char() as u8,
            };
            out.push(color.fold_wb(letter.to_ascii_uppercase(), letter));
            any = true;
        }
    }
    if !any {
        out.push(b'-');
    }
    out.push(b' ');
    match board.ep_square(EnPassantMode::Legal) {
        Some(square) => push_square(out, square),
        None => out.push(b'-'),
    }
}

/// Appends `n` in decimal.
pub(crate) fn push_i32(out: &mut Vec<u8>, n: i32) {
    if n < 0 {
        out.push(b'-');
    }
    push_u64(out, u64::from(n.unsigned_abs()));
}

/// Writes seconds as Rust's `Display` writes an `f64` (`180`, `179.5`): whole numbers,
/// most clocks, without the float formatter.
pub(crate) fn push_seconds(out: &mut Vec<u8>, seconds: f64) {
    // A whole number converts to an integer and back unchanged (NaN never compares
    // equal); no call to `trunc`.
    let whole = seconds as u64;
    if whole as f64 == seconds && seconds.is_sign_positive() && seconds < 1e15 {
        push_u64(out, whole);
    } else {
        use std::io::Write as _;
        let _ = write!(out, "{seconds}");
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub(crate) fn csv_text(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len() + 2);
    push_csv_text(&mut out, text);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes `text` as a CSV field: quoted (quotes doubled) when it holds a comma, a quote
/// or a line end, as it is otherwise. Any UTF-8 text's bytes: no `str` needed.
pub(crate) fn push_csv_text(out: &mut Vec<u8>, text: impl AsRef<[u8]>) {
    let bytes = text.as_ref();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_written_as_display_writes_them() {
        for seconds in [
            0.0,
            -0.0,
            7.0,
            180.0,
            179.5,
            0.1,
            1e15,
            1e16,
            123456789.0,
            2.5e-7,
            -3.0,
            f64::NAN,
            f64::INFINITY,
            1e300,
        ] {
            let mut out = Vec::new();
            push_seconds(&mut out, seconds);
            assert_eq!(String::from_utf8(out).unwrap(), seconds.to_string());
        }
    }

    #[test]
    fn numbers_of_every_size_and_at_every_boundary_read_back() {
        let mut out = Vec::new();
        // Each way of writing: below 10,000, below 100,000,000 (a low part with zeros
        // inside, as 10,000,005), and above, with every boundary's neighbours.
        let edges = [
            10_000u64,
            100_000,
            1_000_000,
            10_000_000,
            100_000_000,
            1 << 32,
        ];
        let near = edges.iter().flat_map(|&e| e - 2..e + 2);
        let spread = (0..100_000u64).map(|i| i * 7_919 + i % 10_000);
        for n in (0..100_000).chain(near).chain(spread).chain([
            10_000_005,
            99_990_001,
            u64::MAX - 1,
            u64::MAX,
        ]) {
            out.clear();
            out.push(b'x');
            push_u64(&mut out, n);
            assert_eq!(out[1..], *n.to_string().as_bytes(), "{n}");
        }
    }

    #[test]
    fn a_csv_field_is_quoted_exactly_when_it_needs_to_be_at_any_length() {
        let mut out = Vec::new();
        for len in 0..40 {
            for special in [None, Some(b','), Some(b'"'), Some(b'\n'), Some(b'\r')] {
                for at in 0..len.max(1) {
                    let mut text = vec![b'a'; len];
                    if let (Some(byte), true) = (special, at < len) {
                        text[at] = byte;
                    }
                    let quoted = special.is_some() && at < len;
                    let mut want = Vec::new();
                    if quoted {
                        want.push(b'"');
                        for &b in &text {
                            if b == b'"' {
                                want.push(b'"');
                            }
                            want.push(b);
                        }
                        want.push(b'"');
                    } else {
                        want.extend_from_slice(&text);
                    }
                    out.clear();
                    out.extend_from_slice(b"before,");
                    push_csv_text(&mut out, &text);
                    assert_eq!(out[7..], want, "{len} {special:?} {at}");
                }
            }
        }
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
