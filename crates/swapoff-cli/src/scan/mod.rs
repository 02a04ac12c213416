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
//! A reading thread cuts the input into units (about 16 KiB of EPD lines, or about 512
//! plies of PGN games) and sends batches of 64 units over a channel that holds two
//! batches; the workers (rayon) analyse one batch at a time and the main thread writes the
//! results in input order. Memory is bounded by a few batches, whatever the input size.

mod columns;
mod input;
mod output;

use crate::common::{fatal, output_error, RuleArgs, EXIT_FATAL, EXIT_OK, EXIT_PARTIAL};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use input::{Batch, Work};
use output::{Origin, Shape, Stats};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Instant;
use swapoff::See;
use swapoff_scan::analysis::Report;
use swapoff_scan::format::Format;
use swapoff_scan::records::InputName;
use swapoff_scan::{epd, pgn};

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

    /// No progress bar and no summary line on stderr (errors are still reported).
    #[arg(long, short)]
    quiet: bool,

    /// PGN tags to carry into each game's rows (comma-separated, e.g.
    /// `Event,Site,WhiteElo`): a `tags` object in JSON, `tag_NAME` columns in CSV and
    /// Parquet; a missing tag (or an EPD position) gives null or an empty field.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    tags: Vec<String>,

    /// Worker threads, at most 256 (default or 0: RAYON_NUM_THREADS, else one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: Option<u16>,

    #[command(flatten)]
    rules: RuleArgs,
}

/// Spare byte buffers, handed back after use so that the hot loop does not keep asking the
/// system for fresh pages (which showed up as 10% page-fault time in profiles).
#[derive(Default)]
pub(super) struct Pool(std::sync::Mutex<Vec<Vec<u8>>>);

impl Pool {
    /// Enough for every buffer in flight: a few batches of units.
    const MAX: usize = 8 * input::BATCH_UNITS;

