//! What the battle says of one unit now: its life, size, stats, weapons and what it
//! holds, its conditions, the once-per rights it has used and what its next turn owes.

use super::*;

impl Battle {
    /// HP now.
    pub fn hp(&self, u: UnitId) -> i32 {
        self.get::<Health>(u).map(|h| h.hp).unwrap_or(0)
    }

    /// Size.
    pub fn size(&self, u: UnitId) -> Size {
        self.get::<Size>(u).copied().unwrap_or_default()
    }

    /// Scores.
    pub fn stats(&self, u: UnitId) -> &Stats {
        static NONE: Stats = Stats(std::collections::BTreeMap::new());
        self.get::<Stats>(u).unwrap_or(&NONE)
    }

    /// Scores before any modifier (the level's).
    pub fn base_stats(&self, u: UnitId) -> &Stats {
        self.get::<StatMods>(u)
            .map(|m| &m.base)
            .unwrap_or_else(|| self.stats(u))
    }

    /// The modifiers on a unit's scores.
    pub fn stat_mods(&self, u: UnitId) -> &[StatMod] {
        self.get::<StatMods>(u).map_or(&[], |m| m.mods.as_slice())
    }

    /// Weapons.
    pub fn weapons(&self, u: UnitId) -> &[Weapon] {
        self.get::<Loadout>(u)
            .map(|l| l.0.as_slice())
            .unwrap_or(&[])
    }

    /// Is loadout item `i` in hand?
    pub fn held(&self, u: UnitId, i: usize) -> bool {
        self.get::<Carry>(u).is_some_and(|c| c.held(i))
    }

    /// Is loadout item `i` ready to fight with: held, or a natural weapon (never lost)?
    pub fn in_hand(&self, u: UnitId, i: usize) -> bool {
        self.held(u, i)
            || self
                .weapons(u)
                .get(i)
                .is_some_and(|w| w.has(WeaponTag::Natural))
    }

