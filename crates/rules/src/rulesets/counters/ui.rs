//! What the window shows of counters: the action bar (Pick Up), prices in the turn's one
//! action, the action pip, the skill dice pips with the round's cap, and the unspent
//! movement gauge (cells, and the 10 ft steps they give a counter).

use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Slot, UnitId};
use crate::engine::{Action, Command, CommonAction, Window};
use crate::event::{CheckPurpose, ReactionKind, Trigger};
use crate::rulesets::CheckNote;
use crate::rulesets::explain::{Explanation, Topic};
use crate::rulesets::ui::{
    ActionSpec, AttackPrice, Choice, Gauge, Key, Target, Tone, WindowWords, act,
};

use super::numbers::{STEP_CELLS, cap, spent_this_round, steps};
use super::{Counters, CountersAction, EndPay, counter_attack_cost};

/// counters' action bar, in bar order.
pub static ACTIONS: [ActionSpec; 2] = [
    ActionSpec {
        label: "Pick Up",
        key: Some(Key::Letter('P')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::PickUp)),
    },
    // "To end an escapable effect (e.g., Grappled, Restrained, Charmed): Spend one of: 2
    // SD, 20ft movement, 1 SD + 10ft movement." No command (so no button) without such a
    // status; its default is the AI's pick, the other prices are the `choice`.
    ActionSpec {
        label: "End Status",
        key: Some(Key::Letter('E')),
        target: Target::None,
        // The cheapest way out of the worst status; with none, the plainest command, which
        // the rules refuse with their reason (the bar greys it and says why).
        build: |b, u, _| {
            end_status_options(b, u).into_iter().next().or_else(|| {
                Some(act(
                    u,
                    Action::Counters(CountersAction::EndStatus {
                        kind: ConditionKind::Restrained,
                        pay: EndPay::Move20,
                    }),
                ))
            })
        },
    },
];

/// Every way `u` may end one of its escapable statuses now (worst status first, movement
/// before skill dice), as commands `Battle::check` accepts.
pub fn end_status_options(b: &Battle, u: UnitId) -> Vec<Command> {
    let kinds = [
        ConditionKind::Restrained,
        ConditionKind::Grappled,
        ConditionKind::Charmed,
    ];
    let pays = [EndPay::Move20, EndPay::DieAndMove10, EndPay::TwoDice];
    kinds
        .into_iter()
        .flat_map(|kind| pays.into_iter().map(move |pay| (kind, pay)))
        .filter(|&(kind, pay)| super::status::check(b, u, kind, pay).is_ok())
        .map(|(kind, pay)| act(u, Action::Counters(CountersAction::EndStatus { kind, pay })))
        .collect()
}

/// An End Status price in words: "20 ft of movement (no action)".
pub fn end_pay_words(pay: EndPay) -> &'static str {
    match pay {
        EndPay::TwoDice => "2 skill dice (no action)",
        EndPay::Move20 => "20 ft of movement (no action)",
        EndPay::DieAndMove10 => "1 skill die + 10 ft of movement (no action)",
    }
}

pub static WORDS: WindowWords = WindowWords {
    clicks: "Click a cell to move (30 ft = 6 cells a turn; what you do not move is kept for \
             counters), an enemy to attack (the turn's action).",
    draw: "Draw (the action)",
    sheathe: "Sheathe (the action)",
};

/// The unspent movement gauge's words: "4 cells unspent (20 ft: 2 steps of 10 ft)".
pub fn movement_words(cells: u32) -> String {
    format!(
        "{cells} cell(s) unspent ({} ft: {} step(s) of 10 ft for counters)",
        cells * 5,
        steps(cells)
    )
}

impl crate::rulesets::View for Counters {
    fn prompt_rule(&self, b: &Battle, w: &Window) -> Option<String> {
        match w.trigger {
            Trigger::IncomingDamage { .. } => Some(format!(
                "(commit skill dice and 10 ft steps of movement: each die rolls a d6, each \
                 10 ft takes 1 off; {} of {} skill dice spent this round, above {} the \
                 counter is strained)",
                spent_this_round(b, w.reactor),
                b.pools(w.reactor)
                    .and_then(|p| p.get(Pool::SkillDice))
                    .map_or(0, |s| s.refill),
                cap(b, w.reactor)
            )),
            Trigger::Leaving { .. } => Some("(it leaves your melee range)".into()),
            _ => None,
        }
    }

    fn reaction_note(&self, _b: &Battle, _w: &Window, kind: ReactionKind) -> Option<String> {
        match kind {
            ReactionKind::Block | ReactionKind::Parry => {
                Some("takes the roll off the damage".into())
            }
            _ => None,
        }
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        format!(
            "{} action · {} skill dice · {}",
            b.slots(u, Slot::Standard),
            b.pool(u, Pool::SkillDice),
            movement_words(b.move_left(u))
        )
    }

    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String {
        let n = |p| pools.iter().find(|(x, _)| *x == p).map_or(0, |(_, n)| *n);
        format!(
            "{} action, {} cells of movement",
            n(Pool::Slot(Slot::Standard)),
            n(Pool::Movement)
        )
    }

