//! `swapoff audit` (being built).

use std::process::ExitCode;

/// Flags of `swapoff audit`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> ExitCode {
    crate::common::fatal("the audit command is not built yet")
}
