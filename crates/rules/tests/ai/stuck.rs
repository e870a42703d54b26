//! Turns that make no progress (issue 15): a grapple held by nobody, the guard that ends
//! such a turn, stuck turns in the simulator's table.

use skirmish_rules::ai;
use skirmish_rules::components::{ActiveCondition, ConditionKind, Duration, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::level;
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::sim;
use skirmish_rules::{Battle, Command, Status};

use crate::support::{id, repo};

// Issue 15: a unit held in a grapple by nobody made flow's AI try to break free forever.

/// A two-unit level of `ruleset` (archetype `arch`); `conditions` is Ann's RON map.
fn held_level(ruleset: &str, arch: &str, conditions: &str) -> String {
    format!(
        r##"Level(name: "held", ruleset: "{ruleset}", grid: Square, map: ["........", "........"],
    sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
    units: [
        Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "{arch}", conditions: {conditions}),
        Unit(name: "Bob", side: "Blue", cell: (7, 1), archetype: "{arch}"),
    ])"##
    )
}

#[test]
fn a_level_cannot_start_a_grapple_without_its_partner() {
    for (ruleset, arch) in [("flow", "fighter"), ("tactical-d20", "fighter")] {
        let src = held_level(
            ruleset,
            arch,
            "{Grappled: UntilRemoved, Grappling: UntilRemoved}",
        );
        let e = level::parse(&src, "held.ron").unwrap_err();
        let lines: Vec<String> = e.to_string().lines().map(String::from).collect();
        assert_eq!(
            lines,
            [
                "held.ron:4:99: unit `Ann` cannot start Grappled: a grapple needs the unit \
                 that holds it, and a level cannot name one; remove the condition (units \
                 grapple in battle)",
                "held.ron:4:124: unit `Ann` cannot start Grappling: a grapple needs the unit \
                 it holds, and a level cannot name one; remove the condition (units grapple \
                 in battle)",
            ],
            "{ruleset}"
        );
    }
    // tactical-d20's Restrained stands alone: it is escaped at DC 15.
    let src = held_level("tactical-d20", "fighter", "{Restrained: UntilRemoved}");
    assert!(level::parse(&src, "held.ron").is_ok());
}

/// `held_level` without conditions, then Ann given `kinds` in code with no source (what a
/// level could say before the loader refused it).
fn held_by_nobody(ruleset: &str, kinds: &[ConditionKind]) -> level::Level {
    let mut l = level::parse(&held_level(ruleset, "fighter", "{}"), "held.ron").unwrap();
    for &kind in kinds {
        l.units[0].conditions.push(ActiveCondition {
            kind,
            duration: Duration::UntilRemoved,
            source: None,
        });
    }
    l
}

#[test]
fn break_free_and_release_with_nobody_in_the_grapple_are_refused() {
    let l = held_by_nobody("flow", &[ConditionKind::Grappled, ConditionKind::Grappling]);
    // Ann acts first.
    let b = Battle::new(l, 1, vec![10, 1]).unwrap();
    let ann = id(&b, "Ann");
    assert_eq!(b.current(), Some(ann));
    let refusal = |action| {
        b.check(&Command::Act { unit: ann, action })
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refusal(Action::from(FlowAction::BreakFree)),
        "Ann is grappled: nobody holds it, so there is no one to break free from"
    );
    assert_eq!(
        refusal(Action::from(FlowAction::Release)),
        "Ann is grappling: it holds nobody, so there is no one to release"
    );
    // tactical-d20 has no Grappled of its own: Break Free is for the restrained.
    let l = held_by_nobody("tactical-d20", &[ConditionKind::Grappled]);
    let b = Battle::new(l, 1, vec![20, 1]).unwrap();
    assert_eq!(
        b.check(&Command::Act {
            unit: ann,
            action: TacticalD20Action::BreakFree.into()
        })
        .unwrap_err()
        .to_string(),
        "Ann is not restrained"
    );
}

