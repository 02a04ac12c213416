//! `cozy-chess` adapter.

use crate::board::SeeBoard;
use crate::types::{Bitboard, Color, Move, Role, Square};

#[inline(always)]
fn sq(s: Square) -> cozy_chess::Square {
    // The mask lets the compiler drop the bounds check: indices are below 64 anyway.
    cozy_chess::Square::ALL[s.index() & 63]
}

#[inline(always)]
fn from_sq(s: cozy_chess::Square) -> Square {
    Square::lowest(1u64 << (s as u32 & 63))
}

#[inline(always)]
fn color(c: Color) -> cozy_chess::Color {
    match c {
        Color::White => cozy_chess::Color::White,
        Color::Black => cozy_chess::Color::Black,
    }
}

#[inline(always)]
fn piece(r: Role) -> cozy_chess::Piece {
    match r {
        Role::Pawn => cozy_chess::Piece::Pawn,
        Role::Knight => cozy_chess::Piece::Knight,
        Role::Bishop => cozy_chess::Piece::Bishop,
        Role::Rook => cozy_chess::Piece::Rook,
        Role::Queen => cozy_chess::Piece::Queen,
        Role::King => cozy_chess::Piece::King,
    }
}

#[inline(always)]
fn from_piece(p: cozy_chess::Piece) -> Role {
    match p {
        cozy_chess::Piece::Pawn => Role::Pawn,
        cozy_chess::Piece::Knight => Role::Knight,
        cozy_chess::Piece::Bishop => Role::Bishop,
        cozy_chess::Piece::Rook => Role::Rook,
        cozy_chess::Piece::Queen => Role::Queen,
        cozy_chess::Piece::King => Role::King,
    }
}

// Conversions between cozy_chess's types and the library's, for an engine's glue code: each
// compiles to a move or a small table lookup.
#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl From<cozy_chess::Square> for Square {
    #[inline(always)]
    fn from(s: cozy_chess::Square) -> Square {
        from_sq(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl From<Square> for cozy_chess::Square {
    #[inline(always)]
    fn from(s: Square) -> cozy_chess::Square {
        sq(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl From<cozy_chess::Color> for Color {
    #[inline(always)]
    fn from(c: cozy_chess::Color) -> Color {
        match c {
            cozy_chess::Color::White => Color::White,
            cozy_chess::Color::Black => Color::Black,
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl From<Color> for cozy_chess::Color {
    #[inline(always)]
    fn from(c: Color) -> cozy_chess::Color {
        color(c)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl From<cozy_chess::Piece> for Role {
    #[inline(always)]
    fn from(p: cozy_chess::Piece) -> Role {
        from_piece(p)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl From<Role> for cozy_chess::Piece {
    #[inline(always)]
    fn from(r: Role) -> cozy_chess::Piece {
        piece(r)
    }
}

/// `cozy_chess::Board` (the cozy-chess crate's board), with the `cozy-chess` feature.
#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl SeeBoard for cozy_chess::Board {
    #[inline(always)]
    fn by_color(&self, c: Color) -> Bitboard {
        self.colors(color(c)).0
    }
    #[inline(always)]
    fn by_role(&self, r: Role) -> Bitboard {
        self.pieces(piece(r)).0
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        cozy_chess::Board::occupied(self).0
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "cozy-chess")))]
impl Move {
    /// Converts a cozy-chess move played on `board`.
    ///
    /// cozy-chess encodes castling as the king capturing its own rook and en passant as a
    /// plain diagonal pawn move; this looks at the board to tell them apart.
    ///
    /// ```
    /// let board = cozy_chess::Board::default();
    /// let mv = swapoff::Move::from_cozy(&board, "e2e4".parse().unwrap());
    /// assert_eq!(mv.to_string(), "e2e4");
    /// ```
    #[inline]
    pub fn from_cozy(board: &cozy_chess::Board, mv: cozy_chess::Move) -> Move {
        let from = from_sq(mv.from);
        let to = from_sq(mv.to);
        if let Some(p) = mv.promotion {
            return Move::promotion(from, to, from_piece(p));
        }
        // Bitboard tests, not `piece_on`/`color_on` (a search over the piece sets each).
        let (from_bit, to_bit) = (mv.from.bitboard(), mv.to.bitboard());
        let white = board.colors(cozy_chess::Color::White);
        let occupied = board.occupied();
        if !(board.pieces(cozy_chess::Piece::King) & from_bit).is_empty()
            && !(occupied & to_bit).is_empty()
            && (white & from_bit).is_empty() == (white & to_bit).is_empty()
        {
            // The king takes its own rook: the destination is the g-file when the rook is
            // to its right, else the c-file.
            let file = if to.file() > from.file() { 6 } else { 2 };
            let dest = Square::from_coords(file, from.rank()).unwrap_or(to);
            return Move::castle(from, dest);
        }
        if !(board.pieces(cozy_chess::Piece::Pawn) & from_bit).is_empty()
            && mv.from.file() != mv.to.file()
            && (occupied & to_bit).is_empty()
        {
            return Move::en_passant(from, to);
        }
        Move::normal(from, to)
    }

    /// Converts a cozy-chess move that the engine knows takes an enemy piece standing on
    /// its target square: neither castling (cozy-chess's king takes its own rook) nor en
    /// passant (the target is empty). No board lookup tells those apart, so the conversion
    /// costs next to nothing; a promotion is read off the move itself. In debug builds the
    /// claim is checked against `board`.
    ///
    /// ```
    /// use swapoff::{Move, PieceValues, Rules, See};
    /// const VALUES: PieceValues = PieceValues::of(100, 320, 330, 500, 900);
    /// const CLASSIC: See = See::new(Rules::Classic).with_values(VALUES);
    /// let board: cozy_chess::Board = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
    /// let rxd5 = Move::from_cozy_capture(&board, "d1d5".parse().unwrap());
    /// assert_eq!(rxd5, Move::from_cozy(&board, "d1d5".parse().unwrap()));
    /// assert_eq!(swapoff::see_with(&board, rxd5, &VALUES), 320);
    /// assert_eq!(CLASSIC.value(&board, rxd5), 320);
    /// ```
    #[inline]
    pub fn from_cozy_capture(board: &cozy_chess::Board, mv: cozy_chess::Move) -> Move {
        debug_assert!(
            board.colors(!board.side_to_move()).has(mv.to),
            "{mv} does not take an enemy piece"
        );
        let (from, to) = (from_sq(mv.from), from_sq(mv.to));
        match mv.promotion {
            None => Move::normal(from, to),
            Some(p) => Move::promotion(from, to, from_piece(p)),
        }
    }
}
