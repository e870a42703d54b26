//! Issue 31's minor points on the map: the threat overlay hatches no wall; the reachable
//! cells' outline is nearly opaque in every palette.

use skirmish::game::overlay::threat_cells;
use skirmish::game::palette::{Palette, marks};
use skirmish_rules::grid::{Cell, GridKind};

use crate::support::d20::{DUEL, field};

/// Grub (5,4) threatens the cells around him; the walls east of him (6,3), (6,4) are
/// not hatched, the floor (6,5) is.
#[test]
fn the_threat_overlay_hatches_no_wall() {
    let mut rows: Vec<String> = (0..9).map(|_| ".".repeat(16)).collect();
    for y in [3, 4] {
        rows[y].replace_range(6..7, "#");
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let b = field(GridKind::Square, &rows, DUEL, "", &[20, 1]);
    let corwin = b.find("Corwin").unwrap();
    let grub = b.find("Grub").unwrap();
    let cells = threat_cells(&b, corwin);
    let zone = b.threatened_cells(grub);
    assert!(
        zone.contains(&Cell::new(6, 4)),
        "the rules' zone has the wall: {zone:?}"
    );
    assert!(!cells.contains(&Cell::new(6, 4)), "{cells:?}");
    assert!(!cells.contains(&Cell::new(6, 3)), "{cells:?}");
    assert!(cells.contains(&Cell::new(6, 5)), "{cells:?}");
    assert!(cells.contains(&Cell::new(5, 3)), "{cells:?}");
    assert!(
        !cells.contains(&b.pos(grub)),
        "his own cell is not in his zone"
    );
}

/// Reachable cells are outlined nearly opaque (issue 31: the faint outline), in every
/// palette.
#[test]
fn reachable_cells_are_outlined_clearly_in_every_palette() {
    for p in [
        Palette::Default,
        Palette::ColourBlind,
        Palette::HighContrast,
    ] {
        assert!(marks(p).reach[3] >= 0.8, "{p:?}: {:?}", marks(p).reach);
    }
}
