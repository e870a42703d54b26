//! flow's own vocabulary: its special actions ([`FlowAction`], besides the engine's
//! [`crate::engine::CommonAction`]s) and the frames only it queues ([`FlowFrame`]).
//! Scripts write them flat, by variant name (`Shove(target: (1), effect: Prone, both:
//! false)`); [`crate::rulesets::Action`] and [`crate::rulesets::RulesetFrame`] hold them.

use serde::{Deserialize, Serialize};

use crate::components::{Stat, UnitId};
use crate::engine::{Hit, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect};
use crate::grid::Cell;

/// flow's id in level files and logs (`Ruleset::id`).
pub const ID: &str = "flow";

/// flow's special actions (its table of special actions; costs in `docs/rules/flow.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlowAction {
    /// Take a Step: 1 AP, one cell, provokes nothing, once per round.
    Step {
        /// The adjacent cell.
        to: Cell,
    },
    /// Feint: 1 AP, opposed; on success the next attack on the target has Advantage.
    Feint {
        /// Whom.
        target: UnitId,
    },
    /// Shove: 1 AP, opposed Athletics; push back one cell or knock prone.
    Shove {
        /// Whom.
        target: UnitId,
        /// The effect chosen before rolling.
        effect: ShoveEffect,
        /// On a Hard success or better, also do the other effect.
        both: bool,
    },
    /// Grapple: 2 AP, opposed Athletics; both are held.
    Grapple {
        /// Whom.
        target: UnitId,
    },
    /// The grappled unit's one opposed Athletics check per round to break free.
    BreakFree,
    /// Let go of a grapple (free).
    Release,
    /// Disarm: 2 AP, an attack roll at Disadvantage; the target drops an item.
    Disarm {
        /// Whom.
        target: UnitId,
        /// Which of the target's items (default: the weapon it would fight with).
        item: Option<usize>,
        /// On a Hard success or better, send the item to this cell instead of taking it.
        send: Option<Cell>,
    },
    /// Drop a held item on one's own cell (a free action).
    Drop {
        /// Loadout index (`None`: the first item in hand).
        item: Option<usize>,
    },
    /// Flow State: 1 AP, no FP decay at the end of this turn.
    FlowState,
    /// Total Defense: 3 AP, ends the turn; +1 RP and Advantage on reactions.
    TotalDefense,
    /// Tumble Through: 1 AP, Agility check, move through an adjacent enemy's cell.
    Tumble {
        /// The enemy to tumble past.
        through: UnitId,
    },
    /// Ready Action: a trigger and the action taken when it happens; ends the turn
    /// keeping the AP.
    Ready {
        /// The trigger.
        trigger: ReadyTrigger,
        /// What to do when it happens (default: attack the triggering enemy).
        #[serde(default)]
        response: ReadyResponse,
        /// When the readied action stops waiting (default: the unit's next turn).
        #[serde(default)]
        until: ReadyUntil,
    },
}

impl FlowAction {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match self {
            FlowAction::Step { .. } => "Take a Step",
            FlowAction::Feint { .. } => "Feint",
            FlowAction::Shove { .. } => "Shove",
            FlowAction::Grapple { .. } => "Grapple",
            FlowAction::BreakFree => "Break Free",
            FlowAction::Release => "Release",
            FlowAction::Disarm { .. } => "Disarm",
            FlowAction::Drop { .. } => "Drop",
            FlowAction::FlowState => "Flow State",
            FlowAction::TotalDefense => "Total Defense",
            FlowAction::Tumble { .. } => "Tumble Through",
            FlowAction::Ready { .. } => "Ready Action",
        }
    }
}

/// The frames only flow queues (its `Ruleset::frame` carries them out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlowFrame {
    /// Offer Intercept to the next ally able to, looking from position `from` of the
    /// initiative order on (then the target's defences).
    OfferIntercept {
        /// The hit.
        hit: Hit,
        /// Where in the initiative order to look from.
        from: usize,
    },
    /// Ask the target for a defence (Dodge/Parry/Block/Riposte).
    Defend(Hit),
    /// The target of a single-target save spell resists the caster's Magic check, rolled
    /// already (`hit.level`; its allies were offered the Intercept first): its own skill,
    /// the contest, then the spell's effects or its `on_miss`.
    Resist(Hit),
    /// After a readied casting: a move it interrupted ends if its mover may no longer
    /// move (knocked prone).
    EndHeldMoves,
    /// A readied special action fires (checked again, then carried out).
    ReadyAct {
        /// Who.
        unit: UnitId,
        /// What.
        action: FlowAction,
    },
    /// Roll a Feint's contest, the target resisting with its chosen skill (`Melee` or
    /// `Agility`).
    Feint {
        /// The feinter.
        unit: UnitId,
        /// The target.
        target: UnitId,
        /// The target's resisting skill.
        resist: Stat,
    },
    /// A disarmed item lands on a cell (the target's choice on a Normal success).
    Land {
        /// The disarmed unit.
        unit: UnitId,
        /// Its item (loadout index).
        item: usize,
        /// Where it lands.
        cell: Cell,
    },
}

impl FlowFrame {
    /// The unit whose movement the frame is part of (none of flow's own frames is).
    pub fn mover(&self) -> Option<UnitId> {
        None
    }
}
