//! tactical-d20's AI tactics: Trip, Charge, Assist.

use std::collections::BTreeMap;

use crate::ai::value::{SPARE_AP_GAIN, act, attack_value, odds_value, support};
use crate::battle::Battle;
use crate::components::{ConditionKind, Slot, UnitId};
use crate::engine::{Action, Command, CommonAction};
use crate::event::{AttackKind, ReactionKind};
use crate::grid::Cell;
use crate::rulesets::{AiTactics, AttackOdds, Ruleset, attack_odds_numbers};

use super::{TacticalD20, TacticalD20Action};

/// tactical-d20's [`AiTactics`].
pub struct TacticalD20Ai;

impl AiTactics for TacticalD20Ai {
    // No cell costs anything to enter beyond its threats (no hazards in this ruleset).
    fn cell_risk(&self, _b: &Battle, _u: UnitId, _c: crate::grid::Cell) -> f64 {
        0.0
    }
    // No cell carries a risk (above): the move search asks none.
    fn may_risk_cells(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // Nothing to commit on top of a reaction in this ruleset (no `commit_range` parts).
    fn commit(
        &self,
        _b: &Battle,
        _w: &crate::engine::Window,
        _kind: ReactionKind,
    ) -> Vec<crate::engine::Commit> {
        Vec::new()
    }

    // Stand up when prone; break free when restrained (or grappled).
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        if b.has(u, ConditionKind::Prone)
            && let Some(c) = act(b, u, CommonAction::StandUp.into())
        {
            return Some(c);
        }
        if b.has(u, ConditionKind::Grappled) || b.has(u, ConditionKind::Restrained) {
            return act(b, u, TacticalD20Action::BreakFree.into());
        }
        None
    }

    // Equip (pick up).
    fn pick_up(&self, b: &Battle, u: UnitId) -> Option<Command> {
        act(b, u, CommonAction::PickUp.into())
    }

    // Equip (draw), stowing what is in the way.
    fn draw(&self, b: &Battle, u: UnitId, item: usize) -> Option<Command> {
        act(b, u, CommonAction::Draw { item }.into())
    }

    // A Side Step (Quick): it provokes nothing.
    fn step_away(&self, b: &Battle, u: UnitId, to: Cell) -> Option<Command> {
        act(b, u, TacticalD20Action::Step { to }.into())
    }

    // Reaction attacks, then waited attacks and actions, then stepping aside from an
    // overrun; never a Pursuit.
    fn take(&self, _b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind> {
        [
            ReactionKind::ReactionAttack,
            ReactionKind::WaitedAttack,
            ReactionKind::WaitedAction,
            ReactionKind::StepAside,
            // An identified enemy spell: counter it (the window is offered only to one
            // who can pay for it and knows a spell of its school).
            ReactionKind::Counterspell,
        ]
        .into_iter()
        .find(|k| w.options.contains(k))
    }

    // tactical-d20 opens no choice windows: its targets choose nothing mid-command.
    fn choose(&self, _b: &Battle, _w: &crate::engine::Window) -> Option<ReactionKind> {
        None
    }

    // Trip instead of the Standard attack when the allies' blows on a prone foe are
    // worth more.
    fn before_attack(&self, b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command> {
        trip(b, u, target, plain)
    }

    // A charge, landing where it flanks if it can.
    fn close_in(
        &self,
        b: &Battle,
        u: UnitId,
        foes: &[UnitId],
        values: &BTreeMap<UnitId, f64>,
        helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        self.close_in_from(b, u, foes, values, helpers, f64::NEG_INFINITY)
    }

    // Only the charges worth at least `floor` are checked with the engine (best first:
    // the first legal one is the answer, and one worth less loses to the move anyway).
    fn close_in_from(
        &self,
        b: &Battle,
        u: UnitId,
        foes: &[UnitId],
        values: &BTreeMap<UnitId, f64>,
        helpers: &[Vec<Cell>],
        floor: f64,
    ) -> Option<(f64, Command)> {
        if b.slots(u, Slot::Standard) == 0 {
            return None;
        }
        best_charge(b, u, foes, values, helpers, floor)
    }

    // Out of every foe's reach itself, it Assists the ally in its reach that the most
    // foes threaten (+4 AC and saves) rather than Defend itself.
    // (Who threatens a cell is asked of the cell index, `Battle::threatening`: the living
    // units whose threat reaches it, the same as asking every foe, at a cost that does
    // not grow with the army.)
    fn support(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
        if threatening_foes(b, b.pos(u), foes) > 0 {
            return None;
        }
        assist(b, u, foes)
    }

    // A psion without Psionic Focus Concentrates (a Move action) when one of its spells
    // it has the SQ for would reach a foe: then it can cast with its Standard action.
    // No rule of position, nothing known about an aim beyond its targets.
    fn position_factor(&self, _b: &Battle, _u: UnitId, _c: Cell, _foe: UnitId) -> f64 {
        1.0
    }

    fn position_factor_max(&self, _b: &Battle, _u: UnitId) -> f64 {
        1.0
    }

    fn aim_cost<'a>(
        &'a self,
        _b: &'a Battle,
        _u: UnitId,
        _i: usize,
    ) -> Option<crate::ai::tactics::AimCost<'a>> {
        None
    }

