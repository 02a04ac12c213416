//! Columnar tables: Parquet files (Hugging Face's Lichess games, a puzzle or evaluation
//! dump saved by pandas or DuckDB) and record batches handed over as they are (how the
//! Python package passes on a Parquet row group pyarrow read), one record batch at a time.
//!
//! A table is read one of two ways, by the columns it has:
//!
//! - **games**: a movetext column (`movetext` by default; Hugging Face's
//!   `Lichess/standard-chess-games`) holds each game's moves as PGN movetext, with its
//!   comments (`[%clk]`, `[%eval]`). Each row is one game, numbered by its row; a FEN column,
//!   if there is one, is its starting position. The movetext is read by the same PGN reader
//!   as a PGN file.
//! - **positions**: a FEN column, and maybe a moves column, read as a CSV table's rows are
//!   ([`table`](crate::read::table)).
//!
//! Either way the columns named by the reading's tags are carried into the rows (any
//! column type, as text). Row numbers count from 1 in the whole file; they are the rows'
//! `line` (positions) or `game` (games), and a bad row is reported by its number.

use crate::read::games::GameReader;
use crate::read::note::{Cause, Note, Place, Skipped};
use crate::read::parse::Clipped;
use crate::read::pgn::GameRecord;
use crate::read::table::{column_list, moves_of, RowError, TableColumns, TableRow};
use crate::read::work::{Reading, Unit, Work};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, DataType, Schema};
use std::ops::ControlFlow;

/// Rows per record batch read, and so per unit of work.
pub(crate) const BATCH_ROWS: usize = 512;

/// What a table's rows are, told from its columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Games: the movetext column's index, and the FEN column's, if any.
    Games { movetext: usize, fen: Option<usize> },
    /// Positions: the FEN column's index, and the moves column's, if one was named.
    Positions { fen: usize, moves: Option<usize> },
}

/// Where each wanted column is in a schema.
struct Layout {
    shape: Shape,
    /// The carried columns' indices (`None`: the table has no such column), in the
    /// reading's tag order.
    carried: Vec<Option<usize>>,
}

fn position_of(schema: &Schema, wanted: &str) -> Result<Option<usize>, String> {
    let names = schema.fields().iter().map(|f| f.name().as_str());
    crate::read::table::find_column(names, wanted)
}

impl Layout {
    /// The table's shape, or why it has none (the columns it does have).
    fn of(schema: &Schema, columns: &TableColumns<'_>, tags: &[String]) -> Result<Layout, String> {
        let fen = position_of(schema, columns.fen)?;
        let moves = match columns.moves {
            Some(name) => Some((name, position_of(schema, name)?)),
            None => None,
        };
        let shape = match (position_of(schema, columns.movetext)?, fen, moves) {
            (_, _, Some((name, None))) => {
                return Err(format!("the table has no column {name:?} for the moves"))
            }
            (_, Some(fen), Some((_, moves))) => Shape::Positions { fen, moves },
            (_, None, Some((name, Some(_)))) => {
                return Err(format!(
                    "the table has no column {:?} for the positions the moves of {name:?} \
                     start from (name the column of FENs)",
                    columns.fen
                ))
            }
            (Some(movetext), fen, None) => Shape::Games { movetext, fen },
            (None, Some(fen), None) => Shape::Positions { fen, moves: None },
            (None, None, _) => {
                let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
                return Err(format!(
                    "the table has neither a column {:?} of games nor a column {:?} of \
                     positions (columns: {}); name the one to read",
                    columns.movetext,
                    columns.fen,
                    column_list(&names)
                ));
            }
        };
        let carried: Vec<Option<usize>> = tags
            .iter()
            .map(|t| position_of(schema, t))
            .collect::<Result<_, _>>()?;
        let read = match shape {
            Shape::Games { movetext, fen } => [Some(movetext), fen],
            Shape::Positions { fen, moves } => [Some(fen), moves],
        };
        // Every column read must be one `texts` can write, or the table is refused before
        // any row, naming it.
        for i in carried.iter().chain(&read).flatten() {
            let field = schema.field(*i);
            if !is_text(field.data_type()) {
                return Err(format!(
                    "the column {:?} holds {}, which is not read (strings, bytes, numbers, booleans, \
                     dates and lists of them are)",
                    field.name(),
                    field.data_type()
                ));
            }
        }
        Ok(Layout { shape, carried })
    }
}

