//! What opens a reaction window, the reactions that answer it, and battle-level counters.

use crate::components::UnitId;
use crate::grid::Cell;
use serde::{Deserialize, Serialize};

use super::*;

/// What opened a reaction window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// `mover` is about to leave `from`, a cell the reactor threatens.
    Leaving {
        /// Who moves.
        mover: UnitId,
        /// The cell being left.
        from: Cell,
    },
    /// An attack by `attacker` would succeed against `target`.
    IncomingAttack {
        /// Who attacks.
        attacker: UnitId,
        /// Who is hit.
        target: UnitId,
        /// The attack's success level.
        level: Outcome,
        /// Melee or ranged.
        melee: bool,
        /// Is the attack itself a reaction attack (then no Riposte)?
        reaction_chain: bool,
    },
    /// `unit` stands up from prone inside the reactor's threat range.
    StandingUp {
        /// Who stands.
        unit: UnitId,
    },
    /// `mover` failed to tumble through the reactor's cell.
    FailedTumble {
        /// Who tumbled.
        mover: UnitId,
    },
    /// tactical-d20: `unit` failed a maneuver (Disarm, Grapple, Push, Sunder, Trip)
    /// against the reactor.
    FailedManeuver {
        /// Who failed.
        unit: UnitId,
    },
    /// tactical-d20: `mover` stepped into a cell that springs the waiting reactor's Wait
    /// (a cell it threatens, or within the distance its Wait names).
    EntersReach {
        /// Who moved.
        mover: UnitId,
        /// Where to.
        cell: Cell,
    },
    /// tactical-d20: `by` overruns the reactor, who may spend its Reaction to step aside.
    Overrun {
        /// The overrunner.
        by: UnitId,
    },
    /// flow: `by` feints the reactor, who chooses the skill it resists with ("target's
    /// Melee or Agility (target's choice)").
    Feinted {
        /// The feinter.
        by: UnitId,
    },
    /// flow: `by` disarmed the reactor with a Normal success; the reactor chooses the
    /// adjacent cell its item lands on ("Item lands in adjacent hex (target's choice)").
    Disarmed {
        /// The disarmer.
        by: UnitId,
    },
    /// The reactor is about to take `amount` damage from `attacker`'s hit and may answer
    /// knowing it (counters' Block: commit skill dice, then roll to reduce it).
    IncomingDamage {
        /// Who hit.
        attacker: UnitId,
        /// The damage rolled.
        amount: i32,
    },
    /// `attacker` rolled a natural 1 attacking the reactor (melee-zone: the target gains a
    /// free hit; `tragedy` is how far the fumble chain went, 0 for a plain auto fail).
    Fumbled {
        /// Who fumbled.
        attacker: UnitId,
        /// Steps of the fumble chain.
        tragedy: u32,
    },
    /// `mover`, on one movement, has now taken `steps` steps within the reactor's zone (its
    /// threatened cells; melee-zone: "moves more than 2 spaces within it"). The ruleset
    /// offers it (`Battle::steps_within` counts them).
    WithinZone {
        /// Who moves.
        mover: UnitId,
        /// Steps taken within the zone so far on this movement.
        steps: u32,
    },
    /// `caster`'s ability `ability` has been rolled against the reactor (its attack or the
    /// reactor's save; `landed`: its effects, else its `on_miss`) and is about to take
    /// effect; `total` is the check's total when one was rolled (the attack roll, or the
    /// save against the caster's number). Counters: a counterspell per target, after the
    /// spell's check. The ruleset's answer may cancel it (`Battle::cancel_effects`).
    SpellLanding {
        /// Who casts.
        caster: UnitId,
        /// The caster's ability (index into its abilities).
        ability: usize,
        /// Effects (true) or the miss's (false).
        landed: bool,
        /// The check's total, if one was rolled.
        total: Option<i32>,
    },
    /// `caster` casts a spell (or uses an ability that provokes) within the reactor's
    /// threat range: a reaction attack (it does not stop the casting, except where the
    /// ruleset says so).
    Casting {
        /// Who casts.
        caster: UnitId,
        /// The caster's ability (index into its abilities).
        ability: usize,
    },
    /// `unit`, engaged with the reactor, does something that provokes (escalation: a
    /// ranged attack while engaged): an opportunity attack.
    Provoked {
        /// Who provokes.
        unit: UnitId,
    },
    /// escalation: `mover`, on its own move, has stepped from `from` next to `ally`, an
    /// ally of the reactor (it is trying to become engaged with it): the reactor, Free
    /// and Nearby, may Intercept it.
    Approaching {
        /// Who moves.
        mover: UnitId,
        /// The reactor's ally it is coming at.
        ally: UnitId,
        /// The cell it stepped from.
        from: Cell,
    },
    /// escalation: `by`, on its own turn, does what one of the reactor's triggered powers
    /// waits for: it is about to attack `target` (the reactor or an ally of it; `attack`),
    /// or its step took it next to the reactor (`target` is the reactor). The reactor may
    /// use that power (an Interrupt or a triggered Free power) before it goes on.
    PowerCue {
        /// The enemy whose action sets it off.
        by: UnitId,
        /// Who it attacks (or, for a step, the reactor).
        target: UnitId,
        /// An attack (else a step that engages the reactor).
        attack: bool,
    },
    /// An untargeted threat springs on the reactor: the hazard on `cell` (a level's trap
    /// or falling rocks; counters: a Counteraction, 20 ft, or 10 ft + 1 SD, then a check
    /// against the hazard's DC).
    Hazard {
        /// The hazard's cell ([`crate::battle::Battle::hazard_at`]).
        cell: Cell,
    },
    /// tactical-d20: the reactor identified the spell `caster` is casting and may
    /// counter it.
    SpellIdentified {
        /// Who casts.
        caster: UnitId,
        /// The caster's ability (index into its abilities).
        ability: usize,
    },
}

