//! The core every ruleset shares: the registry, reversible Down with healing, battle-level
//! counters, and the ruleset-decided reaction cost.

use skirmish_rules::Battle;
use skirmish_rules::components::{Cost, Facing, Pool, UnitId};
use skirmish_rules::event::{Counter, Event, ReactionKind};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;
use skirmish_rules::rulesets::Registry;
use skirmish_rules::rulesets::{RulesetId, playable_list};
use skirmish_rules::sim::Invariants;

use crate::support::flow::arena;
use crate::support::id;

const THREE: &str = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "fighter"),
    Unit(name: "Birch", side: "Blue", cell: (6, 1), archetype: "fighter"),
    Unit(name: "Cedar", side: "Blue", cell: (6, 4), archetype: "fighter")"#;

#[test]
fn the_registry_is_the_one_way_to_a_rulesets_rules() {
    for r in RulesetId::ALL {
        match r.rules() {
            // A playable ruleset's rules answer to its own id, and it reads its own data.
            Some(rules) => {
                assert!(r.playable());
                assert_eq!(rules.id(), r.id());
                assert_eq!(r.catalogue_source(), rules.catalogue_source());
                assert_eq!(
                    r.pools(&Default::default()),
                    rules.pools(&Default::default())
                );
            }
            None => assert!(!r.playable(), "{r}"),
        }
    }
    // Every id is playable now (counters was the last, issue 36).
    assert_eq!(
        playable_list(),
        "counters, escalation, flow, melee-zone, tactical-d20"
    );
}

#[test]
fn each_ruleset_decides_what_a_reaction_costs() {
    let b = arena(GridKind::Square, 8, 6, THREE, "", &[]);
    let mover = b.units().next().expect("a unit");
    let trigger = skirmish_rules::event::Trigger::Leaving {
        mover,
        from: b.pos(mover),
    };
    let flow = RulesetId::Flow.rules().unwrap();
    let d20 = RulesetId::TacticalD20.rules().unwrap();
    for (kind, rp) in [
        (ReactionKind::ReactionAttack, 1),
        (ReactionKind::Dodge, 1),
        (ReactionKind::Riposte, 2),
        (ReactionKind::Intercept, 2),
        (ReactionKind::InterceptSwap, 2),
    ] {
        assert_eq!(
            flow.reaction_cost(&b, &trigger, kind),
            Cost::of(Pool::Reaction, rp),
            "{kind}"
        );
    }
    // tactical-d20: every reaction spends the one Reaction.
    for kind in [
        ReactionKind::ReactionAttack,
        ReactionKind::WaitedAttack,
        ReactionKind::Pursuit,
        ReactionKind::StepAside,
    ] {
        assert_eq!(
            d20.reaction_cost(&b, &trigger, kind),
            Cost::of(Pool::Reaction, 1),
            "{kind}"
        );
    }
}

/// Apply `e` through the battle's one `apply` (the engine's path).
fn emit(b: &mut Battle, e: Event) {
    b.emit(e);
}

