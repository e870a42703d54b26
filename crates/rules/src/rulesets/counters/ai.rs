//! counters' AI tactics: take every counter attack offered; against a hit, Block or Parry
//! with the mix of skill dice and unspent movement that saves the most damage for what
//! it spends (`ai::value::best_commits`' choice, made cheaply in `ai_commits`; a die is
//! worth keeping for later, a cell of movement less), or no counter when nothing is
//! worth it; keep off hazard cells unless the cell is worth more than what the hazard is
//! expected to cost (`cell_risk`); grapple rather than attack when the grapple is worth
//! more (`ai_grapple`).

use std::collections::BTreeMap;

use crate::battle::Battle;
use crate::components::{Pool, Slot, UnitId};
use crate::engine::{Action, Command, Commit, Window};
use crate::event::{ReactionKind, Trigger};
use crate::grid::Cell;
use crate::rulesets::AiTactics;

use super::ai_commits::best_of;
use super::memo::{FastMap, Packed, dice_key};

/// What keeping one unit of a pool is worth, in HP: a skill die is kept for later
/// counters unless it saves more than this; a cell of movement comes back next turn.
pub fn worth(p: Pool) -> f64 {
    if p == Pool::SkillDice { 2.5 } else { 0.4 }
}

/// The value of the best counter of `kind` against `w`: the damage expected plus what
/// it spends; `None` when committing nothing beats every mix.
/// (`ai_commits::best_counter`: `best_commits`'s choice, weighed once a window.)
fn best(b: &Battle, w: &Window, kind: ReactionKind) -> Option<f64> {
    let c = best_of(b, w, kind)?;
    if c.dice == 0 && c.cells == 0 {
        return None;
    }
    Some(c.expected + c.spent())
}

/// counters' [`AiTactics`].
pub struct CountersAi;

impl AiTactics for CountersAi {
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        super::wave2::ai_recover(b, u)
    }

    fn pick_up(&self, _b: &Battle, _u: UnitId) -> Option<Command> {
        None
    }

    fn draw(&self, _b: &Battle, _u: UnitId, _item: usize) -> Option<Command> {
        None
    }

    fn step_away(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Option<Command> {
        None
    }

    // Every counter attack offered.
    fn take(&self, _b: &Battle, w: &Window) -> Option<ReactionKind> {
        w.options
            .contains(&ReactionKind::ReactionAttack)
            .then_some(ReactionKind::ReactionAttack)
    }

    // A grapple of its own instead of the attack, when it is worth more (`ai_grapple`).
    fn before_attack(&self, b: &Battle, u: UnitId, t: UnitId, plain: f64) -> Option<Command> {
        super::ai_grapple::grapple_first(b, u, t, plain)
    }

    fn close_in(
        &self,
        _b: &Battle,
        _u: UnitId,
        _foes: &[UnitId],
        _values: &BTreeMap<UnitId, f64>,
        _helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        None
    }

    fn support(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    fn brace(&self) -> Option<Action> {
        None
    }

    // One of two closures that capture nothing: a box of nothing allocates nothing.
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        if b.slots(u, Slot::Standard) > 0 {
            Box::new(|_| true)
        } else {
            Box::new(|_| false)
        }
    }

    // Against damage: the counter (Block or Parry) whose best mix is worth most.
    fn choose(&self, b: &Battle, w: &Window) -> Option<ReactionKind> {
        if super::wave2::answers(&w.trigger) {
            return super::wave2::ai_choose(b, w);
        }
        if !matches!(w.trigger, Trigger::IncomingDamage { .. }) {
            return None;
        }
        w.options
            .iter()
            .filter_map(|&k| best(b, w, k).map(|v| (k, v)))
            .min_by(|a, c| a.1.total_cmp(&c.1))
            .map(|(k, _)| k)
    }

    fn commit(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<Commit> {
        if super::wave2::answers(&w.trigger) {
            return super::wave2::ai_commit(b, w, kind);
        }
        best_of(b, w, kind).map_or_else(Vec::new, |c| c.commits())
    }

    // No rule of position (no flanking), nothing known about an aim beyond its targets.
    fn position_factor(&self, _b: &Battle, _u: UnitId, _c: Cell, _foe: UnitId) -> f64 {
        1.0
    }

    fn position_factor_max(&self, _b: &Battle, _u: UnitId) -> f64 {
        1.0
    }

    fn aim_cost<'a>(
        &'a self,
        _b: &'a Battle,
        _u: UnitId,
        _i: usize,
    ) -> Option<crate::ai::tactics::AimCost<'a>> {
        None
    }

    fn prepare_cast(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    // A trap or falling rocks on the way: what the unit expects to lose to it.
    fn cell_risk(&self, b: &Battle, u: UnitId, c: Cell) -> f64 {
        super::hazards::ai_risk(b, u, c)
    }
    // A risk only on a hazard's cell (`hazards::ai_risk`): none on a level without one.
    fn may_risk_cells(&self, b: &Battle, _u: UnitId) -> bool {
        !b.hazards().is_empty()
    }

    // No gap closer (`close_in` answers nothing): no foe matters to it.
    fn close_in_range(&self, _b: &Battle, _u: UnitId) -> u32 {
        0
    }

    // From the memo of values by the numbers counters' odds depend on (`attack_value`).
    fn exact_attack_value(
        &self,
        b: &Battle,
        u: UnitId,
        foe: UnitId,
        w: usize,
        kind: crate::event::AttackKind,
    ) -> f64 {
        attack_value(b, u, foe, w, kind)
    }

    // The attacker's half of the memo's key looked up once a decision (`attack_values`).
    fn exact_attack_values<'a>(
        &'a self,
        b: &'a Battle,
        u: UnitId,
        w: usize,
        kind: crate::event::AttackKind,
    ) -> Option<crate::ai::tactics::ExactValues<'a>> {
        attack_values(b, u, w, kind)
    }

    // The target-free part of `attack::plan_attack`: every attack spends the turn's one
    // Standard action, so with none left every attack is refused.
    fn may_attack(&self, b: &Battle, u: UnitId) -> bool {
        b.slots(u, Slot::Standard) > 0
    }

    // The target-free part of `spells::check_cast`: every Cast spends the turn's one
    // Standard action and is refused while Restrained, so with the action spent (after
    // an attack) or Restrained no ability is weighed at all.
    fn may_cast(&self, b: &Battle, u: UnitId) -> bool {
        b.slots(u, Slot::Standard) > 0 && !b.has(u, crate::components::ConditionKind::Restrained)
    }
}

