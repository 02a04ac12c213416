//! A readable account of an exchange: who captures what, the swap list and its negamax,
//! and why it ends where it does (what keeps the side after the last capture from
//! capturing again).

use crate::attacks;
use crate::board::{BoardQueries, SeeBoard};
use crate::exchange::{recapture_outcome, Exchange, Opening};
use crate::lines::line;
use crate::rules::FastRules;
use crate::types::{Bitboard, Color, Move, MoveKind, Role, Square};
use crate::values::PieceValues;
use core::fmt;

/// One capture (or the first move) of an exchange.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Capture {
    /// The side making it.
    pub side: Color,
    /// Where the capturing piece came from.
    pub from: Square,
    /// The square fought over.
    pub to: Square,
    /// The capturing piece.
    pub piece: Role,
    /// What it captures (`None` for a quiet first move).
    pub captured: Option<Role>,
    /// The piece it becomes when it promotes.
    pub promotion: Option<Role>,
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Color::White => "white",
            Color::Black => "black",
        };
        write!(f, "{side} {}{}", self.piece.letter(), self.from)?;
        match self.captured {
            Some(c) => write!(f, "x{}{}", c.letter(), self.to)?,
            None => write!(f, "-{}", self.to)?,
        }
        if let Some(p) = self.promotion {
            write!(f, "={}", p.letter())?;
        }
        Ok(())
    }
}

/// The account of an exchange, as the chessprogramming wiki's swap algorithm lays it out.
///
/// `gains[d]` is what the side making capture `d` would have gained, counted from its own
/// side, if nobody captured after it. The list ends with one *speculative* entry: what the
/// next side would have if it could take the last piece (it cannot; the entry only shows
/// what it misses), so `gains.len() == captures.len() + 1`. `negamax` is the list after
/// backing values up from the end, `negamax[0]` being the SEE value; the speculative entry
/// is copied unchanged. `played` is how many captures are made before a side prefers to
/// stand pat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trace {
    /// The SEE value of the move.
    pub value: i32,
    /// The move and every capture the rules allow, in order.
    pub captures: Vec<Capture>,
    /// The swap list before negamax.
    pub gains: Vec<i32>,
    /// The swap list after negamax.
    pub negamax: Vec<i32>,
    /// How many entries of `captures` are actually played (at least 1: the move itself).
    pub played: usize,
    /// Why the side after the last capture of `captures` does not capture again.
    pub end: EndReason,
}

impl Trace {
    /// Builds a trace from the capture sequence and its gain list (`gains.len() ==
    /// captures.len() + 1`, the last entry speculative).
    pub(crate) fn from_gains(captures: Vec<Capture>, gains: Vec<i32>) -> Trace {
        let real = captures.len();
        let mut negamax = gains.clone();
        for d in (1..real).rev() {
            negamax[d - 1] = -(-negamax[d - 1]).max(negamax[d]);
        }
        // The first side that gains more by standing pat than by capturing ends the line.
        let mut played = real;
        for d in 1..real {
            if -gains[d - 1] >= negamax[d] {
                played = d;
                break;
            }
        }
        Trace {
            value: negamax.first().copied().unwrap_or(0),
            captures,
            gains,
            negamax,
            played,
            end: EndReason::NoAttacker,
        }
    }

    /// A trace of a move that has no exchange (castling, or a move a rule set scores 0).
    pub(crate) fn zero(mv: Move, side: Color, piece: Role) -> Trace {
        Trace {
            value: 0,
            captures: vec![Capture {
                side,
                from: mv.from,
                to: mv.to,
                piece,
                captured: None,
                promotion: None,
            }],
            gains: vec![0, 0],
            negamax: vec![0, 0],
            played: 1,
            end: EndReason::NoAttacker,
        }
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (d, capture) in self.captures.iter().enumerate() {
            let mark = if d < self.played { ' ' } else { '~' };
            writeln!(
                f,
                "{mark}{d:>3}  {capture:<20} gain {:>6}  negamax {:>6}",
                self.gains[d], self.negamax[d]
            )?;
        }
        write!(f, "value {}", self.value)
    }
}

