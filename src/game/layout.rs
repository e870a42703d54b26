//! The map's geometry on screen: where each cell of the tilemap is in the world and back
//! ([`MapLayout`], made by `map` when it builds the tilemap), the camera that fits the
//! map, and the side panel's width ([`PANEL`]). Plain geometry: it reads no battle and
//! runs no system, so the camera, input, overlays, minimap and replay can use it without
//! reaching the map's systems.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use skirmish_rules::grid::{Cell, Grid, GridKind};

/// Width of the egui side panel in logical pixels at UI scale 1.
pub const PANEL: f32 = 340.0;

/// The side panel's width in window pixels at UI scale `scale` in a window `ww` wide: it
/// grows with the scale, but beyond [`PANEL`] never past 38% of the window, so that the
/// map keeps most of it (at 150% in a 1024-pixel window: 389 pixels, the map 635).
pub fn panel_px(scale: f32, ww: f32) -> f32 {
    (PANEL * scale).min(PANEL.max(ww * 0.38))
}

/// A window shorter than this (window pixels) shows the roll log in a strip under the map
/// instead of at the side panel's foot, where it fell below the fold (1024×640, and at
/// 1280×800 only its first lines showed: the unit card and the actions fill the panel).
pub const SHORT: f32 = 900.0;

/// The height of the roll log's strip under the map (window pixels) in a window `wh`
/// tall: 0 when the window is tall enough for the log in the side panel ([`SHORT`]),
/// else 27% of it, at most 216 (172 pixels at 640: the log's header and seven lines).
pub fn log_strip_px(wh: f32) -> f32 {
    if wh < SHORT {
        (wh * 0.27).min(216.0).floor()
    } else {
        0.0
    }
}

/// The tilemap's geometry, to turn cells into world positions and back.
#[derive(Resource, Clone, Copy)]
pub struct MapLayout {
    pub(super) size: TilemapSize,
    pub(super) grid: TilemapGridSize,
    pub(super) tile: TilemapTileSize,
    pub(super) map_type: TilemapType,
    pub(super) logical: Grid,
    /// The side panel's width in window pixels (wider with a larger UI scale).
    pub panel: f32,
}

impl MapLayout {
    /// The board's geometry for grid `g` (the tilemap `map` builds; the level menu's
    /// preview draws the same): square tiles of 32, or pointy-top hexes 28 wide and 32
    /// tall whose odd level rows are shoved right by half a cell.
    pub fn for_grid(g: Grid, panel: f32) -> MapLayout {
        let size = TilemapSize {
            x: g.width.max(1) as u32,
            y: g.height.max(1) as u32,
        };
        let (tile, map_type) = match g.kind {
            GridKind::Square => (TilemapTileSize { x: 32.0, y: 32.0 }, TilemapType::Square),
            GridKind::Hex => (
                TilemapTileSize { x: 28.0, y: 32.0 },
                // Level rows count down from the top and odd rows are shoved right; tile
                // rows count up, so the parity flips with the map height.
                TilemapType::Hexagon(if (g.height - 1) % 2 == 0 {
                    HexCoordSystem::RowOdd
                } else {
                    HexCoordSystem::RowEven
                }),
            ),
        };
        MapLayout {
            size,
            grid: tile.into(),
            tile,
            map_type,
            logical: g,
            panel,
        }
    }

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

    /// Every cell of the map.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<'_> {
        self.logical.cells()
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
    /// panel and above the roll log's strip ([`log_strip_px`]): its position and its
    /// orthographic scale.
    pub fn fit(&self, ww: f32, wh: f32) -> (Vec2, f32) {
        let g = self.logical;
        let free = (ww - self.panel).max(200.0);
        let strip = log_strip_px(wh);
        let high = (wh - strip).max(100.0);
        let lo = self.world(Cell::new(0, g.height - 1));
        let hi = self.world(Cell::new(g.width - 1, 0));
        let (mw, mh) = (
            (hi.x - lo.x).abs() + self.tile.x * 1.5,
            (hi.y - lo.y).abs() + self.tile.y * 1.5,
        );
        let scale = (mw / (free * 0.95)).max(mh / (high * 0.95)).clamp(0.3, 4.0);
        let centre = (lo + hi) / 2.0;
        // The free area's centre is panel/2 pixels left of the window's centre, and
        // strip/2 pixels above it.
        (
            Vec2::new(
                centre.x + self.panel / 2.0 * scale,
                centre.y - strip / 2.0 * scale,
            ),
            scale,
        )
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
