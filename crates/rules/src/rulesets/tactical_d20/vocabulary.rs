//! tactical-d20's own vocabulary: its actions ([`TacticalD20Action`], besides the
//! engine's [`crate::engine::CommonAction`]s), the frames only it queues
//! ([`TacticalD20Frame`]) and their parts. Scripts write them flat, by variant name
//! (`Trip(target: (1))`); [`crate::rulesets::Action`] and
//! [`crate::rulesets::RulesetFrame`] hold them.

use serde::{Deserialize, Serialize};

use crate::components::UnitId;
use crate::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
use crate::grid::Cell;

/// tactical-d20's id in level files and logs (`Ruleset::id`).
pub const ID: &str = "tactical-d20";

/// tactical-d20's actions (each paid with its Standard, Move or Quick action; see
/// `slots_of`). A name flow also has (`Step`, `Feint`, `Grapple`, `BreakFree`, `Disarm`,
/// `Ready`) has the same fields there and other rules here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TacticalD20Action {
    /// Side Step (Quick): one cell (5 ft), provokes nothing, not through difficult terrain.
    Step {
        /// The adjacent cell.
        to: Cell,
    },
    /// Feint (Move): Deception vs Will; the target is Surprised by this unit.
    Feint {
        /// Whom.
        target: UnitId,
    },
    /// Grapple (Standard): Athletics vs Reflex; both are restrained.
    Grapple {
        /// Whom.
        target: UnitId,
    },
    /// Break free of a restraint (Standard): the grapple check, releasing, or the escape
    /// DC when nobody holds it.
    BreakFree,
    /// Disarm (Standard): Athletics vs Reflex; the target drops an item on its cell.
    Disarm {
        /// Whom.
        target: UnitId,
        /// Which of the target's items (default: the weapon it fights with).
        item: Option<usize>,
        /// Refused: tactical-d20's Disarm drops the item, it cannot send it (flow's field).
        send: Option<Cell>,
    },
    /// Go prone on purpose (a Move action: Prone, "Gain or lose this condition as a Move
    /// Action").
    DropProne,
    /// A Wait that names its trigger and the Standard action held (flow's Ready Action
    /// fields; `until` may only be `NextTurn`).
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
    /// Dash (Standard): double speed in a straight line or 1.5× speed.
    Dash {
        /// Where to.
        to: Cell,
    },
    /// Charge (Standard + Move): a straight dash of at least 10 ft, then a melee attack
    /// at +2.
    Charge {
        /// Whom.
        target: UnitId,
        /// Where the dash ends (`None`: the nearest cell in a straight line that reaches).
        to: Option<Cell>,
    },
    /// Jump (Standard + Move): a straight dash over pits and low walls.
    Jump {
        /// Where to land.
        to: Cell,
    },
    /// Overrun (Standard + Move): a straight dash through creatures.
    Overrun {
        /// Where to.
        to: Cell,
    },
    /// Defend (Standard): +3 AC and saves; hide behind adjacent cover.
    Defend,
    /// Guard (Move): +2 AC and saves.
    Guard,
    /// Assist (Standard): an ally in reach gets +4 AC, saves and d20 rolls.
    Assist {
        /// Whom.
        ally: UnitId,
    },
    /// Focus (Quick): +1 on one category for a round.
    Focus {
        /// Which.
        on: FocusOn,
    },
    /// Trip (Standard): Athletics vs Reflex; the target falls prone.
    Trip {
        /// Whom.
        target: UnitId,
    },
    /// Push (Standard): Athletics vs Reflex; both move up to half speed.
    Push {
        /// Whom.
        target: UnitId,
        /// Cells to push (`None`: as far as possible).
        distance: Option<u32>,
    },
    /// Sunder (Standard): attack roll vs Reflex, then damage an item.
    Sunder {
        /// Whose item.
        target: UnitId,
        /// Which (default: the weapon it fights with).
        item: Option<usize>,
    },
    /// The opposed check of a grapple in progress (Standard).
    GrappleTurn {
        /// What the winner does.
        follow: GrappleFollow,
    },
    /// Concentrate (Move): Endurance; provoke nothing for a round.
    Concentrate,
    /// Tumble (Move): Agility; half speed without provoking.
    TumbleTo {
        /// Where to.
        to: Cell,
    },
    /// (Re-)Equip (Move): hand an item to an adjacent ally.
    Give {
        /// Loadout index.
        item: usize,
        /// To whom.
        ally: UnitId,
    },
    /// Command (Quick): 13 words or fewer to allies or foes.
    Command {
        /// The words.
        text: String,
    },
    /// Wait (Standard): an extra Reaction until the next turn.
    Wait,
    /// Patch a bleeding wound (Standard, Survival).
    Patch {
        /// Whose (oneself or an adjacent ally).
        ally: UnitId,
    },
}

