//! Malformed input through every text entry point of the library: each case names the
//! error it must produce, and the error's message must say which field is wrong and why.
//!
//! The cases live in `tests/malformed/` (one table per entry point, `EXPECTED<TAB>input`,
//! see the header of each file); inputs that cannot sit in a text table (NUL bytes,
//! megabyte lines, byte-order marks, CRLF) are generated here.

use std::collections::BTreeMap;
use std::path::PathBuf;
use swapoff::{ParseValuesError, PieceValues, Rules, See, ValuesError};
use swapoff_bench::suite::{self, SuiteLineErrorKind};
use swapoff_scan::{FenError, MoveError};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/malformed")
}

fn read_corpus(name: &str) -> String {
    let path = corpus_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "malformed-input corpus file {} is missing or unreadable: {e}",
            path.display()
        )
    })
}

/// The rows of a corpus table: (line number, expectation, input). Blank lines and `#`
/// comments are skipped; the input is everything after the first tab.
fn table(name: &str) -> Vec<(usize, String, String)> {
    let rows: Vec<_> = read_corpus(name)
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let (expected, input) = l
                .split_once('\t')
                .unwrap_or_else(|| panic!("{name}:{}: no tab after the expectation", i + 1));
            (i + 1, expected.to_string(), input.to_string())
        })
        .collect();
    assert!(rows.len() >= 10, "{name} has only {} cases", rows.len());
    rows
}

/// `Kind:detail` or `Kind`.
fn split_expectation(expected: &str) -> (&str, &str) {
    expected.split_once(':').unwrap_or((expected, ""))
}

/// Checks `swapoff_scan::Position::from_fen(text)` against an expectation of `fen.tsv`'s form.
fn assert_fen(expected: &str, text: &str, at: &str) {
    let (kind, detail) = split_expectation(expected);
    let result = swapoff_lab::testing::position(text);
    if kind == "Ok" {
        if let Err(e) = result {
            panic!("{at}: {text:?} refused: {e}");
        }
        return;
    }
    let err = match result {
        Ok(_) => panic!("{at}: {text:?} accepted, expected {expected}"),
        Err(e) => e,
    };
    let message = err.to_string();
    match (kind, &err) {
        ("Empty", FenError::Empty) => assert!(message.contains("empty"), "{at}: {message}"),
        ("TooFewFields", FenError::TooFewFields { found })
        | ("TooManyFields", FenError::TooManyFields { found }) => {
            assert_eq!(found.to_string(), detail, "{at}: {message}");
            assert!(
                message.contains(&format!("{found} field")),
                "{at}: {message} does not give the count"
            );
        }
        (
            "BadField",
            FenError::BadField {
                field,
                text: bad,
                why,
            },
        ) => {
            assert_eq!(field.name(), detail, "{at}: {message}");
            assert!(
                text.split_ascii_whitespace().any(|f| f == bad),
                "{at}: reported text {bad:?} is not a field of the input"
            );
            // The text is quoted, clipped to its first 60 characters when longer (a
            // megabyte field gives a short message).
            let head: String = bad.chars().take(60).collect();
            let quoted = format!("{head:?}");
            assert!(
                message.contains(field.name()) && message.contains(&quoted),
                "{at}: {message} does not name the field and its text"
            );
            assert!(
                message.len() < 400,
                "{at}: a message of {} bytes",
                message.len()
            );
            assert!(!why.is_empty() && message.contains(why), "{at}: {message}");
        }
        ("Impossible", FenError::Impossible { reasons }) => {
            assert!(
                reasons.iter().any(|r| r.to_string().contains(detail)),
                "{at}: reasons {reasons:?} lack {detail:?}"
            );
            assert!(message.contains(detail), "{at}: {message} lacks {detail:?}");
        }
        _ => panic!("{at}: {text:?} gave {err:?} ({message}), expected {expected}"),
    }
}

