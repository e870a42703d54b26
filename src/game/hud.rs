//! The egui overlay: turn order, unit card, action bar, roll log, hover previews,
//! reaction prompts, the hot-seat handover screen, help and the victory screen. It reads
//! the battle and records intent; it never changes the battle itself.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::components::{Carried, Conditions, Duration, Slot, UnitId};
use skirmish_rules::engine::Command;
use skirmish_rules::event::{AttackKind, Event, ReactionKind, Trigger};
use skirmish_rules::record::record;
use skirmish_rules::rulesets::{
    RulesetId, attack_odds, flow, flow as flow_actions, tactical_d20 as tactical_d20_actions,
    tactical_d20::math as tactical_d20,
};
use skirmish_rules::{Battle, Status};

use super::act::{ActionKey, handover_pending, undoable};
use super::{BattleRes, Intent, ReactPolicy, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LogCache>()
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Battle)),
        )
        .add_systems(OnExit(Screen::Battle), |mut c: ResMut<LogCache>| {
            *c = LogCache::default();
        });
}

/// Roll-log lines, formatted once per event (not every frame).
#[derive(Resource, Default)]
struct LogCache {
    lines: Vec<(Option<UnitId>, Option<UnitId>, String)>,
    /// Each unit's initiative total, read off the log as it grows.
    initiative: std::collections::BTreeMap<UnitId, i32>,
    /// The battle generation the cache was built for (a restart starts over).
    generation: u32,
}

