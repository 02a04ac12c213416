//! What the `seeswap` command-line tool and the `swapoff` Python package share, written
//! once. Data flows one way, read → scan → write, as pgn-reader's reader feeds a visitor and
//! ripgrep's searcher feeds its printer's sinks:
//!
//! - [`read`]: inputs by name (files or `-`), opened, decompressed and told apart once (EPD,
//!   PGN, CSV, JSON Lines, Parquet), cut into units of work ([`read::Work`]) and
//!   [`read::Note`]s in input order; FENs, SAN and UCI moves read with precise errors;
//! - [`scan`]: units of work to rows ([`scan::Scanner`]), computing only what the columns
//!   asked need ([`scan::Selection`]), handed to a [`scan::Sink`] that may fail or stop the
//!   reading; [`scan::pipeline`] runs reading and scanning on every core, in input order;
//! - [`write`](mod@write): rows as JSON Lines or CSV ([`write::TextRows`]) and as Arrow columns
//!   ([`write::Columns`]), and a move's trace as JSON;
//! - [`ask`]: one position asked one question (SEE, trace, analysis), as every face asks.
//!
//! Nothing in `read` knows about scanning or writing, and nothing in `scan` about writing.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
#![deny(unnameable_types)]

pub mod ask;
pub(crate) mod encode;
pub mod read;
pub mod scan;
pub mod write;
