//! A scan's rows: a game's positions written as FENs at each ply, a sink that stops or
//! fails, and positions handed over as FENs numbered after those before.

mod common;

use common::{rows, Seen};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Position};
use std::ops::ControlFlow;
use swapoff::See;
use swapoff_scan::{Needs, Note, Origin, Place, ReadOptions, Row, Scanner, Sink, Work};

#[test]
fn a_game_played_move_by_move_writes_the_fens_of_a_board_built_at_each_ply() {
    // Double steps with and without a legal en passant capture, castling both ways, a
    // capture en passant, a promotion and a null move.
    let moves = "e4 Nf6 e5 d5 exd6 Nc6 dxc7 e5 cxd8=Q+ Kxd8 Nf3 Bd6 Bc4 Z0 O-O a5 d4 b5";
    let fens: Vec<String> = rows(format!("{moves} *\n"), "fen", &[])
        .iter()
        .map(|row| row["fen"].as_str().expect("a FEN").to_string())
        .collect();
    assert_eq!(fens.len(), 19);
    let mut pos = Chess::default();
    for (ply, m) in moves.split(' ').enumerate() {
        let fen = Fen::from_position(&pos, EnPassantMode::Legal);
        assert_eq!(fens[ply], fen.to_string(), "ply {ply}");
        if m == "Z0" {
            // A null move: the turn passes, the clocks move as for a quiet move.
            let mut setup = pos.to_setup(EnPassantMode::Legal);
            setup.halfmoves += 1;
            if setup.turn.is_black() {
                setup.fullmoves = setup.fullmoves.saturating_add(1);
            }
            (setup.turn, setup.ep_square) = (!setup.turn, None);
            pos = Chess::from_setup(setup, CastlingMode::Standard).expect("not in check");
        } else {
            let san: SanPlus = m.parse().expect("SAN");
            pos.play_unchecked(san.san.to_move(&pos).expect("legal"));
        }
    }
    assert!(fens[4].contains(" d6 "), "{}", fens[4]);
    assert!(fens[1].contains(" - "), "{}", fens[1]);
}

/// Takes rows until `stop_after`, then stops or fails, as asked.
struct Until {
    rows: usize,
    stop_after: usize,
    fail: bool,
}

impl Sink for Until {
    type Error = String;

    fn row(&mut self, _: &Row<'_>) -> Result<ControlFlow<()>, String> {
        self.rows += 1;
        match self.rows < self.stop_after {
            true => Ok(ControlFlow::Continue(())),
            false if self.fail => Err(format!("failed at row {}", self.rows)),
            false => Ok(ControlFlow::Break(())),
        }
    }

    fn note(&mut self, _: Note) -> Result<ControlFlow<()>, String> {
        Ok(ControlFlow::Continue(()))
    }
}

#[test]
fn a_sink_stops_or_fails_the_scan_of_a_unit() {
    let text = "8/8/8/8/8/8/8/K6k w - -\n".repeat(5).into_bytes();
    let scanner = Scanner::new(See::default(), Needs::ALL, &[]);
    let until = |stop_after, fail| Until {
        rows: 0,
        stop_after,
        fail,
    };
    let mut units = 0;
    let _ = ReadOptions::default().read_bytes(text, 1, |work| {
        units += 1;
        let mut all = until(usize::MAX, false);
        assert_eq!(
            scanner.process(work, &mut all),
            Ok(ControlFlow::Continue(()))
        );
        assert_eq!(all.rows, 5);
        let mut stopping = until(2, false);
        assert_eq!(
            scanner.process(work, &mut stopping),
            Ok(ControlFlow::Break(()))
        );
        assert_eq!(stopping.rows, 2);
        let mut failing = until(3, true);
        let failed = scanner.process(work, &mut failing);
        assert_eq!(failed, Err("failed at row 3".to_string()));
        assert_eq!(failing.rows, 3);
        ControlFlow::Continue(())
    });
    assert_eq!(units, 1);
}

/// Rows (their origin) and notes (their place), in order, as a face sees them.
#[derive(Default)]
struct Places(Vec<Result<Origin, Place>>);

impl Sink for Places {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.0.push(Ok(row.origin));
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.0.push(Err(note.place));
        Ok(ControlFlow::Continue(()))
    }
}

#[test]
fn positions_given_as_fens_are_rows_numbered_after_those_before() {
    let fens = [
        "8/8/8/8/8/8/8/K6k w - -",
        "not a fen",
        "8/8/8/8/8/8/8/K6k b - -",
    ];
    let work = Work::positions(10, fens.map(|f| Some(f.to_string())));
    assert_eq!(work.epd_bytes(), 0);
    let scanner = Scanner::new(See::default(), Needs::ALL, &[]);
    let mut places = Places::default();
    let Ok(flow) = scanner.process(&work, &mut places);
    assert_eq!(flow, ControlFlow::Continue(()));
    // Each FEN in its place: the bad one as a note on its row, between the others.
    assert_eq!(
        places.0,
        [
            Ok(Origin::Line(11)),
            Err(Place::Row(12)),
            Ok(Origin::Line(13))
        ]
    );
    // The same positions in a file: the bad line a note at its line.
    let seen = common::scan(fens.join("\n"), "fen", &[]);
    assert!(
        matches!(&seen[1], Seen::Note(n) if n.starts_with("input:2: ")),
        "{seen:?}"
    );
    assert_eq!(seen.iter().filter(|s| s.row().is_some()).count(), 2);
}

#[test]
fn in_check_is_told_with_or_without_the_analysis() {
    // After 2... Qh4# White is in check; no other position of the game is.
    let game = "1. f3 e5 2. g4 Qh4# 0-1\n";
    for columns in ["ply,in_check", "ply,in_check,balance"] {
        let checked: Vec<bool> = rows(game, columns, &[])
            .iter()
            .map(|row| row["in_check"].as_bool().expect("a bool"))
            .collect();
        assert_eq!(checked, [false, false, false, false, true], "{columns}");
    }
}
