//! A board's FEN, as the rows' `fen` column gives it: placement gathered rank by rank from
//! a recipe of each occupancy, X-FEN castling, and an en passant square only where a
//! capture there is legal.

use crate::encode::{piece_letter, push_square, push_u64};
use cozy_chess::{Board, Color, Piece, Rank};

/// How a rank's FEN text is made from its occupancy (bit `f` set: a piece on file `f`):
/// output byte `j` is `from[j]` of the rank's sources (0 to 7: the letter of the piece on
/// that file; 8 + k: the digit k + 1), and the text is `len` bytes long.
#[derive(Clone, Copy)]
struct RankText {
    from: [u8; 8],
    len: u8,
}

/// The recipe of every occupancy of a rank.
const RANK_TEXTS: [RankText; 256] = rank_texts();

const fn rank_texts() -> [RankText; 256] {
    let mut texts = [RankText {
        from: [0; 8],
        len: 0,
    }; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let text = &mut texts[occupancy];
        let (mut j, mut empty, mut file) = (0, 0u8, 0u8);
        while file < 8 {
            if occupancy >> file & 1 == 1 {
                if empty > 0 {
                    text.from[j] = 8 + empty - 1;
                    j += 1;
                    empty = 0;
                }
                text.from[j] = file;
                j += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            text.from[j] = 8 + empty - 1;
            j += 1;
        }
        text.len = j as u8;
        occupancy += 1;
    }
    texts
}

/// Writes the FEN of `board` with the given move counters. Castling rights are written
/// as X-FEN: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook on that side
/// of the king, else the rook's file letter (Chess960), which gives plain `KQkq` in
/// standard chess.
pub fn push_fen(out: &mut Vec<u8>, board: &Board, halfmove: u32, fullmove: u32) {
    // The letters by square, from the twelve piece sets at once: asking the board square
    // by square tried six sets for each of the 64.
    let mut letters = [0u8; 64];
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            let letter = piece_letter(piece, color);
            for square in board.colored_pieces(color, piece) {
                letters[square as usize] = letter;
            }
        }
    }
    // Each rank's text is gathered by its occupancy's recipe, without a branch a square
    // (which square is empty is unpredictable), into a local array with room for a last
    // full gather, then copied once.
    let mut placement = [0u8; 72 + 8];
    let mut n = 0;
    let occupied = board.occupied().0;
    for rank in (0..8).rev() {
        let mut source = [0u8; 16];
        source[..8].copy_from_slice(&letters[rank * 8..][..8]);
        source[8..].copy_from_slice(b"12345678");
        let recipe = &RANK_TEXTS[(occupied >> (rank * 8)) as usize & 0xff];
        for (j, &from) in recipe.from.iter().enumerate() {
            placement[n + j] = source[usize::from(from)];
        }
        n += usize::from(recipe.len);
        placement[n] = b'/';
        n += usize::from(rank > 0);
    }
    out.extend_from_slice(&placement[..n]);
    let us = board.side_to_move();
    out.extend_from_slice(if us == Color::White { b" w " } else { b" b " });
    let mut any = false;
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        let back = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook) & back.bitboard();
        for (file, short) in [(rights.short, true), (rights.long, false)] {
            let Some(file) = file else { continue };
            let outermost = !rooks.into_iter().any(|r| {
                if short {
                    r.file() > file
                } else {
                    r.file() < file
                }
            });
            let letter = match (outermost, short) {
                (true, true) => b'k',
                (true, false) => b'q',
                (false, _) => b'a' + file as u8,
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
            any = true;
        }
    }
    if !any {
        out.push(b'-');
    }
    out.push(b' ');
    // Only where an en passant capture is legal, as shakmaty and python-chess write it
    // (a board played move by move keeps the square after every double step).
    match crate::scan::captures::legal_en_passant(board) {
        Some(square) => push_square(out, square),
        None => out.push(b'-'),
    }
    out.push(b' ');
    push_u64(out, u64::from(halfmove));
    out.push(b' ');
    push_u64(out, u64::from(fullmove));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_occupancy_has_the_recipe_of_its_fen_text() {
        let source = *b"ABCDEFGH12345678";
        for (occupancy, recipe) in RANK_TEXTS.iter().enumerate() {
            let mut expected = String::new();
            let mut empty = 0;
            for (file, &letter) in source[..8].iter().enumerate() {
                if occupancy >> file & 1 == 1 {
                    if empty > 0 {
                        expected.push_str(&empty.to_string());
                        empty = 0;
                    }
                    expected.push(char::from(letter));
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                expected.push_str(&empty.to_string());
            }
            let made: String = recipe.from[..usize::from(recipe.len)]
                .iter()
                .map(|&from| char::from(source[usize::from(from)]))
                .collect();
            assert_eq!(made, expected, "occupancy {occupancy:08b}");
        }
    }

    #[test]
    fn fen_round_trip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
            "4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            let mut out = Vec::new();
            push_fen(
                &mut out,
                &board,
                u32::from(board.halfmove_clock()),
                u32::from(board.fullmove_number()),
            );
            assert_eq!(String::from_utf8(out).unwrap(), fen);
        }
    }

    #[test]
    fn chess960_castling_uses_file_letters_for_inner_rooks() {
        // Rooks on b1 and g1 with the king on e1... and a second rook on h1 beyond g1:
        // castling with g1 must name its file.
        let board = Board::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1", true).unwrap();
        let mut out = Vec::new();
        push_fen(&mut out, &board, 0, 1);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1"
        );
    }
}
