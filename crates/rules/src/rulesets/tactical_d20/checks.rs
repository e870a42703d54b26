//! tactical-d20 checks: skills, saves, d20 rolls and opposed checks, the one odds path for
//! the resolver, the preview and the AI. The numbers come from [`super::math`].

use crate::battle::Battle;
use crate::components::{ConditionKind, Stat, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::Illegal;
use crate::event::{CheckPurpose, Event, Outcome};

use super::conditions::{cond, cond_name};

/// The skills tactical-d20 actions use, with the ability each adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skill {
    /// STR.
    Athletics,
    /// DEX.
    Agility,
    /// CON.
    Endurance,
    /// CHA.
    Deception,
    /// WIS.
    Survival,
    /// DEX.
    Stealth,
    /// INT: the spellcasting focus, identifying spells, keeping a spell when hurt.
    MagicalAptitude,
}

impl Skill {
    fn parts(self) -> (&'static str, Stat, Stat) {
        match self {
            Skill::Athletics => ("Athletics", Stat::Athletics, Stat::Str),
            Skill::Agility => ("Agility", Stat::Agility, Stat::Dex),
            Skill::Endurance => ("Endurance", Stat::Endurance, Stat::Con),
            Skill::Deception => ("Deception", Stat::Deception, Stat::Cha),
            Skill::Survival => ("Survival", Stat::Survival, Stat::Wis),
            Skill::Stealth => ("Stealth", Stat::Stealth, Stat::Dex),
            Skill::MagicalAptitude => ("Magical Aptitude", Stat::MagicalAptitude, Stat::Int),
        }
    }
}

/// Saving throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Save {
    /// CON.
    Fortitude,
    /// DEX.
    Reflex,
    /// WIS.
    Will,
}

/// A positive ability modifier that "subtract the Ability Modifier(s)" removes.
fn lost_ability(stats: &crate::components::Stats, s: Stat) -> i32 {
    stats.d20_mod(s).max(0)
}

pub(super) fn d20_bonuses(b: &Battle, u: UnitId, out: &mut Vec<Modifier>) {
    if b.has(u, ConditionKind::Assisted) {
        out.push(Modifier::new(ModKind::Condition, "assisted", 4));
    }
}

/// The modifiers of a skill check (ability + ranks + conditions), or why the unit cannot
/// use the skill (Fatigued: no Endurance, Athletics or Agility; Nauseated: no Endurance).
pub fn skill(b: &Battle, u: UnitId, s: Skill) -> Result<Vec<Modifier>, Illegal> {
    let (name, ranks, ability) = s.parts();
    let stats = b.stats(u);
    if b.has(u, ConditionKind::Fatigued)
        && matches!(s, Skill::Athletics | Skill::Agility | Skill::Endurance)
    {
        return Err(cond(
            b,
            u,
            "fatigued",
            "it cannot use Athletics, Agility or Endurance",
        ));
    }
    if b.has(u, ConditionKind::Nauseated) && s == Skill::Endurance {
        return Err(cond(b, u, "nauseated", "it cannot use Endurance"));
    }
    let mut m = vec![Modifier::new(ModKind::Skill, name, stats.d20_mod(ability))];
    if stats.get(ranks) != 0 {
        m.push(Modifier::new(ModKind::Skill, "ranks", stats.get(ranks)));
    }
    if b.has(u, ConditionKind::Encumbered) && matches!(s, Skill::Athletics | Skill::Agility) {
        let lost = lost_ability(stats, ability);
        if lost > 0 {
            m.push(Modifier::new(ModKind::Condition, "encumbered", -lost));
        }
    }
    if b.has(u, ConditionKind::FocusSkills) {
        m.push(Modifier::new(ModKind::Condition, "focus", 1));
    }
    d20_bonuses(b, u, &mut m);
    Ok(m)
}

