//! What the window shows of melee-zone: the action bar (the extra attack, Disengage,
//! the bonus-action boosts, Stand Up, Delay, Flee), prices in AA/MA/BA, the AA/MA/BA
//! and Free Hit Slot pips, the boosts in force.

use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Slot, UnitId};
use crate::engine::{Action, Command, CommonAction, Window};
use crate::event::{CheckPurpose, ReactionKind, Trigger};
use crate::rulesets::CheckNote;
use crate::rulesets::explain::{Explanation, Topic};
use crate::rulesets::ui::{
    ActionSpec, AttackPrice, Choice, Gauge, Key, Target, TokenMarks, Tone, WindowWords, act,
};

use super::numbers::{Boost, boosted, speed};
use super::{
    MeleeZone, MeleeZoneAction, boost_of, disengaged, may_owe_slot, stand_up_owed, stand_up_slot,
};

const ENEMY: Target = Target::Unit("an enemy");

/// melee-zone's action bar, in bar order.
pub static ACTIONS: [ActionSpec; 14] = [
    super::wounds::AIMED_ATTACK,
    ActionSpec {
        label: "Pick Up",
        key: Some(Key::Letter('P')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::PickUp)),
    },
    ActionSpec {
        label: "Extra attack",
        key: Some(Key::Letter('E')),
        target: ENEMY,
        build: |_, u, p| {
            Some(Command::Attack {
                unit: u,
                target: p.unit()?,
                weapon: None,
                slot: Some(Slot::Move),
                aim: None,
            })
        },
    },
    ActionSpec {
        label: "Power Strike",
        key: Some(Key::Digit(1)),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::PowerStrike)),
    },
    ActionSpec {
        label: "Steady Aim",
        key: Some(Key::Digit(2)),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::SteadyAim)),
    },
    ActionSpec {
        label: "Evade",
        key: Some(Key::Digit(3)),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::Evade)),
    },
    ActionSpec {
        label: "Sprint",
        key: Some(Key::Digit(4)),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::Sprint)),
    },
    ActionSpec {
        label: "Disengage",
        key: Some(Key::Letter('G')),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::Disengage { bonus: false })),
    },
    ActionSpec {
        label: "Disengage (2 BA)",
        key: Some(Key::Letter('H')),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::Disengage { bonus: true })),
    },
    ActionSpec {
        label: "Stand Up",
        key: Some(Key::Letter('U')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::StandUp)),
    },
    ActionSpec {
        label: "Delay",
        key: Some(Key::Letter('Y')),
        target: Target::Unit("a unit still to act this round"),
        build: |_, u, p| Some(act(u, MeleeZoneAction::Delay { after: p.unit()? })),
    },
    ActionSpec {
        label: "Flee",
        key: Some(Key::Letter('F')),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::Flee)),
    },
    // "Toggle the effects of spells cast": the first spell it may toggle (none: ability
    // 0, refused with the reason).
    ActionSpec {
        label: "Toggle spell",
        key: Some(Key::Letter('J')),
        target: Target::None,
        build: |b, u, _| {
            let ability = super::toggleable(b, u).first().copied().unwrap_or(0);
            Some(act(u, MeleeZoneAction::Toggle { ability }))
        },
    },
    ActionSpec {
        label: "Hide",
        key: Some(Key::Letter('I')),
        target: Target::None,
        build: |_, u, _| Some(act(u, MeleeZoneAction::Hide)),
    },
];

pub static WORDS: WindowWords = WindowWords {
    clicks: "Click a cell to move (Move Action: 6 spaces), an enemy to attack (Attack Action).",
    draw: "Draw (BA, MA or AA)",
    sheathe: "Sheathe (BA, MA or AA)",
};

