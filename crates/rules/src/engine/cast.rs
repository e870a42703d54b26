//! Casting (issue 17): what every ruleset shares when a spell is cast or an ability, a
//! potion or an item used. The engine checks the aim (known ability, uses left, range,
//! line of sight, targets), queues the casting after the reactions it provokes, finds the
//! targets when it goes off and applies the effects; the ruleset prices it, adds its own
//! casting checks and reactions (`Ruleset::check_action` / `perform` on
//! `CommonAction::Cast`), rolls its attacks and saves and adjusts typed damage.

use super::*;
use crate::abilities::{Ability, Effect, Resolve};
use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId};
use crate::dice::{ModKind, Modifier, Roll};
use crate::event::{AttackKind, Event, Fizzle, Outcome, Spend, Trigger};
use crate::grid::Cell;
use crate::pools::Pool;

impl Battle {
    /// The abilities a unit knows (its archetype's, in order).
    pub fn abilities(&self, u: UnitId) -> &[Ability] {
        self.unit_def(u).map_or(&[][..], |d| d.abilities.as_slice())
    }

    /// One of a unit's abilities.
    pub fn ability(&self, u: UnitId, i: usize) -> Option<&Ability> {
        self.abilities(u).get(i)
    }

    /// Uses left of a unit's ability (`None`: no limit).
    pub fn uses_left(&self, u: UnitId, i: usize) -> Option<i32> {
        let a = self.ability(u, i)?;
        a.uses_in_battle()?;
        if i >= usize::from(u8::MAX) {
            // Refused when the level is read; never counted past the byte.
            return Some(0);
        }
        Some(self.pool(u, Pool::Uses(i as u8)))
    }

    /// Can `t` be a target of `a` (standing; or down but not dead, for a healing ability
    /// in a ruleset where healing brings the fallen back)?
    pub fn may_target(&self, t: UnitId, a: &Ability) -> bool {
        if self.entity(t).is_none() {
            return false;
        }
        self.alive(t)
            || (a.heals() && !self.has(t, ConditionKind::Dead) && self.rules().revives(self, t))
    }

    /// The engine's part of checking a `Cast`: the ability is known, has a use left and
    /// its aim fits (the ruleset checks its price and its own conditions).
    pub(crate) fn check_cast(&self, caster: UnitId, i: usize, at: &CastAt) -> Result<(), Illegal> {
        let targets = self.cast_targets(caster, i, at)?;
        self.check_uses(caster, i)?;
        // An area may be aimed at empty ground; a unit target must be there.
        let _ = targets;
        if let CastAt::Cell(c) = at {
            self.summon_room(caster, i, *c)?;
        }
        Ok(())
    }

    /// Has ability `i` a use left (or no limit)? Part of [`Self::check_cast`]; asked too
    /// of an ability held for later (tactical-d20's Wait).
    pub(crate) fn check_uses(&self, caster: UnitId, i: usize) -> Result<(), Illegal> {
        if self.uses_left(caster, i).is_some_and(|n| n < 1) {
            return Err(Illegal::Cannot {
                unit: self.name(caster).into(),
                why: format!("{} has no use left", self.abilities(caster)[i].name),
            });
        }
        Ok(())
    }

    /// Can ability `i`'s summon (if it has one) appear on `c` now: a known archetype, a
    /// cell one can stand on and nobody standing there?
    fn summon_room(&self, caster: UnitId, i: usize, c: Cell) -> Result<(), Illegal> {
        let Some(a) = self.ability(caster, i) else {
            return Ok(());
        };
        let cannot = |why: String| Illegal::Cannot {
            unit: self.name(caster).into(),
            why,
        };
        for e in &a.effects {
            let Effect::Summon { archetype } = e else {
                continue;
            };
            if !self.level.summons.contains_key(archetype) {
                return Err(cannot(format!(
                    "{} summons a {archetype}, which this level does not know",
                    a.name
                )));
            }
            let t = self.terrain(c);
            if !t.standable() {
                return Err(cannot(format!(
                    "a {archetype} cannot stand on a {}",
                    t.name()
                )));
            }
            if let Some(o) = self.unit_at(c, None) {
                return Err(cannot(format!("{} stands on {c}", self.name(o))));
            }
        }
        Ok(())
    }

