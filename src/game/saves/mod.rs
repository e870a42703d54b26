//! Saves in the window (issue 32): Ctrl+S saves the battle under a name (a prompt with a
//! default: the level and the date), Ctrl+O lists the saves (level, ruleset, round, date)
//! and opens one, every command is autosaved, and "Continue" in the level menu resumes
//! the newest autosave. A save that cannot be opened (damaged, cut short, newer, a
//! ruleset this build lacks, a log that does not replay) is refused with its message in
//! the window and nothing changes.
//!
//! The file format and the loader are the rules crate's (`skirmish_rules::save`,
//! docs/saves.md); every file is written by `files::write_atomic`. A save opened here
//! goes through `start_loaded`, as `play --load` does, so a hot-seat battle resumes at
//! the handover screen of the side to play.
//!
//! Parts: `list` (the files on disk, names, dates), `ui` (the save prompt, the list, the
//! level menu's Continue), `forecast` (the win forecast, worked out in the background),
//! `viewer` (a save stepped through command by command, and played on from any point),
//! `autosave` (after every command), `writer` (the autosave's writer thread), `rewind` (a
//! live battle taken back to a command of its roll log), `lines` (the lines a rewind left,
//! kept as branches inside the battle's saves, and the Ctrl+R window to go back to one).

mod autosave;
pub mod forecast;
pub mod lines;
pub mod list;
pub mod rewind;
mod ui;
pub mod viewer;
mod writer;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use skirmish_rules::Battle;
use skirmish_rules::level::Level;
use skirmish_rules::save::{LevelCopy, Save, SideSettings};

use super::dialog::{self, Dialog};
use super::keymap::{Bind, Chord, KeyMap};
use super::state::{BattleRes, GameSystems, Launch, Screen, Session, View, start_loaded};

/// The save/open window's state.
#[derive(Resource, Default, Debug)]
pub struct Files {
    /// What it shows (None: closed; `View::files_open` says the same to the dialogs).
    pub mode: Option<Mode>,
    /// Why the last save or open failed (shown in the window; nothing changed).
    pub error: Option<String>,
    /// What "Continue" resumes (the newest readable autosave), looked up on entering the
    /// level menu.
    pub resume: Option<list::Entry>,
    /// The name field takes the keyboard on the next frame.
    pub focus: bool,
}

/// The save/open window.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// The save prompt: the name typed so far.
    Save {
        /// The name.
        name: String,
    },
    /// The battle's lines (Ctrl+R): rewind to a command, or go back to a kept line
    /// (`lines::rows`); the row chosen.
    Lines {
        /// Index into `lines::rows`.
        chosen: usize,
    },
    /// The list of saves, and the one chosen (Up/Down, a click).
    Open {
        /// Saves, then autosaves (`list::list`).
        entries: Vec<list::Entry>,
        /// Index into `entries`.
        chosen: usize,
    },
}

/// What the player asked of the files this frame (keys and buttons fill it in; `carry_out`
/// does it).
#[derive(Resource, Default, Debug)]
pub struct FileIntent {
    /// Save the battle under this name (in the saves folder).
    pub save: Option<String>,
    /// Open this save.
    pub open: Option<PathBuf>,
    /// Continue: open the newest autosave.
    pub resume: bool,
    /// Open this save in the replay viewer.
    pub watch: Option<PathBuf>,
    /// The Esc menu's Save or Open: the save prompt or the list, as Ctrl+S or Ctrl+O.
    pub prompt: Option<Prompt>,
}

/// Which files window the Esc menu asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The save prompt (Ctrl+S).
    Save,
    /// The list of saves (Ctrl+O).
    Open,
}

// `Origin` lives in `state.rs` (the editor's playtest sets it without the saves).
pub use super::state::Origin;

/// The autosave of the battle being played: one file per battle in the autosave folder,
/// rewritten after every command.
#[derive(Resource, Default, Debug)]
pub struct Autosave {
    /// The file (chosen at the first command; a battle resumed from an autosave keeps
    /// writing to that one).
    pub path: Option<PathBuf>,
    /// (generation, commands) last written.
    pub written: Option<(u32, usize)>,
    /// The battle about to start was opened from a save: keep `path`.
    pub(super) loaded: bool,
    /// The last write failed (said once, in the side panel's message).
    pub failed: Option<String>,
    /// The thread that writes them (started at the first autosave).
    pub(super) writer: Option<writer::Writer>,
}

