//! escalation attacks: 3d6 + Level + Volition + the escalation die against AC, PD or MD;
//! Advantage and Disadvantage dice; crits and crit fails; basic attack damage by stance,
//! miss damage, resistance and weakness; the odds the preview and the AI read.

use std::sync::OnceLock;

use crate::battle::Battle;
use crate::components::{ConditionKind, Stat, UnitId, WeaponKind, WeaponTag};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Frame, HitEffect};
use crate::event::{AttackKind, Counter, Event, Outcome, Trigger};
use crate::level::Role;
use crate::odds::Distribution;

use super::EscalationFrame;

/// The natural roll (the three kept d6) at or above which an attack crits.
pub const CRIT_FROM: i32 = 17;
/// The natural roll of a crit fail.
pub const CRIT_FAIL: i32 = 3;
/// The damage type of a basic attack ("If unspecified, the type of the damage is assumed
/// to be weapon").
pub const WEAPON_DAMAGE: &str = "weapon";
/// The most Advantage or Disadvantage dice an attack rolls (far beyond any pile-up of
/// the seed's conditions; keeps the dice within the engine's limits).
pub const MAX_EXTRA_DICE: i32 = 12;

/// Is the unit a PC (its side's role)?
pub fn is_pc(b: &Battle, u: UnitId) -> bool {
    b.level()
        .sides
        .get(b.side(u).0 as usize)
        .is_some_and(|s| s.role == Role::Pc)
}

/// The escalation die now (0 in round 1).
pub fn escalation_die(b: &Battle) -> i32 {
    b.counter(Counter::EscalationDie)
}

/// The escalation die as `u` counts it for everything of its own — its attack rolls,
/// its powers' escalation keys (Escalation X+, even, odd; triggered and readied powers
/// too), its saves (Rally's bonus): 0 while it is Shaken ("Shaken: You gain 1
/// Disadvantage on attacks and count the escalation die as 0"), else the die. The round
/// counter and the display read the die itself ([`escalation_die`]).
pub fn escalation_die_for(b: &Battle, u: UnitId) -> i32 {
    if b.has(u, ConditionKind::Shaken) {
        0
    } else {
        escalation_die(b)
    }
}

/// What the escalation die adds to `u`'s attacks: the die as it counts it
/// ([`escalation_die_for`]: 0 while Shaken) for a PC or an NPC the level marks
/// (`Escalates: 1`), 0 for other NPCs.
pub fn escalation_bonus(b: &Battle, u: UnitId) -> i32 {
    if is_pc(b, u) || b.stats(u).get(Stat::Escalates) > 0 {
        escalation_die_for(b, u)
    } else {
        0
    }
}

/// A unit's Level (at least 1).
pub fn level_of(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(Stat::Level).max(1)
}

/// Is `u` in melee stance (a melee weapon in hand)? Otherwise it is in ranged stance.
pub fn melee_stance(b: &Battle, u: UnitId) -> bool {
    (0..b.weapons(u).len()).any(|i| {
        let w = &b.weapons(u)[i];
        w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && b.in_hand(u, i)
    })
}

/// Has `u` popped off `enemy` with a Disengage this turn?
pub fn popped_off(b: &Battle, u: UnitId, enemy: UnitId) -> bool {
    // The conditions' bits first: few units have popped off anyone.
    b.has(u, ConditionKind::PoppedOff)
        && b.get::<crate::components::Conditions>(u).is_some_and(|c| {
            c.0.iter()
                .any(|c| c.kind == ConditionKind::PoppedOff && c.source == Some(enemy))
        })
}

/// The living enemies engaged with `u`: next to it, and not popped off.
/// (The units next to it come from the battle's cell index, in level order.)
pub fn engaged_enemies(b: &Battle, u: UnitId) -> Vec<UnitId> {
    super::adjacent::next_to(b, b.pos(u))
        .iter()
        .copied()
        .filter(|&e| engaged_with(b, u, e))
        .collect()
}

/// Is `e`, one of the units next to `u`, an enemy engaged with it (alive, not popped
/// off)?
fn engaged_with(b: &Battle, u: UnitId, e: UnitId) -> bool {
    e != u && b.alive(e) && b.enemies(u, e) && !popped_off(b, u, e)
}

