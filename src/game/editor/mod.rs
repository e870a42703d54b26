//! The level editor's screen (issue 35): it drives the headless model of `crate::editor`
//! (an [`Editor`] of an [`EditorLevel`], its edits with undo and redo, its problems from
//! the loader `skirmish check` uses, its atomic save) and nothing else.
//!
//! One plugin per file, registered here:
//! - `input`: the pointer's cell, clicks and drags of the tools, the tools' keys,
//!   Ctrl+Z / Ctrl+Y, Ctrl+S, pan and zoom (egui's panels and text fields keep theirs);
//! - `draw`: the map (square or hex), the units, the hovered cell, the brush, the
//!   highlighted problem (needs the renderer: the window adds it, a headless test not);
//! - `panel`: the egui side panel (tools, the level's fields, sides, the unit, problems,
//!   Save, Playtest) and F1's list of keys;
//! - `play`: Playtest (the battle from the editor's level) and the way back.

mod draw;
mod input;
mod panel;
mod play;
pub mod unit_panel;

use std::path::PathBuf;

use bevy::prelude::*;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{HazardKind, Terrain};
use skirmish_rules::rulesets::RulesetId;

use super::{Launch, Screen};
use crate::editor::{EdHazard, Edit, Editor, EditorLevel, Feature, Target, Trouble, uses};

pub use play::playtest_level;

/// The editor's plugins without the drawing (a headless test adds this one).
pub fn headless_plugin(app: &mut App) {
    app.add_plugins((input::plugin, play::plugin))
        .add_systems(OnEnter(Screen::Menu), open_from_launch)
        .add_systems(Update, recheck.run_if(in_state(Screen::Editor)));
}

/// Everything the window adds.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((headless_plugin, draw::plugin, panel::plugin));
}

/// What the mouse does on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tool {
    /// Paint the brush's cells with the terrain (drag to paint on).
    #[default]
    Paint,
    /// Fill the area the cell is in with the terrain.
    Fill,
    /// Place a unit of the side and archetype on a free cell; a click on a unit picks it.
    Place,
    /// Pick a unit, then click a free cell to move it there (or drag it).
    Move,
    /// Make a cell an exit, or no longer one (the rulesets that use exits).
    Exit,
    /// Put the hazard set in the panel on a cell (drag to put more), or take the same one
    /// away (the rulesets that fire hazards).
    Hazard,
}

