//! What reading hands on: [`Work`], the units of work (EPD lines, table rows, PGN games,
//! notes), and [`Reading`], how the inputs are read. The readers ([`units`](crate::read::units) for
//! streams, [`columnar`](crate::read::columnar) for tables) make them; [`rows`](crate::scan::rows)
//! turns them into rows.

use crate::read::format::Format;
use crate::read::note::Note;
use crate::read::pgn::GameRecord;
use crate::read::pool::Pool;
use crate::read::table::{RowError, TableColumns, TableRow};

/// One unit of work: EPD lines, table rows or PGN games of one input, or a note, as
/// reading hands them on. Opaque: a face passes it to [`Scan::process`](crate::Scan::process), and the
/// reading takes its buffer back; what it holds is the crate's own.
///
#[derive(Debug)]
pub struct Work(pub(crate) Unit);

/// What a [`Work`] holds.
#[derive(Debug)]
pub(crate) enum Unit {
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
    /// The text of whole games of a PGN file, cut where games start, for a worker to read
    /// ([`GameReader::over`](crate::read::games::GameReader::over)).
    PgnText {
        /// The input's index.
        file: usize,
        /// The number of the text's first game in its file.
        first_game: u64,
        /// The games' text.
        text: Vec<u8>,
        /// The tags to keep.
        tags: std::sync::Arc<[String]>,
        /// Whether comments are read for their clock and evaluation.
        comments: bool,
    },
    /// A problem found while reading, reported in its place in the input.
    Note(Note),
}

impl Work {
    /// Positions given as FENs, not read from a file: rows of input 0 numbered from
    /// `before + 1`, one row each (how Python's lists of positions are scanned). A missing
    /// one (`None`, a null in a data frame's column) is a row's error, as a null cell is.
    pub fn positions(before: u64, fens: impl IntoIterator<Item = Option<String>>) -> Work {
        let plain = TableColumns::default();
        let rows = (before + 1..)
            .zip(fens)
            .map(|(row, fen)| match fen {
                Some(fen) => Ok(TableRow::new(row, fen, Vec::new(), Vec::new(), &plain)),
                None => Err(RowError::missing(row)),
            })
            .collect();
        Work(Unit::Table {
            file: 0,
            rows,
            by_row: true,
        })
    }

    /// The bytes of EPD text the unit holds (0 for any other unit): a hint of how much
    /// its rows will take.
    pub fn epd_bytes(&self) -> usize {
        match &self.0 {
            Unit::Epd { text, .. } => text.len(),
            _ => 0,
        }
    }

    /// Gives the unit's text buffer or games back to `pool`, for the reading to fill
    /// again.
    pub(crate) fn recycle(self, pool: &Pool) {
        match self.0 {
            Unit::Epd { text, .. } | Unit::PgnText { text, .. } => pool.put(text),
            Unit::Pgn { games, .. } => pool.put_games(games),
            Unit::Table { .. } | Unit::Note(_) => {}
        }
    }
}

/// How the inputs are read: the format (told from each input's content when `None`), the
/// PGN tags to keep, and where the buffers of EPD units come from.
pub(crate) struct Reading<'a> {
    /// The format of every input, or `None` to tell each one's from its first line.
    pub format: Option<Format>,
    /// The PGN tags (or a table's columns) to carry into the rows (`--tags`).
    pub tags: &'a [String],
    /// Buffers for EPD units and games for PGN units (handed back by whoever processes
    /// them).
    pub pool: &'a Pool,
    /// The columns of CSV and JSON Lines tables.
    pub columns: TableColumns<'a>,
    /// Whether the comments after PGN moves are read for the clock and the evaluation
    /// (`[%clk]`, `[%eval]`); when not, every move's annotation is empty.
    pub comments: bool,
    /// Whether PGN text is only cut into games here ([`Unit::PgnText`]), to be read by the
    /// workers (a pipeline on several threads), rather than read here.
    pub cut_games: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_epd_unit_s_buffer_goes_back_to_the_pool() {
        let pool = Pool::default();
        let text = b"8/8/8/8/8/8/8/K6k w - -\n".to_vec();
        let epd = Work(Unit::Epd {
            file: 0,
            first_line: 1,
            text,
        });
        assert_eq!(epd.epd_bytes(), 24);
        epd.recycle(&pool);
        assert_eq!(pool.get().capacity(), 24);
    }
}
