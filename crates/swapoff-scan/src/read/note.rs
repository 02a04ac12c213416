//! Notes: a line, game or input that cannot be read or analysed, in its place among the
//! rows, so that nothing is dropped silently. The readers ([`units`](crate::read::units)) and the
//! analysis ([`rows`](crate::scan::rows)) both make them; the command prints them, the Python
//! package turns them into rows with an `error`.
//!
//! A note keeps apart where it is ([`Place`]), why ([`Cause`]: whether reading can go on
//! is its variant) and what was left out ([`Skipped`]), so that a face says each in its
//! own way: the command prints `why; line skipped`, a row that stays keeps the why alone.

use core::fmt;

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

/// Why a note was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The input could not be opened (the operating system's reason).
    Open(String),
    /// Reading failed part way (an I/O or decompression error): what follows is lost.
    Read(String),
    /// What was read is not what it should be: a bad line, row or game. Reading goes on
    /// after it.
    Invalid(String),
    /// The input's first line is in none of the formats told from content: the caller
    /// has to name the format.
    UnknownFormat,
    /// The input is binary data, not text (nor a compression or table that is read).
    Binary,
}

impl Cause {
    /// The reason in words, without the kind's prefix.
    pub fn reason(&self) -> &str {
        match self {
            Cause::Open(why) | Cause::Read(why) | Cause::Invalid(why) => why,
            Cause::UnknownFormat => {
                "cannot tell the format (the first line is neither a FEN nor a PGN tag or \
                 move, a CSV header or a JSON object); the format has to be given"
            }
            Cause::Binary => {
                "binary data, not text (nor zstd, gzip, bzip2 or Parquet, which are read)"
            }
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Open(why) => write!(f, "cannot open: {why}"),
            Cause::Read(why) => write!(f, "read error: {why}"),
            Cause::Invalid(_) | Cause::UnknownFormat | Cause::Binary => f.write_str(self.reason()),
        }
    }
}

/// What a note left out of the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// Nothing: the record still has its row (the row carries the note as its error).
    Nothing,
    /// One line of a text input.
    Line,
    /// One row of a table.
    Row,
    /// One position of a game.
    Position,
    /// A whole game.
    Game,
    /// A game from the note's ply on.
    RestOfGame,
    /// Text between games that is not a game.
    Text,
    /// The whole input.
    File,
    /// The input from the note's place on.
    RestOfFile,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Skipped::Nothing => "nothing skipped",
            Skipped::Line => "line skipped",
            Skipped::Row => "row skipped",
            Skipped::Position => "position skipped",
            Skipped::Game => "game skipped",
            Skipped::RestOfGame => "rest of the game skipped",
            Skipped::Text => "skipped",
            Skipped::File => "file skipped",
            Skipped::RestOfFile => "rest of the file skipped",
        })
    }
}

/// A line, game or input that could not be read or analysed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The input's index.
    pub file: usize,
    /// What part of it.
    pub place: Place,
    /// Why.
    pub cause: Cause,
    /// What was left out because of it.
    pub skipped: Skipped,
}

impl Note {
    /// A note that something read is not what it should be, and what was left out.
    pub fn invalid(file: usize, place: Place, why: impl Into<String>, skipped: Skipped) -> Note {
        Note {
            file,
            place,
            cause: Cause::Invalid(why.into()),
            skipped,
        }
    }

    /// A note that reading stopped at `place`: the whole input is skipped at
    /// [`Place::File`] (it cannot be opened or read, or is in no format that can be read),
    /// else what follows `place` (a read error part way). Fatal or not by `cause`.
    pub fn unreadable(file: usize, place: Place, cause: Cause) -> Note {
        let skipped = match place {
            Place::File => Skipped::File,
            _ => Skipped::RestOfFile,
        };
        Note {
            file,
            place,
            cause,
            skipped,
        }
    }

    /// Whether the input could not be opened, told apart or read to its end (the
    /// command's exit status 2), rather than holding a bad record.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self.cause,
            Cause::Open(_) | Cause::Read(_) | Cause::UnknownFormat | Cause::Binary
        )
    }

    /// How many records it left out: 0 or 1.
    pub fn skipped_count(&self) -> u64 {
        u64::from(self.skipped != Skipped::Nothing)
    }

    /// The note as the command prints it, after the input's name `path`:
    /// `path:LINE: why`, `path: row N: why`, `path: game N: why` or `path: why`.
    pub fn display(&self, path: &str) -> String {
        match self.place {
            Place::File => format!("{path}: {self}"),
            Place::Line(line) => format!("{path}:{line}: {self}"),
            Place::Row(row) => format!("{path}: row {row}: {self}"),
            Place::Game { game, .. } => format!("{path}: game {game}: {self}"),
        }
    }
}

/// Why, then what was skipped (`bad FEN ...; line skipped`), or the why alone when
/// nothing was.
impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.skipped {
            Skipped::Nothing => self.cause.fmt(f),
            skipped => write!(f, "{}; {skipped}", self.cause),
        }
    }
}
