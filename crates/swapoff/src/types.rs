//! Squares, colours, piece kinds and moves: the vocabulary the exchange code speaks.
//!
//! These are deliberately tiny `Copy` types over integers so that an engine can convert
//! its own representation for free (square 0 is a1, 7 is h1, 63 is h8, as in shakmaty,
//! cozy-chess and Stockfish).

use core::fmt;

/// A set of squares, one bit per square (bit 0 = a1, bit 63 = h8).
pub type Bitboard = u64;

/// A square of the board, `0..64` with a1 = 0, b1 = 1, …, h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (a1 = 0 … h8 = 63), or `None` when `index >= 64`.
    ///
    /// ```
    /// use swapoff::Square;
    /// assert_eq!(Square::new(4).unwrap().to_string(), "e1");
    /// assert!(Square::new(64).is_none());
    /// ```
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), or `None` off the board.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The lowest square of a non-empty bitboard. Callers guarantee `bb != 0`.
    #[inline(always)]
    pub(crate) const fn lowest(bb: Bitboard) -> Square {
        Square((bb.trailing_zeros() & 63) as u8)
    }

    /// Index `0..64`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File `0..8` (0 = a).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank `0..8` (0 = rank 1).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-bit bitboard of this square.
    #[inline(always)]
    pub const fn bit(self) -> Bitboard {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The side a piece belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White, who moves up the board (towards rank 8).
    White,
    /// Black.
    Black,
}

impl Color {
    /// `"white"` or `"black"`, as JSON and the rows name a side.
    ///
    /// ```
    /// assert_eq!(swapoff::Color::Black.name(), "black");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `0` for White, `1` for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline(always)]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank (0-based) on which this side's pawns promote.
    #[inline(always)]
    pub const fn promotion_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A kind of piece, in the order SEE tries attackers (least valuable first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King (never captured).
    King,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// `0..6`, pawn = 0.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the piece (`P`, `N`, `B`, `R`, `Q`, `K`).
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }
}

/// What kind of move a [`Move`] is: SEE treats each differently.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A plain move or capture (anything not listed below).
    Normal,
    /// A pawn move to the last rank that becomes the given piece (capture or not).
    Promotion(Role),
    /// An en passant capture: the captured pawn is not on the target square.
    EnPassant,
    /// Castling, either side. `to` is the king's destination.
    Castle,
}

/// A move as the exchange code needs it: origin, target and kind.
///
/// Four bytes, aligned to four, so that it travels in one register and is read from an
/// array in one load (three unaligned bytes took four instructions to assemble).
///
/// ```
/// use swapoff::{Move, MoveKind, Square};
/// let e4 = Square::from_coords(4, 3).unwrap();
/// let d5 = Square::from_coords(3, 4).unwrap();
/// let exd5 = Move::normal(e4, d5);
/// assert_eq!(exd5.kind, MoveKind::Normal);
/// assert_eq!(exd5.to_string(), "e4d5");
/// assert_eq!(std::mem::size_of::<Move>(), 4);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(C, align(4))]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes: the square the exchange is fought over.
    pub to: Square,
    /// Normal, promotion, en passant or castling.
    pub kind: MoveKind,
}

impl Move {
    /// A plain move or capture.
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// A promotion to `role`.
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Promotion(role),
        }
    }

    /// An en passant capture; `to` is the empty square the pawn moves to.
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::EnPassant,
        }
    }

    /// Castling; `from` and `to` are the king's squares.
    pub const fn castle(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Castle,
        }
    }

    /// The square of the pawn an en passant capture removes (same file as `to`, rank of `from`).
    #[inline(always)]
    pub const fn en_passant_victim(self) -> Square {
        Square(self.from.0 & !7 | self.to.0 & 7)
    }
}

impl fmt::Display for Move {
    /// UCI notation (`e7e8q`); castling is shown king-to-destination.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let MoveKind::Promotion(role) = self.kind {
            write!(f, "{}", role.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}