    /// An empty buffer, recycled when one is available.
    pub fn get(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// Returns a buffer for reuse (an outsized one, from a very long game, is freed).
    pub fn put(&self, mut buf: Vec<u8>) {
        if buf.capacity() > 4 << 20 {
            return;
        }
        buf.clear();
        if let Ok(mut v) = self.0.lock() {
            if v.len() < Self::MAX {
                v.push(buf);
            }
        }
    }
}

/// What the workers need, shared by reference.
struct Context {
    /// Output buffers.
    outputs: Pool,
    see: See,
    shape: Shape,
    /// Pre-rendered file labels, present when several inputs are scanned.
    labels: Option<Vec<Vec<u8>>>,
    /// The paths, for messages.
    paths: Vec<String>,
    /// The `--tags` names.
    tag_names: Vec<String>,
    /// The Parquet schema, with `--parquet`.
    parquet: Option<arrow_schema::SchemaRef>,
}

/// What one unit of work produced.
#[derive(Default)]
struct Done {
    out: Vec<u8>,
    /// The rows as columns, with `--parquet`.
    columns: Option<columns::Columns>,
    messages: Vec<String>,
    stats: Stats,
    /// An input could not be opened or read.
    unreadable: bool,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let started = Instant::now();
    let files: Vec<InputName> = if args.files.is_empty() {
        vec![InputName::from("-")]
    } else {
        args.files.iter().cloned().map(InputName::from).collect()
    };
    let shape = match (args.summary || args.parquet.is_some(), args.csv) {
        (true, _) => Shape::None,
        (false, true) => Shape::Csv,
        (false, false) => Shape::Json,
    };
    let label_shape = if args.csv { Shape::Csv } else { Shape::Json };
    let ctx = Context {
        see: args.rules.see(),
        shape,
        labels: (files.len() > 1).then(|| {
            files
                .iter()
                .map(|p| output::label(&p.display(), label_shape))
                .collect()
        }),
        paths: files.iter().map(InputName::display).collect(),
        tag_names: args.tags.clone(),
        parquet: args
            .parquet
            .as_ref()
            .map(|_| columns::schema(files.len() > 1, &args.tags)),
        outputs: Pool::default(),
    };
    let texts = std::sync::Arc::new(Pool::default());
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads.unwrap_or(0)))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => return fatal(format!("cannot start worker threads: {e}")),
    };

    let progress = progress_bar(&args, &files);
    let (tx, rx) = mpsc::sync_channel::<Batch>(2);
    let format = args.format;
    let reader_files = files.clone();
    let reader_texts = std::sync::Arc::clone(&texts);
    let wanted_tags = args.tags.clone();
    let reader = std::thread::spawn(move || {
        input::read_all(reader_files, format, wanted_tags, tx, &reader_texts)
    });

    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut totals = Stats::default();
    let mut parquet = match (&args.parquet, &ctx.parquet) {
        (Some(path), Some(schema)) => match parquet_writer(path, schema) {
            Ok(w) => Some(w),
            Err(why) => return fatal(why),
        },
        _ => None,
    };
    let mut parquet_failed = None;
    let mut unreadable = false;
    let mut write_failed = None;
    if shape == Shape::Csv {
        if let Err(e) =
            out.write_all(output::csv_header(ctx.labels.is_some(), &ctx.tag_names).as_bytes())
        {
            write_failed = Some(e);
        }
    }
    while write_failed.is_none() {
        let Ok(batch) = rx.recv() else { break };
        let done: Vec<Done> =
            pool.install(|| batch.work.par_iter().map(|w| process(w, &ctx)).collect());
        for w in batch.work {
            if let Work::Epd { text, .. } = w {
                texts.put(text);
            }
        }
        for d in done {
            if !d.messages.is_empty() {
                progress.suspend(|| {
                    let mut err = io::stderr().lock();
                    for m in &d.messages {
                        let _ = writeln!(err, "seeswap: {m}");
                    }
                });
            }
            unreadable |= d.unreadable;
            if let (Some(writer), Some(columns)) = (parquet.as_mut(), d.columns) {
                if columns.len() > 0 {
                    let written = columns
                        .finish()
                        .map_err(|e| e.to_string())
                        .and_then(|batch| writer.write(&batch).map_err(|e| e.to_string()));
                    if let Err(why) = written {
                        parquet_failed = Some(why);
                    }
                }
            }
            if let Err(e) = out.write_all(&d.out) {
                write_failed = Some(e);
                break;
            }
            totals.add(&d.stats);
            ctx.outputs.put(d.out);
        }
        progress.set_position(batch.bytes);
        progress.set_message(format!("{} positions", totals.positions));
    }
    // Dropping the receiver ends the reading thread if it is still sending.
    drop(rx);
    let reader_failed = reader.join().is_err();
    progress.finish_and_clear();
    if reader_failed {
        return fatal("the reading thread stopped unexpectedly; output is incomplete");
    }
    let seconds = started.elapsed().as_secs_f64();

    if let (Some(writer), Some(path)) = (parquet, &args.parquet) {
        if let Err(e) = writer.close() {
            parquet_failed.get_or_insert(e.to_string());
        }
        if let Some(why) = parquet_failed {
            return fatal(format!("cannot write {}: {why}", path.display()));
        }
    }
    if let Some(e) = write_failed {
        // A closed pipe (`| head`) ends the run quietly; a full disk is an error.
        return output_error(e);
    }
    let mut finish = || -> io::Result<()> {
        if args.summary {
            let text = totals.summary(if args.csv { Shape::Csv } else { Shape::Json }, seconds);
            out.write_all(text.as_bytes())?;
        }
        out.flush()
    };
    if let Err(e) = finish() {
        return output_error(e);
    }
    if !args.quiet {
        eprintln!("{}", totals.line(seconds));
    }
    ExitCode::from(if unreadable {
        EXIT_FATAL
    } else if totals.skipped > 0 {
        EXIT_PARTIAL
    } else {
        EXIT_OK
    })
}

