//! The editor's egui side panel: file and buttons (Save, Playtest, Undo, Redo, Menu),
//! the tools, the level's fields, its sides, the unit to place (its archetype's text
//! from the ruleset's catalogue), the picked unit, and the problems (a click marks the
//! cell or unit); F1's list of keys. A text field's edit goes in when it loses focus
//! (or on Enter), as one undoable edit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::{Archetype, Catalogue, Controller, HazardKind, Terrain};
use skirmish_rules::rulesets::RulesetId;

use super::input::PlayAsk;
use super::unit_panel::{self, Widgets};
use super::{EditorScreen, KEYS, Screen, Tool};
use crate::editor::{EdSide, Edit, EditorLevel};
use crate::editor::{Feature, uses};

/// The panel's width in egui points.
pub(super) const WIDTH: f32 = 340.0;

/// Colours a side can take (click one).
const COLOURS: [&str; 8] = [
    "#c83c3c", "#3c6ec8", "#3ca04a", "#d0a030", "#8a4cc0", "#30b0b0", "#e07830", "#d0d0d0",
];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.run_if(in_state(Screen::Editor)),
    );
}

/// A text field that commits when it loses focus: `Some(text)` when it did, changed.
pub(super) fn field(ui: &mut egui::Ui, id: &str, now: &str, multi: bool) -> Option<String> {
    let key = egui::Id::new(("editor-field", id));
    let mut text: String = ui
        .data_mut(|d| d.get_temp::<String>(key))
        .unwrap_or_else(|| now.to_string());
    let r = if multi {
        ui.add(egui::TextEdit::multiline(&mut text).desired_rows(2))
    } else {
        ui.add(egui::TextEdit::singleline(&mut text).desired_width(150.0))
    };
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(key, text));
        return None;
    }
    ui.data_mut(|d| d.remove::<String>(key));
    (r.lost_focus() && text != now).then_some(text)
}

fn archetype_text(cat: &Catalogue, name: &str) -> String {
    match cat.archetypes.get(name) {
        Some(a) => archetype_text_of(a, name),
        None => format!("{name}: the level's own archetype"),
    }
}

/// The unit to place once the level's ruleset is `to`: an archetype of the old ruleset's
/// catalogue (`old`) that the new one lacks gives way to the new one's first (a unit
/// placed with it would not load); any other (the level's own, `None`) stays.
pub(super) fn archetype_after_ruleset(
    now: Option<String>,
    old: Option<&Catalogue>,
    to: &str,
) -> Option<String> {
    let new = RulesetId::parse(to).map(Catalogue::builtin);
    match (&now, old, &new) {
        (Some(a), Some(o), Some(n))
            if o.archetypes.contains_key(a) && !n.archetypes.contains_key(a) =>
        {
            n.archetypes.keys().next().cloned()
        }
        _ => now,
    }
}

/// An archetype's numbers, weapons, abilities and feats in a line.
pub(super) fn archetype_text_of(a: &Archetype, name: &str) -> String {
    let stats: Vec<String> = a.stats.iter().map(|(s, v)| format!("{s:?} {v}")).collect();
    let mut out = format!("{name}: {} HP, {:?}", a.hp, a.size);
    if !stats.is_empty() {
        out.push_str(&format!("; {}", stats.join(", ")));
    }
    for (what, list) in [
        ("weapons", &a.weapons),
        ("abilities", &a.abilities),
        ("feats", &a.feats),
    ] {
        if !list.is_empty() {
            out.push_str(&format!("; {what}: {}", list.join(", ")));
        }
    }
    out
}

