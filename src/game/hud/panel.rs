//! The side panel's own parts: the level and turn order, the unit card (health, action
//! budget, stats, conditions, weapons), the threat/help toggles with the reaction policy
//! settings, and the message and hover lines.

use crate::game::palette::{level_colours, side_egui};
use bevy_egui::egui;
use skirmish_rules::components::{Carried, Conditions, Duration, UnitId};
use skirmish_rules::rulesets::ui::{Gauge, Tone};
use skirmish_rules::{Battle, Status};

use super::log::LogCache;
use super::widgets::{Spots, spot};
use crate::game::prefs::ReactPolicy;
use crate::game::state::{Intent, Session, View};

/// The level, the round and whose turn it is (the panel's top, never scrolled away).
pub(super) fn header(
    ui: &mut egui::Ui,
    b: &Battle,
    session: &Session,
    cur: Option<UnitId>,
    palette: crate::game::palette::Palette,
) {
    ui.heading(&b.level().name);
    ui.label(format!(
        "{} · {} grid · round {}",
        b.ruleset(),
        b.grid().kind,
        b.round()
    ));
    // A foe hidden from the side looking is not named (`sight`).
    let looking = crate::game::act::viewing_side(b, session);
    let who = match b.status() {
        Status::Turn(u) if !crate::game::sight::seen_by(b, looking, u) => {
            "a hidden foe's turn — the AI is playing".into()
        }
        Status::Turn(u) if session.is_ai(b.side(u)) => {
            format!("{}'s turn — the AI is playing", b.name(u))
        }
        Status::Turn(u) => format!("{}'s turn", b.name(u)),
        Status::AwaitingReaction(u) => format!("waiting for {}'s reaction", b.name(u)),
        Status::Ended(_) => "battle over".into(),
    };
    let colour = cur.map(|u| side_egui(palette, &level_colours(b.level()), b.side(u).0 as usize));
    let mut t = egui::RichText::new(who).strong();
    if let Some(c) = colour {
        t = t.color(c);
    }
    ui.label(t);
    // The ruleset's battle-wide numbers (escalation: the escalation die), at all times.
    let line = crate::game::view::of(b).battle_line(b);
    if !line.is_empty() {
        ui.label(egui::RichText::new(line).strong());
    }
}

/// The turn order: click a name to inspect the unit.
pub(super) fn turn_order(
    ui: &mut egui::Ui,
    b: &Battle,
    view: &mut View,
    cache: &LogCache,
    cur: Option<UnitId>,
    spots: &mut Spots,
    looking: Option<skirmish_rules::components::SideId>,
) {
    let sides = level_colours(b.level());
    ui.horizontal_wrapped(|ui| {
        // A foe hidden from the side looking is not listed (`sight`).
        for &u in b
            .order()
            .iter()
            .filter(|&&u| crate::game::sight::seen_by(b, looking, u))
        {
            let c = side_egui(view.prefs.palette, &sides, b.side(u).0 as usize);
            let mut t = egui::RichText::new(b.name(u)).color(c);
            if Some(u) == cur {
                t = t.strong().underline();
            }
            if !b.alive(u) {
                t = t.strikethrough();
            }
            let init = cache.initiative.get(&u).copied().unwrap_or(0);
            let r = ui
                .add(egui::Label::new(t).sense(egui::Sense::click()))
                .on_hover_text(format!("initiative {init}; click to inspect"));
            // e2e scripts click a name to inspect its unit (SKIRMISH_BUTTONS).
            spot(ui, spots, &format!("unit {}", b.name(u)), &r);
            if r.clicked() {
                view.selected = Some(u);
            }
        }
    });
}

