//! Paths: of the cheapest paths, the straightest is taken (issue 16).

use crate::support::flow::arena;
use crate::support::{BOTH, id, offers, since};
use skirmish_rules::Command;
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::{Cell, Grid, GridKind};

fn cells(v: &[(i32, i32)]) -> Vec<Cell> {
    v.iter().map(|&(x, y)| Cell::new(x, y)).collect()
}

/// Twice the area between the path's cells and the straight start→goal line, in the
/// coordinates `Field` measures it (squares (x, y), hexes (2q + r, r)): the largest.
fn worst_off_line(g: &Grid, path: &[Cell]) -> i64 {
    let pt = |c: Cell| -> (i64, i64) {
        match g.kind {
            GridKind::Square => (c.x.into(), c.y.into()),
            GridKind::Hex => {
                let h = Grid::to_hex(c);
                ((2 * h.x + h.y).into(), h.y.into())
            }
        }
    };
    let (s, e) = (pt(path[0]), pt(*path.last().unwrap()));
    let (lx, ly) = (e.0 - s.0, e.1 - s.1);
    path.iter()
        .map(|&c| {
            let p = pt(c);
            ((p.0 - s.0) * ly - (p.1 - s.1) * lx).abs()
        })
        .max()
        .unwrap()
}

#[test]
fn a_straight_walk_on_open_squares_goes_straight() {
    let g = Grid::new(GridKind::Square, 12, 5);
    let open = |_: Cell| Some(1);
    // The walk of issue 16: it went (4,2) (5,1) (6,0) (7,0) (8,1) (9,2).
    let (path, cost) = g.path(Cell::new(4, 2), Cell::new(9, 2), 20, open).unwrap();
    assert_eq!(
        path,
        cells(&[(4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2)])
    );
    assert_eq!(cost, 5);
    // Straight down a column and along a diagonal too, both ways.
    for (a, b) in [((3, 0), (3, 4)), ((1, 0), (5, 4)), ((9, 4), (5, 0))] {
        let (a, b) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
        let (path, _) = g.path(a, b, 20, open).unwrap();
        assert_eq!(path, g.line(a, b), "{a} -> {b}");
    }
    // A walk off the eight directions keeps to the line: one sideways step, no zigzag.
    let (path, cost) = g.path(Cell::new(0, 1), Cell::new(6, 3), 20, open).unwrap();
    assert_eq!(cost, 6);
    assert_eq!(
        path,
        cells(&[(0, 1), (1, 1), (2, 2), (3, 2), (4, 2), (5, 3), (6, 3)])
    );
}

#[test]
fn hex_walks_keep_to_the_line_too() {
    let g = Grid::new(GridKind::Hex, 12, 9);
    let open = |_: Cell| Some(1);
    // Along a row: the only cheapest path.
    let (path, _) = g.path(Cell::new(2, 4), Cell::new(8, 4), 20, open).unwrap();
    assert_eq!(path, g.line(Cell::new(2, 4), Cell::new(8, 4)));
    // Between the six directions: many cheapest paths; the one taken hugs the line.
    for (a, b) in [((1, 1), (9, 5)), ((1, 7), (6, 0)), ((10, 8), (2, 2))] {
        let (a, b) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
        let (path, cost) = g.path(a, b, 40, open).unwrap();
        assert_eq!(cost, g.distance(a, b));
        // Never farther off than the hex line itself strays.
        assert!(
            worst_off_line(&g, &path) <= worst_off_line(&g, &g.line(a, b)),
            "{a} -> {b}: {path:?} vs {:?}",
            g.line(a, b)
        );
    }
}