impl Autosave {
    /// Wait until every autosave handed to the writer thread is on disk, at most
    /// `timeout`; `true` if it is (or nothing is pending).
    pub fn flush(&self, timeout: std::time::Duration) -> bool {
        self.writer.as_ref().is_none_or(|w| w.flush(timeout))
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Files>()
        .init_resource::<FileIntent>()
        .init_resource::<Origin>()
        .init_resource::<Autosave>()
        .init_resource::<rewind::Rewind>()
        .init_resource::<lines::Lines>()
        .init_resource::<lines::GoBack>()
        .add_plugins((forecast::plugin, viewer::plugin))
        .add_systems(
            OnEnter(Screen::Menu),
            (
                origin_of_launch_save.before(super::menu::auto_start),
                find_resume,
            ),
        )
        .add_systems(OnEnter(Screen::Battle), autosave::new_battle)
        .add_systems(OnExit(Screen::Battle), close)
        .add_systems(Last, autosave::flush_on_exit)
        .add_systems(Update, keys.before(GameSystems::Input))
        .add_systems(
            Update,
            (rewind::rewind, lines::go_back)
                .after(GameSystems::Input)
                .before(GameSystems::Act)
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(
            Update,
            (
                carry_out,
                autosave::autosave.run_if(in_state(Screen::Battle)),
            )
                .chain()
                .after(GameSystems::Act)
                .before(GameSystems::View),
        )
        .add_systems(bevy_egui::EguiPrimaryContextPass, ui::draw);
}

/// The saves folder the window uses (`Launch::saves`: `--data-dir`, `SKIRMISH_DATA_DIR`
/// or the platform's data folder, then `saves/`).
fn saves_dir(launch: &Launch) -> Result<&Path, String> {
    launch.saves.as_deref().ok_or_else(|| {
        "no folder for saves: this system names no data folder; set SKIRMISH_DATA_DIR or give \
         --data-dir"
            .to_string()
    })
}

/// The save prompt with its default name: the level and the date, and on the hot-seat
/// handover screen the side to play ("The Courtyard for Raiders 2026-11-26 0940": a
/// save for the next player).
pub fn save_prompt(b: &Battle, s: &Session) -> Mode {
    let mut level = b.level().name.clone();
    if let Some(side) = super::act::handover_pending(b, s)
        && let Some(d) = b.level().sides.get(side.0 as usize)
    {
        level = format!("{level} for {}", d.name);
    }
    Mode::Save {
        name: list::default_name(&level, list::now()),
    }
}

/// Open the save prompt (with the default name) or the list.
fn open_dialog(mode: Mode, files: &mut Files, view: &mut View) {
    files.focus = matches!(mode, Mode::Save { .. });
    files.mode = Some(mode);
    files.error = None;
    view.files_open = true;
    view.battle_menu = false;
}

fn close_dialog(files: &mut Files, view: &mut View) {
    files.mode = None;
    files.error = None;
    view.files_open = false;
}

/// The list of saves, the first readable one chosen. The autosave handed to the writer
/// thread reaches the disk first (at most two seconds' wait), or the newest autosave could
/// be missing from the list (a test saw it under load).
fn open_list(launch: &Launch, auto: &Autosave) -> Mode {
    auto.flush(std::time::Duration::from_secs(2));
    let entries = saves_dir(launch).map(list::list).unwrap_or_default();
    let chosen = entries.iter().position(|e| e.about.is_ok()).unwrap_or(0);
    Mode::Open { entries, chosen }
}

/// Ctrl+S, Ctrl+O and (in the level menu) C; while the window is open its own keys: Esc
/// closes it, Enter saves or opens, Up/Down choose. A key it uses is consumed, so the
/// board and the level menu behind it never see it (an Enter that opens a save does not
/// also start a level).
#[allow(clippy::too_many_arguments)]
fn keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    screen: Res<State<Screen>>,
    battle: Option<Res<BattleRes>>,
    session: Option<Res<Session>>,
    launch: Res<Launch>,
    mut view: ResMut<View>,
    mut files: ResMut<Files>,
    mut intent: ResMut<FileIntent>,
    (lines, mut rewind, mut back): (
        Res<lines::Lines>,
        ResMut<rewind::Rewind>,
        ResMut<lines::GoBack>,
    ),
    mut redraw: MessageWriter<RequestRedraw>,
    mut settle: Local<u8>,
    auto: Res<Autosave>,
) {
    // A window opened by a menu button is drawn over the next few frames (egui sizes a
    // new window on its first one; the window sleeps between inputs).
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
    let just = |keys: &ButtonInput<KeyCode>, c: Chord| c.just(keys);
    // The Esc menu's Save and Open (its buttons, drawn last frame).
    if let Some(p) = intent.prompt.take()
        && files.mode.is_none()
    {
        let mode = match (p, battle.as_deref(), session.as_deref()) {
            (Prompt::Save, Some(b), Some(s)) => save_prompt(&b.0, s),
            (Prompt::Save, _, _) => return,
            (Prompt::Open, _, _) => open_list(&launch, &auto),
        };
        open_dialog(mode, &mut files, &mut view);
        *settle = 3;
        redraw.write(RequestRedraw);
        return;
    }
    if let Some(mode) = &mut files.mode {
        let enter = [KeyCode::Enter, KeyCode::NumpadEnter];
        let pressed_enter = enter.iter().any(|&k| just(&keys, Chord::plain(k)));
        if map.just(Bind::Close, &keys) {
            keys.clear_just_pressed(KeyCode::Escape);
            close_dialog(&mut files, &mut view);
            return;
        }
        match mode {
            Mode::Save { name } => {
                if pressed_enter {
                    intent.save = Some(name.clone());
                }
            }
            Mode::Lines { chosen } => {
                let rows = match battle.as_deref() {
                    Some(b) => lines::rows(&b.0, &lines),
                    None => Vec::new(),
                };
                let n = rows.len();
                if n > 0 && just(&keys, Chord::plain(KeyCode::ArrowDown)) {
                    *chosen = (*chosen + 1) % n;
                }
                if n > 0 && just(&keys, Chord::plain(KeyCode::ArrowUp)) {
                    *chosen = (*chosen + n - 1) % n;
                }
                if pressed_enter && let Some(&row) = rows.get(*chosen) {
                    // The window closes first: a rewind is not taken under a dialog.
                    close_dialog(&mut files, &mut view);
                    match row {
                        lines::Row::Branch(i) => back.to = Some(i),
                        lines::Row::Command(k) => rewind.to = Some(k),
                    }
                }
            }
            Mode::Open { entries, chosen } => {
                let n = entries.len();
                if n > 0 && just(&keys, Chord::plain(KeyCode::ArrowDown)) {
                    *chosen = (*chosen + 1) % n;
                }
                if n > 0 && just(&keys, Chord::plain(KeyCode::ArrowUp)) {
                    *chosen = (*chosen + n - 1) % n;
                }
                if pressed_enter && let Some(e) = entries.get(*chosen) {
                    intent.open = Some(e.path.clone());
                }
                if just(&keys, Chord::plain(KeyCode::KeyR))
                    && let Some(e) = entries.get(*chosen)
                {
                    intent.watch = Some(e.path.clone());
                    keys.clear_just_pressed(KeyCode::KeyR);
                }
            }
        }
        for k in [
            KeyCode::Enter,
            KeyCode::NumpadEnter,
            KeyCode::ArrowUp,
            KeyCode::ArrowDown,
        ] {
            keys.clear_just_pressed(k);
        }
        return;
    }
    if view.settings_open || view.help {
        return;
    }
    let in_battle = *screen.get() == Screen::Battle;
    if in_battle {
        let (Some(b), Some(s)) = (battle.as_deref(), session.as_deref()) else {
            return;
        };
        // Not while the Command's words are typed. (On the handover screen, yes: a
        // save for the next player.)
        if dialog::open(&b.0, s, &view) == Some(Dialog::Words) {
            return;
        }
        if map.just(Bind::Save, &keys) {
            keys.clear_just_pressed(KeyCode::KeyS);
            open_dialog(save_prompt(&b.0, s), &mut files, &mut view);
            return;
        }
        if map.just(Bind::Lines, &keys) && dialog::open(&b.0, s, &view).is_none() {
            keys.clear_just_pressed(KeyCode::KeyR);
            open_dialog(Mode::Lines { chosen: 0 }, &mut files, &mut view);
            // Drawn over the next frames (egui sizes a new window on its first).
            *settle = 3;
            redraw.write(RequestRedraw);
            return;
        }
    }
    if map.just(Bind::Open, &keys) {
        keys.clear_just_pressed(KeyCode::KeyO);
        open_dialog(open_list(&launch, &auto), &mut files, &mut view);
        return;
    }
    if !in_battle && map.just(Bind::Continue, &keys) {
        keys.clear_just_pressed(KeyCode::KeyC);
        intent.resume = true;
    }
}

/// The level copy for the battle's level: the one remembered when it fits, else read
/// from the file the level menu loaded it from (checked to give the same level).
fn origin_for<'a>(
    origin: &'a mut Origin,
    launch: &Launch,
    level: &Level,
) -> Result<&'a LevelCopy, String> {
    if !origin.0.as_ref().is_some_and(|(_, l)| l == level) {
        let (path, _) = launch
            .levels
            .iter()
            .find(|(_, l)| l.clone().with_grid(level.grid.kind) == *level)
            .ok_or_else(|| {
                format!(
                    "the level file of \"{}\" is not known to this window any more",
                    level.name
                )
            })?;
        let text = skirmish_rules::text_file::read(path, skirmish_rules::text_file::Kind::Level)
            .map_err(|e| format!("{}:{e}", path.display()))?;
        let name = path.display().to_string();
        let copy = LevelCopy::new(&name, &text).map_err(|e| e.to_string())?;
        let again = skirmish_rules::level::parse(&text, &name)
            .map_err(|e| e.to_string())?
            .with_grid(level.grid.kind);
        if again != *level {
            return Err(format!(
                "{name} changed since the battle started: this battle can no longer be saved \
                 (its level is not the file's any more)"
            ));
        }
        origin.0 = Some((copy, again));
    }
    match &origin.0 {
        Some((c, _)) => Ok(c),
        None => Err("no level copy".into()),
    }
}

