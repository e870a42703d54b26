//! The AI controller, the simulator and the soak checker, through the same
//! `Battle::submit` path the window uses.

use skirmish_rules::ai;
use skirmish_rules::components::{ActiveCondition, ConditionKind, Duration, UnitId};
use skirmish_rules::engine::{Action, CommonAction};
use skirmish_rules::event::{AttackKind, Event};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::record::record;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::sim;
use skirmish_rules::{Battle, Command, Status};

use crate::support::{BOTH, d20, decline_all, flow, id, repo};
use d20::{field, open};

fn texts(b: &Battle) -> Vec<String> {
    b.log().iter().map(|l| record(b, l).text()).collect()
}

#[test]
fn ai_battles_are_deterministic_for_a_seed_and_end() {
    for path in [
        "levels/flow-courtyard.ron",
        "levels/tactical-d20-ambush.ron",
    ] {
        let l = level::load(&repo(path)).unwrap();
        for kind in BOTH {
            let l = l.clone().with_grid(kind);
            let run = |seed| {
                let mut b = Battle::new(l.clone(), seed, Vec::new()).unwrap();
                ai::play_out(&mut b, sim::MAX_COMMANDS);
                assert!(matches!(b.status(), Status::Ended(_)), "{path} {kind}");
                texts(&b)
            };
            let (a, b, c) = (run(5), run(5), run(6));
            assert_eq!(a, b, "same seed, same battle ({path}, {kind})");
            assert_ne!(a, c, "another seed, another battle ({path}, {kind})");
            assert!(
                a.iter().any(|l| l.contains(" attack ")),
                "{path}: it fights"
            );
        }
    }
}

