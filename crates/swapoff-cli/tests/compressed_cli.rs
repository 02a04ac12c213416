//! Compressed input (zstd, gzip, bzip2) for every command that reads files, standard input
//! included, told from the content and not the name; a truncated stream is an error that
//! names the file and how far it got, after the records read before it.

mod common;

use common::{run, testdata, text};
use std::io::Write;
use std::process::Output;

const WIKI_1: &str = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -";

#[derive(Clone, Copy, Debug)]
enum Codec {
    Zstd,
    Gzip,
    Bzip2,
}

const CODECS: [Codec; 3] = [Codec::Zstd, Codec::Gzip, Codec::Bzip2];

fn compress(codec: Codec, data: &[u8]) -> Vec<u8> {
    match codec {
        Codec::Zstd => zstd::encode_all(data, 3).expect("zstd"),
        Codec::Gzip => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(data).expect("gzip");
            e.finish().expect("gzip")
        }
        Codec::Bzip2 => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            e.write_all(data).expect("bzip2");
            e.finish().expect("bzip2")
        }
    }
}

/// Every command gives the same output on a compressed file (named `.txt`, to show the
/// name plays no part), on compressed standard input, and on the plain file.
#[test]
fn every_command_reads_every_compression_as_the_plain_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pairs = std::fs::read(testdata("positions/see_pairs_head.txt")).expect("pairs");
    let pairs: Vec<u8> = pairs
        .split(|&b| b == b'\n')
        .take(300)
        .collect::<Vec<_>>()
        .join(&b'\n');
    let suite = std::fs::read(testdata("suites/leorik_see.epd")).expect("suite");
    let epd = std::fs::read(testdata("positions/uho_head.epd")).expect("epd");
    let epd: Vec<u8> = epd
        .split(|&b| b == b'\n')
        .take(200)
        .collect::<Vec<_>>()
        .join(&b'\n');
    let pgn = std::fs::read(testdata("pgn/kasparov-deep-blue-1997.pgn")).expect("pgn");
    let cases: [(&[&str], &[u8]); 5] = [
        (&["eval", "--batch"], &pairs),
        (&["suite"], &suite),
        (&["audit", "--examples", "0"], &pairs),
        (&["scan", "-q"], &epd),
        (&["scan", "-q", "--csv"], &pgn),
    ];
    for (args, plain) in cases {
        let plain_path = dir.path().join("plain.txt");
        std::fs::write(&plain_path, plain).unwrap();
        let mut with_file = args.to_vec();
        with_file.push(plain_path.to_str().unwrap());
        let want = run(&with_file, None);
        assert!(!want.stdout.is_empty(), "{args:?}: {}", text(&want.stderr));
        // Only what does not depend on timing is compared for audit and order.
        let stable = |o: &Output| -> String {
            text(&o.stdout)
                .lines()
                .take_while(|l| !l.starts_with("Speed:"))
                .filter(|l| !l.contains("micros") && !l.contains("seconds"))
                .map(|l| l.replace(plain_path.to_str().unwrap(), "FILE"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        for codec in CODECS {
            let packed = compress(codec, plain);
            let path = dir.path().join("packed.txt");
            std::fs::write(&path, &packed).unwrap();
            let mut with_file = args.to_vec();
            with_file.push(path.to_str().unwrap());
            let got = run(&with_file, None);
            assert_eq!(
                got.status.code(),
                want.status.code(),
                "{args:?} {codec:?}: {}",
                text(&got.stderr)
            );
            let got_text = stable(&got).replace(path.to_str().unwrap(), "FILE");
            assert_eq!(got_text, stable(&want), "{args:?} {codec:?}");
            let mut with_stdin = args.to_vec();
            with_stdin.push("-");
            let piped = run(&with_stdin, Some(&packed));
            assert_eq!(
                piped.status.code(),
                want.status.code(),
                "{args:?} {codec:?} stdin"
            );
            let piped_text = stable(&piped).replace("<stdin>", "FILE");
            assert_eq!(piped_text, stable(&want), "{args:?} {codec:?} stdin");
        }
    }
}

/// A truncated stream: the positions before the break are written, the error names the
/// file, the format and how many compressed bytes were read, and the exit status is 2.
#[test]
fn a_truncated_stream_keeps_what_came_before_and_says_how_far_it_got() {
    let dir = tempfile::tempdir().expect("temp dir");
    let line = format!("{WIKI_1};Rxe5\n");
    let plain = line.repeat(20_000);
    for codec in CODECS {
        let mut packed = compress(codec, plain.as_bytes());
        packed.truncate(packed.len() * 2 / 3);
        let path = dir.path().join("cut.bin");
        std::fs::write(&path, &packed).unwrap();
        let name = path.to_str().unwrap();
        let o = run(&["eval", "--batch", name], None);
        assert_eq!(o.status.code(), Some(2), "{codec:?}");
        let answered = text(&o.stdout).lines().count();
        assert!(
            answered > 0 && answered < 20_000,
            "{codec:?}: {answered} lines"
        );
        let err = text(&o.stderr);
        assert!(err.contains(name), "{codec:?}: {err}");
        assert!(err.contains("compressed bytes"), "{codec:?}: {err}");
        let epd = dir.path().join("cut_epd.bin");
        let positions = format!("{WIKI_1} 0 1\n").repeat(20_000);
        let mut packed = compress(codec, positions.as_bytes());
        packed.truncate(packed.len() * 2 / 3);
        std::fs::write(&epd, &packed).unwrap();
        let o = run(
            &["scan", "-q", "--threads", "2", epd.to_str().unwrap()],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{codec:?}: {}", text(&o.stderr));
        let scanned = text(&o.stdout).lines().count();
        assert!(scanned > 0 && scanned < 20_000, "{codec:?}: {scanned}");
        assert!(
            text(&o.stderr).contains("compressed bytes"),
            "{}",
            text(&o.stderr)
        );
    }
}

/// The bytes a decoder gives before its stream breaks, read a byte at a time (so that no
/// read that ends in the error holds any of them).
fn decodable(codec: Codec, packed: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut decoder: Box<dyn Read> = match codec {
        Codec::Zstd => Box::new(zstd::stream::read::Decoder::new(packed).expect("zstd")),
        Codec::Gzip => Box::new(flate2::read::MultiGzDecoder::new(packed)),
        Codec::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(packed)),
    };
    let (mut out, mut byte) = (Vec::new(), [0u8; 1]);
    while let Ok(1) = decoder.read(&mut byte) {
        out.push(byte[0]);
    }
    out
}

/// The largest value of `field` among the JSON rows `o` wrote.
fn last(o: &Output, field: &str) -> Option<u64> {
    text(&o.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()[field]
                .as_u64()
                .unwrap()
        })
        .max()
}

/// A truncated PGN stream: every game whose text came out whole before the break is
/// scanned, the one it cuts is not, and the note names that one. (The PGN reader asks for
/// 64 KiB ahead, and the read that met the error threw away the games it had been given:
/// a short file lost all of them.)
#[test]
fn a_truncated_pgn_stream_keeps_every_whole_game_before_the_break() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Games that differ, so that a short file compresses into more than one block.
    let pgn = |games: usize| -> String {
        (0..games)
            .map(|i| {
                let note = (i * 7_919) % 100_003;
                format!("[Event \"{i}\"]\n\n1. e4 {{ {note} }} e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n")
            })
            .collect()
    };
    for (codec, games) in [
        (Codec::Gzip, 40),
        (Codec::Gzip, 5_000),
        (Codec::Zstd, 5_000),
    ] {
        let mut packed = compress(codec, pgn(games).as_bytes());
        packed.truncate(packed.len() * 2 / 3);
        let whole = String::from_utf8(decodable(codec, &packed))
            .unwrap()
            .matches(" *\n")
            .count() as u64;
        assert!(whole > 0 && whole < games as u64, "{codec:?}: {whole}");
        let path = dir.path().join("cut.pgn");
        std::fs::write(&path, &packed).unwrap();
        let o = run(
            &[
                "scan",
                "-q",
                "--columns",
                "game,ply",
                path.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{codec:?}: {}", text(&o.stderr));
        let last_game = last(&o, "game");
        assert_eq!(last_game, Some(whole), "{codec:?} of {games} games");
        let err = text(&o.stderr);
        let lost = format!("game {}: read error", whole + 1);
        assert!(err.contains(&lost), "{codec:?}: {err}");
    }
}

/// A truncated CSV stream: every whole row before the break is scanned, and the note names
/// the line the break met (it said "file skipped", after the rows it had read).
#[test]
fn a_truncated_table_stream_names_the_line_it_stopped_at() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut csv = String::from("fen,id\n");
    for i in 0..5_000 {
        csv.push_str(&format!("{WIKI_1} 0 1,{}\n", (i * 7_919) % 100_003));
    }
    let mut packed = compress(Codec::Gzip, csv.as_bytes());
    packed.truncate(packed.len() * 2 / 3);
    // Whole lines, the header's included: the last row's line number.
    let whole = decodable(Codec::Gzip, &packed)
        .iter()
        .filter(|&&b| b == b'\n')
        .count() as u64;
    assert!(whole > 1 && whole < 5_001, "{whole}");
    let path = dir.path().join("cut.csv.gz");
    std::fs::write(&path, &packed).unwrap();
    let o = run(
        &["scan", "-q", "--columns", "line", path.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let last_line = last(&o, "line");
    assert_eq!(last_line, Some(whole));
    let err = text(&o.stderr);
    let stopped = format!(":{}: read error", whole + 1);
    assert!(err.contains(&stopped), "{err}");
    assert!(err.contains("rest of the file skipped"), "{err}");
}

/// `pzstd` writes a skippable frame before each zstd frame: the input is zstd all the same
/// (it was read as text, a message per binary "line").
#[test]
fn zstd_after_a_skippable_frame_is_zstd() {
    let epd = std::fs::read(testdata("positions/uho_head.epd")).expect("epd");
    let want = run(&["scan", "-q", "--summary", "-"], Some(&epd));
    let mut packed = vec![0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4];
    packed.extend(compress(Codec::Zstd, &epd));
    let got = run(&["scan", "-q", "--summary", "-"], Some(&packed));
    assert_eq!(got.status.code(), Some(0), "{}", text(&got.stderr));
    let counts = |o: &Output| {
        text(&o.stdout)
            .split(",\"seconds\"")
            .next()
            .map(String::from)
    };
    assert_eq!(counts(&got), counts(&want));
}

/// A compression or archive that is not read is said so once, naming it; its bytes read as
/// text gave a message per "line".
#[test]
fn an_unread_compression_is_named_in_one_message() {
    let cases: [(&[u8], &str); 4] = [
        (
            b"\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46\x02\x00!\x01\n\xff\xfe",
            "xz",
        ),
        (
            b"PK\x03\x04\x14\x00\x00\x00\x08\x00\n\x80\x81",
            "a zip archive",
        ),
        (b"7z\xbc\xaf\x27\x1c\x00\x04\n\xff", "a 7z archive"),
        (b"\x04\x22\x4d\x18\x64\x40\xa7\n\x90\x91", "lz4"),
    ];
    for (bytes, name) in cases {
        for args in [&["scan", "-q", "-"][..], &["eval", "--batch", "-"]] {
            let out = run(args, Some(bytes));
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
            assert!(err.contains(&format!("{name}, which is not read")), "{err}");
            assert_eq!(err.lines().count(), 1, "{name} {args:?}: {err}");
        }
    }
}
