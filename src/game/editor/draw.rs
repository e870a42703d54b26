//! The editor's map: a cell per tile (squares, or pointy-top hexes with odd rows shoved
//! right, as the board draws them), coloured by terrain; exits ringed; each unit a disc
//! of its side's colour with its name; the hovered cell, the brush, the picked unit and
//! the highlighted problem outlined. Rebuilt when the level changes (a new grid
//! included); the camera fits the map when the editor opens.

use bevy::prelude::*;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{HazardKind, Terrain};

use super::input::{TILE, world};
use super::{EditorScreen, Screen, Tool};
use crate::editor::{EditorLevel, Target};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), fit)
        .add_systems(OnExit(Screen::Editor), clear)
        .add_systems(
            Update,
            (rebuild, marks, layout_file).run_if(in_state(Screen::Editor)),
        );
}

/// Everything the editor drew (cleared when it closes or the level changes).
#[derive(Component)]
struct Drawn;

/// The colour of a terrain.
pub(super) fn terrain_colour(t: Terrain) -> Color {
    match t {
        Terrain::Floor => Color::srgb(0.42, 0.55, 0.33),
        Terrain::Wall => Color::srgb(0.30, 0.28, 0.27),
        Terrain::Difficult => Color::srgb(0.55, 0.45, 0.25),
        Terrain::High => Color::srgb(0.65, 0.62, 0.45),
        Terrain::Low => Color::srgb(0.52, 0.40, 0.35),
        Terrain::Pit => Color::srgb(0.10, 0.10, 0.14),
    }
}

/// A side's `#rrggbb` as a colour (grey when it is not one).
pub(super) fn side_colour(hex: &str) -> Color {
    let h = hex.trim_start_matches('#');
    let c = |i: usize| {
        h.get(i..i + 2)
            .and_then(|s| u8::from_str_radix(s, 16).ok())
            .unwrap_or(128)
    };
    if h.len() == 6 {
        Color::srgb_u8(c(0), c(2), c(4))
    } else {
        Color::srgb_u8(128, 128, 128)
    }
}

/// The map's middle in the world.
fn middle(l: &EditorLevel) -> Vec2 {
    let lo = world(l.grid, Cell::new(0, 0));
    let hi = world(
        l.grid,
        Cell::new(l.width() as i32 - 1, l.height() as i32 - 1),
    );
    (lo + hi) / 2.0
}

/// The camera on the map, the whole map in view left of the panel.
fn fit(
    ed: Res<EditorScreen>,
    windows: Query<&Window>,
    mut cams: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let l = ed.level();
    let size = windows.iter().next().map_or(Vec2::new(1280.0, 800.0), |w| {
        Vec2::new(w.width(), w.height())
    });
    let free = Vec2::new((size.x - super::panel::WIDTH).max(200.0), size.y.max(200.0));
    let span = Vec2::new(l.width() as f32 + 1.5, l.height() as f32 + 1.5) * TILE;
    let scale = (span.x / free.x).max(span.y / free.y).clamp(0.3, 4.0);
    for (mut t, mut p) in &mut cams {
        let m = middle(l);
        // The free area's centre is half the panel right of the window's.
        t.translation = Vec3::new(
            m.x - super::panel::WIDTH / 2.0 * scale,
            m.y,
            t.translation.z,
        );
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = scale;
        }
    }
}

fn clear(mut commands: Commands, drawn: Query<Entity, With<Drawn>>) {
    for e in &drawn {
        commands.entity(e).despawn();
    }
}

