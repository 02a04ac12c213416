//! The sequence of captures on one square under a fast rule set.
//!
//! [`Exchange`] plays the forced first move and then, on request, finds the next attacker
//! of a given side and, once the caller knows the exchange goes on, removes it, revealing
//! x-ray attackers behind it. `see`, `see_ge` and the trace all walk the same sequence, so
//! they cannot disagree about who captures.

use crate::attacks;
use crate::board::{BoardQueries, SeeBoard};
use crate::lines::{king_lines, line, straight_rays};
use crate::pins::Pins;
use crate::rules::{FastRules, PinRule};
use crate::types::{Bitboard, Color, Move, MoveKind, Role, Square};
use crate::values::PieceValues;
use core::marker::PhantomData;

/// The first move as the exchange sees it.
#[derive(Clone, Copy)]
pub(crate) struct Opening {
    /// Side making the first move.
    pub mover: Color,
    /// Kind of the moving piece.
    pub role: Role,
    /// What the first move captures (`None` for a quiet move).
    pub captured: Option<Role>,
    /// The kind of piece standing on the target square after the move.
    pub placed: Role,
}

impl Opening {
    /// Reads the first move off the board: cheap, so that callers can take the early
    /// exits that need no attacker before building the [`Exchange`]. `None` when there is
    /// no piece on the origin square.
    #[inline(always)]
    pub fn read<B: SeeBoard + ?Sized>(board: &B, mv: Move) -> Option<Opening> {
        let occupied = board.occupied();
        if occupied & mv.from.bit() == 0 {
            return None;
        }
        let mover = mover(board, mv);
        let role = board.occupant(mv.from);
        let captured = match mv.kind {
            MoveKind::EnPassant => Some(Role::Pawn),
            // Most moves go to an empty square: no need to look for a piece there.
            _ if occupied & mv.to.bit() == 0 => None,
            _ => Some(board.occupant(mv.to)),
        };
        let placed = match mv.kind {
            MoveKind::Promotion(promoted) => promoted,
            _ => role,
        };
        Some(Opening {
            mover,
            role,
            captured,
            placed,
        })
    }
}

impl Opening {
    /// What the first move wins by itself: the captured piece, plus the promotion's gain.
    #[inline(always)]
    pub fn gain(&self, values: &PieceValues) -> i32 {
        self.captured.map_or(0, |r| values.value(r)) + values.value(self.placed)
            - values.value(self.role)
    }
}

/// The first move in numbers, read straight off the board: what `see` and `see_ge` need
/// before the attackers, on the path most calls end on. (The same quantities as
/// [`Opening::gain`] and the placed piece's value; the trace tests hold them equal.)
#[derive(Clone, Copy)]
pub(crate) struct Start {
    /// Side making the first move.
    pub mover: Color,
    /// What the first move wins by itself: the captured piece plus any promotion's gain.
    pub gain: i32,
    /// The value of the piece standing on the target square after the move.
    pub placed: i32,
}

impl Start {
    /// `None` when there is no piece on the origin square.
    #[inline(always)]
    pub fn read<B: SeeBoard + ?Sized>(board: &B, mv: Move, values: &PieceValues) -> Option<Start> {
        if board.occupied() & mv.from.bit() == 0 {
            return None;
        }
        let mut start = Start::normal(board, mv, values);
        match mv.kind {
            MoveKind::Promotion(promoted) => {
                let moved = start.placed;
                start.placed = values.value(promoted);
                start.gain += start.placed - moved;
            }
            MoveKind::EnPassant => start.gain += values.pawn(),
            MoveKind::Normal | MoveKind::Castle => {}
        }
        Some(start)
    }

    /// The numbers of a normal move: no promotion, en passant or castling. It does not
    /// check that a piece stands on the origin square (a move from an empty square gives
    /// a meaningless answer, as any move that is not legal may, but no panic).
    #[inline(always)]
    pub fn normal<B: SeeBoard + ?Sized>(board: &B, mv: Move, values: &PieceValues) -> Start {
        let placed = occupant_value(board, mv.from, values);
        let gain = captured_value(board, mv, values);
        Start {
            mover: mover(board, mv),
            gain,
            placed,
        }
    }
}

