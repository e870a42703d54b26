//! Terrain through bevy_ecs_tilemap (square or hex) and units as sprites. View only.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;

use super::BattleRes;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_map)
        .add_systems(Update, sync_units);
}

/// The tilemap's geometry, to turn cells into world positions.
#[derive(Resource, Clone, Copy)]
pub struct MapLayout {
    size: TilemapSize,
    grid: TilemapGridSize,
    tile: TilemapTileSize,
    map_type: TilemapType,
    height: i32,
}

impl MapLayout {
    /// World position of a cell's centre.
    pub fn world(&self, c: Cell) -> Vec2 {
        let tp = TilePos {
            x: c.x.max(0) as u32,
            y: (self.height - 1 - c.y).max(0) as u32,
        };
        tp.center_in_world(
            &self.size,
            &self.grid,
            &self.tile,
            &self.map_type,
            &TilemapAnchor::Center,
        )
    }
}

/// A unit's sprite.
#[derive(Component)]
struct UnitView(UnitId);

fn spawn_map(mut commands: Commands, battle: Res<BattleRes>, assets: Res<AssetServer>) {
    commands.spawn(Camera2d);
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
    let map = commands.spawn_empty().id();
    for c in g.cells() {
        let pos = TilePos {
            x: c.x as u32,
            y: (g.height - 1 - c.y) as u32,
        };
        let index = match b.terrain(c) {
            Terrain::Floor => 0,
            Terrain::Wall => 1,
            Terrain::Difficult => 2,
        };
        let t = commands
            .spawn(TileBundle {
                position: pos,
                tilemap_id: TilemapId(map),
                texture_index: TileTextureIndex(index),
                ..default()
            })
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
        height: g.height,
    };
    commands.insert_resource(layout);
    for u in b.units() {
        let side = b.side(u);
        let [r, gc, bl] = b.level().sides[side.0 as usize].colour;
        let p = layout.world(b.pos(u));
        commands
            .spawn((
                UnitView(u),
                Sprite::from_color(Color::srgb_u8(r, gc, bl), Vec2::splat(20.0)),
                Transform::from_translation(p.extend(10.0)),
            ))
            .with_child((
                Text2d::new(b.name(u).to_string()),
                TextFont {
                    font_size: FontSize::Px(11.0),
                    ..default()
                },
                Transform::from_xyz(0.0, 17.0, 1.0),
            ));
    }
}

fn sync_units(
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    mut q: Query<(&UnitView, &mut Transform, &mut Visibility)>,
) {
    let Some(layout) = layout else { return };
    if !battle.is_changed() {
        return;
    }
    for (v, mut t, mut vis) in &mut q {
        let p = layout.world(battle.0.pos(v.0));
        t.translation = p.extend(10.0);
        *vis = if battle.0.alive(v.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}