/// A slot's short name.
/// Stand Up: which action pays ("1 Attack Action (AA), 1 Move Action (MA), or 1 Bonus
/// Action (BA)"), of this turn on its own turn, of the next turn on another's.
fn stand_up_choice(b: &Battle, cmd: &Command) -> Option<Choice> {
    let &Command::Act {
        unit,
        action: Action::Common(CommonAction::StandUp),
    } = cmd
    else {
        return None;
    };
    let own = b.current() == Some(unit);
    let options: Vec<(String, Command)> = [Slot::Bonus, Slot::Move, Slot::Attack]
        .into_iter()
        .filter(|&s| {
            if own {
                b.slots(unit, s) > 0
            } else {
                may_owe_slot(b, unit, s).is_ok()
            }
        })
        .map(|s| {
            let words = if own {
                short(s).to_string()
            } else {
                format!("{} of the next turn", short(s))
            };
            (
                words,
                Command::Act {
                    unit,
                    action: MeleeZoneAction::StandUpWith { owe: s }.into(),
                },
            )
        })
        .collect();
    (options.len() >= 2).then(|| Choice {
        title: "Stand up paying with".into(),
        options,
    })
}

fn short(s: Slot) -> &'static str {
    match s {
        Slot::Attack => "AA",
        Slot::Move => "MA",
        Slot::Bonus => "BA",
        _ => "?",
    }
}

/// The price of a command in AA/MA/BA, or why it has none.
fn price(b: &Battle, cmd: &Command) -> Option<String> {
    Some(match cmd {
        Command::Attack {
            slot: Some(Slot::Move),
            ..
        } => "MA + 2 BA".into(),
        Command::Attack { .. } => "AA".into(),
        Command::Act { unit, action } => match action {
            Action::Common(CommonAction::Cast { ability, .. }) => {
                super::casting::price_words(b, *unit, *ability)
            }
            Action::Common(c) if super::items::is_item(c) => {
                short(super::items::slot(b, *unit)?).into()
            }
            Action::Common(CommonAction::StandUp) => {
                if b.current() == Some(*unit) {
                    short(stand_up_slot(b, *unit)?).into()
                } else {
                    format!("{} of the next turn", short(stand_up_owed(b, *unit)?))
                }
            }
            Action::MeleeZone(m) => match m {
                MeleeZoneAction::StandUpWith { owe } if b.current() == Some(*unit) => {
                    short(*owe).into()
                }
                MeleeZoneAction::StandUpWith { owe } => format!("{} of the next turn", short(*owe)),
                MeleeZoneAction::Disengage { bonus: true } => "2 BA".into(),
                MeleeZoneAction::Disengage { bonus: false } => "AA".into(),
                MeleeZoneAction::Delay { .. } => "free".into(),
                MeleeZoneAction::Flee => "MA".into(),
                MeleeZoneAction::Hide => short(super::hide_slot(b, *unit)?).into(),
                _ => "BA".into(),
            },
            _ => return None,
        },
        _ => return None,
    })
}

impl crate::rulesets::View for MeleeZone {
    fn prompt_rule(&self, _b: &Battle, w: &Window) -> Option<String> {
        match w.trigger {
            Trigger::Fumbled { tragedy, .. } if tragedy >= 1 => {
                Some("(a tragedy: a free critical hit, no Free Hit Slot needed)".into())
            }
            Trigger::WithinZone { .. } => Some("(a third step within your melee zone)".into()),
            _ => None,
        }
    }

    // Nothing beyond `reaction_does` (a tragedy's free hit is worded there).
    fn reaction_note(&self, _b: &Battle, _w: &Window, _kind: ReactionKind) -> Option<String> {
        None
    }

    // What a free hit does, and what a tragedy changes.
    fn reaction_does(&self, b: &Battle, w: &Window, kind: ReactionKind) -> String {
        let r = b.name(w.reactor);
        let at = w.trigger.provoker().map_or("the enemy", |u| b.name(u));
        match (kind, &w.trigger) {
            (ReactionKind::FreeHit, Trigger::Fumbled { tragedy, .. }) if *tragedy >= 1 => {
                format!("{r} hits {at} without a roll, damage doubled; no Free Hit Slot spent")
            }
            (ReactionKind::FreeHit, _) => {
                format!("{r} attacks {at} at once; spends a Free Hit Slot, not an action")
            }
            (k, _) => format!("{r}: {k}"),
        }
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        format!(
            "{} · {} Free Hit Slot(s)",
            super::slot_words(b, u),
            b.pool(u, Pool::FreeHits)
        )
    }

    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String {
        let n = |p| pools.iter().find(|(x, _)| *x == p).map_or(0, |(_, n)| *n);
        format!(
            "{} AA, {} MA, {} BA; {} Free Hit Slot(s)",
            n(Pool::Slot(Slot::Attack)),
            n(Pool::Slot(Slot::Move)),
            n(Pool::Slot(Slot::Bonus)),
            n(Pool::FreeHits)
        )
    }

