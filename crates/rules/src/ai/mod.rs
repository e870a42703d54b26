//! The AI controller. It plays any side under any playable ruleset through the same
//! [`Command`]s and reaction answers a person gives, and it judges attacks with the one
//! odds function the window's preview uses ([`crate::rulesets::attack_odds`]). It rolls no dice and reads
//! no clock: the same battle state always gives the same command.
//!
//! A turn, one command at a time ([`decide`]):
//! 1. get up or free, as the ruleset says ([`crate::rulesets::AiTactics::recover`]:
//!    stand up when prone, break free of a grapple when held); with nothing in hand to
//!    fight with, pick up the item at its feet, draw its best stowed weapon (through the
//!    ruleset's `pick_up` and `draw`), or walk to the nearest item lying within this
//!    turn's reach;
//! 2. attack the enemy with the best value: expected damage from
//!    [`crate::rulesets::attack_odds`] plus a bonus for the chance to take it down (in
//!    flow, first a Feint or a Shove that knocks it prone when an AP is left over and
//!    the Advantage is worth it, or a Disarm instead when the foe's next blow is worth
//!    more; in tactical-d20, a Trip instead when the allies' blows on a prone foe are
//!    worth more than its own attack);
//!
//!    Before attacking, use an ability instead (a spell, a potion, a class ability, an
//!    item: [`cast`]) when its expected value is at least [`cast::CAST_MIN`] and more
//!    than the best attack's;
//! 3. otherwise (tactical-d20) charge the best target a charge reaches, landing on the
//!    flanking cell when one is free;
//! 4. otherwise move to the reachable cell with the best value: an attack from there
//!    (more when an ally flanks or gangs up on that enemy), or else closer to the enemy,
//!    less the expected damage of every reaction the path provokes and a little for the
//!    movement spent, and weighed for the interceptions its path may meet (escalation:
//!    a foe may stop it a step short and engage it instead, [`intercept`]); it stays put
//!    when no cell is better than where it stands;
//! 5. otherwise, badly wounded (a third of its HP or less) and within an enemy's reach,
//!    move without provoking (the ruleset's `step_away`: a Step) to the free neighbouring
//!    cell no enemy threatens;
//! 6. otherwise take a defensive action when an enemy is near (Defend, Total Defense;
//!    in tactical-d20, out of every foe's reach, Assist the most threatened ally in its
//!    reach instead; before bracing, a minor ability worth [`cast::MINOR_CAST_MIN`],
//!    such as a pool it grants itself, once a turn);
//! 7. end the turn.
//!
//! Reactions ([`react`]): a choice the ruleset makes (`AiTactics::choose`), else what it
//! always takes (`AiTactics::take`: reaction attacks, including those a casting provokes,
//! waited attacks, stepping aside; tactical-d20's counterspell on an identified spell);
//! defend with the option it can pay for most likely to stop the hit; never intercept for
//! an ally. The AI names no action, condition or reaction of any ruleset: those
//! decisions are the ruleset's [`crate::rulesets::AiTactics`].

use std::collections::BTreeMap;

mod candidates;
pub mod cast;
mod fallbacks;
mod helpers;
mod intercept;
mod moves;
mod risk;
mod scan;
mod small;
pub mod tactics;
pub mod value;

use candidates::{
    best_attack, best_in_hand, candidates, strike_limit, target_value, target_values,
};
use fallbacks::{disengage, rearm};
use helpers::helpers;
use moves::best_move;
#[doc(hidden)]
pub use scan::set_exhaustive_moves;
use small::{FoeList, Small};
pub use tactics::{AiTactics, AimCost};
pub use value::{KILL_BONUS, attack_value};
use value::{act, legal};

use crate::battle::{Battle, Status};
use crate::components::{UnitId, WeaponKind};
use crate::engine::{Action, Command};
use crate::event::{AttackKind, ReactionKind};
use crate::grid::Cell;

/// How much better (in HP) a cell must be than the current one to move.
const MOVE_MARGIN: f64 = 0.05;

/// The AI's next command in the battle's current state: the acting unit's command, or the
/// reactor's answer. `None` once the battle is over.
pub fn decide(b: &Battle) -> Option<Command> {
    decide_with(b, tactics(b))
}

