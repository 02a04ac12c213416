//! The prepared board: a board with its per-position facts computed once, for evaluating
//! many moves of one position.

use crate::attacks;
use crate::board::{exposure, SeeBoard, RANK_2, RANK_7};
use crate::pins::Pins;
use crate::types::{Bitboard, Color, Role, Square};

/// A board with its per-position facts computed once, for evaluating many moves of one
/// position: both sides' pins, the squares where a pin or a discovered check can arise
/// ([`SeeBoard::king_exposure`]), where a recapturing pawn promotes, a square-indexed
/// array of piece kinds, and copies of the piece sets, also split by colour
/// ([`SeeBoard::pieces_of`]): every [performance hook](SeeBoard#performance-hooks)
/// answered from a table. The wrapped board is then used for its attack tables alone. In
/// debug builds, construction checks every table against the plain board
/// ([`check_hooks`](crate::check_hooks)).
///
/// Without it, the Stockfish rules compute pins when a side has an attacker on a line
/// through its king, the default rules look closely at every capture from a square on a
/// line through the king, and every evaluation reads the moving and the captured piece
/// from the bitboards ([`SeeBoard::occupant`]). Building it costs about as much as one or
/// two evaluations (in `seeswap scan`, with two captures a side on average, more than it
/// saves); an engine whose board already keeps pins and a piece array should instead
/// override [`SeeBoard::pins`], [`SeeBoard::occupant`] and [`SeeBoard::pieces_of`]
/// (setting [`SeeBoard::CHEAP_OCCUPANT`] and [`SeeBoard::CHEAP_PINS`]). Wrapping a board:
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// use swapoff::{PreparedBoard, see, Move};
/// let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
/// let cached = PreparedBoard::new(&board);
/// let mv = Move::from_cozy(&board, "d1d5".parse().unwrap());
/// assert_eq!(see(&cached, mv), see(&board, mv));
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
// Four aligned cache lines: what every call reads first (the colours, the sliders, the
// exposure, the promotion squares) in the first, the piece sets and pins in the next two,
// the piece array in the last. What can be derived is not stored: the piece sets by kind
// are the two colours' sets joined, and the pins' `pinned` is the blockers of the king's
// colour.
#[repr(C, align(64))]
pub struct PreparedBoard<'a, B: SeeBoard + ?Sized> {
    colors: [Bitboard; 2],
    // Bishops and queens, rooks and queens: the exchange reads both at its start.
    diagonal: Bitboard,
    straight: Bitboard,
    exposure: [Bitboard; 2],
    promotion_squares: Bitboard,
    board: &'a B,
    // Each side's pieces of each kind. Read at every step of the exchange with the side
    // to capture as the index, they are not loop invariants, so the compiler does not
    // hoist them out of the exchange's loop and spill them to the stack.
    pieces_of: [[Bitboard; 6]; 2],
    blockers: [Bitboard; 2],
    pinners: [Bitboard; 2],
    roles: [Option<Role>; 64],
}

impl<'a, B: SeeBoard + ?Sized> PreparedBoard<'a, B> {
    /// Computes, for both sides of `board`, the pins and the king's exposure; the squares
    /// where a recapturing pawn promotes; and where each kind of piece stands.
    pub fn new(board: &'a B) -> Self {
        let mut roles = [None; 64];
        for role in Role::ALL {
            let mut rest = board.by_role(role);
            while rest != 0 {
                roles[Square::lowest(rest).index()] = Some(role);
                rest &= rest - 1;
            }
        }
        let pins = [board.pins(Color::White), board.pins(Color::Black)];
        let prepared = PreparedBoard {
            board,
            colors: [board.by_color(Color::White), board.by_color(Color::Black)],
            pieces_of: [Color::White, Color::Black]
                .map(|color| Role::ALL.map(|role| board.pieces_of(color, role))),
            diagonal: board.diagonal_sliders(),
            straight: board.straight_sliders(),
            blockers: pins.map(|p| p.blockers),
            pinners: pins.map(|p| p.pinners),
            exposure: [exposure(board, Color::White), exposure(board, Color::Black)],
            promotion_squares: promotion_squares(
                board.by_role(Role::Pawn) & board.by_color(Color::White),
                board.by_role(Role::Pawn) & board.by_color(Color::Black),
            ),
            roles,
        };
        // Every table answers as the plain board would (debug builds only: it costs more
        // than the tables save).
        #[cfg(debug_assertions)]
        if let Err(mismatch) = crate::hooks::check_hooks(&prepared) {
            panic!("PreparedBoard disagrees with its board: {mismatch}");
        }
        prepared
    }

    /// The wrapped board.
    pub fn board(&self) -> &'a B {
        self.board
    }
}

impl<B: SeeBoard + ?Sized> SeeBoard for PreparedBoard<'_, B> {
    const CHEAP_OCCUPANT: bool = true;
    const CHEAP_PINS: bool = true;
    #[inline(always)]
    fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    #[inline(always)]
    fn by_role(&self, role: Role) -> Bitboard {
        self.pieces_of[0][role.index()] | self.pieces_of[1][role.index()]
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        self.pieces_of[color.index()][role.index()]
    }
    #[inline(always)]
    fn diagonal_sliders(&self) -> Bitboard {
        self.diagonal
    }
    #[inline(always)]
    fn straight_sliders(&self) -> Bitboard {
        self.straight
    }
    #[inline(always)]
    fn role_on(&self, sq: Square) -> Option<Role> {
        // The mask spares a bounds check: squares are below 64, but the compiler cannot
        // know it.
        self.roles[sq.index() & 63]
    }
    #[inline(always)]
    fn occupant(&self, sq: Square) -> Role {
        self.roles[sq.index() & 63].unwrap_or(Role::Pawn)
    }
    #[inline(always)]
    fn pins(&self, color: Color) -> Pins {
        let i = color.index();
        // No king, no pins (as `Pins::compute` answers).
        if self.pieces_of[i][Role::King.index()] == 0 {
            return Pins::default();
        }
        Pins {
            color: Some(color),
            blockers: self.blockers[i],
            pinners: self.pinners[i],
            pinned: self.blockers[i] & self.colors[i],
        }
    }
    #[inline(always)]
    fn king_exposure(&self, color: Color) -> Bitboard {
        self.exposure[color.index()]
    }
    #[inline(always)]
    fn pawn_promotes_capturing_on(&self, sq: Square) -> bool {
        self.promotion_squares & sq.bit() != 0
    }
}

/// The squares that `white` pawns on the seventh rank and `black` pawns on the second
/// attack.
#[inline(always)]
fn promotion_squares(white: Bitboard, black: Bitboard) -> Bitboard {
    attacks::pawns(Color::White, white & RANK_7) | attacks::pawns(Color::Black, black & RANK_2)
}
