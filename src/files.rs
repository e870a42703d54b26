//! Writing the files the program writes, in one place (issue 32): every whole file
//! (settings, `sim --json`, fuzz reports, the window's probe files, and saves when they
//! come) goes through [`write_atomic`], so a crash or a kill at any moment leaves the old
//! file or the new one, never half of one. Append-only streams (`--event-log`) are not
//! whole files and append line by line.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary names made by this process so far (with the process id, unique among
/// several running copies and several threads).
static MADE: AtomicU64 = AtomicU64::new(0);

/// Write `bytes` to `path` atomically: into a new temporary file beside it (a name no
/// other writer uses: `.NAME.PID.N.tmp`), flushed to the disk, renamed over `path`, then
/// the folder flushed so the rename itself survives a power cut. On any error the
/// temporary file is removed and `path` is untouched. The folder must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
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

/// [`write_atomic`] for text, with the path in the error message.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    write_atomic(path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
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
