//! Where the program keeps its files between runs (issue 32): the platform's config
//! folder for the settings and its data folder for saves, from the `directories` crate
//! (Linux: `$XDG_CONFIG_HOME/skirmish`, `$XDG_DATA_HOME/skirmish`, by default
//! `~/.config/skirmish` and `~/.local/share/skirmish`; macOS: `~/Library/Application
//! Support/skirmish` for both; Windows: `%APPDATA%\skirmish\config` and
//! `%APPDATA%\skirmish\data`). `SKIRMISH_CONFIG=DIR` and `SKIRMISH_DATA_DIR=DIR` (or a
//! command's `--data-dir`) put them elsewhere.

use std::path::PathBuf;

/// Level opened when `skirmish` runs with no arguments; a folder of shipped levels holds
/// it.
pub const DEFAULT_LEVEL: &str = "levels/flow-bridge.ron";

/// The folder name under the platform's folders.
const APP: &str = "skirmish";

/// An environment variable naming a folder, when set and not empty.
fn env_dir(key: &str) -> Option<PathBuf> {
    std::env::var_os(key)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", APP)
}

/// The settings' folder: `SKIRMISH_CONFIG`, else the platform's config folder.
pub fn config_dir() -> Option<PathBuf> {
    env_dir("SKIRMISH_CONFIG").or_else(|| project().map(|p| p.config_dir().to_path_buf()))
}

/// The data folder: `SKIRMISH_DATA_DIR`, else the platform's data folder.
pub fn data_dir() -> Option<PathBuf> {
    env_dir("SKIRMISH_DATA_DIR").or_else(|| project().map(|p| p.data_dir().to_path_buf()))
}

/// Where saves go: `saves/` in `over` (a `--data-dir`), else in [`data_dir`].
pub fn saves_dir(over: Option<&std::path::Path>) -> Option<PathBuf> {
    over.map(PathBuf::from)
        .or_else(data_dir)
        .map(|d| d.join("saves"))
}

/// Where the shipped `assets/` are (issue 35), the first of: `SKIRMISH_ASSETS=DIR`,
/// `$BEVY_ASSET_ROOT/assets`, `./assets`, `assets/` beside the binary (an unpacked
/// release), `../share/skirmish/assets` from the binary (a system install), and else the
/// copy inside the binary, unpacked into the data folder ([`unpacked`]). No path of the
/// machine that built it is looked at. A folder counts when it holds `hex_tiles.png`.
pub fn assets_dir() -> PathBuf {
    let mut first = Vec::new();
    first.extend(env_dir("SKIRMISH_ASSETS"));
    first.extend(env_dir("BEVY_ASSET_ROOT").map(|r| r.join("assets")));
    shipped("assets", first, |p| p.join("hex_tiles.png").is_file())
}

/// Where the shipped `levels/` are: `./levels`, `levels/` beside the binary,
/// `../share/skirmish/levels` from it, else the copy inside the binary, unpacked into the
/// data folder. A folder counts when it holds the default level.
pub fn levels_dir() -> PathBuf {
    shipped("levels", Vec::new(), |p| {
        p.join(DEFAULT_LEVEL.trim_start_matches("levels/"))
            .is_file()
    })
}

/// The first of `first`, `./NAME`, beside the binary and `../share/skirmish/NAME` from
/// it that `holds`; else the unpacked copy; else `NAME` (and a missing file is said
/// where it is read).
fn shipped(name: &str, first: Vec<PathBuf>, holds: impl Fn(&std::path::Path) -> bool) -> PathBuf {
    let mut c = first;
    c.push(PathBuf::from(name));
    if let Ok(exe) = std::env::current_exe()
        && let Some(d) = exe.parent()
    {
        c.push(d.join(name));
        c.push(d.join("..").join("share").join(APP).join(name));
    }
    if let Some(p) = c.into_iter().find(|p| holds(p)) {
        return p.canonicalize().unwrap_or(p);
    }
    unpacked()
        .map(|d| d.join(name))
        .filter(|p| holds(p))
        .unwrap_or_else(|| PathBuf::from(name))
}

/// The files inside the binary ([`crate::shipped::FILES`]), written once into
/// `shipped-HASH/` of the data folder (HASH of their bytes: another build writes its own
/// folder). Each file is written atomically; `None` when that fails.
pub fn unpacked() -> Option<PathBuf> {
    let files = crate::shipped::FILES;
    // FNV-1a over every path and byte: which build's files these are.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, bytes) in files {
        for b in path.as_bytes().iter().chain(bytes.iter()) {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let root = data_dir()?.join(format!("shipped-{h:016x}"));
    for (path, bytes) in files {
        let to = root.join(path);
        if std::fs::metadata(&to).is_ok_and(|m| m.len() == bytes.len() as u64) {
            continue;
        }
        let dir = to.parent()?;
        std::fs::create_dir_all(dir).ok()?;
        let tmp = dir.join(format!(".{}.part", std::process::id()));
        std::fs::write(&tmp, bytes).ok()?;
        std::fs::rename(&tmp, &to).ok()?;
    }
    Some(root)
}

/// A level given by name (`flow-bridge`, `flow-bridge.ron`) when no such file is here:
/// the shipped one, else the user's (`levels/` of the data folder). Any other path is
/// kept as given (and a missing file is said where it is read).
pub fn level_by_name(given: &std::path::Path) -> PathBuf {
    let bare = given.components().count() == 1;
    if given.exists() || !bare {
        return given.to_path_buf();
    }
    let file = if given.extension().is_some_and(|x| x == "ron") {
        given.to_path_buf()
    } else {
        given.with_extension("ron")
    };
    [Some(levels_dir()), data_dir().map(|d| d.join("levels"))]
        .into_iter()
        .flatten()
        .map(|d| d.join(&file))
        .find(|p| p.is_file())
        .unwrap_or_else(|| given.to_path_buf())
}
