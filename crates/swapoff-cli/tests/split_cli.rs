//! `seeswap split`: parts of whole games (or lines) whose rows, read in order, are the
//! whole file's rows.

mod common;

use common::{run, testdata, text};
use std::io::Write;

/// The rows of `scan` on `paths`, without the game numbers (each part counts from 1).
fn rows(paths: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["scan", "-q"];
    args.extend(paths);
    let o = run(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    text(&o.stdout)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            let row = v.as_object_mut().unwrap();
            for key in ["game", "file", "line"] {
                row.remove(key);
            }
            v
        })
        .collect()
}

fn split(file: &str, dir: &std::path::Path, per_part: &str) -> Vec<String> {
    let o = run(
        &["split", "--games", per_part, file, dir.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    text(&o.stdout).lines().map(String::from).collect()
}

#[test]
fn parts_hold_whole_games_and_give_the_whole_file_s_rows() {
    let dir = tempfile::tempdir().unwrap();
    // Kasparov's six games, then a game whose comment spans lines, one of them opening
    // with `[` (not a tag), gzip-compressed.
    let mut pgn = std::fs::read(testdata("pgn/kasparov-deep-blue-1997.pgn")).unwrap();
    pgn.extend_from_slice(b"\n[Event \"x\"]\n\n1. e4 { a comment\n[%clk 0:03:00] } e5 2. Nf3 *\n");
    let source = dir.path().join("games.pgn.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&pgn).unwrap();
    std::fs::write(&source, gz.finish().unwrap()).unwrap();
    let out = dir.path().join("parts");
    let parts = split(source.to_str().unwrap(), &out, "2");
    assert_eq!(parts.len(), 4, "{parts:?}");
    assert!(parts[0].ends_with("games-00001.pgn.zst"), "{parts:?}");
    let whole = rows(&[source.to_str().unwrap()]);
    let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    assert_eq!(rows(&refs), whole);
    // The last part holds the last game whole: 1. e4 e5 2. Nf3, four positions.
    assert_eq!(rows(&[refs[3]]).len(), 4);
}

#[test]
fn lone_cr_line_ends_are_split_as_lines() {
    // Old Mac files end lines with a lone CR: the reader reads them line by line, and so
    // does split (its parts come out with LF line ends).
    let dir = tempfile::tempdir().unwrap();
    let pgn = std::fs::read(testdata("pgn/kasparov-deep-blue-1997.pgn")).unwrap();
    let cr: Vec<u8> = pgn
        .iter()
        .filter(|&&b| b != b'\r')
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    let source = dir.path().join("mac.pgn");
    std::fs::write(&source, cr).unwrap();
    let parts = split(source.to_str().unwrap(), &dir.path().join("parts"), "2");
    assert_eq!(parts.len(), 3, "{parts:?}");
    let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    assert_eq!(rows(&refs), rows(&[source.to_str().unwrap()]));
}

#[test]
fn epd_is_split_by_lines() {
    let dir = tempfile::tempdir().unwrap();
    let epd = testdata("positions/endgames_head.epd");
    let parts = split(epd.to_str().unwrap(), dir.path(), "700");
    assert_eq!(parts.len(), 3, "{parts:?}");
    let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    assert_eq!(rows(&refs), rows(&[epd.to_str().unwrap()]));
}

#[test]
fn tables_are_refused_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    for (file, said) in [
        (
            "examples/games.parquet",
            "a Parquet file is in row groups already",
        ),
        ("examples/puzzles.csv", "split takes PGN or EPD, not csv"),
    ] {
        let path = testdata(file);
        let o = run(
            &[
                "split",
                path.to_str().unwrap(),
                dir.path().to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains(said), "{}", text(&o.stderr));
    }
}

#[test]
fn a_brace_in_a_tag_and_games_without_tags_are_split_as_the_reader_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("odd.pgn");
    let mut f = std::fs::File::create(&pgn).unwrap();
    // A `{` inside a tag value, or on an escape line, opened a comment that swallowed the
    // next games.
    for event in ["a {b", "c", "d"] {
        write!(f, "[Event \"{event}\"]\n\n1. e4 e5 *\n\n").unwrap();
    }
    write!(f, "[Event \"e\"]\n\n1. d4\n% an escape line {{\nd5 *\n\n").unwrap();
    write!(f, "[Event \"f\"]\n\n1. c4 {{ closed }} *\n\n").unwrap();
    let untagged = dir.path().join("untagged.pgn");
    std::fs::write(&untagged, "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 *\n").unwrap();
    for (file, games) in [(&pgn, 5), (&untagged, 3)] {
        let parts_dir = dir.path().join(file.file_stem().unwrap());
        let parts = split(file.to_str().unwrap(), &parts_dir, "1");
        assert_eq!(parts.len(), games, "{}: {parts:?}", file.display());
        let paths: Vec<&str> = parts.iter().map(String::as_str).collect();
        assert_eq!(rows(&paths), rows(&[file.to_str().unwrap()]));
    }
}

#[test]
fn a_file_in_the_folder_s_place_is_named_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("parts");
    std::fs::write(&file, "not a folder").unwrap();
    let games = testdata("examples/lichess.pgn");
    let o = run(
        &["split", games.to_str().unwrap(), file.to_str().unwrap()],
        None,
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("parts is a file, not a folder for the parts"),
        "{err}"
    );
    // Left as it was.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn a_folder_holding_an_earlier_split_s_parts_is_refused() {
    // A second split into the same folder that wrote fewer parts left the first one's
    // last parts there: a glob over the folder read their games twice.
    let dir = tempfile::tempdir().unwrap();
    let games = testdata("examples/lichess.pgn");
    let games = games.to_str().unwrap();
    assert_eq!(split(games, dir.path(), "1").len(), 2);
    let o = run(&["split", games, dir.path().to_str().unwrap()], None);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("holds parts of an earlier split (lichess-0000"),
        "{err}"
    );
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["lichess-00001.pgn.zst", "lichess-00002.pgn.zst"]);
    // Another input's parts go beside them.
    let epd = testdata("examples/one.epd");
    assert_eq!(split(epd.to_str().unwrap(), dir.path(), "1").len(), 1);
}

#[test]
fn a_part_carries_a_checksum_of_its_text() {
    // Without one, a damaged part could decompress to other text without an error.
    let dir = tempfile::tempdir().unwrap();
    let games = testdata("examples/lichess.pgn");
    let parts = split(games.to_str().unwrap(), dir.path(), "1");
    for part in parts {
        let bytes = std::fs::read(&part).unwrap();
        assert_eq!(bytes[..4], [0x28, 0xB5, 0x2F, 0xFD], "{part}: a zstd frame");
        // The frame header descriptor's Content_Checksum_flag (bit 2).
        assert_ne!(bytes[4] & 0x04, 0, "{part}: no checksum");
    }
}

#[test]
fn a_byte_order_mark_mid_file_starts_a_game_as_a_tag_line_does() {
    // Two Windows exports joined with `cat`: the second game's tag line opens with a
    // byte-order mark, and is cut there, as the reader cuts it.
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("joined.pgn");
    let one = "\u{feff}[Event \"a\"]\n\n1. e4 e5 *\n";
    let two = "\u{feff}[Event \"b\"]\n\n1. d4 d5 *\n";
    std::fs::write(&source, format!("{one}{two}")).unwrap();
    let parts = split(source.to_str().unwrap(), &dir.path().join("parts"), "1");
    assert_eq!(parts.len(), 2, "{parts:?}");
    let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    assert_eq!(rows(&refs), rows(&[source.to_str().unwrap()]));
}
