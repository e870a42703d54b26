//! Turn sequencing: the battle's start, initiative, rounds, turns and their end.

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Duration, UnitId};
use crate::dice::ForcedFaceError;
use crate::event::Event;

/// Roll initiative under the battle's ruleset and start round 1.
pub(crate) fn start(b: &mut Battle) -> Result<(), SetupError> {
    b.emit(Event::BattleStarted {
        ruleset: b.level.ruleset,
        grid: b.level.grid.kind,
        seed: b.seed,
    });
    let rules = b.rules();
    rules.open_battle(b)?;
    if let Some(side) = b.level.surprise {
        b.emit(Event::SurpriseRound { side });
    }
    rules.before_first_round(b);
    b.emit(Event::RoundStarted { round: 1 });
    begin_turn_at(b, 0)?;
    Ok(())
}

/// Roll initiative for every unit (with an extra bonus per unit) and set the order.
pub fn roll_initiative(
    b: &mut Battle,
    bonus: impl Fn(&Battle, UnitId) -> Option<crate::dice::Modifier>,
) -> Result<(), ForcedFaceError> {
    // (unit, total, tiebreak, human side first)
    let mut keys: Vec<(UnitId, i32, i32, bool)> = Vec::new();
    let mut rules = Vec::new();
    for u in b.units().collect::<Vec<_>>() {
        let rule = b.rules().initiative(b.stats(u));
        let mut roll = match rule.dice {
            Some(d) => b.dice.roll(d)?,
            None => crate::dice::Roll::from_faces(crate::dice::DiceExpr::new(0, 1), Vec::new()),
        };
        for m in &rule.modifiers {
            roll = roll.with(m.clone());
        }
        if let Some(m) = bonus(b, u) {
            roll = roll.with(m);
        }
        let human = rule.pcs_first
            && b.level
                .sides
                .get(b.side(u).0 as usize)
                .is_some_and(|s| s.role == crate::level::Role::Pc);
        keys.push((u, roll.total, rule.tiebreak, human));
        rules.push(rule);
        b.emit(Event::Initiative { unit: u, roll });
    }
    // Full ties roll off (flow) in level order; each roll is an event.
    let mut extra = vec![0u32; keys.len()];
    for (i, &(u, total, tb, human)) in keys.iter().enumerate() {
        let tied = keys
            .iter()
            .any(|&(o, t, k, h)| o != u && t == total && k == tb && h == human);
        if let (true, Some(d)) = (tied, rules[i].rolloff) {
            let roll = b.dice.roll(d)?;
            extra[i] = roll.total as u32;
            b.emit(Event::Initiative { unit: u, roll });
        }
    }
    let mut sorted: Vec<(UnitId, i32, i32, bool, u32)> = keys
        .iter()
        .zip(&extra)
        .map(|(&(u, t, k, h), &e)| (u, t, k, h, e))
        .collect();
    sorted.sort_by(|a, b| {
        (b.1, b.2, b.3, b.4)
            .cmp(&(a.1, a.2, a.3, a.4))
            .then(a.0.cmp(&b.0))
    });
    let order: Vec<UnitId> = sorted.into_iter().map(|t| t.0).collect();
    b.emit(Event::TurnOrder { order });
    Ok(())
}

/// Has the round just ended made a stalemate: the level's `stalemate_rounds` whole
/// rounds in a row without damage or anyone going down? (A house rule, not in the
/// seeds: neither side could reach the other, so the battle would never end.)
fn stalemate(b: &Battle) -> bool {
    let n = b.level.stalemate_rounds;
    if n == 0 || b.round < n {
        return false;
    }
    let since = b.round + 1 - n;
    !b.log
        .iter()
        .rev()
        .take_while(|l| l.round >= since)
        .any(|l| matches!(l.event, Event::Damage { .. } | Event::Down { .. }))
}

/// Start the turn of the first unit at or after order index `i` that can act (alive,
/// and not surprised in a surprise round). Passing the end of the order ends the round.
fn begin_turn_at(b: &mut Battle, mut i: usize) -> Result<(), ForcedFaceError> {
    // Two whole rounds in which nobody can take a turn (everyone left is unconscious
    // or dying) end the battle without a winner.
    let mut idle_rounds = 0;
    loop {
        if b.ended.is_some() {
            return Ok(());
        }
        if i >= b.order.len() {
            idle_rounds += 1;
            if idle_rounds > 2 {
                b.emit(Event::BattleEnded { winner: None });
                return Ok(());
            }
            let r = b.round;
            b.emit(Event::RoundEnded { round: r });
            if stalemate(b) {
                let rounds = b.level.stalemate_rounds;
                b.emit(Event::Stalemate { rounds });
                b.emit(Event::BattleEnded { winner: None });
                return Ok(());
            }
            b.rules().round_ended(b, r)?;
            b.emit(Event::RoundStarted { round: r + 1 });
            b.rules().round_started(b, r + 1);
            i = 0;
        }
        let u = b.order[i];
        if !b.rules().takes_turn(b, u)? {
            i += 1;
            continue;
        }
        if (b.alive(u) || b.rules().acts_while_down(b, u)) && !b.surprised_now(u) {
            // The pools refreshed at the unit's own turn start fill up; a pool refilled
            // every round (tactical-d20's one Reaction per round) is not refilled here:
            // what is left of it carries into the turn, at most the refill amount (extras
            // such as a Wait's lapse when the turn starts).
            let pools = b.pools(u).map(|p| p.refreshed()).unwrap_or_default();
            b.emit(Event::TurnStarted { unit: u, pools });
            // What it took on this turn's credit is paid first.
            let owed: Vec<(crate::pools::Pool, i32)> = b
                .owed
                .iter()
                .filter(|((o, _), _)| *o == u)
                .map(|(&(_, p), &n)| (p, n))
                .collect();
            for (pool, amount) in owed {
                b.emit(Event::Spent {
                    unit: u,
                    pool,
                    amount,
                    on: crate::event::Spend::Owed,
                    left: 0,
                });
            }
            b.rules().turn_started(b, u);
            return Ok(());
        }
        i += 1;
    }
}

