//! Reading: each input told apart once ([`Source`]), then its stream cut into
//! units of work (a few hundred lines, or a few hundred plies of games) handed to a
//! callback in input order. `seeswap scan` sends them in batches over a bounded channel, so
//! that memory stays flat however large the input; the Python package analyses them as
//! they come. Problems found while reading become [`Note`]s in their place in the input.

use crate::read::ahead::ReadAhead;
#[cfg(feature = "parquet")]
use crate::read::columnar::read_parquet;
use crate::read::format::Format;
use crate::read::game_starts::GameStarts;
use crate::read::games::{GameReader, CHUNK};
use crate::read::note::{Cause, Note, Place, Skipped};
use crate::read::pool::Pool;
use crate::read::records::{Counted, InputName, MAX_RECORD_BYTES};
use crate::read::source::{Source, SourceError, Stream, Table};
use crate::read::work::{Reading, Unit, Work};
use std::cell::RefCell;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bytes of EPD text per unit of work (a few hundred lines).
pub(crate) const EPD_UNIT_BYTES: usize = 16 << 10;
/// Plies per unit of PGN work.
const PGN_UNIT_PLIES: usize = 512;
/// Units per batch: the workers share out one batch at a time.
pub(crate) const BATCH_UNITS: usize = 64;
/// Longest EPD line read, and longest PGN tag line or comment; a longer EPD line is
/// reported and skipped.
const MAX_LINE: usize = MAX_RECORD_BYTES;

/// A build without Parquet (the `parquet` feature off) says so, once for the input.
#[cfg(not(feature = "parquet"))]
fn read_parquet<T>(
    file: usize,
    _table: T,
    _lines_before: u64,
    _reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let why = "a Parquet table, which this build does not read (built without parquet)";
    emit(Work(Unit::Note(Note::unreadable(
        file,
        Place::File,
        Cause::Invalid(why.into()),
    ))))
}

/// Reads every input in turn and hands its units to `emit`, which breaks to stop.
/// Compressed bytes read so far are added to `count` as they come (for progress bars).
pub(crate) fn read_all(
    inputs: &[InputName],
    reading: &Reading<'_>,
    count: &Arc<AtomicU64>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) {
    for (file, name) in inputs.iter().enumerate() {
        // Bytes are counted as they come from the file, compressed or not (progress
        // against its size).
        let counted = |raw| -> Stream {
            Box::new(Counted {
                inner: raw,
                count: Arc::clone(count),
            })
        };
        let source = Source::opened(name, reading.format, reading.columns.fen, counted);
        let parquet_file = matches!(source, Ok(Source::Parquet(Table::File(_))));
        if read_source(file, source, 0, reading, emit).is_break() {
            return;
        }
        if parquet_file {
            count.fetch_add(name.size().unwrap_or(0), Ordering::Relaxed);
        }
    }
}

/// Reads one input (`raw`: its bytes as stored, compressed or not) and hands its units to
/// `emit`. `lines_before` is added to every line number (a byte range of a larger file).
/// Breaks once `emit` wants no more.
pub(crate) fn read_input(
    file: usize,
    raw: Stream,
    lines_before: u64,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let source = Source::read(raw, reading.format, reading.columns.fen);
    read_source(file, source, lines_before, reading, emit)
}

/// Hands the units of an input told apart (or the note of why it could not be) to `emit`.
fn read_source(
    file: usize,
    source: Result<Source, SourceError>,
    lines_before: u64,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let source = match source {
        Ok(source) => source,
        Err(e) => {
            let cause = match e {
                SourceError::Open(e) => Cause::Open(e.to_string()),
                SourceError::Read(e) => Cause::Read(e.to_string()),
                SourceError::UnknownFormat => Cause::UnknownFormat,
                SourceError::Binary => Cause::Binary,
            };
            return emit(Work(Unit::Note(Note::unreadable(file, Place::File, cause))));
        }
    };
    match source {
        Source::Empty => ControlFlow::Continue(()),
        // Parquet keeps its index at its end: a file is read by seeking, a row group at a
        // time; a stream (standard input, a block handed over from Python) is held whole.
        Source::Parquet(Table::File(f)) => read_parquet(file, f, lines_before, reading, emit),
        Source::Parquet(Table::Stream(mut data, rest)) => {
            if let Err(e) = { rest }.read_to_end(&mut data) {
                let note = Note::unreadable(file, Place::File, Cause::Read(e.to_string()));
                return emit(Work(Unit::Note(note)));
            }
            #[cfg(feature = "parquet")]
            let data = bytes::Bytes::from(data);
            read_parquet(file, data, lines_before, reading, emit)
        }
        Source::Text {
            format,
            blank_lines,
            lines,
        } => {
            let first_line = lines_before + blank_lines;
            match format {
                Format::Epd => read_epd(file, first_line + 1, lines, reading.pool, emit),
                // Decompression on a thread of its own, beside the cutting.
                Format::Pgn if reading.cut_games => match ReadAhead::start(lines) {
                    Ok(ahead) => cut_pgn(file, ahead, reading, emit),
                    Err(e) => {
                        let note = Note::unreadable(file, Place::File, Cause::Read(e.to_string()));
                        emit(Work(Unit::Note(note)))
                    }
                },
                Format::Pgn => read_pgn(file, lines, 1, reading, emit),
                // A Parquet source is never text: told apart by its first bytes.
                Format::Parquet => ControlFlow::Continue(()),
                Format::Csv | Format::Jsonl => {
                    read_table(file, format, lines, first_line, reading, emit)
                }
            }
        }
    }
}

