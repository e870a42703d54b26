//! The names of the grid's directions, shared by the rules' words (melee-zone's facing)
//! and the window (the level editor's facing picker).

use crate::grid::GridKind;

/// A direction's name on the grid ("north-east"): clockwise from east on both grids
/// (8 on squares, 6 on hexes).
pub fn direction_name(kind: GridKind, d: usize) -> &'static str {
    const SQUARE: [&str; 8] = [
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
        "north",
        "north-east",
    ];
    const HEX: [&str; 6] = [
        "east",
        "south-east",
        "south-west",
        "west",
        "north-west",
        "north-east",
    ];
    match kind {
        GridKind::Square => SQUARE[d % 8],
        GridKind::Hex => HEX[d % 6],
    }
}
