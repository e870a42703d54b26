//! Frames (pending pieces of resolution), hits and reaction windows.

use serde::{Deserialize, Serialize};

use super::*;
use crate::components::UnitId;
pub use crate::event::hit::{Hit, HitEffect};
use crate::event::{AttackKind, ReactionKind, Trigger};
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
    /// Declare, then resolve: each of `reactors` in turn is offered the ruleset's options
    /// for `trigger` and declares an answer (or none) without it taking effect; when all
    /// have declared, the answers resolve by the ruleset's order of kinds
    /// ([`crate::rulesets::Ruleset::resolve_order`]) and by initiative within a kind
    /// (`Frame::Resolve`). For several reactors, allies of the target included
    /// (counters: every counter declared before any resolves).
    Declare {
        /// What they answer.
        trigger: Trigger,
        /// Who is still to declare, in order.
        reactors: Vec<UnitId>,
        /// What has been declared so far.
        #[serde(default)]
        declared: Vec<Declared>,
    },
    /// One declared answer, resolving now: paid, logged as `Reacted`, carried out by the
    /// ruleset's `answer`.
    Resolve {
        /// What it answers.
        trigger: Trigger,
        /// The declaration.
        declared: Declared,
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
        /// The first effect still to apply (after a damage window paused them).
        #[serde(default)]
        from: usize,
        /// The target has been offered its answer to the spell landing
        /// (`Trigger::SpellLanding`).
        #[serde(default)]
        asked: bool,
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

/// An interception a move may meet ([`Battle::interceptions_along`]): stepping from
/// `from` to `to` brings the mover next to `ally`, and `reactor` may stop it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interception {
    /// The cell the mover leaves (where an interception sends it back).
    pub from: Cell,
    /// The cell whose entering may be intercepted.
    pub to: Cell,
    /// Who may intercept.
    pub reactor: UnitId,
    /// The reactor's ally the mover comes at.
    pub ally: UnitId,
}

/// A reaction attack a move may provoke ([`Battle::provoked_along`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provoked {
    /// The cell whose leaving provokes it.
    pub from: Cell,
    /// Who would attack.
    pub reactor: UnitId,
    /// With which weapon (its best that reaches).
    pub weapon: usize,
}

/// One part of what a reactor may commit on top of a reaction's price
/// ([`crate::rulesets::Ruleset::commit_range`]): counters' Block takes skill dice or
/// unspent movement (one part, two pools), its Dig In more movement (a second part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitPart {
    /// What the part is called in the prompt ("Block", "Dig In").
    pub label: &'static str,
    /// The pools that may pay it, in any mix.
    pub pools: Vec<crate::pools::Pool>,
    /// The most the part takes, its pools together.
    pub max: u32,
    /// The least it takes when committed to with nothing in any other part; 0: any
    /// amount (counters' Dig In alone: 10 ft, for "1+ SD … or 10ft or more of unspent
    /// movement").
    pub alone_least: u32,
}

/// An answer declared in a [`Frame::Declare`] step, waiting to resolve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    /// Who answers.
    pub reactor: UnitId,
    /// With what.
    pub kind: ReactionKind,
    /// What it commits on top (checked when declared).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commits: Vec<super::Commit>,
}
