//! `flow` (seed 002): percentile roll-under checks with success levels, 5 AP, 2 RP, FP.
//!
//! See `docs/rules/flow.md` for every interpretation made here.

use crate::battle::Battle;
use crate::components::{
    ConditionKind, Conditions, Pool, Size, Stat, Stats, UnitId, WeaponKind, WeaponTag,
};
use crate::dice::Dice;
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Frame, Hit, HitEffect};
use crate::event::{AttackKind, Event, Gain, Outcome, ReactionKind};

pub use super::advantage::{actor_advantage, prone_target};

/// Action points per round.
pub const AP_PER_ROUND: i32 = 5;
/// Reaction points refreshed at the start of the own turn.
pub const RP_PER_TURN: i32 = 2;
/// Flow points at the start of combat.
pub const FP_START: i32 = 2;
/// AP cost of an attack.
pub const ATTACK_AP: i32 = 2;
/// Cells of movement bought with one AP when the unit states no Move Speed.
pub const MOVE_PER_AP: u32 = 6;
/// Most AP that may be spent on movement in one turn.
pub const MAX_MOVE_AP: u32 = 2;
/// AP to keep a grapple up, paid at the start of the grappler's turn.
pub const GRAPPLE_AP: i32 = 2;
/// Cells an Intercept may move.
pub const INTERCEPT_MOVE: u32 = 3;

/// Damage of Bleeding at the end of the bearer's turn (the sheet names bleeding as an
/// ongoing effect without numbers; 1d4 as in most d20 games).
pub const BLEED_DAMAGE: DiceExpr = DiceExpr::new(1, 4);
/// Flow points for a hit, a crit, a successful reaction, a killing blow.
pub const FP_HIT: i32 = 2;
/// Flow points for a crit.
pub const FP_CRIT: i32 = 3;
/// Flow points for a successful reaction (once per round).
pub const FP_REACTION: i32 = 1;
/// Flow points for a killing blow.
pub const FP_KILL: i32 = 1;

/// Cells of movement one AP buys this unit: "1 AP per Move Speed", 6 "unless stated
/// otherwise" (the unit's `Speed` stat when above 0).
pub fn move_per_ap(b: &Battle, u: UnitId) -> u32 {
    match b.stats(u).get(Stat::Speed) {
        s if s > 0 => s as u32,
        _ => MOVE_PER_AP,
    }
}

/// Agility modifier for initiative: Agility / 10, rounded down.
pub fn agility_mod(stats: &Stats) -> i32 {
    stats.get(Stat::Agility).div_euclid(10)
}

/// The success level of a percentile roll against a target number.
///
/// Critical ≤ t/10 (a 1 always), Major ≤ t/5, Hard ≤ t/2, Normal ≤ t; a failure of
/// 96+ (and a 100 always) is a critical failure.
pub fn success_level(roll: u32, target: i32) -> Outcome {
    let r = roll as i32;
    if roll >= 100 {
        return Outcome::CriticalFailure;
    }
    if roll == 1 || r <= target / 10 {
        return Outcome::Critical;
    }
    if r <= target / 5 {
        Outcome::Major
    } else if r <= target / 2 {
        Outcome::Hard
    } else if r <= target {
        Outcome::Success
    } else if roll >= 96 {
        Outcome::CriticalFailure
    } else {
        Outcome::Failure
    }
}

/// A percentile check ready to roll: base skill, named modifiers to the target number,
/// net advantage (> 0 Advantage, < 0 Disadvantage; only the sign matters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Modifiers to the target number, the skill first.
    pub target_mods: Vec<Modifier>,
    /// Net advantage.
    pub advantage: i32,
}

impl Check {
    /// A check with `skill` at `value`.
    pub fn new(skill: &'static str, value: i32) -> Self {
        Self {
            // Room for the few modifiers a check takes (one allocation).
            target_mods: {
                let mut m = Vec::with_capacity(4);
                m.push(Modifier::new(ModKind::Skill, skill, value));
                m
            },
            advantage: 0,
        }
    }

