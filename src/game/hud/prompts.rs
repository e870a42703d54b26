//! Prompts that wait for an answer: the reaction prompt (with each option's chance and
//! price) and the chooser (which focus, which item) before a command goes in.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::event::{AttackKind, ReactionKind, Trigger};
use skirmish_rules::rulesets::attack_odds;
use skirmish_rules::{Battle, Status};

use super::widgets::{Spots, pct, spot};
use crate::game::prefs::ReactPolicy;
use crate::game::state::{Intent, Session, View};

fn prompt_text(b: &Battle) -> Option<(String, Vec<(ReactionKind, String)>)> {
    let w = b.window()?;
    let r = w.reactor;
    let head = match &w.trigger {
        Trigger::Leaving { mover, .. } => {
            format!("{} leaves {}'s reach.", b.name(*mover), b.name(r))
        }
        Trigger::Approaching { mover, ally, .. } => format!(
            "{} comes at {}: {} may Intercept it.",
            b.name(*mover),
            b.name(*ally),
            b.name(r)
        ),
        Trigger::PowerCue { by, target, attack } => {
            let what = if !*attack {
                format!("{} steps next to {}", b.name(*by), b.name(r))
            } else if *target == r {
                format!("{} attacks {}", b.name(*by), b.name(r))
            } else {
                format!("{} attacks {}", b.name(*by), b.name(*target))
            };
            format!("{what}: {} may answer first.", b.name(r))
        }
        Trigger::Provoked { unit } => {
            format!("{} provokes {}.", b.name(*unit), b.name(r))
        }
        Trigger::StandingUp { unit } => {
            format!("{} stands up next to {}.", b.name(*unit), b.name(r))
        }
        Trigger::FailedTumble { mover } => {
            format!("{} failed to tumble past {}.", b.name(*mover), b.name(r))
        }
        Trigger::FailedManeuver { unit } => {
            format!("{} failed a maneuver against {}.", b.name(*unit), b.name(r))
        }
        Trigger::EntersReach { mover, .. } => {
            format!(
                "{} steps into {}'s reach while it waits.",
                b.name(*mover),
                b.name(r)
            )
        }
        Trigger::Casting { caster, ability } => format!(
            "{} casts {} within {}'s reach.",
            b.name(*caster),
            b.ability(*caster, *ability)
                .map_or("a spell", |a| a.name.as_str()),
            b.name(r)
        ),
        Trigger::Hazard { cell } => format!(
            "A hazard springs at {cell} on {}: counteract it?",
            b.name(r)
        ),
        Trigger::SpellIdentified { caster, ability } => {
            let name = b
                .ability(*caster, *ability)
                .map_or("a spell", |a| a.name.as_str());
            format!(
                "{} identifies {}'s {name}: counter it?",
                b.name(r),
                b.name(*caster),
            )
        }
        Trigger::Overrun { by } => format!("{} overruns {}.", b.name(*by), b.name(r)),
        Trigger::Feinted { by } => {
            format!("{} feints {}: which skill resists?", b.name(*by), b.name(r))
        }
        Trigger::Disarmed { by } => format!(
            "{} disarms {}: where does the item land?",
            b.name(*by),
            b.name(r)
        ),
        Trigger::IncomingDamage { attacker, amount } => format!(
            "{} is about to take {amount} damage from {}.",
            b.name(r),
            b.name(*attacker)
        ),
        Trigger::SpellLanding {
            caster,
            ability,
            landed,
            total,
        } => format!(
            "{}'s {} is about to {} {}{}.",
            b.name(*caster),
            b.ability(*caster, *ability)
                .map_or("ability", |a| a.name.as_str()),
            if *landed { "land on" } else { "miss" },
            b.name(r),
            total.map_or(String::new(), |t| format!(" (its check: {t})"))
        ),
        Trigger::WithinZone { mover, steps } => format!(
            "{} has moved {steps} cells within {}'s zone.",
            b.name(*mover),
            b.name(r)
        ),
        Trigger::Fumbled { attacker, tragedy } => {
            let how = if *tragedy > 0 {
                format!(" (tragedy {tragedy})")
            } else {
                String::new()
            };
            format!(
                "{} rolled a natural 1 against {}{how}: a free hit.",
                b.name(*attacker),
                b.name(r)
            )
        }
        Trigger::IncomingAttack {
            attacker,
            target,
            level,
            ..
        } => {
            if *target == r {
                format!("{} hits {} ({level}).", b.name(*attacker), b.name(r))
            } else {
                format!(
                    "{} hits {} ({level}); {} can intercept.",
                    b.name(*attacker),
                    b.name(*target),
                    b.name(r)
                )
            }
        }
    };
    let opts = w
        .options
        .iter()
        .map(|&k| {
            let chance = match (&w.hit, w.trigger.provoker()) {
                // A triggered power (an Interrupt): its chance to hit, when it rolls one.
                (_, None) if matches!(w.trigger, Trigger::PowerCue { .. }) => b
                    .rules()
                    .cast_reaction_chance(b, r, &w.trigger, k)
                    .filter(|_| {
                        matches!(
                            k,
                            ReactionKind::Interrupt(i) | ReactionKind::FreePower(i)
                                if b.ability(r, i).is_some_and(|a| a.hostile())
                        )
                    })
                    .map(|p| format!("{} to hit", pct(p)))
                    .unwrap_or_default(),
                (Some(hit), _) => {
                    format!("{} to stop it", pct(b.rules().defence_chance(b, r, hit, k)))
                }
                (None, Some(t)) => {
                    let dist = b.grid().distance(b.pos(r), b.pos(t));
                    match k {
                        ReactionKind::ReactionAttack | ReactionKind::WaitedAttack => b
                            .best_melee(r, dist)
                            .map(|wp| {
                                format!(
                                    "{} to hit",
                                    pct(attack_odds(b, r, t, wp, AttackKind::Reaction).hit)
                                )
                            })
                            .unwrap_or_default(),
                        _ => crate::game::view::of(b)
                            .reaction_note(b, w, k)
                            .unwrap_or_default(),
                    }
                }
                // A reaction to a casting (a counterspell): the ruleset's chance.
                _ => b
                    .rules()
                    .cast_reaction_chance(b, r, &w.trigger, k)
                    .map(|p| format!("{} to counter it", pct(p)))
                    .unwrap_or_default(),
            };
            let price = crate::game::view::of(b).reaction_price(k);
            // A triggered power by its name.
            let name = match k {
                ReactionKind::Interrupt(i) | ReactionKind::FreePower(i) => b
                    .ability(r, i)
                    .map_or_else(|| k.to_string(), |a| a.name.clone()),
                _ => k.to_string(),
            };
            let text = if chance.is_empty() {
                format!("{name} ({price})")
            } else {
                format!("{name} ({price}, {chance})")
            };
            (k, text)
        })
        .collect();
    let has = crate::game::view::of(b).reactions_left(b, r);
    // The ruleset's own rule for this answer ("(2 SQ, caster level vs the Spell DC)").
    let head = match crate::game::view::of(b).prompt_rule(b, w) {
        Some(rule) => format!("{head} {rule}"),
        None => head,
    };
    Some((format!("{} has {has}. {head}", b.name(r)), opts))
}

