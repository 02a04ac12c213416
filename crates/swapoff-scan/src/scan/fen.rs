//! A board's FEN, as the rows' `fen` column gives it: placement gathered rank by rank from
//! a recipe of each occupancy (a game's ranks remembered from one position to the next),
//! X-FEN castling, and an en passant square only where a capture there is legal.

use crate::encode::{piece_letter, push_rights, push_u64};
use shakmaty::{Chess, Color, Position, Role};

/// How a rank's FEN text is made from its occupancy (bit `f` set: a piece on file `f`):
/// output byte `j` is `from[j]` of the rank's sources (0 to 7: the letter of the piece on
/// that file; 8 + k: the digit k + 1), and the text is `len` bytes long.
#[derive(Clone, Copy)]
struct RankText {
    from: [u8; 8],
    len: u8,
}

/// Each byte spread to a word: byte `f` of `SPREAD[b]` is bit `f` of `b`.
const SPREAD: [u64; 256] = {
    let mut spread = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut f = 0;
        while f < 8 {
            spread[b] |= ((b as u64 >> f) & 1) << (8 * f);
            f += 1;
        }
        b += 1;
    }
    spread
};

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

/// Writes the FENs of boards that follow one another, as a game's positions do,
/// remembering each rank's text: a move changes one to three ranks, and only those are
/// made again.
#[derive(Clone, Debug)]
pub(crate) struct FenWriter {
    /// The board's kind sets and White's set, from which the ranks' texts were made.
    sets: [u64; 7],
    /// Each rank's text (rank 1 first), its first `lengths[rank]` bytes.
    ranks: [[u8; 8]; 8],
    lengths: [u8; 8],
}

impl Default for FenWriter {
    /// No piece on the board, every rank `8`.
    fn default() -> Self {
        FenWriter {
            sets: [0; 7],
            ranks: [[b'8'; 8]; 8],
            lengths: [1; 8],
        }
    }
}

/// Writes the FEN of `board` with the given move counters (see [`FenWriter::push`]).
pub(crate) fn push_fen(out: &mut Vec<u8>, board: &Chess, halfmove: u32, fullmove: u32) {
    FenWriter::default().push(out, board, halfmove, fullmove);
}

impl FenWriter {
    /// Writes the FEN of `board` with the given move counters. Castling rights are written
    /// as X-FEN: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook on that
    /// side of the king, else the rook's file letter (Chess960), which gives plain `KQkq`
    /// in standard chess.
    pub(crate) fn push(&mut self, out: &mut Vec<u8>, board: &Chess, halfmove: u32, fullmove: u32) {
        let b = board.board();
        let sets = [
            b.pawns().0,
            b.knights().0,
            b.bishops().0,
            b.rooks().0,
            b.queens().0,
            b.kings().0,
            b.white().0,
        ];
        let changed = sets
            .iter()
            .zip(&self.sets)
            .fold(0, |changed, (new, old)| changed | (new ^ old));
        self.sets = sets;
        // One bit a changed rank, without a branch a rank.
        let mut any = changed | changed >> 4;
        any |= any >> 2;
        any |= any >> 1;
        let mut ranks =
            ((any & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
        while ranks != 0 {
            self.make_rank(ranks.trailing_zeros() as usize);
            ranks &= ranks - 1;
        }
        // Assembled in a local array with fixed-size copies, then copied once.
        let mut placement = [0u8; 72 + 8];
        let mut n = 0;
        for rank in (0..8).rev() {
            placement[n..n + 8].copy_from_slice(&self.ranks[rank]);
            n += usize::from(self.lengths[rank]);
            placement[n] = b'/';
            n += usize::from(rank > 0);
        }
        out.extend_from_slice(&placement[..n]);
        rest_of_fen(out, board, halfmove, fullmove);
    }

    /// Makes the text of rank `rank` (0 is rank 1) from the sets, without a branch a
    /// square (what stands where is unpredictable).
    fn make_rank(&mut self, rank: usize) {
        let byte = |set: u64| (set >> (rank * 8)) as usize & 0xff;
        // The rank's eight letters as one word (byte f: file f's), lower case from the
        // kinds' sets, then White's made upper case.
        let mut letters = 0u64;
        for (&set, piece) in self.sets[..6].iter().zip(Role::ALL) {
            letters += SPREAD[byte(set)] * u64::from(piece_letter(piece, Color::Black));
        }
        letters -= SPREAD[byte(self.sets[6])] * u64::from(b'a' - b'A');
        let mut source = *b"........12345678";
        source[..8].copy_from_slice(&letters.to_le_bytes());
        let occupied = self.sets[..6].iter().fold(0, |all, set| all | set);
        let recipe = &RANK_TEXTS[byte(occupied)];
        for (j, &from) in recipe.from.iter().enumerate() {
            self.ranks[rank][j] = source[usize::from(from & 15)];
        }
        self.lengths[rank] = recipe.len;
    }
}

/// The FEN after the placement: the side to move, castling, en passant and the counters.
fn rest_of_fen(out: &mut Vec<u8>, board: &Chess, halfmove: u32, fullmove: u32) {
    out.extend_from_slice(board.turn().fold_wb(b" w ", b" b "));
    push_rights(out, board);
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
}