fn rebuild(
    mut commands: Commands,
    ed: Res<EditorScreen>,
    mut shown: Local<Option<EditorLevel>>,
    drawn: Query<Entity, (With<Drawn>, Without<Mark>)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let l = ed.level();
    if shown.as_ref() == Some(l) && !drawn.is_empty() {
        return;
    }
    for e in &drawn {
        commands.entity(e).despawn();
    }
    let tile = match l.grid {
        GridKind::Square => meshes.add(Rectangle::new(TILE - 2.0, TILE - 2.0)),
        GridKind::Hex => meshes.add(RegularPolygon::new(TILE / 1.732 - 1.0, 6)),
    };
    let mats: Vec<Handle<ColorMaterial>> = Terrain::ALL
        .iter()
        .map(|&t| materials.add(ColorMaterial::from_color(terrain_colour(t))))
        .collect();
    for (y, row) in l.map.iter().enumerate() {
        for (x, &t) in row.iter().enumerate() {
            let i = Terrain::ALL.iter().position(|&a| a == t).unwrap_or(0);
            let p = world(l.grid, Cell::new(x as i32, y as i32));
            commands.spawn((
                Drawn,
                Mesh2d(tile.clone()),
                MeshMaterial2d(mats[i].clone()),
                Transform::from_translation(p.extend(0.0)),
            ));
        }
    }
    // Hazards: an orange diamond with T (trap), R (falling rocks) or B and its radius
    // (a rune's burst).
    let diamond = meshes.add(RegularPolygon::new(TILE * 0.22, 4));
    let orange = materials.add(ColorMaterial::from_color(Color::srgb(0.95, 0.45, 0.1)));
    for h in l.hazards() {
        let p = world(l.grid, h.cell) + Vec2::new(TILE * 0.25, TILE * 0.25);
        let word = match h.kind {
            HazardKind::Trap => "T".to_string(),
            HazardKind::FallingRocks => "R".to_string(),
            HazardKind::MagicalBurst { radius } => format!("B{radius}"),
        };
        commands.spawn((
            Drawn,
            Mesh2d(diamond.clone()),
            MeshMaterial2d(orange.clone()),
            Transform::from_translation(p.extend(2.5)),
        ));
        commands.spawn((
            Drawn,
            Text2d::new(word),
            TextFont {
                font_size: FontSize::Px(10.0),
                ..default()
            },
            Transform::from_translation(p.extend(2.6)),
        ));
    }
    let disc = meshes.add(Circle::new(TILE * 0.34));
    for u in &l.units {
        let colour = l
            .sides
            .iter()
            .find(|s| s.name == u.side)
            .map_or(Color::srgb(0.5, 0.5, 0.5), |s| side_colour(&s.colour));
        let p = world(l.grid, u.cell);
        commands.spawn((
            Drawn,
            Mesh2d(disc.clone()),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(colour))),
            Transform::from_translation(p.extend(1.0)),
        ));
        commands.spawn((
            Drawn,
            Text2d::new(u.name.clone()),
            TextFont {
                font_size: FontSize::Px(11.0),
                ..default()
            },
            Transform::from_translation((p + Vec2::new(0.0, -TILE * 0.42)).extend(2.0)),
        ));
    }
    *shown = Some(l.clone());
}

/// Rings marked over the map (cleared when what they show changes).
#[derive(Component)]
struct Mark;

/// What the rings show: exits, the brush under the pointer, the picked unit, the
/// highlighted problem.
type Marked = (Vec<Cell>, Vec<Cell>, Option<Cell>, Option<Cell>, GridKind);

