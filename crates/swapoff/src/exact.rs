//! Exact mode: the ground truth for one square.
//!
//! After the forced first move, each side may stand pat or make *any* legal capture on
//! the target square: any piece (not only the least valuable), any promotion piece.
//! Legality is full: a capture that leaves the capturing side's king attacked is not
//! allowed, so pins (old and new), checks and king safety all follow from the one test.
//! The value is the minimax of the material balance, searched with alpha-beta (material
//! only: a side with no legal capture simply stands pat; there are no mate scores).

use crate::board::{BoardQueries, SeeBoard};
use crate::exchange::Opening;
use crate::score::{clamp, LIMIT};
use crate::trace::{Capture, Trace};
use crate::types::{Bitboard, Color, Move, MoveKind, Role, Square};
use crate::values::PieceValues;

/// Promotion pieces, best first (good move ordering for alpha-beta).
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// A copy of the position's bitboards that the search edits in place.
#[derive(Clone, Copy)]
struct State {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    to: Square,
    /// The piece on the target square.
    on_square: Role,
}

/// The state is a board of its own: the exchange's attack sets come from the same
/// [`BoardQueries::attackers_to`] as the fast rules'.
impl SeeBoard for State {
    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    #[inline]
    fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
}

impl State {
    #[inline]
    fn remove(&mut self, sq: Square, color: Color, role: Role) {
        self.by_color[color.index()] &= !sq.bit();
        self.by_role[role.index()] &= !sq.bit();
    }

    #[inline]
    fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.by_color[color.index()] |= sq.bit();
        self.by_role[role.index()] |= sq.bit();
    }

    /// Pieces of `color` attacking `sq` in this state.
    #[inline]
    fn attackers(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_to(sq, self.occupied()) & self.by_color[color.index()]
    }

    #[inline]
    fn king_safe(&self, color: Color) -> bool {
        let kings = self.by_color[color.index()] & self.by_role[Role::King.index()];
        if kings == 0 {
            return true;
        }
        self.attackers(Square::lowest(kings), !color) == 0
    }

    /// Plays the capture of the target by `side`'s `role` from `from`, becoming `placed`.
    #[inline]
    fn capture(&mut self, from: Square, side: Color, role: Role, placed: Role) {
        self.remove(self.to, !side, self.on_square);
        self.remove(from, side, role);
        self.put(self.to, side, placed);
        self.on_square = placed;
    }
}

/// Every legal capture of the target by `side`, least valuable attacker first, as
/// `(from, piece, placed)`, with the state after it. Calls `visit` for each; stops when it
/// returns `true`.
#[inline]
fn for_each_capture(
    state: &State,
    side: Color,
    mut visit: impl FnMut(Square, Role, Role, &State) -> bool,
) {
    // The king is never captured: an exchange ends when it stands on the square.
    if state.on_square == Role::King {
        return;
    }
    let attackers = state.attackers(state.to, side);
    if attackers == 0 {
        return;
    }
    let promotes = state.to.rank() == side.promotion_rank();
    for role in Role::ALL {
        let mut of_role = attackers & state.by_role[role.index()];
        while of_role != 0 {
            let from = Square::lowest(of_role);
            of_role &= of_role - 1;
            let choices: &[Role] = if role == Role::Pawn && promotes {
                &PROMOTIONS
            } else {
                core::slice::from_ref(&role)
            };
            for &placed in choices {
                let mut next = *state;
                next.capture(from, side, role, placed);
                if next.king_safe(side) && visit(from, role, placed, &next) {
                    return;
                }
            }
        }
    }
}

/// Every legal capture by `side` of the enemy piece on `to`, in the order exact mode tries
/// them: least valuable piece first (pawn … king), lowest square first among equals, and
/// for a pawn reaching its last rank every promotion, queen first. Legality is full: a
/// capture that leaves `side`'s king attacked is left out. Empty when `to` holds no piece
/// of the other side, or holds its king (the king is never captured).
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// use swapoff::{legal_captures, Color, Square};
/// // The d2 knight is pinned by the b4 bishop: only the rook may take on e4.
/// let board: cozy_chess::Board = "4k3/8/8/8/1b2p3/8/3NR3/4K3 w - - 0 1".parse().unwrap();
/// let e4 = Square::from_coords(4, 3).unwrap();
/// let captures: Vec<String> =
///     legal_captures(&board, e4, Color::White).iter().map(|m| m.to_string()).collect();
/// assert_eq!(captures, ["e2e4"]);
/// # }
/// ```
pub fn legal_captures<B: SeeBoard + ?Sized>(board: &B, to: Square, side: Color) -> Vec<Move> {
    let mut found = Vec::new();
    let Some(on_square) = board
        .role_on(to)
        .filter(|_| board.color_on(to) == Some(!side))
    else {
        return found;
    };
    let state = State {
        by_color: [board.by_color(Color::White), board.by_color(Color::Black)],
        by_role: Role::ALL.map(|r| board.by_role(r)),
        to,
        on_square,
    };
    for_each_capture(&state, side, |from, role, placed, _| {
        found.push(if placed == role {
            Move::normal(from, to)
        } else {
            Move::promotion(from, to, placed)
        });
        false
    });
    found
}

