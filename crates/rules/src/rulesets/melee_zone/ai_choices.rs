//! The melee-zone AI's choices of wave 3 (issue 30): where to stand (from behind, "When
//! attacking a unit from behind, you gain a +1 bonus to accuracy", valued by what the +1
//! adds to the hit chance), where not to aim a channeled area (it goes off a turn later,
//! where its own side will have closed in), when to toggle a spell's terrain, and when a
//! badly wounded unit keeps its Bonus Actions to Disengage.

use crate::abilities::Targeting;
use crate::battle::Battle;
use crate::components::{Health, Pool, Slot, UnitId};
use crate::engine::{CastAt, Command};
use crate::grid::Cell;
use crate::odds::Distribution;

use super::MeleeZoneAction;
use super::casting::{toggleable, toggled_on, would_channel};
use super::facing::behind;
use super::numbers::{Boost, accuracy, boosted, speed};

/// The hit chance of d20 + `bonus` against `need` (a natural 20 hits, a natural 1 misses).
fn hit_chance(need: i32, bonus: i32) -> f64 {
    (f64::from(21 - (need - bonus)) / 20.0).clamp(0.05, 0.95)
}

/// What the +1 from behind adds to `u`'s attacks on `foe`, as a share of their value
/// (the hit chance with it over the chance without, less 1; 0 when a hit is already
/// certain but for a natural 1).
pub fn flank_gain(b: &Battle, u: UnitId, foe: UnitId) -> f64 {
    let (need, _) = super::stealth::defence_against(b, u, foe);
    let bonus = accuracy(b, u) + i32::from(boosted(b, u, Boost::Hit));
    let plain = hit_chance(need, bonus);
    let flanked = hit_chance(need, bonus + super::facing::FLANKING);
    flanked / plain - 1.0
}

/// The move search's factor for attacking `foe` from `c`: 1 + [`flank_gain`] behind it.
pub fn position_factor(b: &Battle, u: UnitId, c: Cell, foe: UnitId) -> f64 {
    if behind(b, foe, c) {
        1.0 + flank_gain(b, u, foe)
    } else {
        1.0
    }
}

/// The largest [`position_factor`] over `u`'s foes it knows of.
pub fn position_factor_max(b: &Battle, u: UnitId) -> f64 {
    b.units()
        .filter(|&e| b.alive(e) && b.enemies(u, e) && !b.hidden(e))
        .map(|e| 1.0 + flank_gain(b, u, e))
        .fold(1.0, f64::max)
}

/// The friendly fire a channeled area spell aimed at `at` is expected to do when it goes
/// off at the start of `u`'s next turn: each ally of `u` (not in the area now: the
/// engine counts those) with a melee weapon goes for one of the foes within its movement
/// and reach, so it stands in the area then as often as those foes stand there (their
/// share); each is weighed as the engine weighs a friend hit (`FRIEND_WEIGHT` × the
/// chance to hit it, d20 + Accuracy against its dodge, × the mean damage, at most its
/// HP).
pub fn channel_aim_cost(b: &Battle, u: UnitId, i: usize, at: &CastAt) -> f64 {
    let (CastAt::Cell(aim), Some(a)) = (at, b.ability(u, i)) else {
        return 0.0;
    };
    let Targeting::Area { shape, .. } = a.target else {
        return 0.0;
    };
    if !a.hostile() || !would_channel(b, u, i) {
        return 0.0;
    }
    let grid = b.grid();
    // Who is in the area (a burst: within its radius of the aim; else its cells).
    let cells = match shape {
        crate::abilities::area::Shape::Burst { .. } => Vec::new(),
        _ => crate::abilities::area::cells(&grid, b.pos(u), *aim, shape),
    };
    let inside = |c: Cell| match shape {
        crate::abilities::area::Shape::Burst { radius } => grid.distance(c, *aim) <= radius,
        _ => cells.contains(&c),
    };
    // Every living unit once: where, and whether its foes know where it is.
    let units: Vec<(UnitId, Cell, bool)> = b
        .units()
        .filter(|&x| b.alive(x))
        .map(|x| (x, b.pos(x), b.hidden(x)))
        .collect();
    let bonus = accuracy(b, u) + i32::from(boosted(b, u, Boost::Hit));
    let mut cost = 0.0;
    let mut mean: Option<f64> = None;
    for &(ally, here, _) in &units {
        if ally == u || b.enemies(u, ally) || inside(here) {
            continue;
        }
        let reach = b.threat_reach(ally);
        if reach == 0 {
            continue;
        }
        // The foes it can close in on before the spell goes off, and how many of them
        // stand in the area: it goes for one of them.
        let within = speed(b, ally) + reach;
        let (mut can, mut caught) = (0u32, 0u32);
        for &(e, at, hidden) in &units {
            if !hidden && b.enemies(ally, e) && grid.distance(here, at) <= within {
                can += 1;
                caught += u32::from(inside(at));
            }
        }
        if caught == 0 {
            continue;
        }
        let share = f64::from(caught) / f64::from(can);
        let mean = *mean.get_or_insert_with(|| {
            a.effects
                .iter()
                .filter_map(|e| e.damage_dice(b.stats(u)))
                .filter_map(Distribution::of)
                .map(|d| d.mean())
                .sum()
        });
        // The spell's attack roll on it (d20 + Accuracy against its dodge; crits aside).
        let (need, _) = super::stealth::defence_against(b, u, ally);
        let p = hit_chance(need, bonus);
        let hp = f64::from(b.hp(ally).max(0));
        cost += share * crate::ai::cast::FRIEND_WEIGHT * p * mean.min(hp);
    }
    cost
}

/// Toggle a spell's terrain when it now hinders `u`'s side more than its foes: down when
/// more allies than foes stand on its cells or next to them, up again when more foes
/// than allies do (a Bonus Action; never both ways in one turn, as the counts decide).
pub fn toggle(b: &Battle, u: UnitId) -> Option<Command> {
    if b.slots(u, Slot::Bonus) == 0 {
        return None;
    }
    for i in toggleable(b, u) {
        let cells = super::casting::laid_cells(b, u, i);
        let near = |x: UnitId| {
            let p = b.pos(x);
            cells.iter().any(|&c| b.grid().distance(p, c) <= 1)
        };
        let (mut allies, mut foes) = (0, 0);
        for x in b.units().filter(|&x| b.alive(x) && near(x)) {
            if b.enemies(u, x) {
                foes += 1;
            } else {
                allies += 1;
            }
        }
        let on = toggled_on(b, u, i);
        if (on && allies > foes) || (!on && foes > allies) {
            return crate::ai::value::act(b, u, MeleeZoneAction::Toggle { ability: i }.into());
        }
    }
    None
}

/// Is `u` badly wounded (a third of its HP or less, as the shared AI reads it) where a
/// foe it knows of may take a free hit on it (in its zone, with a Free Hit Slot)?
pub fn keeps_bonus_to_disengage(b: &Battle, u: UnitId) -> bool {
    let max = b.get::<Health>(u).map_or(0, |h| h.max);
    b.hp(u) * 3 <= max && free_hit_threat(b, u)
}

/// Does any foe threaten `u` with a free hit now (in its zone, a slot left)?
pub fn free_hit_threat(b: &Battle, u: UnitId) -> bool {
    b.units().any(|e| {
        b.enemies(u, e) && super::attack::in_zone(b, e, u) && b.pool(e, Pool::FreeHits) > 0
    })
}
