//! The I/O crate's errors, one type per thing that can be wrong: an input, a line, an EPD
//! record, a game. Each says what is wrong in words a user can act on; the command and the
//! Python package print them after the file, line or game they are about.

use crate::read::parse::FenError;
pub(crate) use crate::read::resolve::Refused;
use core::fmt;

/// An EPD/FEN line that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EpdError {
    /// Fewer than the four fields a position needs.
    TooFewFields {
        /// How many there were.
        found: usize,
    },
    /// An EPD operation's move counter (`hmvc`, `fmvn`) that is not a number.
    Counter {
        /// `halfmove clock` or `fullmove number`.
        field: &'static str,
        /// The text of the field.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// The fields read, but they are not a legal position (the library's reader says why).
    Position(FenError),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::TooFewFields { found } => write!(
                f,
                "FEN has {found} field(s); at least 4 are needed (placement, side to move, \
                 castling, en passant)"
            ),
            EpdError::Counter { field, text, why } => {
                write!(
                    f,
                    "FEN field '{field}' ({}): {why}",
                    crate::read::parse::Clipped(text)
                )
            }
            EpdError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EpdError {}

/// A PGN game, or a move of it, that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GameError {
    /// Its `[FEN]` tag is not a position.
    Fen {
        /// The tag's text.
        fen: String,
        /// Why.
        why: String,
    },
    /// A null move while the side to move is in check.
    NullMoveInCheck,
    /// A move that is no one legal move of the position.
    Move(Refused),
    /// A token that is no move (`Sf3`, `e9`): why.
    Unreadable(&'static str),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen { fen, why } => {
                write!(f, "[FEN {}]: {why}", crate::read::parse::Clipped(fen))
            }
            GameError::NullMoveInCheck => f.write_str("null move while in check"),
            GameError::Move(why) => why.fmt(f),
            GameError::Unreadable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for GameError {}

impl From<Refused> for GameError {
    fn from(why: Refused) -> GameError {
        GameError::Move(why)
    }
}
