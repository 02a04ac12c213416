//! Bulk input and output as a careful user meets them: long PGN tags, closed pipes and full
//! disks, over-long records, line endings of every system, leading blank lines, PGN
//! without tags, missing files, absurd flags and file names that are not UTF-8. Each test
//! is the regression test of one defect found that way.

mod common;

use common::{run, seeswap, testdata, text};
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

const WIKI_1: &str = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -";
const ONE_EPD: &str = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";

fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write a scratch file");
    path
}

fn no_panic(o: &Output) {
    let err = stderr(o);
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_ne!(o.status.code(), Some(101), "{err}");
}

// 1. Long PGN tags.
#[test]
fn a_tag_line_longer_than_255_bytes_is_read() {
    let event = "E".repeat(1_000);
    let pgn = format!(
        "[Event \"{event}\"]\n[Site \"?\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 *\n\n\
         [Event \"second\"]\n[Result \"*\"]\n\n1. d4 *\n"
    );
    let o = run(&["scan", "-q", "-"], Some(pgn.as_bytes()));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let games: Vec<u64> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
            v["game"].as_u64().expect("game number")
        })
        .collect();
    // Game 1: the start and three plies; game 2: the start and one ply. No phantom game.
    assert_eq!(games, [1, 1, 1, 1, 2, 2]);
}

// 2. Closed pipes and full disks.
fn with_closed_stdout(args: &[&str]) -> Output {
    // A pipe whose reading end is closed before the command writes: like `| head -n 0`.
    let mut child = seeswap()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seeswap starts");
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut err)
        .expect("read stderr");
    let status = child.wait().expect("seeswap ends");
    Output {
        status,
        stdout: Vec::new(),
        stderr: err.into_bytes(),
    }
}

fn into_dev_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists on Linux");
    seeswap()
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("seeswap runs")
}

