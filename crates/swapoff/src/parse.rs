//! Reading positions and moves from text, with errors that say what is wrong and where.
//!
//! Available with the `shakmaty` feature, which does the chess-rule work.

use crate::types::Move;
use core::fmt;
use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position, PositionErrorKinds};

/// Why a FEN could not be turned into a standard chess position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// The text is empty or blank.
    Empty,
    /// Fewer than the four required fields (placement, side, castling, en passant).
    TooFewFields {
        /// How many fields were found.
        found: usize,
    },
    /// More than six fields.
    TooManyFields {
        /// How many fields were found.
        found: usize,
    },
    /// One field could not be read.
    BadField {
        /// Which field: `piece placement`, `side to move`, `castling`, `en passant`,
        /// `halfmove clock` or `fullmove number`.
        field: &'static str,
        /// The text of that field.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// Every field reads, but the position is not a legal standard-chess position.
    Impossible {
        /// What is wrong (for example `missing king`, `pawns on backrank`).
        why: String,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::TooFewFields { found } => write!(
                f,
                "FEN has {found} field(s); at least 4 are needed (placement, side to move, castling, en passant)"
            ),
            FenError::TooManyFields { found } => {
                write!(f, "FEN has {found} fields; at most 6 are allowed")
            }
            FenError::BadField { field, text, why } => {
                write!(f, "FEN field '{field}' ({text:?}): {why}")
            }
            FenError::Impossible { why } => write!(f, "impossible position: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

const FIELD_NAMES: [&str; 6] = [
    "piece placement",
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "fullmove number",
];

/// Parses a FEN with 4 to 6 fields (EPD-style FENs without move counters are accepted)
/// into a legal standard-chess position.
///
/// ```
/// let pos = swapoff::parse::position("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
/// # let _ = pos;
/// let err = swapoff::parse::position("4k3/8/8/8/8/8/8/4K3 x - -").unwrap_err();
/// assert!(err.to_string().contains("side to move"));
/// ```
pub fn position(text: &str) -> Result<Chess, FenError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    match fields.len() {
        0 => return Err(FenError::Empty),
        1..=3 => {
            return Err(FenError::TooFewFields {
                found: fields.len(),
            })
        }
        4..=6 => {}
        n => return Err(FenError::TooManyFields { found: n }),
    }
    let mut full = fields.join(" ");
    if fields.len() == 4 {
        full.push_str(" 0 1");
    } else if fields.len() == 5 {
        full.push_str(" 1");
    }
    let fen = Fen::from_ascii(full.as_bytes()).map_err(|e| {
        let (index, why) = match e {
            ParseFenError::InvalidBoard => (
                0,
                "not a valid piece placement (8 ranks of pieces and digits separated by '/')",
            ),
            ParseFenError::InvalidTurn => (1, "must be 'w' or 'b'"),
            ParseFenError::InvalidCastling => {
                (2, "must be '-' or letters from KQkq (or file letters)")
            }
            ParseFenError::InvalidEpSquare => (3, "must be '-' or a square on rank 3 or 6"),
            ParseFenError::InvalidHalfmoveClock => (4, "must be a non-negative integer"),
            ParseFenError::InvalidFullmoves => (5, "must be a positive integer"),
            ParseFenError::InvalidPocket | ParseFenError::InvalidRemainingChecks => {
                (0, "variant fields are not standard chess")
            }
            _ => (0, "not a valid FEN"),
        };
        FenError::BadField {
            field: FIELD_NAMES[index],
            text: fields.get(index).copied().unwrap_or("").to_string(),
            why,
        }
    })?;
    fen.into_position::<Chess>(CastlingMode::Standard)
        .map_err(|e| FenError::Impossible {
            why: describe_position_error(e.kinds()),
        })
}

fn describe_position_error(kinds: PositionErrorKinds) -> String {
    let reasons = [
        (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
        (PositionErrorKinds::MISSING_KING, "a side has no king"),
        (
            PositionErrorKinds::TOO_MANY_KINGS,
            "a side has more than one king",
        ),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or last rank",
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "castling rights do not match the kings and rooks",
        ),
        (
            PositionErrorKinds::INVALID_EP_SQUARE,
            "the en passant square is not one a pawn just skipped",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            "the checkers could not have arisen from a legal move",
        ),
        (
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            "more material than a game can have",
        ),
        (PositionErrorKinds::VARIANT, "not a standard chess position"),
    ];
    let found: Vec<&str> = reasons
        .iter()
        .filter(|(k, _)| kinds.contains(*k))
        .map(|(_, why)| *why)
        .collect();
    if found.is_empty() {
        "not a legal position".to_string()
    } else {
        found.join("; ")
    }
}

/// Why a move could not be read or played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is neither SAN nor UCI.
    Unparseable {
        /// The text given.
        text: String,
    },
    /// Well-formed, but not a legal move here.
    Illegal {
        /// The text given.
        text: String,
        /// Legal moves to the same square (or of the same piece), in UCI, to help.
        candidates: Vec<String>,
    },
    /// SAN that fits more than one legal move.
    Ambiguous {
        /// The text given.
        text: String,
        /// The legal moves it fits, in UCI.
        candidates: Vec<String>,
    },
    /// A move SEE cannot evaluate (a drop).
    Unsupported {
        /// The text given.
        text: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unparseable { text } => {
                write!(
                    f,
                    "move {text:?} is neither SAN (like Nxe5) nor UCI (like g1f3)"
                )
            }
            MoveError::Illegal { text, candidates } if candidates.is_empty() => {
                write!(f, "move {text:?} is not legal in this position")
            }
            MoveError::Illegal { text, candidates } => write!(
                f,
                "move {text:?} is not legal in this position (legal moves nearby: {})",
                candidates.join(", ")
            ),
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "move {text:?} is ambiguous: it fits {}",
                candidates.join(" and ")
            ),
            MoveError::Unsupported { text } => write!(f, "move {text:?} cannot be evaluated"),
        }
    }
}

