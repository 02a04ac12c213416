//! Tables of positions: CSV with a header, or JSON Lines, whose rows hold a FEN in a named
//! column or field, as Lichess ships its puzzles (`PuzzleId,FEN,Moves,Rating,...`) and its
//! evaluations (`{"fen": ..., "evals": [...]}`). A moves column or field (UCI, separated
//! by spaces, or a JSON array) may follow the position: the puzzle convention plays the
//! first moves before the position is analysed, and the next one is the move played. The
//! other columns asked for are carried into the rows, as PGN tags are.

use crate::read::note::{Cause, Place};
use crate::read::records::Records;
use std::io;
use std::ops::ControlFlow;

/// Which columns (or fields) a table's rows are read from. Names match in any case.
#[derive(Clone, Debug)]
pub(crate) struct TableColumns<'a> {
    /// The FEN column (`fen` by default).
    pub fen: &'a str,
    /// The moves column, if any (Lichess's puzzles: `Moves`).
    pub moves: Option<&'a str>,
    /// How many of the moves are played before the position is analysed (the puzzle
    /// convention: 1, the opponent's move that sets the puzzle).
    pub apply: usize,
    /// A Parquet table's column of games as PGN movetext (`movetext` by default, as on
    /// Hugging Face's Lichess games); read by the Parquet reader.
    pub movetext: &'a str,
}

impl Default for TableColumns<'_> {
    /// The flags' defaults: `fen`, no moves column (the puzzle convention's 1 move applied
    /// when one is named), `movetext`.
    fn default() -> Self {
        TableColumns {
            fen: "fen",
            moves: None,
            apply: 1,
            movetext: "movetext",
        }
    }
}

/// One row of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableRow {
    /// Where it is: the line of its file (CSV: where the record starts).
    pub line: u64,
    /// The FEN.
    pub fen: String,
    /// The moves (UCI), when the table has a moves column.
    pub moves: Vec<String>,
    /// How many of them to play before the position is analysed ([`TableColumns::apply`]
    /// when the table has a moves column, else 0); a row with fewer moves is refused.
    pub apply: usize,
    /// The values of the columns carried into the rows (the reading's tags), in order.
    pub carried: Vec<Option<String>>,
}

impl TableRow {
    /// A row of `columns`' table: the first [`TableColumns::apply`] of its moves are to be
    /// played before the position is analysed.
    pub(crate) fn new(
        line: u64,
        fen: String,
        moves: Vec<String>,
        carried: Vec<Option<String>>,
        columns: &TableColumns<'_>,
    ) -> TableRow {
        TableRow {
            line,
            fen,
            apply: if columns.moves.is_some() {
                columns.apply
            } else {
                0
            },
            moves,
            carried,
        }
    }
}

/// A moves field as tables write it: UCI moves separated by spaces, or a JSON array of
/// them (`["e2e4","e7e5"]`, as a data frame's list column saved to CSV writes it).
pub(crate) fn moves_of(text: &str) -> Vec<String> {
    let trimmed = text.trim();
    if trimmed.starts_with('[') && trimmed.ends_with(']') {
        if let Ok(items) = serde_json::from_str::<Vec<serde_json::Value>>(trimmed) {
            return items.iter().filter_map(as_text).collect();
        }
    }
    text.split_whitespace().map(String::from).collect()
}

/// A row that cannot be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RowError {
    /// Its line.
    pub line: u64,
    /// Why.
    pub why: String,
}

impl RowError {
    /// A position given as a missing value (`None`, or a null in a data frame's column).
    pub(crate) fn missing(line: u64) -> RowError {
        let why = "no position: the value is missing (null)".to_string();
        RowError { line, why }
    }

    /// A CSV row with more cells than its header.
    fn too_many_cells(line: u64, cells: usize, header: usize) -> RowError {
        let why = format!(
            "the row has {cells} cells where the header has {header} (a comma outside \
             quotes?)"
        );
        RowError { line, why }
    }

    /// A row without a FEN in the table's FEN column.
    pub(crate) fn no_fen(line: u64, columns: &TableColumns<'_>) -> RowError {
        let why = format!("no FEN in column {:?}", columns.fen);
        RowError { line, why }
    }
}

