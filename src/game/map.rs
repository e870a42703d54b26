//! Terrain through bevy_ecs_tilemap (square or hex) and units as sprites with name, HP
//! bar and condition badges; short movement animation and floating damage numbers (held
//! while the hot-seat handover screen hides the board, so they play once it is shown).
//! View only: it reads the battle and its events and decides nothing.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_ecs_tilemap::prelude::*;
use skirmish_rules::components::{Conditions, UnitId};
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, Grid, GridKind};
use skirmish_rules::level::Terrain;

use super::{BattleRes, Screen, Session};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Built>()
        .add_systems(OnExit(Screen::Battle), clear)
        .add_systems(
            Update,
            (
                rebuild,
                draw_ground,
                // Behind the handover screen nothing moves or floats: the moves and
                // numbers of the turn played meanwhile show once the board does.
                (animate_units, spawn_floaters, float).run_if(not(super::act::board_hidden)),
            )
                .chain()
                .in_set(super::act::GameSystems::View)
                .run_if(in_state(Screen::Battle)),
        );
}

/// Which battle generation the map on screen shows (a restart builds a new one).
#[derive(Resource, Default)]
pub struct Built {
    generation: Option<u32>,
    /// Events already turned into floating numbers.
    seen: usize,
}

/// The tilemap's geometry, to turn cells into world positions and back.
#[derive(Resource, Clone, Copy)]
pub struct MapLayout {
    size: TilemapSize,
    grid: TilemapGridSize,
    tile: TilemapTileSize,
    map_type: TilemapType,
    logical: Grid,
}

impl MapLayout {
    /// World position of a cell's centre.
    pub fn world(&self, c: Cell) -> Vec2 {
        let tp = TilePos {
            x: c.x.max(0) as u32,
            y: (self.logical.height - 1 - c.y).max(0) as u32,
        };
        tp.center_in_world(
            &self.size,
            &self.grid,
            &self.tile,
            &self.map_type,
            &TilemapAnchor::Center,
        )
    }