#[test]
fn ai_attacks_the_enemy_worth_most_by_the_shared_odds_function() {
    // Corwin stands between two foes: a fresh fighter and a wounded rogue.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Blue", cell: (3, 4), archetype: "rogue", hp: 3)"#;
    let m = open(10, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let b = field(GridKind::Square, &rows, units, "", &[20, 1, 1]);
    let (c, g, t) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Tamsin"));
    assert_eq!(b.current(), Some(c));
    let value = |e: UnitId| {
        let w = b.weapon_for(c, e, None).unwrap();
        ai::attack_value(&b, c, e, w, AttackKind::Normal)
    };
    assert!(value(t) > value(g), "{} vs {}", value(t), value(g));
    assert_eq!(
        ai::decide(&b),
        Some(Command::Attack {
            unit: c,
            target: t,
            weapon: None,
            slot: None,
            aim: None,
        })
    );
}

#[test]
fn ai_moves_into_the_flanking_cell_on_both_grids() {
    for kind in BOTH {
        // Ilse already stands next to Grub; Corwin, two cells away (too close to charge),
        // should take the cell exactly opposite her (flanking), not another cell next to
        // Grub that costs the same.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (7, 4), archetype: "fighter"),
            Unit(name: "Ilse", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let m = open(12, 9);
        let rows: Vec<&str> = m.iter().map(String::as_str).collect();
        let b = field(kind, &rows, units, "", &[20, 10, 1]);
        let (c, i, g) = (id(&b, "Corwin"), id(&b, "Ilse"), id(&b, "Grub"));
        assert_eq!(b.current(), Some(c));
        let opposite = b.grid().opposite(b.pos(i), b.pos(g));
        match ai::decide(&b) {
            Some(Command::Move { unit, to }) => {
                assert_eq!(unit, c);
                assert_eq!(to, opposite, "{kind}: the flanking cell");
            }
            // On the hex grid a charge reaches: it must land there too.
            Some(Command::Act {
                action: Action::TacticalD20(TacticalD20Action::Charge { target, to: None }),
                ..
            }) => {
                assert_eq!(target, g);
                let path = td::charge_landing(&b, c, g, None).unwrap();
                assert_eq!(
                    path.last(),
                    Some(&opposite),
                    "{kind}: charge lands flanking"
                );
            }
            other => panic!("{kind}: expected a move, got {other:?}"),
        }
    }
}

#[test]
fn ai_stays_put_rather_than_provoke_for_nothing() {
    // Flow. Gor has spent 4 of 5 AP: it cannot attack again this turn, and every step
    // away from the brute provokes a reaction attack. It ends its turn in place.
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "brute"),
        Unit(name: "Imp", side: "Blue", cell: (9, 3), archetype: "goblin")"#;
    let mut b = flow::arena(GridKind::Square, 12, 7, units, "", &[10, 1, 1]);
    let (gor, brute) = (id(&b, "Gor"), id(&b, "Brute"));
    assert_eq!(b.current(), Some(gor));
    // Two swings that miss (96+ fails), the brute does not react.
    for _ in 0..2 {
        b.dice_force_for_tests(&[99]);
        flow::attack(&mut b, gor, brute);
        decline_all(&mut b);
    }
    assert_eq!(b.ap(gor), 1);
    assert!(
        !b.leave_reactors(gor, b.pos(gor)).is_empty(),
        "leaving provokes"
    );
    assert_eq!(ai::decide(&b), Some(Command::EndTurn { unit: gor }));
}

#[test]
fn ai_answers_reaction_windows_like_a_player_would() {
    // A reaction attack is always taken.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let m = open(12, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let mut b = field(GridKind::Square, &rows, units, "", &[1, 20]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.current(), Some(g));
    b.submit(Command::EndTurn { unit: g }).unwrap();
    // Corwin walks away from Grub (Grub is no longer surprised after its turn).
    b.submit(Command::Move {
        unit: c,
        to: Cell::new(1, 4),
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(g));
    assert_eq!(
        ai::decide(&b),
        Some(Command::React {
            unit: g,
            choice: Some(skirmish_rules::event::ReactionKind::ReactionAttack),
            commit: 0,
            commits: Vec::new(),
        })
    );
}

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
fn ai_feints_with_its_spare_ap_then_attacks() {
    // Flow. Gor has 5 AP next to the brute: a Feint (1 AP) still leaves two attacks, so
    // it feints first when the Advantage is worth it; once feinted (or with 4 AP, when a
    // Feint would cost an attack) it attacks.
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "brute")"#;
    let mut b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    let (gor, brute) = (id(&b, "Gor"), id(&b, "Brute"));
    assert_eq!(b.current(), Some(gor));
    assert_eq!(b.ap(gor), 5);
    let chance = skirmish_rules::rulesets::flow::feint_chance(&b, gor, brute);
    assert!(chance > 0.2 && chance < 0.9, "feint chance {chance}");
    assert_eq!(
        ai::decide(&b),
        Some(Command::Act {
            unit: gor,
            action: FlowAction::Feint { target: brute }.into()
        })
    );
    // The Feint wins (Gor rolls 05, the brute 90): the next attack has Advantage, so the
    // AI attacks now.
    b.dice_force_for_tests(&[5, 90]);
    b.submit(ai::decide(&b).unwrap()).unwrap();
    // The brute resists with its better skill (the AI's answer).
    if let Some(w) = b.window() {
        let unit = w.reactor;
        b.submit(Command::React {
            unit,
            choice: ai::react(&b),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
    }
    assert!(b.has(brute, skirmish_rules::components::ConditionKind::Feinted));
    assert_eq!(b.ap(gor), 4);
    assert!(matches!(
        ai::decide(&b),
        Some(Command::Attack { unit, target, .. }) if unit == gor && target == brute
    ));

    // Another round's start, but Gor has 4 AP after a step: no Feint, it attacks.
    let mut b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    b.submit(Command::Act {
        unit: gor,
        action: FlowAction::Step {
            to: Cell::new(3, 2),
        }
        .into(),
    })
    .unwrap();
    assert_eq!(b.ap(gor), 4);
    assert!(matches!(
        ai::decide(&b),
        Some(Command::Attack { unit, target, .. }) if unit == gor && target == brute
    ));
}

#[test]
fn a_badly_wounded_ai_unit_steps_out_of_reach_instead_of_waiting_there() {
    // Flow. Brute (a fighter, reach 1) wounds Gor badly; Gor swings twice and misses,
    // then has 1 AP: it cannot attack, so it takes a Step (which provokes nothing) to a
    // cell Brute does not threaten, rather than ending its turn next to it. Unhurt, it
    // stays. Gor is a fighter without the Second wind a fighter knows (with it, the
    // AI heals first: `ai_casting`).
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "plain fighter", hp: 9),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "fighter")"#;
    let plain = r#"archetypes: {"plain fighter": (hp: 24, stats: {Agility: 45, Athletics: 50, Melee: 60, Ranged: 30, Endurance: 55, Deception: 30}, weapons: ["longsword", "shield"])}"#;
    for wounded in [true, false] {
        let mut b = flow::arena(GridKind::Square, 10, 7, units, plain, &[1, 10]);
        let (gor, brute) = (id(&b, "Gor"), id(&b, "Brute"));
        assert_eq!(b.current(), Some(brute));
        if wounded {
            // A plain hit (the face equal to the target number) that Gor does not
            // defend, for 6 damage.
            let t = flow::plain_hit_face(&b, brute, gor);
            b.dice_force_for_tests(&[t, 6]);
            flow::attack(&mut b, brute, gor);
            decline_all(&mut b);
            assert!(b.hp(gor) * 3 <= 9, "Gor has {} of 9 HP", b.hp(gor));
        }
        b.submit(Command::EndTurn { unit: brute }).unwrap();
        assert_eq!(b.current(), Some(gor));
        for _ in 0..2 {
            b.dice_force_for_tests(&[99]);
            flow::attack(&mut b, gor, brute);
            decline_all(&mut b);
        }
        assert_eq!(b.ap(gor), 1);
        let c = ai::decide(&b).unwrap();
        if !wounded {
            assert_eq!(c, Command::EndTurn { unit: gor });
            continue;
        }
        let Command::Act {
            action: Action::Flow(FlowAction::Step { to }),
            ..
        } = c
        else {
            panic!("expected a Step, got {c:?}")
        };
        assert!(
            !b.threatens(brute, to),
            "{to} is still in the brute's reach"
        );
        let n = b.log().len();
        b.submit(c).unwrap();
        assert_eq!(b.pos(gor), to);
        assert!(
            !b.log()[n..]
                .iter()
                .any(|l| matches!(l.event, Event::ReactionOffered { .. })),
            "the Step provoked a reaction"
        );
    }
}

#[test]
fn ai_shoves_a_foe_prone_when_allies_will_strike_it_too() {
    // Flow. Gor (5 AP) and two allies stand around the goblin. Knocking it prone gives
    // Advantage to Gor's two attacks and to both allies' next ones, so the spare AP goes
    // on a Shove (prone) rather than a Feint (which helps one attack).
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Ash", side: "Red", cell: (5, 3), archetype: "fighter"),
        Unit(name: "Bryn", side: "Red", cell: (4, 2), archetype: "fighter"),
        Unit(name: "Imp", side: "Blue", cell: (4, 3), archetype: "goblin")"#;
    let mut b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 3, 2, 1]);
    let (gor, imp) = (id(&b, "Gor"), id(&b, "Imp"));
    assert_eq!(b.current(), Some(gor));
    let chance = skirmish_rules::rulesets::flow::shove_chance(&b, gor, imp);
    assert!(chance > 0.1, "shove chance {chance}");
    let c = ai::decide(&b).unwrap();
    assert_eq!(
        c,
        Command::Act {
            unit: gor,
            action: FlowAction::Shove {
                target: imp,
                effect: skirmish_rules::engine::ShoveEffect::Prone,
                both: false
            }
            .into()
        }
    );
    // It works (Gor 05, the goblin 95): the goblin is prone and Gor attacks.
    b.dice_force_for_tests(&[5, 95]);
    b.submit(c).unwrap();
    assert!(b.has(imp, skirmish_rules::components::ConditionKind::Prone));
    assert!(matches!(
        ai::decide(&b),
        Some(Command::Attack { unit, target, .. }) if unit == gor && target == imp
    ));
}

