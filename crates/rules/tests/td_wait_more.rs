//! tactical-d20's Wait holding a Standard action, continued from `td_wait`: Defend, Assist, potions, refusals, the picker and scripts, through `Battle::submit` with forced dice.

use crate::support::d20::arena;
use crate::support::{id, since};
use skirmish_rules::components::{ConditionKind, Slot, UnitId};
use skirmish_rules::engine::{Action, ReadyResponse, ReadyTrigger, ReadyUntil};
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::rulesets::{Registry, RulesetId};
use skirmish_rules::{Battle, Command};

use super::td_wait::*;

/// Seed 004: "Wait: Any action that could be taken with a Standard Action can be
/// completed as an additional Reaction"; "Assist: Designate 1 creature within the
/// threatened range to be assisted, improve their AC, Saving Throws, and d20 rolls by +4
/// for 1 turn". Corwin waits to Assist Birch (named when waiting; within his reach when
/// it springs). Grub stepping into Corwin's reach springs it: Birch is Assisted, and
/// Grub's attack on her (d20 15 + 5 = 20) misses AC 17 + 4 = 21.
#[test]
fn a_waited_assist_helps_the_named_ally_when_sprung() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
        Unit(name: "Birch", side: "Red", cell: (2, 5), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
    let mut b = arena(SQ, units, &[20, 15, 1]);
    let (c, h, g) = (id(&b, "Corwin"), id(&b, "Birch"), id(&b, "Grub"));
    wait_with(
        &mut b,
        c,
        ReadyTrigger::EnemyEntersReach,
        ReadyResponse::Assist { ally: h },
    )
    .unwrap();
    end(&mut b);
    end(&mut b);
    let n = b.log().len();
    mv(&mut b, g, 3, 4);
    react(&mut b, c, Some(ReactionKind::WaitedAction));
    b.dice_force_for_tests(&[15]);
    b.submit(Command::Attack {
        unit: g,
        target: h,
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
            "Birch is Assisted by Corwin",
            "Grub spends 1 Slot(Standard) on Attack",
            "Grub attacks Birch: d20 15 = 20 vs 21: Failure",
        ]
    );
    no_slot_spent(&ev, c);
}

/// An Assist held for an ally who has left the waiter's reach when the foe comes: no
/// offer ("Designate 1 creature within the threatened range"), and Corwin keeps waiting.
#[test]
fn a_waited_assist_is_not_offered_for_an_ally_out_of_reach() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
        Unit(name: "Birch", side: "Red", cell: (2, 5), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
    let mut b = arena(SQ, units, &[20, 15, 1]);
    let (c, h, g) = (id(&b, "Corwin"), id(&b, "Birch"), id(&b, "Grub"));
    wait_with(
        &mut b,
        c,
        ReadyTrigger::EnemyEntersReach,
        ReadyResponse::Assist { ally: h },
    )
    .unwrap();
    end(&mut b);
    mv(&mut b, h, 2, 8);
    end(&mut b);
    let n = b.log().len();
    mv(&mut b, g, 3, 4);
    let ev = since(&b, n);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { reactor, .. } if *reactor == c)),
        "{ev:?}"
    );
    assert!(b.has(c, ConditionKind::Waiting));
    assert!(!b.has(h, ConditionKind::Assisted));
}

/// Seed 004: "Wait: Any action that could be taken with a Standard Action can be
/// completed as an additional Reaction"; drinking a potion is a Standard action (the
/// seed names no action for it; docs/rules/tactical-d20.md). Wiz waits with its Potion of
/// Cure Light Wounds for a foe within 6. Grub (a rogue's shortbow) shoots it from 7 cells
/// (1d6 = 6: 12 → 6 HP), then steps within 6: the potion is not hostile, so Wiz drinks
/// it itself — one use, no SQ, no focus check; 1d8+1 = 5 + 1. Its one use spent, a later
/// Wait with it is refused.
#[test]
fn a_waited_potion_is_drunk_when_sprung() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "rogue", weapons: ["shortbow"])"#;
    let mut b = arena(SQ, units, &[20, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyWithin { cells: 6 },
        ReadyResponse::Power { ability: POTION },
    )
    .unwrap();
    end(&mut b);
    b.dice_force_for_tests(&[15, 6, 5]);
    b.submit(Command::Attack {
        unit: g,
        target: w,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    assert_eq!(b.hp(w), 6);
    let n = b.log().len();
    mv(&mut b, g, 7, 4);
    react(&mut b, w, Some(ReactionKind::WaitedAction));
    let ev = since(&b, n);
    let lines = story(&b, &ev);
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
            "Wiz spends 1 Uses(4) on Use",
            "Wiz casts Potion of Cure Light Wounds at User",
            "Wiz heals 6 to 12",
            "Grub moves to (7, 4)",
        ]
    );
    no_slot_spent(&ev, w);
    // The next turn: no use left to hold.
    end(&mut b);
    assert_eq!(b.current(), Some(w));
    let len = b.log().len();
    let e = wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyWithin { cells: 6 },
        ReadyResponse::Power { ability: POTION },
    )
    .unwrap_err();
    assert!(e.to_string().contains("has no use left"), "{e}");
    assert_eq!(b.log().len(), len);
}

