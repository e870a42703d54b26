//! flow casting (seed 002, issue 17): "Attacking/Casting a Spell: 2 AP", "Using Class
//! Abilities 2 AP (unless the class ability specifies otherwise)", "Drinking a potion
//! from your bag: 2 AP (1 AP to draw potion, 1 AP to drink)", "Using a Magic Item: 1-2
//! AP (specific to each item)". Casting inside an enemy's threat range provokes a
//! Reaction Attack that "does not disrupt the spell"; a single-target spell, an attack or
//! a save, can be intercepted (`intercept::next_interceptor`,
//! `intercept::offer_save_intercept`); a readied ability is checked here when readied and
//! cast with `perform_cast` when it fires (`intercept::respond`). The rules chosen where
//! the seed is silent are in `docs/rules/flow.md` (Casting).

use crate::abilities::{Ability, AbilityKind};
use crate::battle::Battle;
use crate::components::{Stat, UnitId};
use crate::engine::{CastAt, Illegal};
use crate::event::Spend;

use super::combat::{Check, actor_advantage};
use super::perform::spend;

/// What using an ability costs in AP: a spell 2; a class ability 2 unless it says; a
/// potion 2 (1 to draw, 1 to drink); an item as it says (2 when it does not).
pub fn cast_ap(a: &Ability) -> i32 {
    match a.kind {
        AbilityKind::Spell | AbilityKind::Potion => 2,
        AbilityKind::Ability | AbilityKind::Item => a.ap.map_or(2, |n| n as i32),
    }
}

/// Check a `Cast` (the engine checked the aim), or readying one (no aim yet): known, a
/// use left, the AP, and not while grappled.
pub(super) fn check_cast(b: &Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    super::may_act(b, u)?;
    let a = b.ability(u, i).ok_or(Illegal::Cannot {
        unit: b.name(u).into(),
        why: format!("it knows no ability #{i}"),
    })?;
    if b.uses_left(u, i).is_some_and(|n| n < 1) {
        return Err(Illegal::Cannot {
            unit: b.name(u).into(),
            why: format!("{} has no use left", a.name),
        });
    }
    let need = cast_ap(a);
    if b.ap(u) < need {
        return Err(Illegal::NotEnoughAp {
            unit: b.name(u).into(),
            need,
            have: b.ap(u),
        });
    }
    Ok(())
}

/// Pay and begin a checked `Cast`: the AP (a potion's in two lines: draw, drink), then
/// the casting, which provokes Reaction Attacks from threatening enemies when it is a
/// spell (or marked `provokes`).
pub(super) fn perform_cast(b: &mut Battle, u: UnitId, i: usize, at: CastAt) {
    let Some(a) = b.ability(u, i) else {
        return;
    };
    if a.kind == AbilityKind::Potion {
        spend(b, u, 1, Spend::Draw);
        spend(b, u, 1, Spend::Cast);
    } else {
        let ap = cast_ap(a);
        spend(b, u, ap, Spend::Cast);
    }
    b.queue_cast(u, i, at, true, Vec::new());
    // "When the wizard starts casting": readied responses come before it goes off.
    super::intercept::readied_on_cast(b, u);
}

/// The caster's Magic check for an ability's attack or against a save (its own
/// advantage sources: prone, grappling).
pub fn magic_check(b: &Battle, caster: UnitId) -> Check {
    let mut c = Check::new("Magic", b.stats(caster).get(Stat::Magic));
    c.advantage += actor_advantage(b, caster);
    c
}

/// The caster's check for ability `i`'s attack roll on `target`: its Magic check and
/// what every attack roll on that target gets (a prone target; issue 29, one attack
/// path). Gang-up ("+10 Melee bonus"), a feint ("your next physical attack"), range
/// increments ("When firing a ranged weapon") and the off hand are a weapon's only.
pub fn spell_attack_check(b: &Battle, caster: UnitId, target: UnitId, i: usize) -> Check {
    let mut c = magic_check(b, caster);
    let melee = b.ability(caster, i).is_some_and(|a| a.range() <= 1);
    c.advantage += super::combat::prone_target(b, target, melee);
    c
}

/// The check a target resists with: its `stat` (rolled plain, as resisting is not an
/// action).
pub fn resist_check(b: &Battle, target: UnitId, stat: Stat) -> Check {
    Check::new(
        super::maneuvers::skill_name(stat),
        b.stats(target).get(stat),
    )
}