/// Whether [`texts`] writes a column of this type (asked of an empty column, so that the
/// list of types lives in one place).
fn is_text(kind: &DataType) -> bool {
    texts(&arrow_array::new_empty_array(kind)).is_ok()
}

/// A column as text, one value a row (`None`: null or empty). Strings stay as they are;
/// numbers, booleans and dates (`YYYY-MM-DD`) are written out; a list of strings (a moves
/// column) is joined with spaces. Another type is an error naming it.
fn texts(column: &ArrayRef) -> Result<Vec<Option<String>>, ArrowError> {
    use arrow_array::types::*;
    fn all<T: ToString>(column: &ArrayRef, value: impl Fn(usize) -> T) -> Vec<Option<String>> {
        (0..column.len())
            .map(|i| (!column.is_null(i)).then(|| value(i).to_string()))
            .collect()
    }
    macro_rules! numbers {
        ($t:ty) => {{
            let values = column.as_primitive::<$t>();
            all(column, |i| values.value(i))
        }};
    }
    // Text kept as it is, a blank cell as none.
    fn strings<'a, T>(values: impl Iterator<Item = Option<T>>) -> Vec<Option<String>>
    where
        T: Into<std::borrow::Cow<'a, str>>,
    {
        values
            .map(|v| {
                v.map(Into::into)
                    .filter(|v| !v.trim().is_empty())
                    .map(|v| v.into_owned())
            })
            .collect()
    }
    fn lossy<'a>(values: impl Iterator<Item = Option<&'a [u8]>>) -> Vec<Option<String>> {
        strings(values.map(|v| v.map(String::from_utf8_lossy)))
    }
    let joined = |values: Option<ArrayRef>| -> Result<Option<String>, ArrowError> {
        let Some(values) = values else {
            return Ok(None);
        };
        let words = texts(&values)?;
        Ok(Some(
            words.into_iter().flatten().collect::<Vec<_>>().join(" "),
        ))
    };
    Ok(match column.data_type() {
        DataType::Utf8 => strings(column.as_string::<i32>().iter()),
        DataType::LargeUtf8 => strings(column.as_string::<i64>().iter()),
        DataType::Utf8View => strings(column.as_string_view().iter()),
        // Strings some writers store without their UTF-8 annotation (Arrow reads them as
        // bytes): read as text, a byte that is not UTF-8 as U+FFFD, so that a FEN with one
        // is refused by the FEN reader and named in its message.
        DataType::Binary => lossy(column.as_binary::<i32>().iter()),
        DataType::LargeBinary => lossy(column.as_binary::<i64>().iter()),
        DataType::BinaryView => lossy(column.as_binary_view().iter()),
        DataType::Boolean => {
            let values = column.as_boolean();
            all(column, |i| values.value(i))
        }
        DataType::Int8 => numbers!(Int8Type),
        DataType::Int16 => numbers!(Int16Type),
        DataType::Int32 => numbers!(Int32Type),
        DataType::Int64 => numbers!(Int64Type),
        DataType::UInt8 => numbers!(UInt8Type),
        DataType::UInt16 => numbers!(UInt16Type),
        DataType::UInt32 => numbers!(UInt32Type),
        DataType::UInt64 => numbers!(UInt64Type),
        DataType::Float32 => numbers!(Float32Type),
        DataType::Float64 => numbers!(Float64Type),
        DataType::Date32 => {
            let days = column.as_primitive::<Date32Type>();
            all(column, |i| date(days.value(i)))
        }
        DataType::Dictionary(_, _) => {
            let dictionary = column.as_any_dictionary();
            let words = texts(dictionary.values())?;
            // An empty dictionary (a column of nulls, or the empty column `is_text` asks
            // about) has no keys to look up: arrow's `normalized_keys` asserts on it.
            if words.is_empty() {
                return Ok(vec![None; column.len()]);
            }
            let keys = dictionary.normalized_keys();
            (0..column.len())
                .map(|i| {
                    if column.is_null(i) {
                        None
                    } else {
                        words.get(keys[i]).cloned().flatten()
                    }
                })
                .collect()
        }
        DataType::Time32(_) | DataType::Time64(_) => {
            let seconds = seconds(column)?;
            all(column, |i| clock(seconds[i]))
        }
        DataType::Timestamp(_, _) => {
            let seconds = seconds(column)?;
            all(column, |i| {
                let (days, rest) = (seconds[i].div_euclid(86_400), seconds[i].rem_euclid(86_400));
                format!("{} {}", date(days as i32), clock(rest))
            })
        }
        // Nested values (a list of numbers, a struct, a map) as JSON text, as the docs
        // carry tags "of any type, as text".
        DataType::List(item) | DataType::LargeList(item) if !is_text(item.data_type()) => {
            as_json_text(column)?
        }
        DataType::Struct(_) | DataType::Map(_, _) | DataType::FixedSizeList(_, _) => {
            as_json_text(column)?
        }
        DataType::List(_) => column
            .as_list::<i32>()
            .iter()
            .map(joined)
            .collect::<Result<_, _>>()?,
        DataType::LargeList(_) => column
            .as_list::<i64>()
            .iter()
            .map(joined)
            .collect::<Result<_, _>>()?,
        other => return Err(not_read(other)),
    })
}

