//! Positions from random games: a source of test positions that no book has seen, shared
//! by the agreement test (`tests/audit_cli.rs`) and the `random_games` example.
//!
//! Games start from the initial position. A side that can capture does so half of the
//! time (a random capture), and otherwise plays a random legal move. From ply 8 on, each
//! position is kept with probability 1/4. Random play leaves pieces hanging, kings exposed
//! and lines open, so the positions are rich in exchanges, pins and discovered checks: the
//! cases where SEE rules differ. The same seed gives the same positions.

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

/// SplitMix64: a tiny, well-mixed generator, enough to pick moves reproducibly.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Calls `keep` with the FEN of each kept position, `count` of them, until it returns
/// `false`.
pub fn random_game_positions(seed: u64, count: u64, mut keep: impl FnMut(String) -> bool) {
    let mut rng = seed;
    let mut kept = 0;
    while kept < count {
        let mut pos = Chess::default();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
            let mv = if !captures.is_empty() && next(&mut rng).is_multiple_of(2) {
                *captures[(next(&mut rng) % captures.len() as u64) as usize]
            } else {
                moves[(next(&mut rng) % moves.len() as u64) as usize]
            };
            pos.play_unchecked(mv);
            if pos.is_insufficient_material() {
                break;
            }
            if ply >= 8 && next(&mut rng).is_multiple_of(4) {
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
