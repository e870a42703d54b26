//! `tactical-d20` (seed 004, "Action"): the attack arithmetic. The roll is a d20 plus the
//! base attack bonus, the ability, size and situational bonuses, against AC; a natural 20
//! always hits and a natural 1 always misses; critical range and multiple;
//! Primary/Secondary/Tertiary penalties; and the AC changes conditions make.
//!
//! These are pure functions over a unit's scores and conditions, tested below; the turn
//! engine's part (slots, actions, reactions) is the rest of this folder. Interpretations:
//! `docs/rules/tactical-d20.md`.

use crate::components::{ConditionKind, Size, Slot, Stat, Stats, Weapon, WeaponKind, WeaponTag};
use crate::dice::{ModKind, Modifier};
use crate::event::{AttackKind, Outcome};

/// The attack an action slot makes: Standard a Primary, Move a Secondary, Quick a
/// Tertiary attack.
pub fn attack_kind(slot: Slot) -> AttackKind {
    match slot {
        Slot::Move => AttackKind::Secondary,
        Slot::Quick => AttackKind::Tertiary,
        _ => AttackKind::Normal,
    }
}

/// Which action pays for an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackSlot {
    /// Standard action: no penalty.
    Primary,
    /// Move action: −5.
    Secondary,
    /// Quick action: −10.
    Tertiary,
    /// Reaction: no penalty.
    Opportunity,
}

impl AttackSlot {
    /// The penalty the slot puts on the attack roll.
    pub fn penalty(self) -> i32 {
        match self {
            AttackSlot::Secondary => -5,
            AttackSlot::Tertiary => -10,
            AttackSlot::Primary | AttackSlot::Opportunity => 0,
        }
    }
}

/// The d20 size modifier on attack rolls (and AC): Tiny +2, Small +1, Medium 0, Large −1,
/// Huge −2, Gargantuan −4.
pub fn size_modifier(s: Size) -> i32 {
    match s {
        Size::Tiny => 2,
        Size::Small => 1,
        Size::Medium => 0,
        Size::Large => -1,
        Size::Huge => -2,
        Size::Gargantuan => -4,
    }
}

/// An attack ready to roll: the bonus with its named parts, the AC with its named parts,
/// the critical range and the damage-dice multiple.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D20Attack {
    /// Parts of the attack bonus.
    pub bonus: Vec<Modifier>,
    /// Parts of the target's AC.
    pub ac: Vec<Modifier>,
    /// Lowest natural d20 that crits.
    pub crit_from: u32,
    /// Damage dice multiple on a crit.
    pub crit_mult: u32,
}

impl D20Attack {
    /// Total attack bonus.
    pub fn total_bonus(&self) -> i32 {
        self.bonus.iter().map(|m| m.value).sum()
    }

    /// Total AC.
    pub fn total_ac(&self) -> i32 {
        self.ac.iter().map(|m| m.value).sum()
    }

    /// The outcome of a natural d20 face: a 1 always misses (critical failure), a 20
    /// always hits; a hit whose face is in the critical range is a critical hit.
    pub fn outcome(&self, face: u32) -> Outcome {
        self.outcome_with(face, self.total_bonus() - self.total_ac())
    }

    /// [`D20Attack::outcome`] with the bonus less the AC summed by the caller.
    fn outcome_with(&self, face: u32, margin: i32) -> Outcome {
        if face <= 1 {
            return Outcome::CriticalFailure;
        }
        let hit = face >= 20 || face as i32 + margin >= 0;
        match (hit, face >= self.crit_from) {
            (true, true) => Outcome::Critical,
            (true, false) => Outcome::Success,
            (false, _) => Outcome::Failure,
        }
    }

    /// Exact chance to hit (any hit) and to crit (the faces' outcomes added up in face
    /// order; the bonus and the AC summed once).
    pub fn odds(&self) -> (f64, f64) {
        let margin = self.total_bonus() - self.total_ac();
        let mut hit = 0.0;
        let mut crit = 0.0;
        for face in 1..=20 {
            match self.outcome_with(face, margin) {
                Outcome::Critical => {
                    hit += 0.05;
                    crit += 0.05;
                }
                Outcome::Success => hit += 0.05,
                _ => {}
            }
        }
        (hit, crit)
    }
}

