//! Positions from random games: a source of test positions that no book has seen, shared
//! by the command-line tool's agreement test (`tests/audit_cli.rs`) and its
//! `random_games` example.
//!
//! Games start from the initial position. A side that can capture does so half of the
//! time (a random capture), and otherwise plays a random legal move. From ply 8 on, each
//! position is kept with probability 1/4. Random play leaves pieces hanging, kings exposed
//! and lines open, so the positions are rich in exchanges, pins and discovered checks: the
//! cases where SEE rules differ. The same seed gives the same positions.

use crate::testing::Rng;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

/// Calls `keep` with the FEN of each kept position, `count` of them, until it returns
/// `false`.
pub fn random_game_positions(seed: u64, count: u64, mut keep: impl FnMut(String) -> bool) {
    let mut rng = Rng(seed);
    let mut kept = 0;
    while kept < count {
        let mut pos = Chess::default();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
            let mv = if !captures.is_empty() && rng.next_u64().is_multiple_of(2) {
                *captures[(rng.next_u64() % captures.len() as u64) as usize]
            } else {
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            };
            pos.play_unchecked(mv);
            if pos.is_insufficient_material() {
                break;
            }
            if ply >= 8 && rng.next_u64().is_multiple_of(4) {
                let fen = Fen::from_position(&pos, EnPassantMode::Legal);
                if !keep(fen.to_string()) {
                    return;
                }
                kept += 1;
                if kept >= count {
                    return;
                }
            }
        }
    }
}
