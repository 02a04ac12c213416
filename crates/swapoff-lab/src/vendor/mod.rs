//! Code of other projects, kept as it is, under its own licence: comparators for the
//! benchmarks, never part of a published crate.

/// tantabus's SEE (MPL-2.0): a swap-list SEE on cozy-chess, values 100/320/330/500/900.
#[allow(missing_docs, unused_imports, clippy::all)]
#[rustfmt::skip] // kept as its authors wrote it
pub mod tantabus_see;

/// frozenight's SEE (MIT OR Apache-2.0): a swap-list SEE on cozy-chess, values
/// 100/300/325/500/900.
#[allow(missing_docs, unused_imports, clippy::all)]
#[rustfmt::skip] // kept as its authors wrote it
pub mod frozenight_see;

/// Black Marlin's SEE (GPL-3.0, release 4.0): a swap list over a gains array, values
/// 100/300/300/500/900, asked about captures and quiet moves alike.
#[allow(missing_docs, unused_imports, clippy::all)]
#[rustfmt::skip] // kept as its authors wrote it
pub mod blackmarlin_see;
