//! tactical-d20's Wait holding any Standard action (issue 29, "Spells are attacks"):
//! seed 004, "Wait: Any action that could be taken with a Standard Action can be
//! completed as an additional Reaction gained by waiting; this Reaction does not require
//! provocation but must be completed before the start of the waiting creature's next
//! turn", and "Spellcasting is a Standard Action". A `Ready` may hold a spell, an
//! ability or a potion (`ReadyResponse::Power`), Defend (`ReadyResponse::Defend`) or
//! Assist (`ReadyResponse::Assist`). Each test goes through `Battle::submit` with forced
//! dice (initiative first: one d20 per unit in list order). The shipped wizard: INT 17,
//! Magical Aptitude +7, 6 SQ, a dagger; abilities 0 Ray of Frost, 1 Magic Missile (order
//! 1, 1d4+1 force, automatic), 2 Burning Hands, 3 Hold Person, 4 Potion of Cure Light
//! Wounds (1d8+1, one use). The fighter: AC 17, BAB 2, STR 16, a longsword.

use skirmish_rules::ai;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Action, ReadyResponse, ReadyTrigger, ReadyUntil};
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::d20::arena;
use crate::support::{id, since};

pub(crate) const SQ: GridKind = GridKind::Square;
pub(crate) const MISSILE: usize = 1;
pub(crate) const POTION: usize = 4;

pub(crate) fn act(b: &mut Battle, unit: UnitId, a: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: a.into(),
    })
}

/// A tactical-d20 Wait holding `response`, waiting for `trigger`.
pub(crate) fn wait_with(
    b: &mut Battle,
    unit: UnitId,
    trigger: ReadyTrigger,
    response: ReadyResponse,
) -> Result<usize, Illegal> {
    act(
        b,
        unit,
        TacticalD20Action::Ready {
            trigger,
            response,
            until: ReadyUntil::NextTurn,
        },
    )
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

pub(crate) fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
    .unwrap();
}

pub(crate) fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
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

/// The events that tell the story, one line each: moves, offers, answers, what was
/// spent, checks, casts, attacks, damage, healing, conditions.
pub(crate) fn story(b: &Battle, ev: &[Event]) -> Vec<String> {
    let n = |u: &UnitId| b.name(*u).to_string();
    ev.iter()
        .filter_map(|e| {
            Some(match e {
                Event::Moved { unit, to, .. } => format!("{} moves to {to}", n(unit)),
                Event::ReactionOffered {
                    reactor, options, ..
                } => format!("{} is offered {options:?}", n(reactor)),
                Event::Reacted {
                    reactor,
                    kind,
                    paid,
                } => format!("{} answers {kind:?} paying {paid:?}", n(reactor)),
                Event::Spent {
                    unit,
                    pool,
                    amount,
                    on,
                    ..
                } => format!("{} spends {amount} {pool:?} on {on:?}", n(unit)),
                Event::Check {
                    unit,
                    purpose,
                    roll,
                    target_number,
                    outcome,
                } => format!(
                    "{} {purpose:?} check d20 {} = {} vs {target_number}: {outcome:?}",
                    n(unit),
                    roll.faces[0],
                    roll.total
                ),
                Event::Cast { unit, name, at, .. } => format!("{} casts {name} at {at:?}", n(unit)),
                Event::Attack {
                    attacker,
                    target,
                    roll,
                    target_number,
                    outcome,
                    ..
                } => format!(
                    "{} attacks {}: d20 {} = {} vs {target_number}: {outcome:?}",
                    n(attacker),
                    n(target),
                    roll.faces[0],
                    roll.total
                ),
                Event::Damage {
                    unit, roll, amount, ..
                } => format!("{} takes {amount} ({:?})", n(unit), roll.faces),
                Event::Healed {
                    unit,
                    amount,
                    hp_after,
                } => format!("{} heals {amount} to {hp_after}", n(unit)),
                Event::ConditionAdded {
                    unit, kind, source, ..
                } => format!(
                    "{} is {kind:?}{}",
                    n(unit),
                    source.map_or(String::new(), |s| format!(" by {}", n(&s)))
                ),
                Event::ConditionRemoved { unit, kind, .. } => {
                    format!("{} is no longer {kind:?}", n(unit))
                }
                Event::Fizzled { unit, name, why } => {
                    format!("{}'s {name} fizzles: {why:?}", n(unit))
                }
                _ => return None,
            })
        })
        .collect()
}

/// No action slot of `u` is spent in `ev`.
pub(crate) fn no_slot_spent(ev: &[Event], u: UnitId) {
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            Event::Spent { unit, pool: Pool::Slot(_), .. } if *unit == u
        )),
        "{ev:?}"
    );
}

