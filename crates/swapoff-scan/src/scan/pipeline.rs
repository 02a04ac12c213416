//! The streaming pipeline both faces run, written once: a reading thread cuts the inputs
//! into units of work ([`read_all`](crate::read::read_all)) and hands them over in batches of
//! `BATCH_UNITS` (64) through a channel that holds two batches; each batch is processed in
//! parallel on a rayon pool; the results come back, in input order, to the thread that
//! called [`run`]. Memory stays flat whatever the input's size, and a consumer that
//! returns [`ControlFlow::Break`] ends the reading.
//!
//! `seeswap scan` writes the results (text, Parquet) on the calling thread; the Python
//! package's `swapoff.scan` runs the pipeline on a thread of its own and sends each
//! batch's rows on to the stream pyarrow reads.

use crate::read::format::Format;
use crate::read::pool::Pool;
use crate::read::records::InputName;
use crate::read::table::TableColumns;
use crate::read::units::{self, Reading, BATCH_UNITS};
use crate::read::work::Work;
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// How the inputs are read, owned so that the reading thread can take it.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// The format of every input (`None`: told from each one's content).
    pub format: Option<Format>,
    /// The PGN tags (or a table's columns) to collect: the scanner's
    /// ([`Scanner::tags`](crate::scan::rows::Scanner::tags)).
    pub tags: Vec<String>,
    /// A table's column of FENs.
    pub fen_column: String,
    /// A table's column of moves, if any.
    pub moves_column: Option<String>,
    /// How many of those moves are played before the position.
    pub apply: usize,
    /// A Parquet table's column of PGN movetext.
    pub movetext_column: String,
    /// Whether the comments after PGN moves are read for the clock and the evaluation:
    /// the scanner's ([`Scanner::reads_comments`](crate::scan::rows::Scanner::reads_comments)).
    pub comments: bool,
}

/// A batch of results, and how many input bytes had been read when its units were sent
/// (for progress against the inputs' size).
pub struct Processed<T> {
    /// One result per unit of work, in input order.
    pub results: Vec<T>,
    /// Bytes read from the inputs (compressed or not) by then.
    pub bytes: u64,
}

/// The reading thread stopped by a panic: the results are incomplete.
#[derive(Debug)]
pub struct ReaderPanicked;

/// Reads `inputs` with `options`, processes each unit of work with `process` on `pool`,
/// and hands the results to `consume`, a batch at a time in input order, until the inputs
/// end or `consume` breaks.
pub fn run<T: Send>(
    inputs: Vec<InputName>,
    options: ReadOptions,
    pool: &rayon::ThreadPool,
    process: impl Fn(&Work) -> T + Sync,
    mut consume: impl FnMut(Processed<T>) -> ControlFlow<()>,
) -> Result<(), ReaderPanicked> {
    let (tx, rx) = mpsc::sync_channel::<(Vec<Work>, u64)>(2);
    // EPD units' buffers go back to the reader once processed.
    let texts = Arc::new(Pool::default());
    let reader_texts = Arc::clone(&texts);
    let reader = std::thread::spawn(move || {
        let reading = Reading {
            format: options.format,
            tags: &options.tags,
            texts: &reader_texts,
            columns: TableColumns {
                fen: &options.fen_column,
                moves: options.moves_column.as_deref(),
                apply: options.apply,
                movetext: &options.movetext_column,
            },
            comments: options.comments,
        };
        let count = Arc::new(AtomicU64::new(0));
        let mut batch = Vec::new();
        let send = |batch: &mut Vec<Work>| {
            let bytes = count.load(Ordering::Relaxed);
            match tx.send((std::mem::take(batch), bytes)) {
                Ok(()) => ControlFlow::Continue(()),
                // The consumer stopped.
                Err(_) => ControlFlow::Break(()),
            }
        };
        units::read_all(&inputs, &reading, &Arc::clone(&count), &mut |unit| {
            batch.push(unit);
            if batch.len() < BATCH_UNITS {
                return ControlFlow::Continue(());
            }
            send(&mut batch)
        });
        if !batch.is_empty() {
            let _ = send(&mut batch);
        }
    });
    for (work, bytes) in &rx {
        let results = pool.install(|| work.par_iter().map(&process).collect());
        for unit in work {
            unit.recycle(&texts);
        }
        if consume(Processed { results, bytes }).is_break() {
            break;
        }
    }
    // Dropping the receiver ends the reading thread if it is still sending.
    drop(rx);
    reader.join().map_err(|_| ReaderPanicked)
}