/// [`decide`] with the given tactics instead of the registry's for the battle's
/// ruleset (a ruleset built outside the registry, as a test's).
pub fn decide_with(b: &Battle, t: &dyn AiTactics) -> Option<Command> {
    match b.status() {
        Status::Turn(u) => Some(turn(b, u, t)),
        Status::AwaitingReaction(r) => {
            let choice = react_with(b, t);
            let commits = match (choice, b.window()) {
                (Some(k), Some(w)) => t.commit(b, w, k),
                _ => Vec::new(),
            };
            Some(Command::React {
                unit: r,
                choice,
                commit: 0,
                commits,
            })
        }
        Status::Ended(_) => None,
    }
}

/// The registry's tactics for the battle's ruleset, or none at all ([`NoTactics`]) for a
/// ruleset outside the registry.
fn tactics(b: &Battle) -> &'static dyn AiTactics {
    crate::rulesets::tactics_of(b).unwrap_or(&NoTactics)
}

/// Tactics that add nothing to the shared AI: every answer is `None` (no special moves,
/// no bracing) and an attack is always left after moving. What [`decide`] uses for a
/// ruleset that has no registry line and was given no tactics.
pub struct NoTactics;

impl AiTactics for NoTactics {
    // No cell costs anything to enter beyond its threats (no hazards in this ruleset).
    fn cell_risk(&self, _b: &Battle, _u: UnitId, _c: crate::grid::Cell) -> f64 {
        0.0
    }

    fn recover(&self, _: &Battle, _: UnitId) -> Option<Command> {
        None
    }
    fn pick_up(&self, _: &Battle, _: UnitId) -> Option<Command> {
        None
    }
    fn draw(&self, _: &Battle, _: UnitId, _: usize) -> Option<Command> {
        None
    }
    fn step_away(&self, _: &Battle, _: UnitId, _: Cell) -> Option<Command> {
        None
    }
    fn take(&self, _: &Battle, _: &crate::engine::Window) -> Option<ReactionKind> {
        None
    }
    fn before_attack(&self, _: &Battle, _: UnitId, _: UnitId, _: f64) -> Option<Command> {
        None
    }
    fn close_in(
        &self,
        _: &Battle,
        _: UnitId,
        _: &[UnitId],
        _: &BTreeMap<UnitId, f64>,
        _: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        None
    }
    fn support(&self, _: &Battle, _: UnitId, _: &[UnitId]) -> Option<Command> {
        None
    }
    fn brace(&self) -> Option<Action> {
        None
    }
    fn attack_after_move(&self, _: &Battle, _: UnitId) -> Box<dyn Fn(u32) -> bool> {
        Box::new(|_| true)
    }
    fn choose(&self, _: &Battle, _: &crate::engine::Window) -> Option<ReactionKind> {
        None
    }
    fn prepare_cast(&self, _: &Battle, _: UnitId, _: &[UnitId]) -> Option<Command> {
        None
    }
    fn position_factor(&self, _: &Battle, _: UnitId, _: Cell, _: UnitId) -> f64 {
        1.0
    }
    fn position_factor_max(&self, _: &Battle, _: UnitId) -> f64 {
        1.0
    }
    fn aim_cost<'a>(&'a self, _: &'a Battle, _: UnitId, _: usize) -> Option<tactics::AimCost<'a>> {
        None
    }
    fn commit(
        &self,
        _: &Battle,
        _: &crate::engine::Window,
        _: ReactionKind,
    ) -> Vec<crate::engine::Commit> {
        Vec::new()
    }
}

/// The answer to the open reaction window: take attacks and stepping aside, defend with the
/// best chance to stop the hit, never intercept.
pub fn react(b: &Battle) -> Option<ReactionKind> {
    react_with(b, tactics(b))
}

