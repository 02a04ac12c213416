//! Outputs never harm inputs: an output that is one of the inputs is refused before
//! anything is opened for writing, and a file appears under its name only when complete.

use std::fs::File;
use std::path::Path;
use std::process::Stdio;
mod common;

const EPD: &str = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1\n";

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_parquet_output_that_is_an_input_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.epd");
    std::fs::write(&input, EPD).unwrap();
    let link = dir.path().join("y.epd");
    std::fs::hard_link(&input, &link).unwrap();
    for output in [&input, &link] {
        let o = common::seeswap()
            .args(["scan", "-q", "--parquet"])
            .arg(output)
            .arg(&input)
            .output()
            .unwrap();
        let err = common::text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("refusing to overwrite"), "{err}");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), EPD);
    }
    assert_eq!(names(dir.path()), ["x.epd", "y.epd"]);
}

#[test]
fn rows_appended_to_an_input_are_refused() {
    // `seeswap scan x.epd >> x.epd` would read its own rows back without end.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.epd");
    std::fs::write(&input, EPD).unwrap();
    let out = File::options().append(true).open(&input).unwrap();
    let o = common::seeswap()
        .args(["scan", "-q"])
        .arg(&input)
        .stdout(Stdio::from(out))
        .output()
        .unwrap();
    let err = common::text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("is also standard output"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), EPD);
}

#[test]
fn a_parquet_output_appears_whole_and_replaces_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.epd");
    std::fs::write(&input, EPD.repeat(3)).unwrap();
    let output = dir.path().join("rows.parquet");
    std::fs::write(&output, "old").unwrap();
    let o = common::seeswap()
        .args(["scan", "-q", "--parquet"])
        .arg(&output)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(
        File::open(&output).unwrap(),
    )
    .unwrap();
    assert_eq!(reader.metadata().file_metadata().num_rows(), 3);
    // No temporary file is left beside it.
    assert_eq!(names(dir.path()), ["rows.parquet", "x.epd"]);
}

#[test]
fn split_writes_each_part_whole_under_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("many.epd");
    std::fs::write(&input, EPD.repeat(5)).unwrap();
    let parts = dir.path().join("parts");
    let o = common::seeswap()
        .args(["split", "--games", "2"])
        .arg(&input)
        .arg(&parts)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    assert_eq!(
        names(&parts),
        [
            "many-00001.epd.zst",
            "many-00002.epd.zst",
            "many-00003.epd.zst"
        ]
    );
}
