//! The action bar: a button per special action of the ruleset (with its key and price,
//! disabled with the reason when it cannot be taken), end turn and undo.

use bevy_egui::egui;
use skirmish_rules::components::UnitId;
use skirmish_rules::{Battle, Status};

use skirmish_rules::abilities::{Ability, Targeting};

use crate::game::act::cast::why_not;
use crate::game::act::{ActionKey, undoable};
use crate::game::{Intent, Session, View};

/// The action bar in the side panel (not while the AI plays). Actions with a key come
/// first, in the ruleset's order; any the ruleset left without a key follow on a row of
/// their own.
pub(super) fn draw(
    ui: &mut egui::Ui,
    b: &Battle,
    session: &Session,
    view: &View,
    intent: &mut Intent,
) {
    // Action bar (not while the AI plays).
    if let Status::Turn(u) = b.status()
        && !session.is_ai(b.side(u))
    {
        ui.separator();
        // Abilities first: with a long action list they would fall off the panel.
        let mut spots = Vec::new();
        abilities(ui, b, u, view, intent, &mut spots);
        ui.label(egui::RichText::new("Actions").strong());
        ui.label(b.rules().window_words().clicks);
        let (keyed, more): (Vec<ActionKey>, Vec<ActionKey>) =
            ActionKey::of(b).partition(|a| a.key().is_some());
        ui.horizontal_wrapped(|ui| {
            for a in keyed {
                spots.push((a.label(), button(ui, b, u, view, intent, a)));
            }
        });
        if !more.is_empty() {
            ui.label("More actions (no key):");
            ui.horizontal_wrapped(|ui| {
                for a in more {
                    spots.push((a.label(), button(ui, b, u, view, intent, a)));
                }
            });
        }
        note_buttons(&spots);
        ui.horizontal(|ui| {
            if ui.button("End turn [Space]").clicked() {
                intent.end_turn = true;
            }
            let can_undo = undoable(b, session);
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo move [Ctrl+Z]"))
                .on_disabled_hover_text("only a move that rolled no dice and provoked nothing")
                .clicked()
            {
                intent.undo = true;
            }
        });
    }
}

/// Tests find the action buttons on screen through `SKIRMISH_BUTTONS=FILE`: a line
/// "LABEL<tab>X Y" (the button's centre in window pixels) per button, rewritten when
/// the bar changes (atomically: written aside, then renamed).
pub(super) fn note_buttons(spots: &[(&str, egui::Pos2)]) {
    let Some(path) = std::env::var_os("SKIRMISH_BUTTONS") else {
        return;
    };
    let text: String = spots
        .iter()
        .map(|(l, p)| format!("{l}\t{:.0} {:.0}\n", p.x, p.y))
        .collect();
    let path = std::path::PathBuf::from(path);
    if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
        return;
    }
    let tmp = path.with_extension("tmp");
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, &path);
    }
}

/// One action's button: label, key and price, greyed with the reason when it cannot be
/// taken now. Returns its centre on screen.
fn button(
    ui: &mut egui::Ui,
    b: &Battle,
    u: UnitId,
    view: &View,
    intent: &mut Intent,
    a: ActionKey,
) -> egui::Pos2 {
    let cost = a.cost_label(b, u);
    // Untargeted actions are checked exactly; targeted ones (and words) need a target
    // first, so only what pays for them is checked here.
    let why = if a.target().is_some() || a.words().is_some() {
        a.probe(b, u)
            .and_then(|cmd| b.rules().cannot_pay(b, u, &cmd))
    } else {
        a.command(b, u, None)
            .ok()
            .and_then(|x| b.check(&x).err().map(|e| e.to_string()))
    };
    let text = match a.key_label() {
        Some(k) => format!("{} [{k}] {cost}", a.label()),
        None => format!("{} {cost}", a.label()),
    };
    let selected = view.pending.map(|p| p.0) == Some(a);
    let r = ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
    let r = match &why {
        Some(w) => r.on_disabled_hover_text(w.clone()),
        None => r.on_hover_text(
            a.target()
                .map_or_else(|| "acts at once".to_string(), |t| format!("then click {t}")),
        ),
    };
    if r.clicked() {
        intent.action = Some(a);
    }
    r.rect.center()
}

/// The Abilities section: a button per ability the unit knows (name, price, uses left),
/// greyed with the reason when it cannot be used now; while one is aimed at several
/// creatures, the Cast button. Their centres go into `spots` under the ability's name.
fn abilities<'a>(
    ui: &mut egui::Ui,
    b: &'a Battle,
    u: UnitId,
    view: &View,
    intent: &mut Intent,
    spots: &mut Vec<(&'a str, egui::Pos2)>,
) {
    let known = b.abilities(u);
    if known.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Abilities [M]").strong());
    let casting = view.casting.as_ref().filter(|c| c.caster == u);
    ui.horizontal_wrapped(|ui| {
        for (i, a) in known.iter().enumerate() {
            let price = b.rules().ability_price(b, u, i);
            let uses = b
                .uses_left(u, i)
                .map(|n| format!(", {n} left"))
                .unwrap_or_default();
            let text = if price.is_empty() && uses.is_empty() {
                a.name.clone()
            } else {
                format!("{} ({price}{uses})", a.name).replace("(, ", "(")
            };
            let why = why_not(b, u, i);
            let selected = casting.is_some_and(|c| c.ability == i);
            let r = ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
            let r = match why {
                Some(w) => r.on_disabled_hover_text(w),
                None => r.on_hover_text(describe(a)),
            };
            if r.clicked() {
                intent.ability = Some(i);
            }
            spots.push((a.name.as_str(), r.rect.center()));
        }
    });
    if let Some(c) = casting
        && let Some(a) = b.ability(u, c.ability)
    {
        ui.horizontal(|ui| {
            if let Targeting::Several { count, .. } = a.target {
                let r = ui.add_enabled(
                    !c.picked.is_empty(),
                    egui::Button::new(format!("Cast [Enter] ({} of {count})", c.picked.len())),
                );
                if r.clicked() {
                    intent.cast = true;
                }
                spots.push(("Cast", r.rect.center()));
            }
            let r = ui.button("Cancel [Esc]");
            if r.clicked() {
                intent.cancel = true;
            }
            spots.push(("Cancel cast", r.rect.center()));
        });
    }
}

/// What an ability is aimed at and what choosing it does next.
fn describe(a: &Ability) -> String {
    match a.target {
        Targeting::User => "on its user: goes off at once".into(),
        Targeting::One { range } => format!("one creature within {range}: then click it"),
        Targeting::Several { count, range } => {
            format!("up to {count} creatures within {range}: click them, then Enter or Cast")
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