    /// Add a modifier.
    pub fn with(mut self, m: Modifier) -> Self {
        self.target_mods.push(m);
        self
    }

    /// The number to roll at or under.
    pub fn target(&self) -> i32 {
        self.target_mods.iter().map(|m| m.value).sum()
    }

    /// 1d100, or 2d100 keep lowest/highest under Advantage/Disadvantage.
    pub fn expr(&self) -> DiceExpr {
        match self.advantage.signum() {
            1 => DiceExpr::new(2, 100).keep_lowest(1),
            -1 => DiceExpr::new(2, 100).keep_highest(1),
            _ => DiceExpr::new(1, 100),
        }
    }

    /// Roll it.
    pub fn roll(&self, dice: &mut Dice) -> Result<(Roll, Outcome), ForcedFaceError> {
        let roll = dice.roll(self.expr())?;
        let face = roll.natural() as u32;
        Ok((roll, success_level(face, self.target())))
    }

    /// Exact chance of each outcome, indexed by `Outcome as usize`.
    pub fn odds(&self) -> [f64; 6] {
        check_odds(self.target(), self.advantage)
    }

    /// Chance of any success and of a critical, from one look at the odds.
    pub fn success_and_critical(&self) -> (f64, f64) {
        let o = self.odds();
        (
            o[Outcome::Success as usize]
                + o[Outcome::Hard as usize]
                + o[Outcome::Major as usize]
                + o[Outcome::Critical as usize],
            o[Outcome::Critical as usize],
        )
    }

    /// Chance of any success.
    pub fn success_chance(&self) -> f64 {
        self.success_and_critical().0
    }
}

/// [`Check::odds`] of a check with target number `t` and net advantage `advantage`
/// (without building the check).
pub fn check_odds(t: i32, advantage: i32) -> [f64; 6] {
    // Only the sign of the advantage counts: memoised by it and the target number (for
    // the target numbers the rules make).
    let a = advantage.signum();
    // Every target number at or below 0 has the same odds (only a natural 1 succeeds:
    // `success_level` compares the face, at least 1, with `t` and its fractions, all at
    // most 0, and `count_check_odds` clamps its cuts at 0), so one below the memo reads
    // its lowest entry: far shots' range increments reach below it.
    const { assert!(ODDS_LOW <= 0) };
    let t = t.max(ODDS_LOW);
    let Some(i) = usize::try_from(t - ODDS_LOW)
        .ok()
        .filter(|&i| i < ODDS_SPAN)
        .map(|i| (a + 1) as usize * ODDS_SPAN + i)
    else {
        return count_check_odds(t, a);
    };
    CHECK_ODDS.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize(3 * ODDS_SPAN, None);
        }
        *m[i].get_or_insert_with(|| count_check_odds(t, a))
    })
}

/// The lowest target number [`check_odds`] memoises, and how many from it.
const ODDS_LOW: i32 = -64;
const ODDS_SPAN: usize = 384;

