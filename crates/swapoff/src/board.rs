//! The board trait: everything SEE needs to know about a position.

use crate::lines::{between, diagonal_rays, king_lines, straight_rays};
use crate::types::{Bitboard, Color, Role, Square};

/// What the exchange code needs from a board: pieces as bitboards and attack lookups.
///
/// Implement it for your engine's board and every function of this crate works on it.
/// All methods are small and meant to be `#[inline]`; monomorphised, the trait costs
/// nothing. The attack functions are associated with `&self` so that an implementation
/// may use its own tables, but most will forward to free functions.
///
/// The side to move is not needed: the mover is the colour of the piece on the move's
/// origin square.
///
/// ```
/// # #[cfg(feature = "shakmaty")] {
/// use swapoff::SeeBoard;
/// use shakmaty::Chess;
/// let pos = Chess::default();
/// assert_eq!(pos.by_role(swapoff::Role::Pawn).count_ones(), 16);
/// # }
/// ```
pub trait SeeBoard {
    /// Pieces of one colour.
    fn by_color(&self, color: Color) -> Bitboard;
    /// Pieces of one kind, both colours.
    fn by_role(&self, role: Role) -> Bitboard;

    /// Squares a rook on `sq` attacks when `occupied` are the occupied squares.
    fn rook_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard;
    /// Squares a bishop on `sq` attacks when `occupied` are the occupied squares.
    fn bishop_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard;
    /// Squares a knight on `sq` attacks.
    fn knight_attacks(&self, sq: Square) -> Bitboard;
    /// Squares a king on `sq` attacks.
    fn king_attacks(&self, sq: Square) -> Bitboard;
    /// Squares a pawn of `color` on `sq` attacks (captures towards).
    fn pawn_attacks(&self, color: Color, sq: Square) -> Bitboard;

    /// Pieces of one kind and one colour.
    ///
    /// The exchange asks this for the side to capture at every step; a board that keeps
    /// the sets ready (as [`PinCache`] does) answers with one load.
    #[inline(always)]
    fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        self.by_color(color) & self.by_role(role)
    }

    /// The pieces that move along diagonals (bishops and queens), both colours.
    #[inline(always)]
    fn diagonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// The pieces that move along files and ranks (rooks and queens), both colours.
    #[inline(always)]
    fn straight_sliders(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// All occupied squares.
    #[inline]
    fn occupied(&self) -> Bitboard {
        self.by_color(Color::White) | self.by_color(Color::Black)
    }

    /// The square of `color`'s king, if it has one.
    #[inline]
    fn king_square(&self, color: Color) -> Option<Square> {
        let kings = self.by_color(color) & self.by_role(Role::King);
        if kings == 0 {
            None
        } else {
            Some(Square::lowest(kings))
        }
    }

    /// The squares where a piece of `color` may stand pinned to its king, or whose
    /// emptying may uncover a check on it: a superset is enough, since each square found
    /// there is then looked at closely. No king, no squares.
    ///
    /// The default rules ask this at every capture. The default is every square on a line
    /// from the king; [`PinCache`] keeps the lines between the king and the enemy sliders
    /// that could attack along them, a much smaller set that the exchange rarely meets.
    #[inline(always)]
    fn king_exposure(&self, color: Color) -> Bitboard {
        self.king_square(color).map_or(0, king_lines)
    }

    /// The kind of piece on `sq`, if any.
    #[inline(always)]
    fn role_on(&self, sq: Square) -> Option<Role> {
        if self.occupied() & sq.bit() == 0 {
            None
        } else {
            Some(self.occupant(sq))
        }
    }

    /// The kind of the piece on `sq`, which the caller knows to be occupied (for an empty
    /// square any answer will do, but no panic).
    ///
    /// SEE asks this for the moving and the captured piece of every move. The default
    /// reads it from the role bitboards without a data-dependent branch; a board with a
    /// square-indexed array of pieces should answer from that (one load) and say so with
    /// [`CHEAP_OCCUPANT`](SeeBoard::CHEAP_OCCUPANT).
    #[inline(always)]
    fn occupant(&self, sq: Square) -> Role {
        occupied_role(self, sq)
    }

    /// Whether [`occupant`](SeeBoard::occupant) is as cheap as one load (the board keeps a
    /// square-indexed array of pieces and overrides it). Boards that decode it from their
    /// bitboards leave this `false`, and `see_ge` then puts off reading the moving piece
    /// until a recapture needs it, which most quiet moves never meet; with a piece array
    /// reading it at once is faster.
    const CHEAP_OCCUPANT: bool = false;

    /// The colour of the piece on `sq`, if any.
    #[inline]
    fn color_on(&self, sq: Square) -> Option<Color> {
        let bit = sq.bit();
        if self.by_color(Color::White) & bit != 0 {
            Some(Color::White)
        } else if self.by_color(Color::Black) & bit != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Every piece of both colours attacking `sq` when `occupied` are the occupied squares.
    ///
    /// Pieces outside `occupied` are still reported if their attack reaches `sq`; callers
    /// that remove pieces mask the result with `occupied` themselves.
    #[inline(always)]
    fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diagonal = self.diagonal_sliders();
        let straight = self.straight_sliders();
        let pawns = self.by_role(Role::Pawn);
        (self.pawn_attacks(Color::Black, sq) & pawns & self.by_color(Color::White))
            | (self.pawn_attacks(Color::White, sq) & pawns & self.by_color(Color::Black))
            | (self.knight_attacks(sq) & self.by_role(Role::Knight))
            | (self.king_attacks(sq) & self.by_role(Role::King))
            | (self.bishop_attacks(sq, occupied) & diagonal)
            | (self.rook_attacks(sq, occupied) & straight)
    }

    /// Whether a pawn on its seventh rank attacks `sq` (a white one on the eighth rank, a
    /// black one on the first): only there can a recapturing pawn promote (pawns are never
    /// revealed by x-rays, so the position before the move decides).
    ///
    /// The default looks up the pawns' attacks on `sq`: a pawn on its seventh rank attacks
    /// only last-rank squares, so `sq`'s rank needs no test of its own (a test of the rank
    /// first would be taken for the many moves along the back ranks, and mispredicted).
    /// [`PinCache`] keeps the squares ready and answers with one test.
    #[inline(always)]
    fn pawn_promotes_capturing_on(&self, sq: Square) -> bool {
        let pawns = self.by_role(Role::Pawn);
        let white = self.pawn_attacks(Color::Black, sq) & pawns & self.by_color(Color::White);
        let black = self.pawn_attacks(Color::White, sq) & pawns & self.by_color(Color::Black);
        (white & RANK_7) | (black & RANK_2) != 0
    }

    /// Whether [`pins`](SeeBoard::pins) is as cheap as a load (the board keeps them, as
    /// [`PinCache`] and Stockfish's `StateInfo` do). The Stockfish rules then read them
    /// at every capture instead of computing them once, when first needed.
    const CHEAP_PINS: bool = false;

    /// The pins against `color`'s king, in the position as it stands (used by the
    /// Stockfish rules, which fix pins before the move; the default rules look at the line
    /// through each recapturing piece during the exchange instead).
    ///
    /// The default computes them from the bitboards; an engine that already keeps them
    /// (as Stockfish does in its `StateInfo`) can return its cached copy.
    #[inline]
    fn pins(&self, color: Color) -> Pins {
        Pins::compute(self, color)
    }
}