/// Is `u` engaged with any enemy?
pub fn engaged(b: &Battle, u: UnitId) -> bool {
    engaged_with_other_than(b, u, None)
}

/// Is `u` engaged with any enemy but `except`: [`engaged_enemies`] has one that is not
/// `except`? (Without the list.)
pub fn engaged_with_other_than(b: &Battle, u: UnitId, except: Option<UnitId>) -> bool {
    super::adjacent::next_to(b, b.pos(u))
        .iter()
        .any(|&e| Some(e) != except && engaged_with(b, u, e))
}

/// The dice of a 3d6 roll with `net` Advantage (positive) or Disadvantage (negative):
/// one more d6 for each, the highest (lowest) three kept.
pub fn d6s(net: i32) -> DiceExpr {
    let net = net.clamp(-MAX_EXTRA_DICE, MAX_EXTRA_DICE);
    let extra = net.unsigned_abs();
    match net.cmp(&0) {
        std::cmp::Ordering::Greater => DiceExpr::new(3 + extra, 6).keep_highest(3),
        std::cmp::Ordering::Less => DiceExpr::new(3 + extra, 6).keep_lowest(3),
        std::cmp::Ordering::Equal => DiceExpr::new(3, 6),
    }
}

/// The chance of each natural total 0..=18 of [`d6s`]`(net)`, exact (every multiset of
/// faces counted with its multinomial weight).
pub fn natural_odds(net: i32) -> &'static [f64; 19] {
    // One table per net count of extra dice, each worked out the first time it is asked
    // for (most battles only ever need a few of them).
    const N: usize = (2 * MAX_EXTRA_DICE + 1) as usize;
    static TABLES: [OnceLock<[f64; 19]>; N] = [const { OnceLock::new() }; N];
    let net = net.clamp(-MAX_EXTRA_DICE, MAX_EXTRA_DICE);
    TABLES[(net + MAX_EXTRA_DICE) as usize]
        .get_or_init(|| natural_table(net.unsigned_abs() + 3, net >= 0))
}

fn natural_table(dice: u32, highest: bool) -> [f64; 19] {
    let mut out = [0.0; 19];
    let mut counts = [0u32; 6];
    // n! for every n up to the most dice rolled.
    let mut fact = [1.0f64; (MAX_EXTRA_DICE + 4) as usize];
    for n in 1..fact.len() {
        fact[n] = fact[n - 1] * n as f64;
    }
    let total = 6f64.powi(dice as i32);
    // Every way to share `dice` dice among the six faces.
    fn walk(face: usize, left: u32, counts: &mut [u32; 6], f: &mut dyn FnMut(&[u32; 6])) {
        if face == 5 {
            counts[5] = left;
            f(counts);
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            walk(face + 1, left - c, counts, f);
        }
    }
    walk(0, dice, &mut counts, &mut |c| {
        let ways = fact[dice as usize] / c.iter().map(|&k| fact[k as usize]).product::<f64>();
        let mut kept = 0u32;
        let mut sum = 0u32;
        for i in 0..6 {
            let f = if highest { 5 - i } else { i };
            let take = c[f].min(3 - kept);
            sum += take * (f as u32 + 1);
            kept += take;
        }
        out[sum as usize] += ways / total;
    });
    out
}

/// Which defence an attack targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// Armour class.
    Ac,
    /// Physical defence.
    Pd,
    /// Mental defence.
    Md,
}

impl Defence {
    /// The stat.
    pub fn stat(self) -> Stat {
        match self {
            Defence::Ac => Stat::Ac,
            Defence::Pd => Stat::Pd,
            Defence::Md => Stat::Md,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Defence::Ac => "AC",
            Defence::Pd => "PD",
            Defence::Md => "MD",
        }
    }
}

/// Everything about an attack before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct EscAttack {
    /// Net Advantage (positive) or Disadvantage (negative) dice.
    pub net: i32,
    /// Where each Advantage (+1) and Disadvantage (−1) comes from.
    pub edges: Vec<Modifier>,
    /// Level, Volition, escalation die.
    pub bonus: Vec<Modifier>,
    /// The defence attacked and its value.
    pub defence: (Defence, i32),
    /// The natural roll that crits (17, 16 weak or vulnerable, 15 both).
    pub crit_from: i32,
}

