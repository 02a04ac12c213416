//! The classic rules (the chessprogramming wiki's swap algorithm: least valuable attacker
//! with x-rays, nothing else) as free functions, the rule set chosen when the program is
//! compiled, as [`see`](crate::see) is for the default rules and
//! [`stockfish`](crate::stockfish) for Stockfish's. For an engine whose SEE is the classic
//! one and that wants its answers, cheaper: see `docs/engines.md` for what each rule set
//! costs and where it is wrong.
//!
//! ```
//! # #[cfg(feature = "cozy-chess")] {
//! use swapoff::{classic, Move, PieceValues};
//! // The d7 knight is pinned to its king by Bb5, but the classic rules let it recapture.
//! let board: cozy_chess::Board = "4k3/3n4/8/1B2p3/8/5N2/8/6K1 w - - 0 1".parse().unwrap();
//! let nxe5 = Move::from_cozy(&board, "f3e5".parse().unwrap());
//! assert_eq!(classic::see(&board, nxe5), 100 - 300);
//! assert_eq!(swapoff::see(&board, nxe5), 100);
//! assert!(classic::see_ge_with(&board, nxe5, -200, &PieceValues::STANDARD));
//! # }
//! ```

use crate::board::SeeBoard;
use crate::rules::ClassicRules;
use crate::see::{fast_ge, fast_value};
use crate::types::Move;
use crate::values::PieceValues;

/// The SEE value of `mv` under [`Rules::Classic`](crate::Rules::Classic), values
/// 100/300/300/500/900.
#[inline]
pub fn see<B: SeeBoard + ?Sized>(board: &B, mv: Move) -> i32 {
    fast_value::<B, ClassicRules>(board, mv, &PieceValues::STANDARD)
}

/// Whether `see(board, mv) >= threshold`.
#[inline]
pub fn see_ge<B: SeeBoard + ?Sized>(board: &B, mv: Move, threshold: i32) -> bool {
    fast_ge::<B, ClassicRules>(board, mv, &PieceValues::STANDARD, threshold)
}

/// [`see`] with an engine's own piece values.
#[inline]
pub fn see_with<B: SeeBoard + ?Sized>(board: &B, mv: Move, values: &PieceValues) -> i32 {
    fast_value::<B, ClassicRules>(board, mv, values)
}

/// [`see_ge`] with an engine's own piece values.
#[inline]
pub fn see_ge_with<B: SeeBoard + ?Sized>(
    board: &B,
    mv: Move,
    threshold: i32,
    values: &PieceValues,
) -> bool {
    fast_ge::<B, ClassicRules>(board, mv, values, threshold)
}
