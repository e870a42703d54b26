//! The AI controller. It plays any side under any playable ruleset through the same
//! [`Command`]s and reaction answers a person gives, and it judges attacks with the one
//! odds function the window's preview uses ([`attack_odds`]). It rolls no dice and reads
//! no clock: the same battle state always gives the same command.
//!
//! A turn, one command at a time ([`decide`]):
//! 1. stand up when prone (and break free of a grapple when held);
//! 2. attack the enemy with the best value: expected damage from [`attack_odds`] plus a
//!    bonus for the chance to take it down;
//! 3. otherwise (tactical-d20) charge the best target a charge reaches, landing on the
//!    flanking cell when one is free;
//! 4. otherwise move to the reachable cell with the best value: an attack from there
//!    (more when an ally flanks or gangs up on that enemy), or else closer to the enemy,
//!    less the expected damage of every reaction the path provokes and a little for the
//!    movement spent; it stays put when no cell is better than where it stands;
//! 5. otherwise take a defensive action when an enemy is near (Defend, Total Defense);
//! 6. end the turn.
//!
//! Reactions ([`react`]): always take reaction attacks, waited attacks and stepping aside;
//! defend with the option most likely to stop the hit; never intercept for an ally.

use std::collections::BTreeMap;

use crate::battle::{Battle, Status};
use crate::components::{ConditionKind, Slot, UnitId, WeaponKind};
use crate::engine::{Action, Command};
use crate::event::{AttackKind, ReactionKind};
use crate::grid::{Cell, path_from_field};
use crate::rulesets::{RulesetId, attack_odds, flow, tactical_d20, tactical_d20_actions as td};

/// Value of a certain kill, in HP of expected damage.
const KILL_BONUS: f64 = 6.0;
/// How much better (in HP) a cell must be than the current one to move.
const MOVE_MARGIN: f64 = 0.05;

/// The AI's next command in the battle's current state: the acting unit's command, or the
/// reactor's answer. `None` once the battle is over.
pub fn decide(b: &Battle) -> Option<Command> {
    match b.status() {
        Status::Turn(u) => Some(turn(b, u)),
        Status::AwaitingReaction(r) => Some(Command::React {
            unit: r,
            choice: react(b),
        }),
        Status::Ended(_) => None,
    }
}

/// The answer to the open reaction window: take attacks and stepping aside, defend with the
/// best chance to stop the hit, never intercept.
pub fn react(b: &Battle) -> Option<ReactionKind> {
    let w = b.window()?;
    for k in [
        ReactionKind::ReactionAttack,
        ReactionKind::WaitedAttack,
        ReactionKind::StepAside,
    ] {
        if w.options.contains(&k) {
            return Some(k);
        }
    }
    let hit = w.hit.as_ref()?;
    if w.reactor != hit.target {
        return None;
    }
    w.options
        .iter()
        .copied()
        .filter(|k| *k != ReactionKind::Riposte || b.rp(w.reactor) >= 2)
        .max_by(|a, c| {
            flow::defence_chance(b, w.reactor, hit, *a)
                .total_cmp(&flow::defence_chance(b, w.reactor, hit, *c))
        })
}