/// Wiz (Red wizard, acting first) at (2, 4) and Grub (Blue fighter) at (12, 4).
pub(crate) const APART: &str = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
    Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;

/// Seed 004: "Wait: Any action that could be taken with a Standard Action can be
/// completed as an additional Reaction gained by waiting"; "Spellcasting is a Standard
/// Action". Wiz waits with Magic Missile for a foe within 6: the Wait takes its Standard
/// action and gives the extra Reaction; no SQ yet. Grub's step onto (8, 4) springs it:
/// the AI waiter answers with the waited action, and the spell is cast as any Cast is
/// (1 SQ, the focus check d20 8 + 7 = 15 against 13 + 2 × 1 = 15, then 1d4+1 = 3 + 1
/// force on Grub), paid by the Reaction and no action; then Grub's move goes on.
#[test]
pub(crate) fn a_waited_spell_springs_on_the_trigger_and_is_cast_at_the_enemy() {
    let mut b = arena(SQ, APART, &[20, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    let n = b.log().len();
    wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyWithin { cells: 6 },
        ReadyResponse::Power { ability: MISSILE },
    )
    .unwrap();
    assert_eq!(
        story(&b, &since(&b, n)),
        ["Wiz spends 1 Slot(Standard) on Wait", "Wiz is Waiting"]
    );
    assert!(since(&b, n).iter().any(|e| matches!(
        e,
        Event::Readied {
            unit,
            trigger: ReadyTrigger::EnemyWithin { cells: 6 },
            response: ReadyResponse::Power { ability: MISSILE },
            until: ReadyUntil::NextTurn,
        } if *unit == w
    )));
    assert_eq!(b.slots(w, Slot::Standard), 0);
    assert_eq!(b.rp(w), 2);
    assert_eq!(
        b.pool(w, Pool::SpellQuantity),
        6,
        "the SQ is paid on casting"
    );
    end(&mut b);

    b.dice_force_for_tests(&[8, 3]);
    let n = b.log().len();
    mv(&mut b, g, 7, 4);
    // The AI waiter takes the waited action it is offered.
    let answer = ai::decide(&b).expect("an answer");
    assert!(
        matches!(
            answer,
            Command::React {
                unit,
                choice: Some(ReactionKind::WaitedAction),
                ..
            } if unit == w
        ),
        "{answer:?}"
    );
    b.submit(answer).unwrap();
    let ev = since(&b, n);
    assert_eq!(
        story(&b, &ev),
        [
            "Grub spends 1 Slot(Move) on Move",
            "Grub moves to (11, 4)",
            "Grub moves to (10, 4)",
            "Grub moves to (9, 4)",
            "Grub moves to (8, 4)",
            "Wiz is offered [WaitedAction]",
            "Wiz answers WaitedAction paying [(Reaction, 1)]",
            "Wiz is no longer Waiting",
            "Wiz spends 1 SpellQuantity on Cast",
            "Wiz Focus check d20 8 = 15 vs 15: Success",
            "Wiz casts Magic Missile at Unit(UnitId(1))",
            "Grub takes 4 ([3])",
            "Grub moves to (7, 4)",
        ]
    );
    no_slot_spent(&ev, w);
    assert_eq!(b.hp(g), 16);
    assert_eq!(b.pool(w, Pool::SpellQuantity), 5);
    assert!(!b.has(w, ConditionKind::Waiting));
    assert_eq!(b.pos(g), Cell::new(7, 4), "the move goes on");
    assert_eq!(b.rp(w), 1, "the Wait's extra Reaction is spent");
}

/// A Wait "for an enemy casting" may hold a spell too: it goes off before the enemy's
/// does. Zed (an enemy wizard, 6 cells off) casts Magic Missile at Wiz: its focus (d20
/// 10 + 7) passes 15, Wiz fails to identify it (d20 1 + 7 against the Spell DC 14), then
/// Wiz's waited Magic Missile (focus d20 10; Zed's identify d20 1 fails; 1d4+1 = 3 + 1)
/// lands first, and the damage costs Zed its spell ("Casting will provoke Reactions from
/// threatening creatures, either attempting to interrupt…": Magical Aptitude d20 2 + 7
/// against 10 + 4 + 1).
#[test]
pub(crate) fn a_spell_waiting_for_an_enemy_casting_goes_off_first() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Zed", side: "Blue", cell: (8, 4), archetype: "wizard")"#;
    let mut b = arena(SQ, units, &[20, 1]);
    let (w, z) = (id(&b, "Wiz"), id(&b, "Zed"));
    wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyCasts { cells: 8 },
        ReadyResponse::Power { ability: MISSILE },
    )
    .unwrap();
    end(&mut b);
    b.dice_force_for_tests(&[10, 1, 10, 1, 3, 2]);
    let n = b.log().len();
    act(
        &mut b,
        z,
        skirmish_rules::engine::CommonAction::Cast {
            ability: MISSILE,
            at: skirmish_rules::engine::CastAt::Unit(w),
        },
    )
    .unwrap();
    react(&mut b, w, Some(ReactionKind::WaitedAction));
    let ev = since(&b, n);
    assert_eq!(
        story(&b, &ev),
        [
            "Zed spends 1 Slot(Standard) on Cast",
            "Zed spends 1 SpellQuantity on Cast",
            "Zed Focus check d20 10 = 17 vs 15: Success",
            "Wiz Identify check d20 1 = 8 vs 14: Failure",
            "Zed casts Magic Missile at Unit(UnitId(0))",
            "Wiz is offered [WaitedAction]",
            "Wiz answers WaitedAction paying [(Reaction, 1)]",
            "Wiz is no longer Waiting",
            "Wiz spends 1 SpellQuantity on Cast",
            "Wiz Focus check d20 10 = 17 vs 15: Success",
            "Zed Identify check d20 1 = 8 vs 14: Failure",
            "Wiz casts Magic Missile at Unit(UnitId(1))",
            "Zed takes 4 ([3])",
            "Zed Disrupt check d20 2 = 9 vs 15: Failure",
            "Zed's Magic Missile fizzles: Disrupted",
        ]
    );
    no_slot_spent(&ev, w);
    assert_eq!(b.hp(w), 12);
}