thread_local! {
    /// [`check_odds`] by advantage's sign and target number, once worked out.
    static CHECK_ODDS: std::cell::RefCell<Vec<Option<[f64; 6]>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// [`check_odds`], counted.
fn count_check_odds(t: i32, advantage: i32) -> [f64; 6] {
    // Ways (out of 100², counted exactly) that the kept face is at most `k`: with
    // advantage the lower of two d100, with disadvantage the higher.
    let at_most = |k: i32| -> i32 {
        match advantage {
            0 => 100 * k,
            a if a > 0 => 10_000 - (100 - k).pow(2),
            _ => k * k,
        }
    };
    // `success_level` only compares the face with these, so it is the same on every
    // face between two of them: one look per stretch instead of one per face.
    let mut cuts = [0, 1, t / 10, t / 5, t / 2, t, 95, 99, 100].map(|k| k.clamp(0, 100));
    cuts.sort_unstable();
    let mut ways = [0i32; 6];
    for pair in cuts.windows(2) {
        let (lo, hi) = (pair[0], pair[1]);
        if hi > lo {
            ways[success_level(hi as u32, t) as usize] += at_most(hi) - at_most(lo);
        }
    }
    ways.map(|w| f64::from(w) / 10_000.0)
}

/// Does the active side win an opposed check? It must succeed and reach a strictly
/// higher level; ties go to the defender.
pub fn active_wins(active: Outcome, defender: Outcome) -> bool {
    active.is_success() && active > defender
}

/// The exact chance that the active side wins an opposed check ([`active_wins`]).
pub fn contest_chance(active: &Check, passive: &Check) -> f64 {
    let (a, p) = (active.odds(), passive.odds());
    let mut chance = 0.0;
    for la in Outcome::ALL {
        for lp in Outcome::ALL {
            if active_wins(la, lp) {
                chance += a[la as usize] * p[lp as usize];
            }
        }
    }
    chance
}

/// Parrying larger creatures: the attack counts one level higher when the attacker is
/// larger than the parrying defender.
pub fn parry_adjusted(attack: Outcome, attacker: Size, defender: Size) -> Outcome {
    if attacker > defender && attack.is_success() {
        attack.raised()
    } else {
        attack
    }
}

/// The attack check `attacker` would roll against `target` with a weapon: the one
/// function shared by the resolver, the UI preview and the AI.
pub fn attack_check(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> Check {
    let stats = b.stats(attacker);
    let Some(w) = b.weapons(attacker).get(weapon) else {
        return Check::new("Melee", stats.get(Stat::Melee));
    };
    let mut c = match w.kind {
        WeaponKind::Melee => Check::new("Melee", stats.get(Stat::Melee)),
        WeaponKind::Ranged => Check::new("Ranged", stats.get(Stat::Ranged)),
    };
    // A reaction attack (and a Riposte's) is "a single unmodified attack"; only Total
    // Defense's "Advantage on all Reactions" applies to it.
    if kind != AttackKind::Normal {
        if b.has(attacker, ConditionKind::TotalDefense) {
            c.advantage += 1;
        }
        return c;
    }
    let grid = b.grid();
    let dist = grid.distance(b.pos(attacker), b.pos(target));
    match w.kind {
        WeaponKind::Melee => {
            let helped = b.any_threatening(b.pos(target), |o| {
                o != attacker && b.side(o) == b.side(attacker)
            });
            if helped {
                c = c.with(Modifier::new(ModKind::GangUp, "gang-up", 10));
            }
            if is_off_hand(b, attacker, weapon) {
                c = c.with(Modifier::new(ModKind::OffHand, "off-hand", -10));
            }
        }
        WeaponKind::Ranged => {
            if w.range > 0 && dist > w.range {
                let inc = ((dist - 1) / w.range) as i32;
                c = c.with(Modifier::new(
                    ModKind::RangeIncrement,
                    range_increment_name(inc),
                    -10 * inc,
                ));
            }
        }
    }
    c.advantage += actor_advantage(b, attacker);
    c.advantage += prone_target(b, target, w.kind == WeaponKind::Melee);
    if feinted_by(b, target, attacker) {
        c.advantage += 1;
    }
    c
}

/// [`attack_check`]'s target number and net advantage, worked out the same way without
/// building the check (no list of modifiers, no names): the AI's bound on a far foe
/// ([`super::ai`]'s `attack_value_bound`) asks it of every foe in range, every decision.
/// `attack_numbers(..) == (attack_check(..).target(), attack_check(..).advantage)`
/// (asserted in a debug build where the bound asks it, and by `flow_s24_flow`).
pub fn attack_numbers(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> (i32, i32) {
    let stats = b.stats(attacker);
    let Some(w) = b.weapons(attacker).get(weapon) else {
        return (stats.get(Stat::Melee), 0);
    };
    let mut t = match w.kind {
        WeaponKind::Melee => stats.get(Stat::Melee),
        WeaponKind::Ranged => stats.get(Stat::Ranged),
    };
    if kind != AttackKind::Normal {
        return (t, i32::from(b.has(attacker, ConditionKind::TotalDefense)));
    }
    match w.kind {
        WeaponKind::Melee => {
            if b.any_threatening(b.pos(target), |o| {
                o != attacker && b.side(o) == b.side(attacker)
            }) {
                t += 10;
            }
            if is_off_hand(b, attacker, weapon) {
                t -= 10;
            }
        }
        WeaponKind::Ranged => {
            let dist = b.grid().distance(b.pos(attacker), b.pos(target));
            if w.range > 0 && dist > w.range {
                t -= 10 * ((dist - 1) / w.range) as i32;
            }
        }
    }
    let mut advantage = actor_advantage(b, attacker);
    advantage += prone_target(b, target, w.kind == WeaponKind::Melee);
    if feinted_by(b, target, attacker) {
        advantage += 1;
    }
    (t, advantage)
}

/// The second one-handed melee weapon of a loadout is held in the off hand; finesse and
/// brawl weapons carry no off-hand penalty.
pub fn is_off_hand(b: &Battle, u: UnitId, weapon: usize) -> bool {
    let ws = b.weapons(u);
    let Some(w) = ws.get(weapon) else {
        return false;
    };
    if w.has(WeaponTag::Finesse) || w.has(WeaponTag::Brawl) {
        return false;
    }
    w.has(WeaponTag::OffHand)
        || ws
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                w.kind == WeaponKind::Melee
                    && !w.has(WeaponTag::TwoHanded)
                    && !w.has(WeaponTag::Shield)
                    && b.held(u, *i)
            })
            .nth(1)
            .is_some_and(|(i, _)| i == weapon)
}

/// Has `attacker` a won feint on `target` not yet spent?
pub fn feinted_by(b: &Battle, target: UnitId, attacker: UnitId) -> bool {
    b.get::<Conditions>(target).is_some_and(|c| {
        c.0.iter()
            .any(|c| c.kind == ConditionKind::Feinted && c.source == Some(attacker))
    })
}

/// Roll an attack and push what follows.
pub(crate) fn resolve_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    effect: HitEffect,
) -> Result<(), ForcedFaceError> {
    let mut check = match effect {
        HitEffect::Ability(i) => super::spell_attack_check(b, attacker, target, i),
        _ => attack_check(b, attacker, target, weapon, kind),
    };
    if matches!(effect, HitEffect::Disarm { .. }) {
        // Disarm: "a normal attack roll at Disadvantage".
        check.advantage -= 1;
    }
    let feint = kind == AttackKind::Normal && feinted_by(b, target, attacker);
    let (roll, outcome) = check.roll(&mut b.dice)?;
    let mut roll = roll;
    roll.modifiers = check.target_mods.clone();
    roll.total = roll.natural();
    b.emit_attack(
        attacker,
        target,
        weapon,
        kind,
        effect,
        roll,
        check.target(),
        outcome,
        Vec::new(),
    );
    if feint {
        // The feint's Advantage is spent on this attack.
        b.emit(Event::ConditionRemoved {
            unit: target,
            kind: ConditionKind::Feinted,
            source: Some(attacker),
        });
    }
    Ok(())
}

