//! Writing the files the program writes, in one place (issue 32): every whole file
//! (settings, `sim --json`, fuzz reports, the window's probe files, and saves when they
//! come) goes through [`write_atomic`], so a crash or a kill at any moment leaves the old
//! file or the new one, never half of one. Append-only streams (`--event-log`) are not
//! whole files and append line by line.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A path as every message shows it (control characters escaped, long ones cut with
/// `…`): the one helper, `skirmish_rules::shown::path`.
pub use skirmish_rules::shown::path as shown;

/// Temporary names made by this process so far (with the process id, unique among
/// several running copies and several threads).
static MADE: AtomicU64 = AtomicU64::new(0);

/// Write `bytes` to `path` atomically: into a new temporary file beside it (a name no
/// other writer uses: `.NAME.PID.N.tmp`), flushed to the disk, renamed over `path`, then
/// the folder flushed so the rename itself survives a power cut. On any error the
/// temporary file is removed and `path` is untouched. The folder must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // A symbolic link is followed: its target is replaced, the link stays.
    let target;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            target = resolve_link(path)?;
            target.as_path()
        }
        _ => path,
    };
    if let Ok(m) = std::fs::metadata(path)
        && let Some(what) = skirmish_rules::text_file::not_a_file(&m)
    {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is {what}, not a file; it is not replaced", shown(path)),
        ));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(&dir);
    Ok(())
}

/// Where a symbolic link points, followed to the end (the target may not exist yet:
/// the last link's target, taken relative to the link's folder).
fn resolve_link(path: &Path) -> std::io::Result<PathBuf> {
    if let Ok(p) = std::fs::canonicalize(path) {
        return Ok(p);
    }
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(d) if to.is_relative() => d.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: too many symbolic links",
        shown(path)
    )))
}

/// Check before a long run that `out` can be written when it ends: it is not an input
/// of the run (`inputs`), not a folder, device, FIFO or socket, and its folder exists
/// and takes a new file. The reason, in one line, when not.
pub fn check_output(out: &Path, inputs: &[&Path]) -> Result<(), String> {
    let named = shown(out);
    let real = |p: &Path| std::fs::canonicalize(p).ok();
    if let Some(o) = real(out)
        && inputs.iter().any(|i| real(i).as_ref() == Some(&o))
    {
        return Err(format!(
            "{named} is also an input of this run; refusing to overwrite it"
        ));
    }
    let target = match std::fs::symlink_metadata(out) {
        Ok(m) if m.file_type().is_symlink() => {
            resolve_link(out).map_err(|e| format!("{named}: {e}"))?
        }
        _ => out.to_path_buf(),
    };
    if let Ok(m) = std::fs::metadata(&target)
        && let Some(what) = skirmish_rules::text_file::not_a_file(&m)
    {
        return Err(format!(
            "{named} is {what}, not a file; refusing to replace it"
        ));
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(format!(
            "{named}: the folder {} does not exist",
            shown(&dir)
        ));
    }
    probe(&dir).map_err(|e| format!("{named}: cannot write in {}: {e}", shown(&dir)))
}

/// Make and remove a new file in `dir`: can the folder take one?
fn probe(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(format!(
        ".skirmish-probe.{}.{}.tmp",
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}

/// Check before a long run that the folder `dir` can take the run's files: made if
/// missing, not one of `inputs` (a folder the run reads), and a new file can be made in
/// it. The reason, in one line, when not.
pub fn check_folder(dir: &Path, inputs: &[&Path]) -> Result<(), String> {
    let named = shown(dir);
    let existed = dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make the folder {named}: {e}"))?;
    // A folder made only to be checked goes again (the run makes it when it writes).
    let _made = Made(dir, !existed);
    let real = std::fs::canonicalize(dir).map_err(|e| format!("{named}: {e}"))?;
    if inputs
        .iter()
        .any(|i| std::fs::canonicalize(i).ok().as_ref() == Some(&real))
    {
        return Err(format!(
            "{named} is also an input of this run; refusing to write in it"
        ));
    }
    probe(dir).map_err(|e| format!("cannot write in the folder {named}: {e}"))
}

/// Check an append-only output (`play --event-log`) before the window opens: not one of
/// `inputs`, not a folder, FIFO or socket (a device such as `/dev/null` is allowed).
pub fn check_log_output(out: &Path, inputs: &[&Path]) -> Result<(), String> {
    let named = shown(out);
    if let Ok(o) = std::fs::canonicalize(out)
        && inputs
            .iter()
            .any(|i| std::fs::canonicalize(i).ok().as_ref() == Some(&o))
    {
        return Err(format!(
            "{named} is also an input (a level or a save); refusing to append to it"
        ));
    }
    if let Ok(m) = std::fs::metadata(out)
        && let Some(what) = skirmish_rules::text_file::not_a_file(&m)
        && what != "a device"
    {
        return Err(format!(
            "{named} is {what}, not a file; the event log must be one"
        ));
    }
    Ok(())
}

/// A folder [`check_folder`] made, removed again when the check is over (if still empty).
struct Made<'a>(&'a Path, bool);

impl Drop for Made<'_> {
    fn drop(&mut self) {
        if self.1 {
            let _ = std::fs::remove_dir(self.0);
        }
    }
}

/// [`write_atomic`] for text, with the path in the error message.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    write_atomic(path, text.as_bytes()).map_err(|e| format!("{}: {e}", shown(path)))
}

/// Flush a folder's entries (the rename) to the disk where the platform allows opening
/// a folder; elsewhere the rename is as durable as the platform makes it.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// The last append to the event log failed (its error was said on stderr; said again
/// only once it has worked in between).
static APPEND_FAILED: AtomicBool = AtomicBool::new(false);

/// Append `text` (whole lines) to the event log at `path` (`play --event-log`): one
/// write, so a line is never split by the game itself. A failure (a full disk, a removed
/// folder) is said on stderr, once until an append works again, and returned in one line
/// for the window to show.
pub fn append_log(path: &Path, text: &str) -> Result<(), String> {
    let done = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.flush()));
    match done {
        Ok(()) => {
            APPEND_FAILED.store(false, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => {
            let why = format!(
                "cannot write the event log {}: {e}; its events are missing from it",
                shown(path)
            );
            if !APPEND_FAILED.swap(true, Ordering::Relaxed) {
                // (`note!` is not in the fuzz example, which compiles this file too.)
                let _ = writeln!(std::io::stderr(), "skirmish: {why}");
            }
            Err(why)
        }
    }
}
