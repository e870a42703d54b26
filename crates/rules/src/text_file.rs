//! Reading a user's text file, one way for every kind (issue 33): levels, scripts,
//! settings, logs and saves. What is not a regular file (a FIFO, a device, a socket, a
//! folder) is refused before it is opened, so nothing blocks on a pipe or reads an
//! endless device; a read never takes more than the kind's cap + 1 bytes; a UTF-8 byte
//! order mark is skipped; text that is not UTF-8 is reported at its real line and
//! column. The caps are in docs/reliability.md.

use std::io::Read as _;
use std::path::Path;

use crate::span::Pos;

/// What a file is, and so how big it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A level (16 MiB).
    Level,
    /// A script of commands (16 MiB).
    Script,
    /// The settings file (1 MiB).
    Settings,
    /// An event log (`--event-log`, JSON lines: 256 MiB).
    Log,
    /// A saved battle (64 MiB).
    Save,
}

impl Kind {
    /// The most bytes a file of this kind may have.
    pub const fn cap(self) -> usize {
        match self {
            Kind::Level | Kind::Script => crate::level::MAX_FILE_BYTES,
            Kind::Settings => 1 << 20,
            Kind::Log => 256 << 20,
            Kind::Save => 64 << 20,
        }
    }

    /// Its name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Level => "a level file",
            Kind::Script => "a script",
            Kind::Settings => "the settings file",
            Kind::Log => "an event log",
            Kind::Save => "a save",
        }
    }
}

/// Why a file could not be read: where (1:1 but for bad UTF-8) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Where in the file.
    pub pos: Pos,
    /// What is wrong, in one line.
    pub message: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.pos.line, self.pos.col, self.message)
    }
}

fn at_start(message: String) -> ReadError {
    ReadError {
        pos: Pos { line: 1, col: 1 },
        message,
    }
}

/// What a path that is not a regular file is, in words ("a folder", "a FIFO (named
/// pipe)", ...), or `None` for a regular file.
pub fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Read a text file of `kind`: a regular file (symbolic links followed), at most its
/// cap, UTF-8 (a byte order mark skipped).
pub fn read(path: &Path, kind: Kind) -> Result<String, ReadError> {
    let meta =
        std::fs::metadata(path).map_err(|e| at_start(format!("cannot read the file: {e}")))?;
    if let Some(what) = not_a_file(&meta) {
        return Err(at_start(format!(
            "this is {what}, not a file; {} must be a regular file",
            kind.name()
        )));
    }
    let cap = kind.cap();
    let too_big = |n: String| {
        at_start(format!(
            "the file is {n} bytes; {} may be at most {cap} bytes ({})",
            kind.name(),
            mib(cap)
        ))
    };
    if meta.len() > cap as u64 {
        return Err(too_big(meta.len().to_string()));
    }
    let f =
        std::fs::File::open(path).map_err(|e| at_start(format!("cannot read the file: {e}")))?;
    let mut bytes = Vec::new();
    f.take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| at_start(format!("cannot read the file: {e}")))?;
    if bytes.len() > cap {
        // It grew while being read, or its size on disk said less than it holds.
        return Err(too_big(format!("more than {cap}")));
    }
    text(bytes)
}

/// Bytes as text: a byte order mark skipped; not UTF-8 reported where it stops being.
pub fn text(bytes: Vec<u8>) -> Result<String, ReadError> {
    let s = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        let good = good.strip_prefix('\u{feff}').unwrap_or(good);
        let line_start = good.rfind('\n').map_or(0, |i| i + 1);
        ReadError {
            pos: Pos {
                line: 1 + good.matches('\n').count(),
                col: 1 + good[line_start..].chars().count(),
            },
            message: "the file is not UTF-8 text here (save it as UTF-8)".into(),
        }
    })?;
    Ok(match s.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => s,
    })
}

fn mib(n: usize) -> String {
    format!("{} MiB", n >> 20)
}
