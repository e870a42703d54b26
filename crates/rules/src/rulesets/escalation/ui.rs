//! What the window shows of escalation: the action bar, prices in action types, the
//! Quick/Move/Standard/Interrupt pips, the escalation die, Staggered and dying notes,
//! the Disengage chance with its DC.

use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Slot, UnitId};
use crate::engine::{Action, Command};
use crate::rulesets::ui::{ActionSpec, Choice, Gauge, Key, Pick, Target, Tone, WindowWords, act};

use crate::abilities::ActionType;
use crate::event::ReactionKind;
use crate::rulesets::CheckNote;
use crate::rulesets::explain::{Explanation, Topic};
use crate::rulesets::ui::AttackPrice;

use super::Escalation;
use super::{
    EscalationAction, band, disengage_chance, disengage_dc, engaged_enemies, escalation_die,
    melee_stance, payer, speed, staggered,
};

/// escalation's action bar, in bar order.
pub static ACTIONS: [ActionSpec; 13] = [
    ActionSpec {
        label: "Disengage",
        key: Some(Key::Digit(1)),
        target: Target::None,
        build: |_, u, _| Some(act(u, EscalationAction::Disengage { from: Vec::new() })),
    },
    ActionSpec {
        label: "Switch stance",
        key: Some(Key::Digit(2)),
        target: Target::None,
        build: |_, u, _| Some(act(u, EscalationAction::SwitchStance)),
    },
    ActionSpec {
        label: "Rally",
        key: Some(Key::Digit(3)),
        target: Target::None,
        build: |_, u, _| Some(act(u, EscalationAction::Rally)),
    },
    ActionSpec {
        label: "Stabilize",
        key: Some(Key::Digit(4)),
        target: Target::Unit("a dying ally"),
        build: |_, u, p: &Pick| Some(act(u, EscalationAction::Stabilize { ally: p.unit()? })),
    },
    ActionSpec {
        label: "Coup de grace",
        key: Some(Key::Digit(5)),
        target: Target::Unit("a helpless enemy"),
        build: |_, u, p: &Pick| Some(act(u, EscalationAction::CoupDeGrace { target: p.unit()? })),
    },
    ActionSpec {
        label: "Let ally go first",
        key: Some(Key::Digit(6)),
        target: Target::Unit("an ally of your band who has not acted"),
        build: |_, u, p: &Pick| Some(act(u, EscalationAction::Yield { to: p.unit()? })),
    },
    ActionSpec {
        label: "Ready attack",
        key: Some(Key::Digit(9)),
        target: Target::None,
        build: |_, u, _| {
            Some(act(
                u,
                EscalationAction::Ready {
                    trigger: crate::engine::ReadyTrigger::EnemyEntersReach,
                    response: crate::engine::ReadyResponse::Attack,
                    until: crate::engine::ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Ready power",
        key: None,
        target: Target::None,
        build: |b, u, _| {
            let i = super::ready::readiable_powers(b, u)
                .first()
                .copied()
                .unwrap_or(0);
            Some(ready_power(b, u, i))
        },
    },
    ActionSpec {
        label: "Ready stance switch",
        key: None,
        target: Target::None,
        build: |_, u, _| {
            Some(act(
                u,
                EscalationAction::Ready {
                    trigger: crate::engine::ReadyTrigger::EnemyWithin { cells: 1 },
                    response: crate::engine::ReadyResponse::SwitchStance,
                    until: crate::engine::ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Dicey move",
        key: Some(Key::Digit(0)),
        target: Target::Cell("the cell beyond a low wall or pit next to you"),
        build: |b, u, p: &Pick| {
            let to = p.cell()?;
            Some(act(
                u,
                EscalationAction::DiceyMove {
                    to,
                    target: super::dicey::default_target(b, u, to),
                },
            ))
        },
    },
    ActionSpec {
        label: "Flee",
        key: Some(Key::Digit(8)),
        target: Target::None,
        build: |_, u, _| Some(act(u, EscalationAction::Flee)),
    },
    // "Sustain POWER": the first power it could sustain now (`choice` offers each).
    ActionSpec {
        label: "Sustain",
        key: None,
        target: Target::None,
        build: |b, u, _| {
            let i = super::sustainable(b, u)
                .first()
                .copied()
                .or_else(|| b.abilities(u).iter().position(|a| a.sustain.is_some()))
                // With no Sustain power, ability 0: refused with the reason.
                .unwrap_or(0);
            Some(super::powers::sustain_command(u, i))
        },
    },
    ActionSpec {
        label: "Delay",
        key: Some(Key::Digit(7)),
        target: Target::None,
        build: |b, u, _| {
            Some(act(
                u,
                EscalationAction::Delay {
                    band: (band(b, u) - 1).max(0),
                },
            ))
        },
    },
];

/// The names of the initiative bands, Very Slow 0 to Very Fast 4.
pub const BANDS: [&str; 5] = ["Very Slow", "Slow", "Medium", "Fast", "Very Fast"];

/// The window's fixed words for escalation.
pub static WORDS: WindowWords = WindowWords {
    clicks: "Click a cell to move (a Move action; leaving an engaged enemy provokes unless you Disengage), an enemy for a basic attack (Standard).",
    draw: "Switch stance (Quick)",
    sheathe: "Switch stance (Quick)",
};

impl crate::rulesets::View for Escalation {
    // The prompt's rule words: a power before the enemy goes on, what an Intercept of a
    // melee attack does, an opportunity attack for a ranged attack while engaged (an
    // Intercept's being free the option's price and the reactor's line already say).
    fn prompt_rule(&self, b: &Battle, w: &crate::engine::Window) -> Option<String> {
        use crate::event::Trigger;
        match &w.trigger {
            Trigger::PowerCue { attack, by, .. } => {
                let what = if *attack { "attack" } else { "move" };
                let power = w
                    .options
                    .iter()
                    .any(|k| matches!(k, ReactionKind::Interrupt(_) | ReactionKind::FreePower(_)));
                let mut parts = Vec::new();
                if power {
                    parts.push(format!(
                        "a triggered power goes off before the {what} goes on"
                    ));
                }
                // "They can also Intercept a melee attack intended for someone who's
                // Nearby to them".
                if w.options.contains(&ReactionKind::Intercept) {
                    parts.push(format!(
                        "an Intercept moves {} next to {} and the attack is made on it instead",
                        b.name(w.reactor),
                        b.name(*by)
                    ));
                }
                (!parts.is_empty()).then(|| format!("({})", parts.join("; ")))
            }
            Trigger::Provoked { .. } => {
                Some("(an opportunity attack: a ranged attack while engaged)".into())
            }
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

    // What each answer does: an opportunity attack, an Intercept (the attack is made on
    // the interceptor), a triggered power and what it spends.
    fn reaction_does(&self, b: &Battle, w: &crate::engine::Window, kind: ReactionKind) -> String {
        use crate::event::Trigger;
        let r = b.name(w.reactor);
        let (by, what) = match &w.trigger {
            Trigger::PowerCue { by, attack, .. } => {
                (Some(*by), if *attack { "the attack" } else { "the move" })
            }
            Trigger::Approaching { mover, .. } => (Some(*mover), "the move"),
            t => (t.provoker(), "it"),
        };
        let by = by.map_or("the enemy", |u| b.name(u));
        let power = |i: usize| {
            b.ability(w.reactor, i)
                .map_or("the power", |a| a.name.as_str())
        };
        match kind {
            ReactionKind::ReactionAttack => {
                format!("{r} makes a free opportunity attack on {by} before {what} goes on")
            }
            ReactionKind::Intercept => match &w.trigger {
                // "Intercept" a mover coming at an ally: it stops short, engaged.
                Trigger::Approaching { ally, .. } => format!(
                    "{r} steps in front of {by}: it stops where it came from, engaged with \
                     {r}, short of {}",
                    b.name(*ally)
                ),
                _ => format!("{r} moves next to {by} and the melee attack is made on {r} instead"),
            },
            ReactionKind::Interrupt(i) => format!(
                "{r} uses {} before {what} goes on; spends {r}'s one Interrupt (back at \
                 its next turn) and one use of the power",
                power(i)
            ),
            ReactionKind::FreePower(i) => format!(
                "{r} uses {} before {what} goes on; free (no Interrupt), one use of the power",
                power(i)
            ),
            k => format!("{r}: {k}"),
        }
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        let s = |slot| b.slots(u, slot);
        format!(
            "Standard {} · Move {} · Quick {} · Interrupt {}",
            s(Slot::Standard),
            s(Slot::Move),
            s(Slot::Quick),
            b.pool(u, Pool::Interrupt)
        )
    }

    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String {
        let i = pools
            .iter()
            .find(|(p, _)| *p == Pool::Interrupt)
            .map_or(0, |(_, n)| *n);
        format!("Standard, Move, Quick; {i} Interrupt")
    }

    // The command's price in action types.
    fn cost_words(&self, b: &Battle, cmd: &Command) -> Result<String, String> {
        Ok(match cmd {
            Command::Attack { .. } => "Standard".into(),
            Command::Act {
                action: Action::Escalation(EscalationAction::CoupDeGrace { .. }),
                ..
            } => "Standard+Quick+Move".into(),
            Command::Act {
                unit,
                action: Action::Common(crate::engine::CommonAction::Cast { ability, .. }),
            } => self.ability_price(b, *unit, *ability),
            // The power's own action type.
            Command::Act {
                unit,
                action: Action::Escalation(EscalationAction::Sustain { ability }),
            } => b
                .ability(*unit, *ability)
                .and_then(super::casting::action_slot)
                .map_or("free".to_string(), |s| format!("{s:?}")),
            Command::Act { unit, action } => match super::ready::slot_for(b, *unit, action) {
                Some(s) => format!("{s:?}"),
                None => "free".into(),
            },
            _ => String::new(),
        })
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &ACTIONS
    }

    // A Delay: to which of the slower bands; a Dicey Move: who gets its reward; a readied
    // power: which one; a Sustain: which power, when more than one could be sustained.
    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice> {
        if let Command::Act {
            unit,
            action: Action::Escalation(EscalationAction::DiceyMove { to, .. }),
        } = cmd
        {
            return super::dicey::choice(b, *unit, *to);
        }
        if let Command::Act {
            unit,
            action:
                Action::Escalation(EscalationAction::Ready {
                    response: crate::engine::ReadyResponse::Power { .. },
                    ..
                }),
        } = cmd
        {
            let options: Vec<(String, Command)> = super::ready::readiable_powers(b, *unit)
                .into_iter()
                .filter_map(|i| {
                    let a = b.ability(*unit, i)?;
                    let cmd = ready_power(b, *unit, i);
                    let Command::Act {
                        action: Action::Escalation(EscalationAction::Ready { trigger, .. }),
                        ..
                    } = &cmd
                    else {
                        return None;
                    };
                    let when = match trigger {
                        crate::engine::ReadyTrigger::EnemyWithin { cells } => {
                            format!("an enemy comes within {cells}")
                        }
                        _ => "an enemy steps next to you".into(),
                    };
                    Some((
                        format!(
                            "{} ({}) when {when}",
                            a.name,
                            self.ability_price(b, *unit, i)
                        ),
                        cmd,
                    ))
                })
                .collect();
            return (options.len() >= 2).then(|| Choice {
                title: "Ready which power? (it goes off before the enemy acts)".into(),
                options,
            });
        }
        if let Command::Act {
            unit,
            action: Action::Escalation(EscalationAction::Sustain { .. }),
        } = cmd
        {
            let options: Vec<(String, Command)> = super::sustainable(b, *unit)
                .into_iter()
                .map(|i| {
                    (
                        format!("Sustain {}", b.abilities(*unit)[i].name),
                        super::powers::sustain_command(*unit, i),
                    )
                })
                .collect();
            return (options.len() >= 2).then(|| Choice {
                title: "Sustain which power?".into(),
                options,
            });
        }
        let Command::Act {
            unit,
            action: Action::Escalation(EscalationAction::Delay { .. }),
        } = cmd
        else {
            return None;
        };
        let now = band(b, *unit);
        let options: Vec<(String, Command)> = (0..now.min(BANDS.len() as i32))
            .rev()
            .map(|band| {
                (
                    format!("{} ({band})", BANDS[band as usize]),
                    act(*unit, EscalationAction::Delay { band }),
                )
            })
            .collect();
        (options.len() >= 2).then(|| Choice {
            title: "Delay to which initiative band? (kept for the battle)".into(),
            options,
        })
    }

    // Why `u` cannot pay for `cmd` at all now.
    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String> {
        let Command::Act { action, .. } = cmd else {
            return None;
        };
        let s = match action {
            Action::Common(crate::engine::CommonAction::Cast { ability, .. })
            | Action::Escalation(EscalationAction::Sustain { ability }) => {
                super::casting::action_slot(b.ability(u, *ability)?)?
            }
            _ => super::ready::slot_for(b, u, action)?,
        };
        payer(b, u, s)
            .is_none()
            .then(|| format!("no {s:?} action (or better) left"))
    }

    fn window_words(&self) -> &'static WindowWords {
        &WORDS
    }

    // The pips, the escalation die, Staggered, dying and the stance.
    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        let pips = |label, count, tone| Gauge::Pips { label, count, tone };
        let mut v = vec![
            pips("Standard", b.slots(u, Slot::Standard) as i32, Tone::Action),
            pips("Move", b.slots(u, Slot::Move) as i32, Tone::Action),
            pips("Quick", b.slots(u, Slot::Quick) as i32, Tone::Action),
            pips("Interrupt", b.pool(u, Pool::Interrupt), Tone::Reaction),
        ];
        v.push(Gauge::Note(escalation_line(escalation_die(b))));
        v.push(Gauge::Note(
            if melee_stance(b, u) {
                "melee stance"
            } else {
                "ranged stance"
            }
            .into(),
        ));
        v.push(Gauge::Note(format!(
            "{} recoveries",
            b.pool(u, Pool::Recoveries)
        )));
        if b.pools(u).is_some_and(|p| p.get(Pool::Power).is_some()) {
            v.push(Gauge::Note(format!("{} Power", b.pool(u, Pool::Power))));
        }
        for i in super::sustainable(b, u) {
            v.push(Gauge::Note(format!(
                "{} lasts: Sustain it this turn or it ends",
                b.abilities(u)[i].name
            )));
        }
        if staggered(b, u) {
            v.push(Gauge::Note("Staggered".into()));
        }
        if b.has(u, ConditionKind::Dying) {
            v.push(Gauge::Note(format!(
                "Dying: {} failed death saves left",
                b.pool(u, Pool::DeathSaveFailures)
            )));
        }
        let left = b.move_left(u);
        if left > 0 {
            v.push(Gauge::Note(format!("{left} movement left from this move")));
        }
        v
    }

    // What a move of `cost` takes.
    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String {
        let left = b.move_left(u);
        match cost.saturating_sub(left).div_ceil(speed(b, u).max(1)) {
            0 => "movement left from this move".to_string(),
            1 => "a Move action".to_string(),
            _ => "Move + Standard actions".to_string(),
        }
    }

    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        if b.slots(u, Slot::Standard) > 0 {
            AttackPrice::Pays("Standard action".into())
        } else {
            AttackPrice::Cannot("no Standard action left for a basic attack".into())
        }
    }

    // The chance of a Disengage from every enemy engaged with the unit, with its DC; of a
    // Sustain, with its number.
    fn maneuver_chance(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<(f64, String)> {
        if let Command::Act {
            action: Action::Escalation(EscalationAction::Sustain { ability }),
            ..
        } = cmd
        {
            return sustain_chance(b, u, *ability);
        }
        let Command::Act {
            action: Action::Escalation(EscalationAction::Disengage { from }),
            ..
        } = cmd
        else {
            return None;
        };
        let from = if from.is_empty() {
            engaged_enemies(b, u)
        } else {
            from.clone()
        };
        if from.is_empty() {
            return None;
        }
        Some((
            disengage_chance(b, u, &from),
            format!(
                "to disengage from {} (3d6 vs DC {})",
                from.iter()
                    .map(|&e| b.name(e))
                    .collect::<Vec<_>>()
                    .join(", "),
                disengage_dc(from.len())
            ),
        ))
    }

    fn reaction_price(&self, kind: ReactionKind) -> String {
        match kind {
            ReactionKind::Interrupt(_) => "1 Interrupt, back next turn; 1 use".into(),
            ReactionKind::FreePower(_) => "free; 1 use".into(),
            _ => "free".into(),
        }
    }

    fn reactions_left(&self, b: &Battle, u: UnitId) -> String {
        format!(
            "free opportunity attacks and intercepts, any number a round; {} Interrupt left",
            b.pool(u, Pool::Interrupt)
        )
    }

    fn condition_badge(&self, kind: ConditionKind) -> &'static str {
        crate::rulesets::ui::badge(kind)
    }

    fn check_note(&self, _p: crate::event::CheckPurpose, _total: i32, _vs: i32) -> CheckNote {
        CheckNote::default()
    }

    // The escalation die, even or odd ("When the escalation die is 0, it counts as
    // neither").
    fn battle_line(&self, b: &Battle) -> String {
        escalation_line(super::attack::escalation_die(b))
    }

    // No facing; no wounds; its reaction shows on the unit card only.
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
        "3d6"
    }

    // A power's action type, and the escalation die it needs.
    fn ability_price(&self, b: &Battle, u: UnitId, ability: usize) -> String {
        let Some(a) = b.ability(u, ability) else {
            return String::new();
        };
        let mut s = match a.action.unwrap_or(ActionType::Standard) {
            ActionType::Standard => "Standard",
            ActionType::Move => "Move",
            ActionType::Quick => "Quick",
            ActionType::Free => "free",
            ActionType::Interrupt => "Interrupt",
        }
        .to_string();
        if let Some(x) = a.spend {
            s.push_str(&format!(
                ", spend {x} Power ({} left)",
                b.pool(u, Pool::Power)
            ));
        }
        if let Some(k) = a.escalation {
            s.push_str(&format!(
                ", escalation die {}",
                super::casting::key_words(k)
            ));
        }
        if let Some(x) = a.recharge {
            s.push_str(&format!(
                ", Recharge {x}+ (rolled at a Quick Rest: one use in a battle)"
            ));
        }
        if let Some(x) = a.sustain {
            s.push_str(&format!(", Sustain {x}+"));
        }
        if a.attacks_first {
            s.push_str(", all attacks rolled before damage");
        }
        s
    }

    // The tables of `explain.rs`, by kind of topic.
    fn explain(&self, topic: Topic) -> Option<Explanation> {
        use super::explain::{action, condition, reaction, rules, terrain};
        match topic {
            Topic::Condition(k) => condition(k),
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

/// The Ready command for power `i` with its bar trigger.
fn ready_power(b: &Battle, u: UnitId, i: usize) -> Command {
    act(
        u,
        EscalationAction::Ready {
            trigger: super::ready::power_trigger(b, u, i),
            response: crate::engine::ReadyResponse::Power { ability: i },
            until: crate::engine::ReadyUntil::NextTurn,
        },
    )
}

/// The escalation die in words: "escalation die 3 (odd)"; 0 is neither even nor odd.
/// The battle line and a gauge note (`View`), and the tests, read it.
pub fn escalation_line(die: i32) -> String {
    let parity = match die {
        0 => "neither even nor odd",
        d if d % 2 == 0 => "even",
        _ => "odd",
    };
    format!("escalation die {die} ({parity})")
}

/// A Sustain's chance: "to sustain Menacing Glare (3d6 vs 11+)".
fn sustain_chance(b: &Battle, u: UnitId, i: usize) -> Option<(f64, String)> {
    let a = b.ability(u, i)?;
    let x = a.sustain?;
    Some((
        super::sustain_chance(b, u, i),
        format!("to sustain {} (3d6 vs {x}+)", a.name),
    ))
}
