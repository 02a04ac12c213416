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

/// A folder holding `x.epd`, `EPD` `copies` times over, and that file's path.
fn epd_input(copies: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.epd");
    std::fs::write(&input, EPD.repeat(copies)).unwrap();
    (dir, input)
}

/// `seeswap scan -q --parquet OUTPUT INPUT`, run to its end.
fn scan_parquet(output: &Path, input: &Path) -> std::process::Output {
    let args = ["scan", "-q", "--parquet"];
    common::seeswap()
        .args(args)
        .arg(output)
        .arg(input)
        .output()
        .unwrap()
}

/// The permission bits of `path`.
#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// `seeswap ARGS` run by a shell with the umask `umask`, as a user's shell runs it.
#[cfg(unix)]
fn with_umask(umask: &str, args: &[&std::ffi::OsStr]) -> std::process::Output {
    let mut command = std::process::Command::new("sh");
    command
        .arg("-c")
        .arg(format!("umask {umask}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_seeswap"))
        .args(args);
    command.output().unwrap()
}

/// `seeswap scan -q --parquet OUTPUT INPUT` under the umask `umask`.
#[cfg(unix)]
fn parquet_with_umask(umask: &str, output: &Path, input: &Path) -> std::process::Output {
    use std::ffi::OsStr;
    let args = [
        OsStr::new("scan"),
        OsStr::new("-q"),
        OsStr::new("--parquet"),
    ];
    with_umask(
        umask,
        &[&args[..], &[output.as_os_str(), input.as_os_str()]].concat(),
    )
}

#[cfg(unix)]
#[test]
fn outputs_get_the_mode_the_shell_would_give_them() {
    use std::ffi::OsStr;
    use std::os::unix::fs::PermissionsExt;
    let (dir, input) = epd_input(3);
    // New files: 0666 less the umask, as `>` makes them (tempfile makes 0600).
    let new = dir.path().join("new.parquet");
    let parts = dir.path().join("parts");
    for umask in ["022", "027"] {
        let o = parquet_with_umask(umask, &new, &input);
        assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
        let want = 0o666 & !u32::from_str_radix(umask, 8).unwrap();
        assert_eq!(mode(&new), want, "umask {umask}");
        std::fs::remove_file(&new).unwrap();
        let o = with_umask(
            umask,
            &[
                OsStr::new("split"),
                OsStr::new("--games"),
                OsStr::new("2"),
                input.as_os_str(),
                parts.as_os_str(),
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
        for part in names(&parts) {
            assert_eq!(mode(&parts.join(&part)), want, "{part}, umask {umask}");
        }
        std::fs::remove_dir_all(&parts).unwrap();
    }
    // An existing file keeps its mode, whatever the umask.
    let old = dir.path().join("old.parquet");
    std::fs::write(&old, "old").unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o664)).unwrap();
    let o = parquet_with_umask("077", &old, &input);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    assert_eq!(mode(&old), 0o664);
    assert_ne!(std::fs::read(&old).unwrap(), b"old");
}

#[cfg(unix)]
#[test]
fn a_link_to_no_file_yet_is_written_through_and_kept() {
    let (dir, input) = epd_input(1);
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let link = dir.path().join("rows.parquet");
    std::os::unix::fs::symlink("real/rows.parquet", &link).unwrap();
    let o = scan_parquet(&link, &input);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(dir.path().join("real/rows.parquet").is_file());
}

#[test]
fn a_target_name_of_any_valid_length_is_written() {
    // 253 bytes, with room for no temporary name that adds to it.
    let (dir, input) = epd_input(1);
    let name = format!("{}.parquet", "a".repeat(245));
    assert_eq!(name.len(), 253);
    let output = dir.path().join(&name);
    let o = scan_parquet(&output, &input);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    assert_eq!(names(dir.path()), [name, "x.epd".to_string()]);
}

#[cfg(unix)]
#[test]
fn a_signal_removes_the_temporary_file_and_ends_the_run_as_it_would() {
    use std::os::unix::process::ExitStatusExt;
    for signal in ["INT", "TERM"] {
        let dir = tempfile::tempdir().unwrap();
        let output = dir.path().join("rows.parquet");
        // Standard input stays open: the run waits for more, its output half written.
        let mut child = common::seeswap()
            .args(["scan", "-q", "--format", "epd", "--parquet"])
            .arg(&output)
            .arg("-")
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, EPD.as_bytes()).unwrap();
        let started = std::time::Instant::now();
        while !names(dir.path()).iter().any(|n| n.ends_with(".part")) {
            assert!(
                started.elapsed().as_secs() < 30,
                "no temporary file appeared"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let killed = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        drop(stdin);
        let number = if signal == "INT" { 2 } else { 15 };
        assert_eq!(status.signal(), Some(number), "{signal}: {status:?}");
        assert!(
            names(dir.path()).is_empty(),
            "{signal}: {:?}",
            names(dir.path())
        );
    }
}
