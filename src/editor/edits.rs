//! Edits (issue 35): every change the editor makes to a level is an [`Edit`], applied
//! by [`Editor::apply`], which keeps the list of edits made; Ctrl+Z takes the last back
//! ([`Editor::undo`]: the level exactly as it was before it), Ctrl+Y makes it again
//! ([`Editor::redo`]). An edit that does not fit the level (a cell off the map, a unit
//! or side that is not there, a side still fielding units) is refused with the reason
//! and changes nothing, nor the lists.

use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{Role, Terrain};

use super::hazards::{EdHazard, set_hazard};
use super::loadout::{Pick, set_facing, set_hidden, set_picked};
use super::{EdSide, EdUnit, EditorLevel, MAX_SIDE};

/// One change to a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Paint the cells less than `size` steps from `at` (the grid's steps: a hex brush is
    /// round) with `terrain`. Size 1 is the cell alone.
    Paint {
        /// The brush's centre.
        at: Cell,
        /// The brush's size (1 and up).
        size: u32,
        /// The terrain.
        terrain: Terrain,
    },
    /// Fill the area of `at`'s terrain that `at` is in (cells joined by the grid's
    /// neighbours) with `terrain`.
    Fill {
        /// A cell of the area.
        at: Cell,
        /// The terrain.
        terrain: Terrain,
    },
    /// Place a unit on a free cell of the map. With no name it gets one: its archetype's
    /// (or its side's), numbered when taken ("fighter 2").
    Place {
        /// Its side's name.
        side: String,
        /// Its cell.
        cell: Cell,
        /// Its archetype.
        archetype: Option<String>,
        /// Its name.
        name: Option<String>,
    },
    /// Move a unit to a free cell.
    Move {
        /// The unit.
        unit: usize,
        /// Where to.
        to: Cell,
    },
    /// Delete a unit (the ones after it move up a place).
    Delete {
        /// The unit.
        unit: usize,
    },
    /// Replace a unit's name, side, archetype and other fields (its cell stays).
    SetUnit {
        /// The unit.
        unit: usize,
        /// What it becomes.
        to: EdUnit,
    },
    /// Add a side at the end.
    AddSide(EdSide),
    /// Replace a side (a new name is followed by its units and the surprise).
    SetSide {
        /// The side.
        side: usize,
        /// What it becomes.
        to: EdSide,
    },
    /// Delete a side that fields no unit.
    DeleteSide {
        /// The side.
        side: usize,
    },
    /// Square or hex (the map and the units stay where they are).
    Grid(GridKind),
    /// A new size: new cells are floor; refused while a unit or an exit would be left
    /// off the map.
    Resize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The level's title.
    Name(String),
    /// Its description.
    Description(String),
    /// Its ruleset's id.
    Ruleset(String),
    /// Its seed.
    Seed(Option<u64>),
    /// The side that surprises the others, if any.
    Surprise(Option<String>),
    /// Rounds with no damage before a stalemate (`None`: the ruleset's).
    Stalemate(Option<i64>),
    /// Make `at` an exit, or no longer one.
    ToggleExit(Cell),
    /// A unit's own weapons or feats become `names`, picked from
    /// [`super::loadout::choices`] (empty: its archetype's). Abilities are refused: a
    /// unit has its archetype's.
    Loadout {
        /// The unit.
        unit: usize,
        /// Weapons or feats.
        pick: Pick,
        /// The names, the weapon in hand first.
        names: Vec<String>,
    },
    /// A unit's facing at the start (`None`: toward its foes); refused where the ruleset
    /// does not read facing ([`super::loadout::uses`]).
    Facing {
        /// The unit.
        unit: usize,
        /// 0 east, then clockwise.
        facing: Option<u8>,
    },
    /// A unit starts hidden, or not; refused where the ruleset does not read it.
    Hidden {
        /// The unit.
        unit: usize,
        /// Hidden?
        hidden: bool,
    },
    /// A side's role, PC or NPC (`None`: from its controller).
    Role {
        /// The side.
        side: usize,
        /// Its role.
        role: Option<Role>,
    },
    /// Put a hazard on `at` (replacing one there), or with `None` take it away; refused
    /// where the ruleset fires no hazards.
    Hazard {
        /// The cell.
        at: Cell,
        /// The hazard (its cell is `at`).
        hazard: Option<EdHazard>,
    },
}

