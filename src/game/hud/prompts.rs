//! Prompts that wait for an answer: the reaction prompt (who is involved, each option's
//! price, odds for the reacting unit and what it does; `act::offers` works them out) and
//! the chooser (which focus, which item) before a command goes in.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::event::{ReactionKind, Trigger};
use skirmish_rules::{Battle, Status};

use super::refusals;
use super::widgets::{Spots, spot};
use crate::game::act::offers;
use crate::game::prefs::ReactPolicy;
use crate::game::state::{Intent, Session, View};

/// The prompt's words: who may react with what left, what set it off, the ruleset's rule.
fn prompt_text(b: &Battle) -> Option<String> {
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
        Trigger::IncomingDamage { .. } => offers::incoming_damage_words(b, w),
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
    let has = crate::game::view::of(b).reactions_left(b, r);
    // The ruleset's own rule for this answer ("(2 SQ, caster level vs the Spell DC)").
    let head = match crate::game::view::of(b).prompt_rule(b, w) {
        Some(rule) => format!("{head} {rule}"),
        None => head,
    };
    Some(format!("{} has {has}. {head}", b.name(r)))
}

/// Where the prompt stands: the first corner of the map area (top left, top right,
/// bottom left, bottom right, then top centre) where a prompt of `size` covers none of
/// `avoid` (the involved units' cells on screen); the one hiding the least of them when
/// each hides some. Kept from frame to frame while it still fits (no jumping about).
pub fn place_prompt(
    area: egui::Rect,
    size: egui::Vec2,
    avoid: &[egui::Rect],
    last: Option<egui::Pos2>,
) -> egui::Pos2 {
    let m = 12.0;
    let candidates = [
        egui::pos2(area.min.x + m, area.min.y + m),
        egui::pos2(area.max.x - size.x - m, area.min.y + m),
        egui::pos2(area.min.x + m, area.max.y - size.y - m),
        egui::pos2(area.max.x - size.x - m, area.max.y - size.y - m),
        egui::pos2(area.center().x - size.x / 2.0, area.min.y + m),
    ];
    // How much of the units' cells a prompt at `p` would hide (in square points).
    let covered = |p: egui::Pos2| {
        let r = egui::Rect::from_min_size(p, size);
        avoid
            .iter()
            .map(|a| {
                let i = a.intersect(r);
                if i.is_positive() { i.area() } else { 0.0 }
            })
            .sum::<f32>()
    };
    if let Some(p) = last
        && candidates.contains(&p)
        && covered(p) == 0.0
    {
        return p;
    }
    candidates
        .into_iter()
        .enumerate()
        .min_by(|(i, p), (j, q)| covered(*p).total_cmp(&covered(*q)).then(i.cmp(j)))
        .map_or(area.min, |(_, p)| p)
}

