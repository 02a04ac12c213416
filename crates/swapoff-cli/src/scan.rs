//! `swapoff scan` (being built).

use std::process::ExitCode;

/// Flags of `swapoff scan`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> ExitCode {
    crate::common::fatal("the scan command is not built yet")
}
