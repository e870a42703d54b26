//! `tactical-d20` (seed 004, "Action"): one scripted scenario per rule, through
//! `Battle::submit` — the path the window, the runner and the AI use. Dice are forced;
//! initiative takes one d20 per unit in level order.
//!
//! The builders shared by the topic files are here; the tests are in `tactical_d20/`:
//! `turns` (actions, trading down, initiative, surprise), `attacks`, `reactions`,
//! `standard_actions`, `move_quick` (Move and Quick actions), `conditions` (flanking,
//! terrain, conditions, dying), `battles` (the golden battle, refusals, failed maneuvers).

use skirmish_rules::battle::Status;
use skirmish_rules::components::{Pool, Slot, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::d20::duel;
use crate::support::id;

mod attacks;
mod battles;
mod conditions;
mod move_quick;
mod reactions;
mod standard_actions;
mod turns;

fn attack(
    b: &mut Battle,
    unit: UnitId,
    target: UnitId,
    slot: Option<Slot>,
) -> Result<usize, Illegal> {
    b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot,
        aim: None,
    })
}

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Result<usize, Illegal> {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

/// (attacker, kind, d20 face, total, AC, modifier names, outcome) of every attack.
type Swing = (UnitId, AttackKind, u32, i32, i32, Vec<String>, Outcome);

fn swings(ev: &[Event]) -> Vec<Swing> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                kind,
                roll,
                target_number,
                outcome,
                ..
            } => Some((
                *attacker,
                *kind,
                roll.faces[0],
                roll.total,
                *target_number,
                roll.modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.name, m.value))
                    .collect(),
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

fn slots_used(ev: &[Event]) -> Vec<(Slot, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                pool: Pool::Slot(slot),
                on,
                ..
            } if !matches!(on, Spend::Lost(_)) => Some((*slot, *on)),
            _ => None,
        })
        .collect()
}

fn has_mod(s: &Swing, name: &str) -> bool {
    s.5.iter().any(|m| m.starts_with(name))
}

/// Corwin's turn is ended so Grub (no longer surprised) acts next to him.
fn grubs_turn(kind: GridKind, dice: &[u32]) -> (Battle, UnitId, UnitId) {
    let mut b = duel(kind, &[]);
    end(&mut b);
    b.dice_force_for_tests(dice);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.current(), Some(g));
    (b, c, g)
}
fn contests(ev: &[Event]) -> Vec<(CheckPurpose, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Contest {
                purpose,
                active_wins,
                ..
            } => Some((*purpose, *active_wins)),
            _ => None,
        })
        .collect()
}

fn ac_of(b: &Battle, attacker: UnitId, target: UnitId) -> i32 {
    let w = b.weapon_for(attacker, target, None).unwrap_or(0);
    td::armour_class(b, attacker, target, w)
        .iter()
        .map(|m| m.value)
        .sum()
}
