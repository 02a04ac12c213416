//! `swapoff.scan`: files to `seeswap scan`'s rows as a stream of Arrow record batches,
//! computed on every core while the consumer (pyarrow, DuckDB, polars) reads them.
//!
//! The pipeline is the command's (`swapoff_scan::Scan::run`): a reading thread cuts the
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
use swapoff_scan::{InputName, ReadOptions, Scan, Selection, Work};

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

/// The rows of `inputs`, streamed: the schema, and the batches as they are made.
pub fn start(inputs: Vec<InputName>, options: Options) -> Result<Streamed, String> {
    let scan = Scan::new(options.see, options.columns, options.read);
    let layout = scan.layout(true);
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
    let worker_schema = Arc::clone(&schema);
    let rows = std::thread::Builder::new().name("swapoff-rows".into());
    let started = rows.spawn(move || {
        let process = |work: &Work| {
            let mut rows = scan.arrow_rows(&layout, &worker_schema, &names);
            // The rows are held in memory: the sink neither fails nor stops.
            let Ok(_) = scan.process(work, &mut rows);
            rows.finish()
        };
        let _ = scan.run(inputs, &pool, process, |batch| {
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
