//! `Battle::apply`: the only place state changes, one event at a time.

use super::caches::Touch;
use super::*;
use crate::event::{Event, Spend};

/// Events that never change what a unit holds, its conditions or its life: they keep
/// the cached threat reaches. Everything else changes them (`threat_touch`).
/// A turn's start keeps them unless it ends a condition or a stat modifier, where
/// `turn_started` drops them itself (most turns nothing ends); a tick of conditions only
/// counts their turns down (the end is a `ConditionRemoved`). Proven by
/// `battle::rollback::tests::the_kept_threat_reaches_are_fresh`.
fn keeps_threat(e: &Event) -> bool {
    matches!(
        e,
        Event::Moved { .. }
            | Event::TurnStarted { .. }
            | Event::TurnEnded { .. }
            | Event::RoundStarted { .. }
            | Event::RoundEnded { .. }
            | Event::ConditionsTicked { .. }
            | Event::Displaced { .. }
            | Event::FellBack { .. }
            | Event::Chain { .. }
            | Event::Attack { .. }
            | Event::Defence { .. }
            | Event::Save { .. }
            | Event::Check { .. }
            | Event::Said { .. }
            | Event::Fled { .. }
            | Event::Hid { .. }
            | Event::Revealed { .. }
            | Event::ReactionDeclined { .. }
            | Event::ReactionOffered { .. }
            | Event::Reacted { .. }
            | Event::Spent { .. }
            | Event::Refilled { .. }
            | Event::Marked { .. }
            | Event::Declared { .. }
            | Event::Owed { .. }
            | Event::Damage { .. }
            // Change nothing but the log (and the ledger, as every event may).
            | Event::BattleStarted { .. }
            | Event::Initiative { .. }
            | Event::SurpriseRound { .. }
            | Event::Stalemate { .. }
            | Event::Contest { .. }
            | Event::Cast { .. }
            | Event::Fizzled { .. }
    )
}

/// Which units' threat reach an event may change: the unit whose weapons, carry,
/// conditions, modifiers or life it changes (a ruleset's threat reads only the unit's
/// own state: [`crate::rulesets::Ruleset::threat_reach`]); every unit's for
/// the events that change no one unit (a summoning, a turn order, the terrain...: rare,
/// and to be safe, new events too).
pub(super) fn threat_touch(e: &Event) -> Touch {
    if keeps_threat(e) {
        return Touch::Keep;
    }
    match e {
        Event::ConditionAdded { unit, .. }
        | Event::ConditionRemoved { unit, .. }
        | Event::CarryChanged { unit, .. }
        | Event::ItemDropped { unit, .. }
        | Event::PickedUp { unit, .. }
        | Event::StatModified { unit, .. }
        | Event::StatModsEnded { unit, .. }
        | Event::AbilityDamage { unit, .. }
        | Event::Down { unit }
        | Event::Revived { unit }
        | Event::Healed { unit, .. }
        | Event::BleedTotal { unit, .. }
        | Event::ItemDamaged { unit, .. } => Touch::Units(*unit, None),
        Event::ItemTaken { unit, from, .. } => Touch::Units(*unit, Some(*from)),
        _ => Touch::All,
    }
}

/// Would spending `amount` of `pool` leave `p` as it is (nothing spent from a pool the
/// unit has, not below 0 if floored)? Then the edit, which copies into the world, is
/// skipped.
fn spend_keeps(p: &Pools, pool: Pool, amount: i32) -> bool {
    amount == 0 && p.get(pool).is_some_and(|s| !pool.floored() || s.left >= 0)
}

