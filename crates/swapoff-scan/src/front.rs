//! The front door of a scan: what every face (the `seeswap scan` and `make-suite`
//! commands, the Python package's `scan`, its stream and Dask) builds once from its
//! settings, instead of assembling the reading crate's parts by hand. A [`Scan`] is made
//! from the SEE settings, the row columns asked, the tags and the reading options; it
//! works out what they imply (what the rows need computed, which tags and comments the
//! reading must keep), hands out ready sinks for its rows ([`Scan::text_rows`],
//! [`Scan::arrow_rows`]), and reads and scans inputs ([`Scan::run`] on every core, in
//! input order; [`Scan::read_each`], [`Scan::read_bytes`], [`Scan::read_batches`] on one).

use crate::read::{InputName, Note, ReadOptions, Work};
use crate::scan::pipeline::{self, Processed, ReaderPanicked};
use crate::scan::{Needs, Row, Scanner, Selection, Sink};
use crate::write::{Columns, Layout, Shape, TextRows};
use arrow_schema::SchemaRef;
use std::ops::ControlFlow;
use std::sync::Arc;
use swapoff::See;

/// A scan as a face asks it: the rules, the rows and how inputs are read, worked out once.
///
/// ```
/// use std::ops::ControlFlow;
/// use swapoff_scan::{ReadOptions, Scan, Selection, Shape};
///
/// let columns = Selection::parse("line,best_move,best_see").unwrap();
/// let scan = Scan::new(swapoff::See::default(), Some(columns), ReadOptions::default());
/// let (mut out, mut notes) = (Vec::new(), Vec::new());
/// let mut sink = scan.text_sink(Shape::Csv, &["-".into()], &mut out, &mut notes);
/// let epd = b"6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - -\nnot a position\n".to_vec();
/// scan.read_bytes(epd, 1, |work| {
///     let Ok(flow) = scan.process(work, &mut sink);
///     flow
/// });
/// assert_eq!(String::from_utf8(out).unwrap(), "line,best_move,best_see\n1,e4d5,100\n");
/// assert_eq!(notes.len(), 1); // line 2, with why it could not be read
/// ```
pub struct Scan {
    scanner: Scanner,
    /// The reading options, with the tags and comments the rows need.
    read: ReadOptions,
    /// The tags asked for: the rows' tag columns.
    tags: Vec<String>,
    /// The row columns asked for (`None`: every one).
    columns: Option<Selection>,
}

impl Scan {
    /// Rows of `columns` (`None`: every column) under `see`, of inputs read as `read`
    /// says; `read.tags` are the tags the rows carry (trimmed, each once).
    pub fn new(see: See, columns: Option<Selection>, read: ReadOptions) -> Scan {
        let needs = columns.as_ref().map_or(Needs::ALL, Selection::needs);
        Scan::with_needs(see, needs, columns, read)
    }

    /// Only the totals of a scan: every position analysed, no row written.
    pub fn totals(see: See, read: ReadOptions) -> Scan {
        Scan::with_needs(see, Needs::SUMMARY, None, read)
    }

    /// A scan that computes only `needs`, for a face that makes its rows itself (the
    /// positions alone, say).
    pub fn with_needs(
        see: See,
        needs: Needs,
        columns: Option<Selection>,
        read: ReadOptions,
    ) -> Scan {
        let tags = ReadOptions::tag_names(&read.tags);
        let scanner = Scanner::new(see, needs, &tags);
        // The reading keeps the tags asked for and any the columns need (the ratings'),
        // and reads comments only when a column looks at them.
        let read = ReadOptions {
            tags: scanner.tags().to_vec(),
            comments: scanner.reads_comments(),
            ..read
        };
        Scan {
            scanner,
            read,
            tags,
            columns,
        }
    }

    /// What the rows need computed.
    pub fn needs(&self) -> Needs {
        self.scanner.needs
    }

    /// The tags the rows carry, as asked.
    pub fn tags(&self) -> &[String] {
        &self.tags
    }

    /// The rows as JSON Lines or CSV, with the columns asked; `paths` name the inputs.
    pub fn text_rows(&self, shape: Shape, paths: &[String]) -> TextRows {
        let rows = TextRows::new(shape, paths, &self.tags);
        match &self.columns {
            Some(columns) => rows.with_columns(columns.clone()),
            None => rows,
        }
    }

