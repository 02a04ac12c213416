//! The checks behind swapoff's fuzz targets.
//!
//! Each check takes raw bytes and panics when an invariant is broken; no input may make
//! the library itself panic or overflow. The fuzz targets (`fuzz/fuzz_targets/`) call
//! these functions, and `crates/swapoff-lab/tests/fuzz_regression.rs` replays the committed
//! seeds in `fuzz/seeds/<target>/` through them under `cargo test`, without libfuzzer.

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position as _};
use swapoff::{Move, PieceValues, PreparedBoard, Rules, See, MAX_PIECE_VALUE};
use swapoff_bench::suite;
use swapoff_scan::Position;

/// Names of the fuzz targets, which are also the names of the seed folders.
pub const TARGETS: [&str; 3] = ["parse_inputs", "see_invariants", "read_inputs"];

/// Runs the check of the target called `name` on `data`; `false` for an unknown name.
pub fn run_target(name: &str, data: &[u8]) -> bool {
    match name {
        "parse_inputs" => parse_inputs(data),
        "see_invariants" => see_invariants(data),
        "read_inputs" => read_inputs(data),
        _ => return false,
    }
    true
}

/// No SEE value can be larger in magnitude: 32 captures of at most a promoted queen
/// (queen value plus queen minus pawn), from the bound [`MAX_PIECE_VALUE`] documents.
const VALUE_BOUND: i64 = 64 * MAX_PIECE_VALUE as i64;

/// Positions the parse target plays move text in, whatever the bytes say about the FEN.
const MOVE_BASES: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Castling both ways, many captures.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // En passant and a promotion with capture.
    "1r2k3/2P5/8/3pP3/8/8/8/4K3 w - d6 0 2",
    // Both knights reach d2: `Nd2` is ambiguous.
    "r3k2r/pppppppp/8/8/8/8/8/RN2KN1R w KQkq - 0 1",
];

// ---------------------------------------------------------------------------------------
// parse_inputs
// ---------------------------------------------------------------------------------------

/// Arbitrary bytes, read as UTF-8 (lossily), through `Position::from_fen` and `Position::see_move`
/// on several splits of the text, `suite::suite_line`/`suite::read_suite`, and the `FromStr`
/// of piece values and rules. Every error must carry a useful message; everything that is
/// accepted must be consistent with what was read.
pub fn parse_inputs(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;

    check_position_text(text);
    // `FEN;move`, `FEN|move` and `FEN move` splits, as the CLI and the suites write them.
    for separator in [';', '|'] {
        if let Some((fen, mv)) = text.split_once(separator) {
            check_fen_and_move(fen, mv);
        }
    }
    if let Some((fen, mv)) = text
        .trim_end()
        .rsplit_once(|c: char| c.is_ascii_whitespace())
    {
        check_fen_and_move(fen, mv);
    }
    // The text as a move in fixed positions, and its first token.
    for base in MOVE_BASES {
        let pos = Position::from_fen(base).unwrap_or_else(|e| panic!("base FEN {base}: {e}"));
        check_move(&pos, text);
        if let Some(token) = text.split_ascii_whitespace().next() {
            check_move(&pos, token);
        }
    }
    check_suite_text(text);
    check_values_text(text);
    check_rules_text(text);
}

/// Parses `text` as a FEN and checks the answer against the text.
fn check_position_text(text: &str) -> Option<Position> {
    let fields = text.split_ascii_whitespace().count();
    match Position::from_fen(text) {
        Ok(pos) => {
            assert!(
                (4..=6).contains(&fields),
                "accepted {fields} fields: {text:?}"
            );
            // What shakmaty writes for an accepted position must read back to itself.
            let fen = pos.fen();
            let again = Position::from_fen(&fen)
                .unwrap_or_else(|e| panic!("written FEN {fen:?} does not read back: {e}"));
            assert_eq!(fen, again.fen(), "FEN round trip of {text:?}");
            Some(pos)
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            match &e {
                swapoff_scan::FenError::Empty => assert_eq!(fields, 0, "{text:?}"),
                swapoff_scan::FenError::TooFewFields { found } => {
                    assert_eq!(*found, fields, "{text:?}");
                    assert!((1..=3).contains(found));
                    assert!(message.contains(&found.to_string()));
                }
                swapoff_scan::FenError::TooManyFields { found } => {
                    assert_eq!(*found, fields, "{text:?}");
                    assert!(*found > 6);
                    assert!(message.contains(&found.to_string()));
                }
                swapoff_scan::FenError::BadField {
                    field,
                    text: bad,
                    why,
                } => {
                    assert!((4..=6).contains(&fields), "{text:?}");
                    assert!(
                        message.contains(field.name()),
                        "{message} does not name {field}"
                    );
                    assert!(message.contains(why), "{message} does not say {why}");
                    assert!(
                        text.split_ascii_whitespace().any(|f| f == bad) || bad.is_empty(),
                        "reported field text {bad:?} is not in {text:?}"
                    );
                }
                swapoff_scan::FenError::Impossible { reasons } => {
                    assert!((4..=6).contains(&fields), "{text:?}");
                    assert!(!reasons.is_empty());
                }
            }
            None
        }
    }
}

