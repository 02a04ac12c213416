//! `shakmaty` adapter.

use crate::board::SeeBoard;
use crate::types::{Bitboard, Color, Move, Role, Square};
use core::fmt;
use shakmaty::Position;

#[inline(always)]
fn sq(s: Square) -> shakmaty::Square {
    // The mask lets the compiler drop the bounds check: indices are below 64 anyway.
    shakmaty::Square::ALL[s.index() & 63]
}

#[inline(always)]
fn from_sq(s: shakmaty::Square) -> Square {
    Square::lowest(1u64 << (u32::from(s) & 63))
}

#[inline(always)]
fn color(c: Color) -> shakmaty::Color {
    match c {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

#[inline(always)]
fn role(r: Role) -> shakmaty::Role {
    match r {
        Role::Pawn => shakmaty::Role::Pawn,
        Role::Knight => shakmaty::Role::Knight,
        Role::Bishop => shakmaty::Role::Bishop,
        Role::Rook => shakmaty::Role::Rook,
        Role::Queen => shakmaty::Role::Queen,
        Role::King => shakmaty::Role::King,
    }
}

#[inline(always)]
fn from_role(r: shakmaty::Role) -> Role {
    match r {
        shakmaty::Role::Pawn => Role::Pawn,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::King => Role::King,
    }
}

/// `shakmaty::Board` (the shakmaty crate's piece placement), with the `shakmaty` feature.
#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl SeeBoard for shakmaty::Board {
    #[inline(always)]
    fn by_color(&self, c: Color) -> Bitboard {
        shakmaty::Board::by_color(self, color(c)).0
    }
    #[inline(always)]
    fn by_role(&self, r: Role) -> Bitboard {
        shakmaty::Board::by_role(self, role(r)).0
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        shakmaty::Board::occupied(self).0
    }
}

/// `shakmaty::Chess` (the shakmaty crate's position), with the `shakmaty` feature; it
/// answers through its board.
#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl SeeBoard for shakmaty::Chess {
    #[inline(always)]
    fn by_color(&self, c: Color) -> Bitboard {
        SeeBoard::by_color(self.board(), c)
    }
    #[inline(always)]
    fn by_role(&self, r: Role) -> Bitboard {
        SeeBoard::by_role(self.board(), r)
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        SeeBoard::occupied(self.board())
    }
    #[inline(always)]
    fn role_on(&self, s: Square) -> Option<Role> {
        SeeBoard::role_on(self.board(), s)
    }
}

// Conversions between shakmaty's types and the library's, for an engine's glue code: each
// compiles to a move or a small table lookup.
#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl From<shakmaty::Square> for Square {
    #[inline(always)]
    fn from(s: shakmaty::Square) -> Square {
        from_sq(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl From<Square> for shakmaty::Square {
    #[inline(always)]
    fn from(s: Square) -> shakmaty::Square {
        sq(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl From<shakmaty::Color> for Color {
    #[inline(always)]
    fn from(c: shakmaty::Color) -> Color {
        match c {
            shakmaty::Color::White => Color::White,
            shakmaty::Color::Black => Color::Black,
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl From<Color> for shakmaty::Color {
    #[inline(always)]
    fn from(c: Color) -> shakmaty::Color {
        color(c)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl From<shakmaty::Role> for Role {
    #[inline(always)]
    fn from(p: shakmaty::Role) -> Role {
        from_role(p)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl From<Role> for shakmaty::Role {
    #[inline(always)]
    fn from(r: Role) -> shakmaty::Role {
        role(r)
    }
}

/// A shakmaty move that has no meaning in standard chess (a Crazyhouse drop).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
pub struct UnsupportedMove(pub shakmaty::Move);

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl fmt::Display for UnsupportedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the move {} is a piece drop, which SEE does not evaluate",
            self.0
        )
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl std::error::Error for UnsupportedMove {}

#[cfg_attr(docsrs, doc(cfg(feature = "shakmaty")))]
impl TryFrom<&shakmaty::Move> for Move {
    type Error = UnsupportedMove;

    /// Converts a shakmaty move. Castling (encoded by shakmaty as king-takes-rook) becomes
    /// a [`crate::MoveKind::Castle`] from the king's square to its destination.
    fn try_from(m: &shakmaty::Move) -> Result<Move, UnsupportedMove> {
        match *m {
            shakmaty::Move::Normal {
                from,
                to,
                promotion,
                ..
            } => Ok(match promotion {
                Some(p) => Move::promotion(from_sq(from), from_sq(to), from_role(p)),
                None => Move::normal(from_sq(from), from_sq(to)),
            }),
            shakmaty::Move::EnPassant { from, to } => {
                Ok(Move::en_passant(from_sq(from), from_sq(to)))
            }
            shakmaty::Move::Castle { king, rook } => {
                let side = if rook > king {
                    shakmaty::CastlingSide::KingSide
                } else {
                    shakmaty::CastlingSide::QueenSide
                };
                // The king lands on the g- or c-file of its own rank (Chess960 included).
                let file = match side {
                    shakmaty::CastlingSide::KingSide => 6,
                    shakmaty::CastlingSide::QueenSide => 2,
                };
                let king = from_sq(king);
                let to = Square::from_coords(file, king.rank()).unwrap_or(king);
                Ok(Move::castle(king, to))
            }
            shakmaty::Move::Put { .. } => Err(UnsupportedMove(*m)),
        }
    }
}
