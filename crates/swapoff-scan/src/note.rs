//! Notes: a line, game or input that cannot be read or analysed, in its place among the
//! rows, so that nothing is dropped silently. The readers ([`units`](crate::units)) and the
//! analysis ([`rows`](crate::rows)) both make them; the command prints them, the Python
//! package turns them into rows with an `error`.

/// What part of an input a note is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The whole input.
    File,
    /// One line of an EPD input (or of a CSV or JSON Lines table).
    Line(u64),
    /// One row of a Parquet table, from 1 (its `line` in the rows).
    Row(u64),
    /// A game of a PGN input, and the ply where the problem is, when it is at one.
    Game {
        /// The game's number in its file, from 1.
        game: u64,
        /// The ply (0 = the starting position) the problem is at, if it is at one.
        ply: Option<u32>,
    },
}

/// A line, game or input that could not be read or analysed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The input's index.
    pub file: usize,
    /// What part of it.
    pub place: Place,
    /// Why, and what was skipped (`"...; line skipped"`).
    pub message: String,
    /// How many lines, games or game remainders were skipped (0 or 1).
    pub skipped: u64,
    /// The input could not be opened or read to its end (the command's exit status 2).
    pub unreadable: bool,
}

impl Note {
    /// A note that skips one line, game or input.
    pub fn new(file: usize, place: Place, message: String) -> Note {
        Note {
            file,
            place,
            message,
            skipped: 1,
            unreadable: false,
        }
    }

    /// A note that an input could not be opened or read.
    pub fn unreadable(file: usize, message: String) -> Note {
        Note {
            unreadable: true,
            ..Note::new(file, Place::File, message)
        }
    }

    /// The note as the command prints it, after the input's name `path`:
    /// `path:LINE: why`, `path: row N: why`, `path: game N: why` or `path: why`.
    pub fn display(&self, path: &str) -> String {
        match self.place {
            Place::File => format!("{path}: {}", self.message),
            Place::Line(line) => format!("{path}:{line}: {}", self.message),
            Place::Row(row) => format!("{path}: row {row}: {}", self.message),
            Place::Game { game, .. } => format!("{path}: game {game}: {}", self.message),
        }
    }
}
