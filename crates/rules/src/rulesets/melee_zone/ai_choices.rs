//! The melee-zone AI's choices of wave 3 (issue 30): where to stand (from behind, "When
//! attacking a unit from behind, you gain a +1 bonus to accuracy", valued by what the +1
//! adds to the hit chance), where not to aim a channeled area (it goes off a turn later,
//! where its own side will have closed in), when to toggle a spell's terrain, and when a
//! badly wounded unit keeps its Bonus Actions to Disengage.

use crate::abilities::Targeting;
use crate::ai::AimCost;
use crate::battle::Battle;
use crate::components::{Health, Pool, Slot, UnitId};
use crate::engine::{CastAt, Command};
use crate::grid::Cell;
use crate::odds::Distribution;

use super::MeleeZoneAction;
use super::casting::{toggleable, toggled_on, would_channel};
use super::facing::behind;
use super::numbers::{attack_bonus, speed};

/// The hit chance of d20 + `bonus` against `need` (a natural 20 hits, a natural 1 misses).
fn hit_chance(need: i32, bonus: i32) -> f64 {
    (f64::from(21 - (need - bonus)) / 20.0).clamp(0.05, 0.95)
}

/// What the +1 from behind adds to `u`'s attacks on `foe`, as a share of their value
/// (the hit chance with it over the chance without, less 1; 0 when a hit is already
/// certain but for a natural 1).
pub fn flank_gain(b: &Battle, u: UnitId, foe: UnitId) -> f64 {
    gain_with(b, u, foe, attack_bonus(b, u, false))
}

/// [`flank_gain`] with `u`'s attack bonus worked out by the caller (the same for every
/// foe).
fn gain_with(b: &Battle, u: UnitId, foe: UnitId, bonus: i32) -> f64 {
    gain_against(super::stealth::defence_number_against(b, u, foe), bonus)
}

/// [`gain_with`] against the number `need` to hit.
fn gain_against(need: i32, bonus: i32) -> f64 {
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
    // `u`'s foes from the record's lists by side (its allies are not walked).
    let foes = super::record::foes(b, u);
    position_factor_max_of(b, u, foes.into_iter().filter(|&e| b.alive(e)))
}

/// The largest [`position_factor`] over `foes` alone (living foes of `u`; the move
/// search's candidates), as [`position_factor_max`] works it out.
pub fn position_factor_max_among(b: &Battle, u: UnitId, foes: &[UnitId]) -> f64 {
    position_factor_max_of(b, u, foes.iter().copied().filter(|&e| b.alive(e)))
}

/// [`position_factor_max`] over the living foes `foes`.
fn position_factor_max_of(b: &Battle, u: UnitId, foes: impl Iterator<Item = UnitId>) -> f64 {
    let bonus = attack_bonus(b, u, false);
    // Whether `u` hides is asked once (then every foe it knows of is flat-footed to it:
    // `stealth::defence_number_against`); whether a foe hides (its `Hidden`, read from
    // the battle's mirror) only of a foe whose number could matter.
    if b.hidden(u) {
        // Every foe it knows of is flat-footed to it: one number for all.
        let mut known = foes.filter(|&e| !b.hidden(e));
        return known.next().map_or(1.0, |_| {
            f64::max(1.0, 1.0 + gain_against(super::numbers::FLAT_FOOTED, bonus))
        });
    }
    // `could(n)` = 1 + `gain_against(n, bonus)` is 1 (exactly: the same chance with
    // the +1 and without) unless 3 ≤ n − bonus ≤ 20, and rises with n there (the gain
    // is 1 / (21 − (n − bonus))). So the largest factor is `could` of the highest need
    // in that window, and the fold is kept as that need alone, in integers. Its number
    // is one of four by its Agility alone (flat-footed, prone, dodging, dodging with
    // Evade): its conditions are asked only when one could raise the highest so far,
    // and whether a dodging foe Evades (a ledger lookup) only when its number with or
    // without the +1 could.
    let (lo, hi) = (bonus + 3, bonus + 20);
    let mut best: Option<i32> = None;
    let raises = |n: i32, best: Option<i32>| (lo..=hi).contains(&n) && best.is_none_or(|m| n > m);
    let (ff, dodge) = (super::numbers::FLAT_FOOTED, super::numbers::DODGE_BASE);
    for e in foes {
        let agi = super::numbers::agility(b, e);
        if ![ff, ff + agi, dodge + agi, dodge + agi + 1]
            .iter()
            .any(|&n| raises(n, best))
            || b.hidden(e)
        {
            continue;
        }
        let (n, dodging) = super::numbers::defence_number_before_evade_with(b, e, agi);
        let need = if dodging {
            if !raises(n, best) && !raises(n + 1, best) {
                continue;
            }
            n + i32::from(super::numbers::evades(b, e))
        } else {
            n
        };
        if raises(need, best) {
            best = Some(need);
            if need == hi {
                break;
            }
        }
    }
    best.map_or(1.0, |n| 1.0 + gain_against(n, bonus))
}

