//! The vocabulary of commands: what a controller asks for, the common actions, and the
//! shared types of readied actions and moves.

use serde::{Deserialize, Serialize};

use crate::components::{Slot, UnitId};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::rulesets::Action;

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
        /// Where the attack is aimed (melee-zone's aimed wounds); `None`: not aimed.
        /// Only a ruleset that lists the aim (`Ruleset::aims`) takes it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aim: Option<Aim>,
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
    /// A special action: a common one or one of the battle's ruleset (flow: Take a Step,
    /// Feint, Shove, Grapple, ...; another ruleset's is refused).
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

/// The actions every ruleset means the same way, with the same fields: the window's draw
/// and sheathe buttons build them for any ruleset, and the engine's `StandUp` frame is
/// what standing up does. What each costs, and whether a ruleset has it at all, is the
/// ruleset's ([`crate::rulesets::Ruleset::check_action`] refuses one it does not take).
/// A ruleset's own actions are in its folder (`rulesets/<id>/vocabulary.rs`); [`Action`]
/// holds either.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommonAction {
    /// Draw a stowed item.
    Draw {
        /// Loadout index.
        item: usize,
    },
    /// Sheathe (stow) a held item.
    Sheathe {
        /// Loadout index.
        item: usize,
    },
    /// Pick up the item lying on one's own cell.
    PickUp,
    /// Stand up from prone (queues the engine's `StandUp` frame; provokes reactions).
    StandUp,
    /// Cast a spell, use an ability, drink a potion, use an item: the unit's ability at
    /// `ability` (index into its abilities), aimed `at`.
    Cast {
        /// Index into the unit's abilities.
        ability: usize,
        /// At what.
        at: CastAt,
    },
}

impl CommonAction {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match self {
            CommonAction::Draw { .. } => "Draw",
            CommonAction::Sheathe { .. } => "Sheathe",
            CommonAction::PickUp => "Pick Up",
            CommonAction::StandUp => "Stand Up",
            CommonAction::Cast { .. } => "Cast",
        }
    }
}

/// What an ability is aimed at (`CommonAction::Cast`): what its targeting asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CastAt {
    /// The user itself (`Targeting::User`).
    User,
    /// One creature (`Targeting::One`).
    Unit(UnitId),
    /// Several creatures (`Targeting::Several`), at most its count.
    Units(Vec<UnitId>),
    /// A cell: an area's aim (`Targeting::Area`) or a cell (`Targeting::Cell`).
    Cell(Cell),
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

/// The two effects of a Shove (flow's Shove; a readied response of either ruleset).
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
    /// An enemy within `cells` of the unit starts casting a spell or using an ability,
    /// a potion or an item (flow's example trigger "when the wizard starts casting"):
    /// the response comes before it goes off.
    EnemyCasts {
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
    /// escalation: use one of the unit's powers (index into its abilities; its action
    /// type is the one readied), at the triggering enemy when it is hostile, else at the
    /// unit itself.
    Power {
        /// Index into the unit's abilities.
        ability: usize,
    },
    /// escalation: switch stance (a Quick action).
    SwitchStance,
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
        ReadyResponse::Power { ability } => format!("use power #{ability}"),
        ReadyResponse::SwitchStance => "switch stance".to_string(),
    };
    let when = match trigger {
        ReadyTrigger::EnemyEntersReach => "an enemy enters reach".to_string(),
        ReadyTrigger::EnemyWithin { cells } => format!("an enemy comes within {cells}"),
        ReadyTrigger::EnemyCasts { cells } => format!("an enemy within {cells} casts"),
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

/// Where an attack is aimed (melee-zone's "Wounds/Aiming": a wound of 6 or more damage
/// has the aim's effect). Carried by the hit as `HitEffect::Aimed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Aim {
    /// Throat, heart or head ("Fatal Targets").
    Vital,
    /// Legs or feet ("Slowing Targets").
    Legs,
    /// Arms ("Weakening Targets").
    Arms,
    /// Eyes, ears, nose or hands ("Disrupting Targets").
    Senses,
    /// The centre mass: no wound, +1 to hit.
    CentreMass,
}
