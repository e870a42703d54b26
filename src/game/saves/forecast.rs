//! The win forecast in the window (issue 32): F3 or the "Win forecast" button opens a
//! small window and plays the rest of the battle out [`BATTLES`] times with the AI on
//! every side and fresh dice (`skirmish_rules::forecast`, as `skirmish forecast` does) on
//! a background thread, so the window never waits for it: a progress bar fills while the
//! board stays playable, Cancel stops it (the play-outs done so far are counted; closing the window cancels too), and the
//! result lists each side's chance to win with its 95% interval, the rounds left and the
//! units most likely to fall. A result says which position it was worked out for; once
//! the battle moves on it says so.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::forecast::{Forecast, ForecastOptions, forecast};

use crate::game::act::handover_pending;
use crate::game::keymap::{Bind, KeyMap};
use crate::game::state::{BattleRes, GameSystems, Screen, Session, View};

/// Play-outs per forecast.
pub const BATTLES: usize = 1000;
/// The forecast's seed (the same position gives the same forecast).
pub const SEED: u64 = 1;

/// A forecast being worked out on its thread.
#[derive(Debug)]
pub struct Running {
    /// Play-outs done so far.
    pub done: Arc<AtomicUsize>,
    /// Set to stop it.
    pub cancel: Arc<AtomicBool>,
    /// Play-outs asked for.
    pub total: usize,
    /// The position: (battle generation, commands played).
    pub at: (u32, usize),
    handle: Option<JoinHandle<Forecast>>,
}

/// The forecast window's state.
#[derive(Resource, Default, Debug)]
pub struct Forecaster {
    /// The window is open.
    pub open: bool,
    /// A forecast under way.
    pub running: Option<Running>,
    /// The last result, and the position it was worked out for.
    pub result: Option<(Forecast, (u32, usize))>,
    /// Why the last one failed.
    pub error: Option<String>,
}

/// What the forecast window's buttons (or a test) asked this frame.
#[derive(Resource, Default, Debug)]
pub struct ForecastIntent {
    /// Start a forecast from the position on the board (with this many play-outs; 0:
    /// [`BATTLES`]).
    pub run: Option<usize>,
    /// Stop the one under way.
    pub cancel: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Forecaster>()
        .init_resource::<ForecastIntent>()
        .add_systems(
            Update,
            (toggle.in_set(GameSystems::Input), (start, poll).chain())
                .chain()
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(OnExit(Screen::Battle), stop)
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Battle)),
        );
}

/// The position a battle is at: (generation, commands).
fn position(b: &BattleRes, s: &Session) -> (u32, usize) {
    (s.generation, b.0.history().commands.len())
}

/// F3 opens the window and runs a forecast of the position on the board (unless the one
/// shown is of it); F3 again closes it, cancelling one under way. Not behind the handover
/// screen, nor while another window has the keys.
fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    view: Res<View>,
    battle: Option<Res<BattleRes>>,
    session: Option<Res<Session>>,
    mut f: ResMut<Forecaster>,
    mut intent: ResMut<ForecastIntent>,
) {
    let behind = match (battle.as_deref(), session.as_deref()) {
        (Some(b), Some(s)) => handover_pending(&b.0, s).is_some(),
        _ => true,
    };
    if behind || view.files_open || view.settings_open {
        return;
    }
    if !map.just(Bind::Forecast, &keys) {
        return;
    }
    if f.open {
        f.open = false;
        intent.cancel = true;
        return;
    }
    f.open = true;
    let now = match (battle.as_deref(), session.as_deref()) {
        (Some(b), Some(s)) => position(b, s),
        _ => return,
    };
    if f.running.is_none() && f.result.as_ref().is_none_or(|(_, at)| *at != now) {
        intent.run = Some(BATTLES);
    }
}

