//! The settings screen, from the main menu (its Settings button) and from the in-battle
//! menu (Esc, then Settings or O): sound volume and mute, fullscreen or the window's
//! size, UI scale, colour palette, the
//! reaction policy sides start with, animation speed, "End the turn?", the threat
//! overlay. Every change applies at once and is saved (`settings.ron`).
//!
//! The UI scale is egui's zoom factor (`egui::Context::set_zoom_factor`, per context)
//! plus the names over tokens and the floating numbers; the side panel widens with it
//! and the map is fitted again into what is left.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::widgets::{Spots, spot};
use crate::game::ReactPolicy;
use crate::game::layout::{MapLayout, panel_px};
use crate::game::palette::side_egui;
use crate::game::prefs::{AnimSpeed, Palette, WINDOW_SIZES};
use crate::game::settings::{Settings, UI_SCALES};
use crate::game::sound;
use crate::game::state::{Screen, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, zoom).add_systems(
        Update,
        (panel_width.run_if(in_state(Screen::Battle)), window_mode),
    );
}

/// The window follows the Window settings (fullscreen or a window of the chosen size),
/// when they change and once at the start; a window resized by hand is left alone.
fn window_mode(
    view: Res<View>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    mut applied: Local<Option<(bool, (u32, u32))>>,
) {
    let want = (view.prefs.fullscreen, view.prefs.size());
    if *applied == Some(want) {
        return;
    }
    let Ok(mut w) = windows.single_mut() else {
        return;
    };
    *applied = Some(want);
    let (full, (width, height)) = want;
    let mode = if full {
        bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
    } else {
        bevy::window::WindowMode::Windowed
    };
    if w.mode != mode {
        w.mode = mode;
    }
    if !full && (w.width() as u32 != width || w.height() as u32 != height) {
        w.resolution.set(width as f32, height as f32);
    }
}

/// egui's zoom follows the UI scale setting (egui's own Ctrl +/- is undone: the setting
/// is the one place it is chosen).
fn zoom(mut contexts: EguiContexts, view: Res<View>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let z = view.prefs.scale();
    if (ctx.zoom_factor() - z).abs() > 1e-3 {
        ctx.set_zoom_factor(z);
    }
    Ok(())
}

/// The side panel is wider at a larger UI scale (and narrower in a narrow window): the
/// map is fitted again into the rest of the window.
fn panel_width(
    view: Res<View>,
    layout: Option<ResMut<MapLayout>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cams: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Some(mut layout) = layout else { return };
    let Ok(w) = windows.single() else { return };
    // Wider with the scale, never more than the map can spare (`layout::panel_px`).
    let want = panel_px(view.prefs.scale(), w.width());
    if (layout.panel - want).abs() < 0.5 {
        return;
    }
    layout.panel = want;
    let (at, scale) = layout.fit(w.width(), w.height());
    for (mut t, mut p) in &mut cams {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = scale;
        }
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
}

/// The settings screen, when `open`: edits `s` (every control applies at once); true
/// when something changed. `sides` are the battle's sides (name, level colour) to show
/// the palette on, if any. Its rectangle goes into `rects` (egui points).
pub fn window(
    ctx: &egui::Context,
    open: &mut bool,
    s: &mut Settings,
    sides: &[(String, [u8; 3])],
    rects: &mut Vec<Rect>,
    spots: &mut Spots,
) -> bool {
    if !*open {
        return false;
    }
    let before = s.clone();
    let mut close = false;
    let w = egui::Window::new("Settings")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        // Never taller than the window: the rest scrolls.
        .max_height(ctx.viewport_rect().height() - 60.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("settings-screen")
                .show(ui, |ui| body(ui, s, sides, spots));
            ui.separator();
            let r = ui.button("Close [Esc]");
            spot(ui, spots, "Close settings", &r);
            if r.clicked() {
                close = true;
            }
        });
    if let Some(w) = w {
        let r = w.response.rect;
        rects.push(Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
    }
    if close {
        *open = false;
    }
    *s != before
}