/// Can `u` parry attacks from `attacker` with a melee weapon (not more than one size
/// larger)?
pub fn can_parry(b: &Battle, u: UnitId, attacker: UnitId) -> bool {
    b.weapons(u)
        .iter()
        .enumerate()
        .any(|(i, w)| w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && b.held(u, i))
        && b.size(attacker).steps_above_medium() - b.size(u).steps_above_medium() <= 1
}

/// Defences the target of a hit may choose (empty when it has no RP or is held in a
/// grapple). Riposte only against a normal melee attack, with 2 RP and the attacker in
/// reach.
pub fn defence_options(b: &Battle, hit: &Hit) -> Vec<ReactionKind> {
    let (o, n) = defences(b, hit, true);
    o[..n].to_vec()
}

/// [`defence_options`] without allocating (the first `n` of the array), Riposte asked
/// only `with_riposte` (it rolls Parry's check, so it never stops a hit Parry does not).
pub(super) fn defences(b: &Battle, hit: &Hit, with_riposte: bool) -> ([ReactionKind; 4], usize) {
    let mut o = [ReactionKind::Dodge; 4];
    let t = hit.target;
    if !b.alive(t) || b.rp(t) < 1 || b.has(t, ConditionKind::Grappled) {
        return (o, 0);
    }
    let mut n = 1;
    // A spell attack is "a melee or ranged attack" to Dodge and Block (a shield-bearer
    // may Block it); not "another melee attack" to Parry (nor then to Riposte).
    if matches!(hit.effect, HitEffect::Ability(_)) {
        if b.holds_shield(t) {
            o[n] = ReactionKind::Block;
            n += 1;
        }
        return (o, n);
    }
    let melee = b
        .weapons(hit.attacker)
        .get(hit.weapon)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    let parry = melee && can_parry(b, t, hit.attacker);
    if parry {
        o[n] = ReactionKind::Parry;
        n += 1;
    }
    if b.holds_shield(t) {
        o[n] = ReactionKind::Block;
        n += 1;
    }
    if with_riposte
        && parry
        && hit.kind == AttackKind::Normal
        && b.rp(t) >= ReactionKind::Riposte.cost()
        && b.best_melee(t, b.grid().distance(b.pos(t), b.pos(hit.attacker)))
            .is_some()
    {
        o[n] = ReactionKind::Riposte;
        n += 1;
    }
    (o, n)
}