/// The second rank, where Black's pawns stand one step from promotion.
const RANK_2: Bitboard = 0xff << 8;
/// The seventh rank, where White's pawns stand one step from promotion.
const RANK_7: Bitboard = 0xff << 48;

/// Pieces that shield a king from an enemy slider, and the sliders that do the pinning.
///
/// `blockers` holds every piece (of either colour) that is the only piece between the
/// king and an enemy slider, as in Stockfish's `blockers_for_king`; `pinned()` is the part
/// of it that belongs to the king's side. `pinners` holds the enemy sliders that pin a
/// piece of the king's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pins {
    /// The king's side.
    pub color: Option<Color>,
    /// Pieces of either colour alone between the king and an enemy slider.
    pub blockers: Bitboard,
    /// Enemy sliders that pin a piece of the king's side.
    pub pinners: Bitboard,
    /// The king's side's pieces among `blockers`.
    pub pinned: Bitboard,
}

impl Pins {
    /// Computes the pins against `color`'s king from any [`SeeBoard`].
    pub fn compute<B: SeeBoard + ?Sized>(board: &B, color: Color) -> Pins {
        let Some(king) = board.king_square(color) else {
            return Pins::default();
        };
        let snipers = snipers(board, color, king);
        let occupied = board.occupied() ^ snipers;
        let own = board.by_color(color);
        let mut pins = Pins {
            color: Some(color),
            ..Pins::default()
        };
        let mut rest = snipers;
        while rest != 0 {
            let sniper = Square::lowest(rest);
            rest &= rest - 1;
            let b = between(king, sniper) & occupied;
            if b != 0 && b & (b - 1) == 0 {
                pins.blockers |= b;
                if b & own != 0 {
                    pins.pinners |= sniper.bit();
                    pins.pinned |= b;
                }
            }
        }
        pins
    }
}

/// A board with its per-position facts computed once, for evaluating many moves of one
/// position: both sides' pins, the squares where a pin or a discovered check can arise
/// ([`SeeBoard::king_exposure`]), where a recapturing pawn promotes, a square-indexed
/// array of piece kinds, and copies of the piece sets, also split by colour
/// ([`SeeBoard::pieces_of`]). The wrapped board is then used for its attack tables alone.
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
/// use swapoff::{PinCache, see, Move};
/// let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
/// let cached = PinCache::new(&board);
/// let mv = Move::from_cozy(&board, "d1d5".parse().unwrap());
/// assert_eq!(see(&cached, mv), see(&board, mv));
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PinCache<'a, B: SeeBoard + ?Sized> {
    board: &'a B,
    // The piece sets are copied so that the hot path reads everything from one base
    // address: a second pointer would hold a register the exchange needs.
    colors: [Bitboard; 2],
    pieces: [Bitboard; 6],
    // Each side's pieces of each kind. Read at every step of the exchange with the side
    // to capture as the index, they are not loop invariants, so the compiler does not
    // hoist them out of the exchange's loop and spill them to the stack.
    pieces_of: [[Bitboard; 6]; 2],
    // Bishops and queens, rooks and queens: the exchange reads both at its start.
    diagonal: Bitboard,
    straight: Bitboard,
    pins: [Pins; 2],
    exposure: [Bitboard; 2],
    promotion_squares: Bitboard,
    roles: [Option<Role>; 64],
}

