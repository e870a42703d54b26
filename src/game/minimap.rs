//! The minimap: when the map is larger than the view, a small overview in the bottom left
//! corner of the map area shows the terrain, every unit standing as a dot of its side's
//! colour and shape (circle, triangle, square, diamond, as the side's emblem: readable
//! without colour; the acting unit ringed in white) and the part of the map in view as a
//! white frame. A click or a drag on it brings the view there. F2 (or Settings) shows or
//! hides it; the setting is saved. It is drawn with egui's painter in the frames the
//! window draws anyway: nothing wakes the window for it.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::level::Terrain;

use super::act::handover_pending;
use super::board::UnitView;
use super::framing::{Glide, centred_on, view_rect};
use super::layout::MapLayout;
use super::{BattleRes, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.run_if(in_state(Screen::Battle)),
    );
}

/// The largest the minimap gets, in logical pixels.
pub const MAX_SIZE: Vec2 = Vec2::new(220.0, 160.0);
/// Its distance from the window's bottom left corner.
const INSET: f32 = 10.0;

/// The minimap's geometry: the part of the world it shows and its size on screen
/// (pixels, y down from its top left corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MiniMap {
    /// The world rectangle shown (the whole map).
    pub world: Rect,
    /// Its size on screen.
    pub size: Vec2,
}

impl MiniMap {
    /// The minimap of `world` as large as fits in `max`, keeping the map's proportions.
    pub fn new(world: Rect, max: Vec2) -> MiniMap {
        let w = world.size().max(Vec2::splat(1.0));
        let k = (max.x / w.x).min(max.y / w.y);
        MiniMap { world, size: w * k }
    }

    /// Screen pixels per world unit.
    pub fn scale(&self) -> f32 {
        self.size.x / self.world.width().max(1.0)
    }

    /// Where a world point is on the minimap (from its top left corner, y down).
    pub fn to_mini(&self, p: Vec2) -> Vec2 {
        Vec2::new(p.x - self.world.min.x, self.world.max.y - p.y) * self.scale()
    }

    /// The world point under a minimap point (from its top left corner, y down).
    pub fn to_world(&self, m: Vec2) -> Vec2 {
        let k = self.scale();
        Vec2::new(self.world.min.x + m.x / k, self.world.max.y - m.y / k)
    }
}

/// Does the view show the whole map (every cell's centre, `centres` spanning them)? The
/// minimap is then of no use and hides.
pub fn map_fits(view: Rect, centres: Rect) -> bool {
    view.contains(centres.min) && view.contains(centres.max)
}

/// The rectangle spanning every cell's centre, and the whole map's (tiles included).
pub fn map_bounds(layout: &MapLayout) -> (Rect, Rect) {
    let mut centres: Option<Rect> = None;
    for c in layout.cells() {
        let p = layout.world(c);
        centres = Some(match centres {
            None => Rect::from_center_size(p, Vec2::ZERO),
            Some(r) => r.union_point(p),
        });
    }
    let centres = centres.unwrap_or_default();
    let t = layout.tile() / 2.0;
    (
        centres,
        Rect::from_corners(centres.min - t, centres.max + t),
    )
}

/// A terrain's colour on the minimap (the tiles' average colours, `assets/*_tiles.png`;
/// high ground a little lighter and low ground a little darker to tell them apart).
fn terrain_colour(t: Terrain) -> egui::Color32 {
    match t {
        Terrain::Floor => egui::Color32::from_rgb(194, 182, 148),
        Terrain::Wall => egui::Color32::from_rgb(80, 76, 74),
        Terrain::Difficult => egui::Color32::from_rgb(94, 144, 141),
        Terrain::High => egui::Color32::from_rgb(222, 196, 140),
        Terrain::Low => egui::Color32::from_rgb(140, 130, 110),
        Terrain::Pit => egui::Color32::from_rgb(40, 30, 22),
    }
}