/// The card of unit `u` (the selected one, else the current one): health, what it has
/// left to spend, stats, conditions and weapons (draw or sheathe them on its turn).
pub(super) fn unit_card(
    ui: &mut egui::Ui,
    b: &Battle,
    u: UnitId,
    intent: &mut Intent,
    cur: Option<UnitId>,
    spots: &mut Spots,
) {
    let hp = b.get::<skirmish_rules::components::Health>(u);
    ui.label(egui::RichText::new(card_title(b, u)).strong());
    let fallen = crate::game::fallen::fallen(b, u);
    if fallen != crate::game::fallen::Fallen::Up {
        ui.colored_label(egui::Color32::from_rgb(255, 140, 90), fallen.words());
    }
    if let Some(h) = hp {
        ui.add(
            egui::ProgressBar::new((h.hp.max(0) as f32) / (h.max.max(1) as f32))
                .text(format!("HP {}/{}", h.hp, h.max)),
        );
    }
    // The budgets' pips side by side (one row at 1024×640 keeps the actions in view),
    // then the ruleset's notes.
    let gauges = crate::game::view::of(b).gauges(b, u);
    ui.horizontal_wrapped(|ui| {
        for g in &gauges {
            if let Gauge::Pips { label, count, tone } = g {
                pips(ui, label, *count, colour(*tone));
            }
        }
    });
    for g in gauges {
        if let Gauge::Note(words) = g {
            ui.label(words);
        }
    }
    let stats: Vec<String> = b
        .stats(u)
        .0
        .iter()
        // In words (a no-break space keeps a stat's name and number together).
        .filter_map(|(k, v)| crate::game::words::stat_words(*k, *v))
        .collect();
    ui.label(stats.join(" · ")).on_hover_text(format!(
        "size {:?}, reach {}",
        b.size(u),
        b.threat_reach(u)
    ));
    if let Some(c) = b.get::<Conditions>(u) {
        ui.horizontal_wrapped(|ui| {
            for a in &c.0 {
                let badge = ui.label(
                    egui::RichText::new(format!(
                        "[{}] {:?}",
                        crate::game::view::of(b).condition_badge(a.kind),
                        a.kind
                    ))
                    .color(egui::Color32::YELLOW),
                );
                // e2e scripts hover a badge for its tooltip (SKIRMISH_BUTTONS).
                spot(ui, spots, &format!("badge {:?}", a.kind), &badge);
                badge.on_hover_ui(|ui| {
                    // What it does, in the ruleset's words, then how long it lasts.
                    let rule = crate::game::view::of(b)
                        .explain(skirmish_rules::rulesets::explain::Topic::Condition(a.kind))
                        .map(|e| format!("{}\n\n", super::log::words(&e)))
                        .unwrap_or_default();
                    ui.label(format!(
                        "{rule}{}",
                        duration_text(a.duration, crate::game::view::of(b).save_dice_words())
                    ));
                });
            }
        });
    }
    for (i, w) in b.weapons(u).iter().enumerate() {
        let state = b.carried(u, i);
        if state == Some(Carried::Gone) {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
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
                let words = crate::game::view::of(b).window_words();
                let (label, draw) = if state == Some(Carried::Held) {
                    (words.sheathe, false)
                } else {
                    (words.draw, true)
                };
                if ui.small_button(label).clicked() {
                    intent.carry = Some((i, draw));
                }
            }
        });
    }
    // Its own abilities (the bar below is the acting unit's).
    let known = b.abilities(u);
    if Some(u) != cur && !known.is_empty() {
        let names: Vec<&str> = known.iter().map(|a| a.name.as_str()).collect();
        ui.label(egui::RichText::new(format!("Abilities: {}", names.join(", "))).weak());
    }
}

/// The card's first line: the unit's name and side, and its state when it is down
/// ("Grub — Blue (dying 2)").
pub fn card_title(b: &Battle, u: UnitId) -> String {
    let mark = crate::game::fallen::fallen(b, u).marker();
    format!(
        "{} — {}{}",
        b.name(u),
        b.level()
            .sides
            .get(b.side(u).0 as usize)
            .map_or("", |s| s.name.as_str()),
        if mark.is_empty() {
            String::new()
        } else {
            format!(" ({mark})")
        }
    )
}

