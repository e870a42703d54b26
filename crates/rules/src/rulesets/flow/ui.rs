//! What the window shows of flow: the action bar (bar order, keys, labels, targets), the
//! Disarm item choice, prices in AP and RP, the AP/RP/FP pips and the Feint and Shove
//! chances on hover.

use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::{
    Action, Command, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use crate::rulesets::ui::{
    ActionSpec, AttackPrice, Choice, Gauge, Key, Target, Tone, WindowWords, act, item_choice,
    items_first, shot_cells,
};

use crate::components::{ConditionKind, Pool};
use crate::event::{CheckPurpose, ReactionKind};
use crate::rulesets::CheckNote;
use crate::rulesets::explain::{Explanation, Topic};

use super::Flow;
use super::{ATTACK_AP, FlowAction, cost, default_disarm_item, feint_chance, shove_chance};

const ENEMY: Target = Target::Unit("an enemy");

/// flow's action bar, in bar order.
pub static ACTIONS: [ActionSpec; 19] = [
    ActionSpec {
        label: "Step",
        key: Some(Key::Digit(1)),
        target: Target::Cell("a free adjacent cell"),
        build: |_, u, p| Some(act(u, FlowAction::Step { to: p.cell()? })),
    },
    ActionSpec {
        label: "Feint",
        key: Some(Key::Digit(2)),
        target: ENEMY,
        build: |_, u, p| Some(act(u, FlowAction::Feint { target: p.unit()? })),
    },
    ActionSpec {
        label: "Shove back",
        key: Some(Key::Digit(3)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                FlowAction::Shove {
                    target: p.unit()?,
                    effect: ShoveEffect::Push,
                    both: true,
                },
            ))
        },
    },
    ActionSpec {
        label: "Shove prone",
        key: Some(Key::Digit(4)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                FlowAction::Shove {
                    target: p.unit()?,
                    effect: ShoveEffect::Prone,
                    both: true,
                },
            ))
        },
    },
    ActionSpec {
        label: "Grapple",
        key: Some(Key::Digit(5)),
        target: ENEMY,
        build: |_, u, p| Some(act(u, FlowAction::Grapple { target: p.unit()? })),
    },
    ActionSpec {
        label: "Disarm",
        key: Some(Key::Digit(6)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                FlowAction::Disarm {
                    target: p.unit()?,
                    item: None,
                    send: None,
                },
            ))
        },
    },
    ActionSpec {
        label: "Tumble",
        key: Some(Key::Digit(7)),
        target: Target::Unit("an adjacent enemy"),
        build: |_, u, p| Some(act(u, FlowAction::Tumble { through: p.unit()? })),
    },
    ActionSpec {
        label: "Flow State",
        key: Some(Key::Digit(8)),
        target: Target::None,
        build: |_, u, _| Some(act(u, FlowAction::FlowState)),
    },
    ActionSpec {
        label: "Total Defense",
        key: Some(Key::Digit(9)),
        target: Target::None,
        build: |_, u, _| Some(act(u, FlowAction::TotalDefense)),
    },
    ActionSpec {
        label: "Ready",
        key: Some(Key::Digit(0)),
        target: Target::None,
        build: |_, u, _| {
            Some(act(
                u,
                FlowAction::Ready {
                    trigger: ReadyTrigger::EnemyEntersReach,
                    response: ReadyResponse::Attack,
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Ready shot",
        key: Some(Key::Letter('H')),
        target: Target::None,
        build: |b, u, _| {
            Some(act(
                u,
                FlowAction::Ready {
                    trigger: ReadyTrigger::EnemyWithin {
                        cells: shot_cells(b, u),
                    },
                    response: ReadyResponse::Attack,
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Ready move",
        key: Some(Key::Letter('V')),
        target: Target::Cell("the cell to move to"),
        build: |b, u, p| {
            Some(act(
                u,
                FlowAction::Ready {
                    trigger: ReadyTrigger::EnemyWithin {
                        cells: super::move_per_ap(b, u),
                    },
                    response: ReadyResponse::Move { to: p.cell()? },
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Ready vs casting",
        key: Some(Key::Letter('K')),
        target: Target::None,
        build: |b, u, _| {
            Some(act(
                u,
                FlowAction::Ready {
                    trigger: ReadyTrigger::EnemyCasts {
                        cells: shot_cells(b, u),
                    },
                    response: ReadyResponse::Attack,
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    // "choose an action to take when that trigger occurs": a spell, class ability,
    // potion or item (the first one it could use; `choice` offers each).
    ActionSpec {
        label: "Ready spell",
        key: Some(Key::Letter('C')),
        target: Target::None,
        build: |b, u, _| {
            let i = super::readiable_abilities(b, u)
                .first()
                .copied()
                // With none to ready, ability 0: refused with the reason.
                .unwrap_or(0);
            Some(ready_ability(b, u, i))
        },
    },
    ActionSpec {
        label: "Stand Up",
        key: Some(Key::Letter('U')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::StandUp)),
    },
    ActionSpec {
        label: "Break Free",
        key: Some(Key::Letter('B')),
        target: Target::None,
        build: |_, u, _| Some(act(u, FlowAction::BreakFree)),
    },
    ActionSpec {
        label: "Release",
        key: Some(Key::Letter('R')),
        target: Target::None,
        build: |_, u, _| Some(act(u, FlowAction::Release)),
    },
    ActionSpec {
        label: "Pick Up",
        key: Some(Key::Letter('P')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::PickUp)),
    },
    ActionSpec {
        label: "Drop",
        key: Some(Key::Letter('X')),
        target: Target::None,
        build: |_, u, _| Some(act(u, FlowAction::Drop { item: None })),
    },
];

/// The window's fixed words for flow.
pub static WORDS: WindowWords = WindowWords {
    clicks: "Click a cell to move, an enemy to attack (2 AP).",
    draw: "Draw (1 AP)",
    sheathe: "Sheathe (1 AP)",
};

impl crate::rulesets::View for Flow {
    // The prompt's rule words: the Feint target's skills, where a disarmed item lands.
    fn prompt_rule(&self, b: &Battle, w: &crate::engine::Window) -> Option<String> {
        use crate::event::Trigger;
        match &w.trigger {
            Trigger::Feinted { .. } => Some("(Melee or Agility; N: the better)".into()),
            Trigger::Disarmed { by } => Some(format!("(N: farthest from {})", b.name(*by))),
            _ => None,
        }
    }

    fn reaction_note(
        &self,
        _b: &Battle,
        _w: &crate::engine::Window,
        _kind: ReactionKind,
    ) -> Option<String> {
        None
    }

    // What each answer does: the defences (what they roll against), the two Intercepts
    // told apart, a Feint's resisting skill, where a disarmed item lands.
    fn reaction_does(&self, b: &Battle, w: &crate::engine::Window, kind: ReactionKind) -> String {
        use crate::event::Trigger;
        let r = b.name(w.reactor);
        let (attacker, target) = match (&w.hit, &w.trigger) {
            (Some(h), _) => (b.name(h.attacker), b.name(h.target)),
            (None, t) => (t.provoker().map_or("the enemy", |u| b.name(u)), r),
        };
        let by = match &w.trigger {
            Trigger::Feinted { by } | Trigger::Disarmed { by } => b.name(*by),
            _ => attacker,
        };
        match kind {
            ReactionKind::Dodge => format!(
                "{r} rolls Agility or Athletics; a level at least the hit's and {attacker}'s hit misses"
            ),
            ReactionKind::Parry => format!(
                "{r} rolls Melee; a level at least the hit's and the hit is stopped on the weapon"
            ),
            ReactionKind::Block => format!(
                "{r} rolls Endurance behind the shield; a level at least the hit's stops it"
            ),
            ReactionKind::Riposte => {
                format!("a Parry; if it works, {r} strikes back at {attacker} at once")
            }
            ReactionKind::ReactionAttack => format!("{r} attacks {attacker} as it goes"),
            ReactionKind::Intercept => format!(
                "{r} steps in (up to 3 cells) and takes {attacker}'s attack instead of \
                 {target}; {target} stays where it is"
            ),
            ReactionKind::InterceptSwap => format!(
                "{r} steps in and takes the attack instead of {target}, then the two swap \
                 places ({target} ends one cell further from {attacker})"
            ),
            ReactionKind::InterceptAt { swap, .. } => {
                if swap {
                    format!(
                        "{r} moves to this cell, takes the attack instead of {target}, then \
                         the two swap places"
                    )
                } else {
                    format!(
                        "{r} moves to this cell and takes the attack instead of {target}; \
                         {target} stays"
                    )
                }
            }
            ReactionKind::ResistMelee => format!(
                "{r} resists {by}'s feint with Melee; {by} must beat {r}'s level to land it"
            ),
            ReactionKind::ResistAgility => format!(
                "{r} resists {by}'s feint with Agility; {by} must beat {r}'s level to land it"
            ),
            ReactionKind::LandAt(_) => {
                format!("the item {by} knocks from {r}'s hands lands on this cell")
            }
            k => format!("{r}: {k}"),
        }
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        format!("{} AP · {} RP · {} FP", b.ap(u), b.rp(u), b.fp(u))
    }

    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String {
        let of = |pool| {
            pools
                .iter()
                .find(|(p, _)| *p == pool)
                .map_or(0, |(_, n)| *n)
        };
        format!("{} AP, {} RP", of(Pool::Ap), of(Pool::Reaction))
    }

    // "2 AP" for a command (the action bar's price).
    fn cost_words(&self, _b: &Battle, cmd: &Command) -> Result<String, String> {
        Ok(match cmd {
            Command::Attack { .. } | Command::Act { .. } => format!("{} AP", ap_cost(cmd)),
            _ => String::new(),
        })
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &ACTIONS
    }

    // A Disarm that names no item yet: which of the target's items (its weapon first); a
    // Drop that names none: which of the unit's own; a readied ability: which one.
    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice> {
        if let &Command::Act {
            unit,
            action:
                Action::Flow(FlowAction::Ready {
                    response: ReadyResponse::Power { .. },
                    ..
                }),
        } = cmd
        {
            let options: Vec<(String, Command)> = super::readiable_abilities(b, unit)
                .into_iter()
                .filter_map(|i| {
                    let a = b.ability(unit, i)?;
                    let when = match super::ready_ability_trigger(b, unit, i) {
                        ReadyTrigger::EnemyWithin { cells } => {
                            format!("an enemy comes within {cells}")
                        }
                        _ => "an enemy enters your reach".into(),
                    };
                    Some((
                        format!(
                            "{} ({}) when {when}",
                            a.name,
                            self.ability_price(b, unit, i)
                        ),
                        ready_ability(b, unit, i),
                    ))
                })
                .collect();
            return (options.len() >= 2).then(|| Choice {
                title: "Ready which spell, ability, potion or item? (harmful: at the enemy; \
                        helpful: on you)"
                    .into(),
                options,
            });
        }
        if let &Command::Act {
            unit,
            action: Action::Flow(FlowAction::Drop { item: None }),
        } = cmd
        {
            return item_choice(
                "Drop which item?".into(),
                items_first(b, unit, None),
                |i| b.weapons(unit)[i].name.clone(),
                |i| act(unit, FlowAction::Drop { item: Some(i) }),
            );
        }
        let &Command::Act {
            unit,
            action:
                Action::Flow(FlowAction::Disarm {
                    target, item: None, ..
                }),
        } = cmd
        else {
            return None;
        };
        item_choice(
            format!("Disarm which item of {}?", b.name(target)),
            items_first(b, target, default_disarm_item(b, target)),
            |i| b.weapons(target)[i].name.clone(),
            |i| {
                act(
                    unit,
                    FlowAction::Disarm {
                        target,
                        item: Some(i),
                        send: None,
                    },
                )
            },
        )
    }

    // The AP, before a target is known.
    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String> {
        let cost = ap_cost(cmd);
        (b.ap(u) < cost).then(|| format!("needs {cost} AP, {} left", b.ap(u)))
    }

    fn window_words(&self) -> &'static WindowWords {
        &WORDS
    }

    // AP, RP and FP as pips.
    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        [
            ("AP", b.ap(u), Tone::Action),
            ("RP", b.rp(u), Tone::Reaction),
            ("FP", b.fp(u), Tone::Other),
        ]
        .into_iter()
        .map(|(label, count, tone)| Gauge::Pips { label, count, tone })
        .collect()
    }

    // The AP a move of `cost` still has to buy.
    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String {
        let left = b.move_left(u);
        let ap = if cost > left {
            (cost - left).div_ceil(super::move_per_ap(b, u))
        } else {
            0
        };
        format!("{ap} AP")
    }

    // An attack's 2 AP (short when fewer are left).
    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        let price = format!("{ATTACK_AP} AP");
        if b.ap(u) < ATTACK_AP {
            AttackPrice::Short {
                price,
                why: format!("not enough AP ({} left)", b.ap(u)),
            }
        } else {
            AttackPrice::Pays(price)
        }
    }

    // A Feint's or Shove's chance against `target` (the numbers the AI weighs too).
    fn maneuver_chance(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<(f64, String)> {
        let Command::Act { action, .. } = cmd else {
            return None;
        };
        match *action {
            Action::Flow(FlowAction::Feint { target }) => Some((
                feint_chance(b, u, target),
                format!(
                    "to out-feint {} (Advantage on the next attack)",
                    b.name(target)
                ),
            )),
            Action::Flow(FlowAction::Shove { target, .. }) => Some((
                shove_chance(b, u, target),
                format!("to shove {} (Athletics against Athletics)", b.name(target)),
            )),
            _ => None,
        }
    }

    fn reaction_price(&self, kind: ReactionKind) -> String {
        match kind.cost() {
            0 => "free".into(),
            n => format!("{n} RP"),
        }
    }

    fn reactions_left(&self, b: &Battle, u: UnitId) -> String {
        format!("{} RP", b.rp(u))
    }

    fn condition_badge(&self, kind: ConditionKind) -> &'static str {
        crate::rulesets::ui::badge(kind)
    }

    // Every flow check is a roll against a number to beat.
    // Both sides of an opposed check roll their own skill; the words say how the two
    // levels decide it (`active_wins`), so two "success" lines do not read as a draw.
    fn check_note(&self, p: CheckPurpose, _total: i32, _vs: i32) -> CheckNote {
        let opposed = matches!(
            p,
            CheckPurpose::Feint
                | CheckPurpose::Shove
                | CheckPurpose::Grapple
                | CheckPurpose::BreakFree
        );
        CheckNote {
            words: if opposed {
                ": opposed, the higher level of success wins and a tie goes to the side resisting"
            } else {
                ""
            },
            ..Default::default()
        }
    }

    // No battle-wide line.
    fn battle_line(&self, _b: &Battle) -> String {
        String::new()
    }

    // No facing; no wounds; its reaction points show on the unit card only.
    fn token_marks(&self, _b: &Battle, _u: UnitId) -> crate::rulesets::ui::TokenMarks {
        crate::rulesets::ui::TokenMarks::default()
    }

    // It rolls no crit or fumble chains.
    fn chain_meaning(&self, _kind: crate::event::ChainKind, _steps: u32) -> String {
        String::new()
    }

    // No once-per rights of its own.
    fn once_words(&self, _once: crate::components::Once) -> Option<String> {
        None
    }

    fn save_dice_words(&self) -> &'static str {
        "d20"
    }

    fn ability_price(&self, b: &Battle, u: UnitId, ability: usize) -> String {
        b.ability(u, ability)
            .map(|a| format!("{} AP", super::cast_ap(a)))
            .unwrap_or_default()
    }

    // The tables of `explain.rs`, by kind of topic.
    fn explain(&self, topic: Topic) -> Option<Explanation> {
        use super::explain::{action, condition, reaction, rules, terrain};
        match topic {
            Topic::Condition(k) => Some(condition(k)),
            Topic::Action(l) => action(l),
            Topic::Reaction(r) => reaction(r),
            Topic::Terrain(t) => Some(terrain(t)),
            Topic::Rule(r) => rules(r),
        }
    }

    fn summary(&self) -> &'static [(&'static str, &'static str)] {
        &super::explain::SUMMARY
    }
}

/// The Ready command for ability `i` with its bar trigger
/// ([`super::ready_ability_trigger`]).
fn ready_ability(b: &Battle, u: UnitId, i: usize) -> Command {
    act(
        u,
        FlowAction::Ready {
            trigger: super::ready_ability_trigger(b, u, i),
            response: ReadyResponse::Power { ability: i },
            until: ReadyUntil::NextTurn,
        },
    )
}

/// AP a command costs (an attack 2, a special action its own cost).
fn ap_cost(cmd: &Command) -> i32 {
    match cmd {
        Command::Attack { .. } => ATTACK_AP,
        Command::Act { action, .. } => cost(action),
        _ => 0,
    }
}