    /// What an ability does to the cells it is aimed at, once, as it goes off: terrain
    /// changes on every cell of its area (a cell a unit stands on does not become one
    /// nobody can stand on), then its summon appears on the aimed cell.
    fn cell_effects(&mut self, caster: UnitId, i: usize, a: &Ability, aim: Cell) {
        let cells = self.cast_cells(caster, a, aim);
        for e in &a.effects {
            match e {
                Effect::Terrain { terrain } => {
                    for &c in &cells {
                        let from = self.terrain(c);
                        if from == *terrain
                            || (!terrain.standable() && self.unit_at(c, None).is_some())
                        {
                            continue;
                        }
                        self.emit(Event::TerrainChanged {
                            cell: c,
                            from,
                            to: *terrain,
                        });
                    }
                }
                Effect::Summon { archetype } => {
                    if self.summon_room(caster, i, aim).is_err() {
                        self.emit(Event::Fizzled {
                            unit: caster,
                            name: a.name.clone(),
                            why: Fizzle::NoRoom,
                        });
                        continue;
                    }
                    let name = self.summon_name(archetype);
                    let unit = UnitId(self.roster.len() as u32);
                    self.emit(Event::Summoned {
                        unit,
                        name,
                        archetype: archetype.clone(),
                        side: self.side(caster),
                        cell: aim,
                        by: caster,
                    });
                }
                _ => {}
            }
        }
    }

    /// The name a new summon of `archetype` gets: the archetype's, or "`archetype` 2",
    /// "`archetype` 3", ...: the first no unit has yet. One pass over the roster marks the
    /// numbers taken (1 for the bare name, n for a name the candidate n would write), so
    /// naming the k-th summon of one archetype costs one pass and one `format!`, not k
    /// scans by `find` (`name_of_summon_matches_the_first_free` in the tests compares it
    /// with that scan).
    pub fn summon_name(&self, archetype: &str) -> String {
        let mut taken = Vec::new();
        for u in self.units() {
            let Some(rest) = self.name(u).strip_prefix(archetype) else {
                continue;
            };
            if rest.is_empty() {
                taken.push(1);
            } else if let Some(d) = rest.strip_prefix(' ')
                && !d.starts_with('0')
                && d.bytes().all(|b| b.is_ascii_digit())
                && let Ok(n) = d.parse::<usize>()
                && n >= 2
            {
                // Written exactly as `format!` writes n: the candidate n's name.
                taken.push(n);
            }
        }
        // Some number up to one past the count of names taken is free.
        let mut used = vec![false; taken.len() + 2];
        for n in taken {
            if let Some(x) = used.get_mut(n) {
                *x = true;
            }
        }
        match (1..used.len()).find(|&n| !used[n]) {
            Some(1) | None => archetype.to_string(),
            Some(n) => format!("{archetype} {n}"),
        }
    }

    /// Begin a checked casting (after the ruleset paid for it): log it, use up a use,
    /// and queue it to go off after the reactions it provokes (`offers`, first to last).
    /// Then the caster's threatening enemies are offered `Trigger::Casting` if the
    /// ability provokes and `provoke` is true.
    pub fn queue_cast(
        &mut self,
        caster: UnitId,
        i: usize,
        at: CastAt,
        provoke: bool,
        offers: Vec<(UnitId, Trigger)>,
    ) {
        let Some(a) = self.ability(caster, i).cloned() else {
            return;
        };
        if a.uses_in_battle().is_some() {
            self.emit(Event::spent(caster, Pool::Uses(i as u8), 1, Spend::Use));
        }
        self.emit(Event::Cast {
            unit: caster,
            ability: i,
            name: a.name.clone(),
            at: at.clone(),
        });
        let hp = self.hp(caster);
        self.stack.push(Frame::Cast {
            caster,
            ability: i,
            at,
            hp,
            countered: false,
        });
        for (r, trigger) in offers.into_iter().rev() {
            self.stack.push(Frame::Offer {
                reactor: r,
                trigger,
                to: None,
            });
        }
        if provoke && a.provoking() {
            let here = self.pos(caster);
            for r in self.leave_reactors(caster, here).into_iter().rev() {
                self.stack.push(Frame::Offer {
                    reactor: r,
                    trigger: Trigger::Casting { caster, ability: i },
                    to: None,
                });
            }
        }
    }

