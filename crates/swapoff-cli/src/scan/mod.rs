//! `seeswap scan`: stream EPD and PGN files and report, for every position, each capture's
//! SEE, the pieces en prise on both sides and the swap-off balance, as the Swapping-Off
//! Material Analyzer (SOMA) of the early chess programs judged a position by the exchanges
//! available on every square.
//!
//! # Definitions
//!
//! - **captures**: every legal capture (en passant included) and every promotion (each
//!   promotion piece separately, capturing or not) of the side to move, with its SEE under
//!   `--rules`/`--values`, sorted best first (ties: from-square, to-square, then queen, rook,
//!   bishop, knight). Castling is never listed. **best** is the first.
//! - **hanging**: a piece is en prise when its opponent has a legal capture of it with
//!   SEE > 0; its **gain** is the best such SEE. For the side not to move these are the
//!   captures above. For the side to move, the opponent's captures are evaluated in the
//!   side-swapped ("null move") position: same pieces, the other side to move, no en passant
//!   square. When the side to move is in check that position is illegal (the opponent could
//!   take the king), so the side to move's hanging pieces and the threat are not evaluated:
//!   `null` in JSON, empty in CSV, and `in_check` is true.
//! - **balance** (SOMA's swap-off value): `max(0, best SEE)` over the side to move's
//!   captures and promotions: the material it can win by the best exchange on any square,
//!   0 when every exchange loses or there is none (it need not start one).
//! - **threat**: the same for the opponent in the side-swapped position.
//!
//! # Streaming
//!
//! `swapoff_scan::Scan::run`, the front door's pipeline, which the Python package's stream
//! runs too: a reading thread cuts the input into units (about 16 KiB of EPD lines, or 64
//! KiB of whole PGN games' text) and sends batches of units over a bounded channel; the
//! workers (rayon) read and analyse one batch at a time (`Scan::process`) and the main
//! thread writes the results in input order. Memory is bounded by a few batches, whatever the
//! input size.

mod closing_line;
#[cfg(not(feature = "parquet"))]
mod no_parquet;
#[cfg(feature = "parquet")]
mod parquet_rows;

use crate::common::{fatal, output_error, progress_bar, Outcome, RuleArgs, Status};
use crate::output::{refuse_stdout_input, Staged};
#[cfg(not(feature = "parquet"))]
use no_parquet::ParquetRows;
#[cfg(feature = "parquet")]
use parquet_rows::ParquetRows;
use std::convert::Infallible;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;
use swapoff_scan::pipeline::{Pool, Processed};
use swapoff_scan::{Columns, Layout};
use swapoff_scan::{Format, InputName, Note, ReadOptions, Work};
use swapoff_scan::{Row, Scan, Selection, Sink};
use swapoff_scan::{Shape, Summary, TextRows};

/// Flags of `seeswap scan`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// EPD/FEN or PGN files (`-` for stdin; default stdin).
    #[arg(value_name = "FILE")]
    files: Vec<std::path::PathBuf>,

    /// Input format; by default each file's is told from its first line.
    #[arg(long, value_enum)]
    format: Option<Format>,

    /// One CSV row per position (with a header) instead of JSON Lines.
    #[arg(long)]
    csv: bool,

    /// Write the rows to FILE as Parquet (schema in the docs: the CSV's columns, typed;
    /// captures and hanging pieces as lists of structs), in row groups as the scan
    /// streams. Nothing per position goes to standard output.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["csv", "summary"])]
    parquet: Option<std::path::PathBuf>,

    /// Print only the totals (one JSON object, or a CSV header and row with --csv).
    #[arg(long)]
    summary: bool,

    /// Only these columns, in this order (comma-separated; tags come with --tags), e.g.
    /// `game,ply,played,played_see,clock,eval`. Only what they need is computed: without
    /// an analysis column (in_check, captures, best_move, best_see, balance, threat,
    /// hanging_white, hanging_black, capture_list) no capture but the move played is
    /// evaluated. JSON rows are then flat objects named as the columns.
    #[arg(long, value_name = "LIST", conflicts_with = "summary", value_parser = Selection::parse)]
    columns: Option<Selection>,

    /// No progress bar and no summary line on stderr (errors are still reported).
    #[arg(long, short)]
    quiet: bool,

    /// PGN tags to carry into each game's rows (comma-separated, e.g.
    /// `Event,Site,WhiteElo`): a `tags` object in JSON, `tag_NAME` columns in CSV and
    /// Parquet; a missing tag (or an EPD position) gives null or an empty field. Names are
    /// trimmed, each is carried once, and empty ones are left out.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    tags: Vec<String>,

    /// Parquet input: the column holding each game's PGN movetext (Hugging Face's Lichess
    /// games); a table without it is read as positions from `--fen-column`.
    #[arg(long, value_name = "NAME", default_value = "movetext")]
    movetext_column: String,

    /// CSV, JSON Lines and Parquet input: the column (or field) holding the FEN.
    #[arg(long, value_name = "NAME", default_value = "fen")]
    fen_column: String,

    /// CSV and JSON Lines input: a column of moves (UCI, space-separated; Lichess's
    /// puzzles: `Moves`). The first `--apply` of them are played before the position is
    /// analysed; the next one is the row's move played, with its SEE.
    #[arg(long, value_name = "NAME")]
    moves_column: Option<String>,

    /// How many moves of `--moves-column` to play first (the puzzle convention: 1, the
    /// opponent's move that sets the puzzle).
    #[arg(long, value_name = "N", default_value_t = 1)]
    apply: usize,

    /// Worker threads, at most 256 (default or 0: RAYON_NUM_THREADS, else one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: Option<u16>,

    #[command(flatten)]
    rules: RuleArgs,
}

