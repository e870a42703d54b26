//! Level files (RON): load, validate, and report every problem with `FILE:LINE:COL`.
//!
//! The window, `skirmish check` and `skirmish run` all read levels through [`load`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use ron::extensions::Extensions;
use serde::{Deserialize, Serialize};

use crate::components::{
    ActiveCondition, ConditionKind, Duration, Facing, SideId, Size, Stat, Stats, Weapon,
};
use crate::grid::{Cell, Grid, GridKind};
use crate::rulesets::RulesetId;
use crate::span::{Pos, SpanIndex};

/// Largest map side, to keep a bad file from allocating the machine away.
pub const MAX_MAP_SIDE: usize = 256;

/// What a cell is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Terrain {
    /// Open ground.
    #[default]
    Floor,
    /// Blocks movement.
    Wall,
    /// Costs double movement.
    Difficult,
    /// Raised ground: normal movement; tactical-d20 gives +4 against lower foes.
    High,
    /// A low wall or barricade: blocks movement, not sight; gives cover (+4 AC in
    /// tactical-d20); can be jumped (5 ft up).
    Low,
    /// A gap or pit: blocks movement, not sight; can be jumped across.
    Pit,
}

impl Terrain {
    /// What players call it.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Floor => "floor",
            Terrain::Wall => "wall",
            Terrain::Difficult => "difficult terrain",
            Terrain::High => "high ground",
            Terrain::Low => "low wall",
            Terrain::Pit => "pit",
        }
    }

    /// Can a unit stand here?
    pub fn standable(self) -> bool {
        self.cost().is_some()
    }

    /// Movement cost to enter, `None` when impassable.
    pub fn cost(self) -> Option<u32> {
        match self {
            Terrain::Floor | Terrain::High => Some(1),
            Terrain::Difficult => Some(2),
            Terrain::Wall | Terrain::Low | Terrain::Pit => None,
        }
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Controller {
    /// A person at this computer.
    #[default]
    Human,
    /// The computer.
    Ai,
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
    /// Initial facing.
    pub facing: Facing,
    /// Conditions at the start of the battle.
    pub conditions: Vec<ActiveCondition>,
}

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

/// An archetype: a ready-made unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Archetype {
    /// HP.
    pub hp: i32,
    /// Size.
    #[serde(default)]
    pub size: Size,
    /// Scores.
    #[serde(default)]
    pub stats: BTreeMap<Stat, i32>,
    /// Weapon names.
    #[serde(default)]
    pub weapons: Vec<String>,
}

/// Weapons and archetypes available to a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// Weapons by name.
    #[serde(default)]
    pub weapons: BTreeMap<String, Weapon>,
    /// Archetypes by name.
    #[serde(default)]
    pub archetypes: BTreeMap<String, Archetype>,
}