fn body(ui: &mut egui::Ui, s: &mut Settings, sides: &[(String, [u8; 3])], spots: &mut Spots) {
    let p = &mut s.prefs;
    heading(ui, "Sound");
    if let Some(why) = sound::env_mute() {
        ui.colored_label(egui::Color32::LIGHT_RED, format!("Sound is off: {why}."));
    }
    ui.horizontal(|ui| {
        ui.label("Volume");
        ui.add_enabled(
            !p.muted,
            egui::Slider::new(&mut p.volume, 0..=100).suffix("%"),
        );
        let r = ui.checkbox(&mut p.muted, "Mute");
        spot(ui, spots, "Mute", &r);
    });

    heading(ui, "Interface size");
    ui.horizontal(|ui| {
        for z in UI_SCALES {
            let label = format!("{:.0}%", z * 100.0);
            let r = ui.radio(p.scale() == z, &label);
            spot(ui, spots, &format!("UI scale {label}"), &r);
            if r.clicked() {
                p.ui_scale = z;
            }
        }
    });
    ui.add(
        egui::Label::new(
            egui::RichText::new(
                "The side panel grows with it, up to 38% of the window: the map keeps the rest.",
            )
            .small(),
        )
        .wrap(),
    );

    heading(ui, "Colours");
    for pal in Palette::ALL {
        ui.horizontal(|ui| {
            let r = ui
                .radio_value(&mut p.palette, pal, pal.label())
                .on_hover_text(pal.about());
            spot(ui, spots, &format!("Palette {}", pal.label()), &r);
            // The battle's sides in this palette (sides differ by emblem too).
            let colours: Vec<[u8; 3]> = sides.iter().map(|(_, c)| *c).collect();
            for (i, (name, _)) in sides.iter().enumerate() {
                ui.colored_label(side_egui(pal, &colours, i), name);
            }
        });
    }
    ui.small("Sides differ by the emblem on their tokens too, whatever the colours.");

    heading(ui, "Reactions");
    ui.horizontal(|ui| {
        ui.label("Each side starts with");
        for rp in ReactPolicy::ALL {
            ui.radio_value(&mut p.reactions, rp, rp.label())
                .on_hover_text(policy_help(rp));
        }
    });
    ui.small("The level menu and the side panel change it for one battle.");

    heading(ui, "Play");
    ui.horizontal(|ui| {
        ui.label("Animation");
        let mut a = s.anim_speed();
        for sp in AnimSpeed::ALL {
            ui.radio_value(&mut a, sp, sp.label());
        }
        if a != s.anim_speed() {
            s.animation = a.label().to_string();
        }
    });
    ui.checkbox(
        &mut s.confirm_end_turn,
        "Ask before ending a turn with actions left",
    );
    ui.checkbox(&mut s.threat_overlay, "Threat overlay [T]");

    heading(ui, "Window");
    ui.horizontal_wrapped(|ui| {
        let r = ui.checkbox(&mut s.prefs.fullscreen, "Fullscreen");
        spot(ui, spots, "Fullscreen", &r);
        for [w, h] in WINDOW_SIZES {
            let label = format!("{w}×{h}");
            let r = ui.add_enabled(
                !s.prefs.fullscreen,
                egui::RadioButton::new(s.prefs.window_size == [w, h], &label),
            );
            spot(ui, spots, &format!("Window {label}"), &r);
            if r.clicked() {
                s.prefs.window_size = [w, h];
            }
        }
    });

    keys(ui, &mut s.prefs.keys, spots);
}

/// The Keys group: each board and camera binding with its keys and a Change button;
/// after Change, the next key pressed (with Shift or Ctrl) is its key, unless another
/// board binding has it. Saved with the settings; F1 lists the keys as they are. Tab, the
/// arrows, Space and Enter never reach this screen (the board keeps them): they can be
/// kept, not chosen.
fn keys(
    ui: &mut egui::Ui,
    keys: &mut std::collections::BTreeMap<String, String>,
    spots: &mut Spots,
) {
    use crate::game::keymap::{KeyMap, about, parse_chord};
    let id = egui::Id::new("rebinding");
    let mut waiting: Option<String> = ui.data(|d| d.get_temp(id)).flatten();
    let taken = crate::game::act::ruleset_chords();
    let (map, _) = KeyMap::with_overrides(keys, &taken);
    let mut note: Option<String> = ui.data(|d| d.get_temp(id.with("note"))).flatten();
    let r = egui::CollapsingHeader::new(egui::RichText::new("Keys").strong())
        .id_salt("settings-keys")
        .default_open(false)
        .show(ui, |ui| {
            if let Some(n) = &note {
                ui.colored_label(egui::Color32::LIGHT_RED, n);
            }
            for b in map.binds().filter(|b| b.rebindable()) {
                let name = b.name();
                ui.horizontal_wrapped(|ui| {
                    ui.label(&name).on_hover_text(about(b).1);
                    if waiting.as_deref() == Some(name.as_str()) {
                        ui.colored_label(egui::Color32::YELLOW, "press a key…");
                    } else {
                        ui.label(egui::RichText::new(map.label(b)).strong());
                    }
                    let r = ui.small_button("Change");
                    spot(ui, spots, &format!("Change {name}"), &r);
                    if r.clicked() {
                        waiting = Some(name.clone());
                        note = None;
                    }
                });
            }
            if !keys.is_empty() && ui.button("Default keys").clicked() {
                keys.clear();
                note = None;
            }
        });
    spot(ui, spots, "Keys", &r.header_response);
    // The key pressed while one waits.
    if let Some(name) = waiting.clone() {
        let pressed = ui.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => Some((*key, *modifiers)),
                _ => None,
            })
        });
        if let Some((key, m)) = pressed {
            let mut label = String::new();
            if m.ctrl || m.command {
                label.push_str("Ctrl+");
            }
            if m.shift {
                label.push_str("Shift+");
            }
            label.push_str(key.name());
            match parse_chord(&label) {
                Some(c) => {
                    let b = map.binds().find(|b| b.name() == name);
                    match b.and_then(|b| map.clash(b, c)) {
                        _ if taken.contains(&c) => {
                            note = Some(format!("{} is a ruleset's action key", c.label()));
                        }
                        Some(other) => {
                            note = Some(format!("{} is already {}'s key", c.label(), other.name()));
                        }
                        None => {
                            keys.insert(name, c.label());
                            note = None;
                        }
                    }
                }
                None => note = Some(format!("{label} cannot be a key here")),
            }
            waiting = None;
        }
    }
    ui.data_mut(|d| {
        d.insert_temp(id, waiting);
        d.insert_temp(id.with("note"), note);
    });
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(4.0);
    ui.label(egui::RichText::new(text).strong());
}

fn policy_help(p: ReactPolicy) -> &'static str {
    match p {
        ReactPolicy::Ask => "ask the player at every reaction window",
        ReactPolicy::Auto => "take the reaction most likely to help, without asking",
        ReactPolicy::Never => "never react",
    }
}
