//! Rule sets: the choices where SEE implementations differ, made explicit.

use crate::values::PieceValues;
use core::fmt;

/// Which rules an exchange is played by: the choices where SEE implementations differ.
/// Each is explained, with examples, in [the crate's documentation](crate#the-rule-sets).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rules {
    /// swapoff's fast rules: pins as they stand at each capture, discovered checks, a
    /// strict king rule, recapture promotions.
    #[default]
    Default,
    /// The chessprogramming wiki's swap algorithm: least valuable attacker with x-rays.
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
