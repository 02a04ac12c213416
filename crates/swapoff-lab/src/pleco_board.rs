//! swapoff on pleco's board: the same bitboards, piece array and attack tables that
//! pleco's own `see_ge` reads, so that timing both on the same pairs compares the two SEE
//! walks and nothing else. (An engine with its own board implements [`SeeBoard`] the same
//! way.) The pins pleco caches are not used: on 3 of the plain pairs they differ from
//! Stockfish's definition, which the Stockfish rules follow, so those rules compute their
//! own, as they do on the other boards.

use pleco::core::{PieceType, Player};
use pleco::SQ;
use swapoff::{Bitboard, Color, Role, SeeBoard, Square};

/// A pleco board seen through [`SeeBoard`]; build it at the call, it is one pointer.
#[derive(Clone, Copy)]
pub struct PlecoBoard<'a>(pub &'a pleco::Board);

#[inline(always)]
fn player(c: Color) -> Player {
    match c {
        Color::White => Player::White,
        Color::Black => Player::Black,
    }
}

#[inline(always)]
fn piece_type(r: Role) -> PieceType {
    match r {
        Role::Pawn => PieceType::P,
        Role::Knight => PieceType::N,
        Role::Bishop => PieceType::B,
        Role::Rook => PieceType::R,
        Role::Queen => PieceType::Q,
        Role::King => PieceType::K,
    }
}

#[inline(always)]
fn sq(s: Square) -> SQ {
    SQ(s.index() as u8)
}

impl SeeBoard for PlecoBoard<'_> {
    const CHEAP_OCCUPANT: bool = true;
    #[inline(always)]
    fn by_color(&self, c: Color) -> Bitboard {
        self.0.get_occupied_player(player(c)).0
    }
    #[inline(always)]
    fn by_role(&self, r: Role) -> Bitboard {
        self.0.piece_bb_both_players(piece_type(r)).0
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.0.occupied().0
    }
    #[inline(always)]
    fn occupant(&self, s: Square) -> Role {
        // pleco numbers piece types 1 (pawn) to 6 (king); the others cannot stand on an
        // occupied square.
        const ROLES: [Role; 8] = [
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
            Role::Pawn,
        ];
        ROLES[self.0.piece_at_sq(sq(s)).type_of() as usize & 7]
    }
}
