// Copyright (C) 2021-2022 the authors of jnlt3/blackmarlin (its Cargo.toml names doruk
// <dsekercioglu2003@gmail.com>). Licensed under the GNU General Public License, version 3
// (a copy is in LICENSE-GPL-3.0-blackmarlin beside this file).
//
// Vendored from jnlt3/blackmarlin, release 4.0 (commit
// 8bd8c5b80600c1b5eef55544fdb8b417f1429ead), src/bm/bm_eval/evaluator.rs: the engine's own
// SEE, a comparator in the lab's replay bench only (never in a published crate). The two
// functions are copied unmodified (lines 270-338 and 394-404 of that file); the `use`, the
// struct and the `impl` around them stand for the file's own, whose other items (the
// evaluation) the SEE does not use. The engine built on cozy-chess 0.1.4, whose `BitBoard`
// was an iterator of its squares; `NextSquare` gives the lab's cozy-chess 0.3 the one
// method of it the SEE calls, with the same effect.

use cozy_chess::{BitBoard, Board, Move, Piece, Square};

trait NextSquare {
    fn next(&mut self) -> Option<Square>;
}

impl NextSquare for BitBoard {
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let square = self.next_square();
        if let Some(square) = square {
            *self ^= square.bitboard();
        }
        square
    }
}

pub struct StdEvaluator;

impl StdEvaluator {
    pub fn see<const N: usize>(board: &Board, make_move: Move) -> i16 {
        let mut index = 0;
        let mut gains = [0_i16; N];
        let target_square = make_move.to;
        let move_piece = board.piece_on(make_move.from).unwrap();
        gains[0] = if let Some(piece) = board.piece_on(target_square) {
            Self::piece_pts(piece)
        } else {
            if move_piece == Piece::King {
                return 0;
            }
            0
        };
        let mut color = !board.side_to_move();
        let mut blockers = board.occupied() & !make_move.from.bitboard();
        let mut last_piece_pts = Self::piece_pts(move_piece);
        'outer: for i in 1..N {
            gains[i] = last_piece_pts - gains[i - 1];
            let defenders = board.colors(color) & blockers;
            for &piece in &Piece::ALL {
                last_piece_pts = Self::piece_pts(piece);
                let mut potential = match piece {
                    Piece::Pawn => {
                        cozy_chess::get_pawn_attacks(target_square, !color)
                            & defenders
                            & board.pieces(Piece::Pawn)
                    }
                    Piece::Knight => {
                        cozy_chess::get_knight_moves(target_square)
                            & board.pieces(Piece::Knight)
                            & defenders
                    }
                    Piece::Bishop => {
                        cozy_chess::get_bishop_moves(target_square, blockers)
                            & defenders
                            & board.pieces(Piece::Bishop)
                    }
                    Piece::Rook => {
                        cozy_chess::get_rook_moves(target_square, blockers)
                            & board.pieces(Piece::Rook)
                            & defenders
                    }
                    Piece::Queen => {
                        cozy_chess::get_rook_moves(target_square, blockers)
                            & cozy_chess::get_bishop_moves(target_square, blockers)
                            & board.pieces(Piece::Queen)
                            & defenders
                    }
                    Piece::King => {
                        cozy_chess::get_king_moves(target_square)
                            & board.pieces(Piece::King)
                            & defenders
                    }
                };
                if potential != BitBoard::EMPTY {
                    let attacker = potential.next().unwrap();
                    blockers &= !attacker.bitboard();
                    color = !color;
                    continue 'outer;
                }
            }
            index = i;
            break;
        }
        for i in (1..index).rev() {
            gains[i - 1] = -i16::max(-gains[i - 1], gains[i]);
        }
        gains[0]
    }

    //TODO: investigate tapered evaluation
    fn piece_pts(piece: Piece) -> i16 {
        match piece {
            Piece::Pawn => 100,
            Piece::Knight => 300,
            Piece::Bishop => 300,
            Piece::Rook => 500,
            Piece::Queen => 900,
            Piece::King => 20000,
        }
    }
}
