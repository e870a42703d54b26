//! `escalation` (seed 001, "Combat Rules"): one forced-dice scenario per rule through
//! `Battle::submit`, the same path the window, the AI and scripts use. Initiative rolls
//! no dice (bands), so the forced faces start with the first roll of play.
//!
//! The builders shared by the topic files are here; the tests are in `escalation/`:
//! `attacks` (the attack roll, Advantage), `turns` (bands, the escalation die, actions,
//! Delay), `positioning` (opportunity attacks, Disengage, Dicey Moves), `dying` (death
//! saves, recovery, Fight in Spirit), `intercept`, `conditions` (and Flee, surprise),
//! `ready`, `battles` (the shipped levels, a script, the golden battle, the AI).

use skirmish_rules::battle::Status;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Action;
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;
use skirmish_rules::{Battle, Command, Illegal};

mod attacks;
mod battles;
mod conditions;
mod dying;
mod intercept;
mod positioning;
mod ready;
mod turns;

/// An escalation battle on an open 10×6 map: side "PCs" (role Pc) and "Foes" (Npc).
pub fn field(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
    let row = format!("\"{}\"", ".".repeat(10));
    let map = vec![row; 6].join(", ");
    let src = format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [{units}])"##
    );
    let l = level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// A fighter (Level 2, Volition 3, miss damage) next to a goblin (AC 15, 14 HP).
const DUEL: &str = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn attack(b: &mut Battle, unit: UnitId, target: UnitId) -> Result<usize, Illegal> {
    let n = b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: None,
    })?;
    Ok(n + decline_powers(b))
}

/// Decline the triggered powers (a fighter's Parry and Riposte, a cleric's Shield of
/// Faith) an attack offers: these tests are about something else
/// (`escalation_interrupts.rs` plays them). The number of new events.
pub fn decline_powers(b: &mut Battle) -> usize {
    let mut n = 0;
    while let Some(w) = b.window() {
        if !matches!(w.trigger, Trigger::PowerCue { .. }) {
            break;
        }
        let unit = w.reactor;
        n += b
            .submit(Command::React {
                unit,
                choice: None,
                commit: 0,
                commits: Vec::new(),
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
    n
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

/// (attacker, kind, natural, total, outcome, faces) of every attack.
fn swings(ev: &[Event]) -> Vec<(UnitId, AttackKind, i32, i32, Outcome, Vec<u32>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                kind,
                roll,
                outcome,
                ..
            } => Some((
                *attacker,
                *kind,
                roll.natural(),
                roll.total,
                *outcome,
                roll.faces.clone(),
            )),
            _ => None,
        })
        .collect()
}

/// (unit, amount) of every Damage event.
fn damage(ev: &[Event]) -> Vec<(UnitId, i32)> {
    crate::support::damage(ev)
}

const INTERCEPT: &str = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
    Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Birch", side: "PCs", cell: (3, 4), archetype: "cleric")"#;