    /// Mark the casting of `caster` waiting on the stack as countered by `by` (a
    /// counterspell succeeded): it will go off with no effect.
    pub fn counter_cast(&mut self, caster: UnitId, by: UnitId) {
        let mut found = None;
        for f in self.stack.iter_mut().rev() {
            if let Frame::Cast {
                caster: c,
                countered,
                ability,
                ..
            } = f
                && *c == caster
                && !*countered
            {
                *countered = true;
                found = Some(*ability);
                break;
            }
        }
        if let Some(ability) = found {
            {
                let name = self
                    .ability(caster, ability)
                    .map(|a| a.name.clone())
                    .unwrap_or_default();
                self.emit(Event::Fizzled {
                    unit: caster,
                    name,
                    why: Fizzle::Countered(by),
                });
            }
        }
    }

    /// A casting goes off (`Frame::Cast`).
    pub(crate) fn exec_cast(
        &mut self,
        caster: UnitId,
        i: usize,
        at: CastAt,
        hp: i32,
        countered: bool,
    ) -> Result<(), Illegal> {
        let Some(a) = self.ability(caster, i).cloned() else {
            return Ok(());
        };
        if countered {
            return Ok(());
        }
        let fizzle = |b: &mut Battle, why| {
            b.emit(Event::Fizzled {
                unit: caster,
                name: a.name.clone(),
                why,
            })
        };
        if !self.alive(caster) {
            fizzle(self, Fizzle::CasterDown);
            return Ok(());
        }
        let hurt = hp - self.hp(caster);
        if hurt > 0 && self.rules().cast_disrupted(self, caster, i, hurt)? {
            fizzle(self, Fizzle::Disrupted);
            return Ok(());
        }
        // Targets are found as it goes off: who stands in the area now; a named target
        // that fell or left its range in the meantime is spared.
        let targets: Vec<UnitId> = match self.cast_targets(caster, i, &at) {
            Ok(t) => t,
            Err(_) => match &at {
                CastAt::Units(ts) => ts
                    .iter()
                    .copied()
                    .filter(|&t| self.entity(t).is_some() && self.may_target(t, &a))
                    .collect(),
                _ => Vec::new(),
            },
        };
        // Cells change and summons appear once, whatever is rolled against the units
        // (found before: a summon is not a target of its own summoning).
        if let CastAt::Cell(aim) = &at
            && a.effects.iter().any(Effect::on_cells)
        {
            self.cell_effects(caster, i, &a, *aim);
        }
        for t in targets.into_iter().rev() {
            match a.resolve {
                Resolve::Automatic => self.stack.push(Frame::Effects {
                    caster,
                    ability: i,
                    target: t,
                    landed: true,
                    mult: 1,
                    from: 0,
                    asked: false,
                }),
                Resolve::Save { .. } => self.stack.push(Frame::AbilitySave {
                    caster,
                    ability: i,
                    target: t,
                }),
                Resolve::Attack { .. } => self.stack.push(Frame::Attack {
                    attacker: caster,
                    target: t,
                    weapon: usize::MAX,
                    kind: AttackKind::Normal,
                    effect: HitEffect::Ability(i),
                }),
            }
        }
        Ok(())
    }

    /// A target saves against an ability (`Frame::AbilitySave`).
    pub(crate) fn exec_ability_save(
        &mut self,
        caster: UnitId,
        i: usize,
        target: UnitId,
    ) -> Result<(), Illegal> {
        let Some(a) = self.ability(caster, i).cloned() else {
            return Ok(());
        };
        let Resolve::Save { stat, dc } = a.resolve else {
            return Ok(());
        };
        if self.entity(target).is_none() {
            return Ok(());
        }
        // `None`: the ruleset resolves the save with frames of its own (flow's intercept).
        let Some(saved) = self
            .rules()
            .ability_save(self, caster, i, target, stat, dc)?
        else {
            return Ok(());
        };
        self.stack.push(Frame::Effects {
            caster,
            ability: i,
            target,
            landed: !saved,
            mult: 1,
            from: 0,
            asked: false,
        });
        Ok(())
    }