    fn cost_words(&self, b: &Battle, cmd: &Command) -> Result<String, String> {
        match cmd {
            Command::Attack { .. } | Command::Act { .. } => {
                price(b, cmd).ok_or_else(|| "no action left to pay with".to_string())
            }
            _ => Ok(String::new()),
        }
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &ACTIONS
    }

    // An aimed attack: where (Fatal, Slowing, Weakening, Disrupting, Center Mass); a
    // stand-up: which action pays (or, on another unit's turn, which of the next turn's
    // actions is owed), when more than one can.
    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice> {
        super::wounds::aim_choice(cmd).or_else(|| stand_up_choice(b, cmd))
    }

    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String> {
        let s = |slot| b.slots(u, slot);
        match cmd {
            Command::Attack {
                slot: Some(Slot::Move),
                ..
            } if s(Slot::Move) == 0 || s(Slot::Bonus) < 2 => {
                Some("needs the Move Action and both Bonus Actions".into())
            }
            Command::Attack { slot: None, .. } if s(Slot::Attack) == 0 => {
                Some("no Attack Action left".into())
            }
            Command::Act {
                action: Action::MeleeZone(m),
                ..
            } => match m {
                MeleeZoneAction::Disengage { bonus: true } if s(Slot::Bonus) < 2 => {
                    Some("needs both Bonus Actions".into())
                }
                MeleeZoneAction::Disengage { bonus: false } if s(Slot::Attack) == 0 => {
                    Some("no Attack Action left".into())
                }
                MeleeZoneAction::Flee if s(Slot::Move) == 0 => Some("no Move Action left".into()),
                MeleeZoneAction::Toggle { .. } if s(Slot::Bonus) == 0 => {
                    Some("no Bonus Action left".into())
                }
                MeleeZoneAction::Hide if s(Slot::Attack) + s(Slot::Move) == 0 => {
                    Some("no Attack or Move Action left".into())
                }
                m if boost_of(m).is_some() && s(Slot::Bonus) == 0 => {
                    Some("no Bonus Action left".into())
                }
                _ => None,
            },
            Command::Act {
                action: Action::Common(CommonAction::StandUp),
                ..
            } if b.current() == Some(u) && stand_up_slot(b, u).is_none() => {
                Some("no action left".into())
            }
            Command::Act {
                action: Action::Common(CommonAction::Cast { ability, .. }),
                ..
            } => super::casting::check(b, u, *ability)
                .err()
                .map(|e| e.to_string()),
            _ => None,
        }
    }

