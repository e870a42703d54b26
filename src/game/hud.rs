//! egui overlay: whose turn, the roll log, End Turn (Space / Enter).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::record::record;
use skirmish_rules::{Command, Status};

use super::BattleRes;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Intent>()
        .add_systems(EguiPrimaryContextPass, draw)
        .add_systems(Update, (record_keys, apply_intent).chain());
}

/// What the player asked for this frame (input only records intent).
#[derive(Resource, Default)]
struct Intent {
    end_turn: bool,
    message: Option<String>,
}

fn record_keys(keys: Res<ButtonInput<KeyCode>>, mut intent: ResMut<Intent>) {
    if keys.any_just_pressed([KeyCode::Space, KeyCode::Enter]) {
        intent.end_turn = true;
    }
}

fn apply_intent(mut intent: ResMut<Intent>, mut battle: ResMut<BattleRes>) {
    if !std::mem::take(&mut intent.end_turn) {
        return;
    }
    let Status::Turn(u) = battle.0.status() else {
        intent.message = Some("Not now: the battle waits for a reaction or is over.".into());
        return;
    };
    if let Err(e) = battle.0.submit(Command::EndTurn { unit: u }) {
        intent.message = Some(e.to_string());
    }
}

fn draw(mut contexts: EguiContexts, battle: Res<BattleRes>, mut intent: ResMut<Intent>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let b = &battle.0;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("log")
        .min_size(320.0)
        .show(&mut root, |ui| {
            ui.heading(&b.level().name);
            ui.label(format!(
                "Ruleset {} — {} grid — round {}",
                b.ruleset(),
                b.grid().kind,
                b.round()
            ));
            match b.status() {
                Status::Turn(u) => {
                    ui.label(format!(
                        "Turn: {} ({} AP, {} RP)",
                        b.name(u),
                        b.ap(u),
                        b.rp(u)
                    ));
                }
                Status::AwaitingReaction(u) => {
                    ui.label(format!("Waiting for {}'s reaction", b.name(u)));
                }
                Status::Ended(_) => {
                    ui.label("Battle over");
                }
            }
            if ui.button("End turn [Space]").clicked() {
                intent.end_turn = true;
            }
            if let Some(m) = &intent.message {
                ui.colored_label(egui::Color32::LIGHT_RED, m);
            }
            ui.separator();
            ui.label("Roll log (newest first)");
            egui::ScrollArea::vertical().show(ui, |ui| {
                for l in b.log().iter().rev().take(200) {
                    ui.label(record(b, l).text());
                }
            });
        });
    Ok(())
}
