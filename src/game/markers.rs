//! What a ruleset draws on a token beyond the HP bar and the condition badges
//! ([`skirmish_rules::rulesets::View::token_marks`]), and who sees a hidden unit
//! ([`super::sight`]):
//! - a **facing arrow** on the token's rim, pointing the way the unit faces (melee-zone:
//!   "When attacking a unit from behind, you gain a +1 bonus to accuracy"); a step turns
//!   it, an attack turns it toward the target;
//! - a **wound mark**: a red disc with the number of wounds, at the token's lower left;
//! - **reaction pips** under the HP bar: the Free Hit Slots left (bright) of the round's
//!   most (dim);
//! - a **hidden** unit: its foes' board does not draw it at all; its own side's shows it
//!   veiled (a pale mist over the token) with the word "hidden" above.
//!
//! The marks are the token's children, so they walk, lunge and fade with it; they are
//! drawn again when the battle, the side looking or the set of tokens changes. View
//! only: it reads the battle and decides nothing.

use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::rulesets::ui::TokenMarks;

use super::act::viewing_side;
use super::board::UnitView;
use super::layout::MapLayout;
use super::sight::seen_by;
use super::state::{BattleRes, Session, View};

/// One of the marks drawn on a token (all despawned and drawn again together).
#[derive(Component)]
pub struct Marker(pub UnitId);

/// The reaction pips' colour when left and when spent (the unit card's reaction tone).
const PIP_ON: Color = Color::srgb(0.39, 0.71, 1.0);
const PIP_OFF: Color = Color::srgba(0.2, 0.25, 0.35, 0.9);

/// Everything a token shows of `u` to the side looking, as data (the headless tests read
/// it; [`draw_marks`] draws it).
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The unit is drawn at all (hidden from the side looking: no).
    pub drawn: bool,
    /// It is hidden from its foes, and the side looking is its own: veiled.
    pub veiled: bool,
    /// The ruleset's marks (facing, wounds, reactions).
    pub marks: TokenMarks,
    /// The facing arrow's angle on screen, radians counter-clockwise from east.
    pub arrow: Option<f32>,
}

/// The angle on screen of neighbour direction `d` of a grid with `n` directions: 0 east,
/// clockwise (rows count down the screen), so east 0, south-east −45°, north 90°.
pub fn direction_angle(d: usize, n: usize) -> f32 {
    -(d as f32) * std::f32::consts::TAU / n.max(1) as f32
}

/// What the token of `u` shows the side the session looks with.
pub fn shown(b: &Battle, s: &Session, u: UnitId) -> Shown {
    let side = viewing_side(b, s);
    let marks = crate::game::view::of(b).token_marks(b, u);
    let n = b.grid().directions();
    Shown {
        drawn: seen_by(b, side, u),
        veiled: b.hidden(u),
        arrow: marks.facing.map(|d| direction_angle(d, n)),
        marks,
    }
}

/// Hide the tokens of hidden foes from the side looking (after `animate_units`, which
/// shows every living unit).
pub(super) fn hide_unseen(
    battle: Res<BattleRes>,
    session: Res<Session>,
    mut units: Query<(&UnitView, &mut Visibility)>,
) {
    let b = &battle.0;
    let side = viewing_side(b, &session);
    for (v, mut vis) in &mut units {
        if !seen_by(b, side, v.0) && *vis != Visibility::Hidden {
            *vis = Visibility::Hidden;
        }
    }
}

