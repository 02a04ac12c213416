//! Telling EPD from PGN by the first line with content, reading past any number of blank
//! lines first.

use crate::read::records::{decompress, Compression, UnixLines, PARQUET_MAGIC};
use std::io::{self, Read};

/// Input format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// One FEN or EPD record per line.
    Epd,
    /// Games in Portable Game Notation.
    Pgn,
    /// CSV with a header that names a FEN column (Lichess's puzzle database).
    Csv,
    /// JSON Lines whose objects hold a FEN field (Lichess's evaluations).
    Jsonl,
    /// A Parquet table of games (a movetext column) or positions (a FEN column).
    Parquet,
}

impl Format {
    /// What the first bytes of an input say: its compression's name (`zstd`, `gzip` or
    /// `bzip2`), if any, and its format, if
    /// the bytes (decompressed as far as they go) reach a line that tells it. For a reader
    /// that must plan before it reads a whole input (the Python package's Dask partitions).
    ///
    /// ```
    /// use swapoff_scan::Format;
    /// let (compression, format) = Format::sniff(b"[Event \"x\"]\n");
    /// assert_eq!((compression, format), (None, Some(Format::Pgn)));
    /// ```
    pub fn sniff(head: &[u8]) -> (Option<&'static str>, Option<Format>) {
        let compression = Compression::detect(head).map(Compression::name);
        let Ok(decoded) = decompress(Box::new(io::Cursor::new(head.to_vec()))) else {
            return (compression, None);
        };
        let mut input = UnixLines::new(decoded);
        let mut text = Vec::new();
        let mut buf = [0u8; 4096];
        // A head cut short ends a compressed stream with an error: what came before it counts.
        while text.len() < SNIFF_BYTES {
            match input.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => text.extend_from_slice(&buf[..n]),
            }
        }
        (compression, detect(&text, "fen"))
    }

    /// Its name: `epd`, `pgn`, `csv`, `jsonl` or `parquet`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Epd => "epd",
            Format::Pgn => "pgn",
            Format::Csv => "csv",
            Format::Jsonl => "jsonl",
            Format::Parquet => "parquet",
        }
    }
}

/// How much of an input's first line with content is looked at to tell its format.
const SNIFF_BYTES: usize = 1 << 16;

/// The start of an input, enough to tell its format.
pub(crate) struct Sniffed {
    /// From the first line with content on (or all that was read, if none has content).
    pub prefix: Vec<u8>,
    /// Blank and comment lines dropped before it (to keep line numbers right).
    pub blank_lines: u64,
}

/// Reads the start of an input up to its first line with content (complete, or its first
/// 64 KiB). Blank and comment lines before it are dropped as they come, however
/// many there are, so memory stays flat; they are counted.
pub(crate) fn sniff(input: &mut impl Read) -> io::Result<Sniffed> {
    let mut prefix = Vec::new();
    let mut blank_lines = 0;
    let mut buf = [0u8; 4096];
    loop {
        let n = match input.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            break;
        }
        prefix.extend_from_slice(&buf[..n]);
        match first_line(&prefix) {
            Some((_, complete)) if complete || prefix.len() >= SNIFF_BYTES => break,
            Some(_) => {}
            None => {
                // Every complete line so far is blank or a comment: drop them (a
                // byte-order mark goes with them).
                if let Some(last) = prefix.iter().rposition(|&b| b == b'\n') {
                    blank_lines += prefix[..=last].iter().filter(|&&b| b == b'\n').count() as u64;
                    prefix.drain(..=last);
                }
            }
        }
    }
    Ok(Sniffed {
        prefix,
        blank_lines,
    })
}

/// The first line with content (after a byte-order mark, blank lines and `#`/`%` comment
/// lines), and whether it is complete.
pub(crate) fn first_line(text: &[u8]) -> Option<(&[u8], bool)> {
    let text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
    let mut rest = text;
    loop {
        let end = rest.iter().position(|&b| b == b'\n');
        let line = &rest[..end.unwrap_or(rest.len())];
        let trimmed = line.trim_ascii();
        if !trimmed.is_empty() && !trimmed.starts_with(b"#") && !trimmed.starts_with(b"%") {
            return Some((trimmed, end.is_some()));
        }
        match end {
            Some(e) => rest = &rest[e + 1..],
            None => return None,
        }
    }
}

