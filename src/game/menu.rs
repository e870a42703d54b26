//! Start menu: the levels of the menu's folders (`level_list`: the shipped ones, the
//! user's levels folder, a folder or file given on the command line), the chosen level's
//! description, ruleset and map preview, the grid, each side's controller (an all-human
//! level starts solo: the AI on the other sides) and reaction policy (each starts with
//! the Settings' default), the settings screen and Quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::Controller;
use skirmish_rules::rulesets::Registry;

use super::hud::settings_screen;
use super::keymap::{Bind, KeyMap};
use super::settings::{Saved, commit};
use super::{Launch, ReactPolicy, Screen, Session, View, start_battle, start_loaded};

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_message::<bevy::window::WindowFocused>()
        .add_systems(OnEnter(Screen::Menu), auto_start)
        .add_systems(Update, refresh_on_focus.run_if(in_state(Screen::Menu)))
        .add_systems(EguiPrimaryContextPass, draw.run_if(in_state(Screen::Menu)));
}

/// The folders read again when the window regains focus; the chosen level stays chosen
/// (by its file) when it is still there.
fn refresh_on_focus(
    mut focus: MessageReader<bevy::window::WindowFocused>,
    mut launch: ResMut<Launch>,
    mut menu: ResMut<MenuState>,
) {
    if !focus.read().any(|f| f.focused) || launch.folders.is_empty() {
        return;
    }
    let before = launch.levels.get(menu.chosen).map(|(p, _)| p.clone());
    super::level_list::refresh(&mut launch);
    let now = before.and_then(|p| super::level_list::position(&launch.levels, &p));
    if now != Some(menu.chosen) {
        menu.chosen = now.unwrap_or(0);
        menu.policies.clear();
        menu.controllers.clear();
    }
}

#[derive(Resource, Default)]
pub(super) struct MenuState {
    chosen: usize,
    /// None: the level's own grid.
    grid: Option<GridKind>,
    policies: Vec<ReactPolicy>,
    controllers: Vec<Controller>,
    /// The default policy `policies` were filled with (a new default fills them again).
    default_policy: ReactPolicy,
    error: Option<String>,
}

fn session(
    launch: &Launch,
    i: usize,
    grid: Option<GridKind>,
    policies: &[ReactPolicy],
    controllers: &[Controller],
    default_policy: ReactPolicy,
) -> Session {
    let (_, level) = &launch.levels[i];
    let mut level = level.clone();
    if let Some(g) = grid.or(launch.grid) {
        level = level.with_grid(g);
    }
    let seed = launch.seed.or(level.seed).unwrap_or(0);
    let mut p = policies.to_vec();
    p.resize(level.sides.len(), default_policy);
    // Unset: the menu's default for the side (solo for an all-human level).
    let solo = super::level_list::default_controllers(&level);
    let controllers = solo
        .iter()
        .enumerate()
        .map(|(i, s)| controllers.get(i).copied().unwrap_or(*s))
        .collect();
    Session {
        level,
        seed,
        policies: p,
        controllers,
        commands: Vec::new(),
        marks: Vec::new(),
        viewer: None,
        logged: 0,
        event_log: launch.event_log.clone(),
        generation: 0,
        confirm_end_turn: true,
    }
}