/// A nested column as JSON text, one value a row (`None`: null).
fn as_json_text(column: &ArrayRef) -> Result<Vec<Option<String>>, ArrowError> {
    Ok(json(column)?
        .into_iter()
        .map(|v| (!v.is_null()).then(|| v.to_string()))
        .collect())
}

/// A column as JSON values, one a row: structs as objects, lists as arrays, maps as
/// objects keyed by their keys as text, numbers and booleans as themselves, anything
/// else as [`texts`] writes it.
fn json(column: &ArrayRef) -> Result<Vec<serde_json::Value>, ArrowError> {
    use serde_json::Value;
    // A list's items, all rows' at once (so that their type is checked when there are
    // none), then cut by each row's bounds.
    let lists = |items: &ArrayRef, bounds: &dyn Fn(usize) -> (usize, usize)| {
        let items = json(items)?;
        let rows = (0..column.len()).map(|i| {
            let (start, end) = bounds(i);
            match column.is_null(i) {
                true => Value::Null,
                false => Value::Array(items[start..end].to_vec()),
            }
        });
        Ok::<_, ArrowError>(rows.collect())
    };
    let null_or = |i: usize, value: Value| {
        if column.is_null(i) {
            Value::Null
        } else {
            value
        }
    };
    Ok(match column.data_type() {
        DataType::Struct(fields) => {
            let children = column
                .as_struct()
                .columns()
                .iter()
                .map(json)
                .collect::<Result<Vec<_>, _>>()?;
            (0..column.len())
                .map(|i| {
                    let object = fields
                        .iter()
                        .zip(&children)
                        .map(|(field, values)| (field.name().clone(), values[i].clone()));
                    null_or(i, Value::Object(object.collect()))
                })
                .collect()
        }
        DataType::List(_) => {
            let list = column.as_list::<i32>();
            let offsets = list.value_offsets();
            lists(list.values(), &|i| {
                (offsets[i] as usize, offsets[i + 1] as usize)
            })?
        }
        DataType::LargeList(_) => {
            let list = column.as_list::<i64>();
            let offsets = list.value_offsets();
            lists(list.values(), &|i| {
                (offsets[i] as usize, offsets[i + 1] as usize)
            })?
        }
        DataType::FixedSizeList(_, _) => {
            let list = column.as_fixed_size_list();
            let size = list.value_length() as usize;
            let at = list.offset();
            lists(list.values(), &|i| ((at + i) * size, (at + i + 1) * size))?
        }
        DataType::Map(_, _) => {
            let map = column.as_map();
            let (keys, values) = (texts(map.keys())?, json(map.values())?);
            let offsets = map.value_offsets();
            (0..column.len())
                .map(|i| {
                    let (start, end) = (offsets[i] as usize, offsets[i + 1] as usize);
                    let entries = (start..end)
                        .map(|k| (keys[k].clone().unwrap_or_default(), values[k].clone()));
                    null_or(i, Value::Object(entries.collect()))
                })
                .collect()
        }
        DataType::Boolean => {
            let values = column.as_boolean();
            (0..column.len())
                .map(|i| null_or(i, Value::Bool(values.value(i))))
                .collect()
        }
        kind if kind.is_numeric() => texts(column)?
            .into_iter()
            .map(|text| {
                let text = text.unwrap_or_default();
                // NaN and infinities are no JSON numbers: their text.
                serde_json::from_str::<serde_json::Number>(&text)
                    .map_or(Value::String(text), Value::Number)
            })
            .enumerate()
            .map(|(i, v)| null_or(i, v))
            .collect(),
        _ => texts(column)?
            .into_iter()
            .map(|text| text.map_or(Value::Null, Value::String))
            .collect(),
    })
}

