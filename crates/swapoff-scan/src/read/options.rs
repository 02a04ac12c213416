//! How inputs are read, as one owned configuration ([`ReadOptions`]), and the ways to read
//! with it on the calling thread: named inputs in turn, one input held in memory (a file or
//! a byte range of one), a table's record batches. [`pipeline::run`] reads with it on
//! every core. Each way hands units of [`Work`] on in input order and takes their buffers
//! back itself, so a face never handles the reading's internals.
//!
//! [`pipeline::run`]: crate::scan::pipeline::run

use crate::read::format::Format;
use crate::read::pool::Pool;
use crate::read::records::InputName;
use crate::read::table::TableColumns;
use crate::read::units;
use crate::read::work::{Reading, Work};
use std::io::Cursor;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// How the inputs are read, owned so that a reading thread can take it.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// The format of every input (`None`: told from each one's content).
    pub format: Option<Format>,
    /// The PGN tags (or a table's columns) to collect: the scanner's
    /// (the front door, [`Scan`](crate::Scan), adds them).
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
    /// derived from the columns, so the front door ([`Scan`](crate::Scan)) sets it and
    /// replaces any value given.
    pub comments: bool,
}

impl Default for ReadOptions {
    /// Every format told from the content, no tags, the columns `fen` and `movetext`, no
    /// moves column (one move applied when one is named, the puzzle convention), no
    /// comments read.
    fn default() -> Self {
        let columns = TableColumns::default();
        ReadOptions {
            format: None,
            tags: Vec::new(),
            fen_column: columns.fen.to_string(),
            moves_column: None,
            apply: columns.apply,
            movetext_column: columns.movetext.to_string(),
            comments: false,
        }
    }
}

impl ReadOptions {
    /// The tag names to carry into rows, as a face was given them: each trimmed (`Event,
    /// Site` asked for ` Site`, which no game has), each once in the order first asked (a
    /// name asked twice gave two columns of one name, the second always empty), an empty one
    /// (`Event,,Site`, a trailing comma) left out, as the column lists leave them out.
    ///
    /// ```
    /// use swapoff_scan::ReadOptions;
    /// let asked = ["Event", " WhiteElo", "Event", ""].map(String::from);
    /// assert_eq!(ReadOptions::tag_names(&asked), ["Event", "WhiteElo"]);
    /// ```
    pub fn tag_names(names: &[String]) -> Vec<String> {
        let mut kept: Vec<String> = Vec::with_capacity(names.len());
        for name in names.iter().map(|n| n.trim()) {
            if !name.is_empty() && !kept.iter().any(|k| k == name) {
                kept.push(name.to_string());
            }
        }
        kept
    }

    /// Reads `inputs` in turn on this thread and hands each unit of work to `each`, in
    /// input order, until the inputs end or `each` breaks. Faces call it through the
    /// front door ([`Scan::read_each`](crate::Scan::read_each)).
    pub(crate) fn read_each(
        &self,
        inputs: &[InputName],
        each: impl FnMut(&Work) -> ControlFlow<()>,
    ) {
        let pool = Pool::default();
        let reading = self.reading(&pool);
        let count = Arc::new(AtomicU64::new(0));
        units::read_all(inputs, &reading, &count, &mut handed(&pool, each));
    }

    /// Reads one input held in memory (a file's bytes, or a byte range of one, compressed
    /// or not; its first line numbered `first_line`), as input 0, and hands each unit of
    /// work to `each` until the input ends or `each` breaks.
    pub(crate) fn read_bytes(
        &self,
        data: Vec<u8>,
        first_line: u64,
        each: impl FnMut(&Work) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let pool = Pool::default();
        let reading = self.reading(&pool);
        let raw = Box::new(Cursor::new(data));
        let before = first_line.saturating_sub(1);
        let mut each = handed(&pool, each);
        units::read_input(0, raw, before, &reading, &mut each)
    }

    /// Reads a table's record batches (its first row numbered `first_row`), as input 0, and
    /// hands each unit of work to `each` until the batches end or `each` breaks. A problem
    /// with the whole table (no usable column, an unreadable batch) is a note.
    #[cfg(feature = "parquet")]
    pub(crate) fn read_batches(
        &self,
        batches: impl arrow_array::RecordBatchReader,
        first_row: u64,
        each: impl FnMut(&Work) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let pool = Pool::default();
        let reading = self.reading(&pool);
        let schema = batches.schema();
        let before = first_row.saturating_sub(1);
        let mut each = handed(&pool, each);
        crate::read::columnar::read_batches(0, batches, &schema, before, &reading, &mut each)
    }

    /// How the readers are to read, their EPD buffers and PGN games from `pool`.
    pub(crate) fn reading<'a>(&'a self, pool: &'a Pool) -> Reading<'a> {
        Reading {
            format: self.format,
            tags: &self.tags,
            pool,
            columns: TableColumns {
                fen: &self.fen_column,
                moves: self.moves_column.as_deref(),
                apply: self.apply,
                movetext: &self.movetext_column,
            },
            comments: self.comments,
            cut_games: false,
        }
    }
}

/// `each`, as the readers call it: the unit handed over by reference, then its buffer
/// given back to `pool` for the reading to fill again.
fn handed<'a>(
    pool: &'a Pool,
    mut each: impl FnMut(&Work) -> ControlFlow<()> + 'a,
) -> impl FnMut(Work) -> ControlFlow<()> + 'a {
    move |work| {
        let flow = each(&work);
        work.recycle(pool);
        flow
    }
}
