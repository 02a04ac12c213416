//! Positions from random games: a source of test positions that no book has seen.
//!
//! Plays games from the starting position in which each side, when it can capture, does
//! so half of the time (a random capture), and otherwise plays a random legal move. From
//! ply 8 on, every position is written with probability 1/4 as a FEN line. Random play
//! leaves pieces hanging, kings exposed and lines open, so the positions are rich in
//! exchanges, pins and discovered checks: the cases where SEE rules differ.
//!
//! ```sh
//! cargo run --release -p swapoff-cli --example random_games -- SEED COUNT > positions.fen
//! seeswap audit positions.fen
//! ```
//!
//! The same seed gives the same positions; use one seed to study a rule and another to
//! measure it.

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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |i: usize, default: u64| {
        args.get(i)
            .map(|a| a.parse::<u64>().unwrap_or_else(|_| usage(a)))
            .unwrap_or(default)
    };
    let mut rng = parse(0, 1);
    let count = parse(1, 100_000);
    let mut written = 0;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    while written < count {
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
                if std::io::Write::write_all(&mut out, format!("{fen}\n").as_bytes()).is_err() {
                    return; // a closed pipe: stop quietly
                }
                written += 1;
                if written >= count {
                    break;
                }
            }
        }
    }
    let _ = std::io::Write::flush(&mut out);
}

fn usage(arg: &str) -> ! {
    eprintln!("random_games: {arg:?} is not a number; usage: random_games [SEED] [COUNT]");
    std::process::exit(2)
}
