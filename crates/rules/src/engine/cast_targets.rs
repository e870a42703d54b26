//! Whom a casting reaches (issue 17; split from `engine/cast.rs` in session 20): the
//! cells an area covers, the one check of an aim and its targets
//! ([`Battle::cast_targets`]: the check, the preview, the AI and the casting itself ask
//! it), and the same answers prepared once for the many aims the AI weighs
//! ([`AreaPool`]), without a refusal's words.

use super::*;
use crate::abilities::area::{Cone, Shape};
use crate::abilities::{Ability, Targeting};
use crate::battle::Battle;
use crate::components::UnitId;
use crate::grid::{Cell, Grid};
use crate::level::Terrain;

/// The cells an ability aimed at one cell covers, asked cell by cell: what
/// [`Battle::cast_cells`] lists, walls aside (a burst: within its radius of the aim; a
/// cone: [`Cone`]'s angle test; a line: its cells, listed once).
enum Cover {
    Nothing,
    Burst { aim: Cell, radius: u32 },
    Cone(Cone),
    Cells(Vec<Cell>),
}

impl Cover {
    /// The cover of ability `a` cast from `from` at `aim`.
    fn of(grid: &Grid, from: Cell, a: &Ability, aim: Cell) -> Cover {
        match a.target {
            Targeting::Area { shape, .. } => match shape {
                Shape::Burst { radius } => Cover::Burst { aim, radius },
                Shape::Cone { length } => match Cone::new(grid, from, aim, length) {
                    Some(k) => Cover::Cone(k),
                    None => Cover::Nothing,
                },
                Shape::Line { .. } => {
                    Cover::Cells(crate::abilities::area::cells(grid, from, aim, shape))
                }
            },
            Targeting::Cell { .. } => Cover::Cells(vec![aim]),
            _ => Cover::Nothing,
        }
    }

    /// Is `p` among the covered cells (walls aside)?
    fn holds(&self, grid: &Grid, p: Cell) -> bool {
        match self {
            Cover::Nothing => false,
            Cover::Burst { aim, radius } => grid.contains(p) && grid.distance(p, *aim) <= *radius,
            Cover::Cone(k) => k.holds(grid, p),
            Cover::Cells(cells) => cells.contains(&p),
        }
    }
}

/// Who an area or cell ability of one caster may hit, listed once for many aims (the
/// AI weighs every cell around its foes): each unit of a pool that may be targeted, with
/// its cell, in the pool's order, less those an area cannot cover (standing on a wall).
/// [`AreaPool::members`] gives, for an aim [`Battle::cast_reaches`] allows, the units of
/// the pool [`Battle::cast_targets`] names for it (all of them when the pool is every
/// unit), in the same order.
pub(crate) struct AreaPool<'b> {
    battle: &'b Battle,
    ability: &'b Ability,
    from: Cell,
    units: Vec<(UnitId, Cell)>,
}

impl AreaPool<'_> {
    /// The pool's units that ability aimed at `aim` covers, pushed onto `out`.
    pub(crate) fn members(&self, aim: Cell, out: &mut Vec<UnitId>) {
        let grid = &self.battle.level.grid;
        let cover = Cover::of(grid, self.from, self.ability, aim);
        out.extend(
            self.units
                .iter()
                .filter(|&&(_, p)| cover.holds(grid, p))
                .map(|&(u, _)| u),
        );
    }
}

impl AreaPool<'_> {
    /// For a burst: for each aim of `aims` (each cell once), `value` summed over the
    /// pool's units it covers, in the pool's order (what summing `value` over
    /// [`Self::members`] gives, to the bit), found unit by unit (each unit adds its value
    /// to the aims within the radius of its cell) rather than aim by aim. `value` is asked
    /// only of units some aim covers. `None` for any other shape.
    pub(crate) fn burst_sums(
        &self,
        aims: &[Cell],
        value: &mut dyn FnMut(UnitId) -> f64,
    ) -> Option<Vec<f64>> {
        let Targeting::Area {
            shape: Shape::Burst { radius },
            ..
        } = self.ability.target
        else {
            return None;
        };
        // An empty sum (the neutral element `Sum` starts from), then each value added in
        // the pool's order: the same additions as a sum over the members.
        let zero: f64 = std::iter::empty::<f64>().sum();
        let mut sums = vec![zero; aims.len()];
        let Some(first) = aims.first() else {
            return Some(sums);
        };
        // Which aim each cell of the aims' bounding box is.
        let (mut x0, mut x1, mut y0, mut y1) = (first.x, first.x, first.y, first.y);
        for c in aims {
            (x0, x1, y0, y1) = (x0.min(c.x), x1.max(c.x), y0.min(c.y), y1.max(c.y));
        }
        let w = (x1 - x0 + 1) as usize;
        let mut index = vec![usize::MAX; w * (y1 - y0 + 1) as usize];
        for (k, c) in aims.iter().enumerate() {
            index[(c.y - y0) as usize * w + (c.x - x0) as usize] = k;
        }
        let grid = &self.battle.level.grid;
        for &(u, p) in &self.units {
            let mut v: Option<f64> = None;
            grid.within_rows(p, radius, |y, xa, xb| {
                if y < y0 || y > y1 {
                    return;
                }
                let row = (y - y0) as usize * w;
                for x in xa.max(x0)..=xb.min(x1) {
                    let k = index[row + (x - x0) as usize];
                    if k != usize::MAX {
                        sums[k] += *v.get_or_insert_with(|| value(u));
                    }
                }
            });
        }
        Some(sums)
    }
}