/// Best material `side` can still win from `state`, clamped into `[alpha, beta]`.
fn search(state: &State, side: Color, values: &PieceValues, mut alpha: i32, beta: i32) -> i32 {
    // Standing pat is always allowed.
    if 0 >= beta {
        return beta;
    }
    alpha = alpha.max(0);
    let taken = values.value(state.on_square);
    let promotion_base = values.pawn();
    for_each_capture(state, side, |_, role, placed, next| {
        let gain = taken
            + if placed != role {
                values.value(placed) - promotion_base
            } else {
                0
            };
        let score = gain - search(next, !side, values, gain - beta, gain - alpha);
        if score >= beta {
            alpha = beta;
            return true;
        }
        alpha = alpha.max(score);
        false
    });
    alpha
}

/// The first move as the fast rules read it, and the position after it.
fn opening<B: SeeBoard + ?Sized>(board: &B, mv: Move) -> Option<(Opening, State)> {
    let opening = Opening::read(board, mv)?;
    let mut state = State {
        by_color: [board.by_color(Color::White), board.by_color(Color::Black)],
        by_role: Role::ALL.map(|r| board.by_role(r)),
        to: mv.to,
        on_square: opening.placed,
    };
    let (mover, role) = (opening.mover, opening.role);
    match (mv.kind, opening.captured) {
        (MoveKind::EnPassant, _) => state.remove(mv.en_passant_victim(), !mover, Role::Pawn),
        (_, Some(captured)) => state.remove(mv.to, !mover, captured),
        (_, None) => {}
    }
    state.remove(mv.from, mover, role);
    state.put(mv.to, mover, opening.placed);
    Some((opening, state))
}

/// Exact SEE clamped into `[alpha, beta]` (`alpha < beta`).
pub(crate) fn window<B: SeeBoard + ?Sized>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    alpha: i32,
    beta: i32,
) -> i32 {
    if mv.kind == MoveKind::Castle {
        return clamp(0, alpha, beta);
    }
    let Some((opening, state)) = opening(board, mv) else {
        return clamp(0, alpha, beta);
    };
    // The mover's value is the gain minus the best the opponent can then win.
    let gain = opening.gain(values);
    let reply = search(&state, !opening.mover, values, gain - beta, gain - alpha);
    clamp(gain - reply, alpha, beta)
}

/// The principal variation of the exact search as a trace.
pub(crate) fn trace<B: SeeBoard + ?Sized>(board: &B, mv: Move, values: &PieceValues) -> Trace {
    let side = board.color_on(mv.from).unwrap_or(Color::White);
    let piece = board.role_on(mv.from).unwrap_or(Role::Pawn);
    if mv.kind == MoveKind::Castle {
        return Trace::zero(mv, side, piece);
    }
    let Some((opening, mut state)) = opening(board, mv) else {
        return Trace::zero(mv, side, piece);
    };
    let mover = opening.mover;
    let mut captures = vec![Capture {
        side: mover,
        from: mv.from,
        to: mv.to,
        piece: opening.role,
        captured: opening.captured,
        promotion: match mv.kind {
            MoveKind::Promotion(p) => Some(p),
            _ => None,
        },
    }];
    let mut gains = vec![opening.gain(values)];
    let limit = LIMIT;
    let mut side = !mover;
    // Follow, at each step, a capture that achieves the side's best value; stop when none
    // beats standing pat. The gain list is built as for the fast rules.
    loop {
        let best = search(&state, side, values, -limit, limit);
        let taken = state.on_square;
        let mut chosen = None;
        if best > 0 {
            for_each_capture(&state, side, |from, role, placed, next| {
                let g = values.value(taken)
                    + if placed != role {
                        values.value(placed) - values.pawn()
                    } else {
                        0
                    };
                if g - search(next, !side, values, -limit, limit) == best {
                    chosen = Some((from, role, placed, *next));
                    return true;
                }
                false
            });
        }
        let previous = *gains.last().unwrap_or(&0);
        let Some((from, role, placed, next)) = chosen else {
            gains.push(values.value(taken) - previous);
            break;
        };
        let bonus = if placed != role {
            values.value(placed) - values.pawn()
        } else {
            0
        };
        gains.push(values.value(taken) + bonus - previous);
        captures.push(Capture {
            side,
            from,
            to: mv.to,
            piece: role,
            captured: Some(taken),
            promotion: (placed != role).then_some(placed),
        });
        state = next;
        side = !side;
    }
    let mut trace = Trace::from_gains(captures, gains);
    trace.value = window(board, mv, values, -limit, limit);
    trace
}