/// A unit's dot: its side's shape (the emblem's: 0 circle, 1 triangle, 2 square,
/// 3 diamond) in its side's colour with a dark outline.
fn dot(painter: &egui::Painter, at: egui::Pos2, r: f32, shape: u32, fill: egui::Color32) {
    let outline = egui::Stroke::new(1.0, egui::Color32::from_black_alpha(220));
    let v = |x: f32, y: f32| at + egui::vec2(x, y);
    match shape % 4 {
        0 => {
            painter.circle(at, r, fill, outline);
        }
        1 => {
            painter.add(egui::Shape::convex_polygon(
                vec![v(0.0, -r * 1.15), v(r * 1.1, r * 0.8), v(-r * 1.1, r * 0.8)],
                fill,
                outline,
            ));
        }
        2 => {
            painter.rect(
                egui::Rect::from_center_size(at, egui::vec2(r * 1.7, r * 1.7)),
                0.0,
                fill,
                outline,
                egui::StrokeKind::Middle,
            );
        }
        _ => {
            painter.add(egui::Shape::convex_polygon(
                vec![
                    v(0.0, -r * 1.25),
                    v(r * 1.25, 0.0),
                    v(0.0, r * 1.25),
                    v(-r * 1.25, 0.0),
                ],
                fill,
                outline,
            ));
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    battle: Res<BattleRes>,
    session: Res<Session>,
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Transform, &Projection), With<Camera2d>>,
    units: Query<(&UnitView, &GlobalTransform, &InheritedVisibility)>,
    mut glide: ResMut<Glide>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut settle: Local<u8>,
) -> Result {
    let b = &battle.0;
    let Some(layout) = layout else { return Ok(()) };
    if !view.minimap || handover_pending(b, &session).is_some() {
        return Ok(());
    }
    let Ok(w) = windows.single() else {
        return Ok(());
    };
    let Some((mut cam, proj)) = cams.iter_mut().next() else {
        return Ok(());
    };
    let scale = match proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let at = cam.translation.truncate();
    let seen = view_rect(at, scale, w.width(), w.height());
    let (centres, world) = map_bounds(&layout);
    if map_fits(seen, centres) {
        return Ok(());
    }
    let mini = MiniMap::new(world, MAX_SIZE);
    let ctx = contexts.ctx_mut()?;
    let mut goto = None;
    // Above the roll log's strip in a short window.
    let lift = super::layout::log_strip_px(w.height()) / ctx.zoom_factor();
    egui::Area::new("minimap".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [INSET, -INSET - lift])
        .movable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            egui::Frame::NONE
                .fill(egui::Color32::from_black_alpha(200))
                .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(140)))
                .inner_margin(3.0)
                .show(ui, |ui| {
                    let size = egui::vec2(mini.size.x, mini.size.y);
                    let (resp, painter) = ui.allocate_painter(size, egui::Sense::click_and_drag());
                    let o = resp.rect.min;
                    let to_screen = |p: Vec2| {
                        let m = mini.to_mini(p);
                        o + egui::vec2(m.x, m.y)
                    };
                    // Terrain: a rectangle a cell (hex rows overlap by a quarter).
                    let k = mini.scale();
                    let t = layout.tile();
                    let rows = match layout.kind() {
                        skirmish_rules::grid::GridKind::Hex => 0.75,
                        skirmish_rules::grid::GridKind::Square => 1.0,
                    };
                    let cell = egui::vec2(t.x * k + 0.5, t.y * k * rows + 0.5);
                    for c in layout.cells() {
                        painter.rect_filled(
                            egui::Rect::from_center_size(to_screen(layout.world(c)), cell),
                            0.0,
                            terrain_colour(b.terrain(c)),
                        );
                    }
                    // Units standing (where their tokens are now).
                    let r = (t.y * k * 0.42).clamp(2.5, 6.0);
                    let current = b.current();
                    for (u, gt, vis) in &units {
                        if !vis.get() {
                            continue;
                        }
                        let side = b.side(u.0);
                        let [cr, cg, cb] = b
                            .level()
                            .sides
                            .get(side.0 as usize)
                            .map_or([200, 200, 200], |s| s.colour);
                        let p = to_screen(gt.translation().truncate());
                        if Some(u.0) == current {
                            painter.circle_stroke(
                                p,
                                r + 2.5,
                                egui::Stroke::new(1.5, egui::Color32::WHITE),
                            );
                        }
                        dot(&painter, p, r, side.0, egui::Color32::from_rgb(cr, cg, cb));
                    }
                    // The view.
                    let a = to_screen(Vec2::new(seen.min.x, seen.max.y));
                    let z = to_screen(Vec2::new(seen.max.x, seen.min.y));
                    painter.rect_stroke(
                        egui::Rect::from_two_pos(a, z),
                        0.0,
                        egui::Stroke::new(1.5, egui::Color32::WHITE),
                        egui::StrokeKind::Middle,
                    );
                    // (A quick click is pressed and released within one frame.)
                    if (resp.clicked() || resp.is_pointer_button_down_on())
                        && let Some(p) = resp.interact_pointer_pos().or(resp.hover_pos())
                    {
                        let m = p - o;
                        goto = Some(mini.to_world(Vec2::new(m.x, m.y)));
                    }
                });
        });
    if let Some(p) = goto {
        let to = centred_on(p, scale, w.height());
        if to != at {
            glide.stop();
            cam.translation.x = to.x;
            cam.translation.y = to.y;
            *settle = 3;
        }
    }
    // The view frame drawn this pass shows the camera from before the move: a few more
    // frames (the window would sleep on the stale one).
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
    Ok(())
}
