//! Cells the level marks: hazards (`hazards`: a trap, falling rocks or a magical burst
//! with its radius, with a DC and damage dice) and exits (`exits`). Each is on the map,
//! on a cell a unit may stand on, and given once; each problem is placed at its entry.
//! Nothing fires a hazard or lets a unit leave by an exit yet (melee-zone and counters
//! will).

use std::collections::BTreeSet;
use std::str::FromStr;

use super::Board;
use crate::dice::DiceExpr;
use crate::grid::Cell;
use crate::level::file::{HazardFile, HazardKindFile};
use crate::level::problems::Problems;
use crate::level::{Hazard, HazardKind, MAX_BURST_RADIUS, MAX_HAZARD_DC};

/// Check the level's hazards and build them (those with a problem are left out).
pub(super) fn hazards(p: &mut Problems, raw: &[HazardFile], board: &Board) -> Vec<Hazard> {
    let mut out = Vec::new();
    let mut taken = BTreeSet::new();
    for (i, h) in raw.iter().enumerate() {
        let at = |f: &str| format!("hazards[{i}].{f}");
        let mut ok = standable(p, &at("cell"), "hazard", h.cell, board);
        if !taken.insert(h.cell) {
            p.at(&at("cell"), format!("two hazards are on {}", h.cell));
            ok = false;
        }
        let (kind, dc, damage) = match &h.kind {
            HazardKindFile::Trap { dc, damage } => (HazardKind::Trap, *dc, damage),
            HazardKindFile::FallingRocks { dc, damage } => (HazardKind::FallingRocks, *dc, damage),
            HazardKindFile::MagicalBurst { dc, damage, radius } => {
                if !(1..=MAX_BURST_RADIUS).contains(radius) {
                    p.at(
                        &at("kind.radius"),
                        format!(
                            "a magical burst's radius is {radius}; give 1 to {MAX_BURST_RADIUS} cells"
                        ),
                    );
                    ok = false;
                }
                let radius = (*radius).clamp(1, MAX_BURST_RADIUS) as u32;
                (HazardKind::MagicalBurst { radius }, *dc, damage)
            }
        };
        if !(1..=MAX_HAZARD_DC).contains(&dc) {
            p.at(
                &at("kind.dc"),
                format!("a hazard's dc is {dc}; give 1 to {MAX_HAZARD_DC}"),
            );
            ok = false;
        }
        let damage = match DiceExpr::from_str(damage) {
            Ok(d) if d.max() > 0 => Some(d),
            Ok(d) => {
                p.at(
                    &at("kind.damage"),
                    format!("damage {d} never deals any: give dice such as \"1d6\""),
                );
                None
            }
            Err(e) => {
                p.at(&at("kind.damage"), format!("{e}"));
                None
            }
        };
        if let (true, Some(damage)) = (ok, damage) {
            out.push(Hazard {
                cell: h.cell,
                kind,
                dc: dc as i32,
                damage,
            });
        }
    }
    out
}

/// Check the level's exits and give them (those with a problem are left out).
pub(super) fn exits(p: &mut Problems, raw: &[Cell], board: &Board) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut taken = BTreeSet::new();
    for (i, &c) in raw.iter().enumerate() {
        let at = format!("exits[{i}]");
        let ok = standable(p, &at, "exit", c, board);
        if !taken.insert(c) {
            p.at(&at, format!("exit {c} is listed twice"));
        } else if ok {
            out.push(c);
        }
    }
    out
}

/// Is `c` on the map and a cell a unit may stand on (reported at `at` if not)? Not
/// checked when the map was not built (too large).
fn standable(p: &mut Problems, at: &str, what: &str, c: Cell, board: &Board) -> bool {
    if !board.fits {
        return true;
    }
    match board.grid.index(c).map(|ix| board.terrain[ix]) {
        None => {
            p.at(
                at,
                format!(
                    "{what} {c} is off the map ({}×{})",
                    board.width, board.height
                ),
            );
            false
        }
        Some(t) if t.cost().is_none() => {
            p.at(
                at,
                format!(
                    "{what} {c} is on a {}; it must be on a cell a unit may stand on",
                    t.name()
                ),
            );
            false
        }
        Some(_) => true,
    }
}
