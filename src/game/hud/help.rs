//! The help window (F1): the keys (every binding as it is, the pad's buttons, the
//! ruleset's actions, the map's marks, the mouse) and the battle's ruleset in plain words.
//! One size for both tabs ([`help_size`]): no empty frame under a short tab, no change of
//! width between tabs (issue 31's minor points).

use bevy_egui::egui;
use skirmish_rules::Battle;

use super::widgets::{Spots, spot};
use crate::game::act::ActionKey;
use crate::game::keymap::{Group, KeyMap};
use crate::game::state::View;

/// The help window's size (width, height, in points) in a screen of `w`×`h` points: the
/// same for both tabs, never wider or taller than the screen (a small window, a large UI
/// scale); what does not fit scrolls.
pub fn help_size(w: f32, h: f32) -> (f32, f32) {
    (
        (w - 24.0).clamp(200.0, 600.0),
        (h - 80.0).clamp(160.0, 560.0),
    )
}

/// One table of the Keys tab: its heading, a line under it, its rows (keys, what).
#[derive(Clone, Debug)]
pub struct Section {
    /// The heading ("On the board", "Map marks").
    pub title: String,
    /// A line under the heading (empty: none).
    pub note: &'static str,
    /// (keys or mark, what it does or means).
    pub rows: Vec<(String, String)>,
}