#[test]
fn a_unit_that_is_down_comes_back_with_revived_and_healing_restores_hp() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let mut b = arena(kind, 8, 6, THREE, "", &[]);
        let birch = id(&b, "Birch");
        let cell = b.pos(birch);
        let hp = b.hp(birch);
        emit(
            &mut b,
            Event::Damage {
                unit: birch,
                source: None,
                roll: skirmish_rules::dice::Roll::from_faces(
                    skirmish_rules::dice::DiceExpr::new(0, 1),
                    Vec::new(),
                ),
                amount: hp,
                hp_after: 0,
            },
        );
        emit(&mut b, Event::Down { unit: birch });
        assert!(!b.alive(birch));
        assert_eq!(b.unit_at(cell, None), None, "a down unit holds no cell");
        // Healing alone does not bring it back.
        emit(
            &mut b,
            Event::Healed {
                unit: birch,
                amount: 4,
                hp_after: 4,
            },
        );
        assert_eq!(b.hp(birch), 4);
        assert!(!b.alive(birch));
        emit(&mut b, Event::Revived { unit: birch });
        assert!(b.alive(birch));
        assert_eq!(b.unit_at(cell, None), Some(birch), "back on its own cell");
        assert!(b.units().any(|u| u == birch && b.alive(u)));
        // The soak's shadow battle, rebuilt from the log alone, agrees: HP is the start
        // less the damage plus the healing, and the unit stands where it did.
        let mut inv = Invariants::new(b.level(), 7).unwrap();
        let mut out = Vec::new();
        inv.follow(&b, 0, &mut out);
        inv.finish(&b, &mut out);
        assert!(out.is_empty(), "{out:?}");
        // The battle goes on: Birch takes its turn when it comes.
        let mut guard = 0;
        while b.current() != Some(birch) {
            let u = b.current().unwrap();
            b.submit(skirmish_rules::Command::EndTurn { unit: u })
                .unwrap();
            guard += 1;
            assert!(guard < 10, "Birch never got its turn");
        }
    }
}

#[test]
fn counters_are_battle_state_rebuilt_from_the_log() {
    let mut b = arena(GridKind::Square, 8, 6, THREE, "", &[]);
    assert_eq!(b.counter(Counter::EscalationDie), 0);
    emit(
        &mut b,
        Event::Counter {
            counter: Counter::EscalationDie,
            value: 3,
        },
    );
    assert_eq!(b.counter(Counter::EscalationDie), 3);
    // A shadow fed the log has the same counter.
    let mut shadow = Battle::new(b.level().clone(), 7, Vec::new()).unwrap();
    let start = shadow.log().len();
    for l in &b.log()[start..] {
        shadow.replay_event(l.event.clone());
    }
    assert_eq!(shadow.counter(Counter::EscalationDie), 3);
    // A refused command leaves it as it was.
    let ash = UnitId(0);
    let _ = b.submit(skirmish_rules::Command::Move {
        unit: ash,
        to: skirmish_rules::grid::Cell::new(99, 99),
    });
    assert_eq!(b.counter(Counter::EscalationDie), 3);
}

