//! An input opened, decompressed and told apart once: the one place that looks at an
//! input's first bytes. A regular file that starts as Parquet does is kept as the file (its
//! index is at its end, read by seeking); anything else is read once, from its first byte,
//! so a pipe (`<(zcat games.pgn.gz)`) reads as the same file would.

use crate::read::format::{detect, first_line, is_binary, sniff, Format, Sniffed};
use crate::read::records::{decompress, InputError, InputName, Opened, UnixLines, PARQUET_MAGIC};
use std::fs::File;
use std::io::{self, Read};

/// A byte stream, read once.
pub(crate) type Stream = Box<dyn Read + Send>;

/// What an input turned out to be.
pub enum Source {
    /// A Parquet table.
    Parquet(Table),
    /// Lines of text in `format`, line ends made LF, starting at the first line with
    /// content; `blank_lines` blank or comment lines came before it.
    Text {
        /// The format, as asked or as told from the first line with content.
        format: Format,
        /// Lines dropped before the first line with content (for line numbers).
        blank_lines: u64,
        /// The text from the first line with content on.
        lines: Stream,
    },
    /// Nothing but blank and comment lines.
    Empty,
}

/// A Parquet table, where it can be read from.
pub enum Table {
    /// A regular file, read by seeking.
    File(File),
    /// A stream (standard input, a decompressed file, bytes from Python): its first bytes,
    /// then the rest, to be held whole when it is read.
    Stream(Vec<u8>, Stream),
}

/// Why an input could not be told apart (the reader's notes name the input themselves;
/// [`Source::open`] names it in an [`InputError`]).
#[derive(Debug)]
pub(crate) enum SourceError {
    /// It could not be opened.
    Open(io::Error),
    /// Its bytes could not be read or decompressed.
    Read(io::Error),
    /// Its first line with content is none of the formats.
    UnknownFormat,
    /// It is binary data, not text (and no compression or table that is read).
    Binary,
}

impl Source {
    /// Opens `name` and tells what it is: `format` when given (else told from the content),
    /// `fen_column` the column a table's FEN is looked for in. `wrap` sees the bytes as
    /// stored, compressed or not, before anything reads them (a byte count for progress).
    pub fn open(
        name: &InputName,
        format: Option<Format>,
        fen_column: &str,
        wrap: impl FnOnce(Stream) -> Stream,
    ) -> Result<Source, InputError> {
        Source::opened(name, format, fen_column, wrap).map_err(|e| {
            let name = name.display();
            match e {
                SourceError::Open(source) => InputError::Open { name, source },
                SourceError::Read(source) => InputError::Read { name, source },
                SourceError::UnknownFormat => InputError::UnknownFormat { name },
                SourceError::Binary => InputError::Binary { name },
            }
        })
    }

    /// [`Source::open`], with an error that leaves the input unnamed.
    pub(crate) fn opened(
        name: &InputName,
        format: Option<Format>,
        fen_column: &str,
        wrap: impl FnOnce(Stream) -> Stream,
    ) -> Result<Source, SourceError> {
        match name.open_source().map_err(SourceError::Open)? {
            Opened::Parquet(file) => Ok(Source::Parquet(Table::File(file))),
            Opened::Stream(raw) => Source::read(wrap(raw), format, fen_column),
        }
    }

    /// Tells what the stream `raw` (bytes as stored, compressed or not) is, as
    /// [`Source::open`] does.
    pub(crate) fn read(
        raw: Stream,
        format: Option<Format>,
        fen_column: &str,
    ) -> Result<Source, SourceError> {
        let decoded = decompress(raw).map_err(SourceError::Read)?;
        let (head, decoded) = peek(decoded).map_err(SourceError::Read)?;
        let parquet = Some(Format::Parquet);
        if format == parquet || head.starts_with(PARQUET_MAGIC) {
            return Ok(Source::Parquet(Table::Stream(head, decoded)));
        }
        let mut input = UnixLines::new(io::Cursor::new(head).chain(decoded));
        let Sniffed {
            prefix,
            blank_lines,
        } = sniff(&mut input).map_err(SourceError::Read)?;
        // Binary data is refused whatever format was asked: read as text, its bytes would
        // be a message per "line", or a game made up of stray `*`s.
        if is_binary(&prefix) {
            return Err(SourceError::Binary);
        }
        let format = match format.or_else(|| detect(&prefix, fen_column)) {
            Some(format) => format,
            None if first_line(&prefix).is_none() => return Ok(Source::Empty),
            None => return Err(SourceError::UnknownFormat),
        };
        Ok(Source::Text {
            format,
            blank_lines,
            lines: Box::new(io::Cursor::new(prefix).chain(input)),
        })
    }
}

/// The first four bytes of an input (fewer if it is shorter), and the input still whole.
fn peek(mut input: Stream) -> io::Result<(Vec<u8>, Stream)> {
    let mut head = Vec::with_capacity(4);
    (&mut input).take(4).read_to_end(&mut head)?;
    Ok((head, input))
}
