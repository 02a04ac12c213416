//! The legal captures and promotions of one side, on the pipeline's one board.
//!
//! shakmaty's move generator makes every legal move, and the scan wants the few that take
//! or promote, for both sides (the side not to move as if it were its turn, which shakmaty
//! can only ask of a second position, checked afresh). Out of check a capture is legal
//! when its piece is not pinned or moves along the pin, and a king's when the target is not
//! attacked with the king gone; that much is done here with shakmaty's attack tables. In
//! check, and for en passant, shakmaty's own generator answers.
//! `tests::agree_with_the_move_generator` checks the moves against shakmaty's.

use crate::read::resolve::pinned;
use shakmaty::{attacks, Bitboard, Chess, Color, Move, Position, Rank, Role, Square};

/// Calls `push` with each legal capture and promotion of `us` in `pos`: of the side to
/// move, or of the other side as if it were to move (which is never in check in a legal
/// position). `in_check` says whether `us` is in check, which the caller knows already.
/// Castling is never included.
pub(crate) fn generate(pos: &Chess, us: Color, in_check: bool, mut push: impl FnMut(Move)) {
    if in_check {
        let takes = |m: &Move| m.is_capture() || m.is_promotion();
        pos.legal_moves().into_iter().filter(takes).for_each(push);
        return;
    }
    let board = pos.board();
    let Some(king) = board.king_of(us) else {
        return;
    };
    let them = !us;
    let occupied = board.occupied();
    let targets = board.by_color(them) & !board.kings();
    let pinned = pinned(board, us, king);
    let safe =
        |from: Square, to: Square| !pinned.contains(from) || attacks::aligned(from, to, king);
    let normal = |role, from, to, promotion| Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion,
    };
    for from in board.by_color(us) & !board.pawns() & !board.kings() {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        for to in attacks::attacks(from, piece, occupied) & targets {
            if safe(from, to) {
                push(normal(piece.role, from, to, None));
            }
        }
    }
    let without_king = occupied ^ Bitboard::from_square(king);
    for to in attacks::king_attacks(king) & targets {
        if board.attacks_to(to, them, without_king).is_empty() {
            push(normal(Role::King, king, to, None));
        }
    }
    let last = Bitboard::from_rank(us.fold_wb(Rank::Eighth, Rank::First));
    let forward = us.fold_wb(8, -8);
    for from in board.by_color(us) & board.pawns() {
        let mut to = attacks::pawn_attacks(us, from) & targets;
        if let Some(step) = from.offset(forward) {
            to |= Bitboard::from_square(step) & last & !occupied;
        }
        for to in to {
            if !safe(from, to) {
                continue;
            }
            if last.contains(to) {
                for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    push(normal(Role::Pawn, from, to, Some(p)));
                }
            } else {
                push(normal(Role::Pawn, from, to, None));
            }
        }
    }
    if us == pos.turn() && pos.ep_square(shakmaty::EnPassantMode::Legal).is_some() {
        pos.en_passant_moves().into_iter().for_each(push);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn ours(pos: &Chess, us: Color) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        generate(pos, us, us == pos.turn() && pos.is_check(), |m| {
            out.insert(m.to_string());
        });
        out
    }

    /// shakmaty's legal captures and promotions, of the side to move or, the turn
    /// swapped, of the other side.
    fn theirs(pos: &Chess, us: Color) -> BTreeSet<String> {
        let pos = match us == pos.turn() {
            true => pos.clone(),
            false => pos
                .clone()
                .swap_turn()
                .expect("the side not to move is not in check"),
        };
        let moves = pos.legal_moves().into_iter();
        moves
            .filter(|m| m.is_capture() || m.is_promotion())
            .map(|m| m.to_string())
            .collect()
    }

    #[test]
    fn agree_with_the_move_generator() {
        let mut seed = 0x5eed_u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Promotions with and without capture, pins, en passant beside a pin.
            "r3k2r/1P4P1/8/2pP3q/4Pp2/8/6p1/R3K2R w KQkq c6 0 30",
            "4k3/8/8/3n4/8/5p2/4K3/4r3 w - - 0 1",
            "3qk3/8/8/8/6b1/8/3P4/2r1K2Q w - - 0 1",
        ];
        let mut checked = 0;
        for fen in starts {
            for _ in 0..30 {
                let mut pos = crate::read::parse::position(fen).expect("a legal FEN");
                for _ in 0..80 {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    assert_eq!(ours(&pos, pos.turn()), theirs(&pos, pos.turn()), "{pos:?}");
                    if !pos.is_check() {
                        let other = !pos.turn();
                        assert_eq!(ours(&pos, other), theirs(&pos, other), "{pos:?}");
                    }
                    checked += 1;
                    pos.play_unchecked(legal[next(legal.len())]);
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }
}