/// The damage odds the preview shows are what the resolver deals: for every face of the
/// damage die (forced after a plain hit), the amount dealt; each face is equally likely,
/// so the distribution must give each amount its count / faces.
#[test]
fn damage_odds_match_what_the_resolver_deals() {
    use skirmish_rules::Command;
    use skirmish_rules::event::AttackKind;
    use skirmish_rules::rulesets::tactical_d20 as td;
    for kind in [GridKind::Square, GridKind::Hex] {
        let b = crate::support::d20::duel(kind, &[]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let w = b.weapon_for(c, g, None).unwrap();
        let rules = b.rules();
        let (dist, crit) = rules
            .damage_odds(&b, c, g, w, AttackKind::Normal)
            .expect("countable dice");
        let a = td::attack_math(&b, c, g, w, AttackKind::Normal);
        let face = (a.total_ac() - a.total_bonus()).clamp(2, a.crit_from as i32 - 1) as u32;
        let sides = b.weapons(c)[w].damage.sides;
        let mut dealt = std::collections::BTreeMap::new();
        for f in 1..=sides {
            let mut b = crate::support::d20::duel(kind, &[face, f]);
            let before = b.log().len();
            b.submit(Command::Attack {
                unit: c,
                target: g,
                weapon: Some(w),
                slot: None,
                aim: None,
            })
            .unwrap();
            let amount = crate::support::damage(&crate::support::since(&b, before))
                .first()
                .map(|d| d.1)
                .expect("a plain hit deals damage");
            *dealt.entry(amount).or_insert(0u32) += 1;
        }
        for (amount, n) in &dealt {
            let p = dist.iter().find(|x| x.0 == *amount).map_or(0.0, |x| x.1);
            assert!(
                (p - f64::from(*n) / f64::from(sides)).abs() < 1e-12,
                "{amount}"
            );
        }
        assert!((dist.p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // A critical rolls the dice twice: its range starts where two dice start.
        assert!(crit.range().1 > dist.range().1);
        // hit_outcome weighs both by the attack's own odds.
        let o = skirmish_rules::rulesets::attack_odds(&b, c, g, w, AttackKind::Normal);
        let (mean, down) =
            skirmish_rules::rulesets::hit_outcome(&b, c, g, w, AttackKind::Normal).unwrap();
        let want = (o.hit - o.crit) * dist.mean() + o.crit * crit.mean();
        assert!((mean - want).abs() < 1e-12);
        assert!((0.0..=1.0).contains(&down));
    }
}

/// `Battle::threatening` (through the cell index in a big battle, by asking every unit in
/// a small one) gives exactly the units that threaten each cell, after moves and deaths;
/// so does `Battle::any_threatening`, its form without a list.
#[test]
fn threatening_a_cell_agrees_with_asking_every_unit() {
    use skirmish_rules::sim;
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        for (kind, size, per_side) in [(GridKind::Square, 24, 40), (GridKind::Hex, 12, 3)] {
            let l = sim::random_level(r, kind, size, size, per_side, 5).unwrap();
            let mut b = Battle::new(l, 5, Vec::new()).unwrap();
            for step in 0..4 {
                if step > 0 {
                    skirmish_rules::ai::play_out(&mut b, 40 * step);
                }
                let g = b.grid();
                for y in 0..g.height {
                    for x in 0..g.width {
                        let c = skirmish_rules::grid::Cell::new(x, y);
                        let want: Vec<UnitId> = b.units().filter(|&u| b.threatens(u, c)).collect();
                        assert_eq!(b.threatening(c), want, "{r} {kind:?} {c:?} step {step}");
                        // The allocation-free yes/no form: every threatener is offered
                        // (none twice), and the first that passes stops the walk.
                        let mut seen = Vec::new();
                        assert!(!b.any_threatening(c, |u| {
                            seen.push(u);
                            false
                        }));
                        seen.sort();
                        assert_eq!(seen, want, "any_threatening {r} {kind:?} {c:?}");
                        if let Some(&last) = want.last() {
                            let mut asked = 0;
                            assert!(b.any_threatening(c, |u| {
                                asked += 1;
                                u == last
                            }));
                            assert!(asked <= want.len());
                        }
                    }
                }
            }
        }
    }
}

/// A battle of many units may take more commands before it counts as unfinished: 100 a
/// unit, never fewer than the 20,000 a small battle gets.
#[test]
fn the_command_cap_grows_with_the_units() {
    use skirmish_rules::sim;
    let small = sim::random_level(RulesetId::Flow, GridKind::Square, 16, 16, 4, 1).unwrap();
    assert_eq!(sim::command_cap(&small), sim::MAX_COMMANDS);
    let big = sim::random_level(RulesetId::Flow, GridKind::Square, 96, 96, 300, 1).unwrap();
    assert_eq!(big.units.len(), 600);
    assert_eq!(sim::command_cap(&big), 60_000);
}

/// An attacker turns to face its target (the core keeps facing for rulesets that read it,
/// such as attacks from behind), as a mover turns to face each step.
#[test]
fn an_attack_turns_the_attacker_to_face_its_target() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (2, 2), archetype: "fighter", facing: 0),
    Unit(name: "Birch", side: "Blue", cell: (2, 3), archetype: "fighter", facing: 0)"#;
    let mut b = arena(GridKind::Square, 6, 6, units, "", &[]);
    let attacker = b.current().unwrap();
    let target = if attacker == id(&b, "Ash") {
        id(&b, "Birch")
    } else {
        id(&b, "Ash")
    };
    let facing = |b: &Battle, u| b.get::<Facing>(u).unwrap().0 as usize;
    assert_eq!(facing(&b, attacker), 0, "the level's facing");
    crate::support::flow::attack(&mut b, attacker, target);
    let want = b.level().grid.direction_to(b.pos(attacker), b.pos(target));
    assert_eq!(want.map(|d| d != 0), Some(true), "south or north, not east");
    assert_eq!(Some(facing(&b, attacker)), want);
    assert_eq!(facing(&b, target), 0, "the target does not turn");
}

