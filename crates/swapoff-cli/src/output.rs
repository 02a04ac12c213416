//! Files a command writes. Two promises, kept here for every command:
//!
//! - an output is never one of the run's inputs: the same file (by device and inode, so a
//!   second name or a link is caught too) is refused before anything is opened for
//!   writing;
//! - an output is written under a temporary name beside its target and renamed onto it
//!   only when complete, so a failed or interrupted run leaves the old file (or none),
//!   never a truncated one. A target that is no regular file (`/dev/stdout`, a named
//!   pipe, a device) is written in place: renaming onto it would replace it;
//!
//! and the file is what the shell's `>` would make: a new file's mode comes from the
//! umask, an existing file keeps its mode, a symbolic link (even one to no file yet) is
//! written through and kept, and SIGINT, SIGTERM or SIGHUP remove the temporary files
//! before ending the run as the signal would have.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};
use swapoff_scan::InputName;
use tempfile::TempPath;

/// The temporary files being written, removed if a signal ends the run.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// How much of a target's name its temporary name keeps: with the dot before it and the
/// dot, six random letters and `.part` after it, the name stays within the 255 bytes a
/// file name may have wherever the target's name fits.
const KEPT_NAME_BYTES: usize = 240;

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
        // A link (to a file, or to none yet) is written through: its file is replaced, the
        // link kept.
        let real = through_links(target).map_err(cannot)?;
        match std::fs::metadata(&real) {
            Ok(m) if !m.is_file() => {
                let file = File::create(&real).map_err(cannot)?;
                Ok((
                    file,
                    Staged {
                        temp: None,
                        target: real,
                    },
                ))
            }
            Ok(m) => Staged::beside(&real, Some(m.permissions())),
            Err(_) => Staged::beside(&real, None),
        }
    }

    /// A temporary file beside the regular file (or free name) `target`, with the mode
    /// `kept` (an existing target's), else the one the umask gives a new file.
    fn beside(target: &Path, kept: Option<std::fs::Permissions>) -> Result<(File, Staged), String> {
        let cannot = |e: std::io::Error| format!("cannot create {}: {e}", target.display());
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
        let mut name = name.unwrap_or_default();
        if name.len() > KEPT_NAME_BYTES {
            let mut end = KEPT_NAME_BYTES;
            while !name.is_char_boundary(end) {
                end -= 1;
            }
            name.truncate(end);
        }
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".part");
        // tempfile makes its files 0600; a new output is made as `>` makes one, 0666
        // less the umask (which the kernel takes off the mode asked for).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        remove_temporaries_on_signal();
        // Registered before the file exists, so that no signal can come between its
        // making and its registering.
        let mut pending = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
        let (file, temp) = builder.tempfile_in(folder).map_err(cannot)?.into_parts();
        pending.push(temp.to_path_buf());
        drop(pending);
        let staged = Staged {
            temp: Some(temp),
            target: target.to_path_buf(),
        };
        if let Some(mode) = kept {
            file.set_permissions(mode).map_err(cannot)?;
        }
        Ok((file, staged))
    }

    /// Renames the finished file onto its target.
    pub fn commit(mut self) -> Result<(), String> {
        let Some(temp) = self.temp.take() else {
            return Ok(());
        };
        let path = temp.to_path_buf();
        let done = temp
            .persist(&self.target)
            .map_err(|e| format!("cannot write {}: {}", self.target.display(), e.error));
        forget(&path);
        done
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        // The temporary file goes with its `TempPath`, after this.
        if let Some(temp) = &self.temp {
            forget(temp);
        }
    }
}

/// Takes `path` off the temporary files a signal would remove.
fn forget(path: &Path) {
    let mut pending = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
    pending.retain(|p| p != path);
}

/// The file `target` names once its symbolic links are followed, whether or not that file
/// exists yet (as `>` follows them); `target` itself when it is no link.
fn through_links(target: &Path) -> std::io::Result<PathBuf> {
    let mut path = target.to_path_buf();
    // A loop of links is the system's error, as for `>`: after 40 links, as Linux counts.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(folder) if to.is_relative() => folder.join(to),
                    _ => to,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Installs, once, the one handler of SIGINT, SIGTERM and SIGHUP: a thread that removes
/// the temporary files being written, then ends the process as the signal would have (so
/// the shell sees it killed by the signal). Only a run that writes an output installs it.
fn remove_temporaries_on_signal() {
    static INSTALLED: Once = Once::new();
    #[cfg(unix)]
    INSTALLED.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let spawned = std::thread::Builder::new()
            .name("seeswap-signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let pending = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
                    for path in pending.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    // The lock is held to the end: no file is made or renamed after this.
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        drop(spawned);
    });
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
