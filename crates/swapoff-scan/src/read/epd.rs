//! EPD/FEN lines: which text is the position, and turning it into a board.
//!
//! A line is blank, a `#` or `%` comment (all ignored), or a position (a byte-order mark
//! before it is ignored): the text before the first `;` split on any whitespace gives the
//! four FEN fields (placement, side, castling, en passant), then optionally the halfmove
//! clock and the fullmove number when they are numbers; anything after that is taken as
//! EPD operations (`bm e4`, `id "x"`), of which `hmvc` and `fmvn` give the counters (as
//! python-chess reads them) and the rest are ignored. So plain FENs, EPD records and
//! `FEN;move` lines all read. Missing counters are `0 1`.

use crate::encode::push_u64;
use crate::read::error::EpdError;
use cozy_chess::{Board, BoardBuilder, BoardBuilderError, Color, File, Piece, Square};

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
    let mut halfmove = 0;
    let mut fullmove = 1;
    if let Some(word) = words.next() {
        let Some(n) = number(word, "halfmove clock")? else {
            // EPD operations from here on: the word is a part of `record`.
            let start = word.as_ptr() as usize - record.as_ptr() as usize;
            let (h, f) = counters_in_operations(record.get(start..).unwrap_or(""))?;
            return Ok(Line::Fen {
                fields,
                halfmove: h.unwrap_or(halfmove),
                fullmove: f.unwrap_or(fullmove),
            });
        };
        halfmove = n;
        if let Some(word) = words.next() {
            if let Some(n) = number(word, "fullmove number")? {
                fullmove = positive(n, word)?;
            }
        }
    }
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

/// A counter operand: a number, and a positive one for the fullmove number.
fn counter(text: &str, field: &'static str) -> Result<u32, EpdError> {
    match number(text, field)? {
        Some(n) if field == "fullmove number" => positive(n, text),
        Some(n) => Ok(n),
        None => Err(EpdError::Counter {
            field,
            text: text.to_string(),
            why: "must be a number",
        }),
    }
}

/// A fullmove number, which starts at 1.
fn positive(n: u32, text: &str) -> Result<u32, EpdError> {
    match n {
        0 => Err(EpdError::Counter {
            field: "fullmove number",
            text: text.to_string(),
            why: "must be a positive integer",
        }),
        n => Ok(n),
    }
}

/// `Some(n)` for a number, `None` for a word that is not one (an EPD operation), an error
/// for digits that overflow.
fn number(word: &str, field: &'static str) -> Result<Option<u32>, EpdError> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    word.parse().map(Some).map_err(|_| EpdError::Counter {
        field,
        text: word.to_string(),
        why: "number too large",
    })
}

/// Builds the board. `fen` receives the normalised FEN (fields separated by one space,
/// counters as read), which is what the output prints.
///
/// The fields are read straight into a `cozy_chess::BoardBuilder`, whose `build` checks
/// the position (one king a side, no pawn on a back rank, the side not to move not in
/// check, castling rooks and en passant pawn where they must be). Castling is `KQkq` as in
/// X-FEN (`K` = the outermost rook on the king's side, so `h1` in standard chess) or
/// Shredder-FEN file letters. cozy-chess caps the counters (halfmove clock 100, fullmove
/// number 65535); only the output uses them, and it prints the real ones.
///
/// On failure the position is read again with `crate::read::parse::position` (shakmaty,
/// strict) for a message naming the field and the reason.
pub(crate) fn parse(
    fields: &[&str; 4],
    halfmove: u32,
    fullmove: u32,
    fen: &mut Vec<u8>,
) -> Result<Board, EpdError> {
    fen.clear();
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            fen.push(b' ');
        }
        fen.extend_from_slice(f.as_bytes());
    }
    fen.push(b' ');
    push_u64(fen, u64::from(halfmove));
    fen.push(b' ');
    push_u64(fen, u64::from(fullmove));

    let library = || {
        // The library's checks, as `eval` applies them. Castling rights are left to
        // cozy-chess, which reads Chess960's too.
        let text = format!("{} {} - {}", fields[0], fields[1], fields[3]);
        crate::read::parse::position(&text).map(|_| ())
    };
    match build(fields, halfmove, fullmove) {
        Ok(board) if needs_library_check(&board) => match library() {
            Ok(()) => Ok(board),
            Err(e) => Err(EpdError::Position(e)),
        },
        Ok(board) => Ok(board),
        Err(cozy) => Err(match library() {
            Err(e) => EpdError::Position(e),
            Ok(()) => EpdError::MoveGenerator(cozy.to_string()),
        }),
    }
}

