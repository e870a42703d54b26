//! The action bar: a button per ability and per special action of the ruleset (with its
//! key and price, disabled with the reason when it cannot be taken now), end turn and
//! undo.

use bevy_egui::egui;
use skirmish_rules::components::UnitId;
use skirmish_rules::rulesets::explain::Topic;
use skirmish_rules::{Battle, Status};

use skirmish_rules::abilities::{Ability, Targeting};

use super::widgets::{Spots, section, spot};
use crate::game::act::{ActionKey, Usable};
use crate::game::gamepad::{BarEntry, bar_ring};
use crate::game::keymap::{Bind, KeyMap};
use crate::game::state::{Intent, Session, View};

/// "▶ " before the entry the pad's pick is on (`gamepad::bar_ring`), once a pad has been
/// used; nothing otherwise.
pub fn pad_mark(b: &Battle, view: &View, e: BarEntry) -> &'static str {
    if !view.pad_seen {
        return "";
    }
    let ring = bar_ring(b);
    let pick = view.bar_pick.min(ring.len().saturating_sub(1));
    if ring.get(pick) == Some(&e) {
        "▶ "
    } else {
        ""
    }
}

/// End turn and Undo, at the top of the side panel (not while the AI plays).
pub(super) fn turn_buttons(
    ui: &mut egui::Ui,
    b: &Battle,
    view: &View,
    session: &Session,
    intent: &mut Intent,
    spots: &mut Spots,
    map: &KeyMap,
) {
    let Status::Turn(u) = b.status() else { return };
    if session.is_ai(b.side(u)) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let r = ui
            .button(format!("End turn [{}]", map.first(Bind::EndTurn)))
            .on_hover_text("asks first while actions are left (Settings)");
        if r.clicked() {
            intent.end_turn = true;
        }
        spot(ui, spots, "End turn", &r);
        let blocked = crate::game::act::undo_blocked(b, session);
        if ui
            .add_enabled(
                blocked.is_none(),
                egui::Button::new(format!(
                    "{}Undo move [{}]",
                    pad_mark(b, view, BarEntry::Undo),
                    map.first(Bind::Undo)
                )),
            )
            .on_disabled_hover_text(blocked.unwrap_or_default())
            .clicked()
        {
            intent.undo = true;
        }
    });
}

/// The action panel in the order it shows (issue 31, item 6), from the ruleset's list
/// and what can be used now ([`Usable`]): the basic attack first, then the actions
/// usable now in rows by price (in the ruleset's order), then those that cannot be taken
/// now, with the reason, behind a folded heading.
#[derive(Debug, Clone, PartialEq)]
pub struct PanelPlan {
    /// The basic attack: its price and why not.
    pub attack: (String, Option<String>),
    /// The actions usable now, by price, each row in the ruleset's order.
    pub now: Vec<(String, Vec<ActionKey>)>,
    /// The rest: each action, its price and why it cannot be taken now.
    pub later: Vec<(ActionKey, String, String)>,
}

/// The panel's plan for the acting unit from `usable` (worked out for it).
pub fn plan(b: &Battle, usable: &Usable) -> PanelPlan {
    let mut now: Vec<(String, Vec<ActionKey>)> = Vec::new();
    let mut later = Vec::new();
    for (i, a) in ActionKey::of(b).enumerate() {
        let (cost, why) = usable.actions.get(i).cloned().unwrap_or_default();
        let cost = if cost.is_empty() {
            "other".into()
        } else {
            cost
        };
        match why {
            Some(w) => later.push((a, cost, w)),
            None => match now.iter_mut().find(|g| g.0 == cost) {
                Some(g) => g.1.push(a),
                None => now.push((cost, vec![a])),
            },
        }
    }
    PanelPlan {
        attack: usable.attack.clone(),
        now,
        later,
    }
}

