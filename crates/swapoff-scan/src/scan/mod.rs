//! Scan: units of work turned into rows, computing only what the columns asked need
//! ([`Selection`], [`Needs`]), and handed with the notes to a [`Sink`] that may fail or stop
//! the reading. [`pipeline`] runs read → scan on every core, in input order.

pub(crate) mod analysis;
pub(crate) mod captures;
pub(crate) mod columns;
pub(crate) mod fen;
pub mod pipeline;
pub(crate) mod replay;
pub(crate) mod rows;

pub(crate) use analysis::{Capture, Hanging, Report};
pub use columns::{Column, Needs, Selection};
pub(crate) use rows::Scanner;
pub use rows::{Origin, Played, Row, Sink};