impl std::error::Error for MoveError {}

fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

fn uci_of(pos: &Chess, m: &shakmaty::Move) -> String {
    m.to_uci(pos.castles().mode()).to_string()
}

/// Reads a move in SAN (`Nxe5`, `exd6`, `f8=Q+`, `O-O`) or UCI (`g1f3`, `e7e8q`, `e1g1`)
/// and checks it is legal in `pos`.
pub fn shakmaty_move(pos: &Chess, text: &str) -> Result<shakmaty::Move, MoveError> {
    let text = text.trim();
    let legal = pos.legal_moves();
    if looks_like_uci(text) {
        if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
            return uci.to_move(pos).map_err(|_| {
                let to = &text[2..4];
                let from = &text[0..2];
                MoveError::Illegal {
                    text: text.to_string(),
                    candidates: legal
                        .iter()
                        .map(|m| uci_of(pos, m))
                        .filter(|u| u[2..4] == *to || u[0..2] == *from)
                        .collect(),
                }
            });
        }
    }
    let san = SanPlus::from_ascii(text.as_bytes())
        .map(|s| s.san)
        .map_err(|_| MoveError::Unparseable {
            text: text.to_string(),
        })?;
    match san.to_move(pos) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: legal
                .iter()
                .filter(|m| san.matches(**m))
                .map(|m| uci_of(pos, m))
                .collect(),
        }),
        Err(_) => Err(MoveError::Illegal {
            text: text.to_string(),
            candidates: match san {
                San::Normal { role, to, .. } => legal
                    .iter()
                    .filter(|m| m.to() == to || m.role() == role)
                    .map(|m| uci_of(pos, m))
                    .collect(),
                _ => Vec::new(),
            },
        }),
    }
}

/// Reads a move in SAN or UCI, checks it is legal in `pos`, and converts it for SEE.
///
/// ```
/// let pos = swapoff::parse::position("4k3/8/8/3p4/8/8/8/3RK3 w - -").unwrap();
/// let mv = swapoff::parse::see_move(&pos, "Rxd5").unwrap();
/// assert_eq!(swapoff::see(&pos, mv), 100);
/// assert!(swapoff::parse::see_move(&pos, "Rxd6").is_err());
/// ```
pub fn see_move(pos: &Chess, text: &str) -> Result<Move, MoveError> {
    let m = shakmaty_move(pos, text)?;
    Move::try_from(&m).map_err(|_| MoveError::Unsupported {
        text: text.to_string(),
    })
}
