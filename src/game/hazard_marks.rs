//! The level's hazards on the board: each hazard cell (a trap, falling rocks, a rune that
//! bursts) carries a mark from the battle's start, so a player sees it before a unit steps
//! there and springs it (counters' Counteraction: "Used against untargeted threats
//! (traps, falling objects, magical bursts)").
//!
//! - a **trap**: a dark diamond edged amber with "T";
//! - **falling rocks**: a dark diamond edged stone grey with "R";
//! - a **rune** (magical burst): a dark diamond edged violet with "*"; hovering it
//!   outlines every cell its burst reaches (its radius).
//!
//! Hovering any hazard cell writes its words next to it: kind, Difficulty, damage, radius
//! and the counteraction it allows ([`words`]), above the cell, else below, right or left
//! of it: the first place that hides no other hazard's mark and stays on the map
//! ([`words_box`]; on a hex map the words above a cell covered the marks two rows up).
//! The hover tooltip keeps clear of the words and the marks ([`HazardWords`]). The letters tell the kinds apart in every
//! palette (the edge colours are the same in all three, and none is a palette's mark
//! colour). View only: it reads [`skirmish_rules::Battle::hazards`] and decides nothing.

use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::grid::Cell;
use skirmish_rules::level::{Hazard, HazardKind};

use super::board::MapEntity;
use super::layout::MapLayout;
use super::{BattleRes, GameSystems, Screen, View};

pub(super) fn plugin(app: &mut App) {
    systems(app);
}

/// The plugin's systems, on the battle screen (a headless test adds them to an app with
/// no window or renderer).
pub fn systems(app: &mut App) {
    app.init_resource::<HazardWords>().add_systems(
        Update,
        (draw, draw_hover)
            .chain()
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Battle)),
    );
}

/// A hazard's mark on its cell (drawn again when the battle or the map changes).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct HazardMark {
    /// The hazard's cell.
    pub cell: Cell,
    /// What it is.
    pub kind: HazardKind,
}

/// What hovering a hazard cell adds: its words, and for a rune the cells its burst
/// reaches (drawn again when the hovered cell changes).
#[derive(Component, Clone, Debug, PartialEq)]
pub enum HazardHover {
    /// The hazard's words over its cell.
    Words(String),
    /// A cell a rune's burst reaches.
    Reach(Cell),
}

/// Where the hovered hazard's words stand and every hazard's mark, in world units (the
/// hover tooltip keeps clear of them: `hud`).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct HazardWords {
    /// The words' box, while a hazard is hovered.
    pub words: Option<Rect>,
    /// Each hazard's mark.
    pub marks: Vec<Rect>,
}

/// Text is laid out large and scaled down, so that it stays sharp when the camera zooms
/// in (Text2d is rasterised at its font size, not at its size on screen).
const GLYPH_PX: f32 = 32.0;
const WORDS_PX: f32 = 22.0;
const WORDS_SCALE: f32 = 0.3;

/// The glyph on a hazard's mark.
pub fn glyph(kind: HazardKind) -> &'static str {
    match kind {
        HazardKind::Trap => "T",
        HazardKind::FallingRocks => "R",
        HazardKind::MagicalBurst { .. } => "*",
    }
}

/// The colour of a hazard mark's edge.
fn edge(kind: HazardKind) -> Color {
    match kind {
        HazardKind::Trap => Color::srgb(1.0, 0.72, 0.1),
        HazardKind::FallingRocks => Color::srgb(0.78, 0.74, 0.68),
        HazardKind::MagicalBurst { .. } => Color::srgb(0.78, 0.45, 1.0),
    }
}

/// A hazard in words, for the hover over its cell: "trap: DC 12, 2d6 damage on the unit
/// that steps here; counteract: 20 ft of movement, or 10 ft + 1 SD, then Agility vs DC".
pub fn words(h: &Hazard) -> String {
    let whom = match h.kind {
        HazardKind::Trap => "on the unit that steps here".to_string(),
        HazardKind::FallingRocks => "on every unit on or next to this cell".to_string(),
        HazardKind::MagicalBurst { radius } => format!(
            "on every unit within {radius} cell{} (magical: only magical armour absorbs it)",
            if radius == 1 { "" } else { "s" }
        ),
    };
    format!(
        "{} at {}: DC {}, {} damage {whom}, when a unit steps here. Counteract: 20 ft of \
         movement (DC +1) or 10 ft + 1 SD, then 1d20 + Agility against the DC avoids it.",
        h.kind.words(),
        h.cell,
        h.dc,
        h.damage,
    )
}