    fn prepare_cast(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
        if !super::casting::psion(b, u) || b.has(u, ConditionKind::PsionicFocus) {
            return None;
        }
        let here = b.pos(u);
        let sq = b.pool(u, crate::components::Pool::SpellQuantity);
        let useful = b.abilities(u).iter().any(|a| {
            a.kind == crate::abilities::AbilityKind::Spell
                && a.order as i32 <= sq
                && a.hostile()
                && foes
                    .iter()
                    .any(|&e| b.grid().distance(here, b.pos(e)) <= a.range())
        });
        // The Move action pays (a Standard traded down would leave nothing to cast with).
        if !useful || b.slots(u, Slot::Standard) < 1 || b.slots(u, Slot::Move) < 1 {
            return None;
        }
        act(b, u, TacticalD20Action::Concentrate.into())
    }

    fn brace(&self) -> Option<Action> {
        Some(TacticalD20Action::Defend.into())
    }

    // Advances spend Move actions first, then the Standard: the Standard must survive
    // for a full attack.
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        let left = b.move_left(u);
        let speed = super::speed(b, u).max(1);
        let moves = b.slots(u, Slot::Move) as usize;
        let standard = b.slots(u, Slot::Standard) > 0;
        Box::new(move |cost| {
            let extra = cost.saturating_sub(left);
            standard && (extra.div_ceil(speed) as usize) <= moves
        })
    }
    // A charge reaches a cell 2× speed away and attacks from there with its reach
    // (`best_charge`'s candidates); none without a Standard action.
    fn close_in_range(&self, b: &Battle, u: UnitId) -> u32 {
        if b.slots(u, Slot::Standard) == 0 {
            return 0;
        }
        (2 * super::speed(b, u)).saturating_add(b.threat_reach(u).max(1))
    }
}

/// How much better a melee attack of `a` on `target` gets when `target` is prone
/// (tactical-d20: −4 AC against melee, about +20% to hit, a natural 1 still misses).
fn prone_edge(b: &Battle, a: UnitId, target: UnitId, kind: AttackKind) -> f64 {
    let Some(w) = b.best_melee(a, b.grid().distance(b.pos(a), b.pos(target))) else {
        return 0.0;
    };
    let o = attack_odds_numbers(b, a, target, w, kind);
    let prone = AttackOdds {
        hit: (o.hit + 0.2).min(0.95),
        ..o.clone()
    };
    odds_value(b, target, &prone) - odds_value(b, target, &o)
}