/// Checks `swapoff_scan::Position::see_move` against an expectation of `moves.tsv`'s form.
fn assert_move(expected: &str, fen: &str, mv: &str, at: &str) {
    let pos = swapoff_lab::testing::position(fen)
        .unwrap_or_else(|e| panic!("{at}: corpus FEN refused: {e}"));
    let err = match swapoff_lab::testing::see_move(&pos, mv) {
        Ok(m) => panic!("{at}: {mv:?} accepted as {m}, expected {expected}"),
        Err(e) => e,
    };
    // Both entry points must agree: see_move only adds the conversion for SEE.
    assert!(
        swapoff_lab::testing::legal_move(&pos, mv).is_err(),
        "{at}: legal_move accepts {mv:?}"
    );
    let message = err.to_string();
    assert!(
        matches!(err, MoveError::Empty) || message.contains(&format!("{:?}", mv.trim())),
        "{at}: {message} does not quote the move"
    );
    let (kind, detail) = split_expectation(expected);
    let candidates = match (kind, &err) {
        ("Empty", MoveError::Empty)
        | ("Unparseable", MoveError::Unparseable { .. })
        | ("Unsupported", MoveError::Unsupported { .. }) => return,
        ("Null", MoveError::Null { .. }) => {
            assert!(message.contains("null move"), "{at}: {message}");
            return;
        }
        ("Illegal", MoveError::Illegal { candidates, .. }) => {
            assert!(message.contains("not legal"), "{at}: {message}");
            candidates
        }
        ("Ambiguous", MoveError::Ambiguous { candidates, .. }) => {
            assert!(message.contains("ambiguous"), "{at}: {message}");
            assert!(candidates.len() >= 2, "{at}: {message}");
            candidates
        }
        _ => panic!("{at}: {mv:?} gave {err:?} ({message}), expected {expected}"),
    };
    for c in candidates {
        assert!(
            message.contains(c.as_str()),
            "{at}: {message} does not list {c}"
        );
    }
    if detail != "*" {
        let mut want: Vec<&str> = if detail == "-" {
            Vec::new()
        } else {
            detail.split(',').collect()
        };
        let mut got: Vec<&str> = candidates.iter().map(String::as_str).collect();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want, "{at}: candidates of {mv:?}");
    }
}

/// Checks `suite::suite_line(n, line)` against an expectation of `suite_lines.tsv`'s form.
fn assert_suite_line(expected: &str, n: usize, line: &str, at: &str) {
    let (kind, detail) = split_expectation(expected);
    let result = suite::suite_line(n, line);
    match (kind, result) {
        ("Skip", Ok(None)) => {}
        ("Ok", Ok(Some(row))) => {
            assert_eq!(row.line, n, "{at}");
            assert_eq!(row.expected.to_string(), detail, "{at}: value of {line:?}");
        }
        (_, Err(e)) => {
            assert_eq!(e.line, n, "{at}");
            let message = e.to_string();
            assert!(
                message.starts_with(&format!("line {n}: ")),
                "{at}: {message} does not start with the line number"
            );
            match (kind, &e.kind) {
                ("MissingField", SuiteLineErrorKind::MissingField { field }) => {
                    assert_eq!(*field, detail, "{at}: {message}");
                    assert!(message.contains(field), "{at}: {message}");
                }
                ("EmptyMove", SuiteLineErrorKind::EmptyMove) => {
                    assert!(message.contains("move"), "{at}: {message}");
                }
                ("BadValue", SuiteLineErrorKind::BadValue { text }) => {
                    assert_eq!(text, detail, "{at}: {message}");
                    assert!(message.contains(&format!("{text:?}")), "{at}: {message}");
                }
                _ => panic!("{at}: {line:?} gave {e:?} ({message}), expected {expected}"),
            }
        }
        (_, other) => panic!("{at}: {line:?} gave {other:?}, expected {expected}"),
    }
}

#[test]
fn malformed_fens_give_the_documented_error() {
    for (n, expected, fen) in table("fen.tsv") {
        assert_fen(&expected, &fen, &format!("fen.tsv:{n}"));
    }
}

#[test]
fn malformed_moves_give_the_documented_error() {
    for (n, expected, rest) in table("moves.tsv") {
        let at = format!("moves.tsv:{n}");
        let (fen, mv) = rest
            .split_once('\t')
            .unwrap_or_else(|| panic!("{at}: expected FEN<TAB>MOVE"));
        assert_move(&expected, fen, mv, &at);
    }
}

#[test]
fn malformed_suite_lines_give_the_documented_error() {
    for (n, expected, line) in table("suite_lines.tsv") {
        assert_suite_line(&expected, n, &line, &format!("suite_lines.tsv:{n}"));
    }
}