#[test]
fn a_walk_around_an_obstacle_or_through_costly_ground_is_still_cheapest() {
    for kind in BOTH {
        let g = Grid::new(kind, 13, 11);
        // A wall across column 6, rows 2..=8, and mud (cost 3) on row 1.
        let cost = |c: Cell| -> Option<u32> {
            if c.x == 6 && (2..=8).contains(&c.y) {
                None
            } else if c.y == 1 {
                Some(3)
            } else {
                Some(1)
            }
        };
        for (a, b) in [((3, 5), (9, 5)), ((2, 3), (10, 6)), ((4, 0), (8, 4))] {
            let (a, b) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
            let field = g.field(a, 100, cost);
            let (best, _) = field.get(&b).unwrap();
            let (path, total) = g.path(a, b, 100, cost).unwrap();
            assert_eq!(total, best, "{kind:?} {a} -> {b}");
            assert_eq!(path.first(), Some(&a));
            assert_eq!(path.last(), Some(&b));
            let mut spent = 0;
            for w in path.windows(2) {
                assert_eq!(g.distance(w[0], w[1]), 1, "{kind:?} {path:?}");
                spent += cost(w[1]).expect("every cell of the path can be entered");
            }
            assert_eq!(spent, best, "{kind:?} {a} -> {b}: {path:?}");
            // The full search and the one stopped at the goal agree.
            assert_eq!(field.path_to(b), Some((path, total)));
        }
    }
}

/// Red "M" at (4,2), Blue "F" at (7,0) on an open 12×5 flow map; M acts first.
fn walk_past_a_foe(kind: GridKind) -> skirmish_rules::Battle {
    let units = r#"Unit(name: "M", side: "Red", cell: (4, 2), archetype: "fighter"),
        Unit(name: "F", side: "Blue", cell: (7, 0), archetype: "fighter")"#;
    let b = arena(kind, 12, 5, units, "", &[10, 1]);
    assert_eq!(b.current(), b.find("M"));
    b
}

#[test]
fn the_previewed_path_is_the_path_the_move_takes() {
    for kind in BOTH {
        for to in [Cell::new(9, 2), Cell::new(10, 4), Cell::new(9, 0)] {
            let mut b = walk_past_a_foe(kind);
            let m = id(&b, "M");
            let preview = b.path_to(m, to).unwrap().0;
            // The window draws the reachable field's path; the AI values that one too.
            assert_eq!(b.reachable(m).path_to(to).unwrap().0, preview);
            let start = b.log().len();
            b.submit(Command::Move { unit: m, to }).unwrap();
            crate::support::decline_all(&mut b);
            let mut walked = vec![Cell::new(4, 2)];
            for e in since(&b, start) {
                if let Event::Moved { unit, to, .. } = e
                    && unit == m
                {
                    walked.push(to);
                }
            }
            assert_eq!(walked, preview, "{kind:?} to {to}");
        }
    }
}

