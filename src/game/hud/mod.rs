//! The egui overlay: turn order, unit card, action bar, roll log, hover previews,
//! reaction prompts, the hot-seat handover screen, help and the victory screen. It reads
//! the battle and records intent; it never changes the battle itself.
//!
//! One file per part: `panel` (the side panel's turn order, unit card, toggles and
//! messages), `action_bar`, `log` (the roll log), `hover` (previews), `prompts`
//! (reaction prompt, chooser) and `dialogs` (handover, "End the turn?", Command words,
//! help, victory); `widgets` holds the small helpers they share (no part imports this
//! file).
//! [`draw`] draws them in that order, once a frame.

pub mod action_bar;
pub mod chain;
mod dialogs;
pub mod help;
mod hover;
mod log;
mod panel;
pub mod prompts;
pub mod refusals;
pub mod settings_screen;
mod widgets;

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiContexts, EguiInput, EguiPrimaryContextPass, egui};

use skirmish_rules::Status;

use crate::game::act::Usable;
use crate::game::keymap::{Bind, KeyMap};
use crate::game::layout::MapLayout;
use crate::game::state::{BattleRes, Intent, Screen, Session, View};

pub use action_bar::{PanelPlan, plan};
pub use dialogs::{SideSummary, summary};
pub use hover::hover_lines;
use log::LogCache;
pub use panel::card_title;
use widgets::{Spots, section};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((log::plugin, settings_screen::plugin))
        .add_systems(
            PreUpdate,
            game_keys_stay_the_games.after(bevy_egui::EguiPreUpdateSet::ProcessInput),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Battle)),
        );
}

/// egui moves its keyboard focus between buttons with Tab and the arrows, and Space or
/// Enter then clicks the focused button: with Tab cycling targets and the arrows moving
/// the cell cursor,
/// a Space that only dismisses the handover screen could press End turn, or Y's button.
/// Unless a text field has the focus (the Command's words), egui never sees those keys.
fn game_keys_stay_the_games(mut contexts: Query<(&mut EguiContext, &mut EguiInput)>) {
    use egui::Key;
    for (mut ctx, mut input) in &mut contexts {
        let ctx = ctx.get_mut();
        let typing = ctx
            .memory(|m| m.focused())
            .is_some_and(|id| egui::text_edit::TextEditState::load(ctx, id).is_some());
        if typing {
            continue;
        }
        if let Some(id) = ctx.memory(|m| m.focused()) {
            ctx.memory_mut(|m| m.surrender_focus(id));
        }
        input.events.retain(|e| {
            !matches!(
                e,
                egui::Event::Key {
                    key: Key::Tab
                        | Key::ArrowUp
                        | Key::ArrowDown
                        | Key::ArrowLeft
                        | Key::ArrowRight
                        | Key::Space
                        | Key::Enter,
                    ..
                }
            )
        });
    }
}

