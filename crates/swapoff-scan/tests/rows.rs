//! A scan's rows: a game's positions written as FENs at each ply, a sink that stops or
//! fails, and positions handed over as FENs numbered after those before.

mod common;

use common::{rows, Seen};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Position};
use std::ops::ControlFlow;
use swapoff::See;
use swapoff_scan::{Note, Origin, Place, ReadOptions, Row, Scan, Sink, Work};

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
    let scanner = Scan::new(See::default(), None, ReadOptions::default());
    let until = |stop_after, fail| Until {
        rows: 0,
        stop_after,
        fail,
    };
    let mut units = 0;
    let _ = scanner.read_bytes(text, 1, |work| {
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
    let scanner = Scan::new(See::default(), None, ReadOptions::default());
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

/// The row of one EPD line with the analysis columns.
fn analysis(fen: &str) -> serde_json::Value {
    let columns = "capture_list,balance,in_check,hanging_white,hanging_black";
    rows(format!("{fen}\n"), columns, &[]).swap_remove(0)
}

/// A capture list's moves and SEE values.
fn captures(row: &serde_json::Value) -> Vec<(String, i64)> {
    let list = row["capture_list"].as_array().expect("a list");
    let each = |c: &serde_json::Value| {
        (
            c["move"].as_str().unwrap().to_string(),
            c["see"].as_i64().unwrap(),
        )
    };
    list.iter().map(each).collect()
}

#[test]
fn en_passant_takes_the_pawn_beside() {
    // White's e5 pawn takes d5 en passant; the d5 pawn is undefended: +100.
    let row = analysis("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(captures(&row), [("e5d6".to_string(), 100)]);
    assert_eq!(row["hanging_black"][0]["square"], "d5");
}

#[test]
fn castling_is_not_a_capture() {
    let row = analysis("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!((captures(&row), &row["balance"]), (vec![], &0.into()));
}

#[test]
fn promotions_are_listed_queen_first_on_ties() {
    // a7-a8 with nothing around: Q +800, R +400, B/N +200; a promotion takes nothing, so
    // it makes nothing hang.
    let row = analysis("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    let want = [
        ("a7a8q", 800),
        ("a7a8r", 400),
        ("a7a8b", 200),
        ("a7a8n", 200),
    ];
    assert_eq!(captures(&row), want.map(|(m, v)| (m.to_string(), v)));
    assert_eq!(row["balance"], 800);
    assert_eq!(row["hanging_black"], serde_json::json!([]));
}

#[test]
fn a_hanging_piece_carries_its_best_capture_and_its_value() {
    // The rook on d8 is won by cxd8=Q: the gain counts the promotion, the value not.
    let row = analysis("3r2k1/2P5/8/8/8/8/8/6K1 w - - 0 1");
    let rook = serde_json::json!({"square": "d8", "piece": "r", "gain": 1300, "capture": "c7d8q", "value": 500});
    assert_eq!(row["hanging_black"], serde_json::json!([rook]));
    // The side to move's: the knight on c3 is won by the bishop, not by the pawn that
    // cannot reach it.
    let row = analysis("6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1");
    let knight = serde_json::json!({"square": "c3", "piece": "N", "gain": 300, "capture": "b4c3", "value": 300});
    assert_eq!(row["hanging_white"], serde_json::json!([knight]));
}

#[test]
fn in_check_leaves_our_side_unevaluated() {
    // Kxd2 wins the undefended queen; White's own hanging pieces are not asked.
    let row = analysis("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(
        (&row["in_check"], &row["balance"]),
        (&true.into(), &900.into())
    );
    assert_eq!(row["hanging_white"], serde_json::Value::Null);
}

#[test]
fn the_captures_listed_are_the_move_generator_s() {
    // Random games from starts with promotions, pins and en passant beside a pin, scanned
    // as EPD lines: each row lists every legal capture and promotion shakmaty gives.
    let mut seed = 0x5eed_u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/1P4P1/8/2pP3q/4Pp2/8/6p1/R3K2R w KQkq c6 0 30",
        "4k3/8/8/3n4/8/5p2/4K3/4r3 w - - 0 1",
        "3qk3/8/8/8/6b1/8/3P4/2r1K2Q w - - 0 1",
    ];
    let (mut text, mut want) = (String::new(), Vec::new());
    for fen in starts {
        for _ in 0..20 {
            let setup: Fen = fen.parse().expect("a FEN");
            let mut pos: Chess = setup.into_position(CastlingMode::Standard).expect("legal");
            for _ in 0..60 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut moves: Vec<String> = legal
                    .iter()
                    .filter(|m| m.is_capture() || m.is_promotion())
                    .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                    .collect();
                moves.sort();
                want.push(moves);
                text.push_str(&Fen::from_position(&pos, EnPassantMode::Legal).to_string());
                text.push('\n');
                pos.play_unchecked(legal[next(legal.len())]);
            }
        }
    }
    let got: Vec<Vec<String>> = rows(text, "capture_list", &[])
        .iter()
        .map(|row| {
            let mut moves: Vec<String> = captures(row).into_iter().map(|(m, _)| m).collect();
            moves.sort();
            moves
        })
        .collect();
    assert!(got.len() > 3_000, "{}", got.len());
    assert_eq!(got, want);
}

/// Rows written as text by one writer, as a face's sink writes them.
struct Written {
    rows: swapoff_scan::TextRows,
    out: Vec<u8>,
}

impl Sink for Written {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.rows.write(&mut self.out, row);
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, _: Note) -> Result<ControlFlow<()>, Self::Error> {
        Ok(ControlFlow::Continue(()))
    }
}

#[test]
fn each_game_s_rows_carry_their_own_game_s_tags() {
    // Two inputs with a game 2 each, the second game of the first with no WhiteElo: the
    // writer keeps the tags of the game it last wrote, and must not give them to another
    // game of the same number or to a game without them.
    let first =
        "[WhiteElo \"1500\"]\n[Event \"a,b\"]\n\n1. e4 e5 *\n\n[Event \"1600\"]\n\n1. d4 *\n";
    let second = "[WhiteElo \"x\\\"y\"]\n\n1. c4 *\n\n[WhiteElo \"1700\"]\n\n1. Nf3 *\n";
    let (dir, a) = common::input_file(first.as_bytes());
    let b_path = dir.path().join("second");
    std::fs::write(&b_path, second).unwrap();
    let inputs = [a, swapoff_scan::InputName::from(b_path)];
    let names = ["WhiteElo".to_string(), "Event".to_string()];
    let paths = ["a.pgn".to_string(), "b.pgn".to_string()];
    for shape in [swapoff_scan::Shape::Csv, swapoff_scan::Shape::Json] {
        for columns in ["game,ply", "played"] {
            let selection = swapoff_scan::Selection::parse(columns).unwrap();
            let options = ReadOptions {
                tags: names.to_vec(),
                ..ReadOptions::default()
            };
            let scanner = Scan::new(See::default(), Some(selection.clone()), options);
            let rows = swapoff_scan::TextRows::new(shape, &paths, &names).with_columns(selection);
            let mut sink = Written {
                rows,
                out: Vec::new(),
            };
            scanner.read_each(&inputs, |work| {
                let Ok(flow) = scanner.process(work, &mut sink);
                flow
            });
            let text = String::from_utf8(sink.out).unwrap();
            // Unquoted from CSV's doubled quote or JSON's escaped one.
            let text = text.replace("\"\"", "\"").replace("\\\"", "\"");
            let lines: Vec<&str> = text.lines().collect();
            // Three positions and two of the first file, two and two of the second.
            let tags = [
                "1500", "1500", "1500", "1600", "1600", "x\"y", "x\"y", "1700", "1700",
            ];
            assert_eq!(lines.len(), tags.len(), "{shape:?} {columns}: {text}");
            for (line, tag) in lines.iter().zip(tags) {
                assert!(line.contains(tag), "{shape:?} {columns}: {tag} in {line}");
            }
            // The second game of the first file has no WhiteElo: its Event stands alone.
            assert!(
                !lines[3].contains("1500") && !lines[4].contains("1500"),
                "{text}"
            );
        }
    }
}