/// Where the column `wanted` stands among `names` (trimmed): the first named exactly so,
/// else the one named so in another case (`FEN` for `fen`). Two names that differ and
/// both match in another case (`FEN` and `Fen`) are ambiguous: an error that names them.
/// A name that stands twice is one column, its first place (a CSV header's second copy is
/// what pandas and DuckDB rename).
pub(crate) fn find_column<'a>(
    names: impl Iterator<Item = &'a str> + Clone,
    wanted: &str,
) -> Result<Option<usize>, String> {
    let wanted = wanted.trim();
    if let Some(i) = names.clone().position(|n| n.trim() == wanted) {
        return Ok(Some(i));
    }
    let mut found: Option<(usize, &str)> = None;
    for (i, name) in names.enumerate() {
        let name = name.trim();
        if !name.eq_ignore_ascii_case(wanted) {
            continue;
        }
        match found {
            None => found = Some((i, name)),
            Some((_, first)) if first == name => {}
            Some((_, first)) => {
                return Err(format!(
                    "{wanted:?} names no column exactly, and both {first:?} and {name:?} in \
                     another case: name one of them exactly"
                ))
            }
        }
    }
    Ok(found.map(|(i, _)| i))
}

fn position_of(names: &[String], wanted: &str) -> Result<Option<usize>, String> {
    find_column(names.iter().map(String::as_str), wanted)
}

/// A line's text, or why it is not text.
type LineText<'a> = Result<&'a str, String>;

/// Why a table stopped before its end: where (the whole file, for a header that cannot be
/// read; the line a read error met) and why.
pub(crate) type Stop = (Place, Cause);