/// The side making `mv`: the colour of the piece on its origin square.
#[inline(always)]
pub(crate) fn mover<B: SeeBoard + ?Sized>(board: &B, mv: Move) -> Color {
    if board.by_color(Color::White) & mv.from.bit() != 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The value of the piece on `mv`'s target square, 0 when it is empty.
#[inline(always)]
pub(crate) fn captured_value<B: SeeBoard + ?Sized>(
    board: &B,
    mv: Move,
    values: &PieceValues,
) -> i32 {
    // A piece array answers for an empty square too (0), without a branch that the order
    // of the moves would decide. Decoding from bitboards costs more, and most moves go
    // to an empty square: there the test comes first.
    if B::CHEAP_OCCUPANT || board.occupied() & mv.to.bit() != 0 {
        occupant_value(board, mv.to, values)
    } else {
        0
    }
}

/// The value of the piece on `sq`: from the board's piece array where it keeps one (0 for
/// an empty square; no branch), else decoded from its bitboards (`sq` must be occupied).
#[inline(always)]
fn occupant_value<B: SeeBoard + ?Sized>(board: &B, sq: Square, values: &PieceValues) -> i32 {
    if B::CHEAP_OCCUPANT {
        values.of_occupant(board.role_on(sq))
    } else {
        values.value(board.occupant(sq))
    }
}

/// Pin information for one side, computed the first time it is needed.
#[derive(Clone, Copy, Default)]
struct SidePins {
    ready: bool,
    /// Pieces that may not capture now (meaning depends on the pin rule).
    blocked: Bitboard,
    /// Stockfish rule: the enemy sliders pinning this side's pieces.
    pinners: Bitboard,
}

pub(crate) struct Exchange<'a, B: SeeBoard + ?Sized, R: FastRules> {
    board: &'a B,
    to: Square,
    /// Occupied squares: without the target square, the first mover's origin and every
    /// piece that has since captured.
    occupied: Bitboard,
    /// Pieces of both colours attacking the target and still in `occupied`
    /// (kept current lazily: always masked with `occupied` before use).
    attackers: Bitboard,
    diagonal: Bitboard,
    straight: Bitboard,
    /// The squares the last capture emptied: a slider behind one of them may now check
    /// the other side's king.
    vacated: Bitboard,
    pins: [SidePins; 2],
    _rules: PhantomData<R>,
}

impl<'a, B: SeeBoard + ?Sized, R: FastRules> Exchange<'a, B, R> {
    /// Plays the first move, read by [`Opening::read`].
    #[inline(always)]
    pub fn new(board: &'a B, mv: Move) -> Self {
        let to = mv.to;
        let mut vacated = mv.from.bit();
        if mv.kind == MoveKind::EnPassant {
            // The captured pawn leaves its own square, which may open a file or rank.
            vacated |= mv.en_passant_victim().bit();
        }
        let occupied = board.occupied() & !vacated & !to.bit();
        Exchange {
            board,
            to,
            occupied,
            attackers: board.attackers_to(to, occupied) & occupied,
            diagonal: board.diagonal_sliders(),
            straight: board.straight_sliders(),
            vacated,
            pins: [SidePins::default(); 2],
            _rules: PhantomData,
        }
    }

    /// The square the exchange is on.
    #[inline(always)]
    pub fn target(&self) -> Square {
        self.to
    }

    /// Finds `side`'s next capture on the target square under the rules and plays it
    /// ([`find`](Self::find), then [`play`](Self::play)).
    #[inline(always)]
    pub fn next(&mut self, side: Color) -> Option<(Square, Role)> {
        let capture = self.find(side);
        if let Some((sq, role)) = capture {
            self.play(sq, role);
        }
        capture
    }

