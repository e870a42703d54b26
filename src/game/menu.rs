//! Start menu: the levels in `levels/` (and one given on the command line), the grid,
//! each side's controller and reaction policy.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::Controller;

use super::{Launch, ReactPolicy, Screen, Session, start_battle};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(OnEnter(Screen::Menu), auto_start)
        .add_systems(EguiPrimaryContextPass, draw.run_if(in_state(Screen::Menu)));
}

#[derive(Resource, Default)]
struct MenuState {
    chosen: usize,
    /// None: the level's own grid.
    grid: Option<GridKind>,
    policies: Vec<ReactPolicy>,
    controllers: Vec<Controller>,
    error: Option<String>,
}

fn session(
    launch: &Launch,
    i: usize,
    grid: Option<GridKind>,
    policies: &[ReactPolicy],
    controllers: &[Controller],
) -> Session {
    let (_, level) = &launch.levels[i];
    let mut level = level.clone();
    if let Some(g) = grid.or(launch.grid) {
        level = level.with_grid(g);
    }
    let seed = launch.seed.or(level.seed).unwrap_or(0);
    let mut p = policies.to_vec();
    p.resize(level.sides.len(), ReactPolicy::Ask);
    // Unset: the level's own controller for the side.
    let controllers = level
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| controllers.get(i).copied().unwrap_or(s.controller))
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
fn auto_start(
    mut commands: Commands,
    mut launch: ResMut<Launch>,
    mut menu: ResMut<MenuState>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(i) = launch.start.take() else {
        return;
    };
    menu.chosen = i;
    let s = session(&launch, i, None, &[], &[]);
    match start_battle(&mut commands, s) {
        Ok(()) => next.set(Screen::Battle),
        Err(e) => menu.error = Some(e),
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut commands: Commands,
    launch: Res<Launch>,
    mut menu: ResMut<MenuState>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut start = keys.just_pressed(KeyCode::Enter);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Skirmish");
        ui.label("Turn-based tactics on square and hex grids. Pick a level, then Start (Enter).");
        ui.separator();
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
                            level.name,
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
                });
            let ui = &mut cols[1];
            let Some((_, level)) = launch.levels.get(menu.chosen) else {
                return;
            };
            ui.label(egui::RichText::new(&level.name).strong());
            if !level.description.is_empty() {
                ui.label(&level.description);
            }
            ui.horizontal(|ui| {
                ui.label("Grid:");
                let own = format!("as the level ({})", level.grid.kind);
                ui.radio_value(&mut menu.grid, None, own);
                ui.radio_value(&mut menu.grid, Some(GridKind::Square), "square");
                ui.radio_value(&mut menu.grid, Some(GridKind::Hex), "hex");
            });
            menu.policies.resize(level.sides.len(), ReactPolicy::Ask);
            if menu.controllers.len() != level.sides.len() {
                menu.controllers = level.sides.iter().map(|s| s.controller).collect();
            }
            ui.label(
                "Sides (hot-seat: with two or more human sides, each gets a handover screen):",
            );
            egui::Grid::new("sides").striped(true).show(ui, |ui| {
                ui.label("side");
                ui.label("controller");
                ui.label("reactions");
                ui.end_row();
                for (i, side) in level.sides.iter().enumerate() {
                    let [r, g, b] = side.colour;
                    ui.colored_label(egui::Color32::from_rgb(r, g, b), &side.name);
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut menu.controllers[i], Controller::Human, "Human");
                        ui.radio_value(&mut menu.controllers[i], Controller::Ai, "AI")
                            .on_hover_text("The computer plays this side and its reactions.");
                    });
                    ui.horizontal(|ui| {
                        for p in ReactPolicy::ALL {
                            ui.radio_value(&mut menu.policies[i], p, p.label());
                        }
                    });
                    ui.end_row();
                }
            });
            ui.add_space(8.0);
            if ui.button("Start [Enter]").clicked() {
                start = true;
            }
            if let Some(e) = &menu.error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
        });
    });
    if start && menu.chosen < launch.levels.len() {
        let s = session(
            &launch,
            menu.chosen,
            menu.grid,
            &menu.policies,
            &menu.controllers,
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
