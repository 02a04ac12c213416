//! The Lichess-like generator writes games that `seeswap scan`'s reader replays whole,
//! with the tags and the clock and evaluation comments of every move.

use std::ops::ControlFlow;
use swapoff::See;
use swapoff_lab::lichess_like::game;
use swapoff_lab::testing::Rng;
use swapoff_scan::{InputName, Note, ReadOptions};
use swapoff_scan::{Row, Scan, Sink};

#[derive(Default)]
struct Tally {
    rows: usize,
    played: usize,
    annotated: usize,
    elo: usize,
    games: usize,
    notes: Vec<String>,
}

impl Sink for Tally {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.rows += 1;
        if let Some((played, see)) = row.played {
            self.played += 1;
            assert!(see.is_some());
            self.annotated += usize::from(played.clock().is_some() && played.eval().is_some());
        }
        self.elo += usize::from(row.tags.iter().all(Option::is_some));
        Ok(ControlFlow::Continue(()))
    }
    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.notes.push(note.to_string());
        Ok(ControlFlow::Continue(()))
    }
    fn game(&mut self) {
        self.games += 1;
    }
}

#[test]
fn the_games_replay_whole_with_their_tags_clocks_and_evals() {
    let (mut rng, mut text) = (Rng(7), String::new());
    for number in 1..=60 {
        game(number, &mut rng, &mut text);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, &text).unwrap();
    let tags = vec!["WhiteElo".to_string(), "TimeControl".to_string()];
    let reading = ReadOptions {
        tags,
        ..ReadOptions::default()
    };
    let scan = Scan::new(See::default(), None, reading);
    let mut tally = Tally::default();
    let inputs = [InputName::from(path)];
    scan.read_each(&inputs, |work| {
        let Ok(flow) = scan.process(work, &mut tally);
        flow
    });
    assert!(tally.notes.is_empty(), "{:?}", tally.notes);
    assert_eq!(tally.games, 60);
    // Every position but each game's last has a move played, and every move a clock
    // and an evaluation; every row its game's tags.
    assert_eq!(tally.played, tally.rows - 60);
    assert_eq!(tally.annotated, tally.played);
    assert_eq!(tally.elo, tally.rows);
    assert!(tally.rows > 60 * 20, "{}", tally.rows);
}