/// Sends the lines read so far as one unit, then a note that one line was skipped, so the
/// note comes out after the lines before it. Breaks once the receiver is gone.
fn flush_with_note(
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
    file: usize,
    first_line: u64,
    text: &mut Vec<u8>,
    note: Note,
) -> ControlFlow<()> {
    let unit = Work(Unit::Epd {
        file,
        first_line,
        text: std::mem::take(text),
    });
    emit(unit)?;
    emit(Work(Unit::Note(note)))
}

/// Cuts EPD text (whose first line is line `line_no`) into units of whole lines (about
/// [`EPD_UNIT_BYTES`] each). Breaks once the receiver is gone.
fn read_epd(
    file: usize,
    mut line_no: u64,
    input: impl Read,
    pool: &Pool,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut reader = io::BufReader::with_capacity(1 << 16, input);
    let mut text = pool.get();
    let mut first_line = line_no;
    loop {
        let start = text.len();
        // Whole lines straight from the reader's buffer, up to the unit's size: one copy and
        // one count of line ends per buffer, not a read call per line.
        let buffered = match io::BufRead::fill_buf(&mut reader) {
            Ok(buffered) => buffered,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let note = Note::unreadable(file, Place::Line(line_no), Cause::Read(e.to_string()));
                return flush_with_note(emit, file, first_line, &mut text, note);
            }
        };
        if buffered.is_empty() {
            break;
        }
        let room = EPD_UNIT_BYTES.saturating_sub(start).max(1);
        let window = &buffered[..buffered.len().min(room)];
        if let Some(last) = memchr::memrchr(b'\n', window) {
            let lines = &window[..=last];
            line_no += memchr::memchr_iter(b'\n', lines).count() as u64;
            text.extend_from_slice(lines);
            io::BufRead::consume(&mut reader, last + 1);
        } else {
            // A line that runs past the buffer (or the unit's room) is read alone, with the
            // length limit.
            let mut limited = (&mut reader).take(MAX_LINE as u64 + 1);
            let n = match io::BufRead::read_until(&mut limited, b'\n', &mut text) {
                Ok(n) => n,
                Err(e) => {
                    text.truncate(start);
                    let cause = Cause::Read(e.to_string());
                    let note = Note::unreadable(file, Place::Line(line_no), cause);
                    return flush_with_note(emit, file, first_line, &mut text, note);
                }
            };
            if n == 0 {
                break;
            }
            if text.len() - start > MAX_LINE && text.last() != Some(&b'\n') {
                // An overlong line: report it, drop what was read, and skip to its end.
                text.truncate(start);
                let why = format!("the line is longer than the {MAX_LINE} bytes a record may have");
                let note = Note::invalid(file, Place::Line(line_no), why, Skipped::Line);
                flush_with_note(emit, file, first_line, &mut text, note)?;
                skip_line(&mut reader);
                line_no += 1;
                first_line = line_no;
                continue;
            }
            line_no += 1;
        }
        if text.len() >= EPD_UNIT_BYTES {
            let unit = Work(Unit::Epd {
                file,
                first_line,
                text: std::mem::replace(&mut text, pool.get()),
            });
            first_line = line_no;
            emit(unit)?;
        }
    }
    if text.is_empty() {
        return ControlFlow::Continue(());
    }
    emit(Work(Unit::Epd {
        file,
        first_line,
        text,
    }))
}