/// The check a defence rolls.
pub fn defence_check(b: &Battle, u: UnitId, kind: ReactionKind) -> Check {
    let (skill, value) = defence_skill(b, u, kind);
    let mut c = Check::new(skill, value);
    c.advantage = defence_advantage(b, u);
    c
}

/// The skill a defence rolls and its value ([`defence_check`]'s only modifier).
pub(super) fn defence_skill(b: &Battle, u: UnitId, kind: ReactionKind) -> (&'static str, i32) {
    let s = b.stats(u);
    match kind {
        ReactionKind::Parry | ReactionKind::Riposte => ("Melee", s.get(Stat::Melee)),
        ReactionKind::Block => ("Endurance", s.get(Stat::Endurance)),
        _ => {
            if s.get(Stat::Athletics) > s.get(Stat::Agility) {
                ("Athletics", s.get(Stat::Athletics))
            } else {
                ("Agility", s.get(Stat::Agility))
            }
        }
    }
}

/// The net advantage of `u`'s defences (the same for each).
pub(super) fn defence_advantage(b: &Battle, u: UnitId) -> i32 {
    i32::from(b.has(u, ConditionKind::TotalDefense)) + actor_advantage(b, u)
}

/// Resolve a Dodge/Parry/Block against a hit (RP already paid).
pub(crate) fn resolve_defence(
    b: &mut Battle,
    hit: Hit,
    kind: ReactionKind,
) -> Result<(), ForcedFaceError> {
    let u = hit.target;
    let check = defence_check(b, u, kind);
    let (mut roll, outcome) = check.roll(&mut b.dice)?;
    roll.modifiers = check.target_mods.clone();
    roll.total = roll.natural();
    let parry = matches!(kind, ReactionKind::Parry | ReactionKind::Riposte);
    let against = if parry {
        parry_adjusted(hit.level, b.size(hit.attacker), b.size(u))
    } else {
        hit.level
    };
    let success = !active_wins(against, outcome);
    b.emit(Event::Defence {
        unit: u,
        kind,
        roll,
        target_number: check.target(),
        outcome,
        against,
        success,
    });
    // "If you critically succeed at your Dodge/Parry roll": Block is not named, for the
    // RP nor for the ×3 below (a Riposte opens with a Parry, so it keeps both).
    let dodge_or_parry = kind != ReactionKind::Block;
    if dodge_or_parry && outcome == Outcome::Critical && hit.level != Outcome::Critical {
        b.emit(Event::refilled(u, Pool::Reaction, 1, Gain::Regained));
    }
    if success {
        reaction_fp(b, u);
        if kind == ReactionKind::Riposte {
            let dist = b.grid().distance(b.pos(u), b.pos(hit.attacker));
            if let Some(weapon) = b.best_melee(u, dist) {
                b.stack.push(Frame::Attack {
                    attacker: u,
                    target: hit.attacker,
                    weapon,
                    kind: AttackKind::Riposte,
                    effect: HitEffect::Damage,
                });
            }
        }
    } else {
        let mult = match (hit.level, outcome) {
            (Outcome::Critical, Outcome::CriticalFailure) if dodge_or_parry => 3,
            (Outcome::Critical, _) => 2,
            _ => 1,
        };
        b.stack.push(Frame::Damage { hit, mult });
    }
    Ok(())
}

