//! The AI's casting (issue 17): which of the unit's abilities to use, and at what, by
//! expected value. Every known ability the ruleset lets the unit pay for now is aimed at
//! each candidate (itself; each creature in range; for an area, the cells on and around
//! the foes in range), the engine says who would be hit ([`Battle::cast_targets`], the
//! same pure check the casting uses) and the ruleset gives the chance it lands on each
//! ([`crate::rulesets::Ruleset::ability_chance`], the number the preview shows). The value
//! of an aim is, in HP:
//! - for each foe hit: the chance × (expected damage, capped at its HP, plus
//!   [`KILL_BONUS`] × the chance to take it down), plus the same for what it does on a
//!   miss or a made save; a small value for a condition it does not have yet or a push;
//! - for each friend hit (the caster included): the same damage as a loss, weighed
//!   [`FRIEND_WEIGHT`] times; healing worth the HP it would restore (twice that for a
//!   badly wounded one, plus [`KILL_BONUS`] for bringing back one who is down), a small
//!   value for a pool it grants while a foe is near;
//! - less the expected damage of the reactions a provoking casting draws where the caster
//!   stands, [`USE_COST`] for spending a limited use (a potion, a charge) and
//!   [`ORDER_COST`] per point of the ability's order (what a spell costs from a limited
//!   pool).
//!
//! It names no ability, action or condition of any ruleset: the ruleset's checks
//! (`Battle::check`) decide what may be cast, and its odds how likely it lands.

#[path = "cast_effects.rs"]
mod effects;

use crate::abilities::{Ability, Targeting};
use crate::battle::Battle;
use crate::components::{Health, UnitId};
use crate::engine::{Action, CastAt, Command, CommonAction};
use crate::event::{AttackKind, Event};
use crate::grid::Cell;
use effects::{Effects, Parts, Sketch, odds_bound, once_in_order};

/// The least value (HP) for which the AI casts rather than attacking or moving.
pub const CAST_MIN: f64 = 1.0;
/// The least value for which the AI uses a minor ability (a pool it grants itself)
/// instead of bracing.
pub const MINOR_CAST_MIN: f64 = 0.2;
/// How much a friend's loss weighs against the same loss to a foe.
pub const FRIEND_WEIGHT: f64 = 1.25;
/// Value of a condition laid on a foe (or a helpful one on a friend) per turn it lasts
/// (at most 3 turns counted; one turn for any other duration).
pub const CONDITION_VALUE: f64 = 1.5;
/// Value of each point of a pool granted to a friend while a foe is near.
pub const GRANT_VALUE: f64 = 0.5;
/// Value of pushing a foe away.
pub const PUSH_VALUE: f64 = 0.3;
/// The cost of spending one of an ability's limited uses.
pub const USE_COST: f64 = 1.0;
/// The cost of each point of an ability's order (paid from a limited pool).
pub const ORDER_COST: f64 = 0.75;
/// Value of a summoned unit per HP it has (while a foe is near).
pub const SUMMON_VALUE_PER_HP: f64 = 0.5;
/// Cells around a foe at which a grant counts as "near a fight".
const NEAR: u32 = 8;

thread_local! {
    /// The tests' switch for the casting's slow paths ([`set_slow_casting`]).
    static SLOW: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The tests' switch: when on, [`best_cast`] finds its candidates and an area's pool by
/// walking every unit, and a summon's nearest foe among every foe, as first written (the
/// slow paths the fast ones are compared with; same answers).
pub fn set_slow_casting(on: bool) {
    SLOW.with(|x| x.set(on));
}

/// Whether the tests' slow paths are on ([`set_slow_casting`]).
fn slow() -> bool {
    SLOW.with(|x| x.get())
}

/// Whether the tests' slow paths are on ([`set_slow_casting`]), for the rulesets' own
/// casting choices.
pub fn slow_casting() -> bool {
    slow()
}

/// The cast command for ability `i` aimed `at`.
pub fn cast_command(unit: UnitId, ability: usize, at: CastAt) -> Command {
    Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    }
}

/// Did `u` use ability `i` already in its current turn?
fn used_this_turn(b: &Battle, u: UnitId, i: usize) -> bool {
    for l in b.log().iter().rev() {
        match &l.event {
            Event::TurnStarted { unit, .. } if *unit == u => return false,
            Event::Cast { unit, ability, .. } if *unit == u && *ability == i => return true,
            _ => {}
        }
    }
    false
}

