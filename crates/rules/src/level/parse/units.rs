//! The units, placed: unique names, known sides, cells on the map that a unit may
//! stand on and that no other unit holds. Each check is a lookup, so a level of many
//! units is checked in linear time. What each unit is made of is `unit_def`.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::Board;
use super::ruleset::BadArchWeapons;
use super::sides::SideIndex;
use super::unit_def;
use crate::grid::Cell;
use crate::level::UnitDef;
use crate::level::catalogue::Catalogue;
use crate::level::file::UnitFile;
use crate::level::messages::echo;
use crate::level::problems::Problems;
use crate::vocab::RulesetId;

/// What the units are checked against.
pub(super) struct Lookups<'a> {
    /// Every unit of the file (the checked ones may be none of them: too many units).
    pub(super) all: &'a [UnitFile],
    /// The sides by name.
    pub(super) side_index: &'a SideIndex<'a>,
    /// The map.
    pub(super) board: &'a Board,
    /// Weapons, archetypes and abilities.
    pub(super) catalogue: &'a Catalogue,
    /// The level's ruleset (`None`: unknown).
    pub(super) ruleset: Option<RulesetId>,
}

/// One unit of the file as placed, for [`unit_def::build`].
pub(super) struct Placed<'u> {
    /// Its index in the file's `units`.
    pub(super) i: usize,
    /// The unit as the file gives it.
    pub(super) file: &'u UnitFile,
    /// Its name, echoed for messages.
    pub(super) name: String,
    /// Its side's index, if the side is known.
    pub(super) side: Option<usize>,
}

/// Check and build the units, in the file's order. Returns them and the sides used.
pub(super) fn build(
    p: &mut Problems,
    unit_list: &[UnitFile],
    look: &Lookups,
    bad_arch_weapons: &mut BadArchWeapons,
) -> (Vec<UnitDef>, BTreeSet<usize>) {
    let mut units = Vec::new();
    let mut occupied: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut unit_names: HashMap<&str, usize> = HashMap::new();
    let mut sides_used = BTreeSet::new();
    let mut known_archetypes: Option<String> = None;
    for (i, u) in unit_list.iter().enumerate() {
        let at = |f: &str| format!("units[{i}].{f}");
        let name = echo(&u.name);
        if unit_names.contains_key(u.name.as_str()) {
            p.at(&at("name"), format!("two units are named `{name}`"));
        } else {
            unit_names.insert(&u.name, i);
        }
        let side = look.side_index.get(u.side.as_str()).copied();
        match side {
            Some(s) => {
                sides_used.insert(s);
            }
            None => {
                let mean = p.did_you_mean(&u.side, look.side_index.keys().copied());
                p.at(
                    &at("side"),
                    format!("unit `{name}` is on unknown side `{}`{mean}", echo(&u.side)),
                )
            }
        }
        check_cell(p, i, u, &name, look.board);
        if let Some(&first) = occupied.get(&u.cell) {
            p.at(
                &at("cell"),
                format!(
                    "units `{}` and `{name}` are both on {}",
                    echo(&look.all[first].name),
                    u.cell
                ),
            );
        } else {
            occupied.insert(u.cell, i);
        }
        let placed = Placed {
            i,
            file: u,
            name,
            side,
        };
        units.push(unit_def::build(
            p,
            &placed,
            look,
            bad_arch_weapons,
            &mut known_archetypes,
        ));
    }
    face_foes(&mut units, unit_list, look.board);
    (units, sides_used)
}

/// A unit the file gives no `facing` faces the middle of its foes (their cells' mean,
/// rounded; east when it has none or stands there), so nobody starts with its back to
/// the enemy. Linear: one sum of cells per side. Units off the map (refused) count for
/// nothing.
fn face_foes(units: &mut [UnitDef], unit_list: &[UnitFile], board: &Board) {
    if !board.fits {
        return;
    }
    let mut all = (0i64, 0i64, 0i64);
    let mut by_side: BTreeMap<u32, (i64, i64, i64)> = BTreeMap::new();
    let on_map = |u: &UnitDef| board.grid.contains(u.cell);
    for u in units.iter().filter(|u| on_map(u)) {
        let s = by_side.entry(u.side.0).or_default();
        for t in [&mut all, s] {
            t.0 += i64::from(u.cell.x);
            t.1 += i64::from(u.cell.y);
            t.2 += 1;
        }
    }
    let round = |sum: i64, n: i64| ((2 * sum + n) / (2 * n)) as i32;
    for (u, f) in units.iter_mut().zip(unit_list) {
        if f.facing.is_some() || !on_map(u) {
            continue;
        }
        let own = by_side.get(&u.side.0).copied().unwrap_or_default();
        let n = all.2 - own.2;
        if n <= 0 {
            continue;
        }
        let middle = Cell::new(round(all.0 - own.0, n), round(all.1 - own.1, n));
        if let Some(d) = board.grid.direction_toward(u.cell, middle) {
            u.facing = crate::components::Facing(d as u8);
        }
    }
}

/// A unit's cell: on the map, and on a cell one may stand on (not checked when the map
/// was not built).
fn check_cell(p: &mut Problems, i: usize, u: &UnitFile, name: &str, board: &Board) {
    let (grid, terrain) = (&board.grid, &board.terrain);
    if !board.fits {
        // The map was not built: cells cannot be checked.
    } else if !grid.contains(u.cell) {
        p.at(
            &format!("units[{i}].cell"),
            format!(
                "unit `{name}` at {} is off the map ({}×{})",
                u.cell, board.width, board.height
            ),
        );
    } else if terrain[grid.index(u.cell).unwrap_or(0)].cost().is_none() {
        p.at(
            &format!("units[{i}].cell"),
            format!(
                "unit `{name}` at {} stands on a {}",
                u.cell,
                terrain[grid.index(u.cell).unwrap_or(0)].name()
            ),
        );
    }
}
