//! `swapoff bench` (being built).

use std::process::ExitCode;

/// Flags of `swapoff bench`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> ExitCode {
    crate::common::fatal("the bench command is not built yet")
}
