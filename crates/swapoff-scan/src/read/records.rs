//! Line records from any input, the same way for every command: files or standard input
//! (`-`), paths as OS strings (not only UTF-8), zstd, gzip and bzip2 decompressed as they
//! stream (told from the content's magic bytes, not the name), CR LF, lone CR (old Mac
//! files) and LF all ending a line, a byte-order mark ignored, and no line longer than
//! [`MAX_RECORD_BYTES`] held in memory: a longer one is reported by its number and skipped,
//! so that one huge line (or `/dev/zero`) costs no more memory than a normal one.

use core::fmt;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The four bytes a Parquet file starts (and ends) with: a table, not a stream of lines.
pub(crate) const PARQUET_MAGIC: &[u8; 4] = b"PAR1";

/// The longest record (line) read, in bytes without its line ending. A FEN with a move
/// and a comment is a few hundred bytes; a longer line is reported and skipped.
pub(crate) const MAX_RECORD_BYTES: usize = 64 * 1024;

/// An input named on the command line: a path, or `-` for standard input.
#[derive(Clone, Debug)]
pub struct InputName(PathBuf);

impl InputName {
    /// Whether this is standard input.
    pub fn is_stdin(&self) -> bool {
        self.0.as_os_str() == OsStr::new("-")
    }

    /// Opens it once: a regular file that starts as a Parquet file does is handed back as
    /// the file (its index is at its end, read by seeking); anything else (standard input,
    /// a pipe, a compressed or text file) as a stream read from its first byte.
    pub(crate) fn open_source(&self) -> io::Result<Opened> {
        if self.is_stdin() {
            stdin_is_open()?;
            return Ok(Opened::Stream(Box::new(io::stdin())));
        }
        let mut file = File::open(&self.0)?;
        // Only a regular file can be looked at and rewound; a pipe's first bytes would be
        // gone.
        if file.metadata()?.is_file() {
            let mut head = [0u8; 4];
            let parquet = file.read_exact(&mut head).is_ok() && &head == PARQUET_MAGIC;
            io::Seek::rewind(&mut file)?;
            if parquet {
                return Ok(Opened::Parquet(file));
            }
        }
        Ok(Opened::Stream(Box::new(file)))
    }

    /// The path (`-` for standard input).
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }

    /// How messages name it: the path, or `<stdin>`.
    pub fn display(&self) -> String {
        if self.is_stdin() {
            "<stdin>".to_string()
        } else {
            self.0.display().to_string()
        }
    }

    /// Opens it and decompresses it if it is compressed; the error names the input. A
    /// Parquet file is refused: it is a table, not a stream of text.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, InputError> {
        let raw = match self.open_source() {
            Ok(Opened::Stream(raw)) => raw,
            Ok(Opened::Parquet(_)) => {
                return Err(InputError::Read {
                    name: self.display(),
                    source: io::Error::new(
                        io::ErrorKind::InvalidData,
                        "it is a Parquet table, not lines of text",
                    ),
                })
            }
            Err(source) => {
                return Err(InputError::Open {
                    name: self.display(),
                    source,
                })
            }
        };
        decompress(raw).map_err(|source| InputError::Read {
            name: self.display(),
            source,
        })
    }

    /// Opens it as records.
    pub fn records(&self) -> Result<Records<Box<dyn Read + Send>>, InputError> {
        Ok(Records::new(self.open()?))
    }

    /// Its size in bytes when it is a regular file (for progress bars).
    pub fn size(&self) -> Option<u64> {
        if self.is_stdin() {
            return None;
        }
        std::fs::metadata(&self.0)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len())
    }

    /// The total size of `inputs` when all are regular files (for a progress bar with an
    /// end).
    pub fn total_size(inputs: &[InputName]) -> Option<u64> {
        inputs.iter().map(InputName::size).sum()
    }
}

/// Refuses a closed standard input (`seeswap scan - <&-`), which would otherwise read as an
/// empty one: a run that read nothing must not look like a run over an empty input. Rust's
/// runtime opens /dev/null for a standard descriptor that is closed at start, read-write;
/// a shell's `< /dev/null` opens it read-only. So /dev/null opened read-write as standard
/// input is a closed one (and a descriptor closed since is closed).
fn stdin_is_open() -> io::Result<()> {
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::MetadataExt;
        let closed = || io::Error::new(io::ErrorKind::BrokenPipe, "standard input is closed");
        let stdin = io::stdin();
        let flags = rustix::fs::fcntl_getfl(&stdin).map_err(|_| closed())?;
        let is_null = |m: std::fs::Metadata| {
            std::fs::metadata("/dev/null").is_ok_and(|null| null.rdev() == m.rdev())
        };
        let read_write = flags & OFlags::RWMODE == OFlags::RDWR;
        if read_write {
            use std::os::fd::AsFd;
            let fd = stdin.as_fd().try_clone_to_owned().map_err(|_| closed())?;
            let meta = File::from(fd).metadata()?;
            if !meta.is_file() && !meta.is_dir() && is_null(meta) {
                return Err(closed());
            }
        }
    }
    Ok(())
}