    /// An ability's effects on one target (`Frame::Effects`), in the order written.
    pub(crate) fn exec_effects(
        &mut self,
        caster: UnitId,
        i: usize,
        target: UnitId,
        landed: bool,
        mult: i32,
        from: usize,
        asked: bool,
    ) -> Result<(), Illegal> {
        let Some(a) = self.ability(caster, i).cloned() else {
            return Ok(());
        };
        let effects = if landed { &a.effects } else { &a.on_miss };
        let frame = |from: usize| Frame::Effects {
            caster,
            ability: i,
            target,
            landed,
            mult,
            from,
            asked: true,
        };
        // First the target may answer the spell landing on it, knowing the check
        // (counters' counterspell per target); its answer may cancel what follows.
        if !asked && target != caster && self.alive(target) && !effects.is_empty() {
            let trigger = Trigger::SpellLanding {
                caster,
                ability: i,
                landed,
                total: self.last_check_total(caster, target),
            };
            if let Some(options) = self.rules().offer(self, target, &trigger, None)
                && !options.is_empty()
            {
                self.stack.push(frame(0));
                self.open_window(Window {
                    reactor: target,
                    trigger,
                    options,
                    hit: None,
                    on_decline: Vec::new(),
                });
                return Ok(());
            }
        }
        for (k, e) in effects.iter().enumerate().skip(from) {
            if self.entity(target).is_none() || self.ended.is_some() {
                break;
            }
            match e {
                Effect::Damage { kind, .. } => {
                    if !self.alive(target) {
                        continue;
                    }
                    let Some(dice) = e.damage_dice(self.stats(caster)) else {
                        continue;
                    };
                    let roll = self.dice.roll(dice)?;
                    // A damage window pauses the rest until the damage is dealt.
                    if self.ability_damage(caster, i, target, kind, roll, mult, None, frame(k + 1))
                    {
                        return Ok(());
                    }
                }
                // "Miss: half damage": the hit's damage dice, rolled, halved.
                Effect::HalfDamage => {
                    for d in &a.effects {
                        let Effect::Damage { kind, .. } = d else {
                            continue;
                        };
                        if !self.alive(target) || self.ended.is_some() {
                            break;
                        }
                        let Some(dice) = d.damage_dice(self.stats(caster)) else {
                            continue;
                        };
                        let roll = self.dice.roll(dice)?;
                        let rest = frame(k + 1);
                        if self.ability_damage(
                            caster,
                            i,
                            target,
                            kind,
                            roll,
                            1,
                            Some("miss: half"),
                            rest,
                        ) {
                            return Ok(());
                        }
                    }
                }
                Effect::Ongoing { duration, .. } => {
                    let kind = ConditionKind::Bleeding;
                    if self.alive(target) && self.plays_condition(kind) {
                        self.emit(Event::ConditionAdded {
                            unit: target,
                            kind,
                            duration: *duration,
                            source: Some(caster),
                        });
                    }
                }
                Effect::Heal { dice } => {
                    let roll = self.dice.roll(*dice)?;
                    self.heal(target, roll);
                }
                Effect::Condition { kind, duration } => {
                    if self.alive(target) && self.plays_condition(*kind) {
                        self.emit(Event::ConditionAdded {
                            unit: target,
                            kind: *kind,
                            duration: *duration,
                            source: Some(caster),
                        });
                    }
                }
                Effect::Push { cells } => {
                    if self.alive(target) && target != caster {
                        self.push_away(caster, target, *cells);
                    }
                }
                Effect::Grant { pool, amount } => {
                    if self.alive(target) {
                        self.emit(Event::refilled(
                            target,
                            *pool,
                            *amount,
                            crate::event::Gain::Granted,
                        ));
                    }
                }
                // Done once for the whole casting (`cell_effects`).
                Effect::Summon { .. } | Effect::Terrain { .. } => {}
            }
        }
        Ok(())
    }

