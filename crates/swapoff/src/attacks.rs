//! Attack sets, from tables the library owns and small enough to stay in the first-level
//! cache: about 4.5 KB in all, against the hundreds of kilobytes of a board crate's magic
//! or PEXT tables.
//!
//! Why not ask the board: a slider lookup in a big table misses the cache on most SEE
//! calls, and the exchange's next step waits on it (the address needs the occupancy
//! first). Measured beside Stockfish, those misses, not instructions, were what made
//! swapoff slower (docs/speed.md). Sliders use hyperbola quintessence: files and diagonals
//! by subtraction, mirrored with a byte swap (each of those lines has one square a rank,
//! so swapping the bytes reverses it), and ranks from a 512-byte table of first-rank
//! attacks.

use crate::lines::through;
use crate::types::{Bitboard, Color, Square};

const FILE_A: Bitboard = 0x0101_0101_0101_0101;
const FILE_H: Bitboard = FILE_A << 7;

/// One square's masks for hyperbola quintessence, the square itself left out of each
/// line. 32 bytes: two squares a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Masks {
    bit: Bitboard,
    file: Bitboard,
    diagonal: Bitboard,
    anti_diagonal: Bitboard,
}

static MASKS: [Masks; 64] = {
    let mut table = [Masks {
        bit: 0,
        file: 0,
        diagonal: 0,
        anti_diagonal: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = Masks {
            bit: 1 << sq,
            file: through(sq, 0, 1),
            diagonal: through(sq, 1, 1),
            anti_diagonal: through(sq, 1, -1),
        };
        sq += 1;
    }
    table
};

/// A slider's attacks along one rank: `RANK[occupancy * 8 + file]`, with `occupancy` the
/// six inner squares of the rank (the edge squares never block anything beyond them).
static RANK: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut inner = 0;
    while inner < 64 {
        let occupied = (inner << 1) as u8;
        let mut file = 0;
        while file < 8 {
            let mut seen = 0u8;
            let mut f = file + 1;
            while f < 8 {
                seen |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file as i32 - 1;
            while f >= 0 {
                seen |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[inner * 8 + file] = seen;
            file += 1;
        }
        inner += 1;
    }
    table
};

/// The squares at the given steps from each square, those off the board left out.
const fn leaps(steps: [(i32, i32); 8]) -> [Bitboard; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let (f, r) = ((sq % 8) as i32 + steps[i].0, (sq / 8) as i32 + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaps([
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [Bitboard; 64] = leaps([
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);

/// The squares the pawns of `color` in `pawns` attack: one step forward and one to the
/// side, the a- and h-files not wrapping.
#[inline(always)]
pub(crate) const fn pawns(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}

static PAWN: [[Bitboard; 64]; 2] = {
    let mut table = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        table[0][sq] = pawns(Color::White, 1 << sq);
        table[1][sq] = pawns(Color::Black, 1 << sq);
        sq += 1;
    }
    table
};

/// Attacks along the line `mask` (through `bit`, without it) given `occupied`: the
/// subtraction finds the first blocker towards the higher squares, the same on the
/// byte-swapped board towards the lower ones.
#[inline(always)]
fn hyperbola(bit: Bitboard, mask: Bitboard, occupied: Bitboard) -> Bitboard {
    let forward = occupied & mask;
    let reverse = forward.swap_bytes().wrapping_sub(bit.swap_bytes());
    (forward.wrapping_sub(bit) ^ reverse.swap_bytes()) & mask
}

/// The squares a rook on `sq` attacks when `occupied` are occupied.
#[inline(always)]
pub(crate) fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let index = sq.index() & 63;
    let masks = &MASKS[index];
    let shift = index & 56;
    let inner = ((occupied >> (shift + 1)) & 63) as usize;
    let rank = Bitboard::from(RANK[inner * 8 + (index & 7)]) << shift;
    hyperbola(masks.bit, masks.file, occupied) | rank
}

/// The squares a bishop on `sq` attacks when `occupied` are occupied.
#[inline(always)]
pub(crate) fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let masks = &MASKS[sq.index() & 63];
    hyperbola(masks.bit, masks.diagonal, occupied)
        | hyperbola(masks.bit, masks.anti_diagonal, occupied)
}

/// The squares a knight on `sq` attacks.
#[inline(always)]
pub(crate) fn knight(sq: Square) -> Bitboard {
    KNIGHT[sq.index() & 63]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
pub(crate) fn king(sq: Square) -> Bitboard {
    KING[sq.index() & 63]
}

/// The squares a pawn of `color` on `sq` attacks: one load, where the shifts and masks
/// took eight instructions.
#[inline(always)]
pub(crate) fn pawn(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index() & 1][sq.index() & 63]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attacks walked square by square, the reference the tables are checked against.
    fn walk(sq: usize, occupied: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut set = 0;
        for &(df, dr) in dirs {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + f);
                set |= bit;
                if occupied & bit != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        set
    }

    #[test]
    fn sliders_agree_with_walking_the_board() {
        // A fixed xorshift sequence of sparse and dense occupancies.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..4000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & (state >> 3) ^ (state & 0x00FF_0000_0000_FF00);
            for index in 0..64u8 {
                let sq = Square::new(index).unwrap();
                let straight = walk(index.into(), occupied, &[(0, 1), (0, -1), (1, 0), (-1, 0)]);
                let diagonal = walk(
                    index.into(),
                    occupied,
                    &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
                );
                assert_eq!(
                    rook(sq, occupied),
                    straight,
                    "rook on {index}, {occupied:#x}"
                );
                assert_eq!(
                    bishop(sq, occupied),
                    diagonal,
                    "bishop on {index}, {occupied:#x}"
                );
            }
        }
    }

    #[test]
    fn leapers_on_corners_and_centre() {
        let sq = |i| Square::new(i).unwrap();
        assert_eq!(knight(sq(0)), (1 << 10) | (1 << 17));
        assert_eq!(king(sq(63)), (1 << 62) | (1 << 55) | (1 << 54));
        assert_eq!(knight(sq(27)).count_ones(), 8);
        assert_eq!(pawn(Color::White, sq(8)), 1 << 17);
        assert_eq!(pawn(Color::White, sq(15)), 1 << 22);
        assert_eq!(pawn(Color::Black, sq(52)), (1 << 43) | (1 << 45));
        assert_eq!(pawn(Color::Black, sq(48)), 1 << 41);
    }
}
