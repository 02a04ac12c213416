//! The side to move's legal captures and promotions, generated directly.
//!
//! `scan` needs only these moves, twice per position (the real and the side-swapped
//! position), and cozy-chess's full legal move generation spent most of its time on quiet
//! moves and castling that were then thrown away. Out of check the legality of a capture
//! is simple: a pinned piece stays on its line through the king, the king may not take a
//! defended piece, and en passant (rare) is left to cozy-chess's own test. In check the
//! full generator runs and its moves are filtered. `tests::agrees_with_cozy` checks that
//! both give the same moves on 34,000 positions and their side-swapped twins.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_pawn_quiets, get_rook_moves, BitBoard, Board, Color, File, Move, Piece, PieceMoves, Rank,
    Square,
};

/// Calls `emit` with the legal captures (en passant included) and promotions of the side
/// to move, grouped by moving piece as cozy-chess's generator groups them: every target
/// in `to` is an enemy piece, the en passant square, or (for a pawn) a square of the last
/// rank. Castling is never included. A piece may be reported more than once (a pawn that
/// can also take en passant), each target once.
pub(crate) fn generate(board: &Board, mut emit: impl FnMut(PieceMoves)) {
    let us = board.side_to_move();
    let them = board.colors(!us);
    let last_rank = Rank::Eighth.relative_to(us).bitboard();
    if !board.checkers().is_empty() {
        let ep = en_passant_square(board).map_or(BitBoard::EMPTY, Square::bitboard);
        board.generate_moves(|mut moves| {
            let targets = if moves.piece == Piece::Pawn {
                them | last_rank | ep
            } else {
                them
            };
            moves.to &= targets;
            if !moves.to.is_empty() {
                emit(moves);
            }
            false
        });
        return;
    }

    let occupied = board.occupied();
    let king = board.king(us);
    let pinned = board.pinned();
    // A pinned piece may only move along the line through its king and its pinner.
    let allowed = |from: Square| {
        if pinned.has(from) {
            get_line_rays(king, from)
        } else {
            BitBoard::FULL
        }
    };
    let mut send = |piece: Piece, from: Square, to: BitBoard| {
        if !to.is_empty() {
            emit(PieceMoves { piece, from, to });
        }
    };

    let pawns = board.colored_pieces(us, Piece::Pawn);
    // Only pawns that attack an enemy piece or stand on the rank before the last can
    // move to a target: found for all pawns at once.
    let before_last = Rank::Seventh.relative_to(us).bitboard();
    for from in pawns & (pawns_attacking(them, us) | before_last) {
        let to =
            (get_pawn_attacks(from, us) & them) | (get_pawn_quiets(from, us, occupied) & last_rank);
        send(Piece::Pawn, from, to & allowed(from));
    }
    if let Some(to) = en_passant_square(board) {
        for from in get_pawn_attacks(to, !us) & pawns {
            // Taking en passant empties two squares of one rank: cozy-chess's own test
            // covers the pins that opens.
            let mv = Move {
                from,
                to,
                promotion: None,
            };
            if board.is_legal(mv) {
                send(Piece::Pawn, from, to.bitboard());
            }
        }
    }
    for from in board.colored_pieces(us, Piece::Knight) & !pinned {
        send(Piece::Knight, from, get_knight_moves(from) & them);
    }
    for from in board.colored_pieces(us, Piece::Bishop) {
        let to = get_bishop_moves(from, occupied) & them;
        send(Piece::Bishop, from, to & allowed(from));
    }
    for from in board.colored_pieces(us, Piece::Rook) {
        let to = get_rook_moves(from, occupied) & them;
        send(Piece::Rook, from, to & allowed(from));
    }
    for from in board.colored_pieces(us, Piece::Queen) {
        let to = (get_bishop_moves(from, occupied) | get_rook_moves(from, occupied)) & them;
        send(Piece::Queen, from, to & allowed(from));
    }
    let mut to = BitBoard::EMPTY;
    for target in get_king_moves(king) & them {
        if !defended(board, target) {
            to |= target.bitboard();
        }
    }
    send(Piece::King, king, to);
}

/// The squares from which a pawn of `color` attacks one of `targets`.
fn pawns_attacking(targets: BitBoard, color: Color) -> BitBoard {
    // A white pawn takes up and left (+7) or up and right (+9), so it stands 7 below a
    // target not on the h-file (from the h-file, +7 would wrap to the next rank) or 9 below
    // one not on the a-file; Black's pawns mirror it.
    let (not_a, not_h) = (!File::A.bitboard(), !File::H.bitboard());
    let t = targets.0;
    BitBoard(match color {
        Color::White => ((t & not_h.0) >> 7) | ((t & not_a.0) >> 9),
        Color::Black => ((t & not_h.0) << 9) | ((t & not_a.0) << 7),
    })
}

