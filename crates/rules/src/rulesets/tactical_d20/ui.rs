//! What the window shows of tactical-d20: the action bar (bar order, keys, labels,
//! targets), the Focus and item choices, prices in action slots, the slot and Reaction
//! pips.

use crate::battle::Battle;
use crate::components::{Slot, UnitId};
use crate::engine::{
    Action, Command, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use crate::rulesets::ui::{
    ActionSpec, AttackPrice, Choice, Gauge, Key, Pick, Target, Tone, WindowWords, act, item_choice,
    items_first, own_items, shot_cells,
};

use crate::abilities::AbilityKind;
use crate::components::{ConditionKind, Pool};
use crate::event::{CheckPurpose, ReactionKind};
use crate::rulesets::CheckNote;
use crate::rulesets::explain::{Explanation, Topic};

use super::TacticalD20;
use super::wait_ui::{wait_options, wait_with};
use super::{
    COMMAND_WORDS, FocusOn, GrappleFollow, TacticalD20Action, attack_payer, default_item, payer,
    slots_of, speed,
};

const ENEMY: Target = Target::Unit("an enemy");
const CELL: Target = Target::Cell("a cell");

/// An attack with a lesser action (Secondary, Tertiary) on the unit picked.
fn attack_with(u: UnitId, p: &Pick, slot: Slot) -> Option<Command> {
    Some(Command::Attack {
        unit: u,
        target: p.unit()?,
        weapon: None,
        slot: Some(slot),
        aim: None,
    })
}

/// tactical-d20's action bar, in bar order.
pub static ACTIONS: [ActionSpec; 33] = [
    ActionSpec {
        label: "Secondary attack",
        key: Some(Key::Letter('E')),
        target: ENEMY,
        build: |_, u, p| attack_with(u, p, Slot::Move),
    },
    ActionSpec {
        label: "Tertiary attack",
        key: Some(Key::Letter('Q')),
        target: ENEMY,
        build: |_, u, p| attack_with(u, p, Slot::Quick),
    },
    ActionSpec {
        label: "Dash",
        key: Some(Key::Digit(1)),
        target: CELL,
        build: |_, u, p| Some(act(u, TacticalD20Action::Dash { to: p.cell()? })),
    },
    ActionSpec {
        label: "Charge",
        key: Some(Key::Digit(2)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                TacticalD20Action::Charge {
                    target: p.unit()?,
                    to: None,
                },
            ))
        },
    },
    ActionSpec {
        label: "Trip",
        key: Some(Key::Digit(3)),
        target: ENEMY,
        build: |_, u, p| Some(act(u, TacticalD20Action::Trip { target: p.unit()? })),
    },
    ActionSpec {
        label: "Push",
        key: Some(Key::Digit(4)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                TacticalD20Action::Push {
                    target: p.unit()?,
                    distance: None,
                },
            ))
        },
    },
    ActionSpec {
        label: "Grapple",
        key: Some(Key::Digit(5)),
        target: ENEMY,
        build: |_, u, p| Some(act(u, TacticalD20Action::Grapple { target: p.unit()? })),
    },
    ActionSpec {
        label: "Disarm",
        key: Some(Key::Digit(6)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                TacticalD20Action::Disarm {
                    target: p.unit()?,
                    item: None,
                    send: None,
                },
            ))
        },
    },
    ActionSpec {
        label: "Sunder",
        key: Some(Key::Digit(7)),
        target: ENEMY,
        build: |_, u, p| {
            Some(act(
                u,
                TacticalD20Action::Sunder {
                    target: p.unit()?,
                    item: None,
                },
            ))
        },
    },
    ActionSpec {
        label: "Feint",
        key: Some(Key::Digit(8)),
        target: ENEMY,
        build: |_, u, p| Some(act(u, TacticalD20Action::Feint { target: p.unit()? })),
    },
    ActionSpec {
        label: "Tumble",
        key: Some(Key::Digit(9)),
        target: CELL,
        build: |_, u, p| Some(act(u, TacticalD20Action::TumbleTo { to: p.cell()? })),
    },
    ActionSpec {
        label: "Jump",
        key: Some(Key::Digit(0)),
        target: CELL,
        build: |_, u, p| Some(act(u, TacticalD20Action::Jump { to: p.cell()? })),
    },
    ActionSpec {
        label: "Overrun",
        key: Some(Key::Letter('O')),
        target: CELL,
        build: |_, u, p| Some(act(u, TacticalD20Action::Overrun { to: p.cell()? })),
    },
    ActionSpec {
        label: "Defend",
        key: Some(Key::Letter('V')),
        target: Target::None,
        build: |_, u, _| Some(act(u, TacticalD20Action::Defend)),
    },
    ActionSpec {
        label: "Guard",
        key: Some(Key::Letter('G')),
        target: Target::None,
        build: |_, u, _| Some(act(u, TacticalD20Action::Guard)),
    },
    ActionSpec {
        label: "Focus",
        key: Some(Key::Letter('F')),
        target: Target::None,
        build: |_, u, _| {
            Some(act(
                u,
                TacticalD20Action::Focus {
                    on: FocusOn::Attack,
                },
            ))
        },
    },
    ActionSpec {
        label: "Assist",
        key: Some(Key::Letter('H')),
        target: Target::Unit("an ally"),
        build: |_, u, p| Some(act(u, TacticalD20Action::Assist { ally: p.unit()? })),
    },
    ActionSpec {
        label: "Concentrate",
        key: Some(Key::Letter('C')),
        target: Target::None,
        build: |_, u, _| Some(act(u, TacticalD20Action::Concentrate)),
    },
    ActionSpec {
        label: "Wait",
        key: Some(Key::Letter('K')),
        target: Target::None,
        build: |_, u, _| Some(act(u, TacticalD20Action::Wait)),
    },
    // The waited Standard action used for more than an attack on a foe entering reach
    // (no keys left: from the bar only).
    ActionSpec {
        label: "Wait: shot",
        key: None,
        target: Target::None,
        build: |b, u, _| {
            Some(act(
                u,
                TacticalD20Action::Ready {
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
        label: "Wait: caster",
        key: None,
        target: Target::None,
        build: |b, u, _| {
            Some(act(
                u,
                TacticalD20Action::Ready {
                    trigger: ReadyTrigger::EnemyCasts {
                        cells: shot_cells(b, u),
                    },
                    response: ReadyResponse::Attack,
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Wait: move",
        key: None,
        target: Target::Cell("the cell to move to"),
        build: |b, u, p| {
            Some(act(
                u,
                TacticalD20Action::Ready {
                    trigger: ReadyTrigger::EnemyWithin {
                        cells: speed(b, u).max(1),
                    },
                    response: ReadyResponse::Move { to: p.cell()? },
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    ActionSpec {
        label: "Wait: trip",
        key: None,
        target: Target::None,
        build: |_, u, _| {
            Some(act(
                u,
                TacticalD20Action::Ready {
                    trigger: ReadyTrigger::EnemyEntersReach,
                    response: ReadyResponse::Shove {
                        effect: ShoveEffect::Prone,
                        both: false,
                    },
                    until: ReadyUntil::NextTurn,
                },
            ))
        },
    },
    // "Any action that could be taken with a Standard Action": a spell, an ability, a
    // potion, Defend or Assist, picked from a list (`wait_options`); the first goes in
    // when there is nothing else.
    ActionSpec {
        label: "Wait: spell, Defend, Assist",
        key: None,
        target: Target::None,
        build: |b, u, _| {
            Some(
                wait_options(b, u)
                    .into_iter()
                    .next()
                    .map_or_else(|| wait_with(b, u, ReadyResponse::Defend), |(_, c)| c),
            )
        },
    },
    ActionSpec {
        label: "Step",
        key: Some(Key::Letter('X')),
        target: Target::Cell("a free adjacent cell"),
        build: |_, u, p| Some(act(u, TacticalD20Action::Step { to: p.cell()? })),
    },
    ActionSpec {
        label: "Grapple attack",
        key: Some(Key::Letter('J')),
        target: Target::None,
        build: |_, u, _| {
            Some(act(
                u,
                TacticalD20Action::GrappleTurn {
                    follow: GrappleFollow::Attack,
                },
            ))
        },
    },
    ActionSpec {
        label: "Break Free",
        key: Some(Key::Letter('B')),
        target: Target::None,
        build: |_, u, _| Some(act(u, TacticalD20Action::BreakFree)),
    },
    ActionSpec {
        label: "Stand Up",
        key: Some(Key::Letter('U')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::StandUp)),
    },
    ActionSpec {
        label: "Drop prone",
        key: Some(Key::Letter('R')),
        target: Target::None,
        build: |_, u, _| Some(act(u, TacticalD20Action::DropProne)),
    },
    ActionSpec {
        label: "Pick Up",
        key: Some(Key::Letter('P')),
        target: Target::None,
        build: |_, u, _| Some(act(u, CommonAction::PickUp)),
    },
    ActionSpec {
        label: "Patch Wound",
        key: Some(Key::Letter('L')),
        target: Target::Unit("itself or an adjacent bleeding ally"),
        build: |_, u, p| Some(act(u, TacticalD20Action::Patch { ally: p.unit()? })),
    },
    ActionSpec {
        label: "Hand over",
        key: Some(Key::Letter('I')),
        target: Target::Unit("an adjacent ally"),
        // The first item in hand; the choice offers the others.
        build: |b, u, p| {
            Some(act(
                u,
                TacticalD20Action::Give {
                    item: own_items(b, u).first().copied().unwrap_or(0),
                    ally: p.unit()?,
                },
            ))
        },
    },
    ActionSpec {
        label: "Command",
        key: Some(Key::Letter('Y')),
        target: Target::Words {
            max_words: COMMAND_WORDS,
            prompt: "Shout up to 13 words to allies or foes (Quick action).",
            hint: "Hold the line!",
        },
        build: |_, u, p| {
            Some(act(
                u,
                TacticalD20Action::Command {
                    text: p.words()?.to_string(),
                },
            ))
        },
    },
];

/// The window's fixed words for tactical-d20.
pub static WORDS: WindowWords = WindowWords {
    clicks: "Click a cell to Advance (Move action), an enemy to attack (Standard, then Move −5, then Quick −10).",
    draw: "Equip (Move)",
    sheathe: "Stow (Move)",
};

impl crate::rulesets::View for TacticalD20 {
    // The prompt's rule words: a counterspell's price and roll.
    fn prompt_rule(&self, b: &Battle, w: &crate::engine::Window) -> Option<String> {
        use crate::event::Trigger;
        match &w.trigger {
            Trigger::SpellIdentified { caster, ability } => {
                let order = b.ability(*caster, *ability).map_or(0, |a| a.order);
                Some(format!("({order} SQ, caster level vs the Spell DC)"))
            }
            _ => None,
        }
    }

    // Nothing beyond `reaction_does` (Pursuit's and Step Aside's words are there).
    fn reaction_note(
        &self,
        _b: &Battle,
        _w: &crate::engine::Window,
        _kind: ReactionKind,
    ) -> Option<String> {
        None
    }

    // What each answer does, and that each spends the one Reaction a round.
    fn reaction_does(&self, b: &Battle, w: &crate::engine::Window, kind: ReactionKind) -> String {
        use crate::event::Trigger;
        let r = b.name(w.reactor);
        let foe = match &w.trigger {
            Trigger::SpellIdentified { caster, .. } | Trigger::Casting { caster, .. } => {
                b.name(*caster)
            }
            Trigger::Overrun { by } => b.name(*by),
            t => t.provoker().map_or("the enemy", |u| b.name(u)),
        };
        let what = match kind {
            ReactionKind::ReactionAttack => format!("{r} makes an attack of opportunity on {foe}"),
            ReactionKind::Pursuit => format!("{r} moves up to half speed after {foe}"),
            ReactionKind::StepAside => format!("{r} steps 5 ft out of {foe}'s way, no save"),
            ReactionKind::Resist => format!("{r} opposes {foe}'s grapple check"),
            ReactionKind::WaitedAttack => format!("{r}'s held Standard action: attack {foe}"),
            ReactionKind::WaitedAction => format!("{r}'s held action goes off against {foe}"),
            ReactionKind::Counterspell => {
                format!(
                    "{r} rolls caster level against the Spell DC; a success stops {foe}'s spell"
                )
            }
            k => format!("{r}: {k}"),
        };
        format!("{what} (spends the Reaction)")
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        let s = |slot| b.slots(u, slot);
        format!(
            "Standard {} · Move {} · Quick {} · {} Reaction",
            s(Slot::Standard),
            s(Slot::Move),
            s(Slot::Quick),
            b.rp(u)
        )
    }

    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String {
        let rp = pools
            .iter()
            .find(|(p, _)| *p == Pool::Reaction)
            .map_or(0, |(_, n)| *n);
        format!("Standard, Move, Quick; {rp} Reaction")
    }

    // The command's price as the action bar shows it ("Move", "Standard+Move", "free");
    // an attack that names no slot says the slot that would pay for it, or why none can.
    fn cost_words(&self, b: &Battle, cmd: &Command) -> Result<String, String> {
        match cmd {
            Command::Attack {
                unit, slot: None, ..
            } => attack_payer(b, *unit, None)
                .map(|(payer, _)| format!("{payer:?}"))
                .map_err(|e| e.to_string()),
            Command::Attack { .. } | Command::Act { .. } => Ok(match slots(cmd) {
                (Some(a), Some(m)) => format!("{a:?}+{m:?}"),
                (Some(a), None) => format!("{a:?}"),
                _ => "free".into(),
            }),
            _ => Ok(String::new()),
        }
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &ACTIONS
    }

    // Focus: on what. Sunder or Disarm naming no item: which of the target's (its weapon
    // first). Hand over: which of one's own items.
    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice> {
        let Command::Act { unit, action } = cmd else {
            return None;
        };
        let unit = *unit;
        let Action::TacticalD20(action) = action else {
            return None;
        };
        match *action {
            TacticalD20Action::Focus { .. } => Some(Choice {
                title: "Focus on what? (Quick action, +1 until your next turn)".to_string(),
                options: [
                    (FocusOn::Attack, "attack and damage rolls"),
                    (FocusOn::Defence, "AC and saving throws"),
                    (FocusOn::Skills, "skill checks"),
                ]
                .into_iter()
                .map(|(on, l)| (l.to_string(), act(unit, TacticalD20Action::Focus { on })))
                .collect(),
            }),
            TacticalD20Action::Sunder { target, item: None } => item_choice(
                format!("Sunder which item of {}?", b.name(target)),
                items_first(b, target, default_item(b, target)),
                |i| item_label(b, target, i),
                |i| {
                    act(
                        unit,
                        TacticalD20Action::Sunder {
                            target,
                            item: Some(i),
                        },
                    )
                },
            ),
            TacticalD20Action::Disarm {
                target, item: None, ..
            } => item_choice(
                format!("Disarm which item of {}?", b.name(target)),
                items_first(b, target, default_item(b, target)),
                |i| item_label(b, target, i),
                |i| {
                    act(
                        unit,
                        TacticalD20Action::Disarm {
                            target,
                            item: Some(i),
                            send: None,
                        },
                    )
                },
            ),
            TacticalD20Action::Ready {
                response:
                    ReadyResponse::Power { .. } | ReadyResponse::Defend | ReadyResponse::Assist { .. },
                ..
            } => {
                let options = wait_options(b, unit);
                (options.len() >= 2).then(|| Choice {
                    title: "Wait with which Standard action? (an extra Reaction until your \
                            next turn)"
                        .to_string(),
                    options,
                })
            }
            TacticalD20Action::Give { ally, .. } => item_choice(
                format!("Hand which item to {}?", b.name(ally)),
                own_items(b, unit),
                |i| item_label(b, unit, i),
                |item| act(unit, TacticalD20Action::Give { item, ally }),
            ),
            _ => None,
        }
    }

    // The slots, before a target is known.
    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String> {
        let (first, second) = slots(cmd);
        if let Some(s) = first
            && payer(b, u, s).is_none()
        {
            return Some(format!("no {s:?} action left"));
        }
        if let Some(s) = second
            && (b.slots(u, s) == 0 || b.slots(u, Slot::Standard) == 0)
        {
            return Some("needs both the Standard and the Move action".into());
        }
        None
    }

    fn window_words(&self) -> &'static WindowWords {
        &WORDS
    }

    // Standard, Move and Quick as pips, movement left from an Advance, the Reaction.
    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        let pips = |label, count, tone| Gauge::Pips { label, count, tone };
        let mut v = vec![
            pips("Standard", b.slots(u, Slot::Standard) as i32, Tone::Action),
            pips("Move", b.slots(u, Slot::Move) as i32, Tone::Action),
            pips("Quick", b.slots(u, Slot::Quick) as i32, Tone::Action),
        ];
        let left = b.move_left(u);
        if left > 0 {
            v.push(Gauge::Note(format!(
                "{left} movement left from this Advance"
            )));
        }
        v.push(pips("Reaction", b.rp(u), Tone::Reaction));
        v
    }

    // The movement left, a Move action, or Move and Standard.
    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String {
        let left = b.move_left(u);
        match cost.saturating_sub(left).div_ceil(speed(b, u).max(1)) {
            0 => "movement left from this Advance".to_string(),
            1 => "a Move action".to_string(),
            _ => "Move + Standard actions".to_string(),
        }
    }

    // The action an attack would take now (Standard, then Move, then Quick), or why none.
    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        match attack_payer(b, u, None) {
            Ok((_, slot)) => AttackPrice::Pays(format!("{slot:?} action")),
            Err(e) => AttackPrice::Cannot(e.to_string()),
        }
    }

    // The same opposed odds (`checks::opposed_chance`) the AI reads and the resolver
    // rolls.
    fn maneuver_chance(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<(f64, String)> {
        use super::TacticalD20Action as A;
        use super::checks::{Save, Skill, opposed_chance, save, skill};
        let Command::Act {
            action: Action::TacticalD20(a),
            ..
        } = cmd
        else {
            return None;
        };
        let (target, what, a_mods, p_mods) = match *a {
            A::Trip { target } => (
                target,
                "to trip",
                skill(b, u, Skill::Athletics),
                Save::Reflex,
            ),
            A::Push { target, .. } => (
                target,
                "to push",
                skill(b, u, Skill::Athletics),
                Save::Reflex,
            ),
            A::Disarm { target, .. } => (
                target,
                "to disarm",
                skill(b, u, Skill::Athletics),
                Save::Reflex,
            ),
            A::Grapple { target } => (
                target,
                "to grapple",
                skill(b, u, Skill::Athletics),
                Save::Reflex,
            ),
            A::Feint { target } => (
                target,
                "to feint",
                skill(b, u, Skill::Deception),
                Save::Will,
            ),
            _ => return None,
        };
        if target == u || b.entity(target).is_none() {
            return None;
        }
        let chance = match a_mods {
            Ok(am) => opposed_chance(b, u, &am, target, &save(b, target, p_mods)),
            Err(_) => 0.0,
        };
        let (skill_name, save_name) = match p_mods {
            Save::Will => ("Deception", "Will"),
            _ => ("Athletics", "Reflex"),
        };
        Some((
            chance,
            format!(
                "{what} {} ({skill_name} against {save_name})",
                b.name(target)
            ),
        ))
    }

    fn reaction_price(&self, _kind: ReactionKind) -> String {
        "Reaction".into()
    }

    fn reactions_left(&self, b: &Battle, u: UnitId) -> String {
        match b.rp(u) {
            1 => "1 Reaction left".into(),
            n => format!("{n} Reactions left"),
        }
    }

    fn condition_badge(&self, kind: ConditionKind) -> &'static str {
        crate::rulesets::ui::badge(kind)
    }

    // An Overrun check sets the DC of the overrun creature's Reflex save (its number is
    // 0); an opposed check against nobody is unopposed; ties go as the seed says.
    fn check_note(&self, p: CheckPurpose, total: i32, vs: i32) -> CheckNote {
        use CheckPurpose as P;
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

    // No battle-wide line.
    fn battle_line(&self, _b: &Battle) -> String {
        String::new()
    }

    // No facing; no wounds; its attacks of opportunity show on the unit card only.
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

    // A Standard action, and a spell of order 1 or more its Spell Quantity.
    fn ability_price(&self, b: &Battle, u: UnitId, ability: usize) -> String {
        match b.ability(u, ability) {
            Some(a) if a.kind == AbilityKind::Spell && a.order > 0 => {
                format!("Standard, {} SQ", a.order)
            }
            Some(_) => "Standard".into(),
            None => String::new(),
        }
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

/// "longsword (10 of 10 HP left)".
fn item_label(b: &Battle, owner: UnitId, i: usize) -> String {
    let w = &b.weapons(owner)[i];
    format!(
        "{} ({} of {} HP left)",
        w.name,
        w.hp - b.wear(owner, i),
        w.hp
    )
}

/// The action slots a command takes: an attack with a lesser action its slot, an action
/// its slot (and the Move a dash-chained one needs as well).
fn slots(cmd: &Command) -> (Option<Slot>, Option<Slot>) {
    match cmd {
        Command::Attack { slot: Some(s), .. } => (Some(*s), None),
        Command::Act { action, .. } => slots_of(action),
        _ => (None, None),
    }
}
