//! Why an exchange ends where it does: what keeps the side after the last capture from
//! capturing again.

use crate::board::{BoardQueries, SeeBoard};
use crate::lines::line;
use crate::trace::Trace;
use crate::types::{Bitboard, Move, MoveKind, Role, Square};

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
                Role::Pawn => board.pawn_attacks(!side, to),
                Role::Knight => board.knight_attacks(to),
                Role::Bishop => board.bishop_attacks(to, occ),
                Role::Rook => board.rook_attacks(to, occ),
                Role::Queen => board.bishop_attacks(to, occ) | board.rook_attacks(to, occ),
                Role::King => board.king_attacks(to),
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
