//! What reading hands on: [`Work`], the units of work (EPD lines, table rows, PGN games,
//! notes), and [`Reading`], how the inputs are read. The readers ([`units`](crate::read::units) for
//! streams, [`columnar`](crate::read::columnar) for tables) make them; [`rows`](crate::scan::rows)
//! turns them into rows.

use crate::read::format::Format;
use crate::read::note::Note;
use crate::read::pgn::GameRecord;
use crate::read::pool::Pool;
use crate::read::table::{RowError, TableColumns, TableRow};

/// One unit of work.
#[derive(Debug)]
pub enum Work {
    /// Complete lines of an EPD file.
    Epd {
        /// The input's index.
        file: usize,
        /// The number of the unit's first line in its file (from 1).
        first_line: u64,
        /// The lines, each ending in LF (the last one may not).
        text: Vec<u8>,
    },
    /// Rows of a CSV or JSON Lines table (each, or why it cannot be read).
    Table {
        /// The input's index.
        file: usize,
        /// The rows, in file order.
        rows: Vec<Result<TableRow, RowError>>,
        /// Whether the rows' numbers count rows (a Parquet table) rather than lines (CSV,
        /// JSON Lines): how a bad row is named.
        by_row: bool,
    },
    /// Whole games of a PGN file.
    Pgn {
        /// The input's index.
        file: usize,
        /// The games, in file order.
        games: Vec<GameRecord>,
    },
    /// A problem found while reading, reported in its place in the input.
    Note(Note),
}

/// How the inputs are read: the format (told from each input's content when `None`), the
/// PGN tags to keep, and where the buffers of EPD units come from.
pub struct Reading<'a> {
    /// The format of every input, or `None` to tell each one's from its first line.
    pub format: Option<Format>,
    /// The PGN tags (or a table's columns) to carry into the rows (`--tags`).
    pub tags: &'a [String],
    /// Buffers for EPD units (handed back by whoever processes them).
    pub texts: &'a Pool,
    /// The columns of CSV and JSON Lines tables.
    pub columns: TableColumns<'a>,
    /// Whether the comments after PGN moves are read for the clock and the evaluation
    /// (`[%clk]`, `[%eval]`); when not, every move's annotation is empty.
    pub comments: bool,
}
