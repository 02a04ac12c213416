//! An input's lines: every line ending, an overlong line, bad UTF-8, and compressed input
//! told by its content, read through (layers within layers too) or cut short.

mod common;

use std::io::{self, Read, Write};
use swapoff_scan::{LineError, Records};

/// The longest line read whole (`MAX_RECORD_BYTES`).
const MAX: usize = 64 * 1024;

fn all(input: &[u8]) -> Vec<(u64, String)> {
    let mut records = Records::new(input);
    let mut out = Vec::new();
    while let Some((n, r)) = records.next_record().unwrap() {
        let shown = match r {
            Ok(t) => t.to_string(),
            Err(LineError::NotUtf8) => "<not utf-8>".to_string(),
            Err(LineError::TooLong(b)) => format!("<too long: {b}>"),
        };
        out.push((n, shown));
    }
    out
}

fn texts(input: &[u8]) -> Vec<String> {
    all(input).into_iter().map(|(_, t)| t).collect()
}

#[test]
fn every_line_ending_ends_a_line() {
    assert_eq!(texts(b"a\nb\r\nc\rd"), ["a", "b", "c", "d"]);
    assert_eq!(texts(b"a\r\r\nb\n\n"), ["a", "", "b", ""]);
    assert_eq!(texts(b"\xef\xbb\xbfa\rb\r"), ["a", "b"]);
    assert!(texts(b"").is_empty());
    assert_eq!(all(b"x\r\ny\rz\n")[2], (3, "z".to_string()));
}

#[test]
fn a_cr_lf_split_between_reads_is_one_line_ending() {
    // One byte per read: the CR and its LF arrive in different reads.
    struct OneByte<'a>(&'a [u8]);
    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.split_first() {
                Some((b, rest)) if !buf.is_empty() => {
                    buf[0] = *b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }
    let mut records = Records::new(OneByte(b"a\r\nb\r\n\r\nc"));
    let mut out = Vec::new();
    while let Some((_, r)) = records.next_record().unwrap() {
        out.push(r.unwrap().to_string());
    }
    assert_eq!(out, ["a", "b", "", "c"]);
}

#[test]
fn an_overlong_line_is_reported_and_the_next_one_read() {
    let mut input = vec![b'x'; MAX + 10];
    input.extend_from_slice(b"\nok\n");
    let got = all(&input);
    assert_eq!(
        got,
        [
            (1, format!("<too long: {}>", MAX + 10)),
            (2, "ok".to_string())
        ]
    );
    // Exactly the maximum is still a record.
    let input = vec![b'y'; MAX];
    assert_eq!(texts(&input)[0].len(), MAX);
    let why = LineError::TooLong(70_000).to_string();
    assert!(
        why.contains("70000 bytes") && why.contains("65536"),
        "{why}"
    );
}

#[test]
fn bad_utf8_is_reported_not_fatal() {
    assert_eq!(texts(b"\xff\xfe\nfine"), ["<not utf-8>", "fine"]);
}

/// The compressions this build reads, by the name its messages give them.
const BUILT: &[&str] = &[
    #[cfg(feature = "zstd")]
    "zstd",
    "gzip",
    "bzip2",
];

fn compressed(compression: &str, text: &[u8]) -> Vec<u8> {
    match compression {
        #[cfg(feature = "zstd")]
        "zstd" => zstd::encode_all(text, 3).unwrap(),
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        _ => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
    }
}

/// The lines of a file holding `bytes`, and the error that ended them, if one did.
fn lines_of(bytes: Vec<u8>) -> (Vec<String>, Option<String>) {
    let (_dir, name) = common::input_file(&bytes);
    let mut records = match name.records() {
        Ok(records) => records,
        Err(e) => return (Vec::new(), Some(e.to_string())),
    };
    let mut lines = Vec::new();
    loop {
        match records.next_record() {
            Ok(Some((_, r))) => lines.push(r.unwrap().to_string()),
            Ok(None) => return (lines, None),
            Err(e) => return (lines, Some(e.to_string())),
        }
    }
}

#[test]
fn compressed_input_is_told_by_content_and_read_through() {
    let text: String = (0..5000).map(|i| format!("line {i}\n")).collect();
    for &c in BUILT {
        let bytes = compressed(c, text.as_bytes());
        let (lines, error) = lines_of(bytes.clone());
        assert_eq!(error, None, "{c}");
        assert_eq!(lines.len(), 5000, "{c}");
        assert_eq!(lines[4999], "line 4999");
        // Two members (as `cat a.gz b.gz` makes) read as one stream.
        let mut twice = bytes.clone();
        twice.extend_from_slice(&bytes);
        assert_eq!(lines_of(twice).0.len(), 10_000, "{c}");
    }
    assert_eq!(lines_of(b"plain\ntext".to_vec()).0, ["plain", "text"]);
}

#[test]
fn compressed_data_inside_compressed_data_is_read_or_refused_by_name() {
    // Each codec inside each other one: the text comes out.
    for &outer in BUILT {
        for &inner in BUILT {
            let bytes = compressed(outer, &compressed(inner, b"a\nb\n"));
            assert_eq!(lines_of(bytes), (vec!["a".into(), "b".into()], None));
        }
    }
    // Past the four layers taken off, the innermost codec is named.
    let mut bytes = b"a\n".to_vec();
    for _ in 0..5 {
        bytes = compressed("gzip", &bytes);
    }
    let (lines, error) = lines_of(bytes);
    assert!(lines.is_empty());
    let error = error.expect("refused");
    assert!(error.contains("gzip inside 4 layers"), "{error}");
}

#[test]
fn a_truncated_stream_is_an_error_after_the_lines_before_it() {
    let text: String = (0..50_000)
        .map(|i| format!("a fairly long line number {i}\n"))
        .collect();
    for &c in BUILT {
        let mut bytes = compressed(c, text.as_bytes());
        bytes.truncate(bytes.len() / 2);
        let (lines, error) = lines_of(bytes);
        let error = error.unwrap_or_else(|| panic!("{c}: no error for a truncated stream"));
        assert!(
            error.contains(c) && error.contains("compressed bytes"),
            "{error}"
        );
        assert!(
            !lines.is_empty() && lines.len() < 50_000,
            "{c}: {}",
            lines.len()
        );
        assert_eq!(lines[0], "a fairly long line number 0");
    }
}