/// The en passant target square when the side to move can legally take there.
pub(crate) fn legal_en_passant(board: &Board) -> Option<Square> {
    let to = en_passant_square(board)?;
    let us = board.side_to_move();
    let pawns = board.colored_pieces(us, Piece::Pawn);
    let legal = (get_pawn_attacks(to, !us) & pawns).into_iter().any(|from| {
        board.is_legal(Move {
            from,
            to,
            promotion: None,
        })
    });
    legal.then_some(to)
}

/// The en passant target square, if the side to move has one.
pub(crate) fn en_passant_square(board: &Board) -> Option<Square> {
    let rank = Rank::Sixth.relative_to(board.side_to_move());
    board.en_passant().map(|file| Square::new(file, rank))
}

/// Whether the opponent attacks `square` once the side to move's king has left its own
/// square (so a slider behind the king counts). The piece on `square` is the one the king
/// takes, so it is not among the attackers.
fn defended(board: &Board, square: Square) -> bool {
    let us = board.side_to_move();
    let them = board.colors(!us);
    let occupied = board.occupied() ^ board.king(us).bitboard();
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let attackers = (get_bishop_moves(square, occupied) & diagonal)
        | (get_rook_moves(square, occupied) & straight)
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_king_moves(square) & board.pieces(Piece::King))
        | (get_pawn_attacks(square, us) & board.pieces(Piece::Pawn));
    !(attackers & them).is_empty()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The captures and promotions as (from, to, promotion) from cozy-chess's full legal
    /// move list.
    fn from_cozy(board: &Board) -> BTreeSet<(Square, Square, Option<Piece>)> {
        let us = board.side_to_move();
        let them = board.colors(!us);
        let ep = en_passant_square(board);
        let mut set = BTreeSet::new();
        board.generate_moves(|moves| {
            for mv in moves {
                let pawn = moves.piece == Piece::Pawn;
                let capture = them.has(mv.to) || (pawn && Some(mv.to) == ep);
                if capture || mv.promotion.is_some() {
                    set.insert((mv.from, mv.to, mv.promotion));
                }
            }
            false
        });
        set
    }

    fn from_generate(board: &Board) -> BTreeSet<(Square, Square, Option<Piece>)> {
        let mut set = BTreeSet::new();
        generate(board, |moves| {
            for mv in moves {
                assert!(set.insert((mv.from, mv.to, mv.promotion)), "{mv} twice");
            }
        });
        set
    }

    /// Every position of the test files, and those a few pseudo-random moves away (more
    /// pins, checks, en passant and promotions than the files alone hold).
    /// Plays one of the legal moves of `board`, chosen by `seed` (a xorshift generator,
    /// advanced); `false` when there is none.
    pub(crate) fn random_move(board: &mut Board, seed: &mut u64) -> bool {
        let mut moves = Vec::new();
        board.generate_moves(|m| {
            moves.extend(m);
            false
        });
        if moves.is_empty() {
            return false;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        board.play_unchecked(moves[(*seed % moves.len() as u64) as usize]);
        true
    }

    #[test]
    fn agrees_with_cozy() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
        let mut boards = Vec::new();
        for file in [
            "positions/uho_head.epd",
            "positions/endgames_head.epd",
            "suites/swapoff_standard.epd",
            "suites/leorik_see.epd",
        ] {
            let text = std::fs::read_to_string(format!("{root}/{file}")).expect("test data");
            let mut fen = Vec::new();
            for line in text.lines() {
                // Lines scan itself would refuse (a suite's odd positions) are left out.
                if let Ok(Some(board)) = crate::read::epd::read_line(line, &mut fen) {
                    boards.push(board);
                }
            }
        }
        assert!(boards.len() > 4000, "{} boards", boards.len());
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        let mut in_check = 0;
        let mut en_passant = 0;
        for start in boards {
            let mut board = start;
            for _ in 0..8 {
                if let Some(swapped) = board.null_move() {
                    assert_eq!(from_generate(&swapped), from_cozy(&swapped), "{swapped}");
                }
                let expected = from_cozy(&board);
                assert_eq!(from_generate(&board), expected, "{board}");
                checked += 1;
                in_check += usize::from(!board.checkers().is_empty());
                en_passant += usize::from(expected.iter().any(|&(from, to, _)| {
                    board.piece_on(from) == Some(Piece::Pawn)
                        && Some(to) == en_passant_square(&board)
                }));
                if !random_move(&mut board, &mut seed) {
                    break;
                }
            }
        }
        eprintln!("{checked} positions, {in_check} in check, {en_passant} with en passant");
        assert!(checked > 30_000 && in_check > 500 && en_passant > 50);
    }
}