/// `skirmish play FILE` starts at once.
pub(super) fn auto_start(
    mut commands: Commands,
    mut launch: ResMut<Launch>,
    mut menu: ResMut<MenuState>,
    mut next: ResMut<NextState<Screen>>,
    view: Res<View>,
) {
    if let Some(save) = launch.load.take() {
        match start_loaded(&mut commands, &save, launch.event_log.clone()) {
            Ok(()) => next.set(Screen::Battle),
            Err(e) => menu.error = Some(e),
        }
        return;
    }
    let Some(i) = launch.start.take() else {
        return;
    };
    menu.chosen = i;
    // The level as its file says (a hot-seat level named on the command line stays so).
    let own: Vec<Controller> = launch
        .levels
        .get(i)
        .map(|(_, l)| l.sides.iter().map(|s| s.controller).collect())
        .unwrap_or_default();
    let s = session(&launch, i, None, &[], &own, view.prefs.reactions);
    match start_battle(&mut commands, s) {
        Ok(()) => next.set(Screen::Battle),
        Err(e) => menu.error = Some(e),
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    map: Res<KeyMap>,
    mut commands: Commands,
    launch: Res<Launch>,
    mut menu: ResMut<MenuState>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut view: ResMut<View>,
    mut saved: ResMut<Saved>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    // The save window over the menu has the keys (`saves`).
    let busy = view.settings_open || view.files_open || super::credits::open(ctx);
    let mut start = map.just(Bind::Start, &keys) && !busy;
    if view.settings_open && map.just(Bind::Close, &keys) {
        view.settings_open = false;
    }
    // Up/Down (W/S) and Tab/Shift+Tab choose among the playable levels (wrapping).
    let mut moved = false;
    if !busy {
        let dir =
            i32::from(map.just(Bind::LevelDown, &keys)) - i32::from(map.just(Bind::LevelUp, &keys));
        let playable: Vec<usize> = (0..launch.levels.len())
            .filter(|&i| launch.levels[i].1.ruleset.playable())
            .collect();
        if dir != 0 && !playable.is_empty() {
            let n = playable.len() as i32;
            let at = playable.iter().position(|&i| i == menu.chosen);
            let next = match at {
                Some(p) => (p as i32 + dir).rem_euclid(n),
                None if dir < 0 => n - 1,
                None => 0,
            };
            menu.chosen = playable[next as usize];
            menu.policies.clear();
            menu.controllers.clear();
            moved = true;
        }
    }
    // A new default reaction policy (Settings) fills the sides' choices again.
    if menu.default_policy != view.prefs.reactions {
        menu.default_policy = view.prefs.reactions;
        menu.policies.clear();
    }
    let default_policy = menu.default_policy;
    let palette = view.prefs.palette;
    let mut open_settings = false;
    let mut quit = false;
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Skirmish");
            if ui
                .button("Settings")
                .on_hover_text("sound, interface size, colours, reactions, animation")
                .clicked()
            {
                open_settings = true;
            }
            // The level editor (issue 35): a new level, or the chosen level's file.
            let chosen = launch.levels.get(menu.chosen).map(|(p, _)| p.clone());
            for (word, file) in [("New level", None), ("Edit level", chosen)] {
                let tip = file.as_ref().map_or("a new level in the editor".into(), |p| {
                    format!("open {} in the editor", p.display())
                });
                if ui.button(word).on_hover_text(tip).clicked() {
                    match super::editor::open(file) {
                        Ok(e) => {
                            commands.insert_resource(e);
                            next.set(Screen::Editor);
                        }
                        Err(e) => menu.error = Some(e),
                    }
                }
            }
            if ui
                .button("Quit")
                .on_hover_text("close the window")
                .clicked()
            {
                quit = true;
            }
            super::credits::button(ui);
        });
        ui.label(
            "Turn-based tactics on square and hex grids. Pick a level (Up/Down or Tab), then \
             Start (Enter).",
        );
        ui.separator();
        // The level named on the command line did not load: its problems, line by line.
        if !launch.problems.is_empty() {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                egui::RichText::new("The level you asked for has problems:").strong(),
            );
            for p in &launch.problems {
                ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(p).monospace());
            }
            ui.label("Fix the file and choose it again (the list is read again when the window regains focus), or pick another level.");
            ui.separator();
        }
        if launch.levels.is_empty() {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                "No levels found. Put .ron level files in levels/ or run `skirmish play FILE`.",
            );
        }
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.label(egui::RichText::new("Levels").strong());
            egui::ScrollArea::vertical()
                .id_salt("levels")
                .show(ui, |ui| {
                    for (i, (path, level)) in launch.levels.iter().enumerate() {
                        let playable = level.ruleset.playable();
                        let text = format!(
                            "{}  —  {} · {} · {}×{}{}",
                            super::level_list::label(&launch.levels, i),
                            level.ruleset,
                            level.grid.kind,
                            level.grid.width,
                            level.grid.height,
                            if playable { "" } else { " (not playable yet)" }
                        );
                        let r = ui.add_enabled(
                            playable,
                            egui::Button::selectable(menu.chosen == i, text),
                        );
                        let r = r.on_hover_text(format!(
                            "{}\n{}",
                            path.display(),
                            if level.description.is_empty() {
                                "(no description)"
                            } else {
                                &level.description
                            }
                        ));
                        if moved && menu.chosen == i {
                            r.scroll_to_me(None);
                        }
                        if r.clicked() {
                            menu.chosen = i;
                            menu.policies.clear();
                            menu.controllers.clear();
                        }
                        if r.double_clicked() {
                            start = true;
                        }
                    }
                    for b in &launch.broken {
                        ui.colored_label(egui::Color32::LIGHT_RED, b);
                    }
                    ui.add_space(6.0);
                    let from: Vec<String> =
                        launch.folders.iter().map(|d| d.display().to_string()).collect();
                    if !from.is_empty() {
                        ui.weak(format!("Read from: {}", from.join(", ")))
                            .on_hover_text("read again when the window regains focus");
                    }
                });
            // The level's side scrolls when it does not fit (many sides, a large UI).
            let right = egui::ScrollArea::vertical().id_salt("level");
            right.show(&mut cols[1], |ui| {
                let Some((_, level)) = launch.levels.get(menu.chosen) else {
                    return;
                };
                ui.label(egui::RichText::new(&level.name).strong());
                if !level.description.is_empty() {
                    ui.label(&level.description);
                }
                let line = super::level_list::ruleset_line(level.ruleset);
                if !line.is_empty() {
                    ui.label(egui::RichText::new(&line).italics())
                        .on_hover_text("F1 in a battle explains the ruleset in full");
                }
                let colours = super::palette::level_colours(level);
                let dots: Vec<egui::Color32> = (0..level.sides.len())
                    .map(|i| super::palette::side_egui(palette, &colours, i))
                    .collect();
                let kind = menu.grid.unwrap_or(level.grid.kind);
                super::level_list::preview(ui, level, kind, &dots, 220.0);
                ui.horizontal(|ui| {
                    ui.label("Grid:");
                    let own = format!("as the level ({})", level.grid.kind);
                    ui.radio_value(&mut menu.grid, None, own);
                    ui.radio_value(&mut menu.grid, Some(GridKind::Square), "square");
                    ui.radio_value(&mut menu.grid, Some(GridKind::Hex), "hex");
                });
                menu.policies.resize(level.sides.len(), default_policy);
                if menu.controllers.len() != level.sides.len() {
                    menu.controllers = super::level_list::default_controllers(level);
                }
                ui.label(
                    "Sides (two or more Human sides play hot-seat: each gets a handover screen):",
                );
                egui::Grid::new("sides").striped(true).show(ui, |ui| {
                    ui.label("side");
                    ui.label("controller");
                    ui.label("reactions");
                    ui.end_row();
                    let colours = super::palette::level_colours(level);
                    for (i, side) in level.sides.iter().enumerate() {
                        let c = super::palette::side_egui(palette, &colours, i);
                        ui.colored_label(c, &side.name);
                        ui.horizontal(|ui| {
                            ui.radio_value(&mut menu.controllers[i], Controller::Human, "Human");
                            ui.radio_value(&mut menu.controllers[i], Controller::Ai, "AI")
                                .on_hover_text("The computer plays this side and its reactions.");
                        });
                        // A drop-down: the row stays narrow at a large UI scale.
                        egui::ComboBox::from_id_salt(("policy", i))
                            .selected_text(menu.policies[i].label())
                            .show_ui(ui, |ui| {
                                for p in ReactPolicy::ALL {
                                    ui.selectable_value(&mut menu.policies[i], p, p.label())
                                        .on_hover_text(super::level_list::policy_words(p));
                                }
                            })
                            .response
                            .on_hover_text(super::level_list::policy_words(menu.policies[i]));
                        ui.end_row();
                    }
                });
                ui.weak(
                    "Reactions: what a side does when a foe's move lets it answer on the \
                     foe's turn. Ask: the game asks. Auto: the game picks the best answer. \
                     Never: no reactions.",
                );
                ui.add_space(8.0);
                let button = egui::Button::new(
                    egui::RichText::new("Start  [Enter]")
                        .strong()
                        .size(18.0)
                        .color(egui::Color32::WHITE),
                )
                .fill(egui::Color32::from_rgb(40, 110, 60))
                .min_size(egui::vec2(160.0, 36.0));
                if ui.add(button).clicked() {
                    start = true;
                }
                if let Some(e) = &menu.error {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
            });
        });
    });
    if busy {
        dim_behind(&mut root);
    }
    if open_settings {
        view.settings_open = true;
    }
    if quit {
        exit.write(AppExit::Success);
    }
    // The settings screen edits the saved settings (no battle is under way to show
    // them): its changes are saved at once and apply to the next battle.
    let mut s = saved.settings.clone();
    s.prefs = view.prefs.clone();
    let sides: Vec<(String, [u8; 3])> = launch
        .levels
        .get(menu.chosen)
        .map(|(_, l)| l.sides.iter().map(|d| (d.name.clone(), d.colour)).collect())
        .unwrap_or_default();
    let mut open = view.settings_open;
    let (mut rects, mut spots) = (Vec::new(), Vec::new());
    if settings_screen::window(ctx, &mut open, &mut s, &sides, &mut rects, &mut spots) {
        view.prefs = s.prefs.clone();
        if let Err(e) = commit(&mut saved, s) {
            menu.error = Some(format!("settings not saved: {e}"));
        }
    }
    if open != view.settings_open {
        view.settings_open = open;
    }
    if start && menu.chosen < launch.levels.len() {
        let s = session(
            &launch,
            menu.chosen,
            menu.grid,
            &menu.policies,
            &menu.controllers,
            default_policy,
        );
        match start_battle(&mut commands, s) {
            Ok(()) => {
                menu.error = None;
                next.set(Screen::Battle);
            }
            Err(e) => menu.error = Some(e),
        }
    }
    Ok(())
}

/// The menu dims behind a window over it (Credits, Settings, the saves), as the board does
/// behind a dialog (`veil`): a 60% black rectangle painted over the menu's panel on its
/// own layer (egui's background, under every window), and a rectangle over it all that
/// takes the pointer, so a click beside the window starts, edits or quits nothing.
pub fn dim_behind(root: &mut egui::Ui) {
    let screen = root.ctx().viewport_rect();
    root.painter()
        .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(DIM_ALPHA));
    let _ = root.interact(
        screen,
        egui::Id::new("menu-dim"),
        egui::Sense::click_and_drag(),
    );
}

/// The dimming's alpha: 60% (the menu is darker than the board, whose veil is 45%).
pub const DIM_ALPHA: u8 = 150;