fn actors(e: &Event) -> (Option<UnitId>, Option<UnitId>) {
    match e {
        Event::Attack {
            attacker, target, ..
        } => (Some(*attacker), Some(*target)),
        Event::Damage { unit, source, .. } => (*source, Some(*unit)),
        Event::Defence { unit, .. }
        | Event::Check { unit, .. }
        | Event::Initiative { unit, .. }
        | Event::Moved { unit, .. }
        | Event::Save { unit, .. }
        | Event::FlowPoints { unit, .. }
        | Event::ApSpent { unit, .. }
        | Event::TurnStarted { unit, .. }
        | Event::Down { unit } => (Some(*unit), None),
        Event::Reacted { reactor, .. } | Event::ReactionOffered { reactor, .. } => {
            (Some(*reactor), None)
        }
        Event::Contest {
            active, passive, ..
        } => (Some(*active), Some(*passive)),
        Event::ConditionAdded { unit, source, .. } => (*source, Some(*unit)),
        _ => (None, None),
    }
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// What hovering a cell would do: attack odds with every modifier, or the path with its
/// cost and every reaction it provokes.
pub fn hover_lines(b: &Battle, view: &View) -> Vec<String> {
    let Some(h) = view.hovered else {
        return Vec::new();
    };
    let Status::Turn(u) = b.status() else {
        return Vec::new();
    };
    if let Some(ch) = &view.chooser {
        return vec![format!("{} (press 1-{})", ch.title, ch.options.len())];
    }
    if view.say.is_some() {
        return vec!["type the Command's words".into()];
    }
    if let Some(p) = view.pending {
        let mut out = vec![format!(
            "{}: click {}",
            p.0.label(),
            p.0.target().unwrap_or("")
        )];
        // A Feint's or Shove's chance against the enemy under the pointer (the numbers
        // the AI weighs too).
        if b.ruleset() == RulesetId::Flow
            && let Some(t) = b.unit_at(h, None).filter(|&t| b.enemies(t, u))
        {
            match p.0 {
                ActionKey::Feint => out.push(format!(
                    "{} to out-feint {} (Advantage on the next attack)",
                    pct(flow_actions::feint_chance(b, u, t)),
                    b.name(t)
                )),
                ActionKey::ShovePush | ActionKey::ShoveProne => out.push(format!(
                    "{} to shove {} (Athletics against Athletics)",
                    pct(flow_actions::shove_chance(b, u, t)),
                    b.name(t)
                )),
                _ => {}
            }
        }
        return out;
    }
    let mut out = Vec::new();
    match b.unit_at(h, None) {
        Some(t) if b.enemies(t, u) => {
            let d20 = b.ruleset() == RulesetId::TacticalD20;
            let pay = if d20 {
                match tactical_d20_actions::attack_payer(b, u, None) {
                    Ok((_, slot)) => format!("{slot:?} action"),
                    Err(e) => {
                        out.push(format!("Attack {}: {e}", b.name(t)));
                        return out;
                    }
                }
            } else {
                format!("{} AP", flow::ATTACK_AP)
            };
            out.push(format!("Attack {} ({pay})", b.name(t)));
            match b.weapon_for(u, t, None) {
                Ok(w) => {
                    let kind = if d20 {
                        tactical_d20_actions::attack_payer(b, u, None)
                            .map(|(_, s)| tactical_d20::attack_kind(s))
                            .unwrap_or(AttackKind::Normal)
                    } else {
                        AttackKind::Normal
                    };
                    let o = attack_odds(b, u, t, w, kind);
                    out.push(format!("with {}: {}", b.weapons(u)[w].name, o.detail));
                    out.push(format!(
                        "hit {} (crit {}), damage {}–{} ({}–{} on a crit)",
                        pct(o.hit),
                        pct(o.crit),
                        o.damage.0,
                        o.damage.1,
                        o.crit_damage.0,
                        o.crit_damage.1
                    ));
                    if o.defences {
                        out.push(format!("{} may still Dodge/Parry/Block", b.name(t)));
                    }
                }
                Err(e) => out.push(format!("cannot: {e}")),
            }
            if !d20 && b.ap(u) < flow::ATTACK_AP {
                out.push(format!("not enough AP ({} left)", b.ap(u)));
            }
        }
        Some(o) => out.push(format!("{} — click to inspect", b.name(o))),
        None => match b.check(&Command::Move { unit: u, to: h }) {
            Ok(()) => {
                if let Some((path, cost)) = b.path_to(u, h) {
                    let left = b.turn_state(u).move_left;
                    let price = if b.ruleset() == RulesetId::TacticalD20 {
                        let speed = tactical_d20_actions::speed(b, u).max(1);
                        match cost.saturating_sub(left).div_ceil(speed) {
                            0 => "movement left from this Advance".to_string(),
                            1 => "a Move action".to_string(),
                            _ => "Move + Standard actions".to_string(),
                        }
                    } else {
                        let ap = if cost > left {
                            (cost - left).div_ceil(flow::MOVE_PER_AP)
                        } else {
                            0
                        };
                        format!("{ap} AP")
                    };
                    out.push(format!("Move to {h}: {cost} movement ({price})"));
                    for w in path.windows(2) {
                        for r in b.leave_reactors(u, w[0]) {
                            let dist = b.grid().distance(b.pos(r), w[0]);
                            let chance = b
                                .best_melee(r, dist)
                                .map(|wp| attack_odds(b, r, u, wp, AttackKind::Reaction).hit)
                                .unwrap_or(0.0);
                            out.push(format!(
                                "! leaving {} provokes {} ({} to hit)",
                                w[0],
                                b.name(r),
                                pct(chance)
                            ));
                        }
                    }
                }
            }
            Err(e) => out.push(format!("cannot move there: {e}")),
        },
    }
    out
}

fn prompt_text(b: &Battle) -> Option<(String, Vec<(ReactionKind, String)>)> {
    let w = b.window()?;
    let r = w.reactor;
    let head = match &w.trigger {
        Trigger::Leaving { mover, .. } => {
            format!("{} leaves {}'s reach.", b.name(*mover), b.name(r))
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
        Trigger::Overrun { by } => format!("{} overruns {}.", b.name(*by), b.name(r)),
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
                (Some(hit), _) => format!("{} to stop it", pct(flow::defence_chance(b, r, hit, k))),
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
                        ReactionKind::Pursuit => "move half speed after it".into(),
                        ReactionKind::StepAside => "no save needed".into(),
                        _ => String::new(),
                    }
                }
                _ => String::new(),
            };
            let price = if b.ruleset() == RulesetId::TacticalD20 {
                "Reaction".to_string()
            } else {
                format!("{} RP", k.cost())
            };
            (k, format!("{k} ({price}, {chance})"))
        })
        .collect();
    let has = if b.ruleset() == RulesetId::TacticalD20 {
        format!("{} Reaction(s) left", b.rp(r))
    } else {
        format!("{} RP", b.rp(r))
    };
    Some((format!("{} has {has}. {head}", b.name(r)), opts))
}

