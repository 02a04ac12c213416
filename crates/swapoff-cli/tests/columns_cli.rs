//! `seeswap scan --columns`: only the columns asked for, each equal to the full rows'
//! column of the same name, in CSV, JSON Lines and Parquet.

mod common;

use common::{run, testdata, text};
use serde_json::Value;

const PLAYED: &str = "game,ply,played,played_see,clock,eval";

/// CSV text as rows of named fields (no quoted commas in these files' fields).
fn csv_rows(out: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = out.lines();
    let header = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    (header, rows)
}

/// The schema of the Parquet file `seeswap scan -q FLAGS --parquet OUT input` writes.
fn parquet_schema(flags: &[&str], input: &std::path::Path) -> arrow_schema::SchemaRef {
    let dir = tempfile::tempdir().unwrap();
    let parquet = dir.path().join("rows.parquet");
    let mut args = vec!["scan", "-q"];
    args.extend_from_slice(flags);
    args.extend([
        "--parquet",
        parquet.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    let out = run(&args, None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let file = std::fs::File::open(&parquet).unwrap();
    let reader =
        parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    std::sync::Arc::clone(reader.schema())
}

#[test]
fn csv_columns_are_the_full_rows_columns() {
    let pgn = testdata("examples/lichess.pgn");
    let epd = testdata("positions/endgames_head.epd");
    for (file, list) in [
        (&pgn, PLAYED),
        (&pgn, "played_san,fen,balance,hanging_black,ply"),
        (&epd, "line,best_move,best_see,threat,capture_list"),
    ] {
        let full = run(
            &[
                "scan",
                "-q",
                "--csv",
                "--tags",
                "WhiteElo",
                file.to_str().unwrap(),
            ],
            None,
        );
        let some = run(
            &[
                "scan",
                "-q",
                "--csv",
                "--tags",
                "WhiteElo",
                "--columns",
                list,
                file.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(some.status.code(), Some(0), "{}", text(&some.stderr));
        let (full_header, full_rows) = csv_rows(&text(&full.stdout));
        let (header, rows) = csv_rows(&text(&some.stdout));
        let mut want_header: Vec<String> = list.split(',').map(String::from).collect();
        want_header.push("tag_WhiteElo".into());
        assert_eq!(header, want_header);
        assert_eq!(rows.len(), full_rows.len());
        assert!(rows.len() > 10);
        for (row, full_row) in rows.iter().zip(&full_rows) {
            for (name, value) in header.iter().zip(row) {
                let at = full_header.iter().position(|h| h == name).unwrap();
                assert_eq!(value, &full_row[at], "{list}: column {name}");
            }
        }
    }
}

#[test]
fn json_columns_are_flat_and_parquet_keeps_only_them() {
    let pgn = testdata("examples/lichess.pgn");
    let out = run(
        &["scan", "-q", "--columns", PLAYED, pgn.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let full = run(&["scan", "-q", pgn.to_str().unwrap()], None);
    let rows: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let full: Vec<Value> = text(&full.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), full.len());
    // The members come in the order asked.
    for line in text(&out.stdout).lines() {
        let at: Vec<usize> = [
            "\"game\":",
            "\"ply\":",
            "\"played\":",
            "\"played_see\":",
            "\"clock\":",
            "\"eval\":",
        ]
        .iter()
        .map(|k| line.find(k).unwrap())
        .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
    }
    for (row, whole) in rows.iter().zip(&full) {
        assert_eq!(row.as_object().unwrap().len(), 6, "{row}");
        for key in ["game", "ply", "played", "played_see", "clock", "eval"] {
            assert_eq!(row[key], whole[key], "{key}");
        }
    }
    let names: Vec<String> = parquet_schema(&["--columns", PLAYED, "--tags", "WhiteElo"], &pgn)
        .fields()
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(
        names,
        [
            "game",
            "ply",
            "played",
            "played_see",
            "clock",
            "eval",
            "tag_WhiteElo",
            "error"
        ]
    );
}

#[test]
fn a_wrong_column_is_a_usage_error() {
    let pgn = testdata("examples/lichess.pgn");
    let out = run(
        &["scan", "--columns", "game,elo", pgn.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no column \"elo\""),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &[
            "scan",
            "--summary",
            "--columns",
            "game",
            pgn.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

/// The columns asked for by name only agree with the text they are read from: the side
/// to move with the FEN, the evaluation's numbers with its text, the ratings with the
/// tags; and the default rows do not have them.
#[test]
fn turn_eval_numbers_and_ratings_follow_their_text() {
    let pgn = testdata("examples/evals.pgn");
    let asked = "fen,turn,eval,eval_cp,eval_mate,white_elo,black_elo";
    let out = run(
        &[
            "scan",
            "-q",
            "--csv",
            "--tags",
            "WhiteElo,BlackElo",
            "--columns",
            asked,
            pgn.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let (header, rows) = csv_rows(&text(&out.stdout));
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (mut mates, mut cps, mut unrated) = (0, 0, 0);
    for row in &rows {
        let side = row[at("fen")].split(' ').nth(1).unwrap();
        let turn = if side == "w" { "white" } else { "black" };
        assert_eq!(row[at("turn")], turn);
        let eval = &row[at("eval")];
        let (cp, mate) = (&row[at("eval_cp")], &row[at("eval_mate")]);
        match eval.strip_prefix('#') {
            Some(n) => {
                mates += 1;
                assert_eq!((cp.as_str(), mate.as_str()), ("", n), "{eval}");
            }
            None if eval.is_empty() => assert_eq!((cp.as_str(), mate.as_str()), ("", "")),
            None => {
                cps += 1;
                let pawns: f64 = eval.parse().unwrap();
                let want = (pawns * 100.0).round() as i32;
                assert_eq!((cp.parse::<i32>().unwrap(), mate.as_str()), (want, ""));
            }
        }
        for (rating, tag) in [("white_elo", "tag_WhiteElo"), ("black_elo", "tag_BlackElo")] {
            let tag = &row[at(tag)];
            match tag.parse::<i32>() {
                Ok(n) => assert_eq!(row[at(rating)], n.to_string()),
                Err(_) => {
                    unrated += 1;
                    assert_eq!(row[at(rating)], "", "{tag}");
                }
            }
        }
    }
    assert!(
        mates >= 2 && cps >= 5 && unrated >= 1,
        "{mates} {cps} {unrated}"
    );

    // Asked without their tags, the ratings are still read; the rows have no tag column.
    let out = run(
        &[
            "scan",
            "-q",
            "--csv",
            "--columns",
            "game,white_elo,black_elo",
        ],
        Some(&std::fs::read(&pgn).unwrap()),
    );
    let (header, rows) = csv_rows(&text(&out.stdout));
    assert_eq!(header, ["game", "white_elo", "black_elo"]);
    assert!(rows.iter().any(|r| !r[1].is_empty() && !r[2].is_empty()));

    let full = run(&["scan", "-q", "--csv", pgn.to_str().unwrap()], None);
    let (header, _) = csv_rows(&text(&full.stdout));
    for name in ["turn", "eval_cp", "eval_mate", "white_elo", "black_elo"] {
        assert!(
            !header.iter().any(|h| h == name),
            "{name} in the default rows"
        );
    }

    // Parquet types them: integers, and the side as text.
    let types: Vec<String> =
        parquet_schema(&["--columns", "turn,eval_cp,eval_mate,white_elo"], &pgn)
            .fields()
            .iter()
            .map(|f| format!("{}:{}", f.name(), f.data_type()))
            .collect();
    assert_eq!(
        types,
        [
            "turn:Utf8",
            "eval_cp:Int32",
            "eval_mate:Int32",
            "white_elo:Int32",
            "error:Utf8"
        ]
    );
}