#[test]
fn malformed_piece_values_give_the_documented_error() {
    for (n, expected, text) in table("values.tsv") {
        let at = format!("values.tsv:{n}");
        let (kind, detail) = split_expectation(&expected);
        let err = match text.parse::<PieceValues>() {
            Ok(v) => panic!("{at}: {text:?} accepted as {v}, expected {expected}"),
            Err(e) => e,
        };
        let message = err.to_string();
        let role = match (kind, &err) {
            ("FieldCount", ParseValuesError::FieldCount(found)) => {
                assert_eq!(found.to_string(), detail, "{at}: {message}");
                assert!(
                    message.contains(&format!("{found} field")),
                    "{at}: {message}"
                );
                continue;
            }
            ("NotANumber", ParseValuesError::NotANumber { role, .. })
            | ("OutOfRange", ParseValuesError::OutOfRange { role, .. })
            | ("NotPositive", ParseValuesError::Invalid(ValuesError::NotPositive { role, .. }))
            | ("TooLarge", ParseValuesError::Invalid(ValuesError::TooLarge { role, .. }))
            | (
                "OutOfOrder",
                ParseValuesError::Invalid(ValuesError::OutOfOrder { higher: role, .. }),
            ) => *role,
            _ => panic!("{at}: {text:?} gave {err:?} ({message}), expected {expected}"),
        };
        let name = format!("{role:?}").to_lowercase();
        assert_eq!(name, detail, "{at}: {message}");
        assert!(
            message.contains(&name),
            "{at}: {message} does not name the {name}"
        );
    }
}

#[test]
fn unknown_rule_names_are_refused_with_the_list() {
    for name in ["", "fast", "Defaultx", "stock fish", "exact\0"] {
        let err = name.parse::<Rules>().expect_err(name);
        let message = err.to_string();
        assert!(message.contains(&format!("{name:?}")), "{message}");
        assert!(
            message.contains("default, classic, stockfish, exact"),
            "{message}"
        );
    }
}

/// The mixed suite: each `# expect:` comment names the error of the next line; lines
/// without one are good rows whose stated value SEE must reproduce.
#[test]
fn mixed_suite_reports_every_bad_line_and_keeps_the_good_rows() {
    let text = read_corpus("suite_mixed.epd");
    let mut expect: BTreeMap<usize, String> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(e) = line.strip_prefix("# expect: ") {
            expect.insert(i + 2, e.trim().to_string());
        }
    }
    assert!(expect.len() >= 10, "suite_mixed.epd lost its expectations");
    let results = suite::read_suite(&text);
    let mut seen = Vec::new();
    let mut good = 0;
    for result in results {
        let n = match &result {
            Ok(row) => row.line,
            Err(e) => e.line,
        };
        seen.push(n);
        let at = format!("suite_mixed.epd:{n}");
        let line = text.lines().nth(n - 1).unwrap_or_default();
        let Some(expected) = expect.get(&n) else {
            let row = result.unwrap_or_else(|e| panic!("{at}: unexpected error {e}"));
            let pos =
                swapoff_lab::testing::position(&row.fen).unwrap_or_else(|e| panic!("{at}: {e}"));
            let mv = swapoff_lab::testing::see_move(&pos, &row.mv)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(
                See::new(Rules::Default).value(&pos, mv),
                row.expected,
                "{at}"
            );
            good += 1;
            continue;
        };
        if let Some(fen_expectation) = expected.strip_prefix("Fen:") {
            let row = result.unwrap_or_else(|e| panic!("{at}: line error {e}"));
            assert_fen(fen_expectation, &row.fen, &at);
        } else if let Some(move_expectation) = expected.strip_prefix("Move:") {
            let row = result.unwrap_or_else(|e| panic!("{at}: line error {e}"));
            assert_move(&format!("{move_expectation}:*"), &row.fen, &row.mv, &at);
        } else {
            assert_suite_line(expected, n, line, &at);
            assert!(
                result.is_err(),
                "{at}: read although {expected} was expected"
            );
        }
    }
    for n in expect.keys() {
        assert!(
            seen.contains(n),
            "suite_mixed.epd:{n}: expected an error, got nothing"
        );
    }
    assert_eq!(good, 2, "the two good rows must be read and evaluated");
}

#[test]
fn empty_input_gives_nothing_or_empty() {
    assert!(
        read_corpus("empty.epd").is_empty(),
        "empty.epd must stay empty"
    );
    assert!(suite::read_suite("").is_empty());
    assert!(suite::read_suite("\n\n  \n# only comments\n").is_empty());
    assert_eq!(swapoff_lab::testing::position(""), Err(FenError::Empty));
    let pos = swapoff_lab::testing::position("4k3/8/8/8/8/8/8/4K3 w - -").expect("two kings");
    assert!(matches!(
        swapoff_lab::testing::see_move(&pos, ""),
        Err(MoveError::Empty)
    ));
}