#[test]
fn ai_assists_an_engaged_ally_it_cannot_help_otherwise() {
    // tactical-d20, a corridor: Ash cannot reach the ogre past Bryn, and no foe reaches
    // Ash. Rather than Defend itself, Ash Assists Bryn (+4 AC and saves), whom the ogre
    // threatens.
    let map = ["######", "#....#", "######"];
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "fighter"),
        Unit(name: "Bryn", side: "Red", cell: (2, 1), archetype: "fighter"),
        Unit(name: "Og", side: "Blue", cell: (3, 1), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, &map, units, "", &[20, 10, 1]);
    let (ash, bryn) = (id(&b, "Ash"), id(&b, "Bryn"));
    assert_eq!(b.current(), Some(ash));
    let c = ai::decide(&b).unwrap();
    assert_eq!(
        c,
        Command::Act {
            unit: ash,
            action: TacticalD20Action::Assist { ally: bryn }.into()
        }
    );
    b.submit(c).unwrap();
    assert!(b.has(bryn, skirmish_rules::components::ConditionKind::Assisted));
}

#[test]
fn an_ai_unit_with_nothing_in_hand_picks_its_weapon_up_or_draws_one() {
    let units = r#"Unit(name: "Sly", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Imp", side: "Blue", cell: (4, 3), archetype: "goblin")"#;
    // Sly disarms the goblin (a plain success at Disadvantage; the goblin does not
    // defend): its only weapon falls next to it. On its turn the AI walks onto it, then
    // picks it up.
    let mut b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    let (sly, imp) = (id(&b, "Sly"), id(&b, "Imp"));
    let t = flow::plain_hit_face(&b, sly, imp);
    b.dice_force_for_tests(&[t, t]);
    b.submit(Command::Act {
        unit: sly,
        action: FlowAction::Disarm {
            target: imp,
            item: None,
            send: None,
        }
        .into(),
    })
    .unwrap();
    decline_all(&mut b);
    assert!(!b.held(imp, 0), "the goblin lost its shortsword");
    let (sword, _) = b.ground()[0].clone();
    assert_eq!(b.grid().distance(sword, b.pos(imp)), 1);
    b.submit(Command::EndTurn { unit: sly }).unwrap();
    assert_eq!(b.current(), Some(imp));
    let walk = ai::decide(&b).unwrap();
    assert_eq!(
        walk,
        Command::Move {
            unit: imp,
            to: sword
        }
    );
    b.submit(walk).unwrap();
    decline_all(&mut b);
    assert_eq!(b.pos(imp), sword);
    assert_eq!(
        ai::decide(&b),
        Some(Command::Act {
            unit: imp,
            action: CommonAction::PickUp.into()
        })
    );
    b.submit(ai::decide(&b).unwrap()).unwrap();
    assert!(
        b.threat_reach(imp) > 0,
        "the goblin has a blade in hand again"
    );
    // Sly puts both blades away; the AI draws the better one (the shortsword) back.
    let mut b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    for item in [0, 1] {
        b.submit(Command::Act {
            unit: sly,
            action: CommonAction::Sheathe { item }.into(),
        })
        .unwrap();
    }
    assert_eq!(
        ai::decide(&b),
        Some(Command::Act {
            unit: sly,
            action: CommonAction::Draw { item: 0 }.into()
        })
    );
}

