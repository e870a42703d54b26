//! melee-zone's numbers: the modifiers a unit fights with, its movement, its melee zone,
//! the bonus-action boosts in force, and the number an attack must reach.

use crate::battle::Battle;
use crate::components::{ConditionKind, Once, Per, Slot, Stat, UnitId};
use crate::dice::{ModKind, Modifier};

/// "To move (traditionally 6 spaces)".
pub const SPEED: u32 = 6;
/// "Move an additional 2 spaces" (a bonus action; the Athlete feat's too).
pub const SPRINT: u32 = 2;
/// "If the total equals or exceeds the target's Agility modifier plus 10".
pub const DODGE_BASE: i32 = 10;
/// "Flat footed characters are a 5 to hit".
pub const FLAT_FOOTED: i32 = 5;
/// The crit and tragedy chains: "roll a d4 … roll a d6 … roll a d8, and so on".
pub const CHAIN: [u32; 6] = [4, 6, 8, 10, 12, 20];

/// A bonus-action boost (a `Once::Own` mark with the boost's number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boost {
    /// +1 melee damage "for that round".
    Damage,
    /// +1 to hit until the round ends.
    Hit,
    /// +1 dodge until the unit's next turn.
    Dodge,
    /// +2 movement this turn.
    Move,
}

impl Boost {
    /// Every boost.
    pub const ALL: [Boost; 4] = [Boost::Damage, Boost::Hit, Boost::Dodge, Boost::Move];

    /// Its ledger entry.
    pub fn once(self) -> Once {
        let (id, per) = match self {
            Boost::Damage => (1, Per::Round),
            Boost::Hit => (2, Per::Round),
            Boost::Dodge => (3, Per::OwnTurn),
            Boost::Move => (4, Per::OwnTurn),
        };
        Once::Own { id, per }
    }

    /// The Bonus Action that gives it.
    pub fn action_name(self) -> &'static str {
        match self {
            Boost::Damage => "Power Strike",
            Boost::Hit => "Steady Aim",
            Boost::Dodge => "Evade",
            Boost::Move => "Sprint",
        }
    }

    /// Its words on the unit card.
    pub fn words(self) -> &'static str {
        match self {
            Boost::Damage => "+1 melee damage",
            Boost::Hit => "+1 to hit",
            Boost::Dodge => "+1 dodge",
            Boost::Move => "+2 movement",
        }
    }
}

/// Is boost `k` in force on `u` (used this turn for movement)?
pub fn boosted(b: &Battle, u: UnitId, k: Boost) -> bool {
    b.used(u, k.once())
}

/// The Agility modifier (initiative, dodge, free-hit slots).
pub fn agility(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(Stat::Agility)
}

/// The Accuracy modifier (attack rolls).
pub fn accuracy(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(Stat::Accuracy)
}

/// The Strength modifier (damage; `Str` holds the modifier in melee-zone's data).
pub fn strength(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(Stat::Str)
}

/// Free Hit Slots a round: "Agility modifier plus 1 … 0 or less: none".
pub fn free_hit_slots(agility: i32) -> i32 {
    (agility + 1).max(0)
}

/// Spaces a Move Action buys: 6 (the level's `Speed` when set), +2 with the Athlete
/// feat, −2 for each Slowing wound (its `Speed` modifiers); a third of it while prone
/// ("move ⅓ of your movement").
pub fn speed(b: &Battle, u: UnitId) -> u32 {
    let set = b.base_stats(u).get(Stat::Speed);
    let base = if set > 0 { set } else { SPEED as i32 };
    let wounds = b.stats(u).get(Stat::Speed) - set;
    let athlete = if b.has_feat(u, "Athlete") { SPRINT } else { 0 };
    let full = (base + athlete as i32 + wounds).max(0) as u32;
    let full = super::stealth::sneaking(b, u, full);
    if b.has(u, ConditionKind::Prone) {
        full / 3
    } else {
        full
    }
}

