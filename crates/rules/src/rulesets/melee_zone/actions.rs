//! melee-zone's actions: standing up (AA, MA or BA; on a foe's turn on the credit of the
//! next turn's action the unit chooses), disengaging (1 AA or 2 BA), the bonus-action boosts,
//! delaying within the round and fleeing by an exit.

use crate::battle::Battle;
use crate::components::{ConditionKind, Once, Pool, Slot, UnitId};
use crate::engine::{Action, CommonAction, Illegal};
use crate::event::{Event, Gain, Spend};

use super::MeleeZoneAction;
use super::numbers::{Boost, SPRINT, boosted};

/// What a unit says as it flees by an exit (logged before it goes `Down`).
pub const FLEE_WORDS: &str = "flees the battle by the exit";

/// Did `u` flee the battle by an exit (out of the fight without falling)? Its Flee is
/// logged as `Said` ([`FLEE_WORDS`]) then `Down`; a unit that has fled never comes back.
pub fn fled(b: &Battle, u: UnitId) -> bool {
    !b.alive(u)
        && b.log().iter().any(
            |l| matches!(&l.event, Event::Said { unit, text } if *unit == u && text == FLEE_WORDS),
        )
}

fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).into(),
        why: why.into(),
    }
}

fn no_slot(b: &Battle, u: UnitId, action: &'static str, slot: &'static str) -> Illegal {
    Illegal::NoSlot {
        unit: b.name(u).into(),
        action,
        slot,
    }
}

/// The slot Stand Up takes on the unit's own turn: a Bonus Action, else the Move Action,
/// else the Attack Action ("1 Attack Action (AA), 1 Move Action (MA), or 1 Bonus Action
/// (BA)"; the cheapest first).
pub fn stand_up_slot(b: &Battle, u: UnitId) -> Option<Slot> {
    [Slot::Bonus, Slot::Move, Slot::Attack]
        .into_iter()
        .find(|&s| b.slots(u, s) > 0)
}

/// May `u` owe `slot` from its next turn to stand up on another unit's turn? "If there
/// are no actions remaining from your next turn, you cannot stand up": what is owed
/// already and the Bonus Actions its Weakening wounds take count against that turn.
pub fn may_owe_slot(b: &Battle, u: UnitId, slot: Slot) -> Result<(), Illegal> {
    if !matches!(slot, Slot::Attack | Slot::Move | Slot::Bonus) {
        return Err(cannot(
            b,
            u,
            "it stands up with an Attack, Move or Bonus Action",
        ));
    }
    let taken = if slot == Slot::Bonus {
        super::wounds::bonus_taken(b, u)
    } else {
        0
    };
    b.may_owe(u, Pool::Slot(slot), 1 + taken)
}

/// The action the common Stand Up owes on another unit's turn: the next turn's Bonus
/// Action, else its Move Action, else its Attack Action (the cheapest it still has).
pub fn stand_up_owed(b: &Battle, u: UnitId) -> Option<Slot> {
    [Slot::Bonus, Slot::Move, Slot::Attack]
        .into_iter()
        .find(|&s| may_owe_slot(b, u, s).is_ok())
}

/// Is `a` a stand-up (the common one or melee-zone's with a chosen action)?
pub fn is_stand_up(a: &Action) -> bool {
    matches!(
        a,
        Action::Common(CommonAction::StandUp)
            | Action::MeleeZone(MeleeZoneAction::StandUpWith { .. })
    )
}

/// Check a stand-up paid with `owe` (`None`: the unit's choice as the common Stand Up).
fn check_stand_up(b: &Battle, u: UnitId, owe: Option<Slot>) -> Result<(), Illegal> {
    if !b.has(u, ConditionKind::Prone) {
        return Err(cannot(b, u, "it is not prone"));
    }
    let own = b.current() == Some(u);
    match (own, owe) {
        (true, None) if stand_up_slot(b, u).is_none() => {
            Err(no_slot(b, u, "Stand Up", "Attack, Move or Bonus"))
        }
        (true, Some(s)) if b.slots(u, s) == 0 => Err(no_slot(b, u, "Stand Up", slot_word(s))),
        (true, _) => Ok(()),
        (false, Some(s)) => may_owe_slot(b, u, s),
        (false, None) => stand_up_owed(b, u).map(|_| ()).ok_or_else(|| {
            cannot(
                b,
                u,
                "its next turn has no Attack, Move or Bonus Action left to owe",
            )
        }),
    }
}