    /// Deal an ability's rolled damage to `target`: ×`mult` on a crit, its type noted,
    /// halved with the `half` note (a miss's half damage), then the ruleset's typed
    /// damage and its dealing.
    #[allow(clippy::too_many_arguments)]
    fn ability_damage(
        &mut self,
        caster: UnitId,
        i: usize,
        target: UnitId,
        kind: &str,
        mut roll: Roll,
        mult: i32,
        half: Option<&'static str>,
        rest: Frame,
    ) -> bool {
        if mult > 1 {
            let base = roll.total;
            roll = roll.with(Modifier::new(
                ModKind::Critical,
                format!("critical ×{mult}"),
                base * (mult - 1),
            ));
        }
        if let Some(note) = half {
            let cut = roll.total.max(0) - roll.total.max(0) / 2;
            roll = roll.with(Modifier::new(ModKind::Other, note, -cut));
        }
        if !kind.is_empty() {
            roll = roll.with(Modifier::new(ModKind::Other, kind.to_string(), 0));
        }
        let roll = self.rules().typed_damage(self, target, kind, roll);
        let hit = Hit {
            attacker: caster,
            target,
            weapon: usize::MAX,
            kind: AttackKind::Normal,
            level: if mult > 1 {
                Outcome::Critical
            } else {
                Outcome::Success
            },
            natural: 0,
            effect: HitEffect::Ability(i),
        };
        // The same damage step as a weapon's: the target may answer knowing the amount
        // (`Ruleset::damage_answers`); the rest of the effects wait for the dealing.
        match self.rules().damage_answers(self, &hit, &roll) {
            Some(options) if !options.is_empty() => {
                self.stack.push(rest);
                let amount = roll.total.max(0);
                self.open_window(Window {
                    reactor: target,
                    trigger: Trigger::IncomingDamage {
                        attacker: caster,
                        amount,
                    },
                    options,
                    hit: Some(hit.clone()),
                    on_decline: vec![Frame::DealDamage { hit, roll }],
                });
                true
            }
            _ => {
                self.rules().deal_damage(self, hit, roll);
                false
            }
        }
    }

    /// Take back what an ability was still to do to `target` (its pending
    /// `Frame::Effects`): a per-target counterspell's answer.
    pub fn cancel_effects(&mut self, caster: UnitId, ability: usize, target: UnitId) {
        self.stack.retain(|f| {
            !matches!(f, Frame::Effects { caster: c, ability: a, target: t, .. }
                if *c == caster && *a == ability && *t == target)
        });
    }

    /// The total of the last check rolled between `caster` and `target` in this casting:
    /// the caster's attack roll on it, or its save (what a per-target counterspell sees).
    fn last_check_total(&self, caster: UnitId, target: UnitId) -> Option<i32> {
        for l in self.log.iter().rev() {
            match &l.event {
                Event::Attack {
                    attacker,
                    target: t,
                    roll,
                    ..
                } if *attacker == caster && *t == target => return Some(roll.total),
                Event::Check { unit, roll, .. } if *unit == target => return Some(roll.total),
                Event::Cast { unit, .. } if *unit == caster => return None,
                _ => {}
            }
        }
        None
    }

    /// Heal a unit by a rolled amount (at most to its maximum): `Healed`, then the
    /// ruleset's `healed` (tactical-d20: the bleeding stops, a dying unit comes back).
    pub fn heal(&mut self, u: UnitId, roll: Roll) {
        let Some(h) = self.get::<crate::components::Health>(u).copied() else {
            return;
        };
        let amount = roll.total.max(0).min((h.max - h.hp).max(0));
        self.emit(Event::Healed {
            unit: u,
            amount,
            hp_after: h.hp + amount,
        });
        self.rules().healed(self, u, roll);
    }

    /// Push `target` up to `cells` straight away from `from_unit` (stopping at a wall,
    /// a unit or the map's edge): one `Displaced` per cell; provokes nothing.
    pub fn push_away(&mut self, from_unit: UnitId, target: UnitId, cells: u32) {
        for _ in 0..cells {
            let (a, t) = (self.pos(from_unit), self.pos(target));
            let grid = &self.level.grid;
            let Some(dir) = grid.direction_toward(t, grid.opposite(a, t)) else {
                return;
            };
            let next = grid.step(t, dir);
            if grid.distance(a, next) <= grid.distance(a, t) {
                return;
            }
            let free = self.level.grid.contains(next)
                && self.terrain(next).standable()
                && self.unit_at(next, Some(target)).is_none();
            if !free {
                return;
            }
            self.emit(Event::Displaced {
                unit: target,
                from: t,
                to: next,
            });
        }
    }
}