/// Rows per Parquet row group: the writer holds one group in memory at most.
const PARQUET_ROW_GROUP: usize = 1 << 16;

/// A Parquet writer on a new file at `path` (Snappy-compressed row groups).
fn parquet_writer(
    path: &std::path::Path,
    schema: &arrow_schema::SchemaRef,
) -> Result<parquet::arrow::ArrowWriter<std::fs::File>, String> {
    let file = std::fs::File::create(path)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let props = parquet::file::properties::WriterProperties::builder()
        .set_compression(parquet::basic::Compression::SNAPPY)
        .set_max_row_group_row_count(Some(PARQUET_ROW_GROUP))
        .build();
    parquet::arrow::ArrowWriter::try_new(file, std::sync::Arc::clone(schema), Some(props))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A byte-count bar when every input is a file, else a spinner; hidden when stderr is not
/// a terminal or with --quiet.
fn progress_bar(args: &Args, files: &[InputName]) -> ProgressBar {
    if args.quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match input::total_size(files) {
        Some(total) => {
            let bar = ProgressBar::new(total);
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg} ({eta})",
            ) {
                bar.set_style(style);
            }
            bar
        }
        None => {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bytes} read, {msg}")
            {
                bar.set_style(style);
            }
            bar
        }
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Analyses one unit of work.
fn process(work: &Work, ctx: &Context) -> Done {
    let mut done = Done {
        out: ctx.outputs.get(),
        columns: ctx.parquet.as_ref().map(|schema| {
            columns::Columns::new(
                std::sync::Arc::clone(schema),
                ctx.labels.is_some(),
                ctx.tag_names.len(),
            )
        }),
        ..Done::default()
    };
    match work {
        Work::Epd {
            file,
            first_line,
            text,
        } => process_epd(*file, *first_line, text, ctx, &mut done),
        Work::Pgn { file, games } => {
            let mut report = Report::default();
            let mut fen = Vec::with_capacity(96);
            for game in games {
                process_game(*file, game, ctx, &mut done, &mut report, &mut fen);
            }
        }
        Work::Note {
            file,
            line,
            message,
            skipped,
            unreadable,
        } => {
            let path = &ctx.paths[*file];
            done.messages.push(match line {
                Some(line) => format!("{path}:{line}: {message}"),
                None => format!("{path}: {message}"),
            });
            done.stats.skipped += skipped;
            done.unreadable = *unreadable;
        }
    }
    done
}

/// Writes one position's row: bytes for JSON or CSV, columns for Parquet.
fn emit_row(done: &mut Done, ctx: &Context, file: usize, row: &output::Row<'_>) {
    output::write_position(&mut done.out, ctx.shape, row);
    if let Some(columns) = done.columns.as_mut() {
        columns.push(row, &ctx.paths[file]);
    }
}

