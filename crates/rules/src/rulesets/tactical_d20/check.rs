//! tactical-d20 `check`: is an action legal now, its price aside (`legal`)? Pure.
//! `Ruleset::check_action` in `rules.rs` checks the slots first.

use crate::battle::Battle;
use crate::components::{Carried, ConditionKind, UnitId, WeaponTag};
use crate::engine::{Action, CommonAction, Illegal};

use super::{GrappleFollow, TacticalD20Action};
use crate::level::Terrain;

use super::checks::{Skill, skill};
use super::conditions::{cannot, cond, flees, grapple_partner, may_move, named, offensive};
use super::movement::{charge_plan, dash_path, jump_legs, overrun_legs, push_path, tumble_plan};

/// Most words a Command may have.
pub const COMMAND_WORDS: usize = 13;

fn in_reach(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    if !b.threatens(u, b.pos(t)) {
        return Err(Illegal::NotAdjacent {
            unit: named(b, u),
            target: named(b, t),
        });
    }
    Ok(())
}

fn enemy(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    b.unit_checked(t)?;
    if u == t {
        return Err(Illegal::SelfTarget);
    }
    if !b.alive(t) {
        return Err(Illegal::Down(named(b, t)));
    }
    if !b.enemies(u, t) {
        return Err(Illegal::Ally(named(b, t)));
    }
    Ok(())
}

/// The item a Disarm or Sunder goes for by default: the weapon the target fights with.
pub fn default_item(b: &Battle, t: UnitId) -> Option<usize> {
    (0..b.weapons(t).len())
        .filter(|&i| b.held(t, i) && !b.weapons(t)[i].has(WeaponTag::Natural))
        .max_by_key(|&i| {
            let w = &b.weapons(t)[i];
            (
                !w.has(WeaponTag::Shield),
                w.damage.max() + w.damage.min(),
                std::cmp::Reverse(i),
            )
        })
}

/// Everything but the price: is the action possible for `u` now? (A waited action was
/// paid for when the unit began to wait.)
pub(super) fn legal(b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
    match a {
        Action::Common(c) => legal_common(b, u, c),
        Action::TacticalD20(t) => legal_own(b, u, t),
        _ => Err(Illegal::NoSuchAction {
            ruleset: super::ID,
            action: a.name(),
            instead: "",
        }),
    }
}

/// Draw (Equip, stowing what is in the way), Sheathe, Pick Up, Stand Up.
fn legal_common(b: &Battle, u: UnitId, a: &CommonAction) -> Result<(), Illegal> {
    match a {
        CommonAction::Cast { ability, at } => super::casting::check_cast(b, u, *ability, at),
        CommonAction::Draw { item } => {
            let w = b.weapons(u).get(*item).ok_or(Illegal::NoItem {
                unit: named(b, u),
                item: *item,
            })?;
            match b.carried(u, *item) {
                Some(Carried::Stowed) => {}
                Some(Carried::Held) => {
                    return Err(Illegal::ItemState {
                        unit: named(b, u),
                        item: w.name.clone(),
                        state: "already held",
                    });
                }
                _ => {
                    return Err(Illegal::ItemState {
                        unit: named(b, u),
                        item: w.name.clone(),
                        state: "lost",
                    });
                }
            }
            // Equip may stow what is in the way: only the total matters.
            if w.hands() > crate::components::HANDS {
                return Err(Illegal::Hands {
                    unit: named(b, u),
                    need: w.hands(),
                    free: b.free_hands(u),
                });
            }
            Ok(())
        }
        CommonAction::Sheathe { item } => own_held(b, u, *item),
        CommonAction::PickUp => {
            if !b.ground().iter().any(|(c, _)| *c == b.pos(u)) {
                return Err(Illegal::NothingHere(b.pos(u)));
            }
            Ok(())
        }
        CommonAction::StandUp => {
            if !b.has(u, ConditionKind::Prone) {
                return Err(Illegal::NotInCondition {
                    unit: named(b, u),
                    condition: "prone",
                });
            }
            Ok(())
        }
    }
}

