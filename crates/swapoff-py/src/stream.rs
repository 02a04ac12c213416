//! `swapoff.scan`: files to `seeswap scan`'s rows as a stream of Arrow record batches,
//! computed on every core while the consumer (pyarrow, DuckDB, polars) reads them.
//!
//! The pipeline is the command's (`swapoff_scan::pipeline`): a reading thread cuts the
//! inputs into units of work, a batch of units is analysed in parallel (rayon), and the
//! rows come out in input order, here sent on to the stream (with `threads=1`, each unit is
//! read and analysed in turn on the pipeline's own thread). Both hand-overs are bounded
//! channels, so memory stays flat however large the input: the pipeline waits while the
//! consumer has not taken the batches before. A consumer that stops reading (drops the
//! stream) ends the pipeline.

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use std::ops::ControlFlow;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;
use swapoff::See;
use swapoff_scan::pipeline;
use swapoff_scan::InputName;
use swapoff_scan::Note;
use swapoff_scan::ReadOptions;
use swapoff_scan::Work;
use swapoff_scan::{Columns, Layout};
use swapoff_scan::{Needs, Selection};
use swapoff_scan::{Row, Scanner, Sink};

/// Batches analysed ahead of the consumer (each one a batch of units of work).
const AHEAD: usize = 2;

/// How the inputs are read: what `seeswap scan`'s flags of the same names say.
pub struct Options {
    /// Rules and values.
    pub see: See,
    /// The format, the tags (or table columns) carried as `tag_NAME` columns, and a
    /// table's columns.
    pub read: ReadOptions,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The row columns asked for (`None`: all); only what they need is computed.
    pub columns: Option<Selection>,
}

/// Rows and notes of one unit of work as Arrow columns (notes as error rows).
struct UnitRows<'a> {
    names: &'a [String],
    columns: Columns,
}

impl Sink for UnitRows<'_> {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.columns.push(row, &self.names[row.file]);
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.columns.push_note(&note, &self.names[note.file]);
        Ok(ControlFlow::Continue(()))
    }
}

/// The rows of `inputs`, streamed: the schema, and the batches as they are made.
pub fn start(inputs: Vec<InputName>, options: Options) -> Result<Streamed, String> {
    let needs = options
        .columns
        .as_ref()
        .map_or(Needs::ALL, Selection::needs);
    let layout = Layout {
        file: true,
        tags: options.read.tags.clone(),
        errors: true,
        columns: options.columns.clone(),
    };
    let schema = layout.schema();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        // Named, so that `top -H` and a profiler tell the workers from the reader
        // (`swapoff-read`) and the writer.
        .thread_name(|i| format!("swapoff-scan-{i}"))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let (rows_tx, rows_rx) = sync_channel::<Result<RecordBatch, ArrowError>>(AHEAD);
    let names: Vec<String> = inputs.iter().map(InputName::display).collect();
    let scanner = Scanner::new(options.see, needs, &options.read.tags);
    // The tags asked for, and any the columns need (the ratings' tags).
    let read = ReadOptions {
        tags: scanner.tags().to_vec(),
        comments: scanner.reads_comments(),
        ..options.read
    };
    let worker_schema = Arc::clone(&schema);
    let rows = std::thread::Builder::new().name("swapoff-rows".into());
    let started = rows.spawn(move || {
        let process = |work: &Work| {
            let mut rows = UnitRows {
                names: &names,
                columns: Columns::new(&layout, Arc::clone(&worker_schema)),
            };
            // The rows are held in memory: the sink neither fails nor stops.
            let _ = scanner.process(work, &mut rows);
            rows.columns.finish()
        };
        let _ = pipeline::run(inputs, read, &pool, process, |batch| {
            // One record batch a batch of units: a few tens of thousands of rows, not a
            // few hundred.
            let joined = batch
                .results
                .into_iter()
                .collect::<Result<Vec<_>, _>>()
                .and_then(|parts| arrow_select::concat::concat_batches(&worker_schema, &parts));
            let failed = joined.is_err();
            if rows_tx.send(joined).is_err() || failed {
                // The consumer went away (or the rows cannot be built): stop reading.
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
    });
    started.map_err(|e| format!("cannot start the reading thread: {e}"))?;
    Ok(Streamed {
        schema,
        rows: rows_rx,
    })
}

/// The batches as they come from the pipeline.
pub struct Streamed {
    schema: SchemaRef,
    rows: Receiver<Result<RecordBatch, ArrowError>>,
}

impl Iterator for Streamed {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        // Empty batches (units of only blank lines) are not handed on.
        loop {
            match self.rows.recv().ok()? {
                Ok(batch) if batch.num_rows() == 0 => continue,
                other => return Some(other),
            }
        }
    }
}

impl RecordBatchReader for Streamed {
    fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }
}