fn process_epd(file: usize, first_line: u64, text: &[u8], ctx: &Context, done: &mut Done) {
    let label = ctx.labels.as_ref().map(|l| l[file].as_slice());
    // A JSON row is about five times its input line.
    done.out.reserve(text.len() * 6);
    let mut report = Report::default();
    let mut fen = Vec::with_capacity(96);
    // The whole unit is checked for UTF-8 at once (long runs go a word at a time); only a
    // unit that fails is checked line by line, to name the bad lines.
    let whole = std::str::from_utf8(text).ok();
    // memchr finds the line ends a word at a time, not a byte at a time.
    let mut start = 0;
    for (i, end) in memchr::memchr_iter(b'\n', text)
        .chain(std::iter::once(text.len()))
        .enumerate()
    {
        let (start_of_line, raw) = (start, &text[start..end]);
        start = end + 1;
        let line_no = first_line + i as u64;
        let fail = |done: &mut Done, why: &str| {
            done.messages.push(format!(
                "{}:{line_no}: {why}; line skipped",
                ctx.paths[file]
            ));
            done.stats.skipped += 1;
        };
        // A line of valid text ends at ASCII line ends, so it is text in turn.
        let line = match whole.and_then(|whole| whole.get(start_of_line..end)) {
            Some(line) => Ok(line),
            None => std::str::from_utf8(raw),
        };
        let Ok(line) = line else {
            fail(done, "not UTF-8 text");
            continue;
        };
        match epd::read_line(line, &mut fen) {
            Ok(None) => continue,
            Ok(Some(board)) => {
                report.analyze(&board, &ctx.see);
                done.stats.count(&board, &report);
                let row = output::Row {
                    file: label,
                    origin: Origin::Line(line_no),
                    fen: &fen,
                    board: &board,
                    report: &report,
                    tag_names: &ctx.tag_names,
                    tags: &[],
                };
                emit_row(done, ctx, file, &row);
            }
            Err(why) => fail(done, &why),
        }
    }
}

fn process_game(
    file: usize,
    game: &pgn::GameRecord,
    ctx: &Context,
    done: &mut Done,
    report: &mut Report,
    fen: &mut Vec<u8>,
) {
    let label = ctx.labels.as_ref().map(|l| l[file].as_slice());
    let path = &ctx.paths[file];
    done.stats.games += 1;
    if let Some(why) = &game.rejected {
        done.messages
            .push(format!("{path}: game {}: {why}", game.number));
        done.stats.skipped += 1;
        return;
    }
    if game.is_empty() {
        done.messages.push(format!(
            "{path}: game {}: no tag, move or result (not PGN text?); skipped",
            game.number
        ));
        done.stats.skipped += 1;
        return;
    }
    let mut pos = match pgn::start(game) {
        Ok(pos) => pos,
        Err(why) => {
            done.messages
                .push(format!("{path}: game {}: {why}; game skipped", game.number));
            done.stats.skipped += 1;
            return;
        }
    };
    let mut ply = 0u32;
    let mut emit = |pos: &shakmaty::Chess, ply: u32, done: &mut Done| -> Result<(), String> {
        use shakmaty::Position;
        let board = pgn::to_cozy(pos)?;
        report.analyze(&board, &ctx.see);
        done.stats.count(&board, report);
        if ctx.shape != Shape::None || ctx.parquet.is_some() {
            fen.clear();
            output::push_fen(fen, &board, pos.halfmoves(), pos.fullmoves().get());
            let row = output::Row {
                file: label,
                origin: Origin::Game {
                    game: game.number,
                    ply,
                },
                fen,
                board: &board,
                report,
                tag_names: &ctx.tag_names,
                tags: &game.tag_values,
            };
            emit_row(done, ctx, file, &row);
        }
        Ok(())
    };
    if let Err(why) = emit(&pos, ply, done) {
        done.messages.push(format!(
            "{path}: game {}: ply 0: {why}; game skipped",
            game.number
        ));
        done.stats.skipped += 1;
        return;
    }
    for san in &game.moves {
        if let Err(why) = pgn::play(&mut pos, san) {
            // `play` leaves the position as it was when it fails.
            done.messages.push(format!(
                "{path}: game {}: ply {} ({}): {why}; rest of the game skipped",
                game.number,
                ply + 1,
                pgn::describe(&pos, san)
            ));
            done.stats.skipped += 1;
            return;
        }
        ply += 1;
        if let Err(why) = emit(&pos, ply, done) {
            done.messages.push(format!(
                "{path}: game {}: ply {ply} (after {san}): {why}; rest of the game skipped",
                game.number
            ));
            done.stats.skipped += 1;
            return;
        }
    }
    if game.truncated {
        done.messages.push(format!(
            "{path}: game {}: mainline longer than {ply} plies; rest of the game skipped",
            game.number
        ));
        done.stats.skipped += 1;
    }
}