/// One of tactical-d20's own actions.
pub(super) fn legal_own(b: &Battle, u: UnitId, a: &TacticalD20Action) -> Result<(), Illegal> {
    use TacticalD20Action::*;
    match a {
        Dash { to } => {
            may_move(b, u)?;
            flees(b, u, *to)?;
            dash_path(b, u, *to).map(|_| ())
        }
        Charge { target, to } => {
            offensive(b, u)?;
            may_move(b, u)?;
            enemy(b, u, *target)?;
            let (_, weapon) = charge_plan(b, u, *target, *to)?;
            // A thrown weapon cannot be aimed blind or at a creature in cover.
            super::conditions::may_attack(b, u, *target, weapon)
        }
        Jump { to } => {
            may_move(b, u)?;
            flees(b, u, *to)?;
            skill(b, u, Skill::Athletics)?;
            jump_legs(b, u, *to).map(|_| ())
        }
        Overrun { to } => {
            offensive(b, u)?;
            may_move(b, u)?;
            skill(b, u, Skill::Athletics)?;
            overrun_legs(b, u, *to).map(|_| ())
        }
        Defend | Guard | Wait => Ok(()),
        Ready {
            trigger,
            response,
            until,
        } => super::reactions::may_wait(b, u, *trigger, *response, *until),
        Focus { .. } => Ok(()),
        Command { text } => {
            let n = text.split_whitespace().count();
            if n == 0 {
                return Err(cannot(b, u, "a Command needs words"));
            }
            if n > COMMAND_WORDS {
                return Err(Illegal::TooManyWords(n));
            }
            Ok(())
        }
        Assist { ally } => {
            assistable(b, u, *ally)?;
            if !b.threatens(u, b.pos(*ally)) {
                return Err(cannot(
                    b,
                    u,
                    format!("{} is not within its threatened range", b.name(*ally)),
                ));
            }
            Ok(())
        }
        Trip { target } | Push { target, .. } | Grapple { target } => {
            maneuver(b, u, *target)?;
            in_reach(b, u, *target)?;
            skill(b, u, Skill::Athletics)?;
            if let Grapple { target } = a
                && b.has(*target, ConditionKind::Restrained)
            {
                return Err(cannot(
                    b,
                    u,
                    format!("{} is already restrained", b.name(*target)),
                ));
            }
            Ok(())
        }
        Disarm { target, item, send } => {
            maneuver(b, u, *target)?;
            if send.is_some() {
                return Err(cannot(
                    b,
                    u,
                    "tactical-d20's Disarm drops the item; it cannot send it",
                ));
            }
            in_reach(b, u, *target)?;
            skill(b, u, Skill::Athletics)?;
            held_item(b, *target, *item)
        }
        Sunder { target, item } => {
            maneuver(b, u, *target)?;
            in_reach(b, u, *target)?;
            if b.best_melee(u, b.grid().distance(b.pos(u), b.pos(*target)))
                .is_none()
            {
                return Err(cannot(b, u, "Sunder needs a melee weapon in hand"));
            }
            held_item(b, *target, *item)
        }
        GrappleTurn { follow } => {
            let Some(p) = grapple_partner(b, u) else {
                return Err(Illegal::NotInCondition {
                    unit: named(b, u),
                    condition: "in a grapple",
                });
            };
            if *follow == GrappleFollow::Attack && b.best_melee(u, 1).is_none() {
                return Err(cannot(b, u, "no melee weapon in hand to attack with"));
            }
            if *follow == GrappleFollow::Push && push_path(b, u, p, None).is_empty() {
                return Err(cannot(b, u, "there is no room to push"));
            }
            skill(b, u, Skill::Athletics).map(|_| ())
        }
        BreakFree => {
            if !b.has(u, ConditionKind::Restrained) {
                return Err(Illegal::NotInCondition {
                    unit: named(b, u),
                    condition: "restrained",
                });
            }
            skill(b, u, Skill::Athletics).map(|_| ())
        }
        Concentrate => skill(b, u, Skill::Endurance).map(|_| ()),
        Feint { target } => {
            offensive(b, u)?;
            enemy(b, u, *target)?;
            in_reach(b, u, *target)?;
            skill(b, u, Skill::Deception).map(|_| ())
        }
        TumbleTo { to } => {
            may_move(b, u)?;
            flees(b, u, *to)?;
            skill(b, u, Skill::Agility)?;
            tumble_plan(b, u, *to).map(|_| ())
        }
        Give { item, ally } => {
            b.unit_checked(*ally)?;
            if *ally == u || b.enemies(u, *ally) || !b.alive(*ally) {
                return Err(cannot(b, u, "items can be handed to a living ally only"));
            }
            if b.grid().distance(b.pos(u), b.pos(*ally)) != 1 {
                return Err(Illegal::NotAdjacent {
                    unit: named(b, u),
                    target: named(b, *ally),
                });
            }
            own_held(b, u, *item)?;
            let need = b.weapons(u).get(*item).map(|w| w.hands()).unwrap_or(1);
            if b.free_hands(*ally) < need {
                return Err(Illegal::Hands {
                    unit: named(b, *ally),
                    need,
                    free: b.free_hands(*ally),
                });
            }
            Ok(())
        }
        // "Gain or lose this condition as a Move Action": going prone provokes nothing
        // (the seed names no Reaction for it).
        DropProne => {
            if b.has(u, ConditionKind::Prone) {
                return Err(cannot(b, u, "it is already prone"));
            }
            Ok(())
        }
        Step { to } => {
            may_move(b, u)?;
            flees(b, u, *to)?;
            if !b.grid().contains(*to) || !b.terrain(*to).standable() {
                return Err(Illegal::BadCell(*to));
            }
            if b.grid().distance(b.pos(u), *to) != 1 {
                return Err(cannot(b, u, "a Side Step moves 5 ft (one cell)"));
            }
            if b.terrain(*to) == Terrain::Difficult || b.terrain(b.pos(u)) == Terrain::Difficult {
                return Err(cannot(
                    b,
                    u,
                    "a Side Step cannot be taken through difficult terrain",
                ));
            }
            if let Some(o) = b.unit_at(*to, Some(u)) {
                return Err(Illegal::Occupied {
                    cell: *to,
                    by: named(b, o),
                });
            }
            Ok(())
        }
        Patch { ally } => {
            b.unit_checked(*ally)?;
            if b.enemies(u, *ally) || !b.alive(*ally) {
                return Err(cannot(b, u, "only oneself or a living ally can be patched"));
            }
            if *ally != u && b.grid().distance(b.pos(u), b.pos(*ally)) != 1 {
                return Err(Illegal::NotAdjacent {
                    unit: named(b, u),
                    target: named(b, *ally),
                });
            }
            if !b.has(*ally, ConditionKind::Bleeding) {
                return Err(Illegal::NotInCondition {
                    unit: named(b, *ally),
                    condition: "bleeding",
                });
            }
            skill(b, u, Skill::Survival).map(|_| ())
        }
    }
}