    /// The cell whose centre is nearest to a world point, if the point is on the map.
    pub fn cell_at(&self, p: Vec2) -> Option<Cell> {
        let (c, d) = self
            .logical
            .cells()
            .map(|c| (c, self.world(c).distance(p)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        (d <= self.tile.y * 0.55).then_some(c)
    }

    /// Size of one tile.
    pub fn tile(&self) -> Vec2 {
        Vec2::new(self.tile.x, self.tile.y)
    }

    /// Square or hex.
    pub fn kind(&self) -> GridKind {
        self.logical.kind
    }

    /// The camera that fits the whole map into a `ww`×`wh` window left of the side
    /// panel: its position and its orthographic scale.
    pub fn fit(&self, ww: f32, wh: f32) -> (Vec2, f32) {
        let g = self.logical;
        let free = (ww - PANEL).max(200.0);
        let lo = self.world(Cell::new(0, g.height - 1));
        let hi = self.world(Cell::new(g.width - 1, 0));
        let (mw, mh) = (
            (hi.x - lo.x).abs() + self.tile.x * 1.5,
            (hi.y - lo.y).abs() + self.tile.y * 1.5,
        );
        let scale = (mw / (free * 0.95))
            .max(mh / (wh.max(100.0) * 0.95))
            .clamp(0.3, 4.0);
        let centre = (lo + hi) / 2.0;
        // The free area's centre is PANEL/2 pixels left of the window's centre.
        (Vec2::new(centre.x + PANEL / 2.0 * scale, centre.y), scale)
    }

    /// Every cell with its centre on screen (window pixels) for a camera at `at` with
    /// `scale` in a `ww`×`wh` window: "x y sx sy" lines, what `SKIRMISH_LAYOUT` holds.
    pub fn screen_lines(&self, at: Vec2, scale: f32, ww: f32, wh: f32) -> String {
        let mut out = String::new();
        for c in self.logical.cells() {
            let w = self.world(c);
            let sx = (w.x - at.x) / scale + ww / 2.0;
            let sy = wh / 2.0 - (w.y - at.y) / scale;
            out.push_str(&format!("{} {} {:.0} {:.0}\n", c.x, c.y, sx, sy));
        }
        out
    }
}

/// Everything the battle screen spawned in the world.
#[derive(Component)]
pub struct MapEntity;

/// A unit's sprite.
#[derive(Component)]
pub struct UnitView(pub UnitId);

#[derive(Component)]
struct HpFill(UnitId);

#[derive(Component)]
struct Badges(UnitId);

/// A marker for the items lying on one cell (dropped, disarmed).
#[derive(Component)]
struct GroundView;

#[derive(Component)]
struct Floater {
    age: f32,
}

const UNIT: f32 = 20.0;
/// Width of the egui side panel in logical pixels.
pub const PANEL: f32 = 340.0;
const BAR: f32 = 22.0;

fn clear(mut commands: Commands, q: Query<Entity, With<MapEntity>>, mut built: ResMut<Built>) {
    for e in &q {
        commands.entity(e).despawn();
    }
    *built = Built::default();
}

fn rebuild(
    mut commands: Commands,
    battle: Res<BattleRes>,
    session: Res<Session>,
    assets: Res<AssetServer>,
    mut built: ResMut<Built>,
    old: Query<Entity, With<MapEntity>>,
    mut cams: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    if built.generation == Some(session.generation) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    built.generation = Some(session.generation);
    built.seen = battle.0.log().len();
    let b = &battle.0;
    let g = b.grid();
    let size = TilemapSize {
        x: g.width as u32,
        y: g.height as u32,
    };
    let (texture, tile, map_type) = match g.kind {
        GridKind::Square => (
            assets.load("square_tiles.png"),
            TilemapTileSize { x: 32.0, y: 32.0 },
            TilemapType::Square,
        ),
        GridKind::Hex => (
            assets.load("hex_tiles.png"),
            TilemapTileSize { x: 28.0, y: 32.0 },
            // Level rows count down from the top and odd rows are shoved right; tile rows
            // count up, so the parity flips with the map height.
            TilemapType::Hexagon(if (g.height - 1) % 2 == 0 {
                HexCoordSystem::RowOdd
            } else {
                HexCoordSystem::RowEven
            }),
        ),
    };
    let grid: TilemapGridSize = tile.into();
    let mut storage = TileStorage::empty(size);
    let map = commands.spawn(MapEntity).id();
    for c in g.cells() {
        let pos = TilePos {
            x: c.x as u32,
            y: (g.height - 1 - c.y) as u32,
        };
        let index = match b.terrain(c) {
            Terrain::Floor => 0,
            Terrain::Wall => 1,
            Terrain::Difficult => 2,
            Terrain::High => 3,
            Terrain::Low => 4,
            Terrain::Pit => 5,
        };
        let t = commands
            .spawn((
                MapEntity,
                TileBundle {
                    position: pos,
                    tilemap_id: TilemapId(map),
                    texture_index: TileTextureIndex(index),
                    ..default()
                },
            ))
            .id();
        storage.set(&pos, t);
    }
    commands.entity(map).insert(TilemapBundle {
        grid_size: grid,
        map_type,
        size,
        storage,
        texture: TilemapTexture::Single(texture),
        tile_size: tile,
        anchor: TilemapAnchor::Center,
        ..default()
    });
    let layout = MapLayout {
        size,
        grid,
        tile,
        map_type,
        logical: g,
    };
    commands.insert_resource(layout);
    // Fit the map into the part of the window left of the side panel.
    let (ww, wh) = windows
        .single()
        .map(|w| (w.width(), w.height()))
        .unwrap_or((1280.0, 800.0));
    let (at, scale) = layout.fit(ww, wh);
    for (mut t, mut p) in &mut cams {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = scale;
        }
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
    for u in b.units() {
        let side = b.side(u);
        let [r, gc, bl] = b.level().sides[side.0 as usize].colour;
        let p = layout.world(b.pos(u));
        commands
            .spawn((
                MapEntity,
                UnitView(u),
                Sprite::from_color(Color::srgb_u8(r, gc, bl), Vec2::splat(UNIT)),
                Transform::from_translation(p.extend(10.0)),
            ))
            .with_children(|c| {
                c.spawn((
                    Text2d::new(b.name(u).to_string()),
                    TextFont {
                        font_size: FontSize::Px(11.0),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 19.0, 1.0),
                ));
                // HP bar: a dark back and a green fill scaled to HP.
                c.spawn((
                    Sprite::from_color(Color::srgb(0.15, 0.05, 0.05), Vec2::new(BAR, 4.0)),
                    Transform::from_xyz(0.0, -14.0, 1.0),
                ));
                c.spawn((
                    HpFill(u),
                    Sprite::from_color(Color::srgb(0.2, 0.85, 0.3), Vec2::new(BAR, 4.0)),
                    Transform::from_xyz(0.0, -14.0, 2.0),
                ));
                c.spawn((
                    Badges(u),
                    Text2d::new(String::new()),
                    TextFont {
                        font_size: FontSize::Px(10.0),
                        ..default()
                    },
                    TextColor(Color::srgb(1.0, 0.95, 0.3)),
                    Transform::from_xyz(0.0, 0.0, 3.0),
                ));
            });
    }
}

/// Items on the ground: a small gold diamond in the lower right corner of each cell that
/// holds any (seen under a unit standing there), with how many when more than one.
/// Drawn again whenever the battle changes.
fn draw_ground(
    mut commands: Commands,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    old: Query<Entity, With<GroundView>>,
) {
    let Some(layout) = layout else { return };
    if !battle.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut cells: std::collections::BTreeMap<Cell, usize> = std::collections::BTreeMap::new();
    for (c, _) in battle.0.ground() {
        *cells.entry(*c).or_insert(0) += 1;
    }
    let t = layout.tile();
    for (c, n) in cells {
        let p = layout.world(c) + Vec2::new(t.x * 0.3, -t.y * 0.3);
        let mut e = commands.spawn((
            MapEntity,
            GroundView,
            Sprite::from_color(Color::srgb(0.95, 0.78, 0.25), Vec2::splat(7.0)),
            Transform::from_translation(p.extend(12.0))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
        if n > 1 {
            e.with_children(|k| {
                k.spawn((
                    Text2d::new(n.to_string()),
                    TextFont {
                        font_size: FontSize::Px(9.0),
                        ..default()
                    },
                    TextColor(Color::BLACK),
                    Transform::from_rotation(Quat::from_rotation_z(-std::f32::consts::FRAC_PI_4))
                        .with_translation(Vec3::new(0.0, 0.0, 1.0)),
                ));
            });
        }
    }
}

fn animate_units(
    time: Res<Time>,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    mut units: Query<(&UnitView, &mut Transform, &mut Visibility)>,
    mut fills: Query<(&HpFill, &mut Transform), Without<UnitView>>,
    mut badges: Query<(&Badges, &mut Text2d)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(layout) = layout else { return };
    let b = &battle.0;
    let step = (time.delta_secs() * 12.0).min(1.0);
    let mut moving = false;
    for (v, mut t, mut vis) in &mut units {
        let goal = layout.world(b.pos(v.0)).extend(10.0);
        if t.translation.distance_squared(goal) < 0.01 {
            if t.translation != goal {
                t.translation = goal;
            }
        } else {
            t.translation = t.translation.lerp(goal, step);
            moving = true;
        }
        *vis = if b.alive(v.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
    if moving {
        // Still on its way: the next frame, without waiting for input.
        redraw.write(RequestRedraw);
    }
    if !battle.is_changed() {
        return;
    }
    for (f, mut t) in &mut fills {
        let hp = b
            .get::<skirmish_rules::components::Health>(f.0)
            .map(|h| (h.hp.max(0) as f32 / h.max.max(1) as f32).clamp(0.0, 1.0))
            .unwrap_or(0.0);
        t.scale.x = hp.max(0.001);
        t.translation.x = -BAR * (1.0 - hp) / 2.0;
    }
    for (bd, mut text) in &mut badges {
        let s: String = b
            .get::<Conditions>(bd.0)
            .map(|c| {
                c.0.iter()
                    .map(|c| b.rules().condition_badge(c.kind))
                    .collect()
            })
            .unwrap_or_default();
        text.0 = s;
    }
}

fn spawn_floaters(
    mut commands: Commands,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    mut built: ResMut<Built>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(layout) = layout else { return };
    let b = &battle.0;
    if built.seen > b.log().len() {
        built.seen = b.log().len();
    }
    if built.seen < b.log().len() {
        // New numbers may float from here: the frames that float them must come.
        redraw.write(RequestRedraw);
    }
    for l in &b.log()[built.seen..] {
        let (unit, text, colour) = match &l.event {
            Event::Damage { unit, amount, .. } => {
                (*unit, format!("-{amount}"), Color::srgb(1.0, 0.3, 0.25))
            }
            Event::Defence {
                unit,
                success: true,
                kind,
                ..
            } => (*unit, format!("{kind}!"), Color::srgb(0.5, 0.8, 1.0)),
            Event::Attack {
                target, outcome, ..
            } if !outcome.is_success() => (*target, "miss".into(), Color::srgb(0.85, 0.85, 0.85)),
            Event::Said { unit, text } => {
                (*unit, format!("\"{text}\""), Color::srgb(1.0, 1.0, 0.85))
            }
            _ => continue,
        };
        let p = layout.world(b.pos(unit));
        commands.spawn((
            MapEntity,
            Floater { age: 0.0 },
            Text2d::new(text),
            TextFont {
                font_size: FontSize::Px(16.0),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation(p.extend(30.0) + Vec3::new(0.0, 10.0, 0.0)),
        ));
    }
    built.seen = b.log().len();
}

fn float(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Floater, &mut Transform, &mut TextColor)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !q.is_empty() {
        redraw.write(RequestRedraw);
    }
    for (e, mut f, mut t, mut c) in &mut q {
        f.age += time.delta_secs();
        t.translation.y += 30.0 * time.delta_secs();
        c.0.set_alpha((1.4 - f.age).clamp(0.0, 1.0));
        if f.age > 1.4 {
            commands.entity(e).despawn();
        }
    }
}
