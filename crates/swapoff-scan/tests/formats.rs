//! Formats recognised, not guessed: what an input is told to be from its content, and
//! what is refused by name.

use std::io::{Read, Write};
use swapoff_scan::{Format, InputError, InputName, Source};

/// What `bytes`, written to a file, is told to be.
fn told(bytes: &[u8]) -> Result<(Format, String), InputError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input");
    std::fs::write(&path, bytes).unwrap();
    match Source::open(&InputName::from(path), None, "fen", |raw| raw)? {
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
        told(b"[Event]\n1. e4 *\n"),
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
fn compressed_data_inside_compressed_data_is_decompressed() {
    let epd = b"8/8/8/8/8/8/8/K6k w - -\n";
    let twice = gzip(&gzip(epd));
    assert_eq!(
        told(&twice).unwrap(),
        (Format::Epd, String::from_utf8(epd.to_vec()).unwrap())
    );
}