/// The full swap list of a fast rule set: no pruning, so every entry is shown.
pub(crate) fn trace_fast<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
) -> Trace {
    let side = board.color_on(mv.from).unwrap_or(Color::White);
    let piece = board.role_on(mv.from).unwrap_or(Role::Pawn);
    if mv.kind == MoveKind::Castle || (R::ONLY_NORMAL && mv.kind != MoveKind::Normal) {
        return Trace::zero(mv, side, piece);
    }
    let Some(opening) = Opening::read(board, mv) else {
        return Trace::zero(mv, side, piece);
    };
    let mut exchange = Exchange::<B, R>::new(board, mv);
    let to = mv.to;
    let promotion = match mv.kind {
        MoveKind::Promotion(r) => Some(r),
        _ => None,
    };
    let mut captures = vec![Capture {
        side: opening.mover,
        from: mv.from,
        to,
        piece: opening.role,
        captured: opening.captured,
        promotion,
    }];
    let mut gains = vec![opening.gain(values)];
    let mut on_square = opening.placed;
    let mut side = !opening.mover;
    while let Some((from, role)) = exchange.next(side) {
        let (placed, promoted) = recapture_outcome::<R>(role, side, to);
        let bonus = if promoted { values.promotion_gain() } else { 0 };
        let previous = *gains.last().unwrap_or(&0);
        gains.push(values.value(on_square) + bonus - previous);
        captures.push(Capture {
            side,
            from,
            to,
            piece: role,
            captured: Some(on_square),
            promotion: promoted.then_some(placed),
        });
        on_square = placed;
        side = !side;
    }
    let previous = *gains.last().unwrap_or(&0);
    gains.push(values.value(on_square) - previous);
    Trace::from_gains(captures, gains)
}

/// Why the side to capture after a trace's last capture does not capture. The attacker
/// named is its least valuable one on the square (the one the rules would use).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// It has no attacker left on the square.
    NoAttacker,
    /// Its only attacker left is its king, which would step into an attack.
    KingWouldBeAttacked {
        /// The king's square.
        king: Square,
    },
    /// It is in check from elsewhere, so the attacker may not take.
    InCheck {
        /// The attacker's square.
        attacker: Square,
    },
    /// The attacker is pinned to its king: taking would leave the king in check.
    Pinned {
        /// The attacker's square.
        attacker: Square,
    },
    /// It could take, but no capture gains: it stands pat.
    StandsPat {
        /// The attacker's square.
        attacker: Square,
    },
}

impl EndReason {
    /// Why `trace` (of `mv` on `board`) ends: the board as the sequence leaves it, every
    /// capturing piece gone from its square and the last one on the target.
    pub(crate) fn of<B: SeeBoard + ?Sized>(board: &B, mv: Move, trace: &Trace) -> EndReason {
        let Some(last) = trace.captures.last() else {
            return EndReason::NoAttacker;
        };
        let side = !last.side;
        let to = mv.to;
        let mut occupied = board.occupied() & !mv.from.bit();
        if mv.kind == MoveKind::EnPassant {
            occupied &= !mv.en_passant_victim().bit();
        }
        for c in &trace.captures {
            occupied &= !c.from.bit();
        }
        occupied |= to.bit();
        let mine = board.by_color(side) & occupied & !to.bit();
        let theirs = board.by_color(!side) & occupied & !to.bit();
        let attackers = board.attackers_to(to, occupied) & mine;
        if attackers == 0 {
            return EndReason::NoAttacker;
        }
        let last_role = last.promotion.unwrap_or(last.piece);
        // Whether the other side attacks `target` with the board as it now stands: its
        // pieces, and the piece that made the last capture from the target square.
        let attacked = |target: Square, occ: Bitboard| -> bool {
            let from_board = board.attackers_to(target, occ) & theirs & occ;
            let from_target = match last_role {
                Role::Pawn => attacks::pawn(!side, to),
                Role::Knight => attacks::knight(to),
                Role::Bishop => attacks::bishop(to, occ),
                Role::Rook => attacks::rook(to, occ),
                Role::Queen => attacks::bishop(to, occ) | attacks::rook(to, occ),
                Role::King => attacks::king(to),
            } & target.bit();
            from_board != 0 || from_target != 0
        };
        let king = board.king_square(side).filter(|k| mine & k.bit() != 0);
        let first = (0..64u8)
            .filter_map(Square::new)
            .filter(|sq| attackers & sq.bit() != 0)
            .min_by_key(|sq| board.role_on(*sq).map_or(6, Role::index))
            .unwrap_or(to);
        if board.role_on(first) == Some(Role::King) {
            if attacked(to, occupied & !first.bit()) {
                return EndReason::KingWouldBeAttacked { king: first };
            }
        } else if let Some(k) = king {
            if attacked(k, occupied) {
                return EndReason::InCheck { attacker: first };
            }
            // Pinned: leaving its square (for the target, off the line) exposes the king.
            let after = (occupied & !first.bit()) | to.bit();
            if line(k, first) & to.bit() == 0 && attacked(k, after) {
                return EndReason::Pinned { attacker: first };
            }
        }
        EndReason::StandsPat { attacker: first }
    }
}