/// tactical-d20: a Trip (Standard action) on `target` instead of the Standard attack
/// worth `plain`, when what it is expected to bring is worth more:
/// - with the trip's chance ([`super::maneuver_chance`]): every ally in reach of the foe
///   hits it more easily, and so does this unit's own Move-slot attack; standing up
///   later provokes a reaction attack from each of them and from this unit;
/// - less, when it fails, the reaction attack the foe gets on this unit.
fn trip(b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command> {
    if b.has(target, ConditionKind::Prone)
        || b.slots(u, Slot::Standard) == 0
        || TacticalD20.next_attack_kind(b, u) != AttackKind::Normal
    {
        return None;
    }
    let pe = b.pos(target);
    let dist = b.grid().distance(b.pos(u), pe);
    b.best_melee(u, dist)?;
    let p = super::maneuver_chance(b, u, target);
    // The living allies that threaten the foe, in level order (through the cell index).
    let allies: Vec<UnitId> = b
        .threatening(pe)
        .into_iter()
        .filter(|&a| a != u && !b.enemies(u, a))
        .collect();
    let mut gain: f64 = allies
        .iter()
        .map(|&a| prone_edge(b, a, target, AttackKind::Normal))
        .sum();
    if b.slots(u, Slot::Move) > 0 {
        gain += prone_edge(b, u, target, AttackKind::Secondary);
    }
    let provoked: f64 = allies
        .iter()
        .chain(std::iter::once(&u))
        .filter_map(|&a| {
            let w = b.best_melee(a, b.grid().distance(b.pos(a), pe))?;
            Some(attack_value(b, a, target, w, AttackKind::Reaction))
        })
        .sum();
    let backlash = b
        .best_melee(target, dist)
        .map_or(0.0, |w| attack_value(b, target, u, w, AttackKind::Reaction));
    let value = p * (gain + provoked) - (1.0 - p) * backlash;
    if value <= plain + SPARE_AP_GAIN {
        return None;
    }
    act(b, u, TacticalD20Action::Trip { target }.into())
}

/// tactical-d20 Assist for the ally in `u`'s reach that the most foes threaten (the first
/// in level order on a tie), if any foe threatens one and it is not assisted already.
/// The allies looked at are the living units within `u`'s threat (`Battle::units_within`,
/// the cell index), and the foes threatening each are asked of the cell index too: the
/// same allies and counts as asking every unit, at a cost that does not grow with the army.
fn assist(b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
    let here = b.pos(u);
    let ally = b
        .units_within(here, b.threat(u))
        .into_iter()
        .filter(|&a| a != u && !b.enemies(u, a))
        .filter(|&a| !b.has(a, ConditionKind::Assisted) && b.threatens(u, b.pos(a)))
        .map(|a| (threatening_foes(b, b.pos(a), foes), std::cmp::Reverse(a), a))
        .filter(|&(threats, _, _)| threats > 0)
        .max()?
        .2;
    act(b, u, TacticalD20Action::Assist { ally }.into())
}

/// tactical-d20: the best charge and its value. Every free cell in reach of a foe, 2 to
/// 2× speed steps away, is valued (1.1 × the attack × support: +2 to hit and damage, −2
/// AC); only the best candidates are checked with the engine, best first, so the first
/// legal one is the answer. Only those worth at least `floor` are checked (`None` when
/// none of them is legal).
fn best_charge(
    b: &Battle,
    u: UnitId,
    foes: &[UnitId],
    values: &BTreeMap<UnitId, f64>,
    helpers: &[Vec<Cell>],
    floor: f64,
) -> Option<(f64, Command)> {
    let reach = b.threat_reach(u).max(1);
    let here = b.pos(u);
    let dash = 2 * super::speed(b, u);
    let grid = b.grid();
    let mut cands: Vec<(f64, UnitId, Cell)> = Vec::new();
    for (i, &e) in foes.iter().enumerate() {
        let v = values.get(&e).copied().unwrap_or(0.0);
        let pe = b.pos(e);
        for c in grid.within(pe, reach) {
            let d = grid.distance(here, c);
            if c == pe || d < 2 || d > dash || b.unit_at(c, Some(u)).is_some() {
                continue;
            }
            cands.push((1.1 * v * support(b, c, pe, &helpers[i]), e, c));
        }
    }
    // Best first; equal values keep their order (foes in order, cells row by row).
    cands.sort_by(|a, c| c.0.total_cmp(&a.0));
    cands
        .into_iter()
        .take_while(|(v, _, _)| *v >= floor)
        .filter(|(v, _, _)| *v > 0.0)
        .find_map(|(v, e, c)| {
            act(
                b,
                u,
                TacticalD20Action::Charge {
                    target: e,
                    to: Some(c),
                }
                .into(),
            )
            .map(|cmd| (v, cmd))
        })
}

/// How many of `foes` threaten `cell`: the living units [`Battle::threatening`] finds
/// there (through the cell index) that are among `foes`. The same count as asking each
/// foe [`Battle::threatens`] (a unit that threatens is alive; every foe is), without a
/// look at the foes far away.
fn threatening_foes(b: &Battle, cell: Cell, foes: &[UnitId]) -> usize {
    b.threatening(cell)
        .into_iter()
        .filter(|e| foes.contains(e))
        .count()
}