impl Battle {
    /// The only place state changes.
    pub(crate) fn apply(&mut self, e: &Event) {
        self.threat_touched(threat_touch(e));
        // Any event may move a unit, take one down or change the terrain or a budget.
        if let Ok(m) = self.moves.get_mut() {
            *m = None;
        }
        let grid = self.level.grid;
        // Only these change cells or life (keep this list in step with the arms below):
        // the index, if built, follows them instead of being built again.
        if let Some(ix) = self.index.get_mut() {
            match e {
                Event::Moved { unit, to, .. }
                | Event::Displaced { unit, to, .. }
                | Event::FellBack { unit, to, .. } => {
                    ix.place(grid, *unit, Some(*to));
                }
                Event::Down { unit } => ix.place(grid, *unit, None),
                Event::Revived { unit } => ix.revive(grid, *unit),
                _ => {}
            }
        }
        match e {
            Event::BattleStarted { .. }
            | Event::Initiative { .. }
            | Event::Said { .. }
            | Event::Fled { .. }
            | Event::ReactionDeclined { .. }
            | Event::Defence { .. }
            | Event::Save { .. }
            | Event::SurpriseRound { .. }
            | Event::Stalemate { .. }
            | Event::Check { .. }
            | Event::Contest { .. }
            | Event::Chain { .. }
            | Event::Cast { .. }
            | Event::Fizzled { .. } => {}
            Event::Summoned {
                unit,
                name,
                archetype,
                side,
                cell,
                by,
            } => self.summoned(*unit, name, archetype, *side, *cell, *by),
            Event::TerrainChanged { cell, to, .. } => {
                if let Some(i) = grid.index(*cell)
                    && let Some(t) = self.terrain.get_mut(i)
                {
                    let from = std::mem::replace(t, *to);
                    self.wall_changed(*cell, from, *to);
                }
            }
            Event::Hid { unit } => {
                if let Some(e) = self.entity(*unit) {
                    self.world.entity_mut(e).insert(Hidden);
                    self.hot[unit.0 as usize].hidden = true;
                }
            }
            Event::Revealed { unit, .. } => {
                if let Some(e) = self.entity(*unit) {
                    self.world.entity_mut(e).remove::<Hidden>();
                    self.hot[unit.0 as usize].hidden = false;
                }
            }
            Event::Attack {
                attacker, target, ..
            } => {
                // An attacker turns to face its target, as a mover turns to face its step.
                let cell = |u: UnitId| self.get::<Position>(u).map(|p| p.0);
                let (from, to) = (cell(*attacker), cell(*target));
                if let (Some(from), Some(to)) = (from, to)
                    && let Some(d) = grid.direction_toward(from, to)
                    && self
                        .get::<Facing>(*attacker)
                        .is_some_and(|f| f.0 != d as u8)
                    && let Some(mut f) = self.get_mut::<Facing>(*attacker)
                {
                    f.0 = d as u8;
                }
            }
            Event::Displaced { unit, to, .. } | Event::FellBack { unit, to, .. } => {
                if let Some(mut p) = self.get_mut::<Position>(*unit) {
                    p.0 = *to;
                }
            }
            Event::CarryChanged { unit, item, now } => {
                if let Some(mut c) = self.get_mut::<Carry>(*unit)
                    && let Some(slot) = c.0.get_mut(*item)
                {
                    *slot = *now;
                }
            }
            Event::ItemDropped {
                unit,
                item,
                weapon,
                cell,
            } => {
                if let Some(mut c) = self.get_mut::<Carry>(*unit)
                    && let Some(slot) = c.0.get_mut(*item)
                {
                    *slot = Carried::Gone;
                }
                self.ground.push((*cell, weapon.clone()));
            }
            Event::ItemTaken { unit, from, item } => self.take_item(*unit, *from, *item),
            Event::PickedUp { unit, cell, now } => self.pick_up(*unit, *cell, *now),
            Event::ReadyCancelled { unit } => self.readied.retain(|u| u != unit),
            Event::Readied { unit, .. } => {
                if !self.readied.contains(unit) {
                    self.readied.push(*unit);
                }
            }
            Event::ReadyTriggered { unit, by } => self.ready_triggered(*unit, *by),
            Event::ReactionOffered { .. } => {}
            Event::Spent {
                unit,
                pool,
                amount,
                on,
                ..
            } => {
                if *on == Spend::Owed {
                    self.owed.remove(&(*unit, *pool));
                }
                self.spent(*unit, *pool, *amount, *on)
            }
            Event::Marked { unit, once } => self.mark(*unit, *once),
            Event::Declared { .. } => {}
            Event::Owed { unit, pool, amount } => {
                *self.owed.entry((*unit, *pool)).or_insert(0) += *amount;
            }
            Event::Refilled {
                unit, pool, amount, ..
            } => {
                // Movement bought starts a new movement.
                if *pool == Pool::Movement {
                    self.forget(Per::Movement);
                }
                if let Some(mut p) = self.get_mut::<Pools>(*unit) {
                    p.refill(*pool, *amount);
                }
            }
            Event::BleedTotal { unit, total } => {
                if let Some(mut b) = self.get_mut::<BleedTaken>(*unit) {
                    b.0 = *total;
                }
            }
            Event::ItemDamaged {
                unit, item, amount, ..
            } => {
                if let Some(mut w) = self.get_mut::<Wear>(*unit) {
                    *w.0.entry(*item).or_insert(0) += amount;
                }
            }
            // Ability damage is a modifier that takes the score down to 0 at the lowest.
            Event::AbilityDamage { unit, stat, roll } => {
                let now = self.stats(*unit).get(*stat);
                let after = (now - roll.total.max(0)).max(0);
                self.modify_stat(
                    *unit,
                    Some(StatMod {
                        stat: *stat,
                        amount: after - now,
                        duration: Duration::UntilRemoved,
                        cause: ModCause::AbilityDamage,
                        source: None,
                    }),
                    |_| true,
                );
            }
            Event::StatModified { unit, modifier } => {
                self.modify_stat(*unit, Some(modifier.clone()), |_| true);
            }
            Event::StatModsEnded { unit, cause } => {
                self.modify_stat(*unit, None, |m| m.cause != *cause);
            }
            Event::TurnOrder { order } => {
                self.order = order.clone();
                self.order_changed();
                self.turn = 0;
            }
            Event::Reordered { order, turn } => {
                self.order = order.clone();
                self.order_changed();
                self.turn = *turn;
            }
            Event::RoundStarted { round } => {
                self.round = *round;
                self.turn = 0;
                self.forget(Per::Round);
            }
            Event::TurnStarted { unit, pools } => self.turn_started(*unit, pools),
            Event::Moved {
                unit,
                to,
                cost,
                from,
            } => {
                let dir = self.level.grid.direction_to(*from, *to);
                if let Some(mut p) = self.get_mut::<Position>(*unit) {
                    p.0 = *to;
                }
                // A step spends its cost from the movement bought.
                let cost = (*cost).min(i32::MAX as u32) as i32;
                if !self
                    .get::<Pools>(*unit)
                    .is_some_and(|p| spend_keeps(p, Pool::Movement, cost))
                    && let Some(mut p) = self.get_mut::<Pools>(*unit)
                {
                    p.spend(Pool::Movement, cost);
                }
                if let Some(d) = dir
                    && self.get::<Facing>(*unit).is_some_and(|f| f.0 != d as u8)
                    && let Some(mut f) = self.get_mut::<Facing>(*unit)
                {
                    f.0 = d as u8;
                }
            }
            Event::Reacted { reactor, paid, .. } => {
                if let Some(mut p) = self.get_mut::<Pools>(*reactor) {
                    for &(pool, amount) in paid {
                        p.spend(pool, amount);
                    }
                }
            }
            Event::Damage { unit, hp_after, .. } => {
                if let Some(mut h) = self.get_mut::<Health>(*unit) {
                    h.hp = *hp_after;
                }
            }
            Event::Healed { unit, hp_after, .. } => {
                if let Some(mut h) = self.get_mut::<Health>(*unit) {
                    h.hp = *hp_after;
                }
            }
            Event::Revived { unit } => {
                if let Some(e) = self.entity(*unit) {
                    self.world.entity_mut(e).remove::<Down>();
                    self.hot[unit.0 as usize].down = false;
                }
            }
            Event::Counter { counter, value } => {
                self.counters.insert(*counter, *value);
            }
            Event::Down { unit } => {
                if let Some(e) = self.entity(*unit) {
                    self.world.entity_mut(e).insert(Down);
                    self.hot[unit.0 as usize].down = true;
                }
            }
            Event::ConditionAdded {
                unit,
                kind,
                duration,
                source,
            } => self.edit_conditions(*unit, |c| {
                // One of a kind per source: a new one replaces the old.
                c.retain(|c| !(c.kind == *kind && c.source == *source));
                c.push(ActiveCondition {
                    kind: *kind,
                    duration: *duration,
                    source: *source,
                });
            }),
            Event::ConditionRemoved { unit, kind, source } => self.edit_conditions(*unit, |c| {
                c.retain(|c| c.kind != *kind || (source.is_some() && c.source != *source));
            }),
            Event::ConditionsTicked { unit } => {
                if let Some(mut c) = self.get_mut::<Conditions>(*unit) {
                    for a in c.0.iter_mut() {
                        if let Duration::Turns(n) = &mut a.duration {
                            *n = n.saturating_sub(1);
                        }
                    }
                }
            }
            Event::TurnEnded { .. } | Event::RoundEnded { .. } => {}
            Event::BattleEnded { winner } => {
                self.ended = Some(*winner);
            }
        }
        // The once-per rights this event uses up, as the ruleset says.
        if let Some((u, once)) = self.rules.marks(e) {
            self.mark(u, once);
        }
        self.refresh_threats();
    }

