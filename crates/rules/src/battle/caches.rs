//! The battle's caches over every unit: the cell index (cells, sides, life and the living
//! units by cell), the threat reaches, and `Battle::has`'s condition bits with the units
//! whose turn's start may end a condition.
//!
//! Each is built from the units' components on first use, then kept up to date by
//! `apply` one unit at a time: a move relinks the mover in the cell lists, a fall unlinks
//! it; a change of a unit's conditions rewrites that unit's bits and counts; an event
//! that may change what a unit threatens works out that unit's reach again (and the
//! longest only when it may have fallen: a ruleset's threat reads only the unit's own
//! state, `Ruleset::threat_reach`). Only what cannot be pinned to a unit (a summoning,
//! the rare battle-level events) drops a cache whole. `caches_tests.rs` compares every cache with a fresh build after
//! every event of AI battles of every ruleset.

use std::sync::atomic::Ordering::Relaxed;

use super::*;

/// Every unit's threat reach (0: threatens nothing) and the longest of them, and whether
/// it can threaten at all ([`Battle::threatens_anything`]).
#[derive(Debug, PartialEq)]
pub(super) struct Threats {
    pub(super) reach: Vec<u32>,
    pub(super) max: u32,
    pub(super) able: Vec<bool>,
}

/// No unit (in [`Index`]).
pub(super) const NOBODY: u32 = u32::MAX;

/// What path searches and the AI read most, copied out of the ECS world once: every
/// unit's cell, side and life, and the living units by cell (for every map cell the
/// first unit standing there, for every unit the next one on the same cell, in level
/// order).
#[derive(Debug, PartialEq)]
pub(super) struct Index {
    pub(super) pos: Vec<Cell>,
    pub(super) side: Vec<SideId>,
    pub(super) alive: Vec<bool>,
    pub(super) head: Vec<u32>,
    pub(super) next: Vec<u32>,
    /// A bit per map cell, row by row (`row_words` words a row): set where `head` holds
    /// a unit, so a walk of the cells near a point skips the empty ones a word at a time
    /// ([`Battle::units_within`]).
    pub(super) occupied: Vec<u64>,
    pub(super) row_words: usize,
    /// Each side met and its units (living or not) by id, in level order, the sides in
    /// the order met: in a battle of two sides a unit's foes are the other side's list
    /// ([`Battle::visible_foes`]).
    pub(super) by_side: Vec<(SideId, Vec<u32>)>,
}

/// Words of [`Index::occupied`] a row of a map `width` cells wide has.
fn row_words(width: i32) -> usize {
    (width.max(0) as usize).div_ceil(64)
}

impl Index {
    /// Unit `k` (the last indexed) into its side's list.
    fn list_side(&mut self, k: usize) {
        let side = self.side[k];
        match self.by_side.iter_mut().find(|(s, _)| *s == side) {
            Some((_, list)) => list.push(k as u32),
            None => self.by_side.push((side, vec![k as u32])),
        }
    }

    /// The units of the one side other than `side`, in level order, when the battle has
    /// exactly two sides and `side` is one of them.
    pub(super) fn other_side(&self, side: SideId) -> Option<&[u32]> {
        match &self.by_side[..] {
            [(a, _), (_, list)] | [(_, list), (a, _)] if *a == side => Some(list),
            _ => None,
        }
    }

    /// The word of [`Index::occupied`] holding cell `c` (on the map) and its bit.
    pub(super) fn occupied_bit(&self, c: Cell) -> (usize, u64) {
        (
            c.y as usize * self.row_words + c.x as usize / 64,
            1 << (c.x as usize % 64),
        )
    }

    /// The cells `x0..=x1` of row `y` (on the map) that hold a unit, left to right, a
    /// word of [`Index::occupied`] at a time, until `f` says stop (`false`, then so
    /// does this).
    pub(super) fn occupied_in_row(
        &self,
        y: i32,
        x0: i32,
        x1: i32,
        mut f: impl FnMut(i32) -> bool,
    ) -> bool {
        let row = y as usize * self.row_words;
        let (w0, w1) = (x0 as usize / 64, x1 as usize / 64);
        for w in w0..=w1 {
            let mut bits = self.occupied[row + w];
            if w == w0 {
                bits &= u64::MAX << (x0 as usize % 64);
            }
            if w == w1 {
                bits &= u64::MAX >> (63 - x1 as usize % 64);
            }
            while bits != 0 {
                let x = (w * 64) as i32 + bits.trailing_zeros() as i32;
                bits &= bits - 1;
                if !f(x) {
                    return false;
                }
            }
        }
        true
    }