/// +1 FP for a successful reaction, once per round.
pub(crate) fn reaction_fp(b: &mut Battle, u: UnitId) {
    if !b.used(u, crate::components::Once::ReactionFp) {
        b.emit(Event::refilled(
            u,
            Pool::FlowPoints,
            FP_REACTION,
            Gain::Reaction,
        ));
    }
}

/// Roll and deal the damage of a hit; FP for hit, crit and kill.
pub(crate) fn roll_damage(
    b: &mut Battle,
    hit: &Hit,
    mult: i32,
) -> Result<Option<Roll>, ForcedFaceError> {
    if let HitEffect::Disarm { item, send } = hit.effect {
        super::actions::resolve_disarm(b, hit, item, send);
        return Ok(None);
    }
    let Some(w) = b.weapons(hit.attacker).get(hit.weapon).cloned() else {
        return Ok(None);
    };
    let mut roll = b.dice.roll(w.damage)?;
    if mult > 1 {
        let base = roll.total;
        roll = roll.with(Modifier::new(
            ModKind::Critical,
            format!("critical ×{mult}"),
            base * (mult - 1),
        ));
    }
    Ok(Some(roll))
}

/// Deal a hit's rolled damage: HP, Flow Points for the hit (and the kill), down.
pub(crate) fn deal_damage(b: &mut Battle, hit: Hit, roll: Roll) {
    let amount = roll.total.max(0);
    let hp_after = b.hp(hit.target) - amount;
    b.emit(Event::Damage {
        unit: hit.target,
        source: Some(hit.attacker),
        roll,
        amount,
        hp_after,
    });
    // Flow Points come from attacks and reactions, not from an ability's damage; a
    // killing blow wins its FP whatever dealt it ("Gain 1 FP from a killing blow on an
    // enemy combatant").
    let spell = matches!(hit.effect, HitEffect::Ability(_));
    let (gain, why) = if hit.level == Outcome::Critical {
        (FP_CRIT, Gain::Crit)
    } else {
        (FP_HIT, Gain::Hit)
    };
    if !spell {
        b.emit(Event::refilled(hit.attacker, Pool::FlowPoints, gain, why));
    }
    // A reaction attack (or Riposte) that lands is a successful reaction too.
    if hit.kind != AttackKind::Normal {
        reaction_fp(b, hit.attacker);
    }
    if hp_after <= 0 {
        b.emit(Event::Down { unit: hit.target });
        super::actions::end_grapple(b, hit.target);
        super::actions::clear_feints(b, hit.target);
        if b.enemies(hit.attacker, hit.target) {
            b.emit(Event::refilled(
                hit.attacker,
                Pool::FlowPoints,
                FP_KILL,
                Gain::Kill,
            ));
        }
        b.check_victory();
    }
}

