//! Flat records of events for `skirmish run` output: one JSON object per line
//! (`--json`), or one readable line.

use serde::Serialize;

use crate::battle::Battle;
use crate::components::UnitId;
use crate::dice::Roll;
use crate::event::{Event, Logged, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::pools::Pool;

/// A named modifier in a record.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ModRecord {
    /// Label.
    pub name: String,
    /// Value.
    pub value: i32,
}

/// One event, flattened. Absent fields are left out of the JSON.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, Default)]
pub struct Record {
    /// Event kind.
    pub kind: &'static str,
    /// Round.
    pub round: u32,
    /// Who acts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// Who is acted upon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// From cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Cell>,
    /// To cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Cell>,
    /// Dice expression.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// Every face rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faces: Option<Vec<u32>>,
    /// Faces that counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<Vec<u32>>,
    /// Named modifiers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modifiers: Option<Vec<ModRecord>>,
    /// Total of the roll (for roll-under checks: the die).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
    /// Number to reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_number: Option<i32>,
    /// Outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// Damage dealt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage: Option<i32>,
    /// HP after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp_after: Option<i32>,
    /// What gave the chance to react (`reaction_offered`), in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    /// Anything else, as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// A reaction's name as a player reads it: its own name, or for a triggered power
/// (escalation's `Interrupt(i)`, `FreePower(i)`) the reactor's power's name and its kind
/// ("Parry and Riposte (Interrupt)").
pub fn reaction_words(b: &Battle, reactor: UnitId, k: ReactionKind) -> String {
    match k {
        ReactionKind::Interrupt(i) | ReactionKind::FreePower(i) => {
            let kind = if matches!(k, ReactionKind::Interrupt(_)) {
                "Interrupt"
            } else {
                "free"
            };
            match b.ability(reactor, i) {
                Some(a) => format!("{} ({kind})", a.name),
                None => k.to_string(),
            }
        }
        _ => k.to_string(),
    }
}

/// What a reaction window was opened for, in words: "leaving (3, 2)", "melee attack on
/// Brakka, success", "standing up", "failed tumble", "failed maneuver", "entering reach
/// at (5, 4)", "overrun".
pub fn trigger_words(b: &Battle, t: &Trigger) -> String {
    match t {
        Trigger::Leaving { from, .. } => format!("leaving {from}"),
        Trigger::IncomingAttack {
            target,
            level,
            melee,
            reaction_chain,
            ..
        } => format!(
            "{}{} attack on {}, {level}",
            if *reaction_chain { "reaction " } else { "" },
            if *melee { "melee" } else { "ranged" },
            b.name(*target)
        ),
        Trigger::StandingUp { .. } => "standing up".into(),
        Trigger::Provoked { .. } => "provoked".into(),
        Trigger::Approaching { ally, .. } => format!("coming at {}", b.name(*ally)),
        Trigger::PowerCue {
            target,
            attack: true,
            ..
        } => format!("attack on {}", b.name(*target)),
        Trigger::PowerCue { .. } => "stepping next to it".into(),
        Trigger::FailedTumble { .. } => "failed tumble".into(),
        Trigger::FailedManeuver { .. } => "failed maneuver".into(),
        Trigger::EntersReach { cell, .. } => format!("entering reach at {cell}"),
        Trigger::Overrun { .. } => "overrun".into(),
        Trigger::Feinted { .. } => "feint: choose the resisting skill".into(),
        Trigger::Disarmed { .. } => "disarmed: choose where the item lands".into(),
        Trigger::IncomingDamage { amount, .. } => format!("{amount} damage coming"),
        Trigger::Fumbled { tragedy: 0, .. } => "a natural 1 against you".into(),
        Trigger::Fumbled { tragedy, .. } => format!("a natural 1 against you, tragedy {tragedy}"),
        Trigger::WithinZone { steps, .. } => format!("{steps} steps within your zone"),
        Trigger::SpellLanding {
            caster, ability, ..
        } => format!(
            "{} landing on you",
            b.ability(*caster, *ability).map_or("", |a| a.name.as_str())
        ),
        Trigger::Casting { caster, ability } => format!(
            "casting {}",
            b.ability(*caster, *ability).map_or("", |a| a.name.as_str())
        ),
        Trigger::Hazard { cell } => format!("a hazard at {cell}"),
        Trigger::SpellIdentified { caster, ability } => format!(
            "{} identified: counter it?",
            b.ability(*caster, *ability).map_or("", |a| a.name.as_str())
        ),
    }
}

fn roll_fields(r: &mut Record, roll: &Roll, mods_in_target: bool) {
    r.dice = Some(roll.expr.to_string());
    r.faces = Some(roll.faces.clone());
    r.kept = Some(
        roll.faces
            .iter()
            .zip(&roll.kept)
            .filter(|(_, k)| **k)
            .map(|(f, _)| *f)
            .collect(),
    );
    r.modifiers = Some(
        roll.modifiers
            .iter()
            .map(|m| ModRecord {
                name: m.name.to_string(),
                value: m.value,
            })
            .collect(),
    );
    r.total = Some(roll.total);
    if mods_in_target {
        r.detail = Some("roll at or under target_number; modifiers build target_number".into());
    }
}

/// Flatten an event.
pub fn record(b: &Battle, l: &Logged) -> Record {
    let name = |u: &UnitId| Some(b.name(*u).to_string());
    let mut r = Record {
        round: l.round,
        ..Default::default()
    };
    match &l.event {
        Event::BattleStarted {
            ruleset,
            grid,
            seed,
        } => {
            r.kind = "battle_started";
            r.detail = Some(format!("ruleset {ruleset}, {grid} grid, seed {seed}"));
        }
        Event::Initiative { unit, roll } => {
            r.kind = "initiative";
            r.actor = name(unit);
            roll_fields(&mut r, roll, false);
        }
        Event::TurnOrder { order } | Event::Reordered { order, .. } => {
            r.kind = if matches!(l.event, Event::Reordered { .. }) {
                "reordered"
            } else {
                "turn_order"
            };
            r.detail = Some(
                order
                    .iter()
                    .map(|u| b.name(*u))
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        Event::RoundStarted { .. } => r.kind = "round_started",
        Event::RoundEnded { .. } => r.kind = "round_ended",
        Event::TurnStarted { unit, pools } => {
            r.kind = "turn_started";
            r.actor = name(unit);
            r.detail = Some(crate::rulesets::budget_words(b, pools));
        }
        Event::TurnEnded { unit } => {
            r.kind = "turn_ended";
            r.actor = name(unit);
        }
        Event::Declared { reactor, kind } => {
            r.kind = "declared";
            r.actor = name(reactor);
            r.detail = Some(reaction_words(b, *reactor, *kind));
        }
        Event::Marked { unit, once } => {
            r.kind = "marked";
            r.actor = name(unit);
            r.detail = Some(match once {
                crate::components::Once::Pair { other, per } => {
                    format!("used against {} ({per:?})", b.name(*other))
                }
                o => crate::rulesets::view_of(b)
                    .and_then(|v| v.once_words(*o))
                    .unwrap_or_else(|| format!("{o:?}")),
            });
        }
        Event::Owed { unit, pool, amount } => {
            r.kind = "owed";
            r.actor = name(unit);
            r.detail = Some(format!("{} of its next turn", pool.words(*amount)));
        }
        Event::Spent {
            unit,
            pool,
            amount,
            on,
            left,
        } => {
            r.actor = name(unit);
            (r.kind, r.detail) = spent_words(*pool, *amount, *on, *left);
        }
        Event::Refilled {
            unit,
            pool,
            amount,
            why,
            left,
        } => {
            r.actor = name(unit);
            let (kind, detail) = match pool {
                Pool::Reaction => ("rp_regained", format!("+{amount} RP")),
                Pool::Movement => ("movement_gained", format!("{amount} movement")),
                Pool::FlowPoints => (
                    "flow_points",
                    format!("{amount:+} FP ({why:?}) = {left}").to_lowercase(),
                ),
                p => (
                    "refilled",
                    format!("+{} ({why:?}), {} left", p.words(*amount), left).to_lowercase(),
                ),
            };
            r.kind = kind;
            r.detail = Some(detail);
        }
        Event::Moved {
            unit,
            from,
            to,
            cost,
        } => {
            r.kind = "moved";
            r.actor = name(unit);
            r.from = Some(*from);
            r.to = Some(*to);
            r.detail = Some(format!("cost {cost}"));
        }
        Event::ReactionOffered {
            reactor,
            trigger,
            options,
        } => {
            r.kind = "reaction_offered";
            r.actor = name(reactor);
            r.trigger = Some(trigger_words(b, trigger));
            match trigger {
                Trigger::Leaving { mover, from } => {
                    r.target = name(mover);
                    r.from = Some(*from);
                }
                Trigger::IncomingAttack { attacker, .. }
                | Trigger::IncomingDamage { attacker, .. }
                | Trigger::Fumbled { attacker, .. }
                | Trigger::WithinZone {
                    mover: attacker, ..
                } => r.target = name(attacker),
                Trigger::StandingUp { unit }
                | Trigger::FailedTumble { mover: unit }
                | Trigger::FailedManeuver { unit }
                | Trigger::Overrun { by: unit }
                | Trigger::Feinted { by: unit }
                | Trigger::Disarmed { by: unit }
                | Trigger::Casting { caster: unit, .. }
                | Trigger::Provoked { unit }
                | Trigger::SpellIdentified { caster: unit, .. }
                | Trigger::SpellLanding { caster: unit, .. }
                | Trigger::PowerCue { by: unit, .. } => r.target = name(unit),
                Trigger::Hazard { cell } => r.to = Some(*cell),
                Trigger::EntersReach { mover, cell } => {
                    r.target = name(mover);
                    r.to = Some(*cell);
                }
                Trigger::Approaching { mover, from, .. } => {
                    r.target = name(mover);
                    r.from = Some(*from);
                }
            }
            r.detail = Some(
                options
                    .iter()
                    .map(|o| reaction_words(b, *reactor, *o))
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        Event::ReactionDeclined { reactor } => {
            r.kind = "reaction_declined";
            r.actor = name(reactor);
        }
        Event::Reacted {
            reactor,
            kind,
            paid,
        } => {
            r.kind = "reacted";
            r.actor = name(reactor);
            let kind = reaction_words(b, *reactor, *kind);
            r.detail = Some(if paid.iter().all(|(p, _)| *p == Pool::Reaction) {
                let rp: i32 = paid.iter().map(|(_, n)| *n).sum();
                format!("{kind} for {rp} RP")
            } else {
                let parts: Vec<String> = paid.iter().map(|(p, n)| p.words(*n)).collect();
                format!("{kind} for {}", parts.join(" and "))
            });
        }
        Event::Attack {
            attacker,
            target,
            weapon,
            kind,
            roll,
            target_number,
            outcome,
            against,
        } => {
            r.kind = "attack";
            r.actor = name(attacker);
            r.target = name(target);
            roll_fields(&mut r, roll, true);
            r.target_number = Some(*target_number);
            r.outcome = Some(outcome.to_string());
            let mut d = format!("{weapon}, {kind:?} attack").to_lowercase();
            if !against.is_empty() {
                let parts: Vec<String> = against
                    .iter()
                    .map(|m| format!("{} {:+}", m.name, m.value))
                    .collect();
                d.push_str(&format!("; AC: {}", parts.join(", ")));
            }
            r.detail = Some(d);
        }
        Event::Defence {
            unit,
            roll,
            target_number,
            outcome,
            ..
        } => {
            r.kind = "defence";
            r.actor = name(unit);
            roll_fields(&mut r, roll, true);
            r.target_number = Some(*target_number);
            r.outcome = Some(outcome.to_string());
            r.detail = Some(crate::sentence::defence_detail(b, l));
        }
        Event::Damage {
            unit,
            source,
            roll,
            amount,
            hp_after,
        } => {
            r.kind = "damage";
            r.actor = source.as_ref().and_then(name);
            r.target = name(unit);
            roll_fields(&mut r, roll, false);
            r.damage = Some(*amount);
            r.hp_after = Some(*hp_after);
        }
        Event::Down { unit } => {
            r.kind = "down";
            r.target = name(unit);
        }
        Event::Healed {
            unit,
            amount,
            hp_after,
        } => {
            r.kind = "healed";
            r.target = name(unit);
            r.hp_after = Some(*hp_after);
            r.detail = Some(format!("+{amount} HP"));
        }
        Event::Revived { unit } => {
            r.kind = "revived";
            r.target = name(unit);
        }
        Event::Counter { counter, value } => {
            r.kind = "counter";
            r.detail = Some(format!("{counter:?} {value}"));
        }
        Event::ConditionAdded {
            unit,
            kind,
            duration,
            source,
        } => {
            r.kind = "condition_added";
            r.target = name(unit);
            r.actor = source.as_ref().and_then(name);
            r.detail = Some(format!("{kind:?}, {duration:?}"));
        }
        Event::Cast {
            unit, name: n, at, ..
        } => {
            r.kind = "cast";
            r.actor = name(unit);
            match at {
                crate::engine::CastAt::User => {}
                crate::engine::CastAt::Unit(t) => r.target = name(t),
                crate::engine::CastAt::Units(ts) => {
                    r.target = Some(ts.iter().map(|t| b.name(*t)).collect::<Vec<_>>().join(", "))
                }
                crate::engine::CastAt::Cell(c) => r.to = Some(*c),
            }
            r.detail = Some(n.clone());
        }
        Event::Fizzled { unit, name: n, why } => {
            r.kind = "fizzled";
            r.actor = name(unit);
            r.detail = Some(match why {
                crate::event::Fizzle::Focus => format!("{n}: the focus check failed"),
                crate::event::Fizzle::Countered(by) => {
                    format!("{n}: countered by {}", b.name(*by))
                }
                crate::event::Fizzle::Disrupted => format!("{n}: disrupted"),
                crate::event::Fizzle::CasterDown => format!("{n}: the caster fell"),
                crate::event::Fizzle::NoRoom => format!("{n}: no room on the cell"),
            });
        }
        Event::Summoned {
            unit,
            archetype,
            cell,
            by,
            ..
        } => {
            r.kind = "summoned";
            r.actor = name(by);
            r.target = name(unit);
            r.to = Some(*cell);
            r.detail = Some(format!("a {archetype} appears on {cell}"));
        }
        Event::TerrainChanged { cell, from, to } => {
            r.kind = "terrain_changed";
            r.to = Some(*cell);
            r.detail = Some(format!("{cell}: {} becomes {}", from.name(), to.name()));
        }
        Event::Fled { side } => {
            r.kind = "fled";
            r.detail = b.level().sides.get(side.0 as usize).map(|s| s.name.clone());
        }
        Event::Hid { unit } => {
            r.kind = "hid";
            r.actor = name(unit);
        }
        Event::Revealed { unit, by } => {
            r.kind = "revealed";
            r.actor = by.and_then(|u| name(&u));
            r.target = name(unit);
        }
        Event::Said { unit, text } => {
            r.kind = "said";
            r.actor = name(unit);
            r.detail = Some(text.clone());
        }
        Event::BleedTotal { unit, total } => {
            r.kind = "bleed_total";
            r.target = name(unit);
            r.detail = Some(format!("{total} bleed damage so far"));
        }
        Event::ItemDamaged {
            unit,
            item,
            roll,
            amount,
            hp_after,
        } => {
            r.kind = "item_damaged";
            r.target = name(unit);
            roll_fields(&mut r, roll, false);
            r.damage = Some(*amount);
            r.hp_after = Some(*hp_after);
            r.detail = Some(item_name(b, *unit, *item));
        }
        Event::AbilityDamage { unit, stat, roll } => {
            r.kind = "ability_damage";
            r.target = name(unit);
            roll_fields(&mut r, roll, false);
            r.detail = Some(format!("{stat:?}"));
        }
        Event::SurpriseRound { side } => {
            r.kind = "surprise_round";
            r.detail = Some(format!("{} acts alone", side_name(b, *side)));
        }
        Event::Check {
            unit,
            purpose,
            roll,
            target_number,
            outcome,
        } => {
            r.kind = "check";
            r.actor = name(unit);
            roll_fields(&mut r, roll, true);
            r.target_number = Some(*target_number);
            r.outcome = Some(outcome.to_string());
            let note = crate::rulesets::check_note(b, *purpose, roll.total, *target_number);
            if note.no_number {
                r.target_number = None;
            }
            if note.no_outcome {
                r.outcome = None;
            }
            r.detail = Some(format!("{purpose:?}").to_lowercase() + note.words);
        }
        Event::Contest {
            purpose,
            active,
            passive,
            active_wins,
        } => {
            r.kind = "contest";
            r.actor = name(active);
            r.target = name(passive);
            r.outcome = Some(if *active_wins { "won" } else { "lost" }.into());
            r.detail = Some(format!("{purpose:?}").to_lowercase());
        }
        Event::Displaced { unit, from, to } => {
            r.kind = "displaced";
            r.target = name(unit);
            r.from = Some(*from);
            r.to = Some(*to);
        }
        Event::StatModified { unit, modifier } => {
            r.kind = "stat_modified";
            r.target = name(unit);
            if let Some(s) = modifier.source {
                r.actor = name(&s);
            }
            r.detail = Some(format!(
                "{:?} {:+} ({:?}, {:?})",
                modifier.stat, modifier.amount, modifier.cause, modifier.duration
            ));
        }
        Event::StatModsEnded { unit, cause } => {
            r.kind = "stat_mods_ended";
            r.target = name(unit);
            r.detail = Some(format!("{cause:?}"));
        }
        Event::Chain {
            unit,
            kind,
            dice,
            faces,
            steps,
        } => {
            r.kind = match kind {
                crate::event::ChainKind::Critical => "crit_chain",
                crate::event::ChainKind::Fumble => "fumble_chain",
            };
            r.actor = name(unit);
            r.faces = Some(faces.clone());
            let dice: Vec<String> = dice.iter().map(|d| format!("d{d}")).collect();
            r.detail = Some(format!("{} -> {steps} step(s)", dice.join(", ")));
        }
        Event::FellBack { unit, from, to } => {
            r.kind = "fell_back";
            r.actor = name(unit);
            r.from = Some(*from);
            r.to = Some(*to);
            r.detail = Some("cannot stop on a cell someone holds".into());
        }
        Event::CarryChanged { unit, item, now } => {
            r.kind = "carry_changed";
            r.actor = name(unit);
            r.detail = Some(format!("{} now {now:?}", item_name(b, *unit, *item)));
        }
        Event::ItemDropped {
            unit, weapon, cell, ..
        } => {
            r.kind = "item_dropped";
            r.target = name(unit);
            r.to = Some(*cell);
            r.detail = Some(weapon.name.clone());
        }
        Event::ItemTaken { unit, from, item } => {
            r.kind = "item_taken";
            r.actor = name(unit);
            r.target = name(from);
            r.detail = Some(item_name(b, *from, *item));
        }
        Event::PickedUp { unit, cell, now } => {
            r.kind = "picked_up";
            r.actor = name(unit);
            r.from = Some(*cell);
            r.detail = Some(format!("{now:?}"));
        }
        Event::Readied {
            unit,
            trigger,
            response,
            until,
        } => {
            r.kind = "readied";
            r.actor = name(unit);
            // A readied ability and an assisted ally by their names.
            r.detail = Some(crate::engine::ready_words_named(
                *trigger,
                *response,
                *until,
                |i| b.ability(*unit, i).map(|a| a.name.clone()),
                |u| b.entity(u).map(|_| b.name(u).to_string()),
            ));
        }
        Event::ReadyCancelled { unit } => {
            r.kind = "ready_cancelled";
            r.actor = name(unit);
        }
        Event::ReadyTriggered { unit, by } => {
            r.kind = "ready_triggered";
            r.actor = name(unit);
            r.target = name(by);
        }
        Event::Save {
            unit,
            kind,
            roll,
            target_number,
            success,
        } => {
            r.kind = "save";
            r.actor = name(unit);
            roll_fields(&mut r, roll, false);
            r.target_number = Some(*target_number);
            r.outcome = Some(if *success { "success" } else { "failure" }.into());
            r.detail = Some(format!("against {kind:?}"));
        }
        Event::ConditionsTicked { unit } => {
            r.kind = "conditions_ticked";
            r.target = name(unit);
        }
        Event::ConditionRemoved { unit, kind, source } => {
            r.kind = "condition_removed";
            r.target = name(unit);
            r.actor = source.as_ref().and_then(name);
            r.detail = Some(format!("{kind:?}"));
        }
        Event::Stalemate { rounds } => {
            r.kind = "stalemate";
            r.detail = Some(format!(
                "nobody took damage for {rounds} rounds: the battle is a draw"
            ));
        }
        Event::BattleEnded { winner } => {
            r.kind = "battle_ended";
            r.detail = Some(match winner {
                Some(s) => format!("{} wins", side_name(b, *s)),
                None => "a draw".into(),
            });
        }
    }
    r
}

/// The kind and words of a `Spent` record: each pool keeps the record it has always had
/// ("ap_spent", "slot_used", "slot_lost", "flow_points"); others read "spent" / "lost".
fn spent_words(pool: Pool, amount: i32, on: Spend, left: i32) -> (&'static str, Option<String>) {
    let (kind, detail) = match (pool, on) {
        (Pool::Slot(slot), Spend::Lost(why)) => ("slot_lost", format!("{slot:?} action ({why:?})")),
        (Pool::Slot(slot), on) => ("slot_used", format!("{slot:?} action on {on:?}")),
        (Pool::Ap, on) => ("ap_spent", format!("{amount} AP on {on:?}")),
        (Pool::FlowPoints, on) => ("flow_points", format!("{:+} FP ({on:?}) = {left}", -amount)),
        (p, Spend::Lost(why)) => (
            "lost",
            format!("{} ({why:?}), {left} left", p.words(amount)),
        ),
        (p, on) => (
            "spent",
            format!("{} on {on:?}, {left} left", p.words(amount)),
        ),
    };
    (kind, Some(detail.to_lowercase()))
}

fn side_name(b: &Battle, s: crate::components::SideId) -> String {
    b.level()
        .sides
        .get(s.0 as usize)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| "?".into())
}

fn item_name(b: &Battle, u: UnitId, i: usize) -> String {
    b.weapons(u)
        .get(i)
        .map(|w| w.name.clone())
        .unwrap_or_else(|| format!("item #{i}"))
}
