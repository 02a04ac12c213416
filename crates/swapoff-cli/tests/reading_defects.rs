//! Regressions of the reading layer, one test per defect found by bad-input probes and by
//! reading real files as a data user would: each failed before its fix (a panic, a record
//! lost, shifted or invented, or a row that differs from python-chess's reading); and the
//! readings `docs/cli.md` decides for input that could be read two ways.

use arrow_array::{Array, ArrayRef, DictionaryArray, RecordBatch, StringArray};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;
mod common;

fn scan(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    let mut all = vec!["scan", "-q"];
    all.extend_from_slice(args);
    common::run(&all, stdin)
}

fn rows(out: &std::process::Output) -> Vec<Value> {
    common::text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON row"))
        .collect()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write a test file");
    path
}

fn write_parquet(dir: &Path, name: &str, columns: Vec<(&str, ArrayRef)>) -> PathBuf {
    let batch = RecordBatch::try_from_iter(columns).expect("a batch");
    let path = dir.join(name);
    let file = std::fs::File::create(&path).expect("create");
    let mut writer =
        parquet::arrow::ArrowWriter::try_new(file, batch.schema(), None).expect("a writer");
    writer.write(&batch).expect("write");
    writer.close().expect("close");
    path
}

fn strings(values: &[Option<&str>]) -> ArrayRef {
    Arc::new(StringArray::from(values.to_vec()))
}

/// The `played` move of each row, as `game:ply:uci`.
fn played(rows: &[Value]) -> Vec<String> {
    rows.iter()
        .filter_map(|r| {
            let m = r.get("played")?.as_str()?;
            Some(format!("{}:{}:{m}", r["game"], r["ply"]))
        })
        .collect()
}