/// [`position_factor_max`] as it was first written, every foe asked through
/// [`gain_with`] (the tests' slow path).
pub fn position_factor_max_slow(b: &Battle, u: UnitId) -> f64 {
    let bonus = attack_bonus(b, u, false);
    b.units()
        .filter(|&e| b.alive(e) && b.enemies(u, e) && !b.hidden(e))
        .map(|e| 1.0 + gain_with(b, u, e, bonus))
        .fold(1.0, f64::max)
}

/// The friendly fire a channeled area spell aimed at a cell is expected to do when it
/// goes off at the start of `u`'s next turn: each ally of `u` (not in the area now: the
/// engine counts those) with a melee weapon goes for one of the foes within its movement
/// and reach, so it stands in the area then as often as those foes stand there (their
/// share); each is weighed as the engine weighs a friend hit (`FRIEND_WEIGHT` × the
/// chance to hit it, d20 + Accuracy against its dodge, × the mean damage, at most its
/// HP). `None` for any other ability. Who may close in on whom, and what a hit on each
/// ally costs, do not depend on the aim: they are worked out once, here (for the allies
/// near enough to matter for an aim within the spell's range, the only aims the AI
/// weighs); the closure only counts who stands in the area of each aim.
pub fn channel_aim_cost(b: &Battle, u: UnitId, i: usize) -> Option<AimCost<'_>> {
    aim_cost_with(b, u, i, false)
}

/// [`channel_aim_cost`] with each ally's foes found as first written, by asking every
/// living unit (the tests' slow path).
pub fn channel_aim_cost_slow(b: &Battle, u: UnitId, i: usize) -> Option<AimCost<'_>> {
    aim_cost_with(b, u, i, true)
}