/// Draw each token's marks again when the battle, the side looking, the map or the
/// tokens changed.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_marks(
    mut commands: Commands,
    assets: Res<AssetServer>,
    battle: Res<BattleRes>,
    session: Res<Session>,
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    tokens: Query<(Entity, &UnitView)>,
    added: Query<(), Added<UnitView>>,
    old: Query<Entity, With<Marker>>,
) {
    let Some(layout) = layout else { return };
    if !battle.is_changed()
        && !session.is_changed()
        && !layout.is_changed()
        && !view.is_changed()
        && added.is_empty()
    {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let b = &battle.0;
    let t = layout.tile().y;
    for (e, v) in &tokens {
        let u = v.0;
        let s = shown(b, &session, u);
        if !s.drawn {
            continue;
        }
        let d = t * 0.82 * size_scale(b, u);
        commands.entity(e).with_children(|c| {
            if let Some(a) = s.arrow {
                let r = d * 0.5;
                c.spawn((
                    Marker(u),
                    Sprite {
                        image: assets.load("marks/arrow.png"),
                        color: Color::srgb(1.0, 0.97, 0.85),
                        custom_size: Some(Vec2::splat((d * 0.34).max(8.0))),
                        ..default()
                    },
                    Transform::from_xyz(r * a.cos(), r * a.sin(), 0.5)
                        .with_rotation(Quat::from_rotation_z(a)),
                ));
            }
            if s.marks.wounds > 0 {
                let w = (d * 0.36).max(9.0);
                c.spawn((
                    Marker(u),
                    Sprite {
                        image: assets.load("marks/wound.png"),
                        custom_size: Some(Vec2::splat(w)),
                        ..default()
                    },
                    Transform::from_xyz(-d * 0.36, -d * 0.3, 3.5),
                ))
                .with_children(|k| {
                    k.spawn((
                        Text2d::new(s.marks.wounds.to_string()),
                        TextFont {
                            font_size: FontSize::Px(9.0),
                            ..default()
                        },
                        TextColor(Color::WHITE),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                });
            }
            if let Some((_, left, most)) = s.marks.reactions
                && most > 0
            {
                let pip = 4.0;
                let gap = 1.5;
                let width = most as f32 * (pip + gap) - gap;
                for i in 0..most {
                    let x = -width / 2.0 + pip / 2.0 + i as f32 * (pip + gap);
                    c.spawn((
                        Marker(u),
                        Sprite::from_color(
                            if i < left { PIP_ON } else { PIP_OFF },
                            Vec2::splat(pip),
                        ),
                        Transform::from_xyz(x, -d * 0.5 - 6.5, 2.5),
                    ));
                }
            }
            if s.veiled {
                c.spawn((
                    Marker(u),
                    Sprite {
                        image: assets.load("icons/token-face.png"),
                        color: Color::srgba(0.78, 0.84, 0.95, 0.5),
                        custom_size: Some(Vec2::splat(d)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.45),
                ));
                c.spawn((
                    Marker(u),
                    Text2d::new("hidden"),
                    TextFont {
                        font_size: FontSize::Px(9.0),
                        ..default()
                    },
                    TextColor(Color::srgb(0.8, 0.85, 1.0)),
                    Transform::from_xyz(0.0, d * 0.5 + 16.0, 4.0),
                ));
            }
        });
    }
}

/// A token's size for `u` (the map's: Medium 1).
fn size_scale(b: &Battle, u: UnitId) -> f32 {
    super::map::size_scale(b.size(u))
}

/// The map's marks explained (issue 31: unexplained dots, triangles and letters), for
/// help and docs: each mark and what it means.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "letters on a token (B, D2, Ch, !…)",
        "its conditions, one badge each: hover the token for their names, the unit card for what they do",
    ),
    (
        "triangle on the rim",
        "the way the unit faces (attacks from behind flank)",
    ),
    ("red disc with a number", "the wounds it carries"),
    (
        "pips under the HP bar",
        "the reactions it has left this round (bright) of its most (dim)",
    ),
    ("dots on the map", "the path the pointer or cursor previews"),
    (
        "orange !",
        "a step that may provoke an attack (on the cell left)",
    ),
    (
        "violet !",
        "a step a foe may intercept (on the cell entered)",
    ),
    (
        "diamond with T, R or * on a cell",
        "a hazard: a trap, falling rocks, a rune (hover it for its DC, damage and reach)",
    ),
    ("outlined cells", "where the acting unit can move"),
    (
        "hatched cells",
        "the threat overlay (T): cells foes threaten",
    ),
];

/// The marks on `u`'s token in words, for the hover over it (issue 31: a legend outside
/// F1): "Marks: [B] Bleeding, [Ch] Charging · facing arrow · 2 wounds · 1 of 2 Free Hit
/// Slots left". `None`: no mark beyond the HP bar.
pub fn token_legend(b: &Battle, u: UnitId) -> Option<String> {
    let rules = crate::game::view::of(b);
    let mut parts: Vec<String> = Vec::new();
    if b.alive(u)
        && let Some(c) = b.get::<skirmish_rules::components::Conditions>(u)
        && !c.0.is_empty()
    {
        let badges: Vec<String> =
            c.0.iter()
                .map(|c| format!("[{}] {:?}", rules.condition_badge(c.kind), c.kind))
                .collect();
        parts.push(badges.join(", "));
    }
    let m: TokenMarks = rules.token_marks(b, u);
    if m.facing.is_some() {
        parts.push("triangle: the way it faces".into());
    }
    if m.wounds > 0 {
        parts.push(format!(
            "red disc: {} wound{}",
            m.wounds,
            if m.wounds == 1 { "" } else { "s" }
        ));
    }
    if let Some((what, left, most)) = m.reactions {
        parts.push(format!("pips: {left} of {most} {what} left"));
    }
    (!parts.is_empty()).then(|| format!("Marks: {}", parts.join(" · ")))
}
