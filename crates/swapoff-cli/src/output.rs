//! Files a command writes. Two promises, kept here for every command:
//!
//! - an output is never one of the run's inputs: the same file (by device and inode, so a
//!   second name or a link is caught too) is refused before anything is opened for
//!   writing;
//! - an output is written under a temporary name beside its target and renamed onto it
//!   only when complete, so a failed or interrupted run leaves the old file (or none),
//!   never a truncated one. A target that is no regular file (`/dev/stdout`, a named
//!   pipe, a device) is written in place: renaming onto it would replace it.

use std::fs::File;
use std::path::{Path, PathBuf};
use swapoff_scan::InputName;
use tempfile::TempPath;

/// A file being written under a temporary name, that becomes `target` at [`Staged::commit`].
/// Dropped uncommitted (an error, a closed pipe), the temporary file is removed.
pub struct Staged {
    /// `None` for a target written in place.
    temp: Option<TempPath>,
    target: PathBuf,
}

impl Staged {
    /// A temporary file beside `target` (same folder, so the rename cannot cross file
    /// systems), after checking that `target` is none of `inputs`. The file handle is the
    /// caller's to write.
    pub fn create(target: &Path, inputs: &[InputName]) -> Result<(File, Staged), String> {
        refuse_inputs(target, inputs)?;
        let cannot = |e: std::io::Error| format!("cannot create {}: {e}", target.display());
        match std::fs::metadata(target) {
            Ok(m) if !m.is_file() => {
                let file = File::create(target).map_err(cannot)?;
                let target = target.to_path_buf();
                Ok((file, Staged { temp: None, target }))
            }
            // A link to a file: the file is replaced, the link kept.
            Ok(_) => {
                let real = std::fs::canonicalize(target).map_err(cannot)?;
                Staged::beside(&real)
            }
            Err(_) => Staged::beside(target),
        }
    }

    /// A temporary file beside the regular file (or free name) `target`.
    fn beside(target: &Path) -> Result<(File, Staged), String> {
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
        let prefix = format!(".{}.", name.unwrap_or_default());
        let (file, temp) = tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(".part")
            .tempfile_in(folder)
            .map_err(|e| format!("cannot create {}: {e}", target.display()))?
            .into_parts();
        let target = target.to_path_buf();
        Ok((
            file,
            Staged {
                temp: Some(temp),
                target,
            },
        ))
    }

    /// Renames the finished file onto its target.
    pub fn commit(self) -> Result<(), String> {
        let Some(temp) = self.temp else {
            return Ok(());
        };
        let target = self.target;
        temp.persist(&target)
            .map_err(|e| format!("cannot write {}: {}", target.display(), e.error))
    }
}

/// Refuses `output` when it is the same file as one of `inputs`.
pub fn refuse_inputs(output: &Path, inputs: &[InputName]) -> Result<(), String> {
    // Not there yet (or not to be looked at): no input can be it.
    let Ok(out) = std::fs::metadata(output) else {
        return Ok(());
    };
    match input_that_is(&out, inputs) {
        Some(input) => Err(format!(
            "{}: the output is the input {}; refusing to overwrite it",
            output.display(),
            input.display()
        )),
        None => Ok(()),
    }
}

/// Refuses a run whose standard output is a regular file that is one of `inputs`
/// (`seeswap scan games.pgn >> games.pgn` would read its own rows back without end).
pub fn refuse_stdout_input(inputs: &[InputName]) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let out = std::io::stdout().as_fd().try_clone_to_owned();
        let out = out.ok().and_then(|fd| File::from(fd).metadata().ok());
        if let Some(input) = out
            .filter(|m| m.is_file())
            .and_then(|m| input_that_is(&m, inputs))
        {
            return Err(format!(
                "{}: the input is also standard output; refusing to read it",
                input.display()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = inputs;
    Ok(())
}

/// The input, of `inputs`, that is the file `out` describes.
fn input_that_is<'a>(out: &std::fs::Metadata, inputs: &'a [InputName]) -> Option<&'a InputName> {
    inputs
        .iter()
        .filter(|i| !i.is_stdin())
        .find(|i| std::fs::metadata(i.path()).is_ok_and(|m| same_file(&m, out)))
}

/// Whether two files' metadata are of one file.
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// Whether two files' metadata are of one file: where there is no inode to compare, two
/// regular files of the same length and modification time are taken for one (a refusal
/// too many is cheap; a lost input is not).
#[cfg(not(unix))]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    a.is_file() && a.len() == b.len() && a.modified().ok() == b.modified().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn an_input_by_another_name_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("games.pgn");
        std::fs::write(&input, "1. e4 *\n").unwrap();
        let link = dir.path().join("link.pgn");
        std::fs::hard_link(&input, &link).unwrap();
        let inputs = [InputName::from(input.clone())];
        for output in [&input, &link] {
            let Err(why) = Staged::create(output, &inputs) else {
                panic!("{} accepted", output.display());
            };
            assert!(why.contains("is the input"), "{why}");
        }
        assert_eq!(std::fs::read(&input).unwrap(), b"1. e4 *\n");
        assert!(refuse_inputs(&dir.path().join("new.parquet"), &inputs).is_ok());
    }

    #[test]
    fn the_target_appears_only_when_committed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("rows.parquet");
        std::fs::write(&target, "old").unwrap();
        let (mut file, staged) = Staged::create(&target, &[]).unwrap();
        file.write_all(b"new").unwrap();
        // Not committed: the old file stands and the temporary one is gone.
        drop(staged);
        assert_eq!(std::fs::read(&target).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let (mut file, staged) = Staged::create(&target, &[]).unwrap();
        file.write_all(b"new").unwrap();
        staged.commit().unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_kept_and_a_device_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.parquet");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.parquet");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let (mut file, staged) = Staged::create(&link, &[]).unwrap();
        file.write_all(b"new").unwrap();
        staged.commit().unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // /dev/null stays the device it is.
        let null = Path::new("/dev/null");
        let (mut file, staged) = Staged::create(null, &[]).unwrap();
        file.write_all(b"rows").unwrap();
        staged.commit().unwrap();
        assert!(!std::fs::metadata(null).unwrap().is_file());
    }
}
