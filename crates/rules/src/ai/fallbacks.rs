//! The turn's fallbacks when no attack, cast or move is worth it: re-arming a unit with
//! nothing in hand, and a badly wounded unit stepping out of an enemy's reach.

use super::*;

/// A unit with nothing in hand to fight with (disarmed, or it put its weapons away)
/// picks up the item at its feet, or else draws its best stowed weapon, or else walks to
/// the nearest item lying where it can reach this turn (to pick it up next).
pub(super) fn rearm(
    b: &Battle,
    u: UnitId,
    tactics: &dyn AiTactics,
    reach_range: (u32, u32),
) -> Option<Command> {
    if reach_range != (0, 0) {
        return None;
    }
    let here = b.pos(u);
    if b.ground().iter().any(|(c, _)| *c == here)
        && let Some(c) = tactics.pick_up(b, u)
    {
        return Some(c);
    }
    let ws = b.weapons(u);
    let best = (0..ws.len())
        .filter(|&i| {
            b.carried(u, i) == Some(crate::components::Carried::Stowed)
                && !ws[i].has(crate::components::WeaponTag::Shield)
        })
        .max_by_key(|&i| {
            (
                ws[i].damage.max() + ws[i].damage.min(),
                std::cmp::Reverse(i),
            )
        });
    if let Some(item) = best
        && let Some(c) = tactics.draw(b, u, item)
    {
        return Some(c);
    }
    let field = b.reachable(u);
    let (_, to) = b
        .ground()
        .iter()
        .filter(|(c, _)| b.unit_at(*c, Some(u)).is_none())
        .filter_map(|&(c, _)| field.get(&c).map(|(cost, _)| (cost, c)))
        .min()?;
    legal(b, Command::Move { unit: u, to })
}

/// A unit is badly wounded at a third of its HP or less.
fn badly_wounded(b: &Battle, u: UnitId) -> bool {
    let max = b.get::<crate::components::Health>(u).map_or(0, |h| h.max);
    b.hp(u) * 3 <= max
}

/// A badly wounded unit that an enemy threatens where it stands takes a Step to the free
/// neighbouring cell no enemy threatens, farthest from the nearest enemy (the first in
/// direction order on a tie). `None` when it is not wounded, not threatened, or no such
/// Step is legal.
pub(super) fn disengage(
    b: &Battle,
    u: UnitId,
    foes: &[UnitId],
    t: &dyn AiTactics,
) -> Option<Command> {
    let here = b.pos(u);
    if !badly_wounded(b, u) || !foes.iter().any(|&e| b.threatens(e, here)) {
        return None;
    }
    let grid = b.grid();
    let mut best: Option<(u32, Cell)> = None;
    for c in grid.neighbours_iter(here) {
        if b.unit_at(c, Some(u)).is_some() || !b.terrain(c).standable() {
            continue;
        }
        let nearest = foes
            .iter()
            .map(|&e| grid.distance(c, b.pos(e)))
            .min()
            .unwrap_or(u32::MAX);
        // A cell no farther from the foes than the best so far cannot take its place:
        // whether a foe threatens it is not asked (but under the tests' exhaustive
        // switch, which holds the two to the same step).
        let beaten = best.is_some_and(|(d, _)| nearest <= d);
        if (beaten && !super::scan::exhaustive()) || foes.iter().any(|&e| b.threatens(e, c)) {
            continue;
        }
        if !beaten {
            best = Some((nearest, c));
        }
    }
    t.step_away(b, u, best?.1)
}