/// Whether a board cozy-chess accepted may still be one the library refuses, so that
/// every command accepts the same positions: cozy-chess does not count a king as giving
/// check (adjacent kings), nor judge every way a double check or a check beside an en
/// passant square could have arisen, nor whether the material could come from a game.
/// Positions with none of these features (nearly all, single checks included) skip the
/// library's slower checks; `scan_and_eval_accept_the_same_positions` tests that nothing
/// else differs.
fn needs_library_check(board: &Board) -> bool {
    let kings = cozy_chess::get_king_moves(board.king(Color::White));
    let adjacent = kings.has(board.king(Color::Black));
    let unusual_material = Color::ALL.into_iter().any(|c| {
        let mine = board.colors(c);
        let count = |p: Piece| (mine & board.pieces(p)).len();
        mine.len() > 16
            || count(Piece::Pawn) > 8
            || count(Piece::Knight) > 2
            || count(Piece::Bishop) > 2
            || count(Piece::Rook) > 2
            || count(Piece::Queen) > 1
    });
    // A single check is always possible unless an en passant square says which pawn
    // moved last (shakmaty then asks whether that move could give it).
    let checks = board.checkers().len();
    let odd_check = checks > 1 || (checks == 1 && board.en_passant().is_some());
    adjacent || odd_check || unusual_material
}

/// The board of four FEN fields, or what cozy-chess (or this reader) objects to.
fn build(fields: &[&str; 4], halfmove: u32, fullmove: u32) -> Result<Board, &'static str> {
    let mut b = BoardBuilder::empty();
    placement(fields[0].as_bytes(), &mut b).ok_or("bad piece placement")?;
    b.side_to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err("bad side to move"),
    };
    if fields[2] != "-" {
        for c in fields[2].bytes() {
            castling(c, &mut b).ok_or("bad castling rights")?;
        }
    }
    if fields[3] != "-" {
        let sq: Square = fields[3].parse().map_err(|_| "bad en passant square")?;
        b.en_passant = Some(sq);
    }
    b.halfmove_clock = halfmove.min(100) as u8;
    b.fullmove_number = fullmove.clamp(1, u32::from(u16::MAX)) as u16;
    b.build().map_err(|e| match e {
        BoardBuilderError::InvalidBoard => "the board is invalid",
        BoardBuilderError::InvalidCastlingRights => "the castling rights are invalid",
        BoardBuilderError::InvalidEnPassant => "the en passant square is invalid",
        _ => "the move counters are invalid",
    })
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

/// The piece of each FEN letter (`None` for any other byte).
const PIECES: [Option<(Piece, Color)>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < 6 {
        t[LETTERS[i].to_ascii_uppercase() as usize] = Some((Piece::ALL[i], Color::White));
        t[LETTERS[i] as usize] = Some((Piece::ALL[i], Color::Black));
        i += 1;
    }
    t
};

/// Fills the builder's squares from a piece placement: eight ranks, eighth first.
///
/// Written without branches on the bytes: `at` counts squares in FEN order (a8 = 0,
/// h1 = 63, so the square is `at ^ 56`), every byte stores its piece (or `None`) at `at`,
/// which is still empty, and the slashes mark where they stand. The placement is good
/// when every byte is one a placement may hold, exactly seven slashes stand at squares
/// 8, 16, ..., 56 (each rank then spans eight files) and the last rank ends at 64. A bad
/// placement may have stored pieces anywhere; the builder is then thrown away.
fn placement(text: &[u8], b: &mut BoardBuilder) -> Option<()> {
    const RANK_STARTS: u64 = 0x0101_0101_0101_0100;
    let mut at = 0usize;
    let mut slashes = 0u64;
    let mut marks = 0u64;
    let mut valid = VALID;
    for &c in text {
        let code = PLACEMENT[usize::from(c)];
        b.board[(at ^ 56) & 63] = PIECES[usize::from(c)];
        let slash = u64::from((code & SLASH) >> 4);
        // `at` passes 64 only in a placement the final test refuses anyway.
        marks |= slash << (at & 63);
        slashes += slash;
        valid &= code;
        at += usize::from(code & 15);
    }
    (valid & VALID != 0 && slashes == 7 && marks == RANK_STARTS && at == 64).then_some(())
}