impl Tool {
    /// Every tool, with its key and its words.
    pub const ALL: [(Tool, KeyCode, &'static str); 6] = [
        (Tool::Paint, KeyCode::KeyB, "Paint [B]"),
        (Tool::Fill, KeyCode::KeyF, "Fill [F]"),
        (Tool::Place, KeyCode::KeyU, "Place unit [U]"),
        (Tool::Move, KeyCode::KeyM, "Move unit [M]"),
        (Tool::Exit, KeyCode::KeyX, "Exit cell [X]"),
        (Tool::Hazard, KeyCode::KeyH, "Hazard [H]"),
    ];

    /// The level feature a tool paints, when only some rulesets use it.
    pub fn feature(self) -> Option<Feature> {
        match self {
            Tool::Exit => Some(Feature::Exits),
            Tool::Hazard => Some(Feature::Hazards),
            _ => None,
        }
    }
}

/// The editor's keys, as F1 lists them (and docs/ui.md, "The level editor").
pub const KEYS: [(&str, &str); 15] = [
    (
        "B / F / U / M / X / H",
        "paint, fill, place unit, move unit, exit cell, hazard (where the ruleset uses them)",
    ),
    ("1 … 6", "terrain: floor, wall, difficult, high, low, pit"),
    ("[ / ]", "brush smaller / larger"),
    ("G", "square / hex grid"),
    ("S", "the next side (the side placed units join)"),
    (
        "Left click, drag",
        "use the tool (paint on; drag a unit to move it)",
    ),
    ("Right click", "pick the unit under the pointer"),
    ("Delete", "delete the picked unit"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
    (
        "Ctrl+S",
        "save (refused, with the reasons, while the level has problems)",
    ),
    ("F5 / Shift+F5", "playtest hot-seat / against the AI"),
    ("Arrows, middle drag", "pan"),
    ("Mouse wheel, + / -", "zoom"),
    ("F1", "this list"),
    ("Esc", "close this list, else back to the menu"),
];

/// The hazard the Hazard tool puts (set in the panel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HazardBrush {
    /// A trap, falling rocks or a rune with its radius.
    pub kind: HazardKind,
    /// The Difficulty of the check against it.
    pub dc: i32,
    /// Its damage dice.
    pub damage: String,
}

impl Default for HazardBrush {
    fn default() -> Self {
        HazardBrush {
            kind: HazardKind::Trap,
            dc: 12,
            damage: "1d6".into(),
        }
    }
}

/// The editor screen's state: the model and what the screen adds to it.
#[derive(Resource, Debug, Default)]
pub struct EditorScreen {
    /// The level being edited, with its undo and redo.
    pub editor: Editor,
    /// Where it is saved (the file field of the panel).
    pub path: String,
    /// The mouse's tool.
    pub tool: Tool,
    /// The terrain painted.
    pub terrain: Terrain,
    /// The brush's size (1: the cell alone).
    pub brush: u32,
    /// The side a placed unit joins (index).
    pub side: usize,
    /// The archetype a placed unit has.
    pub archetype: Option<String>,
    /// The picked unit (its fields in the panel; Delete deletes it).
    pub picked: Option<usize>,
    /// The cell under the pointer.
    pub hovered: Option<Cell>,
    /// The problem clicked in the problems panel: its cell or unit is marked.
    pub highlight: Option<Target>,
    /// The last word to the user, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// The level's problems as it stands (`recheck` keeps them current).
    pub problems: Vec<Trouble>,
    /// The level the problems are of.
    checked: Option<EditorLevel>,
    /// Window rectangles the panel and F1's list cover (the pointer there is not on the
    /// map).
    pub ui_rects: Vec<Rect>,
    /// Named panel widgets in window pixels (the e2e script clicks them: `SKIRMISH_LAYOUT`).
    pub widgets: Vec<(String, Rect)>,
    /// F1's list is open.
    pub help: bool,
    /// The level as it was when a playtest started (the editor comes back to it).
    pub playtest: Option<EditorLevel>,
    /// The hazard the Hazard tool puts: its kind, Difficulty and damage dice.
    pub hazard: HazardBrush,
    /// The cell the current paint stroke last painted.
    pub(crate) stroke: Option<Cell>,
    /// The current stroke made an edit: its next cells join it (one undo step).
    pub(crate) stroke_made: bool,
    /// A unit dragged by the mouse.
    pub(crate) drag: Option<usize>,
}

impl EditorScreen {
    /// Edit `level`, saved to `path`.
    pub fn new(level: EditorLevel, path: String) -> EditorScreen {
        // A placed unit starts as the catalogue's first archetype.
        let archetype = RulesetId::parse(&level.ruleset)
            .map(skirmish_rules::level::Catalogue::builtin)
            .and_then(|c| c.archetypes.keys().next().cloned());
        EditorScreen {
            editor: Editor::new(level),
            archetype,
            path,
            brush: 1,
            ..Default::default()
        }
    }

    /// Can `tool` be used on this level? (Exits and hazards only where the ruleset uses
    /// them; else the message says so.)
    pub fn tool_allowed(&mut self, tool: Tool) -> bool {
        match tool.feature() {
            Some(f) if !uses(&self.level().ruleset, f) => {
                let what = if f == Feature::Exits {
                    "exits"
                } else {
                    "hazards"
                };
                self.message = Some((
                    format!("{} does not use {what}.", self.level().ruleset),
                    true,
                ));
                false
            }
            _ => true,
        }
    }

    /// The hazard the Hazard tool puts on `c`.
    pub fn hazard_here(&self, c: Cell) -> EdHazard {
        EdHazard {
            cell: c,
            kind: self.hazard.kind,
            dc: self.hazard.dc,
            damage: self.hazard.damage.clone(),
        }
    }