/// The reaction prompt, when a side that is asked must decide (issue 31, item 4): who
/// is involved (marked on the map in the same words), each option with its price, the
/// reacting unit's odds and what it does; hovering an option that names a cell marks
/// that cell ([`View::prompt_hover`]). It stands where it hides none of the involved
/// units (`avoid`, their cells on screen in points, inside the map area `area`).
///
/// While `hold` (the replay after a handover plays, or the camera glides) it stays where
/// it stands: the units' cells move on screen every frame then, and egui routes a click
/// by the last frame's rectangles, so a prompt that moved away from under the pointer
/// lost the click on "No reaction" or an option. Once the board stands still it moves
/// out of the way again if it must.
#[allow(clippy::too_many_arguments)]
pub fn reaction(
    ctx: &egui::Context,
    b: &Battle,
    session: &Session,
    view: &mut View,
    intent: &mut Intent,
    rects: &mut Vec<Rect>,
    spots: &mut Vec<(String, egui::Pos2)>,
    avoid: &[egui::Rect],
    area: egui::Rect,
    hold: bool,
) {
    let mut hover = None;
    if let Status::AwaitingReaction(r) = b.status()
        && !session.is_ai(b.side(r))
        && session.policies.get(b.side(r).0 as usize) == Some(&ReactPolicy::Ask)
        && let Some(head) = prompt_text(b)
        && let Some(w) = b.window()
    {
        let offers = offers::offers(b);
        let inv = offers::involved(b, w);
        let side = b.side(r);
        let side_name = b
            .level()
            .sides
            .get(side.0 as usize)
            .map_or(String::new(), |d| d.name.clone());
        let id = egui::Id::new("Reaction");
        let size = ctx
            .memory(|m| m.area_rect(id))
            .map_or(egui::vec2(440.0, 240.0), |r| r.size());
        let last = ctx.data(|d| d.get_temp::<egui::Pos2>(id.with("at")));
        let at = match last {
            Some(p) if hold => p,
            _ => place_prompt(area, size, avoid, last),
        };
        ctx.data_mut(|d| d.insert_temp(id.with("at"), at));
        // A new prompt: egui sizes a window unseen in its first frame, and the game
        // sleeps between inputs; a few more frames bring it on screen at once.
        let key = (b.log().len(), at.x as i32, at.y as i32);
        let seen = ctx.data_mut(|d| {
            let e = d.get_temp_mut_or_default::<((usize, i32, i32), u8)>(id.with("new"));
            if e.0 != key {
                *e = (key, 0);
            }
            e.1 = e.1.saturating_add(1);
            e.1
        });
        if seen < 4 {
            ctx.request_repaint();
        }
        let shown = egui::Window::new(format!("Reaction — {} ({side_name})", b.name(r)))
            .id(id)
            .collapsible(false)
            .resizable(false)
            .max_width(440.0)
            .fixed_pos(at)
            .show(ctx, |ui| {
                ui.label(head);
                ui.label(egui::RichText::new(marked_words(b, &inv)).size(12.0));
                ui.separator();
                // e2e scripts click the prompt's options too (SKIRMISH_BUTTONS).
                for (i, o) in offers.iter().enumerate() {
                    let commits = if o.pay.is_empty() {
                        amount_picker(ui, b, o.kind, spots)
                    } else {
                        o.pay.clone()
                    };
                    intent.prompt_amounts.push((o.kind, commits.clone()));
                    // The highlighted option (Enter, Y, the pad's South take it; Up, Down,
                    // the pad's shoulders and d-pad move it).
                    let picked = i == view.option_pick.min(offers.len().saturating_sub(1));
                    // What the rules would refuse with these amounts (counters: a Block
                    // with nothing committed) is greyed, its reason on hover.
                    let why = refusals::why_refused(ctx, b, session.generation, o.kind, &commits);
                    let resp = ui.add_enabled(
                        why.is_none(),
                        egui::Button::selectable(
                            picked,
                            format!("{}[{}] {}", pick_mark(picked), i + 1, o.text()),
                        ),
                    );
                    let resp = match why {
                        Some(why) => resp.on_disabled_hover_text(why),
                        None => resp,
                    };
                    if resp.clicked() {
                        intent.react = Some(Some(o.kind));
                        intent.react_commits = commits;
                    }
                    if resp.hovered() {
                        hover = Some(i);
                    }
                    let key = match i.checked_sub(1).and_then(|j| offers.get(j)) {
                        // The second way to pay the same answer: "<answer> <price>".
                        Some(prev) if prev.kind == o.kind => format!("{} {}", o.kind, o.price),
                        _ => o.kind.to_string(),
                    };
                    spot(ui, spots, &key, &resp);
                    ui.label(
                        egui::RichText::new(format!("    — {}", o.does))
                            .color(egui::Color32::from_gray(200)),
                    );
                    // The counters declared together, in the order they will resolve.
                    if let Some(order) = offers::resolve_order_words(b, o.kind) {
                        ui.label(
                            egui::RichText::new(format!("    — {order}"))
                                .color(egui::Color32::from_rgb(170, 200, 255)),
                        );
                    }
                }
                let resp = ui.button("[N] No reaction");
                if resp.clicked() {
                    intent.react = Some(None);
                }
                spot(ui, spots, "No reaction", &resp);
                ui.separator();
                // The side's "don't ask me for long shots" (issue 31, item 10).
                let i = side.0 as usize;
                // A setting, saved with the others (`settings.ron`, `prefs.auto_below`).
                let mut below = view.prefs.auto_below.get(i).copied().unwrap_or(0);
                ui.horizontal_wrapped(|ui| {
                    ui.small(format!(
                        "{side_name}: answer by itself (as Auto) when no option reaches"
                    ));
                    ui.add(
                        egui::DragValue::new(&mut below)
                            .range(0..=90)
                            .speed(1.0)
                            .suffix("%"),
                    );
                    ui.small("(0: always ask; saved)");
                });
                if view.prefs.auto_below.get(i).copied().unwrap_or(0) != below {
                    if view.prefs.auto_below.len() <= i {
                        view.prefs.auto_below.resize(i + 1, 0);
                    }
                    view.prefs.auto_below[i] = below;
                }
            });
        if let Some(shown) = shown {
            let wr = shown.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }
    if view.prompt_hover != hover {
        view.prompt_hover = hover;
    }
}

/// "On the map: Ilse may react (green ring), Brute acts (red ring), …"
fn marked_words(b: &Battle, inv: &offers::Involved) -> String {
    let mut parts = vec![format!("{} may react (green ring)", b.name(inv.reactor))];
    if let Some(a) = inv.actor {
        parts.push(format!("{} acts (red ring)", b.name(a)));
    }
    if let Some(t) = inv.target {
        parts.push(format!("{} is its target (yellow ring)", b.name(t)));
    }
    format!(
        "On the map: {}. An option that names a cell marks it (cyan) under the pointer.",
        parts.join(", ")
    )
}

/// The amounts an answer may commit on top of its price, one row per part and pool
/// (`Ruleset::commit_range`: counters' Block from skill dice or movement, its Dig In),
/// with the damage to expect after the amounts chosen (`Ruleset::answer_odds`, what the
/// resolver deals). Kept between frames in egui's memory; empty when nothing can be
/// committed. Each picker is noted for `SKIRMISH_BUTTONS` as "<answer> <part>".
fn amount_picker(
    ui: &mut egui::Ui,
    b: &Battle,
    k: ReactionKind,
    spots: &mut Spots,
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
                // e2e scripts click the picker and type the amount ("Block Skill dice").
                let r = ui.add(egui::DragValue::new(&mut n).range(0..=most));
                spot(ui, spots, &format!("{k} {}", part.label), &r);
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

/// The mark before a highlighted option ("▶ "), which Enter, Y or the pad's South take.
fn pick_mark(picked: bool) -> &'static str {
    if picked { "▶ " } else { "" }
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
                    // (Only the pad takes a choice's highlight: marked once one is used.)
                    let picked = view.pad_seen && i == view.option_pick;
                    let r = ui.add_enabled(
                        why.is_none(),
                        egui::Button::selectable(
                            picked,
                            format!("{}[{}] {label}", pick_mark(picked), i + 1),
                        ),
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