/// How far from its aim every cell ability `a` covers lies, when only living units may
/// be its targets (it does not heal: [`Battle::may_target`]): a burst's radius, a cell
/// ability's own cell. `None`: any other (a cone or a line, whose cells are found from
/// the caster; a healing ability, which may target the fallen).
fn covered_within(a: &Ability) -> Option<u32> {
    if a.heals() {
        return None;
    }
    match a.target {
        Targeting::Area {
            shape: Shape::Burst { radius },
            ..
        } => Some(radius),
        Targeting::Cell { .. } => Some(0),
        _ => None,
    }
}

impl Battle {
    /// [`Self::cast_targets`] for an area or cell aim as first written, every unit asked
    /// (the tests' slow path; the fast one asks the cell index for the units near the
    /// aim). `None` for any other aim, or one it does not reach.
    pub fn cast_targets_slow(&self, caster: UnitId, i: usize, c: Cell) -> Option<Vec<UnitId>> {
        let a = self.ability(caster, i)?;
        if !matches!(a.target, Targeting::Area { .. } | Targeting::Cell { .. })
            || !self.cast_reaches(caster, a, c)
        {
            return None;
        }
        let mut out = Vec::new();
        self.area_members(caster, a, c, self.units(), &mut out);
        Some(out)
    }

    /// The cells an area ability aimed at `aim` covers (empty for any other targeting).
    pub fn cast_cells(&self, caster: UnitId, a: &Ability, aim: Cell) -> Vec<Cell> {
        match a.target {
            Targeting::Area { shape, .. } => {
                crate::abilities::area::cells(&self.level.grid, self.pos(caster), aim, shape)
                    .into_iter()
                    .filter(|&c| self.terrain(c) != crate::level::Terrain::Wall)
                    .collect()
            }
            Targeting::Cell { .. } => vec![aim],
            _ => Vec::new(),
        }
    }

    /// The units an ability aimed `at` would reach now, checked against its targeting
    /// (range, line of sight, who may be targeted). The one answer the check, the
    /// window's preview, the AI and the casting itself use.
    pub fn cast_targets(
        &self,
        caster: UnitId,
        i: usize,
        at: &CastAt,
    ) -> Result<Vec<UnitId>, Illegal> {
        let who = || self.name(caster).to_string();
        let cannot = |why: String| Illegal::Cannot { unit: who(), why };
        let a = self
            .ability(caster, i)
            .ok_or_else(|| cannot(format!("it knows no ability #{i}")))?;
        let from = self.pos(caster);
        // `what` names the target only when a refusal is written (the AI asks often and
        // never reads the words).
        let reach = |c: Cell, what: &dyn Fn() -> String| -> Result<(), Illegal> {
            let d = self.level.grid.distance(from, c);
            if d > a.range() {
                return Err(cannot(format!(
                    "{} is {d} cells away; {} reaches {}",
                    what(),
                    a.name,
                    a.range()
                )));
            }
            if a.line_of_sight && d > 0 && !self.clear_line(from, c) {
                return Err(cannot(format!("a wall blocks the line to {}", what())));
            }
            Ok(())
        };
        let unit_ok = |t: UnitId| -> Result<(), Illegal> {
            self.unit_checked(t)?;
            if !self.may_target(t, a) {
                return Err(Illegal::Down(self.name(t).into()));
            }
            reach(self.pos(t), &|| self.name(t).to_string())
        };
        match (&a.target, at) {
            (Targeting::User, CastAt::User) => Ok(vec![caster]),
            (Targeting::One { .. }, CastAt::Unit(t)) => {
                unit_ok(*t)?;
                Ok(vec![*t])
            }
            (Targeting::Several { count, .. }, CastAt::Units(ts)) => {
                if ts.is_empty() || ts.len() > *count as usize {
                    return Err(cannot(format!(
                        "{} takes 1 to {count} targets, not {}",
                        a.name,
                        ts.len()
                    )));
                }
                let mut seen = Vec::new();
                for &t in ts {
                    if seen.contains(&t) {
                        return Err(cannot(format!("{} is named twice", self.name(t))));
                    }
                    unit_ok(t)?;
                    seen.push(t);
                }
                Ok(seen)
            }
            (Targeting::Area { .. } | Targeting::Cell { .. }, CastAt::Cell(c)) => {
                if !self.level.grid.contains(*c) {
                    return Err(Illegal::BadCell(*c));
                }
                reach(*c, &|| c.to_string())?;
                let mut out = Vec::new();
                match covered_within(a) {
                    // Only the living units the cell index lists near the aim (in level
                    // order) may be covered and targeted.
                    Some(r) => self.area_members(
                        caster,
                        a,
                        *c,
                        self.units_within(*c, r).into_iter(),
                        &mut out,
                    ),
                    None => self.area_members(caster, a, *c, self.units(), &mut out),
                }
                Ok(out)
            }
            (t, _) => Err(cannot(format!(
                "{} is aimed {}",
                a.name,
                match t {
                    Targeting::User => "at its user",
                    Targeting::One { .. } => "at one creature",
                    Targeting::Several { .. } => "at a list of creatures",
                    Targeting::Area { .. } => "at a cell (the area's centre or direction)",
                    Targeting::Cell { .. } => "at a cell",
                }
            ))),
        }
    }