/// The Dexterity part of AC that "subtract the Ability Modifier(s) from AC" removes (only
/// a bonus is lost; a penalty stays).
fn dex_bonus(stats: &Stats) -> i32 {
    stats.d20_mod(Stat::Dex).max(0)
}

/// The target's AC against an attack, with every condition that changes it. `Stat::Ac`
/// is the sheet AC with the Dexterity modifier already in it.
pub fn armour_class(
    stats: &Stats,
    conds: &[ConditionKind],
    melee: bool,
    flanked: bool,
) -> Vec<Modifier> {
    armour_class_by(stats, |k| conds.contains(&k), melee, flanked)
}

/// [`armour_class`] with the target's conditions asked one kind at a time (`has`), so a
/// caller need not list them.
pub fn armour_class_by(
    stats: &Stats,
    has: impl Fn(ConditionKind) -> bool,
    melee: bool,
    flanked: bool,
) -> Vec<Modifier> {
    // Room for every part a caller may add (conditions, cover, footing) at once.
    let mut ac = Vec::with_capacity(8);
    ac.push(Modifier::new(ModKind::Skill, "AC", stats.get(Stat::Ac)));
    let loses_dex = flanked
        || [
            ConditionKind::Surprised,
            ConditionKind::Restrained,
            ConditionKind::Stunned,
            ConditionKind::Unconscious,
            ConditionKind::Frightened,
            ConditionKind::Blind,
        ]
        .into_iter()
        .any(&has);
    if loses_dex && dex_bonus(stats) > 0 {
        let why = if flanked {
            "flanked: no DEX"
        } else {
            "no DEX to AC"
        };
        ac.push(Modifier::new(ModKind::Condition, why, -dex_bonus(stats)));
    }
    if has(ConditionKind::Prone) {
        let (name, v) = if melee {
            ("prone vs melee", -4)
        } else {
            ("prone vs ranged", 4)
        };
        ac.push(Modifier::new(ModKind::Condition, name, v));
    }
    ac
}

/// A critical hit multiplies the damage dice by this (every weapon: the seed gives no
/// other multiple).
pub const CRIT_MULT: u32 = 2;

