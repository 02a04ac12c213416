//! Helpers shared by the library's tests and the lab's (whose `testing` module takes
//! this file as it is): the repository's test data, boards in both adapters, positions and
//! moves read with shakmaty, a small seeded generator. It needs only the library, its
//! adapters' crates and the standard library.

// Each test file uses some of the helpers.
#![allow(dead_code)]

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::path::PathBuf;
use swapoff::Move;

/// The repository's test data folder, `testdata/` at the workspace root.
pub fn testdata_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Reads a file of `testdata/` (`suites/leorik_see.epd`, ...), or panics naming it.
pub fn read_testdata(relative: &str) -> String {
    let path = testdata_dir().join(relative);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read test data file {}: {e}", path.display()))
}

/// The first `n` non-empty lines of a file of `testdata/`; fails if it has fewer.
pub fn testdata_lines(relative: &str, n: usize) -> Vec<String> {
    file_lines(&testdata_dir().join(relative), Some(n))
}

/// The non-empty lines of a file, trimmed: the first `n` of them when `n` is given (read
/// no further: the whole books are big), and then the file must have that many.
pub fn file_lines(path: &std::path::Path, n: Option<usize>) -> Vec<String> {
    use std::io::BufRead;
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("cannot open data file {}: {e}", path.display()));
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        if !line.trim().is_empty() {
            lines.push(line.trim().to_string());
        }
        if Some(lines.len()) == n {
            break;
        }
    }
    if let Some(n) = n {
        assert_eq!(
            lines.len(),
            n,
            "{} has fewer than {n} lines",
            path.display()
        );
    }
    lines
}

/// The whole-file data named by environment variable `var`, for the opt-in (`--ignored`)
/// agreement runs: a missing variable or file fails the run, it never passes silently.
pub fn opt_in_file(var: &str) -> PathBuf {
    let path = std::env::var_os(var).unwrap_or_else(|| {
        panic!("set {var} to the whole data file for this opt-in run (see the README)")
    });
    let path = PathBuf::from(path);
    assert!(path.is_file(), "{var}={} is not a file", path.display());
    path
}

/// The same position as a cozy-chess board, through its FEN.
pub fn cozy_of(pos: &Chess) -> cozy_chess::Board {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    cozy_chess::Board::from_fen(&fen, false)
        .unwrap_or_else(|e| panic!("cozy-chess refuses the FEN {fen:?} shakmaty wrote: {e:?}"))
}

/// A shakmaty move as cozy-chess spells it (castling is king-takes-rook in both
/// Chess960 UCI and cozy-chess), converted with `Move::from_cozy`.
pub fn cozy_move(board: &cozy_chess::Board, m: &shakmaty::Move) -> Move {
    let uci = m.to_uci(CastlingMode::Chess960).to_string();
    let cm: cozy_chess::Move = uci
        .parse()
        .unwrap_or_else(|e| panic!("cozy-chess cannot read the move {uci}: {e:?}"));
    Move::from_cozy(board, cm)
}

/// A legal position from a FEN (4 to 6 fields, standard or Chess960 castling rights),
/// read by shakmaty.
pub fn board(fen: &str) -> Result<Chess, String> {
    let fen: Fen = fen.trim().parse().map_err(|e| format!("{e}"))?;
    let mode = CastlingMode::detect(fen.as_setup());
    fen.into_position(mode).map_err(|e| format!("{e}"))
}

/// A move of `pos` in SAN or UCI, read by shakmaty.
pub fn board_move(pos: &Chess, text: &str) -> Result<shakmaty::Move, String> {
    if let Ok(san) = text.parse::<shakmaty::san::SanPlus>() {
        if let Ok(m) = san.san.to_move(pos) {
            return Ok(m);
        }
    }
    let uci: shakmaty::uci::UciMove = text.parse().map_err(|e| format!("{text}: {e}"))?;
    uci.to_move(pos).map_err(|e| format!("{text}: {e}"))
}

/// The UCI string of a move in standard notation (castling king to g/c file).
pub fn uci(pos: &Chess, m: &shakmaty::Move) -> String {
    m.to_uci(pos.castles().mode()).to_string()
}

/// A small deterministic generator (splitmix64), so every run sees the same positions.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as u64) as i32
    }

    /// True with the given probability in percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// The first 3,000 lines of the standard `FEN;UCI` pairs file.
pub const PAIRS: &str = "positions/see_pairs_head.txt";
/// The first 2,000 positions of Stockfish's UHO opening book.
pub const UHO: &str = "positions/uho_head.epd";
/// The first 2,000 positions of Stockfish's endgame book.
pub const ENDGAMES: &str = "positions/endgames_head.epd";

/// The piece-placement field of a FEN for a board given square by square (a1 first, upper
/// case white, `None` for an empty square).
pub fn placement(board: &[Option<char>; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}
