//! Tables of positions: CSV with a header, or JSON Lines, whose rows hold a FEN in a named
//! column or field, as Lichess ships its puzzles (`PuzzleId,FEN,Moves,Rating,...`) and its
//! evaluations (`{"fen": ..., "evals": [...]}`). A moves column or field (UCI, separated
//! by spaces, or a JSON array) may follow the position: the puzzle convention plays the
//! first moves before the position is analysed, and the next one is the move played. The
//! other columns asked for are carried into the rows, as PGN tags are.

use std::io::{self, BufRead};

/// Which columns (or fields) a table's rows are read from. Names match in any case.
#[derive(Clone, Debug)]
pub struct TableColumns<'a> {
    /// The FEN column (`fen` by default).
    pub fen: &'a str,
    /// The moves column, if any (Lichess's puzzles: `Moves`).
    pub moves: Option<&'a str>,
    /// How many of the moves are played before the position is analysed (the puzzle
    /// convention: 1, the opponent's move that sets the puzzle).
    pub apply: usize,
    /// A Parquet table's column of games as PGN movetext (`movetext` by default, as on
    /// Hugging Face's Lichess games); see [`columnar`](crate::columnar).
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
pub struct TableRow {
    /// Where it is: the line of its file (CSV: where the record starts).
    pub line: u64,
    /// The FEN.
    pub fen: String,
    /// The moves (UCI), when the table has a moves column.
    pub moves: Vec<String>,
    /// How many of them to play before the position is analysed ([`TableColumns::apply`], or
    /// all of them when there are fewer).
    pub apply: usize,
    /// The values of the columns carried into the rows (the reading's tags), in order.
    pub carried: Vec<Option<String>>,
}

impl TableRow {
    /// A row of `columns`' table: the first [`TableColumns::apply`] of its moves (or all,
    /// when there are fewer) are to be played before the position is analysed.
    pub fn new(
        line: u64,
        fen: String,
        moves: Vec<String>,
        carried: Vec<Option<String>>,
        columns: &TableColumns<'_>,
    ) -> TableRow {
        TableRow {
            line,
            fen,
            apply: columns.apply.min(moves.len()),
            moves,
            carried,
        }
    }
}

/// A moves field as tables write it: UCI moves separated by spaces.
pub fn moves_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// A row that cannot be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    /// Its line.
    pub line: u64,
    /// Why.
    pub why: String,
}

impl RowError {
    /// A row without a FEN in the table's FEN column.
    pub fn no_fen(line: u64, columns: &TableColumns<'_>) -> RowError {
        let why = format!("no FEN in column {:?}", columns.fen);
        RowError { line, why }
    }
}

fn position_of(names: &[String], wanted: &str) -> Option<usize> {
    names
        .iter()
        .position(|n| n.trim().eq_ignore_ascii_case(wanted))
}

/// Reads a CSV table (`carried`: the columns carried into the rows, as `tag_NAME`), handing
/// each row (or the reason it cannot be read) to `emit`, which
/// returns `false` to stop. An error before any row (no FEN column, an unreadable input)
/// is returned.
pub fn read_csv(
    input: impl io::Read,
    columns: &TableColumns<'_>,
    carried: &[String],
    lines_before: u64,
    emit: &mut dyn FnMut(Result<TableRow, RowError>) -> bool,
) -> Result<(), String> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(input);
    let names: Vec<String> = reader
        .headers()
        .map_err(|e| format!("cannot read the CSV header: {e}"))?
        .iter()
        .map(String::from)
        .collect();
    let Some(fen) = position_of(&names, columns.fen) else {
        return Err(format!(
            "the CSV header has no column {:?} (columns: {}); name it with --fen-column",
            columns.fen,
            names.join(",")
        ));
    };
    let moves = columns.moves.map(|m| (m, position_of(&names, m)));
    if let Some((name, None)) = moves {
        return Err(format!(
            "the CSV header has no column {name:?} for the moves"
        ));
    }
    let carried: Vec<Option<usize>> = carried.iter().map(|c| position_of(&names, c)).collect();
    let mut record = csv::StringRecord::new();
    loop {
        let line = lines_before + reader.position().line();
        match reader.read_record(&mut record) {
            Ok(false) => return Ok(()),
            Ok(true) => {}
            Err(e) if e.is_io_error() => return Err(format!("read error: {e}")),
            Err(e) => {
                let why = format!("not a CSV record: {e}");
                if !emit(Err(RowError { line, why })) {
                    return Ok(());
                }
                continue;
            }
        }
        let field = |i: usize| record.get(i).filter(|v| !v.is_empty()).map(String::from);
        let row = match field(fen) {
            None => Err(RowError::no_fen(line, columns)),
            Some(fen) => {
                let moves = moves.and_then(|(_, i)| i.and_then(field));
                let moves = moves.as_deref().map(moves_of).unwrap_or_default();
                let carried = carried.iter().map(|i| i.and_then(field)).collect();
                Ok(TableRow::new(line, fen, moves, carried, columns))
            }
        };
        if !emit(row) {
            return Ok(());
        }
    }
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

fn field<'v>(
    object: &'v serde_json::Map<String, serde_json::Value>,
    name: &str,
) -> Option<&'v serde_json::Value> {
    object
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value)
}

/// Reads JSON Lines, one object a line, as [`read_csv`] reads CSV.
pub fn read_jsonl(
    input: impl BufRead,
    columns: &TableColumns<'_>,
    carried: &[String],
    lines_before: u64,
    emit: &mut dyn FnMut(Result<TableRow, RowError>) -> bool,
) -> Result<(), String> {
    for (i, text) in input.lines().enumerate() {
        let line = lines_before + i as u64 + 1;
        let text = text.map_err(|e| format!("read error: {e}"))?;
        if text.trim().is_empty() {
            continue;
        }
        let row = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&text)
            .map_err(|e| RowError {
                line,
                why: format!("not a JSON object: {e}"),
            })
            .and_then(|object| {
                let Some(fen) = field(&object, columns.fen).and_then(as_text) else {
                    let why = format!("no field {:?} with a FEN", columns.fen);
                    return Err(RowError { line, why });
                };
                let moves: Vec<String> = match columns.moves.and_then(|m| field(&object, m)) {
                    Some(serde_json::Value::Array(items)) => {
                        items.iter().filter_map(as_text).collect()
                    }
                    Some(value) => as_text(value).as_deref().map(moves_of).unwrap_or_default(),
                    None => Vec::new(),
                };
                let carried = carried
                    .iter()
                    .map(|c| field(&object, c).and_then(as_text))
                    .collect();
                Ok(TableRow::new(line, fen, moves, carried, columns))
            });
        if !emit(row) {
            return Ok(());
        }
    }
    Ok(())
}
