//! A block of EPD text, PGN games or a table to `seeswap scan`'s rows, as Arrow record
//! batches handed to pyarrow without a copy: what a Dask partition computes. Reading, analysis and rows are `swapoff-scan`'s, the very
//! functions `seeswap scan` runs; this file is only the sink. A line, game or input that
//! cannot be read gives a row with an `error` field (the message the command prints), so
//! nothing is dropped silently.

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use std::io::Cursor;
use std::sync::Arc;
use swapoff::See;
use swapoff_scan::arrow::{Columns, Layout};
use swapoff_scan::columnar::read_ipc;
use swapoff_scan::format::Format;
use swapoff_scan::note::Note;
use swapoff_scan::pool::Pool;
use swapoff_scan::rows::{Row, Scanner, Sink};
use swapoff_scan::table::TableColumns;
use swapoff_scan::units::{read_input, Reading, Work};

/// Rows as Arrow columns, notes as error rows, cut into record batches as they grow.
struct ArrowRows<'a> {
    name: &'a str,
    columns: Columns,
    batches: Vec<RecordBatch>,
    failed: Option<String>,
}

/// Rows per record batch.
const BATCH_ROWS: usize = 1 << 16;

impl ArrowRows<'_> {
    fn flush(&mut self) {
        if self.columns.is_empty() || self.failed.is_some() {
            return;
        }
        match self.columns.finish() {
            Ok(batch) => self.batches.push(batch),
            Err(e) => self.failed = Some(e.to_string()),
        }
    }
}

impl Sink for ArrowRows<'_> {
    fn row(&mut self, row: &Row<'_>) {
        self.columns.push(row, self.name);
        if self.columns.len() >= BATCH_ROWS {
            self.flush();
        }
    }

    fn note(&mut self, note: Note) {
        self.columns.push_note(&note, self.name);
    }
}

/// The rows of `data` (`format` is `"epd"`, `"pgn"`, `"csv"`, `"jsonl"`, `"parquet"`,
/// `"arrow"` (an Arrow IPC stream of a table's rows) or `"auto"`) as
/// record batches, with a `file` column holding `name` and an `error` column.
/// `first_line` is the line number of the block's first line in its file; `columns` names
/// a table's FEN and moves columns (the columns it carries are `tags`).
pub fn block(
    data: Vec<u8>,
    name: &str,
    format: &str,
    see: See,
    first_line: u64,
    tags: &[String],
    columns: TableColumns<'_>,
) -> Result<(SchemaRef, Vec<RecordBatch>), String> {
    let arrow_rows = format == "arrow";
    let format = match format {
        "epd" => Some(Format::Epd),
        "pgn" => Some(Format::Pgn),
        "csv" => Some(Format::Csv),
        "jsonl" => Some(Format::Jsonl),
        "parquet" => Some(Format::Parquet),
        "arrow" => None,
        "auto" => None,
        other => {
            return Err(format!(
                "format {other:?} is not epd, pgn, csv, jsonl, parquet, arrow or auto"
            ))
        }
    };
    let layout = Layout {
        file: true,
        tags: tags.to_vec(),
        errors: true,
    };
    let schema = layout.schema();
    let mut sink = ArrowRows {
        name,
        columns: Columns::new(&layout, Arc::clone(&schema)),
        batches: Vec::new(),
        failed: None,
    };
    let scanner = Scanner {
        see,
        full_rows: true,
    };
    let texts = Pool::default();
    let reading = Reading {
        format,
        tags,
        texts: &texts,
        columns,
    };
    let mut emit = |work: Work| {
        scanner.process(&work, &mut sink);
        if let Work::Epd { text, .. } = work {
            texts.put(text);
        }
        true
    };
    let before = first_line.saturating_sub(1);
    if arrow_rows {
        read_ipc(0, &data, before, &reading, &mut emit);
    } else {
        read_input(0, Box::new(Cursor::new(data)), before, &reading, &mut emit);
    }
    sink.flush();
    if let Some(why) = sink.failed {
        return Err(why);
    }
    Ok((schema, sink.batches))
}
