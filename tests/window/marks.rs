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

/// The token's marks in words on hover (issue 31: "unexplained token marks … no legend
/// outside F1"): melee-zone's facing arrow and Free Hit Slot pips named over Grub; a
/// tactical-d20 foe's "!" (Surprised) named over it.
#[test]
fn hovering_a_token_names_its_marks() {
    use skirmish::game::View;
    use skirmish::game::hud::hover_lines;
    use skirmish::game::markers::{LEGEND, token_legend};
    let b = crate::support::melee_zone::arena(
        GridKind::Square,
        r#"Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "duelist", facing: 0),
        Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "soldier", facing: 4)"#,
        &[],
    );
    let grub = b.find("Grub").unwrap();
    let words = token_legend(&b, grub).expect("marks");
    assert!(words.starts_with("Marks: "), "{words}");
    assert!(words.contains("triangle: the way it faces"), "{words}");
    assert!(words.contains("pips: "), "{words}");
    let view = View {
        hovered: Some(b.pos(grub)),
        ..Default::default()
    };
    if b.current() == b.find("Corwin") {
        let lines = hover_lines(&b, &view);
        assert!(lines.contains(&words), "{lines:?}");
    }
    // tactical-d20: Grub, surprised at the start, shows "!": the hover names it.
    let d = crate::support::d20::duel(GridKind::Square, &[]);
    let g = d.find("Grub").unwrap();
    assert_eq!(
        token_legend(&d, g).as_deref(),
        Some("Marks: [!] Surprised"),
        "the \"!\" badge named"
    );
    let view = View {
        hovered: Some(d.pos(g)),
        ..Default::default()
    };
    let lines = hover_lines(&d, &view);
    assert!(
        lines.iter().any(|l| l == "Marks: [!] Surprised"),
        "{lines:?}"
    );
    // The general legend names every kind of mark the issue found unexplained.
    let all: String = LEGEND.iter().map(|(m, w)| format!("{m} {w} ")).collect();
    for mark in ["letters", "triangle", "dots", "!", "B, D2, Ch"] {
        assert!(all.contains(mark), "{mark}");
    }
}
