//! Positions as rows give them: EPD and FEN lines read (their counters, operations,
//! comments and faults), and the FEN written for every position of a replayed game.

mod common;

use common::{rows, scan, scan_as, Seen};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};
use swapoff_scan::Format;

/// Each row of `text` as its line and FEN, and each note, in order.
fn lines(text: &str) -> (Vec<(u64, String)>, Vec<String>) {
    let (mut read, mut notes) = (Vec::new(), Vec::new());
    for seen in scan(text, "line,fen", &[]) {
        match seen {
            Seen::Row(row) => read.push((
                row["line"].as_u64().expect("a line number"),
                row["fen"].as_str().expect("a FEN").to_string(),
            )),
            Seen::Note(note) => notes.push(note),
        }
    }
    (read, notes)
}

#[test]
fn fen_and_epd_lines_are_read_with_their_counters() {
    let bare = "8/8/8/8/8/8/8/K6k w - -";
    let text = [
        "  8/8/8/8/8/8/8/K6k   w -\t-  12 40 ",
        "8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"x\";",
        // python-chess's reading of the counters' operations.
        "8/8/8/8/8/8/8/K6k w - - hmvc 3; fmvn 40;",
        "8/8/8/8/8/8/8/K6k w - - id \"a; \\\"hmvc 9;\"; fmvn 7",
        "8/8/8/8/8/8/8/K6k w - -;a1b2",
        "\u{feff}8/8/8/8/8/8/8/K6k w - -",
        // Blank lines, comments and PGN's escape line are passed over.
        "   ",
        "# comment",
        "% exported by x",
        "8/8/8/8/8/8/8/K6k w - - 150 70000",
    ]
    .join("\n");
    let (read, notes) = lines(&text);
    assert_eq!(notes, Vec::<String>::new());
    let want = [
        (1, "12 40"),
        (2, "0 1"),
        (3, "3 40"),
        (4, "0 7"),
        (5, "0 1"),
        (6, "0 1"),
        (10, "150 70000"),
    ]
    .map(|(line, counters)| (line, format!("{bare} {counters}")));
    assert_eq!(read, want);
}

#[test]
fn a_bad_line_is_reported_by_its_field_and_the_next_one_read() {
    let text = [
        "8/8/8/8/8/8/8/K6k w - - hmvc x;",
        "8/8/8/8/8/8/8/K6k w - - 3 -7",
        "8/8/8/8/8/8/8/K6k w - - hmvc;",
        "8/8/8/8/8/8/8/K6k w -",
        "8/8/8/8/8/8/8/K6k w - - -1 5",
        "8/8/8/8/8/8/8/K6k w - - 3+3 0 1",
        "8/8/8/8/8/8/8/K6k x - -",
        "8/8/8/8/8/8/8/KK5k w - -",
        "8/8/8/8/8/8/8/K6k b - -",
    ]
    .join("\n");
    let (read, notes) = lines(&text);
    assert_eq!(read, [(9, "8/8/8/8/8/8/8/K6k b - - 0 1".to_string())]);
    let whys = [
        "FEN field 'halfmove clock' (\"x\"): must be a number",
        "FEN field 'fullmove number' (\"-7\"): must be a positive integer",
        "FEN field 'halfmove clock' (\"\"): must be a number",
        "FEN has 3 field(s); at least 4 are needed",
        "FEN field 'halfmove clock' (\"-1\"): must be a non-negative integer",
        "FEN field 'halfmove clock' (\"3+3\"): Three-check counters are not standard chess",
        "FEN field 'side to move' (\"x\"): must be 'w' or 'b'",
        "impossible position: a side has more than one king",
    ];
    assert_eq!(notes.len(), whys.len(), "{notes:?}");
    for (line, (note, why)) in notes.iter().zip(whys).enumerate() {
        let place = format!("input:{}: ", line + 1);
        assert!(note.starts_with(&place) && note.contains(why), "{note}");
        assert!(note.ends_with("; line skipped"), "{note}");
    }
}

#[test]
fn move_counters_get_the_fen_reader_s_verdict() {
    // A fullmove number of 0 is 1 (python-chess and the FEN reader read it so), in a FEN
    // and in an EPD operation alike, and a number too large is the largest there is; the
    // same FEN given to `Position::from_fen` is read the same.
    let bare = "4k3/8/8/3p4/8/8/8/3RK3 w - -";
    let cases = [
        ("0 0", "0 1"),
        ("0", "0 1"),
        ("7 0", "7 1"),
        ("99999999999 5", "4294967295 5"),
        ("fmvn 0; hmvc 2;", "2 1"),
    ];
    let text: Vec<String> = cases.iter().map(|(c, _)| format!("{bare} {c}")).collect();
    let (read, notes) = lines(&text.join("\n"));
    assert!(notes.is_empty(), "{notes:?}");
    let want: Vec<(u64, String)> = (1..)
        .zip(cases.iter().map(|(_, c)| format!("{bare} {c}")))
        .collect();
    assert_eq!(read, want);
    for (counters, _) in &cases[..4] {
        let fen = format!("{bare} {counters}");
        assert!(swapoff_scan::Position::from_fen(&fen).is_ok(), "{fen}");
    }
    for counters in ["3 -7", "-1 5", "3+3 0"] {
        let fen = format!("{bare} {counters}");
        assert!(swapoff_scan::Position::from_fen(&fen).is_err(), "{fen}");
        assert_eq!(lines(&fen).1.len(), 1, "{fen}");
    }
}

