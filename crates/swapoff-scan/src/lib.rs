//! What the `seeswap` command-line tool, the `swapoff` Python package and the WebAssembly
//! package share, written once. Data flows one way, read → scan → write, as pgn-reader's
//! reader feeds a visitor and ripgrep's searcher feeds its printer's sinks. The crate's
//! modules are its own; what a face uses is here, at the top:
//!
//! - **read**: an input by name ([`InputName`]) opened, decompressed and told apart once
//!   ([`Source`], [`Format`]: EPD, PGN, CSV, JSON Lines, Parquet), cut into units of work
//!   ([`Work`]) and [`Note`]s in input order, as one owned configuration ([`ReadOptions`])
//!   says, and an input's lines ([`InputName::records`]) for the commands that read
//!   `FEN;MOVE` lines;
//! - **scan**: units of work to [`Row`]s ([`Scan::process`]), computing only what the columns
//!   asked need ([`Selection`]), handed to a [`Sink`] that may fail or stop the reading;
//!   [`Scan::run`] runs reading and scanning on every core, in input order;
//! - **write**: the sinks: rows as JSON Lines or CSV ([`TextRows`]) and as Arrow columns
//!   ([`Columns`]), a run's totals ([`Summary`]), and a move's trace as JSON
//!   ([`TraceJson`]);
//! - **ask**: one [`Position`], read from a FEN with precise errors, its moves read from
//!   SAN or UCI, asked one [`Question`] (SEE, trace, analysis), as every face asks.
//!
//! A face starts at the front door, [`Scan`]: made once from the SEE settings, the row
//! columns, the tags and the reading options, it works out what they imply, hands out
//! ready sinks and runs the pipeline (`examples/rows.rs` goes from bytes to rows).
//!
//! Those are the entry points. The other names below are their parts (an error's causes, a
//! row's fields, a writer's settings), exported because the entry points' signatures show
//! them. Nothing in `read` knows about scanning or writing, and nothing in `scan` about
//! writing.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
#![deny(unnameable_types)]
#![deny(unreachable_pub)]

mod ask;
mod encode;
mod front;
mod read;
mod scan;
mod write;

// The entry points: the front door of a scan, then each layer.
pub use ask::{Position, Question};
pub use front::{ArrowRows, Scan, TextSink};
pub use read::{Format, InputName, Note, ReadOptions, Source, Work};
pub use scan::{pipeline, Row, Selection, Sink};
pub use write::{Columns, Summary, TextRows, TraceJson};

// Their parts.
pub use read::{
    Cause, FenError, FenField, Impossibility, InputError, LineError, MoveError, Place, Records,
    Skipped, Table,
};
pub use scan::{Column, Needs, Origin, Played};
pub use write::{BySide, CaptureJson, Layout, Shape};
