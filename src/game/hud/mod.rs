//! The egui overlay: turn order, unit card, action bar, roll log, hover previews,
//! reaction prompts, the hot-seat handover screen, help and the victory screen. It reads
//! the battle and records intent; it never changes the battle itself.
//!
//! One file per part: `panel` (the side panel's turn order, unit card, toggles and
//! messages), `action_bar`, `log` (the roll log), `hover` (previews), `prompts`
//! (reaction prompt, chooser) and `dialogs` (handover, Command words, help, victory).
//! [`draw`] draws them in that order, once a frame.

mod action_bar;
mod dialogs;
mod hover;
mod log;
mod panel;
mod prompts;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::{BattleRes, Intent, Screen, Session, View};

pub use hover::hover_lines;
use log::LogCache;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(log::plugin).add_systems(
        EguiPrimaryContextPass,
        draw.run_if(in_state(Screen::Battle)),
    );
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The whole overlay, part by part, in drawing order (later parts draw over earlier
/// ones; every window's rectangle goes into `View::ui_rects`).
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

    if dialogs::handover(&ctx, b, &session, &mut view, &mut intent, screen) {
        return Ok(());
    }

    log::update(&mut cache, b, &session);
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
        .min_size(crate::game::map::PANEL - 16.0)
        .show(&mut root, |ui| {
            panel::header(ui, b, &session, &mut view, &cache, cur);
            panel::unit_card(ui, b, &view, &mut intent, cur);
            action_bar::draw(ui, b, &session, &view, &mut intent);
            panel::settings(ui, b, &mut session, &mut view);
            panel::messages(ui, &view, &hover);
            log::draw(ui, b, &mut view, &cache);
        });
    let pr = panel.response.rect;
    rects.push(Rect::new(pr.min.x, pr.min.y, pr.max.x, pr.max.y));
    prompts::reaction(&ctx, b, &session, &mut intent, &mut rects);
    prompts::chooser(&ctx, b, &view, &mut intent, &mut rects);
    dialogs::say(&ctx, &mut view, &mut intent, &mut rects);
    dialogs::help(&ctx, &mut view);
    dialogs::victory(&ctx, b, &mut intent, &mut rects);
    hover::tooltip(&ctx, hover, &rects);
    if view.ui_rects != rects {
        view.ui_rects = rects;
    }
    Ok(())
}
