//! The board trait: everything SEE needs to know about a position. Its contract is two
//! methods, where the pieces stand; the rest are performance hooks, with defaults computed
//! from those two, that a board may answer faster from what it keeps
//! ([`check_hooks`](crate::check_hooks) tests that such answers agree).

use crate::attacks;
use crate::lines::{diagonal_rays, straight_rays};
use crate::pins::{lines_to, Pins};
use crate::types::{Bitboard, Color, Role, Square};

/// What the exchange code needs from a board: where the pieces stand, as bitboards.
///
/// Implement it for your engine's board and every function of this crate works on it.
/// All methods are small and meant to be `#[inline]`; monomorphised, the trait costs
/// nothing.
///
/// The side to move is not needed: the mover is the colour of the piece on the move's
/// origin square.
///
/// # The contract
///
/// Two required methods: [`by_color`](SeeBoard::by_color) and
/// [`by_role`](SeeBoard::by_role). They are all a board must give; everything else is
/// computed from them.
///
/// Attacks are not asked of the board: the library computes them from its own tables,
/// about 4.5 KB that stay in the first-level cache (hyperbola quintessence for sliders).
/// A board crate's magic or PEXT tables are far bigger, and inside SEE a lookup there
/// mostly misses the cache while the next step waits on it, which costs more than the
/// instructions a lookup saves.
///
/// # Performance hooks
///
/// The provided methods and the two constants are hooks for speed: each default computes
/// its answer from the contract, and a board that keeps the answer ready (a piece array,
/// pins, the piece sets by colour and kind) may return it instead. An override must give
/// the default's answer (for [`king_exposure`](SeeBoard::king_exposure), a superset of the
/// squares where a pin or a discovered check can arise): a wrong one silently changes
/// SEE values. Test every override with [`check_hooks`](crate::check_hooks), on the
/// positions of your own tests. [`PreparedBoard`](crate::PreparedBoard) answers all of
/// them from tables built once per position, and checks itself in debug builds.
///
/// Queries derived from the contract that are not hooks, the same for every board
/// ([`king_square`](BoardQueries::king_square), [`color_on`](BoardQueries::color_on),
/// [`attackers_to`](BoardQueries::attackers_to)), are [`BoardQueries`], implemented for
/// every `SeeBoard`.
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

    // ---- Performance hooks (see the trait's documentation). ----

    /// Pieces of one kind and one colour. Hook; default `by_color & by_role`.
    ///
    /// The exchange asks this for the side to capture at every step; a board that keeps
    /// the sets ready (as [`PreparedBoard`](crate::PreparedBoard) does) answers with one load.
    #[inline(always)]
    fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        self.by_color(color) & self.by_role(role)
    }

    /// The pieces that move along diagonals (bishops and queens), both colours. Hook.
    #[inline(always)]
    fn diagonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// The pieces that move along files and ranks (rooks and queens), both colours. Hook.
    #[inline(always)]
    fn straight_sliders(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// All occupied squares. Hook; default the union of both colours.
    #[inline]
    fn occupied(&self) -> Bitboard {
        self.by_color(Color::White) | self.by_color(Color::Black)
    }

    /// The squares where a piece of `color` may stand pinned to its king, or whose
    /// emptying may uncover a check on it: a superset is enough, since each square found
    /// there is then looked at closely. No king, no squares. Hook.
    ///
    /// The default rules ask this at every capture. The default computes the squares
    /// between the king and each enemy slider on a line from it that it could attack
    /// along (two table lookups, and one more a slider): a set the exchange rarely meets,
    /// so that most captures skip the legality tests (every line from the king, the
    /// cheaper superset, sent a capture to them more often than it saved).
    /// [`PreparedBoard`](crate::PreparedBoard) keeps the set, computed once per position.
    #[inline(always)]
    fn king_exposure(&self, color: Color) -> Bitboard {
        exposure(self, color)
    }

    /// The kind of piece on `sq`, if any. Hook; default [`occupant`](SeeBoard::occupant)
    /// on an occupied square.
    #[inline(always)]
    fn role_on(&self, sq: Square) -> Option<Role> {
        if self.occupied() & sq.bit() == 0 {
            None
        } else {
            Some(self.occupant(sq))
        }
    }

    /// The kind of the piece on `sq`, which the caller knows to be occupied (for an empty
    /// square any answer will do, but no panic). Hook.
    ///
    /// SEE asks this for the moving and the captured piece of every move. The default
    /// reads it from the role bitboards without a data-dependent branch; a board with a
    /// square-indexed array of pieces should answer from that (one load) and say so with
    /// [`CHEAP_OCCUPANT`](SeeBoard::CHEAP_OCCUPANT).
    #[inline(always)]
    fn occupant(&self, sq: Square) -> Role {
        occupied_role(self, sq)
    }

    /// Hook: whether [`occupant`](SeeBoard::occupant) is as cheap as one load (the board keeps a
    /// square-indexed array of pieces and overrides it). Boards that decode it from their
    /// bitboards leave this `false`, and `see_ge` then puts off reading the moving piece
    /// until a recapture needs it, which most quiet moves never meet; with a piece array
    /// reading it at once is faster.
    const CHEAP_OCCUPANT: bool = false;

    /// Whether a pawn on its seventh rank attacks `sq` (a white one on the eighth rank, a
    /// black one on the first). Hook: only there can a recapturing pawn promote (pawns are never
    /// revealed by x-rays, so the position before the move decides).
    ///
    /// The default looks up the pawns' attacks on `sq`: a pawn on its seventh rank attacks
    /// only last-rank squares, so `sq`'s rank needs no test of its own (a test of the rank
    /// first would be taken for the many moves along the back ranks, and mispredicted).
    /// [`PreparedBoard`](crate::PreparedBoard) keeps the squares ready and answers with one test.
    #[inline(always)]
    fn pawn_promotes_capturing_on(&self, sq: Square) -> bool {
        let pawns = self.by_role(Role::Pawn);
        let white = attacks::pawn(Color::Black, sq) & pawns & self.by_color(Color::White);
        let black = attacks::pawn(Color::White, sq) & pawns & self.by_color(Color::Black);
        (white & RANK_7) | (black & RANK_2) != 0
    }

    /// Hook: whether [`pins`](SeeBoard::pins) is as cheap as a load (the board keeps
    /// them, as [`PreparedBoard`](crate::PreparedBoard) and Stockfish's `StateInfo` do). The Stockfish rules then read them
    /// at every capture instead of computing them once, when first needed.
    const CHEAP_PINS: bool = false;

    /// The pins against `color`'s king, in the position as it stands. Hook (used by the
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

/// Queries derived from a board's contract, the same for every [`SeeBoard`] (implemented
/// for all of them, and not meant to be overridden: they are not hooks).
pub trait BoardQueries: SeeBoard {
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
        (attacks::pawn(Color::Black, sq) & pawns & self.by_color(Color::White))
            | (attacks::pawn(Color::White, sq) & pawns & self.by_color(Color::Black))
            | (attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::bishop(sq, occupied) & diagonal)
            | (attacks::rook(sq, occupied) & straight)
    }
}