#[test]
fn walking_straight_past_a_foe_provokes_only_where_the_straight_path_is_threatened() {
    // Square: the straight walk along row 2 stays two cells from F at (7,0): nothing
    // is offered (the zigzag through (5,1) (6,0) stood next to F and provoked).
    let mut b = walk_past_a_foe(GridKind::Square);
    let (m, f) = (id(&b, "M"), id(&b, "F"));
    let start = b.log().len();
    b.submit(Command::Move {
        unit: m,
        to: Cell::new(9, 2),
    })
    .unwrap();
    let ev = since(&b, start);
    assert!(offers(&ev).is_empty(), "{ev:?}");
    assert_eq!(b.pos(m), Cell::new(9, 2));
    let steps: Vec<(Cell, Cell)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Moved { from, to, .. } => Some((*from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(
        steps,
        (4..9)
            .map(|x| (Cell::new(x, 2), Cell::new(x + 1, 2)))
            .collect::<Vec<_>>()
    );

    // One row up, the straight walk along row 1 passes next to F: leaving (6,1) and
    // (7,1) (both threatened) provokes F once, at the first of them.
    let units = r#"Unit(name: "M", side: "Red", cell: (4, 1), archetype: "fighter"),
        Unit(name: "F", side: "Blue", cell: (7, 0), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, 12, 5, units, "", &[10, 1]);
    let start = b.log().len();
    b.submit(Command::Move {
        unit: m,
        to: Cell::new(9, 1),
    })
    .unwrap();
    let ev = since(&b, start);
    assert_eq!(offers(&ev), vec![(f, vec![ReactionKind::ReactionAttack])]);
    assert_eq!(
        b.pos(m),
        Cell::new(6, 1),
        "the move stops where F may react"
    );
}

/// The path preview (`Battle::provoked_along`, what the hover card and the overlay's "!"
/// marks show) lists only the reactions that can happen, and the move then offers
/// exactly those. tactical-d20 ("only once per movement"): Orc threatens three cells of
/// Tam's path and is listed once; flow: Brute (2 RP) threatens every cell of the path
/// and is listed for the first two (each reaction costs 1 RP), and taking both (misses)
/// leaves it nothing for the third.
#[test]
fn the_path_preview_lists_only_the_reactions_that_can_happen() {
    // tactical-d20: Orc acts first and ends its turn (no longer Surprised).
    let map = crate::support::d20::open(10, 6);
    let rows: Vec<&str> = map.iter().map(String::as_str).collect();
    let units = r#"Unit(name: "Orc", side: "Blue", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Tam", side: "Red", cell: (1, 3), archetype: "rogue")"#;
    let mut b = crate::support::d20::field(GridKind::Square, &rows, units, "", &[20, 1]);
    let (o, t) = (id(&b, "Orc"), id(&b, "Tam"));
    b.submit(Command::EndTurn { unit: o }).unwrap();
    assert_eq!(b.current(), Some(t));
    let path = cells(&[(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)]);
    let leaving: usize = path
        .windows(2)
        .map(|w| b.leave_reactors(t, w[0]).len())
        .sum();
    assert_eq!(leaving, 3, "Orc threatens (2, 3), (3, 3) and (4, 3)");
    let p = b.provoked_along(t, &path);
    assert_eq!(
        p.iter().map(|p| (p.from, p.reactor)).collect::<Vec<_>>(),
        [(Cell::new(2, 3), o)]
    );
    let n = b.log().len();
    b.submit(Command::Move {
        unit: t,
        to: Cell::new(5, 3),
    })
    .unwrap();
    while let skirmish_rules::battle::Status::AwaitingReaction(r) = b.status() {
        b.submit(Command::React {
            unit: r,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
    }
    assert_eq!(offers(&since(&b, n)).len(), 1);
    // flow: Brute (2 RP) beside a straight path along row 2.
    let units = r#"Unit(name: "Brute", side: "Blue", cell: (3, 1), archetype: "brute"),
        Unit(name: "Pip", side: "Red", cell: (1, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, 10, 5, units, "", &[10, 1]);
    let (br, pip) = (id(&b, "Brute"), id(&b, "Pip"));
    b.submit(Command::EndTurn { unit: br }).unwrap();
    let path = cells(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
    let p = b.provoked_along(pip, &path);
    assert_eq!(
        p.iter().map(|p| (p.from, p.reactor)).collect::<Vec<_>>(),
        [(path[0], br), (path[1], br)],
        "the brute's reach covers the whole path; its 2 RP pay for the first two"
    );
    // Brute takes both (d100 99: misses); it has no RP for the third.
    b.dice_force_for_tests(&[99, 99]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: pip,
        to: Cell::new(5, 2),
    })
    .unwrap();
    let mut taken = 0;
    while let skirmish_rules::battle::Status::AwaitingReaction(r) = b.status() {
        let choice = b.window().and_then(|w| {
            w.options
                .contains(&ReactionKind::ReactionAttack)
                .then_some(ReactionKind::ReactionAttack)
        });
        taken += usize::from(r == br && choice.is_some());
        b.submit(Command::React {
            unit: r,
            choice: if r == br { choice } else { None },
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
    }
    let ev = since(&b, n);
    assert_eq!(taken, 2, "{ev:?}");
    assert_eq!(
        offers(&ev)
            .iter()
            .filter(|(r, o)| *r == br && o.contains(&ReactionKind::ReactionAttack))
            .count(),
        2
    );
    assert_eq!(b.pos(pip), Cell::new(5, 2));
}