    fn window_words(&self) -> &'static WindowWords {
        &WORDS
    }

    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        let pips = |label, count, tone| Gauge::Pips { label, count, tone };
        let mut v = vec![
            pips("AA", b.slots(u, Slot::Attack) as i32, Tone::Action),
            pips("MA", b.slots(u, Slot::Move) as i32, Tone::Action),
            pips("BA", b.slots(u, Slot::Bonus) as i32, Tone::Action),
            pips("Free Hit Slots", b.pool(u, Pool::FreeHits), Tone::Reaction),
        ];
        let left = b.move_left(u);
        if left > 0 {
            v.push(Gauge::Note(format!("{left} movement left")));
        }
        let on: Vec<&str> = Boost::ALL
            .into_iter()
            .filter(|&k| k != Boost::Move && boosted(b, u, k))
            .map(Boost::words)
            .collect();
        if !on.is_empty() {
            v.push(Gauge::Note(on.join(", ")));
        }
        if disengaged(b, u) {
            v.push(Gauge::Note("disengaged this round".into()));
        }
        v.extend(
            super::casting::gauge_notes(b, u)
                .into_iter()
                .map(Gauge::Note),
        );
        v.extend(super::wounds::card(b, u).map(Gauge::Note));
        v.extend(super::feats_b::notes(b, u));
        v
    }

    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String {
        if cost <= b.move_left(u) {
            "movement left".to_string()
        } else {
            format!("the Move Action ({} spaces)", speed(b, u))
        }
    }

    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        if b.slots(u, Slot::Attack) > 0 {
            AttackPrice::Pays("Attack Action".into())
        } else if b.slots(u, Slot::Move) > 0 && b.slots(u, Slot::Bonus) >= 2 {
            AttackPrice::Pays("extra attack: MA + 2 BA".into())
        } else {
            AttackPrice::Cannot("no Attack Action left".into())
        }
    }

    fn maneuver_chance(&self, _b: &Battle, _u: UnitId, _cmd: &Command) -> Option<(f64, String)> {
        None
    }

    fn reaction_price(&self, _kind: ReactionKind) -> String {
        "1 Free Hit Slot".into()
    }

    fn reactions_left(&self, b: &Battle, u: UnitId) -> String {
        match b.pool(u, Pool::FreeHits) {
            1 => "1 Free Hit Slot left".into(),
            n => format!("{n} Free Hit Slots left"),
        }
    }

    fn condition_badge(&self, kind: ConditionKind) -> &'static str {
        crate::rulesets::ui::badge(kind)
    }

    fn check_note(&self, _p: CheckPurpose, _total: i32, _vs: i32) -> CheckNote {
        CheckNote::default()
    }

    fn battle_line(&self, _b: &Battle) -> String {
        String::new()
    }

    // "When attacking a unit from behind": the way it faces; its wounds; the Free Hit
    // Slots left of the round's "Agility modifier plus 1".
    fn token_marks(&self, b: &Battle, u: UnitId) -> TokenMarks {
        TokenMarks {
            facing: Some(super::facing::facing(b, u)),
            wounds: super::wounds::count(b, u),
            // A Slowing wound lowers the most from the next round: the slots still held
            // are drawn until then.
            reactions: Some((
                "Free Hit Slots",
                b.pool(u, Pool::FreeHits),
                super::numbers::free_hit_slots(super::numbers::agility(b, u))
                    .max(b.pool(u, Pool::FreeHits)),
            )),
            // "flee the battle": out of it by an exit, not defeated.
            left: super::actions::fled(b, u).then_some("fled"),
        }
    }

    // "you double the damage dealt. If it's a super critical, you double the damage a
    // second time. If the super critical escalates to a 6 … the targeted foe is defeated
    // instantly"; "If you rolled a tragedy … a free critical hit against you, even if it
    // doesn't have any remaining Free Hit Slots … If the tragedy escalates to a 6 …
    // killing you instantly" (attack.rs `hit` and `fumbled`).
    fn chain_meaning(&self, kind: crate::event::ChainKind, steps: u32) -> String {
        use crate::event::ChainKind;
        match (kind, steps) {
            (ChainKind::Critical, 0) => "a critical hit: the damage doubled",
            (ChainKind::Critical, 1) => "a super critical: the damage doubled again (×4)",
            (ChainKind::Critical, _) => "the foe is defeated outright",
            (ChainKind::Fumble, 0) => {
                "a fumble: the target, if the attacker stands in its zone, may take a free hit \
                 (a Free Hit Slot)"
            }
            (ChainKind::Fumble, 1) => {
                "a tragedy: the target takes a free critical hit, without a Free Hit Slot"
            }
            (ChainKind::Fumble, _) => "the tragedy escalates: the attacker is slain",
        }
        .into()
    }

    // The bonus-action boosts' marks ("Power Strike: +1 melee damage").
    fn once_words(&self, once: crate::components::Once) -> Option<String> {
        super::numbers::Boost::ALL
            .into_iter()
            .find(|k| k.once() == once)
            .map(|k| format!("{}: {}", k.action_name(), k.words()))
    }

    fn save_dice_words(&self) -> &'static str {
        "d20"
    }

    fn ability_price(&self, b: &Battle, u: UnitId, ability: usize) -> String {
        super::casting::price_words(b, u, ability)
    }

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
