//! Line and between tables, built at compile time. Pin handling needs them.

use crate::types::{Bitboard, Square};

const fn build(between_only: bool) -> [[Bitboard; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let dirs: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut a = 0;
    while a < 64 {
        let (af, ar) = ((a % 8) as i8, (a / 8) as i8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            // Walk from `a` in direction d; every square met is aligned with `a`.
            let mut path = 0u64;
            let (mut f, mut r) = (af + df, ar + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                if between_only {
                    table[a][b] = path;
                } else {
                    // The full line through a and b: both rays from a, and a itself.
                    table[a][b] = through(a, df as i32, dr as i32) | 1u64 << a;
                }
                path |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// The squares from `sq` in the directions `(df, dr)` and `(-df, -dr)`, to the edges,
/// `sq` left out: one line through `sq`.
pub(crate) const fn through(sq: usize, df: i32, dr: i32) -> Bitboard {
    let mut set = 0;
    let mut sign = -1;
    while sign <= 1 {
        let (mut f, mut r) = ((sq % 8) as i32 + sign * df, (sq / 8) as i32 + sign * dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            set |= 1u64 << (r * 8 + f);
            f += sign * df;
            r += sign * dr;
        }
        sign += 2;
    }
    set
}

/// The squares on the lines through each square (the square itself excluded): along
/// ranks and files when `straight`, along diagonals otherwise.
const fn build_rays(straight: bool) -> [Bitboard; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = if straight {
            through(sq, 0, 1) | through(sq, 1, 0)
        } else {
            through(sq, 1, 1) | through(sq, 1, -1)
        };
        sq += 1;
    }
    table
}

static STRAIGHT_RAYS: [Bitboard; 64] = build_rays(true);
static DIAGONAL_RAYS: [Bitboard; 64] = build_rays(false);
static KING_LINES: [Bitboard; 64] = {
    let mut table = STRAIGHT_RAYS;
    let mut sq = 0;
    while sq < 64 {
        table[sq] |= DIAGONAL_RAYS[sq];
        sq += 1;
    }
    table
};
static BETWEEN: [[Bitboard; 64]; 64] = build(true);
static LINE: [[Bitboard; 64]; 64] = build(false);

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline(always)]
pub(crate) fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The squares a queen on `sq` would see on an empty board: the only squares from which a
/// piece can be pinned to a king on `sq`.
#[inline(always)]
pub(crate) fn king_lines(sq: Square) -> Bitboard {
    // One table: the exchange asks this for every capture.
    KING_LINES[sq.index()]
}

/// The squares a rook on `sq` would see on an empty board.
#[inline(always)]
pub(crate) fn straight_rays(sq: Square) -> Bitboard {
    STRAIGHT_RAYS[sq.index()]
}

/// The squares a bishop on `sq` would see on an empty board.
#[inline(always)]
pub(crate) fn diagonal_rays(sq: Square) -> Bitboard {
    DIAGONAL_RAYS[sq.index()]
}

/// The whole line (edge to edge) through `a` and `b` when aligned; else empty.
#[inline(always)]
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::from_coords(b[0] - b'a', b[1] - b'1').unwrap()
    }

    #[test]
    fn between_and_line_on_a_diagonal() {
        assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bit() | sq("c3").bit());
        assert_eq!(between(sq("a1"), sq("b3")), 0);
        assert_eq!(line(sq("c3"), sq("e5")).count_ones(), 8);
        assert_eq!(line(sq("a1"), sq("b3")), 0);
        assert_ne!(line(sq("e1"), sq("e8")) & sq("e4").bit(), 0);
    }
}