    /// Take living unit `k` out of its cell's list.
    fn unlink(&mut self, grid: Grid, k: usize) {
        let Some(i) = grid.index(self.pos[k]) else {
            return;
        };
        let u = k as u32;
        if self.head[i] == u {
            self.head[i] = self.next[k];
            if self.head[i] == NOBODY {
                let (w, bit) = self.occupied_bit(self.pos[k]);
                self.occupied[w] &= !bit;
            }
        } else {
            let mut at = self.head[i];
            while at != NOBODY {
                let n = self.next[at as usize];
                if n == u {
                    self.next[at as usize] = self.next[k];
                    break;
                }
                at = n;
            }
        }
        self.next[k] = NOBODY;
    }

    /// Put living unit `k` into its cell's list, before the first unit that comes later
    /// in the level.
    fn link(&mut self, grid: Grid, k: usize) {
        let Some(i) = grid.index(self.pos[k]) else {
            return;
        };
        let u = k as u32;
        if self.head[i] == NOBODY || self.head[i] > u {
            self.next[k] = self.head[i];
            self.head[i] = u;
            let (w, bit) = self.occupied_bit(self.pos[k]);
            self.occupied[w] |= bit;
            return;
        }
        let mut at = self.head[i];
        while self.next[at as usize] != NOBODY && self.next[at as usize] < u {
            at = self.next[at as usize];
        }
        self.next[k] = self.next[at as usize];
        self.next[at as usize] = u;
    }

    /// Move unit `u` to `to` (`None`: it went down), keeping every cell's list in level
    /// order.
    pub(super) fn place(&mut self, grid: Grid, u: UnitId, to: Option<Cell>) {
        let k = u.0 as usize;
        if k >= self.pos.len() {
            return;
        }
        if self.alive[k] {
            self.unlink(grid, k);
        }
        match to {
            Some(c) => self.pos[k] = c,
            None => {
                self.alive[k] = false;
                return;
            }
        }
        if self.alive[k] {
            self.link(grid, k);
        }
    }

    /// Unit `u` is back on its feet, on the cell it fell on (or was moved to since).
    pub(super) fn revive(&mut self, grid: Grid, u: UnitId) {
        let k = u.0 as usize;
        if k < self.pos.len() && !self.alive[k] {
            self.alive[k] = true;
            self.link(grid, k);
        }
    }
}

/// A unit's condition kinds as bits (kinds past 127 are asked of the component).
pub(super) fn condition_bits(c: Option<&Conditions>) -> u128 {
    c.map_or(0, |c| {
        c.0.iter()
            .map(|a| a.kind as u32)
            .filter(|&b| b < u128::BITS)
            .fold(0u128, |m, b| m | 1 << b)
    })
}

/// Move the counts of units holding each kind from a unit's kinds `before` to `after`
/// (as bits: `condition_bits`).
pub(super) fn count_holders(counts: &mut [u32; 128], before: u128, after: u128) {
    let mut changed = before ^ after;
    while changed != 0 {
        let k = changed.trailing_zeros() as usize;
        changed &= changed - 1;
        counts[k] = if after & 1 << k != 0 {
            counts[k].saturating_add(1)
        } else {
            counts[k].saturating_sub(1)
        };
    }
}

/// Add `by` to the count of every source whose turn's start ends one of `c`.
fn count_source_ends(ends: &mut [u32], c: Option<&Conditions>, add: bool) {
    for c in c.iter().flat_map(|c| &c.0) {
        if c.duration == Duration::UntilSourceTurnStart
            && let Some(s) = c.source
            && let Some(slot) = ends.get_mut(s.0 as usize)
        {
            *slot = if add {
                slot.saturating_add(1)
            } else {
                slot.saturating_sub(1)
            };
        }
    }
}

/// Which units' threat an event may change.
pub(super) enum Touch {
    /// None.
    Keep,
    /// These (one or two).
    Units(UnitId, Option<UnitId>),
    /// Any: the cache is built again.
    All,
}

impl Battle {
    /// The index, built from the world on first use.
    pub(super) fn index(&self) -> &Index {
        self.index.get_or_init(|| self.build_index())
    }