/// The threat overlay and help toggles, the end-turn question, and the reaction policy
/// per side.
pub(super) fn settings(ui: &mut egui::Ui, b: &Battle, session: &mut Session, view: &mut View) {
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut view.threat, "Threat overlay [T]");
        if ui.button("Help [F1]").clicked() {
            view.help = !view.help;
        }
        if ui
            .button("All settings")
            .on_hover_text("sound, interface size, colours, reaction defaults (Esc, O)")
            .clicked()
        {
            view.settings_open = true;
        }
    });
    ui.checkbox(
        &mut session.confirm_end_turn,
        "Ask before ending a turn with actions left",
    );
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut view.minimap, "Minimap [F2]");
        ui.checkbox(&mut view.follow, "Camera follows the active unit");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Animation");
        for s in crate::game::prefs::AnimSpeed::ALL {
            ui.radio_value(&mut view.anim_speed, s, s.label());
        }
    });
    egui::CollapsingHeader::new("Reaction policy per side").show(ui, |ui| {
        let sides: Vec<String> = b.level().sides.iter().map(|s| s.name.clone()).collect();
        for (i, name) in sides.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
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
}

/// The last message to the player, in a slot of fixed height (three lines, a longer one
/// scrolls inside it): a message coming or going never pushes the panel below it down
/// (issue 31).
pub(super) fn message(ui: &mut egui::Ui, view: &View) {
    let h = ui.text_style_height(&egui::TextStyle::Body) * 3.0 + ui.spacing().item_spacing.y * 2.0;
    let w = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(w, h),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(w, h));
            if let Some((m, err)) = &view.message {
                let c = if *err {
                    egui::Color32::LIGHT_RED
                } else {
                    egui::Color32::LIGHT_GREEN
                };
                egui::ScrollArea::vertical()
                    .id_salt("message")
                    .max_height(h)
                    .show(ui, |ui| {
                        ui.colored_label(c, m);
                    });
            }
        },
    );
}

/// The hover preview's lines (what clicking the cell under the pointer would do).
pub(super) fn hover_lines(ui: &mut egui::Ui, hover: &[String]) {
    for l in hover {
        ui.label(l);
    }
}

fn duration_text(d: Duration, save_dice: &str) -> String {
    match d {
        Duration::UntilOwnTurnStart => "until its next turn starts".into(),
        Duration::UntilSourceTurnStart => "until its source's next turn starts".into(),
        Duration::Turns(n) => format!("{n} more turn(s)"),
        Duration::UntilRemoved => "until removed".into(),
        Duration::SaveEnds(dc) => format!("save ends ({save_dice} ≥ {dc})"),
    }
}

/// The colour of a budget's pips: gold for actions, blue for reactions, violet for the
/// rest.
fn colour(tone: Tone) -> egui::Color32 {
    match tone {
        Tone::Action => egui::Color32::from_rgb(240, 200, 60),
        Tone::Reaction => egui::Color32::from_rgb(100, 180, 255),
        Tone::Other => egui::Color32::from_rgb(200, 120, 255),
    }
}

fn pips(ui: &mut egui::Ui, label: &str, n: i32, colour: egui::Color32) {
    // One widget (the words and the dots): it moves to the next row whole, never split
    // (a nested row would not wrap, and would widen the panel at a large UI scale).
    let font = egui::TextStyle::Body.resolve(ui.style());
    let text = ui.visuals().text_color();
    let galley = ui
        .painter()
        .layout_no_wrap(format!("{label} {n}"), font, text);
    let k = n.clamp(0, 12) as usize;
    let size = egui::vec2(
        galley.size().x + 4.0 + 10.0 * k as f32 + 6.0,
        galley.size().y.max(12.0),
    );
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let dots_x = rect.left() + galley.size().x + 4.0;
    ui.painter().galley(rect.left_top(), galley, text);
    for i in 0..k {
        let c = egui::pos2(dots_x + 5.0 + 10.0 * i as f32, rect.center().y);
        ui.painter().circle_filled(c, 4.0, colour);
    }
}