#[test]
fn ai_trips_a_foe_its_allies_surround_and_attacks_a_lone_one() {
    // tactical-d20. Three fighters around Grub: a Trip (Athletics vs Reflex) lets both
    // allies' blows land more easily and makes Grub's standing up provoke all three, so
    // Corwin spends its Standard action on it. Alone against Grub it simply attacks.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
        Unit(name: "Ash", side: "Red", cell: (6, 4), archetype: "fighter"),
        Unit(name: "Bryn", side: "Red", cell: (5, 3), archetype: "fighter")"#;
    let mut b = d20::arena(GridKind::Square, units, &[20, 1, 10, 9]);
    let (corwin, grub) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.current(), Some(corwin));
    let p = td::maneuver_chance(&b, corwin, grub);
    assert!(p > 0.2 && p < 0.8, "trip chance {p}");
    let c = ai::decide(&b).unwrap();
    assert_eq!(
        c,
        Command::Act {
            unit: corwin,
            action: TacticalD20Action::Trip { target: grub }.into()
        }
    );
    // It works (Corwin 20, Grub 1): Grub is prone.
    b.dice_force_for_tests(&[20, 1]);
    b.submit(c).unwrap();
    assert!(b.has(grub, skirmish_rules::components::ConditionKind::Prone));

    let alone = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let b = d20::arena(GridKind::Square, alone, &[20, 1]);
    assert!(matches!(
        ai::decide(&b),
        Some(Command::Attack { unit, target, .. }) if unit == corwin && target == grub
    ));
}