fn level_fields(ui: &mut egui::Ui, l: &EditorLevel, edits: &mut Vec<Edit>, widgets: &mut Widgets) {
    ui.horizontal(|ui| {
        ui.label("Name");
        if let Some(t) = field(ui, "name", &l.name, false) {
            edits.push(Edit::Name(t));
        }
    });
    ui.label("Description");
    if let Some(t) = field(ui, "description", &l.description, true) {
        edits.push(Edit::Description(t));
    }
    ui.horizontal(|ui| {
        ui.label("Seed");
        let now = l.seed.map(|s| s.to_string()).unwrap_or_default();
        if let Some(t) = field(ui, "seed", &now, false) {
            match t.trim() {
                "" => edits.push(Edit::Seed(None)),
                s => {
                    if let Ok(n) = s.parse() {
                        edits.push(Edit::Seed(Some(n)));
                    }
                }
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Ruleset");
        let combo = egui::ComboBox::from_id_salt("ruleset")
            .selected_text(l.ruleset.as_str())
            .show_ui(ui, |ui| {
                for r in RulesetId::ALL {
                    let item = ui.selectable_label(l.ruleset == r.id(), r.id());
                    widgets.push((format!("ruleset:{}", r.id()), item.rect));
                    if item.clicked() && l.ruleset != r.id() {
                        edits.push(Edit::Ruleset(r.id().to_string()));
                    }
                }
            });
        widgets.push(("ruleset".into(), combo.response.rect));
    });
    ui.horizontal(|ui| {
        ui.label("Grid");
        for (g, word) in [(GridKind::Square, "Square"), (GridKind::Hex, "Hex")] {
            if ui.selectable_label(l.grid == g, word).clicked() && l.grid != g {
                edits.push(Edit::Grid(g));
            }
        }
        ui.label("[G]");
    });
    ui.horizontal(|ui| {
        ui.label("Size");
        let (mut w, mut h) = (l.width(), l.height());
        let a = ui.add(egui::DragValue::new(&mut w).range(1..=crate::editor::MAX_SIDE));
        ui.label("×");
        let b = ui.add(egui::DragValue::new(&mut h).range(1..=crate::editor::MAX_SIDE));
        let done = |r: &egui::Response| r.drag_stopped() || r.lost_focus() || r.clicked();
        if (w, h) != (l.width(), l.height()) && (done(&a) || done(&b) || !a.dragged()) {
            edits.push(Edit::Resize {
                width: w,
                height: h,
            });
        }
    });
}

fn sides(
    ui: &mut egui::Ui,
    l: &EditorLevel,
    edits: &mut Vec<Edit>,
    chosen: &mut usize,
    widgets: &mut Widgets,
) {
    for (i, s) in l.sides.iter().enumerate() {
        ui.push_id(("side", i), |ui| {
            ui.horizontal(|ui| {
                ui.radio_value(chosen, i, "")
                    .on_hover_text("units placed join this side");
                if let Some(t) = field(ui, &format!("side{i}"), &s.name, false) {
                    edits.push(Edit::SetSide {
                        side: i,
                        to: EdSide {
                            name: t,
                            ..s.clone()
                        },
                    });
                }
                let ai = s.controller == Controller::Ai;
                let who = ui
                    .selectable_label(ai, if ai { "AI" } else { "Human" })
                    .on_hover_text("who plays it (click to switch)");
                widgets.push((format!("controller:{i}"), who.rect));
                if who.clicked() {
                    let controller = if ai {
                        Controller::Human
                    } else {
                        Controller::Ai
                    };
                    edits.push(Edit::SetSide {
                        side: i,
                        to: EdSide {
                            controller,
                            ..s.clone()
                        },
                    });
                }
                if ui
                    .small_button("✖")
                    .on_hover_text("delete the side")
                    .clicked()
                {
                    edits.push(Edit::DeleteSide { side: i });
                }
            });
            unit_panel::side_role(ui, l, i, s, edits, widgets);
            ui.horizontal(|ui| {
                for c in COLOURS {
                    let colour = super::draw::side_colour(c).to_srgba();
                    let fill = egui::Color32::from_rgb(
                        (colour.red * 255.0) as u8,
                        (colour.green * 255.0) as u8,
                        (colour.blue * 255.0) as u8,
                    );
                    let mark = if s.colour.eq_ignore_ascii_case(c) {
                        "●"
                    } else {
                        " "
                    };
                    if ui
                        .add(
                            egui::Button::new(mark)
                                .fill(fill)
                                .min_size([18.0, 14.0].into()),
                        )
                        .clicked()
                        && !s.colour.eq_ignore_ascii_case(c)
                    {
                        edits.push(Edit::SetSide {
                            side: i,
                            to: EdSide {
                                colour: c.to_string(),
                                ..s.clone()
                            },
                        });
                    }
                }
            });
        });
    }
    if ui.button("Add side").clicked() {
        let n = (l.sides.len() + 1..)
            .map(|i| format!("Side {i}"))
            .find(|n| !l.sides.iter().any(|s| &s.name == n))
            .unwrap_or_default();
        edits.push(Edit::AddSide(EdSide {
            name: n,
            colour: COLOURS[l.sides.len() % COLOURS.len()].into(),
            controller: Controller::Human,
            role: None,
        }));
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut ed: ResMut<EditorScreen>,
    mut ask: ResMut<PlayAsk>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "editor".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let l = ed.level().clone();
    let cat = RulesetId::parse(&l.ruleset).map(Catalogue::builtin);
    let mut edits = Vec::new();
    let (mut undo, mut redo, mut save) = (false, false, false);
    let mut side = ed.side;
    let mut widgets: Widgets = Vec::new();
    let mut note = None;
    let panel = egui::Panel::left("editor")
        .resizable(false)
        .exact_size(WIDTH)
        .show(&mut root, |ui| {
            ui.heading("Level editor");
            ui.horizontal(|ui| {
                ui.label("File");
                ui.text_edit_singleline(&mut ed.path);
            });
            ui.horizontal_wrapped(|ui| {
                save = ui.button("Save [Ctrl+S]").clicked();
                if ui.button("Playtest [F5]").clicked() {
                    ask.0 = Some(false);
                }
                if ui.button("vs AI [Shift+F5]").clicked() {
                    ask.0 = Some(true);
                }
                undo = ui
                    .add_enabled(ed.editor.can_undo(), egui::Button::new("Undo"))
                    .clicked();
                redo = ui
                    .add_enabled(ed.editor.can_redo(), egui::Button::new("Redo"))
                    .clicked();
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                }
                if ui.button("Keys [F1]").clicked() {
                    ed.help = true;
                }
            });
            if let Some((m, bad)) = &ed.message {
                let c = if *bad {
                    egui::Color32::LIGHT_RED
                } else {
                    egui::Color32::LIGHT_GREEN
                };
                ui.colored_label(c, m);
            }
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.label("Tool");
                    ui.horizontal_wrapped(|ui| {
                        for (t, _, word) in Tool::ALL {
                            if t.feature().is_some_and(|f| !uses(&l.ruleset, f)) {
                                continue;
                            }
                            let r = ui.selectable_label(ed.tool == t, word);
                            widgets.push((format!("tool:{t:?}"), r.rect));
                            if r.clicked() {
                                ed.tool = t;
                            }
                        }
                    });
                    ui.horizontal_wrapped(|ui| {
                        for (i, t) in Terrain::ALL.into_iter().enumerate() {
                            let word = format!("{t:?} [{}]", i + 1);
                            if ui.selectable_label(ed.terrain == t, word).clicked() {
                                ed.terrain = t;
                            }
                        }
                    });
                    ui.horizontal(|ui| {
                        ui.label("Brush [ [ ] ]");
                        ui.add(egui::Slider::new(&mut ed.brush, 1..=9));
                    });
                    if let Some(i) = ed.picked
                        && l.units.get(i).is_some()
                    {
                        egui::CollapsingHeader::new("Picked unit")
                            .default_open(true)
                            .show(ui, |ui| {
                                unit_panel::picked_unit(
                                    ui,
                                    &l,
                                    i,
                                    cat.as_ref(),
                                    &mut edits,
                                    &mut note,
                                    &mut widgets,
                                )
                            });
                    }
                    if uses(&l.ruleset, Feature::Hazards) {
                        egui::CollapsingHeader::new("Hazard [H]")
                            .default_open(true)
                            .show(ui, |ui| {
                                unit_panel::hazard_brush(ui, &mut ed.hazard, &mut widgets);
                                let n = l.hazards().len();
                                let here = ed.hovered.and_then(|c| l.hazard_at(c));
                                ui.label(match here {
                                    Some(h) => format!(
                                        "{n} on the map; here: {}, DC {}, {}",
                                        match h.kind {
                                            HazardKind::Trap => "a trap".to_string(),
                                            HazardKind::FallingRocks => "falling rocks".into(),
                                            HazardKind::MagicalBurst { radius } =>
                                                format!("a rune (radius {radius})"),
                                        },
                                        h.dc,
                                        h.damage
                                    ),
                                    None => format!("{n} on the map"),
                                });
                            });
                    }
                    egui::CollapsingHeader::new("Level")
                        .default_open(true)
                        .show(ui, |ui| level_fields(ui, &l, &mut edits, &mut widgets));
                    egui::CollapsingHeader::new("Sides")
                        .default_open(true)
                        .show(ui, |ui| sides(ui, &l, &mut edits, &mut side, &mut widgets));
                    egui::CollapsingHeader::new("Unit to place")
                        .default_open(true)
                        .show(ui, |ui| {
                            let now = ed.archetype.clone().unwrap_or_else(|| "(none)".into());
                            let combo = egui::ComboBox::from_id_salt("archetype")
                                .selected_text(now)
                                .show_ui(ui, |ui| {
                                    let none =
                                        ui.selectable_value(&mut ed.archetype, None, "(none)");
                                    widgets.push(("archetype:(none)".into(), none.rect));
                                    for name in cat.iter().flat_map(|c| c.archetypes.keys()) {
                                        let item = ui.selectable_value(
                                            &mut ed.archetype,
                                            Some(name.clone()),
                                            name,
                                        );
                                        widgets.push((format!("archetype:{name}"), item.rect));
                                    }
                                });
                            widgets.push(("archetype".into(), combo.response.rect));
                            if let (Some(a), Some(c)) = (&ed.archetype, &cat) {
                                ui.label(archetype_text(c, a));
                            }
                        });
                    let title = format!("Problems ({})", ed.problems.len());
                    egui::CollapsingHeader::new(title)
                        .default_open(true)
                        .show(ui, |ui| {
                            if ed.problems.is_empty() {
                                ui.label("None: the level loads.");
                            }
                            let mut hl = None;
                            for p in &ed.problems {
                                let on = ed.highlight.as_ref() == Some(&p.target);
                                if ui
                                    .selectable_label(on, p.to_string())
                                    .on_hover_text("click to mark it on the map")
                                    .clicked()
                                {
                                    hl = Some(p.target.clone());
                                }
                            }
                            if hl.is_some() {
                                ed.highlight = hl;
                            }
                        });
                });
        });
    let mut rects = vec![panel.response.rect];
    if ed.help {
        let mut open = true;
        let w = egui::Window::new("Editor keys")
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(&ctx, |ui| {
                egui::Grid::new("keys").striped(true).show(ui, |ui| {
                    for (k, what) in KEYS {
                        ui.label(k);
                        ui.label(what);
                        ui.end_row();
                    }
                });
            });
        rects.extend(w.map(|w| w.response.rect));
        if !open {
            ed.help = false;
        }
    }
    // egui works in points; the pointer in window pixels (points × zoom).
    let z = ctx.zoom_factor();
    let rects: Vec<Rect> = rects
        .into_iter()
        .map(|r| Rect::new(r.min.x * z, r.min.y * z, r.max.x * z, r.max.y * z))
        .collect();
    if ed.ui_rects != rects {
        ed.ui_rects = rects;
    }
    let widgets: Vec<(String, Rect)> = widgets
        .into_iter()
        .map(|(n, r)| {
            (
                n,
                Rect::new(r.min.x * z, r.min.y * z, r.max.x * z, r.max.y * z),
            )
        })
        .collect();
    if ed.widgets != widgets {
        ed.widgets = widgets;
    }
    ed.side = side;
    for e in edits {
        if matches!(e, Edit::Delete { .. }) {
            ed.picked = None;
        }
        if let Edit::Ruleset(r) = &e {
            ed.archetype = archetype_after_ruleset(ed.archetype.take(), cat.as_ref(), r);
        }
        ed.apply(e);
    }
    if note.is_some() {
        ed.message = note;
    }
    if undo {
        ed.undo();
    }
    if redo {
        ed.redo();
    }
    if save {
        ed.save();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruleset_change_drops_the_old_catalogues_archetype_only() {
        // Every pair of built-in rulesets: an archetype of the old catalogue that the new
        // one lacks gives way to the new one's first; one both have, the level's own
        // (in neither catalogue) and none stay as they are.
        let mut swapped = 0;
        for from in RulesetId::ALL {
            let old = Catalogue::builtin(from);
            for to in RulesetId::ALL {
                let new = Catalogue::builtin(to);
                let first = new.archetypes.keys().next().cloned();
                for a in old.archetypes.keys() {
                    let after = archetype_after_ruleset(Some(a.clone()), Some(&old), to.id());
                    if new.archetypes.contains_key(a) {
                        assert_eq!(
                            after.as_deref(),
                            Some(a.as_str()),
                            "{a}: {from:?} -> {to:?}"
                        );
                    } else {
                        assert_eq!(after, first, "{a}: {from:?} -> {to:?}");
                        swapped += 1;
                    }
                }
                let own = "no-catalogue-has-this".to_string();
                assert_eq!(
                    archetype_after_ruleset(Some(own.clone()), Some(&old), to.id()),
                    Some(own)
                );
                assert_eq!(archetype_after_ruleset(None, Some(&old), to.id()), None);
            }
        }
        assert!(
            swapped > 0,
            "no pair of catalogues differs: the test proves nothing"
        );
    }
}