/// The save of the battle as it stands, with each side's controller and reaction policy,
/// and the battle's other lines as its branches.
pub fn save_of(
    b: &Battle,
    s: &Session,
    origin: &mut Origin,
    launch: &Launch,
    lines: &lines::Lines,
) -> Result<Save, String> {
    let copy = origin_for(origin, launch, b.level())?.clone();
    let sides = SideSettings::defaults(b.level())
        .into_iter()
        .enumerate()
        .map(|(i, d)| SideSettings {
            controller: s.controllers.get(i).copied().unwrap_or(d.controller),
            reactions: s.policies.get(i).map_or(d.reactions, |&p| p.into()),
            ..d
        })
        .collect();
    let mut save = Save::of(b, copy, sides).map_err(|e| e.to_string())?;
    lines.attach(&mut save);
    Ok(save)
}

/// Write `text` to `path` atomically, its folder made if need be.
fn write_text(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::files::write_text(path, text)
}

/// Read and load a save (replayed and checked), or say why not: "NAME: reason".
pub fn load_file(path: &Path) -> Result<Save, String> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    let text = skirmish_rules::text_file::read(path, skirmish_rules::text_file::Kind::Save)
        .map_err(|e| format!("{name}: {e}"))?;
    Save::load(&text)
        .map(|l| l.save)
        .map_err(|e| format!("{name}: {e}"))
}