/// The Abilities and Actions sections of the side panel (not while the AI plays): the
/// unit's abilities (if any), then the actions as [`plan`] orders them: Attack, the
/// actions usable now, then those that cannot be taken now folded under "Not now". Each
/// names the acting unit: the card above may be another's (issue 31).
#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    ui: &mut egui::Ui,
    b: &Battle,
    session: &Session,
    view: &View,
    intent: &mut Intent,
    usable: &Usable,
    spots: &mut Spots,
    map: &KeyMap,
) {
    let Status::Turn(u) = b.status() else { return };
    if session.is_ai(b.side(u)) {
        return;
    }
    let p = plan(b, usable);
    // The unit's abilities first (a caster's spells are what it came for; a unit without
    // any has no section), then its actions.
    abilities(ui, b, u, view, intent, usable, spots, map);
    let title = format!("Actions of {}", b.name(u));
    section(ui, "actions", &title, |ui| {
        ui.label(egui::RichText::new(crate::game::view::of(b).window_words().clicks).weak());
        ui.horizontal_wrapped(|ui| {
            let a = ActionKey::attack();
            let (cost, why) = p.attack.clone();
            let key = map.first(Bind::Attack);
            let label = if key.is_empty() {
                "Attack".to_string()
            } else {
                format!("Attack [{key}]")
            };
            let selected = view.pending.map(|p| p.0) == Some(a);
            let label = format!("{}{label}", pad_mark(b, view, BarEntry::Action(a)));
            // Strong only when usable (strong text would hide the greying).
            let mut text = egui::RichText::new(label);
            if why.is_none() {
                text = text.strong();
            }
            let r = ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
            let r = match &why {
                Some(w) => r.on_disabled_hover_text(format!("cannot now: {w}")),
                None => r.on_hover_text(format!(
                    "{cost}; then click an enemy (or Tab to one and Enter); a click on an \
                     enemy attacks at once too"
                )),
            };
            if r.clicked() {
                intent.action = Some(a);
            }
            spot(ui, spots, "Attack", &r);
            if !cost.is_empty() {
                ui.label(egui::RichText::new(cost).weak());
            }
        });
        for (cost, keys) in &p.now {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(format!("{cost}:")).weak())
                    .on_hover_text(format!("these cost {cost}"));
                for a in keys {
                    button(ui, b, view, intent, *a, cost, None, spots);
                }
            });
        }
        if !p.later.is_empty() {
            let r = egui::CollapsingHeader::new(format!("Not now ({})", p.later.len()))
                .id_salt(("not-now", b.ruleset()))
                .default_open(false)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for (a, cost, why) in &p.later {
                            button(ui, b, view, intent, *a, cost, Some(why.clone()), spots);
                        }
                    });
                });
            spot(ui, spots, "Not now", &r.header_response);
        }
    });
}

/// Tests find the action buttons on screen through `SKIRMISH_BUTTONS=FILE`: a line
/// "LABEL<tab>X Y" (the button's centre in window pixels) per button, rewritten when
/// the bar changes (atomically: written aside, then renamed).
pub(super) fn note_buttons(spots: &[(String, egui::Pos2)], zoom: f32) {
    let Some(path) = std::env::var_os("SKIRMISH_BUTTONS") else {
        return;
    };
    let text: String = spots
        .iter()
        .map(|(l, p)| format!("{l}\t{:.0} {:.0}\n", p.x * zoom, p.y * zoom))
        .collect();
    let path = std::path::PathBuf::from(path);
    if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
        return;
    }
    let _ = crate::files::write_atomic(&path, text.as_bytes());
}

/// One action's button: label and key, greyed with the reason when it cannot be taken
/// now (`why`, from [`Usable`]); the price is its group's, and said on hover.
#[allow(clippy::too_many_arguments)]
fn button(
    ui: &mut egui::Ui,
    b: &Battle,
    view: &View,
    intent: &mut Intent,
    a: ActionKey,
    cost: &str,
    why: Option<String>,
    spots: &mut Spots,
) {
    let text = match a.chord_label(b) {
        Some(k) => format!("{} [{k}]", a.label()),
        None => a.label().to_string(),
    };
    let text = format!("{}{text}", pad_mark(b, view, BarEntry::Action(a)));
    let selected = view.pending.map(|p| p.0) == Some(a);
    let r = ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
    // What the action does, in the ruleset's words, under the price and the reason
    // (worked out only while the pointer is on the button).
    let rule = || {
        crate::game::view::of(b)
            .explain(Topic::Action(a.label()))
            .map(|e| format!("\n\n{}", super::log::words(&e)))
            .unwrap_or_default()
    };
    let r = match &why {
        Some(w) => r.on_disabled_hover_ui(|ui| {
            ui.label(format!("{cost}; cannot now: {w}{}", rule()));
        }),
        None => r.on_hover_ui(|ui| {
            ui.label(format!(
                "{cost}; {}{}",
                a.target().map_or_else(
                    || "acts at once".to_string(),
                    |t| format!("then click {t} (or Tab to it and Enter)")
                ),
                rule()
            ));
        }),
    };
    if r.clicked() {
        intent.action = Some(a);
    }
    spot(ui, spots, a.label(), &r);
}

