//! SEE in cozy-chess's own types, for an engine that imports `cozy_chess::Move` (whose
//! name [`crate::Move`] shares): each function converts the move at the call, as
//! [`Move::from_cozy`] does, and evaluates it on the board as it is.
//!
//! ```
//! let board: cozy_chess::Board = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1".parse().unwrap();
//! let rxe5: cozy_chess::Move = "e1e5".parse().unwrap();
//! assert_eq!(swapoff::cozy::see(&board, rxe5), 100);
//! assert!(swapoff::cozy::see_ge(&board, rxe5, 100));
//! // An engine that knows the move takes an enemy piece on its target square (any
//! // capture but en passant) skips the board lookups that tell castling and en passant
//! // apart.
//! assert_eq!(swapoff::cozy::capture_see(&board, rxe5), 100);
//! ```

use crate::{Move, PieceValues};
use cozy_chess::Board;

/// [`crate::see`] of a cozy-chess move: default rules and values.
#[inline]
pub fn see(board: &Board, mv: cozy_chess::Move) -> i32 {
    crate::see(board, Move::from_cozy(board, mv))
}

/// [`crate::see_ge`] of a cozy-chess move: whether its SEE is at least `threshold`.
#[inline]
pub fn see_ge(board: &Board, mv: cozy_chess::Move, threshold: i32) -> bool {
    crate::see_ge(board, Move::from_cozy(board, mv), threshold)
}

/// [`see`] with an engine's own piece values.
#[inline]
pub fn see_with(board: &Board, mv: cozy_chess::Move, values: &PieceValues) -> i32 {
    crate::see_with(board, Move::from_cozy(board, mv), values)
}

/// [`see_ge`] with an engine's own piece values.
#[inline]
pub fn see_ge_with(
    board: &Board,
    mv: cozy_chess::Move,
    threshold: i32,
    values: &PieceValues,
) -> bool {
    crate::see_ge_with(board, Move::from_cozy(board, mv), threshold, values)
}

/// [`see`] of a move the engine knows takes an enemy piece on its target square (any
/// capture but en passant, promotions included; checked in debug builds), converted by
/// [`Move::from_cozy_capture`], which serves the other rule sets too.
#[inline]
pub fn capture_see(board: &Board, mv: cozy_chess::Move) -> i32 {
    crate::see(board, Move::from_cozy_capture(board, mv))
}

/// [`see_ge`] of a move the engine knows takes an enemy piece on its target square.
#[inline]
pub fn capture_see_ge(board: &Board, mv: cozy_chess::Move, threshold: i32) -> bool {
    crate::see_ge(board, Move::from_cozy_capture(board, mv), threshold)
}

/// [`capture_see`] with an engine's own piece values.
#[inline]
pub fn capture_see_with(board: &Board, mv: cozy_chess::Move, values: &PieceValues) -> i32 {
    crate::see_with(board, Move::from_cozy_capture(board, mv), values)
}

/// [`capture_see_ge`] with an engine's own piece values.
#[inline]
pub fn capture_see_ge_with(
    board: &Board,
    mv: cozy_chess::Move,
    threshold: i32,
    values: &PieceValues,
) -> bool {
    crate::see_ge_with(board, Move::from_cozy_capture(board, mv), threshold, values)
}