fn aim_cost_with(b: &Battle, u: UnitId, i: usize, slow: bool) -> Option<AimCost<'_>> {
    let a = b.ability(u, i)?;
    let Targeting::Area { shape, .. } = a.target else {
        return None;
    };
    if !a.hostile() || !would_channel(b, u, i) {
        return None;
    }
    let grid = b.grid();
    let caster = b.pos(u);
    // `u`'s living allies (an ally's foes are `u`'s: one side; the slow path walks
    // every living unit for them and the foes), and the cells of `u`'s foes it knows of,
    // by row: a foe within `within` of an ally is at
    // most `within` rows away from it (a step moves one row at most, on either grid),
    // so each ally looks only at the rows in reach. Only the count of an ally's foes
    // and of those in an area are read, so their order does not matter.
    let mut allies_at: Vec<(UnitId, Cell)> = Vec::new();
    let mut foe_cells: Vec<Cell> = Vec::new();
    if slow {
        for x in b.units().filter(|&x| b.alive(x)) {
            if b.enemies(u, x) {
                if !b.hidden(x) {
                    foe_cells.push(b.pos(x));
                }
            } else if x != u {
                allies_at.push((x, b.pos(x)));
            }
        }
    } else {
        // Its side's units from the record's lists (the foes are not walked here).
        allies_at.extend(
            super::record::side_units(b, u)
                .into_iter()
                .filter(|&x| x != u && b.alive(x))
                .map(|x| (x, b.pos(x))),
        );
    }
    let bonus = attack_bonus(b, u, false);
    let mean: f64 = a
        .effects
        .iter()
        .filter_map(|e| e.damage_dice(b.stats(u)))
        .filter_map(Distribution::of)
        .map(|d| d.mean())
        .sum();
    // Each ally that may close in: where it stands, the cells of the foes it can close
    // in on before the spell goes off (it goes for one of them), the spell's chance to
    // hit it (d20 + Accuracy against its dodge; crits aside) and the mean damage, at
    // most its HP.
    let mut allies: Vec<(Cell, Vec<Cell>, f64, f64)> = Vec::new();
    // The allies that may close in on a foe in an area aimed in range, with how far.
    let farthest = shape.farthest(a.range());
    let mut near: Vec<(UnitId, Cell, u32)> = Vec::new();
    // No unit is faster than this (the record's bound; the slow path asks every ally).
    let fastest = if slow {
        None
    } else {
        super::record::speed_bound(b)
    };
    for &(ally, here) in &allies_at {
        let reach = b.threat_reach(ally);
        if reach == 0 {
            continue;
        }
        let d = grid.distance(caster, here);
        // Too far even at the fastest speed: not asked its own.
        if let Some(s) = fastest
            && d > farthest.saturating_add(s.saturating_add(reach))
        {
            continue;
        }
        let within = speed(b, ally) + reach;
        // Its foes are within `within` of it: none stands in an area aimed in range (the
        // only aims the AI weighs) when it is this far from the caster.
        if d > farthest.saturating_add(within) {
            continue;
        }
        near.push((ally, here, within));
    }
    if !slow {
        // A foe within `within` of such an ally is within `farthest + 2 × within` of the
        // caster: only those are listed (the foes `u` knows of, in level order, by row).
        let most = near.iter().map(|&(_, _, w)| w).max().unwrap_or(0);
        let bound = farthest.saturating_add(most.saturating_mul(2));
        foe_cells.extend(
            b.visible_foes(u)
                .map(|(_, p)| p)
                .filter(|&p| grid.distance(caster, p) <= bound),
        );
    }
    foe_cells.sort_unstable_by_key(|c| (c.y, c.x));
    for (ally, here, within) in near {
        let rows = i32::try_from(within).unwrap_or(i32::MAX);
        let first = foe_cells.partition_point(|c| c.y < here.y.saturating_sub(rows));
        let foes: Vec<Cell> = if slow {
            b.units()
                .filter(|&e| {
                    b.alive(e)
                        && !(b.enemies(u, e) && b.hidden(e))
                        && b.enemies(ally, e)
                        && grid.distance(here, b.pos(e)) <= within
                })
                .map(|e| b.pos(e))
                .collect()
        } else {
            foe_cells[first..]
                .iter()
                .take_while(|c| c.y <= here.y.saturating_add(rows))
                .filter(|&&at| grid.distance(here, at) <= within)
                .copied()
                .collect()
        };
        if foes.is_empty() {
            continue;
        }
        let need = super::stealth::defence_number_against(b, u, ally);
        let p = hit_chance(need, bonus);
        let hp = f64::from(b.hp(ally).max(0));
        allies.push((here, foes, p, mean.min(hp)));
    }
    Some(Box::new(move |at: &CastAt| {
        let CastAt::Cell(aim) = at else {
            return 0.0;
        };
        // Who is in the area (a burst: within its radius of the aim; else its cells).
        let cells = match shape {
            crate::abilities::area::Shape::Burst { .. } => Vec::new(),
            _ => crate::abilities::area::cells(&grid, caster, *aim, shape),
        };
        let inside = |c: Cell| match shape {
            crate::abilities::area::Shape::Burst { radius } => grid.distance(c, *aim) <= radius,
            _ => cells.contains(&c),
        };
        let mut cost = 0.0;
        for (here, foes, p, damage) in &allies {
            if inside(*here) {
                continue;
            }
            let caught = foes.iter().filter(|&&c| inside(c)).count() as u32;
            if caught == 0 {
                continue;
            }
            let share = f64::from(caught) / f64::from(foes.len() as u32);
            cost += share * crate::ai::cast::FRIEND_WEIGHT * p * damage;
        }
        cost
    }))
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
        let (allies, foes) = near_cells_with(b, u, &cells, crate::ai::cast::slow_casting());
        let on = toggled_on(b, u, i);
        if (on && allies > foes) || (!on && foes > allies) {
            return crate::ai::value::act(b, u, MeleeZoneAction::Toggle { ability: i }.into());
        }
    }
    None
}

/// How many living allies (`u` too) and foes of `u` stand on or next to one of `cells`,
/// each unit counted once (what [`toggle`] weighs): from the cell index around each cell
/// (only the counts are read, not the order).
pub fn near_cells(b: &Battle, u: UnitId, cells: &[Cell]) -> (u32, u32) {
    near_cells_with(b, u, cells, false)
}

/// [`near_cells`] by a walk of every unit (the tests' slow path).
pub fn near_cells_slow(b: &Battle, u: UnitId, cells: &[Cell]) -> (u32, u32) {
    near_cells_with(b, u, cells, true)
}

fn near_cells_with(b: &Battle, u: UnitId, cells: &[Cell], slow: bool) -> (u32, u32) {
    let near = |x: UnitId| {
        let p = b.pos(x);
        cells.iter().any(|&c| b.grid().distance(p, c) <= 1)
    };
    let listed: Vec<UnitId> = if slow {
        b.units().filter(|&x| b.alive(x) && near(x)).collect()
    } else {
        let mut v: Vec<UnitId> = cells.iter().flat_map(|&c| b.units_within(c, 1)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (mut allies, mut foes) = (0, 0);
    for x in listed {
        if b.enemies(u, x) {
            foes += 1;
        } else {
            allies += 1;
        }
    }
    (allies, foes)
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
