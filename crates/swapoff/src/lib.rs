//! # swapoff: Static Exchange Evaluation for chess
//!
//! SEE answers one question: if a move starts a sequence of captures on its target
//! square, what material does the mover win or lose? Engines ask it millions of times a
//! second to order captures and to prune losing ones. swapoff gives the answer fast,
//! under explicit rules, with an exact mode to check the fast ones against.
//!
//! Everything the crate offers is on this page:
//!
//! - [`see`] and [`see_ge`]: the value, and the threshold test `SEE >= t` with early
//!   exits, under the default rules and values; [`see_with`] and [`see_ge_with`] take an
//!   engine's own [`PieceValues`].
//! - [`See`]: a rule set ([`Rules`]) with its values, for [`See::value`], [`See::ge`],
//!   [`See::window`] and [`See::trace`] (the capture sequence and the swap list). Held in
//!   a `const`, a `See` is resolved when the program is compiled, as the free functions
//!   are: `const SEE: See = See::new(Rules::Stockfish);` is Stockfish's `see_ge`.
//! - Boards: the code is generic over [`SeeBoard`], two methods of bitboards (attacks
//!   come from the crate's own tables). The `cozy-chess` and `shakmaty` features
//!   implement it for those crates' boards, with [`Move::from_cozy`] and
//!   `Move::try_from(&shakmaty::Move)` converting their moves. [`PreparedBoard`] keeps a
//!   position's pins for all the calls made on it; [`check_hooks`] tests an
//!   implementation of your own board.
//! - [`legal_captures`] lists the captures the exact rules search.
//!
//! ```
//! # #[cfg(feature = "cozy-chess")] {
//! use swapoff::{see, see_ge, Move, Rules, See};
//! // White's rook takes a pawn defended by nothing: +100.
//! let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
//! let mv = Move::from_cozy(&board, "d1d5".parse().unwrap());
//! assert_eq!(see(&board, mv), 100);
//! assert!(see_ge(&board, mv, 0));
//! // Stockfish's rules, in Stockfish's values (a pawn is 208).
//! const STOCKFISH: See = See::new(Rules::Stockfish);
//! assert_eq!(STOCKFISH.value(&board, mv), 208);
//! # }
//! ```
//!
//! # The rule sets
//!
//! Every rule set plays the same game: the move is made, then the two sides take turns
//! capturing on its target square, and each side may stop (stand pat) whenever going on
//! would not pay. The value is the material balance for the mover. The rule sets differ
//! in which captures are allowed and which one a side makes.
//!
//! | [`Rules`] | pins | checks | king recaptures | recapturing pawn on the last rank | castling, en passant, promotion |
//! |---|---|---|---|---|---|
//! | `Default` | as the exchange leaves them, at each capture | a side in discovered check answers only with its king | only if no attacker is left, x-rays through the king's square included | promotes to a queen | 0; en passant and promotions valued |
//! | `Classic` | ignored | ignored | only if no attacker is left | stays a pawn | 0; en passant and promotions valued |
//! | `Stockfish` | while any pinner of a side stands, all its pinned pieces sit out | ignored | as `Classic` | stays a pawn | all score 0 |
//! | `Exact` | full legality | full legality | full legality | any promotion piece | 0; en passant and promotions valued |
//!
//! The fast rule sets (all but `Exact`) take attackers least valuable first: pawn,
//! knight, bishop, rook, queen, king, and two pieces of one kind lowest square first (a1,
//! b1, …, h8). X-rays count: a slider behind a piece that has left joins in, behind the
//! first mover whatever its direction and behind the pawn an en passant capture removes.
//! En passant removes the captured pawn from its own square. A quiet move is worth what
//! the opponent can win by taking the moved piece.
//!
//! **Default**, swapoff's rules, adds to that what legality means for a capture on one
//! square:
//!
//! 1. **Pins, as the exchange leaves them.** A piece does not recapture if leaving its
//!    square would expose its own king to an enemy slider on the line through that
//!    square, judged against the board at that moment: capturing along the pin line, or
//!    taking the pinner, is allowed; a pin that arises during the exchange counts; one
//!    whose pinner has been captured does not.
//! 2. **Discovered checks.** When a capture uncovers an enemy slider on a side's king
//!    (the capturing piece left the line, or en passant emptied two squares of a rank),
//!    taking the piece on the target square does not lift that check: the side may answer
//!    only with its king, and otherwise the exchange ends. This holds for the first move
//!    and every recapture, and for a double check. A check given only by the piece on the
//!    target square is answered by capturing it.
//! 3. **The king** recaptures only if the other side has no attacker left on the square,
//!    counting a slider that the king's own departure uncovers; it is never captured.
//! 4. **Promotions.** A promoting move gains (promoted piece − pawn); a pawn that
//!    recaptures on its last rank becomes a queen, and the exchange goes on with a queen
//!    on the square (never worse than an under-promotion).
//!
//! What is left between these rules and `Exact` comes from taking the least valuable
//! attacker: now and then a costlier piece, or the king first, does better (a few moves
//! in a hundred thousand from real games). In standard values (pawn 100, knight and
//! bishop 300):
//!
//! ```
//! # #[cfg(feature = "shakmaty")] {
//! use shakmaty::{fen::Fen, san::San, CastlingMode, Chess};
//! use swapoff::{Move, Rules, See};
//! let value = |rules: Rules, fen: &str, san: &str| {
//!     let fen: Fen = fen.parse().unwrap();
//!     let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
//!     let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
//!     See::new(rules).with_values(swapoff::PieceValues::STANDARD).value(&pos, Move::try_from(&mv).unwrap())
//! };
//! let default = |fen, san| value(Rules::Default, fen, san);
//! // 1. Bb5 pins Nd7: Nxe5 keeps the pawn, +100.
//! assert_eq!(default("4k3/3n4/8/1B2p3/8/5N2/8/6K1 w - - 0 1", "Nxe5"), 100);
//! // 1. A pin that arises: once Ne4 has gone, Bxg5 would expose Ke8 to Re1. +300.
//! assert_eq!(default("4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1", "Nxg5"), 300);
//! // 2. The first move uncovers Ba1 against Kh8: fxe6 is not allowed, +100.
//! assert_eq!(default("7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1", "Nxe6"), 100);
//! // 2. Double check (Ne7 and Ba2): Qxe7 takes only one checker, +100.
//! assert_eq!(default("3q2k1/4p3/8/3N4/8/8/B7/6K1 w - - 0 1", "Nxe7+"), 100);
//! // 2. The recapture uncovers Ba7 against Kg1: exd5 is not allowed, 100 - 300.
//! assert_eq!(default("7k/b7/8/3p4/4P3/2N1n3/8/6K1 w - - 0 1", "Nxd5"), -200);
//! // 2. En passant opens the fifth rank from Ra5 to Kh5: Nxd6 is not allowed, +100.
//! assert_eq!(default("2n5/8/8/R2pP2k/8/8/8/K7 w - d6 0 2", "exd6"), 100);
//! // 2. The king answers the discovered check by taking the knight: 100 - 300.
//! assert_eq!(default("8/4pk2/8/3N4/8/8/B7/6K1 w - - 0 1", "Nxe7"), -200);
//! // 3. Rxe7 Kxe7 is not allowed while Re1 guards e7: +300.
//! assert_eq!(default("4k3/4n3/8/8/8/8/4R3/4R1K1 w - - 0 1", "Rxe7"), 300);
//! // 3. Without the second rook the king takes back: 300 - 500.
//! assert_eq!(default("4k3/4n3/8/8/8/8/4R3/6K1 w - - 0 1", "Rxe7"), -200);
//! // The other rule sets on the first move's discovered check: Classic and Stockfish
//! // let fxe6 answer it.
//! let nxe6 = |rules| value(rules, "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1", "Nxe6");
//! assert_eq!((nxe6(Rules::Classic), nxe6(Rules::Stockfish), nxe6(Rules::Exact)), (-200, -200, 100));
//! # }
//! ```
//!
//! **Classic** is the chessprogramming wiki's swap algorithm as written: least valuable
//! attacker with x-rays and nothing else. Pins and checks are ignored, the king's rule
//! does not look through the king's own square, a recapturing pawn stays a pawn.
//!
//! **Stockfish** answers as Stockfish's `Position::see_ge` does, bit for bit, in its
//! values (208/781/825/1276/2538) unless given others. Castling, en passant and every
//! promotion score 0. While any slider that pins a piece of the recapturing side stands on
//! its square, every pinned piece of that side sits out, even one that could capture
//! along its pin line; pins are those of the position before the move. The king's rule
//! and the recapturing pawn are as in Classic.
//!
//! **Exact** is the ground truth for one square: after the move each side may stand pat
//! or make any legal capture on the square (any attacker in any order, any promotion
//! piece), and the value is the minimax. Pins, checks and king safety all follow from
//! legality. Material only: a side in check with no legal capture stands pat. It needs a
//! legal move; the fast rule sets accept pseudo-legal ones.
//!
//! Every disagreement between the rule sets, with a position and the test that asserts it,
//! is tabled in the repository's `docs/rules.md`, beside the audit over real positions.

//! # Feature flags
//!
//! Each feature only adds: none changes an item that exists without it.
//!
//! - `shakmaty`: [`SeeBoard`] for `shakmaty::Chess` and `shakmaty::Board`, and
//!   `Move::try_from(&shakmaty::Move)` (shakmaty is GPL-3.0-or-later).
//! - `cozy-chess`: [`SeeBoard`] for `cozy_chess::Board`, and [`Move::from_cozy`].
//! - `ablation`: the module `ablation`, the default rules taken apart (`ablation::Part`,
//!   played by `See::part`), for measuring in an engine's matches what each rule is
//!   worth. Not a stable part of the API.

#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

#[cfg(feature = "ablation")]
#[cfg_attr(docsrs, doc(cfg(feature = "ablation")))]
pub mod ablation;
mod adapters;
mod attacks;
mod board;
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
mod trace;
mod types;
mod values;

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
