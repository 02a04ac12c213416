//! Tables read as Parquet: a column of any type a table carries, asked as a tag, is text
//! in the rows (nested values as JSON); a column of a type no row can carry is refused by
//! name before any row.

#![cfg(feature = "parquet")]

mod common;

use arrow_array::types::Int64Type;
use arrow_array::Array as _;
use arrow_array::{
    ArrayRef, Date32Array, Decimal128Array, Int64Array, ListArray, RecordBatch, StringArray,
    StructArray, Time64MicrosecondArray, TimestampMillisecondArray,
};
use arrow_schema::{DataType, Field};
use common::{rows, scan, Seen};
use std::sync::Arc;

const FEN: &str = "8/8/8/8/8/8/8/K6k w - - 0 1";

/// A Parquet file of two rows: the FEN and `columns`.
fn parquet(columns: Vec<(&str, ArrayRef)>) -> Vec<u8> {
    let fen: ArrayRef = Arc::new(StringArray::from(vec![FEN, FEN]));
    let all = std::iter::once(("fen", fen)).chain(columns);
    let batch = RecordBatch::try_from_iter(all).expect("a batch");
    let mut out = Vec::new();
    let mut writer =
        parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), None).expect("a writer");
    writer.write(&batch).expect("written");
    writer.close().expect("closed");
    out
}

#[test]
fn columns_of_every_type_become_text() {
    let numbers =
        ListArray::from_iter_primitive::<Int64Type, _, _>(vec![Some(vec![Some(1), None]), None]);
    let ints: ArrayRef = Arc::new(Int64Array::from(vec![Some(1512), None]));
    let nested: ArrayRef = Arc::new(StructArray::from(vec![
        (
            Arc::new(Field::new("n", DataType::Int64, true)),
            Arc::clone(&ints),
        ),
        (
            Arc::new(Field::new("l", numbers.data_type().clone(), true)),
            Arc::new(numbers) as ArrayRef,
        ),
        (
            Arc::new(Field::new("s", DataType::Utf8, true)),
            Arc::new(StringArray::from(vec!["a\"b", "c"])) as ArrayRef,
        ),
    ]));
    let table = parquet(vec![
        ("elo", ints),
        (
            "word",
            Arc::new(StringArray::from(vec![Some("a"), Some(" ")])),
        ),
        (
            "clock",
            Arc::new(Time64MicrosecondArray::from(vec![3_723_000_000, 0])),
        ),
        (
            "stamp",
            Arc::new(TimestampMillisecondArray::from(vec![
                Some(1_704_067_323_000),
                None,
            ])),
        ),
        ("day", Arc::new(Date32Array::from(vec![19_723, -1]))),
        ("nested", nested),
    ]);
    let names = ["elo", "word", "clock", "stamp", "day", "nested"];
    let read = rows(table, "line", &names);
    let tag = |row: usize, name: &str| read[row][format!("tag_{name}")].clone();
    let want = [
        ("elo", "1512", None),
        // Blank text is no value.
        ("word", "a", None),
        ("clock", "01:02:03", Some("00:00:00")),
        ("stamp", "2024-01-01 00:02:03", None),
        ("day", "2024-01-01", Some("1969-12-31")),
        (
            "nested",
            r#"{"l":[1,null],"n":1512,"s":"a\"b"}"#,
            Some(r#"{"l":null,"n":null,"s":"c"}"#),
        ),
    ];
    for (name, first, second) in want {
        assert_eq!(tag(0, name), first, "{name}");
        assert_eq!(
            tag(1, name),
            second.map_or(serde_json::Value::Null, Into::into),
            "{name}"
        );
    }
}

#[test]
fn a_column_no_row_can_carry_is_refused_by_name() {
    let price: ArrayRef = Arc::new(Decimal128Array::from(vec![1, 2]));
    let table = parquet(vec![("price", price)]);
    let seen = scan(table.clone(), "line", &["price"]);
    let [Seen::Note(note)] = &seen[..] else {
        panic!("one note: {seen:?}");
    };
    assert!(note.contains("\"price\" holds Decimal128"), "{note}");
    // Not asked for, it is not read.
    assert_eq!(rows(table, "line", &[]).len(), 2);
}
