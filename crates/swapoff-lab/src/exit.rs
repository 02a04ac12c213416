//! Exit codes of the lab's commands, as the `seeswap` tool's: 0 success, 1 some input
//! skipped, 2 an input that cannot be opened or output that cannot be written.

use std::process::ExitCode;

/// Everything went well.
pub const EXIT_OK: u8 = 0;
/// Some input was skipped.
pub const EXIT_PARTIAL: u8 = 1;
/// A fatal error.
pub const EXIT_FATAL: u8 = 2;

/// A failed write to standard output: a closed pipe ends the run quietly, anything else
/// is reported and fatal.
pub fn output_error(e: std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::from(EXIT_OK);
    }
    eprintln!("swapoff-lab: cannot write the output: {e}");
    ExitCode::from(EXIT_FATAL)
}
