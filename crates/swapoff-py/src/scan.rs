//! A block of EPD text, PGN games or a table to `seeswap scan`'s rows, as Arrow record
//! batches handed to pyarrow without a copy: what a Dask partition computes. Reading, analysis and rows are `swapoff-scan`'s, the very
//! functions `seeswap scan` runs; this file is only the sink. A line, game or input that
//! cannot be read gives a row with an `error` field (the message the command prints), so
//! nothing is dropped silently.

use arrow_array::ffi_stream::RecordBatchStreamReader;
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use std::ops::ControlFlow;
use swapoff::See;
use swapoff_scan::{ArrowRows, Note, ReadOptions, Row, Scan, Selection, Sink, Skipped, Work};

/// The front door's Arrow rows, cut into record batches as they grow.
struct Batches<'a> {
    rows: ArrowRows<'a>,
    batches: Vec<RecordBatch>,
    /// Each input record is a row, so an error row replaces nothing.
    rows_kept: bool,
}

/// Rows per record batch.
const BATCH_ROWS: usize = 1 << 16;

/// Positions per unit of work, as a table's rows are cut.
const POSITIONS_PER_UNIT: usize = 512;

impl Batches<'_> {
    /// The rows so far as a record batch.
    fn flush(&mut self) -> Result<(), String> {
        if !self.rows.is_empty() {
            let batch = self.rows.finish().map_err(|e| e.to_string())?;
            self.batches.push(batch);
        }
        Ok(())
    }
}

impl Sink for Batches<'_> {
    /// Rows that cannot be made into a record batch: the scan stops.
    type Error = String;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, String> {
        let Ok(_) = self.rows.row(row);
        if self.rows.len() >= BATCH_ROWS {
            self.flush()?;
        }
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, mut note: Note) -> Result<ControlFlow<()>, String> {
        if self.rows_kept {
            // Every position has a row: the error says why, not that something was skipped.
            note.skipped = Skipped::Nothing;
        }
        let Ok(_) = self.rows.note(note);
        Ok(ControlFlow::Continue(()))
    }
}

/// Where a block's rows come from.
pub enum Source {
    /// The bytes of a file, or of a part of one, compressed or not, in the reading's
    /// format.
    Bytes(Vec<u8>),
    /// A table's record batches: a Parquet row group pyarrow read, handed over through
    /// the Arrow C stream interface.
    Batches(RecordBatchStreamReader),
    /// Positions (FENs), a row each, numbered from `first_line`: `analyze_many`'s input.
    /// A position that cannot be read still has its row, so its error says only why.
    Positions(Vec<Option<String>>),
}

/// The rows of `source` as record batches, with a `file` column holding `name` and an
/// `error` column. `first_line` is the number of the block's first line (or a table's
/// first row) in its file; `read` says how it is read (its tags are the columns the rows
/// carry); `selection` the row columns asked for (`None`: all).
pub fn block(
    source: Source,
    name: &str,
    see: See,
    first_line: u64,
    read: ReadOptions,
    selection: Option<Selection>,
) -> Result<(SchemaRef, Vec<RecordBatch>), String> {
    let scan = Scan::new(see, selection, read);
    let layout = scan.layout(true);
    let schema = layout.schema();
    let names = [name.to_string()];
    let mut sink = Batches {
        rows: scan.arrow_rows(&layout, &schema, &names),
        batches: Vec::new(),
        rows_kept: matches!(source, Source::Positions(_)),
    };
    let mut failed = None;
    let mut emit = |work: &Work| {
        // The sink never stops the scan; a failure does.
        scan.process(work, &mut sink).unwrap_or_else(|why| {
            failed = Some(why);
            ControlFlow::Break(())
        })
    };
    // Only a failure stops the reading, and it is kept in `failed`.
    match source {
        Source::Bytes(data) => {
            let _ = scan.read_bytes(data, first_line, &mut emit);
        }
        Source::Batches(batches) => {
            let _ = scan.read_batches(batches, first_line, &mut emit);
        }
        Source::Positions(fens) => {
            let mut line = first_line.saturating_sub(1);
            let mut fens = fens.into_iter().peekable();
            while fens.peek().is_some() {
                let unit: Vec<_> = fens.by_ref().take(POSITIONS_PER_UNIT).collect();
                let count = unit.len() as u64;
                if emit(&Work::positions(line, unit)).is_break() {
                    break;
                }
                line += count;
            }
        }
    }
    if let Some(why) = failed {
        return Err(why);
    }
    sink.flush()?;
    Ok((schema, sink.batches))
}