/// The Abilities section: a button per ability the unit knows (name, price, uses left),
/// greyed with the reason when it cannot be used now; while one is aimed at several
/// creatures, the Cast button. Their centres go into `spots` under the ability's name.
#[allow(clippy::too_many_arguments)]
fn abilities(
    ui: &mut egui::Ui,
    b: &Battle,
    u: UnitId,
    view: &View,
    intent: &mut Intent,
    usable: &Usable,
    spots: &mut Spots,
    map: &KeyMap,
) {
    let known = b.abilities(u);
    if known.is_empty() {
        return;
    }
    let title = format!(
        "Abilities of {} [{}]",
        b.name(u),
        map.first(Bind::NextAbility)
    );
    section(ui, "abilities", &title, |ui| {
        let casting = view.casting.as_ref().filter(|c| c.caster == u);
        // One per row: in a wrapped row a button whose label takes two lines (a long
        // price: "escalation die at 2 or more") made every later row as tall, leaving
        // gaps; most labels with a price fill the panel's width anyway.
        ui.vertical(|ui| {
            for (i, a) in known.iter().enumerate() {
                let price = crate::game::view::of(b).ability_price(b, u, i);
                let uses = b
                    .uses_left(u, i)
                    .map(|n| format!(", {n} left"))
                    .unwrap_or_default();
                let text = if price.is_empty() && uses.is_empty() {
                    a.name.clone()
                } else {
                    format!("{} ({price}{uses})", a.name).replace("(, ", "(")
                };
                let text = format!("{}{text}", pad_mark(b, view, BarEntry::Ability(i)));
                let why = usable.abilities.get(i).cloned().flatten();
                let selected = casting.is_some_and(|c| c.ability == i);
                let r = ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
                let r = match why {
                    Some(w) => r.on_disabled_hover_text(format!("cannot now: {w}")),
                    None => r.on_hover_text(describe(a)),
                };
                if r.clicked() {
                    intent.ability = Some(i);
                }
                spot(ui, spots, &a.name, &r);
            }
        });
        if let Some(c) = casting
            && let Some(a) = b.ability(u, c.ability)
        {
            ui.horizontal_wrapped(|ui| {
                if let Targeting::Several { count, .. } = a.target {
                    let r = ui.add_enabled(
                        !c.picked.is_empty(),
                        egui::Button::new(format!("Cast [Enter] ({} of {count})", c.picked.len())),
                    );
                    if r.clicked() {
                        intent.cast = true;
                    }
                    spot(ui, spots, "Cast", &r);
                }
                let r = ui.button("Cancel [Esc]");
                if r.clicked() {
                    intent.cancel = true;
                }
                spot(ui, spots, "Cancel cast", &r);
            });
        }
    });
}

/// What an ability is aimed at and what choosing it does next.
fn describe(a: &Ability) -> String {
    match a.target {
        Targeting::User => "on its user: goes off at once".into(),
        Targeting::One { range } => format!("one creature within {range}: then click it"),
        Targeting::Several { count, range } => {
            format!(
                "up to {count} creatures within {range}: click them (or Space on each), then \
                 Enter or Cast"
            )
        }
        Targeting::Area { range, shape } => format!(
            "an area ({}) aimed within {range}: move the pointer to see whom it hits, click to cast",
            shape_words(shape)
        ),
        Targeting::Cell { range } => format!("a cell within {range}: then click it"),
    }
}

fn shape_words(s: skirmish_rules::abilities::Shape) -> String {
    use skirmish_rules::abilities::Shape;
    match s {
        Shape::Burst { radius } => format!("burst, radius {radius}"),
        Shape::Line { length } => format!("line of {length}"),
        Shape::Cone { length } => format!("cone of {length}"),
    }
}