/// The reaction prompt, when a side that is asked must decide.
pub(super) fn reaction(
    ctx: &egui::Context,
    b: &Battle,
    session: &Session,
    intent: &mut Intent,
    rects: &mut Vec<Rect>,
    spots: &mut Spots,
) {
    // Reaction prompt.
    if let Status::AwaitingReaction(r) = b.status()
        && !session.is_ai(b.side(r))
        && session.policies.get(b.side(r).0 as usize) == Some(&ReactPolicy::Ask)
        && let Some((head, opts)) = prompt_text(b)
    {
        let w = egui::Window::new("Reaction")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-170.0, 20.0])
            .show(ctx, |ui| {
                ui.label(head);
                // e2e scripts click the prompt's options too (SKIRMISH_BUTTONS).
                for (i, (k, text)) in opts.iter().enumerate() {
                    let commits = amount_picker(ui, b, *k);
                    let r = ui.button(format!("[{}] {text}", i + 1));
                    if r.clicked() {
                        intent.react = Some(Some(*k));
                        intent.react_commits = commits;
                    }
                    spot(ui, spots, &k.to_string(), &r);
                }
                let r = ui.button("[N] No reaction");
                if r.clicked() {
                    intent.react = Some(None);
                }
                spot(ui, spots, "No reaction", &r);
            });
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }
}

