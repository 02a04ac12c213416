//! Helpers of the lab's test files: the library's shared test helpers (its
//! `tests/common/mod.rs`: test data, boards in both adapters, a seeded generator), and
//! positions and moves read by the faces' reader (`swapoff_scan::Position`).

use shakmaty::Chess;
use swapoff::Move;
use swapoff_scan::{FenError, MoveError};

#[path = "../../swapoff/tests/common/mod.rs"]
mod shared;
pub use shared::{
    cozy_move, cozy_of, file_lines, opt_in_file, placement, read_testdata, testdata_dir,
    testdata_lines, uci, Rng, ENDGAMES, PAIRS, UHO,
};

/// A legal position from a FEN with 4 to 6 fields.
pub fn chess(fen: &str) -> Chess {
    position(fen).unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

/// A FEN read by the faces' reader (`swapoff_scan::Position::from_fen`), as the board
/// crate's position, or what is wrong with it: for tests that keep `Chess` positions.
pub fn position(fen: &str) -> Result<Chess, FenError> {
    swapoff_scan::Position::from_fen(fen).map(swapoff_scan::Position::into_chess)
}

/// A move of `pos` read by the faces' reader (`swapoff_scan::Position::see_move`: SAN,
/// UCI, long algebraic), or why not.
pub fn see_move(pos: &Chess, text: &str) -> Result<Move, MoveError> {
    swapoff_scan::Position::from(pos.clone()).see_move(text)
}

/// The board crate's move for a move of `pos` read by the faces' reader
/// (`swapoff_scan::Position::legal_move`), or why not.
pub fn legal_move(pos: &Chess, text: &str) -> Result<shakmaty::Move, MoveError> {
    swapoff_scan::Position::from(pos.clone()).legal_move(text)
}