/// Hands every line of `input` (numbered from `lines_before + 1`), blank ones too, as
/// text or why it is not, to `each`, which breaks to stop. A read error is returned with
/// the line it met: the lines before it were read.
fn every_line(
    input: impl io::Read,
    lines_before: u64,
    each: &mut dyn FnMut(u64, LineText<'_>) -> ControlFlow<()>,
) -> Result<(), Stop> {
    let mut records = Records::new(input);
    let mut last = 0;
    while let Some((n, record)) = records.next_record().map_err(|e| {
        let place = Place::Line(lines_before + last + 1);
        (place, Cause::Read(e.to_string()))
    })? {
        last = n;
        if each(lines_before + n, record.map_err(|e| e.why())).is_break() {
            break;
        }
    }
    Ok(())
}

/// Hands each CSV record of `input` (numbered by its first line) to `each`, as [`every_line`]
/// hands lines: a quoted field may hold line breaks (RFC 4180, as pandas, DuckDB and
/// Python's `csv` module write a cell with one). A quote left open past the record limit,
/// or to the input's end, is reported on the line it opened on, and the lines after that
/// one are read again as records of their own: one broken quote costs one line, not the
/// rest of the file, and memory stays bounded.
fn csv_records(
    input: impl io::Read,
    lines_before: u64,
    each: &mut dyn FnMut(u64, LineText<'_>) -> ControlFlow<()>,
) -> Result<(), Stop> {
    let mut joined = Joined::default();
    let mut stopped = false;
    every_line(input, lines_before, &mut |n, text| {
        let flow = match text {
            Ok(text) => joined.feed(n, text, each),
            // A line that is not text ends any record it was in.
            Err(why) => {
                let open = "a quoted field is not closed before a line that is not text";
                let _ = joined.give_up(open, each);
                each(n, Err(why))
            }
        };
        stopped = flow.is_break();
        flow
    })?;
    if !stopped {
        let why = "a quoted field is not closed before the end of the input";
        let _ = joined.give_up(why, each);
    }
    Ok(())
}

/// A CSV record being read over several lines (a quoted field with line breaks).
#[derive(Default)]
struct Joined {
    /// The record's first line, `0` when none is open.
    first: u64,
    /// The record so far, its lines joined with `\n`.
    text: String,
    /// The lines after its first, to be read again if the quote is never closed.
    held: Vec<(u64, String)>,
    /// Where the quotes stand at the end of the text.
    quotes: Quotes,
}

impl Joined {
    /// Reads line `n`: a record is handed on once its quotes are closed.
    fn feed(
        &mut self,
        n: u64,
        line: &str,
        emit: &mut dyn FnMut(u64, LineText<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.first == 0 {
            if line.trim().is_empty() {
                return ControlFlow::Continue(());
            }
            let mut quotes = Quotes::default();
            quotes.read(line.as_bytes());
            if !quotes.quoted {
                return emit(n, Ok(line));
            }
            (self.first, self.quotes) = (n, quotes);
            self.text.clear();
            self.text.push_str(line);
            return ControlFlow::Continue(());
        }
        self.quotes.read(b"\n");
        self.quotes.read(line.as_bytes());
        self.text.push('\n');
        self.text.push_str(line);
        self.held.push((n, line.to_owned()));
        if !self.quotes.quoted {
            let first = std::mem::take(&mut self.first);
            self.held.clear();
            return emit(first, Ok(&self.text));
        }
        if self.text.len() > crate::read::records::MAX_RECORD_BYTES {
            let limit = crate::read::records::MAX_RECORD_BYTES;
            let why = format!("a quoted field is not closed within {limit} bytes");
            return self.give_up(&why, emit);
        }
        ControlFlow::Continue(())
    }

    /// Reports the open record on its first line, and reads the lines held after it
    /// again.
    fn give_up(
        &mut self,
        why: &str,
        emit: &mut dyn FnMut(u64, LineText<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.first == 0 {
            return ControlFlow::Continue(());
        }
        let first = std::mem::take(&mut self.first);
        let held = std::mem::take(&mut self.held);
        emit(first, Err(why.to_owned()))?;
        for (n, line) in held {
            self.feed(n, &line, emit)?;
        }
        ControlFlow::Continue(())
    }
}

/// Where the quotes of CSV text stand, read a piece at a time.
#[derive(Clone, Copy)]
struct Quotes {
    /// Inside a quoted field.
    quoted: bool,
    /// At a field's start (where a quote opens one).
    field_start: bool,
    /// Just after a closing quote (where a second makes a doubled one).
    after_close: bool,
}

impl Default for Quotes {
    fn default() -> Quotes {
        Quotes {
            quoted: false,
            field_start: true,
            after_close: false,
        }
    }
}

impl Quotes {
    fn read(&mut self, text: &[u8]) {
        for &b in text {
            if self.quoted {
                if b == b'"' {
                    (self.quoted, self.after_close) = (false, true);
                }
                continue;
            }
            // A quote opens a field at its start, or (doubled) goes on after a closing one.
            if b == b'"' && (self.field_start || self.after_close) {
                (self.quoted, self.field_start, self.after_close) = (true, false, false);
                continue;
            }
            self.field_start = b == b',' || b == b'\n';
            self.after_close = false;
        }
    }
}

/// Splits one CSV record into its fields (trimmed; quotes undone by csv-core).
struct CsvLine {
    reader: csv_core::Reader,
    output: Vec<u8>,
    ends: Vec<usize>,
}

impl CsvLine {
    fn new() -> CsvLine {
        CsvLine {
            reader: csv_core::Reader::new(),
            output: vec![0; 1024],
            ends: vec![0; 64],
        }
    }

    fn split<'a>(&'a mut self, line: &str) -> Result<Vec<&'a str>, String> {
        use csv_core::ReadRecordResult as R;
        self.reader.reset();
        let (mut input, mut out, mut fields) = (line.as_bytes(), 0, 0);
        loop {
            let (result, read, written, ended) =
                self.reader
                    .read_record(input, &mut self.output[out..], &mut self.ends[fields..]);
            input = &input[read..];
            out += written;
            fields += ended;
            match result {
                // The end of the line is the end of the record.
                R::InputEmpty => input = &[],
                R::OutputFull => self.output.resize(self.output.len() * 2, 0),
                R::OutputEndsFull => self.ends.resize(self.ends.len() * 2, 0),
                R::Record | R::End => break,
            }
        }
        let text = std::str::from_utf8(&self.output[..out]).map_err(|e| e.to_string())?;
        let mut start = 0;
        Ok(self.ends[..fields]
            .iter()
            .map(|&end| {
                let field = text[start..end].trim();
                start = end;
                field
            })
            .collect())
    }
}

/// Reads a CSV table (`carried`: the columns carried into the rows, as `tag_NAME`), a line
/// a row, handing each row (or the reason it cannot be read) to `emit`, which says
/// whether to go on. An error before any row (no FEN column, an unreadable input) is
/// returned.
pub(crate) fn read_csv(
    input: impl io::Read,
    columns: &TableColumns<'_>,
    carried: &[String],
    lines_before: u64,
    emit: &mut dyn FnMut(Result<TableRow, RowError>) -> ControlFlow<()>,
) -> Result<(), Stop> {
    let mut splitter = CsvLine::new();
    let mut layout: Option<CsvLayout> = None;
    let mut fatal = None;
    csv_records(input, lines_before, &mut |line, text| {
        let fields = text.and_then(|text| splitter.split(text));
        let Some(CsvLayout {
            width,
            fen,
            moves,
            carried: carried_at,
        }) = &layout
        else {
            match header(fields, columns, carried) {
                Ok(found) => layout = Some(found),
                Err(why) => fatal = Some(Cause::Invalid(why)),
            }
            return match fatal {
                None => ControlFlow::Continue(()),
                Some(_) => ControlFlow::Break(()),
            };
        };
        let row = fields
            .map_err(|why| RowError { line, why })
            .and_then(|fields| {
                // More cells than the header names: a comma outside quotes has shifted the
                // cells after it, so no cell of the row can be trusted (pandas refuses it too).
                if fields.len() > *width {
                    return Err(RowError::too_many_cells(line, fields.len(), *width));
                }
                let field = |i: usize| {
                    let value = fields.get(i).copied().filter(|v| !v.is_empty());
                    value.map(String::from)
                };
                let Some(fen) = field(*fen) else {
                    return Err(RowError::no_fen(line, columns));
                };
                let moves = moves.and_then(field);
                let moves = moves.as_deref().map(moves_of).unwrap_or_default();
                let carried = carried_at.iter().map(|i| i.and_then(field)).collect();
                Ok(TableRow::new(line, fen, moves, carried, columns))
            });
        emit(row)
    })?;
    fatal.map_or(Ok(()), |cause| Err((Place::File, cause)))
}

/// Where a CSV header puts the columns the rows read.
struct CsvLayout {
    /// The header's cells: a row may have fewer (the missing ones are empty), not more.
    width: usize,
    fen: usize,
    moves: Option<usize>,
    /// The carried columns', in the reading's tag order (`None`: not in the table).
    carried: Vec<Option<usize>>,
}

/// The columns a CSV header names.
fn header(
    fields: Result<Vec<&str>, String>,
    columns: &TableColumns<'_>,
    carried: &[String],
) -> Result<CsvLayout, String> {
    let names: Vec<String> = fields
        .map_err(|e| format!("cannot read the CSV header: {e}"))?
        .into_iter()
        .map(String::from)
        .collect();
    let Some(fen) = position_of(&names, columns.fen)? else {
        return Err(format!(
            "the CSV header has no column {:?} (columns: {})",
            columns.fen,
            column_list(&names)
        ));
    };
    let moves = match columns.moves {
        None => None,
        Some(name) => match position_of(&names, name)? {
            Some(i) => Some(i),
            None => {
                return Err(format!(
                    "the CSV header has no column {name:?} for the moves"
                ))
            }
        },
    };
    let carried = carried
        .iter()
        .map(|c| position_of(&names, c))
        .collect::<Result<_, _>>()?;
    Ok(CsvLayout {
        width: names.len(),
        fen,
        moves,
        carried,
    })
}

/// A JSON value as a carried column: strings as they are, other values as JSON text,
/// null as none.
fn as_text(value: &serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::Null => None,
        serde_json::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// A line's JSON object, or why it is none. Read as any value first: asked for an object
/// directly, serde_json's message quotes a value of another type whole (a 7 KB string
/// made a 7 KB message); its syntax errors quote nothing.
fn json_object(text: &str) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let kind = match serde_json::from_str(text) {
        Ok(serde_json::Value::Object(object)) => return Ok(object),
        Err(e) => return Err(format!("not a JSON object: {e}")),
        Ok(serde_json::Value::Null) => "null",
        Ok(serde_json::Value::Bool(_)) => "a boolean",
        Ok(serde_json::Value::Number(_)) => "a number",
        Ok(serde_json::Value::String(_)) => "a string",
        Ok(serde_json::Value::Array(_)) => "an array",
    };
    Err(format!("not a JSON object: {kind} ({} bytes)", text.len()))
}

/// The value of the field `name` in `object`, found as [`find_column`] finds a column.
fn field<'v>(
    object: &'v serde_json::Map<String, serde_json::Value>,
    name: &str,
) -> Result<Option<&'v serde_json::Value>, String> {
    let found = find_column(object.keys().map(String::as_str), name)?;
    Ok(found.and_then(|i| object.values().nth(i)))
}