/// An input opened by `InputName::open_source`.
pub(crate) enum Opened {
    /// A Parquet file, read by seeking.
    Parquet(File),
    /// A stream of bytes as stored (compressed or not), to be read once from the start.
    Stream(Box<dyn Read + Send>),
}

impl From<PathBuf> for InputName {
    fn from(path: PathBuf) -> InputName {
        InputName(path)
    }
}

impl From<&str> for InputName {
    fn from(s: &str) -> InputName {
        InputName(PathBuf::from(s))
    }
}

/// A compression format, told from the first bytes of a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compression {
    /// Zstandard (the Lichess database's `.pgn.zst`).
    Zstd,
    /// gzip (`.gz`), one member or several.
    Gzip,
    /// bzip2 (`.bz2`), one stream or several.
    Bzip2,
}

impl Compression {
    /// The format whose magic bytes `head` starts with, if any.
    pub(crate) fn detect(head: &[u8]) -> Option<Compression> {
        // A zstd frame, or a skippable frame before one (`pzstd` writes one first).
        let skippable = matches!(head, [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..]);
        if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) || skippable {
            Some(Compression::Zstd)
        } else if head.starts_with(&[0x1f, 0x8b]) {
            Some(Compression::Gzip)
        } else if head.starts_with(b"BZh") {
            Some(Compression::Bzip2)
        } else {
            None
        }
    }

    /// The name of a compression or archive format that is not read, whose magic bytes
    /// `head` starts with: read as text, its bytes gave a message per "line".
    pub(crate) fn unread(head: &[u8]) -> Option<&'static str> {
        const UNREAD: [(&[u8], &str); 4] = [
            (&[0xfd, b'7', b'z', b'X'], "xz"),
            (b"PK\x03\x04", "a zip archive"),
            (&[b'7', b'z', 0xbc, 0xaf], "a 7z archive"),
            (&[0x04, 0x22, 0x4d, 0x18], "lz4"),
        ];
        UNREAD
            .iter()
            .find(|(magic, _)| head.starts_with(magic))
            .map(|&(_, name)| name)
    }

    /// The format's name: `zstd`, `gzip` or `bzip2`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }
}

/// How many layers of compression are taken off one input (a `.pgn.zst` gzipped again
/// for mailing is two).
const MAX_LAYERS: usize = 4;

/// The bytes of `raw`, decompressed as they stream when its first bytes are a zstd, gzip
/// or bzip2 magic number (again while the decoded bytes start with one, so compressed
/// data inside compressed data is read too), else as they are.
pub(crate) fn decompress(raw: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    decompress_layer(raw, 0)
}

/// [`decompress`], with `layer` layers taken off already.
fn decompress_layer(
    mut raw: Box<dyn Read + Send>,
    layer: usize,
) -> io::Result<Box<dyn Read + Send>> {
    // Read the first few bytes (a pipe may hand them over one at a time), then put them
    // back in front of the rest.
    let mut head = Vec::with_capacity(4);
    while head.len() < 4 {
        let mut byte = [0u8; 4];
        let want = 4 - head.len();
        match raw.read(&mut byte[..want]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&byte[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    if let Some(name) = Compression::unread(&head) {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{name}, which is not read (zstd, gzip and bzip2 are): decompress it first"),
        ));
    }
    let Some(compression) = Compression::detect(&head) else {
        return Ok(Box::new(io::Cursor::new(head).chain(raw)));
    };
    if layer == MAX_LAYERS {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "{} inside {MAX_LAYERS} layers of compression, more than are taken off: \
                 decompress it first",
                compression.name()
            ),
        ));
    }
    let consumed = Arc::new(AtomicU64::new(0));
    let counted = Counted {
        inner: io::Cursor::new(head).chain(raw),
        count: Arc::clone(&consumed),
    };
    let decoder: Box<dyn Read + Send> = match compression {
        #[cfg(feature = "zstd")]
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(counted)?),
        #[cfg(not(feature = "zstd"))]
        Compression::Zstd => {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "zstd-compressed, which this build does not read (built without zstd)",
            ))
        }
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(counted)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(counted)),
    };
    let decoded = Box::new(Decoded {
        inner: decoder,
        compression,
        consumed,
        produced: 0,
    });
    decompress_layer(decoded, layer + 1)
}

/// Counts the bytes read from the inner reader: the compressed bytes a decoder has taken
/// (for its error messages), or a file's bytes as they come (for progress bars).
pub(crate) struct Counted<R> {
    pub(crate) inner: R,
    pub(crate) count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A decoder whose errors say which format failed and how far it had got.
struct Decoded {
    inner: Box<dyn Read + Send>,
    compression: Compression,
    consumed: Arc<AtomicU64>,
    produced: u64,
}

impl Read for Decoded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                self.produced += n as u64;
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                let consumed = self.consumed.load(Ordering::Relaxed);
                // Not `InvalidData`: the PGN reader would take that for one bad game and
                // read on; a broken stream ends the file.
                Err(io::Error::other(
                    format!(
                        "the {} stream is corrupt or truncated after {consumed} compressed bytes ({} bytes decompressed): {e}",
                        self.compression.name(),
                        self.produced
                    ),
                ))
            }
        }
    }
}