#[test]
fn x_fen_castling_takes_the_outermost_rook() {
    // Q is b1's right (there is no rook on a1), K is h1's, not the inner g1's: each is
    // written back as it was read, where g1's right would be written G.
    for rights in ["Q", "K"] {
        let fen = format!("4k3/8/8/8/8/8/8/1R2K1RR w {rights} - 0 1");
        let text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n*\n");
        assert_eq!(rows(text, "fen", &[])[0]["fen"], fen);
    }
    // Queenside castling takes b1's rook: the king takes it, in Chess960's UCI.
    let fen = "4k3/8/8/8/8/8/8/1R2K1RR w Q - 0 1";
    let text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n1. O-O-O *\n");
    let read = rows(text, "played,fen", &[]);
    assert_eq!(read[0]["played"], "e1b1");
    assert_eq!(read[1]["fen"], "4k3/8/8/8/8/8/8/2KR2RR b - - 1 1");
}

#[test]
fn a_replayed_game_s_fen_is_the_one_shakmaty_writes() {
    // Random games (a fixed generator) scanned as one PGN text, so that one writer follows
    // every game and each game's start changes every rank the last game's end had.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (mut text, mut want) = (String::new(), Vec::new());
    for _ in 0..40 {
        let mut board = Chess::default();
        let mut moves = Vec::new();
        for _ in 0..200 {
            want.push(Fen::from_position(&board, EnPassantMode::Legal).to_string());
            let legal = board.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            moves.push(m.to_uci(shakmaty::CastlingMode::Standard).to_string());
            board.play_unchecked(m);
        }
        if !board.legal_moves().is_empty() {
            want.push(Fen::from_position(&board, EnPassantMode::Legal).to_string());
        }
        text.push_str(&format!("[Event \"x\"]\n\n1. {} *\n\n", moves.join(" ")));
    }
    let got: Vec<String> = rows(text, "fen", &[])
        .iter()
        .map(|row| row["fen"].as_str().expect("a FEN").to_string())
        .collect();
    assert_eq!(got.len(), want.len());
    for (i, (got, want)) in got.iter().zip(&want).enumerate() {
        assert_eq!(got, want, "row {i}");
    }
}

#[test]
fn a_start_position_s_fen_is_written_back_as_read() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
    ] {
        let text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n*\n");
        assert_eq!(rows(text, "fen", &[])[0]["fen"], fen);
    }
    // Chess960: an inner rook's right is named by its file.
    let text = "[FEN \"4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1\"]\n[SetUp \"1\"]\n\
                [Variant \"Chess960\"]\n\n*\n";
    assert_eq!(
        rows(text, "fen", &[])[0]["fen"],
        "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1"
    );
}

#[test]
fn an_epd_line_s_fen_is_the_one_a_game_from_it_writes() {
    // Castling and en passant as an EPD line may give them (Shredder-FEN letters, an en
    // passant square no pawn can take on) come out as a game from the same position
    // writes its first FEN: X-FEN castling, and the square only where the capture is legal.
    for (given, written) in [
        (
            "4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1",
            "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
        ),
    ] {
        let (read, notes) = lines(given);
        assert_eq!((read, notes), (vec![(1, written.to_string())], vec![]));
        let game = format!("[FEN \"{given}\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n*\n");
        assert_eq!(rows(game, "fen", &[])[0]["fen"], written, "{given}");
    }
}

#[test]
fn any_whitespace_between_fields_reads_the_same() {
    let fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    let want = swapoff_scan::Position::from_fen(fen).unwrap().fen();
    for text in [
        "r3k2r/8/8/3pP3/8/8/8/R3K2R\tw KQkq d6 0 1",
        " r3k2r/8/8/3pP3/8/8/8/R3K2R w  KQkq d6 0 1\n",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6",
    ] {
        let read = swapoff_scan::Position::from_fen(text).unwrap().fen();
        assert_eq!(read, want, "{text:?}");
    }
}

