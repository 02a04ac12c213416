//! SEE on a board of your own: implement [`swapoff::SeeBoard`] and every function of the
//! crate works on it. Run with `cargo run -p swapoff --example own_board`.
//!
//! The board below is the smallest that will do: eight bitboards (two colours, six piece
//! kinds), which is all the trait asks; the library computes attacks itself. A board that
//! keeps a square-indexed piece array should also override `occupant` and set
//! `CHEAP_OCCUPANT`.

use swapoff::{see, see_ge, Bitboard, Color, Move, Role, SeeBoard, Square};

/// Pieces as bitboards, by colour and by kind.
#[derive(Default)]
struct MiniBoard {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

impl MiniBoard {
    /// Reads the piece-placement field of a FEN (`rnbqkbnr/pppppppp/...`).
    fn from_placement(placement: &str) -> Result<MiniBoard, String> {
        let mut board = MiniBoard::default();
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("{placement:?}: expected 8 ranks"));
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let mut file = 0u8;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10) {
                    file += skip as u8;
                    continue;
                }
                let role: Role = c.to_string().parse().map_err(|e| format!("{e}"))?;
                let square = Square::from_coords(file, rank)
                    .ok_or_else(|| format!("rank {}: more than 8 files", rank + 1))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.colors[color.index()] |= square.bit();
                board.roles[role.index()] |= square.bit();
                file += 1;
            }
        }
        Ok(board)
    }
}

impl SeeBoard for MiniBoard {
    fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }
}

/// The chessprogramming wiki's two swap-algorithm examples on the board above.
pub fn main() -> Result<(), String> {
    let rook_takes = MiniBoard::from_placement("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3")?;
    let rxe5: Move = "e1e5".parse().map_err(|e| format!("{e}"))?;
    let value = see(&rook_takes, rxe5);
    println!("Rxe5 in 1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w: {value}");
    assert_eq!(value, 100, "the rook wins the undefended pawn");

    let knight_takes = MiniBoard::from_placement("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3")?;
    let nxe5: Move = "d3e5".parse().map_err(|e| format!("{e}"))?;
    let value = see(&knight_takes, nxe5);
    println!("Nxe5 in 1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w: {value}");
    assert_eq!(value, -200, "knight for pawn, with 100/300/300/500/900");
    assert!(!see_ge(&knight_takes, nxe5, 0) && see_ge(&knight_takes, nxe5, -200));
    Ok(())
}

/// The example is part of the documentation: `cargo test` runs it (`test = true` in the
/// manifest), so that it cannot rot.
#[cfg(test)]
mod tests {
    #[test]
    fn the_example_runs_and_its_values_hold() {
        super::main().expect("the example's positions parse");
    }
}
