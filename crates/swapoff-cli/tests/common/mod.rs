//! What the command-line tests share: running `seeswap`, reading its output, finding
//! the repository's test data.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub fn seeswap() -> Command {
    Command::new(env!("CARGO_BIN_EXE_seeswap"))
}

/// Runs `seeswap ARGS` with `stdin` (closed at once when `None`), to its end.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = seeswap()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seeswap starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        if let Some(bytes) = stdin {
            // The child may stop reading early; that is its right.
            let _ = input.write_all(bytes);
        }
    }
    child.wait_with_output().expect("seeswap runs to the end")
}

/// Output bytes as text (lossy: a test that cares about UTF-8 checks it itself).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file of the repository's `testdata/` folder.
pub fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel)
}
