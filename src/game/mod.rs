//! The game window. Views mirror the battle; input only records intent; `act` turns
//! intent into the same `Command`s the headless runner submits.
//!
//! One plugin per file, registered here:
//! - `menu`: level picker, grid, controllers and reaction policies;
//! - `map`: terrain (bevy_ecs_tilemap) and unit sprites, animation (`floaters`: the
//!   floating numbers);
//! - `palette`: side and mark colours (Settings);
//! - `sound`: sound effects from the event log;
//! - `camera`: pan and zoom, glides, following the active unit;
//! - `minimap`: the overview of a map larger than the view (click or drag to look);
//! - `replay`: after a hot-seat handover, what the side missed plays again, beat by
//!   beat, the camera gliding to each;
//! - `input`: mouse and keyboard → [`Intent`];
//! - `act`: [`Intent`] → commands, selection, undo, hot-seat, automatic reactions,
//!   the `--event-log` file;
//! - `overlay`: reachable cells, path preview, provoking steps, threat overlay;
//! - `hud`: the egui overlay (turn order, unit card, action bar, roll log, prompts,
//!   handover, help, victory);
//! - `idle`: redraw only when something changes (winit's reactive mode, and what asks
//!   for the next frame).

pub mod act;
pub mod camera;
mod floaters;
pub mod frame_stats;
pub mod hud;
mod idle;
mod input;
pub mod map;
mod menu;
pub mod minimap;
mod overlay;
pub mod palette;
pub mod replay;
pub mod settings;
pub mod sound;
pub mod view;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;
use bevy_egui::EguiPlugin;
use skirmish_rules::Battle;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::engine::Command;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{Controller, Level};

/// Screens.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// Level picker.
    #[default]
    Menu,
    /// A battle.
    Battle,
}

/// How a side answers reaction windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum ReactPolicy {
    /// Ask the player every time.
    #[default]
    Ask,
    /// Take the option most likely to help (defend with the best chance, strike back
    /// when a reaction attack is offered; never intercept).
    Auto,
    /// Never react.
    Never,
}

impl ReactPolicy {
    /// All, in menu order.
    pub const ALL: [ReactPolicy; 3] = [ReactPolicy::Ask, ReactPolicy::Auto, ReactPolicy::Never];

    /// Label.
    pub fn label(self) -> &'static str {
        match self {
            ReactPolicy::Ask => "Ask",
            ReactPolicy::Auto => "Auto",
            ReactPolicy::Never => "Never",
        }
    }
}

/// What the command line asked for.
#[derive(Resource, Clone, Debug, Default)]
pub struct Launch {
    /// Levels offered by the menu: (file, level).
    pub levels: Vec<(PathBuf, Level)>,
    /// Files that did not load, with the reason (shown in the menu).
    pub broken: Vec<String>,
    /// Start this level at once (index into `levels`), skipping the menu.
    pub start: Option<usize>,
    /// Grid override.
    pub grid: Option<GridKind>,
    /// Seed override.
    pub seed: Option<u64>,
    /// Append every event as a JSON line here.
    pub event_log: Option<PathBuf>,
}

/// The battle being played and what the window keeps about it.
#[derive(Resource)]
pub struct BattleRes(pub Battle);

/// Settings and history of the battle being played.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    /// The level as started (restart and undo rebuild from it).
    pub level: Level,
    /// Seed of the battle.
    pub seed: u64,
    /// Reaction policy per side.
    pub policies: Vec<ReactPolicy>,
    /// Who plays each side (the AI answers its own reactions).
    pub controllers: Vec<Controller>,
    /// Commands submitted so far (undo replays all but the last).
    pub commands: Vec<Command>,
    /// The log's length before each of `commands` went in: what the last one added.
    pub marks: Vec<usize>,
    /// The side that last had the board in front of it (hot-seat).
    pub viewer: Option<SideId>,
    /// Events already appended to the event log file.
    pub logged: usize,
    /// Event log file.
    pub event_log: Option<PathBuf>,
    /// Bumped when the battle is rebuilt (restart, undo) so the view rebuilds too.
    pub generation: u32,
    /// Ask before ending a turn while the unit still has actions to spend.
    pub confirm_end_turn: bool,
}

impl Session {
    /// Number of sides played by humans.
    pub fn human_sides(&self) -> usize {
        (0..self.level.sides.len())
            .filter(|&i| !self.is_ai(SideId(i as u32)))
            .count()
    }

    /// Is the side played by the AI?
    pub fn is_ai(&self, side: SideId) -> bool {
        self.controllers.get(side.0 as usize) == Some(&Controller::Ai)
    }
}

