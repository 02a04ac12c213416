//! Pieces every command shares: rule and value flags, input opening, exit codes.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::process::ExitCode;
use swapoff::{PieceValues, Rules, See};
use swapoff_scan::InputName;

/// Everything went well.
pub const EXIT_OK: u8 = 0;
/// Some input was skipped, or some suite row failed.
pub const EXIT_PARTIAL: u8 = 1;
/// Usage error or fatal input error.
pub const EXIT_FATAL: u8 = 2;

/// `--rules` and `--values`, flattened into each command that evaluates.
#[derive(clap::Args, Clone, Debug)]
pub struct RuleArgs {
    /// Rule set: default, classic, stockfish or exact.
    #[arg(long, default_value = "default")]
    pub rules: Rules,
    /// Piece values P,N,B,R,Q (default: the rule set's own, 100,300,300,500,900 or
    /// Stockfish's 208,781,825,1276,2538).
    #[arg(long, allow_hyphen_values = true)]
    pub values: Option<PieceValues>,
}

impl RuleArgs {
    /// The evaluator these flags describe.
    pub fn see(&self) -> See {
        let see = See::new(self.rules);
        match self.values {
            Some(v) => see.with_values(v),
            None => see,
        }
    }
}

/// How a command that ran to its end went: its exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything was read and done.
    Ok,
    /// Some input was skipped, or some suite row failed.
    Partial,
    /// An input could not be opened or read to its end (the others were).
    Unreadable,
}

impl Status {
    /// The run's exit policy, in one place: an unreadable input first, then a skipped
    /// record.
    pub fn of(unreadable: bool, skipped: bool) -> Status {
        match (unreadable, skipped) {
            (true, _) => Status::Unreadable,
            (false, true) => Status::Partial,
            (false, false) => Status::Ok,
        }
    }

    /// The exit code.
    pub fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Status::Ok => EXIT_OK,
            Status::Partial => EXIT_PARTIAL,
            Status::Unreadable => EXIT_FATAL,
        })
    }
}

/// Why a command stopped before its end.
#[derive(Debug)]
pub enum Stop {
    /// Standard output was closed (`| head`): the run ends quietly with status 0, as
    /// coreutils do when they ignore SIGPIPE.
    ClosedPipe,
    /// A fatal error, printed once by `main` as `seeswap: <why>` (status 2).
    Fatal(String),
}

/// What a command returns; `main` maps it to the exit code.
pub type Outcome = Result<Status, Stop>;

/// A fatal error with `message`, as a command returns it.
pub fn fatal<T>(message: impl std::fmt::Display) -> Result<T, Stop> {
    Err(Stop::Fatal(message.to_string()))
}

/// The exit code of a command's outcome, its error printed first.
pub fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(status) => status.code(),
        Err(Stop::ClosedPipe) => ExitCode::from(EXIT_OK),
        Err(Stop::Fatal(why)) => {
            warn(why);
            ExitCode::from(EXIT_FATAL)
        }
    }
}

/// The one way out for the command's warnings and errors, in one format: `seeswap: PLACE:
/// why` (PLACE is a file, `FILE:LINE`, `FILE: game N`, ...; a message about the whole run
/// has none). A line that cannot be written to standard error is dropped: there is
/// nowhere left to say so.
pub fn warn(message: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "seeswap: {message}");
}

/// A run's closing summary line (`seeswap split: ...`, scan's totals), which is no
/// warning: written as it is, through the same way out.
pub fn inform(line: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// [`warn`], with the progress bar `bar` cleared while the line is written.
pub fn warn_over(bar: &ProgressBar, message: impl std::fmt::Display) {
    bar.suspend(|| warn(message));
}

/// What a failed write to standard output means for the run: a closed pipe (`| head`)
/// ends it quietly with status 0, as coreutils do when they ignore SIGPIPE; any other
/// error (a full disk) is reported and fatal.
pub fn output_error<T>(e: io::Error) -> Result<T, Stop> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Err(Stop::ClosedPipe)
    } else {
        fatal(format!("cannot write the output: {e}"))
    }
}

/// Whether standard output was open when the process started, recorded by
/// [`record_stdout`] (true where it cannot be recorded).
static STDOUT_WAS_OPEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Records whether descriptor 1 is open. It runs from the ELF constructor list, before
/// Rust's runtime starts: the runtime reopens a closed standard descriptor on /dev/null
/// (and std takes `EBADF` on standard output for "nothing to write to"), so from `main`
/// on a closed standard output (`seeswap ... >&-`) would take every write without an
/// error. Copying the descriptor fails only when there is none.
#[cfg(target_os = "linux")]
extern "C" fn record_stdout() {
    use std::os::fd::AsFd;
    let open = io::stdout().as_fd().try_clone_to_owned().is_ok();
    STDOUT_WAS_OPEN.store(open, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static RECORD_STDOUT: extern "C" fn() = record_stdout;

/// Fails, as coreutils do, when standard output was closed when the process started.
pub fn check_stdout() -> Result<(), Stop> {
    if STDOUT_WAS_OPEN.load(std::sync::atomic::Ordering::Relaxed) {
        Ok(())
    } else {
        fatal("cannot write the output: standard output is closed (Bad file descriptor)")
    }
}

/// Writes `text` to standard output and flushes it; `Err` carries the exit code that
/// [`output_error`] gives.
pub fn write_stdout(text: std::fmt::Arguments) -> Result<(), Stop> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    match out.write_fmt(text).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) => output_error(e),
    }
}

/// SplitMix64: a small, well-mixed generator for reproducible choices (the bench's
/// shuffles, make-suite's samples); only reproducibility matters here.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The progress of a run through its inputs: a byte-count bar when every input is a file,
/// else a spinner; hidden when stderr is not a terminal or when `quiet`. The one bar of
/// every command that reads inputs (its message says what has been done).
pub fn progress_bar(files: &[InputName], quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match swapoff_scan::InputName::total_size(files) {
        Some(total) => {
            let bar = ProgressBar::new(total);
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg} ({eta})",
            ) {
                bar.set_style(style);
            }
            bar
        }
        None => {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bytes} read, {msg}")
            {
                bar.set_style(style);
            }
            bar
        }
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
