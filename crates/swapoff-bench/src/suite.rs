//! SEE test suites: lines of `FEN; move; value; comment`.
//!
//! The format engine authors use (Leorik's and Zangdar's files, for example): a FEN with
//! four to six fields, a move in SAN or UCI, the expected SEE value from the mover's side,
//! and an optional comment. Also accepted: `|` instead of `;` as the separator, `#`
//! comment lines, blank lines, a tab before the value, and a `:` ending the value field
//! instead of `;` (one of Zangdar's lines does).

use core::fmt;

/// One test of a suite.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SuiteRow {
    /// Line number in the file, from 1.
    pub line: usize,
    /// The FEN as written.
    pub fen: String,
    /// The move as written (SAN or UCI).
    pub mv: String,
    /// The expected SEE value.
    pub expected: i32,
    /// Whatever follows the value.
    pub comment: String,
}

/// Why a suite line could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SuiteLineError {
    /// Line number in the file, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: SuiteLineErrorKind,
}

/// What is wrong with a suite line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SuiteLineErrorKind {
    /// A field is missing or empty: FEN, move or value.
    MissingField {
        /// The first missing field: `FEN`, `move` or `value`.
        field: &'static str,
    },
    /// The value field is not an integer.
    BadValue {
        /// The text of the value field.
        text: String,
    },
    /// The move field is empty.
    EmptyMove,
}

impl fmt::Display for SuiteLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            SuiteLineErrorKind::MissingField { field } => write!(
                f,
                "missing the {field} field (expected 'FEN; move; value; comment')"
            ),
            SuiteLineErrorKind::BadValue { text } => {
                if text
                    .trim_start_matches(['-', '+'])
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                {
                    write!(
                        f,
                        "value field {text:?} is outside the range of a 32-bit integer"
                    )
                } else {
                    write!(f, "value field {text:?} is not an integer")
                }
            }
            SuiteLineErrorKind::EmptyMove => f.write_str("the move field is empty"),
        }
    }
}

impl std::error::Error for SuiteLineError {}

/// Reads one line of a suite. `Ok(None)` for blank and `#` comment lines.
///
/// ```
/// use swapoff_bench::suite::suite_line;
/// let row = suite_line(7, "4R3/2r3p1/5bk1/1p1r3p/p2PR1P1/P1BK1P2/1P6/8 b - -; hxg4; 0;").unwrap().unwrap();
/// assert_eq!((row.line, row.mv.as_str(), row.expected), (7, "hxg4", 0));
/// assert!(suite_line(8, "# a comment").unwrap().is_none());
/// assert!(suite_line(9, "8/8/8/8/8/8/8/K6k w - -; Ka2; many").is_err());
/// ```
pub fn suite_line(line: usize, text: &str) -> Result<Option<SuiteRow>, SuiteLineError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let separator = if text.contains(';') { ';' } else { '|' };
    let mut fields = text.splitn(3, separator);
    let fen = fields.next().unwrap_or("").trim();
    let err = |kind| SuiteLineError { line, kind };
    if fen.is_empty() {
        return Err(err(SuiteLineErrorKind::MissingField { field: "FEN" }));
    }
    let mv = fields
        .next()
        .ok_or(err(SuiteLineErrorKind::MissingField { field: "move" }))?
        .trim();
    if mv.is_empty() {
        return Err(err(SuiteLineErrorKind::EmptyMove));
    }
    let rest = fields
        .next()
        .ok_or(err(SuiteLineErrorKind::MissingField { field: "value" }))?;
    // The value ends at the next separator, or at a ':' some files use by mistake.
    let (value, comment) = match rest.find([separator, ':']) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let value = value.trim();
    if value.is_empty() {
        return Err(err(SuiteLineErrorKind::MissingField { field: "value" }));
    }
    let expected = value.parse().map_err(|_| {
        err(SuiteLineErrorKind::BadValue {
            text: value.to_string(),
        })
    })?;
    Ok(Some(SuiteRow {
        line,
        fen: fen.to_string(),
        mv: mv.to_string(),
        expected,
        comment: comment.trim().to_string(),
    }))
}

/// Reads a whole suite: every row, or the error of each line that could not be read.
pub fn read_suite(text: &str) -> Vec<Result<SuiteRow, SuiteLineError>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| suite_line(i + 1, l).transpose())
        .collect()
}
