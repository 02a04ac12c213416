//! Formats recognised, not guessed: what an input is told to be from its content, and
//! what is refused by name.

mod common;

use std::io::{Read, Write};
use swapoff_scan::{Format, InputError, Source};

/// `bytes`, written to a file, opened as an input with `fen_column` naming a table's FEN
/// column.
fn open(bytes: &[u8], fen_column: &str) -> Result<Source, InputError> {
    let (_dir, name) = common::input_file(bytes);
    Source::open(&name, None, fen_column, |raw| raw)
}

/// What `bytes`, written to a file, is told to be, and its text.
fn told(bytes: &[u8]) -> Result<(Format, String), InputError> {
    match open(bytes, "fen")? {
        Source::Text {
            format, mut lines, ..
        } => {
            let mut text = String::new();
            lines.read_to_string(&mut text).unwrap();
            Ok((format, text))
        }
        Source::Parquet(_) => Ok((Format::Parquet, String::new())),
        Source::Empty => panic!("empty"),
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

#[test]
fn json_that_opens_like_a_tag_is_json_lines_not_pgn() {
    for text in [
        "[\"x\"]\n{\"fen\": \"8/8/8/8/8/8/8/K6k w - -\"}\n",
        "[0,1]\n* * *\n",
    ] {
        assert_eq!(told(text.as_bytes()).unwrap().0, Format::Jsonl, "{text:?}");
    }
    assert_eq!(told(b"[White \"a\"]\n\n1. e4 *\n").unwrap().0, Format::Pgn);
}

#[test]
fn text_in_no_format_and_binary_are_refused_by_name() {
    assert!(matches!(
        told(b"hello world\n1. e4 *\n"),
        Err(InputError::UnknownFormat { .. })
    ));
    // Bytes of a linear congruential generator: no text.
    let mut state = 12345u32;
    let blob: Vec<u8> = (0..3000)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) as u8
        })
        .collect();
    let e = told(&blob).expect_err("refused");
    assert!(matches!(e, InputError::Binary { .. }), "{e}");
    assert!(
        e.to_string().ends_with("input is binary data, not text"),
        "{e}"
    );
}

#[test]
fn an_input_is_told_apart_once_with_its_blank_lines_counted() {
    let Ok(Source::Text {
        format,
        blank_lines,
        mut lines,
    }) = open(b"\r\n# books\r\n8/8/8/8/8/8/8/K6k w - -\r\n", "fen")
    else {
        panic!("text");
    };
    assert_eq!(format, Format::Epd);
    // Line ends made LF; the lines dropped and the lines kept before the position add up
    // to the two before it in the file.
    let mut text = String::new();
    lines.read_to_string(&mut text).unwrap();
    assert!(text.ends_with("\n8/8/8/8/8/8/8/K6k w - -\n") || text == "8/8/8/8/8/8/8/K6k w - -\n");
    assert!(!text.contains('\r'), "{text:?}");
    let kept_before = text.matches('\n').count() as u64 - 1;
    assert_eq!(blank_lines + kept_before, 2, "{text:?}");
    assert!(matches!(open(b"PAR1rest", "fen"), Ok(Source::Parquet(_))));
    assert!(matches!(open(b"\n# only\n", "fen"), Ok(Source::Empty)));
    let unknown = open(b"hello world\n", "fen");
    assert!(matches!(unknown, Err(InputError::UnknownFormat { .. })));
    let png = open(b"\x89PNG\r\n\x1a\n\0\0", "fen");
    assert!(matches!(png, Err(InputError::Binary { .. })));
    let zstd_but_broken = open(b"\x28\xb5\x2f\xfd broken", "fen");
    assert!(matches!(zstd_but_broken, Err(InputError::Read { .. })));
}

#[test]
fn compressed_data_inside_compressed_data_is_decompressed() {
    let epd = b"8/8/8/8/8/8/8/K6k w - -\n";
    let twice = gzip(&gzip(epd));
    assert_eq!(
        told(&twice).unwrap(),
        (Format::Epd, String::from_utf8(epd.to_vec()).unwrap())
    );
}

