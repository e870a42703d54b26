//! The cell cursor (issue 31): the arrows move it, Tab and Shift+Tab jump it to the armed
//! action's valid targets (or, with nothing armed, to the units to inspect), Home brings
//! it back to the acting unit, and Enter or Space make the click a click on its cell
//! would. The rules say which targets are valid (`Battle::check`); nothing here changes
//! the battle.

use skirmish_rules::Battle;
use skirmish_rules::abilities::Targeting;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::CastAt;
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::ui::{Pick, Target};

use super::cast::cast_command;
use super::types::Pending;
use crate::game::state::{Intent, View};

/// The cursor part of the frame's intent: move it, cycle it, bring it home; Enter or
/// Space become a click on its cell (or, when the mouse moved last and the cursor is
/// hidden, the first key only shows it on the acting unit).
pub(super) fn carry(
    i: &mut Intent,
    b: &Battle,
    view: &mut View,
    looking: Option<skirmish_rules::components::SideId>,
) {
    let acting = b.current();
    if i.actor
        && let Some(u) = acting
    {
        view.selected = Some(u);
        view.jump(b.pos(u));
    }
    // While the cursor is hidden (the mouse moved last), the first arrow, Enter or Space
    // only shows it, on the acting unit: a key never acts on a cell the player did not
    // see marked, wherever the pointer was left.
    if !view.keyboard && (i.cursor_step.is_some() || i.confirm) {
        let c = acting
            .map(|u| b.pos(u))
            .or(view.cursor)
            .unwrap_or(Cell::new(0, 0));
        view.jump(c);
        i.cursor_step = None;
        i.confirm = false;
    }
    if let Some((dx, dy)) = i.cursor_step {
        let from = view
            .cursor
            .or(acting.map(|u| b.pos(u)))
            .unwrap_or(Cell::new(0, 0));
        // A cell at a time (several presses may come in one frame), each axis stopping
        // at the map's edge.
        let g = b.grid();
        let mut to = from;
        for _ in 0..dx.unsigned_abs() {
            let next = Cell::new(to.x + dx.signum(), to.y);
            if g.contains(next) {
                to = next;
            }
        }
        for _ in 0..dy.unsigned_abs() {
            let next = Cell::new(to.x, to.y + dy.signum());
            if g.contains(next) {
                to = next;
            }
        }
        view.jump(to);
    }
    if let Some(dir) = i.cycle {
        cycle(b, view, dir, looking);
    }
    if i.confirm {
        i.click = view.cursor;
    }
}

/// Tab: the cursor to the next (`dir` 1) or previous (-1) valid target of the armed
/// action or ability; with nothing armed, the next unit to inspect, in turn order (a
/// foe hidden from the side `looking` is skipped).
fn cycle(
    b: &Battle,
    view: &mut View,
    dir: i32,
    looking: Option<skirmish_rules::components::SideId>,
) {
    let acting = b.current();
    if let Some(cur) = acting
        && let Some(cells) = armed_targets(b, view, cur)
    {
        if cells.is_empty() {
            view.message = Some(("No valid target for it now.".into(), true));
            return;
        }
        let at = view.cursor.filter(|_| view.keyboard);
        view.jump(step(&cells, at, dir));
        return;
    }
    // Nothing armed: inspect the units in turn order (those down too: they have a card),
    // but for a foe hidden from the side looking.
    let units: Vec<UnitId> = b
        .order()
        .iter()
        .copied()
        .filter(|&u| crate::game::sight::seen_by(b, looking, u))
        .collect();
    if units.is_empty() {
        return;
    }
    let u = step(&units, view.selected.or(acting), dir);
    view.selected = Some(u);
    view.jump(b.pos(u));
}

/// The item after (before, for `dir` < 0) `at` in `items`, wrapping; the first (last)
/// when `at` is not among them.
fn step<T: Copy + PartialEq>(items: &[T], at: Option<T>, dir: i32) -> T {
    let n = items.len() as i32;
    let next = match at.and_then(|a| items.iter().position(|x| *x == a)) {
        Some(p) => (p as i32 + dir).rem_euclid(n),
        None if dir < 0 => n - 1,
        None => 0,
    };
    items[next as usize]
}

/// The cells the armed action or the ability being aimed can take now, nearest first
/// (`None`: nothing is armed). A unit target is its cell; an area is aimed at units'
/// cells; a cell target (a step, a summon) at every cell the rules allow.
pub fn armed_targets(b: &Battle, view: &View, cur: UnitId) -> Option<Vec<Cell>> {
    let here = b.pos(cur);
    let living: Vec<UnitId> = b
        .units()
        .filter(|&t| {
            crate::game::sight::unit_at_for(b, cur, b.pos(t))
                .or_else(|| crate::game::fallen::fallen_on(b, b.pos(t)))
                == Some(t)
        })
        .collect();
    let mut cells: Vec<Cell> = if let Some(c) = view.casting.as_ref().filter(|c| c.caster == cur) {
        let a = b.ability(cur, c.ability)?;
        let ok = |at: CastAt| b.check(&cast_command(cur, c.ability, at)).is_ok();
        match a.target {
            Targeting::User => vec![here],
            Targeting::One { .. } => living
                .iter()
                .filter(|&&t| ok(CastAt::Unit(t)))
                .map(|&t| b.pos(t))
                .collect(),
            Targeting::Several { .. } => living
                .iter()
                .filter(|&&t| ok(CastAt::Units(vec![t])))
                .map(|&t| b.pos(t))
                .collect(),
            Targeting::Area { .. } => living
                .iter()
                .map(|&t| b.pos(t))
                .filter(|&p| ok(CastAt::Cell(p)))
                .collect(),
            Targeting::Cell { .. } => b.grid().cells().filter(|&p| ok(CastAt::Cell(p))).collect(),
        }
    } else if let Some(Pending(a)) = view.pending {
        let ok = |p: Pick| a.with(b, cur, &p).is_ok_and(|cmd| b.check(&cmd).is_ok());
        match a.0.target {
            Target::Unit(_) => living
                .iter()
                .filter(|&&t| ok(Pick::Unit(t)))
                .map(|&t| b.pos(t))
                .collect(),
            Target::Cell(_) => b.grid().cells().filter(|&p| ok(Pick::Cell(p))).collect(),
            Target::None | Target::Words { .. } => return None,
        }
    } else {
        return None;
    };
    cells.sort_by_key(|&c| (b.grid().distance(here, c), c.y, c.x));
    cells.dedup();
    Some(cells)
}