/// Start the turn of whoever stands at the current place of the turn order now (after a
/// `Reordered`: an ally let go first, a delayed unit's successor); past the end of the
/// order, the round ends.
pub(crate) fn begin_current(b: &mut Battle) -> Result<(), ForcedFaceError> {
    let i = b.turn;
    begin_turn_at(b, i)
}

/// Ongoing effects at the end of a unit's turn: bleeding damage, then saves against
/// "save ends" conditions, then turn-counted durations tick.
fn ongoing_effects(b: &mut Battle, u: UnitId) -> Result<(), ForcedFaceError> {
    // Most turns end with none of these: then nothing to copy and nothing to do.
    let matters = |c: &crate::components::ActiveCondition| {
        c.kind == ConditionKind::Bleeding
            || matches!(c.duration, Duration::SaveEnds(_) | Duration::Turns(_))
    };
    if !b
        .get::<crate::components::Conditions>(u)
        .is_some_and(|c| c.0.iter().any(matters))
    {
        return Ok(());
    }
    let conds = b
        .get::<crate::components::Conditions>(u)
        .cloned()
        .unwrap_or_default();
    for c in conds.0.iter().filter(|c| c.kind == ConditionKind::Bleeding) {
        if !b.alive(u) {
            break;
        }
        let dice = b.rules().ongoing_dice(b, u, c);
        let roll = b.dice.roll(dice)?;
        let amount = roll.total.max(0);
        let hp_after = b.hp(u) - amount;
        b.emit(Event::Damage {
            unit: u,
            source: c.source,
            roll,
            amount,
            hp_after,
        });
        b.rules().after_bleed(b, u, amount, hp_after);
    }
    for c in &conds.0 {
        let Duration::SaveEnds(dc) = c.duration else {
            continue;
        };
        if !b.alive(u) {
            break;
        }
        let roll = b.rules().save_roll(b, u, c.kind)?;
        let success = roll.total >= dc as i32;
        b.emit(Event::Save {
            unit: u,
            kind: c.kind,
            roll,
            target_number: dc as i32,
            success,
        });
        if success {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind: c.kind,
                source: None,
            });
        }
    }
    if conds
        .0
        .iter()
        .any(|c| matches!(c.duration, Duration::Turns(_)))
    {
        b.emit(Event::ConditionsTicked { unit: u });
        let expired: Vec<ConditionKind> = b
            .get::<crate::components::Conditions>(u)
            .map(|c| {
                c.0.iter()
                    .filter(|c| c.duration == Duration::Turns(0))
                    .map(|c| c.kind)
                    .collect()
            })
            .unwrap_or_default();
        for kind in expired {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind,
                source: None,
            });
        }
    }
    Ok(())
}

pub(crate) fn end_turn(b: &mut Battle) -> Result<(), ForcedFaceError> {
    let Some(u) = b.current() else { return Ok(()) };
    ongoing_effects(b, u)?;
    b.rules().turn_ending(b, u);
    b.emit(Event::TurnEnded { unit: u });
    if b.ended.is_none() {
        let next = b.turn + 1;
        begin_turn_at(b, next)?;
    }
    Ok(())
}

impl Battle {
    /// [`Battle::new`] under the given rules instead of the registry's for the level's
    /// ruleset: how a ruleset under development (or one built in a test) plays a level
    /// before it has a registry line. Outside the registry, only its own refusals keep a
    /// condition from landing ([`Battle::plays_condition`]).
    pub fn with_rules(
        rules: &'static dyn crate::rulesets::Ruleset,
        level: crate::level::Level,
        seed: u64,
        forced: Vec<u32>,
    ) -> Result<Battle, SetupError> {
        Battle::set_up(rules, Vec::new(), level, seed, forced)
    }

    /// [`Battle::with_rules`], with the conditions other rulesets claim (`foreign`: they
    /// do not land in this battle), as the registry sets a battle up.
    pub(crate) fn set_up(
        rules: &'static dyn crate::rulesets::Ruleset,
        foreign: Vec<crate::components::ConditionKind>,
        level: crate::level::Level,
        seed: u64,
        forced: Vec<u32>,
    ) -> Result<Battle, SetupError> {
        if level.units.len() > crate::battle::MAX_PLAYED_UNITS {
            return Err(SetupError::TooManyUnits {
                units: level.units.len(),
                most: crate::battle::MAX_PLAYED_UNITS,
            });
        }
        let mut dice = crate::dice::Dice::seeded(seed);
        dice.force(forced.iter().copied());
        let mut b = Battle::spawned(rules, level, seed, dice);
        b.history.forced = forced;
        b.foreign_conditions = foreign;
        start(&mut b)?;
        Ok(b)
    }
}
