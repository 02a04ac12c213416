//! Stockfish's rules as free functions, for an engine that wants Stockfish's answers.
//!
//! The same computation as [`See::new(Rules::Stockfish)`](crate::See), with Stockfish's
//! piece values fixed at compile time and no rule set chosen at run time: the form an
//! engine calls in its move loop, as [`see_ge`](crate::see_ge) is for the default rules.
//! `see_ge` here answers as Stockfish's `Position::see_ge` does, bit for bit: castling,
//! en passant and promotions count 0, pins are those of the position before the move,
//! and the king recaptures only when the other side has no attacker left.
//!
//! ```
//! # #[cfg(feature = "cozy-chess")] {
//! use swapoff::{stockfish, Move, PreparedBoard};
//! let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
//! let rxd5 = Move::from_cozy(&board, "d1d5".parse().unwrap());
//! assert_eq!(stockfish::see(&board, rxd5), 208);
//! assert!(stockfish::see_ge(&board, rxd5, 208));
//! // An engine that keeps pins per position: the same answers, faster.
//! assert!(!stockfish::see_ge(&PreparedBoard::new(&board), rxd5, 209));
//! # }
//! ```

use crate::board::SeeBoard;
use crate::rules::StockfishRules;
use crate::see::{fast_ge, fast_value};
use crate::types::Move;
use crate::values::PieceValues;

/// The SEE value of `mv` under [`Rules::Stockfish`](crate::Rules::Stockfish) with
/// Stockfish's piece values.
#[inline]
pub fn see<B: SeeBoard + ?Sized>(board: &B, mv: Move) -> i32 {
    fast_value::<B, StockfishRules>(board, mv, &PieceValues::STOCKFISH)
}

/// Whether `see(board, mv) >= threshold`: Stockfish's `Position::see_ge`.
#[inline]
pub fn see_ge<B: SeeBoard + ?Sized>(board: &B, mv: Move, threshold: i32) -> bool {
    fast_ge::<B, StockfishRules>(board, mv, &PieceValues::STOCKFISH, threshold)
}
