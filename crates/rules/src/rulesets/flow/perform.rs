//! `flow` `perform`: carry out a checked special action (`perform_own`, `perform_common`;
//! `Ruleset::perform` in `rules.rs` picks one; they only emit events and push frames), and
//! spending AP.

use crate::battle::Battle;
use crate::components::{Carried, ConditionKind, Duration, Pool, Stat, UnitId};
use crate::engine::{CommonAction, Frame, HitEffect, Illegal, ShoveEffect, Window};

use super::{FlowAction, FlowFrame};
use crate::event::{AttackKind, CheckPurpose, Event, Gain, Outcome, Spend, Trigger};

use super::actions::{add, default_disarm_item, drop_item, end_grapple, open_cell, tumble_landing};
use super::combat::{self as flow, Check, actor_advantage};
use super::maneuvers::{
    best_of, contest, feint_checks_with, feint_default_resist, feint_resist_options, roll,
    shove_checks,
};

pub(super) fn spend(b: &mut Battle, u: UnitId, amount: i32, on: Spend) {
    if amount > 0 {
        b.emit(Event::spent(u, Pool::Ap, amount, on));
    }
}

/// Draw, Sheathe, Pick Up, Stand Up (1 AP each).
pub(super) fn perform_common(b: &mut Battle, u: UnitId, a: CommonAction) {
    match a {
        CommonAction::Draw { item } => {
            spend(b, u, 1, Spend::Draw);
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Held,
            });
        }
        CommonAction::Sheathe { item } => {
            spend(b, u, 1, Spend::Sheathe);
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Stowed,
            });
        }
        CommonAction::PickUp => {
            spend(b, u, 1, Spend::PickUp);
            let cell = b.pos(u);
            let hands = b
                .ground()
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|(_, w)| w.hands())
                .unwrap_or(1);
            let now = if b.free_hands(u) >= hands {
                Carried::Held
            } else {
                Carried::Stowed
            };
            b.emit(Event::PickedUp { unit: u, cell, now });
        }
        CommonAction::StandUp => {
            spend(b, u, 1, Spend::StandUp);
            b.stack.push(Frame::StandUp { unit: u });
            let here = b.pos(u);
            for r in b.leave_reactors(u, here).into_iter().rev() {
                b.stack.push(Frame::Offer {
                    to: None,
                    reactor: r,
                    trigger: Trigger::StandingUp { unit: u },
                });
            }
        }
        CommonAction::Cast { ability, at } => super::casting::perform_cast(b, u, ability, at),
    }
}