fn check_fen_and_move(fen: &str, mv: &str) {
    if let Some(pos) = check_position_text(fen) {
        check_move(&pos, mv);
    }
}

/// Reads `text` as a move of `pos`: an accepted move is legal and evaluates under every
/// rule set, and the position after it exists exactly when the board crate's move was
/// read; a refused one says why, and its candidates are legal moves.
fn check_move(asked: &Position, text: &str) {
    let pos = asked.chess();
    let legal: Vec<(String, Move)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            let converted = Move::try_from(m).unwrap_or_else(|e| panic!("legal move: {e}"));
            (uci, converted)
        })
        .collect();
    let via_board = asked.legal_move(text);
    assert_eq!(asked.play(text).is_ok(), via_board.is_ok(), "{text:?}");
    match asked.see_move(text) {
        Ok(mv) => {
            assert!(
                via_board.is_ok(),
                "see_move accepts what legal_move refuses"
            );
            assert!(
                legal.iter().any(|(_, m)| *m == mv),
                "{text:?} read as {mv}, which is not legal"
            );
            for rules in Rules::ALL {
                let v = See::new(rules).value(pos, mv);
                assert!(i64::from(v).abs() <= VALUE_BOUND);
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            // The faces' message names the position.
            let worded = asked.move_message(&e);
            assert!(
                worded.ends_with(&format!("(in {})", asked.fen())),
                "{worded}"
            );
            let (candidates, at_least) = match &e {
                swapoff_scan::MoveError::Illegal { candidates, .. } => (candidates.as_slice(), 0),
                swapoff_scan::MoveError::Ambiguous { candidates, .. } => (candidates.as_slice(), 2),
                swapoff_scan::MoveError::Empty
                | swapoff_scan::MoveError::Unparseable { .. }
                | swapoff_scan::MoveError::Unsupported { .. }
                | swapoff_scan::MoveError::Null { .. } => (&[][..], 0),
            };
            assert!(
                candidates.len() >= at_least,
                "{message}: too few candidates for {text:?}"
            );
            for c in candidates {
                assert!(
                    legal.iter().any(|(uci, _)| uci == c),
                    "candidate {c} of {text:?} is not a legal move"
                );
            }
        }
    }
}

/// Every line as a suite line, and the whole text as a suite.
fn check_suite_text(text: &str) {
    let mut one_by_one = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let result = suite::suite_line(n, line);
        match &result {
            Ok(None) => {
                let t = line.trim_start_matches('\u{feff}').trim();
                assert!(t.is_empty() || t.starts_with('#'), "line {line:?} skipped");
            }
            Ok(Some(row)) => {
                assert_eq!(row.line, n);
                assert!(!row.mv.is_empty());
                // Only the first lines: a long input must not make one run slow.
                if n <= 16 {
                    check_fen_and_move(&row.fen, &row.mv);
                }
            }
            Err(e) => {
                assert_eq!(e.line, n);
                let message = e.to_string();
                assert!(
                    message.starts_with(&format!("line {n}: ")),
                    "{message} does not start with the line number"
                );
            }
        }
        if let Some(r) = result.transpose() {
            one_by_one.push(r);
        }
    }
    assert_eq!(
        suite::read_suite(text),
        one_by_one,
        "parse disagrees with parse_line"
    );
}

