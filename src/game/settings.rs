//! The player's settings, kept between runs in the platform's config folder
//! (`crate::folders::config_dir`: `$XDG_CONFIG_HOME/skirmish/settings.ron`,
//! `~/.config/skirmish/settings.ron`; on Windows `%APPDATA%\skirmish\config\settings.ron`;
//! on macOS `~/Library/Application Support/skirmish/settings.ron`; `SKIRMISH_CONFIG=DIR`
//! overrides the folder). Read once
//! at start (a missing or unreadable file means the defaults, and the reason is shown);
//! written atomically (a temporary file renamed over the old one) whenever a setting
//! changes in the window.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::prefs::AnimSpeed;
use super::{Screen, Session, View};

pub use crate::game::prefs::{Palette, Prefs, UI_SCALES};

pub(super) fn plugin(app: &mut App) {
    let (settings, problem) = match dir() {
        Some(d) => load(&d.join(FILE)),
        None => (Settings::default(), None),
    };
    // The window starts with the saved look and sound (the menu shows them too).
    if let Some(mut view) = app.world_mut().get_resource_mut::<View>() {
        view.prefs = settings.prefs.clone();
    }
    app.insert_resource(Saved {
        settings: settings.clone(),
        problem,
    })
    .add_systems(OnEnter(Screen::Battle), apply)
    .add_systems(Update, keys_follow)
    .add_systems(Update, save.run_if(in_state(Screen::Battle)));
}

/// A battle starts with the saved settings (the animation speed unless `SKIRMISH_ANIM`
/// set one for a test run).
fn apply(saved: Res<Saved>, session: Option<ResMut<Session>>, mut view: ResMut<View>) {
    let s = &saved.settings;
    if std::env::var_os("SKIRMISH_ANIM").is_none() {
        view.anim_speed = s.anim_speed();
    }
    view.threat = s.threat_overlay;
    view.minimap = s.minimap;
    view.follow = s.camera_follow;
    view.prefs = s.prefs.clone();
    if let Some(mut session) = session {
        session.confirm_end_turn = s.confirm_end_turn;
    }
}

/// The key map follows the player's keys (Settings, Keys) whenever they change; what
/// cannot be used is said once.
fn keys_follow(
    mut view: ResMut<View>,
    map: Option<ResMut<super::keymap::KeyMap>>,
    mut last: Local<Option<std::collections::BTreeMap<String, String>>>,
) {
    let Some(mut map) = map else { return };
    if last.as_ref() == Some(&view.prefs.keys) {
        return;
    }
    *last = Some(view.prefs.keys.clone());
    let (m, problems) =
        super::keymap::KeyMap::with_overrides(&view.prefs.keys, &super::act::ruleset_chords());
    *map = m;
    if !problems.is_empty() {
        view.message = Some((format!("keys: {}", problems.join("; ")), true));
    }
}

/// The settings file's name in its folder.
pub const FILE: &str = "settings.ron";

/// What the player set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Animation speed: "slow", "normal", "fast" or "instant".
    pub animation: String,
    /// Ask before ending a turn while the unit still has actions to spend.
    pub confirm_end_turn: bool,
    /// The threat overlay on at the start of a battle.
    pub threat_overlay: bool,
    /// The minimap shows (when the map is larger than the view).
    pub minimap: bool,
    /// The camera follows the unit whose turn starts.
    pub camera_follow: bool,
    /// The settings screen's sound, look and reaction defaults (one group: see
    /// [`Prefs`]).
    pub prefs: Prefs,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animation: AnimSpeed::default().label().to_string(),
            confirm_end_turn: true,
            threat_overlay: false,
            minimap: true,
            camera_follow: true,
            prefs: Prefs::default(),
        }
    }
}

impl Settings {
    /// The animation speed it names (the default when it names none).
    pub fn anim_speed(&self) -> AnimSpeed {
        AnimSpeed::parse(&self.animation).unwrap_or_default()
    }
}

/// The settings as last read or written, and what went wrong reading them.
#[derive(Resource, Debug)]
pub struct Saved {
    /// As on disk.
    pub settings: Settings,
    /// Why the file could not be read (the defaults are used), once.
    pub problem: Option<String>,
}

/// The folder the settings live in (`crate::folders::config_dir`).
pub fn dir() -> Option<PathBuf> {
    crate::folders::config_dir()
}

/// Read the settings file: the defaults when it is missing; the defaults and the reason
/// when it cannot be read or parsed.
pub fn load(path: &Path) -> (Settings, Option<String>) {
    if !path.exists() {
        return (Settings::default(), None);
    }
    // One way to read a user's file: a regular file of at most 1 MiB, UTF-8.
    let read = skirmish_rules::text_file::read(path, skirmish_rules::text_file::Kind::Settings)
        .map_err(|e| format!("{}:{e}; using the default settings", path.display()));
    match read {
        Ok(text) => match ron::from_str::<Settings>(&text) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{}: {e}; using the default settings",
                    path.display()
                )),
            ),
        },
        Err(why) => (Settings::default(), Some(why)),
    }
}

/// Write the settings file atomically (`files::write_atomic`: a crash never leaves half
/// a file).
pub fn store(path: &Path, s: &Settings) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(s, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    if let Some(d) = path.parent() {
        // A file where the settings folder should be: say so, not the OS's "File exists".
        if let Some(a) = d.ancestors().find(|a| a.exists())
            && !a.is_dir()
        {
            return Err(format!(
                "{}: not a folder, so the settings folder {} cannot be made",
                crate::files::shown(a),
                crate::files::shown(d)
            ));
        }
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", crate::files::shown(d)))?;
    }
    crate::files::write_text(path, &text)
}

/// Put settings into the window at once (the settings screen's changes).
pub fn put(s: &Settings, view: &mut View, session: Option<&mut Session>) {
    let a = s.anim_speed();
    if view.anim_speed != a {
        view.anim_speed = a;
    }
    if view.threat != s.threat_overlay {
        view.threat = s.threat_overlay;
    }
    if view.prefs != s.prefs {
        view.prefs = s.prefs.clone();
    }
    if let Some(session) = session
        && session.confirm_end_turn != s.confirm_end_turn
    {
        session.confirm_end_turn = s.confirm_end_turn;
    }
}

/// The settings the window shows now.
pub fn live(view: &View, session: &Session) -> Settings {
    Settings {
        animation: view.anim_speed.label().to_string(),
        confirm_end_turn: session.confirm_end_turn,
        threat_overlay: view.threat,
        minimap: view.minimap,
        camera_follow: view.follow,
        prefs: view.prefs.clone(),
    }
}

/// Keep `now` as the settings: written to the file when it differs from what was saved.
pub fn commit(saved: &mut Saved, now: Settings) -> Result<(), String> {
    if now == saved.settings {
        return Ok(());
    }
    saved.settings = now;
    match dir() {
        Some(d) => store(&d.join(FILE), &saved.settings),
        None => Ok(()),
    }
}

/// Save when a setting changed (checked when the view or the session changed).
fn save(mut view: ResMut<View>, session: Option<Res<Session>>, mut saved: ResMut<Saved>) {
    let Some(session) = session else { return };
    if let Some(p) = saved.problem.take() {
        view.message = Some((p, true));
    }
    if !view.is_changed() && !session.is_changed() {
        return;
    }
    let now = live(&view, &session);
    if let Err(e) = commit(&mut saved, now) {
        view.message = Some((format!("settings not saved: {e}"), true));
    }
}
