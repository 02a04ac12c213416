//! The I/O crate's errors, one type per thing that can be wrong: an input, a line, an EPD
//! record, a game. Each says what is wrong in words a user can act on; the command and the
//! Python package print them after the file, line or game they are about.

use crate::parse::FenError;
use crate::records::MAX_RECORD_BYTES;
use core::fmt;

/// An input that cannot be opened or read.
#[derive(Debug)]
pub enum InputError {
    /// It cannot be opened.
    Open {
        /// The input's name (`<stdin>` for standard input).
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// It opened, but reading its start (or decompressing it) failed.
    Read {
        /// The input's name.
        name: String,
        /// Why.
        source: std::io::Error,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Open { name, source } => write!(f, "cannot open {name}: {source}"),
            InputError::Read { name, source } => write!(f, "cannot read {name}: {source}"),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Open { source, .. } | InputError::Read { source, .. } => Some(source),
        }
    }
}

/// A line that cannot be used as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// It is not valid UTF-8.
    NotUtf8,
    /// It is longer than [`MAX_RECORD_BYTES`]: the number of bytes it had.
    TooLong(u64),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NotUtf8 => f.write_str("the line is not valid UTF-8"),
            LineError::TooLong(bytes) => write!(
                f,
                "the line is {bytes} bytes long, more than the {MAX_RECORD_BYTES} a record may \
                 have; line skipped"
            ),
        }
    }
}

impl std::error::Error for LineError {}

/// An EPD/FEN line that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdError {
    /// Fewer than the four fields a position needs.
    TooFewFields {
        /// How many there were.
        found: usize,
    },
    /// A move counter that is too large, or a fullmove number of 0.
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
    /// The library's reader takes the position, but the move generator refuses it.
    MoveGenerator(String),
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
                write!(f, "FEN field '{field}' ({text:?}): {why}")
            }
            EpdError::Position(e) => e.fmt(f),
            EpdError::MoveGenerator(why) => {
                write!(f, "position not accepted by the move generator: {why}")
            }
        }
    }
}

impl std::error::Error for EpdError {}

/// A PGN game, or a move of it, that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Its `[FEN]` tag is not a position.
    Fen {
        /// The tag's text.
        fen: String,
        /// Why.
        why: String,
    },
    /// A null move while the side to move is in check.
    NullMoveInCheck,
    /// A piece drop (`N@f3`), which standard chess has not.
    Drop,
    /// A move that is not legal in the position.
    Illegal,
    /// A move that fits more than one legal move.
    Ambiguous,
    /// A position the move generator refuses.
    MoveGenerator(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen { fen, why } => write!(f, "[FEN \"{fen}\"]: {why}"),
            GameError::NullMoveInCheck => f.write_str("null move while in check"),
            GameError::Drop => f.write_str("a piece drop is not a standard chess move"),
            GameError::Illegal => f.write_str("illegal move"),
            GameError::Ambiguous => f.write_str("ambiguous move"),
            GameError::MoveGenerator(why) => {
                write!(f, "position not accepted by the move generator: {why}")
            }
        }
    }
}

impl std::error::Error for GameError {}
