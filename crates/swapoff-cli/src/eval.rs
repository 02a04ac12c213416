//! `swapoff eval` (being built).

use std::process::ExitCode;

/// Flags of `swapoff eval`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> ExitCode {
    crate::common::fatal("the eval command is not built yet")
}
