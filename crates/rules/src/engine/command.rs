//! The vocabulary of commands: what a controller asks for, and the special actions.

use serde::{Deserialize, Serialize};

use crate::components::{Slot, UnitId};
use crate::event::ReactionKind;
use crate::grid::Cell;

/// What a controller (mouse, AI, script, replay) asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Move along the cheapest path to a cell.
    Move {
        /// Who.
        unit: UnitId,
        /// Where to.
        to: Cell,
    },
    /// Attack a unit with a weapon (index into the loadout; `None` = the best one).
    Attack {
        /// Who.
        unit: UnitId,
        /// Whom.
        target: UnitId,
        /// Which weapon.
        weapon: Option<usize>,
        /// tactical-d20: the action that pays (Standard: Primary, Move: Secondary −5,
        /// Quick: Tertiary −10); `None` takes the first one left in that order.
        #[serde(default)]
        slot: Option<Slot>,
    },
    /// End the turn.
    EndTurn {
        /// Whose.
        unit: UnitId,
    },
    /// Answer an open reaction window (`None` declines).
    React {
        /// The reactor.
        unit: UnitId,
        /// The choice.
        choice: Option<ReactionKind>,
        /// How much the reactor commits to it from the pool its ruleset names
        /// (`Ruleset::commit_range`; counters: skill dice); 0 when nothing.
        #[serde(default, skip_serializing_if = "is_zero")]
        commit: u32,
    },
    /// A special action (flow: Take a Step, Feint, Shove, Grapple, ...).
    Act {
        /// Who.
        unit: UnitId,
        /// What.
        action: Action,
    },
}

impl Command {
    /// The unit that gives the command.
    pub fn unit(&self) -> UnitId {
        match self {
            Command::Move { unit, .. }
            | Command::Attack { unit, .. }
            | Command::EndTurn { unit }
            | Command::React { unit, .. }
            | Command::Act { unit, .. } => *unit,
        }
    }
}

/// Special actions (flow's table of special actions; costs in `docs/rules/flow.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
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
    /// Draw a stowed item: 1 AP.
    Draw {
        /// Loadout index.
        item: usize,
    },
    /// Sheathe a held item: 1 AP.
    Sheathe {
        /// Loadout index.
        item: usize,
    },
    /// Pick up the item lying on one's own cell: 1 AP.
    PickUp,
    /// flow: drop a held item on one's own cell (a free action).
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
    /// Stand up from prone: 1 AP; provokes reaction attacks.
    StandUp,
    /// tactical-d20: go prone on purpose (a Move action: Prone, "Gain or lose this
    /// condition as a Move Action").
    DropProne,
    /// flow Ready Action: a trigger and the action taken when it happens; ends the turn
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
    /// tactical-d20 Dash (Standard): double speed in a straight line or 1.5× speed.
    Dash {
        /// Where to.
        to: Cell,
    },
    /// tactical-d20 Charge (Standard + Move): a straight dash of at least 10 ft, then a
    /// melee attack at +2.
    Charge {
        /// Whom.
        target: UnitId,
        /// Where the dash ends (`None`: the nearest cell in a straight line that reaches).
        to: Option<Cell>,
    },
    /// tactical-d20 Jump (Standard + Move): a straight dash over pits and low walls.
    Jump {
        /// Where to land.
        to: Cell,
    },
    /// tactical-d20 Overrun (Standard + Move): a straight dash through creatures.
    Overrun {
        /// Where to.
        to: Cell,
    },
    /// tactical-d20 Defend (Standard): +3 AC and saves; hide behind adjacent cover.
    Defend,
    /// tactical-d20 Guard (Move): +2 AC and saves.
    Guard,
    /// tactical-d20 Assist (Standard): an ally in reach gets +4 AC, saves and d20 rolls.
    Assist {
        /// Whom.
        ally: UnitId,
    },
    /// tactical-d20 Focus (Quick): +1 on one category for a round.
    Focus {
        /// Which.
        on: FocusOn,
    },
    /// tactical-d20 Trip (Standard): Athletics vs Reflex; the target falls prone.
    Trip {
        /// Whom.
        target: UnitId,
    },
    /// tactical-d20 Push (Standard): Athletics vs Reflex; both move up to half speed.
    Push {
        /// Whom.
        target: UnitId,
        /// Cells to push (`None`: as far as possible).
        distance: Option<u32>,
    },
    /// tactical-d20 Sunder (Standard): attack roll vs Reflex, then damage an item.
    Sunder {
        /// Whose item.
        target: UnitId,
        /// Which (default: the weapon it fights with).
        item: Option<usize>,
    },
    /// tactical-d20: the opposed check of a grapple in progress (Standard).
    GrappleTurn {
        /// What the winner does.
        follow: GrappleFollow,
    },
    /// tactical-d20 Concentrate (Move): Endurance; provoke nothing for a round.
    Concentrate,
    /// tactical-d20 Tumble (Move): Agility; half speed without provoking.
    TumbleTo {
        /// Where to.
        to: Cell,
    },
    /// tactical-d20 (Re-)Equip (Move): hand an item to an adjacent ally.
    Give {
        /// Loadout index.
        item: usize,
        /// To whom.
        ally: UnitId,
    },
    /// tactical-d20 Command (Quick): 13 words or fewer to allies or foes.
    Command {
        /// The words.
        text: String,
    },
    /// tactical-d20 Wait (Standard): an extra Reaction until the next turn.
    Wait,
    /// tactical-d20: patch a bleeding wound (Standard, Survival).
    Patch {
        /// Whose (oneself or an adjacent ally).
        ally: UnitId,
    },
}