impl Trigger {
    /// The unit that provoked a reaction attack, if this trigger provokes one.
    pub fn provoker(&self) -> Option<UnitId> {
        match self {
            Trigger::Leaving { mover, .. } | Trigger::FailedTumble { mover } => Some(*mover),
            Trigger::StandingUp { unit } | Trigger::FailedManeuver { unit } => Some(*unit),
            Trigger::EntersReach { mover, .. } => Some(*mover),
            Trigger::Fumbled { attacker, .. } => Some(*attacker),
            Trigger::WithinZone { mover, .. } => Some(*mover),
            Trigger::Casting { caster, .. } => Some(*caster),
            Trigger::Provoked { unit } => Some(*unit),
            Trigger::SpellIdentified { .. }
            | Trigger::Hazard { .. }
            | Trigger::SpellLanding { .. }
            | Trigger::Approaching { .. }
            | Trigger::PowerCue { .. } => None,
            Trigger::IncomingAttack { .. }
            | Trigger::IncomingDamage { .. }
            | Trigger::Overrun { .. }
            | Trigger::Feinted { .. }
            | Trigger::Disarmed { .. } => None,
        }
    }
}

/// A reaction a combatant may choose in a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ReactionKind {
    /// Attack the provoking enemy.
    ReactionAttack,
    /// flow: Dodge (Agility or Athletics).
    Dodge,
    /// flow: Parry (Melee).
    Parry,
    /// flow: Block (Endurance, shield).
    Block,
    /// flow: Riposte — Parry, then a reaction attack if the parry succeeds (2 RP).
    Riposte,
    /// flow: Intercept — move up to 3 cells and take an attack for an ally (2 RP).
    Intercept,
    /// flow: Intercept, then swap places with the ally (the ally moves one cell on).
    InterceptSwap,
    /// tactical-d20: move up to half speed toward a foe leaving the threatened area.
    Pursuit,
    /// tactical-d20: step 5 ft out of an overrunner's way.
    StepAside,
    /// tactical-d20: the Reaction spent opposing a grapple check.
    Resist,
    /// tactical-d20: the held Standard action of a Wait: attack a foe entering reach.
    WaitedAttack,
    /// tactical-d20: the held Standard action of a Wait, when it is a move, a maneuver
    /// against the foe that sprang it (Trip, Push, Grapple, Disarm), an ability (a spell,
    /// a potion: cast as a `Cast` is), Defend or Assist.
    WaitedAction,
    /// flow: resist a Feint with Melee (the target's choice; free).
    ResistMelee,
    /// flow: resist a Feint with Agility (the target's choice; free).
    ResistAgility,
    /// flow: the item a Normal-success Disarm knocks away lands on this adjacent cell
    /// (the target's choice; free).
    LandAt(Cell),
    /// flow: Intercept from this cell (one of those next to both, or on the line of fire,
    /// within 3 movement), swapping with the ally or not (2 RP). `Intercept` and
    /// `InterceptSwap` take the engine's cell (the cheapest to reach, then the lowest).
    InterceptAt {
        /// Where the interceptor stops.
        to: Cell,
        /// Swap places with the ally from there.
        swap: bool,
    },
    /// melee-zone: a free hit (a bonus attack that spends a free-hit slot, not an action).
    FreeHit,
    /// tactical-d20: counter a spell being cast (after identifying it); counters: counter
    /// a spell landing (skill dice equal to its level, a counter check against its total).
    Counterspell,
    /// counters: a Counteraction against an untargeted threat (a trap, falling rocks).
    Counteraction,
    /// escalation: use the reactor's Interrupt power (index into its abilities) on its
    /// trigger (its one Interrupt until its next turn, and a use).
    Interrupt(usize),
    /// escalation: use the reactor's triggered Free power (index into its abilities) on
    /// its trigger (no Interrupt spent).
    FreePower(usize),
}