/// [`react`] with the given tactics (see [`decide_with`]).
pub fn react_with(b: &Battle, t: &dyn AiTactics) -> Option<ReactionKind> {
    let w = b.window()?;
    let rules = b.rules();
    if let Some(k) = t.choose(b, w) {
        return Some(k);
    }
    if let Some(k) = t.take(b, w) {
        return Some(k);
    }
    let hit = w.hit.as_ref()?;
    if w.reactor != hit.target {
        return None;
    }
    // Only a defence the reactor can pay for (flow offers a Riposte, 2 RP, only then).
    w.options
        .iter()
        .copied()
        .filter(|k| b.affords(w.reactor, &rules.reaction_cost(b, &w.trigger, *k)))
        .max_by(|a, c| {
            rules
                .defence_chance(b, w.reactor, hit, *a)
                .total_cmp(&rules.defence_chance(b, w.reactor, hit, *c))
        })
}

/// The foes `u` knows of: a hidden foe ([`Battle::hidden`]: undetected by its foes) is
/// neither attacked nor sought out.
/// `u`'s foes ([`Battle::visible_foes`]: living, of another side, not hidden), in level
/// order, and each one's distance from `u`, worked out once for the whole decision.
fn foes(b: &Battle, u: UnitId) -> (FoeList<UnitId>, FoeList<u32>) {
    let (grid, here) = (b.grid(), b.pos(u));
    // Sized for every unit at once: the filter gives no size hint, and growing two
    // lists push by push cost more than the spare room. (Plain lists, not in place:
    // filled through [`Small`], the pushes cost more at 200 a side than the two
    // allocations it saves in a small battle.)
    let n = b.units().size_hint().0;
    let (mut foes, mut dist) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for (e, pe) in b.visible_foes(u) {
        foes.push(e);
        dist.push(grid.distance(here, pe));
    }
    (Small::Heap(foes), Small::Heap(dist))
}