/// Refused at Wait time, logging nothing and keeping the Standard action: what the unit
/// could not cast now — a Nauseated wizard's spell ("Nauseated: … cannot cast Spells or
/// consume potions or food") and potion, an ability it does not know, one with no SQ
/// for its order — and an Assist for someone not of its side, or itself. Defend it may
/// still hold.
#[test]
fn a_wait_is_refused_what_the_unit_could_not_do() {
    let refused = |b: &mut Battle, u: UnitId, response: ReadyResponse, words: &str| {
        let len = b.log().len();
        let e =
            wait_with(b, u, ReadyTrigger::EnemyWithin { cells: 6 }, response).expect_err("refused");
        assert!(e.to_string().contains(words), "{e} should say {words:?}");
        assert_eq!(b.log().len(), len, "a refusal logs nothing");
        assert_eq!(b.slots(u, Slot::Standard), 1);
        assert!(!b.has(u, ConditionKind::Waiting));
    };
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard",
            conditions: {Nauseated: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = arena(SQ, units, &[20, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    refused(
        &mut b,
        w,
        ReadyResponse::Power { ability: MISSILE },
        "Wiz is nauseated: it cannot cast spells",
    );
    refused(
        &mut b,
        w,
        ReadyResponse::Power { ability: POTION },
        "it cannot consume potions",
    );
    refused(
        &mut b,
        w,
        ReadyResponse::Power { ability: 9 },
        "it knows no ability #9",
    );
    refused(&mut b, w, ReadyResponse::Assist { ally: g }, "its own side");
    refused(&mut b, w, ReadyResponse::Assist { ally: w }, "its own side");
    refused(&mut b, w, ReadyResponse::SwitchStance, "no stances");
    wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyWithin { cells: 6 },
        ReadyResponse::Defend,
    )
    .unwrap();

    // Too little SQ for Hold Person (order 2).
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard", stats: {SpellQuantity: 1}),
        Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = arena(SQ, units, &[20, 1]);
    let w = id(&b, "Wiz");
    refused(
        &mut b,
        w,
        ReadyResponse::Power { ability: 3 },
        "Hold Person costs 2 SQ and it has 1",
    );
}

/// flow and escalation have no Defend or Assist to ready: refused with a message,
/// nothing logged or spent.
#[test]
fn flow_and_escalation_refuse_a_readied_defend_or_assist() {
    use skirmish_rules::rulesets::escalation::EscalationAction;
    use skirmish_rules::rulesets::flow::FlowAction;
    let units = r#"Unit(name: "Ash", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "Birch", side: "Red", cell: (2, 3), archetype: "fighter"),
        Unit(name: "Cedar", side: "Blue", cell: (6, 2), archetype: "fighter")"#;
    let mut b = crate::support::flow::arena(SQ, 8, 6, units, "", &[10, 5, 1]);
    let (a, h) = (id(&b, "Ash"), id(&b, "Birch"));
    assert_eq!(b.current(), Some(a));
    for response in [ReadyResponse::Defend, ReadyResponse::Assist { ally: h }] {
        let (len, ap) = (b.log().len(), b.ap(a));
        let e = act(
            &mut b,
            a,
            FlowAction::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response,
                until: ReadyUntil::NextTurn,
            },
        )
        .unwrap_err();
        assert!(
            e.to_string().contains(
                "flow readies an attack, a move, a shove, a grapple, a disarm or an ability"
            ),
            "{e}"
        );
        assert_eq!((b.log().len(), b.ap(a)), (len, ap));
    }

    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Wren", side: "PCs", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (7, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = crate::escalation::field(SQ, units, &[]);
    let (f, r) = (id(&b, "Brannoc"), id(&b, "Wren"));
    assert_eq!(b.current(), Some(f));
    for response in [ReadyResponse::Defend, ReadyResponse::Assist { ally: r }] {
        let (len, std) = (b.log().len(), b.slots(f, Slot::Standard));
        let e = act(
            &mut b,
            f,
            EscalationAction::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response,
                until: ReadyUntil::NextTurn,
            },
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("escalation readies a basic attack"),
            "{e}"
        );
        assert_eq!((b.log().len(), b.slots(f, Slot::Standard)), (len, std));
    }
}