/// The modifiers of a saving throw: the base save, the ability, and conditions.
pub fn save(b: &Battle, u: UnitId, s: Save) -> Vec<Modifier> {
    let stats = b.stats(u);
    let (name, base, ability) = match s {
        Save::Fortitude => ("Fortitude", Stat::Fort, Stat::Con),
        Save::Reflex => ("Reflex", Stat::Reflex, Stat::Dex),
        Save::Will => ("Will", Stat::Will, Stat::Wis),
    };
    let mut m = vec![
        Modifier::new(ModKind::Skill, name, stats.get(base)),
        Modifier::new(
            ModKind::Skill,
            ability_name(ability),
            stats.d20_mod(ability),
        ),
    ];
    let loses: &[ConditionKind] = match s {
        Save::Fortitude => &[
            ConditionKind::Stunned,
            ConditionKind::Fatigued,
            ConditionKind::Nauseated,
        ],
        // Blind: "Surprised against undetected creatures" (every creature, for a blind
        // one: nothing on the map is heard).
        Save::Reflex => &[
            ConditionKind::Stunned,
            ConditionKind::Surprised,
            ConditionKind::Blind,
            ConditionKind::Restrained,
            ConditionKind::Encumbered,
            ConditionKind::Cover,
        ],
        Save::Will => &[
            ConditionKind::Stunned,
            ConditionKind::Surprised,
            ConditionKind::Blind,
            ConditionKind::Confused,
            ConditionKind::Frightened,
        ],
    };
    if let Some(c) = loses.iter().find(|&&c| b.has(u, c)) {
        let lost = lost_ability(stats, ability);
        if lost > 0 {
            m.push(Modifier::new(ModKind::Condition, cond_name(*c), -lost));
        }
    }
    defence_bonuses(b, u, &mut m);
    m
}

fn ability_name(s: Stat) -> &'static str {
    match s {
        Stat::Str => "STR",
        Stat::Dex => "DEX",
        Stat::Con => "CON",
        Stat::Wis => "WIS",
        Stat::Int => "INT",
        _ => "CHA",
    }
}

/// Defend +3, Guard +2, Focus (defence) +1, Assist +4: AC and saves alike.
pub(super) fn defence_bonuses(b: &Battle, u: UnitId, m: &mut Vec<Modifier>) {
    for (c, v) in [
        (ConditionKind::Defending, 3),
        (ConditionKind::Guarding, 2),
        (ConditionKind::FocusDefence, 1),
        (ConditionKind::Assisted, 4),
    ] {
        if b.has(u, c) {
            m.push(Modifier::new(ModKind::Condition, cond_name(c), v));
        }
    }
}

pub(super) fn d20(b: &mut Battle, u: UnitId, mods: &[Modifier]) -> Result<Roll, ForcedFaceError> {
    let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
    // Unconscious: "use 1 for all d20 rolls".
    if b.has(u, ConditionKind::Unconscious) {
        roll = Roll::from_faces(DiceExpr::new(1, 20), vec![1]);
    }
    for m in mods {
        roll = roll.with(m.clone());
    }
    Ok(roll)
}

pub(super) fn check_event(
    b: &mut Battle,
    u: UnitId,
    purpose: CheckPurpose,
    roll: Roll,
    target: i32,
) -> bool {
    let success = roll.total >= target;
    b.emit(Event::Check {
        unit: u,
        purpose,
        roll,
        target_number: target,
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
    });
    success
}

/// An opposed check: the active roll against the passive one; the higher total wins,
/// a tie goes to the higher bonus, then to the passive side. Returns (active wins, tie).
pub(super) fn opposed(
    b: &mut Battle,
    purpose: CheckPurpose,
    active: UnitId,
    a_mods: &[Modifier],
    passive: UnitId,
    p_mods: Option<&[Modifier]>,
) -> Result<(bool, bool), ForcedFaceError> {
    let ra = d20(b, active, a_mods)?;
    let (wins, tie) = match p_mods {
        None => {
            // The passive side cannot use the check at all: the active one wins.
            check_event(b, active, purpose, ra, 0);
            (true, false)
        }
        Some(pm) => {
            let rp = d20(b, passive, pm)?;
            let (ta, tp) = (ra.total, rp.total);
            let (ba, bp) = (
                a_mods.iter().map(|m| m.value).sum::<i32>(),
                pm.iter().map(|m| m.value).sum::<i32>(),
            );
            let wins = active_wins(ta, ba, tp, bp);
            let tie = ta == tp;
            // Each side's outcome is whether it won, ties included (a tied grapple check
            // is won by nobody); the log says how a tie is broken.
            let won = |w: bool| {
                if w && !(tie && purpose == CheckPurpose::GrappleCheck) {
                    Outcome::Success
                } else {
                    Outcome::Failure
                }
            };
            for (unit, roll, target, outcome) in
                [(active, ra, tp, won(wins)), (passive, rp, ta, won(!wins))]
            {
                b.emit(Event::Check {
                    unit,
                    purpose,
                    roll,
                    target_number: target,
                    outcome,
                });
            }
            (wins, tie)
        }
    };
    b.emit(Event::Contest {
        purpose,
        active,
        passive,
        active_wins: wins,
    });
    Ok((wins, tie))
}

/// Athletics against the target's Reflex save; a failure provokes the target.
/// Does the active side win an opposed d20 check with these totals and bonuses? The
/// higher total wins, a tie goes to the higher bonus, and a full tie to the passive side.
pub fn active_wins(total_a: i32, bonus_a: i32, total_p: i32, bonus_p: i32) -> bool {
    total_a > total_p || (total_a == total_p && bonus_a > bonus_p)
}

