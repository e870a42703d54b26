//! The saves on disk as the window lists them (Ctrl+O, Continue): each file's level,
//! ruleset, round and date, read without replaying it (`Save::parse`); the names the
//! window gives new saves and autosaves; dates as text (UTC, from the clock: the window
//! may read it, the rules never do).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use skirmish_rules::save::Save;
use skirmish_rules::text_file::{Kind, read};

/// The folder of autosaves inside the saves folder.
pub const AUTOSAVES: &str = "autosave";

/// How many autosaves are kept (one per battle, the newest).
pub const KEEP_AUTOSAVES: usize = 5;

/// One save file as the list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its name without `.ron`.
    pub name: String,
    /// Written (the file's modification time), seconds since 1970 (UTC).
    pub written: u64,
    /// What is in it: level, ruleset, round; or why it cannot be read.
    pub about: Result<About, String>,
    /// An autosave (in [`AUTOSAVES`]).
    pub auto: bool,
}

/// The parts of a save the list shows.
#[derive(Clone, Debug, PartialEq)]
pub struct About {
    /// The level's name.
    pub level: String,
    /// The ruleset's id.
    pub ruleset: String,
    /// The round it was saved in.
    pub round: u32,
    /// Commands played.
    pub commands: usize,
}

impl Entry {
    /// One line: "name — Level · ruleset · round 3 · 2026-11-26 09:40 UTC", or the
    /// reason it cannot be read.
    pub fn line(&self) -> String {
        match &self.about {
            Ok(a) => format!(
                "{} — {} · {} · round {} · {}",
                self.name,
                a.level,
                a.ruleset,
                a.round,
                date(self.written)
            ),
            Err(e) => format!("{} — cannot be read: {e}", self.name),
        }
    }
}

/// Read the list's parts of one file (no replay: loading checks the rest).
pub fn entry(path: &Path, auto: bool) -> Entry {
    let written = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs());
    let about = read(path, Kind::Save)
        .map_err(|e| e.to_string())
        .and_then(|t| Save::parse(&t).map_err(|e| e.to_string()))
        .map(|s| About {
            level: s.level.name.clone(),
            ruleset: s.ruleset.clone(),
            round: s.round,
            commands: s.commands.len(),
        });
    Entry {
        name: path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        path: path.to_path_buf(),
        written,
        about,
        auto,
    }
}

/// The `.ron` files of a folder (hidden ones, such as the atomic writer's temporary
/// files, left out); none when it does not exist.
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.extension().is_some_and(|x| x == "ron")
                        && !p
                            .file_name()
                            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                        && p.is_file()
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Newest first, then by name (the same second: a stable order).
fn newest_first(v: &mut [Entry]) {
    v.sort_by(|a, b| b.written.cmp(&a.written).then_with(|| a.name.cmp(&b.name)));
}

/// The saves in `dir` and its autosaves, each part newest first (the saves, then the
/// autosaves).
pub fn list(dir: &Path) -> Vec<Entry> {
    let mut saves: Vec<Entry> = ron_files(dir).iter().map(|p| entry(p, false)).collect();
    newest_first(&mut saves);
    saves.extend(autosaves(dir));
    saves
}

/// The autosaves in `dir`'s autosave folder, newest first.
pub fn autosaves(dir: &Path) -> Vec<Entry> {
    let mut v: Vec<Entry> = ron_files(&dir.join(AUTOSAVES))
        .iter()
        .map(|p| entry(p, true))
        .collect();
    newest_first(&mut v);
    v
}

/// What "Continue" resumes: the newest autosave that reads (a damaged newer one is
/// passed over).
pub fn newest_autosave(dir: &Path) -> Option<Entry> {
    autosaves(dir).into_iter().find(|e| e.about.is_ok())
}

/// Remove the autosaves past the newest `keep`, never `current` (the battle being
/// played).
pub fn prune_autosaves(dir: &Path, keep: usize, current: &Path) {
    for e in autosaves(dir).into_iter().skip(keep) {
        if e.path != current {
            let _ = std::fs::remove_file(&e.path);
        }
    }
}