/// A unit the level gives no `facing` faces the middle of its foes (melee-zone's "When
/// attacking a unit from behind" needs nobody to start with its back to the enemy); one
/// with a `facing` keeps it.
#[test]
fn a_unit_without_a_facing_faces_the_middle_of_its_foes() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let src = format!(
            r##"Level(name: "f", ruleset: "flow", grid: {kind:?}, map: ["........", "........", "........", "........", "........", "........"],
            sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
            units: [Unit(name: "Ash", side: "Red", cell: (1, 3), archetype: "fighter"),
                Unit(name: "Cid", side: "Red", cell: (1, 5), archetype: "fighter", facing: 3),
                Unit(name: "Bly", side: "Blue", cell: (6, 2), archetype: "fighter"),
                Unit(name: "Dot", side: "Blue", cell: (6, 4), archetype: "fighter")])"##
        );
        let l = level::parse(&src, "f").unwrap_or_else(|e| panic!("{e}"));
        let g = l.grid;
        let facing: Vec<u8> = l.units.iter().map(|u| u.facing.0).collect();
        let cell = skirmish_rules::grid::Cell::new;
        // Ash: Bly and Dot's middle (6, 3) is due east; Bly: Ash and Cid's (1, 4).
        let bly = g.direction_toward(cell(6, 2), cell(1, 4)).unwrap() as u8;
        let dot = g.direction_toward(cell(6, 4), cell(1, 4)).unwrap() as u8;
        assert_eq!(facing, [0, 3, bly, dot], "{kind:?}");
        assert_eq!(dot, (g.directions() / 2) as u8, "due west");
    }
}

/// `direction_toward` picks a step that brings a unit nearer to any other cell, on both
/// grids, and agrees with `direction_to` for a neighbour.
#[test]
fn direction_toward_steps_nearer() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let g = skirmish_rules::grid::Grid::new(kind, 9, 9);
        let from = skirmish_rules::grid::Cell::new(4, 4);
        assert_eq!(g.direction_toward(from, from), None);
        for y in 0..9 {
            for x in 0..9 {
                let to = skirmish_rules::grid::Cell::new(x, y);
                if to == from {
                    continue;
                }
                let d = g.direction_toward(from, to).unwrap();
                assert_eq!(
                    g.distance(g.step(from, d), to) + 1,
                    g.distance(from, to),
                    "{kind:?} {to:?}"
                );
                if g.distance(from, to) == 1 {
                    assert_eq!(Some(d), g.direction_to(from, to));
                }
            }
        }
    }
}

