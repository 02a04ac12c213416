//! What the `seeswap` command-line tool and the `swapoff` Python package share, written
//! once. Data flows one way, input → records → analysis → rows → sink:
//!
//! - [`records`]: inputs by name (files or `-`), decompressed as they stream, cut into
//!   line records with a length limit;
//! - [`format`](mod@format): telling EPD from PGN (and a compressed input's format);
//! - [`units`]: an input read into units of work (EPD lines, PGN games) and [`note`]s;
//!   [`columnar`]: Parquet tables (games or positions) read a record batch at a time;
//!   [`work`]: the units both hand on;
//! - [`parse`]: FENs and SAN/UCI moves read with precise errors;
//! - [`table`]: CSV and JSON Lines tables of positions (Lichess's puzzles and
//!   evaluations);
//! - [`suite`]: SEE test suites (`FEN; move; value; comment`), and [`pairs`]: `FEN;UCI`
//!   pairs;
//! - [`epd`]: EPD/FEN lines to boards, validated as [`parse`] validates;
//! - [`pgn`]: PGN games collected and replayed; `notation`: long algebraic moves and
//!   en passant marks rewritten before the PGN reader, which would skip them;
//! - [`ask`]: one position asked one question (SEE, trace, analysis), as every face asks;
//! - [`analysis`]: the per-position analysis `seeswap scan` prints; [`columns`]: the
//!   columns asked for, and what computing them needs;
//! - `captures`: the legal captures and promotions it evaluates;
//! - [`rows`]: units of work to rows and notes, handed to a sink: the one function both
//!   faces run; [`pipeline`]: reading, processing on every core and results in input
//!   order, the streaming loop both faces run;
//! - [`text`], [`arrow`](mod@arrow): rows as JSON Lines or CSV, and as Arrow columns;
//! - [`json`]: the JSON of a position's analysis and of a move's trace;
//! - [`error`]: what can be wrong with an input, a line, an EPD record or a game;
//! - [`pool`]: reusable buffers.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod arrow;
pub mod ask;
pub mod calls;
pub(crate) mod captures;
#[cfg(feature = "parquet")]
pub mod columnar;
pub mod columns;
pub mod epd;
pub mod error;
pub mod format;
pub mod json;
pub(crate) mod notation;
pub mod note;
pub mod pairs;
pub mod parse;
pub mod pgn;
pub mod pipeline;
pub mod pool;
pub mod records;
pub mod rows;
pub mod suite;
pub mod table;
pub mod text;
pub mod units;
pub mod work;
