//! A readable account of an exchange: who captures what, the swap list and its negamax.

use crate::board::{BoardQueries, SeeBoard};
use crate::end::EndReason;
use crate::exchange::{recapture_outcome, Exchange, Opening};
use crate::rules::FastRules;
use crate::types::{Color, Move, MoveKind, Role, Square};
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
        let bonus = if promoted {
            values.queen() - values.pawn()
        } else {
            0
        };
        let previous = *gains.last().unwrap_or(&0);
        gains.push(values.of(on_square) + bonus - previous);
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
    gains.push(values.of(on_square) - previous);
    Trace::from_gains(captures, gains)
}
