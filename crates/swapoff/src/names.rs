//! The small public types by name: `FromStr` and `Display` where users expect them, so
//! that `"e4".parse::<Square>()`, `"N".parse::<Role>()`, `"w".parse::<Color>()` and
//! `"e7e8q".parse::<Move>()` work without a chess library.

use crate::types::{Color, Move, Role, Square};
use std::fmt;
use std::str::FromStr;

/// A name that is not a square, colour, piece or move; says which and quotes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    /// What was expected: `"square"`, `"colour"`, `"piece"` or `"move"`.
    pub expected: &'static str,
    /// The text that was given.
    pub input: String,
}

impl ParseNameError {
    fn new(expected: &'static str, input: &str) -> ParseNameError {
        ParseNameError {
            expected,
            input: input.to_string(),
        }
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hint = match self.expected {
            "square" => "a file a-h and a rank 1-8, like e4",
            "colour" => "w, b, white or black",
            "piece" => "one of P N B R Q K (either case) or its English name",
            _ => "UCI: two squares and an optional promotion piece, like e2e4 or e7e8q",
        };
        write!(f, "{:?} is not a {} ({hint})", self.input, self.expected)
    }
}

impl std::error::Error for ParseNameError {}

/// `e4`: a file letter and a rank digit.
///
/// ```
/// use swapoff::Square;
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!((e4.file(), e4.rank()), (4, 3));
/// assert_eq!(e4.to_string(), "e4");
/// assert!("i9".parse::<Square>().is_err());
/// ```
impl FromStr for Square {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Square, ParseNameError> {
        match s.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
                Square::from_coords(file - b'a', rank - b'1')
                    .ok_or_else(|| ParseNameError::new("square", s))
            }
            _ => Err(ParseNameError::new("square", s)),
        }
    }
}

/// `white` or `black`; reads `w`, `b`, `white`, `black` in any case.
///
/// ```
/// use swapoff::Color;
/// assert_eq!("w".parse::<Color>().unwrap(), Color::White);
/// assert_eq!(Color::Black.to_string(), "black");
/// ```
impl FromStr for Color {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Color, ParseNameError> {
        match s.to_ascii_lowercase().as_str() {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseNameError::new("colour", s)),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// The piece's upper-case letter; reads the letter in either case or the English name.
///
/// ```
/// use swapoff::Role;
/// assert_eq!("n".parse::<Role>().unwrap(), Role::Knight);
/// assert_eq!("queen".parse::<Role>().unwrap(), Role::Queen);
/// assert_eq!(Role::Bishop.to_string(), "B");
/// ```
impl FromStr for Role {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Role, ParseNameError> {
        let lower = s.to_ascii_lowercase();
        Role::ALL
            .into_iter()
            .find(|role| {
                let letter = role.letter().to_ascii_lowercase().to_string();
                lower == letter || lower == format!("{role:?}").to_ascii_lowercase()
            })
            .ok_or_else(|| ParseNameError::new("piece", s))
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// UCI without a board: `e2e4` is a normal move, `e7e8q` a promotion. En passant and
/// castling need the position to be told apart (use [`Move::en_passant`] and
/// [`Move::castle`], or an adapter's conversion).
///
/// ```
/// use swapoff::{Move, MoveKind, Role};
/// let m: Move = "e7e8n".parse().unwrap();
/// assert_eq!(m.kind, MoveKind::Promotion(Role::Knight));
/// assert_eq!(m.to_string(), "e7e8n");
/// assert!("e7e8k".parse::<Move>().is_err());
/// ```
impl FromStr for Move {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Move, ParseNameError> {
        let bad = || ParseNameError::new("move", s);
        let (from, to, rest) = match (s.get(0..2), s.get(2..4), s.get(4..)) {
            (Some(from), Some(to), Some(rest)) => (from, to, rest),
            _ => return Err(bad()),
        };
        let (from, to) = (
            from.parse().map_err(|_| bad())?,
            to.parse().map_err(|_| bad())?,
        );
        match rest {
            "" => Ok(Move::normal(from, to)),
            piece => match piece.parse::<Role>() {
                Ok(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen))
                    if piece.len() == 1 =>
                {
                    Ok(Move::promotion(from, to, role))
                }
                _ => Err(bad()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_reads_back_its_name() {
        for index in 0..64 {
            let sq = Square::new(index).unwrap();
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e"] {
            let err = bad.parse::<Square>().unwrap_err();
            assert_eq!(err.expected, "square", "{bad}");
        }
    }

    #[test]
    fn roles_colours_and_moves_read_back() {
        for role in Role::ALL {
            assert_eq!(role.to_string().parse::<Role>(), Ok(role));
        }
        for color in [Color::White, Color::Black] {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        }
        for text in ["e2e4", "a7a8q", "h2h1r", "b7b8b", "g7g8n"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        for bad in ["e2e", "e2e4x", "e7e8qq", "e7e8p", "é2e4"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert!("pawnn".parse::<Role>().is_err());
        assert!("x".parse::<Color>().is_err());
    }
}
