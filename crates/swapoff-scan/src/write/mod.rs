//! Write: rows as JSON Lines or CSV ([`TextRows`]) and as Arrow columns ([`Columns`]), a
//! run's totals ([`Summary`]), and the JSON of one move's trace. The byte-level helpers
//! they share (numbers, moves, FENs, escaped text) are the crate's `encode` module, which
//! the readers and the scan use too.

pub(crate) mod arrow;
pub(crate) mod fields;
pub(crate) mod report;
pub(crate) mod summary;
pub(crate) mod text;
pub(crate) mod trace;

pub use arrow::{Columns, Layout};
pub use summary::Summary;
pub use text::{Shape, TextRows};
pub use trace::{BySide, CaptureJson, TraceJson};