    /// Finds `side`'s next capture on the target square under the rules: the piece's
    /// origin and kind, still on the board. The caller plays it only if the exchange goes
    /// on: most walks end on a capture that is worth the piece alone, and then the x-ray
    /// lookup behind it would be wasted (as Stockfish's `see_ge` also skips it).
    #[inline(always)]
    pub fn find(&mut self, side: Color) -> Option<(Square, Role)> {
        self.attackers &= self.occupied;
        let mut candidates = self.attackers & self.board.by_color(side);
        if candidates == 0 {
            return None;
        }
        // Default rules: only a piece on a line between its king and an enemy slider can
        // be pinned, and only a square emptied there can uncover a check; most captures
        // meet no such square, and the legality tests are skipped.
        let exposure = if R::CHECKS || R::PINS == PinRule::Uncovered {
            self.board.king_exposure(side)
        } else {
            0
        };
        if R::CHECKS && exposure & self.vacated != 0 {
            crate::cold_path();
            if self.discovered_check(side) {
                return self.take_king(side, candidates);
            }
        }
        // Stockfish rules: pinned pieces sit out while a pinner stands.
        if R::PINS == PinRule::Stockfish && self.may_be_pinned(side, candidates) {
            let pins = self.side_pins(side);
            if pins.pinners & self.occupied != 0 {
                candidates &= !pins.blocked;
                if candidates == 0 {
                    return None;
                }
            }
        }
        // Written out role by role: as a loop over an array, the compiler may keep the
        // array on the stack and walk it.
        macro_rules! try_role {
            ($role:expr) => {
                let of_role = candidates & self.board.pieces_of(side, $role);
                if let Some(sq) = self.least(side, of_role, exposure) {
                    return Some((sq, $role));
                }
            };
        }
        try_role!(Role::Pawn);
        try_role!(Role::Knight);
        try_role!(Role::Bishop);
        try_role!(Role::Rook);
        try_role!(Role::Queen);
        self.take_king(side, candidates)
    }

    /// The first of `side`'s pieces `of_role` that may capture under the pin rule.
    #[inline(always)]
    fn least(&self, side: Color, mut of_role: Bitboard, exposure: Bitboard) -> Option<Square> {
        while of_role != 0 {
            let sq = Square::lowest(of_role);
            // Default rules: a piece whose departure would expose its king sits out.
            if R::PINS != PinRule::Uncovered || exposure & sq.bit() == 0 {
                return Some(sq);
            }
            crate::cold_path();
            if !self.uncovers(side, sq) {
                return Some(sq);
            }
            of_role &= of_role - 1;
        }
        None
    }

    /// Whether a capture has put `side` in check from elsewhere than the target square:
    /// an enemy slider behind a square the last capture emptied.
    #[inline(always)]
    fn discovered_check(&self, side: Color) -> bool {
        let Some(king) = self.board.king_square(side) else {
            return false;
        };
        // The caller has seen the emptied square on the king's exposure (a part of its
        // lines); a check needs an enemy slider on those lines too.
        let enemy = self.board.by_color(!side) & self.occupied;
        king_lines(king) & enemy & (self.straight | self.diagonal) != 0
            && slider_check(
                king,
                enemy,
                self.occupied | self.to.bit(),
                self.straight,
                self.diagonal,
            )
    }

    /// Whether `side`'s piece on `sq`, capturing on the target, would leave its king
    /// attacked by an enemy slider along the line through `sq`.
    #[inline(always)]
    fn uncovers(&self, side: Color, sq: Square) -> bool {
        uncovers(
            self.board,
            side,
            sq,
            self.to,
            self.occupied,
            self.straight,
            self.diagonal,
        )
    }

    /// The king as the last candidate: it may capture only if the other side cannot answer.
    #[inline(always)]
    fn take_king(&mut self, side: Color, candidates: Bitboard) -> Option<(Square, Role)> {
        let king = candidates & self.board.pieces_of(side, Role::King);
        if king == 0 {
            return None;
        }
        let king = Square::lowest(king);
        let after = self.occupied ^ king.bit();
        let mut enemy = self.attackers & self.board.by_color(!side);
        if R::KING_XRAY {
            enemy |= self.xrays(after) & self.board.by_color(!side);
        }
        if enemy != 0 {
            return None;
        }
        Some((king, Role::King))
    }

    /// Sliders that attack the target through `occupied`.
    #[inline(always)]
    fn xrays(&self, occupied: Bitboard) -> Bitboard {
        ((attacks::bishop(self.to, occupied) & self.diagonal)
            | (attacks::rook(self.to, occupied) & self.straight))
            & occupied
    }

    /// Plays the capture that [`find`](Self::find) returned: removes the piece from its
    /// origin and reveals the sliders behind it.
    #[inline(always)]
    pub fn play(&mut self, sq: Square, role: Role) {
        self.occupied ^= sq.bit();
        self.vacated = sq.bit();
        // A piece that attacks along a line may hide a slider behind it on that line. Two
        // tests on a set of kinds, not a `match`: that would become a jump through a table,
        // which the processor predicts worse.
        const DIAGONAL: u8 =
            1 << Role::Pawn as u8 | 1 << Role::Bishop as u8 | 1 << Role::Queen as u8;
        const STRAIGHT: u8 = 1 << Role::Rook as u8 | 1 << Role::Queen as u8;
        let kind = 1u8 << role.index();
        if kind & DIAGONAL != 0 {
            self.attackers |= attacks::bishop(self.to, self.occupied) & self.diagonal;
        }
        if kind & STRAIGHT != 0 {
            self.attackers |= attacks::rook(self.to, self.occupied) & self.straight;
        }
    }

