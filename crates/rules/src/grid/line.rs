//! Straight lines: the walker behind [`Grid::walk_line`], [`Grid::line`] and
//! [`Grid::line_between_any`].

use hexx::Hex;

use super::{Cell, Grid, GridKind};

impl Grid {
    /// Visit the cells of [`Grid::line`] in order, every one or (`inner`) only those
    /// strictly between the ends, until `f` says stop (`false`). Returns whether every
    /// cell asked was visited.
    ///
    /// Squares: step `i` of `n` is `a + (b − a)·i/n` rounded, halves rounding up, in
    /// exact integer arithmetic. Hexes: hexx's line (`Hex::line_to`: the axial point
    /// `a + (b − a)·i/n` and hexx's rounding), computed in fixed point (see
    /// [`round_fixed`]): the same cells, one step at a time.
    pub(super) fn walk_line_part(
        &self,
        a: Cell,
        b: Cell,
        inner: bool,
        mut f: impl FnMut(Cell) -> bool,
    ) -> bool {
        match self.kind {
            GridKind::Hex => walk_hex_line(Self::to_hex(a), Self::to_hex(b), inner, |h| {
                f(Self::from_hex(h))
            }),
            GridKind::Square => walk_square_line(a, b, inner, f),
        }
    }
}

/// Keeps `c·2n + n = q·2n + r` with `r` in `0..2n` as `c` grows by `d` (`|d| ≤ 2n`: one
/// correction is enough).
fn step(q: &mut i64, r: &mut i64, d: i64, two_n: i64) {
    *r += d;
    if *r >= two_n {
        *r -= two_n;
        *q += 1;
    } else if *r < 0 {
        *r += two_n;
        *q -= 1;
    }
}

/// The square line (see [`Grid::walk_line_part`]). The axis the line runs along (`x`
/// on a tie) moves one cell a step, `±i` (`(2·d·i + n) div 2n` with `|d| = n`); the
/// other's offset `(2·d·i + n) div 2n` is kept as a quotient and remainder.
fn walk_square_line(a: Cell, b: Cell, inner: bool, mut f: impl FnMut(Cell) -> bool) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let n = i64::from(dx.unsigned_abs().max(dy.unsigned_abs()));
    if n == 0 {
        return inner || f(a);
    }
    if !inner && !f(a) {
        return false;
    }
    let x_major = i64::from(dx.unsigned_abs()) == n;
    let (sign, across) = if x_major {
        (dx.signum(), 2 * i64::from(dy))
    } else {
        (dy.signum(), 2 * i64::from(dx))
    };
    let two_n = 2 * n;
    let (mut q, mut r) = (0i64, n);
    let end = if inner { n - 1 } else { n };
    for i in 1..=end {
        step(&mut q, &mut r, across, two_n);
        let (along, off) = (sign * i as i32, q as i32);
        let c = if x_major {
            Cell::new(a.x + along, a.y + off)
        } else {
            Cell::new(a.x + off, a.y + along)
        };
        if !f(c) {
            return false;
        }
    }
    true
}

/// Lines longer than this (`2 · largest |coordinate| · steps`) go through hexx's own
/// f32 line: below it f32's error stays under the fixed point's smallest step (see
/// [`round_fixed`]), so both agree.
const HEX_LINE_EXACT: i64 = 1 << 19;

/// Walk hexx's line from `a` to `b` (the axial point `a·(1 − s) + b·s`, `s = i/n`,
/// rounded by `Hex::round`) in fixed point: the point of step `i` in units of
/// `1/(2n)` is `2n·a + 2(b − a)·i`, one addition per step, kept per coordinate as the
/// nearest integer and the remainder. A cell whose rounding is an exact tie (f32's
/// error then decides it in hexx) is asked of hexx itself. `inner`: only the cells
/// strictly between the ends.
fn walk_hex_line(a: Hex, b: Hex, inner: bool, mut f: impl FnMut(Hex) -> bool) -> bool {
    let n = i64::from(a.unsigned_distance_to(b));
    if n == 0 {
        return inner || f(a);
    }
    let largest = [a.x, a.y, b.x, b.y]
        .iter()
        .map(|v| i64::from(v.unsigned_abs()))
        .max()
        .unwrap_or(0);
    if 2 * largest * n > HEX_LINE_EXACT {
        let skip = usize::from(inner);
        let take = if inner { n - 1 } else { n + 1 } as usize;
        return a.line_to(b).skip(skip).take(take).all(f);
    }
    let (dx, dy) = (2 * i64::from(b.x - a.x), 2 * i64::from(b.y - a.y));
    let two_n = 2 * n;
    // `2n·c + n = q·2n + r`: `q` is `c` rounded half up, `r − n` the remainder.
    let (mut xq, mut xr, mut yq, mut yr) = (i64::from(a.x), n, i64::from(a.y), n);
    let (first, end) = if inner { (1, n - 1) } else { (0, n) };
    for i in 0..=end {
        if i > 0 {
            step(&mut xq, &mut xr, dx, two_n);
            step(&mut yq, &mut yr, dy, two_n);
        }
        if i < first {
            continue;
        }
        let h = round_fixed(xq, xr - n, yq, yr - n, n)
            .unwrap_or_else(|| a.lerp(b, i as f32 / n as f32));
        if !f(h) {
            return false;
        }
    }
    true
}

/// `Hex::round` of the axial point `(x, y) / (2n)`, exactly, from each coordinate
/// rounded half up (`xr`, `yr`) and its remainder in units of `1/(2n)` (`fx`, `fy`, in
/// `−n..n`); `None` on a tie (a coordinate halfway between two integers, equal
/// remainders, or a second rounding halfway), where hexx's answer depends on f32's error.
///
/// `Hex::round` rounds both coordinates, then moves the one with the larger remainder
/// `r` by `round(r + r'/2)` (`r'` the other remainder). Away from a tie the exact
/// quantities are at least `1/(4n)` from a rounding boundary, and hexx's f32 point is
/// off by at most about `4 · largest coordinate · 2⁻²⁴`, under that for lines below
/// [`HEX_LINE_EXACT`]: both round the same way.
fn round_fixed(mut xr: i64, fx: i64, mut yr: i64, fy: i64, n: i64) -> Option<Hex> {
    let two_n = 2 * n;
    if fx == -n || fy == -n {
        return None;
    }
    if fx.abs() == fy.abs() && fx != 0 {
        return None;
    }
    // `r + r'/2` in units of 1/(4n); |r + r'/2| < 3/4, so the rounding moves by at most 1.
    let (v, moved) = if fx.abs() >= fy.abs() {
        (2 * fx + fy, &mut xr)
    } else {
        (2 * fy + fx, &mut yr)
    };
    if v.abs() == two_n {
        return None;
    }
    if v > two_n {
        *moved += 1;
    } else if v < -two_n {
        *moved -= 1;
    }
    Some(Hex::new(xr as i32, yr as i32))
}
