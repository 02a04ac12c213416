//! `seeswap split`: a large PGN or EPD file (plain or compressed) repacked into zstd parts
//! of whole games (or lines), so that one large file spreads over a cluster: each part is a
//! partition of `swapoff.dask.scan("parts/*.pgn.zst")`, and a worker holds one part's rows.
//!
//! The text is copied as it is, line by line, in one pass with flat memory. A PGN game
//! starts at a tag line (`[`) that follows movetext; comments (`{ ... }`, which may span
//! lines, and `;` to the end of a line) are followed, so that a comment line that starts
//! with `[` does not start a game. Game numbers in each part's rows start again at 1.

use crate::common::{fatal, Outcome, Status};
use crate::output::Staged;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use swapoff_scan::{Format, InputError, InputName, Source};

/// Flags of `seeswap split`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file to split (`-` for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// The folder for the parts (made if missing).
    #[arg(value_name = "DIR")]
    dir: PathBuf,

    /// Games per part (PGN), or lines per part (EPD). A worker holds one part's rows: 4,000
    /// Lichess games (about 350,000 positions) keep it under 500 MB.
    #[arg(long, default_value_t = 4_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,

    /// zstd compression level of the parts (1-22).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(i32).range(1..=22))]
    level: i32,
}

/// Where a PGN line stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the first game.
    Start,
    /// In a game's tags.
    Tags,
    /// In a game's movetext.
    Movetext,
    /// After a blank line that ended a movetext: more movetext is a new game without tags
    /// (the PGN reader ends a movetext at a blank line, too).
    Gap,
}

/// Whether a comment is still open after `line`, given whether one was open before it.
fn comment_open_after(line: &[u8], mut open: bool) -> bool {
    for &b in line {
        match (open, b) {
            (true, b'}') => open = false,
            (false, b'{') => open = true,
            // A `;` comment runs to the end of the line.
            (false, b';') => return false,
            _ => {}
        }
    }
    open
}

/// The parts being written: `DIR/STEM-00001.EXT.zst`, ...
struct Parts {
    dir: PathBuf,
    stem: String,
    extension: &'static str,
    level: i32,
    /// The part being written, under a temporary name until it is finished.
    current: Option<(
        zstd::stream::write::Encoder<'static, BufWriter<File>>,
        Staged,
    )>,
    written: Vec<PathBuf>,
    /// The file being split: no part may be it.
    input: InputName,
}

impl Parts {
    /// Starts the next part. An error names the part.
    fn next(&mut self) -> Result<(), String> {
        self.finish()?;
        let name = format!(
            "{}-{:05}.{}.zst",
            self.stem,
            self.written.len() + 1,
            self.extension
        );
        let path = self.dir.join(name);
        let (file, staged) = Staged::create(&path, std::slice::from_ref(&self.input))?;
        let cannot = |e: io::Error| format!("cannot write {}: {e}", path.display());
        let mut encoder =
            zstd::stream::write::Encoder::new(BufWriter::new(file), self.level).map_err(cannot)?;
        // A checksum of the part's text, as the zstd tool writes one: a part damaged on
        // its way to a worker is then reported, not read as other moves.
        encoder.include_checksum(true).map_err(cannot)?;
        self.current = Some((encoder, staged));
        self.written.push(path);
        Ok(())
    }

    /// Writes a line into the part being written. An error names the part.
    fn write(&mut self, line: &[u8]) -> Result<(), String> {
        if self.current.is_none() {
            self.next()?;
        }
        match self.current.as_mut() {
            Some((out, _)) => out.write_all(line).map_err(|e| self.cannot_write(e)),
            None => Ok(()),
        }
    }

    /// Finishes the part being written (the zstd frame, then the file), and gives it its
    /// name. An error names the part.
    fn finish(&mut self) -> Result<(), String> {
        if let Some((encoder, staged)) = self.current.take() {
            let mut writer = encoder.finish().map_err(|e| self.cannot_write(e))?;
            writer.flush().map_err(|e| self.cannot_write(e))?;
            staged.commit()?;
        }
        Ok(())
    }

    /// The message for a write to the last part begun that failed.
    fn cannot_write(&self, e: io::Error) -> String {
        let part = self.written.last().map(|p| p.display().to_string());
        format!("cannot write {}: {e}", part.unwrap_or_default())
    }
}

/// The stem of the parts' names: the input's name without its extensions.
fn stem(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let name = name.unwrap_or_else(|| "stdin".to_string());
    let name = if name == "-" {
        "stdin".to_string()
    } else {
        name
    };
    name.split('.').next().unwrap_or("part").to_string()
}

