//! `escalation` (seed 001): whole battles — the shipped levels under the AI, a script
//! driving escalation's actions and answers, the golden battle, the AI's stance.

use skirmish_rules::event::{CheckPurpose, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::escalation::EscalationAction;
use skirmish_rules::{Battle, Command};

use crate::support::{id, repo, since};

use super::{INTERCEPT, field};

#[test]
fn ai_battles_on_the_shipped_escalation_levels_finish_cleanly() {
    for file in [
        "levels/escalation-crossroads.ron",
        "levels/escalation-ruins.ron",
    ] {
        let l = level::load(&repo(file)).unwrap_or_else(|e| panic!("{e}"));
        for seed in 0..30 {
            let r = skirmish_rules::sim::run_battle(&l, seed, true);
            assert!(r.finished, "{file} seed {seed}: unfinished");
            assert!(
                r.violations.is_empty(),
                "{file} seed {seed}: {:?}",
                r.violations
            );
            assert_eq!(r.stuck_turns, 0, "{file} seed {seed}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Scripts drive escalation's actions and answers.

#[test]
fn a_script_drives_disengage_yield_and_an_intercept() {
    use skirmish_rules::script::{Script, run};
    // The goblin comes at Ash; Birch intercepts it. Then Ash lets Birch go first; Birch
    // disengages (4+4+3 = 11) and walks off without provoking.
    let mut b = field(GridKind::Square, INTERCEPT, &[4, 4, 3]);
    let script = Script::parse(
        r#"Script(commands: [
            Move(unit: "Snitch", to: (4, 2)),
            React(unit: "Birch", choice: Intercept),
            EndTurn,
            Do(unit: "Ash", action: Yield(to: (2))),
            Do(unit: "Birch", action: Disengage(from: [])),
            Move(unit: "Birch", to: (1, 5)),
        ])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let (g, bi) = (id(&b, "Snitch"), id(&b, "Birch"));
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.pos(bi), Cell::new(1, 5));
    let ev = since(&b, 0);
    assert!(ev.iter().any(|e| matches!(e,
        Event::Reacted { reactor, kind: ReactionKind::Intercept, .. } if *reactor == bi)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Check {
            purpose: CheckPurpose::Disengage,
            outcome: Outcome::Success,
            ..
        }
    )));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered {
            trigger: Trigger::Leaving { .. },
            ..
        }
    )));
}

// ---------------------------------------------------------------------------------------
// The golden battle.

/// The golden escalation battle (every die forced): its full event log must match the
/// checked-in one line for line. After a deliberate rules change, regenerate it with
/// `skirmish run tests/fixtures/escalation-skirmish.ron --script
/// tests/fixtures/escalation-skirmish-script.ron > tests/fixtures/escalation-skirmish-expected.txt`
/// (drop the final "-- script done" line) and review the diff.
#[test]
fn the_golden_escalation_battle_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/escalation-skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/escalation-skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.forced_dice_left(), 0, "every forced die used");
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/escalation-skirmish-expected.txt"))
        .unwrap()
        .replace("\r\n", "\n");
    let want: Vec<&str> = want.lines().collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "event {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len());
    for needle in [
        "[Intercept]",
        "critical success",
        "critical failure",
        "[disengage]",
        "Reaction Attack",
        "miss damage",
        "escalation die",
        "reordered",
        "fled",
        "battle_ended [Goblins wins]",
    ] {
        assert!(want.iter().any(|l| l.contains(needle)), "{needle}");
    }
}

// ---------------------------------------------------------------------------------------
// The AI.

#[test]
fn the_ai_switches_to_melee_stance_rather_than_shoot_while_engaged_and_takes_free_attacks() {
    // A shooter without powers (a ranger's Pinning Shot is worth the opportunity attack:
    // `escalation_powers`): a goblin archer's numbers and weapons, no archetype.
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), hp: 14, weapons: ["shortbow", "dagger"],
            stats: {Level: 2, Volition: 2, Ac: 15, Pd: 13, Md: 10, Band: 3, MissDamage: 0}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let b = field(GridKind::Square, units, &[]);
    let r = id(&b, "Tarrow");
    assert_eq!(
        skirmish_rules::ai::decide(&b),
        Some(Command::Act {
            unit: r,
            action: EscalationAction::SwitchStance.into()
        })
    );
    // An opportunity attack is always taken (it is free).
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[]);
    let g = id(&b, "Snitch");
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(7, 2),
    })
    .unwrap();
    assert_eq!(
        skirmish_rules::ai::react(&b),
        Some(ReactionKind::ReactionAttack)
    );
}