/// Reads on to the end of the current line (an overlong one being skipped), a record's
/// length at a time.
fn skip_line(reader: &mut impl io::BufRead) {
    let mut sink = Vec::new();
    loop {
        sink.clear();
        let mut limited = (&mut *reader).take(MAX_LINE as u64);
        match io::BufRead::read_until(&mut limited, b'\n', &mut sink) {
            Ok(0) => break,
            Ok(_) if sink.last() == Some(&b'\n') => break,
            Ok(_) => {}
            Err(_) => break,
        }
    }
}

/// Rows of a table per unit of work.
const TABLE_UNIT_ROWS: usize = 512;

/// Reads a CSV or JSON Lines table into units of rows. Breaks once the receiver
/// is gone.
fn read_table(
    file: usize,
    format: Format,
    input: impl Read,
    lines_before: u64,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (columns, carried) = (&reading.columns, reading.tags);
    let mut rows = Vec::with_capacity(TABLE_UNIT_ROWS);
    let mut flow = ControlFlow::Continue(());
    let mut add = |row| {
        rows.push(row);
        if rows.len() >= TABLE_UNIT_ROWS {
            let unit = Work(Unit::Table {
                file,
                rows: std::mem::take(&mut rows),
                by_row: false,
            });
            flow = emit(unit);
        }
        flow
    };
    let read = match format {
        Format::Csv => {
            crate::read::table::read_csv(input, columns, carried, lines_before, &mut add)
        }
        _ => crate::read::table::read_jsonl(input, columns, carried, lines_before, &mut add),
    };
    flow?;
    if !rows.is_empty() {
        emit(Work(Unit::Table {
            file,
            rows,
            by_row: false,
        }))?;
    }
    match read {
        Ok(()) => ControlFlow::Continue(()),
        Err((place, cause)) => emit(Work(Unit::Note(Note::unreadable(file, place, cause)))),
    }
}

/// An input that ends where its stream fails, keeping the error for later: the PGN reader
/// asks for up to 64 KiB ahead (room for a long tag line), and an error on that read threw
/// away every whole game it had been handed before it (a truncated download lost its last
/// 64 KiB of games, a short one all of them).
struct EndAtError<R> {
    inner: R,
    error: Rc<RefCell<Option<io::Error>>>,
}

impl<R: Read> Read for EndAtError<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.error.borrow().is_some() {
            return Ok(0);
        }
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    *self.error.borrow_mut() = Some(e);
                    return Ok(0);
                }
                Ok(n) => return Ok(n),
            }
        }
    }
}

/// Bytes of PGN text per unit of work, at least, when the workers read the games (a few
/// dozen games: about a read's worth), and the reading thread only cuts them
/// ([`cut_pgn`]).
const PGN_UNIT_BYTES: usize = CHUNK;

/// The longest game held whole for a worker to read: the rest of an input whose game is
/// longer (megabytes of comments) is read on the reading thread ([`read_pgn`]), so that
/// memory stays flat.
const MAX_CUT_GAME_BYTES: usize = 8 << 20;

/// Cuts PGN text into units of whole games, a read's worth each, at the game
/// starts [`GameStarts`] finds, for the workers to read in parallel: the reading thread
/// only decompresses and searches bytes. The games keep their numbers. A read error, or a
/// game too long to hold, hands the rest of the input, from the first game not yet cut
/// off, to [`read_pgn`], which reads it as it would have read the whole. Breaks once the
/// receiver is gone.
fn cut_pgn(
    file: usize,
    mut input: ReadAhead,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let tags: Arc<[String]> = reading.tags.into();
    let unit = |first_game: u64, text: Vec<u8>| {
        Work(Unit::PgnText {
            file,
            first_game,
            text,
            tags: Arc::clone(&tags),
            comments: reading.comments,
        })
    };
    let mut text = reading.pool.get();
    let mut search = GameStarts::new();
    // Where games start in `text`, and the number of the first of them.
    let mut starts: Vec<usize> = Vec::new();
    let mut first_game = 1;
    loop {
        // The blocks the input is read in, taken as they come (no buffer zeroed to read
        // into, no second copy).
        let eof = match input.next_block() {
            Ok(Some(block)) => {
                text.extend_from_slice(block);
                false
            }
            Ok(None) => true,
            Err(e) => {
                let rest = io::Cursor::new(text).chain(Failed(Some(e)));
                return read_pgn(file, rest, first_game, reading, emit);
            }
        };
        search.search(&text, eof, |at| starts.push(at));
        if eof {
            break;
        }
        // A unit of whole games: all the text but the last game begun, which may not be
        // whole yet (its bytes are the only ones copied).
        if text.len() >= PGN_UNIT_BYTES {
            if let Some(games) = starts.iter().rposition(|&at| at > 0) {
                let at = starts[games];
                let mut whole = std::mem::replace(&mut text, reading.pool.get());
                text.extend_from_slice(&whole[at..]);
                whole.truncate(at);
                starts.drain(..games);
                starts.iter_mut().for_each(|s| *s -= at);
                search.cut(at);
                emit(unit(first_game, whole))?;
                first_game += games as u64;
            }
        }
        if text.len() > MAX_CUT_GAME_BYTES {
            let rest = io::Cursor::new(text).chain(input);
            return read_pgn(file, rest, first_game, reading, emit);
        }
    }
    if text.iter().all(u8::is_ascii_whitespace) {
        reading.pool.put(text);
        return ControlFlow::Continue(());
    }
    emit(unit(first_game, text))
}