impl<'a, B: SeeBoard + ?Sized> PinCache<'a, B> {
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
        PinCache {
            board,
            colors: [board.by_color(Color::White), board.by_color(Color::Black)],
            pieces: Role::ALL.map(|role| board.by_role(role)),
            pieces_of: [Color::White, Color::Black]
                .map(|color| Role::ALL.map(|role| board.pieces_of(color, role))),
            diagonal: board.diagonal_sliders(),
            straight: board.straight_sliders(),
            pins: [board.pins(Color::White), board.pins(Color::Black)],
            exposure: [exposure(board, Color::White), exposure(board, Color::Black)],
            promotion_squares: promotion_squares(
                board.by_role(Role::Pawn) & board.by_color(Color::White),
                board.by_role(Role::Pawn) & board.by_color(Color::Black),
            ),
            roles,
        }
    }

    /// The wrapped board.
    pub fn board(&self) -> &'a B {
        self.board
    }
}

impl<B: SeeBoard + ?Sized> SeeBoard for PinCache<'_, B> {
    const CHEAP_OCCUPANT: bool = true;
    const CHEAP_PINS: bool = true;
    #[inline(always)]
    fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    #[inline(always)]
    fn by_role(&self, role: Role) -> Bitboard {
        self.pieces[role.index()]
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
    fn rook_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.board.rook_attacks(sq, occupied)
    }
    #[inline(always)]
    fn bishop_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.board.bishop_attacks(sq, occupied)
    }
    #[inline(always)]
    fn knight_attacks(&self, sq: Square) -> Bitboard {
        self.board.knight_attacks(sq)
    }
    #[inline(always)]
    fn king_attacks(&self, sq: Square) -> Bitboard {
        self.board.king_attacks(sq)
    }
    #[inline(always)]
    fn pawn_attacks(&self, color: Color, sq: Square) -> Bitboard {
        self.board.pawn_attacks(color, sq)
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
        self.pins[color.index()]
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

/// The enemy sliders on a line from `color`'s king on `king` that they could attack
/// along, whatever stands between.
fn snipers<B: SeeBoard + ?Sized>(board: &B, color: Color, king: Square) -> Bitboard {
    ((straight_rays(king) & board.straight_sliders())
        | (diagonal_rays(king) & board.diagonal_sliders()))
        & board.by_color(!color)
}

/// The squares between `color`'s king and each enemy slider on a line from it that it
/// could attack along (whatever stands between): only a piece there can be pinned, and
/// only emptying one of them can uncover a check. Sliders only leave the board during an
/// exchange, and one that captures onto the target square is taken by whatever captures
/// it next, so the set stays a superset throughout.
fn exposure<B: SeeBoard + ?Sized>(board: &B, color: Color) -> Bitboard {
    let Some(king) = board.king_square(color) else {
        return 0;
    };
    let mut snipers = snipers(board, color, king);
    let mut squares = 0;
    while snipers != 0 {
        squares |= between(king, Square::lowest(snipers));
        snipers &= snipers - 1;
    }
    squares
}

/// The squares that `white` pawns on the seventh rank and `black` pawns on the second
/// attack: one step forward and one to the side, the a- and h-files not wrapping.
#[inline(always)]
fn promotion_squares(white: Bitboard, black: Bitboard) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let (w, b) = (white & RANK_7, black & RANK_2);
    (((w << 7) | (b >> 9)) & !FILE_H) | (((w << 9) | (b >> 7)) & !FILE_A)
}

/// The kind of the piece on an occupied square, without a data-dependent branch: the
/// role's index is read bit by bit from three unions of piece sets.
#[inline(always)]
pub(crate) fn occupied_role<B: SeeBoard + ?Sized>(board: &B, sq: Square) -> Role {
    // Index bits: 1 = knight, rook or king; 2 = bishop or rook; 4 = queen or king.
    static DECODE: [Role; 8] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::King,
        Role::King,
    ];
    let knights = board.by_role(Role::Knight);
    let bishops = board.by_role(Role::Bishop);
    let rooks = board.by_role(Role::Rook);
    let queens = board.by_role(Role::Queen);
    let kings = board.by_role(Role::King);
    let i = sq.index() as u32;
    let bit0 = ((knights | rooks | kings) >> i) & 1;
    let bit1 = ((bishops | rooks) >> i) & 1;
    let bit2 = ((queens | kings) >> i) & 1;
    DECODE[(bit0 | bit1 << 1 | bit2 << 2) as usize]
}