/// Play by file: an earlier save of the same battle (the same level text, grid, seed and
/// sides) in `dir` or its autosaves that `save` (the file `opened`) does not continue:
/// their commands part at some command. The newest such, as (its name, the first
/// command, 1-based, where they differ). `None`: every earlier save of this battle is a
/// beginning of it.
pub fn rewritten(dir: &Path, opened: &Path, save: &Save) -> Option<(String, usize)> {
    // Written before it (to the file system's precision, not the list's seconds).
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let when = mtime(opened)?;
    let mut all = list(dir);
    newest_first(&mut all);
    all.into_iter()
        .filter(|e| e.path != opened && e.about.is_ok() && mtime(&e.path).is_some_and(|t| t < when))
        .find_map(|e| {
            let text = read(&e.path, Kind::Save).ok()?;
            let other = Save::parse(&text).ok()?;
            let same = other.level.hash == save.level.hash
                && other.seed == save.seed
                && other.grid == save.grid
                && other
                    .sides
                    .iter()
                    .map(|s| &s.name)
                    .eq(save.sides.iter().map(|s| &s.name));
            if !same {
                return None;
            }
            let at = other
                .commands
                .iter()
                .zip(&save.commands)
                .position(|(a, b)| a != b)?;
            Some((e.name, at + 1))
        })
}

/// Now, in seconds since 1970.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Year, month, day of a day counted from 1970-01-01 (proleptic Gregorian; Howard
/// Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// "2026-11-26 09:40 UTC".
pub fn date(secs: u64) -> String {
    let (y, m, d) = civil((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        s / 3600,
        s / 60 % 60
    )
}

/// "2026-11-26 0940" without the zone, for file names.
fn stamp(secs: u64) -> String {
    let (y, m, d) = civil((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!("{y:04}-{m:02}-{d:02} {:02}{:02}", s / 3600, s / 60 % 60)
}

/// The name the save prompt offers: the level and the date ("Courtyard 2026-11-26 0940").
pub fn default_name(level: &str, secs: u64) -> String {
    let level = file_name(level).unwrap_or_else(|_| "battle".into());
    format!("{level} {}", stamp(secs))
}

/// The autosave file of a battle started at `secs` on `level`.
pub fn autosave_name(level: &str, secs: u64) -> String {
    let level = file_name(level).unwrap_or_else(|_| "battle".into());
    let (y, m, d) = civil((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!(
        "{level} {y:04}-{m:02}-{d:02} {:02}{:02}{:02}.ron",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// `dir/name` if no file has that name yet, else `dir/NAME 2.ron`, `NAME 3.ron`, … (two
/// battles started in the same second, a branch of a replay).
pub fn fresh(dir: &Path, name: &str) -> PathBuf {
    let stem = name.strip_suffix(".ron").unwrap_or(name);
    let mut p = dir.join(name);
    let mut n = 2;
    while p.exists() {
        p = dir.join(format!("{stem} {n}.ron"));
        n += 1;
    }
    p
}

/// A name typed for a save as a file name (without `.ron`): letters, digits, spaces and
/// `-_.,()'` kept, anything else (a slash, a colon) becomes `-`; at most 80 characters;
/// empty, or only dots, refused.
pub fn file_name(typed: &str) -> Result<String, String> {
    let t = typed.trim();
    let t = t.strip_suffix(".ron").unwrap_or(t).trim();
    let clean: String = t
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_.,()'".contains(c) {
                c
            } else {
                '-'
            }
        })
        .take(80)
        .collect();
    let clean = clean.trim().to_string();
    if clean.trim_matches('.').is_empty() {
        return Err("give the save a name (letters or digits)".into());
    }
    Ok(clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_s() {
        assert_eq!(date(0), "1970-01-01 00:00 UTC");
        // 2026-11-26 09:40:05 UTC.
        assert_eq!(date(1_795_686_005), "2026-11-26 09:40 UTC");
        // A leap day.
        assert_eq!(date(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(
            autosave_name("Flow: Courtyard", 1_795_686_005),
            "Flow- Courtyard 2026-11-26 094005.ron"
        );
    }

    #[test]
    fn typed_names_become_file_names() {
        assert_eq!(file_name(" my save.ron "), Ok("my save".into()));
        assert_eq!(file_name("a/b:c"), Ok("a-b-c".into()));
        assert!(file_name("  ").is_err());
        assert!(file_name("..").is_err());
        assert_eq!(file_name(&"x".repeat(200)).map(|s| s.len()), Ok(80));
    }
}
