//! A Lichess-like PGN, as large as asked, for measuring data pipelines at scale without
//! downloading a month of the Lichess database: random legal games (a side that can capture
//! does so half of the time, as in [`random_games`](crate::random_games)) with the tags
//! Lichess writes (`Event`, `Site`, `White`, `Black`, `Result`, `WhiteElo`, `BlackElo`,
//! `TimeControl`, `Termination`) and a `{ [%eval X] [%clk H:MM:SS] }` comment after every
//! move. The evaluations are the material balance in pawns with noise, the clocks run down
//! from the time control; both are synthetic. The same seed gives the same games.
//! `examples/lichess_like.rs` writes them to standard output.

use crate::testing::Rng;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position, Role};
use std::fmt::Write as _;

const TIME_CONTROLS: [(u32, u32); 6] = [(60, 0), (180, 0), (180, 2), (300, 0), (300, 3), (600, 5)];

fn material(pos: &Chess) -> i32 {
    let board = pos.board();
    let value = |role: Role| match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    let side = |color: Color| -> i32 {
        Role::ALL
            .iter()
            .map(|&r| value(r) * (board.by_role(r) & board.by_color(color)).count() as i32)
            .sum()
    };
    side(Color::White) - side(Color::Black)
}

fn clock(seconds: u32) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// Appends the PGN text of game `number` to `out`.
pub fn game(number: u64, rng: &mut Rng, out: &mut String) {
    let (base, increment) = TIME_CONTROLS[rng.below(TIME_CONTROLS.len() as u64) as usize];
    let elo = |rng: &mut Rng| 800 + rng.below(1000) + rng.below(1000);
    let (white_elo, black_elo) = (elo(rng), elo(rng));
    let mut pos = Chess::default();
    let mut movetext = String::new();
    let mut clocks = [base, base];
    let length = 20 + rng.below(140);
    let mut ply = 0;
    while ply < length {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.next_u64().is_multiple_of(2) {
            *captures[rng.below(captures.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        let san = SanPlus::from_move(pos.clone(), m);
        pos.play_unchecked(m);
        let side = ply as usize % 2;
        let spent = rng.below(u64::from(base / 20).max(2)) as u32;
        clocks[side] = clocks[side].saturating_sub(spent) + increment;
        if side == 0 {
            let _ = write!(movetext, "{}. ", ply / 2 + 1);
        } else {
            let _ = write!(movetext, "{}... ", ply / 2 + 1);
        }
        let eval = f64::from(material(&pos)) + (rng.below(41) as f64 - 20.0) / 100.0;
        let _ = write!(
            movetext,
            "{san} {{ [%eval {eval:.2}] [%clk {}] }} ",
            clock(clocks[side])
        );
        ply += 1;
    }
    let result = match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => "1-0",
        Outcome::Known(KnownOutcome::Decisive { .. }) => "0-1",
        Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
        Outcome::Unknown => ["1-0", "0-1", "1/2-1/2"][rng.below(3) as usize],
    };
    let _ = write!(
        out,
        "[Event \"Rated game\"]\n[Site \"swapoff-lab/{number}\"]\n[White \"player{}\"]\n\
         [Black \"player{}\"]\n[Result \"{result}\"]\n[WhiteElo \"{white_elo}\"]\n\
         [BlackElo \"{black_elo}\"]\n[TimeControl \"{base}+{increment}\"]\n\
         [Termination \"Normal\"]\n\n{movetext}{result}\n\n",
        rng.below(100_000),
        rng.below(100_000)
    );
}