/// Carry out one of flow's own checked special actions.
pub(crate) fn perform_own(b: &mut Battle, u: UnitId, a: FlowAction) -> Result<(), Illegal> {
    let grid = b.grid();
    match a {
        FlowAction::Step { to } => {
            spend(b, u, 1, Spend::Step);
            let from = b.pos(u);
            // Provokes nothing and triggers nothing; outside the movement maximum.
            b.emit(Event::Moved {
                unit: u,
                from,
                to,
                cost: 0,
            });
        }
        FlowAction::Feint { target } => {
            spend(b, u, 1, Spend::Feint);
            // "vs target's Melee or Agility (target's choice)": the target is asked when
            // the choice can matter; declining takes the better skill.
            let resist = feint_default_resist(b, target);
            let options = feint_resist_options(b, target);
            let then: Frame = FlowFrame::Feint {
                unit: u,
                target,
                resist,
            }
            .into();
            if options.is_empty() {
                b.push_frame(then);
            } else {
                b.open_window(Window {
                    reactor: target,
                    trigger: Trigger::Feinted { by: u },
                    options,
                    hit: None,
                    on_decline: vec![then],
                });
            }
        }
        FlowAction::Shove {
            target,
            effect,
            both,
        } => {
            spend(b, u, 1, Spend::Shove);
            let (mine, theirs) = shove_checks(b, u, target);
            if let Some(level) = contest(b, CheckPurpose::Shove, u, mine, target, theirs)? {
                let both = both && level >= Outcome::Hard;
                if effect == ShoveEffect::Push || both {
                    let from = b.pos(target);
                    let to = grid.opposite(b.pos(u), from);
                    if open_cell(b, to, Some(target)) {
                        end_grapple(b, target);
                        b.emit(Event::Displaced {
                            unit: target,
                            from,
                            to,
                        });
                    }
                }
                if effect == ShoveEffect::Prone || both {
                    add(
                        b,
                        target,
                        ConditionKind::Prone,
                        Duration::UntilRemoved,
                        Some(u),
                    );
                }
            }
        }
        FlowAction::Grapple { target } => {
            spend(b, u, flow::GRAPPLE_AP, Spend::Grapple);
            let mine = best_of(b, u, Stat::Athletics, Stat::Athletics, true);
            let theirs = best_of(b, target, Stat::Athletics, Stat::Athletics, false);
            if contest(b, CheckPurpose::Grapple, u, mine, target, theirs)?.is_some() {
                add(
                    b,
                    u,
                    ConditionKind::Grappling,
                    Duration::UntilRemoved,
                    Some(target),
                );
                add(
                    b,
                    target,
                    ConditionKind::Grappled,
                    Duration::UntilRemoved,
                    Some(u),
                );
            }
        }
        FlowAction::BreakFree => {
            let Some(holder) = b.condition_source(u, ConditionKind::Grappled) else {
                return Ok(());
            };
            let mine = best_of(b, u, Stat::Athletics, Stat::Athletics, true);
            let theirs = best_of(b, holder, Stat::Athletics, Stat::Athletics, false);
            if contest(b, CheckPurpose::BreakFree, u, mine, holder, theirs)?.is_some() {
                end_grapple(b, u);
            }
        }
        FlowAction::Release => end_grapple(b, u),
        FlowAction::Disarm { target, item, send } => {
            spend(b, u, 2, Spend::Disarm);
            let dist = grid.distance(b.pos(u), b.pos(target));
            let item = item.or_else(|| default_disarm_item(b, target)).unwrap_or(0);
            if let Some(weapon) = b.best_melee(u, dist) {
                b.stack.push(Frame::Attack {
                    attacker: u,
                    target,
                    weapon,
                    kind: AttackKind::Normal,
                    effect: HitEffect::Disarm { item, send },
                });
            }
        }
        FlowAction::Drop { item } => {
            // A free action: no AP; the item lies on the unit's own cell.
            if let Some(i) = drop_item(b, u, item)
                && let Some(weapon) = b.weapons(u).get(i).cloned()
            {
                let cell = b.pos(u);
                b.emit(Event::ItemDropped {
                    unit: u,
                    item: i,
                    weapon,
                    cell,
                });
            }
        }
        FlowAction::FlowState => spend(b, u, 1, Spend::FlowState),
        FlowAction::TotalDefense => {
            spend(b, u, 3, Spend::TotalDefense);
            add(
                b,
                u,
                ConditionKind::TotalDefense,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.emit(Event::refilled(u, Pool::Reaction, 1, Gain::Regained));
            crate::engine::end_turn(b)?;
        }
        FlowAction::Tumble { through } => {
            spend(b, u, 1, Spend::Tumble);
            let s = b.stats(u);
            let mut c = Check::new("Agility", s.get(Stat::Agility));
            c.advantage += actor_advantage(b, u);
            let level = roll(b, u, CheckPurpose::Tumble, &c)?;
            if level.is_success() {
                let from = b.pos(u);
                let to = tumble_landing(b, u, through);
                b.emit(Event::Moved {
                    unit: u,
                    from,
                    to,
                    cost: 0,
                });
            } else {
                // Only the enemy tumbled at may react.
                b.stack.push(Frame::Offer {
                    reactor: through,
                    trigger: Trigger::FailedTumble { mover: u },
                    to: None,
                });
            }
        }
        FlowAction::Ready {
            trigger,
            response,
            until,
        } => {
            b.emit(Event::Readied {
                unit: u,
                trigger,
                response,
                until,
            });
            crate::engine::end_turn(b)?;
        }
    }
    Ok(())
}

/// A Feint's contest, the target resisting with `resist` (its choice, or the default).
pub(crate) fn feint_contest(
    b: &mut Battle,
    u: UnitId,
    target: UnitId,
    resist: Stat,
) -> Result<(), Illegal> {
    if !b.alive(u) || !b.alive(target) {
        return Ok(());
    }
    let (mine, theirs) = feint_checks_with(b, u, target, resist);
    // A second won feint on the same target (a later round, the first not yet spent)
    // adds nothing: one Advantage, spent by one attack.
    if contest(b, CheckPurpose::Feint, u, mine, target, theirs)?.is_some()
        && !flow::feinted_by(b, target, u)
    {
        add(
            b,
            target,
            ConditionKind::Feinted,
            Duration::UntilRemoved,
            Some(u),
        );
    }
    Ok(())
}
