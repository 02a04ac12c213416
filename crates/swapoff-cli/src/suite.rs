//! `swapoff suite` (being built).

use std::process::ExitCode;

/// Flags of `swapoff suite`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> ExitCode {
    crate::common::fatal("the suite command is not built yet")
}