fn check_values_text(text: &str) {
    match text.parse::<PieceValues>() {
        Ok(v) => {
            assert_eq!(v.to_string().parse::<PieceValues>(), Ok(v));
            check_values(&v);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn check_values(v: &PieceValues) {
    let all = [v.pawn(), v.knight(), v.bishop(), v.rook(), v.queen()];
    assert!(
        all.iter().all(|&x| (1..=MAX_PIECE_VALUE).contains(&x)),
        "{v}"
    );
    assert!(all.windows(2).all(|w| w[0] <= w[1]), "{v}");
    assert_eq!(v.value(swapoff::Role::King), 0);
}

fn check_rules_text(text: &str) {
    match text.parse::<Rules>() {
        Ok(r) => {
            assert!(r.name().eq_ignore_ascii_case(text.trim()));
            assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
        }
        Err(e) => assert!(e.to_string().contains("unknown rule set")),
    }
    // The faces' question takes the same names.
    let asked = swapoff_scan::Question::new(text, None, None);
    assert_eq!(asked.is_ok(), text.parse::<Rules>().is_ok(), "{text:?}");
}

// ---------------------------------------------------------------------------------------
// see_invariants
// ---------------------------------------------------------------------------------------

/// Starting points of the derived positions: tactics-rich ones where exchanges are long,
/// with pins, x-rays, en passant, promotions, castling and king recaptures.
const START_FENS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
    "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
    "2r1r1k1/1b1q1ppp/p1n5/1p1pp3/3PP3/1BN1BN2/PPQ2PPP/2RR2K1 w - - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    "3r2k1/4P3/8/8/8/8/8/4K2R w K - 0 1",
    "4k3/4r3/8/8/8/4B3/4K3/8 w - - 0 1",
    "QQQ5/8/8/3p3k/8/8/8/QQQ1K3 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
    "6k1/1pp4p/p1pb4/6q1/3P1pRr/2P4P/PP1Br1P1/5RKN w - - 0 1",
    "4q3/1p1pr1k1/1B2rp2/6p1/p3PP2/P3R1P1/1P2R1K1/4Q3 b - - 0 1",
    "8/1P4k1/8/3p4/4P3/1K6/6p1/5R2 b - - 0 1",
];

/// Reads the fuzz input as a stream of small numbers; past its end every read is 0.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn i32(&mut self) -> i32 {
        i32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    fn i64(&mut self) -> i64 {
        let lo = self.i32() as u32;
        let hi = self.i32() as u32;
        (i64::from(hi) << 32) | i64::from(lo)
    }
}

/// A legal position derived from the bytes, and its FEN.
fn derive_position(r: &mut Bytes) -> Chess {
    let first = r.u8();
    let mut pos = if first & 0x80 != 0 {
        placed_position(r).unwrap_or_else(|| start(first))
    } else {
        start(first)
    };
    let plies = r.u8() % 64;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(r.u8()) % moves.len()];
        pos.play_unchecked(m);
    }
    pos
}

fn start(selector: u8) -> Chess {
    let fen = START_FENS[usize::from(selector) % START_FENS.len()];
    Position::from_fen(fen)
        .unwrap_or_else(|e| panic!("start FEN {fen}: {e}"))
        .into_chess()
}

/// Two kings and up to 15 other pieces where the bytes say; `None` when that is not a
/// legal position (the caller then uses a fixed start).
fn placed_position(r: &mut Bytes) -> Option<Chess> {
    let mut board = [None::<char>; 64];
    let white_king = usize::from(r.u8() % 64);
    let black_king = usize::from(r.u8() % 64);
    board[white_king] = Some('K');
    board[black_king] = Some('k');
    let count = r.u8() % 16;
    for _ in 0..count {
        let sq = usize::from(r.u8() % 64);
        let piece = b"PNBRQpnbrq"[usize::from(r.u8() % 10)];
        if board[sq].is_none() {
            board[sq] = Some(char::from(piece));
        }
    }
    let placement = crate::testing::placement(&board);
    let side = if r.u8() & 1 == 0 { 'w' } else { 'b' };
    Position::from_fen(&format!("{placement} {side} - - 0 1"))
        .ok()
        .map(Position::into_chess)
}

