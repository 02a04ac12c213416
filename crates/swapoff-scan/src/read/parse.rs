//! Reading positions and moves from text, with errors that say what is wrong and where:
//! the one FEN, SAN and UCI reader of the command-line tool and the Python package
//! (shakmaty does the chess-rule work).

use crate::read::resolve::{candidates, resolve, Refused, Step};
use crate::read::token::{self, Token};
use core::fmt;
use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position, PositionErrorKinds};
use swapoff::Move;

/// A field of a FEN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FenField {
    /// The board, rank 8 first.
    PiecePlacement,
    /// `w` or `b`.
    SideToMove,
    /// `KQkq`, a subset, or `-`.
    Castling,
    /// The square a pawn just skipped, or `-`.
    EnPassant,
    /// Half-moves since the last capture or pawn move.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
}

impl FenField {
    const ALL: [FenField; 6] = [
        FenField::PiecePlacement,
        FenField::SideToMove,
        FenField::Castling,
        FenField::EnPassant,
        FenField::HalfmoveClock,
        FenField::FullmoveNumber,
    ];

    /// The field's name as error messages give it (`piece placement`, `side to move`, …).
    pub const fn name(self) -> &'static str {
        match self {
            FenField::PiecePlacement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a position whose fields all read is still not a legal standard-chess position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Impossibility {
    /// No piece at all.
    EmptyBoard,
    /// A side has no king.
    MissingKing,
    /// A side has more than one king.
    TooManyKings,
    /// A pawn on the first or last rank.
    PawnsOnBackRank,
    /// Castling rights that the kings and rooks do not allow.
    InvalidCastlingRights,
    /// An en passant square no pawn can just have skipped.
    InvalidEnPassantSquare,
    /// The side not to move is in check.
    OppositeCheck,
    /// Checkers no legal move could have produced.
    ImpossibleCheck,
    /// More material than a game can have.
    TooMuchMaterial,
    /// Not a standard chess position.
    Variant,
}

impl fmt::Display for Impossibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Impossibility::EmptyBoard => "the board is empty",
            Impossibility::MissingKing => "a side has no king",
            Impossibility::TooManyKings => "a side has more than one king",
            Impossibility::PawnsOnBackRank => "a pawn stands on the first or last rank",
            Impossibility::InvalidCastlingRights => {
                "castling rights do not match the kings and rooks"
            }
            Impossibility::InvalidEnPassantSquare => {
                "the en passant square is not one a pawn just skipped"
            }
            Impossibility::OppositeCheck => "the side not to move is in check",
            Impossibility::ImpossibleCheck => {
                "the checkers could not have arisen from a legal move"
            }
            Impossibility::TooMuchMaterial => "more material than a game can have",
            Impossibility::Variant => "not a standard chess position",
        })
    }
}

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
        /// Which field.
        field: FenField,
        /// The text of that field.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// Every field reads, but the position is not a legal standard-chess position.
    Impossible {
        /// Everything that is wrong (at least one).
        reasons: Vec<Impossibility>,
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
                write!(f, "FEN field '{field}' ({}): {why}", Clipped(text))
            }
            FenError::Impossible { reasons } => {
                f.write_str("impossible position: ")?;
                for (i, reason) in reasons.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{reason}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for FenError {}

/// A FEN read as `Position::from_fen` documents it.
pub(crate) fn position(text: &str) -> Result<Chess, FenError> {
    // The fields without a vector: a FEN has at most six (a seventh is counted, to refuse).
    let mut parts = [""; 7];
    let mut found = 0;
    for field in text.split_ascii_whitespace() {
        if found == parts.len() {
            found += 1;
            break;
        }
        parts[found] = field;
        found += 1;
    }
    match found {
        0 => return Err(FenError::Empty),
        1..=3 => return Err(FenError::TooFewFields { found }),
        4..=6 => {}
        _ => {
            let n = text.split_ascii_whitespace().count();
            return Err(FenError::TooManyFields { found: n });
        }
    }
    let fields = &parts[..found];
    // Six fields one space apart (every FEN swapoff writes) are read as they are; others
    // are rewritten so, with the move counters a short FEN leaves out.
    let whole = found == 6
        && text.len() == fields.iter().map(|f| f.len()).sum::<usize>() + 5
        && !text.bytes().any(|b| b.is_ascii_whitespace() && b != b' ');
    let rewritten;
    let full = if whole {
        text
    } else {
        let mut s = fields.join(" ");
        match found {
            4 => s.push_str(" 0 1"),
            5 => s.push_str(" 1"),
            _ => {}
        }
        rewritten = s;
        rewritten.as_str()
    };
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
            ParseFenError::InvalidPocket => (
                0,
                "more than 8 ranks, or a Crazyhouse pocket: not standard chess",
            ),
            ParseFenError::InvalidRemainingChecks => {
                (4, "Three-check counters are not standard chess")
            }
            _ => (0, "not a valid FEN"),
        };
        bad_field(fields, index, why)
    })?;
    // shakmaty reads variant extensions that standard chess has no use for: refuse them.
    let setup = fen.as_setup();
    if setup.pockets.is_some() || setup.promoted.any() {
        return Err(bad_field(
            fields,
            0,
            "Crazyhouse pockets or promoted-piece marks are not standard chess",
        ));
    }
    if setup.remaining_checks.is_some() {
        return Err(bad_field(
            fields,
            4,
            "Three-check counters are not standard chess",
        ));
    }
    // Standard castling first; castling rights that only make sense in Chess960
    // (Shredder-FEN file letters, or X-FEN `KQkq` with the king or rooks off their
    // standard squares) read as Chess960.
    let impossible = |kinds| FenError::Impossible {
        reasons: impossibilities(kinds),
    };
    match fen.clone().into_position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(e) if e.kinds() == PositionErrorKinds::INVALID_CASTLING_RIGHTS => fen
            .into_position::<Chess>(CastlingMode::Chess960)
            .map_err(|e| impossible(e.kinds())),
        // Another fault beside castling rights that are Chess960's: the castling rights
        // are reported only if Chess960 finds them wrong too (a Chess960 position with a
        // pawn on the back rank was also told its castling rights were wrong).
        Err(e)
            if e.kinds()
                .contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) =>
        {
            let as_960 = fen.into_position::<Chess>(CastlingMode::Chess960);
            let kinds = as_960.err().map_or(e.kinds(), |e960| e960.kinds());
            Err(impossible(kinds))
        }
        Err(e) => Err(impossible(e.kinds())),
    }
}