/// The parts of the number an attacker must reach to hit `target`, handed to `part` one
/// by one (kind, words, value): flat-footed 5; prone "a 5 to hit plus your agility mod"
/// (no dodge); else 10 + Agility modifier (+1 while it Evades). [`defence`] lists them,
/// [`defence_number`] adds them up (the AI's odds, which show no words).
fn defence_parts(b: &Battle, target: UnitId, mut part: impl FnMut(ModKind, &'static str, i32)) {
    let agi = agility(b, target);
    let conditions = b.get::<crate::components::Conditions>(target);
    if let Some(why) = conditions.and_then(|c| super::casting::flat_footed_with(b, target, c)) {
        part(ModKind::Condition, why, FLAT_FOOTED);
    } else if conditions.is_some_and(|c| c.has(ConditionKind::Prone)) {
        part(ModKind::Condition, "prone: semi flat-footed", FLAT_FOOTED);
        part(ModKind::Skill, "Agility mod", agi);
    } else {
        part(ModKind::Other, "base", DODGE_BASE);
        part(ModKind::Skill, "Agility mod", agi);
        if boosted(b, target, Boost::Dodge) {
            part(ModKind::Other, "Evade", 1);
        }
    }
}

/// The number `attacker` must reach to hit `target`, with its parts ([`defence_parts`]).
pub fn defence(b: &Battle, target: UnitId) -> (i32, Vec<Modifier>) {
    let mut parts = Vec::new();
    defence_parts(b, target, |k, why, v| parts.push(Modifier::new(k, why, v)));
    (parts.iter().map(|m| m.value).sum(), parts)
}

/// [`defence`]'s number alone (no words built): [`defence_parts`]' sum, with the
/// conditions read through `Battle::has` (its bit sets) instead of the component (the AI
/// asks this for every attacker and target it weighs).
pub fn defence_number(b: &Battle, target: UnitId) -> i32 {
    let (n, dodging) = defence_number_before_evade(b, target);
    n + i32::from(dodging && evades(b, target))
}

/// [`defence_number`] in two steps, for a caller that may not need the second: the
/// number without Evade's +1, and whether Evade counts (it dodges: neither flat-footed
/// nor prone). [`evades`] then says whether it adds the 1.
pub fn defence_number_before_evade(b: &Battle, target: UnitId) -> (i32, bool) {
    defence_number_before_evade_with(b, target, agility(b, target))
}

/// [`defence_number_before_evade`] with `target`'s Agility modifier read by the caller.
pub fn defence_number_before_evade_with(b: &Battle, target: UnitId, agi: i32) -> (i32, bool) {
    let has = |k| b.has(target, k);
    // `casting::flat_footed_with`'s three reasons.
    if has(ConditionKind::FlatFooted)
        || (has(ConditionKind::Channeling) && !b.has_feat(target, super::casting::BATTLE_CASTER))
        || has(ConditionKind::SummoningSick)
    {
        (FLAT_FOOTED, false)
    } else if has(ConditionKind::Prone) {
        (FLAT_FOOTED + agi, false)
    } else {
        (DODGE_BASE + agi, true)
    }
}

/// Does `target` Evade this turn (+1 to its dodge)?
pub fn evades(b: &Battle, target: UnitId) -> bool {
    boosted(b, target, Boost::Dodge)
}

/// The attack roll's modifiers, handed to `part` one by one: Accuracy, +1 for Steady
/// Aim, +1 at the centre mass.
fn attack_parts(
    b: &Battle,
    attacker: UnitId,
    centre: bool,
    mut part: impl FnMut(ModKind, &'static str, i32),
) {
    part(ModKind::Skill, "Accuracy mod", accuracy(b, attacker));
    if boosted(b, attacker, Boost::Hit) {
        part(ModKind::Other, "Steady Aim", 1);
    }
    if centre {
        part(ModKind::Other, "centre mass", 1);
    }
}

/// The attack roll's modifiers ([`attack_parts`]).
pub fn attack_mods(b: &Battle, attacker: UnitId, centre: bool) -> Vec<Modifier> {
    let mut v = Vec::new();
    attack_parts(b, attacker, centre, |k, why, n| {
        v.push(Modifier::new(k, why, n));
    });
    v
}

/// [`attack_mods`]' sum alone (no words built).
pub fn attack_bonus(b: &Battle, attacker: UnitId, centre: bool) -> i32 {
    let mut n = 0;
    attack_parts(b, attacker, centre, |_, _, v| n += v);
    n
}

/// The Attack Action's slots and the rest of the turn's, in words ("1 AA, 1 MA, 2 BA").
pub fn slot_words(b: &Battle, u: UnitId) -> String {
    format!(
        "{} AA, {} MA, {} BA",
        b.slots(u, Slot::Attack),
        b.slots(u, Slot::Move),
        b.slots(u, Slot::Bonus)
    )
}