/// A level being edited, with the edits made (to undo) and undone (to redo).
#[derive(Clone, Debug, Default)]
pub struct Editor {
    /// The level as it stands.
    pub level: EditorLevel,
    /// The undo steps made, each its edits (a paint drag is one step of many cells) with
    /// the level before it, oldest first.
    done: Vec<(Vec<Edit>, EditorLevel)>,
    /// The steps undone, the last undone last.
    undone: Vec<Vec<Edit>>,
}

impl Default for EditorLevel {
    fn default() -> Self {
        EditorLevel::new(
            skirmish_rules::vocab::RulesetId::DEFAULT.id(),
            GridKind::Square,
            8,
            6,
        )
    }
}

impl Editor {
    /// Edit `level`, with nothing to undo.
    pub fn new(level: EditorLevel) -> Editor {
        Editor {
            level,
            done: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The edits made, oldest first (what undo takes back, from the end).
    pub fn edits(&self) -> impl Iterator<Item = &Edit> {
        self.done.iter().flat_map(|(e, _)| e)
    }

    /// How many undo steps there are (a paint drag joined into one is one).
    pub fn steps(&self) -> usize {
        self.done.len()
    }

    /// Can an edit be undone / redone?
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Can an undone edit be made again?
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Make an edit: the level changes and the edit can be undone; the edits undone
    /// before can no longer be redone. A refused edit changes nothing.
    pub fn apply(&mut self, e: Edit) -> Result<(), String> {
        let before = self.level.clone();
        let mut after = before.clone();
        change(&mut after, &e)?;
        self.level = after;
        self.done.push((vec![e], before));
        self.undone.clear();
        Ok(())
    }

    /// Make an edit that goes with the last one (the next cells of a paint drag): one
    /// undo takes both back. With nothing to join, as [`Editor::apply`]. A refused edit
    /// changes nothing.
    pub fn join(&mut self, e: Edit) -> Result<(), String> {
        if self.done.is_empty() {
            return self.apply(e);
        }
        let mut after = self.level.clone();
        change(&mut after, &e)?;
        self.level = after;
        if let Some((step, _)) = self.done.last_mut() {
            step.push(e);
        }
        self.undone.clear();
        Ok(())
    }

    /// Take the last step back: the level as it was before it. `false`: nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some((e, before)) = self.done.pop() else {
            return false;
        };
        self.level = before;
        self.undone.push(e);
        true
    }

    /// Make the last step undone again. `false`: nothing to redo.
    pub fn redo(&mut self) -> bool {
        let Some(step) = self.undone.pop() else {
            return false;
        };
        let before = self.level.clone();
        let mut after = before.clone();
        // It applied to this very level before it was undone.
        if step.iter().try_for_each(|e| change(&mut after, e)).is_err() {
            self.undone.push(step);
            return false;
        }
        self.level = after;
        self.done.push((step, before));
        true
    }
}

fn on_map(l: &EditorLevel, c: Cell) -> Result<(), String> {
    if l.terrain(c).is_none() {
        return Err(format!(
            "({}, {}) is off the map ({} × {})",
            c.x,
            c.y,
            l.width(),
            l.height()
        ));
    }
    Ok(())
}

fn free(l: &EditorLevel, c: Cell, but: Option<usize>) -> Result<(), String> {
    on_map(l, c)?;
    match l.unit_at(c) {
        Some(i) if Some(i) != but => Err(format!(
            "({}, {}) is taken by {}",
            c.x, c.y, l.units[i].name
        )),
        _ => Ok(()),
    }
}

fn unit(l: &EditorLevel, i: usize) -> Result<(), String> {
    if i >= l.units.len() {
        return Err(format!(
            "there is no unit {} (the level has {})",
            i + 1,
            l.units.len()
        ));
    }
    Ok(())
}

fn side(l: &EditorLevel, i: usize) -> Result<(), String> {
    if i >= l.sides.len() {
        return Err(format!(
            "there is no side {} (the level has {})",
            i + 1,
            l.sides.len()
        ));
    }
    Ok(())
}

fn set(l: &mut EditorLevel, c: Cell, t: Terrain) {
    if let (Ok(x), Ok(y)) = (usize::try_from(c.x), usize::try_from(c.y))
        && let Some(cell) = l.map.get_mut(y).and_then(|r| r.get_mut(x))
    {
        *cell = t;
    }
}

