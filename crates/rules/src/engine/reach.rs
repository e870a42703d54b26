//! Spatial questions every ruleset shares: movement budgets and paths, reach and
//! threat, who may react to leaving a cell, which weapon reaches.

use super::*;
use crate::battle::{Battle, MoveField, MoveKey};
use crate::components::{UnitId, WeaponKind, WeaponTag};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::level::Terrain;

impl Battle {
    /// May the unit move at all now (its conditions and budget; not where to)?
    pub fn may_move(&self, u: UnitId) -> Result<(), Illegal> {
        self.acting(u)?;
        self.rules().may_move(self, u)
    }

    /// Movement still available this turn (bought + buyable), in cost units.
    pub fn movement_budget(&self, u: UnitId) -> u32 {
        self.rules().movement_budget(self, u)
    }

    /// Cost of entering `to` from `from` for `mover`: terrain, enemies block, allies pass.
    pub fn step_cost(&self, mover: UnitId, to: Cell) -> Option<u32> {
        self.mover_cost(mover)(to)
    }

    /// Every cell the unit can reach this turn with its cost and predecessor (for
    /// previews and the AI). Cells holding another unit are included as waypoints.
    ///
    /// The field is kept (until the next event) for the `Move` that usually follows:
    /// [`Battle::path_to`] then reads the path from it instead of searching again.
    pub fn reachable(&self, u: UnitId) -> crate::grid::Field {
        let key = self.move_key(u);
        if let Some(f) = self.kept_field(&key, |f| f.clone()) {
            return f;
        }
        let field = self
            .level
            .grid
            .field(key.from, key.budget, self.mover_cost(u));
        if let Ok(mut m) = self.moves.lock() {
            *m = Some(MoveField {
                key,
                field: field.clone(),
            });
        }
        field
    }

    /// The path a `Move` would take and its cost.
    ///
    /// From the field [`Battle::reachable`] kept when it was searched for the same unit,
    /// cell, budget and difficult-terrain cost with no event since (the movement costs
    /// read only those, the cell index and the terrain, and every event drops the kept
    /// field): the same path as searching again, since a search stopped at the goal
    /// settles every cell cheaper than the goal as the full field does, and the path is
    /// walked back through those cells alone ([`crate::grid::Field::walk_path_back`]).
    pub fn path_to(&self, u: UnitId, to: Cell) -> Option<(Vec<Cell>, u32)> {
        let key = self.move_key(u);
        if let Some(p) = self.kept_field(&key, |f| f.path_to(to)) {
            return p;
        }
        self.level
            .grid
            .path(key.from, to, key.budget, self.mover_cost(u))
    }

    /// What a movement search of `u` depends on besides the battle's events.
    fn move_key(&self, u: UnitId) -> MoveKey {
        MoveKey {
            unit: u,
            from: self.pos(u),
            budget: self.movement_budget(u),
            difficult: self.rules().difficult_cost(self, u),
        }
    }

    /// `f` of the kept field when it was searched for `key`.
    fn kept_field<T>(&self, key: &MoveKey, f: impl FnOnce(&crate::grid::Field) -> T) -> Option<T> {
        let m = self.moves.lock().ok()?;
        m.as_ref().filter(|m| m.key == *key).map(|m| f(&m.field))
    }

    /// Reach with which a unit threatens: the higher of its size's reach and the reach of
    /// its held melee weapons (no stacking); 0 without a melee weapon in hand.
    pub fn threat_reach(&self, u: UnitId) -> u32 {
        // Remembered per unit until an event that may change a weapon in hand, a
        // condition or life (the events that drop the threat cache): it depends on the
        // unit's weapons, carry, size and the ruleset's feats only.
        use std::sync::atomic::Ordering::Relaxed;
        let Some(m) = self.reach_memo.get(u.0 as usize) else {
            return self.fresh_threat_reach(u);
        };
        let kept = m.load(Relaxed);
        if (kept >> 32) as u32 == self.reach_gen {
            let r = kept as u32;
            debug_assert_eq!(r, self.fresh_threat_reach(u), "kept reach of {u:?}");
            return r;
        }
        let r = self.fresh_threat_reach(u);
        m.store((u64::from(self.reach_gen) << 32) | u64::from(r), Relaxed);
        r
    }

