//! The plain vocabulary every layer shares: which ruleset a battle plays
//! ([`RulesetId`]), what a cell is made of ([`Terrain`]) and the parts of commands
//! ([`CastAt`], [`MoveMode`], [`ShoveEffect`], the `Ready*` family, [`Aim`]). A leaf:
//! it names nothing above the grid and the components, so levels, events, the engine
//! and the rulesets can all use it without reaching up.

use serde::{Deserialize, Serialize};

use crate::components::UnitId;
use crate::grid::Cell;

mod directions;
mod ruleset_id;

pub use directions::direction_name;
pub use ruleset_id::RulesetId;

/// What a cell is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Terrain {
    /// Open ground.
    #[default]
    Floor,
    /// Blocks movement.
    Wall,
    /// Costs double movement.
    Difficult,
    /// Raised ground: normal movement; tactical-d20 gives +4 against lower foes.
    High,
    /// A low wall or barricade: blocks movement, not sight; gives cover (+4 AC in
    /// tactical-d20); can be jumped (5 ft up).
    Low,
    /// A gap or pit: blocks movement, not sight; can be jumped across.
    Pit,
}

impl Terrain {
    /// Every terrain, in declaration order (checked against serde's names by the test
    /// `explain::terrain_all_is_complete`).
    pub const ALL: [Terrain; 6] = [
        Terrain::Floor,
        Terrain::Wall,
        Terrain::Difficult,
        Terrain::High,
        Terrain::Low,
        Terrain::Pit,
    ];

    /// What players call it.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Floor => "floor",
            Terrain::Wall => "wall",
            Terrain::Difficult => "difficult terrain",
            Terrain::High => "high ground",
            Terrain::Low => "low wall",
            Terrain::Pit => "pit",
        }
    }

    /// Can a unit stand here?
    pub fn standable(self) -> bool {
        self.cost().is_some()
    }

    /// Movement cost to enter, `None` when impassable.
    pub fn cost(self) -> Option<u32> {
        match self {
            Terrain::Floor | Terrain::High => Some(1),
            Terrain::Difficult => Some(2),
            Terrain::Wall | Terrain::Low | Terrain::Pit => None,
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
    /// Use one of the unit's abilities (index into its abilities): escalation's powers
    /// (its action type is the one readied), tactical-d20's spells, abilities, potions
    /// and items (a Standard action). Aimed at the triggering enemy when it is hostile,
    /// else at the unit itself (an area or a cell: the enemy's cell in tactical-d20).
    Power {
        /// Index into the unit's abilities.
        ability: usize,
    },
    /// escalation: switch stance (a Quick action).
    SwitchStance,
    /// tactical-d20: Defend (+3 AC and saves until the unit's next turn).
    Defend,
    /// tactical-d20: Assist the ally named (+4 AC, saves and d20 rolls until the unit's
    /// next turn), if it is then within the unit's threatened range.
    Assist {
        /// The ally helped.
        ally: UnitId,
    },
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

/// A readied action in words: "attack when an enemy enters reach", "move to (3, 2) when
/// an enemy comes within 6; cancel at the end of the round", "use ability #1 when …",
/// "assist unit #2 when …" (the log names the ability and the ally:
/// [`ready_words_named`]).
pub fn ready_words(trigger: ReadyTrigger, response: ReadyResponse, until: ReadyUntil) -> String {
    ready_words_named(trigger, response, until, |_| None, |_| None)
}

/// [`ready_words`] with the names a caller holding the battle knows: `ability` names
/// the readying unit's ability `i` ("use Magic Missile when …"), `unit` a unit ("assist
/// Birch when …"); `None` keeps the number.
pub fn ready_words_named(
    trigger: ReadyTrigger,
    response: ReadyResponse,
    until: ReadyUntil,
    ability: impl Fn(usize) -> Option<String>,
    unit: impl Fn(UnitId) -> Option<String>,
) -> String {
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
        ReadyResponse::Power { ability: i } => {
            format!(
                "use {}",
                ability(i).unwrap_or_else(|| format!("ability #{i}"))
            )
        }
        ReadyResponse::SwitchStance => "switch stance".to_string(),
        ReadyResponse::Defend => "defend".to_string(),
        ReadyResponse::Assist { ally } => format!(
            "assist {}",
            unit(ally).unwrap_or_else(|| format!("unit #{}", ally.0))
        ),
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
