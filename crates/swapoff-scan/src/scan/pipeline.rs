//! The streaming pipeline every face runs through [`Scan::run`](crate::Scan::run),
//! written once: a reading thread (`swapoff-read`)
//! cuts the inputs into units of work, as its [`ReadOptions`] say (PGN as whole games'
//! text, which the workers read: the reading thread only searches bytes, and a thread of
//! its own, `swapoff-unzip`, reads and decompresses the input ahead of it), and hands them
//! over in batches of
//! `BATCH_UNITS` (64) through a channel that holds two batches; each batch is processed in
//! parallel on a rayon pool (its threads named `swapoff-scan-N` by the faces); the results
//! come back, in input order, to the thread that
//! called `run`. Memory stays flat whatever the input's size, and a consumer that
//! returns [`ControlFlow::Break`] ends the reading.
//!
//! On a pool of one thread there is no reading thread: each unit is read, then processed
//! at once on the calling thread, while its records are still in the cache (handed from
//! one thread to another, a batch of them had left it by the time it was processed).
//!
//! `seeswap scan` writes the results (text, Parquet) on the calling thread; the Python
//! package's `swapoff.scan` runs the pipeline on a thread of its own and sends each
//! batch's rows on to the stream pyarrow reads.

use crate::read::options::ReadOptions;
use crate::read::records::InputName;
use crate::read::units::{self, BATCH_UNITS};
use crate::read::work::{Reading, Work};
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// Spare byte buffers, for a consumer that writes each unit's results into one (the reader
/// recycles its own the same way).
pub use crate::read::pool::Pool;

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
pub(crate) fn run<T: Send>(
    inputs: Vec<InputName>,
    options: ReadOptions,
    pool: &rayon::ThreadPool,
    process: impl Fn(&Work) -> T + Sync,
    mut consume: impl FnMut(Processed<T>) -> ControlFlow<()>,
) -> Result<(), ReaderPanicked> {
    if pool.current_num_threads() == 1 {
        return run_inline(inputs, &options, process, consume);
    }
    let (tx, rx) = mpsc::sync_channel::<(Vec<Work>, u64)>(2);
    // EPD units' buffers and PGN units' games go back to the reader once processed.
    let spares = Arc::new(Pool::default());
    let reader_spares = Arc::clone(&spares);
    let spawned = std::thread::Builder::new().name("swapoff-read".into());
    let reader = spawned.spawn(move || {
        // The reading thread decompresses and cuts; the workers read PGN games' text.
        let reading = Reading {
            cut_games: true,
            ..options.reading(&reader_spares)
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
    // A thread that cannot be started is a reading that never ran.
    let Ok(reader) = reader else {
        return Err(ReaderPanicked);
    };
    for (work, bytes) in &rx {
        let results = pool.install(|| work.par_iter().map(&process).collect());
        for unit in work {
            unit.recycle(&spares);
        }
        if consume(Processed { results, bytes }).is_break() {
            break;
        }
    }
    // Dropping the receiver ends the reading thread if it is still sending.
    drop(rx);
    reader.join().map_err(|_| ReaderPanicked)
}

/// [`run`] on one thread: each unit processed as soon as it is read, the results handed
/// to `consume` a batch at a time. A panic while reading is reported as on the reading
/// thread; one in `process` or `consume` goes on up, as it does from the pool.
fn run_inline<T>(
    inputs: Vec<InputName>,
    options: &ReadOptions,
    process: impl Fn(&Work) -> T,
    mut consume: impl FnMut(Processed<T>) -> ControlFlow<()>,
) -> Result<(), ReaderPanicked> {
    let spares = Pool::default();
    let reading = options.reading(&spares);
    let count = Arc::new(AtomicU64::new(0));
    let mut results = Vec::with_capacity(BATCH_UNITS);
    let mut passed_on = None;
    let mut deliver = |results: &mut Vec<T>| {
        let bytes = count.load(Ordering::Relaxed);
        consume(Processed {
            results: std::mem::take(results),
            bytes,
        })
    };
    let read = catch_unwind(AssertUnwindSafe(|| {
        units::read_all(&inputs, &reading, &count, &mut |unit| {
            let step = catch_unwind(AssertUnwindSafe(|| {
                results.push(process(&unit));
                unit.recycle(&spares);
                if results.len() < BATCH_UNITS {
                    return ControlFlow::Continue(());
                }
                deliver(&mut results)
            }));
            step.unwrap_or_else(|panic| {
                passed_on = Some(panic);
                ControlFlow::Break(())
            })
        });
    }));
    if let Some(panic) = passed_on {
        resume_unwind(panic);
    }
    read.map_err(|_| ReaderPanicked)?;
    if !results.is_empty() {
        let _ = deliver(&mut results);
    }
    Ok(())
}
