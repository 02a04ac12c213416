//! Reading always moves on, and reads tag lines as python-chess reads them: regressions of
//! inputs that once stood the PGN reader still (a stray `}` spun for ever) or split a game
//! at a tag line, and seeded mutations of real games, each read under a watchdog.

mod common;

use common::{scan, scan_as, Seen};
use std::sync::mpsc;
use std::time::Duration;
use swapoff_scan::Format;

/// How long one small input may take to read before the test calls it a hang: far more
/// than any of them needs (a few milliseconds in a debug build).
const PATIENCE: Duration = Duration::from_secs(20);

/// [`scan_as`] on a thread of its own; fails the test if it has not ended within
/// [`PATIENCE`] (the thread is left behind, and the test binary ends with the failure).
fn scan_watched(bytes: Vec<u8>, format: Option<Format>, columns: &str, tags: &[&str]) -> Vec<Seen> {
    let (send, receive) = mpsc::channel();
    let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    let (columns, tags): (String, Vec<String>) = (
        columns.to_string(),
        tags.iter().map(|t| t.to_string()).collect(),
    );
    std::thread::spawn(move || {
        let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
        let _ = send.send(scan_as(bytes, format, &columns, &tags));
    });
    match receive.recv_timeout(PATIENCE) {
        Ok(seen) => seen,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("reading did not end within {PATIENCE:?}: {shown:?}")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("reading panicked: {shown:?}"),
    }
}

/// The SAN of each game's moves (games by number), and the notes.
fn games(seen: &[Seen]) -> (Vec<(u64, Vec<String>)>, Vec<String>) {
    common::numbered_games(seen)
}

#[test]
fn a_stray_closing_brace_is_passed_over() {
    let long = "N".repeat(300);
    for text in [
        "1. e4 } e5 *\n".to_string(),
        "1. e4 {a}} e5 *\n".to_string(),
        "1. d4 *\n\n1. e4 } e5 *\n".to_string(),
        "1. e4 e5 }".to_string(),
        format!("1. e4 e5 {long}}} *\n"),
        "1. e4 ( 1. d4 } ) e5 *\n".to_string(),
    ] {
        let seen = scan_watched(text.clone().into_bytes(), None, "game,played_san", &[]);
        let (games, _) = games(&seen);
        let last = &games.last().expect("a game").1;
        assert_eq!(&last[..2], ["e4", "e5"], "{text:?}");
    }
    // In a movetext cell of a table, too.
    let csv =
        "fen,moves\n\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"e2e4 } e7e5\"\n";
    let seen = scan_watched(csv.into(), None, "line", &[]);
    assert!(!seen.is_empty());
}

#[test]
fn a_tag_line_never_splits_its_game() {
    let text = "[Event \"He said \"hi\" ok\"]\n\n; a comment line\n[Site \"x\"] and more\n\
        [Time-Control \"300+0\"]\n[Round x]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    let seen = scan_watched(
        text.into(),
        None,
        "game,played_san",
        &["Event", "Site", "Time-Control"],
    );
    let (read, notes) = games(&seen);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(
        read,
        [
            (1, vec!["e4".to_string(), "e5".to_string()]),
            (2, vec!["d4".to_string()])
        ]
    );
    let first = seen[0].row().unwrap();
    assert_eq!(first["tag_Event"], "He said \"hi\" ok");
    assert_eq!(first["tag_Site"], "x");
    assert_eq!(first["tag_Time-Control"], "300+0");
    assert_eq!(seen.last().unwrap().row().unwrap()["tag_Event"], "b");
}

#[test]
fn a_repeated_tag_s_last_value_counts() {
    let text =
        "[Variant \"Atomic\"]\n[Variant \"Standard\"]\n[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n\n\
        [Variant \"Standard\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n";
    let seen = scan(text, "game,played_san", &["Event"]);
    let (read, notes) = games(&seen);
    assert_eq!(read, [(1, vec!["e4".to_string()])]);
    assert_eq!(seen[0].row().unwrap()["tag_Event"], "b");
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("game 2") && notes[0].contains("Atomic"),
        "{notes:?}"
    );
}

#[test]
fn text_with_no_tag_and_no_readable_move_is_no_game() {
    // An EPD file read as PGN: every line is a token that is no move, and no game.
    let epd = "8/8/8/8/8/8/8/K6k w - - 0 1\n\n8/8/8/8/8/8/8/K6k b - - 0 1\n\n* 1-0\n";
    let seen = scan_as(epd, Some(Format::Pgn), "game,fen", &[]);
    assert!(seen.iter().all(|s| s.row().is_none()), "{seen:?}");
    assert_eq!(seen.len(), 3, "each record reported: {seen:?}");
    for note in &seen {
        let Seen::Note(note) = note else {
            unreachable!()
        };
        assert!(note.contains("no tag and no readable move"), "{note}");
    }
    // A tag, or a move, makes a game.
    assert_eq!(scan("[Event \"x\"]\n\n*\n", "game", &[]).len(), 1);
    assert_eq!(scan("1. e4\n", "game", &[]).len(), 2);
}

/// A small deterministic generator (xorshift), so that a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The bytes that give PGN its shape, which mutations aim at most.
const PUNCTUATION: &[u8] = b"{}[]()\";%\n .$*!?-/";

/// A game as Lichess writes one, with comments, a variation, NAGs and escaped quotes.
const GAME: &str = "[Event \"Rated \\\"Blitz\\\" game\"]\n[Site \"https://lichess.org/x\"]\n\
    [White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[WhiteElo \"1500\"]\n\n\
    1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 $1 Nc6 (2... d6 { x } 3. d4) \
    3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 ; a comment\n8. c3 O-O 9. h3 1-0\n\n";

#[test]
fn seeded_mutations_of_real_games_never_stall() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let original = GAME.repeat(3).into_bytes();
    for round in 0..400 {
        let mut bytes = original.clone();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(bytes.len());
            match rng.below(4) {
                // A byte replaced, most often by punctuation.
                0 => bytes[at] = PUNCTUATION[rng.below(PUNCTUATION.len())],
                1 => bytes[at] = rng.next() as u8,
                // A run deleted, or repeated in place.
                2 => {
                    let end = (at + 1 + rng.below(40)).min(bytes.len());
                    bytes.drain(at..end);
                }
                _ => {
                    let end = (at + 1 + rng.below(40)).min(bytes.len());
                    let run = bytes[at..end].to_vec();
                    bytes.splice(at..at, run);
                }
            }
        }
        let format = [None, Some(Format::Pgn)][round % 2];
        let seen = scan_watched(bytes, format, "game,ply,played,clock", &["Event"]);
        // Nothing is lost without a word: the input had content, so something came out.
        assert!(!seen.is_empty(), "round {round}");
    }
}
