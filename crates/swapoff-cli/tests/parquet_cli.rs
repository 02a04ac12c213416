//! `scan --parquet`: the file holds exactly the rows and values of `scan --csv`, typed, in
//! several row groups when the scan is long; tags become `tag_NAME` columns.
//! (`tests/python/test_parquet.py` checks that pyarrow, polars and DuckDB read the same.)

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch, StructArray};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
mod common;

use common::testdata;

fn seeswap(args: &[&str]) -> std::process::Output {
    common::seeswap().args(args).output().expect("seeswap runs")
}

/// Splits one CSV line into fields (quoted fields with doubled quotes).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// Renders a list of structs as the CSV does: `e4d5:100` for a capture {move, see},
/// `Nc3:300` for a hanging piece {square, piece, gain}.
fn render_list(list: Option<StructArray>) -> String {
    let Some(items) = list else {
        return String::new();
    };
    (0..items.len())
        .map(|i| {
            let mut text = String::new();
            // A hanging piece (square, piece, gain, capture, value) as the CSV's `Nc3:300`;
            // a capture (move, see) as `e4d5:100`.
            let hanging = items.num_columns() > 2;
            let (text_columns, number): (&[usize], usize) =
                if hanging { (&[1, 0], 2) } else { (&[0], 1) };
            for &c in text_columns {
                text.push_str(items.column(c).as_string::<i32>().value(i));
            }
            text.push(':');
            text.push_str(
                &items
                    .column(number)
                    .as_primitive::<Int32Type>()
                    .value(i)
                    .to_string(),
            );
            text
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn cell(batch: &RecordBatch, name: &str, row: usize) -> String {
    // The CSV's `capture_list` is the Parquet `captures` list written out.
    let source = if name == "capture_list" {
        "captures"
    } else {
        name
    };
    let column = batch
        .column_by_name(source)
        .unwrap_or_else(|| panic!("column {source}"));
    if column.is_null(row) {
        return String::new();
    }
    match name {
        "line" | "game" => column.as_primitive::<UInt64Type>().value(row).to_string(),
        "ply" => column.as_primitive::<UInt32Type>().value(row).to_string(),
        "best_see" | "balance" | "threat" | "played_see" => {
            column.as_primitive::<Int32Type>().value(row).to_string()
        }
        "clock" => column.as_primitive::<Float64Type>().value(row).to_string(),
        "in_check" => u8::from(column.as_boolean().value(row)).to_string(),
        "captures" => column.as_list::<i32>().value(row).len().to_string(),
        "capture_list" | "hanging_white" | "hanging_black" => {
            let list = column.as_list::<i32>();
            render_list(Some(list.value(row).as_struct().clone()))
        }
        _ => column.as_string::<i32>().value(row).to_string(),
    }
}

#[test]
fn parquet_holds_the_csv_rows_typed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let parquet = dir.path().join("scan.parquet");
    let pgn = testdata("pgn/kasparov-deep-blue-1997.pgn");
    let fischer = testdata("pgn/cutechess-fischerrandom.pgn");
    let epd = testdata("positions/endgames_head.epd");
    let lichess = testdata("examples/lichess.pgn");
    let inputs = [
        pgn.to_str().unwrap(),
        fischer.to_str().unwrap(),
        epd.to_str().unwrap(),
        lichess.to_str().unwrap(),
    ];
    let tags = "--tags=Event,White,WhiteElo";
    let mut csv_args = vec!["scan", "-q", "--csv", tags];
    csv_args.extend(inputs);
    let csv = seeswap(&csv_args);
    assert_eq!(csv.status.code(), Some(0));
    let mut pq_args = vec!["scan", "-q", tags, "--parquet", parquet.to_str().unwrap()];
    pq_args.extend(inputs);
    let out = seeswap(&pq_args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "nothing per position on stdout");

    let csv = String::from_utf8(csv.stdout).unwrap();
    let mut lines = csv.lines();
    let header = csv_fields(lines.next().unwrap());
    let rows: Vec<Vec<String>> = lines.map(csv_fields).collect();
    assert!(rows.len() > 2_000, "{} rows", rows.len());

    let file = std::fs::File::open(&parquet).unwrap();
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    assert!(
        builder.metadata().num_row_groups() >= 1,
        "row groups are written"
    );
    let batches: Vec<RecordBatch> = builder.build().unwrap().map(Result::unwrap).collect();
    let mut n = 0;
    let mut with_tag = 0;
    for batch in &batches {
        for r in 0..batch.num_rows() {
            let want = &rows[n];
            for (name, value) in header.iter().zip(want) {
                let got = cell(batch, name, r);
                assert_eq!(&got, value, "row {n}, column {name}");
            }
            with_tag += usize::from(!cell(batch, "tag_Event", r).is_empty());
            n += 1;
        }
    }
    assert_eq!(n, rows.len(), "the same number of rows");
    assert!(with_tag > 100, "tags reached the rows: {with_tag}");
}

#[test]
fn a_long_scan_is_written_in_several_row_groups() {
    let dir = tempfile::tempdir().expect("temp dir");
    let epd = std::fs::read_to_string(testdata("positions/uho_head.epd")).unwrap();
    let big = dir.path().join("big.epd");
    std::fs::write(&big, epd.repeat(40)).unwrap();
    let parquet = dir.path().join("big.parquet");
    let out = seeswap(&[
        "scan",
        "-q",
        "--parquet",
        parquet.to_str().unwrap(),
        big.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let builder =
        ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&parquet).unwrap()).unwrap();
    let meta = builder.metadata();
    assert_eq!(meta.file_metadata().num_rows(), 80_000);
    assert!(
        meta.num_row_groups() >= 2,
        "{} row groups",
        meta.num_row_groups()
    );
}

#[test]
fn the_parquet_file_is_the_same_bytes_whatever_the_threads() {
    // On several threads PGN comes in other units of work than on one (whole games' text
    // cut for the workers), so in other batches: the row groups (65,536 rows) and their
    // pages must follow the rows alone.
    let dir = tempfile::tempdir().expect("temp dir");
    let games = std::fs::read_to_string(testdata("pgn/kasparov-deep-blue-1997.pgn")).unwrap();
    let many = dir.path().join("many.pgn");
    std::fs::write(&many, games.repeat(300)).unwrap();
    let outputs: Vec<std::path::PathBuf> = ["1", "2"]
        .iter()
        .map(|threads| {
            let out = dir.path().join(format!("rows-{threads}.parquet"));
            let args = ["scan", "-q", "--threads", threads, "--parquet"];
            let o = common::seeswap()
                .args(args)
                .arg(&out)
                .arg(&many)
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
            out
        })
        .collect();
    let written: Vec<Vec<u8>> = outputs.iter().map(|o| std::fs::read(o).unwrap()).collect();
    let reader =
        ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&outputs[0]).unwrap());
    let rows = reader.unwrap().metadata().file_metadata().num_rows();
    assert!(rows > 65_536, "{rows} rows: more than one row group");
    assert!(written[0] == written[1], "the files differ");
}
