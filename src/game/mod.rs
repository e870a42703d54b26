//! The game window. Views mirror the battle; input only records intent; `act` turns
//! intent into the same `Command`s the headless runner submits.
//!
//! Shared plain types sit in leaf files that import nothing above them: `state` (screens,
//! the battle and its session, [`View`], [`Intent`], the system sets), `prefs` (the
//! player's choices: prefs, palette, animation speed, reaction policy), `layout` (the
//! map's geometry on screen), `framing` (the camera's view and glides) and `board` (the
//! board's entities and animation state). This
//! file defines nothing the others use; it re-exports `state`'s types, so `super::View`
//! names the type where it is defined (`tools/check_layers.py` follows re-exports).
//!
//! One plugin per file, registered here:
//! - `menu`: level picker, grid, controllers and reaction policies;
//! - `map`: terrain (bevy_ecs_tilemap) and unit sprites, animation (`floaters`: the
//!   floating numbers, queued per unit; `labels`: names placed without collisions;
//!   `fallen`: units down, dying or dead stay on the map with a marker; `markers`: facing
//!   arrows, wound marks, reaction pips, the veil of a hidden unit; `sight`: a hidden foe
//!   is neither drawn nor found by the side looking);
//! - `palette`: side and mark colours (Settings);
//! - `sound`: sound effects from the event log;
//! - `camera`: pan and zoom, glides, following the active unit;
//! - `minimap`: the overview of a map larger than the view (click or drag to look);
//! - `replay`: after a hot-seat handover, what the side missed plays again, beat by
//!   beat, the camera gliding to each;
//! - `keymap`: every key the window reads, as data (help lists it; rebinding will edit
//!   it);
//! - `input`: mouse and keyboard → [`Intent`], keys read through the `keymap`; while a
//!   dialog, menu or prompt is open (`dialog`), only its keys act and a click on the
//!   board plays nothing;
//! - `act`: [`Intent`] → commands, selection, the cell cursor and Tab's targets, undo,
//!   hot-seat, automatic reactions, the `--event-log` file;
//! - `overlay`: reachable cells, path preview, provoking steps, threat overlay;
//! - `hud`: the egui overlay (turn order, unit card, action bar, roll log, prompts,
//!   handover, help, victory);
//! - `editor`: the level editor's screen (issue 35), on `crate::editor`'s model;
//! - `saves`: Ctrl+S, Ctrl+O, the autosave after every command, Continue in the level
//!   menu;
//! - `idle`: redraw only when something changes (winit's reactive mode, and what asks
//!   for the next frame).

pub mod act;
pub mod board;
pub mod camera;
pub mod credits;
pub mod dialog;
pub mod editor;
pub mod fallen;
pub mod floaters;
pub mod frame_stats;
pub mod framing;
pub mod gamepad;
pub mod hazard_marks;
pub mod hud;
mod idle;
mod input;
pub mod keymap;
mod labels;
pub mod layout;
pub mod level_list;
pub mod map;
pub mod markers;
pub mod menu;
pub mod minimap;
pub mod overlay;
pub mod pad_buttons;
pub mod palette;
pub mod prefs;
pub mod replay;
pub mod saves;
pub mod settings;
pub mod sight;
pub mod sound;
mod state;
pub mod text_layout;
pub mod veil;
pub mod view;
pub mod words;

pub use prefs::ReactPolicy;
pub use state::{
    BattleRes, GameSystems, Intent, Launch, Screen, Session, View, start_battle, start_loaded,
};

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;
use bevy_egui::EguiPlugin;

/// Where the assets are: [`crate::folders::assets_dir`].
fn asset_dir() -> PathBuf {
    crate::folders::assets_dir()
}

/// What to do instead when the window cannot open.
const HEADLESS: &str = "or use `skirmish run LEVEL` for a battle without a window";

/// Can a window open here (a display is named and, for a local X display, its server
/// is listening)? `run_window` says why not.
pub fn display_available() -> bool {
    if std::env::var_os("WAYLAND_DISPLAY").is_some() {
        return true;
    }
    let Ok(d) = std::env::var("DISPLAY") else {
        return false;
    };
    match d.strip_prefix(':') {
        Some(n) => {
            let n = n.split('.').next().unwrap_or(n);
            std::path::Path::new("/tmp/.X11-unix")
                .join(format!("X{n}"))
                .exists()
        }
        None => !d.is_empty(),
    }
}

