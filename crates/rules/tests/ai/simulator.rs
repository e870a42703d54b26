//! The simulator and the soak checker: the same table on any number of threads, Wilson
//! intervals, violations found and reported, the cell index, damage dealt during setup.

use skirmish_rules::ai;
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;
use skirmish_rules::{Battle, Status};

use crate::support::{BOTH, d20, id, repo};
use d20::field;

#[test]
fn the_simulator_gives_the_same_table_for_a_seed_on_any_number_of_threads() {
    let l = level::load(&repo("levels/tactical-d20-ambush.ron")).unwrap();
    let one = sim::run_many(&l, 9, 12, 1, false, &|_| {});
    let two = sim::run_many(&l, 9, 12, 2, false, &|_| {});
    assert_eq!(one, two);
    let s = sim::summarise(&l, 9, &one);
    assert_eq!(s.battles, 12);
    assert_eq!(s.unfinished, 0);
    assert_eq!(s.sides.iter().map(|x| x.wins).sum::<usize>() + s.draws, 12);
    assert!(s.rules.iter().any(|r| r.rule == "attacks" && r.total > 0));
    let table = s.table();
    assert!(
        table.contains("Wardens") && table.contains("95% interval"),
        "{table}"
    );
    // The interval holds the rate.
    for side in &s.sides {
        assert!(side.win_rate_95.0 <= side.win_rate && side.win_rate <= side.win_rate_95.1);
    }
    assert_ne!(one, sim::run_many(&l, 10, 12, 2, false, &|_| {}));
}

#[test]
fn wilson_interval_matches_the_textbook_figures() {
    let (lo, hi) = sim::wilson(50, 100);
    assert!(
        (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
        "{lo} {hi}"
    );
    assert_eq!(sim::wilson(0, 0), (0.0, 0.0));
}

#[test]
fn a_short_soak_finds_no_violation_on_either_ruleset_or_grid() {
    for r in [RulesetId::Flow, RulesetId::TacticalD20] {
        for kind in BOTH {
            for i in 0..3u64 {
                let seed = sim::battle_seed(77, i);
                let l = sim::random_level(r, kind, 12, 9, 3, seed).unwrap();
                let res = sim::run_battle(&l, seed, true);
                assert!(res.finished, "{r} {kind} {seed}");
                assert_eq!(res.violations, Vec::<String>::new(), "{r} {kind} {seed}");
            }
        }
    }
}

#[test]
fn the_soak_checker_reports_a_unit_on_a_wall_and_hp_that_does_not_add_up() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (3, 1), archetype: "fighter")"#;
    let b = field(
        GridKind::Square,
        &["#####", "#...#", "#####"],
        units,
        "",
        &[20, 1],
    );
    let l = b.level().clone();
    let mut fake = Battle::new(l.clone(), b.seed(), vec![20, 1]).unwrap();
    let c = id(&fake, "Corwin");
    // Events no rule would emit: a step into the wall, HP lost without damage.
    let n = fake.log().len();
    fake.replay_event(Event::Moved {
        unit: c,
        from: Cell::new(1, 1),
        to: Cell::new(1, 0),
        cost: 1,
    });
    fake.replay_event(Event::TurnEnded { unit: c });
    let mut inv = sim::Invariants::new(&l, b.seed()).unwrap();
    let mut out = Vec::new();
    inv.follow(&fake, n, &mut out);
    assert!(
        out.iter()
            .any(|v| v.contains("Corwin stands on wall at (1, 0)")),
        "{out:?}"
    );
}

/// The engine's cell index (what `unit_at`, `pos` and every path search read) follows
/// moves, displacements and units going down, and its cached threat reaches follow what
/// units hold and suffer: after every command of AI battles under both rulesets and
/// grids, both agree with the units' components in the world.
#[test]
fn the_cell_index_follows_every_event() {
    use skirmish_rules::components::{Down, Position};
    for (r, g) in [
        (RulesetId::Flow, GridKind::Square),
        (RulesetId::Flow, GridKind::Hex),
        (RulesetId::TacticalD20, GridKind::Square),
        (RulesetId::TacticalD20, GridKind::Hex),
    ] {
        let l = sim::random_level(r, g, 14, 12, 5, 31).expect("level");
        let mut b = Battle::new(l, 5, Vec::new()).expect("battle");
        let mut checked = 0;
        for _ in 0..600 {
            let Some(c) = ai::decide(&b) else { break };
            if b.submit(c).is_err() {
                let f = ai::fallback(&b).expect("a fallback");
                b.submit(f).expect("the fallback is legal");
            }
            let grid = b.grid();
            for cell in grid.cells() {
                // The first living unit on the cell in level order, read from the world.
                let truth = b.units().find(|&u| {
                    b.get::<Down>(u).is_none() && b.get::<Position>(u).map(|p| p.0) == Some(cell)
                });
                assert_eq!(b.unit_at(cell, None), truth, "{r} {g}: cell {cell}");
            }
            for u in b.units() {
                assert_eq!(Some(b.pos(u)), b.get::<Position>(u).map(|p| p.0));
                assert_eq!(b.alive(u), b.get::<Down>(u).is_none());
                // The cached threat reach against the rule worked out afresh.
                for cell in grid.cells() {
                    let d = grid.distance(b.pos(u), cell);
                    let fresh = b.threatens_anything(u) && d >= 1 && d <= b.threat_reach(u);
                    assert_eq!(b.threatens(u, cell), fresh, "{r} {g}: {u:?} at {cell}");
                }
            }
            checked += 1;
        }
        assert!(checked > 20, "{r} {g}: only {checked} commands");
        assert!(
            matches!(b.status(), Status::Ended(_)),
            "{r} {g}: battle did not end"
        );
    }
}

#[test]
fn the_soak_counts_damage_dealt_while_the_battle_is_set_up() {
    let l = level::load(&repo("tests/fixtures/dying-at-start.ron")).unwrap();
    let mut setup_damage = 0;
    for seed in 0..8 {
        // The first Dying save fails inside `Battle::new`: damage before any command.
        let b = Battle::new(l.clone(), seed, Vec::new()).unwrap();
        setup_damage += b
            .log()
            .iter()
            .filter(|x| matches!(x.event, Event::Damage { .. }))
            .count();
        let res = sim::run_battle(&l, seed, true);
        assert_eq!(res.violations, Vec::<String>::new(), "seed {seed}");
    }
    assert!(setup_damage > 0, "no seed dealt damage during setup");
}