/// The format `bytes` is told to be, `fen_column` naming a table's FEN column; `None` for
/// text in no format, and for blank text (no record at all).
fn detect_with(bytes: &[u8], fen_column: &str) -> Option<Format> {
    match open(bytes, fen_column) {
        Ok(Source::Text { format, .. }) => Some(format),
        Ok(Source::Parquet(_)) => Some(Format::Parquet),
        Ok(Source::Empty) | Err(InputError::UnknownFormat { .. }) => None,
        Err(e) => panic!("{e}"),
    }
}

fn detect(bytes: &[u8]) -> Option<Format> {
    detect_with(bytes, "fen")
}

/// Whether `bytes` are refused as binary.
fn is_binary(bytes: &[u8]) -> bool {
    matches!(open(bytes, "fen"), Err(InputError::Binary { .. }))
}

#[test]
fn detects_formats() {
    assert_eq!(
        detect(b"\xef\xbb\xbf\n\n[Event \"x\"]\n"),
        Some(Format::Pgn)
    );
    assert_eq!(detect(b"1. e4 e5 *"), Some(Format::Pgn));
    assert_eq!(detect(b"e2e4 e7e5"), Some(Format::Pgn));
    assert_eq!(
        detect(b"# books\r\n8/8/8/8/8/8/8/K6k w - -\r\n"),
        Some(Format::Epd)
    );
    assert_eq!(detect(b"hello world\n"), None);
    // Movetext without tags may open with a result, a NAG, a comment or a variation.
    for start in [
        "*\n",
        "1-0\n",
        "1/2-1/2 *\n",
        "$1 e4\n",
        "{intro} 1. e4\n",
        "( 1. d4 )",
    ] {
        assert_eq!(detect(start.as_bytes()), Some(Format::Pgn), "{start:?}");
    }
    assert_eq!(detect(b"  \n\n"), None);
    // A tag line is PGN; JSON that opens with `[` is JSON Lines; neither is neither.
    assert_eq!(detect(b"[ White  \"x\"]\n"), Some(Format::Pgn));
    assert_eq!(detect(b"[_x9 \"\"]\n"), Some(Format::Pgn));
    assert_eq!(detect(b"[\"x\"]\n{\"fen\": 1}\n"), Some(Format::Jsonl));
    assert_eq!(detect(b"[0,1]\n* * *\n"), Some(Format::Jsonl));
    // A tag line as python-chess takes one (its header section takes every line that opens
    // with `[`): a hyphen in the name, no quotes, no value.
    assert_eq!(detect(b"[Time-Control \"300+0\"]\n"), Some(Format::Pgn));
    assert_eq!(detect(b"[Round x]\n1. e4 *\n"), Some(Format::Pgn));
    assert_eq!(detect(b"[Event]\n1. e4 *\n"), Some(Format::Pgn));
    assert_eq!(detect(b"[ e4 ]\n"), Some(Format::Pgn));
    // Neither JSON nor a tag.
    assert_eq!(detect(b"[0,1\n"), None);
    assert_eq!(detect(b"[\n"), None);
    // Lichess's puzzle CSV and evaluations JSON Lines; a PGN comment is not JSON.
    let puzzles = b"PuzzleId,FEN,Moves,Rating\n00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6,1760\n";
    assert_eq!(detect(puzzles), Some(Format::Csv));
    // A header without `fen` is a table when its FEN column is named.
    let named = b"id,Position,Moves\n1,8/8/8/8/8/8/8/K6k w - -,\n";
    assert_eq!(detect(named), None);
    assert_eq!(detect_with(named, "position"), Some(Format::Csv));
    assert_eq!(
        detect(b"{\"fen\": \"8/8/8/8/8/8/8/K6k w - -\", \"evals\": []}\n"),
        Some(Format::Jsonl)
    );
    assert_eq!(detect(b"{ a comment } 1. e4 *\n"), Some(Format::Pgn));
    assert_eq!(detect(b"a,b,c\n"), None);
    // A table of one column: its header is the column's name alone (as pandas writes
    // it); another word alone is not a header.
    let one_column = b"fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n";
    assert_eq!(detect(one_column), Some(Format::Csv));
    assert_eq!(detect(b"\"FEN\"\r\n"), Some(Format::Csv));
    assert_eq!(detect_with(b"position\n", "position"), Some(Format::Csv));
    assert_eq!(detect(b"position\n"), None);
}

