//! Colour palettes (Settings): the level's own side colours, a deuteranopia/protanopia
//! safe set (Okabe–Ito: blue, orange, bluish green, reddish purple) and a high-contrast
//! one, for side colours (tokens, names in the panel, the menu, the handover screen) and
//! the map's marks (threat overlay, reachable cells, path, provoking and intercepted
//! steps). Sides differ by their emblem too (a shape on each token), whatever the
//! palette. Pure functions, plus the system that recolours tokens when it changes.

use bevy::prelude::*;

use super::board::{TokenFace, UnitView};
use super::{BattleRes, GameSystems, Screen, View};

pub use crate::game::prefs::Palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        recolour
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Okabe–Ito: the cool one (blue), the warm one (orange), then bluish green, reddish
/// purple, sky blue, yellow.
const COLOUR_BLIND: [[u8; 3]; 6] = [
    [0, 114, 178],
    [230, 159, 0],
    [0, 158, 115],
    [204, 121, 167],
    [86, 180, 233],
    [240, 228, 66],
];

/// The cool one (cyan), the warm one (yellow), then magenta and white.
const HIGH_CONTRAST: [[u8; 3]; 4] = [[0, 230, 255], [255, 235, 0], [255, 0, 200], [255, 255, 255]];

/// The colour of side `side` (its index) under `palette`; `sides` are the colours the
/// level gives its sides. The default palette keeps the level's colour. The others give
/// the coolest level colour (most blue for its red) the palette's cool colour, the
/// warmest its warm one, and any side between the next ones, so a "Red" side stays warm
/// and a "Blue" one cool (ties: the first side is the cooler).
pub fn side_colour(palette: Palette, sides: &[[u8; 3]], side: usize) -> [u8; 3] {
    let set: &[[u8; 3]] = match palette {
        Palette::Default => return sides.get(side).copied().unwrap_or([200, 200, 200]),
        Palette::ColourBlind => &COLOUR_BLIND,
        Palette::HighContrast => &HIGH_CONTRAST,
    };
    let warmth = |c: [u8; 3]| i32::from(c[0]) - i32::from(c[2]);
    let mut order: Vec<usize> = (0..sides.len()).collect();
    order.sort_by_key(|&i| (warmth(sides[i]), i));
    let n = sides.len().max(1);
    let rank = order.iter().position(|&i| i == side).unwrap_or(side);
    let slot = match rank {
        0 => 0,
        r if r + 1 >= n => 1,
        r => r + 1,
    };
    set[slot % set.len()]
}

/// The level colours of a battle's sides, for [`side_colour`].
pub fn level_colours(level: &skirmish_rules::level::Level) -> Vec<[u8; 3]> {
    level.sides.iter().map(|s| s.colour).collect()
}

/// [`side_colour`] as an egui colour.
pub fn side_egui(palette: Palette, sides: &[[u8; 3]], side: usize) -> bevy_egui::egui::Color32 {
    let [r, g, b] = side_colour(palette, sides, side);
    bevy_egui::egui::Color32::from_rgb(r, g, b)
}

/// The token's rim (the side's colour) and its darker face.
pub fn token_colours(palette: Palette, sides: &[[u8; 3]], side: usize) -> (Color, Color) {
    let [r, g, b] = side_colour(palette, sides, side);
    let face = match palette {
        // A near-black face: the bright rim stands out most.
        Palette::HighContrast => Color::srgb_u8(10, 10, 10),
        _ => Color::srgb_u8(r / 4 + 16, g / 4 + 16, b / 4 + 16),
    };
    (Color::srgb_u8(r, g, b), face)
}

/// The map marks' colours (RGBA, 0..1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    /// Hatched cells the current unit's foes threaten.
    pub threat: [f32; 4],
    /// Outlines of the cells the selected unit can reach (nearly opaque: issue 31 found
    /// the faint ones hard to see).
    pub reach: [f32; 4],
    /// The dots of the previewed path.
    pub path: [f32; 4],
    /// "!" on a step that provokes an opportunity attack.
    pub provoke: [f32; 4],
    /// "!" on a step a foe may intercept.
    pub intercept: [f32; 4],
    /// An ability's area where it may go.
    pub area_ok: [f32; 4],
    /// The units an aimed ability would reach.
    pub targets: [f32; 4],
    /// The cell cursor (the keys' pointer).
    pub cursor: [f32; 4],
}

/// The marks' colours under a palette.
pub fn marks(palette: Palette) -> Marks {
    match palette {
        Palette::Default => Marks {
            threat: [0.95, 0.25, 0.2, 0.85],
            reach: [0.4, 0.75, 1.0, 0.9],
            path: [1.0, 1.0, 0.6, 1.0],
            provoke: [1.0, 0.55, 0.1, 1.0],
            intercept: [0.8, 0.4, 1.0, 1.0],
            area_ok: [1.0, 0.55, 0.1, 0.9],
            targets: [1.0, 0.15, 0.15, 1.0],
            cursor: [0.2, 1.0, 0.6, 1.0],
        },
        // Okabe–Ito: vermillion threat, sky-blue reach, yellow provoking steps,
        // reddish-purple interceptions: told apart by lightness as well as hue.
        Palette::ColourBlind => Marks {
            threat: [0.84, 0.37, 0.0, 0.85],
            reach: [0.34, 0.71, 0.91, 0.9],
            path: [1.0, 1.0, 1.0, 1.0],
            provoke: [0.94, 0.89, 0.26, 1.0],
            intercept: [0.8, 0.47, 0.65, 1.0],
            area_ok: [0.9, 0.62, 0.0, 0.9],
            targets: [0.84, 0.37, 0.0, 1.0],
            cursor: [0.0, 0.62, 0.45, 1.0],
        },
        Palette::HighContrast => Marks {
            threat: [1.0, 0.0, 0.8, 0.95],
            reach: [0.0, 0.9, 1.0, 0.8],
            path: [1.0, 1.0, 1.0, 1.0],
            provoke: [1.0, 0.92, 0.0, 1.0],
            intercept: [1.0, 1.0, 1.0, 1.0],
            area_ok: [1.0, 0.92, 0.0, 0.95],
            targets: [1.0, 0.0, 0.8, 1.0],
            cursor: [0.0, 1.0, 0.0, 1.0],
        },
    }
}

/// A mark's colour as a Bevy colour.
pub fn colour(c: [f32; 4]) -> Color {
    Color::srgba(c[0], c[1], c[2], c[3])
}

/// A new palette recolours every token at once (rims keep their fade).
fn recolour(
    battle: Res<BattleRes>,
    view: Res<View>,
    mut last: Local<Option<Palette>>,
    mut rims: Query<(&UnitView, &mut Sprite), Without<TokenFace>>,
    mut faces: Query<(&TokenFace, &mut Sprite), Without<UnitView>>,
) {
    let p = view.prefs.palette;
    if *last == Some(p) {
        return;
    }
    // The first time: tokens were spawned with this palette already.
    let first = last.is_none();
    *last = Some(p);
    if first {
        return;
    }
    let b = &battle.0;
    let sides = level_colours(b.level());
    let colours = |u| token_colours(p, &sides, b.side(u).0 as usize);
    for (v, mut s) in &mut rims {
        let a = s.color.alpha();
        s.color = colours(v.0).0.with_alpha(a);
    }
    for (f, mut s) in &mut faces {
        s.color = colours(f.0).1;
    }
}