/// Stat modifiers are kept apart from the base scores (issue 14): `stats` is the base
/// plus the modifiers, `base_stats` the level's scores. tactical-d20's Crippled (1d4 STR
/// and DEX) is one; a modifier until the unit's own turn starts drops then, a cause's
/// modifiers end together (a healed wound), and the log rebuilds them all.
#[test]
fn stat_modifiers_stay_apart_from_base_scores() {
    use skirmish_rules::components::{Duration, ModCause, Stat, StatMod};
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", conditions: {Crippled: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    // Crippled's two d4 (3 STR, 2 DEX), then initiative: Corwin first.
    let mut b = crate::support::d20::arena(GridKind::Square, units, &[3, 2, 20, 1]);
    let c = id(&b, "Corwin");
    assert_eq!(b.base_stats(c).get(Stat::Str), 16);
    assert_eq!(b.stats(c).get(Stat::Str), 13);
    assert_eq!(b.stats(c).get(Stat::Dex), 10);
    let causes: Vec<(Stat, i32, ModCause)> = b
        .stat_mods(c)
        .iter()
        .map(|m| (m.stat, m.amount, m.cause))
        .collect();
    assert_eq!(
        causes,
        [
            (Stat::Str, -3, ModCause::AbilityDamage),
            (Stat::Dex, -2, ModCause::AbilityDamage)
        ]
    );
    // A wound (until healed) and a daze (until Corwin's next turn starts).
    let grub = id(&b, "Grub");
    let wound = |stat, amount, duration| Event::StatModified {
        unit: c,
        modifier: StatMod {
            stat,
            amount,
            duration,
            cause: ModCause::Wound,
            source: Some(grub),
        },
    };
    emit(&mut b, wound(Stat::Str, -1, Duration::UntilRemoved));
    emit(&mut b, wound(Stat::Dex, -3, Duration::UntilOwnTurnStart));
    assert_eq!(b.stats(c).get(Stat::Str), 12);
    assert_eq!(b.stats(c).get(Stat::Dex), 7);
    assert_eq!(b.base_stats(c).get(Stat::Dex), 12);
    // Rebuilt from the log alone, the scores agree.
    let mut shadow = Battle::new(b.level().clone(), 7, vec![3, 2, 20, 1]).unwrap();
    let start = shadow.log().len();
    for l in &b.log()[start..] {
        shadow.replay_event(l.event.clone());
    }
    assert_eq!(shadow.stats(c), b.stats(c));
    // Corwin's next turn: the daze is over, the wound is not.
    for _ in 0..2 {
        let u = b.current().unwrap();
        b.submit(skirmish_rules::Command::EndTurn { unit: u })
            .unwrap();
    }
    assert_eq!(b.current(), Some(c));
    assert_eq!(b.stats(c).get(Stat::Dex), 10);
    assert_eq!(b.stats(c).get(Stat::Str), 12);
    // The wound heals: every Wound modifier ends; the ability damage stays.
    emit(
        &mut b,
        Event::StatModsEnded {
            unit: c,
            cause: ModCause::Wound,
        },
    );
    assert_eq!(b.stats(c).get(Stat::Str), 13);
    assert_eq!(b.stat_mods(c).len(), 2);
}

/// A count kept as modifiers (melee-zone's wounds): each wound is a `Wounds` +1 of cause
/// `Wound` beside its effects, so `stats` counts them and they end with their cause; what
/// a wound takes from a pool (`Spend::Wound`) is no price paid.
#[test]
fn a_count_kept_as_modifiers_counts_and_ends_with_its_cause() {
    use skirmish_rules::components::{Duration, ModCause, Stat, StatMod};
    use skirmish_rules::event::Spend;
    let mut b = arena(GridKind::Square, 8, 6, THREE, "", &[]);
    let ash = id(&b, "Ash");
    let wound = |stat, amount| Event::StatModified {
        unit: ash,
        modifier: StatMod {
            stat,
            amount,
            duration: Duration::UntilRemoved,
            cause: ModCause::Wound,
            source: None,
        },
    };
    emit(&mut b, wound(Stat::Wounds, 1));
    emit(&mut b, wound(Stat::Wounds, 1));
    emit(&mut b, wound(Stat::Agility, -1));
    assert_eq!(b.stats(ash).get(Stat::Wounds), 2);
    assert_eq!(b.base_stats(ash).get(Stat::Wounds), 0);
    emit(
        &mut b,
        Event::StatModsEnded {
            unit: ash,
            cause: ModCause::Wound,
        },
    );
    assert_eq!(b.stats(ash).get(Stat::Wounds), 0);
    assert_eq!(b.stats(ash), b.base_stats(ash));
    assert!(!Spend::Wound.is_paid());
    assert!(Spend::Boost.is_paid());
}
