//! Events: everything that happens in a battle, as one serializable enum.
//!
//! `Battle::apply` is the only code that changes state, and it does so only from events.
//! The kinds the events carry are beside the enum, re-exported here: checks and their
//! outcomes (`check.rs`), what pools are spent on and refilled for (`spend.rs`, with
//! [`Event::spent`] and [`Event::refilled`]), reaction windows (`reaction.rs`) and the
//! landed attack in flight (`hit.rs`).

pub mod hit;
use serde::{Deserialize, Serialize};

use crate::components::{Carried, ConditionKind, Duration, SideId, Stat, UnitId, Weapon};
use crate::dice::Roll;
use crate::grid::{Cell, GridKind};
use crate::pools::Pool;
use crate::vocab::RulesetId;

mod check;
mod reaction;
mod spend;
pub use check::{AttackKind, CheckPurpose, Fizzle, Outcome};
pub use reaction::*;
pub use spend::{Gain, Spend};

/// Everything that can happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The battle began.
    BattleStarted {
        /// Ruleset.
        ruleset: RulesetId,
        /// Grid.
        grid: GridKind,
        /// Seed of the RNG.
        seed: u64,
    },
    /// An initiative roll.
    Initiative {
        /// Who.
        unit: UnitId,
        /// The roll.
        roll: Roll,
    },
    /// The turn order for the battle.
    TurnOrder {
        /// Units first to last.
        order: Vec<UnitId>,
    },
    /// The turn order changed in the middle of a round (escalation: a unit let an ally of
    /// its band go first, delayed to a slower band, or kept its place after a readied
    /// action); the turn goes on at index `turn` of the new order.
    Reordered {
        /// Units first to last.
        order: Vec<UnitId>,
        /// Index of the turn in `order` now.
        turn: usize,
    },
    /// A round began.
    RoundStarted {
        /// Its number, from 1.
        round: u32,
    },
    /// A turn began: the unit's pools that refresh are set to these values
    /// ([`crate::pools::Pools::refreshed`]: those refreshed at its own turn start at their
    /// refill amount, those refreshed each round at most at it).
    TurnStarted {
        /// Whose.
        unit: UnitId,
        /// Each refreshed pool and what is left of it now, in pool order.
        pools: Vec<(Pool, i32)>,
    },
    /// `reactor` declared its answer `kind` in a declare-then-resolve step
    /// (`Frame::Declare`); it resolves, paid and logged as `Reacted`, once all have
    /// declared.
    Declared {
        /// Who.
        reactor: UnitId,
        /// Its answer.
        kind: ReactionKind,
    },
    /// A once-per right was used ([`crate::components::Once`]; the ledger keeps it for
    /// its stretch): what a ruleset records itself, such as a reaction against one
    /// creature ("not the same creature twice in a round").
    Marked {
        /// Who used it.
        unit: UnitId,
        /// Which right.
        once: crate::components::Once,
    },
    /// `unit` took something now that its next turn pays for: `amount` of `pool` is
    /// spent when its next turn starts (melee-zone: standing up on a foe's turn costs
    /// the next turn's Move action). See [`crate::battle::Battle::may_owe`].
    Owed {
        /// Who owes.
        unit: UnitId,
        /// From which pool of its next turn.
        pool: Pool,
        /// How much.
        amount: i32,
    },
    /// Something was paid out of a pool (AP, an action slot, FP decay, a lost slot).
    Spent {
        /// Who.
        unit: UnitId,
        /// Which pool.
        pool: Pool,
        /// How much (a floored pool stops at 0: [`Pool::floored`]).
        amount: i32,
        /// On what.
        on: Spend,
        /// What is left after (filled in by [`crate::battle::Battle::emit`]).
        left: i32,
    },
    /// A pool got something back (movement bought, a reaction regained, FP won).
    Refilled {
        /// Who.
        unit: UnitId,
        /// Which pool.
        pool: Pool,
        /// How much.
        amount: i32,
        /// Why.
        why: Gain,
        /// What is left after (filled in by [`crate::battle::Battle::emit`]).
        left: i32,
    },
    /// One step.
    Moved {
        /// Who.
        unit: UnitId,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
        /// Movement spent.
        cost: u32,
    },
    /// A reaction window opened.
    ReactionOffered {
        /// Who may react.
        reactor: UnitId,
        /// Why.
        trigger: Trigger,
        /// What they may do.
        options: Vec<ReactionKind>,
    },
    /// The reactor declined.
    ReactionDeclined {
        /// Who.
        reactor: UnitId,
    },
    /// A reaction was taken and paid for.
    Reacted {
        /// Who.
        reactor: UnitId,
        /// Which.
        kind: ReactionKind,
        /// What it paid (the alternative of the ruleset's
        /// [`crate::rulesets::Ruleset::reaction_cost`] that paid; empty when free).
        paid: Vec<(Pool, i32)>,
    },
    /// An attack roll.
    Attack {
        /// Who.
        attacker: UnitId,
        /// Whom.
        target: UnitId,
        /// Weapon name.
        weapon: String,
        /// Normal or reaction.
        kind: AttackKind,
        /// Dice and modifiers.
        roll: Roll,
        /// The number to reach (flow: roll at most this).
        target_number: i32,
        /// Result.
        outcome: Outcome,
        /// What makes up the number to reach (tactical-d20: the AC breakdown; flow
        /// defends with its own roll and leaves this empty).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        against: Vec<crate::dice::Modifier>,
    },
    /// A defence check against an attack (flow Dodge/Parry/Block).
    Defence {
        /// Who defends.
        unit: UnitId,
        /// Which reaction.
        kind: ReactionKind,
        /// Dice and modifiers.
        roll: Roll,
        /// The number to reach.
        target_number: i32,
        /// The defence's level.
        outcome: Outcome,
        /// The attack's level as compared (after size adjustments).
        against: Outcome,
        /// Did the defence win the opposed check?
        success: bool,
    },
    /// Damage dealt.
    Damage {
        /// Who takes it.
        unit: UnitId,
        /// Who deals it.
        source: Option<UnitId>,
        /// Dice and modifiers (crit multipliers are modifiers).
        roll: Roll,
        /// HP lost.
        amount: i32,
        /// HP after.
        hp_after: i32,
    },
    /// A combatant is out of the fight.
    Down {
        /// Who.
        unit: UnitId,
    },
    /// HP restored (healing, a rally, a recovery). It does not bring back a unit that
    /// is down: that is [`Event::Revived`].
    Healed {
        /// Who.
        unit: UnitId,
        /// HP gained.
        amount: i32,
        /// HP after.
        hp_after: i32,
    },
    /// A combatant that was down is back in the fight (a death save passed, a rally).
    Revived {
        /// Who.
        unit: UnitId,
    },
    /// A battle-level number of the ruleset changed (the escalation die).
    Counter {
        /// Which.
        counter: Counter,
        /// Its value now.
        value: i32,
    },
    /// A condition was added.
    ConditionAdded {
        /// Who.
        unit: UnitId,
        /// Which.
        kind: ConditionKind,
        /// How long.
        duration: Duration,
        /// Who caused it.
        source: Option<UnitId>,
    },
    /// A condition ended.
    ConditionRemoved {
        /// Who.
        unit: UnitId,
        /// Which.
        kind: ConditionKind,
        /// Only the one caused by this unit (`None`: every one of that kind).
        source: Option<UnitId>,
    },
    /// The surprising side acts alone in round 1.
    SurpriseRound {
        /// The surprising side.
        side: SideId,
    },
    /// A skill check that is not an attack or a defence.
    Check {
        /// Who rolls.
        unit: UnitId,
        /// What for.
        purpose: CheckPurpose,
        /// Dice and modifiers.
        roll: Roll,
        /// The number to reach.
        target_number: i32,
        /// The level reached.
        outcome: Outcome,
    },
    /// The result of an opposed check (both rolls are `Check` events before it).
    Contest {
        /// What for.
        purpose: CheckPurpose,
        /// Who started it.
        active: UnitId,
        /// Who resisted.
        passive: UnitId,
        /// Did the active side win (ties go to the passive side)?
        active_wins: bool,
    },
    /// Moved by something else (a shove, an intercepting ally): provokes nothing.
    Displaced {
        /// Who.
        unit: UnitId,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// A crit or fumble chain (`Battle::roll_chain`): one die of each size in turn,
    /// going on while each shows its highest face.
    Chain {
        /// Whose roll.
        unit: UnitId,
        /// Critical or fumble.
        kind: ChainKind,
        /// The sides of each die rolled, in order.
        dice: Vec<u32>,
        /// The faces.
        faces: Vec<u32>,
        /// How many showed their highest face (steps up the chain).
        steps: u32,
    },
    /// A move cut short while its mover stood on another unit's cell (passing an ally,
    /// then blocked, tripped or grappled there): the mover goes back along its path to
    /// the last cell it held alone. Provokes nothing and costs nothing.
    FellBack {
        /// Who.
        unit: UnitId,
        /// The shared cell.
        from: Cell,
        /// The cell it goes back to.
        to: Cell,
    },
    /// A carried item changed state (drawn, sheathed).
    CarryChanged {
        /// Whose.
        unit: UnitId,
        /// Loadout index.
        item: usize,
        /// Now.
        now: Carried,
    },
    /// An item fell to the ground.
    ItemDropped {
        /// Who lost it.
        unit: UnitId,
        /// Its loadout index.
        item: usize,
        /// The item.
        weapon: Weapon,
        /// Where it lies.
        cell: Cell,
    },
    /// An item was taken out of someone's hands.
    ItemTaken {
        /// Who takes it (it goes to the end of the loadout, held).
        unit: UnitId,
        /// From whom.
        from: UnitId,
        /// Its index in `from`'s loadout.
        item: usize,
    },
    /// An item was picked up from the ground (the first one lying on the cell).
    PickedUp {
        /// Who.
        unit: UnitId,
        /// Where.
        cell: Cell,
        /// Held (a hand was free) or stowed.
        now: Carried,
    },
    /// A unit readied an action (flow Ready Action).
    Readied {
        /// Who.
        unit: UnitId,
        /// What it waits for.
        #[serde(default)]
        trigger: crate::engine::ReadyTrigger,
        /// What it does then.
        #[serde(default)]
        response: crate::engine::ReadyResponse,
        /// How long it waits.
        #[serde(default)]
        until: crate::engine::ReadyUntil,
    },
    /// A readied action that never fired stops waiting (cancelled at the end of the round).
    ReadyCancelled {
        /// Who.
        unit: UnitId,
    },
    /// A readied action fired; the unit moves to just before `by` in the order.
    ReadyTriggered {
        /// Who acts.
        unit: UnitId,
        /// Who triggered it.
        by: UnitId,
    },
    /// A saving throw against a "save ends" condition.
    Save {
        /// Who saves.
        unit: UnitId,
        /// Against which condition.
        kind: ConditionKind,
        /// The d20.
        roll: Roll,
        /// The number to reach.
        target_number: i32,
        /// Did it end the condition?
        success: bool,
    },
    /// Turn-counted condition durations went down by one (end of the bearer's turn).
    ConditionsTicked {
        /// Whose.
        unit: UnitId,
    },
    /// tactical-d20 Command: words said (13 at most).
    Said {
        /// Who.
        unit: UnitId,
        /// What.
        text: String,
    },
    /// `unit` hides: undetected by its foes (the [`crate::components::Hidden`] marker a
    /// level's `hidden: true` starts it with) until it is [`Event::Revealed`]. A ruleset
    /// says when a unit may hide (melee-zone's Hide: out of every foe's sight).
    Hid {
        /// Who.
        unit: UnitId,
    },
    /// `unit` is hidden no more: `by` spotted it, or none when it gave itself away (it
    /// attacked).
    Revealed {
        /// Who.
        unit: UnitId,
        /// The foe that saw it, if one did.
        by: Option<UnitId>,
    },
    /// tactical-d20: the running total of bleed damage after a bleed.
    BleedTotal {
        /// Who.
        unit: UnitId,
        /// Total so far.
        total: i32,
    },
    /// tactical-d20 Sunder: damage dealt to an item.
    ItemDamaged {
        /// Whose item.
        unit: UnitId,
        /// Loadout index.
        item: usize,
        /// The damage roll (halved for sturdy items: a modifier).
        roll: Roll,
        /// Damage taken.
        amount: i32,
        /// Item HP after.
        hp_after: i32,
    },
    /// tactical-d20 Crippled: ability damage.
    AbilityDamage {
        /// Who.
        unit: UnitId,
        /// Which score.
        stat: Stat,
        /// The roll.
        roll: Roll,
    },
    /// A modifier on a stat, kept apart from the base score (wounds that heal, a lost
    /// bonus): `Battle::stats` reads base plus modifiers, `Battle::base_stats` the base.
    StatModified {
        /// Who.
        unit: UnitId,
        /// The modifier.
        modifier: crate::components::StatMod,
    },
    /// Every modifier of `cause` on `unit` ends (a wound healed).
    StatModsEnded {
        /// Who.
        unit: UnitId,
        /// Which cause.
        cause: crate::components::ModCause,
    },
    /// A spell is cast, an ability, a potion or an item used (paid; reactions to it and
    /// its effects follow).
    Cast {
        /// Who.
        unit: UnitId,
        /// Index into the unit's abilities.
        ability: usize,
        /// The ability's name.
        name: String,
        /// At what.
        at: crate::engine::CastAt,
    },
    /// A casting came to nothing.
    Fizzled {
        /// The caster.
        unit: UnitId,
        /// The ability's name.
        name: String,
        /// Why.
        why: Fizzle,
    },
    /// A unit appears mid-battle (a summon): it joins its summoner's side and takes its
    /// turns right after its summoner's, from this round on.
    Summoned {
        /// Its id (the next after every unit so far).
        unit: UnitId,
        /// Its name (unique in the battle).
        name: String,
        /// Its archetype (the level's `summons` template).
        archetype: String,
        /// Its side.
        side: crate::components::SideId,
        /// Where it appears.
        cell: crate::grid::Cell,
        /// Who summoned it.
        by: UnitId,
    },
    /// A cell's terrain changes (an ability's terrain effect).
    TerrainChanged {
        /// Which cell.
        cell: crate::grid::Cell,
        /// What it was.
        from: crate::level::Terrain,
        /// What it is now.
        to: crate::level::Terrain,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        unit: UnitId,
    },
    /// A round ended.
    RoundEnded {
        /// Which.
        round: u32,
    },
    /// Nobody took damage or went down for this many whole rounds: the battle ends in a
    /// draw (the level's `stalemate_rounds`).
    Stalemate {
        /// How many rounds.
        rounds: u32,
    },
    /// A side flees the battle together (escalation's Flee: a Campaign Loss); the battle
    /// ends with the other side holding the field.
    Fled {
        /// The side that flees.
        side: SideId,
    },
    /// The battle is over.
    BattleEnded {
        /// The side left standing, if any.
        winner: Option<SideId>,
    },
}

/// An event with the round it happened in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// Round (0 before the first round).
    pub round: u32,
    /// The event.
    pub event: Event,
}

/// Which way a [`Event::Chain`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChainKind {
    /// A natural 20: super critical on each highest face.
    Critical,
    /// A natural 1: tragedy on each highest face.
    Fumble,
}