fn bad_field(fields: &[&str], index: usize, why: &'static str) -> FenError {
    FenError::BadField {
        field: FenField::ALL[index],
        text: fields.get(index).copied().unwrap_or("").to_string(),
        why,
    }
}

fn impossibilities(kinds: PositionErrorKinds) -> Vec<Impossibility> {
    let table = [
        (PositionErrorKinds::EMPTY_BOARD, Impossibility::EmptyBoard),
        (PositionErrorKinds::MISSING_KING, Impossibility::MissingKing),
        (
            PositionErrorKinds::TOO_MANY_KINGS,
            Impossibility::TooManyKings,
        ),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            Impossibility::PawnsOnBackRank,
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            Impossibility::InvalidCastlingRights,
        ),
        (
            PositionErrorKinds::INVALID_EP_SQUARE,
            Impossibility::InvalidEnPassantSquare,
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            Impossibility::OppositeCheck,
        ),
        (
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            Impossibility::ImpossibleCheck,
        ),
        (
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            Impossibility::TooMuchMaterial,
        ),
        (PositionErrorKinds::VARIANT, Impossibility::Variant),
    ];
    let found: Vec<Impossibility> = table
        .iter()
        .filter(|(k, _)| kinds.contains(*k))
        .map(|(_, why)| *why)
        .collect();
    if found.is_empty() {
        vec![Impossibility::Variant]
    } else {
        found
    }
}