    fn take_item(&mut self, unit: UnitId, from: UnitId, item: usize) {
        let w = self.weapons(from).get(item).cloned();
        if let Some(mut c) = self.get_mut::<Carry>(from)
            && let Some(slot) = c.0.get_mut(item)
        {
            *slot = Carried::Gone;
        }
        if let Some(w) = w {
            if let Some(mut l) = self.get_mut::<Loadout>(unit) {
                l.0.push(w);
            }
            if let Some(mut c) = self.get_mut::<Carry>(unit) {
                c.0.push(Carried::Held);
            }
        }
    }

    fn pick_up(&mut self, unit: UnitId, cell: Cell, now: Carried) {
        if let Some(i) = self.ground.iter().position(|(c, _)| *c == cell) {
            let (_, w) = self.ground.remove(i);
            if let Some(mut l) = self.get_mut::<Loadout>(unit) {
                l.0.push(w);
            }
            if let Some(mut c) = self.get_mut::<Carry>(unit) {
                c.0.push(now);
            }
        }
    }

    fn ready_triggered(&mut self, unit: UnitId, by: UnitId) {
        self.readied.retain(|u| *u != unit);
        let current = self.order.get(self.turn).copied();
        self.order.retain(|u| *u != unit);
        let at = self
            .order
            .iter()
            .position(|u| *u == by)
            .unwrap_or(self.order.len());
        self.order.insert(at, unit);
        self.order_changed();
        if let Some(c) = current
            && let Some(i) = self.order.iter().position(|u| *u == c)
        {
            self.turn = i;
        }
    }