/// Reads JSON Lines, one object a line, as [`read_csv`] reads CSV.
pub(crate) fn read_jsonl(
    input: impl io::Read,
    columns: &TableColumns<'_>,
    carried: &[String],
    lines_before: u64,
    emit: &mut dyn FnMut(Result<TableRow, RowError>) -> ControlFlow<()>,
) -> Result<(), Stop> {
    every_line(input, lines_before, &mut |line, text| {
        if text.as_ref().is_ok_and(|t| t.trim().is_empty()) {
            return ControlFlow::Continue(());
        }
        let row = text
            .and_then(json_object)
            .map_err(|why| RowError { line, why })
            .and_then(|object| {
                let field = |name| field(&object, name).map_err(|why| RowError { line, why });
                let Some(fen) = field(columns.fen)?.and_then(as_text) else {
                    let why = format!("no field {:?} with a FEN", columns.fen);
                    return Err(RowError { line, why });
                };
                let moves = match columns.moves {
                    Some(name) => field(name)?,
                    None => None,
                };
                let moves: Vec<String> = match moves {
                    Some(serde_json::Value::Array(items)) => {
                        items.iter().filter_map(as_text).collect()
                    }
                    Some(value) => as_text(value).as_deref().map(moves_of).unwrap_or_default(),
                    None => Vec::new(),
                };
                let carried = carried
                    .iter()
                    .map(|c| Ok(field(c)?.and_then(as_text)))
                    .collect::<Result<_, RowError>>()?;
                Ok(TableRow::new(line, fen, moves, carried, columns))
            });
        emit(row)
    })
}