    /// Whether the pins of `side` need reading: always on a board that keeps them, else
    /// only when a candidate stands on a line through the king (the only place a pinned
    /// piece can be), since computing them costs more than the test.
    #[inline(always)]
    fn may_be_pinned(&self, side: Color, candidates: Bitboard) -> bool {
        B::CHEAP_PINS
            || self
                .board
                .king_square(side)
                .is_some_and(|king| candidates & king_lines(king) != 0)
    }

    /// `side`'s pins: the board's own when it keeps them, else computed once.
    #[inline(always)]
    fn side_pins(&mut self, side: Color) -> SidePins {
        if B::CHEAP_PINS {
            let pins = self.board.pins(side);
            return SidePins {
                ready: true,
                blocked: pins.blockers,
                pinners: pins.pinners,
            };
        }
        let slot = &mut self.pins[side.index()];
        if !slot.ready {
            let pins: Pins = self.board.pins(side);
            slot.ready = true;
            slot.pinners = pins.pinners;
            slot.blocked = pins.blockers;
        }
        *slot
    }
}

/// Whether one of the `enemy` sliders (`straight` and `diagonal` movers of both colours)
/// attacks `king` through `occupied`. The exchange asks it with the target square counted
/// as occupied and the piece standing there left out of `enemy`: a capture on the target
/// answers that piece's check, not another's.
///
/// Out of line and taking plain values, not the exchange: a call that borrowed the
/// exchange would make it live in memory instead of registers on every path.
#[inline(never)]
fn slider_check(
    king: Square,
    enemy: Bitboard,
    occupied: Bitboard,
    straight: Bitboard,
    diagonal: Bitboard,
) -> bool {
    ((attacks::rook(king, occupied) & straight) | (attacks::bishop(king, occupied) & diagonal))
        & enemy
        != 0
}

/// Whether `side`'s piece on `sq`, capturing on `to`, would uncover an enemy slider on
/// its king along the line through `sq` (`occupied` without the target square: the piece
/// standing there is taken, so it is no sniper, but it still blocks).
///
/// Out of line for the same reason as [`slider_check`]: the caller has seen `sq` on the
/// king's exposure, which few captures meet, and inlined, the king's square and its line
/// were computed ahead of that test on every capture.
#[inline(never)]
fn uncovers<B: SeeBoard + ?Sized>(
    board: &B,
    side: Color,
    sq: Square,
    to: Square,
    occupied: Bitboard,
    straight: Bitboard,
    diagonal: Bitboard,
) -> bool {
    let Some(king) = board.king_square(side) else {
        return false;
    };
    // `sq` is on one of the king's lines: the kind of slider that line needs.
    let along_file_or_rank = straight_rays(king) & sq.bit() != 0;
    let sliders = if along_file_or_rank {
        straight
    } else {
        diagonal
    };
    let snipers = line(king, sq) & sliders & board.by_color(!side) & occupied;
    if snipers == 0 {
        return false;
    }
    let after = (occupied ^ sq.bit()) | to.bit();
    let seen = if along_file_or_rank {
        attacks::rook(king, after)
    } else {
        attacks::bishop(king, after)
    };
    seen & snipers != 0
}

/// Whether a pawn of `side` recapturing on `to` promotes under the rules `R`.
#[inline(always)]
pub(crate) fn recapture_promotes<R: FastRules>(side: Color, to: Square) -> bool {
    R::PROMOTE_RECAPTURES && to.rank() == side.promotion_rank()
}

/// The piece a capture leaves on the target square and the extra material it gains:
/// a recapturing pawn that reaches its last rank becomes a queen under rules that say so.
#[inline(always)]
pub(crate) fn recapture_outcome<R: FastRules>(role: Role, side: Color, to: Square) -> (Role, bool) {
    if role == Role::Pawn && recapture_promotes::<R>(side, to) {
        (Role::Queen, true)
    } else {
        (role, false)
    }
}
