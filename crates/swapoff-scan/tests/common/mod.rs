//! What the reading tests share: a text scanned as a face scans it, its rows as JSON
//! objects and its notes as text, in input order.

#![allow(dead_code)] // each test file uses its own part of it

use serde_json::Value;
use std::ops::ControlFlow;
use swapoff::See;
use swapoff_scan::{
    Format, InputName, Note, ReadOptions, Row, Scan, Selection, Shape, Sink, TextRows,
};

/// A row, or a note, as a face meets them.
#[derive(Debug, PartialEq)]
pub enum Seen {
    /// A row: its JSON object, with the columns asked.
    Row(Value),
    /// A note: its text, as the command line prints it for a file named `input`.
    Note(String),
}

impl Seen {
    /// The row, if this is one.
    pub fn row(&self) -> Option<&Value> {
        match self {
            Seen::Row(row) => Some(row),
            Seen::Note(_) => None,
        }
    }
}

struct Collect {
    rows: TextRows,
    line: Vec<u8>,
    seen: Vec<Seen>,
}

impl Sink for Collect {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.line.clear();
        self.rows.write(&mut self.line, row);
        let row = serde_json::from_slice(&self.line).expect("a row is one JSON object");
        self.seen.push(Seen::Row(row));
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.seen.push(Seen::Note(note.display("input")));
        Ok(ControlFlow::Continue(()))
    }
}

/// `bytes`, read as one input file holds them (any format, compressed or not), scanned
/// for `columns` (`seeswap scan --columns`) and the tags `tags`.
pub fn scan(bytes: impl Into<Vec<u8>>, columns: &str, tags: &[&str]) -> Vec<Seen> {
    scan_as(bytes, None, columns, tags)
}

/// [`scan`], with the input's format given (`--format`) rather than told.
pub fn scan_as(
    bytes: impl Into<Vec<u8>>,
    format: Option<Format>,
    columns: &str,
    tags: &[&str],
) -> Vec<Seen> {
    let selection = Selection::parse(columns).expect("columns");
    let tags: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
    let options = ReadOptions {
        tags: tags.clone(),
        format,
        ..ReadOptions::default()
    };
    let scan = Scan::new(See::default(), Some(selection.clone()), options);
    let mut sink = Collect {
        rows: TextRows::new(Shape::Json, &[], &tags).with_columns(selection),
        line: Vec::new(),
        seen: Vec::new(),
    };
    let _ = scan.read_bytes(bytes.into(), 1, |work| {
        let Ok(flow) = scan.process(work, &mut sink);
        flow
    });
    sink.seen
}

/// The rows of [`scan`] alone, each a JSON object; a note fails the test.
pub fn rows(bytes: impl Into<Vec<u8>>, columns: &str, tags: &[&str]) -> Vec<Value> {
    scan(bytes, columns, tags)
        .into_iter()
        .map(|seen| match seen {
            Seen::Row(row) => row,
            Seen::Note(note) => panic!("unexpected note: {note}"),
        })
        .collect()
}

/// `bytes` written to a file of their own, named as an input; the file goes with the
/// folder returned.
pub fn input_file(bytes: &[u8]) -> (tempfile::TempDir, InputName) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input");
    std::fs::write(&path, bytes).unwrap();
    (dir, InputName::from(path))
}

/// Each game's number and moves played (SAN, from rows with `game` and `played_san`), and
/// the notes, in order.
pub fn numbered_games(seen: &[Seen]) -> (Vec<(u64, Vec<String>)>, Vec<String>) {
    let (mut games, mut notes) = (Vec::<(u64, Vec<String>)>::new(), Vec::new());
    for seen in seen {
        match seen {
            Seen::Row(row) => {
                let game = row["game"].as_u64().expect("a game number");
                if games.last().is_none_or(|(g, _)| *g != game) {
                    games.push((game, Vec::new()));
                }
                if let Some(san) = row["played_san"].as_str() {
                    games.last_mut().unwrap().1.push(san.to_string());
                }
            }
            Seen::Note(note) => notes.push(note.clone()),
        }
    }
    (games, notes)
}