/// Book lines, then each with one or two bytes of its placement or castling changed,
/// dropped or doubled, and Chess960 lines, scanned as EPD: each line gives the position
/// the one FEN reader (`Position::from_fen`) gives, or a note where it refuses the line.
/// (A usual line is read by a quicker path first; this holds it to the reader.)
#[test]
fn an_epd_line_reads_as_the_fen_reader_reads_it() {
    let mut state = 0x0BAD_F00D_u64;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let text = std::fs::read_to_string(root.join("positions/uho_head.epd")).expect("book");
    let mut lines: Vec<String> = text.lines().take(300).map(str::to_string).collect();
    lines.push("bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w KQkq - 0 1".into());
    lines.push("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1".into());
    lines.push("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40".into());
    let mut damaged_lines = Vec::new();
    for line in &lines {
        for round in 0..30 {
            let mut damaged = line.as_bytes().to_vec();
            let end = damaged.iter().position(|&b| b == b' ').unwrap_or(1) + 6;
            for _ in 0..(round > 0) as usize * (1 + next(2)) {
                let at = next(end.min(damaged.len()));
                match next(3) {
                    0 => damaged[at] = b"12345678/9pPkKxQqBG-"[next(20)],
                    1 => drop(damaged.remove(at)),
                    _ => damaged.insert(at, damaged[at]),
                }
            }
            damaged_lines.push(String::from_utf8(damaged).expect("ASCII"));
        }
    }
    let seen = scan_as(damaged_lines.join("\n"), Some(Format::Epd), "line,fen", &[]);
    let (mut read, mut refused) = (0, 0);
    for seen in seen {
        let (line, got) = match &seen {
            Seen::Row(row) => (
                row["line"].as_u64().unwrap(),
                Some(row["fen"].as_str().unwrap()),
            ),
            Seen::Note(note) => {
                let line = note["input:".len()..].split(':').next().unwrap();
                (line.parse().expect("a line number"), None)
            }
        };
        let text = &damaged_lines[line as usize - 1];
        let reader = swapoff_scan::Position::from_fen(text).map(|p| p.fen());
        match (got, reader) {
            (Some(got), Ok(want)) => {
                let got = swapoff_scan::Position::from_fen(got)
                    .expect("a FEN written")
                    .fen();
                assert_eq!(got, want, "{text}");
                read += 1;
            }
            (None, Err(_)) => refused += 1,
            (got, want) => panic!("{text}: the scan gives {got:?}, the reader {want:?}"),
        }
    }
    assert!(read > 300 && refused > 3000, "{read} {refused}");
}

#[test]
fn castling_is_written_as_the_position_s_castling_reads() {
    // A Chess960 position (a rook off its corner) is Chess960 without a [Variant] tag too,
    // in a game and in a table's row: the king takes its rook, as python-chess writes it,
    // so that the move reads back. Standard chess keeps the king's two squares.
    let c960 = "1rk5/8/8/8/8/8/8/1RK1R3 w BEb - 0 1";
    let game = format!("[FEN \"{c960}\"]\n[SetUp \"1\"]\n\n1. O-O-O O-O-O *\n");
    let played: Vec<_> = rows(game, "played", &[])
        .iter()
        .map(|r| r["played"].clone())
        .collect();
    assert_eq!(played[..2], ["c1b1", "c8b8"]);
    let table = format!("fen,moves\n\"{c960}\",\"O-O\"\n\"{c960}\",\"c1e1\"\n");
    assert_eq!(played_in_rows(table), ["c1e1", "c1e1"]);
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let game = format!("[FEN \"{standard}\"]\n[SetUp \"1\"]\n\n1. O-O O-O-O *\n");
    let played: Vec<_> = rows(game, "played", &[])
        .iter()
        .map(|r| r["played"].clone())
        .collect();
    assert_eq!(played[..2], ["e1g1", "e8c8"]);
}

/// The move played of each row of a CSV table whose `moves` column's first move is it.
fn played_in_rows(table: String) -> Vec<String> {
    use std::ops::ControlFlow;
    use swapoff_scan::{Note, ReadOptions, Row, Scan, Selection, Sink};
    struct Played(Vec<String>);
    impl Sink for Played {
        type Error = String;
        fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, String> {
            let played = row
                .played
                .as_ref()
                .map(|(played, _)| played.uci.to_string());
            self.0.push(played.ok_or("a row without its move")?);
            Ok(ControlFlow::Continue(()))
        }
        fn note(&mut self, note: Note) -> Result<ControlFlow<()>, String> {
            Err(note.to_string())
        }
    }
    let options = ReadOptions {
        moves_column: Some("moves".into()),
        apply: 0,
        ..ReadOptions::default()
    };
    let columns = Selection::parse("played").unwrap();
    let scan = Scan::new(swapoff::See::default(), Some(columns), options);
    let mut played = Played(Vec::new());
    let _ = scan.read_bytes(table.into_bytes(), 1, |work| {
        scan.process(work, &mut played).expect("no note")
    });
    played.0
}