/// Expected value of `attacker` attacking `target` now with `weapon`: the mean damage
/// (crits included) plus [`KILL_BONUS`] times the chance to bring it to 0 HP.
pub fn attack_value(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> f64 {
    let o = attack_odds(b, attacker, target, weapon, kind);
    let mean = |(lo, hi): (i32, i32)| f64::from(lo + hi) / 2.0;
    let plain = (o.hit - o.crit).max(0.0);
    let mut ev = plain * mean(o.damage) + o.crit * mean(o.crit_damage);
    // The chance that a hit is enough to drop it (damage uniform over its range).
    let hp = b.hp(target);
    let drop = |(lo, hi): (i32, i32)| {
        if hi < hp {
            0.0
        } else if lo >= hp {
            1.0
        } else {
            f64::from(hi - hp + 1) / f64::from(hi - lo + 1)
        }
    };
    ev += KILL_BONUS * (plain * drop(o.damage) + o.crit * drop(o.crit_damage));
    if o.defences && b.rp(target) > 0 {
        // flow: the target may still dodge, parry or block.
        ev *= 0.7;
    }
    ev
}

/// The kind of attack clicking an enemy would make now (tactical-d20: by the slot).
fn attack_kind(b: &Battle, u: UnitId) -> AttackKind {
    if b.ruleset() == RulesetId::TacticalD20 {
        td::attack_payer(b, u, None)
            .map(|(_, s)| tactical_d20::attack_kind(s))
            .unwrap_or(AttackKind::Normal)
    } else {
        AttackKind::Normal
    }
}

fn legal(b: &Battle, c: Command) -> Option<Command> {
    b.check(&c).is_ok().then_some(c)
}

fn act(b: &Battle, unit: UnitId, action: Action) -> Option<Command> {
    legal(b, Command::Act { unit, action })
}

fn foes(b: &Battle, u: UnitId) -> Vec<UnitId> {
    b.units()
        .filter(|&e| b.alive(e) && b.enemies(u, e))
        .collect()
}

/// The command for the unit whose turn it is.
fn turn(b: &Battle, u: UnitId) -> Command {
    let end = Command::EndTurn { unit: u };
    if b.has(u, ConditionKind::Prone)
        && let Some(c) = act(b, u, Action::StandUp)
    {
        return c;
    }
    if (b.has(u, ConditionKind::Grappled) || b.has(u, ConditionKind::Restrained))
        && let Some(c) = act(b, u, Action::BreakFree)
    {
        return c;
    }
    let foes = foes(b, u);
    if foes.is_empty() {
        return end;
    }
    // 2. The best attack from here.
    let kind = attack_kind(b, u);
    let best_attack = foes
        .iter()
        .filter_map(|&e| {
            let cmd = legal(
                b,
                Command::Attack {
                    unit: u,
                    target: e,
                    weapon: None,
                    slot: None,
                },
            )?;
            let w = b.weapon_for(u, e, None).ok()?;
            Some((attack_value(b, u, e, w, kind), cmd))
        })
        .max_by(|a, c| a.0.total_cmp(&c.0));
    // Tertiary attacks (−10) are taken only when they have a fair chance.
    if let Some((v, cmd)) = best_attack
        && (kind != AttackKind::Tertiary || v >= 1.0)
    {
        return cmd;
    }
    let values = target_values(b, u, &foes);
    // 3. tactical-d20: a charge, landing where it flanks if it can.
    let mut charge = None;
    if b.ruleset() == RulesetId::TacticalD20 && b.slots(u, Slot::Standard) > 0 {
        let reach = b.threat_reach(u).max(1);
        let mut best: Option<(f64, Command)> = None;
        for &e in &foes {
            let v = values.get(&e).copied().unwrap_or(0.0);
            for c in b.grid().within(b.pos(e), reach) {
                if c == b.pos(e) || b.unit_at(c, Some(u)).is_some() {
                    continue;
                }
                let Some(cmd) = act(
                    b,
                    u,
                    Action::Charge {
                        target: e,
                        to: Some(c),
                    },
                ) else {
                    continue;
                };
                // +2 to hit and damage, −2 AC: a little better than a plain attack.
                let value = 1.1 * v * support(b, u, c, e);
                if best.as_ref().is_none_or(|(bv, _)| value > *bv) {
                    best = Some((value, cmd));
                }
            }
        }
        charge = best.filter(|(v, _)| *v > 0.0);
    }
    // 4. A better cell (rather than a charge when it is worth more, e.g. flanking).
    let step = best_move(b, u, &foes, &values);
    match (charge, step) {
        (Some((cv, c)), Some((mv, m))) => return if mv > cv { m } else { c },
        (Some((_, c)), None) | (None, Some((_, c))) => return c,
        (None, None) => {}
    }
    // 5. Brace when an enemy is near.
    let near = foes
        .iter()
        .any(|&e| b.grid().distance(b.pos(u), b.pos(e)) <= 8);
    if near {
        let brace = match b.ruleset() {
            RulesetId::TacticalD20 => Action::Defend,
            _ => Action::TotalDefense,
        };
        if let Some(c) = act(b, u, brace) {
            return c;
        }
    }
    end
}

/// What attacking each foe is worth to `u` (at the current positions, with the weapon it
/// would use; a foe out of reach is judged with its best weapon in hand).
fn target_values(b: &Battle, u: UnitId, foes: &[UnitId]) -> BTreeMap<UnitId, f64> {
    let best = (0..b.weapons(u).len())
        .filter(|&i| b.in_hand(u, i))
        .max_by_key(|&i| {
            let d = b.weapons(u)[i].damage;
            (d.max() + d.min(), std::cmp::Reverse(i))
        });
    foes.iter()
        .filter_map(|&e| {
            let w = b.weapon_for(u, e, None).ok().or(best)?;
            Some((e, attack_value(b, u, e, w, AttackKind::Normal).max(0.1)))
        })
        .collect()
}

/// How much allies add to `u` attacking foe `e` in melee from `c`: ×1.35 when an ally in
/// the exactly opposite cell threatens it (tactical-d20 flanking), +0.1 for each ally
/// that threatens it (flow's gang-up).
fn support(b: &Battle, u: UnitId, c: Cell, e: UnitId) -> f64 {
    let pe = b.pos(e);
    let opposite = b.grid().opposite(c, pe);
    let mut flank = false;
    let mut gang = 0.0;
    for a in b.units() {
        if a == u || !b.alive(a) || b.enemies(u, a) || !b.threatens(a, pe) {
            continue;
        }
        gang += 0.1;
        flank |= b.pos(a) == opposite;
    }
    1.0 + gang + if flank { 0.35 } else { 0.0 }
}

/// Reach of `u`'s melee and range of its ranged weapons in hand (0: none).
fn reach_and_range(b: &Battle, u: UnitId) -> (u32, u32) {
    let range = (0..b.weapons(u).len())
        .filter(|&i| b.in_hand(u, i) && b.weapons(u)[i].kind == WeaponKind::Ranged)
        .map(|i| b.weapons(u)[i].range)
        .max()
        .unwrap_or(0);
    (b.threat_reach(u), range)
}

/// The cell worth moving to and its value, if any is better than standing still.
fn best_move(
    b: &Battle,
    u: UnitId,
    foes: &[UnitId],
    values: &BTreeMap<UnitId, f64>,
) -> Option<(f64, Command)> {
    let here = b.pos(u);
    let field = b.reachable(u);
    if field.len() <= 1 {
        return None;
    }
    let (reach, range) = reach_and_range(b, u);
    let grid = b.grid();
    // The value of standing on `c`, ignoring how it is reached.
    let stand = |c: Cell, attack_now: bool| -> f64 {
        let mut best: Option<f64> = None;
        for &e in foes {
            let pe = b.pos(e);
            let d = grid.distance(c, pe);
            let melee = reach > 0 && d >= 1 && d <= reach;
            let shot = range > 0 && d >= 1 && d <= range && b.clear_line(c, pe);
            if !(melee || shot) {
                continue;
            }
            let mut v = values.get(&e).copied().unwrap_or(0.1);
            if melee {
                v *= support(b, u, c, e);
            }
            if !attack_now {
                v *= 0.6;
            }
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
        match best {
            Some(v) => v,
            // Out of reach of everyone: closer is better (well below any attack).
            None => {
                let nearest = foes
                    .iter()
                    .map(|&e| grid.distance(c, b.pos(e)))
                    .min()
                    .unwrap_or(0);
                -0.05 * f64::from(nearest)
            }
        }
    };
    let mut provoke: BTreeMap<Cell, f64> = BTreeMap::new();
    let mut provoke_cost = |from: Cell| -> f64 {
        *provoke.entry(from).or_insert_with(|| {
            b.leave_reactors(u, from)
                .into_iter()
                .filter_map(|r| {
                    let w = b.best_melee(r, grid.distance(b.pos(r), from))?;
                    Some(attack_value(b, r, u, w, AttackKind::Reaction))
                })
                .sum()
        })
    };
    let current = stand(here, true);
    let occupied = b.occupancy(Some(u));
    let mut best: Option<(f64, Cell)> = None;
    for (&c, &(cost, _)) in &field {
        if c == here || occupied.contains_key(&c) || !b.terrain(c).standable() {
            continue;
        }
        let Some((path, _)) = path_from_field(&field, here, c) else {
            continue;
        };
        let risk: f64 = path[..path.len() - 1]
            .iter()
            .map(|&p| provoke_cost(p))
            .sum();
        let v = stand(c, attack_after_move(b, u, cost)) - risk - 0.01 * f64::from(cost);
        if best.is_none_or(|(bv, _)| v > bv) {
            best = Some((v, c));
        }
    }
    let (v, to) = best?;
    if v <= current + MOVE_MARGIN {
        return None;
    }
    legal(b, Command::Move { unit: u, to }).map(|c| (v, c))
}

/// Will `u` still have what an attack costs after moving `cost`?
fn attack_after_move(b: &Battle, u: UnitId, cost: u32) -> bool {
    let left = b.turn_state(u).move_left;
    let extra = cost.saturating_sub(left);
    match b.ruleset() {
        RulesetId::TacticalD20 => {
            let speed = td::speed(b, u).max(1);
            let advances = extra.div_ceil(speed) as usize;
            // Advances spend Move actions first, then the Standard: the Standard must
            // survive for a full attack.
            let moves = b.slots(u, Slot::Move) as usize;
            b.slots(u, Slot::Standard) > 0 && advances <= moves
        }
        _ => {
            let ap = extra.div_ceil(flow::MOVE_PER_AP) as i32;
            b.ap(u) - ap >= flow::ATTACK_AP
        }
    }
}

/// What to submit when a command is refused, so the battle never stalls: end the turn,
/// or decline the reaction.
pub fn fallback(b: &Battle) -> Option<Command> {
    match b.status() {
        Status::Turn(u) => Some(Command::EndTurn { unit: u }),
        Status::AwaitingReaction(r) => Some(Command::React {
            unit: r,
            choice: None,
        }),
        Status::Ended(_) => None,
    }
}

/// Play the battle with the AI on every side until it ends or `max_commands` commands
/// have gone in. A command the engine refuses (which would be an AI bug) ends the turn
/// instead, so the battle always moves on. Returns the number of commands submitted.
pub fn play_out(b: &mut Battle, max_commands: usize) -> usize {
    play_while(b, max_commands, |_| true)
}

/// Like [`play_out`], but only while `ai(side of the deciding unit)` is true.
pub fn play_while(
    b: &mut Battle,
    max_commands: usize,
    ai: impl Fn(crate::components::SideId) -> bool,
) -> usize {
    let mut n = 0;
    // The same unit's turn may not last forever: at most this many commands.
    let mut streak = (None, 0usize);
    while n < max_commands {
        let decider = match b.status() {
            Status::Turn(u) | Status::AwaitingReaction(u) => u,
            Status::Ended(_) => break,
        };
        if !ai(b.side(decider)) {
            break;
        }
        let Some(mut cmd) = decide(b) else { break };
        if let Status::Turn(u) = b.status() {
            streak = if streak.0 == Some(u) {
                (Some(u), streak.1 + 1)
            } else {
                (Some(u), 1)
            };
            if streak.1 > 40 {
                cmd = Command::EndTurn { unit: u };
            }
        }
        n += 1;
        if b.submit(cmd).is_err() {
            let Some(f) = fallback(b) else { break };
            if b.submit(f).is_err() {
                break;
            }
        }
    }
    n
}