    /// Would area or cell ability `a` of `caster` reach aim `c` (on the map, in range, in
    /// line of sight when it needs one)? The yes/no of [`Self::cast_targets`]'s aim check
    /// for a `CastAt::Cell`, without writing a refusal (the AI asks for many cells).
    pub(crate) fn cast_reaches(&self, caster: UnitId, a: &Ability, c: Cell) -> bool {
        let grid = &self.level.grid;
        if !grid.contains(c) {
            return false;
        }
        let from = self.pos(caster);
        let d = grid.distance(from, c);
        d <= a.range() && (!a.line_of_sight || d == 0 || self.clear_line(from, c))
    }

    /// [`AreaPool`] of area or cell ability `a` of `caster` over `pool` (in its order).
    pub(crate) fn area_pool<'b>(
        &'b self,
        caster: UnitId,
        a: &'b Ability,
        pool: impl Iterator<Item = UnitId>,
    ) -> AreaPool<'b> {
        let area = matches!(a.target, Targeting::Area { .. });
        let units = pool
            .filter(|&u| self.may_target(u, a))
            .map(|u| (u, self.pos(u)))
            .filter(|&(_, p)| !area || self.terrain(p) != Terrain::Wall)
            .collect();
        AreaPool {
            battle: self,
            ability: a,
            from: self.pos(caster),
            units,
        }
    }

    /// The units among `pool` (in its order) that area or cell ability `a` of `caster`
    /// aimed at `aim` covers and may target, pushed onto `out`: [`Self::cast_targets`]'s
    /// answer for a reachable `CastAt::Cell` when `pool` is every unit.
    pub(crate) fn area_members(
        &self,
        caster: UnitId,
        a: &Ability,
        aim: Cell,
        pool: impl Iterator<Item = UnitId>,
        out: &mut Vec<UnitId>,
    ) {
        let grid = &self.level.grid;
        let cover = Cover::of(grid, self.pos(caster), a, aim);
        // An area leaves out walls ([`Self::cast_cells`]); a cell ability's one cell is
        // its aim, whatever it is.
        let area = matches!(a.target, Targeting::Area { .. });
        // (A unit stands on one cell.)
        out.extend(pool.filter(|&u| {
            let p = self.pos(u);
            cover.holds(grid, p)
                && (!area || self.terrain(p) != Terrain::Wall)
                && self.may_target(u, a)
        }));
    }

    /// Would one-creature or several-creature ability `a` of `caster` accept `t` as a
    /// target now? The yes/no of [`Self::cast_targets`]'s check of a named target (a
    /// known unit it may target, in range and in line of sight when it needs one),
    /// without writing a refusal (the AI asks of many).
    pub(crate) fn cast_unit_reaches(&self, caster: UnitId, a: &Ability, t: UnitId) -> bool {
        if self.entity(t).is_none() || !self.may_target(t, a) {
            return false;
        }
        let (from, c) = (self.pos(caster), self.pos(t));
        let d = self.level.grid.distance(from, c);
        d <= a.range() && (!a.line_of_sight || d == 0 || self.clear_line(from, c))
    }
}