impl EscAttack {
    /// The sum of the bonuses.
    pub fn total_bonus(&self) -> i32 {
        self.bonus.iter().map(|m| m.value).sum()
    }

    /// The outcome of a natural roll: a natural 3 crit-fails, a natural at or above the
    /// crit range crits (and so hits), else the total against the defence.
    pub fn outcome(&self, natural: i32) -> Outcome {
        if natural <= CRIT_FAIL {
            Outcome::CriticalFailure
        } else if natural >= self.crit_from {
            Outcome::Critical
        } else if natural + self.total_bonus() >= self.defence.1 {
            Outcome::Success
        } else {
            Outcome::Failure
        }
    }

    /// The four numbers the odds depend on ([`AttackNumbers`]).
    pub fn numbers(&self) -> AttackNumbers {
        AttackNumbers {
            net: self.net,
            bonus: self.total_bonus(),
            defence: self.defence.1,
            crit_from: self.crit_from,
        }
    }

    /// The chance to hit (crits included) and to crit.
    pub fn odds(&self) -> (f64, f64) {
        self.numbers().odds()
    }

    /// The chance of a plain miss (a miss that is not a crit fail: miss damage).
    pub fn plain_miss(&self) -> f64 {
        self.numbers().plain_miss()
    }
}

/// What an attack's odds depend on: the net Advantage dice, the sum of the bonuses, the
/// defence's value and the natural roll that crits. [`attack_numbers`] works them out
/// without building [`EscAttack`]'s lists (the AI asks the odds thousands of times a
/// battle); [`EscAttack::numbers`] gives the same four.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackNumbers {
    /// Net Advantage (positive) or Disadvantage (negative) dice.
    pub net: i32,
    /// Level, Volition and the escalation die, summed.
    pub bonus: i32,
    /// The defence's value (with Shielded's ward).
    pub defence: i32,
    /// The natural roll that crits.
    pub crit_from: i32,
}

impl AttackNumbers {
    /// The outcome of a natural roll ([`EscAttack::outcome`]).
    pub fn outcome(&self, natural: i32) -> Outcome {
        if natural <= CRIT_FAIL {
            Outcome::CriticalFailure
        } else if natural >= self.crit_from {
            Outcome::Critical
        } else if natural + self.bonus >= self.defence {
            Outcome::Success
        } else {
            Outcome::Failure
        }
    }

    /// The least natural roll that hits (a crit or a success), and the least that crits
    /// (each at most 19: none). The naturals that hit, and those that crit, each run from
    /// there to 18 ([`AttackNumbers::outcome`]: above a crit fail, at or above the crit
    /// range or the defence less the bonus).
    fn first_hit_and_crit(&self) -> (usize, usize) {
        let low = CRIT_FAIL + 1;
        let hit = self.crit_from.min(self.defence.saturating_sub(self.bonus));
        let clamp = |n: i32| n.clamp(low, 19) as usize;
        (clamp(hit), clamp(self.crit_from))
    }

    /// The chance to hit (crits included) and to crit: the chances of the naturals that
    /// hit and that crit, each added in rising order (as a walk over every natural adding
    /// those that do: the same sums to the last bit).
    pub fn odds(&self) -> (f64, f64) {
        let t = natural_odds(self.net);
        let (h, c) = self.first_hit_and_crit();
        let mut hit = 0.0;
        let mut crit = 0.0;
        for (n, p) in t.iter().enumerate().skip(h) {
            hit += p;
            if n >= c {
                crit += p;
            }
        }
        (hit, crit)
    }

    /// The chance of a plain miss (a miss that is not a crit fail): the naturals above a
    /// crit fail and below the first that hits.
    pub fn plain_miss(&self) -> f64 {
        let (h, _) = self.first_hit_and_crit();
        natural_odds(self.net)[(CRIT_FAIL + 1) as usize..h]
            .iter()
            .sum()
    }
}

fn edge(name: &'static str, v: i32) -> Modifier {
    Modifier::new(ModKind::Condition, name, v)
}

/// Advantage (+1) and Disadvantage (−1) on `attacker`'s attacks against `target`:
/// conditions with different names stack.
pub fn edges(b: &Battle, attacker: UnitId, target: UnitId) -> Vec<Modifier> {
    let mut v = Vec::new();
    each_edge(b, attacker, target, |name, value| v.push(edge(name, value)));
    v
}