/// A reader that turns CR LF and lone CR into LF, so that everything downstream splits
/// lines on LF alone.
pub(crate) struct UnixLines<R> {
    inner: R,
    /// The last byte passed on was a CR (now an LF): an LF right after it is dropped.
    after_cr: bool,
}

impl<R: Read> UnixLines<R> {
    /// Wraps `inner`.
    pub(crate) fn new(inner: R) -> UnixLines<R> {
        UnixLines {
            inner,
            after_cr: false,
        }
    }
}

impl<R: Read> Read for UnixLines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.inner.read(buf)?;
            if n == 0 {
                return Ok(0);
            }
            // Most input has no CR at all: pass it on untouched.
            if !self.after_cr && memchr::memchr(b'\r', &buf[..n]).is_none() {
                return Ok(n);
            }
            let mut kept = 0;
            for i in 0..n {
                let byte = buf[i];
                if byte == b'\n' && self.after_cr {
                    self.after_cr = false;
                    continue;
                }
                self.after_cr = byte == b'\r';
                buf[kept] = if byte == b'\r' { b'\n' } else { byte };
                kept += 1;
            }
            // A buffer of nothing but the LF of a CR LF: read on rather than report an end.
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

/// Lines of an input, numbered from 1, each at most 64 KiB in memory.
pub struct Records<R> {
    input: BufReader<UnixLines<R>>,
    line: Vec<u8>,
    number: u64,
    /// Bytes read so far (after line-ending conversion), for progress bars.
    bytes: u64,
}

impl<R: Read> Records<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Records<R> {
        Records {
            input: BufReader::with_capacity(1 << 16, UnixLines::new(input)),
            line: Vec::new(),
            number: 0,
            bytes: 0,
        }
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The next line and its number, `None` at the end of the input: the line's text
    /// (without its line ending, or a leading byte-order mark), or why it cannot be used.
    #[allow(clippy::type_complexity)]
    pub fn next_record(&mut self) -> io::Result<Option<(u64, Result<&str, LineError>)>> {
        self.line.clear();
        let mut length = 0u64;
        let mut any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (part, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            length += part.len() as u64;
            if length <= MAX_RECORD_BYTES as u64 {
                self.line.extend_from_slice(part);
            }
            self.input.consume(used);
            self.bytes += used as u64;
            if done {
                break;
            }
        }
        self.number += 1;
        let record = if length > MAX_RECORD_BYTES as u64 {
            Err(LineError::TooLong(length))
        } else {
            let bytes = if self.number == 1 {
                self.line
                    .strip_prefix(b"\xef\xbb\xbf")
                    .unwrap_or(&self.line)
            } else {
                &self.line
            };
            std::str::from_utf8(bytes).map_err(|_| LineError::NotUtf8)
        };
        Ok(Some((self.number, record)))
    }
}

/// An input that cannot be opened or read.
#[derive(Debug)]
pub enum InputError {
    /// It cannot be opened.
    Open {
        /// The input's name (`<stdin>` for standard input).
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// It opened, but reading its start (or decompressing it) failed.
    Read {
        /// The input's name.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// Its first line with content is none of the formats.
    UnknownFormat {
        /// The input's name.
        name: String,
    },
    /// It is binary data, not text.
    Binary {
        /// The input's name.
        name: String,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Open { name, source } => write!(f, "cannot open {name}: {source}"),
            InputError::Read { name, source } => write!(f, "cannot read {name}: {source}"),
            InputError::UnknownFormat { name } => write!(f, "cannot tell the format of {name}"),
            InputError::Binary { name } => write!(f, "{name} is binary data, not text"),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Open { source, .. } | InputError::Read { source, .. } => Some(source),
            InputError::UnknownFormat { .. } | InputError::Binary { .. } => None,
        }
    }
}

/// A line that cannot be used as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// It is not valid UTF-8.
    NotUtf8,
    /// It is longer than 64 KiB: the number of bytes it had.
    TooLong(u64),
}

impl LineError {
    /// Why the line cannot be used, without what becomes of it (a table row says so
    /// itself).
    pub fn why(&self) -> String {
        match self {
            LineError::NotUtf8 => "the line is not valid UTF-8".to_string(),
            LineError::TooLong(bytes) => format!(
                "the line is {bytes} bytes long, more than the {MAX_RECORD_BYTES} a record may \
                 have"
            ),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.why())?;
        match self {
            LineError::NotUtf8 => Ok(()),
            LineError::TooLong(_) => f.write_str("; line skipped"),
        }
    }
}

impl std::error::Error for LineError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_stays_bounded_on_an_endless_line() {
        // 8 MB without a line ending: the record buffer never grows past the maximum.
        let zeros = io::repeat(0).take(8 << 20);
        let mut records = Records::new(zeros);
        let (_, record) = records.next_record().unwrap().unwrap();
        assert_eq!(record, Err(LineError::TooLong(8 << 20)));
        assert!(records.line.capacity() <= 2 * MAX_RECORD_BYTES);
        assert!(records.next_record().unwrap().is_none());
    }
}