    fn turn_started(&mut self, unit: UnitId, refreshed: &[(Pool, i32)]) {
        if let Some(i) = self.order_index(unit) {
            self.turn = i;
        }
        // Written only where something changes (an edit copies into the world).
        let pools_kept = self.get::<Pools>(unit).is_some_and(|p| {
            refreshed
                .iter()
                .all(|&(pool, left)| p.get(pool).is_some_and(|s| s.left == left))
        });
        if !pools_kept && let Some(mut p) = self.get_mut::<Pools>(unit) {
            for &(pool, left) in refreshed {
                p.set(pool, left);
            }
        }
        if self
            .get::<TurnState>(unit)
            .is_some_and(|t| *t != TurnState::default())
            && let Some(mut t) = self.get_mut::<TurnState>(unit)
        {
            *t = TurnState::default();
        }
        // Conditions that last until a turn starts end now.
        let own = |c: &ActiveCondition| c.duration == Duration::UntilOwnTurnStart;
        if self
            .get::<Conditions>(unit)
            .is_some_and(|c| c.0.iter().any(own))
        {
            self.edit_conditions(unit, |c| c.retain(|c| !own(c)));
        }
        if self.get::<StatMods>(unit).is_some_and(|m| {
            m.mods
                .iter()
                .any(|m| m.duration == Duration::UntilOwnTurnStart)
        }) {
            self.modify_stat(unit, None, |m| m.duration != Duration::UntilOwnTurnStart);
            self.threat_changed(unit);
        }
        let ends = |c: &ActiveCondition| {
            c.duration == Duration::UntilSourceTurnStart && c.source == Some(unit)
        };
        let scan = if self.may_end_at_turn_of(unit) {
            self.roster.len()
        } else {
            0
        };
        for k in 0..scan {
            let u = UnitId(k as u32);
            // Written only where one ends (most turns, none does).
            if self
                .get::<Conditions>(u)
                .is_some_and(|c| c.0.iter().any(ends))
            {
                self.edit_conditions(u, |c| c.retain(|c| !ends(c)));
            }
        }
        self.readied.retain(|u| *u != unit);
        // The unit's own-turn entries end, and every movement's; round entries stay.
        self.ledger.turn_started(unit);
    }