/// Adds one castling letter: `K`/`Q` (outermost rook on that side of the king) or a
/// rook's file letter, upper case for White.
fn castling(c: u8, b: &mut BoardBuilder) -> Option<()> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let back = if color == Color::White { 0 } else { 56 };
    let is_ours = |piece: Piece, file: usize| b.board[back + file] == Some((piece, color));
    let king = (0..8).find(|&f| is_ours(Piece::King, f))?;
    let rook_file = match c.to_ascii_lowercase() {
        b'k' => (king + 1..8).rev().find(|&f| is_ours(Piece::Rook, f))?,
        b'q' => (0..king).find(|&f| is_ours(Piece::Rook, f))?,
        l @ b'a'..=b'h' => usize::from(l - b'a'),
        _ => return None,
    };
    let rights = &mut b.castle_rights[color as usize];
    let slot = if rook_file > king {
        &mut rights.short
    } else {
        &mut rights.long
    };
    if slot.is_some() {
        return None;
    }
    *slot = Some(File::index(rook_file & 7));
    Some(())
}

/// One EPD/FEN line to a board: `Ok(None)` for a blank or `#` line, else the board (its
/// FEN, with the move counters, written into `fen`) or why the line is not a position.
pub(crate) fn read_line(line: &str, fen: &mut Vec<u8>) -> Result<Option<Board>, EpdError> {
    match split(line)? {
        Line::Empty => Ok(None),
        Line::Fen {
            fields,
            halfmove,
            fullmove,
        } => parse(&fields, halfmove, fullmove, fen).map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str) -> ([&str; 4], u32, u32) {
        match split(line) {
            Ok(Line::Fen {
                fields,
                halfmove,
                fullmove,
            }) => (fields, halfmove, fullmove),
            Ok(Line::Empty) => panic!("empty"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn reads_fen_epd_and_pairs() {
        let (f, h, n) = fields("  8/8/8/8/8/8/8/K6k   w -\t-  12 40 ");
        assert_eq!(f, ["8/8/8/8/8/8/8/K6k", "w", "-", "-"]);
        assert_eq!((h, n), (12, 40));
        let (_, h, n) = fields("8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"x\";");
        assert_eq!((h, n), (0, 1));
        // python-chess's reading of the counters' operations.
        let (_, h, n) = fields("8/8/8/8/8/8/8/K6k w - - hmvc 3; fmvn 40;");
        assert_eq!((h, n), (3, 40));
        let (_, h, n) = fields("8/8/8/8/8/8/8/K6k w - - id \"a; \\\"hmvc 9;\"; fmvn 7");
        assert_eq!((h, n), (0, 7));
        assert!(split("8/8/8/8/8/8/8/K6k w - - hmvc x;").is_err());
        assert!(split("8/8/8/8/8/8/8/K6k w - - fmvn 0;").is_err());
        assert!(split("8/8/8/8/8/8/8/K6k w - - hmvc;").is_err());
        let (f, _, _) = fields("8/8/8/8/8/8/8/K6k w - -;a1b2");
        assert_eq!(f[3], "-");
        let (f, _, _) = fields("\u{feff}8/8/8/8/8/8/8/K6k w - -");
        assert_eq!(f[0], "8/8/8/8/8/8/8/K6k");
        assert!(matches!(split("   "), Ok(Line::Empty)));
        assert!(matches!(split("# comment"), Ok(Line::Empty)));
        // PGN's escape line: passed over before the first position by the sniffing, and so
        // after it too (a Dask partition may start with one).
        assert!(matches!(split("% exported by x"), Ok(Line::Empty)));
        assert!(is_comment(b"  % caf\xe9"));
        assert!(split("8/8/8/8/8/8/8/K6k w -").is_err());
        assert!(split("8/8/8/8/8/8/8/K6k w - - 0 0").is_err());
    }

    #[test]
    fn errors_name_the_field() {
        let mut fen = Vec::new();
        let bad = ["8/8/8/8/8/8/8/K6k", "x", "-", "-"];
        let e = parse(&bad, 0, 1, &mut fen).unwrap_err();
        assert!(matches!(e, EpdError::Position(_)), "{e:?}");
        assert!(e.to_string().contains("side to move"), "{e}");
        let two_kings = ["8/8/8/8/8/8/8/KK5k", "w", "-", "-"];
        let e = parse(&two_kings, 0, 1, &mut fen).unwrap_err().to_string();
        assert!(e.contains("impossible position"), "{e}");
    }

    #[test]
    fn large_counters_are_kept_in_the_fen() {
        let mut fen = Vec::new();
        let ok = ["8/8/8/8/8/8/8/K6k", "w", "-", "-"];
        parse(&ok, 150, 70000, &mut fen).unwrap();
        assert_eq!(fen, b"8/8/8/8/8/8/8/K6k w - - 150 70000");
    }
}

#[cfg(test)]
mod builder_tests {
    use super::*;

    /// The reader agrees with cozy-chess's own FEN parser on valid positions and rejects
    /// what it rejects.
    #[test]
    fn agrees_with_cozy_chess() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
            "4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        ] {
            let f: Vec<&str> = fen.split(' ').collect();
            let fields = [f[0], f[1], f[2], f[3]];
            let ours = build(&fields, f[4].parse().unwrap(), f[5].parse().unwrap()).unwrap();
            let theirs: Board = fen.parse().unwrap();
            assert_eq!(ours, theirs, "{fen}");
        }
        for bad in [
            ["8/8/8/8/8/8/8/K6k/8", "w", "-", "-"],
            ["8/8/8/8/8/8/8/K7k", "w", "-", "-"],
            ["8/8/8/8/8/8/8/K5k", "w", "-", "-"],
            ["8/8/8/8/8/8/8/K6x", "w", "-", "-"],
            ["8/8/8/8/8/8/8/K6k", "w", "K", "-"],
            ["8/8/8/8/8/8/8/K6k", "w", "-", "e3"],
            ["8/8/8/8/8/8/8/K6k", "w", "-", "z9"],
            ["P7/8/8/8/8/8/8/K6k", "w", "-", "-"],
        ] {
            assert!(build(&bad, 0, 1).is_err(), "{bad:?}");
        }
    }

    /// Placements with one or two bytes changed, dropped or doubled (two faults can
    /// cancel out in the square count): the branch-free reader accepts
    /// exactly those shakmaty's board parser accepts, with the same pieces.
    #[test]
    fn placement_agrees_with_shakmaty_on_damaged_text() {
        let mut state = 0x0BAD_F00D_u64;
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
        let text = std::fs::read_to_string(root.join("positions/uho_head.epd")).expect("book");
        let (mut accepted, mut refused) = (0, 0);
        for line in text.lines().take(500) {
            let good = line.split(' ').next().expect("a placement").as_bytes();
            for _ in 0..40 {
                let mut damaged = good.to_vec();
                for _ in 0..1 + next(2) {
                    let at = next(damaged.len());
                    match next(3) {
                        0 => damaged[at] = b"12345678/9pPkKx0"[next(16)],
                        1 => drop(damaged.remove(at)),
                        _ => damaged.insert(at, damaged[at]),
                    }
                }
                let mut b = BoardBuilder::empty();
                let ours = placement(&damaged, &mut b).is_some();
                let theirs = shakmaty::Board::from_ascii_board_fen(&damaged);
                assert_eq!(
                    ours,
                    theirs.is_ok(),
                    "{}",
                    String::from_utf8_lossy(&damaged)
                );
                if let Ok(board) = theirs {
                    accepted += 1;
                    for (sq, piece) in board.clone() {
                        let (p, c) = b.board[sq as usize].expect("a piece");
                        let letter = crate::encode::piece_letter(p, c);
                        assert_eq!(char::from(letter), piece.char(), "{sq}");
                    }
                    assert_eq!(b.board.iter().flatten().count(), board.occupied().count());
                } else {
                    refused += 1;
                }
            }
        }
        assert!(accepted > 500 && refused > 5000, "{accepted} {refused}");
    }

    #[test]
    fn x_fen_castling_takes_the_outermost_rook() {
        let fields = ["4k3/8/8/8/8/8/8/1R2K1RR", "w", "Q", "-"];
        let board = build(&fields, 0, 1).unwrap();
        assert_eq!(board.castle_rights(Color::White).long, Some(File::B));
        let fields = ["4k3/8/8/8/8/8/8/1R2K1RR", "w", "K", "-"];
        let board = build(&fields, 0, 1).unwrap();
        assert_eq!(board.castle_rights(Color::White).short, Some(File::H));
    }

    /// One validation for every command: on random positions (kings side by side,
    /// checks, pawns on the back rank, extra material) and on the shipped book lines,
    /// `scan` accepts exactly what `eval` (the library's parser) accepts.
    #[test]
    fn scan_and_eval_accept_the_same_positions() {
        let mut state = 0x5EE5_CA11_u64;
        let mut next = move |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut fens = Vec::new();
        for _ in 0..20_000 {
            // shakmaty's board writes the placement (it takes any pieces, legal or not).
            let mut board = shakmaty::Board::empty();
            let mut place = |letter: char, sq: u64| {
                let sq = shakmaty::Square::new(sq as u32);
                let piece = shakmaty::Piece::from_char(letter).expect("a piece letter");
                let free = board.piece_at(sq).is_none();
                if free {
                    board.set_piece_at(sq, piece);
                }
                free
            };
            for king in ['K', 'k'] {
                while !place(king, next(64)) {}
            }
            for _ in 0..next(24) {
                let letter = b"PNBRQpnbrq"[next(10) as usize] as char;
                place(letter, next(64));
            }
            let placement = board.to_string();
            let side = if next(2) == 0 { "w" } else { "b" };
            let ep = ["-", "-", "-", "e6", "d3"][next(5) as usize];
            fens.push(format!("{placement} {side} - {ep}"));
        }
        // Checks beside an en passant square (random placements seldom have a pawn
        // where the square says): given by the pushed pawn, possible; by a knight, not;
        // discovered by the push (Bd1 through e2), possible, but not when the pawn on e2
        // would have left the king attacked by Ra4 (cozy-chess accepts that one).
        fens.push("8/8/8/3k4/4P3/8/8/4K3 b - e3".into());
        fens.push("8/8/8/3k4/4P3/2N5/8/4K3 b - e3".into());
        fens.push("8/8/8/8/4P1k1/8/8/3B3K b - e3".into());
        fens.push("8/8/8/8/R3P1k1/8/8/3B3K b - e3".into());
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
        for book in ["positions/uho_head.epd", "positions/endgames_head.epd"] {
            let text = std::fs::read_to_string(root.join(book)).expect("read a shipped book");
            fens.extend(text.lines().map(str::to_string));
        }
        let (mut accepted, mut refused) = (0, 0);
        let mut buf = Vec::new();
        for fen in &fens {
            let Ok(Line::Fen {
                fields,
                halfmove,
                fullmove,
            }) = split(fen)
            else {
                panic!("{fen}: not a FEN line");
            };
            let scan = parse(&fields, halfmove, fullmove, &mut buf).is_ok();
            let eval = crate::read::parse::position(fen).is_ok();
            assert_eq!(scan, eval, "{fen}: scan {scan}, eval {eval}");
            if eval {
                accepted += 1;
            } else {
                refused += 1;
            }
        }
        // Both outcomes are well represented, so the comparison means something.
        assert!(
            accepted > 5_000 && refused > 5_000,
            "{accepted} accepted, {refused} refused"
        );
    }
}