/// The window: the keyless "Wait: spell, Defend, Assist" asks which Standard action to
/// hold — each spell, ability and potion the unit could use now (a hostile one reaching
/// beyond 1 cell waits for a foe within its range, at most 6), Defend, and Assist for
/// each ally in reach — and every option is a Wait the battle takes. A Nauseated
/// wizard's list has neither spells nor potion.
#[test]
fn the_wait_picker_lists_spells_potions_defend_and_assist() {
    let td = RulesetId::TacticalD20.view().expect("a view");
    let spec = td
        .actions()
        .iter()
        .find(|a| a.label == "Wait: spell, Defend, Assist")
        .expect("the button");
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Corwin", side: "Red", cell: (3, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let b = arena(SQ, units, &[20, 10, 1]);
    let w = id(&b, "Wiz");
    let cmd = (spec.build)(&b, w, &skirmish_rules::rulesets::ui::Pick::Nothing).unwrap();
    let choice = td.choice(&b, &cmd).expect("a choice");
    let labels: Vec<&str> = choice.options.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Ray of Frost (Standard) when an enemy comes within 6",
            "Magic Missile (Standard, 1 SQ) when an enemy comes within 6",
            "Burning Hands (Standard, 1 SQ) when an enemy comes within 3",
            "Hold Person (Standard, 2 SQ) when an enemy comes within 6",
            "Potion of Cure Light Wounds (Standard) when an enemy enters your reach",
            "Defend (+3 AC and saves) when an enemy enters your reach",
            "Assist Corwin (+4 AC, saves and d20 rolls) when an enemy enters your reach",
        ]
    );
    for (label, c) in &choice.options {
        assert!(b.check(c).is_ok(), "{label}: {:?}", b.check(c));
    }
    assert_eq!(&cmd, &choice.options[0].1, "the button's own: the first");

    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard",
            conditions: {Nauseated: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let b = arena(SQ, units, &[20, 1]);
    let w = id(&b, "Wiz");
    let cmd = (spec.build)(&b, w, &skirmish_rules::rulesets::ui::Pick::Nothing).unwrap();
    // Only Defend is left: no choice, the button holds it.
    assert_eq!(td.choice(&b, &cmd), None);
    assert!(matches!(
        &cmd,
        Command::Act {
            action: Action::TacticalD20(TacticalD20Action::Ready {
                response: ReadyResponse::Defend,
                ..
            }),
            ..
        }
    ));
}

/// A script holds a spell and an Assist by index (docs/scripting.md), and the log names
/// them: "use Magic Missile when an enemy comes within 6", "assist Wiz when an enemy
/// enters reach". Grub's step springs both; the script answers each (focus d20 8, 1d4
/// 3).
#[test]
fn a_script_waits_with_a_spell_and_an_assist_and_the_log_names_them() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Corwin", side: "Red", cell: (2, 5), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = arena(SQ, units, &[20, 15, 1]);
    let script = Script::parse(
        r#"Script(commands: [
            Ready(unit: "Wiz", trigger: EnemyWithin(cells: 6), response: Power(ability: 1)),
            EndTurn,
            Ready(unit: "Corwin", trigger: EnemyEntersReach, response: Assist(ally: (0))),
            EndTurn,
            Move(unit: "Grub", to: (3, 4)),
            React(unit: "Wiz", choice: WaitedAction),
            React(unit: "Corwin", choice: WaitedAction),
        ])"#,
    )
    .unwrap();
    b.dice_force_for_tests(&[8, 3]);
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    let readied: Vec<String> = b
        .log()
        .iter()
        .map(|l| record(&b, l))
        .filter(|r| r.kind == "readied")
        .filter_map(|r| r.detail)
        .collect();
    assert_eq!(
        readied,
        [
            "use Magic Missile when an enemy comes within 6",
            "assist Wiz when an enemy enters reach",
        ]
    );
    assert_eq!(b.hp(g), 16);
    assert!(b.has(w, ConditionKind::Assisted));
    assert_eq!(b.pos(g), Cell::new(3, 4));
}