/// The cells a hazard's effect reaches: a rune's radius, the rocks' cell and its
/// neighbours, a trap's own cell (those on the map).
pub fn reach(b: &Battle, h: &Hazard) -> Vec<Cell> {
    let r = match h.kind {
        HazardKind::Trap => 0,
        HazardKind::FallingRocks => 1,
        HazardKind::MagicalBurst { radius } => radius,
    };
    let g = b.grid();
    g.cells().filter(|&c| g.distance(c, h.cell) <= r).collect()
}

/// A letter's width and a line's height of the words, in world units at `WORDS_PX`
/// scaled by `WORDS_SCALE` (the default font; a little generous, as words wrap whole).
const CHAR_W: f32 = 0.62 * WORDS_PX * WORDS_SCALE;
const LINE_H: f32 = 1.3 * WORDS_PX * WORDS_SCALE;

/// The mark's box on a hazard cell at `at` (the diamond's extent) with tiles `tile` tall.
pub fn mark_box(at: Vec2, tile: f32) -> Rect {
    Rect::from_center_size(at, Vec2::splat(tile * 0.42 * std::f32::consts::SQRT_2))
}

/// Where `text`, the words of the hazard at `at`, stands (its box, world units): above the
/// cell (centred, then reaching left, then right of it), else below it (the same three),
/// else right, else left of it; the first that stays within `map` (the board's extent,
/// half a tile to spare) and hides none of the other hazards' `marks`. None free: on the
/// map if a place is, hiding the fewest marks, in that order.
pub fn words_box(text: &str, at: Vec2, tile: f32, marks: &[Rect], map: Rect) -> Rect {
    let most = tile * 5.0;
    let chars = text.chars().count() as f32;
    let per_line = (most / CHAR_W).floor().max(1.0);
    let lines = (chars / per_line).ceil() + 1.0;
    let size = Vec2::new((chars * CHAR_W).min(most), lines * LINE_H);
    let gap = tile * 0.55;
    let (up, side) = (gap + size.y / 2.0, (size.x / 2.0 - tile * 0.5).max(0.0));
    let places = [
        at + Vec2::new(0.0, up),
        at + Vec2::new(-side, up),
        at + Vec2::new(side, up),
        at + Vec2::new(0.0, -up),
        at + Vec2::new(-side, -up),
        at + Vec2::new(side, -up),
        at + Vec2::new(gap + size.x / 2.0, 0.0),
        at - Vec2::new(gap + size.x / 2.0, 0.0),
    ];
    let own = mark_box(at, tile);
    let cost = |c: Vec2| {
        let r = Rect::from_center_size(c, size);
        let hidden = marks
            .iter()
            .filter(|m| **m != own && super::text_layout::overlaps(**m, r))
            .count();
        let off = (map.min.x - r.min.x).max(0.0)
            + (r.max.x - map.max.x).max(0.0)
            + (map.min.y - r.min.y).max(0.0)
            + (r.max.y - map.max.y).max(0.0);
        (off > tile * 0.5, hidden, off)
    };
    let best = places
        .iter()
        .copied()
        .enumerate()
        .min_by(|(i, p), (j, q)| {
            let (a, b) = (cost(*p), cost(*q));
            a.0.cmp(&b.0)
                .then(a.1.cmp(&b.1))
                .then(a.2.total_cmp(&b.2))
                .then(i.cmp(j))
        })
        .map_or(places[0], |(_, p)| p);
    Rect::from_center_size(best, size)
}

/// The board's extent in world units (every cell's tile).
fn map_box(b: &Battle, layout: &MapLayout) -> Rect {
    let half = layout.tile() * 0.5;
    b.grid()
        .cells()
        .map(|c| layout.world(c))
        .fold(None::<Rect>, |r, p| {
            let t = Rect::from_center_half_size(p, half);
            Some(r.map_or(t, |r| r.union(t)))
        })
        .unwrap_or_default()
}

