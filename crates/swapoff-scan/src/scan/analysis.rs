//! What `seeswap scan` computes for one position: every capture and promotion with its SEE,
//! the pieces each side has en prise, and the swap-off balance.
//!
//! The work is done on a `shakmaty::Chess`, the one board of the whole pipeline (the
//! captures come from the `captures` module); the SEE values come from `swapoff::See` on
//! the same position.

use crate::scan::captures;
use shakmaty::{Chess, Color, Move, Position, Role, Square};
use swapoff::{Move as SeeMove, MoveKind, See};

/// One capture or promotion of the side to move, with its SEE value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Capture {
    /// The move (never castling).
    pub mv: Move,
    /// Its SEE value under the chosen rules and values.
    pub see: i32,
    /// The square of the piece it takes (differs from `mv.to` for en passant), or `None`
    /// for a promotion that takes nothing.
    pub taken: Option<Square>,
}

/// A piece en prise: its opponent has a capture of it with SEE > 0.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hanging {
    /// Where the piece stands.
    pub square: Square,
    /// Its kind.
    pub piece: Role,
    /// The best SEE among the opponent's captures of it (> 0): more than its value when
    /// the capture promotes.
    pub gain: i32,
    /// That capture (the first of the best, in the captures' order).
    pub capture: Move,
    /// The piece's value under the analysis's piece values.
    pub value: i32,
}

/// The analysis of one position. Reused from position to position so that the vectors
/// keep their capacity.
#[derive(Debug)]
pub(crate) struct Report {
    /// Captures and promotions of the side to move, best first (see [`Report::analyze`]).
    pub captures: Vec<Capture>,
    /// The pieces of the side to move the opponent could win if it were its turn (empty
    /// when `in_check`), by square a1..h8.
    pub hanging_us: Vec<Hanging>,
    /// The pieces of the side not to move that the side to move wins now, by square.
    pub hanging_them: Vec<Hanging>,
    /// The side to move is in check, so the side-swapped position is illegal and
    /// `hanging_us` and `threat` are not evaluated.
    pub in_check: bool,
    /// max(0, best SEE of the side to move's captures and promotions).
    pub balance: i32,
    /// max(0, best SEE of the opponent's captures and promotions in the side-swapped
    /// position); 0 when `in_check`.
    pub threat: i32,
    /// The opponent's captures in the side-swapped position (scratch).
    theirs: Vec<Capture>,
    /// Per square, the index of the best capture of its piece, valid where the matching
    /// bit of the mask is set (scratch).
    best: [u16; 64],
}

impl Default for Report {
    fn default() -> Self {
        Report {
            captures: Vec::new(),
            hanging_us: Vec::new(),
            hanging_them: Vec::new(),
            in_check: false,
            balance: 0,
            threat: 0,
            theirs: Vec::new(),
            best: [0; 64],
        }
    }
}

impl Report {
    /// `color`'s pieces en prise when `turn` is to move, or `None` for the side to move in
    /// check (the side-swapped position is illegal, so they are not evaluated).
    pub(crate) fn hanging(&self, color: Color, turn: Color) -> Option<&[Hanging]> {
        match color == turn {
            true if self.in_check => None,
            true => Some(&self.hanging_us),
            false => Some(&self.hanging_them),
        }
    }

    /// What `in_check` needs and nothing more: whether the side to move is in check (the
    /// board's checkers), the rest of the report left as it was.
    pub(crate) fn check(&mut self, board: &Chess) {
        self.in_check = board.is_check();
    }

    /// Analyses `board` under `see`.
    ///
    /// Captures are sorted by SEE, highest first; ties by origin square, then target
    /// square, then promotion piece (queen first), so the order does not depend on the move
    /// generator. The best capture is the first.
    pub(crate) fn analyze(&mut self, board: &Chess, see: &See) {
        self.check(board);
        collect(board, board.turn(), self.in_check, see, &mut self.captures);
        sort(&mut self.captures);
        self.balance = self.captures.first().map_or(0, |c| c.see.max(0));
        self.hanging_them.clear();
        group(
            board,
            see,
            &self.captures,
            &mut self.best,
            &mut self.hanging_them,
        );

        self.hanging_us.clear();
        // The opponent's captures as if it were to move, when that position is legal.
        if self.in_check {
            self.threat = 0;
        } else {
            collect(board, !board.turn(), false, see, &mut self.theirs);
            self.threat = self.theirs.iter().map(|c| c.see).max().unwrap_or(0).max(0);
            sort(&mut self.theirs);
            group(
                board,
                see,
                &self.theirs,
                &mut self.best,
                &mut self.hanging_us,
            );
        }
    }
}

/// The legal captures (en passant included) and promotions of `us`, with SEE values (the
/// mover is whoever stands on the origin square, so the position serves either side).
fn collect(board: &Chess, us: Color, in_check: bool, see: &See, out: &mut Vec<Capture>) {
    out.clear();
    captures::generate(board, us, in_check, |m| {
        let (from, to, taken, kind) = match m {
            Move::Normal {
                from,
                capture,
                to,
                promotion,
                ..
            } if capture.is_some() || promotion.is_some() => {
                let kind = promotion.map_or(MoveKind::Normal, |p| MoveKind::Promotion(p.into()));
                (from, to, capture.map(|_| to), kind)
            }
            // The pawn taken en passant stands beside the capturing pawn.
            Move::EnPassant { from, to } => {
                let taken = Square::from_coords(to.file(), from.rank());
                (from, to, Some(taken), MoveKind::EnPassant)
            }
            _ => return,
        };
        let see_move = SeeMove {
            from: from.into(),
            to: to.into(),
            kind,
        };
        out.push(Capture {
            mv: m,
            see: see.value(board, see_move),
            taken,
        });
    });
}

/// Best first; ties by from, to, then promotion (queen, rook, bishop, knight).
fn sort(captures: &mut [Capture]) {
    captures.sort_unstable_by_key(|c| {
        let promotion_rank = match c.mv.promotion() {
            None => 0,
            Some(Role::Queen) => 1,
            Some(Role::Rook) => 2,
            Some(Role::Bishop) => 3,
            Some(_) => 4,
        };
        (
            std::cmp::Reverse(c.see),
            c.mv.from().map_or(0, u32::from),
            u32::from(c.mv.to()),
            promotion_rank,
        )
    });
}

/// The pieces taken by captures with SEE > 0, each once with its best capture (the first
/// in `captures`, sorted best first), by square.
fn group(
    board: &Chess,
    see: &See,
    captures: &[Capture],
    best: &mut [u16; 64],
    out: &mut Vec<Hanging>,
) {
    let mut mask = 0u64;
    for (index, c) in captures.iter().enumerate() {
        let Some(square) = c.taken else { continue };
        let i = usize::from(square) & 63;
        if c.see > 0 && mask & (1 << i) == 0 {
            mask |= 1 << i;
            best[i] = index as u16;
        }
    }
    for square in shakmaty::Bitboard(mask) {
        let c = captures[usize::from(best[usize::from(square) & 63])];
        if let Some(piece) = board.board().role_at(square) {
            out.push(Hanging {
                square,
                piece,
                gain: c.see,
                capture: c.mv,
                value: see.values().value(piece.into()),
            });
        }
    }
}