/// Piece values from the bytes: `PieceValues::new` must accept exactly the valid ones.
fn derive_values(r: &mut Bytes) -> PieceValues {
    let max = i64::from(MAX_PIECE_VALUE);
    let mode = r.u8() % 4;
    let raw: [i64; 5] = match mode {
        // Valid values spread over the whole allowed range, sorted.
        0 | 1 => {
            let mut v = [0i64; 5];
            for x in &mut v {
                *x = 1 + i64::from(r.i32()).rem_euclid(max);
            }
            v.sort_unstable();
            v
        }
        // Boundary values, in any order.
        2 => {
            const EDGES: [i64; 8] = [i64::MIN, -1, 0, 1, 100, (1 << 23) - 1, 1 << 23, i64::MAX];
            let mut v = [0i64; 5];
            for x in &mut v {
                *x = EDGES[usize::from(r.u8()) % EDGES.len()];
            }
            v
        }
        // Anything at all.
        _ => {
            let mut v = [0i64; 5];
            for x in &mut v {
                *x = r.i64();
            }
            v
        }
    };
    let valid = raw.iter().all(|&x| (1..=max).contains(&x)) && raw.windows(2).all(|w| w[0] <= w[1]);
    match PieceValues::new(raw[0], raw[1], raw[2], raw[3], raw[4]) {
        Ok(v) => {
            assert!(valid, "PieceValues::new accepted {raw:?}");
            check_values(&v);
            assert_eq!(v.to_string().parse::<PieceValues>(), Ok(v));
            v
        }
        Err(e) => {
            assert!(!valid, "PieceValues::new refused {raw:?}: {e}");
            assert!(!e.to_string().is_empty());
            // The largest valid values: the case where overflow would show first.
            PieceValues::new(max, max, max, max, max)
                .unwrap_or_else(|e| panic!("maximal values refused: {e}"))
        }
    }
}

