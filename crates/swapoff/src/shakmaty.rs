//! SEE in shakmaty's own types: a `shakmaty::Move` evaluated on a `shakmaty::Chess` (or
//! `shakmaty::Board`) as it is, converted at the call as `Move::try_from` converts it. A
//! piece drop has no exchange to evaluate and is refused.
//!
//! ```
//! use shakmaty::{fen::Fen, CastlingMode, Chess, Move, Role, Square};
//! let fen: Fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1".parse().unwrap();
//! let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
//! let rxe5 = Move::Normal {
//!     role: Role::Rook,
//!     from: Square::E1,
//!     capture: Some(Role::Pawn),
//!     to: Square::E5,
//!     promotion: None,
//! };
//! assert_eq!(swapoff::shakmaty::see(&pos, &rxe5), Ok(100));
//! assert_eq!(swapoff::shakmaty::see_ge(&pos, &rxe5, 101), Ok(false));
//! ```

use crate::{Move, PieceValues, SeeBoard, UnsupportedMove};

/// [`crate::see`] of a shakmaty move: default rules and values.
#[inline]
pub fn see<B: SeeBoard + ?Sized>(board: &B, mv: &::shakmaty::Move) -> Result<i32, UnsupportedMove> {
    Ok(crate::see(board, Move::try_from(mv)?))
}

/// [`crate::see_ge`] of a shakmaty move.
#[inline]
pub fn see_ge<B: SeeBoard + ?Sized>(
    board: &B,
    mv: &::shakmaty::Move,
    threshold: i32,
) -> Result<bool, UnsupportedMove> {
    Ok(crate::see_ge(board, Move::try_from(mv)?, threshold))
}

/// [`see`] with an engine's own piece values.
#[inline]
pub fn see_with<B: SeeBoard + ?Sized>(
    board: &B,
    mv: &::shakmaty::Move,
    values: &PieceValues,
) -> Result<i32, UnsupportedMove> {
    Ok(crate::see_with(board, Move::try_from(mv)?, values))
}

/// [`see_ge`] with an engine's own piece values.
#[inline]
pub fn see_ge_with<B: SeeBoard + ?Sized>(
    board: &B,
    mv: &::shakmaty::Move,
    threshold: i32,
    values: &PieceValues,
) -> Result<bool, UnsupportedMove> {
    Ok(crate::see_ge_with(
        board,
        Move::try_from(mv)?,
        threshold,
        values,
    ))
}