/// Parquet when the bytes start with its magic `PAR1` (before anything is read as lines);
/// JSON Lines when the first line is a JSON object; CSV when it is a comma-separated
/// header with a column `fen_column` or `fen` (any case), or that column's name alone; EPD
/// when its first word is a piece placement (has a `/`); PGN when it is a tag, a comment, a
/// variation, a NAG, a result, a move number or a move.
pub(crate) fn detect(prefix: &[u8], fen_column: &str) -> Option<Format> {
    if prefix.starts_with(PARQUET_MAGIC) {
        return Some(Format::Parquet);
    }
    let (line, _) = first_line(prefix)?;
    // A line that is JSON (`["x"]`, `[0,1]`) is JSON Lines, whose reader reports each line
    // that is not an object; one that opens like a tag (`[Round x]`) is PGN; any other
    // line that opens with `[` tells nothing.
    if line.starts_with(b"[") {
        if serde_json::from_slice::<serde_json::Value>(line).is_ok() {
            return Some(Format::Jsonl);
        }
        return is_tag_line(line).then_some(Format::Pgn);
    }
    // A JSON object opens with a key (`{"`), a PGN comment with words: a first line that
    // is broken or longer than the sniffer reads is still told as JSON Lines, and its
    // fault is reported on its line.
    let json = line.starts_with(b"{")
        && (line[1..].trim_ascii_start().starts_with(b"\"")
            || serde_json::from_slice::<serde_json::Value>(line).is_ok_and(|v| v.is_object()));
    if json {
        return Some(Format::Jsonl);
    }
    let unquoted = |name: &[u8]| {
        let name = name.trim_ascii();
        let name = name.strip_prefix(b"\"").unwrap_or(name);
        name.strip_suffix(b"\"").unwrap_or(name).to_vec()
    };
    let mut names = line.split(|&b| b == b',').map(unquoted);
    // The named column, or `fen` (then the reader says the named one is missing).
    let fen = fen_column.trim().as_bytes();
    let table_column = |n: &[u8]| n.eq_ignore_ascii_case(fen) || n.eq_ignore_ascii_case(b"fen");
    // A header of that one column alone is a table too: what pandas writes for a frame of
    // FENs (`fen`, then a FEN a line).
    if names.any(|n| table_column(&n)) {
        return Some(Format::Csv);
    }
    if line.starts_with(b"[")
        || line.starts_with(b"{")
        || line.starts_with(b";")
        || line.starts_with(b"(")
    {
        return Some(Format::Pgn);
    }
    let word = line.split(|b| b.is_ascii_whitespace()).next()?;
    let nag = word.len() > 1 && word[0] == b'$' && word[1..].iter().all(u8::is_ascii_digit);
    if nag || matches!(word, b"*" | b"1-0" | b"0-1" | b"1/2-1/2") {
        return Some(Format::Pgn);
    }
    if word.contains(&b'/') {
        return Some(Format::Epd);
    }
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && word.get(digits) == Some(&b'.') {
        return Some(Format::Pgn);
    }
    let mv = word.strip_suffix(b"+").unwrap_or(word);
    if shakmaty::san::San::from_ascii(mv).is_ok() {
        return Some(Format::Pgn);
    }
    None
}

/// Whether `line` opens as a PGN tag line does: `[`, a name of the characters
/// python-chess's tag pattern allows (letters, digits and `_+#=:-`), then a blank, a quote
/// or the `]` that closes it (`[Event "x"]`, `[Time-Control "300+0"]`,
/// `[Round x]`, `[Event]`).
fn is_tag_line(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let name = rest
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b))
        .count();
    let after = rest.get(name).copied();
    name > 0 && matches!(after, Some(b' ' | b'\t' | b'"' | b']'))
}

/// Whether the start of an input is binary data rather than text: a control character
/// (but tab, line ends, form feed, vertical tab, escape and DOS's end-of-file mark, which
/// text files hold) in its first line with content, or in more than one byte in a hundred
/// of `head`. Text in any 8-bit encoding passes, and so does a text file with a stray NUL
/// in a game (that game's reader reports it); random bytes, an image or an unread archive
/// do not (an eighth of random bytes are control characters).
pub(crate) fn is_binary(head: &[u8]) -> bool {
    let control =
        |&b: &u8| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1a | 0x1b);
    let controls = head.iter().filter(|b| control(b)).count();
    controls * 100 > head.len()
        || first_line(head).is_some_and(|(line, _)| line.iter().any(control))
}
