//! Rule sets: the choices where SEE implementations differ, made explicit.

use crate::values::PieceValues;
use core::fmt;

/// Which rules an exchange is played by.
///
/// | rule set | pins | checks | king recaptures | recapturing pawn on the last rank | castling, en passant, promotion |
/// |---|---|---|---|---|---|
/// | [`Rules::Default`] | a piece does not recapture if that exposes its king to a slider along the line through it, judged at that moment of the exchange | a side in discovered check answers only with its king | only if no enemy attacker is left, x-rays through the king's square included | promotes to a queen | 0; en passant and promotions valued |
/// | [`Rules::Classic`] | ignored | ignored | only if no enemy attacker is left (no x-ray through the king's square) | stays a pawn | 0; en passant and promotions valued |
/// | [`Rules::Stockfish`] | while any pinner of a side's pieces is on its square, all that side's pinned pieces sit out | ignored | as Classic | stays a pawn | all score 0 |
/// | [`Rules::Exact`] | full legality | full legality | full legality | any promotion piece | 0; en passant and promotions valued |
///
/// Attackers are taken least valuable first in the fixed order pawn, knight, bishop,
/// rook, queen, king; among pieces of the same kind, the one on the lowest square (a1
/// first, then b1, …) goes first. `Exact` is not bound to that order: it tries every
/// legal capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rules {
    /// swapoff's fast rules: pins as they stand at each capture, discovered checks,
    /// strict king rule, recapture promotions.
    ///
    /// Each side takes back with its least valuable attacker, x-rays included, or stops,
    /// and a capture is skipped when the laws of chess forbid it in one of these ways:
    ///
    /// 1. **Pins, as the exchange leaves them.** A piece does not recapture if leaving its
    ///    square would expose its own king to an enemy slider on the line through that
    ///    square. Capturing along the pin line is fine, a pin that arises during the
    ///    exchange counts and one whose pinner has been captured does not.
    /// 2. **Discovered checks.** When a capture uncovers an enemy slider on a side's king
    ///    (the capturing piece left the line, or en passant emptied two squares of a rank),
    ///    taking the piece on the target square does not lift that check: the side may
    ///    answer only with its king, and otherwise the exchange ends. This holds for the
    ///    first move and for every recapture, and a double check is no different. A check
    ///    given only by the piece on the target square is answered by capturing it.
    /// 3. **The king.** It recaptures only if the other side has no attacker left on the
    ///    square, counting a slider that the king's own departure uncovers.
    ///
    /// Rules 1 to 3 are what legality means for a capture on one square, with one
    /// approximation: the attacker is always the least valuable one allowed. On positions
    /// from real games the default rules agree with [`Rules::Exact`] on all but a few
    /// moves in a hundred thousand, and those few are cases where a costlier piece, or the
    /// king first, would have done better (see [`crate::differences`]).
    ///
    /// Examples of each rule, in standard values (pawn 100, knight and bishop 300):
    ///
    /// ```
    /// # #[cfg(feature = "shakmaty")] {
    /// use shakmaty::{fen::Fen, san::San, CastlingMode, Chess};
    /// use swapoff::{Move, See};
    /// let value = |fen: &str, san: &str| {
    ///     let fen: Fen = fen.parse().unwrap();
    ///     let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    ///     let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
    ///     See::default().value(&pos, Move::try_from(&mv).unwrap())
    /// };
    /// // 1. Bb5 pins Nd7: Nxe5 keeps the pawn, +100.
    /// assert_eq!(value("4k3/3n4/8/1B2p3/8/5N2/8/6K1 w - - 0 1", "Nxe5"), 100);
    /// // 1. A pin that arises: once Ne4 has gone, Bxg5 would expose Ke8 to Re1. +300.
    /// assert_eq!(value("4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1", "Nxg5"), 300);
    /// // 2. The first move uncovers Ba1 against Kh8: fxe6 is not allowed, +100.
    /// assert_eq!(value("7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1", "Nxe6"), 100);
    /// // 2. Double check (Ne7 and Ba2): Qxe7 takes only one checker, +100.
    /// assert_eq!(value("3q2k1/4p3/8/3N4/8/8/B7/6K1 w - - 0 1", "Nxe7+"), 100);
    /// // 2. The recapture uncovers Ba7 against Kg1: exd5 is not allowed, 100 - 300.
    /// assert_eq!(value("7k/b7/8/3p4/4P3/2N1n3/8/6K1 w - - 0 1", "Nxd5"), -200);
    /// // 2. En passant opens the fifth rank from Ra5 to Kh5: Nxd6 is not allowed, +100.
    /// assert_eq!(value("2n5/8/8/R2pP2k/8/8/8/K7 w - d6 0 2", "exd6"), 100);
    /// // 2. The king answers the discovered check by taking the knight: 100 - 300.
    /// assert_eq!(value("8/4pk2/8/3N4/8/8/B7/6K1 w - - 0 1", "Nxe7"), -200);
    /// // 3. Rxe7 Kxe7 is not allowed while Re1 guards e7: +300.
    /// assert_eq!(value("4k3/4n3/8/8/8/8/4R3/4R1K1 w - - 0 1", "Rxe7"), 300);
    /// // 3. Without the second rook the king takes back: 300 - 500.
    /// assert_eq!(value("4k3/4n3/8/8/8/8/4R3/6K1 w - - 0 1", "Rxe7"), -200);
    /// # }
    /// ```
    #[default]
    Default,
    /// The chessprogramming wiki's swap algorithm as written: least valuable attacker with
    /// x-rays, nothing else.
    Classic,
    /// Bit-for-bit the semantics of Stockfish's `Position::see_ge`.
    Stockfish,
    /// Ground truth for one square: minimax over every legal capture, with stand-pat.
    Exact,
}