/// The whole overlay, part by part, in drawing order (later parts draw over earlier
/// ones; every window's rectangle goes into `View::ui_rects`). The side panel keeps the
/// level, whose turn it is, End turn and the last message at its top; below, its
/// sections fold and scroll (the wheel over the panel scrolls it, never the map).
#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    map: Res<KeyMap>,
    layout: Option<Res<MapLayout>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    battle: Res<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut intent: ResMut<Intent>,
    mut cache: ResMut<LogCache>,
    mut usable: Local<Usable>,
    mut clock: Local<crate::game::text_layout::MessageClock>,
    replay: Res<crate::game::replay::Replay>,
    mut rewind: ResMut<crate::game::saves::rewind::Rewind>,
    mut files: ResMut<crate::game::saves::FileIntent>,
    glide: Res<crate::game::framing::Glide>,
    words: Option<Res<crate::game::hazard_marks::HazardWords>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let b = &battle.0;
    if battle.is_added() {
        // Another battle (a save opened): nothing remembered of the one before.
        *usable = Usable::default();
        refusals::forget(&ctx);
    }
    let mut rects = Vec::new();
    let screen = ctx.viewport_rect();
    let mut spots = Spots::new();

    if dialogs::handover(
        &ctx,
        b,
        &session,
        &mut view,
        &mut intent,
        screen,
        &mut spots,
    ) {
        // The handover screen covers the whole window (in pixels: egui's points × zoom).
        let z = ctx.zoom_factor();
        let full = Rect::new(0.0, 0.0, screen.max.x * z, screen.max.y * z);
        if view.ui_rects != [full] {
            view.ui_rects = vec![full];
        }
        action_bar::note_buttons(&spots, z);
        return Ok(());
    }

    log::update(&mut cache, b, &session, ctx.input(|i| i.time));
    // A message goes once it no longer applies (a later command, another unit's turn).
    if view.message.is_some() {
        clock.tick(&mut view.message, session.commands.len(), b.current());
    }
    if let Status::Turn(u) = b.status() {
        usable.refresh(b, u, session.generation, session.commands.len());
    }
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
    // Under a dialog the panel's buttons are greyed (`dialog::keep_to_the_dialog` drops
    // what they ask anyway); the replay viewer shows the panel as it stood, not greyed.
    let live = !matches!(
        crate::game::dialog::open(b, &session, &view),
        Some(d) if d != crate::game::dialog::Dialog::Viewer
    );
    let looking = crate::game::act::viewing_side(b, &session);
    // The panel's width (window pixels, `layout::panel_px`) in egui's points.
    let width = layout
        .as_deref()
        .map_or(crate::game::layout::PANEL, |l| l.panel / ctx.zoom_factor());
    // The roll log's strip under the map in a short window (`layout::log_strip_px`), in
    // points.
    let strip =
        crate::game::layout::log_strip_px(screen.height() * ctx.zoom_factor()) / ctx.zoom_factor();
    let mut newest = None;
    let panel = egui::Panel::right("side")
        .resizable(false)
        .exact_size(width)
        .show(&mut root, |ui| {
            panel::header(ui, b, &session, cur, view.prefs.palette);
            ui.add_enabled_ui(live, |ui| {
                action_bar::turn_buttons(ui, b, &view, &session, &mut intent, &mut spots, &map);
            });
            if !live {
                ui.colored_label(
                    egui::Color32::LIGHT_YELLOW,
                    "A window is open: close it to act.",
                );
            }
            panel::message(ui, &view);
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("panel")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    // Greyed and inert under a dialog (the log stays readable and scrolls).
                    ui.add_enabled_ui(live, |ui| {
                        section(ui, "order", "Turn order", |ui| {
                            panel::turn_order(ui, b, &mut view, &cache, cur, &mut spots, looking);
                        });
                        if let Some(u) = view
                            .selected
                            .or(cur)
                            .filter(|&u| crate::game::sight::seen_by(b, looking, u))
                        {
                            let title = format!("Unit: {}", b.name(u));
                            section(ui, "unit", &title, |ui| {
                                // Tab and clicks inspect; only the acting unit acts (issue 31).
                                if let Status::Turn(a) = b.status()
                                    && a != u
                                {
                                    ui.colored_label(
                                        egui::Color32::LIGHT_YELLOW,
                                        format!(
                                            "{} does not act now: the actions below are {}'s \
                                         ({} brings the card back)",
                                            b.name(u),
                                            b.name(a),
                                            map.first(Bind::Actor)
                                        ),
                                    );
                                }
                                panel::unit_card(ui, b, u, &mut intent, cur, &mut spots);
                            });
                        }
                        action_bar::draw(
                            ui,
                            b,
                            &session,
                            &view,
                            &mut intent,
                            &usable,
                            &mut spots,
                            &map,
                        );
                        // The board's hover words, not under a window about the game
                        // (as the tooltip below).
                        if !matches!(
                            crate::game::dialog::open(b, &session, &view),
                            Some(
                                crate::game::dialog::Dialog::Menu
                                    | crate::game::dialog::Dialog::Settings
                                    | crate::game::dialog::Dialog::Help
                                    | crate::game::dialog::Dialog::Files
                                    | crate::game::dialog::Dialog::Victory
                            )
                        ) {
                            panel::hover_lines(ui, &hover);
                        }
                        section(ui, "settings", "Settings", |ui| {
                            panel::settings(ui, b, &mut session, &mut view);
                        });
                    });
                    // A tall window: the roll log at the panel's foot.
                    if strip <= 0.0 {
                        let rewinds = live && !view.viewing;
                        ui.separator();
                        newest = log::draw(
                            ui,
                            b,
                            &mut view,
                            &cache,
                            looking,
                            &mut rewind.to,
                            rewinds,
                            280.0,
                        );
                    }
                });
        });
    let pr = panel.response.rect;
    rects.push(Rect::new(pr.min.x, pr.min.y, pr.max.x, pr.max.y));
    // A short window: the roll log in its strip under the map, always in view (at the
    // panel's foot it fell below the fold at 1024×640).
    if strip > 0.0 {
        let s = egui::Panel::bottom("log strip")
            .resizable(false)
            .exact_size(strip)
            .show(&mut root, |ui| {
                let rewinds = live && !view.viewing;
                let h = (ui.available_height() - 28.0).max(40.0);
                newest = log::draw(
                    ui,
                    b,
                    &mut view,
                    &cache,
                    looking,
                    &mut rewind.to,
                    rewinds,
                    h,
                );
            });
        let r = s.response.rect;
        rects.push(Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
    }
    // The involved units' cells on screen (points), for the prompt to stand clear of.
    let z = ctx.zoom_factor();
    let avoid: Vec<egui::Rect> = b
        .window()
        .map(|w| crate::game::act::offers::involved(b, w).units())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|u| {
            let l = layout.as_deref()?;
            let (cam, gt) = cams.iter().find(|(c, _)| c.is_active)?;
            let w = l.world(b.pos(u));
            let p = cam.world_to_viewport(gt, w.extend(0.0)).ok()?;
            // The cell's half size on screen (the camera's zoom applied).
            let q = cam
                .world_to_viewport(gt, (w + l.tile() * 0.5).extend(0.0))
                .ok()?;
            let half = Vec2::new((q.x - p.x).abs(), (q.y - p.y).abs());
            Some(egui::Rect::from_min_max(
                egui::pos2(p.x - half.x, p.y - half.y) / z,
                egui::pos2(p.x + half.x, p.y + half.y) / z,
            ))
        })
        .chain(
            // The replay banner (top centre) while it shows: the prompt never under it.
            ctx.memory(|m| m.area_rect(egui::Id::new("replay-banner")))
                .filter(|_| replay.running()),
        )
        .collect();
    if let Some(at) = newest {
        spots.push(("Roll log newest".into(), at));
    }
    // The prompt's area: the map's column, the roll log's strip too (a prompt may cover
    // the log, never the units it is about: at 1024×640 the map above the strip is too
    // short for a prompt beside them).
    let area = egui::Rect::from_min_max(screen.min, egui::pos2(pr.min.x, screen.max.y));
    prompts::reaction(
        &ctx,
        b,
        &session,
        &mut view,
        &mut intent,
        &mut rects,
        &mut spots,
        &avoid,
        area,
        replay.running() || glide.busy(),
    );
    prompts::chooser(&ctx, b, &view, &mut intent, &mut rects);
    dialogs::confirm_end(&ctx, b, &view, &mut intent, &mut rects, &mut spots);
    dialogs::say(&ctx, &mut view, &mut intent, &mut rects);
    help::help(&ctx, &mut view, b, &map, &mut spots);
    dialogs::battle_menu(
        &ctx,
        &mut view,
        &mut intent,
        &mut files,
        &map,
        &mut rects,
        &mut spots,
    );
    let mut s = crate::game::settings::live(&view, &session);
    let sides: Vec<(String, [u8; 3])> = b
        .level()
        .sides
        .iter()
        .map(|d| (d.name.clone(), d.colour))
        .collect();
    let mut open = view.settings_open;
    if settings_screen::window(&ctx, &mut open, &mut s, &sides, &mut rects, &mut spots) {
        crate::game::settings::put(&s, &mut view, Some(&mut session));
    }
    if open != view.settings_open {
        view.settings_open = open;
    }

    dialogs::victory(&ctx, b, &mut intent, &mut rects);
    // The tooltip stands next to the cell cursor while the keys move it, else next to
    // the pointer.
    let anchor = view
        .cursor
        .filter(|_| view.keyboard)
        .zip(layout.as_deref())
        .and_then(|(c, l)| {
            let (cam, gt) = cams.iter().find(|(c, _)| c.is_active)?;
            let p = cam.world_to_viewport(gt, l.world(c).extend(0.0)).ok()?;
            let half = l.tile() * 0.5;
            Some(egui::pos2(p.x + half.x, p.y + half.y / 2.0) / z)
        });
    // No board tooltip over a menu or a window about the game (the board's hover is
    // not what the player is looking at; it showed over the Esc menu).
    {
        use crate::game::dialog::Dialog as D;
        let under = crate::game::dialog::open(b, &session, &view);
        if !matches!(
            under,
            Some(D::Menu | D::Settings | D::Help | D::Files | D::Victory)
        ) {
            // Off the hovered hazard's words and the hazards' marks (world boxes, on
            // screen in points).
            let clear: Vec<Rect> = words
                .map(|w| {
                    w.words
                        .iter()
                        .chain(&w.marks)
                        .filter_map(|r| {
                            let (cam, gt) = cams.iter().find(|(c, _)| c.is_active)?;
                            let a = cam.world_to_viewport(gt, r.min.extend(0.0)).ok()?;
                            let b = cam.world_to_viewport(gt, r.max.extend(0.0)).ok()?;
                            Some(Rect::from_corners(a / z, b / z))
                        })
                        .collect()
                })
                .unwrap_or_default();
            hover::tooltip(&ctx, hover, &rects, &clear, anchor);
        }
    }
    // egui works in points; the game's pointer in window pixels (points × zoom).
    action_bar::note_buttons(&spots, z);
    let rects: Vec<Rect> = rects
        .into_iter()
        .map(|r| Rect::from_corners(r.min * z, r.max * z))
        .collect();
    if view.ui_rects != rects {
        view.ui_rects = rects;
    }
    Ok(())
}