    /// An edit of a drag: the first one of the stroke is a new undo step, the next ones
    /// join it.
    pub fn stroke_edit(&mut self, e: Edit) -> bool {
        let r = if self.stroke_made {
            self.editor.join(e)
        } else {
            self.editor.apply(e)
        };
        match r {
            Ok(()) => {
                self.stroke_made = true;
                self.message = None;
                true
            }
            Err(why) => {
                self.message = Some((why, true));
                false
            }
        }
    }

    /// The level as it stands.
    pub fn level(&self) -> &EditorLevel {
        &self.editor.level
    }

    /// Make an edit; a refused one is said (and changes nothing).
    pub fn apply(&mut self, e: Edit) -> bool {
        match self.editor.apply(e) {
            Ok(()) => {
                self.message = None;
                true
            }
            Err(why) => {
                self.message = Some((why, true));
                false
            }
        }
    }

    /// Ctrl+Z.
    pub fn undo(&mut self) {
        if !self.editor.undo() {
            self.message = Some(("Nothing to undo.".into(), false));
        }
        self.picked = self.picked.filter(|&u| u < self.level().units.len());
    }

    /// Ctrl+Y.
    pub fn redo(&mut self) {
        if !self.editor.redo() {
            self.message = Some(("Nothing to redo.".into(), false));
        }
        self.picked = self.picked.filter(|&u| u < self.level().units.len());
    }

    /// Save to the file field's path, unless the level would not load: then nothing is
    /// written and the message lists the reasons.
    pub fn save(&mut self) -> bool {
        let path = self.path.trim().to_string();
        if path.is_empty() {
            self.message = Some(("Name the file to save to first.".into(), true));
            return false;
        }
        match self.level().save(std::path::Path::new(&path)) {
            Ok(()) => {
                self.message = Some((format!("Saved {path}."), false));
                true
            }
            Err(troubles) => {
                let why: Vec<String> = troubles.iter().map(ToString::to_string).collect();
                self.message = Some((
                    format!("Not saved: the level would not load:\n{}", why.join("\n")),
                    true,
                ));
                false
            }
        }
    }

    /// Square ↔ hex.
    pub fn switch_grid(&mut self) {
        let to = match self.level().grid {
            GridKind::Square => GridKind::Hex,
            GridKind::Hex => GridKind::Square,
        };
        self.apply(Edit::Grid(to));
    }
}

/// A file name for a level's title: `levels/<title in lower case, dashes>.ron` in the
/// user's levels folder when there is one, else the working folder.
fn default_path(level: &EditorLevel) -> String {
    let slug: String = level
        .name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let file = format!("{}.ron", slug.trim_matches('-'));
    match super::level_list::user_levels_dir() {
        Some(d) => d.join(file).display().to_string(),
        None => file,
    }
}

/// Open the editor on a level file (a new level when there is no file, saved to the
/// path given or a name made from its title): the screen's state, ready.
pub fn open(path: Option<PathBuf>) -> Result<EditorScreen, String> {
    match path {
        // A file not there yet: a new level, saved there.
        Some(p) if !p.exists() => Ok(EditorScreen::new(
            EditorLevel::default(),
            p.display().to_string(),
        )),
        Some(p) => {
            let level = EditorLevel::load(&p)?;
            Ok(EditorScreen::new(level, p.display().to_string()))
        }
        None => {
            let level = EditorLevel::default();
            let path = default_path(&level);
            Ok(EditorScreen::new(level, path))
        }
    }
}

/// `skirmish edit [LEVEL]`: the menu opens the editor at once.
fn open_from_launch(
    mut commands: Commands,
    mut launch: ResMut<Launch>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(path) = launch.edit.take() else {
        return;
    };
    match open(path) {
        Ok(s) => {
            commands.insert_resource(s);
            next.set(Screen::Editor);
        }
        Err(e) => launch.problems.push(e),
    }
}

/// Keep the problems of the level as it stands (the loader runs when the level changed).
fn recheck(mut ed: ResMut<EditorScreen>) {
    if ed.checked.as_ref() == Some(&ed.editor.level) {
        return;
    }
    let problems = ed.editor.level.problems();
    let level = ed.editor.level.clone();
    ed.problems = problems;
    ed.checked = Some(level);
    if ed
        .highlight
        .as_ref()
        .is_some_and(|t| !ed.problems.iter().any(|p| &p.target == t))
    {
        ed.highlight = None;
    }
}