/// A reader that fails with its error once (then ends): the rest of an input whose stream
/// failed, handed to [`read_pgn`] after the text read before the failure.
struct Failed(Option<io::Error>);

impl Read for Failed {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        match self.0.take() {
            Some(e) => Err(e),
            None => Ok(0),
        }
    }
}

/// The note for a game the PGN reader could not read (`e`), and whether the reading goes
/// on after it: a comment left open at the input's end costs its game; a failed read ends
/// the input.
pub(crate) fn unread_game(file: usize, game: u64, e: &io::Error) -> (Note, bool) {
    let recoverable = e.kind() == io::ErrorKind::InvalidData;
    let place = Place::Game { game, ply: None };
    let note = if recoverable {
        Note::invalid(file, place, e.to_string(), Skipped::Game)
    } else {
        Note::unreadable(file, place, Cause::Read(e.to_string()))
    };
    (note, recoverable)
}

/// Collects PGN games into units, the first numbered `first_game`, on the reading thread.
/// Breaks once the receiver is gone.
fn read_pgn(
    file: usize,
    input: impl Read,
    first_game: u64,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let failed = Rc::new(RefCell::new(None));
    let input = EndAtError {
        inner: input,
        error: Rc::clone(&failed),
    };
    let mut reader = GameReader::new(input, reading.tags.to_vec(), reading.comments, CHUNK)
        .numbered_from(first_game);
    let mut games = Vec::new();
    let mut plies = 0;
    // Once the stream has failed, the last game read may be cut short: each game is held
    // back until the next one begins (which shows it whole) or the text ends.
    let mut held = None;
    // The game the stream stopped in, once known.
    let mut cut = None;
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                let game = if failed.borrow().is_some() {
                    match held.replace(game) {
                        Some(whole) => whole,
                        None => continue,
                    }
                } else {
                    game
                };
                plies += game.moves.len() + 1;
                games.push(game);
                if plies >= PGN_UNIT_PLIES {
                    plies = 0;
                    let unit = Work(Unit::Pgn {
                        file,
                        games: std::mem::take(&mut games),
                    });
                    emit(unit)?;
                    // The games of a unit processed (one for each unit sent, so that
                    // none piles up) are the next games' spares, and their emptied list
                    // holds the next unit's games.
                    let mut processed = reading.pool.spare_games();
                    reader.spares.append(&mut processed);
                    games = processed;
                }
            }
            Ok(None) => break,
            // Text cut by the stream's end (an unclosed comment): the game is the one the
            // stream stopped in, not a bad one.
            Err(_) if failed.borrow().is_some() => {
                cut = Some(reader.games);
                break;
            }
            Err(e) => {
                let unit = Work(Unit::Pgn {
                    file,
                    games: std::mem::take(&mut games),
                });
                plies = 0;
                let (note, recoverable) = unread_game(file, reader.games, &e);
                emit(unit)?;
                emit(Work(Unit::Note(note)))?;
                if !recoverable {
                    return ControlFlow::Continue(());
                }
            }
        }
    }
    let Some(error) = failed.borrow_mut().take() else {
        if games.is_empty() {
            return ControlFlow::Continue(());
        }
        return emit(Work(Unit::Pgn { file, games }));
    };
    // The last game read is whole if another began after it, or if its result was read;
    // the note goes at the first game not kept.
    if let Some(last) = held {
        if cut.is_some() || last.outcome {
            games.push(last);
        } else {
            cut = Some(last.number);
        }
    }
    emit(Work(Unit::Pgn { file, games }))?;
    let place = Place::Game {
        game: cut.unwrap_or(reader.games + 1),
        ply: None,
    };
    let note = Note::unreadable(file, place, Cause::Read(error.to_string()));
    emit(Work(Unit::Note(note)))
}