    fn cost_words(&self, _b: &Battle, cmd: &Command) -> Result<String, String> {
        match cmd {
            Command::Attack { .. } => Ok("the action".into()),
            Command::Act {
                action: Action::Common(c),
                ..
            } if super::items::is_item(c) => Ok("the action".into()),
            Command::Act {
                action: Action::Counters(CountersAction::EndStatus { pay, .. }),
                ..
            } => Ok(end_pay_words(*pay).into()),
            Command::Act { .. } => Err("counters has no such action yet".into()),
            _ => Ok(String::new()),
        }
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &ACTIONS
    }

    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice> {
        let Command::Act {
            unit,
            action: Action::Counters(CountersAction::EndStatus { .. }),
        } = cmd
        else {
            return None;
        };
        let options: Vec<(String, Command)> = end_status_options(b, *unit)
            .into_iter()
            .filter_map(|c| match &c {
                Command::Act {
                    action: Action::Counters(CountersAction::EndStatus { kind, pay }),
                    ..
                } => Some((format!("End {kind:?}: {}", end_pay_words(*pay)), c)),
                _ => None,
            })
            .collect();
        (options.len() > 1).then(|| Choice {
            title: "End which status, paid how?".into(),
            options,
        })
    }

    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String> {
        match cmd {
            Command::Act {
                action: Action::Counters(CountersAction::EndStatus { .. }),
                ..
            } => None,
            Command::Attack { .. } | Command::Act { .. } if b.slots(u, Slot::Standard) == 0 => {
                Some("the turn's action is spent".into())
            }
            _ => None,
        }
    }

    fn window_words(&self) -> &'static WindowWords {
        &WORDS
    }

    // The seed's words for each counter: "Roll committed SD, Add: Strength modifier,
    // Proficiency (if proficient), Any Dig In bonus, Subtract that total from the incoming
    // damage" (Block; Parry with Agility); a counter attack is "a melee attack as a
    // reaction".
    fn reaction_does(
        &self,
        b: &Battle,
        w: &crate::engine::Window,
        kind: crate::event::ReactionKind,
    ) -> String {
        use crate::event::ReactionKind;
        let r = b.name(w.reactor);
        let at = w.trigger.provoker().map_or("the enemy", |u| b.name(u));
        match kind {
            ReactionKind::Block => format!(
                "{r} rolls the skill dice committed + Strength (+ proficiency) + Dig In and \
                 takes that much off {at}'s damage"
            ),
            ReactionKind::Parry => format!(
                "{r} rolls the skill dice committed + Agility (+ proficiency) + Dig In and \
                 takes that much off {at}'s melee damage"
            ),
            ReactionKind::ReactionAttack => format!(
                "{r} makes a melee attack on {at} as it leaves (1 skill die or 10 ft of \
                 unspent movement; once a round against {at})"
            ),
            ReactionKind::Counterspell => format!(
                "{r} commits skill dice equal to the spell's level and rolls against \
                 {at}'s casting total; a success stops the spell"
            ),
            k => format!("{r}: {k}"),
        }
    }

    // Its once-per rights (a counter attack once per creature a round) are
    // `Once::Pair`, which the log words itself.
    fn once_words(&self, _once: crate::components::Once) -> Option<String> {
        None
    }

    // No facing and no wounds; the skill dice left this round as pips under the token
    // (the counters' currency beside unspent movement, which the card shows).
    fn token_marks(&self, b: &Battle, u: UnitId) -> crate::rulesets::ui::TokenMarks {
        let left = b.pool(u, Pool::SkillDice);
        crate::rulesets::ui::TokenMarks {
            facing: None,
            wounds: 0,
            reactions: Some((
                "Skill dice",
                left,
                super::numbers::skill_dice_of(b.stats(u)).max(left),
            )),
            left: None,
        }
    }

    // It rolls no crit or fumble chains.
    fn chain_meaning(&self, _kind: crate::event::ChainKind, _steps: u32) -> String {
        String::new()
    }

    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        let mut v = vec![
            Gauge::Pips {
                label: "Action",
                count: i32::from(b.slots(u, Slot::Standard)),
                tone: Tone::Action,
            },
            Gauge::Pips {
                label: "Skill dice",
                count: b.pool(u, Pool::SkillDice),
                tone: Tone::Reaction,
            },
            Gauge::Pips {
                label: "Unspent movement (cells)",
                count: b.move_left(u) as i32,
                tone: Tone::Reaction,
            },
            Gauge::Note(movement_words(b.move_left(u))),
        ];
        let spent = spent_this_round(b, u);
        if spent > 0 {
            v.push(Gauge::Note(format!(
                "{spent} skill dice spent this round (cap {})",
                cap(b, u)
            )));
        }
        v
    }

    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String {
        let left = b.move_left(u).saturating_sub(cost);
        format!(
            "{cost} of {} cells ({left} kept for counters)",
            b.move_left(u)
        )
    }

    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        if b.slots(u, Slot::Standard) > 0 {
            AttackPrice::Pays("the action".into())
        } else {
            AttackPrice::Cannot("the turn's action is spent".into())
        }
    }

    fn maneuver_chance(&self, _b: &Battle, _u: UnitId, _cmd: &Command) -> Option<(f64, String)> {
        None
    }

    fn reaction_price(&self, kind: ReactionKind) -> String {
        match kind {
            ReactionKind::ReactionAttack => counter_attack_cost().words(),
            ReactionKind::Block | ReactionKind::Parry => {
                format!("1+ skill dice or {} cells (10 ft) of movement", STEP_CELLS)
            }
            ReactionKind::Counterspell => "skill dice equal to the spell's level".into(),
            ReactionKind::Counteraction => "20 ft, or 10 ft and 1 skill die".into(),
            _ => "free".into(),
        }
    }

    fn reactions_left(&self, b: &Battle, u: UnitId) -> String {
        format!(
            "{} skill dice, {} cells of movement left",
            b.pool(u, Pool::SkillDice),
            b.move_left(u)
        )
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

    fn save_dice_words(&self) -> &'static str {
        "d20"
    }

    fn ability_price(&self, _b: &Battle, _u: UnitId, _ability: usize) -> String {
        String::new()
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