/// The edit made to `l` (left as it was when refused).
fn change(l: &mut EditorLevel, e: &Edit) -> Result<(), String> {
    match e.clone() {
        Edit::Paint { at, size, terrain } => {
            on_map(l, at)?;
            if size == 0 {
                return Err("a brush is at least 1 cell".into());
            }
            let g = l.grid();
            for c in g.within(at, size - 1) {
                set(l, c, terrain);
            }
        }
        Edit::Fill { at, terrain } => {
            on_map(l, at)?;
            let from = l.terrain(at);
            let g = l.grid();
            let mut seen = std::collections::HashSet::from([at]);
            let mut todo = vec![at];
            while let Some(c) = todo.pop() {
                set(l, c, terrain);
                for n in g.neighbours_iter(c) {
                    if l.terrain(n) == from && seen.insert(n) {
                        todo.push(n);
                    }
                }
            }
        }
        Edit::Place {
            side,
            cell,
            archetype,
            name,
        } => {
            free(l, cell, None)?;
            if !l.sides.iter().any(|s| s.name == side) {
                return Err(format!("there is no side `{side}`"));
            }
            let name = match name {
                Some(n) => n,
                None => l.free_name(archetype.as_deref().unwrap_or(&side)),
            };
            l.units.push(EdUnit {
                name,
                side,
                cell,
                archetype,
                extra: Vec::new(),
            });
        }
        Edit::Move { unit: i, to } => {
            unit(l, i)?;
            free(l, to, Some(i))?;
            l.units[i].cell = to;
        }
        Edit::Delete { unit: i } => {
            unit(l, i)?;
            l.units.remove(i);
        }
        Edit::SetUnit { unit: i, to } => {
            unit(l, i)?;
            let cell = l.units[i].cell;
            l.units[i] = EdUnit { cell, ..to };
        }
        Edit::AddSide(s) => l.sides.push(s),
        Edit::SetSide { side: i, to } => {
            side(l, i)?;
            let old = std::mem::replace(&mut l.sides[i], to.clone()).name;
            if old != to.name {
                for u in l.units.iter_mut().filter(|u| u.side == old) {
                    u.side = to.name.clone();
                }
                if l.surprise.as_deref() == Some(old.as_str()) {
                    l.surprise = Some(to.name);
                }
            }
        }
        Edit::DeleteSide { side: i } => {
            side(l, i)?;
            let name = l.sides[i].name.clone();
            let n = l.units.iter().filter(|u| u.side == name).count();
            if n > 0 {
                return Err(format!(
                    "{name} fields {n} unit(s): delete them or give them another side first"
                ));
            }
            l.sides.remove(i);
            if l.surprise.as_deref() == Some(name.as_str()) {
                l.surprise = None;
            }
        }
        Edit::Grid(kind) => l.grid = kind,
        Edit::Resize { width, height } => {
            if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
                return Err(format!("a map is 1 to {MAX_SIDE} cells a side"));
            }
            let off = |c: &Cell| c.x as usize >= width || c.y as usize >= height;
            if let Some(u) = l.units.iter().find(|u| off(&u.cell)) {
                return Err(format!(
                    "{} at ({}, {}) would be off the map: move it first",
                    u.name, u.cell.x, u.cell.y
                ));
            }
            if let Some(c) = l.exits.iter().find(|c| off(c)) {
                return Err(format!(
                    "the exit at ({}, {}) would be off the map",
                    c.x, c.y
                ));
            }
            l.map.resize(height, Vec::new());
            for row in &mut l.map {
                row.resize(width, Terrain::Floor);
            }
        }
        Edit::Name(n) => l.name = n,
        Edit::Description(d) => l.description = d,
        Edit::Ruleset(r) => l.ruleset = r,
        Edit::Seed(s) => l.seed = s,
        Edit::Surprise(s) => {
            if let Some(s) = &s
                && !l.sides.iter().any(|x| &x.name == s)
            {
                return Err(format!("there is no side `{s}`"));
            }
            l.surprise = s;
        }
        Edit::Stalemate(n) => l.stalemate_rounds = n,
        Edit::ToggleExit(c) => {
            on_map(l, c)?;
            match l.exits.iter().position(|&x| x == c) {
                Some(i) => {
                    l.exits.remove(i);
                }
                None => l.exits.push(c),
            }
        }
        Edit::Loadout {
            unit: i,
            pick,
            names,
        } => {
            unit(l, i)?;
            set_picked(l, i, pick, &names)?;
        }
        Edit::Facing { unit: i, facing } => {
            unit(l, i)?;
            set_facing(l, i, facing)?;
        }
        Edit::Hidden { unit: i, hidden } => {
            unit(l, i)?;
            set_hidden(l, i, hidden)?;
        }
        Edit::Role { side: i, role } => {
            side(l, i)?;
            l.sides[i].role = role;
        }
        Edit::Hazard { at, hazard } => set_hazard(l, at, hazard.as_ref())?,
    }
    Ok(())
}