/// "range increment N", made once for N under 64 (the AI builds a check for every far foe
/// it weighs: formatting the words each time cost 6% of a 200-a-side battle).
fn range_increment_name(inc: i32) -> std::borrow::Cow<'static, str> {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| (0..64).map(|i| format!("range increment {i}")).collect());
    match usize::try_from(inc).ok().and_then(|i| names.get(i)) {
        Some(n) => std::borrow::Cow::Borrowed(n.as_str()),
        None => std::borrow::Cow::Owned(format!("range increment {inc}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words are the same whether made once or on the spot.
    #[test]
    fn check_odds_read_below_the_memo_are_the_counted_ones() {
        for t in -1000..1000 {
            for a in -2..=2 {
                assert_eq!(check_odds(t, a), count_check_odds(t, a.signum()), "{t} {a}");
            }
        }
    }

    #[test]
    fn check_odds_at_or_below_0_are_those_at_0() {
        for t in -1000..=0 {
            for a in -2..=2 {
                assert_eq!(check_odds(t, a), check_odds(0, a), "{t} {a}");
            }
        }
    }

    #[test]
    fn range_increment_names_read_the_same_from_the_table_and_beyond_it() {
        for inc in [0, 1, 11, 63, 64, 70, 1000] {
            let n = range_increment_name(inc);
            assert_eq!(n, format!("range increment {inc}"));
            assert_eq!(
                matches!(n, std::borrow::Cow::Borrowed(_)),
                inc < 64,
                "{inc}"
            );
        }
    }

    #[test]
    fn levels_at_skill_50() {
        assert_eq!(success_level(1, 50), Outcome::Critical);
        assert_eq!(success_level(5, 50), Outcome::Critical);
        assert_eq!(success_level(6, 50), Outcome::Major);
        assert_eq!(success_level(10, 50), Outcome::Major);
        assert_eq!(success_level(11, 50), Outcome::Hard);
        assert_eq!(success_level(25, 50), Outcome::Hard);
        assert_eq!(success_level(26, 50), Outcome::Success);
        assert_eq!(success_level(50, 50), Outcome::Success);
        assert_eq!(success_level(51, 50), Outcome::Failure);
        assert_eq!(success_level(96, 50), Outcome::CriticalFailure);
        assert_eq!(success_level(100, 150), Outcome::CriticalFailure);
    }

    /// The stretch-by-stretch odds equal a face-by-face count, for every target and
    /// advantage.
    #[test]
    fn odds_match_counting_every_face() {
        for t in -20..=220 {
            for advantage in [-1, 0, 1] {
                let mut c = Check::new("Melee", t);
                c.advantage = advantage;
                let mut ways = [0u32; 6];
                for a in 1..=100u32 {
                    for b in 1..=100u32 {
                        let face = match advantage {
                            0 => a,
                            1 => a.min(b),
                            _ => a.max(b),
                        };
                        ways[success_level(face, c.target()) as usize] += 1;
                    }
                }
                let want = ways.map(|w| f64::from(w) / 10_000.0);
                let got = c.odds();
                for i in 0..6 {
                    assert!(
                        (want[i] - got[i]).abs() < 1e-12,
                        "t {t} adv {advantage}: {got:?} vs {want:?}"
                    );
                }
            }
        }
    }

    /// The opposed-check chance equals counting every pair of faces.
    #[test]
    fn contest_chance_matches_counting_every_pair_of_faces() {
        for (ta, tp) in [(55, 40), (30, 70), (80, 80), (5, 95)] {
            let (a, p) = (Check::new("A", ta), Check::new("P", tp));
            let mut wins = 0u32;
            for fa in 1..=100u32 {
                for fp in 1..=100u32 {
                    if active_wins(success_level(fa, ta), success_level(fp, tp)) {
                        wins += 1;
                    }
                }
            }
            let want = f64::from(wins) / 10_000.0;
            assert!(
                (contest_chance(&a, &p) - want).abs() < 1e-12,
                "{ta} vs {tp}"
            );
        }
    }

    #[test]
    fn odds_sum_to_one_and_advantage_helps() {
        let c = Check::new("Melee", 55);
        let s: f64 = c.odds().iter().sum();
        assert!((s - 1.0).abs() < 1e-9);
        assert!((c.success_chance() - 0.55).abs() < 1e-9);
        let mut adv = c.clone();
        adv.advantage = 1;
        assert!(adv.success_chance() > 0.79);
    }
}
