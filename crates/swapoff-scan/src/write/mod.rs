//! Write: rows as JSON Lines or CSV ([`TextRows`]) and as Arrow columns ([`Columns`]), and
//! the JSON of one move's trace. The byte-level helpers they share (numbers, moves, FENs,
//! escaped text) are in one module, `encode`.

pub(crate) mod arrow;
pub(crate) mod json;
pub(crate) mod text;

pub use arrow::{Columns, Layout};
pub use json::{
    attackers_and_xrays, by_side, fen_letter, piece_letter_on, why_the_exchange_ends, TraceJson,
};
pub use text::{Shape, TextRows};