/// The name of a part this split would write that `dir` holds already, if any:
/// `STEM-NNNNN.EXT.zst`.
fn old_part(dir: &Path, stem: &str, extension: &str) -> io::Result<Option<String>> {
    let suffix = format!(".{extension}.zst");
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let number = name
            .strip_prefix(stem)
            .and_then(|rest| rest.strip_prefix('-'))
            .and_then(|rest| rest.strip_suffix(&suffix));
        if number.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            return Ok(Some(name));
        }
    }
    Ok(None)
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    let input = InputName::from(args.file.clone());
    let parquet = || {
        fatal(format!(
            "{}: split takes PGN or EPD; a Parquet file is in row groups already, and \
             dask.scan makes each one a partition",
            input.display()
        ))
    };
    // Blank and comment lines before the first line with content are left out of the
    // parts; line ends come out as LF (a lone-CR file splits as any other).
    let (format, lines) = match Source::open(&input, None, "fen", |raw| raw) {
        Ok(Source::Text { format, lines, .. }) => (format, lines),
        Ok(Source::Parquet(_)) => return parquet(),
        Ok(Source::Empty) => return fatal(format!("{}: empty", input.display())),
        Err(InputError::UnknownFormat { name }) => {
            return fatal(format!("{name}: cannot tell whether this is EPD or PGN"))
        }
        Err(e) => return fatal(e.to_string()),
    };
    let extension = match format {
        Format::Pgn => "pgn",
        Format::Epd => "epd",
        // A Parquet file is cut already: its row groups are the parts.
        Format::Parquet => return parquet(),
        Format::Csv | Format::Jsonl => {
            let what = format.name();
            return fatal(format!(
                "{}: split takes PGN or EPD, not {what}",
                input.display()
            ));
        }
    };
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        // A file in the folder's place gives the system's "File exists", which reads as
        // if the folder were the trouble.
        if args.dir.exists() && !args.dir.is_dir() {
            return fatal(format!(
                "{} is a file, not a folder for the parts",
                args.dir.display()
            ));
        }
        return fatal(format!(
            "cannot make the folder {}: {e}",
            args.dir.display()
        ));
    }
    let stem = stem(&args.file);
    match old_part(&args.dir, &stem, extension) {
        Ok(None) => {}
        // A run that wrote fewer parts would leave the old ones' games beside its own,
        // and a glob over the folder would read both.
        Ok(Some(old)) => {
            return fatal(format!(
                "{} holds parts of an earlier split ({old}); split into another folder or \
                 remove them first",
                args.dir.display()
            ))
        }
        Err(e) => return fatal(format!("cannot read {}: {e}", args.dir.display())),
    }
    let mut reader = BufReader::with_capacity(1 << 16, lines);
    let mut parts = Parts {
        dir: args.dir.clone(),
        stem,
        extension,
        level: args.level,
        current: None,
        written: Vec::new(),
        input: input.clone(),
    };
    match copy(&mut reader, &mut parts, format, args.games) {
        Ok(units) => {
            if let Err(why) = parts.finish() {
                return fatal(why);
            }
            let mut out = io::stdout().lock();
            for path in &parts.written {
                if let Err(e) = writeln!(out, "{}", path.display()) {
                    return crate::common::output_error(e);
                }
            }
            let what = match (format == Format::Pgn, units == 1) {
                (true, true) => "game",
                (true, false) => "games",
                (false, true) => "line",
                (false, false) => "lines",
            };
            let count = parts.written.len();
            let plural = if count == 1 { "" } else { "s" };
            crate::common::inform(format_args!(
                "seeswap split: {units} {what} in {count} part{plural} in {}",
                args.dir.display()
            ));
            Ok(Status::Ok)
        }
        Err(Failed::Read(e)) => fatal(format!("{}: {e}", input.display())),
        Err(Failed::Write(why)) => fatal(why),
    }
}

/// Why a copy into the parts stopped: the input could not be read, or a part written (the
/// message names it).
enum Failed {
    Read(io::Error),
    Write(String),
}

/// Copies every line into the parts, starting a new part every `per_part` games (PGN) or
/// lines (EPD); returns how many games or lines there were.
fn copy(
    reader: &mut impl BufRead,
    parts: &mut Parts,
    format: Format,
    per_part: u64,
) -> Result<u64, Failed> {
    let (mut line, mut units) = (Vec::with_capacity(256), 0u64);
    let (mut state, mut in_comment) = (State::Start, false);
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(Failed::Read)? == 0 {
            return Ok(units);
        }
        let starts_unit = match format {
            // (Tables are refused before the copy.)
            Format::Epd | Format::Csv | Format::Jsonl | Format::Parquet => {
                !line.trim_ascii().is_empty()
            }
            Format::Pgn => {
                // A byte-order mark at a line's start (two exports joined) is passed
                // over, as the reader passes it over.
                let text = line.trim_ascii();
                let text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
                let tag = !in_comment && text.starts_with(b"[");
                // An escape line, or a `;` comment line outside movetext (the reader passes
                // both over there, so neither starts a game nor ends the tags).
                let escape = !in_comment
                    && (text.starts_with(b"%")
                        || (text.starts_with(b";") && state != State::Movetext));
                let moves = !in_comment && !tag && !text.is_empty() && !escape;
                let starts = (tag && state != State::Tags)
                    || (moves && matches!(state, State::Start | State::Gap));
                if tag {
                    state = State::Tags;
                } else if moves {
                    state = State::Movetext;
                } else if text.is_empty() && !in_comment && state == State::Movetext {
                    state = State::Gap;
                }
                // A brace inside a tag's value (`[Event "a {b"]`) or on an escape line
                // (`% ...`, which the reader passes over) opens no comment.
                if !tag && !escape {
                    in_comment = comment_open_after(&line, in_comment);
                }
                starts
            }
        };
        if starts_unit {
            if units > 0 && units % per_part == 0 {
                parts.next().map_err(Failed::Write)?;
            }
            units += 1;
        }
        parts.write(&line).map_err(Failed::Write)?;
    }
}
