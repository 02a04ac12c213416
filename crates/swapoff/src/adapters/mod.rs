//! Adapters for the chess crates people already use, each behind a cargo feature.
//!
//! - `shakmaty`: [`crate::SeeBoard`] for `shakmaty::Board` and `shakmaty::Chess`, and
//!   `Move: TryFrom<&shakmaty::Move>`.
//! - `cozy-chess`: [`crate::SeeBoard`] for `cozy_chess::Board`, and [`crate::Move::from_cozy`].

#[cfg(feature = "cozy-chess")]
mod cozy;
#[cfg(feature = "shakmaty")]
mod shakmaty;

#[cfg(feature = "shakmaty")]
pub use self::shakmaty::UnsupportedMove;