#[test]
fn a_unit_held_by_nobody_no_longer_hangs_the_ai() {
    // Before the fix, flow's battle stopped "unfinished" after 20,000 accepted Break Free
    // commands that changed nothing (and `play_out` with no limit never returned).
    for ruleset in ["flow", "tactical-d20"] {
        for kinds in [
            &[ConditionKind::Grappled][..],
            &[ConditionKind::Grappling],
            &[ConditionKind::Restrained],
        ] {
            let l = held_by_nobody(ruleset, kinds);
            for seed in 0..4 {
                let r = sim::run_battle(&l, seed, true);
                assert!(r.finished, "{ruleset} {kinds:?} seed {seed}: {r:?}");
                assert_eq!(r.stuck_turns, 0, "{ruleset} {kinds:?} seed {seed}");
                assert_eq!(r.violations, Vec::<String>::new(), "{ruleset} {kinds:?}");
                assert!(
                    r.commands < 500,
                    "{ruleset} {kinds:?}: {} commands",
                    r.commands
                );
            }
        }
    }
}

#[test]
fn the_guard_ends_a_turn_that_makes_no_progress() {
    use ai::{Guard, MAX_TURN_COMMANDS, Stuck};
    let (ann, bob) = (UnitId(0), UnitId(1));
    let mut g = Guard::new();
    // A command that added events is progress; one that added none is not.
    assert_eq!(g.record(Some((1, ann)), 3), None);
    assert_eq!(g.record(Some((1, ann)), 0), Some(Stuck::NoProgress));
    // A reaction's answer that changed nothing is stuck too, but never counts as a turn's.
    assert_eq!(g.record(None, 0), Some(Stuck::NoProgress));
    for _ in 0..10 * MAX_TURN_COMMANDS {
        assert_eq!(g.record(None, 1), None);
    }
    // A turn may take MAX_TURN_COMMANDS commands (2 given above); the next ends it.
    for _ in 2..MAX_TURN_COMMANDS {
        assert_eq!(g.record(Some((1, ann)), 1), None);
    }
    assert_eq!(g.record(Some((1, ann)), 1), Some(Stuck::TooLong));
    // Each turn counts afresh: another unit's, and the same unit's next round.
    assert_eq!(g.record(Some((1, bob)), 1), None);
    for _ in 1..MAX_TURN_COMMANDS {
        assert_eq!(g.record(Some((2, ann)), 1), None);
    }
    assert_eq!(g.record(Some((2, ann)), 1), None);
    assert_eq!(g.record(Some((2, ann)), 1), Some(Stuck::TooLong));
    // Recording alone lists nothing: `Guard::play` writes the line when it ends a turn,
    // and a sound battle has none.
    assert!(g.stuck().is_empty());
    let l = level::load(&repo("levels/flow-courtyard.ron")).unwrap();
    let mut b = Battle::new(l, 3, Vec::new()).unwrap();
    let mut g = Guard::new();
    g.play(&mut b, sim::MAX_COMMANDS, |_| true);
    assert!(matches!(b.status(), Status::Ended(_)));
    assert_eq!(g.stuck(), &[] as &[String]);
}

#[test]
fn stuck_turns_show_in_the_sim_table_and_json_only_when_there_are_some() {
    let l = level::load(&repo("levels/flow-courtyard.ron")).unwrap();
    let sound = sim::BattleResult::failed(1, "x".into());
    let mut stuck = sim::BattleResult::failed(2, "y".into());
    stuck.stuck_turns = 2;
    let s = sim::summarise(&l, 0, &[sound.clone(), sound.clone()]);
    assert_eq!(s.stuck_turns, 0);
    assert!(!s.table().contains("stuck"), "{}", s.table());
    assert!(!serde_json::to_string(&s).unwrap().contains("stuck"));
    assert!(!serde_json::to_string(&sound).unwrap().contains("stuck"));
    let s = sim::summarise(&l, 0, &[sound, stuck.clone(), stuck]);
    assert_eq!(s.stuck_turns, 4);
    assert!(
        s.table().contains(
            "unfinished                3\nstuck turns               4   (turns the AI's guard \
             ended: they made no progress)\n\nrounds:"
        ),
        "{}",
        s.table()
    );
    assert!(
        serde_json::to_string(&s)
            .unwrap()
            .contains("\"stuck_turns\":4")
    );
}