impl Action {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Step { .. } => "Take a Step",
            Action::Feint { .. } => "Feint",
            Action::Shove { .. } => "Shove",
            Action::Grapple { .. } => "Grapple",
            Action::BreakFree => "Break Free",
            Action::Release => "Release",
            Action::Disarm { .. } => "Disarm",
            Action::Draw { .. } => "Draw",
            Action::Sheathe { .. } => "Sheathe",
            Action::PickUp => "Pick Up",
            Action::Drop { .. } => "Drop",
            Action::FlowState => "Flow State",
            Action::TotalDefense => "Total Defense",
            Action::Tumble { .. } => "Tumble Through",
            Action::StandUp => "Stand Up",
            Action::DropProne => "Drop Prone",
            Action::Ready { .. } => "Ready Action",
            Action::Dash { .. } => "Dash",
            Action::Charge { .. } => "Charge",
            Action::Jump { .. } => "Jump",
            Action::Overrun { .. } => "Overrun",
            Action::Defend => "Defend",
            Action::Guard => "Guard",
            Action::Assist { .. } => "Assist",
            Action::Focus { .. } => "Focus",
            Action::Trip { .. } => "Trip",
            Action::Push { .. } => "Push",
            Action::Sunder { .. } => "Sunder",
            Action::GrappleTurn { .. } => "Grapple check",
            Action::Concentrate => "Concentrate",
            Action::TumbleTo { .. } => "Tumble",
            Action::Give { .. } => "Hand Over",
            Action::Command { .. } => "Command",
            Action::Wait => "Wait",
            Action::Patch { .. } => "Patch Wound",
        }
    }
}

/// tactical-d20 Focus categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FocusOn {
    /// Attack and damage rolls.
    Attack,
    /// AC and saving throws.
    Defence,
    /// Skill checks.
    Skills,
}

/// What the winner of a tactical-d20 grapple check does.
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

/// How a `Frame::Move` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MoveMode {
    /// Paid from the turn's movement; leaving threatened cells provokes.
    #[default]
    Advance,
    /// Paid by the action (Dash, Charge, Jump, Overrun); provokes, except from `exempt`.
    Dash {
        /// The charged foe, who may not react to the charger's movement.
        exempt: Option<UnitId>,
    },
    /// Provokes nothing and costs no movement (a successful Tumble, a Pursuit).
    Quiet,
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

/// The two effects of a Shove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShoveEffect {
    /// Push back one cell, straight away from the shover.
    Push,
    /// Knock prone.
    Prone,
}

/// Triggers a readied action can wait for (each fires on a step of an enemy's own
/// movement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ReadyTrigger {
    /// An enemy moves into a cell the unit threatens from one it does not.
    #[default]
    EnemyEntersReach,
    /// An enemy moves to within `cells` of the unit from farther away.
    EnemyWithin {
        /// The distance in cells.
        cells: u32,
    },
}

/// What a readied action does when its trigger happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ReadyResponse {
    /// Attack the triggering enemy with the best weapon that reaches it, melee or ranged
    /// (2 AP).
    #[default]
    Attack,
    /// Move to a cell (paid as a move).
    Move {
        /// Where to.
        to: Cell,
    },
    /// Shove the triggering enemy (1 AP).
    Shove {
        /// The effect chosen before rolling.
        effect: ShoveEffect,
        /// On a Hard success or better, also do the other effect.
        both: bool,
    },
    /// Grapple the triggering enemy (2 AP).
    Grapple,
    /// Disarm the triggering enemy of the weapon it fights with (2 AP).
    Disarm,
}

/// How long a readied action waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ReadyUntil {
    /// Keep waiting through the end of the round, until the unit's next turn starts.
    #[default]
    NextTurn,
    /// Cancel at the end of the round if it has not fired.
    RoundEnd,
}

/// A readied action in words, as the log shows it: "attack when an enemy enters reach",
/// "move to (3, 2) when an enemy comes within 6; cancel at the end of the round".
pub fn ready_words(trigger: ReadyTrigger, response: ReadyResponse, until: ReadyUntil) -> String {
    let what = match response {
        ReadyResponse::Attack => "attack".to_string(),
        ReadyResponse::Move { to } => format!("move to ({}, {})", to.x, to.y),
        ReadyResponse::Shove { effect, both } => format!(
            "shove ({}{})",
            match effect {
                ShoveEffect::Push => "push",
                ShoveEffect::Prone => "prone",
            },
            if both { ", both on Hard" } else { "" }
        ),
        ReadyResponse::Grapple => "grapple".to_string(),
        ReadyResponse::Disarm => "disarm".to_string(),
    };
    let when = match trigger {
        ReadyTrigger::EnemyEntersReach => "an enemy enters reach".to_string(),
        ReadyTrigger::EnemyWithin { cells } => format!("an enemy comes within {cells}"),
    };
    let until = match until {
        ReadyUntil::NextTurn => "",
        ReadyUntil::RoundEnd => "; cancel at the end of the round",
    };
    format!("{what} when {when}{until}")
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
