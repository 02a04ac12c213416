//! `swapoff order` (being built).

use std::process::ExitCode;

/// Flags of `swapoff order`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> ExitCode {
    crate::common::fatal("the order command is not built yet")
}