/// The command for the unit whose turn it is.
fn turn(b: &Battle, u: UnitId, tactics: &dyn AiTactics) -> Command {
    let end = Command::EndTurn { unit: u };
    if let Some(c) = tactics.recover(b, u) {
        return c;
    }
    let (foes, dist) = foes(b, u);
    if foes.is_empty() {
        return end;
    }
    // Its reach and range, looked up once for the whole decision.
    let (reach, range) = reach_and_range(b, u);
    if let Some(c) = rearm(b, u, tactics, (reach, range)) {
        return c;
    }
    // 2. The best attack from here. The weapon each foe would be attacked with now
    // (none: out of reach) is looked up once; only those get a full check.
    let kind = b.rules().next_attack_kind(b, u);
    // Without a ranged weapon in hand, a foe beyond melee reach cannot be attacked:
    // no need to ask (most foes, most of the time).
    // Nor is a foe farther than any of its weapons strikes (the ruleset's range
    // increments): `weapon_for` would only say so after a line-of-sight walk.
    let strike = strike_limit(b, u);
    // Every attack value this decision works out, asked once.
    let memo = candidates::Values::new(b, u, tactics);
    // A unit the ruleset says cannot attack anyone now (flow: out of AP) weighs no foe
    // for an attack: the move step asks the near ones' weapons when it needs them.
    let (weapons, best_attack) = if tactics.may_attack(b, u) {
        best_attack(
            b,
            u,
            (&foes[..], &dist[..]),
            kind,
            strike,
            (reach, range),
            &memo,
            tactics,
        )
    } else {
        (Small::filled(None, foes.len()), None)
    };
    // An ability (a spell, a potion, a class ability, an item) when it is worth more
    // than the best attack, or at least `CAST_MIN` when there is no attack to make.
    // What a spell needs first (a psion's Psionic Focus), when one is worth it.
    if let Some(c) = tactics.prepare_cast(b, u, &foes) {
        return c;
    }
    // (None without asking when the ruleset says no ability may be used now.)
    let best_cast = if tactics.may_cast(b, u) {
        cast::best_cast_among(b, u, (&foes[..], &dist[..]), tactics)
    } else {
        None
    };
    if let Some((cv, c)) = &best_cast {
        let attack = best_attack.as_ref().map_or(0.0, |(v, _)| *v);
        if *cv >= cast::CAST_MIN && *cv > attack {
            return c.clone();
        }
    }
    // Tertiary attacks (−10) are taken only when they have a fair chance.
    if let Some((v, cmd)) = best_attack
        && (kind != AttackKind::Tertiary || v >= 1.0)
    {
        // flow: feint or shove prone first when it costs no attack this turn and is
        // worth it; tactical-d20: trip instead of the Standard attack when the allies'
        // blows on a prone foe are worth more.
        if let Command::Attack { target, .. } = cmd
            && let Some(first) = tactics.before_attack(b, u, target, v)
        {
            return first;
        }
        return cmd;
    }
    // A unit with no movement left has a field of its own cell alone (every step costs at
    // least 1): the move step answers "stay" and, with a gap closer that reaches no foe
    // (`close_in_range` 0: `close_in` never answers), so does the gap closer; neither
    // the foes' values nor their helpers are worked out then (most of an End Turn
    // decision after the last move). Not under the tests' exhaustive switch, which holds
    // the two to the same choices.
    let stays =
        !scan::exhaustive() && tactics.close_in_range(b, u) == 0 && b.movement_budget(u) == 0;
    if !stays {
        let here = b.pos(u);
        // Only the foes a move or the ruleset's gap closer can matter for are valued
        // ([`candidates`]): the same choices, at a cost that does not grow with the army.
        // A foe the attack step left unasked (its bound lost) is asked now if it is near.
        // (A foe farther than `strike`, or than `reach` without a ranged weapon, is struck
        // by none: [`best_attack`] leaves it unasked.)
        // Within its reach, the best melee weapon that reaches the foe is
        // [`Battle::usable_weapon`]'s answer, asked without its positions and distance
        // (already known); with none, `usable_weapon` looks further, as ever. (Not
        // under the tests' exhaustive switch, which asks `usable_weapon`.)
        let weapon = |k: usize| {
            weapons[k].unwrap_or_else(|| {
                let (e, d) = (foes[k], dist[k]);
                if (range == 0 && d > reach) || d > strike {
                    None
                } else if d <= reach && !scan::exhaustive() {
                    let w = b.best_melee(u, d).or_else(|| b.usable_weapon(u, e));
                    debug_assert_eq!(w, b.usable_weapon(u, e));
                    w
                } else {
                    b.usable_weapon(u, e)
                }
            })
        };
        let near = candidates(
            b,
            u,
            (&foes[..], &dist[..]),
            &weapon,
            tactics,
            (reach, range),
        );
        let best = best_in_hand(b, u);
        let values = target_values(b, &memo, &near.valued, &near.weapons, best);
        let helpers = helpers(b, u, &near.valued);
        // 4. A better cell (rather than a charge when it is worth more, e.g. flanking).
        // An interceptor (escalation) may come from farther than the candidates: its value
        // is worked out when asked, as `target_values` would have.
        let value_of = |e: UnitId| -> f64 {
            if !foes.contains(&e) {
                return 0.1;
            }
            let w = if range == 0 && b.grid().distance(here, b.pos(e)) > reach {
                None
            } else {
                b.usable_weapon(u, e)
            };
            target_value(b, &memo, e, w, best).unwrap_or(0.1)
        };
        let step = best_move(b, u, &near, &values, &value_of, &helpers, tactics);
        // 3. tactical-d20: a charge, landing where it flanks if it can; asked after the move
        // (neither depends on the other) only for one worth at least the move, which a
        // charge worth less loses to.
        let floor = step.as_ref().map_or(f64::NEG_INFINITY, |(mv, _)| *mv);
        let charge = tactics.close_in_from(b, u, &near.valued, &values, &helpers, floor);
        match (charge, step) {
            (Some((cv, c)), Some((mv, m))) => return if mv > cv { m } else { c },
            (Some((_, c)), None) | (None, Some((_, c))) => return c,
            (None, None) => {}
        }
    }
    // 5. Badly wounded and within an enemy's reach: step out of it (a Step provokes
    // nothing) before bracing.
    if let Some(c) = disengage(b, u, &foes, tactics) {
        return c;
    }
    // 6. Brace when an enemy is near.
    let near = dist.iter().any(|&d| d <= 8);
    if near {
        // The ruleset's support for an ally first (tactical-d20: Assist, out of every
        // foe's reach), then its defensive action.
        if let Some(c) = tactics.support(b, u, &foes) {
            return c;
        }
        // A minor ability (a pool it grants itself) rather than bracing.
        if let Some((cv, c)) = best_cast
            && cv >= cast::MINOR_CAST_MIN
        {
            return c;
        }
        if let Some(c) = tactics.brace().and_then(|a| act(b, u, a)) {
            return c;
        }
    }
    end
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

/// What to submit when a command is refused, so the battle never stalls: end the turn,
/// or decline the reaction.
pub fn fallback(b: &Battle) -> Option<Command> {
    match b.status() {
        Status::Turn(u) => Some(Command::EndTurn { unit: u }),
        Status::AwaitingReaction(r) => Some(Command::React {
            unit: r,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        }),
        Status::Ended(_) => None,
    }
}

/// Most commands the AI gives in one turn of one unit (its reaction answers aside);
/// past it the turn is ended as a stuck turn (see [`Guard`]). No legal turn comes
/// near it: a turn is a few actions and moves.
pub const MAX_TURN_COMMANDS: usize = 200;

/// Why [`Guard`] ended a turn (or declined a reaction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// The command was accepted and added no event: nothing changed, so the AI would
    /// give it again forever.
    NoProgress,
    /// The unit's turn took more than [`MAX_TURN_COMMANDS`] commands.
    TooLong,
}

