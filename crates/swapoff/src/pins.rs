//! Pins: the pieces that shield a king from an enemy slider, as Stockfish keeps them.

use crate::board::{BoardQueries, SeeBoard};
use crate::lines::{between, diagonal_rays, straight_rays};
use crate::types::{Bitboard, Color, Square};

/// Pieces that shield a king from an enemy slider, and the sliders that do the pinning.
///
/// `blockers` holds every piece (of either colour) that is the only piece between the
/// king and an enemy slider, as in Stockfish's `blockers_for_king`; `pinned()` is the part
/// of it that belongs to the king's side. `pinners` holds the enemy sliders that pin a
/// piece of the king's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pins {
    /// The king's side.
    pub color: Option<Color>,
    /// Pieces of either colour alone between the king and an enemy slider.
    pub blockers: Bitboard,
    /// Enemy sliders that pin a piece of the king's side.
    pub pinners: Bitboard,
    /// The king's side's pieces among `blockers`.
    pub pinned: Bitboard,
}

impl Pins {
    /// Computes the pins against `color`'s king from any [`SeeBoard`].
    pub fn compute<B: SeeBoard + ?Sized>(board: &B, color: Color) -> Pins {
        let Some(king) = board.king_square(color) else {
            return Pins::default();
        };
        let snipers = snipers(board, color, king);
        let occupied = board.occupied() ^ snipers;
        let own = board.by_color(color);
        let mut pins = Pins {
            color: Some(color),
            ..Pins::default()
        };
        let mut rest = snipers;
        while rest != 0 {
            let sniper = Square::lowest(rest);
            rest &= rest - 1;
            let b = between(king, sniper) & occupied;
            if b != 0 && b & (b - 1) == 0 {
                pins.blockers |= b;
                if b & own != 0 {
                    pins.pinners |= sniper.bit();
                    pins.pinned |= b;
                }
            }
        }
        pins
    }
}

/// The enemy sliders on a line from `color`'s king on `king` that they could attack
/// along, whatever stands between.
pub(crate) fn snipers<B: SeeBoard + ?Sized>(board: &B, color: Color, king: Square) -> Bitboard {
    ((straight_rays(king) & board.straight_sliders())
        | (diagonal_rays(king) & board.diagonal_sliders()))
        & board.by_color(!color)
}