/// Whom an Assist may help, wherever it stands: a living creature of `u`'s side other
/// than `u` (a Wait holding an Assist names it; the range is checked when it springs).
pub(super) fn assistable(b: &Battle, u: UnitId, ally: UnitId) -> Result<(), Illegal> {
    b.unit_checked(ally)?;
    if ally == u || b.enemies(u, ally) {
        return Err(cannot(
            b,
            u,
            "Assist helps another creature of its own side",
        ));
    }
    if !b.alive(ally) {
        return Err(Illegal::Down(named(b, ally)));
    }
    Ok(())
}

/// What every maneuver against a foe needs: an offensive action, a living enemy, and
/// freedom to act (a restrained unit may only make its grapple check).
fn maneuver(b: &Battle, u: UnitId, target: UnitId) -> Result<(), Illegal> {
    offensive(b, u)?;
    enemy(b, u, target)?;
    if b.has(u, ConditionKind::Restrained) {
        return Err(cond(b, u, "restrained", "it can only make a grapple check"));
    }
    Ok(())
}

/// An item of `u`'s loadout that is in hand and can leave it (not a natural weapon).
fn own_held(b: &Battle, u: UnitId, item: usize) -> Result<(), Illegal> {
    let w = b.weapons(u).get(item).ok_or(Illegal::NoItem {
        unit: named(b, u),
        item,
    })?;
    if !b.held(u, item) || w.has(WeaponTag::Natural) {
        return Err(Illegal::ItemState {
            unit: named(b, u),
            item: w.name.clone(),
            state: "not held",
        });
    }
    Ok(())
}

fn held_item(b: &Battle, t: UnitId, item: Option<usize>) -> Result<(), Illegal> {
    match item {
        Some(i) => own_held(b, t, i),
        None => default_item(b, t).map(|_| ()).ok_or(Illegal::ItemState {
            unit: named(b, t),
            item: "hands".into(),
            state: "empty",
        }),
    }
}
