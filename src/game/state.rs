//! The window's shared state, as plain types: the screens, what the command line asked
//! for, the battle and its session, the battle screen's view state ([`View`]), the
//! frame's [`Intent`] and the system sets every part runs in. Every other file of the
//! game reads these; this one reads only the plain types below it (`prefs`, and the
//! action keys and aims of `act`), so nothing that uses it is reached back from here.

use std::path::PathBuf;

use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::engine::Command;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{Controller, Level};

use super::act::ActionKey;
use super::act::Casting;
use super::act::Chooser;
use super::act::Pending;
use super::prefs::{AnimSpeed, Prefs, ReactPolicy};

/// Screens.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// Level picker.
    #[default]
    Menu,
    /// A battle.
    Battle,
    /// The level editor (`editor`).
    Editor,
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
    /// Start this save's battle at once (`play --load`), skipping the menu; it was
    /// checked to load before the window opened.
    pub load: Option<skirmish_rules::save::Save>,
    /// Where saves go (`folders::saves_dir`; the window's save list will read it).
    pub saves: Option<PathBuf>,
    /// The folders the menu lists levels from, read again when the window regains focus
    /// (`level_list`): the shipped levels, the user's levels folder, a folder given on
    /// the command line.
    pub folders: Vec<PathBuf>,
    /// Level files named on the command line, listed first (kept by a refresh).
    pub files: Vec<PathBuf>,
    /// The problems of the level named on the command line (FILE:LINE:COL lines), shown
    /// in the menu instead of starting it.
    pub problems: Vec<String>,
    /// Open the level editor at once (`skirmish edit [LEVEL]`): on this level file, or
    /// on a new level.
    pub edit: Option<Option<PathBuf>>,
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
    /// The cell the player points at: under the mouse pointer, or the cell cursor's when
    /// the keys moved it last ([`View::keyboard`]). Previews (path, odds, areas) follow it.
    pub hovered: Option<Cell>,
    /// The reaction prompt's option under the pointer (its cell, when it names one, is
    /// marked on the map).
    pub prompt_hover: Option<usize>,
    /// The cell cursor (issue 31): where the arrow keys move from. It starts each turn on
    /// the acting unit.
    pub cursor: Option<Cell>,
    /// The keys moved the cursor last: it is drawn, `hovered` is its cell, Enter and Space
    /// confirm it, and the tooltip stands next to it. The mouse moving clears it (the
    /// next arrow, Enter or Space shows the cursor again, on the acting unit).
    pub keyboard: bool,
    /// A targeted action waiting for its target cell or unit.
    pub pending: Option<Pending>,
    /// Threat overlay on.
    pub threat: bool,
    /// Help window open.
    pub help: bool,
    /// The in-battle menu (Esc) is open.
    pub battle_menu: bool,
    /// The help window shows the ruleset's rules (else the keys).
    pub help_rules: bool,
    /// The pad's pick on the action bar (`gamepad::bar_ring`, an index; the triggers move
    /// it, West takes it). Back on the basic attack each turn.
    pub bar_pick: usize,
    /// The highlighted option of the open reaction prompt or choice (the shoulders and
    /// the d-pad, Up and Down move it; South, Enter or Y take it). Back on the first
    /// whenever a prompt or choice opens.
    pub option_pick: usize,
    /// A gamepad has been used: the bar and the prompts mark the pad's picks.
    pub pad_seen: bool,
    /// Last message to the player, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// Roll log shows only this unit's events.
    pub log_filter: Option<UnitId>,
    /// The roll log shows its bookkeeping lines too (setup, payments, declined offers).
    pub log_details: bool,
    /// How fast the board animates (Settings).
    pub anim_speed: AnimSpeed,
    /// Screen rectangles egui panels cover (clicks there are not map clicks).
    pub ui_rects: Vec<Rect>,
    /// A choice to make before the command goes in (which focus, which item).
    pub chooser: Option<Chooser>,
    /// The Command text field is open with these words.
    pub say: Option<String>,
    /// An ability chosen on the bar, waiting for its aim (targeting mode).
    pub casting: Option<Casting>,
    /// "End the turn?" is asked of this unit (it still has actions to spend).
    pub confirm_end: Option<UnitId>,
    /// The minimap shows (when the map is larger than the view).
    pub minimap: bool,
    /// The camera glides to the unit whose turn starts when it is out of view.
    pub follow: bool,
    /// Volume, UI scale, palette, reaction defaults (the settings screen).
    pub prefs: Prefs,
    /// The settings screen is open.
    pub settings_open: bool,
    /// The save prompt or the list of saves is open (`saves::Files` says which).
    pub files_open: bool,
    /// The replay viewer shows a save (`saves::viewer`): nothing can be played.
    pub viewing: bool,
}