fn not_read(kind: &DataType) -> ArrowError {
    ArrowError::NotYetImplemented(format!("a column of {kind} is not read as text"))
}

/// A time-of-day or timestamp column in whole seconds (since midnight, or since
/// 1970-01-01 UTC): every such type stores whole ticks of its unit, 32 bits wide for
/// `time32`, 64 bits for the others. Nulls read as 0 and are left out by the caller.
fn seconds(column: &ArrayRef) -> Result<Vec<i64>, ArrowError> {
    use arrow_schema::TimeUnit;
    let (unit, narrow) = match column.data_type() {
        DataType::Time32(unit) => (unit, true),
        DataType::Time64(unit) | DataType::Timestamp(unit, _) => (unit, false),
        other => return Err(not_read(other)),
    };
    let per_second: i64 = match unit {
        TimeUnit::Second => 1,
        TimeUnit::Millisecond => 1_000,
        TimeUnit::Microsecond => 1_000_000,
        TimeUnit::Nanosecond => 1_000_000_000,
    };
    let data = column.to_data();
    let ticks: Vec<i64> = if narrow {
        data.buffer::<i32>(0)
            .iter()
            .map(|&t| i64::from(t))
            .collect()
    } else {
        data.buffer::<i64>(0).to_vec()
    };
    Ok(ticks.iter().map(|t| t.div_euclid(per_second)).collect())
}

/// Seconds since midnight as `HH:MM:SS`, as PGN's `[UTCTime]` tag writes it.
fn clock(seconds: i64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    format!("{h:02}:{m:02}:{s:02}")
}