impl TacticalD20Action {
    /// The action's name as the engine's refusals read it (the action bar and the
    /// payment lines use `action_name`: "Side Step", "Equip (draw)", ...).
    pub fn name(&self) -> &'static str {
        use TacticalD20Action::*;
        match self {
            Step { .. } => "Take a Step",
            Feint { .. } => "Feint",
            Grapple { .. } => "Grapple",
            BreakFree => "Break Free",
            Disarm { .. } => "Disarm",
            DropProne => "Drop Prone",
            Ready { .. } => "Ready Action",
            Dash { .. } => "Dash",
            Charge { .. } => "Charge",
            Jump { .. } => "Jump",
            Overrun { .. } => "Overrun",
            Defend => "Defend",
            Guard => "Guard",
            Assist { .. } => "Assist",
            Focus { .. } => "Focus",
            Trip { .. } => "Trip",
            Push { .. } => "Push",
            Sunder { .. } => "Sunder",
            GrappleTurn { .. } => "Grapple check",
            Concentrate => "Concentrate",
            TumbleTo { .. } => "Tumble",
            Give { .. } => "Hand Over",
            Command { .. } => "Command",
            Wait => "Wait",
            Patch { .. } => "Patch Wound",
        }
    }
}

/// Focus categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FocusOn {
    /// Attack and damage rolls.
    Attack,
    /// AC and saving throws.
    Defence,
    /// Skill checks.
    Skills,
}

/// What the winner of a grapple check does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GrappleFollow {
    /// Keep the grapple.
    Hold,
    /// End it.
    Release,
    /// Keep it and knock the other prone.
    Trip,
    /// Keep it and push the other (both move).
    Push,
    /// Keep it and make a Primary Attack.
    Attack,
}

/// The frames only tactical-d20 queues (its `Ruleset::frame` carries them out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TacticalD20Frame {
    /// The legs of a jump or overrun, from `index`.
    Leap {
        /// Who.
        unit: UnitId,
        /// The legs.
        legs: Vec<Leg>,
        /// Next leg.
        index: usize,
    },
    /// An overrun victim that did not step aside rolls its Reflex save.
    OverrunSave {
        /// The overrunner.
        unit: UnitId,
        /// The victim.
        victim: UnitId,
        /// The overrunner's Athletics total.
        check: i32,
        /// The cells of the overrun still ahead (the victim must get off them).
        ahead: Vec<Cell>,
    },
    /// Pursuit: move toward the provoker once it has stepped away.
    Pursue {
        /// The pursuer.
        unit: UnitId,
        /// The pursued.
        target: UnitId,
    },
    /// After a waited ability went off: a foe it left unable to move (stunned, say)
    /// stops the move it was making.
    HaltIfStopped {
        /// The foe that sprang the Wait.
        unit: UnitId,
    },
}

impl TacticalD20Frame {
    /// The unit whose movement the frame is part of: a leap, an overrun waiting on a
    /// victim's save and a pursuit are movement under way.
    pub fn mover(&self) -> Option<UnitId> {
        match self {
            TacticalD20Frame::Leap { unit, .. }
            | TacticalD20Frame::OverrunSave { unit, .. }
            | TacticalD20Frame::Pursue { unit, .. } => Some(*unit),
            TacticalD20Frame::HaltIfStopped { .. } => None,
        }
    }
}

/// One stretch of a jump or an overrun, with what must be passed before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leg {
    /// What stands before the stretch.
    pub gate: Gate,
    /// The stretch, from where the unit stands (its first step may leap over the gate).
    pub path: Vec<Cell>,
}

/// What a leg of a jump or overrun must pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gate {
    /// Nothing.
    None,
    /// A gap or low wall: Athletics + 2 against this DC.
    Jump {
        /// Difficulty.
        dc: i32,
    },
    /// A creature in the way of an overrun.
    Overrun {
        /// Who.
        victim: UnitId,
    },
}
