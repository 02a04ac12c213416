//! What the `seeswap` command-line tool and the `swapoff` Python package share, written
//! once:
//!
//! - [`records`]: inputs by name (files or `-`), decompressed as they stream, cut into
//!   line records with a length limit;
//! - [`format`](mod@format): telling EPD from PGN;
//! - [`epd`]: EPD/FEN lines to boards, validated as `swapoff::parse` validates;
//! - [`pgn`]: PGN games collected and replayed;
//! - [`analysis`]: the per-position analysis `seeswap scan` prints;
//! - [`captures`]: the legal captures and promotions it evaluates;
//! - [`json`]: the JSON both tools give for a position's analysis and a move's trace.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod captures;
pub mod epd;
pub mod format;
pub mod json;
pub mod pgn;
pub mod records;
