//! Frames (pending pieces of resolution), hits and reaction windows.

use serde::{Deserialize, Serialize};

use super::*;
use crate::components::UnitId;
use crate::event::{AttackKind, Outcome, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::rulesets::RulesetFrame;

/// A pending piece of resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Continue a move: step from `path[next - 1]` to `path[next]`.
    Move {
        /// Who.
        unit: UnitId,
        /// Whole path, start included.
        path: Vec<Cell>,
        /// Next index.
        next: usize,
        /// Paid and provoking how.
        #[serde(default)]
        mode: MoveMode,
    },
    /// One step, after reactions to leaving `from` resolved.
    Step {
        /// Who.
        unit: UnitId,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
        /// Paid from the turn's movement?
        #[serde(default = "yes")]
        paid: bool,
    },
    /// Offer a reaction opportunity.
    Offer {
        /// Who may react.
        reactor: UnitId,
        /// Why.
        trigger: Trigger,
        /// tactical-d20: the cell the mover steps to (Pursuit is offered when it lies
        /// outside the reactor's threatened area).
        #[serde(default)]
        to: Option<Cell>,
    },
    /// Roll an attack.
    Attack {
        /// Who.
        attacker: UnitId,
        /// Whom.
        target: UnitId,
        /// Loadout index.
        weapon: usize,
        /// Normal or reaction.
        kind: AttackKind,
        /// What a hit does.
        #[serde(default)]
        effect: HitEffect,
    },
    /// A successful attack roll: offer Intercept to allies, then defences, then damage.
    Hit(Hit),
    /// Stand up after reactions to standing up resolved.
    StandUp {
        /// Who.
        unit: UnitId,
    },
    /// The damage of a hit, in three steps: roll it (`Ruleset::roll_damage`; a
    /// `HitEffect::Slay` takes every HP left, no roll), offer the target an answer knowing
    /// the amount (`Ruleset::damage_answers`), then deal it (`DealDamage`).
    Damage {
        /// The hit.
        hit: Hit,
        /// Damage multiplier (2 crit, 3 crit against a critically failed defence).
        mult: i32,
    },
    /// Deal a rolled amount of damage (`Ruleset::deal_damage`), after the target's answer
    /// to it, if it had one.
    DealDamage {
        /// The hit.
        hit: Hit,
        /// The damage roll (an answer may have changed it).
        roll: crate::dice::Roll,
    },
    /// A casting goes off, after the reactions it provoked (`Battle::queue_cast`): unless
    /// it was countered, its caster is down, or the ruleset says the reactions disrupted
    /// it (`hp` was the caster's HP when it began), its targets are found and rolled for.
    Cast {
        /// Who.
        caster: UnitId,
        /// Index into the caster's abilities.
        ability: usize,
        /// Aimed at.
        at: CastAt,
        /// The caster's HP when the casting began.
        hp: i32,
        /// Countered (a counterspell succeeded): it goes off with no effect.
        #[serde(default)]
        countered: bool,
    },
    /// A target saves against an ability (`Ruleset::ability_save`), then its effects or
    /// its `on_miss` follow.
    AbilitySave {
        /// Who casts.
        caster: UnitId,
        /// Index into the caster's abilities.
        ability: usize,
        /// Who saves.
        target: UnitId,
    },
    /// An ability's effects on one target: `effects` when `landed`, else `on_miss`;
    /// damage dice times `mult` (a critical hit).
    Effects {
        /// Who casts.
        caster: UnitId,
        /// Index into the caster's abilities.
        ability: usize,
        /// On whom.
        target: UnitId,
        /// Hit or failed save (`effects`), or miss / saved (`on_miss`).
        landed: bool,
        /// Damage dice multiplier.
        mult: i32,
    },
    /// A frame only one ruleset queues (flow's intercept offers and defences,
    /// tactical-d20's leaps and pursuits; `rulesets/<id>/vocabulary.rs`): the engine hands
    /// it to the battle's ruleset (`Ruleset::frame`), or refuses another ruleset's with
    /// [`super::foreign_frame`].
    Ruleset(RulesetFrame),
}

impl From<RulesetFrame> for Frame {
    fn from(f: RulesetFrame) -> Frame {
        Frame::Ruleset(f)
    }
}

fn yes() -> bool {
    true
}

/// A successful attack waiting for defence and damage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// Who.
    pub attacker: UnitId,
    /// Whom.
    pub target: UnitId,
    /// Loadout index.
    pub weapon: usize,
    /// Normal or reaction.
    pub kind: AttackKind,
    /// The attack's level.
    pub level: Outcome,
    /// The natural roll of the attack (the kept dice before modifiers): what crit and
    /// fumble rules read.
    #[serde(default)]
    pub natural: i32,
    /// What the hit does when it lands.
    #[serde(default)]
    pub effect: HitEffect,
}

/// What a landed hit does.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum HitEffect {
    /// Roll the weapon's damage.
    #[default]
    Damage,
    /// Roll the weapon's damage; the attack was aimed here (`Command::Attack`'s `aim`).
    Aimed(Aim),
    /// An ability's attack (a spell attack): a landed hit applies the ability's effects
    /// (index into the attacker's abilities), a miss its `on_miss`.
    Ability(usize),
    /// Slain outright, no damage roll (melee-zone's decisive super critical): the
    /// damage is every HP the target has left.
    Slay,
    /// flow Disarm: the target drops an item.
    Disarm {
        /// The target's item.
        item: usize,
        /// Where the attacker sends it on a Hard success or better (`None`: take it).
        send: Option<Cell>,
    },
}

/// An open reaction window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Who decides.
    pub reactor: UnitId,
    /// Why.
    pub trigger: Trigger,
    /// Allowed choices (declining is always allowed).
    pub options: Vec<ReactionKind>,
    /// The hit being defended against, for defence windows.
    pub hit: Option<Hit>,
    /// What resolution continues with if the reactor declines.
    pub on_decline: Vec<Frame>,
}
