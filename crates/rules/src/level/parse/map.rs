//! The map and its legend: the map's size is checked before a cell is allocated.

use std::collections::BTreeMap;

use super::Board;
use crate::grid::Grid;
use crate::level::file::LevelFile;
use crate::level::messages::echo;
use crate::level::problems::Problems;
use crate::level::{MAX_MAP_SIDE, Terrain, default_legend};

/// Build the map from its rows and the legend (the default one with the level's
/// entries). Too large a map is not built: its rows are not checked.
pub(super) fn build(p: &mut Problems, raw: &LevelFile) -> Board {
    let mut legend = default_legend();
    legend.extend(raw.legend.iter().map(|(k, v)| (*k, *v)));
    let height = raw.map.len();
    let width = raw.map.first().map(|r| r.chars().count()).unwrap_or(0);
    let widest = raw.map.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let map_fits = height <= MAX_MAP_SIDE && widest <= MAX_MAP_SIDE;
    if height == 0 || width == 0 {
        p.at(
            "map",
            "the map is empty: give at least one row of cells".into(),
        );
    }
    if !map_fits {
        p.at(
            "map",
            format!("the map is {widest}×{height}; at most {MAX_MAP_SIDE}×{MAX_MAP_SIDE}"),
        );
    }
    // Too large a map is not built: its rows are not checked and the units are checked
    // against an empty one.
    let (width, height) = if map_fits { (width, height) } else { (0, 0) };
    let mut terrain = vec![Terrain::Floor; width * height];
    for (y, row) in raw.map.iter().enumerate().take(height) {
        let n = row.chars().count();
        if n != width {
            p.at(
                &format!("map[{y}]"),
                format!("ragged map: row {y} has {n} cells but row 0 has {width}"),
            );
        }
        // Each unknown character once per row, where it first stands.
        let mut unknown: BTreeMap<char, (usize, usize)> = BTreeMap::new();
        for (x, ch) in row.chars().enumerate() {
            match legend.get(&ch) {
                Some(t) if x < width => terrain[y * width + x] = *t,
                Some(_) => {}
                None => unknown.entry(ch).or_insert((x, 0)).1 += 1,
            }
        }
        for (ch, (x, count)) in unknown {
            let more = match count {
                1 => String::new(),
                n => format!(" ({} more in this row)", n - 1),
            };
            p.list.push((
                format!("map[{y}]"),
                Some(x),
                format!(
                    "unknown map character `{}` (not in the legend){more}",
                    echo(&ch.to_string())
                ),
            ));
        }
    }
    Board {
        grid: Grid::new(raw.grid, width as i32, height as i32),
        terrain,
        width,
        height,
        fits: map_fits,
    }
}
