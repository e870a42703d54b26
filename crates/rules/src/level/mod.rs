//! Level files (RON): load, validate, and report every problem with `FILE:LINE:COL`.
//!
//! The window, `skirmish check` and `skirmish run` all read levels through [`load`].

use std::collections::BTreeMap;

use ron::extensions::Extensions;
use serde::{Deserialize, Serialize};

use crate::components::{ActiveCondition, Facing, SideId, Size, Stats, Weapon};
use crate::grid::{Cell, Grid, GridKind};
use crate::span::Pos;
use crate::vocab::RulesetId;
pub use crate::vocab::Terrain;

mod catalogue;
mod dicey;
mod dicey_check;
mod file;
mod messages;
mod parse;
mod problems;
pub mod suggest;

pub use catalogue::{Archetype, Catalogue};
pub use dicey::{DICEY_CONDITIONS, DiceyReward, DiceySpot, DiceyTarget, default_dc};
pub use messages::echo;
pub use parse::{load, parse};

/// Largest map side, to keep a bad file from allocating the machine away. Checked
/// before the map is built (as every limit here: before anything is sized from it).
pub const MAX_MAP_SIDE: usize = 256;

/// Most units in a level: one per cell of the largest map.
pub const MAX_UNITS: usize = MAX_MAP_SIDE * MAX_MAP_SIDE;

/// Longest name, in characters: the level's, a side's, a unit's, a weapon's or an
/// archetype's.
pub const MAX_NAME_CHARS: usize = 60;

/// Largest level file, in bytes (16 MiB): a level of [`MAX_UNITS`] units fits.
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// Longest echo of the file's own text in a message, in characters; longer is cut
/// with `…`.
pub const ECHO_CHARS: usize = crate::shown::NAME_CHARS;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Controller {
    /// A person at this computer.
    #[default]
    Human,
    /// The computer.
    Ai,
}

/// The part a side plays in the story, which some rules read (tactical-d20: "PCs have
/// priority over NPCs" on an initiative tie). Not who plays it: a PC side may be left
/// to the AI, and the role stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Player characters.
    Pc,
    /// Everyone else.
    Npc,
}

impl Role {
    /// A side's role when its level names none: `Pc` for a side a person plays, `Npc`
    /// for one the AI plays (by the controller the level file gives).
    pub fn default_for(c: Controller) -> Role {
        match c {
            Controller::Human => Role::Pc,
            Controller::Ai => Role::Npc,
        }
    }
}

/// A side as the battle uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideDef {
    /// Name.
    pub name: String,
    /// Colour, RGB.
    pub colour: [u8; 3],
    /// Default controller.
    pub controller: Controller,
    /// PC or NPC (the file's `role:`, else [`Role::default_for`] its controller).
    pub role: Role,
}

/// A unit as the battle uses it: archetype resolved, weapons looked up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDef {
    /// Name (unique in the level).
    pub name: String,
    /// Side.
    pub side: SideId,
    /// Starting cell.
    pub cell: Cell,
    /// Scores.
    pub stats: Stats,
    /// Maximum (and starting) HP.
    pub hp: i32,
    /// Weapons, the default first.
    pub weapons: Vec<Weapon>,
    /// Size.
    pub size: Size,
    /// Initial facing: the file's `facing`, else toward the middle of its foes.
    pub facing: Facing,
    /// Conditions at the start of the battle.
    pub conditions: Vec<ActiveCondition>,
    /// Abilities it knows (spells, class abilities, potions, items), its archetype's.
    pub abilities: Vec<crate::abilities::Ability>,
    /// Energy resistance by damage type (its archetype's).
    pub resist: BTreeMap<String, i32>,
    /// Energy weaknesses (its archetype's).
    pub weak: Vec<String>,
    /// tactical-d20: material components by value (its archetype's).
    pub materials: BTreeMap<u8, u32>,
    /// The archetype it was made from, if any (the window picks its icon by it).
    pub archetype: Option<String>,
    /// Feats and traits by name ("Reach"): its archetype's, then its own
    /// ([`crate::battle::Battle::has_feat`]).
    pub feats: Vec<String>,
    /// Its armour is magical (its own `magical_armour`, else its archetype's).
    pub magical_armour: bool,
    /// It starts hidden (undetected by its foes: the [`crate::components::Hidden`]
    /// component).
    pub hidden: bool,
    /// It started the battle by attacking ("a unit that starts the battle by attacking
    /// goes last").
    pub initiator: bool,
}