/// Save, open and Continue, as asked this frame. A failure leaves everything as it was
/// and says why in the window.
#[allow(clippy::too_many_arguments)]
fn carry_out(
    mut commands: Commands,
    mut intent: ResMut<FileIntent>,
    mut files: ResMut<Files>,
    mut view: ResMut<View>,
    mut launch: ResMut<Launch>,
    mut origin: ResMut<Origin>,
    mut auto: ResMut<Autosave>,
    mut viewer: ResMut<viewer::Viewer>,
    mut lines: ResMut<lines::Lines>,
    battle: Option<Res<BattleRes>>,
    session: Option<Res<Session>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let i = std::mem::take(&mut *intent);
    if i.save.is_none() && i.open.is_none() && !i.resume && i.watch.is_none() {
        return;
    }
    redraw.write(RequestRedraw);
    if let Some(typed) = i.save {
        let (Some(b), Some(s)) = (battle.as_deref(), session.as_deref()) else {
            return;
        };
        let done = (|| {
            let name = list::file_name(&typed)?;
            let path = saves_dir(&launch)?.join(format!("{name}.ron"));
            let save = save_of(&b.0, s, &mut origin, &launch, &lines)?;
            write_text(&path, &save.to_ron())?;
            Ok::<_, String>((name, path))
        })();
        match done {
            Ok((name, path)) => {
                close_dialog(&mut files, &mut view);
                view.message = Some((format!("Saved as \"{name}\" ({}).", path.display()), false));
            }
            Err(e) => files.error = Some(format!("Not saved: {e}")),
        }
        return;
    }
    // The autosaves handed to the writer thread are on disk before one is looked for
    // or opened.
    auto.flush(std::time::Duration::from_secs(2));
    let watch = i.watch.is_some();
    let path = match (i.open.or(i.watch), i.resume) {
        (Some(p), _) => p,
        (None, _) => {
            let found = saves_dir(&launch)
                .ok()
                .and_then(list::newest_autosave)
                .or_else(|| files.resume.clone());
            match found {
                Some(e) => e.path,
                None => {
                    let mode = open_list(&launch, &auto);
                    open_dialog(mode, &mut files, &mut view);
                    files.error = Some("There is no battle to continue.".into());
                    return;
                }
            }
        }
    };
    match load_file(&path) {
        Ok(save) => {
            if watch {
                viewer.pending = Some(save.clone());
            }
            let level = save.level();
            if let Ok(l) = level {
                origin.0 = Some((save.level.clone(), l));
            }
            *lines = lines::Lines::of_save(&save);
            let auto_dir = launch.saves.as_ref().map(|d| d.join(list::AUTOSAVES));
            auto.path = (path.parent() == auto_dir.as_deref()).then_some(path.clone());
            auto.loaded = true;
            close_dialog(&mut files, &mut view);
            let name = path
                .file_stem()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            view.message = Some((
                format!(
                    "Opened \"{name}\": {}, round {}, {} commands.",
                    save.level.name,
                    save.round,
                    save.commands.len()
                ),
                false,
            ));
            // Play by file: a save that does not continue an earlier one of the same
            // battle (its history was rewritten, or it is a branch) is flagged.
            if let Ok(dir) = saves_dir(&launch)
                && let Some((other, at)) = list::rewritten(dir, &path, &save)
            {
                view.message = Some((
                    format!(
                        "Opened \"{name}\", but it does not continue \"{other}\" (saved \
                         earlier, the same battle): they differ from command {at} on. The \
                         history was rewritten, or one of them is a branch."
                    ),
                    true,
                ));
            }
            if *screen.get() == Screen::Battle {
                // Through the level menu, as `play --load`: the battle screen is torn
                // down and set up again for the loaded battle.
                launch.load = Some(save);
                next.set(Screen::Menu);
            } else {
                match start_loaded(&mut commands, &save, launch.event_log.clone()) {
                    Ok(()) => next.set(Screen::Battle),
                    Err(e) => files.error = Some(e),
                }
            }
        }
        Err(e) => {
            if files.mode.is_none() {
                let mode = open_list(&launch, &auto);
                open_dialog(mode, &mut files, &mut view);
            }
            files.error = Some(format!("Not opened (nothing changed): {e}"));
        }
    }
}

/// Leaving the battle screen closes the window.
fn close(mut files: ResMut<Files>, mut view: ResMut<View>) {
    close_dialog(&mut files, &mut view);
}

/// What Continue would open, looked up on entering the level menu.
fn find_resume(launch: Res<Launch>, mut files: ResMut<Files>) {
    files.resume = saves_dir(&launch).ok().and_then(list::newest_autosave);
}

/// `play --load SAVE`: the battle's level copy is the save's (before the level menu
/// starts the battle and takes the save).
fn origin_of_launch_save(
    launch: Res<Launch>,
    mut origin: ResMut<Origin>,
    mut lines: ResMut<lines::Lines>,
) {
    if let Some(s) = &launch.load
        && let Ok(l) = s.level()
    {
        origin.0 = Some((s.level.clone(), l));
        *lines = lines::Lines::of_save(s);
    }
}