impl Catalogue {
    /// The built-in catalogue of a ruleset.
    pub fn builtin(r: RulesetId) -> Catalogue {
        // The built-in files are tested to parse (`builtin_catalogues_parse`).
        ron_options()
            .from_str(r.catalogue_source())
            .unwrap_or_default()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
struct SideFile {
    name: String,
    #[serde(alias = "color")]
    colour: String,
    #[serde(default)]
    controller: Controller,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Unit")]
struct UnitFile {
    name: String,
    side: String,
    cell: Cell,
    #[serde(default)]
    archetype: Option<String>,
    #[serde(default)]
    stats: Option<BTreeMap<Stat, i32>>,
    #[serde(default)]
    hp: Option<i32>,
    #[serde(default)]
    weapons: Option<Vec<String>>,
    #[serde(default)]
    size: Option<Size>,
    #[serde(default)]
    facing: Option<u8>,
    /// Conditions at the start and how long they last.
    #[serde(default)]
    conditions: BTreeMap<ConditionKind, Duration>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Level")]
struct LevelFile {
    name: String,
    #[serde(default)]
    description: String,
    ruleset: String,
    grid: GridKind,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    legend: BTreeMap<char, Terrain>,
    map: Vec<String>,
    sides: Vec<SideFile>,
    units: Vec<UnitFile>,
    #[serde(default)]
    weapons: BTreeMap<String, Weapon>,
    #[serde(default)]
    archetypes: BTreeMap<String, Archetype>,
    #[serde(default)]
    surprise: Option<String>,
    #[serde(default)]
    stalemate_rounds: Option<i64>,
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

/// Read and validate a level file.
pub fn load(path: &Path) -> Result<Level, LevelErrors> {
    let file = path.display().to_string();
    let src = std::fs::read_to_string(path).map_err(|e| LevelErrors {
        file: file.clone(),
        problems: vec![Problem {
            pos: Pos { line: 1, col: 1 },
            message: format!("cannot read the file: {e}"),
        }],
    })?;
    parse(&src, &file)
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

fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let b = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([b(0)?, b(2)?, b(4)?])
}

/// Validate level text; `file` names it in messages.
pub fn parse(src: &str, file: &str) -> Result<Level, LevelErrors> {
    let fail = |problems| LevelErrors {
        file: file.to_string(),
        problems,
    };
    let raw: LevelFile = ron_options().from_str(src).map_err(|e| {
        fail(vec![Problem {
            pos: Pos {
                line: e.span.start.line,
                col: e.span.start.col,
            },
            message: e.code.to_string(),
        }])
    })?;
    let ix = SpanIndex::build(src);
    let mut p = Problems {
        ix: &ix,
        list: Vec::new(),
    };

    let ruleset = RulesetId::parse(&raw.ruleset);
    if ruleset.is_none() {
        let known: Vec<&str> = RulesetId::ALL.iter().map(|r| r.id()).collect();
        p.at(
            "ruleset",
            format!(
                "unknown ruleset `{}` (known: {})",
                raw.ruleset,
                known.join(", ")
            ),
        );
    }
    let mut catalogue = Catalogue::builtin(ruleset.unwrap_or(RulesetId::DEFAULT));
    for (k, mut w) in raw.weapons.clone() {
        if w.name.is_empty() {
            w.name = k.clone();
        }
        catalogue.weapons.insert(k, w);
    }
    for (k, w) in catalogue.weapons.iter_mut() {
        if w.name.is_empty() {
            w.name = k.clone();
        }
    }
    catalogue.archetypes.extend(raw.archetypes.clone());
    for (name, a) in &raw.archetypes {
        for (j, w) in a.weapons.iter().enumerate() {
            if !catalogue.weapons.contains_key(w) {
                p.at(
                    &format!("archetypes{{{name}}}.weapons[{j}]"),
                    format!("unknown weapon `{w}` in archetype `{name}`"),
                );
            }
        }
    }

    // Map.
    let mut legend = default_legend();
    legend.extend(raw.legend.iter().map(|(k, v)| (*k, *v)));
    let height = raw.map.len();
    let width = raw.map.first().map(|r| r.chars().count()).unwrap_or(0);
    if height == 0 || width == 0 {
        p.at(
            "map",
            "the map is empty: give at least one row of cells".into(),
        );
    }
    if height > MAX_MAP_SIDE || width > MAX_MAP_SIDE {
        p.at(
            "map",
            format!("the map is {width}×{height}; at most {MAX_MAP_SIDE}×{MAX_MAP_SIDE}"),
        );
    }
    let mut terrain = vec![Terrain::Floor; width * height];
    for (y, row) in raw.map.iter().enumerate() {
        let n = row.chars().count();
        if n != width {
            p.at(
                &format!("map[{y}]"),
                format!("ragged map: row {y} has {n} cells but row 0 has {width}"),
            );
        }
        for (x, ch) in row.chars().enumerate() {
            match legend.get(&ch) {
                Some(t) if x < width => terrain[y * width + x] = *t,
                Some(_) => {}
                None => {
                    let mut pos = ix.pos(&format!("map[{y}]"));
                    pos.col += 1 + x;
                    p.list.push(Problem {
                        pos,
                        message: format!("unknown map character `{ch}` (not in the legend)"),
                    });
                }
            }
        }
    }
    let grid = Grid::new(raw.grid, width as i32, height as i32);

    // Sides.
    if raw.sides.is_empty() {
        p.at("sides", "a level needs at least one side".into());
    }
    let mut sides = Vec::new();
    for (i, s) in raw.sides.iter().enumerate() {
        if raw.sides[..i].iter().any(|o| o.name == s.name) {
            p.at(
                &format!("sides[{i}].name"),
                format!("two sides are named `{}`", s.name),
            );
        }
        let colour = parse_colour(&s.colour).unwrap_or_else(|| {
            p.at(
                &format!("sides[{i}].colour"),
                format!("colour `{}` is not of the form \"#rrggbb\"", s.colour),
            );
            [128, 128, 128]
        });
        sides.push(SideDef {
            name: s.name.clone(),
            colour,
            controller: s.controller,
        });
    }

    // Units.
    let mut units = Vec::new();
    let mut occupied: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut sides_used = BTreeSet::new();
    for (i, u) in raw.units.iter().enumerate() {
        let at = |f: &str| format!("units[{i}].{f}");
        if raw.units[..i].iter().any(|o| o.name == u.name) {
            p.at(&at("name"), format!("two units are named `{}`", u.name));
        }
        let side = raw.sides.iter().position(|s| s.name == u.side);
        match side {
            Some(s) => {
                sides_used.insert(s);
            }
            None => p.at(
                &at("side"),
                format!("unit `{}` is on unknown side `{}`", u.name, u.side),
            ),
        }
        if !grid.contains(u.cell) {
            p.at(
                &at("cell"),
                format!(
                    "unit `{}` at {} is off the map ({}×{})",
                    u.name, u.cell, width, height
                ),
            );
        } else if terrain[grid.index(u.cell).unwrap_or(0)].cost().is_none() {
            p.at(
                &at("cell"),
                format!(
                    "unit `{}` at {} stands on a {}",
                    u.name,
                    u.cell,
                    terrain[grid.index(u.cell).unwrap_or(0)].name()
                ),
            );
        }
        if let Some(&first) = occupied.get(&u.cell) {
            p.at(
                &at("cell"),
                format!(
                    "units `{}` and `{}` are both on {}",
                    raw.units[first].name, u.name, u.cell
                ),
            );
        } else {
            occupied.insert(u.cell, i);
        }
        let arch = match &u.archetype {
            Some(a) => match catalogue.archetypes.get(a) {
                Some(a) => Some(a.clone()),
                None => {
                    let known: Vec<&str> =
                        catalogue.archetypes.keys().map(String::as_str).collect();
                    p.at(
                        &at("archetype"),
                        format!("unknown archetype `{a}` (known: {})", known.join(", ")),
                    );
                    None
                }
            },
            None => {
                if u.stats.is_none() || u.hp.is_none() {
                    p.at(
                        &at("name"),
                        format!(
                            "unit `{}` needs an `archetype` or both `stats` and `hp`",
                            u.name
                        ),
                    );
                }
                None
            }
        };
        let mut stats = arch.as_ref().map(|a| a.stats.clone()).unwrap_or_default();
        stats.extend(u.stats.clone().unwrap_or_default());
        let hp = u.hp.or(arch.as_ref().map(|a| a.hp)).unwrap_or(1);
        if hp <= 0 {
            p.at(
                &at("hp"),
                format!("unit `{}` has {hp} HP; it needs at least 1", u.name),
            );
        }
        let weapon_names = u
            .weapons
            .clone()
            .or(arch.as_ref().map(|a| a.weapons.clone()))
            .unwrap_or_default();
        let mut weapons = Vec::new();
        for (j, w) in weapon_names.iter().enumerate() {
            match catalogue.weapons.get(w) {
                Some(w) => weapons.push(w.clone()),
                None => p.at(
                    &format!("units[{i}].weapons[{j}]"),
                    format!("unknown weapon `{w}` for unit `{}`", u.name),
                ),
            }
        }
        let dirs = grid.directions() as u8;
        if let Some(f) = u.facing
            && f >= dirs
        {
            p.at(
                &at("facing"),
                format!("facing {f} is not a direction 0..{} of this grid", dirs - 1),
            );
        }
        units.push(UnitDef {
            name: u.name.clone(),
            side: SideId(side.unwrap_or(0) as u32),
            cell: u.cell,
            stats: Stats(stats),
            hp,
            weapons,
            size: u.size.or(arch.as_ref().map(|a| a.size)).unwrap_or_default(),
            facing: Facing(u.facing.unwrap_or(0)),
            conditions: u
                .conditions
                .iter()
                .map(|(k, d)| ActiveCondition {
                    kind: *k,
                    duration: *d,
                    source: None,
                })
                .collect(),
        });
    }
    for (i, s) in raw.sides.iter().enumerate() {
        if !sides_used.contains(&i) {
            p.at(
                &format!("sides[{i}]"),
                format!("side `{}` has no units", s.name),
            );
        }
    }
    let surprise = match &raw.surprise {
        Some(name) => match raw.sides.iter().position(|s| &s.name == name) {
            Some(i) => Some(SideId(i as u32)),
            None => {
                p.at("surprise", format!("surprise names unknown side `{name}`"));
                None
            }
        },
        None => None,
    };

    let stalemate_rounds = match raw.stalemate_rounds {
        None => STALEMATE_ROUNDS,
        Some(n) => u32::try_from(n).unwrap_or_else(|_| {
            p.at(
                "stalemate_rounds",
                format!("stalemate_rounds is {n}; it must be 0 (off) or a number of rounds"),
            );
            STALEMATE_ROUNDS
        }),
    };

    if !p.list.is_empty() {
        let mut problems = p.list;
        problems.sort_by_key(|p| p.pos);
        return Err(fail(problems));
    }
    Ok(Level {
        name: raw.name,
        description: raw.description,
        ruleset: ruleset.unwrap_or(RulesetId::DEFAULT),
        grid,
        seed: raw.seed,
        terrain,
        sides,
        units,
        surprise,
        stalemate_rounds,
    })
}

struct Problems<'a> {
    ix: &'a SpanIndex,
    list: Vec<Problem>,
}

impl Problems<'_> {
    fn at(&mut self, path: &str, message: String) {
        self.list.push(Problem {
            pos: self.ix.pos(path),
            message,
        });
    }
}
