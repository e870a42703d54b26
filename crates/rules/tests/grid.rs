use skirmish_rules::grid::{Cell, Grid, GridKind};

fn both() -> [Grid; 2] {
    [
        Grid::new(GridKind::Hex, 11, 11),
        Grid::new(GridKind::Square, 11, 11),
    ]
}

fn ring_count(g: &Grid, c: Cell, r: u32) -> usize {
    g.within(c, r).into_iter().filter(|&x| x != c).count()
}

#[test]
fn reach_1_and_2_threaten_6_18_hexes_and_8_24_squares() {
    let [hex, sq] = both();
    let c = Cell::new(5, 5);
    assert_eq!(ring_count(&hex, c, 1), 6);
    assert_eq!(ring_count(&hex, c, 2), 18);
    assert_eq!(ring_count(&sq, c, 1), 8);
    assert_eq!(ring_count(&sq, c, 2), 24);
    // Also from an odd row on hexes (offset rows must not skew the ring).
    assert_eq!(ring_count(&hex, Cell::new(5, 4), 2), 18);
    // Clipped at the map edge.
    assert_eq!(ring_count(&sq, Cell::new(0, 0), 1), 3);
}

#[test]
fn neighbours_are_at_distance_one_on_both_grids() {
    for g in both() {
        for c in [Cell::new(5, 5), Cell::new(4, 4), Cell::new(5, 4)] {
            let n = g.neighbours(c);
            assert_eq!(n.len(), g.directions());
            assert!(n.iter().all(|&x| g.distance(c, x) == 1), "{:?} {c}", g.kind);
        }
    }
}

#[test]
fn opposite_cells_across_a_target() {
    let [hex, sq] = both();
    // Squares: straight and diagonal.
    assert_eq!(
        sq.opposite(Cell::new(4, 5), Cell::new(5, 5)),
        Cell::new(6, 5)
    );
    assert_eq!(
        sq.opposite(Cell::new(4, 4), Cell::new(5, 5)),
        Cell::new(6, 6)
    );
    // Hexes: every neighbour's opposite is the neighbour in the opposite direction.
    for c in [Cell::new(5, 5), Cell::new(5, 4)] {
        for d in 0..6 {
            let from = hex.step(c, d);
            let opp = hex.opposite(from, c);
            assert_eq!(opp, hex.step(c, (d + 3) % 6), "around {c} dir {d}");
            assert_eq!(hex.distance(from, opp), 2);
        }
    }
}

#[test]
fn path_goes_around_a_wall_on_both_grids() {
    for g in both() {
        // A wall across column 5, rows 2..=8.
        let wall = |c: Cell| c.x == 5 && (2..=8).contains(&c.y);
        let (path, cost) = g
            .path(Cell::new(3, 5), Cell::new(7, 5), 100, |to| {
                (!wall(to)).then_some(1)
            })
            .expect("a path exists");
        assert!(path.iter().all(|&c| !wall(c)));
        assert_eq!(path.first(), Some(&Cell::new(3, 5)));
        assert_eq!(path.last(), Some(&Cell::new(7, 5)));
        assert!(
            cost > g.distance(Cell::new(3, 5), Cell::new(7, 5)),
            "{:?}",
            g.kind
        );
        for w in path.windows(2) {
            assert_eq!(g.distance(w[0], w[1]), 1);
        }
        // And a budget too small finds nothing.
        assert!(
            g.path(Cell::new(3, 5), Cell::new(7, 5), 4, |to| (!wall(to))
                .then_some(1))
                .is_none()
        );
    }
}

#[test]
fn lines_are_contiguous() {
    for g in both() {
        let l = g.line(Cell::new(0, 0), Cell::new(9, 4));
        assert_eq!(l.first(), Some(&Cell::new(0, 0)));
        assert_eq!(l.last(), Some(&Cell::new(9, 4)));
        for w in l.windows(2) {
            assert_eq!(g.distance(w[0], w[1]), 1, "{:?}", g.kind);
        }
    }
}