    /// Make `order_at` again from the order (after every change of it: rare, a few a
    /// round at most).
    fn order_changed(&mut self) {
        self.order_at.clear();
        self.order_repeats = false;
        for (i, u) in self.order.iter().enumerate().rev() {
            let k = u.0 as usize;
            if self.order_at.len() <= k {
                self.order_at.resize(k + 1, u32::MAX);
            }
            self.order_repeats |= self.order_at[k] != u32::MAX;
            self.order_at[k] = i as u32;
        }
    }

    /// `units` (each once) as a walk of the turn order meets them: those in the order,
    /// by their place in it. Sorted by `order_at` (no walk of the order) unless a unit
    /// stands in it twice.
    pub(crate) fn in_turn_order(&self, mut units: Vec<UnitId>) -> Vec<UnitId> {
        let walk = |units: &[UnitId]| -> Vec<UnitId> {
            self.order
                .iter()
                .copied()
                .filter(|r| units.contains(r))
                .collect()
        };
        if self.order_repeats {
            return walk(&units);
        }
        let place = |u: &UnitId| self.order_at.get(u.0 as usize).copied().unwrap_or(u32::MAX);
        units.retain(|u| place(u) != u32::MAX);
        units.sort_unstable_by_key(place);
        debug_assert_eq!(units, walk(&units), "in turn order");
        units
    }

    /// Where `u` first stands in the turn order (what a walk of the order finds, read
    /// from `order_at`: `order_index_is_the_walks` checks both after every event).
    pub(super) fn order_index(&self, u: UnitId) -> Option<usize> {
        let i = self
            .order_at
            .get(u.0 as usize)
            .filter(|&&i| i != u32::MAX)
            .map(|&i| i as usize);
        debug_assert_eq!(i, self.order.iter().position(|v| *v == u));
        i
    }

    /// Add a stat modifier and/or keep only those `keep` accepts, then recompute the
    /// unit's effective [`Stats`] from its base.
    fn modify_stat(&mut self, unit: UnitId, add: Option<StatMod>, keep: impl Fn(&StatMod) -> bool) {
        let Some(mut m) = self.get_mut::<StatMods>(unit) else {
            return;
        };
        m.mods.retain(|x| keep(x));
        m.mods.extend(add);
        let effective = m.effective();
        drop(m);
        if let Some(mut s) = self.get_mut::<Stats>(unit) {
            *s = effective;
        }
    }

    /// Record a [`Once`] in the ledger.
    fn mark(&mut self, u: UnitId, once: Once) {
        self.ledger.insert(u, once);
    }

    /// Forget every ledger entry that lasts `per`.
    fn forget(&mut self, per: Per) {
        self.ledger.forget(per);
    }

    fn spent(&mut self, unit: UnitId, pool: Pool, amount: i32, on: Spend) {
        if !self
            .get::<Pools>(unit)
            .is_some_and(|p| spend_keeps(p, pool, amount))
            && let Some(mut p) = self.get_mut::<Pools>(unit)
        {
            p.spend(pool, amount);
        }
        // AP spent on movement counts towards flow's most a turn.
        if pool == Pool::Ap
            && on == Spend::Move
            && let Some(mut t) = self.get_mut::<TurnState>(unit)
        {
            t.move_ap_spent += amount as u32;
        }
        // A dash-like action starts a new movement.
        if matches!(
            on,
            Spend::Dash | Spend::Charge | Spend::Jump | Spend::Overrun | Spend::Tumble
        ) {
            self.forget(Per::Movement);
        }
    }
}

