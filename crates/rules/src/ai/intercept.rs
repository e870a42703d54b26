//! The AI's weighing of interceptions on a move (escalation's Intercept: a Free foe stops
//! the move one step short of the ally it guards and engages the mover).
//!
//! A destination is worth what standing there is worth ([`crate::ai`]'s `stand`) only if
//! the move gets there. Along the path the move takes ([`crate::grid::Field::path_to`],
//! the engine's own path), [`Battle::interceptions_along`] names every step where a foe
//! may intercept. Each is taken with [`INTERCEPT_TAKEN`] (the rules let the foe decline;
//! the AI takes every one it may, a person may not); a taken one leaves the mover on the
//! cell it was stepping from, engaged with the interceptor: worth attacking the
//! interceptor from there (×0.6 when the move used up the action to attack with), less
//! half the interceptor's own blow on the mover (it is pinned next to a foe it did not
//! choose), less the reactions provoked on the way and the movement spent, as any cell.
//! The destination's value is the mix of those outcomes, never more than its value
//! unintercepted, less [`INTERCEPT_COST`] for each interception possible, so a route free
//! of them wins when one is as good.

use std::cell::RefCell;
use std::collections::BTreeMap;

use crate::ai::attack_value;
use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::Interception;
use crate::event::AttackKind;
use crate::grid::{Cell, Field};

/// The chance the AI gives a foe to take an interception offered to it.
pub const INTERCEPT_TAKEN: f64 = 0.8;
/// A small cost for each interception a path may meet (so an equal route without wins).
pub const INTERCEPT_COST: f64 = 0.05;
/// The most candidate cells whose path is checked for interceptions, best first.
pub const MAX_CHECKED: usize = 48;

/// What the move needs to judge an interception's outcome.
pub(crate) struct Weigh<'a> {
    pub b: &'a Battle,
    pub u: UnitId,
    pub field: &'a Field,
    /// Reactions provoked on the way to each cell, by field slot (`Field::slot_of`).
    pub risk: &'a [f64],
    /// What attacking each foe is worth to `u`.
    pub values: &'a BTreeMap<UnitId, f64>,
    /// What attacking a foe missing from `values` is worth (one farther than the move's
    /// candidates that may still come to intercept).
    pub value_of: &'a dyn Fn(UnitId) -> f64,
    /// May `u` still attack after a move costing this much?
    pub can_attack: &'a dyn Fn(u32) -> bool,
    /// The interceptions of each step already asked (the candidate paths share their
    /// last steps; a step's offers do not depend on the steps before it: "as if none
    /// before were taken", [`Battle::interceptions_along`]).
    pub steps: RefCell<BTreeMap<(Cell, Cell), Vec<Interception>>>,
}

impl Weigh<'_> {
    /// The value of ending a move on `from` (the step an interception sends it back to),
    /// engaged with `reactor`.
    fn stopped(&self, from: Cell, reactor: UnitId) -> f64 {
        let b = self.b;
        let cost = self.field.get(&from).map_or(0, |(c, _)| c);
        let risk = self.field.slot_of(from).map_or(0.0, |i| self.risk[i]);
        let mut v = match self.values.get(&reactor) {
            Some(&v) => v,
            None => (self.value_of)(reactor),
        };
        if !(self.can_attack)(cost) {
            v *= 0.6;
        }
        // The interceptor ends next to the mover.
        let blow = b.best_melee(reactor, 1).map_or(0.0, |w| {
            attack_value(b, reactor, self.u, w, AttackKind::Normal)
        });
        v - 0.5 * blow - risk - 0.01 * f64::from(cost)
    }

    /// The value of moving to `to`, worth `raw` when reached, with the interceptions
    /// along the engine's path there weighed in; `raw` itself when there are none.
    pub fn value(&self, to: Cell, raw: f64) -> f64 {
        let Some((path, _)) = self.field.path_to(to) else {
            return raw;
        };
        let mut along: Vec<Interception> = Vec::new();
        for w in path.windows(2) {
            let mut steps = self.steps.borrow_mut();
            let step = steps
                .entry((w[0], w[1]))
                .or_insert_with(|| self.b.interceptions_along(self.u, w));
            along.extend(step.iter().copied());
        }
        if along.is_empty() {
            return raw;
        }
        let mut reach = 1.0;
        let mut v = 0.0;
        for i in &along {
            v += reach * INTERCEPT_TAKEN * self.stopped(i.from, i.reactor);
            reach *= 1.0 - INTERCEPT_TAKEN;
        }
        v += reach * raw;
        v.min(raw) - INTERCEPT_COST * along.len() as f64
    }
}