/// An attack by a unit with `stats` and `size` using `w` from `slot`, against a target's
/// AC parts. Melee (and thrown) attacks add STR, ranged DEX; a finesse weapon uses the
/// better of the two.
pub fn attack(
    stats: &Stats,
    size: Size,
    w: &Weapon,
    slot: AttackSlot,
    target_ac: Vec<Modifier>,
) -> D20Attack {
    // Room for every part the attack's callers add at once (fatigue, charge, focus,
    // footing, cover, prone, range).
    let mut bonus = Vec::with_capacity(12);
    bonus.push(Modifier::new(ModKind::Skill, "BAB", stats.get(Stat::Bab)));
    let (name, ability) = match w.kind {
        WeaponKind::Ranged => ("DEX", stats.d20_mod(Stat::Dex)),
        WeaponKind::Melee
            if w.has(WeaponTag::Finesse) && stats.d20_mod(Stat::Dex) > stats.d20_mod(Stat::Str) =>
        {
            ("DEX (finesse)", stats.d20_mod(Stat::Dex))
        }
        WeaponKind::Melee => ("STR", stats.d20_mod(Stat::Str)),
    };
    bonus.push(Modifier::new(ModKind::Skill, name, ability));
    let sm = size_modifier(size);
    if sm != 0 {
        bonus.push(Modifier::new(ModKind::Size, "size", sm));
    }
    if slot.penalty() != 0 {
        let n = match slot {
            AttackSlot::Secondary => "secondary attack",
            _ => "tertiary attack",
        };
        bonus.push(Modifier::new(ModKind::ActionSlot, n, slot.penalty()));
    }
    D20Attack {
        bonus,
        ac: target_ac,
        crit_from: w.crit_from.clamp(2, 20),
        crit_mult: CRIT_MULT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DiceExpr;

    /// Opposed d20 odds (the AI's trip chance) counted by hand against the engine's tie
    /// rule (higher total, then higher bonus, then the passive side).
    #[test]
    fn opposed_odds_count_the_engines_tie_rule() {
        use crate::rulesets::tactical_d20::opposed_odds;
        // Equal bonuses: only a higher face wins, 20·19/2 = 190 of 400 pairs.
        assert!((opposed_odds(3, false, 3, false) - 190.0 / 400.0).abs() < 1e-12);
        // One point more: a face at least as high (210 pairs), and also the 19 pairs
        // where the passive face is one higher — equal totals, the higher bonus wins.
        assert!((opposed_odds(4, false, 3, false) - 229.0 / 400.0).abs() < 1e-12);
        // An unconscious passive side rolls 1: total 6 with bonus 5. The active side
        // (bonus 0) needs more than 6 — a tie at 6 goes to the higher bonus, the
        // passive's: faces 7 to 20.
        assert!((opposed_odds(0, false, 5, true) - 14.0 / 20.0).abs() < 1e-12);
    }

    fn fighter() -> Stats {
        Stats(
            [
                (Stat::Str, 16),
                (Stat::Dex, 12),
                (Stat::Bab, 2),
                (Stat::Ac, 17),
            ]
            .into_iter()
            .collect(),
        )
    }

    fn longsword() -> Weapon {
        Weapon {
            name: "longsword".into(),
            kind: WeaponKind::Melee,
            damage: DiceExpr::new(1, 8),
            reach: 1,
            range: 0,
            crit_from: 19,
            tags: vec![],
            hp: 10,
        }
    }

    #[test]
    fn bonus_is_bab_plus_ability_plus_size_plus_slot() {
        let a = attack(
            &fighter(),
            Size::Medium,
            &longsword(),
            AttackSlot::Primary,
            vec![],
        );
        assert_eq!(a.total_bonus(), 2 + 3);
        let a = attack(
            &fighter(),
            Size::Large,
            &longsword(),
            AttackSlot::Secondary,
            vec![],
        );
        assert_eq!(a.total_bonus(), 2 + 3 - 1 - 5);
        let a = attack(
            &fighter(),
            Size::Medium,
            &longsword(),
            AttackSlot::Tertiary,
            vec![],
        );
        assert_eq!(a.total_bonus(), 2 + 3 - 10);
    }

    #[test]
    fn natural_20_hits_natural_1_misses_and_the_crit_range_crits() {
        let ac = armour_class(&fighter(), &[], true, false);
        // +5 against AC 17: 12+ hits, 19-20 crit.
        let a = attack(
            &fighter(),
            Size::Medium,
            &longsword(),
            AttackSlot::Primary,
            ac,
        );
        assert_eq!(a.outcome(1), Outcome::CriticalFailure);
        assert_eq!(a.outcome(11), Outcome::Failure);
        assert_eq!(a.outcome(12), Outcome::Success);
        assert_eq!(a.outcome(19), Outcome::Critical);
        let (hit, crit) = a.odds();
        assert!((hit - 0.45).abs() < 1e-9 && (crit - 0.10).abs() < 1e-9);
        // −10 against AC 17 still hits on a 20 (and it crits).
        let ac = armour_class(&fighter(), &[], true, false);
        let a = attack(
            &fighter(),
            Size::Medium,
            &longsword(),
            AttackSlot::Tertiary,
            ac,
        );
        assert_eq!(a.outcome(19), Outcome::Failure);
        assert_eq!(a.outcome(20), Outcome::Critical);
    }

    #[test]
    fn conditions_change_ac() {
        let f = fighter();
        let total = |c: &[ConditionKind], melee, flanked| {
            armour_class(&f, c, melee, flanked)
                .iter()
                .map(|m| m.value)
                .sum::<i32>()
        };
        assert_eq!(total(&[], true, false), 17);
        assert_eq!(total(&[ConditionKind::Prone], true, false), 13);
        assert_eq!(total(&[ConditionKind::Prone], false, false), 21);
        assert_eq!(
            total(&[ConditionKind::Surprised], true, false),
            16,
            "loses DEX +1"
        );
        assert_eq!(
            total(&[], true, true),
            16,
            "flanked: Surprised against the flankers"
        );
    }
}
