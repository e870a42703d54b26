//! Where the program keeps its files between runs (issue 32): the platform's config
//! folder for the settings and its data folder for saves, from the `directories` crate
//! (Linux: `$XDG_CONFIG_HOME/skirmish`, `$XDG_DATA_HOME/skirmish`, by default
//! `~/.config/skirmish` and `~/.local/share/skirmish`; macOS: `~/Library/Application
//! Support/skirmish` for both; Windows: `%APPDATA%\skirmish\config` and
//! `%APPDATA%\skirmish\data`). `SKIRMISH_CONFIG=DIR` and `SKIRMISH_DATA_DIR=DIR` (or a
//! command's `--data-dir`) put them elsewhere.

use std::path::PathBuf;

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