#[test]
fn nul_bytes_are_reported_in_the_field_that_holds_them() {
    let fields = ["4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1"];
    let names = [
        "piece placement",
        "side to move",
        "castling",
        "en passant",
        "halfmove clock",
        "fullmove number",
    ];
    for (i, name) in names.iter().enumerate() {
        let mut with_nul = fields.map(String::from);
        with_nul[i].push('\0');
        let fen = with_nul.join(" ");
        assert_fen(&format!("BadField:{name}"), &fen, &format!("NUL in {name}"));
        // The message shows the NUL escaped rather than writing it to a terminal.
        let message = swapoff_lab::testing::position(&fen)
            .err()
            .map(|e| e.to_string());
        assert!(
            message
                .as_deref()
                .is_some_and(|m| m.contains("\\0") && !m.contains('\0')),
            "{message:?}"
        );
    }
    // A NUL instead of a separator joins two fields.
    assert_fen(
        "TooFewFields:3",
        "4k3/8/8/8/8/8/8/4K3\0w - -",
        "NUL separator",
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_move("Unparseable", start, "\0", "NUL move");
    assert_move("Unparseable", start, "e2e4\0", "NUL after a move");
    assert_move("Unparseable", start, "e\0e4", "NUL inside a move");
    let fen = "4k3/8/8/8/8/8/8/4K3 w - -";
    assert_suite_line("BadValue:0\0", 1, &format!("{fen}; e1e2; 0\0"), "NUL value");
    assert_suite_line("MissingField:move", 2, "\0", "NUL line");
    // Bytes that are not UTF-8, as a reader with lossy decoding hands them over.
    let lossy = String::from_utf8_lossy(b"4k3/8/8/8/8/8/8/4K3 \xff - -").into_owned();
    assert_fen("BadField:side to move", &lossy, "non-UTF-8 side");
}

#[test]
fn megabyte_lines_are_refused_without_trouble() {
    const LEN: usize = 1 << 20;
    let long_placement = "p".repeat(LEN);
    assert_fen(
        "BadField:piece placement",
        &format!("{long_placement} w - -"),
        "1 MiB placement",
    );
    let many_fields = "- ".repeat(LEN / 2);
    assert_fen(
        &format!("TooManyFields:{}", LEN / 2),
        &many_fields,
        "half a million fields",
    );
    let pos = swapoff_lab::testing::position("4k3/8/8/8/8/8/8/4K3 w - -").expect("two kings");
    let long_move = "N".repeat(LEN);
    assert!(matches!(
        swapoff_lab::testing::see_move(&pos, &long_move),
        Err(MoveError::Unparseable { .. })
    ));
    let fen = "4k3/8/8/3p4/8/8/8/3RK3 w - -";
    let long_comment = format!("{fen}; Rxd5; 100; {}", "x".repeat(LEN));
    let row = suite::suite_line(3, &long_comment)
        .expect("a long comment is fine")
        .expect("a row");
    assert_eq!((row.expected, row.comment.len()), (100, LEN));
    let long_value = format!("{fen}; Rxd5; {}", "1".repeat(LEN));
    let err = suite::suite_line(4, &long_value).expect_err("too large");
    assert!(matches!(err.kind, SuiteLineErrorKind::BadValue { .. }));
    // A megabyte of separators is still one line, with no FEN.
    let err = suite::suite_line(5, &";".repeat(LEN)).expect_err("no FEN");
    assert_eq!(err.kind, SuiteLineErrorKind::MissingField { field: "FEN" });
}

#[test]
fn byte_order_marks_and_crlf_line_ends_are_accepted() {
    let fen = "4k3/8/8/3p4/8/8/8/3RK3 w - -";
    let text = format!("\u{feff}# suite\r\n{fen}; Rxd5; 100; crlf\r\n\r\n{fen}; Rxd5; x\r\n");
    let results = suite::read_suite(&text);
    assert_eq!(results.len(), 2, "{results:?}");
    let row = results[0].as_ref().expect("the CRLF row reads");
    assert_eq!(
        (row.line, row.fen.as_str(), row.comment.as_str()),
        (2, fen, "crlf")
    );
    let err = results[1].as_ref().expect_err("the bad value");
    assert_eq!(err.line, 4);
    assert_eq!(
        err.kind,
        SuiteLineErrorKind::BadValue {
            text: "x".to_string()
        }
    );
    // A BOM before the first row is not part of its FEN.
    let row = suite::suite_line(1, &format!("\u{feff}{fen}; Rxd5; 100"))
        .expect("reads")
        .expect("a row");
    assert!(
        swapoff_lab::testing::position(&row.fen).is_ok(),
        "{:?}",
        row.fen
    );
}

#[test]
fn every_error_type_is_a_std_error() {
    fn is_error<E: std::error::Error + Send + Sync + 'static>() {}
    is_error::<FenError>();
    is_error::<MoveError>();
    is_error::<suite::SuiteLineError>();
    is_error::<ValuesError>();
    is_error::<ParseValuesError>();
    is_error::<swapoff::UnknownRules>();
    is_error::<swapoff::UnsupportedMove>();
}