#[test]
fn a_closed_pipe_ends_every_command_quietly_and_a_full_disk_is_an_error() {
    let pairs = testdata("examples/pairs.txt");
    let pairs = pairs.to_str().unwrap();
    let epd = testdata("examples/one.epd");
    let epd = epd.to_str().unwrap();
    let suite = testdata("suites/leorik_see.epd");
    let suite = suite.to_str().unwrap();
    let commands: [&[&str]; 6] = [
        &["eval", WIKI_1, "Rxe5"],
        &["eval", "--batch", pairs],
        &["suite", suite],
        &["audit", pairs],
        &["scan", epd],
        &["bench", "--passes", "cold", "--reps", "1", "--no-recursive"],
    ];
    for args in commands {
        let o = with_closed_stdout(args);
        no_panic(&o);
        let code = o.status.code();
        // 0 as coreutils that ignore SIGPIPE, or 1 where some input was skipped (the
        // suite's three convention rows); never a message about the pipe.
        assert!(
            matches!(code, Some(0 | 1)),
            "{args:?}: {code:?} {}",
            stderr(&o)
        );
        assert!(
            !stderr(&o).to_lowercase().contains("pipe"),
            "{args:?}: {}",
            stderr(&o)
        );
        for o in [into_dev_full(args), with_no_stdout(args)] {
            no_panic(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
            assert!(
                stderr(&o).contains("cannot write the output"),
                "{args:?}: {}",
                stderr(&o)
            );
        }
        // /dev/null takes everything: not an error.
        let o = seeswap()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .output()
            .expect("seeswap runs");
        assert!(matches!(o.status.code(), Some(0 | 1)), "{args:?}");
    }
    // `--parquet` writes nothing to standard output: a closed one is no error.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rows.parquet");
    let o = with_no_stdout(&["scan", "-q", "--parquet", out.to_str().unwrap(), epd]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// The command run with its standard output closed (`seeswap ... >&-`), as a shell does.
fn with_no_stdout(args: &[&str]) -> Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg("exec \"$@\" >&-")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_seeswap"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

// 3. A record limit for every reader.
#[test]
fn an_over_long_record_is_reported_by_line_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(200_000);
    let good = format!("{WIKI_1};Rxe5");
    let pairs = write(
        dir.path(),
        "long.txt",
        format!("{good}\n{long}\n{good}\n").as_bytes(),
    );
    let pairs = pairs.to_str().unwrap();
    let suite_file = write(
        dir.path(),
        "long.epd",
        format!("{WIKI_1}; Rxe5; 100; ok\n{long}\n{WIKI_1}; Rxe5; 100; ok\n").as_bytes(),
    );
    let epd = write(
        dir.path(),
        "long_positions.epd",
        format!("{ONE_EPD}\n{long}\n{ONE_EPD}\n").as_bytes(),
    );
    for args in [
        vec!["eval", "--batch", pairs],
        vec!["suite", suite_file.to_str().unwrap()],
        vec!["audit", pairs],
        vec!["scan", "-q", epd.to_str().unwrap()],
    ] {
        let o = run(&args, None);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let all = format!("{}{}", stdout(&o), stderr(&o));
        assert!(
            all.contains(":2:"),
            "{args:?}: line 2 not named: {all:.300}"
        );
        assert!(
            all.contains("65536"),
            "{args:?}: the limit not named: {all:.300}"
        );
    }
    // The lines around it were read: eval answers lines 1 and 3.
    let o = run(&["eval", "--batch", pairs], None);
    assert_eq!(stdout(&o), "100\nerror\n100\n");
}

#[test]
fn an_endless_line_costs_bounded_memory() {
    // 64 MB without a line ending on standard input: reported as one over-long record.
    let zeros = vec![b'0'; 64 << 20];
    let o = run(&["eval", "--batch", "-"], Some(&zeros));
    no_panic(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "error\n");
    assert!(stderr(&o).contains("<stdin>:1: the line is 67108864 bytes long"));
}

// 4. One validation for every command.
#[test]
fn scan_refuses_what_eval_refuses() {
    let kings_side_by_side = "8/8/8/8/8/8/8/3Kk3 w - - 0 1";
    let o = run(&["scan", "-q", "-"], Some(kings_side_by_side.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    let scan_err = stderr(&o);
    let o = run(&["eval", kings_side_by_side, "Kxe1"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        scan_err.contains("the side not to move is in check"),
        "{scan_err}"
    );
    assert!(stderr(&o).contains("the side not to move is in check"));
}

// 5. Leading blank lines.
#[test]
fn any_number_of_leading_blank_lines_is_read_past() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"\n".repeat(100_000);
    bytes.extend_from_slice(format!("{ONE_EPD}\n").as_bytes());
    let path = write(dir.path(), "blank_start.epd", &bytes);
    let o = run(&["scan", "-q", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one line");
    // Its line number counts the blank lines.
    assert_eq!(v["line"], 100_001);
    let mut pgn = b"\r\n".repeat(40_000);
    pgn.extend_from_slice(b"[Event \"x\"]\n\n1. e4 *\n");
    let o = run(&["scan", "-q", "-"], Some(&pgn));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 2);
}

// 6. Lone CR line endings.
#[test]
fn cr_lf_and_cr_lf_line_endings_read_alike() {
    let rows = [
        format!("{WIKI_1}; Rxe5; 100; one"),
        format!("{WIKI_1}; Kb1; 0; two"),
        format!("{WIKI_1}; Rxe5; 100; three"),
    ];
    let epd = [ONE_EPD, WIKI_1, ONE_EPD];
    for ending in ["\n", "\r\n", "\r"] {
        let suite = rows.join(ending) + ending;
        let o = run(&["suite", "-"], Some(suite.as_bytes()));
        assert_eq!(stdout(&o), "3 passed, 0 failed\n", "{ending:?}");
        let lines = epd.join(ending) + ending;
        let o = run(&["scan", "-q", "--summary", "-"], Some(lines.as_bytes()));
        assert!(
            stdout(&o).contains("\"positions\":3,"),
            "{ending:?}: {}",
            stdout(&o)
        );
        let pairs = [format!("{WIKI_1};Rxe5"), format!("{WIKI_1};Kb1")].join(ending) + ending;
        let o = run(&["eval", "--batch", "-"], Some(pairs.as_bytes()));
        assert_eq!(stdout(&o), "100\n0\n", "{ending:?}");
        let o = run(&["audit", "--json", "-"], Some(pairs.as_bytes()));
        assert!(
            stdout(&o).contains("\"pair_lines\": 2"),
            "{ending:?}: {}",
            stdout(&o)
        );
        let pgn = ["[Event \"x\"]", "", "1. e4 e5 *", ""].join(ending);
        let o = run(&["scan", "-q", "-"], Some(pgn.as_bytes()));
        assert_eq!(stdout(&o).lines().count(), 3, "{ending:?}: {}", stderr(&o));
    }
}

// 7. PGN that does not start with a tag.
#[test]
fn pgn_starting_with_a_result_nag_or_comment_is_read_as_pgn() {
    for start in ["*\n\n1. e4 *\n", "$1 1. e4 *\n", "{A comment} 1. e4 e5 *\n"] {
        let o = run(&["scan", "-q", "-"], Some(start.as_bytes()));
        no_panic(&o);
        assert!(
            !stderr(&o).contains("cannot tell"),
            "{start:?}: {}",
            stderr(&o)
        );
        assert!(!stdout(&o).is_empty(), "{start:?}: nothing read");
    }
    // A result alone is PGN too, but no game (no tag, no move): reported, no row.
    let o = run(&["scan", "-q", "-"], Some(b"1-0\n"));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("no tag and no readable move"),
        "{}",
        stderr(&o)
    );
}

// 8. One exit code for an input that cannot be opened.
#[test]
fn a_missing_input_exits_2_in_every_command_and_the_others_are_read() {
    let missing = "/nonexistent/positions.epd";
    let good = testdata("examples/one.epd");
    let good = good.to_str().unwrap();
    for args in [
        vec!["eval", "--batch", missing],
        vec!["suite", missing, good],
        vec!["audit", missing, good],
        vec!["scan", "-q", missing, good],
    ] {
        let o = run(&args, None);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(missing), "{args:?}: {}", stderr(&o));
        if args[0] == "scan" {
            assert_eq!(
                stdout(&o).lines().count(),
                1,
                "the other file is still scanned"
            );
        }
    }
}

// 9. Absurd thread counts.
#[test]
fn an_absurd_thread_count_is_refused_with_a_reason() {
    let o = run(&["scan", "--threads", "100000", "-"], Some(b""));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--threads"), "{}", stderr(&o));
    assert!(stderr(&o).contains("256"), "{}", stderr(&o));
}

// 11. File names that are not UTF-8.
#[test]
fn a_file_name_that_is_not_utf8_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.epd");
    let path = dir.path().join(name);
    std::fs::write(&path, format!("{ONE_EPD}\n")).unwrap();
    let suite = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"suite\xff.epd"));
    std::fs::write(&suite, format!("{WIKI_1}; Rxe5; 100; x\n")).unwrap();
    let pairs = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"pairs\xff.txt"));
    std::fs::write(&pairs, format!("{WIKI_1};Rxe5\n")).unwrap();
    let cases: [(&[&str], &Path); 4] = [
        (&["scan", "-q"], &path),
        (&["suite"], &suite),
        (&["audit"], &pairs),
        (&["eval", "--batch"], &pairs),
    ];
    for (args, file) in cases {
        let o = seeswap().args(args).arg(file).output().expect("runs");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(!o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_parquet_file_that_cannot_be_written_stops_the_reading() {
    // Many row groups of positions, then a line that is not one: a scan that went on
    // reading after the failed write would report it.
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("many.epd");
    let mut text = "4k3/8/8/8/8/8/8/4K3 w - -\n".repeat(600_000);
    text.push_str("not a position\n");
    std::fs::write(&epd, text).unwrap();
    let o = seeswap()
        .args(["scan", "-q", "--columns", "line", "--parquet", "/dev/full"])
        .arg(&epd)
        .output()
        .expect("seeswap runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // The file's own error, not the Parquet crate's wrapping of it.
    assert!(
        err.contains("cannot write /dev/full: No space left on device"),
        "{err}"
    );
    assert!(
        !err.contains("600001"),
        "read on after the failed write: {err}"
    );
}

// A closed standard input is no empty one: it is refused, naming it.
#[cfg(unix)]
#[test]
fn a_closed_standard_input_is_an_error_naming_it() {
    for args in [
        &["scan", "-q", "-"][..],
        &["eval", "--batch", "-"][..],
        &["suite", "-"][..],
    ] {
        let o = std::process::Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" <&-")
            .arg(env!("CARGO_BIN_EXE_seeswap"))
            .args(args)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("<stdin>") && err.contains("standard input is closed"),
            "{args:?}: {err}"
        );
    }
    // `< /dev/null` is an empty input, read as one.
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" scan -q - < /dev/null")
        .arg(env!("CARGO_BIN_EXE_seeswap"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