/// Keeps the AI from spinning on a turn that makes no progress. [`Guard::play`] submits
/// the AI's commands; when one is accepted but adds no event to the log, or a unit's
/// turn has taken more than [`MAX_TURN_COMMANDS`] commands, it ends the turn (or
/// declines the reaction) with [`fallback`] and records a stuck turn. A stuck turn is a
/// rules or AI bug: `sim` counts them and `soak` reports each as a violation. Keep one
/// guard for a whole battle when submitting a command at a time.
#[derive(Clone, Default)]
pub struct Guard {
    /// The tactics it plays with (`None`: the registry's for the battle's ruleset).
    tactics: Option<&'static dyn AiTactics>,
    /// The turn being counted: (round, unit).
    turn: Option<(u32, UnitId)>,
    /// Commands accepted in it so far.
    commands: usize,
    /// The stuck turns so far, one line each.
    stuck: Vec<String>,
}

impl Guard {
    /// A guard with nothing counted.
    pub fn new() -> Guard {
        Guard::default()
    }

    /// A guard that plays with the given tactics (a ruleset outside the registry).
    pub fn with_tactics(tactics: &'static dyn AiTactics) -> Guard {
        Guard {
            tactics: Some(tactics),
            ..Guard::default()
        }
    }

    /// The stuck turns so far, one line each ("round 2: Ann's Break Free was accepted
    /// and changed nothing; its turn was ended").
    pub fn stuck(&self) -> &[String] {
        &self.stuck
    }

    /// Count an accepted command that added `events` to the log, given in the turn
    /// `turn` (round, unit), or `None` for a reaction's answer. `Some` when the turn
    /// (or the reaction) must be ended now.
    pub fn record(&mut self, turn: Option<(u32, UnitId)>, events: usize) -> Option<Stuck> {
        if let Some(key) = turn {
            if self.turn != Some(key) {
                self.turn = Some(key);
                self.commands = 0;
            }
            self.commands += 1;
        }
        if events == 0 {
            Some(Stuck::NoProgress)
        } else if turn.is_some() && self.commands > MAX_TURN_COMMANDS {
            Some(Stuck::TooLong)
        } else {
            None
        }
    }