/// The net of [`edges`] (Advantage less Disadvantage), without listing them.
pub fn edge_net(b: &Battle, attacker: UnitId, target: UnitId) -> i32 {
    let mut net = 0;
    each_edge(b, attacker, target, |_, value| net += value);
    net
}

/// Each of [`edges`]' Advantages and Disadvantages, in order, as its name and value.
fn each_edge(b: &Battle, attacker: UnitId, target: UnitId, mut v: impl FnMut(&'static str, i32)) {
    for (k, name) in [
        (ConditionKind::Dazed, "Disadvantage: dazed"),
        (ConditionKind::Shaken, "Disadvantage: shaken"),
        (ConditionKind::Stunned, "Disadvantage: stunned"),
        (ConditionKind::Weakened, "Disadvantage: weakened"),
    ] {
        if b.has(attacker, k) {
            v(name, -1);
        }
    }
    // Helpless: "You're Stunned" — the stun's Disadvantage, once.
    if b.has(attacker, ConditionKind::Helpless) && !b.has(attacker, ConditionKind::Stunned) {
        v("Disadvantage: helpless (stunned)", -1);
    }
    for (k, name) in [
        (ConditionKind::Softened, "Advantage: target softened"),
        (ConditionKind::Stunned, "Advantage: target stunned"),
        (ConditionKind::Weakened, "Advantage: target weakened"),
    ] {
        if b.has(target, k) {
            v(name, 1);
        }
    }
    if b.has(target, ConditionKind::Helpless) && !b.has(target, ConditionKind::Stunned) {
        v("Advantage: target helpless (stunned)", 1);
    }
    if b.has(attacker, ConditionKind::DiceyEdge) {
        v("Advantage: a Dicey Move", 1);
    }
    if b.has(attacker, ConditionKind::SpiritAttacks) {
        v("Advantage: a fallen friend fights in spirit", 1);
    }
    if b.has(target, ConditionKind::SpiritWard) {
        v(
            "Disadvantage: the target's fallen friend fights in spirit",
            -1,
        );
    }
    // (The bit set first: the source is read from the world only for a grabbed target.)
    if b.has(target, ConditionKind::Grabbed)
        && b.condition_source(target, ConditionKind::Grabbed) == Some(attacker)
    {
        v("Advantage: target grabbed by the attacker", 1);
    }
}

/// The natural roll from which attacks against `target` crit: 17, 16 when it is weak to
/// the damage type or Vulnerable, 15 when both.
pub fn crit_from(b: &Battle, target: UnitId, kind: &str) -> i32 {
    let weak = b
        .level()
        .units
        .get(target.0 as usize)
        .is_some_and(|d| d.weak.iter().any(|w| w == kind));
    let vulnerable = b.has(target, ConditionKind::Vulnerable);
    CRIT_FROM - i32::from(weak) - i32::from(vulnerable)
}

/// The numbers of `attacker`'s basic attack on `target` (against AC).
pub fn attack_math(b: &Battle, attacker: UnitId, target: UnitId) -> EscAttack {
    attack_against(b, attacker, target, Defence::Ac, WEAPON_DAMAGE)
}

/// Every attack roll of `attacker` on `target`, a basic attack's or a power's (issue 29,
/// one attack path): 3d6 + Level + Volition + the escalation die as the attacker counts
/// it, with the Advantage and Disadvantage of [`edges`], against `defence`, critting by
/// the damage type `kind`.
pub fn attack_against(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    defence: Defence,
    kind: &str,
) -> EscAttack {
    let stats = b.stats(attacker);
    let mut bonus = vec![
        Modifier::new(ModKind::Skill, "Level", level_of(b, attacker)),
        Modifier::new(ModKind::Skill, "Volition", stats.get(Stat::Volition)),
    ];
    let esc = escalation_bonus(b, attacker);
    if esc != 0 {
        bonus.push(Modifier::new(ModKind::Bonus, "escalation die", esc));
    }
    let edges = edges(b, attacker, target);
    let net = edges.iter().map(|m| m.value).sum();
    EscAttack {
        net,
        edges,
        bonus,
        defence: (
            defence,
            b.stats(target).get(defence.stat()) + super::ward(b, target),
        ),
        crit_from: crit_from(b, target, kind),
    }
}

/// [`attack_against`]'s numbers ([`EscAttack::numbers`]) without its lists: what the AI's
/// odds read.
pub fn attack_numbers(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    defence: Defence,
    kind: &str,
) -> AttackNumbers {
    AttackNumbers {
        net: edge_net(b, attacker, target),
        bonus: level_of(b, attacker)
            + b.stats(attacker).get(Stat::Volition)
            + escalation_bonus(b, attacker),
        defence: b.stats(target).get(defence.stat()) + super::ward(b, target),
        crit_from: crit_from(b, target, kind),
    }
}

/// The hit damage dice of `attacker`'s basic attack with loadout item `weapon`: X × Level
/// where X is the stance's damage die (the weapon's die), and Volition.
pub fn damage_parts(b: &Battle, attacker: UnitId, weapon: usize) -> (DiceExpr, i32) {
    let sides = b
        .weapons(attacker)
        .get(weapon)
        .map_or(1, |w| w.damage.sides.max(1));
    (
        DiceExpr::new(level_of(b, attacker) as u32, sides),
        b.stats(attacker).get(Stat::Volition),
    )
}

/// The chance of each damage total of a hit with `dice` + `vol` (never below 0) and of
/// a critical hit (twice that), memoised by the dice and Volition
/// (`odds::memo_hit_odds`): `Ruleset::damage_odds` of a basic attack ([`damage_parts`]).
/// `None` when the dice are too many to count.
pub fn hit_damage_odds(dice: DiceExpr, vol: i32) -> Option<(Distribution, Distribution)> {
    let key = crate::odds::HitKey::new(crate::odds::HitFormula::Escalation, dice, [vol, 0]);
    crate::odds::memo_hit_odds(key, || {
        let d = Distribution::of(dice)?.map(|t| (t + vol).max(0));
        let c = d.map(|t| t * 2);
        Some((d, c))
    })
}

/// Miss damage of `u`'s basic attacks: its Level when its class deals miss damage.
pub fn miss_damage(b: &Battle, u: UnitId) -> i32 {
    if b.stats(u).get(Stat::MissDamage) > 0 {
        level_of(b, u)
    } else {
        0
    }
}

/// `target`'s resistance to a damage type: "Resist X+" (half damage when the natural roll
/// is below X), from the level's `resist` map; 0: none.
pub fn resistance(b: &Battle, target: UnitId, kind: &str) -> i32 {
    b.level()
        .units
        .get(target.0 as usize)
        .and_then(|d| d.resist.get(kind))
        .copied()
        .unwrap_or(0)
}

/// Halve a damage roll when the target resists and the natural roll is below its number.
pub fn resisted(b: &Battle, target: UnitId, natural: i32, roll: Roll) -> Roll {
    let x = resistance(b, target, WEAPON_DAMAGE);
    if x > 0 && natural < x && roll.total > 0 {
        let cut = roll.total - roll.total / 2;
        roll.with(Modifier::new(
            ModKind::Other,
            format!("resist {WEAPON_DAMAGE} {x}+: half"),
            -cut,
        ))
    } else {
        roll
    }
}

/// Roll an attack (its frame came up). A ranged attack by an engaged unit first lets
/// the enemies engaged with it make their opportunity attacks.
pub(crate) fn resolve_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> Result<(), ForcedFaceError> {
    let ranged = b
        .weapons(attacker)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Ranged);
    if ranged && kind == AttackKind::Normal {
        let provoked = opportunists(b, attacker);
        if !provoked.is_empty() {
            b.push_frame(
                EscalationFrame::Shoot {
                    attacker,
                    target,
                    weapon,
                }
                .into(),
            );
            for r in provoked.into_iter().rev() {
                b.push_frame(Frame::Offer {
                    reactor: r,
                    trigger: Trigger::Provoked { unit: attacker },
                    to: None,
                });
            }
            return Ok(());
        }
    }
    roll_attack(b, attacker, target, weapon, kind, false)
}

