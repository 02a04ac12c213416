//! Read: inputs opened, decompressed and told apart once, then cut into units of work
//! ([`Work`]: EPD lines, table rows, PGN games) and [`Note`]s, in input order. Nothing here
//! knows what a scan computes or how rows are written.

pub(crate) mod ahead;
pub(crate) mod annotation;
#[cfg(feature = "parquet")]
pub(crate) mod columnar;
pub(crate) mod epd;
pub(crate) mod error;
pub(crate) mod format;
pub(crate) mod game_starts;
pub(crate) mod games;
pub(crate) mod note;
pub(crate) mod options;
pub(crate) mod parse;
pub(crate) mod pgn;
pub(crate) mod pool;
pub(crate) mod records;
pub(crate) mod resolve;
pub(crate) mod source;
pub(crate) mod table;
pub(crate) mod tags;
pub(crate) mod token;
pub(crate) mod units;
pub(crate) mod work;

pub use format::Format;
pub use note::{Cause, Note, Place, Skipped};
pub use options::ReadOptions;
pub use parse::{FenError, FenField, Impossibility, MoveError};
pub use records::{InputError, InputName, LineError, Records};
pub use source::{Source, Table};
pub use work::Work;
