//! `flow` opposed checks for Feint and Shove (and the chances the AI and previews show),
//! rolling and logging a check, and contests.

use crate::battle::Battle;
use crate::components::{Stat, UnitId};
use crate::dice::ForcedFaceError;
use crate::event::{CheckPurpose, Event, Outcome, ReactionKind};

use super::combat::{self as flow, Check, active_wins, actor_advantage};

/// Roll a check and log it.
pub(super) fn roll(
    b: &mut Battle,
    u: UnitId,
    purpose: CheckPurpose,
    c: &Check,
) -> Result<Outcome, ForcedFaceError> {
    Ok(roll_natural(b, u, purpose, c)?.0)
}

/// Roll a check and log it: its level and the natural roll.
pub(super) fn roll_natural(
    b: &mut Battle,
    u: UnitId,
    purpose: CheckPurpose,
    c: &Check,
) -> Result<(Outcome, i32), ForcedFaceError> {
    let (mut r, outcome) = c.roll(&mut b.dice)?;
    r.modifiers = c.target_mods.clone();
    r.total = r.natural();
    let natural = r.natural();
    b.emit(Event::Check {
        unit: u,
        purpose,
        roll: r,
        target_number: c.target(),
        outcome,
    });
    Ok((outcome, natural))
}

/// A Feint's opposed checks: the feinter's better of Melee and Deception against the
/// target's better of Melee and Agility.
pub fn feint_checks(b: &Battle, u: UnitId, target: UnitId) -> (Check, Check) {
    (
        best_of(b, u, Stat::Melee, Stat::Deception, true),
        best_of(b, target, Stat::Melee, Stat::Agility, false),
    )
}

/// The target's choices of resisting skill against a Feint, its better one first (the
/// default a declined choice takes): empty when Melee and Agility are equal (the choice
/// changes nothing, so nobody is asked).
pub fn feint_resist_options(b: &Battle, target: UnitId) -> Vec<ReactionKind> {
    let s = b.stats(target);
    let (m, a) = (s.get(Stat::Melee), s.get(Stat::Agility));
    if m == a {
        Vec::new()
    } else if a > m {
        vec![ReactionKind::ResistAgility, ReactionKind::ResistMelee]
    } else {
        vec![ReactionKind::ResistMelee, ReactionKind::ResistAgility]
    }
}

/// The skill a Feint's target resists with by default: the better of Melee and Agility
/// (Melee on a tie).
pub fn feint_default_resist(b: &Battle, target: UnitId) -> Stat {
    let s = b.stats(target);
    if s.get(Stat::Agility) > s.get(Stat::Melee) {
        Stat::Agility
    } else {
        Stat::Melee
    }
}

/// A Feint's opposed checks with the target resisting with `resist`.
pub(super) fn feint_checks_with(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    resist: Stat,
) -> (Check, Check) {
    (
        best_of(b, u, Stat::Melee, Stat::Deception, true),
        best_of(b, target, resist, resist, false),
    )
}

/// The chance a Feint by `u` on `target` succeeds (for the AI and previews).
pub fn feint_chance(b: &Battle, u: UnitId, target: UnitId) -> f64 {
    let (mine, theirs) = feint_checks(b, u, target);
    flow::contest_chance(&mine, &theirs)
}

/// A Shove's opposed checks: Athletics against Athletics.
pub fn shove_checks(b: &Battle, u: UnitId, target: UnitId) -> (Check, Check) {
    (
        best_of(b, u, Stat::Athletics, Stat::Athletics, true),
        best_of(b, target, Stat::Athletics, Stat::Athletics, false),
    )
}

/// The chance a Shove by `u` on `target` succeeds (for the AI and previews).
pub fn shove_chance(b: &Battle, u: UnitId, target: UnitId) -> f64 {
    let (mine, theirs) = shove_checks(b, u, target);
    flow::contest_chance(&mine, &theirs)
}

/// The better of two skills as a check. The side that acts gets its own advantage
/// sources (prone, grappling); resisting is not an action and rolls plain.
pub(super) fn best_of(b: &Battle, u: UnitId, a: Stat, c: Stat, acting: bool) -> Check {
    let s = b.stats(u);
    let pick = if s.get(c) > s.get(a) { c } else { a };
    let mut ch = Check::new(skill_name(pick), s.get(pick));
    if acting {
        ch.advantage += actor_advantage(b, u);
    }
    ch
}

/// A skill's name as the log shows it.
pub fn skill_name(s: Stat) -> &'static str {
    match s {
        Stat::Agility => "Agility",
        Stat::Athletics => "Athletics",
        Stat::Melee => "Melee",
        Stat::Deception => "Deception",
        Stat::Endurance => "Endurance",
        Stat::Ranged => "Ranged",
        Stat::Magic => "Magic",
        _ => "skill",
    }
}

/// An opposed check; ties go to the passive side. Returns the active side's level when
/// it wins.
pub(super) fn contest(
    b: &mut Battle,
    purpose: CheckPurpose,
    active: UnitId,
    a: Check,
    passive: UnitId,
    p: Check,
) -> Result<Option<Outcome>, ForcedFaceError> {
    let la = roll(b, active, purpose, &a)?;
    let lp = roll(b, passive, purpose, &p)?;
    let wins = active_wins(la, lp);
    b.emit(Event::Contest {
        purpose,
        active,
        passive,
        active_wins: wins,
    });
    Ok(wins.then_some(la))
}