/// The enemies engaged with `u` that may make an opportunity attack on it now: in
/// melee stance and not grabbed, in turn order.
pub fn opportunists(b: &Battle, u: UnitId) -> Vec<UnitId> {
    let engaged = engaged_enemies(b, u);
    b.order()
        .iter()
        .copied()
        .filter(|e| engaged.contains(e) && may_make_opportunity_attack(b, *e))
        .collect()
}

/// May `r` make opportunity attacks now: in melee stance, and not Grabbed ("you can't
/// use Opportunity Attacks").
pub fn may_make_opportunity_attack(b: &Battle, r: UnitId) -> bool {
    b.alive(r) && melee_stance(b, r) && !b.has(r, ConditionKind::Grabbed)
}

/// Roll the attack and push the hit; a plain miss deals the class's miss damage.
/// `coup`: a Coup de Grace (it crits).
pub(crate) fn roll_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    coup: bool,
) -> Result<(), ForcedFaceError> {
    if !b.alive(attacker) || !b.alive(target) {
        return Ok(());
    }
    // "Anyone trying to attack you has to roll a 11+ save first; if it fails, the
    // attack has no effects."
    if b.has(target, ConditionKind::Invisible) {
        let roll = b.roll(d6s(0))?;
        let success = roll.total >= super::SAVE;
        b.emit(Event::Save {
            unit: attacker,
            kind: ConditionKind::Invisible,
            roll,
            target_number: super::SAVE,
            success,
        });
        if !success {
            return Ok(());
        }
    }
    let a = attack_math(b, attacker, target);
    let mut roll = b.roll(d6s(a.net))?;
    let natural = roll.natural();
    for m in a.edges.iter().map(|m| Modifier {
        value: 0,
        ..m.clone()
    }) {
        roll = roll.with(m);
    }
    for m in &a.bonus {
        roll = roll.with(m.clone());
    }
    // A Dicey Move's Advantage is for "an attack performed right" after it: one.
    if b.has(attacker, ConditionKind::DiceyEdge) {
        b.emit(Event::ConditionRemoved {
            unit: attacker,
            kind: ConditionKind::DiceyEdge,
            source: None,
        });
    }
    let mut outcome = a.outcome(natural);
    if coup && outcome != Outcome::Critical {
        roll = roll.with(Modifier::new(ModKind::Critical, "coup de grace: crits", 0));
        outcome = Outcome::Critical;
    }
    let against = vec![Modifier::new(
        ModKind::Skill,
        a.defence.0.name(),
        a.defence.1,
    )];
    b.emit_attack(
        attacker,
        target,
        weapon,
        kind,
        HitEffect::Damage,
        roll,
        a.defence.1,
        outcome,
        against,
    );
    if outcome == Outcome::Failure {
        let miss = miss_damage(b, attacker);
        if miss > 0 {
            let roll = Roll::from_faces(DiceExpr::new(0, 1), Vec::new()).with(Modifier::new(
                ModKind::Other,
                "miss damage (Level)",
                miss,
            ));
            let roll = resisted(b, target, natural, roll);
            super::deal(b, target, Some(attacker), roll, false);
            if let Some(back) = confused_backlash(b, attacker, natural, miss) {
                super::deal(b, attacker, Some(attacker), back, false);
            }
        }
    }
    Ok(())
}

/// Confused: "on a Natural Odd Hit or Miss, you take half of any damage you deal",
/// reckoned before multiplying or dividing (`base`: the dice and Volition of a hit, the
/// Level of a miss). The damage the attacker takes, as a roll, if any.
pub fn confused_backlash(b: &Battle, attacker: UnitId, natural: i32, base: i32) -> Option<Roll> {
    if !b.has(attacker, ConditionKind::Confused) || natural % 2 == 0 || base / 2 <= 0 {
        return None;
    }
    Some(
        Roll::from_faces(DiceExpr::new(0, 1), Vec::new()).with(Modifier::new(
            ModKind::Condition,
            "confused: half its damage (odd natural)",
            base / 2,
        )),
    )
}

/// The part of a hit's damage roll before a crit or resistance: the dice and Volition.
pub fn base_damage(roll: &Roll) -> i32 {
    roll.natural()
        + roll
            .modifiers
            .iter()
            .filter(|m| m.name == "Volition")
            .map(|m| m.value)
            .sum::<i32>()
}