/// A table's column names for a message, comma-separated, control characters escaped. A
/// header of thousands of bytes (text that is no table, read as one) is cut short: the
/// message stays a message.
pub(crate) fn column_list<S: AsRef<str>>(names: &[S]) -> String {
    /// The most characters of names a message lists.
    const MOST: usize = 200;
    let all: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    let all = all.join(",");
    match crate::read::parse::cut(&all, MOST) {
        None => all.escape_debug().to_string(),
        Some(head) => format!(
            "{}... ({} column{}, {} bytes)",
            head.escape_debug(),
            names.len(),
            if names.len() == 1 { "" } else { "s" },
            all.len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moves_cell_is_words_or_a_json_array() {
        assert_eq!(moves_of(" e2e4  e7e5 "), ["e2e4", "e7e5"]);
        assert_eq!(moves_of("[\"e2e4\", \"e7e5\"]"), ["e2e4", "e7e5"]);
        assert!(moves_of("[]").is_empty());
        // Not JSON: words, which the replay then refuses by name.
        assert_eq!(moves_of("[e2e4]"), ["[e2e4]"]);
    }

    #[test]
    fn an_unclosed_quote_is_told_from_a_doubled_one() {
        let quoted = |text: &[u8]| {
            let mut quotes = Quotes::default();
            quotes.read(text);
            quotes.quoted
        };
        assert!(quoted(b"a,\"b"));
        assert!(quoted(b"\"a\"\"b"));
        assert!(!quoted(b"\"a\"\"b\",c"));
        assert!(!quoted(b"a\"b,c"));
        // A quote after a line break opens a field, as after a comma.
        assert!(quoted(b"a\n\"b"));
        let mut line = CsvLine::new();
        assert_eq!(
            line.split(" a ,\"b,c\",\"d\"\"e\",\"f\ng\"").unwrap(),
            ["a", "b,c", "d\"e", "f\ng"]
        );
    }
}