    /// Play like [`play_while`], through this guard.
    pub fn play(
        &mut self,
        b: &mut Battle,
        max_commands: usize,
        ai: impl Fn(crate::components::SideId) -> bool,
    ) -> usize {
        let mut n = 0;
        while n < max_commands {
            let (decider, turn) = match b.status() {
                Status::Turn(u) => (u, Some((b.round(), u))),
                Status::AwaitingReaction(u) => (u, None),
                Status::Ended(_) => break,
            };
            if !ai(b.side(decider)) {
                break;
            }
            let t = self.tactics.unwrap_or_else(|| tactics(b));
            let Some(cmd) = decide_with(b, t) else { break };
            n += 1;
            let what = describe(&cmd);
            let stuck = match b.submit(cmd) {
                Ok(events) => self.record(turn, events),
                Err(_) => {
                    // Refused (an AI bug): end the turn or decline, as ever.
                    let Some(f) = fallback(b) else { break };
                    if b.submit(f).is_err() {
                        break;
                    }
                    continue;
                }
            };
            let Some(why) = stuck else { continue };
            let Some(f) = fallback(b) else { break };
            let ended = match f {
                Command::EndTurn { .. } => "its turn was ended",
                _ => "the reaction was declined",
            };
            self.stuck.push(match why {
                Stuck::NoProgress => format!(
                    "round {}: {}{what} was accepted and changed nothing; {ended}",
                    b.round(),
                    b.name(decider)
                ),
                Stuck::TooLong => format!(
                    "round {}: {}'s turn took more than {MAX_TURN_COMMANDS} commands; {ended}",
                    b.round(),
                    b.name(decider)
                ),
            });
            if b.submit(f).is_err() {
                break;
            }
        }
        n
    }
}

/// A command in a few words, for [`Guard`]'s lines ("'s Break Free", "'s answer"): kept
/// as plain data for every command, written out only for a stuck turn's line.
#[derive(Clone, Copy)]
enum Said {
    Act(&'static str),
    Move(Cell),
    Attack,
    EndTurn,
    React,
}

fn describe(cmd: &Command) -> Said {
    match cmd {
        Command::Act { action, .. } => Said::Act(action.name()),
        Command::Move { to, .. } => Said::Move(*to),
        Command::Attack { .. } => Said::Attack,
        Command::EndTurn { .. } => Said::EndTurn,
        Command::React { .. } => Said::React,
    }
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Said::Act(name) => write!(f, "'s {name}"),
            Said::Move(to) => write!(f, "'s move to {to}"),
            Said::Attack => f.write_str("'s attack"),
            Said::EndTurn => f.write_str("'s End Turn"),
            Said::React => f.write_str("'s answer to the reaction"),
        }
    }
}

/// Play the battle with the AI on every side until it ends or `max_commands` commands
/// have gone in. A command the engine refuses (which would be an AI bug) ends the turn
/// instead, so the battle always moves on. Returns the number of commands submitted.
pub fn play_out(b: &mut Battle, max_commands: usize) -> usize {
    play_while(b, max_commands, |_| true)
}

/// [`play_out`] with the given tactics (see [`decide_with`]).
pub fn play_out_with(
    b: &mut Battle,
    tactics: &'static dyn AiTactics,
    max_commands: usize,
) -> usize {
    Guard::with_tactics(tactics).play(b, max_commands, |_| true)
}

/// Like [`play_out`], but only while `ai(side of the deciding unit)` is true. A turn that
/// makes no progress is ended (see [`Guard`]).
pub fn play_while(
    b: &mut Battle,
    max_commands: usize,
    ai: impl Fn(crate::components::SideId) -> bool,
) -> usize {
    Guard::new().play(b, max_commands, ai)
}

#[cfg(test)]
mod said_tests {
    use super::*;
    use crate::vocab::{CastAt, CommonAction};

    /// A stuck turn's words for each kind of command read as they always have.
    #[test]
    fn a_command_in_a_few_words() {
        let u = UnitId(2);
        let to = Cell::new(3, 4);
        let action = Action::Common(CommonAction::Cast {
            ability: 0,
            at: CastAt::User,
        });
        let cases = [
            (Command::Move { unit: u, to }, format!("'s move to {to}")),
            (
                Command::Act {
                    unit: u,
                    action: action.clone(),
                },
                format!("'s {}", action.name()),
            ),
            (
                Command::Attack {
                    unit: u,
                    target: UnitId(5),
                    weapon: None,
                    slot: None,
                    aim: None,
                },
                "'s attack".to_string(),
            ),
            (Command::EndTurn { unit: u }, "'s End Turn".to_string()),
        ];
        for (cmd, words) in cases {
            assert_eq!(describe(&cmd).to_string(), words, "{cmd:?}");
        }
        assert_eq!(format!("{}", Said::React), "'s answer to the reaction");
    }
}