/// The best ability `u` could use now and its value, among those the ruleset lets it
/// pay for (see the module's words). `None`: nothing known, affordable and legal.
pub fn best_cast(b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<(f64, Command)> {
    best_cast_with(b, u, foes, super::tactics(b))
}

/// [`best_cast`] with the given tactics (their [`crate::ai::AiTactics::aim_cost`] taken
/// off each aim's value).
pub fn best_cast_with(
    b: &Battle,
    u: UnitId,
    foes: &[UnitId],
    t: &dyn crate::ai::AiTactics,
) -> Option<(f64, Command)> {
    if b.abilities(u).is_empty() {
        return None;
    }
    let (grid, here) = (b.grid(), b.pos(u));
    let dist: Vec<u32> = foes
        .iter()
        .map(|&e| grid.distance(here, b.pos(e)))
        .collect();
    best_cast_among(b, u, (foes, &dist), t)
}

/// [`best_cast_with`] with each foe's distance from `u` (in the order of `foes`) already
/// worked out, as the AI's decision has them.
pub(super) fn best_cast_among(
    b: &Battle,
    u: UnitId,
    (foes, dist): (&[UnitId], &[u32]),
    t: &dyn crate::ai::AiTactics,
) -> Option<(f64, Command)> {
    if b.abilities(u).is_empty() {
        return None;
    }
    // The options found with each ability's aims held to beating the best option of the
    // abilities before it: an aim left out that way is worth less than an option kept,
    // so the best option is the one every aim would give. The engine's check passes it
    // (almost always): done. When it refuses it, the options are found again with no
    // such floor and the first the check passes is cast, as before.
    let prune = !slow();
    let options = cast_options(b, u, (foes, dist), t, prune);
    let first = options
        .first()
        .map(|(v, i, at)| (*v, cast_command(u, *i, at.clone())));
    match first {
        None => None,
        Some((v, c)) if b.check(&c).is_ok() => Some((v, c)),
        Some(_) => {
            let options = if prune {
                cast_options(b, u, (foes, dist), t, false)
            } else {
                options
            };
            options.into_iter().find_map(|(v, i, at)| {
                let c = cast_command(u, i, at);
                b.check(&c).is_ok().then_some((v, c))
            })
        }
    }
}

/// The options [`best_cast_among`] chooses from: for each ability the ruleset lets `u` pay
/// for now, its best aim and the value after costs when above 0, best first (then in
/// ability order). With `prune`, an ability's aims must also beat the best option of the
/// abilities before it ([`best_aim`]'s floor): one that cannot is left out, or its
/// option is one worth less than that best.
fn cast_options(
    b: &Battle,
    u: UnitId,
    (foes, dist): (&[UnitId], &[u32]),
    t: &dyn crate::ai::AiTactics,
    prune: bool,
) -> Vec<(f64, usize, CastAt)> {
    let known = b.abilities(u);
    let rules = b.rules();
    let grid = b.grid();
    let here = b.pos(u);
    let near = dist.iter().any(|&d| d <= NEAR);
    // The reactions a provoking casting draws here, asked once.
    let mut risk: Option<f64> = None;
    let mut provoked = |b: &Battle| -> f64 {
        *risk.get_or_insert_with(|| {
            b.leave_reactors(u, here)
                .into_iter()
                .filter(|&r| !b.hidden(r))
                .filter_map(|r| {
                    let w = b.best_melee(r, grid.distance(b.pos(r), here))?;
                    // The tactics' value is `attack_value`'s to the bit (counters
                    // answers it from its memo; the tests' slow path works it out).
                    Some(if slow() {
                        crate::ai::attack_value(b, r, u, w, AttackKind::Reaction)
                    } else {
                        t.exact_attack_value(b, r, u, w, AttackKind::Reaction)
                    })
                })
                .sum()
        })
    };
    let stats = b.stats(u);
    let mut options: Vec<(f64, usize, CastAt)> = Vec::new();
    // The best option so far (when pruning).
    let mut top: Option<f64> = None;
    for (i, a) in known.iter().enumerate() {
        if b.uses_left(u, i).is_some_and(|n| n < 1) {
            continue;
        }
        // Nothing to aim at: no need to ask its price (the aims below would be none).
        if !may_have_aim(a, dist) {
            continue;
        }
        // The price and the ruleset's own conditions do not depend on the aim.
        let probe = Action::Common(CommonAction::Cast {
            ability: i,
            at: CastAt::User,
        });
        if rules.check_action(b, u, &probe).is_err() {
            continue;
        }
        let sketch = Sketch {
            hostile: a.hostile(),
            hit: Effects::of(&a.effects, stats, &a.effects),
            miss: Effects::of(&a.on_miss, stats, &a.effects),
        };
        // Worth a grant or a self-buff once a turn at most.
        let minor = sketch.hit.damage.is_none()
            && sketch.hit.heal.is_none()
            && sketch.miss.damage.is_none();
        if minor && used_this_turn(b, u, i) {
            continue;
        }
        let mut cost = 0.0;
        if a.uses_in_battle().is_some() {
            cost += USE_COST;
        }
        // Points of a pool not regained in the battle (escalation's Power).
        cost += USE_COST * f64::from(a.spend.unwrap_or(0));
        cost += ORDER_COST * f64::from(a.order);
        if a.provoking() {
            cost += provoked(b);
        }
        // An aim worth no more than `cost + top` before its aim cost gives an option worth
        // no more than `top`; the margin (far above the rounding of these few
        // operations) makes it less than `top`, so ties keep their order.
        let floor = match top {
            Some(f) if prune => {
                let margin = 1e-9 * (1.0 + cost.abs() + f.abs());
                (cost + f - margin).max(cost)
            }
            _ => cost,
        };
        let Some((v, at)) = best_aim(b, u, i, a, &sketch, (foes, dist), near, t, floor) else {
            continue;
        };
        let v = v - cost;
        if v > 0.0 {
            options.push((v, i, at));
            top = Some(top.map_or(v, |f| f.max(v)));
        }
    }
    options.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    options
}

/// Could hostile ability `a` find an aim among `foes` ([`best_aim`] aims a hostile
/// one-creature or several-creature ability at foes in range, an area at the cells on and
/// next to foes within its range + 1)? `false` only when [`best_aim`] would find none.
/// (`dist`: each foe's distance from the user.)
fn may_have_aim(a: &Ability, dist: &[u32]) -> bool {
    let reach = match a.target {
        Targeting::One { .. } | Targeting::Several { .. } => a.range(),
        Targeting::Area { .. } => a.range().saturating_add(1),
        Targeting::User | Targeting::Cell { .. } => return true,
    };
    if !a.hostile() {
        return true;
    }
    dist.iter().any(|&d| d <= reach)
}

/// The best aim for ability `i` and its value before costs (the tactics' own
/// [`crate::ai::AiTactics::aim_cost`] taken off each aim), among the aims worth more
/// than `floor` before that cost (an aim worth no more than the costs the caller takes
/// off is never cast: leaving it out changes no choice, as an aim cost is never
/// negative). `None`: no such aim.
#[allow(clippy::too_many_arguments)]
fn best_aim(
    b: &Battle,
    u: UnitId,
    i: usize,
    a: &Ability,
    s: &Sketch,
    (foes, dist): (&[UnitId], &[u32]),
    near: bool,
    t: &dyn crate::ai::AiTactics,
    floor: f64,
) -> Option<(f64, CastAt)> {
    let rules = b.rules();
    let grid = b.grid();
    let here = b.pos(u);
    let range = a.range();
    let slow = slow();
    // Effects that value every target at 0 (a terrain alone: Mire) make every aim but a
    // summon's worth 0, never above a floor of 0 or more: no aim is kept.
    if !slow
        && s.hit.is_empty()
        && s.miss.is_empty()
        && floor >= 0.0
        && !matches!(a.target, Targeting::Cell { .. })
    {
        return None;
    }
    // Only a healing ability may target a unit that is not alive ([`Battle::may_target`]).
    // The units within `r` of the caster, in level order (the slow path walks every
    // unit): the living ones the cell index lists ([`Battle::units_within`]), and for a
    // healing ability the fallen within `r` too (a walk of the roster that asks each
    // only whether it is alive).
    // (None in a ruleset whose tactics say no healing targets the fallen.)
    let fallen_too = a.heals() && t.heals_the_fallen(b);
    let near_units = |r: u32| -> Vec<UnitId> {
        let mut out = b.units_within(here, r);
        if fallen_too {
            out.extend(
                b.units()
                    .filter(|&t| !b.alive(t) && grid.distance(here, b.pos(t)) <= r),
            );
            out.sort_unstable();
        }
        out
    };
    // (harm, help) of a hit on `t` and of a miss: what its value weighs by the odds.
    let parts = |t: UnitId| -> Parts {
        (
            s.hit.on(b, t, near, s.hostile),
            s.miss.on(b, t, near, s.hostile),
        )
    };
    // What hitting `t` is worth, from its parts and the ruleset's odds.
    let of_parts = |t: UnitId, ((h1, g1), (h0, g0)): Parts| -> f64 {
        let p = rules.ability_chance(b, u, t, i).clamp(0.0, 1.0);
        let harm = p * h1 + (1.0 - p) * h0;
        let help = p * g1 + (1.0 - p) * g0;
        if b.enemies(u, t) {
            harm - help
        } else {
            help - FRIEND_WEIGHT * harm
        }
    };
    let n = b.units().count();
    // Made at the first value asked (a one-target ability asks none).
    let mut cache: Vec<Option<f64>> = Vec::new();
    // What hitting `t` is worth (cached per target).
    let mut value = |t: UnitId| -> f64 {
        if cache.is_empty() {
            cache = vec![None; n];
        }
        let k = t.0 as usize;
        if let Some(Some(v)) = cache.get(k) {
            return *v;
        }
        let v = of_parts(t, parts(t));
        if let Some(slot) = cache.get_mut(k) {
            *slot = Some(v);
        }
        v
    };
    let sum = |b: &Battle, at: &CastAt, value: &mut dyn FnMut(UnitId) -> f64| {
        b.cast_targets(u, i, at)
            .ok()
            .map(|ts| ts.into_iter().map(&mut *value).sum::<f64>())
    };
    let mut best: Option<(f64, CastAt)> = None;
    // The tactics' cost of each aim, prepared at the first aim (once per ability).
    let mut aim_cost: Option<Option<crate::ai::tactics::AimCost>> = None;
    // Could an aim worth `v` before its aim cost be cast, and beat the best so far? (Its
    // aim cost, never negative, only lowers it.)
    let worth = |best: &Option<(f64, CastAt)>, v: f64| {
        v > floor && best.as_ref().is_none_or(|(bv, _)| v > *bv)
    };
    // An aim's value less its aim cost.
    let mut after_cost = |v: f64, at: &CastAt| -> f64 {
        let cost = aim_cost.get_or_insert_with(|| t.aim_cost(b, u, i));
        match cost {
            Some(f) => {
                let c = f(at);
                debug_assert!(c >= 0.0, "a negative aim cost {c} for {at:?}");
                v - c
            }
            None => v,
        }
    };
    let mut consider = |best: &mut Option<(f64, CastAt)>, v: f64, at: CastAt| {
        if !worth(best, v) {
            return;
        }
        let v = after_cost(v, &at);
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            *best = Some((v, at));
        }
    };
    // Whom a one-target ability is meant for: foes for a hostile one, friends (the user
    // too) for any other; a friend only when it is wounded or down, or the ability does
    // more than heal.
    // (A foe farther than `range + 1` is none of them: every aim below is within
    // `range`, or an area's centre within `range + 1`.)
    let candidates = |b: &Battle| -> Vec<UnitId> {
        if s.hostile {
            foes.iter()
                .zip(dist)
                .filter(|&(_, &d)| d <= range.saturating_add(1))
                .map(|(&e, _)| e)
                .collect()
        } else {
            // (Every use below keeps only those within `range + 1`.)
            let pool: Box<dyn Iterator<Item = UnitId>> = if !slow {
                Box::new(near_units(range.saturating_add(1)).into_iter())
            } else {
                Box::new(b.units())
            };
            pool.filter(|&t| !b.enemies(u, t) && b.may_target(t, a))
                .filter(|&t| {
                    s.hit.heal.is_none()
                        || s.hit.grant > 0
                        || !s.hit.conditions.is_empty()
                        || b.get::<Health>(t).is_some_and(|h| h.hp < h.max)
                })
                .collect()
        }
    };
    match a.target {
        Targeting::User => {
            if let Some(v) = sum(b, &CastAt::User, &mut value) {
                consider(&mut best, v, CastAt::User);
            }
        }
        Targeting::One { .. } => {
            // `Battle::cast_targets` names the one target when it accepts it. A target
            // whose value cannot count, whatever the odds ([`odds_bound`]), is not asked
            // its odds nor whether the aim reaches it.
            // A hostile one's candidates are the foes within `range`, read off `dist`
            // (each foe's distance from the user) without a list.
            let listed: Vec<UnitId> = if s.hostile && !slow {
                Vec::new()
            } else {
                candidates(b)
            };
            let direct = if listed.is_empty() && s.hostile && !slow {
                foes.len()
            } else {
                0
            };
            let foes_in_range = foes[..direct]
                .iter()
                .zip(dist)
                .map(|(&e, &d)| (e, d))
                .chain(
                    listed
                        .into_iter()
                        .map(|t| (t, grid.distance(here, b.pos(t)))),
                );
            for (t, d) in foes_in_range {
                debug_assert_eq!(d, grid.distance(here, b.pos(t)), "a foe's distance");
                if d > range {
                    continue;
                }
                let x = parts(t);
                if !slow && !worth(&best, odds_bound(b.enemies(u, t), x)) {
                    continue;
                }
                if !b.cast_unit_reaches(u, a, t) {
                    continue;
                }
                let v = of_parts(t, x);
                consider(&mut best, v, CastAt::Unit(t));
            }
        }
        Targeting::Several { count, .. } => {
            let mut ts: Vec<(f64, UnitId)> = candidates(b)
                .into_iter()
                .filter(|&t| grid.distance(here, b.pos(t)) <= range)
                .filter(|&t| b.cast_unit_reaches(u, a, t))
                .map(|t| (value(t), t))
                .filter(|(v, _)| *v > 0.0)
                .collect();
            ts.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
            ts.truncate(count as usize);
            if !ts.is_empty() {
                let at = CastAt::Units(ts.iter().map(|&(_, t)| t).collect());
                if let Some(v) = sum(b, &at, &mut value) {
                    consider(&mut best, v, at);
                }
            }
        }
        Targeting::Area { .. } => {
            // Aim at the cells on and next to each foe in range (each friend's for a
            // helpful area).
            let centres: Vec<Cell> = candidates(b)
                .into_iter()
                .map(|t| b.pos(t))
                .filter(|&c| grid.distance(here, c) <= range + 1)
                .collect();
            let mut cells: Vec<Cell> = Vec::new();
            for c in centres {
                for x in std::iter::once(c).chain(grid.neighbours_iter(c)) {
                    if grid.distance(here, x) <= range {
                        cells.push(x);
                    }
                }
            }
            // Each cell once, in cell order.
            once_in_order(&mut cells, slow);
            // Who may be hit does not depend on the aim: listed once (in unit order, as
            // `Battle::cast_targets` lists them), each aim's targets picked from it into
            // one buffer.
            // An area aimed within range reaches no unit farther than its farthest cell
            // from the caster (the triangle inequality holds on both grids).
            let farthest = match a.target {
                Targeting::Area { shape, .. } => shape.farthest(range),
                _ => u32::MAX,
            };
            let pool = if !slow {
                b.area_pool(u, a, near_units(farthest).into_iter())
            } else {
                b.area_pool(
                    u,
                    a,
                    b.units()
                        .filter(|&t| grid.distance(here, b.pos(t)) <= farthest),
                )
            };
            // A burst's sums found unit by unit (the same sums, to the bit).
            let sums = pool.burst_sums(&cells, &mut value);
            let mut hit: Vec<UnitId> = Vec::new();
            let vs: Vec<f64> = match sums {
                Some(sums) if !cfg!(debug_assertions) => sums,
                _ => cells
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| {
                        hit.clear();
                        pool.members(c, &mut hit);
                        let v = hit.iter().map(|&t| value(t)).sum::<f64>();
                        // The debug build checks the fast paths against the engine's
                        // answer at every aim of every battle it plays.
                        if cfg!(debug_assertions) {
                            if let Some(sums) = &sums {
                                assert_eq!(sums[k].to_bits(), v.to_bits(), "burst sum at {c}");
                            }
                            if b.cast_reaches(u, a, c) {
                                let all = b.cast_targets(u, i, &CastAt::Cell(c));
                                assert_eq!(all.ok(), Some(hit.clone()), "targets at {c}");
                            }
                        }
                        v
                    })
                    .collect(),
            };
            // The aim worth most before its aim cost (the first in cell order), when it
            // counts and reaches, is weighed first: an aim after it worth less than its
            // value after its aim cost (or as much, later in cell order) cannot be kept,
            // so it is not asked its aim cost nor whether it reaches. The aim kept is the
            // same: the first in cell order of those worth most after their aim cost.
            let top = vs
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v > floor)
                .fold(None, |m: Option<(usize, f64)>, (k, &v)| match m {
                    Some((_, mv)) if mv >= v => m,
                    _ => Some((k, v)),
                })
                .map(|(k, _)| k)
                .filter(|&k| !slow && b.cast_reaches(u, a, cells[k]));
            match top {
                Some(s) => {
                    let at = CastAt::Cell(cells[s]);
                    let (mut bv, mut bk) = (after_cost(vs[s], &at), s);
                    let mut kept = at;
                    for (k, (&c, &v)) in cells.iter().zip(&vs).enumerate() {
                        if k == s || v.is_nan() || v <= floor || v < bv || (v == bv && k > bk) {
                            continue;
                        }
                        if !b.cast_reaches(u, a, c) {
                            continue;
                        }
                        let at = CastAt::Cell(c);
                        let w = after_cost(v, &at);
                        if w > bv || (w == bv && k < bk) {
                            (bv, bk, kept) = (w, k, at);
                        }
                    }
                    best = Some((bv, kept));
                }
                None => {
                    for (&c, &v) in cells.iter().zip(&vs) {
                        // Whether the aim reaches (a line of sight) is asked only of an aim
                        // that would count.
                        if worth(&best, v) && b.cast_reaches(u, a, c) {
                            consider(&mut best, v, CastAt::Cell(c));
                        }
                    }
                }
            }
        }
        // A summon: on the free cell in range nearest a foe (then nearest the user),
        // worth its HP while a fight is near. A terrain change alone is worth nothing
        // to the AI (it cannot yet judge what a wall or a pit does to a fight).
        Targeting::Cell { .. } => {
            let summon: f64 = a
                .effects
                .iter()
                .filter_map(|e| match e {
                    crate::abilities::Effect::Summon { archetype } => b
                        .level()
                        .summons
                        .get(archetype)
                        .map(|t| SUMMON_VALUE_PER_HP * f64::from(t.hp)),
                    _ => None,
                })
                .sum();
            if summon > 0.0 && near {
                // A cell within `range` of the user is within `m + range` of the nearest
                // foe (`m` away from the user), and more than that from any foe farther
                // than `m + 2 × range` from the user: those are never its nearest.
                let m = dist.iter().copied().min().unwrap_or(u32::MAX);
                let bound = if slow {
                    u32::MAX
                } else {
                    m.saturating_add(range.saturating_mul(2))
                };
                let close: Vec<Cell> = foes
                    .iter()
                    .zip(dist)
                    .filter(|&(_, &d)| d <= bound)
                    .map(|(&f, _)| b.pos(f))
                    .collect();
                let foe_dist = |c: Cell| {
                    close
                        .iter()
                        .map(|&p| grid.distance(c, p))
                        .min()
                        .unwrap_or(u32::MAX)
                };
                // Nearest first, then the first the engine allows (the checks are dear:
                // asked only until one passes).
                let mut cells: Vec<Cell> = grid.within(here, range);
                // (Each key once; the cell in it makes every key distinct.)
                cells.sort_by_cached_key(|&c| (foe_dist(c), grid.distance(here, c), c));
                let first = cells.into_iter().find(|&c| {
                    c != here
                        && b.cast_targets(u, i, &CastAt::Cell(c)).is_ok()
                        && b.check(&cast_command(u, i, CastAt::Cell(c))).is_ok()
                });
                if let Some(c) = first {
                    let at = CastAt::Cell(c);
                    let v = summon + sum(b, &at, &mut value).unwrap_or(0.0);
                    consider(&mut best, v, at);
                }
            }
        }
    }
    best
}