/// Open the window. Returns when it closes. A missing display or Vulkan device is one
/// line on stderr and exit 1.
pub fn run_window(launch: Launch) -> ExitCode {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        note!(
            "skirmish: no display found (DISPLAY is not set): start a desktop session or Xvfb, {HEADLESS}"
        );
        return ExitCode::from(1);
    }
    // A local X display (":N") that has no socket would make winit panic: say so instead.
    if std::env::var_os("WAYLAND_DISPLAY").is_none()
        && let Ok(d) = std::env::var("DISPLAY")
        && let Some(n) = d.strip_prefix(':')
    {
        let n = n.split('.').next().unwrap_or(n);
        let socket = std::path::Path::new("/tmp/.X11-unix").join(format!("X{n}"));
        if !socket.exists() {
            note!(
                "skirmish: cannot open display {d} (no X server is listening at {}): start a \
                 desktop session or Xvfb, {HEADLESS}",
                socket.display()
            );
            return ExitCode::from(1);
        }
    }
    say_what_is_missing();
    if let Some(path) = &launch.event_log
        && let Err(e) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
    {
        eprintln!(
            "skirmish: cannot write the event log {}: {e}",
            path.display()
        );
        return ExitCode::from(2);
    }
    let mut plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Skirmish".into(),
                resolution: (1280, 800).into(),
                ..default()
            }),
            ..default()
        })
        .set(AssetPlugin {
            file_path: asset_dir().display().to_string(),
            ..default()
        })
        .set(ImagePlugin::default_nearest());
    if sound::env_mute().is_some() {
        // No audio device is even opened (CI machines have none).
        plugins = plugins.disable::<bevy::audio::AudioPlugin>();
    }
    App::new()
        .add_plugins(plugins)
        .add_plugins((TilemapPlugin, EguiPlugin::default()))
        .init_state::<Screen>()
        .insert_resource(launch)
        .insert_resource(View {
            // Tests watch a move walk: SKIRMISH_ANIM=slow (or fast, instant) sets the
            // starting animation speed (Settings changes it).
            anim_speed: anim_from_env(),
            ..View::default()
        })
        .init_resource::<Intent>()
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .add_plugins((
            menu::plugin,
            map::plugin,
            labels::plugin,
            camera::plugin,
            input_plugins,
            overlay::plugin,
            hud::plugin,
            idle::plugin,
            settings::plugin,
            frame_stats::plugin,
            minimap::plugin,
            replay::plugin,
            palette::plugin,
            sound::plugin,
            saves::plugin,
        ))
        .add_plugins((credits::plugin, hazard_marks::plugin, editor::plugin))
        .run();
    ExitCode::SUCCESS
}

/// What turns input into commands: `input` (mouse and keyboard → [`Intent`], routed to
/// the open [`dialog`] first), `act` ([`Intent`] → commands) and `veil` (the board dimmed
/// behind an open dialog). The window adds them
/// here; a headless test adds them to an app with no window, renderer or egui and
/// presses keys and buttons into its `ButtonInput`s.
pub fn input_plugins(app: &mut App) {
    app.add_plugins((gamepad::plugin, input::plugin, act::plugin, veil::plugin));
}

/// `SKIRMISH_ANIM` (slow, normal, fast, instant): the starting animation speed; a word
/// it does not know is said once and the default is used.
fn anim_from_env() -> prefs::AnimSpeed {
    match std::env::var("SKIRMISH_ANIM") {
        Ok(s) => prefs::AnimSpeed::parse(&s).unwrap_or_else(|| {
            eprintln!(
                "skirmish: SKIRMISH_ANIM={s:?} is not an animation speed (slow, normal, fast, \
                 instant): using {}",
                prefs::AnimSpeed::default().label()
            );
            prefs::AnimSpeed::default()
        }),
        Err(_) => prefs::AnimSpeed::default(),
    }
}

/// The windowing and render stacks panic when the display does not answer or there is no
/// Vulkan device: turn those two panics into one line and exit 1 (any other panic keeps
/// the default report).
fn say_what_is_missing() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let p = info.payload();
        let msg = p
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| p.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("");
        let missing = if msg.starts_with("Failed to build event loop") {
            let display = std::env::var("WAYLAND_DISPLAY")
                .or_else(|_| std::env::var("DISPLAY"))
                .unwrap_or_default();
            format!(
                "cannot open display {display} (the display server does not answer): start a \
                 desktop session or Xvfb"
            )
        } else if msg.starts_with("Unable to find a GPU") {
            "no Vulkan device found: install a Vulkan driver (`apt-get install \
             mesa-vulkan-drivers libvulkan1` gives a software one)"
                .into()
        } else {
            return report(info);
        };
        note!("skirmish: {missing}, {HEADLESS}");
        std::process::exit(1);
    }));
}