    /// [`Battle::threat_reach`] worked out afresh (what its memo holds).
    pub(crate) fn fresh_threat_reach(&self, u: UnitId) -> u32 {
        let arms = self.arms(u);
        let w = arms
            .weapons
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && arms.in_hand(*i)
            })
            .map(|(_, w)| w.reach)
            .max();
        let base = match w {
            Some(w) => self.size(u).reach().max(w),
            None => 0,
        };
        self.rules().threat_reach(self, u, base)
    }

    /// The cells of `u`'s movement under way so far, its start first and the cell it
    /// has just stepped to last (from the engine's `Move` frame); empty when it is not
    /// moving.
    pub fn movement_so_far(&self, u: UnitId) -> &[Cell] {
        self.stack
            .iter()
            .rev()
            .find_map(|f| match f {
                crate::engine::Frame::Move {
                    unit, path, next, ..
                } if *unit == u => Some(&path[..(*next).min(path.len())]),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// How many steps of `mover`'s movement under way ended on a cell `reactor`
    /// threatens ("moves more than 2 spaces within it", per mover and reactor).
    pub fn steps_within(&self, mover: UnitId, reactor: UnitId) -> u32 {
        let path = self.movement_so_far(mover);
        path.iter()
            .skip(1)
            .filter(|&&c| self.threatens(reactor, c))
            .count() as u32
    }

    /// Does `u` threaten `cell`? (flow: a unit held in a grapple threatens nothing;
    /// tactical-d20: nor does a restrained, stunned or unconscious one.)
    pub fn threatens(&self, u: UnitId, cell: Cell) -> bool {
        let d = self.level.grid.distance(self.pos(u), cell);
        d >= 1 && d <= self.threat(u)
    }

    /// Can `u` threaten at all now (alive, and not kept from it by its ruleset's
    /// conditions: [`crate::rulesets::Ruleset::cannot_threaten`])? [`Battle::threatens`]
    /// adds the reach.
    pub fn threatens_anything(&self, u: UnitId) -> bool {
        self.alive(u) && !self.rules().cannot_threaten(self, u)
    }

    /// Every cell `u` threatens.
    pub fn threatened_cells(&self, u: UnitId) -> Vec<Cell> {
        let p = self.pos(u);
        self.level
            .grid
            .within(p, self.threat_reach(u))
            .into_iter()
            .filter(|&c| c != p)
            .collect()
    }

    /// Enemies that may react when `mover` leaves `from`, in initiative order.
    ///
    /// Asked at every step of every move, so it starts from the cell index
    /// ([`Battle::threatening`]: the living units within the longest reach of `from`
    /// that threaten it), then [`Battle::leave_reactors_anywhere`]'s checks and a
    /// melee weapon for the distance: the same units as filtering the whole initiative
    /// order, at a cost that does not grow with the army.
    pub fn leave_reactors(&self, mover: UnitId, from: Cell) -> Vec<UnitId> {
        let near = self.threatening(from);
        if near.is_empty() {
            return near;
        }
        let cost = self.leave_cost(mover);
        let mut out: Vec<(usize, UnitId)> = near
            .into_iter()
            .filter(|&r| {
                self.may_leave_react(r, mover, &cost)
                    && self
                        .best_melee(r, self.level.grid.distance(self.pos(r), from))
                        .is_some()
            })
            .filter_map(|r| self.order.iter().position(|&o| o == r).map(|i| (i, r)))
            .collect();
        out.sort_unstable();
        out.into_iter().map(|(_, r)| r).collect()
    }

    /// What a reaction attack on `mover` leaving its cell costs the reactor.
    fn leave_cost(&self, mover: UnitId) -> crate::components::Cost {
        let leaving = crate::event::Trigger::Leaving {
            mover,
            from: self.pos(mover),
        };
        self.rules()
            .reaction_cost(self, &leaving, ReactionKind::ReactionAttack)
    }

    /// Could `r` react to `mover` leaving a cell `r` threatens, wherever that is (the
    /// checks of [`Battle::leave_reactors_anywhere`])?
    fn may_leave_react(&self, r: UnitId, mover: UnitId, cost: &crate::components::Cost) -> bool {
        r != mover
            && self.enemies(r, mover)
            && self.able_to_threaten(r)
            && self.affords(r, cost)
            && self.rules().may_react_to(self, r, mover)
    }

    /// The reaction attacks `mover` may provoke walking `path` (its first cell is where it
    /// stands), in the order they would be offered: at each cell left, the enemies of
    /// [`Battle::leave_reactors`], each only while it could still pay for one more
    /// reaction if it took every one before (its pools, spent in a copy) and not again
    /// in the same movement when its ruleset marks an offer once per movement
    /// (tactical-d20's "only once per movement": [`crate::rulesets::Ruleset::marks`]).
    /// The path preview's list (what can actually happen, at worst), with each
    /// reactor's weapon and its odds on the mover.
    pub fn provoked_along(&self, mover: UnitId, path: &[Cell]) -> Vec<Provoked> {
        let rules = self.rules();
        let leaving = crate::event::Trigger::Leaving {
            mover,
            from: self.pos(mover),
        };
        let cost = rules.reaction_cost(self, &leaving, ReactionKind::ReactionAttack);
        let mut pools: std::collections::BTreeMap<UnitId, crate::pools::Pools> = Default::default();
        let mut done: Vec<UnitId> = Vec::new();
        let mut out = Vec::new();
        for w in path.windows(2) {
            let from = w[0];
            for r in self.leave_reactors(mover, from) {
                if done.contains(&r) {
                    continue;
                }
                let p = pools
                    .entry(r)
                    .or_insert_with(|| self.pools(r).cloned().unwrap_or_default());
                let Some(alt) = p.pick(&cost).map(<[_]>::to_vec) else {
                    continue;
                };
                let dist = self.level.grid.distance(self.pos(r), from);
                let Some(weapon) = self.best_melee(r, dist) else {
                    continue;
                };
                for (pool, n) in alt {
                    let left = p.left(pool);
                    p.set_left(pool, left - n);
                }
                let offer = crate::event::Event::ReactionOffered {
                    reactor: r,
                    trigger: crate::event::Trigger::Leaving { mover, from },
                    options: vec![ReactionKind::ReactionAttack],
                };
                if rules
                    .marks(&offer)
                    .is_some_and(|(_, once)| once.per() == crate::components::Per::Movement)
                {
                    done.push(r);
                }
                out.push(Provoked {
                    from,
                    reactor: r,
                    weapon,
                });
            }
        }
        out
    }

    /// The interceptions `mover` may meet walking `path` (its first cell is where it
    /// stands), in the order they would be offered, each step as if the ones before went
    /// unanswered: what the ruleset's own intercept rules say
    /// ([`crate::rulesets::Ruleset::interceptions_along`]; none in a ruleset without
    /// them). The path preview marks them beside [`Battle::provoked_along`]'s.
    pub fn interceptions_along(&self, mover: UnitId, path: &[Cell]) -> Vec<Interception> {
        self.rules().interceptions_along(self, mover, path)
    }

    /// Enemies that could react to `mover` leaving a cell they threaten, wherever it is
    /// (alive, able to threaten, with the RP and, in tactical-d20, a reaction left for
    /// this mover), in initiative order. [`Battle::leave_reactors`] narrows this to the
    /// ones in reach of a given cell.
    pub fn leave_reactors_anywhere(&self, mover: UnitId) -> Vec<UnitId> {
        let cost = self.leave_cost(mover);
        self.order
            .iter()
            .copied()
            .filter(|&r| self.may_leave_react(r, mover, &cost))
            .collect()
    }

    /// [`Battle::leave_reactors_anywhere`] narrowed to the reactors that threaten some
    /// cell within `radius` steps of `here` (those within `radius` plus their
    /// [`Battle::threat_reach`] of it), in initiative order: the same units in the same
    /// order as filtering that list, asking only the living units within `radius` plus
    /// the longest reach on the field (through the cell index), so its cost follows the
    /// units near `here`, not the army. For the AI's risk of a move (a reactor farther
    /// than the move's budget plus its reach provokes nowhere on it).
    pub fn leave_reactors_near(&self, mover: UnitId, here: Cell, radius: u32) -> Vec<UnitId> {
        let grid = self.level.grid;
        let range = radius.saturating_add(self.longest_threat());
        // A range past the map's width and height together: ask every unit.
        if range > (grid.width.max(0) + grid.height.max(0)) as u32 {
            let mut all = self.leave_reactors_anywhere(mover);
            all.retain(|&r| {
                grid.distance(self.pos(r), here) <= radius.saturating_add(self.threat_reach(r))
            });
            return all;
        }
        let near = self.units_within(here, range);
        if near.is_empty() {
            return near;
        }
        let cost = self.leave_cost(mover);
        let mut picked = near;
        picked.retain(|&r| {
            grid.distance(self.pos(r), here) <= radius.saturating_add(self.threat_reach(r))
                && self.may_leave_react(r, mover, &cost)
        });
        if picked.is_empty() {
            return picked;
        }
        // In initiative order, without a walk of the whole order.
        self.in_turn_order(picked)
    }

    /// The reach of `u`'s melee weapon `i`: the higher of the weapon's and its size's,
    /// as its ruleset's [`crate::rulesets::Ruleset::threat_reach`] has it (melee-zone's
    /// Reach feat: "increase melee zone to 2 spaces around you"). What the weapon
    /// threatens is what it strikes, on the unit's turn and with a reaction.
    pub fn melee_reach(&self, u: UnitId, w: &crate::components::Weapon) -> u32 {
        self.melee_reach_sized(u, w, self.size(u).reach())
    }

    /// [`Battle::melee_reach`] with the reach of `u`'s size already looked up.
    fn melee_reach_sized(&self, u: UnitId, w: &crate::components::Weapon, size: u32) -> u32 {
        self.rules().threat_reach(self, u, w.reach.max(size))
    }

    /// The best melee weapon that reaches `dist` (highest average damage; its reach as
    /// [`Battle::melee_reach`] has it).
    pub fn best_melee(&self, u: UnitId, dist: u32) -> Option<usize> {
        let arms = self.arms(u);
        let size = std::cell::OnceCell::new();
        arms.weapons
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                w.kind == WeaponKind::Melee
                    && !w.has(WeaponTag::Shield)
                    && arms.in_hand(*i)
                    && dist
                        <= self.melee_reach_sized(u, w, *size.get_or_init(|| self.size(u).reach()))
            })
            .max_by_key(|(i, w)| (w.damage.max() + w.damage.min(), std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// Why `u`'s weapon `i` cannot strike `target` (`dist` steps away) now, if it cannot:
    /// [`Battle::weapon_for`]'s test of one weapon.
    fn weapon_usable(&self, u: UnitId, target: UnitId, i: usize, dist: u32) -> Result<(), Why> {
        let arms = self.arms(u);
        let w = arms.weapons.get(i).ok_or(Why::Missing)?;
        if w.has(WeaponTag::Shield) {
            return Err(Why::Shield);
        }
        let stowed = match arms.carried(i) {
            _ if arms.in_hand(i) => false,
            Some(crate::components::Carried::Held) => false,
            Some(crate::components::Carried::Stowed) => true,
            _ => return Err(Why::Lost),
        };
        match w.kind {
            WeaponKind::Melee => {
                let reach = self.melee_reach(u, w);
                if dist > reach {
                    return Err(Why::Reach(reach));
                }
            }
            WeaponKind::Ranged => {
                if let Some(max) = self
                    .rules()
                    .max_range_increments()
                    .map(|n| w.range.saturating_mul(n))
                    && dist > max
                {
                    return Err(Why::Range(max));
                }
                if !self.clear_line(self.pos(u), self.pos(target)) {
                    return Err(Why::Wall);
                }
            }
        }
        if stowed {
            return Err(Why::Stowed);
        }
        Ok(())
    }

    /// The weapon `u` would attack `target` with now, if any: [`Battle::weapon_for`]
    /// with no weapon named, `.ok()`, without wording why none can (the AI asks this of
    /// many foes and drops the reason).
    pub fn usable_weapon(&self, u: UnitId, target: UnitId) -> Option<usize> {
        let dist = self.level.grid.distance(self.pos(u), self.pos(target));
        self.best_melee(u, dist).or_else(|| {
            (0..self.arms(u).weapons.len())
                .find(|&i| self.weapon_usable(u, target, i, dist).is_ok())
        })
    }

    /// The weapon an attack would use (the named one, or the best that reaches), or why
    /// none can.
    pub fn weapon_for(
        &self,
        u: UnitId,
        target: UnitId,
        want: Option<usize>,
    ) -> Result<usize, Illegal> {
        let dist = self.level.grid.distance(self.pos(u), self.pos(target));
        // Where the weapon is comes after whether it would reach: drawing a weapon that
        // does not reach would not help, so "out of reach" is the better answer then.
        let arms = self.arms(u);
        let usable = |i: usize| self.weapon_usable(u, target, i, dist);
        // When no weapon can be used, the reason worth showing: one the player can act on
        // (draw it), then the distance or a wall, then a lost weapon, then a shield.
        let rank = |why: &Why| match why {
            Why::Stowed => 0,
            Why::Reach(_) | Why::Range(_) | Why::Wall => 1,
            Why::Lost => 2,
            Why::Shield => 3,
            Why::Missing => 4,
        };
        let no = |i: usize, why: Why| {
            let name = self.weapons(u).get(i).map_or("?", |w| w.name.as_str());
            Illegal::NoWeapon {
                unit: self.name(u).into(),
                target: self.name(target).into(),
                why: match why {
                    Why::Missing => format!("no weapon #{i}"),
                    Why::Shield => format!("{name} is a shield"),
                    Why::Stowed => format!("{name} is stowed (draw it first)"),
                    Why::Lost => format!("{name} is lost"),
                    Why::Reach(reach) => {
                        format!("{name} has reach {reach}, target is {dist} away")
                    }
                    Why::Range(max) => {
                        format!("{name} reaches at most {max}, target is {dist} away")
                    }
                    Why::Wall => "a wall blocks the line of fire".into(),
                },
            }
        };
        match want {
            Some(i) => usable(i).map(|_| i).map_err(|why| no(i, why)),
            None => {
                if let Some(i) = self.best_melee(u, dist) {
                    return Ok(i);
                }
                let mut best: Option<(usize, Why)> = None;
                for i in 0..arms.weapons.len() {
                    match usable(i) {
                        Ok(()) => return Ok(i),
                        Err(e) => {
                            if best.as_ref().is_none_or(|(_, b)| rank(&e) < rank(b)) {
                                best = Some((i, e));
                            }
                        }
                    }
                }
                Err(match best {
                    Some((i, why)) => no(i, why),
                    None => Illegal::NoWeapon {
                        unit: self.name(u).into(),
                        target: self.name(target).into(),
                        why: "it carries no weapon".into(),
                    },
                })
            }
        }
    }

    /// No wall on the straight line between two cells (ends excluded).
    pub fn clear_line(&self, a: Cell, b: Cell) -> bool {
        // Remembered until a wall is raised or cleared (`battle/lines.rs`).
        self.line_memo(a, b, || self.walk_clear_line(a, b))
    }

    /// [`Battle::clear_line`] worked out afresh (what its memo holds).
    pub(crate) fn walk_clear_line(&self, a: Cell, b: Cell) -> bool {
        // A long line on a map of few walls is clear at once when no wall stands near
        // it ([`Battle::no_wall_near`]); a short one is walked for less than the look-up
        // costs when it finds a wall.
        if (a.x - b.x).abs().max((a.y - b.y).abs()) > SHORT_LINE
            && self.few_walls() <= crate::battle::FEW_WALLS
            && self.no_wall_near(a, b)
        {
            return true;
        }
        // Only the cells in between are looked at (a line never passes its ends in
        // between).
        !self
            .level
            .grid
            .line_between_any(a, b, |c| self.terrain(c) == Terrain::Wall)
    }

    /// No wall in the rectangle of `a` and `b` (widened by a column each side on hexes,
    /// whose lines may stray a column aside in offset coordinates; a row never:
    /// `ai_s24_lead`), which holds every cell of the line between them. `false` when the
    /// widened rectangle passes the map's side (a cell off the map counts as a wall).
    #[inline(never)]
    fn no_wall_near(&self, a: Cell, b: Cell) -> bool {
        let g = self.level.grid;
        let wide = i32::from(g.kind == crate::grid::GridKind::Hex);
        let (x0, x1) = (a.x.min(b.x) - wide, a.x.max(b.x) + wide);
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        x0 >= 0 && y0 >= 0 && x1 < g.width && y1 < g.height && self.no_wall_in((x0, y0), (x1, y1))
    }

    /// Has the unit nothing left to do this turn (flow: no AP; tactical-d20: no action
    /// slot and no movement left)?
    pub fn exhausted(&self, u: UnitId) -> bool {
        self.rules().exhausted(self, u)
    }
}

/// Why a weapon cannot strike a target ([`Battle::weapon_for`]'s reasons, worded only
/// when none can).
enum Why {
    Missing,
    Shield,
    Stowed,
    Lost,
    Reach(u32),
    Range(u32),
    Wall,
}

/// Up to this many columns or rows between its ends, a line of sight is walked without
/// asking the wall counts first ([`Battle::clear_line`]).
const SHORT_LINE: i32 = 8;