/// A waited spell that leaves the foe unable to move stops its move where it sprang the
/// Wait ("Stunned: Unable to act"). Hold Person (order 2): focus d20 10 + 7 = 17
/// against 17; Grub's Will save d20 2 fails DC 15: Stunned, and it stays on (8, 4).
#[test]
pub(crate) fn a_foe_stunned_by_a_waited_spell_stops_its_move_there() {
    let mut b = arena(SQ, APART, &[20, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyWithin { cells: 6 },
        ReadyResponse::Power { ability: 3 },
    )
    .unwrap();
    end(&mut b);
    b.dice_force_for_tests(&[10, 2]);
    let n = b.log().len();
    mv(&mut b, g, 5, 4);
    react(&mut b, w, Some(ReactionKind::WaitedAction));
    let lines = story(&b, &since(&b, n));
    let from = lines
        .iter()
        .position(|l| l.starts_with("Wiz is offered"))
        .expect("an offer");
    assert_eq!(
        lines[from..],
        [
            "Wiz is offered [WaitedAction]",
            "Wiz answers WaitedAction paying [(Reaction, 1)]",
            "Wiz is no longer Waiting",
            "Wiz spends 2 SpellQuantity on Cast",
            "Wiz Focus check d20 10 = 17 vs 17: Success",
            "Wiz casts Hold Person at Unit(UnitId(1))",
            "Grub Resist check d20 2 = 2 vs 15: Failure",
            "Grub is Stunned by Wiz",
        ]
    );
    assert_eq!(b.pos(g), Cell::new(8, 4));
}

/// Seed 004: "Wait: Any action that could be taken with a Standard Action can be
/// completed as an additional Reaction"; "Defending is a Standard Action … Defending
/// grants a +3 bonus to AC and Saving Throws for 1 round". Corwin waits with Defend;
/// Grub stepping into his reach springs it: Corwin is Defending, and Grub's attack (d20
/// 14 + BAB 2 + STR 3 = 19) misses AC 17 + 3 = 20.
#[test]
pub(crate) fn a_waited_defend_gives_defends_bonus_when_sprung() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
    let mut b = arena(SQ, units, &[20, 1]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    wait_with(
        &mut b,
        c,
        ReadyTrigger::EnemyEntersReach,
        ReadyResponse::Defend,
    )
    .unwrap();
    assert!(!b.has(c, ConditionKind::Defending), "not before it springs");
    end(&mut b);
    let n = b.log().len();
    mv(&mut b, g, 3, 4);
    react(&mut b, c, Some(ReactionKind::WaitedAction));
    b.dice_force_for_tests(&[14]);
    b.submit(Command::Attack {
        unit: g,
        target: c,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    let ev = since(&b, n);
    let lines = story(&b, &ev);
    let from = lines
        .iter()
        .position(|l| l.starts_with("Corwin is offered"))
        .expect("an offer");
    assert_eq!(
        lines[from..],
        [
            "Corwin is offered [WaitedAction]",
            "Corwin answers WaitedAction paying [(Reaction, 1)]",
            "Corwin is no longer Waiting",
            "Corwin is Defending",
            "Grub spends 1 Slot(Standard) on Attack",
            "Grub attacks Corwin: d20 14 = 19 vs 20: Failure",
        ]
    );
    no_slot_spent(&ev, c);
}