/// Battle-level numbers a ruleset keeps (not per unit), saved with the battle and read
/// with [`crate::battle::Battle::counter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Counter {
    /// escalation: the escalation die (0 until round 2, then +1 a round up to 6).
    EscalationDie,
}

impl ReactionKind {
    /// Reaction points it costs in flow (the battle's ruleset decides:
    /// [`crate::rulesets::Ruleset::reaction_cost`]; this is flow's table, kept for callers
    /// that have no battle at hand).
    pub fn cost(self) -> i32 {
        match self {
            ReactionKind::Riposte
            | ReactionKind::Intercept
            | ReactionKind::InterceptSwap
            | ReactionKind::InterceptAt { .. } => 2,
            ReactionKind::ResistMelee | ReactionKind::ResistAgility | ReactionKind::LandAt(_) => 0,
            _ => 1,
        }
    }
}

impl std::fmt::Display for ReactionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            ReactionKind::ReactionAttack => "Reaction Attack",
            ReactionKind::Dodge => "Dodge",
            ReactionKind::Parry => "Parry",
            ReactionKind::Block => "Block",
            ReactionKind::Riposte => "Riposte",
            ReactionKind::Intercept => "Intercept",
            ReactionKind::InterceptSwap => "Intercept and swap",
            ReactionKind::Pursuit => "Pursuit",
            ReactionKind::StepAside => "Step aside",
            ReactionKind::Resist => "Resist",
            ReactionKind::WaitedAttack => "Waited attack",
            ReactionKind::WaitedAction => "Waited action",
            ReactionKind::FreeHit => "Free hit",
            ReactionKind::Counterspell => "Counterspell",
            ReactionKind::Counteraction => "Counteraction",
            ReactionKind::ResistMelee => "Resist with Melee",
            ReactionKind::ResistAgility => "Resist with Agility",
            ReactionKind::LandAt(c) => return write!(f, "Land at {c}"),
            ReactionKind::Interrupt(i) => return write!(f, "Interrupt power #{i}"),
            ReactionKind::FreePower(i) => return write!(f, "Free power #{i}"),
            ReactionKind::InterceptAt { to, swap } => {
                let swap = if *swap { " and swap" } else { "" };
                return write!(f, "Intercept at {to}{swap}");
            }
        };
        f.write_str(name)
    }
}