#[test]
fn ai_disarms_a_foe_whose_one_weapon_hits_harder_than_its_own_blow() {
    // Flow. The ogre's only weapon is a 4d12 maul; Sly's shortsword does little to its
    // 60 HP. Taking the maul away (at Disadvantage) is worth more than a cut: Sly
    // disarms. Against a goblin with a shortsword it attacks.
    let extra = r#"weapons: {"maul": (damage: "4d12", tags: [TwoHanded])}"#;
    let units = r#"Unit(name: "Sly", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Ogre", side: "Blue", cell: (4, 3), archetype: "fighter", hp: 60, weapons: ["maul"])"#;
    let mut b = flow::arena(GridKind::Square, 10, 7, units, extra, &[10, 1]);
    let (sly, ogre) = (id(&b, "Sly"), id(&b, "Ogre"));
    assert_eq!(b.current(), Some(sly));
    // First its spare AP (5 AP: one more than two attacks) goes on a Feint or a Shove;
    // here it fails (Sly 99, the ogre 1) and changes nothing about the ogre.
    let first = ai::decide(&b).unwrap();
    assert!(
        matches!(
            first,
            Command::Act {
                action: Action::Flow(FlowAction::Feint { .. } | FlowAction::Shove { .. }),
                ..
            }
        ),
        "{first:?}"
    );
    b.dice_force_for_tests(&[99, 1]);
    b.submit(first).unwrap();
    assert_eq!(b.ap(sly), 4);
    assert!(!b.has(ogre, skirmish_rules::components::ConditionKind::Prone));
    assert_eq!(
        ai::decide(&b),
        Some(Command::Act {
            unit: sly,
            action: FlowAction::Disarm {
                target: ogre,
                item: None,
                send: None
            }
            .into()
        })
    );
    let units = r#"Unit(name: "Sly", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Imp", side: "Blue", cell: (4, 3), archetype: "goblin")"#;
    let mut b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    let imp = id(&b, "Imp");
    // Again the spare AP may go first (failing here); then a plain attack, no Disarm.
    let first = ai::decide(&b).unwrap();
    if let Command::Act {
        action: Action::Flow(FlowAction::Feint { .. } | FlowAction::Shove { .. }),
        ..
    } = first
    {
        b.dice_force_for_tests(&[99, 1]);
        b.submit(first).unwrap();
    }
    assert!(matches!(
        ai::decide(&b),
        Some(Command::Attack { unit, target, .. }) if unit == sly && target == imp
    ));
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

/// The AI values an attack with the exact odds the preview and the resolver share
/// (`rulesets::hit_outcome`: the mean of the real damage distribution and the chance a
/// hit takes the target down), not with damage taken as uniform over its range: a
/// critical 2d8+3 is not uniform, so against 9 HP the two differ.
#[test]
fn the_ai_values_an_attack_with_the_exact_damage_odds() {
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Wolf", side: "Blue", cell: (4, 3), archetype: "wolf", hp: 9)"#;
    let b = d20::arena(GridKind::Square, units, &[]);
    let (gor, wolf) = (id(&b, "Gor"), id(&b, "Wolf"));
    let w = b.weapon_for(gor, wolf, None).unwrap();
    let (mean, down) =
        skirmish_rules::rulesets::hit_outcome(&b, gor, wolf, w, AttackKind::Normal).unwrap();
    let v = ai::attack_value(&b, gor, wolf, w, AttackKind::Normal);
    assert!(
        (v - (mean + ai::KILL_BONUS * down)).abs() < 1e-9,
        "{v} vs {mean} + {} × {down}",
        ai::KILL_BONUS
    );
    // The uniform estimate it replaced gives another number here.
    let o = skirmish_rules::rulesets::attack_odds(&b, gor, wolf, w, AttackKind::Normal);
    let uniform_down = |(lo, hi): (i32, i32)| {
        f64::from((hi - 9 + 1).clamp(0, hi - lo + 1)) / f64::from(hi - lo + 1)
    };
    let plain = o.hit - o.crit;
    let uniform = plain * uniform_down(o.damage) + o.crit * uniform_down(o.crit_damage);
    assert!((uniform - down).abs() > 1e-3, "{uniform} vs {down}");
}