/// What the player asked for this frame. Input systems only fill this in.
#[derive(Resource, Default, Debug)]
pub struct Intent {
    /// Left click on a map cell.
    pub click: Option<Cell>,
    /// Right click or Escape.
    pub cancel: bool,
    /// Shift+Enter or the End turn button (asks first when actions are left).
    pub end_turn: bool,
    /// The answer to "End the turn?": true ends it, false keeps playing.
    pub confirm_end: Option<bool>,
    /// Tab (+1) or Shift+Tab (-1): the next or previous valid target of the armed action,
    /// else the next or previous unit to inspect.
    pub cycle: Option<i32>,
    /// An arrow key: move the cell cursor by (dx, dy) (y grows downwards, as rows do).
    pub cursor_step: Option<(i32, i32)>,
    /// Enter or Space on the board: what a click on the cursor's cell does.
    pub confirm: bool,
    /// Home: the cursor and the card back on the unit whose turn it is.
    pub actor: bool,
    /// Ctrl+Z.
    pub undo: bool,
    /// A special action by key or button.
    pub action: Option<ActionKey>,
    /// Answer to the open reaction prompt (`Some(None)` declines).
    pub react: Option<Option<skirmish_rules::event::ReactionKind>>,
    /// What the reaction prompt's amount picker commits with that answer.
    pub react_commits: Vec<skirmish_rules::engine::Commit>,
    /// What the prompt's amount pickers show for each option, as the prompt last drew
    /// them (the egui pass runs after the input systems): a key that answers commits
    /// the same amounts a click on that option's button would.
    pub prompt_amounts: Vec<(
        skirmish_rules::event::ReactionKind,
        Vec<skirmish_rules::engine::Commit>,
    )>,
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

impl View {
    /// The view a battle starts with: nothing selected, hovered, armed or open, the
    /// camera's follow and the overlays as set (the settings kept: palette, UI scale,
    /// keys, animation speed, threat overlay, minimap, roll log details); the turn's
    /// unit is selected and the cursor put on it once the battle is shown
    /// (`act::turn`). A restart, a battle from the menu and a loaded save all start so.
    pub fn fresh(&self) -> View {
        View {
            threat: self.threat,
            anim_speed: self.anim_speed,
            log_details: self.log_details,
            minimap: self.minimap,
            follow: self.follow,
            prefs: self.prefs.clone(),
            pad_seen: self.pad_seen,
            ..View::default()
        }
    }

    /// Is something pending that Esc cancels (an armed action, an ability being aimed, a
    /// choice, the Command's words)? With nothing, Esc opens the menu.
    pub fn cancellable(&self) -> bool {
        self.pending.is_some()
            || self.casting.is_some()
            || self.chooser.is_some()
            || self.say.is_some()
    }

    /// Put the cell cursor on `c` and show it (the keys moved it).
    pub fn jump(&mut self, c: Cell) {
        self.cursor = Some(c);
        self.keyboard = true;
        self.hovered = Some(c);
    }
}

/// Input records intent, `Act` carries it out, `View` draws the result.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Mouse and keyboard.
    Input,
    /// Commands.
    Act,
    /// Overlays and sprites.
    View,
}

/// Start the battle of a save where it was saved (`play --load`): the session has the
/// save's level, seed, controllers, reaction policies and commands, so undo and restart
/// work on it as on a battle played here.
pub fn start_loaded(
    commands: &mut Commands,
    save: &skirmish_rules::save::Save,
    event_log: Option<PathBuf>,
) -> Result<(), String> {
    let battle = save.replay().map_err(|e| e.to_string())?;
    let session = Session {
        level: battle.level().clone(),
        seed: save.seed,
        policies: save.sides.iter().map(|s| s.reactions.into()).collect(),
        controllers: save.sides.iter().map(|s| s.controller).collect(),
        commands: battle.history().commands.clone(),
        marks: battle.history().marks.clone(),
        viewer: None,
        logged: 0,
        event_log,
        generation: 0,
        confirm_end_turn: true,
    };
    commands.insert_resource(BattleRes(battle));
    commands.insert_resource(session);
    Ok(())
}

/// Start a battle on a level (from the menu, the command line or a restart).
pub fn start_battle(commands: &mut Commands, session: Session) -> Result<(), String> {
    let battle =
        Battle::new(session.level.clone(), session.seed, Vec::new()).map_err(|e| e.to_string())?;
    commands.insert_resource(BattleRes(battle));
    commands.insert_resource(session);
    Ok(())
}

/// The level text the battle was set up from (a save embeds it), and the level it parses
/// to on the battle's grid: read once per battle (when the first save needs it), or the
/// copy inside the save the battle came from.
#[derive(Resource, Default, Debug)]
pub struct Origin(pub Option<(skirmish_rules::save::LevelCopy, Level)>);
