//! What the AI asks a ruleset ([`AiTactics`]): the moves only some seeds have and every
//! decision that names an action, a condition or a reaction. The shared AI
//! (`crate::ai`) names none of them.

use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::{Action, CastAt, Command};
use crate::event::{AttackKind, ReactionKind};
use crate::grid::Cell;

/// What [`AiTactics::aim_cost`] prepares for one ability: the cost of each aim, in HP
/// (never negative: the AI leaves out, unasked, an aim that could not beat the best so
/// far before it).
pub type AimCost<'a> = Box<dyn Fn(&CastAt) -> f64 + 'a>;

/// What [`AiTactics::attack_value_bounds`] prepares for one decision: asked with a foe, its
/// distance from the attacker and a weapon, [`AiTactics::attack_value_bound`]'s answer.
pub type AttackBounds<'a> = Box<dyn Fn(UnitId, u32, usize) -> Option<f64> + 'a>;

/// A closure answering [`AiTactics::exact_attack_value`] of one attacker, weapon and kind
/// for each foe ([`AiTactics::exact_attack_values`]).
pub type ExactValues<'a> = Box<dyn Fn(UnitId) -> f64 + 'a>;

/// What the AI asks a ruleset: the moves only some seeds have, and every decision that
/// names an action, a condition or a reaction (the shared AI names none). Every method
/// answers for the unit `u` whose turn it is; `None` leaves the choice to the shared AI.
pub trait AiTactics: Sync {
    /// First thing in a turn: get back on its feet or out of a hold (Stand Up when
    /// prone, Break Free when grappled or restrained), if the ruleset lets it now.
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command>;
    /// With nothing in hand to fight with: pick up the item lying on its own cell.
    fn pick_up(&self, b: &Battle, u: UnitId) -> Option<Command>;
    /// With nothing in hand to fight with: draw its stowed item `item` (the best weapon).
    fn draw(&self, b: &Battle, u: UnitId, item: usize) -> Option<Command>;
    /// Badly wounded within a foe's reach: move to the neighbouring cell `to`, which no
    /// foe threatens, without provoking (a Step), if the ruleset has such a move.
    fn step_away(&self, b: &Battle, u: UnitId, to: Cell) -> Option<Command>;
    /// The reaction the AI takes whenever a window offers it, before weighing defences
    /// (a reaction attack, a waited action, stepping aside); `None`: none is offered.
    fn take(&self, b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind>;
    /// Before attacking `target` (an attack worth `plain`): something better to do
    /// first or instead (a Feint, a Shove, a Trip, a Disarm).
    fn before_attack(&self, b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command>;
    /// The ruleset's gap closer (a charge) and its value, given each foe's value and
    /// the cells from which allies help against it.
    fn close_in(
        &self,
        b: &Battle,
        u: UnitId,
        foes: &[UnitId],
        values: &std::collections::BTreeMap<UnitId, f64>,
        helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)>;
    /// [`AiTactics::close_in`] when the gap closer is worth at least `floor` (what the
    /// move the AI would make instead is worth: a gap closer worth less loses to it),
    /// else `None`. The default asks `close_in` and drops an answer below `floor`; a
    /// ruleset may check only its candidates worth that much with the engine.
    fn close_in_from(
        &self,
        b: &Battle,
        u: UnitId,
        foes: &[UnitId],
        values: &std::collections::BTreeMap<UnitId, f64>,
        helpers: &[Vec<Cell>],
        floor: f64,
    ) -> Option<(f64, Command)> {
        self.close_in(b, u, foes, values, helpers)
            .filter(|(v, _)| *v >= floor)
    }
    /// Out of every foe's reach: help an ally instead of bracing.
    fn support(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command>;
    /// The action that braces against foes near by, if the ruleset has one.
    fn brace(&self) -> Option<Action>;
    /// Will `u` still be able to attack after moving `cost` more? (A closure over the
    /// unit's budget now, asked for many cells.)
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool>;
    /// The answer to a window that asks the reactor to choose rather than to react (flow:
    /// the skill resisting a Feint, where a disarmed item lands); `None`: not such a
    /// window.
    fn choose(&self, b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind>;
    /// What to commit on top of answering window `w` with `kind` (the ruleset's
    /// [`crate::rulesets::Ruleset::commit_range`] parts), by expected damage saved
    /// against what the pools are worth; empty: nothing.
    fn commit(
        &self,
        b: &Battle,
        w: &crate::engine::Window,
        kind: ReactionKind,
    ) -> Vec<crate::engine::Commit>;
    /// What to do first so that a spell can be cast this turn (tactical-d20: a psion
    /// Concentrates for its Psionic Focus); `None`: nothing.
    fn prepare_cast(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command>;
    /// How much more an attack by `u` on `foe` is worth made from cell `c`, by the
    /// ruleset's rules of position (melee-zone: +1 to hit from behind), as a factor of at
    /// least 1; the move search multiplies a cell's value by it. 1: no such rule.
    fn position_factor(&self, b: &Battle, u: UnitId, c: Cell, foe: UnitId) -> f64;
    /// The largest [`AiTactics::position_factor`] any cell gives `u` now (the move
    /// search's bound: no cell is valued above it).
    fn position_factor_max(&self, b: &Battle, u: UnitId) -> f64;
    /// What the ruleset takes off the value of `u` casting ability `i` at each aim, in
    /// HP, beyond what the targets standing there now say (melee-zone: a channeled area
    /// goes off a turn later, where `u`'s allies will have closed in): asked once per
    /// ability and search, so what does not depend on the aim is worked out once, then
    /// the closure is asked for every aim. `None`: nothing, for any aim.
    fn aim_cost<'a>(&'a self, b: &'a Battle, u: UnitId, i: usize) -> Option<AimCost<'a>>;
    /// What `u` expects to lose, in HP, by stepping onto `c` on its way (counters: a
    /// trap or falling rocks there); the move search adds it to the path's risk. 0:
    /// nothing. Never negative: the move search's bounds count on risks being losses.
    fn cell_risk(&self, b: &Battle, u: UnitId, c: Cell) -> f64;
    /// How far from `u` (in grid steps) a foe may stand and still matter to
    /// [`AiTactics::close_in`] now (tactical-d20: a charge's 2× speed plus reach); the
    /// shared AI values only the foes its move or this reaches. 0: `close_in` never
    /// answers. The default, `u32::MAX`, hands `close_in` every foe.
    fn close_in_range(&self, _b: &Battle, _u: UnitId) -> u32 {
        u32::MAX
    }
    /// A cheap upper bound on [`crate::ai::value::attack_value`] of `u` attacking `foe`
    /// with weapon `w` as `kind` (flow: the exact hit and critical chances, the damage's
    /// mean or top and a kill when the top reaches the foe's HP, no defence), asked
    /// before the exact odds of a foe only a ranged weapon may strike, so that far foes
    /// whose bound is below the best attack found are never valued. Must never be below
    /// the exact value (debug-asserted where the exact value is worked out). `None`: no
    /// cheaper bound (the exact value serves as its own).
    fn attack_value_bound(
        &self,
        _b: &Battle,
        _u: UnitId,
        _foe: UnitId,
        _w: usize,
        _kind: AttackKind,
    ) -> Option<f64> {
        None
    }
    /// [`crate::ai::value::attack_value`] of `u` attacking `foe` with weapon `w` as `kind`:
    /// the same value to the bit, which a ruleset may answer from a memo of its own, keyed
    /// by the few numbers its odds depend on (counters: the dice, the Strength modifier,
    /// the absorption, the faces that hit and the foe's HP). The AI asks it for every
    /// foe it weighs, every decision. The default works it out.
    fn exact_attack_value(
        &self,
        b: &Battle,
        u: UnitId,
        foe: UnitId,
        w: usize,
        kind: AttackKind,
    ) -> f64 {
        crate::ai::value::attack_value(b, u, foe, w, kind)
    }
    /// Whether `u` may attack anyone now, as far as the ruleset can tell without a
    /// target: `false` only when the engine's check refuses every attack of `u` (flow:
    /// it may not act, or cannot pay an attack's AP), so that the AI does not weigh
    /// every foe in strike range for an attack it cannot make. The default, `true`,
    /// leaves it to the check.
    fn may_attack(&self, _b: &Battle, _u: UnitId) -> bool {
        true
    }
    /// Whether `u` may use any ability now, as far as the ruleset can tell without an
    /// ability or an aim: `false` only when the ruleset's `check_action` refuses every
    /// `Cast` of `u` (counters: with the turn's one action spent), so that the AI does
    /// not look for aims of abilities it cannot use ([`crate::ai::cast::best_cast_with`]
    /// would find none). The default, `true`, leaves it to the check.
    fn may_cast(&self, _b: &Battle, _u: UnitId) -> bool {
        true
    }
    /// [`AiTactics::position_factor_max`] over `foes` alone (the move search's
    /// candidates, the only foes it multiplies by [`AiTactics::position_factor`]): the
    /// largest factor any cell gives `u` against one of them, a bound as true as the
    /// one over every foe and as tight or tighter. The default asks
    /// `position_factor_max` (every foe).
    fn position_factor_max_among(&self, b: &Battle, u: UnitId, _foes: &[UnitId]) -> f64 {
        self.position_factor_max(b, u)
    }
    /// [`AiTactics::attack_value_bound`] of `u` attacking as `kind`, prepared once per
    /// decision (what does not depend on the foe worked out once), then asked for each foe
    /// (with its distance from `u`, as [`crate::grid::Grid::distance`] has it) and weapon:
    /// the same answers, to the bit. The default asks `attack_value_bound` each time.
    fn attack_value_bounds<'a>(
        &'a self,
        b: &'a Battle,
        u: UnitId,
        kind: AttackKind,
    ) -> AttackBounds<'a> {
        Box::new(move |foe, _dist, w| self.attack_value_bound(b, u, foe, w, kind))
    }
    /// May a healing ability target a unit that is not alive in this ruleset (is
    /// [`crate::rulesets::Ruleset::revives`] true of some fallen unit)? `false` lets the
    /// casting look for its candidates among the living alone (the cell index's), without
    /// walking the roster for the fallen near the healer. The default: `true` (they are
    /// looked for).
    fn heals_the_fallen(&self, _b: &Battle) -> bool {
        true
    }
    /// Whether any cell may carry a [`AiTactics::cell_risk`] for `u` now (counters: the
    /// level has a hazard), asked once a move search: `false` says every cell's risk is
    /// 0, and the search asks none of them. The default, `true`, asks every cell.
    fn may_risk_cells(&self, _b: &Battle, _u: UnitId) -> bool {
        true
    }
    /// [`AiTactics::exact_attack_value`] of `u` attacking with weapon `w` as `kind`, as a
    /// closure of the foe, for one decision: what does not depend on the foe (counters:
    /// the weapon's dice, the attack bonus and the Strength modifier) is looked up once,
    /// then the closure answers each foe with what `exact_attack_value` answers, to the
    /// bit. `None` (the default): `exact_attack_value` is asked foe by foe (and, for the
    /// first weapon and kind of a decision, for the rest of the decision: the hook is
    /// then not asked again).
    fn exact_attack_values<'a>(
        &'a self,
        _b: &'a Battle,
        _u: UnitId,
        _w: usize,
        _kind: AttackKind,
    ) -> Option<ExactValues<'a>> {
        None
    }
}