/// Days since 1970-01-01 as `YYYY-MM-DD` (the proleptic Gregorian calendar).
fn date(days: i32) -> String {
    // Howard Hinnant's civil-from-days.
    let z = i64::from(days) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Reads a table's record batches (`rows_before`: rows of the same file before the first
/// batch) into units of work handed to `emit`, which breaks to stop. Breaks once `emit`
/// wants no more. A problem with the whole table (no usable column, an
/// unreadable batch) is a note.
pub(crate) fn read_batches(
    file: usize,
    batches: impl Iterator<Item = Result<RecordBatch, ArrowError>>,
    schema: &Schema,
    rows_before: u64,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let layout = match Layout::of(schema, &reading.columns, reading.tags) {
        Ok(layout) => layout,
        Err(why) => {
            let note = Note::unreadable(file, Place::File, Cause::Invalid(why));
            return emit(Work(Unit::Note(note)));
        }
    };
    let mut row = rows_before;
    for batch in batches {
        let work = batch.and_then(|batch| {
            let first = row + 1;
            row += batch.num_rows() as u64;
            match layout.shape {
                Shape::Games { movetext, fen } => games(
                    file,
                    &batch,
                    &layout,
                    movetext,
                    fen,
                    first,
                    reading.comments,
                ),
                Shape::Positions { fen, moves } => {
                    positions(file, &batch, &layout, fen, moves, &reading.columns, first)
                }
            }
        });
        match work {
            Ok(work) => work.into_iter().try_for_each(&mut *emit)?,
            Err(e) => {
                let cause = Cause::Read(e.to_string());
                return emit(Work(Unit::Note(Note::unreadable(
                    file,
                    Place::Row(row + 1),
                    cause,
                ))));
            }
        }
    }
    ControlFlow::Continue(())
}

/// The carried columns' values for each row of a batch.
fn carried(batch: &RecordBatch, layout: &Layout) -> Result<Vec<Vec<Option<String>>>, ArrowError> {
    let columns: Vec<Option<Vec<Option<String>>>> = layout
        .carried
        .iter()
        .map(|i| i.map(|i| texts(batch.column(i))).transpose())
        .collect::<Result<_, _>>()?;
    Ok((0..batch.num_rows())
        .map(|r| {
            columns
                .iter()
                .map(|c| c.as_ref().and_then(|c| c[r].clone()))
                .collect()
        })
        .collect())
}

/// A batch of positions: the rows of a CSV table.
fn positions(
    file: usize,
    batch: &RecordBatch,
    layout: &Layout,
    fen_column: usize,
    moves_column: Option<usize>,
    columns: &TableColumns<'_>,
    first: u64,
) -> Result<Vec<Work>, ArrowError> {
    let fens = texts(batch.column(fen_column))?;
    let moves = moves_column.map(|i| texts(batch.column(i))).transpose()?;
    let mut carried = carried(batch, layout)?.into_iter();
    let rows = fens
        .into_iter()
        .enumerate()
        .map(|(r, fen)| {
            let line = first + r as u64;
            let carried = carried.next().unwrap_or_default();
            let Some(fen) = fen else {
                return Err(RowError::no_fen(line, columns));
            };
            let moves = moves.as_ref().and_then(|m| m[r].as_deref());
            let moves = moves.map(moves_of).unwrap_or_default();
            Ok(TableRow::new(line, fen, moves, carried, columns))
        })
        .collect();
    Ok(vec![Work(Unit::Table {
        file,
        rows,
        by_row: true,
    })])
}

/// A batch of games: each row's movetext read by its own PGN reader, so that nothing one
/// row holds (an unclosed comment, a tag line) reaches the next. Each game is numbered by
/// its row and carries its row's columns.
fn games(
    file: usize,
    batch: &RecordBatch,
    layout: &Layout,
    movetext_column: usize,
    fen_column: Option<usize>,
    first: u64,
    comments: bool,
) -> Result<Vec<Work>, ArrowError> {
    let movetexts = texts(batch.column(movetext_column))?;
    let fens = fen_column.map(|i| texts(batch.column(i))).transpose()?;
    let mut carried = carried(batch, layout)?;
    let mut work = Vec::new();
    let mut read = Vec::with_capacity(movetexts.len());
    for (r, movetext) in movetexts.iter().enumerate() {
        let row = first + r as u64;
        let fen = fens.as_ref().and_then(|f| f[r].clone());
        match movetext.as_deref().map(|text| game_of(text, fen, comments)) {
            Some(Ok(mut game)) => {
                game.number = row;
                game.tag_values = std::mem::take(&mut carried[r]);
                read.push(game);
            }
            failed => {
                let why = match failed {
                    Some(Err(why)) => why,
                    _ => "no movetext".to_string(),
                };
                if !read.is_empty() {
                    let games = std::mem::take(&mut read);
                    work.push(Work(Unit::Pgn { file, games }));
                }
                let place = Place::Game {
                    game: row,
                    ply: None,
                };
                work.push(Work(Unit::Note(Note::invalid(
                    file,
                    place,
                    why,
                    Skipped::Game,
                ))));
            }
        }
    }
    work.push(Work(Unit::Pgn { file, games: read }));
    Ok(work)
}

/// One row's movetext read as one game (`fen`: its starting position, from the table's
/// FEN column), or why it is not one game. `comments`: whether its comments are read.
fn game_of(movetext: &str, fen: Option<String>, comments: bool) -> Result<GameRecord, String> {
    let mut reader = GameReader::new(movetext.as_bytes(), Vec::new(), comments, movetext.len());
    let mut game = match reader.read_game() {
        Ok(Some(game)) => game,
        Ok(None) => return Err("no game in the movetext".into()),
        Err(e) => return Err(e.to_string()),
    };
    // A second game (a tag line, or a blank line and more moves) is not this row's to
    // guess at.
    match reader.has_more() {
        Ok(false) => {}
        Ok(true) => {
            return Err(
                "the movetext holds more than one game (a tag line or a blank line inside it)"
                    .into(),
            )
        }
        Err(e) => return Err(e.to_string()),
    }
    if game.tags > 0 {
        return Err("the movetext has tag lines; a row's other columns are its tags".into());
    }
    if fen.is_some() {
        game.fen = fen;
    }
    Ok(game)
}

/// Reads a Parquet file a record batch at a time (only the columns the rows need are
/// decoded). Breaks once `emit` wants no more.
pub(crate) fn read_parquet<R: parquet::file::reader::ChunkReader + 'static>(
    file: usize,
    source: R,
    rows_before: u64,
    reading: &Reading<'_>,
    emit: &mut dyn FnMut(Work) -> ControlFlow<()>,
) -> ControlFlow<()> {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::arrow::ProjectionMask;
    let unreadable = |why: String| Note::unreadable(file, Place::File, Cause::Read(why));
    let builder = match ParquetRecordBatchReaderBuilder::try_new(source) {
        Ok(builder) => builder,
        Err(e) => {
            return emit(Work(Unit::Note(unreadable(format!(
                "not a readable Parquet file: {e}"
            )))))
        }
    };
    if let Some(why) = negative_chunk(builder.metadata()) {
        return emit(Work(Unit::Note(unreadable(format!(
            "not a readable Parquet file: {why}"
        )))));
    }
    let schema = std::sync::Arc::clone(builder.schema());
    // Decode only the columns the rows read: a games table's other columns can be large.
    let wanted: Vec<usize> = match Layout::of(&schema, &reading.columns, reading.tags) {
        Ok(layout) => {
            let mut wanted: Vec<usize> = layout.carried.iter().flatten().copied().collect();
            match layout.shape {
                Shape::Games { movetext, fen } => {
                    wanted.extend([Some(movetext), fen].into_iter().flatten())
                }
                Shape::Positions { fen, moves } => {
                    wanted.extend([Some(fen), moves].into_iter().flatten())
                }
            }
            wanted
        }
        Err(why) => {
            let note = Note::unreadable(file, Place::File, Cause::Invalid(why));
            return emit(Work(Unit::Note(note)));
        }
    };
    let mask = ProjectionMask::roots(builder.parquet_schema(), wanted);
    let reader = match builder
        .with_projection(mask)
        .with_batch_size(BATCH_ROWS)
        .build()
    {
        Ok(reader) => reader,
        Err(e) => {
            return emit(Work(Unit::Note(unreadable(format!(
                "cannot read the Parquet file: {e}"
            )))))
        }
    };
    let projected = reader.schema();
    read_batches(file, reader, &projected, rows_before, reading, emit)
}

/// The first column chunk whose place in the file the metadata gives as negative, named:
/// the parquet crate asserts on it (a panic) when it comes to read that chunk, where its
/// other checks of the metadata return errors. Found by the `read_inputs` fuzz target.
fn negative_chunk(metadata: &parquet::file::metadata::ParquetMetaData) -> Option<String> {
    metadata
        .row_groups()
        .iter()
        .enumerate()
        .find_map(|(group, row_group)| {
            row_group.columns().iter().find_map(|chunk| {
                let start = chunk
                    .dictionary_page_offset()
                    .unwrap_or(chunk.data_page_offset());
                (start < 0 || chunk.compressed_size() < 0).then(|| {
                    format!(
                        "row group {group}, column {}: a negative offset or length in the \
                         file's metadata",
                        Clipped(&chunk.column_path().string())
                    )
                })
            })
        })
}
