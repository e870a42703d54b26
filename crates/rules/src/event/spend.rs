//! What a pool's points are spent on ([`Spend`]) and why a pool is refilled
//! ([`Gain`]), with the constructors of the events that say so ([`Event::spent`],
//! [`Event::refilled`]).

use serde::{Deserialize, Serialize};

use super::Event;
use crate::components::{ConditionKind, UnitId};
use crate::pools::Pool;

/// What a point was spent on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spend {
    /// Movement.
    Move,
    /// Committed to a reaction's answer (`Command::React`'s `commit`).
    Commit,
    /// Paid at the start of the unit's turn for what it did before it, on credit
    /// ([`Event::Owed`]).
    Owed,
    /// An attack.
    Attack,
    /// flow: Take a Step.
    Step,
    /// flow: Feint.
    Feint,
    /// flow: Shove.
    Shove,
    /// flow: Grapple.
    Grapple,
    /// flow: keeping a grapple up (2 AP each round).
    MaintainGrapple,
    /// flow: Disarm.
    Disarm,
    /// flow: Draw a weapon or item.
    Draw,
    /// flow: Sheathe a weapon or item.
    Sheathe,
    /// flow: pick an item up from the ground (drawing it).
    PickUp,
    /// flow: Flow State.
    FlowState,
    /// flow: Total Defense.
    TotalDefense,
    /// flow: Tumble Through.
    Tumble,
    /// flow: standing up from prone.
    StandUp,
    /// tactical-d20: going prone on purpose.
    DropProne,
    /// tactical-d20: Dash.
    Dash,
    /// tactical-d20: Defend.
    Defend,
    /// tactical-d20: Assist.
    Assist,
    /// tactical-d20: Sunder.
    Sunder,
    /// tactical-d20: Trip.
    Trip,
    /// tactical-d20: Push.
    Push,
    /// tactical-d20: Charge.
    Charge,
    /// tactical-d20: Concentrate.
    Concentrate,
    /// tactical-d20: Guard.
    Guard,
    /// tactical-d20: Jump.
    Jump,
    /// tactical-d20: Overrun.
    Overrun,
    /// tactical-d20: (Re-)Equip (draw, stow, pick up, hand over).
    Equip,
    /// tactical-d20: Focus.
    Focus,
    /// tactical-d20: Side Step.
    SideStep,
    /// tactical-d20: Command.
    Command,
    /// tactical-d20: Wait.
    Wait,
    /// tactical-d20: patching a bleeding wound.
    Patch,
    /// tactical-d20: the opposed check of a grapple in progress.
    GrappleCheck,
    /// tactical-d20: breaking free of a restraint.
    BreakFree,
    /// flow: Flow Points fading at the end of a turn.
    Decay,
    /// Casting a spell, using an ability, a potion or an item.
    Cast,
    /// A use of a potion or an item's charge.
    Use,
    /// tactical-d20: Spell Quantity for a counterspell.
    Counterspell,
    /// escalation: a Disengage check (paid whether it succeeds or not).
    Disengage,
    /// escalation: switching stance or weapon.
    Stance,
    /// escalation: Rally.
    Rally,
    /// escalation: stabilizing a dying ally.
    Stabilize,
    /// escalation: the Quick and Move actions spent alongside a Coup de Grace.
    CoupDeGrace,
    /// escalation: a recovery used to heal.
    Recovery,
    /// escalation: a failed death save.
    DeathSave,
    /// escalation: sustaining a power (its action type).
    Sustain,
    /// melee-zone: a bonus-action boost (+1 melee damage, +1 to hit, +1 dodge, +2
    /// movement); the boost itself is an `Event::Marked` of `Once::Own`.
    Boost,
    /// Nothing: taken by a wound (melee-zone: a Weakening wound's Bonus Action each turn,
    /// the Free Hit Slots a wounded Agility no longer gives).
    Wound,
    /// Hiding out of every foe's sight (melee-zone's Hide); the hiding itself is an
    /// `Event::Hid`.
    Hide,
    /// Nothing: the pool is lost to a condition (tactical-d20: Restrained and Writhing
    /// lose the Move action; a tied grapple check loses every action).
    Lost(ConditionKind),
}

impl Spend {
    /// Is it a price paid for something the unit does (not a decay or a loss)?
    pub fn is_paid(self) -> bool {
        !matches!(self, Spend::Decay | Spend::Lost(_) | Spend::Wound)
    }
}

/// Why a pool was refilled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gain {
    /// Bought with another pool (movement bought with AP or a Move action).
    Bought,
    /// Given back by a rule (a critical defence, Total Defense, a Wait, a new round's
    /// Reaction).
    Regained,
    /// flow FP: the start of combat.
    Start,
    /// flow FP: an attack hit.
    Hit,
    /// flow FP: an attack crit.
    Crit,
    /// flow FP: a successful reaction.
    Reaction,
    /// flow FP: a killing blow.
    Kill,
    /// Given by an ability's `Grant` effect.
    Granted,
}

impl Event {
    /// `amount` of `pool` paid by `unit` on `on` (its `left` is filled in when emitted).
    pub fn spent(unit: UnitId, pool: Pool, amount: i32, on: Spend) -> Event {
        Event::Spent {
            unit,
            pool,
            amount,
            on,
            left: 0,
        }
    }

    /// `amount` of `pool` given back to `unit` (its `left` is filled in when emitted).
    pub fn refilled(unit: UnitId, pool: Pool, amount: i32, why: Gain) -> Event {
        Event::Refilled {
            unit,
            pool,
            amount,
            why,
            left: 0,
        }
    }
}