fn duration_text(d: Duration) -> String {
    match d {
        Duration::UntilOwnTurnStart => "until its next turn starts".into(),
        Duration::UntilSourceTurnStart => "until its source's next turn starts".into(),
        Duration::Turns(n) => format!("{n} more turn(s)"),
        Duration::UntilRemoved => "until removed".into(),
        Duration::SaveEnds(dc) => format!("save ends (d20 ≥ {dc})"),
    }
}

fn pips(ui: &mut egui::Ui, label: &str, n: i32, colour: egui::Color32) {
    ui.horizontal(|ui| {
        ui.label(format!("{label} {n}"));
        let k = n.clamp(0, 12) as usize;
        let (rect, _) =
            ui.allocate_exact_size(egui::vec2(12.0 * k as f32, 12.0), egui::Sense::hover());
        for i in 0..k {
            let c = rect.left_center() + egui::vec2(6.0 + 12.0 * i as f32, 0.0);
            ui.painter().circle_filled(c, 4.5, colour);
        }
    });
}

/// Summary for the victory screen: (side name, damage dealt, units lost).
fn summary(b: &Battle) -> Vec<(String, i32, usize)> {
    b.level()
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let dealt: i32 = b
                .log()
                .iter()
                .filter_map(|l| match &l.event {
                    Event::Damage {
                        source: Some(src),
                        amount,
                        ..
                    } if b.side(*src).0 as usize == i => Some(*amount),
                    _ => None,
                })
                .sum();
            let lost = b
                .units()
                .filter(|&u| b.side(u).0 as usize == i && !b.alive(u))
                .count();
            (s.name.clone(), dealt, lost)
        })
        .collect()
}

