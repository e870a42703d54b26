//! Session 19 (issue 34): the movement search keeps its buckets per thread and hands
//! out fields that share their arrays. These tests hold it to the same answers as a
//! fresh search, whatever ran before it and whatever its cost closure does.

use skirmish_rules::grid::{Cell, Field, Grid, GridKind};

fn rows(f: &Field) -> Vec<(Cell, (u32, Cell))> {
    f.iter().collect()
}

/// Walls on a diagonal band, difficult (cost 2) cells on every fifth column.
fn terrain(c: Cell) -> Option<u32> {
    if (c.x + c.y) % 7 == 0 && c.x % 3 != 0 {
        None
    } else if c.x % 5 == 0 {
        Some(2)
    } else {
        Some(1)
    }
}

#[test]
fn an_open_square_field_reaches_exactly_the_cells_within_the_budget() {
    let g = Grid::new(GridKind::Square, 24, 24);
    let start = Cell::new(10, 12);
    let f = g.field(start, 4, |_| Some(1));
    // Eight directions at cost 1: the cost is the Chebyshev distance, up to 4.
    assert_eq!(f.len(), 81);
    for (c, (d, _)) in f.iter() {
        let cheb = (c.x - start.x).abs().max((c.y - start.y).abs()) as u32;
        assert_eq!(d, cheb, "{c:?}");
    }
    assert!(!f.contains_key(&Cell::new(15, 12)));
    assert_eq!(f.get(&Cell::new(14, 16)).map(|(d, _)| d), Some(4));
}

#[test]
fn a_search_gives_the_same_field_whatever_searched_before_it() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let g = Grid::new(kind, 24, 24);
        let first = rows(&g.field(Cell::new(3, 4), 9, terrain));
        // A wider and dearer search in between, then a small one, then the first again.
        let wide = rows(&g.field(Cell::new(20, 20), 40, |c| terrain(c).map(|v| v * 3)));
        let _ = g.field(Cell::new(0, 0), 1, terrain);
        assert_eq!(rows(&g.field(Cell::new(3, 4), 9, terrain)), first, "{kind}");
        assert_eq!(
            rows(&g.field(Cell::new(20, 20), 40, |c| terrain(c).map(|v| v * 3))),
            wide,
            "{kind}"
        );
        // A search stopped at a goal leaves nothing behind for the next one.
        let goal = Cell::new(9, 9);
        let path = g.path(Cell::new(3, 4), goal, 9, terrain);
        assert_eq!(path, g.field(Cell::new(3, 4), 9, terrain).path_to(goal));
        assert_eq!(rows(&g.field(Cell::new(3, 4), 9, terrain)), first, "{kind}");
    }
}

#[test]
fn a_search_run_from_inside_a_cost_closure_does_not_disturb_the_outer_one() {
    let g = Grid::new(GridKind::Square, 24, 24);
    let plain = rows(&g.field(Cell::new(12, 12), 8, terrain));
    let nested = g.field(Cell::new(12, 12), 8, |c| {
        // The inner search runs while the outer one holds its queue.
        let inner = g.field(c, 2, terrain);
        assert!(inner.contains_key(&c) || terrain(c).is_none());
        terrain(c)
    });
    assert_eq!(rows(&nested), plain);
}

#[test]
fn a_cloned_field_answers_as_the_original() {
    let g = Grid::new(GridKind::Hex, 24, 24);
    let f = g.field(Cell::new(5, 6), 7, terrain);
    let c = f.clone();
    drop(f);
    assert_eq!(rows(&c), rows(&g.field(Cell::new(5, 6), 7, terrain)));
    assert_eq!(c.settled().count(), c.len());
    let goal = Cell::new(9, 10);
    assert_eq!(c.path_to(goal), g.path(Cell::new(5, 6), goal, 7, terrain));
}
