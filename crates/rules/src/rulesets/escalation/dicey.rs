//! escalation's Dicey Move (seed 001, "Special Actions › Dicey Moves"): vault the low
//! wall or leap the pit next to the unit, 3d6 against the obstacle's Difficulty; success
//! lands it beyond and gives the reward the level names for that spot
//! ([`crate::level::DiceySpot`]; without one, 1 Advantage on its next attack).

use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, Slot, UnitId};
use crate::engine::Illegal;
use crate::event::{CheckPurpose, Event, Outcome, Spend};
use crate::grid::Cell;
use crate::level::{DiceyReward, DiceyTarget, Terrain};
use crate::rulesets::ui::Choice;

use super::EscalationAction;
use super::actions::{may_move, pay};
use super::attack::d6s;

/// The difficulty of a Dicey Move over an obstacle ("a skill check against an
/// appropriate Difficulty for the environment"): a low wall 11, a pit 13 (a level's
/// dicey spot may name another).
pub fn dicey_difficulty(t: Terrain) -> Option<i32> {
    crate::level::default_dc(t)
}

/// A Dicey Move as checked: its Difficulty, its reward and who gets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceyPlan {
    /// The obstacle got over.
    pub over: Cell,
    /// 3d6 against this.
    pub dc: i32,
    /// What success gives.
    pub reward: DiceyReward,
    /// Who gets it (the mover for [`DiceyReward::Advantage`]; `None`: nobody is there to
    /// take a reward for someone else).
    pub target: Option<UnitId>,
}

fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).to_string(),
        why: why.into(),
    }
}

/// The obstacle a Dicey Move from where `u` stands to `to` gets over, if `to` is two
/// cells away in a straight line.
fn obstacle(b: &Battle, u: UnitId, to: Cell) -> Option<Cell> {
    let g = b.grid();
    // On the map and two away first: a line to a cell far off the map is as long as the
    // way there (and a distance to one near `i32::MIN` overflows).
    if !g.contains(to) || g.distance(b.pos(u), to) != 2 {
        return None;
    }
    let line = g.line(b.pos(u), to);
    (line.len() == 3).then(|| line[1])
}

/// The Difficulty and reward of getting over `over`: the level's dicey spot there, else
/// the terrain's Difficulty and 1 Advantage for the mover.
pub fn dicey_spot(b: &Battle, over: Cell) -> Option<(i32, DiceyReward)> {
    if let Some(s) = b.level().dicey.iter().find(|s| s.cell == over) {
        return Some((s.dc, s.reward.clone()));
    }
    Some((dicey_difficulty(b.terrain(over))?, DiceyReward::Advantage))
}

/// Who may take the reward of a Dicey Move by `u` landing on `to`: the units next to
/// `to` of the kind the reward is for, in level order (empty for the mover's own).
pub fn dicey_candidates(b: &Battle, u: UnitId, to: Cell, reward: &DiceyReward) -> Vec<UnitId> {
    let want = reward.target();
    if want == DiceyTarget::Mover {
        return Vec::new();
    }
    b.units()
        .filter(|&x| {
            x != u
                && b.alive(x)
                && b.grid().distance(b.pos(x), to) == 1
                && match want {
                    DiceyTarget::Ally => !b.enemies(u, x),
                    _ => b.enemies(u, x),
                }
        })
        .collect()
}

/// A Dicey Move to `to` for `target`: over the one low wall or pit between the unit and
/// `to` (two cells away in a straight line), onto a free cell; the reward's target next
/// to `to`, named when the reward is for someone else and anyone is there to take it.
pub fn dicey_plan(
    b: &Battle,
    u: UnitId,
    to: Cell,
    target: Option<UnitId>,
) -> Result<DiceyPlan, Illegal> {
    may_move(b, u)?;
    let Some(over) = obstacle(b, u, to) else {
        return Err(cannot(
            b,
            u,
            "a Dicey Move lands two cells away, straight over the obstacle next to it",
        ));
    };
    let Some((dc, reward)) = dicey_spot(b, over) else {
        return Err(cannot(
            b,
            u,
            format!("{over} is no low wall or pit to get over"),
        ));
    };
    let g = b.grid();
    if !g.contains(to) || !b.terrain(to).standable() {
        return Err(Illegal::BadCell(to));
    }
    if let Some(o) = b.unit_at(to, Some(u)) {
        return Err(Illegal::Occupied {
            cell: to,
            by: b.name(o).to_string(),
        });
    }
    let who = match reward.target() {
        DiceyTarget::Ally => "an ally",
        DiceyTarget::Enemy => "an enemy",
        DiceyTarget::Mover => "",
    };
    let candidates = dicey_candidates(b, u, to, &reward);
    let target = match (reward.target(), target) {
        (DiceyTarget::Mover, None) => Some(u),
        (DiceyTarget::Mover, Some(_)) => {
            return Err(cannot(
                b,
                u,
                format!(
                    "this Dicey Move gives {}: it names nobody else",
                    reward.words()
                ),
            ));
        }
        (_, Some(t)) => {
            b.unit_checked(t)?;
            if !candidates.contains(&t) {
                return Err(cannot(
                    b,
                    u,
                    format!(
                        "{} is not {who} next to {to} (the spot gives {})",
                        b.name(t),
                        reward.words()
                    ),
                ));
            }
            Some(t)
        }
        (_, None) if candidates.is_empty() => None,
        (_, None) => {
            let names: Vec<&str> = candidates.iter().map(|&c| b.name(c)).collect();
            return Err(cannot(
                b,
                u,
                format!("name {who} for {}: {}", reward.words(), names.join(", ")),
            ));
        }
    };
    Ok(DiceyPlan {
        over,
        dc,
        reward,
        target,
    })
}