/// What a hazard cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HazardKind {
    /// A trap.
    Trap,
    /// Falling rocks.
    FallingRocks,
    /// A magical burst (a rune): magical damage on every unit within `radius` cells of
    /// the hazard's cell (1 to [`MAX_BURST_RADIUS`]).
    MagicalBurst {
        /// Cells from the rune that the burst reaches.
        radius: u32,
    },
}

impl HazardKind {
    /// Does it deal magical damage (absorbed by magical equipment only)?
    pub fn magical(self) -> bool {
        matches!(self, HazardKind::MagicalBurst { .. })
    }

    /// The hazard's name in the log ("trap", "falling rocks", "magical burst").
    pub fn words(self) -> &'static str {
        match self {
            HazardKind::Trap => "trap",
            HazardKind::FallingRocks => "falling rocks",
            HazardKind::MagicalBurst { .. } => "magical burst",
        }
    }
}

/// Largest radius of a magical burst.
pub const MAX_BURST_RADIUS: i64 = 5;

/// A hazard on a cell: a trap, falling rocks or a magical burst, with the check's
/// Difficulty and the damage it deals (`hazards: [Hazard(cell: (2, 1), kind: Trap(dc: 12,
/// damage: "1d6"))]`, `MagicalBurst(dc: 13, damage: "2d6", radius: 1)`).
/// counters fires them (its Counteraction, `rulesets/counters/hazards.rs`); melee-zone
/// does not yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hazard {
    /// Where: a cell of the map a unit may stand on.
    pub cell: Cell,
    /// A trap, falling rocks or a magical burst.
    pub kind: HazardKind,
    /// The Difficulty of the check against it (1 to [`MAX_HAZARD_DC`]).
    pub dc: i32,
    /// The damage it deals.
    pub damage: crate::dice::DiceExpr,
}

/// Largest Difficulty of a hazard's check.
pub const MAX_HAZARD_DC: i64 = 100;

/// A validated level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Title.
    pub name: String,
    /// Free text for the level picker.
    pub description: String,
    /// Ruleset.
    pub ruleset: RulesetId,
    /// Geometry and size.
    pub grid: Grid,
    /// Seed, if the level fixes one.
    pub seed: Option<u64>,
    /// Terrain, row-major.
    pub terrain: Vec<Terrain>,
    /// Sides.
    pub sides: Vec<SideDef>,
    /// Units, in file order.
    pub units: Vec<UnitDef>,
    /// The side that gets a surprise round, if any.
    pub surprise: Option<SideId>,
    /// A battle ends in a draw after this many whole rounds in a row in which nobody
    /// took damage or went down (a house rule against stalemates; 0: never).
    pub stalemate_rounds: u32,
    /// What each archetype its abilities summon is, ready to spawn (by archetype name).
    pub summons: BTreeMap<String, UnitDef>,
    /// escalation: what a Dicey Move over each of these obstacles gives (`dicey`).
    pub dicey: Vec<DiceySpot>,
    /// Hazard cells, in file order (one per cell; [`crate::battle::Battle::hazard_at`]).
    pub hazards: Vec<Hazard>,
    /// Exit cells, in file order (each once; [`crate::battle::Battle::is_exit`]).
    pub exits: Vec<Cell>,
}

/// Default of [`Level::stalemate_rounds`].
pub const STALEMATE_ROUNDS: u32 = 10;

impl Level {
    /// Terrain of an on-map cell.
    pub fn terrain_at(&self, c: Cell) -> Option<Terrain> {
        self.grid.index(c).map(|i| self.terrain[i])
    }

    /// The same level read as the other grid kind (or any kind).
    pub fn with_grid(mut self, kind: GridKind) -> Self {
        self.grid.kind = kind;
        self
    }
}

/// One problem in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where.
    pub pos: Pos,
    /// What.
    pub message: String,
}

/// Every problem found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelErrors {
    /// The file as named by the user.
    pub file: String,
    /// Problems, in file order.
    pub problems: Vec<Problem>,
}

impl std::fmt::Display for LevelErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}:{}: {}", self.file, p.pos, p.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for LevelErrors {}

/// RON options shared by levels, catalogues and scripts: `Some(..)` may be left out.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// Default legend: `.` floor, `#` wall, `~` difficult, `^` high ground, `=` low wall,
/// `_` pit. A level's legend adds to it.
pub fn default_legend() -> BTreeMap<char, Terrain> {
    [
        ('.', Terrain::Floor),
        ('#', Terrain::Wall),
        ('~', Terrain::Difficult),
        ('^', Terrain::High),
        ('=', Terrain::Low),
        ('_', Terrain::Pit),
    ]
    .into_iter()
    .collect()
}
