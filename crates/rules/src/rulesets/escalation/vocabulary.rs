//! escalation's own vocabulary: its actions ([`EscalationAction`], besides the engine's
//! [`crate::engine::CommonAction`]s) and the frames only it queues ([`EscalationFrame`]).
//! Scripts write them flat, by variant name (`Disengage(from: [])`, `SwitchStance`).

use serde::{Deserialize, Serialize};

use crate::components::UnitId;
use crate::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};

/// escalation's id in level files and logs (`Ruleset::id`).
pub const ID: &str = "escalation";

/// escalation's actions (each paid with a Quick, Move or Standard action; a better action
/// may pay for a lesser one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EscalationAction {
    /// Switch between melee and ranged stance (Quick): the weapons of the stance left are
    /// stowed, the best of the other drawn.
    SwitchStance,
    /// Disengage (Move): 3d6 vs 11, +1 for each enemy past the first; success pops the
    /// unit off those enemies and buys a move; failure loses the Move action.
    Disengage {
        /// The engaged enemies to pop off (empty: every enemy engaged with the unit).
        #[serde(default)]
        from: Vec<UnitId>,
    },
    /// Dicey Move (Move): vault the low wall or leap the pit next to the unit, landing
    /// on the cell beyond it in a straight line: 3d6 against the terrain's difficulty (low
    /// wall 11, pit 13) or the level's dicey spot's; success lands it there with 1
    /// Advantage on its next attack this turn, or the spot's reward (`super::dicey`),
    /// failure loses the move action.
    DiceyMove {
        /// Where to land (two cells away, over the obstacle).
        to: crate::grid::Cell,
        /// Who gets the spot's reward, when it is for an ally or on an enemy next to
        /// the landing cell (required then, when anyone is there; refused otherwise).
        #[serde(default)]
        target: Option<UnitId>,
    },
    /// Rally (Standard): heal using a recovery, then save against one save-ends effect
    /// with the escalation die as a bonus.
    Rally,
    /// Stabilize (Standard) a dying ally next to the unit: its failed death saves no
    /// longer count.
    Stabilize {
        /// The dying ally.
        ally: UnitId,
    },
    /// At the start of its turn, let an ally of its side and initiative band who has not
    /// acted this round go first ("they go in any order"): the ally takes its turn now,
    /// this unit right after it. Free.
    Yield {
        /// The ally who goes now.
        to: UnitId,
    },
    /// At the start of its turn, delay to a slower initiative band (Very Slow 0 … Very
    /// Fast 4), kept for the rest of the battle. Free.
    Delay {
        /// The band to act in.
        band: i32,
    },
    /// Ready an action with a trigger: a Standard (`Attack`, the triggering enemy) or a
    /// Move (`Move(to)`), paid now; it goes off when an enemy's step springs the trigger,
    /// and the unit moves to just before that enemy in the turn order (flow's and
    /// tactical-d20's `Ready` fields).
    Ready {
        /// The trigger.
        trigger: ReadyTrigger,
        /// What to do when it happens (default: attack the triggering enemy).
        #[serde(default)]
        response: ReadyResponse,
        /// When it stops waiting (default: the unit's next turn).
        #[serde(default)]
        until: ReadyUntil,
    },
    /// Fight in Spirit: a PC out of the fight for good (dead) gives an ally a boon for a
    /// round on its turn (its Standard action).
    FightInSpirit {
        /// The ally.
        ally: UnitId,
        /// Which boon.
        boon: SpiritBoon,
    },
    /// Flee: the unit's whole side retreats together (a Campaign Loss); the battle ends.
    /// Free, on the unit's turn.
    Flee,
    /// Sustain one of the unit's powers (the power's own action type): 3d6 against its
    /// Sustain number keeps its lasting effects to the end of the next turn; a failure
    /// ends them.
    Sustain {
        /// The power's index among the unit's abilities.
        ability: usize,
    },
    /// Coup de Grace (Standard + Quick + Move): a basic melee attack on an engaged,
    /// helpless enemy: "that attack crits" (whatever the dice show).
    CoupDeGrace {
        /// The helpless enemy.
        target: UnitId,
    },
}

impl EscalationAction {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match self {
            EscalationAction::SwitchStance => "Switch Stance",
            EscalationAction::Disengage { .. } => "Disengage",
            EscalationAction::Rally => "Rally",
            EscalationAction::DiceyMove { .. } => "Dicey Move",
            EscalationAction::Stabilize { .. } => "Stabilize",
            EscalationAction::CoupDeGrace { .. } => "Coup de Grace",
            EscalationAction::Yield { .. } => "Let an Ally Go First",
            EscalationAction::Delay { .. } => "Delay",
            EscalationAction::Flee => "Flee",
            EscalationAction::FightInSpirit { .. } => "Fight in Spirit",
            EscalationAction::Ready { .. } => "Ready an Action",
            EscalationAction::Sustain { .. } => "Sustain",
        }
    }
}

/// What a Fight in Spirit gives the ally for a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpiritBoon {
    /// Advantage on its attacks.
    Attacks,
    /// Advantage on its saves.
    Saves,
    /// Disadvantage on attacks against it.
    Defence,
}

/// The frames only escalation queues (its `Ruleset::frame` carries them out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EscalationFrame {
    /// A ranged attack by an engaged unit, after the opportunity attacks it provoked:
    /// roll it now (if the shooter still stands).
    Shoot {
        /// Who shoots.
        attacker: UnitId,
        /// At whom.
        target: UnitId,
        /// Loadout index.
        weapon: usize,
    },
    /// An attack that waited for the triggered powers (Interrupts) it set off: roll it
    /// now, as its `Frame::Attack` would have (`interrupts::offer_on_attack`).
    Attack {
        /// Who attacks.
        attacker: UnitId,
        /// At whom.
        target: UnitId,
        /// Loadout index (`usize::MAX` for a power).
        weapon: usize,
        /// Normal or reaction.
        kind: crate::event::AttackKind,
        /// A basic attack's damage, or a power's effects.
        effect: crate::engine::HitEffect,
    },
    /// The attack an Interrupt answered is over: a ward raised against it (Shielded on
    /// `target`) ends.
    AttackOver {
        /// The unit that was attacked.
        target: UnitId,
    },
    /// A Coup de Grace's attack (paid): it crits.
    CoupDeGrace {
        /// Who attacks.
        attacker: UnitId,
        /// The helpless enemy.
        target: UnitId,
        /// Loadout index.
        weapon: usize,
    },
}

impl EscalationFrame {
    /// The unit whose movement the frame is part of: none of escalation's frames moves.
    pub fn mover(&self) -> Option<UnitId> {
        None
    }
}