/// Rings: exits (gold), the brush under the pointer (white), the picked unit (cyan),
/// the highlighted problem (red); drawn again when one of them changes.
fn marks(
    mut commands: Commands,
    ed: Res<EditorScreen>,
    mut shown: Local<Option<Marked>>,
    old: Query<Entity, With<Mark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let l = ed.level();
    let mut brush = Vec::new();
    if let Some(h) = ed.hovered {
        let size = if ed.tool == Tool::Paint { ed.brush } else { 1 };
        let grid = l.grid();
        for y in 0..l.height() as i32 {
            for x in 0..l.width() as i32 {
                let c = Cell::new(x, y);
                if grid.distance(h, c) < size.max(1) {
                    brush.push(c);
                }
            }
        }
    }
    let picked = ed.picked.and_then(|u| l.units.get(u)).map(|u| u.cell);
    let hl = match &ed.highlight {
        Some(Target::Cell(c)) => Some(*c),
        Some(Target::Unit(u)) => l.units.get(*u).map(|u| u.cell),
        _ => None,
    };
    let now = (l.exits.clone(), brush, picked, hl, l.grid);
    let nothing = now.0.is_empty() && now.1.is_empty() && picked.is_none() && hl.is_none();
    // Entities gone (the editor closed and opened again): drawn anew.
    if shown.as_ref() == Some(&now) && (nothing || !old.is_empty()) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut ring = |c: Cell, r: f32, w: f32, colour: Color, z: f32| {
        commands.spawn((
            Mark,
            Drawn,
            Mesh2d(meshes.add(Annulus::new(r - w, r))),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(colour))),
            Transform::from_translation(world(l.grid, c).extend(z)),
        ));
    };
    for &c in &now.0 {
        ring(c, TILE * 0.45, 3.0, Color::srgb(1.0, 0.85, 0.2), 3.0);
    }
    for &c in &now.1 {
        ring(c, TILE * 0.3, 2.0, Color::WHITE, 4.0);
    }
    if let Some(c) = picked {
        ring(c, TILE * 0.42, 3.0, Color::srgb(0.3, 0.9, 1.0), 5.0);
    }
    if let Some(c) = hl {
        ring(c, TILE * 0.55, 5.0, Color::srgb(1.0, 0.2, 0.2), 6.0);
    }
    *shown = Some(now);
}

/// What the screen shows (a change asks for the next frame).
#[derive(PartialEq)]
struct Seen {
    level: EditorLevel,
    hovered: Option<Cell>,
    picked: Option<usize>,
    highlight: Option<Target>,
    tool: (Tool, Terrain, u32, usize),
    help: bool,
    message: Option<(String, bool)>,
}

/// `SKIRMISH_LAYOUT=FILE`: every cell's centre on screen, "x y sx sy" lines (as the board
/// writes them), whenever it changes: the e2e scripts click cells by it. Made from the
/// camera's transform (not its global one, a frame late) and the window's size.
fn layout_file(
    ed: Res<EditorScreen>,
    windows: Query<&Window>,
    cams: Query<(&Transform, &Projection), With<Camera2d>>,
    mut last: Local<String>,
    mut seen: Local<Option<Seen>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    // The window sleeps between inputs: a frame that changed what shows asks for one
    // more, so every view (the map's entities, the rings, the panel) catches up.
    let now = Seen {
        level: ed.level().clone(),
        hovered: ed.hovered,
        picked: ed.picked,
        highlight: ed.highlight.clone(),
        tool: (ed.tool, ed.terrain, ed.brush, ed.side),
        help: ed.help,
        message: ed.message.clone(),
    };
    if seen.as_ref() != Some(&now) {
        *seen = Some(now);
        redraw.write(bevy::window::RequestRedraw);
    }
    let Some(path) = std::env::var_os("SKIRMISH_LAYOUT") else {
        return;
    };
    let (Some(w), Some((t, p))) = (windows.iter().next(), cams.iter().next()) else {
        return;
    };
    let scale = match p {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let l = ed.level();
    let mut out = String::new();
    for y in 0..l.height() as i32 {
        for x in 0..l.width() as i32 {
            let c = world(l.grid, Cell::new(x, y));
            let sx = (c.x - t.translation.x) / scale + w.width() / 2.0;
            let sy = w.height() / 2.0 - (c.y - t.translation.y) / scale;
            out.push_str(&format!("{x} {y} {sx:.0} {sy:.0}\n"));
        }
    }
    for (name, r) in &ed.widgets {
        let c = r.center();
        let name = name.replace(char::is_whitespace, "_");
        out.push_str(&format!("w {name} {:.0} {:.0}\n", c.x, c.y));
    }
    // The board writes the same file: compare with what is there, not what was written.
    let path = std::path::PathBuf::from(path);
    if *last != out || std::fs::read_to_string(&path).ok().as_deref() != Some(out.as_str()) {
        let _ = crate::files::write_text(&path, &out);
        *last = out;
    }
}