fn draw(
    mut contexts: EguiContexts,
    battle: Res<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut intent: ResMut<Intent>,
    mut cache: ResMut<LogCache>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let b = &battle.0;
    let mut rects = Vec::new();
    let screen = ctx.viewport_rect();

    if let Some(side) = handover_pending(b, &session) {
        let def = &b.level().sides[side.0 as usize];
        let [r, g, bl] = def.colour;
        egui::Area::new("handover".into())
            .order(egui::Order::Foreground)
            .fixed_pos(screen.min)
            .show(&ctx, |ui| {
                ui.painter()
                    .rect_filled(screen, 0.0, egui::Color32::from_rgb(18, 18, 24));
                ui.scope_builder(
                    egui::UiBuilder::new().max_rect(screen.shrink(200.0)),
                    |ui| {
                        ui.vertical_centered(|ui| {
                            ui.add_space(120.0);
                            let title = match b.status() {
                                Status::AwaitingReaction(_) => {
                                    format!("{} — a reaction to decide", def.name)
                                }
                                _ => format!("{} — your turn", def.name),
                            };
                            ui.label(
                                egui::RichText::new(title)
                                    .size(36.0)
                                    .color(egui::Color32::from_rgb(r, g, bl)),
                            );
                            let why = match b.status() {
                                Status::AwaitingReaction(u) => {
                                    format!("{} may react.", b.name(u))
                                }
                                Status::Turn(u) => format!("{} acts.", b.name(u)),
                                Status::Ended(_) => String::new(),
                            };
                            ui.label(egui::RichText::new(why).size(18.0));
                            ui.add_space(20.0);
                            ui.label("The board is hidden until you are at the screen.");
                            if ui
                                .add(egui::Button::new(
                                    egui::RichText::new("Show the board [Space]").size(22.0),
                                ))
                                .clicked()
                            {
                                intent.handover = true;
                            }
                        });
                    },
                );
            });
        view.ui_rects = vec![Rect::new(
            screen.min.x,
            screen.min.y,
            screen.max.x,
            screen.max.y,
        )];
        return Ok(());
    }

    // An undo shortens the log; a restart is a new generation: start over.
    if cache.lines.len() > b.log().len() || cache.generation != session.generation {
        cache.lines.clear();
        cache.initiative.clear();
        cache.generation = session.generation;
    }
    let start = cache.lines.len();
    for l in &b.log()[start..] {
        let (a, t) = actors(&l.event);
        cache.lines.push((a, t, record(b, l).text()));
        if let Event::Initiative { unit, roll } = &l.event {
            cache.initiative.entry(*unit).or_insert(roll.total);
        }
    }
    // Hover previews path-find: once a frame, shared by the panel and the tooltip.
    let hover = hover_lines(b, &view);

    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    let cur = b.current();
    let panel = egui::Panel::right("side")
        .min_size(super::map::PANEL - 16.0)
        .show(&mut root, |ui| {
            ui.heading(&b.level().name);
            ui.label(format!(
                "{} · {} grid · round {}",
                b.ruleset(),
                b.grid().kind,
                b.round()
            ));
            // Turn order.
            ui.separator();
            ui.label(egui::RichText::new("Turn order").strong());
            ui.horizontal_wrapped(|ui| {
                for &u in b.order() {
                    let [r, g, bl] = b.level().sides[b.side(u).0 as usize].colour;
                    let mut t =
                        egui::RichText::new(b.name(u)).color(egui::Color32::from_rgb(r, g, bl));
                    if Some(u) == cur {
                        t = t.strong().underline();
                    }
                    if !b.alive(u) {
                        t = t.strikethrough();
                    }
                    let init = cache.initiative.get(&u).copied().unwrap_or(0);
                    if ui
                        .add(egui::Label::new(t).sense(egui::Sense::click()))
                        .on_hover_text(format!("initiative {init}; click to inspect"))
                        .clicked()
                    {
                        view.selected = Some(u);
                    }
                }
            });
            match b.status() {
                Status::Turn(u) if session.is_ai(b.side(u)) => {
                    ui.label(format!("{}'s turn — the AI is playing", b.name(u)));
                }
                Status::Turn(u) => {
                    ui.label(format!("{}'s turn", b.name(u)));
                }
                Status::AwaitingReaction(u) => {
                    ui.label(format!("waiting for {}'s reaction", b.name(u)));
                }
                Status::Ended(_) => {
                    ui.label("battle over");
                }
            }
            // Unit card.
            if let Some(u) = view.selected.or(cur) {
                ui.separator();
                let hp = b.get::<skirmish_rules::components::Health>(u);
                ui.label(
                    egui::RichText::new(format!(
                        "{} — {}{}",
                        b.name(u),
                        b.level().sides[b.side(u).0 as usize].name,
                        if b.alive(u) { "" } else { " (down)" }
                    ))
                    .strong(),
                );
                if let Some(h) = hp {
                    ui.add(
                        egui::ProgressBar::new((h.hp.max(0) as f32) / (h.max.max(1) as f32))
                            .text(format!("HP {}/{}", h.hp, h.max)),
                    );
                }
                if b.ruleset() == RulesetId::TacticalD20 {
                    let gold = egui::Color32::from_rgb(240, 200, 60);
                    pips(ui, "Standard", b.slots(u, Slot::Standard) as i32, gold);
                    pips(ui, "Move", b.slots(u, Slot::Move) as i32, gold);
                    pips(ui, "Quick", b.slots(u, Slot::Quick) as i32, gold);
                    let left = b.turn_state(u).move_left;
                    if left > 0 {
                        ui.label(format!("{left} movement left from this Advance"));
                    }
                    pips(ui, "Reaction", b.rp(u), egui::Color32::from_rgb(100, 180, 255));
                } else {
                    pips(ui, "AP", b.ap(u), egui::Color32::from_rgb(240, 200, 60));
                    pips(ui, "RP", b.rp(u), egui::Color32::from_rgb(100, 180, 255));
                    pips(ui, "FP", b.fp(u), egui::Color32::from_rgb(200, 120, 255));
                }
                let stats: Vec<String> = b
                    .stats(u)
                    .0
                    .iter()
                    .map(|(k, v)| format!("{k:?} {v}"))
                    .collect();
                ui.label(stats.join(" · ")).on_hover_text(format!(
                    "size {:?}, reach {}",
                    b.size(u),
                    b.threat_reach(u)
                ));
                if let Some(c) = b.get::<Conditions>(u) {
                    ui.horizontal_wrapped(|ui| {
                        for a in &c.0 {
                            ui.label(
                                egui::RichText::new(format!(
                                    "[{}] {:?}",
                                    super::map::badge(a.kind),
                                    a.kind
                                ))
                                .color(egui::Color32::YELLOW),
                            )
                            .on_hover_text(duration_text(a.duration));
                        }
                    });
                }
                for (i, w) in b.weapons(u).iter().enumerate() {
                    let state = b.carried(u, i);
                    if state == Some(Carried::Gone) {
                        continue;
                    }
                    ui.horizontal(|ui| {
                        ui.label(format!(
                            "{} {} ({}{})",
                            if state == Some(Carried::Held) {
                                "✋"
                            } else {
                                "▫"
                            },
                            w.name,
                            w.damage,
                            if w.range > 0 {
                                format!(", range {}", w.range)
                            } else {
                                format!(", reach {}", w.reach)
                            }
                        ));
                        if Some(u) == cur {
                            let d20 = b.ruleset() == RulesetId::TacticalD20;
                            let (label, draw) = match (state == Some(Carried::Held), d20) {
                                (true, false) => ("Sheathe (1 AP)", false),
                                (false, false) => ("Draw (1 AP)", true),
                                (true, true) => ("Stow (Move)", false),
                                (false, true) => ("Equip (Move)", true),
                            };
                            if ui.small_button(label).clicked() {
                                intent.carry = Some((i, draw));
                            }
                        }
                    });
                }
            }
            // Action bar (not while the AI plays).
            if let Status::Turn(u) = b.status()
                && !session.is_ai(b.side(u))
            {
                ui.separator();
                ui.label(egui::RichText::new("Actions").strong());
                ui.label(if b.ruleset() == RulesetId::TacticalD20 {
                    "Click a cell to Advance (Move action), an enemy to attack (Standard, then Move −5, then Quick −10)."
                } else {
                    "Click a cell to move, an enemy to attack (2 AP)."
                });
                ui.horizontal_wrapped(|ui| {
                    for &a in ActionKey::of(b.ruleset()) {
                        let cost = a.cost_label(b, u, None);
                        // Untargeted actions are checked exactly; targeted ones need a
                        // target first, so only what pays for them is checked here.
                        let why = if a.target().is_some() || a == ActionKey::Say {
                            targeted_block(b, u, a)
                        } else {
                            a.command(b, u, None)
                                .ok()
                                .and_then(|x| b.check(&x).err().map(|e| e.to_string()))
                        };
                        let text = format!("{} [{}] {cost}", a.label(), a.key_label(b.ruleset()));
                        let selected = view.pending.map(|p| p.0) == Some(a);
                        let r =
                            ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
                        let r = match &why {
                            Some(w) => r.on_disabled_hover_text(w.clone()),
                            None => r.on_hover_text(a.target().map_or_else(
                                || "acts at once".to_string(),
                                |t| format!("then click {t}"),
                            )),
                        };
                        if r.clicked() {
                            intent.action = Some(a);
                        }
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button("End turn [Space]").clicked() {
                        intent.end_turn = true;
                    }
                    let can_undo = undoable(b, &session);
                    if ui
                        .add_enabled(can_undo, egui::Button::new("Undo move [Ctrl+Z]"))
                        .on_disabled_hover_text(
                            "only a move that rolled no dice and provoked nothing",
                        )
                        .clicked()
                    {
                        intent.undo = true;
                    }
                });
            }
            ui.horizontal(|ui| {
                ui.checkbox(&mut view.threat, "Threat overlay [T]");
                if ui.button("Help [F1]").clicked() {
                    view.help = !view.help;
                }
            });
            egui::CollapsingHeader::new("Settings: reaction policy per side").show(ui, |ui| {
                let sides: Vec<String> = b.level().sides.iter().map(|s| s.name.clone()).collect();
                for (i, name) in sides.iter().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(name);
                        for p in ReactPolicy::ALL {
                            if let Some(cur) = session.policies.get(i).copied() {
                                let mut v = cur;
                                ui.radio_value(&mut v, p, p.label());
                                if v != cur {
                                    session.policies[i] = v;
                                }
                            }
                        }
                    });
                }
            });
            if let Some((m, err)) = &view.message {
                let c = if *err {
                    egui::Color32::LIGHT_RED
                } else {
                    egui::Color32::LIGHT_GREEN
                };
                ui.colored_label(c, m);
            }
            for l in &hover {
                ui.label(l);
            }
            // Roll log.
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Roll log").strong());
                let shown = view
                    .log_filter
                    .map(|u| b.name(u).to_string())
                    .unwrap_or_else(|| "everyone".into());
                egui::ComboBox::from_id_salt("filter")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut view.log_filter, None, "everyone");
                        for u in b.units() {
                            ui.selectable_value(&mut view.log_filter, Some(u), b.name(u));
                        }
                    });
            });
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (a, t, line) in cache.lines.iter().rev() {
                    if let Some(f) = view.log_filter
                        && *a != Some(f)
                        && *t != Some(f)
                    {
                        continue;
                    }
                    ui.label(egui::RichText::new(line).monospace().size(11.0));
                }
            });
        });
    let pr = panel.response.rect;
    rects.push(Rect::new(pr.min.x, pr.min.y, pr.max.x, pr.max.y));

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
            .show(&ctx, |ui| {
                ui.label(head);
                for (i, (k, text)) in opts.iter().enumerate() {
                    if ui.button(format!("[{}] {text}", i + 1)).clicked() {
                        intent.react = Some(Some(*k));
                    }
                }
                if ui.button("[N] No reaction").clicked() {
                    intent.react = Some(None);
                }
            });
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }

    // A choice before the command goes in (Focus, which item).
    if let Some(ch) = view.chooser.clone() {
        let w = egui::Window::new("Choose")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-170.0, 20.0])
            .show(&ctx, |ui| {
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

    // The words of a Command.
    if let Some(mut text) = view.say.clone() {
        let limit = tactical_d20_actions::COMMAND_WORDS;
        let w = egui::Window::new("Command")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-170.0, 20.0])
            .show(&ctx, |ui| {
                ui.label("Shout up to 13 words to allies or foes (Quick action).");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut text)
                        .hint_text("Hold the line!")
                        .desired_width(320.0),
                );
                let escape = ui.input(|i| i.key_pressed(egui::Key::Escape));
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if !r.has_focus() && !escape && !r.lost_focus() {
                    r.request_focus();
                }
                let words = text.split_whitespace().count();
                let ok = (1..=limit).contains(&words);
                let colour = if ok {
                    egui::Color32::LIGHT_GREEN
                } else {
                    egui::Color32::LIGHT_RED
                };
                ui.colored_label(colour, format!("{words} of {limit} words"));
                ui.horizontal(|ui| {
                    let say = ui
                        .add_enabled(ok, egui::Button::new("Say [Enter]"))
                        .clicked();
                    if say || (ok && enter && r.lost_focus()) {
                        intent.say = Some(text.trim().to_string());
                    }
                    if ui.button("Cancel [Esc]").clicked() || escape {
                        intent.cancel = true;
                    }
                });
            });
        if view.say.as_ref() != Some(&text) {
            view.say = Some(text);
        }
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }

    if view.help {
        let mut open = true;
        egui::Window::new("Shortcuts")
            .open(&mut open)
            .show(&ctx, |ui| {
                egui::Grid::new("keys").show(ui, |ui| {
                    for (k, v) in [
                        ("left click", "select / move / attack / pick a target"),
                        ("right click, Esc", "cancel the pending action or selection"),
                        (
                            "Space, Enter",
                            "end the turn (or show the board after a handover)",
                        ),
                        ("Tab", "cycle through your side's units"),
                        ("T", "threat overlay (hatched cells)"),
                        ("Ctrl+Z", "undo a move that rolled no dice"),
                        ("1-0 and letters", "special actions (see the action bar)"),
                        ("Y / N / 1-9", "answer a reaction prompt"),
                        ("1-9", "answer a choice (Focus, which item)"),
                        ("arrows, WASD, middle drag", "pan"),
                        ("wheel, + / -", "zoom"),
                        ("F1, ?", "this help"),
                    ] {
                        ui.label(egui::RichText::new(k).monospace());
                        ui.label(v);
                        ui.end_row();
                    }
                });
            });
        if !open {
            view.help = false;
        }
    }

    if let Status::Ended(winner) = b.status() {
        let w = egui::Window::new("Battle over")
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, [-170.0, 0.0])
            .show(&ctx, |ui| {
                let stalemate = b.log().iter().rev().find_map(|l| match l.event {
                    Event::Stalemate { rounds } => Some(rounds),
                    _ => None,
                });
                let title = match (winner, stalemate) {
                    (Some(s), _) => format!("{} wins", b.level().sides[s.0 as usize].name),
                    (None, Some(n)) => format!(
                        "A draw: nobody took damage for {n} round{}",
                        if n == 1 { "" } else { "s" }
                    ),
                    (None, None) => "A draw: nobody is left standing".into(),
                };
                ui.heading(title);
                ui.label(format!("{} rounds", b.round()));
                egui::Grid::new("summary").striped(true).show(ui, |ui| {
                    ui.label("side");
                    ui.label("damage dealt");
                    ui.label("units lost");
                    ui.end_row();
                    for (name, dealt, lost) in summary(b) {
                        ui.label(name);
                        ui.label(dealt.to_string());
                        ui.label(lost.to_string());
                        ui.end_row();
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button("Restart [R]").clicked() {
                        intent.restart = true;
                    }
                    if ui.button("Menu [M]").clicked() {
                        intent.menu = true;
                    }
                });
            });
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }

    // Hover preview next to the pointer.
    if let Some(pos) = ctx.pointer_hover_pos() {
        let lines = hover;
        if !lines.is_empty() && !rects.iter().any(|r| r.contains(Vec2::new(pos.x, pos.y))) {
            egui::Area::new("hover".into())
                .order(egui::Order::Tooltip)
                .fixed_pos(pos + egui::vec2(16.0, 16.0))
                .interactable(false)
                .show(&ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        for l in lines {
                            ui.label(l);
                        }
                    });
                });
        }
    }
    if view.ui_rects != rects {
        view.ui_rects = rects;
    }
    Ok(())
}

/// Why a targeted action cannot be started at all (its AP or slots), before a target.
fn targeted_block(b: &Battle, u: UnitId, a: ActionKey) -> Option<String> {
    match b.ruleset() {
        RulesetId::TacticalD20 => {
            let slots = match a {
                ActionKey::Secondary => (Some(Slot::Move), None),
                ActionKey::Tertiary => (Some(Slot::Quick), None),
                _ => match a.command(b, u, Some(b.pos(u))) {
                    Ok(Command::Act { action, .. }) => tactical_d20_actions::slots_of(&action),
                    _ => (None, None),
                },
            };
            let (first, second) = slots;
            if let Some(s) = first
                && tactical_d20_actions::payer(b, u, s).is_none()
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
        _ => {
            let cost = a
                .command(b, u, Some(b.pos(u)))
                .ok()
                .and_then(|c| match c {
                    Command::Act { action, .. } => Some(flow_actions::cost(&action)),
                    _ => None,
                })
                .unwrap_or(1);
            (b.ap(u) < cost).then(|| format!("needs {cost} AP, {} left", b.ap(u)))
        }
    }
}
