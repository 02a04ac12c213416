//! One way out for messages: every warning and error of every command is one line
//! `seeswap: PLACE: why` on standard error (PLACE a file, `FILE:LINE`, `FILE: game N`...,
//! or none for the run itself).

mod common;

const GOOD: &str = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -";

/// A command's arguments, its standard input, and words its messages must hold.
type Case<'a> = (Vec<&'a str>, Option<&'a [u8]>, &'a str);

/// Runs `args` and returns its standard error's lines, checking each has the one format.
fn messages(args: &[&str], stdin: Option<&[u8]>) -> Vec<String> {
    let out = common::run(args, stdin);
    let err = common::text(&out.stderr);
    let lines: Vec<String> = err.lines().map(String::from).collect();
    assert!(!lines.is_empty(), "{args:?}: no message");
    for line in &lines {
        let rest = line
            .strip_prefix("seeswap: ")
            .unwrap_or_else(|| panic!("{args:?}: {line:?} is not `seeswap: ...`"));
        assert!(!rest.trim().is_empty(), "{args:?}: {line:?} says nothing");
    }
    lines
}

#[test]
fn every_command_s_warnings_and_errors_have_one_format() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = dir.path().join("pairs.txt");
    std::fs::write(&pairs, format!("{GOOD};Rxe5\nnot a fen;e4\n")).unwrap();
    let pairs = pairs.to_str().unwrap();
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, format!("{GOOD};Rxe5;100\n{GOOD};Rxe5;x\n")).unwrap();
    let answers = answers.to_str().unwrap();
    let missing = dir.path().join("missing.epd");
    let missing = missing.to_str().unwrap();
    let games = b"1. e4 e5 2. Sf3 *\n\n1. d4 Ke3 *\n";
    let cases: Vec<Case<'_>> = vec![
        (vec!["eval", "--batch", pairs], None, "pairs.txt:2: "),
        (vec!["eval", "not a fen", "e4"], None, "bad FEN"),
        (vec!["audit", "--against", answers], None, "answers.txt:2: "),
        (vec!["audit", missing], None, "missing.epd"),
        (vec!["suite", missing], None, "missing.epd"),
        (vec!["scan", "-q", "-"], Some(games), "<stdin>: game 1: "),
        (vec!["scan", "-q", missing], None, "missing.epd"),
        (
            vec!["bench", "--pairs", pairs, "--rounds", "1"],
            None,
            "pairs.txt:2",
        ),
        (
            vec!["split", missing, dir.path().to_str().unwrap()],
            None,
            "missing.epd",
        ),
        (
            vec!["audit", "--threshold", "1", pairs],
            None,
            "--threshold",
        ),
    ];
    for (args, stdin, place) in cases {
        let lines = messages(&args, stdin);
        assert!(
            lines.iter().any(|l| l.contains(place)),
            "{args:?}: no message names {place:?}: {lines:?}"
        );
    }
}