    /// The index as the world has it now.
    fn build_index(&self) -> Index {
        {
            let grid = self.level.grid;
            let n = self.roster.len();
            let mut ix = Index {
                pos: Vec::with_capacity(n),
                side: Vec::with_capacity(n),
                alive: Vec::with_capacity(n),
                head: vec![NOBODY; (grid.width.max(0) * grid.height.max(0)) as usize],
                next: vec![NOBODY; n],
                occupied: vec![0; row_words(grid.width) * grid.height.max(0) as usize],
                row_words: row_words(grid.width),
                by_side: Vec::new(),
            };
            for &e in &self.roster {
                ix.pos.push(
                    self.world
                        .get::<Position>(e)
                        .map_or(Cell::new(-1, -1), |p| p.0),
                );
                ix.side.push(
                    self.world
                        .get::<SideId>(e)
                        .copied()
                        .unwrap_or(SideId(u32::MAX)),
                );
                ix.alive.push(self.world.get::<Down>(e).is_none());
                ix.list_side(ix.side.len() - 1);
            }
            debug_assert!(ix.alive.iter().zip(&self.hot).all(|(a, h)| *a != h.down));
            // Backwards, pushing in front: each cell's list comes out in level order.
            for u in (0..n).rev() {
                if let Some(i) = grid.index(ix.pos[u])
                    && ix.alive[u]
                {
                    ix.next[u] = ix.head[i];
                    ix.head[i] = u as u32;
                    let (w, bit) = ix.occupied_bit(ix.pos[u]);
                    ix.occupied[w] |= bit;
                }
            }
            ix
        }
    }

    /// A unit was summoned (the last of the roster): into the index, if built.
    pub(super) fn index_summoned(&mut self) {
        let k = self.roster.len() - 1;
        let grid = self.level.grid;
        let h = &self.hot[k];
        let pos = h.position.map_or(Cell::new(-1, -1), |p| p.0);
        let alive = !h.down;
        let side = self.world.get::<SideId>(self.roster[k]).copied();
        if let Some(ix) = self.index.get_mut() {
            if ix.pos.len() != k {
                self.index = std::sync::OnceLock::new();
                return;
            }
            ix.pos.push(pos);
            ix.side.push(side.unwrap_or(SideId(u32::MAX)));
            ix.alive.push(alive);
            ix.next.push(NOBODY);
            ix.list_side(k);
            if alive {
                ix.link(grid, k);
            }
        }
    }

    /// Forget every threat reach (`threat` and `reach_memo`): after an event that may
    /// change what any unit threatens.
    pub(crate) fn drop_threat(&mut self) {
        self.threat = std::sync::OnceLock::new();
        self.threat_dirty.clear();
        self.reach_gen = self.reach_gen.wrapping_add(1);
        if self.reach_gen == 0 || self.reach_memo.len() != self.roster.len() {
            // Wrapped (every entry is made stale again), or units were added.
            self.reach_gen = 1;
            self.reach_memo.clear();
            self.reach_memo
                .resize_with(self.roster.len(), || std::sync::atomic::AtomicU64::new(0));
        }
    }

    /// What `u` threatens may have changed: its remembered reach is forgotten, and its
    /// entry of the threat cache (if built) is worked out again at the end of the event
    /// (`refresh_threats`).
    pub(super) fn threat_changed(&mut self, u: UnitId) {
        if let Some(m) = self.reach_memo.get(u.0 as usize) {
            // Generation 0 is never `reach_gen`: stale.
            m.store(0, Relaxed);
        }
        if self.threat.get().is_some() && !self.threat_dirty.contains(&u) {
            self.threat_dirty.push(u);
        }
    }

    /// The threats an event touched, as `Touch` says.
    pub(super) fn threat_touched(&mut self, t: Touch) {
        match t {
            Touch::Keep => {}
            Touch::Units(a, b) => {
                self.threat_changed(a);
                if let Some(b) = b {
                    self.threat_changed(b);
                }
            }
            Touch::All => self.drop_threat(),
        }
    }

    /// Work out again the threat entries of the units `threat_changed` named (after the
    /// event, as a fresh build would), and the longest reach when it may have fallen.
    pub(super) fn refresh_threats(&mut self) {
        if self.threat_dirty.is_empty() {
            return;
        }
        let mut dirty = std::mem::take(&mut self.threat_dirty);
        for &u in &dirty {
            let (r, able) = self.threat_of(u);
            let Some(t) = self.threat.get_mut() else {
                break;
            };
            let k = u.0 as usize;
            let (Some(slot), Some(a)) = (t.reach.get_mut(k), t.able.get_mut(k)) else {
                continue;
            };
            *a = able;
            let was = std::mem::replace(slot, r);
            if r > t.max {
                t.max = r;
            } else if was == t.max && r < was {
                t.max = t.reach.iter().copied().max().unwrap_or(0);
            }
        }
        dirty.clear();
        self.threat_dirty = dirty;
    }