thread_local! {
    /// The AI's attack values met so far, by [`attack_value`]'s key.
    static VALUES: std::cell::RefCell<FastMap<Packed<9>, f64>> =
        std::cell::RefCell::new(FastMap::default());
}

/// Most values [`VALUES`] keeps; past it, it starts again.
const VALUES_MOST: usize = 4096;

/// [`crate::ai::value::attack_value`] of `u` attacking `foe` with weapon `w`, to the bit,
/// remembered by what counters' odds ([`super::attack::odds`]) and their value depend on:
/// the weapon's dice, the attacker's Strength modifier and the foe's absorption (the
/// damage distributions, `with_after`'s key), the d20 faces that hit (the hit chance; a
/// critical is always 1 in 20), and the foe's HP (the chance to bring it down). The
/// attack's kind changes nothing in counters. A weapon it does not have is worked out
/// each time.
pub(super) fn attack_value(
    b: &Battle,
    u: UnitId,
    foe: UnitId,
    w: usize,
    kind: crate::event::AttackKind,
) -> f64 {
    let (dice, bonus, dodge, s, a) = super::attack::numbers(b, u, foe, w);
    let Some(dice) = dice else {
        return crate::ai::value::attack_value(b, u, foe, w, kind);
    };
    let hits = super::attack::hit_faces(bonus, dodge) as i32;
    let [c, n, k, m, flat] = dice_key(dice);
    let key = Packed([c, n, k, m, flat, s, a, hits, b.hp(foe)]);
    remembered(key, || crate::ai::value::attack_value(b, u, foe, w, kind))
}

/// The value [`VALUES`] holds for `key`, or `value()` remembered there.
fn remembered(key: Packed<9>, value: impl FnOnce() -> f64) -> f64 {
    if let Some(v) = VALUES.with(|memo| memo.borrow().get(&key).copied()) {
        return v;
    }
    let v = value();
    VALUES.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= VALUES_MOST {
            memo.clear();
        }
        memo.insert(key, v);
    });
    v
}

/// [`attack_value`] of `u` attacking with weapon `w` as `kind`, as a closure of the foe:
/// the attacker's half of [`super::attack::numbers`] (the weapon's dice, the attack bonus,
/// the Strength modifier) looked up once, the foe's half (its dodge and absorption, with
/// the proficiencies of its feats) and its HP for each foe. The same key, so the same
/// value to the bit. `None` for a weapon it does not have (`attack_value` asks the shared
/// odds then).
fn attack_values<'a>(
    b: &'a Battle,
    u: UnitId,
    w: usize,
    kind: crate::event::AttackKind,
) -> Option<crate::ai::tactics::ExactValues<'a>> {
    use super::numbers::{AGILITY_PROFICIENCY, STRENGTH_PROFICIENCY};
    use crate::components::{Stat, WeaponKind};
    let weapon = b.weapons(u).get(w)?;
    let sa = b.stats(u);
    let s = sa.d20_mod(Stat::Str);
    let bonus = sa.get(Stat::Proficiency).max(0)
        + if weapon.kind == WeaponKind::Ranged {
            sa.d20_mod(Stat::Agility)
        } else {
            s
        };
    let dice = weapon.damage;
    let [c, n, k, m, flat] = dice_key(dice);
    Some(Box::new(move |foe| {
        // `attack::numbers`' target half, as it works it out.
        let st = b.stats(foe);
        let prof = st.get(Stat::Proficiency).max(0);
        let (agile, strong) = if prof > 0 {
            b.feats(foe).iter().fold((0, 0), |(a, s), f| {
                (
                    if f == AGILITY_PROFICIENCY { prof } else { a },
                    if f == STRENGTH_PROFICIENCY { prof } else { s },
                )
            })
        } else {
            (0, 0)
        };
        let dodge = st.get(Stat::Agility) + agile;
        let a = (st.d20_mod(Stat::Str) + strong).max(0);
        debug_assert_eq!(
            super::attack::numbers(b, u, foe, w),
            (Some(dice), bonus, dodge, s, a),
            "the attacker's half looked up once gives other numbers"
        );
        let hits = super::attack::hit_faces(bonus, dodge) as i32;
        let key = Packed([c, n, k, m, flat, s, a, hits, b.hp(foe)]);
        remembered(key, || crate::ai::value::attack_value(b, u, foe, w, kind))
    }))
}
