//! The level editor's model (issue 35), headless: a level as the editor holds it
//! ([`EditorLevel`]), the edits made to it with undo and redo ([`Editor`], `edits`), its
//! problems found by the same loader as `skirmish check` (`check`), and its file read and
//! written as RON shaped like a hand-written level (`file`). The window's editor screen
//! drives this model and nothing else (docs/design.md, "The level editor's model").
//!
//! What the editor models it edits: the level's name, description, ruleset, grid, seed,
//! map (as terrain), sides (name, colour, controller, role), units (name, side, cell,
//! archetype), surprise, stalemate rounds and exits; a unit's weapons, feats, facing and
//! hidden (`loadout`) and the level's hazards (`hazards`). Everything else a level file may
//! hold (a unit's weapons, feats, stats, conditions, …; the level's own weapons,
//! archetypes, abilities, dicey spots, hazards) is carried through as the text it was
//! written as, so that load → save → load gives the same level.

pub mod check;
pub mod edits;
pub mod file;
pub mod hazards;
pub mod loadout;
pub mod text;

use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{Controller, Role, Terrain};

pub use check::{Target, Trouble};
pub use edits::{Edit, Editor};
pub use hazards::EdHazard;
pub use loadout::{Choice, Feature, Pick, choices, uses};

/// A side as the editor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdSide {
    /// Its name (units name it).
    pub name: String,
    /// `#rrggbb`.
    pub colour: String,
    /// Who plays it.
    pub controller: Controller,
    /// PC or NPC, when the file says (tactical-d20 reads it).
    pub role: Option<Role>,
}

/// A unit as the editor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdUnit {
    /// Its name.
    pub name: String,
    /// Its side's name.
    pub side: String,
    /// Where it stands.
    pub cell: Cell,
    /// Its archetype in the ruleset's catalogue (or the level's own).
    pub archetype: Option<String>,
    /// Its other fields as written (`weapons: ["spear"]`, `facing: 2`, …), in order.
    pub extra: Vec<(String, String)>,
}

/// A level as the editor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditorLevel {
    /// The comment lines at the top of the file.
    pub header: String,
    /// Its title.
    pub name: String,
    /// Its description (may be empty).
    pub description: String,
    /// The ruleset's id.
    pub ruleset: String,
    /// Square or hex.
    pub grid: GridKind,
    /// The seed the level names, if any.
    pub seed: Option<u64>,
    /// The terrain, row by row (`map[y][x]`); every row as long as the first.
    pub map: Vec<Vec<Terrain>>,
    /// The sides, in order.
    pub sides: Vec<EdSide>,
    /// The units, in order (a unit's place is its `UnitId`).
    pub units: Vec<EdUnit>,
    /// The side that surprises the others in round 0, if any.
    pub surprise: Option<String>,
    /// Rounds with no damage before a stalemate, if the file sets it.
    pub stalemate_rounds: Option<i64>,
    /// Exit cells (the rulesets that use them).
    pub exits: Vec<Cell>,
    /// The level's other fields as written (`weapons: {…}`, `hazards: […]`, …), in order.
    pub extra: Vec<(String, String)>,
}

/// The largest map the editor makes (the loader's limit).
pub const MAX_SIDE: usize = skirmish_rules::level::MAX_MAP_SIDE;

impl EditorLevel {
    /// A new level: `width` × `height` of floor, two sides (Red and Blue, people), no
    /// units; its name "New level".
    pub fn new(ruleset: &str, grid: GridKind, width: usize, height: usize) -> EditorLevel {
        let (w, h) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        EditorLevel {
            header: String::new(),
            name: "New level".into(),
            description: String::new(),
            ruleset: ruleset.to_string(),
            grid,
            seed: None,
            map: vec![vec![Terrain::Floor; w]; h],
            sides: vec![
                EdSide {
                    name: "Red".into(),
                    colour: "#c83c3c".into(),
                    controller: Controller::Human,
                    role: None,
                },
                EdSide {
                    name: "Blue".into(),
                    colour: "#3c6ec8".into(),
                    controller: Controller::Human,
                    role: None,
                },
            ],
            units: Vec::new(),
            surprise: None,
            stalemate_rounds: None,
            exits: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.map.first().map_or(0, Vec::len)
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.map.len()
    }

    /// The rules crate's grid of this size and kind.
    pub fn grid(&self) -> skirmish_rules::grid::Grid {
        skirmish_rules::grid::Grid::new(self.grid, self.width() as i32, self.height() as i32)
    }

    /// The terrain of a cell on the map.
    pub fn terrain(&self, c: Cell) -> Option<Terrain> {
        let (x, y) = (usize::try_from(c.x).ok()?, usize::try_from(c.y).ok()?);
        self.map.get(y)?.get(x).copied()
    }

    /// The unit standing on `c`, if any.
    pub fn unit_at(&self, c: Cell) -> Option<usize> {
        self.units.iter().position(|u| u.cell == c)
    }

    /// A unit name not taken yet: `base`, else `base 2`, `base 3`, …
    pub fn free_name(&self, base: &str) -> String {
        let taken = |n: &str| self.units.iter().any(|u| u.name == n);
        if !taken(base) {
            return base.to_string();
        }
        (2..)
            .map(|i| format!("{base} {i}"))
            .find(|n| !taken(n))
            .unwrap_or_else(|| base.to_string())
    }
}