/// A legal position and piece values from the bytes; then, for every legal move, every
/// rule set, the rule set's own values and the derived ones:
///
/// - `See::ge(m, t) == (See::value(m) >= t)` for thresholds around the value, at the
///   extremes of `i32` and of the library's internal limit, and taken from the bytes;
/// - `window(m, a, b)` is the value clamped into `[a, b]`;
/// - the value is the same on `shakmaty::Chess`, `shakmaty::Board`, `PreparedBoard` and
///   `cozy_chess::Board` (with the move converted by `Move::from_cozy`, which must give the
///   same set of moves as the shakmaty conversion);
/// - the trace agrees with the value; the free functions agree with `Rules::Default`;
/// - nothing panics or overflows (the fuzz build and the tests check overflow).
pub fn see_invariants(data: &[u8]) {
    let mut r = Bytes { data, at: 0 };
    let pos = derive_position(&mut r);
    let values = derive_values(&mut r);
    let from_bytes = [r.i32(), r.i32(), i32::from(r.u8() as i8) * 50];
    let window = (i32::from(r.i32() as i16), i32::from(r.i32() as i16));

    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let cozy = cozy_chess::Board::from_fen(&fen, false)
        .unwrap_or_else(|e| panic!("cozy-chess refuses the legal position {fen}: {e:?}"));
    let mut cozy_moves = Vec::new();
    cozy.generate_moves(|moves| {
        cozy_moves.extend(moves.into_iter().map(|m| Move::from_cozy(&cozy, m)));
        false
    });
    let legal: Vec<Move> = pos
        .legal_moves()
        .iter()
        .map(|m| Move::try_from(m).unwrap_or_else(|e| panic!("{fen}: legal move {m}: {e}")))
        .collect();
    assert_eq!(
        legal.len(),
        cozy_moves.len(),
        "{fen}: shakmaty and cozy-chess count different legal moves"
    );
    for mv in &legal {
        assert!(
            cozy_moves.contains(mv),
            "{fen}: {mv} ({mv:?}) has no cozy-chess counterpart"
        );
    }

    let cached = PreparedBoard::new(&pos);
    for &mv in &legal {
        for rules in Rules::ALL {
            for see in [See::new(rules), See::new(rules).with_values(values)] {
                let context = || format!("{fen} {mv} rules {rules} values {}", see.values());
                let v = see.value(&pos, mv);
                assert!(
                    i64::from(v).abs() <= VALUE_BOUND,
                    "{}: value {v}",
                    context()
                );
                assert_eq!(see.value(&cozy, mv), v, "{}: cozy-chess", context());
                assert_eq!(see.value(pos.board(), mv), v, "{}: Board", context());
                assert_eq!(see.value(&cached, mv), v, "{}: PreparedBoard", context());

                let thresholds = [
                    i32::MIN,
                    i32::MIN + 1,
                    -(1 << 30) - 1,
                    -(1 << 30),
                    -(1 << 30) + 1,
                    -1,
                    0,
                    1,
                    (1 << 30) - 1,
                    1 << 30,
                    (1 << 30) + 1,
                    i32::MAX - 1,
                    i32::MAX,
                    v - 1,
                    v,
                    v + 1,
                    from_bytes[0],
                    from_bytes[1],
                    from_bytes[2],
                ];
                for t in thresholds {
                    assert_eq!(see.ge(&pos, mv, t), v >= t, "{}: ge({t})", context());
                }

                let (a, b) = window;
                if a < b {
                    assert_eq!(
                        see.window(&pos, mv, a, b),
                        v.clamp(a, b),
                        "{}: window({a}, {b})",
                        context()
                    );
                }

                let trace = see.trace(&pos, mv);
                assert_eq!(trace.value, v, "{}: trace\n{trace}", context());
                assert!(!trace.captures.is_empty(), "{}", context());
                assert_eq!(trace.captures[0].from, mv.from, "{}", context());
                assert_eq!(trace.gains.len(), trace.captures.len() + 1, "{}", context());
                assert_eq!(trace.negamax.len(), trace.gains.len(), "{}", context());
                assert!(
                    (1..=trace.captures.len()).contains(&trace.played),
                    "{}: played {}",
                    context(),
                    trace.played
                );
                assert!(!trace.to_string().is_empty());
            }
        }
        let default = See::new(Rules::Default).value(&pos, mv);
        assert_eq!(swapoff::see(&pos, mv), default, "{fen} {mv}: see()");
        for t in [default - 1, default, default + 1, from_bytes[0]] {
            assert_eq!(
                swapoff::see_ge(&pos, mv, t),
                default >= t,
                "{fen} {mv}: see_ge({t})"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// read_inputs
// ---------------------------------------------------------------------------------------

/// Counts what a scan hands on, rows and notes in order, and writes them as Arrow rows
/// of some of the columns, as the Python package and `--parquet` do.
struct Counted {
    rows: usize,
    notes: usize,
    columns: swapoff_scan::Columns,
}

impl Counted {
    /// The columns are those whose bit is set in `pick` (every one when none is).
    fn new(pick: u32) -> Counted {
        use swapoff_scan::{Column, Selection};
        let names: Vec<&str> = Column::ALL
            .iter()
            .chain(&Column::ON_REQUEST)
            .enumerate()
            .filter(|(i, _)| pick & (1 << i) != 0)
            .map(|(_, c)| c.name())
            .collect();
        let selection = Selection::parse(&names.join(",")).unwrap_or_else(|_| Selection::all());
        let layout = swapoff_scan::Layout {
            file: true,
            tags: vec!["Event".into()],
            errors: true,
            columns: Some(selection),
        };
        Counted {
            rows: 0,
            notes: 0,
            columns: swapoff_scan::Columns::new(&layout, layout.schema()),
        }
    }

    /// The Arrow rows: one for each row and note, every column as long.
    fn finish(&mut self) {
        let batch = self.columns.finish().expect("columns of one length");
        assert_eq!(batch.num_rows(), self.rows + self.notes);
    }
}

impl swapoff_scan::Sink for Counted {
    type Error = std::convert::Infallible;

    fn row(
        &mut self,
        row: &swapoff_scan::Row<'_>,
    ) -> Result<std::ops::ControlFlow<()>, Self::Error> {
        assert!(!row.fen.is_empty(), "a row without its FEN");
        self.columns.push(row, "input");
        self.rows += 1;
        Ok(std::ops::ControlFlow::Continue(()))
    }

    fn note(&mut self, note: swapoff_scan::Note) -> Result<std::ops::ControlFlow<()>, Self::Error> {
        let why = note.cause.reason();
        assert!(!why.is_empty(), "a note without a reason");
        assert!(why.len() < 4096, "a note of {} bytes", why.len());
        self.columns.push_note(&note, "input");
        self.notes += 1;
        Ok(std::ops::ControlFlow::Continue(()))
    }
}

/// Arbitrary bytes through the whole reading of `seeswap scan`, as every format (told
/// from the content, and forced to each one): decompression, format detection, the
/// EPD, PGN, CSV, JSON Lines and Parquet readers, the scan of each unit, and its rows
/// written as Arrow columns (some of them, picked by the input's first bytes). Nothing may
/// panic (a dictionary-encoded Parquet column once did), and every message must be short.
pub fn read_inputs(data: &[u8]) {
    use swapoff_scan::{Format, ReadOptions, Scan};
    let formats = [
        None,
        Some(Format::Epd),
        Some(Format::Pgn),
        Some(Format::Csv),
        Some(Format::Jsonl),
        Some(Format::Parquet),
    ];
    let tags = vec!["Event".to_string(), "Moves".to_string()];
    // Tables read as positions, and as puzzles with a moves column.
    let plain = None;
    let puzzles = Some("moves".to_string());
    // Input with content gives a row or a note: nothing is dropped without a word. (Read
    // as EPD, a line that opens with `#` is a comment, as blank as an empty one; before
    // the first line with content, a `%` line, PGN's escape, is passed over whatever the
    // format, and with only such lines there is none.)
    let blank = data.iter().all(|b| b.is_ascii_whitespace());
    let comments = data
        .split(|&b| b == b'\n' || b == b'\r')
        .all(|line| match std::str::from_utf8(line) {
            Ok(text) => {
                let text = text.trim_start_matches('\u{feff}').trim_start();
                text.is_empty() || text.starts_with('#') || text.starts_with('%')
            }
            // Not text: a comment still, if it opens with `#` (or `%`).
            Err(_) => {
                let bytes = line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line);
                let bytes = bytes.trim_ascii_start();
                bytes.starts_with(b"#") || bytes.starts_with(b"%")
            }
        });
    // Which columns the Arrow rows have: from the input's first bytes.
    let pick = data
        .iter()
        .take(4)
        .fold(0u32, |p, &b| p << 8 | u32::from(b));
    for (format, moves_column) in formats
        .into_iter()
        .flat_map(|f| [(f, plain.clone()), (f, puzzles.clone())])
    {
        let reading = ReadOptions {
            format,
            tags: tags.clone(),
            moves_column,
            ..ReadOptions::default()
        };
        let scan = Scan::new(See::new(Rules::Default), None, reading);
        let mut sink = Counted::new(pick);
        let mut units = 0usize;
        let _ = scan.read_bytes(data.to_vec(), 1, |work| {
            units += 1;
            let Ok(flow) = scan.process(work, &mut sink);
            flow
        });
        let said = sink.rows + sink.notes > 0;
        let silent = blank || (comments && format == Some(Format::Epd));
        assert!(
            silent || said || units == 0 || format.is_none(),
            "{format:?}: {units} units gave neither a row nor a note"
        );
        sink.finish();
    }
    for format in [None, Some(Format::Pgn)] {
        let reading = ReadOptions {
            format,
            tags: tags.clone(),
            ..ReadOptions::default()
        };
        cut_games_read_as_whole(data, &Scan::new(See::new(Rules::Default), None, reading));
    }
}

/// Each row's place and FEN, and each note's text, in order: what must be the same however
/// the reading is shared out.
#[derive(Default)]
struct Listed(Vec<String>);

impl swapoff_scan::Sink for Listed {
    type Error = std::convert::Infallible;

    fn row(
        &mut self,
        row: &swapoff_scan::Row<'_>,
    ) -> Result<std::ops::ControlFlow<()>, Self::Error> {
        let fen = String::from_utf8_lossy(row.fen);
        self.0.push(format!("{:?} {fen}", row.origin));
        Ok(std::ops::ControlFlow::Continue(()))
    }

    fn note(&mut self, note: swapoff_scan::Note) -> Result<std::ops::ControlFlow<()>, Self::Error> {
        self.0.push(note.to_string());
        Ok(std::ops::ControlFlow::Continue(()))
    }
}

/// `data` read on one thread, and as `scan` reads a file on several, where the reading
/// thread only cuts PGN games for the workers to read: the same rows and notes, in the
/// same order.
fn cut_games_read_as_whole(data: &[u8], scan: &swapoff_scan::Scan) {
    use std::ops::ControlFlow;
    use std::sync::OnceLock;
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    let pool = POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("two threads")
    });
    let mut one = Listed::default();
    let _ = scan.read_bytes(data.to_vec(), 1, |work| {
        let Ok(flow) = scan.process(work, &mut one);
        flow
    });
    let mut file = tempfile::NamedTempFile::new().expect("a scratch file");
    std::io::Write::write_all(&mut file, data).expect("written");
    let input = swapoff_scan::InputName::from(file.path().to_path_buf());
    let mut several = Vec::new();
    let process = |work: &swapoff_scan::Work| {
        let mut listed = Listed::default();
        let _ = scan.process(work, &mut listed);
        listed.0
    };
    let read = scan.run(vec![input], pool, process, |batch| {
        several.extend(batch.results.into_iter().flatten());
        ControlFlow::Continue(())
    });
    assert!(read.is_ok(), "the reading thread panicked");
    assert_eq!(several, one.0, "cut for the workers, read otherwise");
}
