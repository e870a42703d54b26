//! Where the camera stands and where it goes, as plain geometry: the part of the world
//! the map area shows ([`view_rect`]), whether a point is in view, where the camera
//! stands to show points ([`centred_on`], [`frame_points`]) and a glide under way
//! ([`Glide`], eased by [`glide_at`]). `camera` moves the camera; the replay after a
//! handover and the minimap ask it to glide through [`Glide`]. No system here.

use bevy::prelude::*;

use super::layout::PANEL;

/// The part of the world the map area shows (the window left of the side panel, above
/// the roll log's strip in a short window) for a camera at `at` with orthographic `scale`
/// in a `ww`×`wh` window.
pub fn view_rect(at: Vec2, scale: f32, ww: f32, wh: f32) -> Rect {
    let strip = super::layout::log_strip_px(wh);
    Rect::new(
        at.x - ww / 2.0 * scale,
        at.y - (wh / 2.0 - strip).max(-wh / 2.0) * scale,
        at.x + (ww / 2.0 - PANEL).max(-ww / 2.0) * scale,
        at.y + wh / 2.0 * scale,
    )
}

/// Is `p` inside `r` with at least `margin` to spare on every side?
pub fn in_view(r: Rect, p: Vec2, margin: f32) -> bool {
    p.x >= r.min.x + margin
        && p.x <= r.max.x - margin
        && p.y >= r.min.y + margin
        && p.y <= r.max.y - margin
}

/// Where the camera stands to show `p` in the middle of the map area (left of the panel,
/// above the roll log's strip of a `wh`-tall window).
pub fn centred_on(p: Vec2, scale: f32, wh: f32) -> Vec2 {
    let strip = super::layout::log_strip_px(wh);
    p + Vec2::new(PANEL / 2.0 * scale, -strip / 2.0 * scale)
}

/// Where the camera should go so that the points `pts` (world positions: a mover's
/// cells, an attacker and its target) are in view with `margin` to spare: `None` when
/// they already are (the camera stays); else the middle of them when they fit in the
/// view together, or the last one (where the action ends) when they do not.
pub fn frame_points(view: Rect, pts: &[Vec2], margin: f32, scale: f32, wh: f32) -> Option<Vec2> {
    let last = *pts.last()?;
    if pts.iter().all(|&p| in_view(view, p, margin)) {
        return None;
    }
    let (lo, hi) = pts
        .iter()
        .fold((last, last), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let fits =
        hi.x - lo.x <= view.width() - 2.0 * margin && hi.y - lo.y <= view.height() - 2.0 * margin;
    Some(centred_on(
        if fits { (lo + hi) / 2.0 } else { last },
        scale,
        wh,
    ))
}

/// Where the camera is gliding to: from where, to where, how far through (0..1).
#[derive(Resource, Default, Debug)]
pub struct Glide {
    pub(super) to: Option<(Vec2, Vec2, f32)>,
}

impl Glide {
    /// Is the camera on its way somewhere?
    pub fn busy(&self) -> bool {
        self.to.is_some()
    }

    /// Glide from `from` to `to` (at once when the animation speed is instant).
    pub fn start(&mut self, from: Vec2, to: Vec2) {
        self.to = Some((from, to, 0.0));
    }

    /// Stop where the camera is (the player took over).
    pub fn stop(&mut self) {
        self.to = None;
    }
}

/// Where the camera stands after `t` (0..1) of a glide from `from` to `to`: eased in
/// and out, exactly at `to` from `t` = 1 on.
pub fn glide_at(from: Vec2, to: Vec2, t: f32) -> Vec2 {
    let t = t.clamp(0.0, 1.0);
    from.lerp(to, t * t * (3.0 - 2.0 * t))
}