    /// `u`'s entries of the threat cache (its reach, whether it can threaten), worked
    /// out afresh.
    fn threat_of(&self, u: UnitId) -> (u32, bool) {
        if self.threatens_anything(u) {
            (self.threat_reach(u), true)
        } else {
            (0, false)
        }
    }

    /// [`Battle::threatens_anything`], from the threat cache.
    #[inline]
    pub(crate) fn able_to_threaten(&self, u: UnitId) -> bool {
        match self.threats().able.get(u.0 as usize) {
            Some(&a) => a,
            None => self.threatens_anything(u),
        }
    }

    /// The longest threat reach of any unit now.
    #[inline]
    pub(crate) fn longest_threat(&self) -> u32 {
        self.threats().max
    }

    pub(super) fn threats(&self) -> &Threats {
        self.threat.get_or_init(|| {
            let (reach, able): (Vec<u32>, Vec<bool>) =
                self.units().map(|v| self.threat_of(v)).unzip();
            // Built now: nothing is left to work out again.
            debug_assert!(self.threat_dirty.is_empty());
            let max = reach.iter().copied().max().unwrap_or(0);
            Threats { reach, max, able }
        })
    }

    /// `Battle::has`'s bit sets, built on first use.
    pub(super) fn conds(&self) -> &[u128] {
        self.conds.get_or_init(|| self.build_conds())
    }

    fn build_conds(&self) -> Vec<u128> {
        self.hot
            .iter()
            .map(|h| condition_bits(h.conditions.as_ref()))
            .collect()
    }

    /// For every unit, how many conditions held end when its turn starts, built on first
    /// use.
    pub(super) fn source_ends(&self) -> &[u32] {
        self.source_ends.get_or_init(|| self.build_source_ends())
    }

    fn build_source_ends(&self) -> Vec<u32> {
        let mut v = vec![0; self.roster.len()];
        for h in &self.hot {
            count_source_ends(&mut v, h.conditions.as_ref(), true);
        }
        v
    }

    /// Change `u`'s conditions with `f` (when it has the component), keeping the bit
    /// sets, the source counts and its threat up to date.
    pub(super) fn edit_conditions(&mut self, u: UnitId, f: impl FnOnce(&mut Vec<ActiveCondition>)) {
        let k = u.0 as usize;
        if let Some(ends) = self.source_ends.get_mut()
            && let Some(h) = self.hot.get(k)
        {
            count_source_ends(ends, h.conditions.as_ref(), false);
        }
        let before = condition_bits(self.hot.get(k).and_then(|h| h.conditions.as_ref()));
        if let Some(mut c) = self.get_mut::<Conditions>(u) {
            f(&mut c.0);
        }
        let now = self.hot.get(k).and_then(|h| h.conditions.as_ref());
        if let Some(ends) = self.source_ends.get_mut() {
            count_source_ends(ends, now, true);
        }
        let after = condition_bits(now);
        count_holders(&mut self.holders_of, before, after);
        if let Some(bits) = self.conds.get_mut()
            && let Some(b) = bits.get_mut(k)
        {
            *b = after;
        }
        self.threat_changed(u);
    }

    /// How many units hold a condition of kind `k` (down or not; summoned units too): a
    /// count kept by `apply`, so "is anyone grappled?" costs no scan of the army
    /// (`tests/engine_s25_eng.rs` compares it with a count over every unit after every
    /// event of AI battles).
    pub fn holding(&self, k: ConditionKind) -> usize {
        match self.holders_of.get(k as usize) {
            Some(&n) => n as usize,
            None => self
                .hot
                .iter()
                .filter(|h| h.conditions.as_ref().is_some_and(|c| c.has(k)))
                .count(),
        }
    }

    /// Drop [`Battle::has`]'s bit sets and the source counts (a unit was added).
    pub(super) fn conditions_changed(&mut self) {
        self.conds = std::sync::OnceLock::new();
        self.source_ends = std::sync::OnceLock::new();
    }
}

#[cfg(test)]
#[path = "caches_tests.rs"]
mod tests;
