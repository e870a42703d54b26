//! Tests of `grid` (the line walker against hexx, `within_rows`, the square line).
use super::*;

/// The integer square line matches the rounding it replaced (`round(x + 1e-6)`).
#[test]
fn square_line_matches_float_rounding() {
    let g = Grid::new(GridKind::Square, 40, 40);
    let a = Cell::new(17, 19);
    for b in g.cells() {
        let n = g.distance(a, b) as i32;
        let float: Vec<Cell> = if n == 0 {
            vec![a]
        } else {
            (0..=n)
                .map(|i| {
                    let t = i as f64 / n as f64;
                    let x = a.x as f64 + (b.x - a.x) as f64 * t;
                    let y = a.y as f64 + (b.y - a.y) as f64 * t;
                    Cell::new((x + 1e-6).round() as i32, (y + 1e-6).round() as i32)
                })
                .collect()
        };
        assert_eq!(g.line(a, b), float, "{a} -> {b}");
    }
}

/// The square line walked by quotient and remainder is the closed form it replaced,
/// `(2·d·i + n) div 2n` per axis, from cells on and off the map in every direction.
#[test]
fn square_line_matches_its_closed_form() {
    let g = Grid::new(GridKind::Square, 40, 40);
    for a in [
        Cell::new(17, 19),
        Cell::new(0, 0),
        Cell::new(39, 3),
        Cell::new(-5, 44),
    ] {
        for b in g.cells() {
            let n = i64::from(g.distance(a, b)).max(1);
            let (dx, dy) = (i64::from(b.x - a.x), i64::from(b.y - a.y));
            let closed: Vec<Cell> = (0..=i64::from(g.distance(a, b)))
                .map(|i| {
                    let x = (2 * dx * i + n).div_euclid(2 * n);
                    let y = (2 * dy * i + n).div_euclid(2 * n);
                    Cell::new(a.x + x as i32, a.y + y as i32)
                })
                .collect();
            assert_eq!(g.line(a, b), closed, "{a} -> {b}");
        }
    }
}

/// The fixed-point hex line is hexx's f32 line, cell for cell: every pair from
/// three centres on a 40×40 map, and 20,000 seeded random pairs on 256×256.
#[test]
fn hex_line_matches_hexx_line() {
    let hexx_line = |a: Cell, b: Cell| -> Vec<Cell> {
        Grid::to_hex(a)
            .line_to(Grid::to_hex(b))
            .map(Grid::from_hex)
            .collect()
    };
    let small = Grid::new(GridKind::Hex, 40, 40);
    for a in [Cell::new(17, 19), Cell::new(0, 0), Cell::new(39, 38)] {
        for b in small.cells() {
            assert_eq!(small.line(a, b), hexx_line(a, b), "{a} -> {b}");
        }
    }
    let big = Grid::new(GridKind::Hex, 256, 256);
    let mut state = 34u64;
    let mut cell = || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut v = state;
        v = (v ^ (v >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        v = (v ^ (v >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        v ^= v >> 31;
        Cell::new((v % 256) as i32, ((v >> 32) % 256) as i32)
    };
    for _ in 0..20_000 {
        let (a, b) = (cell(), cell());
        assert_eq!(big.line(a, b), hexx_line(a, b), "{a} -> {b}");
    }
}

/// Stopping early visits a prefix of the line and says so.
#[test]
fn walk_line_stops_when_told() {
    for kind in [GridKind::Hex, GridKind::Square] {
        let g = Grid::new(kind, 30, 30);
        let (a, b) = (Cell::new(2, 3), Cell::new(25, 17));
        let full = g.line(a, b);
        let mut seen = Vec::new();
        let all = g.walk_line(a, b, |c| {
            seen.push(c);
            seen.len() < 5
        });
        assert!(!all);
        assert_eq!(seen, full[..5]);
        assert!(g.walk_line(a, b, |_| true));
        let mut between = Vec::new();
        assert!(!g.line_between_any(a, b, |c| {
            between.push(c);
            false
        }));
        assert_eq!(between, full[1..full.len() - 1]);
        assert!(g.line_between_any(a, b, |c| c == full[3]));
        assert!(!g.line_between_any(a, b, |c| c == a || c == b));
        assert!(!g.line_between_any(a, a, |_| true));
    }
}

/// `within` as it was built before session 19 (every cell of the square or hexx's
/// range, the off-map ones dropped, sorted row-major): the reference the row runs are
/// held to.
fn within_reference(g: &Grid, c: Cell, range: u32) -> Vec<Cell> {
    let mut out: Vec<Cell> = match g.kind {
        GridKind::Square => {
            let r = range as i32;
            (c.y - r..=c.y + r)
                .flat_map(|y| (c.x - r..=c.x + r).map(move |x| Cell::new(x, y)))
                .collect()
        }
        GridKind::Hex => Grid::to_hex(c).range(range).map(Grid::from_hex).collect(),
    };
    out.retain(|n| g.contains(*n));
    out.sort_by_key(|n| (n.y, n.x));
    out
}

/// The rows of `within_rows` (and so `within`, built from them) are exactly the cells
/// in range on the map, row-major, on both grids, at the edges and corners too.
#[test]
fn within_rows_is_within() {
    for kind in [GridKind::Hex, GridKind::Square] {
        let g = Grid::new(kind, 13, 11);
        for c in g.cells().chain([Cell::new(-2, 3), Cell::new(14, 12)]) {
            for range in 0..7 {
                let mut rows = Vec::new();
                g.within_rows(c, range, |y, x0, x1| {
                    rows.extend((x0..=x1).map(|x| Cell::new(x, y)));
                });
                assert_eq!(rows, within_reference(&g, c, range), "{kind:?} {c} {range}");
                assert_eq!(g.within(c, range), rows, "{kind:?} {c} {range}");
            }
        }
    }
}

#[test]
fn hex_roundtrip_offset() {
    for c in Grid::new(GridKind::Hex, 7, 7).cells() {
        assert_eq!(Grid::from_hex(Grid::to_hex(c)), c);
    }
}

/// The cells `line_between_any` looks at are the line's own between its ends, in order,
/// from cells on and off the map to every cell of a 21×17 map on both grids; stopping at
/// any of them stops the walk there.
#[test]
fn line_between_any_walks_the_lines_inside() {
    for kind in [GridKind::Hex, GridKind::Square] {
        let g = Grid::new(kind, 21, 17);
        for a in [
            Cell::new(10, 8),
            Cell::new(0, 0),
            Cell::new(20, 3),
            Cell::new(-3, 19),
        ] {
            for b in g.cells() {
                let line = g.line(a, b);
                let inside = &line[1.min(line.len())..line.len().saturating_sub(1).max(1)];
                let inside = if line.len() <= 2 { &[][..] } else { inside };
                let mut seen = Vec::new();
                assert!(!g.line_between_any(a, b, |c| {
                    seen.push(c);
                    false
                }));
                assert_eq!(seen, inside, "{kind:?} {a} -> {b}");
                for (k, &stop) in inside.iter().enumerate() {
                    let mut n = 0;
                    assert!(g.line_between_any(a, b, |c| {
                        n += 1;
                        c == stop
                    }));
                    assert_eq!(n, k + 1, "{kind:?} {a} -> {b} stopping at {stop}");
                }
            }
        }
    }
}
