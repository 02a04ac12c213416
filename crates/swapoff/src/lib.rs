//! # swapoff: Static Exchange Evaluation for chess
//!
//! SEE answers one question: if a move starts a sequence of captures on its target
//! square, what material does the mover win or lose? Engines ask it millions of times a
//! second to order captures and to prune losing ones. swapoff gives the answer fast,
//! under explicit rules, with an exact mode to check the fast ones against.
//!
//! - [`see`] / [`See::value`]: the full value, by the swap algorithm with x-rays.
//! - [`see_ge`] / [`See::ge`]: the threshold test `SEE >= t` with early exits.
//! - [`See::trace`]: the capture sequence and the swap list before and after negamax.
//! - [`Rules`]: `Default`, `Classic` (the wiki's algorithm), `Stockfish` (its `see_ge`,
//!   bit for bit) and `Exact` (every legal capture, minimax with stand-pat).
//! - [`stockfish::see_ge`] / [`stockfish::see`], [`classic::see_ge`] / [`classic::see`]:
//!   the other fast rule sets as free functions (chosen when the program is compiled);
//!   [`see_with`] / [`see_ge_with`] and the `_with` functions of [`classic`] take an
//!   engine's own values.
//!
//! The code is generic over [`SeeBoard`], a small trait of bitboards (attacks come from the
//! library's own tables);
//! implement it for your engine's board, or enable the `shakmaty` or `cozy-chess` feature
//! to use those crates' boards directly.
//!
//! ```
//! # #[cfg(feature = "cozy-chess")] {
//! use swapoff::{see, see_ge, Move};
//! // White's rook takes a pawn defended by nothing: +100.
//! let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
//! let mv = Move::from_cozy(&board, "d1d5".parse().unwrap());
//! assert_eq!(see(&board, mv), 100);
//! assert!(see_ge(&board, mv, 0));
//! # }
//! ```
//!
//! ## The default rules
//!
//! - The first move is forced; afterwards each side either recaptures with its least
//!   valuable attacker or stands pat. Attackers are tried pawn, knight, bishop, rook,
//!   queen, king; with equal values (knight and bishop at 300) the knight goes first; two
//!   pieces of one kind go lowest square first (a1, b1, …, h8).
//! - X-rays: a slider behind a piece that has left joins in, including behind a pawn on a
//!   diagonal, behind the first mover whatever its direction, and behind the pawn an en
//!   passant capture removes.
//! - En passant: the captured pawn is removed from its own square.
//! - Promotions: a promoting move gains (promoted piece − pawn); a pawn that recaptures on
//!   its last rank becomes a queen and gains (queen − pawn), and the exchange continues
//!   with a queen on the square.
//! - Castling is worth 0. Quiet moves are evaluated: their value is what the opponent can
//!   win by capturing the moved piece (minus what the mover wins back).
//! - The king recaptures only if the opponent has no attacker left on the square; it is
//!   never captured. (A slider that the king's departure would uncover is counted too;
//!   that only matters for pseudo-legal input, since in a legal exchange such a slider
//!   would already be giving check.)
//! - A piece may not recapture if leaving its square would expose its own king to an
//!   enemy slider on the line through that square. This is checked at the moment of each
//!   capture, against the board as the exchange has left it: a piece moving along its pin
//!   line, or taking the pinner, still captures; a pin that arises during the exchange
//!   (a line opened by a piece that left to capture) is seen; a pin whose pinner has been
//!   captured is gone.
//! - A side that a capture has put in check from another square (the capturing piece, or
//!   the pawn taken en passant, uncovered a slider; a double check too) may answer only
//!   with its king: taking the piece on the target square does not lift that check. A
//!   check given only by the piece on the target square is answered by capturing it.
//!
//! What is left between these rules and [`Rules::Exact`] comes from taking the least
//! valuable attacker: now and then a costlier piece, or the king first, does better (a
//! few moves in a hundred thousand; see [`differences`]).
//!
//! [`Rules`] lists where the other rule sets differ.

#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

mod adapters;
mod attacks;
mod board;
pub mod classic;
pub mod differences;
mod exact;
mod exchange;
mod hooks;
mod lines;
mod names;
mod pins;
mod prepared;
mod rules;
mod score;
mod see;
pub mod stockfish;
mod trace;
mod types;
mod values;

#[cfg(feature = "cozy-chess")]
#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
pub mod cozy;
#[cfg(feature = "shakmaty")]
#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
pub mod shakmaty;

#[cfg(feature = "shakmaty")]
#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
pub use adapters::UnsupportedMove;
pub use board::{BoardQueries, SeeBoard};
pub use exact::legal_captures;
pub use hooks::{check_hooks, HookMismatch};
pub use names::ParseNameError;
pub use pins::Pins;
pub use prepared::PreparedBoard;
pub use rules::{Rules, UnknownRules};
pub use see::{see, see_ge, see_ge_with, see_with, See};
pub use trace::{Capture, EndReason, Trace};
pub use types::{Bitboard, Color, Move, MoveKind, Role, Square};
pub use values::{ParseValuesError, PieceValues, ValuesError, MAX_PIECE_VALUE};

/// The repository README's Rust example, compiled and run as a doc test so it cannot rot
/// (its command examples are checked by the command-line tool's tests). It needs the
/// cozy-chess adapter; the guide's recipes need both adapters.
#[cfg(all(doctest, feature = "cozy-chess"))]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

/// The engine authors' guide (`docs/engines.md`): its recipes run as doc tests.
#[cfg(all(doctest, feature = "cozy-chess", feature = "shakmaty"))]
#[doc = include_str!("../../../docs/engines.md")]
struct EnginesGuideDoctests;

/// The crate README's example, run as a doc test too.
#[cfg(all(doctest, feature = "cozy-chess"))]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;

/// Marks the branch that calls it as unlikely, as `core::hint::cold_path` does from Rust
/// 1.95 on: a call to a `#[cold]` function weighs its branch down the same way on the
/// library's older toolchain floor.
#[cold]
#[inline]
pub(crate) fn cold_path() {}