    /// The Arrow columns of the rows: a leading `file` column if `file`, the tags, and an
    /// `error` column (a note is a row).
    pub fn layout(&self, file: bool) -> Layout {
        Layout {
            file,
            tags: self.tags.clone(),
            errors: true,
            columns: self.columns.clone(),
        }
    }

    /// A sink that writes the rows as [`Scan::text_rows`] makes them (the header first)
    /// onto `out`, and keeps the notes in `notes`.
    pub fn text_sink<'a>(
        &self,
        shape: Shape,
        paths: &[String],
        out: &'a mut Vec<u8>,
        notes: &'a mut Vec<Note>,
    ) -> TextSink<'a> {
        let rows = self.text_rows(shape, paths);
        out.extend_from_slice(rows.header().as_bytes());
        TextSink { rows, out, notes }
    }

    /// A sink of rows and notes as Arrow columns of `layout`'s `schema`, each row's file
    /// named from `names`.
    pub fn arrow_rows<'a>(
        &self,
        layout: &Layout,
        schema: &SchemaRef,
        names: &'a [String],
    ) -> ArrowRows<'a> {
        ArrowRows {
            names,
            columns: Columns::new(layout, Arc::clone(schema)),
        }
    }

    /// Scans one unit of work into `sink`.
    pub fn process<S: Sink>(&self, work: &Work, sink: &mut S) -> Result<ControlFlow<()>, S::Error> {
        self.scanner.process(work, sink)
    }

    /// Reads `inputs` on a thread of its own and scans their units on `pool`'s workers
    /// (`process`), handing the results to `consume` in input order: the pipeline of
    /// the crate's pipeline, read as this scan reads.
    pub fn run<T: Send>(
        &self,
        inputs: Vec<InputName>,
        pool: &rayon::ThreadPool,
        process: impl Fn(&Work) -> T + Sync,
        consume: impl FnMut(Processed<T>) -> ControlFlow<()>,
    ) -> Result<(), ReaderPanicked> {
        pipeline::run(inputs, self.read.clone(), pool, process, consume)
    }

    /// Reads `inputs` in turn on this thread, each unit handed to `each`, in input order,
    /// until the inputs end or `each` breaks.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use swapoff_scan::{InputName, ReadOptions, Scan};
    ///
    /// let scan = Scan::new(swapoff::See::default(), None, ReadOptions::default());
    /// let mut units = 0;
    /// scan.read_each(&[InputName::from("no-such-file.pgn")], |_work| {
    ///     units += 1; // here, the note that the file cannot be opened
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(units, 1);
    /// ```
    pub fn read_each(&self, inputs: &[InputName], each: impl FnMut(&Work) -> ControlFlow<()>) {
        self.read.read_each(inputs, each);
    }

    /// Reads a file's bytes (or a part's, compressed or not), its first line numbered
    /// `first_line`, each unit handed to `each`.
    pub fn read_bytes(
        &self,
        data: Vec<u8>,
        first_line: u64,
        each: impl FnMut(&Work) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.read.read_bytes(data, first_line, each)
    }

    /// Reads a table's record batches, its first row numbered `first_row`, each unit
    /// handed to `each` (with the `parquet` feature, as the table readers).
    #[cfg(feature = "parquet")]
    pub fn read_batches(
        &self,
        batches: impl arrow_array::RecordBatchReader,
        first_row: u64,
        each: impl FnMut(&Work) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.read.read_batches(batches, first_row, each)
    }
}

/// Rows and notes as Arrow columns (a note is a row with its `error`), made into a record
/// batch by [`ArrowRows::finish`]. It never fails nor stops the scan.
pub struct ArrowRows<'a> {
    names: &'a [String],
    columns: Columns,
}

impl ArrowRows<'_> {
    /// Rows taken since the last batch.
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// No row since the last batch.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The rows so far as a record batch; the columns start empty again.
    pub fn finish(&mut self) -> Result<arrow_array::RecordBatch, arrow_schema::ArrowError> {
        self.columns.finish()
    }
}

impl Sink for ArrowRows<'_> {
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

/// Rows as JSON Lines or CSV onto a buffer, notes kept: [`Scan::text_sink`].
pub struct TextSink<'a> {
    rows: TextRows,
    out: &'a mut Vec<u8>,
    notes: &'a mut Vec<Note>,
}

impl Sink for TextSink<'_> {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        self.rows.write(self.out, row);
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.notes.push(note);
        Ok(ControlFlow::Continue(()))
    }
}