/// Why a move could not be read or played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// No move was given (empty or blank text).
    Empty,
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
        /// The side to move is in check (the likeliest reason a move is refused), named
        /// `White` or `Black`.
        in_check: Option<&'static str>,
    },
    /// SAN that fits more than one legal move.
    Ambiguous {
        /// The text given.
        text: String,
        /// The legal moves it fits, in UCI.
        candidates: Vec<String>,
    },
    /// A move of another variant that SEE cannot evaluate (a Crazyhouse drop like `Q@e4`).
    Unsupported {
        /// The text given.
        text: String,
    },
    /// A null move (`0000`, `--`, `Z0`): it passes the turn and moves no piece, so there
    /// is no exchange to evaluate.
    Null {
        /// The text given.
        text: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => f.write_str("no move given"),
            MoveError::Unparseable { text } => {
                write!(
                    f,
                    "move {} is neither SAN (like Nxe5) nor UCI (like g1f3)",
                    Clipped(text)
                )
            }
            MoveError::Illegal {
                text,
                candidates,
                in_check,
            } => {
                write!(f, "move {} is not legal in this position", Clipped(text))?;
                if let Some(side) = in_check {
                    write!(f, ": {side} is in check")?;
                }
                if !candidates.is_empty() {
                    write!(f, " (legal moves nearby: {})", candidates.join(", "))?;
                }
                Ok(())
            }
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "move {} is ambiguous: it fits {}",
                Clipped(text),
                candidates.join(" and ")
            ),
            MoveError::Unsupported { text } => write!(
                f,
                "move {} is a piece drop, not a move of standard chess",
                Clipped(text)
            ),
            MoveError::Null { text } => write!(
                f,
                "move {} is a null move: it passes the turn and moves no piece, so no \
                 capture follows it",
                Clipped(text)
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// A move in UCI: castling as king to its square, or king takes rook in Chess960.
pub(crate) fn uci_of(pos: &Chess, m: &shakmaty::Move) -> String {
    m.to_uci(pos.castles().mode()).to_string()
}

/// Reads a move as a PGN's movetext is read ([`token`](crate::read::token): SAN, UCI, long
/// algebraic and the other notations python-chess reads, `Nxe5+`, `exd6 e.p.`, `0-0`,
/// `b8Q`, `Qxf7#?!`) and resolves it in `pos` as a game's move is, so that a move reads
/// the same in every command.
pub(crate) fn shakmaty_move(pos: &Chess, text: &str) -> Result<shakmaty::Move, MoveError> {
    let text = text.trim();
    let unparseable = || MoveError::Unparseable {
        text: text.to_string(),
    };
    // Annotation glyphs, which the PGN reader reads as such, and an annotation standing
    // apart (`exd6 e.p.`).
    let mut words = text.split_ascii_whitespace();
    let Some(first) = words.next() else {
        return Err(MoveError::Empty);
    };
    if words.any(|w| token::read(w.as_bytes()) != Token::Annotation) {
        return Err(unparseable());
    }
    let first = first.trim_end_matches(['!', '?']);
    // Castling with zeros and UCI's null move, which the PGN reader tells from a result
    // and a move number itself.
    let castling = first
        .strip_prefix("0-0")
        .map(|rest| match rest.strip_prefix("-0") {
            Some(rest) => format!("O-O-O{rest}"),
            None => format!("O-O{rest}"),
        });
    let first = castling.as_deref().unwrap_or(first);
    let san = match first {
        "0000" => {
            return Err(MoveError::Null {
                text: text.to_string(),
            })
        }
        _ => match token::read(first.as_bytes()) {
            Token::Move(san) => san,
            Token::Annotation | Token::Unreadable(_) => {
                // Well-formed UCI that no position could make legal (`e2e4q`) is an
                // illegal move, not an unreadable one.
                return Err(match shakmaty::uci::UciMove::from_ascii(first.as_bytes()) {
                    Ok(shakmaty::uci::UciMove::Normal { from, to, .. }) => MoveError::Illegal {
                        text: text.to_string(),
                        candidates: near(pos, Ok(from), to),
                        in_check: in_check(pos),
                    },
                    _ => unparseable(),
                });
            }
        },
    };
    match resolve(pos, &san) {
        Ok(Step::Move(m)) => Ok(m),
        Ok(Step::Null) => Err(MoveError::Null {
            text: text.to_string(),
        }),
        Err(Refused::Drop) => Err(MoveError::Unsupported {
            text: text.to_string(),
        }),
        Err(Refused::Ambiguous) => Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: candidates(pos, &san.san)
                .iter()
                .map(|m| uci_of(pos, m))
                .collect(),
        }),
        Err(Refused::Illegal) => Err(MoveError::Illegal {
            text: text.to_string(),
            candidates: match san.san {
                San::Normal {
                    role,
                    file,
                    rank,
                    to,
                    ..
                } => {
                    let from = file
                        .zip(rank)
                        .map(|(f, r)| shakmaty::Square::from_coords(f, r));
                    near(pos, from.ok_or(role), to)
                }
                _ => Vec::new(),
            },
            in_check: in_check(pos),
        }),
    }
}

/// The legal moves near a refused one, in UCI, to help: those to the same square, and
/// those from the same square (both coordinates given, as UCI gives them) or else of the
/// same piece kind.
fn near(
    pos: &Chess,
    from: Result<shakmaty::Square, shakmaty::Role>,
    to: shakmaty::Square,
) -> Vec<String> {
    let moves = pos.legal_moves();
    let close = |m: &&shakmaty::Move| {
        m.to() == to
            || match from {
                Ok(from) => m.from() == Some(from),
                Err(role) => m.role() == role,
            }
    };
    moves.iter().filter(close).map(|m| uci_of(pos, m)).collect()
}

/// The side to move, named, when it is in check.
fn in_check(pos: &Chess) -> Option<&'static str> {
    pos.is_check().then(|| {
        if pos.turn().is_white() {
            "White"
        } else {
            "Black"
        }
    })
}

/// Reads a move as [`shakmaty_move`] does and converts it for SEE.
pub(crate) fn see_move(pos: &Chess, text: &str) -> Result<Move, MoveError> {
    let m = shakmaty_move(pos, text)?;
    // Quoted as every other refusal quotes the move: trimmed.
    Move::try_from(&m).map_err(|_| MoveError::Unsupported {
        text: text.trim().to_string(),
    })
}

/// Text from the input quoted in a message, clipped: a 10 MB cell makes a short message.
pub(crate) struct Clipped<'a>(pub &'a str);

/// The most characters of input text a message quotes.
const QUOTED_CHARS: usize = 60;

impl fmt::Display for Clipped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match cut(self.0, QUOTED_CHARS) {
            None => write!(f, "{:?}", self.0),
            Some(head) => write!(f, "{head:?}... ({} bytes)", self.0.len()),
        }
    }
}

/// The first `chars` characters of `text`, when it has more: what a message quotes of
/// input too long to quote whole.
pub(crate) fn cut(text: &str, chars: usize) -> Option<&str> {
    text.char_indices().nth(chars).map(|(end, _)| &text[..end])
}