/// The exact chance that the active side wins an opposed d20 check ([`opposed`]), from
/// each side's bonus and whether it must "use 1 for all d20 rolls" (unconscious).
pub fn opposed_odds(bonus_a: i32, a_rolls_1: bool, bonus_p: i32, p_rolls_1: bool) -> f64 {
    let faces = |ones: bool| -> Vec<i32> {
        if ones {
            vec![1; 20]
        } else {
            (1..=20).collect()
        }
    };
    let mut wins = 0;
    for fa in faces(a_rolls_1) {
        for &fp in &faces(p_rolls_1) {
            if active_wins(fa + bonus_a, bonus_a, fp + bonus_p, bonus_p) {
                wins += 1;
            }
        }
    }
    f64::from(wins) / 400.0
}

/// [`opposed_odds`] for two units and their modifiers.
pub fn opposed_chance(
    b: &Battle,
    active: UnitId,
    a_mods: &[Modifier],
    passive: UnitId,
    p_mods: &[Modifier],
) -> f64 {
    let bonus = |mods: &[Modifier]| mods.iter().map(|m| m.value).sum::<i32>();
    opposed_odds(
        bonus(a_mods),
        b.has(active, ConditionKind::Unconscious),
        bonus(p_mods),
        b.has(passive, ConditionKind::Unconscious),
    )
}

/// The chance a Trip (or Push or Disarm) by `u` on `target` succeeds: Athletics against
/// Reflex. 0 when `u` cannot use Athletics.
pub fn maneuver_chance(b: &Battle, u: UnitId, target: UnitId) -> f64 {
    match skill(b, u, Skill::Athletics) {
        Ok(am) => opposed_chance(b, u, &am, target, &save(b, target, Save::Reflex)),
        Err(_) => 0.0,
    }
}

/// Why a tactical-d20 level may not start a unit with `kind` (it means nothing here).
pub fn refused_condition(kind: ConditionKind) -> Option<&'static str> {
    use ConditionKind::*;
    Some(match kind {
        Dead => {
            "a unit starts the battle alive (a creature dies when its negative HP reaches \
             its CON); leave the unit out, or start it Dying"
        }
        TotalDefense => {
            "Total Defense is flow's; tactical-d20's Defend is a Standard action in battle"
        }
        Feinted => {
            "it is flow's Feint mark; tactical-d20's Feint leaves its target Surprised \
             (start the unit Surprised instead)"
        }
        // escalation's own (the registry refuses them too: escalation claims them); said
        // here as well, as `explain.rs` has no words for them.
        Dazed | Enervated | Grabbed | Hampered | Helpless | Invisible | Shaken | Softened
        | Stuck | Vulnerable | Weakened | Flying | Stabilized | PoppedOff | SpiritAttacks
        | SpiritSaves | SpiritWard | DiceyEdge | DiceyFooting | Shielded => {
            "it is escalation's; tactical-d20 has no rule for it"
        }
        FlatFooted | Channeling | SummoningSick | Charmed => {
            "it is not one of seed 004's conditions; tactical-d20 has no rule for it"
        }
        _ => return None,
    })
}

/// How the log words a tactical-d20 check: an Overrun check sets the DC of the overrun
/// creature's Reflex save (its number is 0); an opposed check against nobody is
/// unopposed; ties go as the seed says.
pub fn check_note(
    p: crate::event::CheckPurpose,
    total: i32,
    vs: i32,
) -> crate::rulesets::CheckNote {
    use crate::event::CheckPurpose as P;
    use crate::rulesets::CheckNote;
    let opposed = matches!(
        p,
        P::Disarm | P::Trip | P::Grapple | P::Push | P::Sunder | P::Feint | P::GrappleCheck
    );
    let words = |w| CheckNote {
        words: w,
        ..CheckNote::default()
    };
    if vs == 0 && p == P::Overrun {
        CheckNote {
            words: ": the DC of the overrun creature's Reflex save",
            no_number: true,
            no_outcome: true,
        }
    } else if vs == 0 && opposed {
        CheckNote {
            words: ": unopposed, the target cannot resist",
            no_number: true,
            no_outcome: false,
        }
    } else if total == vs && p == P::Overrun {
        words(": a tie goes to the creature overrun")
    } else if total == vs && p == P::GrappleCheck {
        words(": a tie keeps the grapple and ends the active creature's turn")
    } else if total == vs && opposed {
        words(": a tie goes to the higher bonus, then to the defender")
    } else {
        CheckNote::default()
    }
}