/// Start a forecast on its own thread, from a copy of the battle (`Battle::branch`: the
/// same position; each play-out gets its own dice anyway).
fn start(
    mut intent: ResMut<ForecastIntent>,
    battle: Res<BattleRes>,
    session: Res<Session>,
    mut f: ResMut<Forecaster>,
) {
    let i = std::mem::take(&mut *intent);
    if i.cancel
        && let Some(r) = &f.running
    {
        r.cancel.store(true, Ordering::Relaxed);
    }
    let Some(n) = i.run else { return };
    if f.running.is_some() {
        return;
    }
    let total = if n == 0 { BATTLES } else { n };
    let b = battle.0.branch(0);
    let done = Arc::new(AtomicUsize::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    // One core stays the window's.
    let jobs = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .max(1);
    let (d, c) = (done.clone(), cancel.clone());
    let spawned = std::thread::Builder::new()
        .name("forecast".into())
        .spawn(move || {
            forecast(
                &b,
                &ForecastOptions {
                    battles: total,
                    seed: SEED,
                    jobs,
                },
                &|k| d.store(k, Ordering::Relaxed),
                &c,
            )
        });
    match spawned {
        Ok(handle) => {
            f.error = None;
            f.running = Some(Running {
                done,
                cancel,
                total,
                at: position(&battle, &session),
                handle: Some(handle),
            });
        }
        Err(e) => f.error = Some(format!("the forecast could not start: {e}")),
    }
}

/// Take the result once the thread is done; until then keep frames coming (the progress
/// bar moves).
fn poll(mut f: ResMut<Forecaster>, mut redraw: MessageWriter<RequestRedraw>) {
    let Some(r) = &mut f.running else { return };
    if !r.handle.as_ref().is_some_and(|h| h.is_finished()) {
        redraw.write(RequestRedraw);
        return;
    }
    let at = r.at;
    let joined = r.handle.take().map(|h| h.join());
    f.running = None;
    match joined {
        Some(Ok(fc)) => f.result = Some((fc, at)),
        _ => f.error = Some("the forecast stopped on an error".into()),
    }
    redraw.write(RequestRedraw);
}

/// Leaving the battle stops a forecast under way and forgets the result.
fn stop(mut f: ResMut<Forecaster>) {
    if let Some(r) = &f.running {
        r.cancel.store(true, Ordering::Relaxed);
    }
    f.running = None;
    f.result = None;
    f.error = None;
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The window (or, closed, its button in the map's top left corner).
fn draw(
    mut contexts: EguiContexts,
    map: Res<KeyMap>,
    battle: Res<BattleRes>,
    session: Res<Session>,
    mut f: ResMut<Forecaster>,
    mut intent: ResMut<ForecastIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if handover_pending(&battle.0, &session).is_some() {
        return Ok(());
    }
    let key = map.first(Bind::Forecast);
    if !f.open {
        egui::Area::new("forecast-button".into())
            .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
            .show(&ctx, |ui| {
                if ui
                    .button(format!("Win forecast [{key}]"))
                    .on_hover_text(
                        "who is likely to win from here: the rest of the battle played out \
                         1,000 times by the AI, in the background",
                    )
                    .clicked()
                {
                    f.open = true;
                    intent.run = Some(BATTLES);
                }
            });
        return Ok(());
    }
    let now = position(&battle, &session);
    let mut open = true;
    egui::Window::new("Win forecast")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .collapsible(false)
        .resizable(false)
        .default_width(340.0)
        .open(&mut open)
        .show(&ctx, |ui| {
            if let Some(r) = &f.running {
                let done = r.done.load(Ordering::Relaxed);
                ui.label(format!(
                    "Playing the battle out with the AI on every side: {done} of {}",
                    r.total
                ));
                ui.add(
                    egui::ProgressBar::new(done as f32 / r.total.max(1) as f32).show_percentage(),
                );
                if ui.button("Cancel").clicked() {
                    intent.cancel = true;
                }
            } else {
                ui.label(format!(
                    "Plays the rest of the battle out {BATTLES} times with the AI on every \
                     side and fresh dice (the board stays playable meanwhile)."
                ));
                let again = f.result.is_some();
                if ui.button(if again { "Run again" } else { "Run" }).clicked() {
                    intent.run = Some(BATTLES);
                }
            }
            if let Some(e) = &f.error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
            if let Some((fc, at)) = &f.result {
                ui.separator();
                result(ui, fc, *at != now);
            }
        });
    if !open {
        f.open = false;
        intent.cancel = true;
    }
    Ok(())
}

/// A forecast's numbers.
fn result(ui: &mut egui::Ui, fc: &Forecast, stale: bool) {
    ui.label(format!(
        "From command {} (round {}): {} play-out(s){}",
        fc.from_command,
        fc.round,
        fc.played,
        if fc.cancelled { ", cancelled" } else { "" }
    ));
    if stale {
        ui.colored_label(
            egui::Color32::LIGHT_YELLOW,
            "The battle has moved on since: run again for the position now.",
        );
    }
    egui::Grid::new("forecast-sides").show(ui, |ui| {
        for s in &fc.sides {
            ui.label(egui::RichText::new(&s.name).strong());
            ui.add(
                egui::ProgressBar::new(s.chance as f32)
                    .desired_width(110.0)
                    .text(pct(s.chance)),
            );
            ui.label(format!(
                "95%: {} – {}",
                pct(s.chance_95.0),
                pct(s.chance_95.1)
            ));
            ui.end_row();
        }
    });
    let played = fc.played.max(1) as f64;
    if fc.draws > 0 {
        ui.label(format!("Draw: {}", pct(fc.draws as f64 / played)));
    }
    if fc.unfinished > 0 {
        ui.label(format!(
            "Unfinished (command limit): {}",
            pct(fc.unfinished as f64 / played)
        ));
    }
    ui.label(format!(
        "Rounds left: {:.1} on average (sd {:.1})",
        fc.rounds_left, fc.rounds_left_sd
    ));
    let likely: Vec<_> = fc.falls.iter().filter(|u| u.falls > 0).take(5).collect();
    if likely.is_empty() {
        ui.label("Nobody falls in any play-out.");
    } else {
        ui.label(egui::RichText::new("Most likely to fall").strong());
        for u in likely {
            ui.label(format!(
                "{} ({}): {} (95%: {} – {})",
                u.name,
                u.side,
                pct(u.chance),
                pct(u.chance_95.0),
                pct(u.chance_95.1)
            ));
        }
    }
}