impl Battle {
    /// `Summoned`: the archetype's template spawned as unit `unit` (the next id) on the
    /// summoner's side, put into the turn order right after its summoner.
    fn summoned(
        &mut self,
        unit: UnitId,
        name: &str,
        archetype: &str,
        side: SideId,
        cell: Cell,
        by: UnitId,
    ) {
        if unit.0 as usize != self.roster.len() {
            return;
        }
        let Some(mut def) = self.level.summons.get(archetype).cloned() else {
            return;
        };
        def.name = name.to_string();
        def.side = side;
        def.cell = cell;
        let e = spawn_def(&mut self.world, self.rules, unit, &def, false);
        self.roster.push(e);
        self.hot.push(hot::Hot::of(&self.world, e));
        if let Some(h) = self.hot.last() {
            let now = super::caches::condition_bits(h.conditions.as_ref());
            super::caches::count_holders(&mut self.holders_of, 0, now);
        }
        self.summoned.push(def);
        self.index_summoned();
        self.conditions_changed();
        let at = self
            .order
            .iter()
            .position(|u| *u == by)
            .map_or(self.order.len(), |i| i + 1);
        self.order.insert(at, unit);
        self.order_changed();
        // Summoned by a unit earlier in the order: whoever is acting keeps its turn.
        if at <= self.turn {
            self.turn += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Command;

    /// The ledger's stretches: an own-turn entry ends at the unit's next turn, a round
    /// entry (melee-zone's "disengaged for the round") lasts through it and ends when
    /// the next round starts.
    #[test]
    fn round_entries_outlast_a_turn_and_end_with_the_round() {
        let src = r##"Level(name: "t", ruleset: "flow", grid: Square, map: ["......", "......"],
            sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
            units: [Unit(name: "Ash", side: "Red", cell: (0, 0), archetype: "fighter"),
                    Unit(name: "Birch", side: "Blue", cell: (5, 1), archetype: "fighter")])"##;
        let mut b = Battle::new(crate::level::parse(src, "t").unwrap(), 1, Vec::new()).unwrap();
        let first = b.current().unwrap();
        let other = b.units().find(|&u| u != first).unwrap();
        b.mark(other, Once::Disengaged);
        b.mark(other, Once::Step);
        let end = |b: &mut Battle| {
            let u = b.current().unwrap();
            b.submit(Command::EndTurn { unit: u }).unwrap();
        };
        end(&mut b);
        assert_eq!(b.current(), Some(other));
        assert!(!b.used(other, Once::Step), "its own turn ended the Step");
        assert!(b.used(other, Once::Disengaged), "the round is not over");
        let round = b.round();
        end(&mut b);
        assert_eq!(b.round(), round + 1);
        assert!(!b.used(other, Once::Disengaged), "a new round");
    }

    /// A ruleset's own entries (`Once::Own`) last as their `per` says, each number apart.
    #[test]
    fn own_entries_last_their_stretch_each_number_apart() {
        let src = r##"Level(name: "t", ruleset: "flow", grid: Square, map: ["......", "......"],
            sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
            units: [Unit(name: "Ash", side: "Red", cell: (0, 0), archetype: "fighter"),
                    Unit(name: "Birch", side: "Blue", cell: (5, 1), archetype: "fighter")])"##;
        let mut b = Battle::new(crate::level::parse(src, "t").unwrap(), 1, Vec::new()).unwrap();
        let first = b.current().unwrap();
        let other = b.units().find(|&u| u != first).unwrap();
        let turn = Once::Own {
            id: 1,
            per: Per::OwnTurn,
        };
        let round = Once::Own {
            id: 2,
            per: Per::Round,
        };
        b.emit(crate::event::Event::Marked {
            unit: other,
            once: turn,
        });
        b.emit(crate::event::Event::Marked {
            unit: other,
            once: round,
        });
        assert!(b.used(other, turn) && b.used(other, round));
        assert!(!b.used(
            other,
            Once::Own {
                id: 3,
                per: Per::OwnTurn
            }
        ));
        let end = |b: &mut Battle| {
            let u = b.current().unwrap();
            b.submit(Command::EndTurn { unit: u }).unwrap();
        };
        end(&mut b);
        assert!(!b.used(other, turn), "its own turn ended it");
        assert!(b.used(other, round), "the round is not over");
        end(&mut b);
        assert!(!b.used(other, round), "a new round");
    }
}
