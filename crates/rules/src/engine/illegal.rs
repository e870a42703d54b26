//! Why a command is refused.

use crate::dice::ForcedFaceError;
use crate::grid::Cell;

/// Why a command is not legal. Nothing changed when a command is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The battle is over.
    #[error("the battle is over")]
    BattleOver,
    /// No such unit.
    #[error("there is no unit with id {0}")]
    UnknownUnit(u32),
    /// Someone else is acting.
    #[error("it is {current}'s turn, not {unit}'s")]
    NotYourTurn {
        /// Who asked.
        unit: String,
        /// Whose turn it is.
        current: String,
    },
    /// A reaction must be answered first.
    #[error("{0} must first answer the open reaction")]
    AwaitingReaction(String),
    /// No reaction is being asked for.
    #[error("no reaction is being offered")]
    NoWindow,
    /// The choice was not among the options.
    #[error("{choice} is not an option here (options: {options})")]
    NotOffered {
        /// Chosen.
        choice: String,
        /// Offered.
        options: String,
    },
    /// The unit is out of the fight.
    #[error("{0} is down")]
    Down(String),
    /// Off the map or into a wall.
    #[error("{0} is not a cell one can stand on")]
    BadCell(Cell),
    /// Already standing there.
    #[error("{0} is already there")]
    AlreadyThere(String),
    /// Someone stands there.
    #[error("{cell} is occupied by {by}")]
    Occupied {
        /// The cell.
        cell: Cell,
        /// By whom.
        by: String,
    },
    /// No path.
    #[error("no path to {0}: walls or enemies are in the way")]
    NoPath(Cell),
    /// Path too long for the budget (`budget` counts what is left and what the unit's
    /// unspent actions would buy).
    #[error(
        "{to} costs {cost} movement; {unit} can move {budget} more this turn (what is left \
         and what its unspent actions can buy)"
    )]
    TooFar {
        /// Who.
        unit: String,
        /// Where.
        to: Cell,
        /// Cost of the path.
        cost: u32,
        /// What is available.
        budget: u32,
    },
    /// A cell beyond what one action covers, whatever movement is left.
    #[error("{action} reaches at most {max} ({why}); {to} is {distance} away")]
    OutOfReach {
        /// The action.
        action: &'static str,
        /// The cell asked for.
        to: Cell,
        /// How far it is.
        distance: u32,
        /// The most the action covers.
        max: u32,
        /// Where the limit comes from ("half of Tum's speed 6").
        why: String,
    },
    /// Not enough AP.
    #[error("needs {need} AP, {unit} has {have}")]
    NotEnoughAp {
        /// Who.
        unit: String,
        /// Needed.
        need: i32,
        /// Left.
        have: i32,
    },
    /// Same side.
    #[error("{0} is an ally")]
    Ally(String),
    /// Attacking oneself.
    #[error("a unit cannot attack itself")]
    SelfTarget,
    /// No weapon fits.
    #[error("{unit} has no weapon that can reach {target} ({why})")]
    NoWeapon {
        /// Who.
        unit: String,
        /// Whom.
        target: String,
        /// Why not.
        why: String,
    },
    /// A once-per-round action was already used.
    #[error("{unit} has already used {action} this round")]
    OncePerRound {
        /// Who.
        unit: String,
        /// What.
        action: &'static str,
    },
    /// Needs to stand next to the target.
    #[error("{unit} must stand next to {target}")]
    NotAdjacent {
        /// Who.
        unit: String,
        /// Whom.
        target: String,
    },
    /// The target is too big for this action.
    #[error("{target} is too large for {action}")]
    TooLarge {
        /// Whom.
        target: String,
        /// What.
        action: &'static str,
    },
    /// No room on the far side.
    #[error("{0} is not free to land on")]
    NoRoom(Cell),
    /// Not enough free hands.
    #[error("{unit} needs {need} free hand(s) and has {free}")]
    Hands {
        /// Who.
        unit: String,
        /// Needed.
        need: u32,
        /// Free.
        free: u32,
    },
    /// The item is not in the state the action needs.
    #[error("{unit}'s {item} is {state}")]
    ItemState {
        /// Whose.
        unit: String,
        /// Which.
        item: String,
        /// Its state ("not held", "already held", "lost").
        state: &'static str,
    },
    /// No such item.
    #[error("{unit} has no item #{item}")]
    NoItem {
        /// Whose.
        unit: String,
        /// Index.
        item: usize,
    },
    /// Nothing to pick up.
    #[error("nothing lies on {0}")]
    NothingHere(Cell),
    /// A condition forbids the action.
    #[error("{unit} is {condition}: {why}")]
    Condition {
        /// Who.
        unit: String,
        /// Which condition ("prone", "grappled", ...).
        condition: &'static str,
        /// What it forbids.
        why: &'static str,
    },
    /// The action needs a condition the unit does not have.
    #[error("{unit} is not {condition}")]
    NotInCondition {
        /// Who.
        unit: String,
        /// Which.
        condition: &'static str,
    },
    /// The ruleset has no such action.
    #[error("{ruleset} has no such action as {action}{instead}")]
    NoSuchAction {
        /// Ruleset id.
        ruleset: &'static str,
        /// The action.
        action: &'static str,
        /// What the ruleset offers in its place, as a clause ("; its way of waiting is
        /// …"), or "".
        instead: &'static str,
    },
    /// No action slot left to pay for the action (tactical-d20).
    #[error("{unit} has no {slot} action left for {action}")]
    NoSlot {
        /// Who.
        unit: String,
        /// What.
        action: &'static str,
        /// The slot type needed.
        slot: &'static str,
    },
    /// No alternative of a cost is affordable ([`crate::battle::Battle::pay`]).
    #[error("{unit} cannot pay {cost} (has {has})")]
    CannotPay {
        /// Who.
        unit: String,
        /// The cost in words ("1 skill die or 2 movement").
        cost: String,
        /// What the unit has of the pools the cost names ("0 skill dice, 1 movement").
        has: String,
    },
    /// A rule of the action is not met (its reason says which).
    #[error("{unit} cannot do that: {why}")]
    Cannot {
        /// Who.
        unit: String,
        /// Why not.
        why: String,
    },
    /// The target is hidden in cover.
    #[error("{0} is hidden in cover and cannot be targeted from afar")]
    Hidden(String),
    /// A Command longer than 13 words.
    #[error("a Command has at most 13 words; this one has {0}")]
    TooManyWords(usize),
    /// A forced die did not fit.
    #[error("{0}")]
    Dice(#[from] ForcedFaceError),
}