    /// A unit's weapons and how it carries them, each looked up once: for the engine's
    /// questions that ask [`Battle::in_hand`] of every weapon.
    pub(crate) fn arms(&self, u: UnitId) -> Arms<'_> {
        Arms {
            weapons: self.weapons(u),
            carry: self.get::<Carry>(u),
        }
    }

    /// tactical-d20: bleed damage taken so far.
    pub fn bleed_taken(&self, u: UnitId) -> i32 {
        self.get::<BleedTaken>(u).map(|b| b.0).unwrap_or(0)
    }

    /// tactical-d20: damage an item has taken (Sunder).
    pub fn wear(&self, u: UnitId, i: usize) -> i32 {
        self.get::<Wear>(u)
            .and_then(|w| w.0.get(&i).copied())
            .unwrap_or(0)
    }

    /// A battle-level number of the ruleset (0 until set).
    pub fn counter(&self, c: crate::event::Counter) -> i32 {
        self.counters.get(&c).copied().unwrap_or(0)
    }

    /// Has `u` used `once` in its stretch (this turn, this movement)?
    pub fn used(&self, u: UnitId, once: Once) -> bool {
        self.ledger.contains(u, once)
    }

    /// Has `u` used its right against `other` ([`Once::Pair`]) in stretch `per`?
    pub fn used_against(&self, u: UnitId, other: UnitId, per: crate::components::Per) -> bool {
        self.used(u, Once::Pair { other, per })
    }

    /// How much of `pool` `u`'s next turn owes already ([`Event::Owed`]).
    pub fn owed(&self, u: UnitId, pool: Pool) -> i32 {
        self.owed.get(&(u, pool)).copied().unwrap_or(0)
    }

    /// May `u` take `amount` of `pool` now on its next turn's credit? Only a pool that its
    /// own turn refills, and only what that refill leaves after what is owed already
    /// ("refused when the next turn has nothing left to owe").
    pub fn may_owe(
        &self,
        u: UnitId,
        pool: Pool,
        amount: i32,
    ) -> Result<(), crate::engine::Illegal> {
        let refill = self
            .pools(u)
            .and_then(|p| p.get(pool))
            .filter(|s| s.refresh == crate::pools::Refresh::OwnTurnStart)
            .map_or(0, |s| s.refill);
        let left = refill - self.owed(u, pool);
        if amount > left {
            return Err(crate::engine::Illegal::Cannot {
                unit: self.name(u).into(),
                why: format!(
                    "its next turn has {} left to owe",
                    if left <= 0 {
                        "nothing".to_string()
                    } else {
                        pool.words(left)
                    }
                ),
            });
        }
        Ok(())
    }

    /// How a loadout item is carried.
    pub fn carried(&self, u: UnitId, i: usize) -> Option<Carried> {
        self.get::<Carry>(u).and_then(|c| c.0.get(i).copied())
    }

    /// Hands not holding anything.
    pub fn free_hands(&self, u: UnitId) -> u32 {
        let used: u32 = self
            .weapons(u)
            .iter()
            .enumerate()
            .filter(|(i, _)| self.held(u, *i))
            .map(|(_, w)| w.hands())
            .sum();
        HANDS.saturating_sub(used)
    }

    /// Does the unit hold a shield?
    pub fn holds_shield(&self, u: UnitId) -> bool {
        self.weapons(u)
            .iter()
            .enumerate()
            .any(|(i, w)| w.has(WeaponTag::Shield) && self.held(u, i))
    }

    /// Does the unit have a condition?
    ///
    /// Asked very often (the AI and every ruleset's checks), so it reads a bit set of
    /// every unit's condition kinds kept beside the world (`conds`: built from the
    /// [`Conditions`] components on first use, the unit's entry rewritten by every
    /// `apply` that changes them: `caches.rs`), not the ECS component.
    pub fn has(&self, u: UnitId, k: ConditionKind) -> bool {
        let bit = k as u32;
        if bit >= u128::BITS {
            return self.get::<Conditions>(u).is_some_and(|c| c.has(k));
        }
        let conds = self.conds();
        match conds.get(u.0 as usize) {
            Some(m) => m & 1 << bit != 0,
            None => self.get::<Conditions>(u).is_some_and(|c| c.has(k)),
        }
    }

    /// May some unit hold a condition that ends when `source`'s turn starts? (`true`
    /// when `source` is not in the roster: the caller then looks.)
    pub(super) fn may_end_at_turn_of(&self, source: UnitId) -> bool {
        self.source_ends()
            .get(source.0 as usize)
            .is_none_or(|&n| n > 0)
    }

    /// The source of a unit's condition (the grappler of a grappled unit, ...).
    pub fn condition_source(&self, u: UnitId, k: ConditionKind) -> Option<UnitId> {
        self.get::<Conditions>(u)
            .and_then(|c| c.0.iter().find(|c| c.kind == k))
            .and_then(|c| c.source)
    }

    /// Is the unit on the surprised side of a surprise round that is still on (or about
    /// to start)?
    pub fn surprised_now(&self, u: UnitId) -> bool {
        self.round <= 1 && self.level.surprise.is_some_and(|s| s != self.side(u))
    }

    /// Units holding a readied action.
    pub fn readied(&self) -> &[UnitId] {
        &self.readied
    }

    /// Items lying on the ground.
    pub fn ground(&self) -> &[(Cell, Weapon)] {
        &self.ground
    }

    /// The living unit on a cell, if any (`except` is ignored: a mover passing an ally).
    /// When several share the cell, the first in level order.
    #[inline]
    pub fn unit_at(&self, c: Cell, except: Option<UnitId>) -> Option<UnitId> {
        let ix = self.index();
        let mut at = *ix.head.get(self.level.grid.index(c)?)?;
        while at != NOBODY {
            if Some(UnitId(at)) != except {
                return Some(UnitId(at));
            }
            at = ix.next.get(at as usize).copied().unwrap_or(NOBODY);
        }
        None
    }

    /// Does any living unit that threatens `cell` pass `f`? The units of
    /// [`Battle::threatening`], asked without building the list, in no set order: for
    /// yes-or-no questions ("is an ally of mine threatening this cell?"), which then
    /// cost no allocation.
    pub fn any_threatening(&self, cell: Cell, mut f: impl FnMut(UnitId) -> bool) -> bool {
        let r = self.threats().max;
        if r == 0 {
            return false;
        }
        let grid = self.level.grid;
        let side = u64::from(r) * 2 + 1;
        // Few units (as `threatening` decides): each asked once.
        if self.roster.len() as u64 <= side * side {
            return self.units().any(|u| {
                let d = grid.distance(self.pos(u), cell);
                d >= 1 && d <= self.threat(u) && self.alive(u) && f(u)
            });
        }
        let ix = self.index();
        let mut found = false;
        grid.within_rows(cell, r, |y, x0, x1| {
            if found {
                return;
            }
            // Only the cells of the run that hold a unit, in order.
            ix.occupied_in_row(y, x0, x1, |x| {
                let mut at = ix.head[(y * grid.width + x) as usize];
                while at != NOBODY {
                    let u = UnitId(at);
                    if self.threatens(u, cell) && f(u) {
                        found = true;
                        return false;
                    }
                    at = ix.next[at as usize];
                }
                true
            });
        });
        found
    }

    /// `u`'s foes the AI may see: every living unit of another side that is not
    /// [`Battle::hidden`], in level order, with its cell. The same units as filtering
    /// [`Battle::units`] by [`Battle::alive`], [`Battle::enemies`] and `hidden`, read
    /// straight from the cell index's arrays in one pass (a decision asks this once;
    /// at 200 a side the per-unit calls cost several instructions each).
    pub fn visible_foes(&self, u: UnitId) -> impl Iterator<Item = (UnitId, Cell)> + '_ {
        let ix = self.index();
        let side = ix.side.get(u.0 as usize).copied();
        // With two sides, the other side's list (level order) rather than the army; else
        // every unit. One of the two is empty.
        let (list, all): (&[u32], usize) = match side.and_then(|s| ix.other_side(s)) {
            Some(list) => (list, 0),
            None => (&[], ix.alive.len()),
        };
        list.iter()
            .copied()
            .chain(0..all as u32)
            .filter(move |&k| {
                let k = k as usize;
                ix.alive[k] && Some(ix.side[k]) != side && !self.hot[k].hidden
            })
            .map(|k| (UnitId(k), ix.pos[k as usize]))
    }

    /// `u`'s allies (its side's other units) that threaten anything now, in level order:
    /// each one's cell and threat reach ([`Battle::threat`], more than 0). A fallen unit
    /// threatens nothing, so every one listed is alive.
    pub fn threatening_allies(&self, u: UnitId) -> impl Iterator<Item = (Cell, u32)> + '_ {
        let ix = self.index();
        let reach = &self.threats().reach;
        let side = ix.side.get(u.0 as usize).copied();
        ix.side
            .iter()
            .zip(&ix.pos)
            .zip(reach)
            .enumerate()
            .filter(move |&(k, ((&s, _), &t))| t > 0 && Some(s) == side && k != u.0 as usize)
            .map(|(_, ((_, &pos), &t))| (pos, t))
    }

    /// Every living unit within `range` steps of `cell`, in level order, through the
    /// cell index: it walks only the cells in range (or, when they outnumber the units,
    /// asks every unit), so its cost does not grow with the army.
    pub fn units_within(&self, cell: Cell, range: u32) -> Vec<UnitId> {
        let grid = self.level.grid;
        let side = u64::from(range) * 2 + 1;
        if self.roster.len() as u64 <= side * side {
            return self
                .units()
                .filter(|&u| self.alive(u) && grid.distance(self.pos(u), cell) <= range)
                .collect();
        }
        if self.roster.len() <= 64 * SMALL_ROSTER_WORDS {
            // Marked by id, then read off in id order: no growing list, no sort.
            let mut met = [0u64; SMALL_ROSTER_WORDS];
            let mut count = 0;
            self.each_unit_within(cell, range, |at| {
                met[at as usize / 64] |= 1 << (at % 64);
                count += 1;
            });
            let mut out = Vec::with_capacity(count);
            for (w, &bits) in met.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    out.push(UnitId((w * 64) as u32 + bits.trailing_zeros()));
                    bits &= bits - 1;
                }
            }
            return out;
        }
        let mut out = Vec::new();
        self.each_unit_within(cell, range, |at| out.push(UnitId(at)));
        out.sort_unstable();
        out
    }

    /// `f` of the id of every living unit within `range` of `cell`, through the cell
    /// index, row by row: only the cells of each row's run that hold a unit are looked
    /// at, and each living unit stands on one cell, so each is met once.
    fn each_unit_within(&self, cell: Cell, range: u32, mut f: impl FnMut(u32)) {
        let grid = self.level.grid;
        let ix = self.index();
        grid.within_rows(cell, range, |y, x0, x1| {
            ix.occupied_in_row(y, x0, x1, |x| {
                let mut at = ix.head[(y * grid.width + x) as usize];
                while at != NOBODY {
                    f(at);
                    at = ix.next[at as usize];
                }
                true
            });
        });
    }
}

/// Up to `64 ×` this many units, [`Battle::units_within`] marks the units it meets in
/// a bit set on the stack rather than sorting a list.
const SMALL_ROSTER_WORDS: usize = 8;

/// A unit's weapons and their [`Carry`] ([`Battle::arms`]).
pub(crate) struct Arms<'a> {
    pub(crate) weapons: &'a [Weapon],
    carry: Option<&'a Carry>,
}

impl Arms<'_> {
    /// [`Battle::in_hand`] of item `i`.
    pub(crate) fn in_hand(&self, i: usize) -> bool {
        self.carry.is_some_and(|c| c.held(i))
            || self
                .weapons
                .get(i)
                .is_some_and(|w| w.has(WeaponTag::Natural))
    }

    /// [`Battle::carried`] of item `i`.
    pub(crate) fn carried(&self, i: usize) -> Option<Carried> {
        self.carry.and_then(|c| c.0.get(i).copied())
    }
}