fn slot_word(s: Slot) -> &'static str {
    match s {
        Slot::Attack => "Attack",
        Slot::Move => "Move",
        _ => "Bonus",
    }
}

/// Carry out a checked stand-up: spend the slot on its own turn, owe it on another's.
fn stand_up(b: &mut Battle, u: UnitId, owe: Option<Slot>) {
    if b.current() == Some(u) {
        let slot = owe.or_else(|| stand_up_slot(b, u)).unwrap_or(Slot::Bonus);
        b.emit(Event::spent(u, Pool::Slot(slot), 1, Spend::StandUp));
    } else {
        let slot = owe.or_else(|| stand_up_owed(b, u)).unwrap_or(Slot::Bonus);
        b.emit(Event::Owed {
            unit: u,
            pool: Pool::Slot(slot),
            amount: 1,
        });
    }
    b.emit(Event::ConditionRemoved {
        unit: u,
        kind: ConditionKind::Prone,
        source: None,
    });
}

/// Has `u` spent nothing of its turn yet (so it may still Delay)?
fn untouched(b: &Battle, u: UnitId) -> bool {
    b.slots(u, Slot::Attack) == 1
        && b.slots(u, Slot::Move) == 1
        && b.slots(u, Slot::Bonus) == 2
        && b.move_left(u) == 0
}

/// The boost a boost action gives.
pub fn boost_of(a: &MeleeZoneAction) -> Option<Boost> {
    Some(match a {
        MeleeZoneAction::PowerStrike => Boost::Damage,
        MeleeZoneAction::SteadyAim => Boost::Hit,
        MeleeZoneAction::Evade => Boost::Dodge,
        MeleeZoneAction::Sprint => Boost::Move,
        _ => return None,
    })
}

/// May `u` take action `a` on another unit's turn? Only Stand Up ("even if it's not
/// currently your turn").
pub fn out_of_turn(a: &Action) -> bool {
    is_stand_up(a)
}