impl<B: SeeBoard + ?Sized> BoardQueries for B {}

impl Pins {
    /// Computes the pins against `color`'s king from any [`SeeBoard`].
    pub fn compute<B: SeeBoard + ?Sized>(board: &B, color: Color) -> Pins {
        let Some(king) = board.king_square(color) else {
            return Pins::default();
        };
        let snipers = snipers(board, color, king);
        Pins::from_snipers(
            color,
            king,
            snipers,
            board.occupied(),
            board.by_color(color),
        )
    }
}

/// The enemy sliders on a line from `color`'s king on `king` that they could attack
/// along, whatever stands between.
pub(crate) fn snipers<B: SeeBoard + ?Sized>(board: &B, color: Color, king: Square) -> Bitboard {
    ((straight_rays(king) & board.straight_sliders())
        | (diagonal_rays(king) & board.diagonal_sliders()))
        & board.by_color(!color)
}

/// The squares between `color`'s king and each enemy slider on a line from it that it
/// could attack along (whatever stands between): only a piece there can be pinned, and
/// only emptying one of them can uncover a check. Sliders only leave the board during an
/// exchange, and one that captures onto the target square is taken by whatever captures
/// it next, so the set stays a superset throughout. No king, no squares.
pub(crate) fn exposure<B: SeeBoard + ?Sized>(board: &B, color: Color) -> Bitboard {
    board
        .king_square(color)
        .map_or(0, |king| lines_to(king, snipers(board, color, king)))
}

/// The second rank, where Black's pawns stand one step from promotion.
pub(crate) const RANK_2: Bitboard = 0xff << 8;
/// The seventh rank, where White's pawns stand one step from promotion.
pub(crate) const RANK_7: Bitboard = 0xff << 48;

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