#[test]
fn a_dictionary_column_is_read_not_a_panic() {
    // What pandas writes for a categorical column: dictionary-encoded strings.
    let dir = tempfile::tempdir().unwrap();
    let fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    let fens: DictionaryArray<arrow_array::types::Int8Type> =
        vec![fen, fen, "8/8/8/8/8/8/8/K6k w - - 0 1"]
            .into_iter()
            .collect();
    let empty: DictionaryArray<arrow_array::types::Int8Type> =
        vec![None::<&str>, None, None].into_iter().collect();
    let path = write_parquet(
        dir.path(),
        "cat.parquet",
        vec![("fen", Arc::new(fens)), ("Themes", Arc::new(empty))],
    );
    let out = scan(&["--tags", "Themes", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[1]["fen"], fen);
    assert!(rows.iter().all(|r| r["tags"]["Themes"].is_null()));
}

#[test]
fn one_bad_movetext_row_shifts_no_game() {
    let dir = tempfile::tempdir().unwrap();
    // A movetext cell is read with room for a 255-byte tag line only (its tags are the
    // row's columns): a longer one is refused as any other.
    let long_tag = format!("[Event \"{}\"]\n\n1. e4 e5", "x".repeat(1000));
    for (name, first) in [
        ("unclosed", "1. e4 { never closed e5 2. Nf3"),
        ("tag", "[Event \"inside\"]\n\n1. e4 e5"),
        ("long tag", long_tag.as_str()),
        ("garbage", "hello world"),
    ] {
        let movetexts = strings(&[Some(first), Some("1. d4 d5 *"), Some("1. c4 *")]);
        let path = write_parquet(
            dir.path(),
            &format!("{name}.parquet"),
            vec![("movetext", movetexts)],
        );
        let out = scan(&[path.to_str().unwrap()], None);
        let got = played(&rows(&out));
        let later: Vec<&String> = got.iter().filter(|p| !p.starts_with("1:")).collect();
        assert_eq!(
            later,
            ["2:0:d2d4", "2:1:d7d5", "3:0:c2c4"],
            "{name}: {got:?}"
        );
        if name != "unclosed" {
            let err = common::text(&out.stderr);
            assert!(err.contains("game 1:"), "{name}: row 1 is reported: {err}");
            assert_eq!(out.status.code(), Some(1), "{name}");
        }
    }
}

#[test]
fn a_time_of_day_column_is_carried() {
    // Hugging Face's Lichess games keep UTCTime as time32[s].
    let dir = tempfile::tempdir().unwrap();
    let times: ArrayRef = Arc::new(arrow_array::Time32SecondArray::from(vec![3_723]));
    let path = write_parquet(
        dir.path(),
        "timed.parquet",
        vec![
            ("movetext", strings(&[Some("1. e4 *")])),
            ("UTCTime", times),
        ],
    );
    let out = scan(&["--tags", "UTCTime", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows[0]["tags"]["UTCTime"], "01:02:03");
}

#[test]
fn byte_columns_are_read_as_text() {
    // Some writers store strings without Parquet's UTF-8 annotation: Arrow reads them as
    // bytes. A game, a position and a tag so stored are read; a FEN with a byte that is
    // not UTF-8 is refused by the FEN reader, by its row, and the next row is read.
    let dir = tempfile::tempdir().unwrap();
    let bytes = |values: Vec<Option<&[u8]>>| -> ArrayRef {
        Arc::new(arrow_array::BinaryArray::from(values))
    };
    let fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    let games = write_parquet(
        dir.path(),
        "games.parquet",
        vec![
            (
                "movetext",
                bytes(vec![Some(b"1. e4 e5 *"), Some(b"1. d4 *")]),
            ),
            ("Event", bytes(vec![Some(b"rated blitz"), None])),
        ],
    );
    let out = scan(&["--tags", "Event", games.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let got = rows(&out);
    assert_eq!(played(&got), ["1:0:e2e4", "1:1:e7e5", "2:0:d2d4"]);
    assert_eq!(got[0]["tags"]["Event"], "rated blitz");
    assert!(got[3]["tags"]["Event"].is_null());
    let large: ArrayRef = Arc::new(arrow_array::LargeBinaryArray::from(vec![
        Some(&b"8/8/8/8/8/8/8/K6\xffk w - - 0 1"[..]),
        Some(fen.as_bytes()),
    ]));
    let positions = write_parquet(dir.path(), "positions.parquet", vec![("fen", large)]);
    let out = scan(&[positions.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("row 1: bad FEN"), "{err}");
    let got = rows(&out);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["fen"], fen);
}

#[test]
fn a_tag_separated_from_its_value_by_a_tab_is_read() {
    // A tab after the `[` is a blank, not a part of the tag's name: the [FEN] tag is read
    // and the game played from it, not from the start position (python-chess reads it).
    let pgn =
        b"[Event\t\"x\"]\n[FEN\t\"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp  \"1\"]\n\n1. O-O *\n";
    let out = scan(&["--tags", "Event", "-"], Some(pgn));
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let got = rows(&out);
    assert_eq!(got[0]["fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(got[0]["tags"]["Event"], "x");
    assert_eq!(played(&got), ["1:0:e1g1"]);
}

#[test]
fn a_move_with_two_marks_is_read_and_a_lower_case_piece_is_reported() {
    // `Qxf7#+` and `nf3` are read, not skipped without a word: a skipped token would lose
    // the mate's last move, and after `nf3` play Black's reply as White's.
    let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#+ 1-0\n\n\
                [Event \"b\"]\n\n1. e4 e5 2. nf3 Nc6 *\n";
    let out = scan(&["-"], Some(pgn));
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("game 2: ply 3 (2. nf3): the piece letter"),
        "{err}"
    );
    let got = played(&rows(&out));
    assert_eq!(got[6], "1:6:h5f7", "{got:?}");
    assert_eq!(&got[7..], ["2:0:e2e4", "2:1:e7e5"]);
}

#[test]
fn played_san_is_san_whatever_the_pgn_wrote() {
    // UCI, over-disambiguated SAN, a check that is none and a mate written as a capture:
    // python-chess gives c5, Nc3, Bc4 and Qxf7#.
    let pgn = b"[Event \"x\"]\n\n1. e4 c7c5 2. Nb1c3 Nc6 3. Bf1c4+ e5 4. Qh5 Nf6 5. Qxf7 *\n";
    let out = scan(&["-"], Some(pgn));
    let san: Vec<String> = rows(&out)
        .iter()
        .filter_map(|r| r["played_san"].as_str().map(String::from))
        .collect();
    assert_eq!(
        san,
        ["e4", "c5", "Nc3", "Nc6", "Bc4", "e5", "Qh5", "Nf6", "Qxf7#"]
    );
}

#[test]
fn a_null_move_counts_as_python_chess_counts_it() {
    // python-chess: `1. e4 Z0 2. d4` gives ... b KQkq - 0 1, then w KQkq - 1 2, then
    // b KQkq - 0 2.
    let out = scan(&["-"], Some(b"1. e4 Z0 2. d4 *\n"));
    let fens: Vec<String> = rows(&out)
        .iter()
        .map(|r| r["fen"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        fens[2],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
    assert_eq!(
        fens[3],
        "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2"
    );
}

#[test]
fn the_null_move_four_at_signs_is_read_as_python_chess_reads_it() {
    // `@@@@` (a null move) is reported, not skipped: a skipped token would play the next
    // move for the wrong side, or, as a game's last token, lose the null move silently.
    let pgn = b"1. e4 @@@@ 2. Nf3 *\n\n1. e4 e5 @@@@ *\n";
    let out = scan(&["--columns", "game,ply,played,fen"], Some(pgn));
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let rows = rows(&out);
    // The null move played is `0000`, as python-chess writes it.
    assert_eq!(
        played(&rows),
        ["1:0:e2e4", "1:1:0000", "1:2:g1f3", "2:0:e2e4", "2:1:e7e5", "2:2:0000"]
    );
    // python-chess: after the null move, White to move with the counters moved on.
    let fens: Vec<&str> = rows.iter().map(|r| r["fen"].as_str().unwrap()).collect();
    assert_eq!(fens.len(), 8, "{fens:?}");
    assert_eq!(
        fens[7],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2"
    );
}

#[test]
fn a_piece_move_with_a_wrong_capture_mark_is_read_as_python_chess_reads_it() {
    // Both games ended at that move, reported as illegal; python-chess plays g1f3 and
    // d8d5, and its SAN is the right one.
    let pgn = b"1. e4 e5 2. Nxf3 Nc6 *\n\n1. e4 d5 2. exd5 Qd5 3. Nc3 *\n";
    let out = scan(&["--columns", "game,ply,played,played_san"], Some(pgn));
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let rows = rows(&out);
    let want = [
        "1:0:e2e4", "1:1:e7e5", "1:2:g1f3", "1:3:b8c6", // game 1
        "2:0:e2e4", "2:1:d7d5", "2:2:e4d5", "2:3:d8d5", "2:4:b1c3", // game 2
    ];
    assert_eq!(played(&rows), want);
    assert_eq!(rows[2]["played_san"], "Nf3");
    assert_eq!(rows[8]["played_san"], "Qxd5");
}

#[test]
fn a_csv_with_an_unclosed_quote_reports_it_and_reads_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    let mut csv = String::from("id,fen\n\"a,") + fen + "\n";
    for i in 0..2000 {
        csv.push_str(&format!("r{i},{fen}\n"));
    }
    let path = write(dir.path(), "quote.csv", csv.as_bytes());
    let out = scan(&[path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert!(
        err.contains("quote.csv:2:") && err.contains("quote"),
        "{err}"
    );
    assert_eq!(rows(&out).len(), 2000);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_csv_row_with_more_cells_than_its_header_is_reported_not_shifted() {
    // The moves of row 2 were written with a comma outside quotes: its cells after the FEN
    // are shifted by one, so its moves would be `e2e4` alone and its rating `e7e5`.
    let dir = tempfile::tempdir().unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let csv = format!("fen,moves,rating\n{fen},e2e4,e7e5,1500\n{fen},e2e4 e7e5,1500\n{fen},e2e4\n");
    let path = write(dir.path(), "ragged.csv", csv.as_bytes());
    let out = scan(
        &[
            "--moves-column",
            "moves",
            "--tags",
            "rating",
            "--columns",
            "line,played",
            path.to_str().unwrap(),
        ],
        None,
    );
    let err = common::text(&out.stderr);
    assert!(
        err.contains("ragged.csv:2: the row has 4 cells where the header has 3"),
        "{err}"
    );
    let rows = rows(&out);
    // Row 3 as written; row 4 lacks its last cell, read as empty (as pandas reads it).
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(
        (rows[0]["line"].as_u64(), rows[0]["tag_rating"].as_str()),
        (Some(3), Some("1500"))
    );
    assert_eq!(rows[0]["played"], "e7e5");
    assert_eq!(
        (rows[1]["line"].as_u64(), rows[1]["tag_rating"].is_null()),
        (Some(4), true)
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_column_named_twice_reads_the_first_in_csv_and_the_last_in_json_lines() {
    let (first, second) = (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
    );
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        dir.path(),
        "twice.csv",
        format!("fen,FEN\n{first},{second}\n").as_bytes(),
    );
    let jsonl = format!("{{\"fen\": \"{first}\", \"fen\": \"{second}\"}}\n");
    let jsonl = write(dir.path(), "twice.jsonl", jsonl.as_bytes());
    for (path, read) in [(csv, first), (jsonl, second)] {
        let out = scan(&["--columns", "fen", path.to_str().unwrap()], None);
        assert_eq!(rows(&out), vec![serde_json::json!({ "fen": read })]);
    }
}

#[test]
fn an_epd_comment_is_not_read_whatever_its_bytes() {
    let dir = tempfile::tempdir().unwrap();
    // A Latin-1 comment after a byte-order mark, one after blanks, a position, and a line
    // that is neither text nor a comment.
    let bytes = b"\xef\xbb\xbf# Caf\xe9 analysis\n  #\xff\n8/8/8/8/8/8/8/K6k w - - 0 1\nx\xff\n";
    let path = write(dir.path(), "notes.epd", bytes);
    let out = scan(&[path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert_eq!(rows(&out).len(), 1, "{err}");
    assert!(err.contains("notes.epd:4: not UTF-8 text"), "{err}");
    assert!(
        !err.contains("notes.epd:1:") && !err.contains("notes.epd:2:"),
        "{err}"
    );
}

#[test]
fn json_lines_are_read_line_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    let line = format!("{{\"fen\":\"{fen}\"}}\n");
    // A byte-order mark, a line that is not UTF-8, and good lines around it.
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(line.as_bytes());
    bytes.extend_from_slice(b"{\"fen\":\"\xff\"}\n");
    bytes.extend_from_slice(line.as_bytes());
    let path = write(dir.path(), "evals.jsonl", &bytes);
    let out = scan(&[path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert_eq!(rows(&out).len(), 2, "{err}");
    assert!(
        err.contains("evals.jsonl:2:") && err.contains("UTF-8"),
        "{err}"
    );
    // A first record longer than the format sniffer looks at is still JSON Lines.
    let long = format!(
        "{{\"fen\":\"{fen}\",\"note\":\"{}\"}}\n{line}",
        "x".repeat(70_000)
    );
    let path = write(dir.path(), "long.jsonl", long.as_bytes());
    let out = scan(&[path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert_eq!(rows(&out).len(), 1, "{err}");
    assert!(err.contains("long.jsonl:1:"), "{err}");
}

#[test]
fn a_pipe_is_read_once() {
    // `seeswap scan <(zcat games.pgn.gz)`: a path that is a pipe, read to its end once.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("games.pgn");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n".repeat(50);
            // The reader may close early (that is the defect): the write then fails.
            std::fs::write(fifo, pgn).is_ok()
        })
    };
    let mut child = common::seeswap()
        .args(["scan", "-q", "--summary", fifo.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("seeswap starts");
    // Opening a pipe twice waits for a second writer that never comes: give up then.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            // Unblock the writer, if it still waits for a reader.
            let _ = std::fs::File::open(&fifo);
            panic!("seeswap did not finish reading the pipe");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        writer.join().unwrap(),
        "the whole PGN went through the pipe"
    );
    let summary: Value = serde_json::from_slice(&out.stdout).expect("a summary");
    assert_eq!(summary["games"], 100, "{}", common::text(&out.stderr));
    assert_eq!(summary["positions"], 50 * (3 + 2));
}

#[test]
fn a_puzzle_that_cannot_be_played_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 b - - 0 1";
    let csv = format!(
        "PuzzleId,FEN,Moves\nempty,{fen},\nillegal,{fen},e6e5 a1a8\ngood,{fen},e6e5 e4d5\n"
    );
    let path = write(dir.path(), "puzzles.csv", csv.as_bytes());
    let out = scan(&["--moves-column", "Moves", path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert_eq!(rows(&out).len(), 1, "{err}");
    assert!(err.contains("puzzles.csv:2:"), "{err}");
    assert!(
        err.contains("puzzles.csv:3:") && err.contains("a1a8"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn scan_help_shows_no_rustdoc_link() {
    let out = common::run(&["scan", "--help"], None);
    let help = common::text(&out.stdout);
    assert!(!help.contains("crate::") && !help.contains("]("), "{help}");
}

#[test]
fn cli_parquet_has_the_error_rows_python_has() {
    use arrow_array::cast::AsArray;
    let dir = tempfile::tempdir().unwrap();
    let epd = write(
        dir.path(),
        "two.epd",
        b"8/8/8/8/8/8/8/K6k w - - 0 1\nnot a fen\n8/8/8/8/8/8/8/K6k b - - 0 1\n",
    );
    let out_path = dir.path().join("rows.parquet");
    let out = scan(
        &[
            "--parquet",
            out_path.to_str().unwrap(),
            epd.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out.stderr));
    let file = std::fs::File::open(&out_path).unwrap();
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    let mut got: Vec<(u64, bool)> = Vec::new();
    for batch in reader.map(Result::unwrap) {
        let errors = batch.column_by_name("error").expect("an error column");
        let errors = errors.as_string::<i32>();
        let lines = batch.column_by_name("line").unwrap();
        let lines = lines.as_primitive::<arrow_array::types::UInt64Type>();
        got.extend((0..batch.num_rows()).map(|i| (lines.value(i), errors.is_valid(i))));
    }
    assert_eq!(got, [(1, false), (2, true), (3, false)]);
}

#[test]
fn long_algebraic_and_en_passant_marks_read_as_python_chess_reads_them() {
    let fens = |pgn: &[u8]| -> Vec<String> {
        let out = scan(&["-"], Some(pgn));
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
        rows(&out)
            .iter()
            .map(|r| r["fen"].as_str().unwrap().to_string())
            .collect()
    };
    let san = fens(b"1. e4 e5 2. Nf3 Nc6 *\n");
    assert_eq!(san.len(), 5);
    assert_eq!(fens(b"1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 *\n"), san);
    let ep = b"[FEN \"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3\"]\n\n\
               3. exf6e.p. Nxf6 *\n";
    let got = fens(ep);
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(
        got[2],
        "rnbqkb1r/ppp1p1pp/5n2/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4"
    );
}

#[test]
fn a_promotion_without_its_equals_sign_is_read_as_python_chess_reads_it() {
    // The reader dropped the whole move (`a8Q`, and UCI's `a7a8q`), and the error named the
    // next move, which was then the wrong side's.
    let start = "[FEN \"1r5k/P7/8/8/8/8/6p1/K7 w - - 0 1\"]\n\n";
    let moves = |movetext: &str| -> Vec<String> {
        let out = scan(&["-"], Some(format!("{start}{movetext}\n").as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
        assert!(out.stderr.is_empty(), "{}", common::text(&out.stderr));
        played(&rows(&out))
    };
    let want = ["1:0:a7b8n", "1:1:g2g1q", "1:2:a1b2"];
    assert_eq!(moves("1. axb8=N g1=Q+ 2. Kb2 *"), want);
    assert_eq!(moves("1. axb8N g1Q+ 2. Kb2 *"), want);
    assert_eq!(moves("1. a7b8n g2g1q 2. a1b2 *"), want);
}

#[test]
fn a_huge_bad_cell_gives_a_short_message() {
    let dir = tempfile::tempdir().unwrap();
    let huge = "x".repeat(10 << 20);
    let path = write_parquet(
        dir.path(),
        "huge.parquet",
        vec![(
            "fen",
            strings(&[Some(&huge), Some("8/8/8/8/8/8/8/K6k w - - 0 1")]),
        )],
    );
    let out = scan(&[path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert!(
        err.len() < 400,
        "{} bytes: {}",
        err.len(),
        &err[..400.min(err.len())]
    );
    assert!(
        err.contains("row 1:") && err.contains("10485760 bytes"),
        "{err}"
    );
    assert_eq!(rows(&out).len(), 1);
}

#[test]
fn a_json_line_that_is_a_long_string_gives_a_short_message() {
    // Found by the `read_inputs` fuzz target: serde_json quoted the 7 KB value whole.
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let text = format!("{{\"fen\": \"{fen}\"}}\n\"{}\"\n", "x".repeat(7_000));
    let out = scan(&["--format", "jsonl", "-"], Some(text.as_bytes()));
    let err = common::text(&out.stderr);
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(
        err.contains(":2: not a JSON object: a string (7002 bytes); row skipped"),
        "{err}"
    );
    assert_eq!(rows(&out).len(), 1);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_parquet_chunk_at_a_negative_offset_is_reported_not_a_panic() {
    // Found by the `read_inputs` fuzz target: the parquet crate asserts that a column
    // chunk's offset and length are not negative when it comes to read the chunk.
    let seed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds/read_inputs/finding-parquet-negative-chunk");
    let out = scan(&["--format", "parquet", seed.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains("not a readable Parquet file: row group 0, column \"movetext\": a negative offset or length in the file's metadata; file skipped"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn line_commands_refuse_a_parquet_table_instead_of_reading_its_bytes_as_lines() {
    let table = common::testdata("examples/games.parquet");
    for command in ["audit", "suite"] {
        let out = common::run(&[command, table.to_str().unwrap()], None);
        let err = common::text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains("Parquet table, not lines of text"),
            "{command}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{command}: one message: {err}");
    }
}

#[test]
fn a_table_is_told_by_its_named_fen_column() {
    let dir = tempfile::tempdir().unwrap();
    let csv = b"id,Position\n1,8/8/8/8/8/8/8/K6k w - - 0 1\n";
    let path = write(dir.path(), "named.csv", csv);
    let out = scan(&["--fen-column", "position", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    assert_eq!(rows(&out).len(), 1);
}

#[test]
fn a_table_of_one_fen_column_is_told_by_its_header() {
    // What pandas writes for a frame of FENs: the header is `fen` alone, without a comma,
    // and the file was refused as of no known format.
    let csv = b"fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n6k1/8/8/8/8/8/8/3R2K1 w - - 0 1\n";
    let out = scan(&["--columns", "line,fen", "-"], Some(csv));
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let lines: Vec<_> = rows(&out).iter().map(|r| r["line"].clone()).collect();
    assert_eq!(lines, [2, 3]);
}

#[test]
fn a_tag_line_over_the_record_limit_skips_its_game_and_shifts_none() {
    // A tag line over the record limit skips its game, with a note: the rest of that game
    // is not read as a game of its own, so the games after it keep their numbers.
    let mut pgn = b"[Event \"first\"]\n[Annotator \"".to_vec();
    pgn.extend(std::iter::repeat_n(b'x', 300_000));
    pgn.extend_from_slice(
        b"\"]\n[White \"A\"]\n\n1. e4 e5 *\n\n[Event \"second\"]\n\n1. d4 d5 *\n",
    );
    let out = scan(
        &["--tags", "Event", "--columns", "game,ply,played", "-"],
        Some(&pgn),
    );
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("game 1: a tag line longer than"), "{err}");
    let rows = rows(&out);
    assert_eq!(played(&rows), ["2:0:d2d4", "2:1:d7d5"]);
    assert!(
        rows.iter()
            .all(|r| r["game"] == 2 && r["tag_Event"] == "second"),
        "{rows:?}"
    );
}

#[test]
fn a_latin1_tag_is_read_as_latin1_not_replaced() {
    // Older PGN files are Latin-1: `M\xfcller` came out as `M\u{fffd}ller`.
    let pgn = b"[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 {caf\xe9} e5 *\n";
    let out = scan(
        &["--tags", "Event,White", "--columns", "ply,played", "-"],
        Some(pgn),
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter()
            .all(|r| r["tag_Event"] == "Café" && r["tag_White"] == "Müller"),
        "{rows:?}"
    );
}

#[test]
fn an_epd_record_gives_its_counters_by_operation() {
    // python-chess reads `hmvc` and `fmvn` as the FEN's counters; they came out as `0 1`.
    let epd = b"4k3/8/8/3p4/8/8/8/3RK3 w - - bm Rxd5; id \"a;b\"; hmvc 3; fmvn 40;\n";
    let out = scan(&["--columns", "fen", "-"], Some(epd));
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    assert_eq!(rows(&out)[0]["fen"], "4k3/8/8/3p4/8/8/8/3RK3 w - - 3 40");
}

#[test]
fn tag_names_are_trimmed_and_carried_once() {
    // `Event, White` asked for ` White`, always null; `Event,Event` gave two columns of one
    // name, the second always null; `Event,,White` a column `tag_`.
    let pgn = b"[Event \"e\"]\n[White \"w\"]\n\n1. e4 *\n";
    let asked = "Event, White,Event,,";
    let out = scan(
        &["--tags", asked, "--columns", "ply", "--csv", "-"],
        Some(pgn),
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let lines: Vec<_> = common::text(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines, ["ply,tag_Event,tag_White", "0,e,w", "1,e,w"]);
}

/// The `played_san` of every row of `pgn`, which must read without a note.
fn san_of(pgn: &str) -> Vec<String> {
    let out = scan(&["--columns", "ply,played_san", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    rows(&out)
        .iter()
        .filter_map(|r| r["played_san"].as_str().map(String::from))
        .collect()
}

#[test]
fn figurine_notation_is_read_as_its_letters() {
    // Figurine moves (`♘f3`, `♞c6`) are read: skipped, two moves would keep the turn and
    // 3. Bb5 be played as White's second move.
    let pgn = "[Event \"fan\"]\n\n1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 ♟dxc6 *\n";
    let want = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"];
    assert_eq!(san_of(pgn), want);
}

#[test]
fn a_move_with_an_annotation_glued_to_it_is_read() {
    // `e4,`, `Nf3+/-`, `Ba4±`: each move is read without what is glued to it, not skipped
    // with it (which would stop the game at the next move as illegal).
    // python-chess reads the moves and passes over the rest.
    let pgn = "[Event \"annotated\"]\n\n1. e4, e5 2. Nf3+/- Nc6 3. Bb5+= a6 4. Ba4± Nf6 \
               5. O-O∓ Be7 *\n";
    let want = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    assert_eq!(san_of(pgn), want);
}

#[test]
fn a_no_break_space_between_moves_is_a_space() {
    // Movetext copied from a web page: a no-break or thin space separates tokens as a
    // space does, not a part of the move after it.
    let pgn = "[Event \"web\"]\n\n1.\u{a0}e4\u{a0}e5 2.\u{a0}Nf3\u{a0}Nc6 3.\u{2009}Bb5 a6 *\n";
    assert_eq!(san_of(pgn), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
}

#[test]
fn a_move_with_another_language_s_piece_letter_stops_its_game_with_a_message() {
    // German letters (`Sf3`, `Sc6`) are read: skipped, two moves would keep the turn and
    // 3. d4 be played as White's second move.
    // A word in a comment, a tag or a `;` comment is not a move, and `Pe6` is read.
    let pgn = "[Event \"de\"]\n\n1. e4 e5 2. Sf3 Sc6 3. d4 exd4 *\n\n\
               [Event \"words\"]\n[White \"Sicilian Sf3\"]\n\n\
               1. e4 { Sicilian Sf3; Lb5 } c5 2. Nf3 ; Sf3 here\n2... d6 3. d4 Pe6 *\n\n\
               [Event \"fr\"]\n\n1. e4 e5 2. Cf3 *\n";
    let out = scan(&["--columns", "game,ply,played", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let want = [
        "1:0:e2e4", "1:1:e7e5", "2:0:e2e4", "2:1:c7c5", "2:2:g1f3", "2:3:d7d6", "2:4:d2d4",
        "2:5:e7e6", "3:0:e2e4", "3:1:e7e5",
    ];
    assert_eq!(played(&rows(&out)), want);
    let err = common::text(&out.stderr);
    let letters = "the piece letter is not PGN's (K, Q, R, B or N); rest of the game skipped";
    assert!(
        err.contains(&format!("game 1: ply 3 (2. Sf3): {letters}")),
        "{err}"
    );
    assert!(
        err.contains(&format!("game 3: ply 3 (2. Cf3): {letters}")),
        "{err}"
    );
    assert_eq!(err.lines().count(), 2, "{err}");
}

#[test]
fn a_pawn_capture_without_its_x_is_read_as_python_chess_reads_it() {
    // `dc6` and `ed4`, as older books write them: the game stopped there as illegal.
    let pgn = "[Event \"old\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dc6 5. d4 ed4 *\n";
    let want = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "d4", "exd4",
    ];
    assert_eq!(san_of(pgn), want);
}

#[test]
fn input_that_holds_no_game_makes_no_row() {
    // A JSON array first (as a JSON Lines file may open), tag-like JSON before results,
    // text in no format, and random bytes: each used to be read as PGN, and a
    // start-position game was made up with exit 0.
    let dir = tempfile::tempdir().unwrap();
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let jsonl = write(
        dir.path(),
        "a.jsonl",
        format!("[\"x\"]\n{{\"fen\": \"{fen}\"}}\n").as_bytes(),
    );
    let out = scan(&[jsonl.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out.stderr));
    let read = rows(&out);
    assert_eq!(read.len(), 1);
    assert_eq!(
        (read[0]["fen"].as_str(), read[0]["line"].as_u64()),
        (Some(fen), Some(2))
    );
    assert!(common::text(&out.stderr).contains("a.jsonl:1: not a JSON object"));

    let out = scan(&["-"], Some(b"[0,1]\n* * *\n"));
    assert!(rows(&out).is_empty(), "{}", common::text(&out.stdout));
    let mut state = 7u32;
    for i in 0..200 {
        let blob: Vec<u8> = (0..(i * 7 % 500 + 8))
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (state >> 16) as u8
            })
            .collect();
        let out = scan(&["-"], Some(&blob));
        assert!(
            out.stdout.is_empty(),
            "blob {i}: {}",
            common::text(&out.stdout)
        );
        assert_eq!(
            out.status.code(),
            Some(2),
            "blob {i}: {}",
            common::text(&out.stderr)
        );
    }
}

#[test]
fn a_compressed_file_compressed_again_reads_as_the_plain_one() {
    let plain = common::testdata("examples/one.epd");
    let want = scan(&[plain.to_str().unwrap()], None);
    let once = zstd::encode_all(&std::fs::read(&plain).unwrap()[..], 3).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &once).unwrap();
    for twice in [
        zstd::encode_all(&once[..], 3).unwrap(),
        gz.finish().unwrap(),
    ] {
        let out = scan(&["-"], Some(&twice));
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
        let strip = |rows: Vec<Value>| -> Vec<Value> {
            rows.into_iter()
                .map(|mut r| {
                    r["line"] = Value::Null;
                    r
                })
                .collect()
        };
        assert_eq!(strip(rows(&out)), strip(rows(&want)));
    }
}

#[test]
fn a_fen_column_named_exactly_wins_and_an_ambiguous_one_is_refused() {
    // `--fen-column fen` read a column `FEN` beside one named exactly `fen`.
    let dir = tempfile::tempdir().unwrap();
    let good = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let bad = "not a fen";
    let csv = write(
        dir.path(),
        "t.csv",
        format!("FEN,fen\n{bad},{good}\n").as_bytes(),
    );
    let jsonl = write(
        dir.path(),
        "t.jsonl",
        format!("{{\"FEN\": \"{bad}\", \"fen\": \"{good}\"}}\n").as_bytes(),
    );
    let parquet = write_parquet(
        dir.path(),
        "t.parquet",
        vec![
            ("FEN", strings(&[Some(bad)])),
            ("fen", strings(&[Some(good)])),
        ],
    );
    for path in [&csv, &jsonl, &parquet] {
        let out = scan(&["--fen-column", "fen", path.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
        assert_eq!(rows(&out)[0]["fen"], good, "{}", path.display());
    }
    // Two names that both match in another case, and none exactly: which one is meant
    // is not guessed.
    let csv = write(
        dir.path(),
        "two.csv",
        format!("Fen,FEN\n{good},{good}\n").as_bytes(),
    );
    let jsonl = write(
        dir.path(),
        "two.jsonl",
        format!("{{\"Fen\": \"{good}\", \"FEN\": \"{good}\"}}\n").as_bytes(),
    );
    let parquet = write_parquet(
        dir.path(),
        "two.parquet",
        vec![
            ("Fen", strings(&[Some(good)])),
            ("FEN", strings(&[Some(good)])),
        ],
    );
    for path in [&csv, &jsonl, &parquet] {
        let out = scan(&[path.to_str().unwrap()], None);
        let err = common::text(&out.stderr);
        assert!(rows(&out).is_empty(), "{}", path.display());
        assert_eq!(out.status.code(), Some(1), "{err}");
        let named = ["both", "\"Fen\"", "\"FEN\"", "exactly"];
        assert!(named.iter().all(|w| err.contains(w)), "{err}");
    }
}

#[test]
fn a_tag_of_a_nested_type_is_carried_as_json_text() {
    // A struct column named in --tags skipped the whole file.
    use arrow_array::StructArray;
    use arrow_schema::{DataType, Field};
    let dir = tempfile::tempdir().unwrap();
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let elo: ArrayRef = Arc::new(arrow_array::Int64Array::from(vec![Some(1500), None]));
    let name = strings(&[Some("a"), Some("b")]);
    let players: ArrayRef = Arc::new(StructArray::from(vec![
        (Arc::new(Field::new("elo", DataType::Int64, true)), elo),
        (Arc::new(Field::new("name", DataType::Utf8, true)), name),
    ]));
    let path = write_parquet(
        dir.path(),
        "nested.parquet",
        vec![
            ("fen", strings(&[Some(fen), Some(fen)])),
            ("white", players),
        ],
    );
    let out = scan(&["--tags", "white", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let tags: Vec<Value> = rows(&out)
        .iter()
        .map(|r| r["tags"]["white"].clone())
        .collect();
    assert_eq!(
        tags,
        [r#"{"elo":1500,"name":"a"}"#, r#"{"elo":null,"name":"b"}"#]
    );
}

#[test]
fn a_null_move_played_is_written_as_python_chess_writes_it() {
    // It was an empty `played`, as at a game's end.
    let out = scan(
        &["--columns", "ply,played,played_san,played_see", "-"],
        Some(b"1. e4 -- 2. d4 Z0 3. Nf3 @@@@ *\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let got: Vec<(Value, Value, Value)> = rows(&out)
        .iter()
        .map(|r| {
            (
                r["played"].clone(),
                r["played_san"].clone(),
                r["played_see"].clone(),
            )
        })
        .collect();
    let null = (Value::from("0000"), Value::from("--"), Value::Null);
    assert_eq!(got[1], null);
    assert_eq!(got[3], null);
    assert_eq!(got[5], null);
    assert_eq!(got[4].0, "g1f3");
    assert_eq!(got[6], (Value::Null, Value::Null, Value::Null));
}

#[test]
fn a_csv_quoted_field_may_hold_line_breaks() {
    // As pandas, DuckDB and Python's csv module write a cell with a line break (RFC 4180):
    // it was refused as "a quoted field is not closed on its line". The row keeps its
    // first line's number; a blank line inside the quotes is the cell's.
    let dir = tempfile::tempdir().unwrap();
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let csv = format!(
        "fen,Note\n{fen},\"two\nlines\"\n{fen},\"a \"\"quote\"\"\n\nand a blank\"\n{fen},plain\n"
    );
    let path = write(dir.path(), "breaks.csv", csv.as_bytes());
    let out = scan(&["--tags", "Note", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let got: Vec<(Value, Value)> = rows(&out)
        .iter()
        .map(|r| (r["line"].clone(), r["tags"]["Note"].clone()))
        .collect();
    assert_eq!(
        got,
        [
            (Value::from(2), Value::from("two\nlines")),
            (Value::from(4), Value::from("a \"quote\"\n\nand a blank")),
            (Value::from(7), Value::from("plain")),
        ]
    );
    // A quote never closed is reported on its line at the input's end, and the lines
    // after it are read as rows of their own.
    let csv = format!("fen,Note\n{fen},\"open\n{fen},x\n");
    let path = write(dir.path(), "open.csv", csv.as_bytes());
    let out = scan(&[path.to_str().unwrap()], None);
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("open.csv:2: a quoted field is not closed before the end"),
        "{err}"
    );
    let lines: Vec<Value> = rows(&out).iter().map(|r| r["line"].clone()).collect();
    assert_eq!(lines, [Value::from(3)]);
}