/// Window-side state of the battle screen.
#[derive(Resource, Default, Debug)]
pub struct View {
    /// Selected unit.
    pub selected: Option<UnitId>,
    /// Cell under the pointer.
    pub hovered: Option<Cell>,
    /// A targeted action waiting for its target cell or unit.
    pub pending: Option<act::Pending>,
    /// Threat overlay on.
    pub threat: bool,
    /// Help window open.
    pub help: bool,
    /// The in-battle menu (Esc) is open.
    pub battle_menu: bool,
    /// The help window shows the ruleset's rules (else the keys).
    pub help_rules: bool,
    /// Last message to the player, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// Roll log shows only this unit's events.
    pub log_filter: Option<UnitId>,
    /// The roll log shows its bookkeeping lines too (setup, payments, declined offers).
    pub log_details: bool,
    /// How fast the board animates (Settings).
    pub anim_speed: map::AnimSpeed,
    /// Screen rectangles egui panels cover (clicks there are not map clicks).
    pub ui_rects: Vec<Rect>,
    /// A choice to make before the command goes in (which focus, which item).
    pub chooser: Option<act::Chooser>,
    /// The Command text field is open with these words.
    pub say: Option<String>,
    /// An ability chosen on the bar, waiting for its aim (targeting mode).
    pub casting: Option<act::Casting>,
    /// "End the turn?" is asked of this unit (it still has actions to spend).
    pub confirm_end: Option<UnitId>,
    /// The minimap shows (when the map is larger than the view).
    pub minimap: bool,
    /// The camera glides to the unit whose turn starts when it is out of view.
    pub follow: bool,
    /// Volume, UI scale, palette, reaction defaults (the settings screen).
    pub prefs: settings::Prefs,
    /// The settings screen is open.
    pub settings_open: bool,
}

/// What the player asked for this frame. Input systems only fill this in.
#[derive(Resource, Default, Debug)]
pub struct Intent {
    /// Left click on a map cell.
    pub click: Option<Cell>,
    /// Right click or Escape.
    pub cancel: bool,
    /// Enter or the End turn button (asks first when actions are left).
    pub end_turn: bool,
    /// The answer to "End the turn?": true ends it, false keeps playing.
    pub confirm_end: Option<bool>,
    /// Space on the board (it ends no turn: the player is told which key does).
    pub space: bool,
    /// Tab.
    pub cycle: bool,
    /// Ctrl+Z.
    pub undo: bool,
    /// A special action by key or button.
    pub action: Option<act::ActionKey>,
    /// Answer to the open reaction prompt (`Some(None)` declines).
    pub react: Option<Option<skirmish_rules::event::ReactionKind>>,
    /// The handover screen was dismissed.
    pub handover: bool,
    /// Restart the battle.
    pub restart: bool,
    /// Restart it with new dice (a new seed) rather than the same.
    pub new_dice: bool,
    /// Back to the menu.
    pub menu: bool,
    /// Draw (true) or sheathe (false) a loadout item.
    pub carry: Option<(usize, bool)>,
    /// An answer of the open chooser (index).
    pub choose: Option<usize>,
    /// The words of a Command, typed and confirmed.
    pub say: Option<String>,
    /// An ability chosen (index into the current unit's abilities).
    pub ability: Option<usize>,
    /// M: the next ability the current unit can use.
    pub next_ability: bool,
    /// Cast the ability with the targets picked so far (Enter or the Cast button).
    pub cast: bool,
    /// Skip the rest of the replay after a handover (Space, Esc, a click on the map).
    pub skip_replay: bool,
}

/// Where the assets are: `BEVY_ASSET_ROOT`/assets, ./assets, next to the binary, or the
/// source tree's.
fn asset_dir() -> PathBuf {
    let mut candidates = Vec::new();
    if let Ok(root) = std::env::var("BEVY_ASSET_ROOT") {
        candidates.push(PathBuf::from(root).join("assets"));
    }
    candidates.push(PathBuf::from("assets"));
    if let Ok(exe) = std::env::current_exe()
        && let Some(dir) = exe.parent()
    {
        candidates.push(dir.join("assets"));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets"));
    candidates
        .into_iter()
        .find(|p| p.join("hex_tiles.png").exists())
        .and_then(|p| p.canonicalize().ok())
        .unwrap_or_else(|| PathBuf::from("assets"))
}

/// What to do instead when the window cannot open.
const HEADLESS: &str = "or use `skirmish run LEVEL` for a battle without a window";

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
            camera::plugin,
            input::plugin,
            act::plugin,
            overlay::plugin,
            hud::plugin,
            idle::plugin,
            settings::plugin,
            frame_stats::plugin,
            minimap::plugin,
            replay::plugin,
            palette::plugin,
            sound::plugin,
        ))
        .run();
    ExitCode::SUCCESS
}

/// `SKIRMISH_ANIM` (slow, normal, fast, instant): the starting animation speed; a word
/// it does not know is said once and the default is used.
fn anim_from_env() -> map::AnimSpeed {
    match std::env::var("SKIRMISH_ANIM") {
        Ok(s) => map::AnimSpeed::parse(&s).unwrap_or_else(|| {
            eprintln!(
                "skirmish: SKIRMISH_ANIM={s:?} is not an animation speed (slow, normal, fast, \
                 instant): using {}",
                map::AnimSpeed::default().label()
            );
            map::AnimSpeed::default()
        }),
        Err(_) => map::AnimSpeed::default(),
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

/// Start a battle on a level (from the menu, the command line or a restart).
pub fn start_battle(commands: &mut Commands, session: Session) -> Result<(), String> {
    let battle =
        Battle::new(session.level.clone(), session.seed, Vec::new()).map_err(|e| e.to_string())?;
    commands.insert_resource(BattleRes(battle));
    commands.insert_resource(session);
    Ok(())
}