/// Is the action legal now?
pub fn check(b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
    if !b.alive(u) {
        return Err(Illegal::Down(b.name(u).into()));
    }
    let own = b.current() == Some(u);
    let m = match a {
        Action::Common(CommonAction::StandUp) => return check_stand_up(b, u, None),
        Action::MeleeZone(MeleeZoneAction::StandUpWith { owe }) => {
            return check_stand_up(b, u, Some(*owe));
        }
        Action::Common(CommonAction::Cast { ability, at }) => {
            return super::casting::check_cast(b, u, *ability, at);
        }
        Action::Common(c) if super::items::is_item(c) => return super::items::check(b, u, c),
        Action::Common(c) => {
            return Err(cannot(
                b,
                u,
                format!(
                    "melee-zone has no {} yet (wave 1: weapons stay in hand)",
                    c.name()
                ),
            ));
        }
        Action::MeleeZone(m) => m,
        _ => return Err(cannot(b, u, "not a melee-zone action")),
    };
    if !own {
        return Err(Illegal::NotYourTurn {
            unit: b.name(u).into(),
            current: b
                .current()
                .map(|c| b.name(c).to_string())
                .unwrap_or_default(),
        });
    }
    if let Some(k) = boost_of(m) {
        if b.slots(u, Slot::Bonus) == 0 {
            return Err(no_slot(b, u, m.name(), "Bonus"));
        }
        if boosted(b, u, k) {
            return Err(cannot(
                b,
                u,
                format!("it has {} already (each boost once a turn)", k.words()),
            ));
        }
        return Ok(());
    }
    match m {
        MeleeZoneAction::Disengage { bonus } => {
            if b.used(u, Once::Disengaged) {
                return Err(cannot(b, u, "it has disengaged this round already"));
            }
            if *bonus && b.slots(u, Slot::Bonus) < 2 {
                return Err(no_slot(b, u, "Disengage", "two Bonus"));
            }
            if !*bonus && b.slots(u, Slot::Attack) == 0 {
                return Err(no_slot(b, u, "Disengage", "Attack"));
            }
        }
        MeleeZoneAction::Delay { after } => {
            b.unit_checked(*after)?;
            if !untouched(b, u) {
                return Err(cannot(b, u, "it may delay only before spending anything"));
            }
            let order = b.order();
            let here = order.iter().position(|&x| x == u);
            let there = order.iter().position(|&x| x == *after);
            match (here, there) {
                (Some(h), Some(t)) if t > h && b.alive(*after) => {}
                _ => {
                    return Err(cannot(
                        b,
                        u,
                        "it may delay only until after a unit still to act this round",
                    ));
                }
            }
        }
        MeleeZoneAction::Toggle { ability } => super::casting::check_toggle(b, u, *ability)?,
        MeleeZoneAction::Hide => super::stealth::check_hide(b, u)?,
        MeleeZoneAction::Flee => {
            if !b.is_exit(b.pos(u)) {
                return Err(cannot(b, u, "it flees only from an exit cell"));
            }
            if b.slots(u, Slot::Move) == 0 {
                return Err(no_slot(b, u, "Flee", "Move"));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Carry out a checked action.
pub fn perform(b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
    check(b, u, &a)?;
    let m = match a {
        Action::Common(CommonAction::StandUp) => {
            stand_up(b, u, None);
            return Ok(());
        }
        Action::MeleeZone(MeleeZoneAction::StandUpWith { owe }) => {
            stand_up(b, u, Some(owe));
            return Ok(());
        }
        Action::Common(CommonAction::Cast { ability, at }) => {
            return super::casting::perform(b, u, ability, at);
        }
        Action::Common(c) if super::items::is_item(&c) => return super::items::perform(b, u, c),
        Action::MeleeZone(m) => m,
        _ => return Err(cannot(b, u, "not a melee-zone action")),
    };
    if let Some(k) = boost_of(&m) {
        b.emit(Event::spent(u, Pool::Slot(Slot::Bonus), 1, Spend::Boost));
        b.emit(Event::Marked {
            unit: u,
            once: k.once(),
        });
        if k == Boost::Move {
            b.emit(Event::refilled(
                u,
                Pool::Movement,
                SPRINT as i32,
                Gain::Granted,
            ));
        }
        return Ok(());
    }
    match m {
        MeleeZoneAction::Disengage { bonus } => {
            if bonus {
                b.emit(Event::spent(
                    u,
                    Pool::Slot(Slot::Bonus),
                    2,
                    Spend::Disengage,
                ));
            } else {
                b.emit(Event::spent(
                    u,
                    Pool::Slot(Slot::Attack),
                    1,
                    Spend::Disengage,
                ));
            }
            b.emit(Event::Marked {
                unit: u,
                once: Once::Disengaged,
            });
        }
        MeleeZoneAction::Delay { after } => {
            let mut order: Vec<UnitId> = b.order().to_vec();
            order.retain(|&x| x != u);
            let at = order
                .iter()
                .position(|&x| x == after)
                .map_or(order.len(), |i| i + 1);
            order.insert(at, u);
            let turn = b.turn;
            b.emit(Event::Reordered { order, turn });
            crate::engine::begin_current(b)?;
        }
        MeleeZoneAction::Toggle { ability } => super::casting::toggle(b, u, ability)?,
        MeleeZoneAction::Hide => super::stealth::hide(b, u),
        MeleeZoneAction::Flee => {
            b.emit(Event::spent(u, Pool::Slot(Slot::Move), 1, Spend::Move));
            b.emit(Event::Said {
                unit: u,
                text: FLEE_WORDS.into(),
            });
            b.emit(Event::Down { unit: u });
            b.check_victory();
        }
        _ => {}
    }
    Ok(())
}