#[test]
fn binary_is_told_from_text_in_any_encoding() {
    assert!(is_binary(b"[Event \"x\"]\n\x00\x01"));
    let stray_nul = format!(
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3\0 Nc6 {}*\n",
        "e4 ".repeat(40)
    );
    assert!(!is_binary(stray_nul.as_bytes()));
    assert!(is_binary(b"\n\nab\x02cd\n"));
    assert!(is_binary(b"\x89PNG\r\n\x1a\n\x00\x00"));
    assert!(!is_binary(b"\xef\xbb\xbf[Event \"M\xfcller\"]\t\x0c\r\n"));
    // A control character after the first line is the reader's to report.
    let late = format!("1. e4 e5\n{{\x02}} {}*\n", "Nf3 ".repeat(30));
    assert!(!is_binary(late.as_bytes()));
}

#[test]
fn describes_heads_past_marks_and_comments() {
    // A byte-order mark and `%` lines before a tag: PGN (not a guess from the first byte).
    let pgn = b"\xef\xbb\xbf% export\r\n[Event \"x\"]\r\n";
    assert_eq!(Format::sniff(pgn), (None, Some(Format::Pgn)));
    assert_eq!(
        Format::sniff(b"{\"fen\": 1}\n"),
        (None, Some(Format::Jsonl))
    );
    assert_eq!(
        Format::sniff(b"PAR1\x15\x04"),
        (None, Some(Format::Parquet))
    );
    assert_eq!(Format::sniff(b"hello\n"), (None, None));
}

#[cfg(feature = "zstd")]
#[test]
fn describes_a_compressed_head() {
    let epd = b"\xef\xbb\xbf8/8/8/8/8/8/8/K6k w - -\n";
    let mut packed = zstd::encode_all(&epd[..], 3).unwrap();
    assert_eq!(Format::sniff(&packed), (Some("zstd"), Some(Format::Epd)));
    // Cut short, the stream still tells what it had decoded.
    packed.truncate(packed.len() - 2);
    assert_eq!(Format::sniff(&packed).0, Some("zstd"));
}

/// The notes of `bytes` scanned as `format`.
fn notes_as(bytes: impl Into<Vec<u8>>, format: Format) -> Vec<String> {
    let seen = common::scan_as(bytes, Some(format), "line", &[]);
    let notes = seen.into_iter().filter_map(|seen| match seen {
        common::Seen::Note(note) => Some(note),
        common::Seen::Row(_) => None,
    });
    notes.collect()
}

#[test]
fn a_long_header_is_listed_short_in_a_message() {
    // A 12 KB line the fuzzer read as a CSV header once made a 12 KB message.
    let header = format!("{},y\na,b\n", "x".repeat(12_000));
    let notes = notes_as(header, Format::Csv);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("has no column \"fen\""), "{}", notes[0]);
    assert!(
        notes[0].contains("... (2 columns, 12002 bytes)"),
        "{}",
        notes[0]
    );
    assert!(notes[0].len() < 400, "{}", notes[0].len());
}

#[test]
fn a_line_that_is_not_a_json_object_is_named_short() {
    // The fuzzer's finds: a string of 7 KB and an object cut short, quoted whole.
    let long = "x".repeat(7_000);
    let text = format!(
        "\"{long}\"\n[1, 2]\n17\nnull\n{{\"fen\": \"{long}\n{{\"fen\": \"8/8/8/8/8/8/8/K6k w - - 0 1\"}}\n"
    );
    let notes = notes_as(text, Format::Jsonl);
    let whys = [
        "input:1: not a JSON object: a string (7002 bytes); row skipped",
        "input:2: not a JSON object: an array (6 bytes); row skipped",
        "input:3: not a JSON object: a number (2 bytes); row skipped",
        "input:4: not a JSON object: null (4 bytes); row skipped",
    ];
    assert_eq!(notes[..4], whys);
    assert!(
        notes[4].starts_with("input:5: not a JSON object: EOF"),
        "{}",
        notes[4]
    );
    assert!(notes[4].len() < 150, "{}", notes[4]);
    assert_eq!(notes.len(), 5);
}
