//! Rows as Arrow columns, as the faces' Parquet and pyarrow sinks push them: each column
//! asked alone is that column of every column, error rows included.

use arrow_array::RecordBatch;
use std::ops::ControlFlow;
use swapoff::See;
use swapoff_scan::{Column, Columns, Layout, Note, ReadOptions, Row, Scan, Selection, Sink};

/// Rows into Arrow columns, as the faces' sinks push them.
struct ArrowSink(Columns);

impl Sink for ArrowSink {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.0.push(row, "games.pgn");
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.0.push_note(&note, "games.pgn");
        Ok(ControlFlow::Continue(()))
    }
}

/// The rows of `pgn` with the columns `selection` and a `WhiteElo` tag, errors kept.
fn rows(pgn: &str, selection: Selection) -> RecordBatch {
    let tags = vec!["WhiteElo".to_string()];
    let layout = Layout {
        file: true,
        tags: tags.clone(),
        errors: true,
        columns: Some(selection.clone()),
    };
    let mut sink = ArrowSink(Columns::new(&layout, layout.schema()));
    let options = ReadOptions {
        tags,
        ..ReadOptions::default()
    };
    let scan = Scan::new(See::default(), Some(selection), options);
    let _ = scan.read_bytes(pgn.as_bytes().to_vec(), 1, |work| {
        let Ok(flow) = scan.process(work, &mut sink);
        flow
    });
    sink.0.finish().expect("columns of equal length")
}

#[test]
fn each_column_asked_alone_is_that_column_of_every_column() {
    // Two games with clocks, evaluations, checks and captures, and between them one
    // with an illegal move: an error row, null in every column but the place's.
    let pgn = "[Event \"a\"]\n[WhiteElo \"1500\"]\n\n1. e4 { [%eval 0.2] [%clk 0:01:00] } \
               d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Qxe2+ 5. Kxe2 *\n\n\
               [Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n\
               [Event \"c\"]\n\n1. f3 e5 2. g4 { [%eval #-1] } Qh4# 0-1\n";
    let every: Vec<Column> = Column::ALL.into_iter().chain(Column::ON_REQUEST).collect();
    let names: Vec<&str> = every.iter().map(|c| c.name()).collect();
    let all = rows(pgn, Selection::parse(&names.join(",")).unwrap());
    // Ten positions of the first game, three of the second before its illegal move
    // and its error row, five of the last.
    let errors = all.column_by_name("error").expect("an error column");
    assert_eq!(errors.len() - errors.null_count(), 1);
    assert_eq!(all.num_rows(), 10 + 3 + 1 + 5);
    // The comments were read: one clock and two evaluations.
    for (name, given) in [("clock", 1), ("eval", 2), ("eval_mate", 1)] {
        let column = all.column_by_name(name).expect(name);
        assert_eq!(column.len() - column.null_count(), given, "{name}");
    }
    for column in every {
        let alone = rows(pgn, Selection::parse(column.name()).unwrap());
        let schema = alone.schema();
        let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
        // `capture_list` is the `captures` list in Arrow.
        let arrow_name = match column {
            Column::CaptureList => "captures",
            other => other.name(),
        };
        assert_eq!(names, ["file", arrow_name, "tag_WhiteElo", "error"]);
        for name in names {
            assert_eq!(
                alone.column_by_name(name),
                all.column_by_name(name),
                "{name} asked alone"
            );
        }
    }
}