/// The window's default target for a Dicey Move to `to`: the first who may take the
/// reward (the others are offered by [`choice`]).
pub fn default_target(b: &Battle, u: UnitId, to: Cell) -> Option<UnitId> {
    let over = obstacle(b, u, to)?;
    let (_, reward) = dicey_spot(b, over)?;
    dicey_candidates(b, u, to, &reward).first().copied()
}

/// The window's choice of whom a Dicey Move's reward goes to, when two or more may take
/// it.
pub fn choice(b: &Battle, u: UnitId, to: Cell) -> Option<Choice> {
    let over = obstacle(b, u, to)?;
    let (_, reward) = dicey_spot(b, over)?;
    let c = dicey_candidates(b, u, to, &reward);
    (c.len() >= 2).then(|| Choice {
        title: format!("Dicey Move: {} — for whom?", reward.words()),
        options: c
            .iter()
            .map(|&t| {
                (
                    b.name(t).to_string(),
                    crate::rulesets::ui::act(
                        u,
                        EscalationAction::DiceyMove {
                            to,
                            target: Some(t),
                        },
                    ),
                )
            })
            .collect(),
    })
}

/// Carry out a checked Dicey Move: pay the Move action, roll 3d6 against the Difficulty;
/// on a success, the reward, then the landing.
pub(super) fn perform(
    b: &mut Battle,
    u: UnitId,
    to: Cell,
    target: Option<UnitId>,
) -> Result<(), Illegal> {
    let plan = dicey_plan(b, u, to, target)?;
    pay(b, u, Slot::Move, Spend::Move);
    let roll = b.roll(d6s(0))?;
    let success = roll.total >= plan.dc;
    b.emit(Event::Check {
        unit: u,
        purpose: CheckPurpose::DiceyMove,
        roll,
        target_number: plan.dc,
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
    });
    if !success {
        return Ok(());
    }
    reward(b, u, &plan)?;
    let from = b.pos(u);
    b.push_frame(crate::engine::Frame::Move {
        unit: u,
        path: vec![from, to],
        next: 1,
        mode: crate::engine::MoveMode::Dash { exempt: None },
    });
    Ok(())
}

/// The reward of a successful Dicey Move (before the landing: the vault does it).
fn reward(b: &mut Battle, u: UnitId, plan: &DiceyPlan) -> Result<(), Illegal> {
    let Some(t) = plan.target else {
        return Ok(());
    };
    let add = |b: &mut Battle, unit, kind, duration, source| {
        b.emit(Event::ConditionAdded {
            unit,
            kind,
            duration,
            source,
        });
    };
    match &plan.reward {
        DiceyReward::Advantage => add(
            b,
            u,
            ConditionKind::DiceyEdge,
            Duration::UntilOwnTurnStart,
            None,
        ),
        DiceyReward::AllyAdvantage => add(
            b,
            t,
            ConditionKind::DiceyEdge,
            Duration::UntilSourceTurnStart,
            Some(u),
        ),
        DiceyReward::AllyDisengage => add(
            b,
            t,
            ConditionKind::DiceyFooting,
            Duration::UntilSourceTurnStart,
            Some(u),
        ),
        DiceyReward::Condition(kind) => {
            add(b, t, *kind, Duration::UntilSourceTurnStart, Some(u));
        }
        DiceyReward::Damage(dice) => {
            let roll = b.roll(*dice)?;
            super::turns::deal(b, t, Some(u), roll, false);
        }
    }
    Ok(())
}

/// The Advantage an ally's Dicey Move gave `u` on its next Disengage (1 or 0).
pub fn footing(b: &Battle, u: UnitId) -> i32 {
    i32::from(b.has(u, ConditionKind::DiceyFooting))
}

/// A Disengage used up the footing an ally's Dicey Move gave (its Advantage is for one).
pub(super) fn footing_used(b: &mut Battle, u: UnitId) {
    if b.has(u, ConditionKind::DiceyFooting) {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind: ConditionKind::DiceyFooting,
            source: None,
        });
    }
}