/// The Keys tab as data, in order: the key map's bindings as they are, group by group
/// (each with its pad buttons), the battle's ruleset's actions with their keys, the map's
/// marks ([`markers::LEGEND`](crate::game::markers::LEGEND)) and the mouse.
pub fn keys_sections(b: &Battle, map: &KeyMap) -> Vec<Section> {
    let rows = map.rows();
    let mut out: Vec<Section> = [Group::Board, Group::Camera, Group::Dialog, Group::Viewer]
        .into_iter()
        .map(|g| Section {
            title: g.title().to_string(),
            note: "",
            rows: rows
                .iter()
                .filter(|r| r.0 == g)
                .map(|r| (r.1.clone(), r.2.to_string()))
                .collect(),
        })
        .collect();
    out.push(Section {
        title: format!("Actions of {}", b.rules().id()),
        note: "They act for the unit whose turn it is; one that needs a target then takes it \
               from the cursor (Tab, arrows, Enter) or a click. An action with no key of its \
               own gets Shift+1, Shift+2, … in the bar's order. On a pad: the triggers pick \
               an action on the bar, West takes it.",
        rows: ActionKey::of(b)
            .map(|a| {
                (
                    a.chord_label(b).unwrap_or_else(|| "(button)".into()),
                    a.label().to_string(),
                )
            })
            .collect(),
    });
    out.push(Section {
        title: "Map marks".into(),
        note: "Hover a token for its own marks in words.",
        rows: crate::game::markers::LEGEND
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    });
    out.push(Section {
        title: "Mouse".into(),
        note: "",
        rows: [
            (
                "left click",
                "move / attack / inspect / pick a target (the cursor follows the pointer)",
            ),
            (
                "right click",
                "cancel the armed action or the ability being aimed; with nothing to \
                 cancel, the card goes back to the unit whose turn it is",
            ),
            ("middle drag", "pan"),
            (
                "wheel",
                "zoom (over the side panel it scrolls the panel instead)",
            ),
            ("panel titles", "click to fold or unfold a section"),
            (
                "dialogs",
                "while a menu, window or prompt is open, only its buttons and keys act: a \
                 click on the board or a board key does nothing (a click closes \"End the \
                 turn?\" and a choice)",
            ),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect(),
    });
    out
}

/// The help window (F1): the keys, and the battle's ruleset in plain words (its
/// summary, the terrain legend, the threat overlay's key and the general rules).
pub(super) fn help(
    ctx: &egui::Context,
    view: &mut View,
    b: &Battle,
    map: &KeyMap,
    spots: &mut Spots,
) {
    let frames = egui::Id::new("help-frames");
    if !view.help {
        ctx.data_mut(|d| d.remove::<(bool, u8)>(frames));
        return;
    }
    // Opened, or its tab changed: egui sizes a window (and adds new letters to its font
    // atlas) a frame before it shows them, and the game sleeps between inputs; a few more
    // frames bring it on screen whole at once.
    let seen = ctx.data_mut(|d| {
        let e = d.get_temp_mut_or_default::<(bool, u8)>(frames);
        if e.0 != view.help_rules {
            *e = (view.help_rules, 0);
        }
        e.1 = e.1.saturating_add(1);
        e.1
    });
    if seen < 5 {
        ctx.request_repaint();
    }
    let mut open = true;
    let area = ctx.viewport_rect();
    let (w, h) = help_size(area.width(), area.height());
    egui::Window::new("Help")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .fixed_size([w, h])
        .show(ctx, |ui| {
            // Both tabs exactly this wide (their tables wrap inside).
            ui.set_width(w);
            ui.horizontal(|ui| {
                let keys = ui.selectable_value(&mut view.help_rules, false, "Keys");
                spot(ui, spots, "Help: Keys", &keys);
                let rules = ui.selectable_value(
                    &mut view.help_rules,
                    true,
                    format!("Rules of {}", b.rules().id()),
                );
                spot(ui, spots, "Help: Rules", &rules);
            });
            ui.separator();
            if view.help_rules {
                rules_help(ui, b);
                return;
            }
            egui::ScrollArea::vertical()
                .id_salt("keys")
                .auto_shrink([false, false])
                .show(ui, |ui| keys_help(ui, b, map, w));
        });
    if !open {
        view.help = false;
    }
}

/// Help's Keys tab drawn: [`keys_sections`], a striped table each.
fn keys_help(ui: &mut egui::Ui, b: &Battle, map: &KeyMap, width: f32) {
    for s in keys_sections(b, map) {
        ui.label(egui::RichText::new(&s.title).strong());
        if !s.note.is_empty() {
            ui.add(egui::Label::new(s.note).wrap());
        }
        egui::Grid::new(&s.title)
            .min_col_width(60.0)
            .max_col_width(((width - 40.0) / 2.0).max(80.0))
            .striped(true)
            .show(ui, |ui| {
                for (k, v) in s.rows {
                    ui.add(egui::Label::new(egui::RichText::new(k).monospace()).wrap());
                    ui.add(egui::Label::new(v).wrap());
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
    }
}

/// The ruleset's rules in plain words, for the help window.
fn rules_help(ui: &mut egui::Ui, b: &Battle) {
    use skirmish_rules::level::Terrain;
    use skirmish_rules::rulesets::explain::{Topic, rule};
    let rules = crate::game::view::of(b);
    egui::ScrollArea::vertical()
        .id_salt("rules")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (head, text) in rules.summary() {
                ui.label(egui::RichText::new(*head).strong());
                ui.label(*text);
                ui.add_space(4.0);
            }
            ui.separator();
            ui.label(egui::RichText::new("Terrain").strong());
            // Wrapped inside the window's width (an unwrapped row widened the Rules tab).
            let text_w = (ui.available_width() - 140.0).max(120.0);
            egui::Grid::new("terrain legend").show(ui, |ui| {
                for t in Terrain::ALL {
                    if let Some(e) = rules.explain(Topic::Terrain(t)) {
                        ui.label(e.title);
                        ui.scope(|ui| {
                            ui.set_max_width(text_w);
                            ui.add(egui::Label::new(e.text).wrap());
                        });
                        ui.end_row();
                    }
                }
            });
            ui.separator();
            for r in rule::GENERAL {
                if let Some(e) = rules.explain(Topic::Rule(r)) {
                    let head = match r {
                        rule::THREAT => format!("{} (the threat overlay, T)", e.title),
                        rule::PROVOKE => format!("{} (the \"!\" marks on a path)", e.title),
                        _ => e.title.to_string(),
                    };
                    ui.label(egui::RichText::new(head).strong());
                    ui.label(e.text);
                    ui.add_space(4.0);
                }
            }
        });
}
