//! A targeted action waiting for its click, the command an action makes once its target
//! is known, and the chooser for the choice some still need (which focus, which item).

use skirmish_rules::Battle;
use skirmish_rules::components::{Slot, UnitId};
use skirmish_rules::engine::{Action, Command, FocusOn, GrappleFollow, ReadyTrigger, ShoveEffect};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::{
    RulesetId, flow as flow_actions, tactical_d20 as tactical_d20_actions,
};

use super::ActionKey;
use super::submit::submit;
use crate::game::{Session, View};

/// A targeted action waiting for its click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending(pub ActionKey);

/// A choice between commands the player makes before any goes in (keys 1-9).
#[derive(Clone, Debug, PartialEq)]
pub struct Chooser {
    /// The question.
    pub title: String,
    /// Each answer and the command it submits.
    pub options: Vec<(String, Command)>,
}

impl ActionKey {
    /// The command for `unit`, given the clicked cell (for targeted ones).
    pub fn command(self, b: &Battle, unit: UnitId, cell: Option<Cell>) -> Result<Command, String> {
        let target = || -> Result<UnitId, String> {
            let c = cell.ok_or("click a unit")?;
            b.unit_at(c, None)
                .ok_or_else(|| format!("nobody stands on {c}"))
        };
        let to = || cell.ok_or_else(|| "click a cell".to_string());
        let action = match self {
            ActionKey::Secondary | ActionKey::Tertiary => {
                return Ok(Command::Attack {
                    unit,
                    target: target()?,
                    weapon: None,
                    slot: Some(if self == ActionKey::Secondary {
                        Slot::Move
                    } else {
                        Slot::Quick
                    }),
                });
            }
            ActionKey::Step => Action::Step { to: to()? },
            ActionKey::Feint => Action::Feint { target: target()? },
            ActionKey::ShovePush => Action::Shove {
                target: target()?,
                effect: ShoveEffect::Push,
                both: true,
            },
            ActionKey::ShoveProne => Action::Shove {
                target: target()?,
                effect: ShoveEffect::Prone,
                both: true,
            },
            ActionKey::Grapple => Action::Grapple { target: target()? },
            ActionKey::Disarm => Action::Disarm {
                target: target()?,
                item: None,
                send: None,
            },
            ActionKey::Tumble => Action::Tumble { through: target()? },
            ActionKey::FlowState => Action::FlowState,
            ActionKey::TotalDefense => Action::TotalDefense,
            ActionKey::Ready => Action::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
            },
            ActionKey::StandUp => Action::StandUp,
            ActionKey::BreakFree => Action::BreakFree,
            ActionKey::Release => Action::Release,
            ActionKey::PickUp => Action::PickUp,
            ActionKey::Dash => Action::Dash { to: to()? },
            ActionKey::Charge => Action::Charge {
                target: target()?,
                to: None,
            },
            ActionKey::Trip => Action::Trip { target: target()? },
            ActionKey::Push => Action::Push {
                target: target()?,
                distance: None,
            },
            ActionKey::Sunder => Action::Sunder {
                target: target()?,
                item: None,
            },
            ActionKey::TumbleTo => Action::TumbleTo { to: to()? },
            ActionKey::Jump => Action::Jump { to: to()? },
            ActionKey::Overrun => Action::Overrun { to: to()? },
            ActionKey::Defend => Action::Defend,
            ActionKey::Guard => Action::Guard,
            ActionKey::Focus => Action::Focus {
                on: FocusOn::Attack,
            },
            ActionKey::Assist => Action::Assist { ally: target()? },
            ActionKey::Concentrate => Action::Concentrate,
            ActionKey::Wait => Action::Wait,
            ActionKey::GrappleAttack => Action::GrappleTurn {
                follow: GrappleFollow::Attack,
            },
            ActionKey::Patch => Action::Patch { ally: target()? },
            ActionKey::Give => Action::Give {
                item: own_items(b, unit).first().copied().unwrap_or(0),
                ally: target()?,
            },
            // The words come from the text field (`Intent::say`).
            ActionKey::Say => Action::Command {
                text: String::new(),
            },
        };
        Ok(Command::Act { unit, action })
    }

    /// The choice the action still needs (which focus, which item), once its target is
    /// known; `None` when [`ActionKey::command`] is all there is to it (one item only).
    pub fn choices(
        self,
        b: &Battle,
        unit: UnitId,
        cell: Option<Cell>,
    ) -> Result<Option<Chooser>, String> {
        let target = || -> Result<UnitId, String> {
            let c = cell.ok_or("click a unit")?;
            b.unit_at(c, None)
                .ok_or_else(|| format!("nobody stands on {c}"))
        };
        let act = |action: Action| Command::Act { unit, action };
        let items = |owner: UnitId, first: Option<usize>| -> Vec<usize> {
            let mut v = own_items(b, owner);
            if let Some(f) = first
                && let Some(p) = v.iter().position(|i| *i == f)
            {
                v.remove(p);
                v.insert(0, f);
            }
            v
        };
        let d20 = b.ruleset() == RulesetId::TacticalD20;
        let item_label = |owner: UnitId, i: usize| {
            let w = &b.weapons(owner)[i];
            if d20 {
                format!(
                    "{} ({} of {} HP left)",
                    w.name,
                    w.hp - b.wear(owner, i),
                    w.hp
                )
            } else {
                w.name.clone()
            }
        };
        let (title, options) = match self {
            ActionKey::Focus => (
                "Focus on what? (Quick action, +1 until your next turn)".to_string(),
                [
                    (FocusOn::Attack, "attack and damage rolls"),
                    (FocusOn::Defence, "AC and saving throws"),
                    (FocusOn::Skills, "skill checks"),
                ]
                .into_iter()
                .map(|(on, l)| (l.to_string(), act(Action::Focus { on })))
                .collect::<Vec<_>>(),
            ),
            ActionKey::Sunder | ActionKey::Disarm => {
                let t = target()?;
                let default = if d20 {
                    tactical_d20_actions::default_item(b, t)
                } else {
                    flow_actions::default_disarm_item(b, t)
                };
                let list = items(t, default);
                if list.len() < 2 {
                    return Ok(None);
                }
                let options = list
                    .into_iter()
                    .map(|i| {
                        let action = if self == ActionKey::Sunder {
                            Action::Sunder {
                                target: t,
                                item: Some(i),
                            }
                        } else {
                            Action::Disarm {
                                target: t,
                                item: Some(i),
                                send: None,
                            }
                        };
                        (item_label(t, i), act(action))
                    })
                    .collect();
                (
                    format!("{} which item of {}?", self.label(), b.name(t)),
                    options,
                )
            }
            ActionKey::Give => {
                let ally = target()?;
                let list = items(unit, None);
                if list.len() < 2 {
                    return Ok(None);
                }
                let options = list
                    .into_iter()
                    .map(|item| (item_label(unit, item), act(Action::Give { item, ally })))
                    .collect();
                (format!("Hand which item to {}?", b.name(ally)), options)
            }
            _ => return Ok(None),
        };
        Ok(Some(Chooser { title, options }))
    }
}

/// Items a unit holds that can change hands (natural weapons cannot).
fn own_items(b: &Battle, u: UnitId) -> Vec<usize> {
    (0..b.weapons(u).len())
        .filter(|&i| {
            b.held(u, i) && !b.weapons(u)[i].has(skirmish_rules::components::WeaponTag::Natural)
        })
        .collect()
}

/// Carry out action `a` (aimed at `cell`): open its chooser when it needs a choice, else
/// submit it. True when it went in or the chooser opened.
pub(super) fn decide(
    b: &mut Battle,
    s: &mut Session,
    view: &mut View,
    a: ActionKey,
    cur: UnitId,
    cell: Option<Cell>,
) -> bool {
    let chosen = a.choices(b, cur, cell).and_then(|c| match c {
        Some(ch) => Ok(Err(ch)),
        None => a.command(b, cur, cell).map(Ok),
    });
    match chosen {
        Ok(Ok(cmd)) => submit(b, s, view, cmd),
        Ok(Err(ch)) => {
            view.message = Some((
                format!("{} — press 1-{} (Esc cancels)", ch.title, ch.options.len()),
                false,
            ));
            view.chooser = Some(ch);
            true
        }
        Err(e) => {
            view.message = Some((e, true));
            false
        }
    }
}