impl Args {
    /// Whether the command writes to standard output (not with `--parquet`).
    pub fn writes_stdout(&self) -> bool {
        self.parquet.is_none()
    }
}

/// What the workers need, shared by reference.
struct Context {
    /// Output buffers.
    outputs: Pool,
    scan: Scan,
    /// JSON or CSV rows; `None` with `--summary` or `--parquet`. Each unit of work writes
    /// with a copy of its own.
    text: Option<TextRows>,
    /// The paths, for messages.
    paths: Vec<String>,
    /// The Parquet columns and their schema, with `--parquet`.
    parquet: Option<(Layout, arrow_schema::SchemaRef)>,
}

/// What one unit of work produced: the command's sink.
struct Done<'a> {
    ctx: &'a Context,
    out: Vec<u8>,
    /// The rows' writer (the context's, copied).
    text: Option<TextRows>,
    /// The rows as columns, with `--parquet` (made into a record batch by the worker).
    columns: Option<Columns>,
    batch: Option<Result<arrow_array::RecordBatch, String>>,
    messages: Vec<String>,
    stats: Summary,
    /// An input could not be opened or read.
    unreadable: bool,
}

impl Sink for Done<'_> {
    /// Rows are held in memory until the main thread writes them.
    type Error = Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Infallible> {
        let Ok(_) = self.stats.row(row);
        if let Some(text) = &mut self.text {
            text.write(&mut self.out, row);
        }
        if let Some(columns) = self.columns.as_mut() {
            columns.push(row, &self.ctx.paths[row.file]);
        }
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Infallible> {
        // In Parquet a note is also a row with its `error`, as the Python package gives it.
        if let Some(columns) = self.columns.as_mut() {
            columns.push_note(&note, &self.ctx.paths[note.file]);
        }
        self.messages.push(note.display(&self.ctx.paths[note.file]));
        self.unreadable |= note.is_fatal();
        let Ok(_) = self.stats.note(note);
        Ok(ControlFlow::Continue(()))
    }

    fn game(&mut self) {
        self.stats.game();
    }
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    let started = Instant::now();
    let files: Vec<InputName> = if args.files.is_empty() {
        vec![InputName::from("-")]
    } else {
        args.files.iter().cloned().map(InputName::from).collect()
    };
    let paths: Vec<String> = files.iter().map(InputName::display).collect();
    let text_shape = if args.csv { Shape::Csv } else { Shape::Json };
    let rows_out = !(args.summary || args.parquet.is_some());
    let read = ReadOptions {
        format: args.format,
        tags: args.tags.clone(),
        fen_column: args.fen_column.clone(),
        moves_column: args.moves_column.clone(),
        apply: args.apply,
        movetext_column: args.movetext_column.clone(),
        ..ReadOptions::default()
    };
    // A summary counts the analysis alone; rows need what their columns need.
    let see = args.rules.see();
    let scan = if args.summary {
        Scan::totals(see, read)
    } else {
        Scan::new(see, args.columns.clone(), read)
    };
    let needs = scan.needs();
    let parquet = args.parquet.as_ref().map(|_| {
        let layout = scan.layout(files.len() > 1);
        let schema = layout.schema();
        (layout, schema)
    });
    let ctx = Context {
        text: rows_out.then(|| scan.text_rows(text_shape, &paths)),
        scan,
        paths,
        parquet,
        outputs: Pool::default(),
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads.unwrap_or(0)))
        // Named, so that `top -H` and a profiler tell the workers from the reader
        // (`swapoff-read`) and the writer.
        .thread_name(|i| format!("swapoff-scan-{i}"))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => return fatal(format!("cannot start worker threads: {e}")),
    };

    let progress = progress_bar(&files, args.quiet);
    let stdout = io::stdout();
    // Each unit's rows are a write of a few kilobytes: gathered into larger writes, as
    // a write call per unit was 2% of a scan of short games' CPU time (system time).
    // Flushed before each message.
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut totals = Summary::default();
    // The output is checked against the inputs before anything is opened for writing.
    let mut staged = None;
    let mut parquet = match (&args.parquet, &ctx.parquet) {
        (Some(path), Some((_, schema))) => {
            let (file, output) = match Staged::create(path, &files) {
                Ok(created) => created,
                Err(why) => return fatal(why),
            };
            staged = Some(output);
            match ParquetRows::create(file, schema) {
                Ok(w) => Some(w),
                Err(why) => return fatal(format!("cannot write {}: {why}", path.display())),
            }
        }
        _ => None,
    };
    if rows_out || args.summary {
        if let Err(why) = refuse_stdout_input(&files) {
            return fatal(why);
        }
    }
    let mut parquet_failed = None;
    let mut unreadable = false;
    let mut write_failed = None;
    if let Some(text) = &ctx.text {
        if let Err(e) = out.write_all(text.header().as_bytes()) {
            write_failed = Some(e);
        }
    }
    if write_failed.is_none() {
        let consume = |batch: Processed<Done<'_>>| {
            for d in batch.results {
                if !d.messages.is_empty() {
                    // The rows before a message are out before it, as a reader of both
                    // streams in one terminal or file expects.
                    if let Err(e) = out.flush() {
                        write_failed = Some(e);
                        return ControlFlow::Break(());
                    }
                    progress.suspend(|| d.messages.iter().for_each(crate::common::warn));
                }
                unreadable |= d.unreadable;
                if let (Some(writer), Some(rows)) = (parquet.as_mut(), d.batch) {
                    // A full row group is encoded by the workers, a column each.
                    let written = rows.and_then(|rows| {
                        pool.install(|| writer.write(rows).map_err(|e| e.to_string()))
                    });
                    if let Err(why) = written {
                        // A failing output ends the reading: what follows could not be
                        // written either.
                        parquet_failed.get_or_insert(why);
                        return ControlFlow::Break(());
                    }
                }
                if let Err(e) = out.write_all(&d.out) {
                    write_failed = Some(e);
                    return ControlFlow::Break(());
                }
                totals.add(&d.stats);
                ctx.outputs.put(d.out);
            }
            progress.set_position(batch.bytes);
            progress.set_message(format!("{} positions", totals.positions));
            ControlFlow::Continue(())
        };
        let done = ctx.scan.run(files, &pool, |w| process(w, &ctx), consume);
        if done.is_err() {
            progress.finish_and_clear();
            return fatal("the reading thread stopped unexpectedly; output is incomplete");
        }
    }
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();

    if let (Some(writer), Some(path)) = (parquet, &args.parquet) {
        if let Err(e) = writer.close() {
            parquet_failed.get_or_insert(e.to_string());
        }
        if let Some(why) = parquet_failed {
            return fatal(format!("cannot write {}: {why}", path.display()));
        }
        // Renamed onto its name only now, complete.
        if let Some(Err(why)) = staged.map(Staged::commit) {
            return fatal(why);
        }
    }
    if let Some(e) = write_failed {
        // A closed pipe (`| head`) ends the run quietly; a full disk is an error.
        return output_error(e);
    }
    let mut finish = || -> io::Result<()> {
        if args.summary {
            let text = totals.text(text_shape, seconds);
            out.write_all(text.as_bytes())?;
        }
        out.flush()
    };
    if let Err(e) = finish() {
        return output_error(e);
    }
    if !args.quiet {
        crate::common::inform(closing_line::text(&totals, seconds, needs.analysis));
    }
    Ok(Status::of(unreadable, totals.skipped > 0))
}

/// Analyses one unit of work.
fn process<'a>(work: &Work, ctx: &'a Context) -> Done<'a> {
    let mut done = Done {
        ctx,
        out: ctx.outputs.get(),
        text: ctx.text.clone(),
        columns: ctx
            .parquet
            .as_ref()
            .map(|(layout, schema)| Columns::new(layout, Arc::clone(schema))),
        messages: Vec::new(),
        stats: Summary::default(),
        unreadable: false,
        batch: None,
    };
    // A JSON row is about five times its input line.
    done.out.reserve(work.epd_bytes() * 6);
    let Ok(_) = ctx.scan.process(work, &mut done);
    if let Some(columns) = done.columns.as_mut() {
        done.batch = Some(columns.finish().map_err(|e| e.to_string()));
    }
    done
}
