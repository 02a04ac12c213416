//! Pins: the pieces that shield a king from an enemy slider, as Stockfish keeps them,
//! computed from the king and the enemy sliders on its lines (the board finds those:
//! `Pins::compute` is in `board`).

use crate::lines::between;
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
    /// The pins against `color`'s king on `king`, given the enemy sliders that could attack
    /// it along their lines whatever stands between (`snipers`), the occupied squares and
    /// the king's side's pieces (`own`).
    pub(crate) fn from_snipers(
        color: Color,
        king: Square,
        snipers: Bitboard,
        occupied: Bitboard,
        own: Bitboard,
    ) -> Pins {
        let occupied = occupied ^ snipers;
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

/// The squares between the king on `king` and each of `snipers`: only a piece there can be
/// pinned, and only emptying one of them can uncover a check.
pub(crate) fn lines_to(king: Square, mut snipers: Bitboard) -> Bitboard {
    let mut squares = 0;
    while snipers != 0 {
        squares |= between(king, Square::lowest(snipers));
        snipers &= snipers - 1;
    }
    squares
}