/// The amounts an answer may commit on top of its price, one row per part and pool
/// (`Ruleset::commit_range`: counters' Block from skill dice or movement, its Dig In),
/// with the damage to expect after the amounts chosen (`Ruleset::answer_odds`, what the
/// resolver deals). Kept between frames in egui's memory; empty when nothing can be
/// committed.
fn amount_picker(
    ui: &mut egui::Ui,
    b: &Battle,
    k: ReactionKind,
) -> Vec<skirmish_rules::engine::Commit> {
    use skirmish_rules::engine::Commit;
    let Some(w) = b.window() else {
        return Vec::new();
    };
    let parts = b.rules().commit_range(b, w, k);
    if parts.is_empty() {
        return Vec::new();
    }
    let mut commits = Vec::new();
    for (p, part) in parts.iter().enumerate() {
        for &pool in &part.pools {
            let id = egui::Id::new(("commit", w.reactor.0, k.to_string(), p, format!("{pool:?}")));
            let has = b.pool(w.reactor, pool).max(0) as u32;
            let most = part.max.min(has);
            let mut n: u32 = ui.data_mut(|d| *d.get_temp_mut_or_default::<u32>(id));
            n = n.min(most);
            ui.horizontal(|ui| {
                ui.label(format!(
                    "{}: {} (0–{most})",
                    part.label,
                    pool.words(2).trim_start_matches("2 ")
                ));
                ui.add(egui::DragValue::new(&mut n).range(0..=most));
            });
            ui.data_mut(|d| d.insert_temp(id, n));
            if n > 0 {
                commits.push(Commit {
                    part: p,
                    pool,
                    amount: n,
                });
            }
        }
    }
    if let Some(after) = b.rules().answer_odds(b, w, k, &commits) {
        let before = b.rules().answer_odds(b, w, k, &[]).unwrap_or(after);
        ui.label(format!(
            "{k}: expect {after:.1} damage (without committing: {before:.1})"
        ));
    }
    commits
}

/// The chooser, when an action needs a choice before its command goes in.
pub(super) fn chooser(
    ctx: &egui::Context,
    b: &Battle,
    view: &View,
    intent: &mut Intent,
    rects: &mut Vec<Rect>,
) {
    // A choice before the command goes in (Focus, which item).
    if let Some(ch) = view.chooser.clone() {
        let w = egui::Window::new("Choose")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-170.0, 20.0])
            .show(ctx, |ui| {
                ui.label(&ch.title);
                for (i, (label, cmd)) in ch.options.iter().enumerate() {
                    let why = b.check(cmd).err().map(|e| e.to_string());
                    let r = ui.add_enabled(
                        why.is_none(),
                        egui::Button::new(format!("[{}] {label}", i + 1)),
                    );
                    if let Some(w) = why {
                        r.on_disabled_hover_text(w);
                    } else if r.clicked() {
                        intent.choose = Some(i);
                    }
                }
                if ui.button("[Esc] Cancel").clicked() {
                    intent.cancel = true;
                }
            });
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }
}