/// Spawn every hazard's mark again when the battle or the map changes.
fn draw(
    mut commands: Commands,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    old: Query<Entity, With<HazardMark>>,
) {
    let layout_changed = layout.as_ref().is_some_and(|l| l.is_changed());
    if !battle.is_changed() && !layout_changed && !old.is_empty() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let tile = layout.as_ref().map_or(48.0, |l| l.tile().y);
    let side = tile * 0.42;
    for h in battle.0.hazards() {
        let at = layout.as_ref().map_or(Vec2::ZERO, |l| l.world(h.cell));
        // Under the units (z 10+) and over the terrain and its overlays' hatching.
        let rot = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4);
        commands
            .spawn((
                HazardMark {
                    cell: h.cell,
                    kind: h.kind,
                },
                MapEntity,
                Sprite::from_color(edge(h.kind), Vec2::splat(side)),
                Transform::from_translation(at.extend(5.0)).with_rotation(rot),
            ))
            .with_children(|c| {
                c.spawn((
                    Sprite::from_color(
                        Color::srgba(0.08, 0.07, 0.1, 0.92),
                        Vec2::splat(side * 0.8),
                    ),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
                c.spawn((
                    Text2d::new(glyph(h.kind)),
                    TextFont {
                        font_size: bevy::text::FontSize::Px(GLYPH_PX),
                        ..default()
                    },
                    TextColor(edge(h.kind)),
                    // Upright again inside the diamond.
                    Transform::from_xyz(0.0, 0.0, 0.2)
                        .with_rotation(rot.inverse())
                        .with_scale(Vec3::splat(tile * 0.3 / GLYPH_PX)),
                ));
            });
    }
}

/// The hovered hazard's words and reach.
fn draw_hover(
    mut commands: Commands,
    battle: Res<BattleRes>,
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    old: Query<Entity, With<HazardHover>>,
    mut placed: ResMut<HazardWords>,
    mut last: Local<Option<Option<Cell>>>,
) {
    let hovered = view.hovered;
    let layout_changed = layout.as_ref().is_some_and(|l| l.is_changed());
    if !battle.is_changed() && !layout_changed && *last == Some(hovered) {
        return;
    }
    *last = Some(hovered);
    for e in &old {
        commands.entity(e).despawn();
    }
    let tile = layout.as_ref().map_or(48.0, |l| l.tile().y);
    let at = |c: Cell| layout.as_ref().map_or(Vec2::ZERO, |l| l.world(c));
    let marks: Vec<Rect> = battle
        .0
        .hazards()
        .iter()
        .map(|h| mark_box(at(h.cell), tile))
        .collect();
    let Some(h) = hovered.and_then(|c| battle.0.hazard_at(c)) else {
        let now = HazardWords { words: None, marks };
        if *placed != now {
            *placed = now;
        }
        return;
    };
    if let HazardKind::MagicalBurst { .. } = h.kind {
        for c in reach(&battle.0, h) {
            commands.spawn((
                HazardHover::Reach(c),
                MapEntity,
                Sprite::from_color(Color::srgba(0.78, 0.45, 1.0, 0.28), Vec2::splat(tile * 0.7)),
                Transform::from_translation(at(c).extend(4.5)),
            ));
        }
    }
    let text = words(h);
    let map = layout
        .as_deref()
        .map_or(Rect::new(-1e6, -1e6, 1e6, 1e6), |l| map_box(&battle.0, l));
    let spot = words_box(&text, at(h.cell), tile, &marks, map);
    *placed = HazardWords {
        words: Some(spot),
        marks,
    };
    commands.spawn((
        HazardHover::Words(text.clone()),
        MapEntity,
        Text2d::new(text),
        TextFont {
            font_size: bevy::text::FontSize::Px(WORDS_PX),
            ..default()
        },
        TextColor(Color::srgb(1.0, 1.0, 0.85)),
        bevy::text::TextBackgroundColor(Color::srgba(0.05, 0.05, 0.08, 0.9)),
        bevy::text::TextLayout::justify(bevy::text::Justify::Center),
        bevy::text::TextBounds::new_horizontal(tile * 5.0 / WORDS_SCALE),
        Transform::from_translation(spot.center().extend(16.0))
            .with_scale(Vec3::splat(WORDS_SCALE)),
    ));
}