impl Rules {
    /// Every rule set, fast ones first.
    pub const ALL: [Rules; 4] = [
        Rules::Default,
        Rules::Classic,
        Rules::Stockfish,
        Rules::Exact,
    ];

    /// The fast rule sets (everything but `Exact`).
    pub const FAST: [Rules; 3] = [Rules::Default, Rules::Classic, Rules::Stockfish];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Default => "default",
            Rules::Classic => "classic",
            Rules::Stockfish => "stockfish",
            Rules::Exact => "exact",
        }
    }

    /// The piece values this rule set uses unless told otherwise: Stockfish's for
    /// `Stockfish`, 100/300/300/500/900 for the others.
    pub const fn default_values(self) -> PieceValues {
        match self {
            Rules::Stockfish => PieceValues::STOCKFISH,
            _ => PieceValues::STANDARD,
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown rule-set name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule set {:?} (expected one of: default, classic, stockfish, exact)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRules {}

impl core::str::FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownRules(s.to_string()))
    }
}

/// How pinned pieces are treated by a fast rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PinRule {
    /// Pins are ignored.
    Ignore,
    /// A piece may not capture when that would leave its own king attacked by an enemy
    /// slider along the line through the square it leaves (pins as they stand at that point
    /// of the exchange).
    Uncovered,
    /// Stockfish: while any pinner is on its square, every pinned piece of that side sits out.
    Stockfish,
}

/// The compile-time switches of a fast rule set. Implemented by zero-sized marker types so
/// that each rule set gets its own monomorphised, branch-free exchange loop.
pub(crate) trait FastRules {
    const PINS: PinRule;
    /// The king's departure may uncover an x-ray attacker on the target square.
    const KING_XRAY: bool;
    /// A pawn recapturing on its last rank becomes a queen.
    const PROMOTE_RECAPTURES: bool;
    /// Only plain moves are evaluated; castling, en passant and promotions score 0.
    const ONLY_NORMAL: bool;
    /// A side that a capture has put in check from another square (a discovered check)
    /// may answer only with its king.
    const CHECKS: bool;
}

pub(crate) struct DefaultRules;
pub(crate) struct ClassicRules;
pub(crate) struct StockfishRules;

impl FastRules for DefaultRules {
    const PINS: PinRule = PinRule::Uncovered;
    const KING_XRAY: bool = true;
    const PROMOTE_RECAPTURES: bool = true;
    const ONLY_NORMAL: bool = false;
    const CHECKS: bool = true;
}

impl FastRules for ClassicRules {
    const PINS: PinRule = PinRule::Ignore;
    const KING_XRAY: bool = false;
    const PROMOTE_RECAPTURES: bool = false;
    const ONLY_NORMAL: bool = false;
    const CHECKS: bool = false;
}

impl FastRules for StockfishRules {
    const PINS: PinRule = PinRule::Stockfish;
    const KING_XRAY: bool = false;
    const PROMOTE_RECAPTURES: bool = false;
    const ONLY_NORMAL: bool = true;
    const CHECKS: bool = false;
}
