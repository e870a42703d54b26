//! The AI's casting (issue 17): abilities weighed by expected value against attacks.

use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{Action, CastAt, CommonAction};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;
use skirmish_rules::sim;
use skirmish_rules::{Battle, Command};

use crate::support::{decline_all, flow, id, repo};

/// The ability and aim of a `Cast` command, if it is one.
fn cast_of(c: &Command) -> Option<(usize, CastAt)> {
    match c {
        Command::Act {
            action: Action::Common(CommonAction::Cast { ability, at }),
            ..
        } => Some((*ability, at.clone())),
        _ => None,
    }
}

fn ability_index(b: &Battle, u: UnitId, name: &str) -> usize {
    b.abilities(u)
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("{} knows no {name}", b.name(u)))
}

/// A flow wizard at (1, 3) acting first, and `others` (Blue goblins, Red fighters).
fn tower(others: &str, n_others: usize) -> Battle {
    let units = format!(
        r#"Unit(name: "Ysolde", side: "Red", cell: (1, 3), archetype: "wizard"), {others}"#
    );
    let mut dice = vec![10];
    dice.extend(std::iter::repeat_n(1, n_others));
    flow::arena(GridKind::Square, 12, 7, &units, "", &dice)
}

#[test]
fn the_ai_fireballs_a_clump_of_foes() {
    let mut b = tower(
        r#"Unit(name: "G1", side: "Blue", cell: (6, 2), archetype: "goblin"),
           Unit(name: "G2", side: "Blue", cell: (6, 3), archetype: "goblin"),
           Unit(name: "G3", side: "Blue", cell: (6, 4), archetype: "goblin")"#,
        3,
    );
    let y = id(&b, "Ysolde");
    assert_eq!(b.current(), Some(y));
    let c = ai::decide(&b).unwrap();
    let Some((i, at)) = cast_of(&c) else {
        panic!("expected a cast, got {c:?}")
    };
    assert_eq!(i, ability_index(&b, y, "Fireball"), "{c:?}");
    let hit = b.cast_targets(y, i, &at).unwrap();
    assert_eq!(hit.len(), 3, "the Fireball at {at:?} hits {hit:?}");
    // It goes through, and the battle goes on.
    b.submit(c).unwrap();
    decline_all(&mut b);
}

#[test]
fn the_ai_does_not_fireball_foes_around_its_own_wounded_ally() {
    // The same clump, the middle one a wounded ally (9 HP): every Fireball that reaches
    // both goblins burns it too, and its loss outweighs.
    let b = tower(
        r#"Unit(name: "G1", side: "Blue", cell: (6, 2), archetype: "goblin"),
           Unit(name: "Garrick", side: "Red", cell: (6, 3), archetype: "fighter", hp: 9),
           Unit(name: "G3", side: "Blue", cell: (6, 4), archetype: "goblin")"#,
        3,
    );
    let (y, garrick) = (id(&b, "Ysolde"), id(&b, "Garrick"));
    assert_eq!(b.current(), Some(y));
    let c = ai::decide(&b).unwrap();
    if let Some((i, at)) = cast_of(&c) {
        let hit = b.cast_targets(y, i, &at).unwrap();
        assert!(
            !hit.contains(&garrick),
            "{} at {at:?} hits the ally: {hit:?}",
            b.abilities(y)[i].name
        );
    }
    // With a foe where the ally stood, the Fireball is back.
    let b = tower(
        r#"Unit(name: "G1", side: "Blue", cell: (6, 2), archetype: "goblin"),
           Unit(name: "Garrick", side: "Blue", cell: (6, 3), archetype: "fighter", hp: 9),
           Unit(name: "G3", side: "Blue", cell: (6, 4), archetype: "goblin")"#,
        3,
    );
    let c = ai::decide(&b).unwrap();
    assert_eq!(
        cast_of(&c).map(|(i, _)| i),
        Some(ability_index(&b, y, "Fireball")),
        "{c:?}"
    );
}

/// Ysolde (wizard) at (2, 3), Garrick (Red fighter, 9 HP) at (4, 3), Brute (Blue
/// fighter) at (5, 3); Brute acts first and, when `wounded`, hits Garrick for 6.
fn mend_scene(wounded: bool) -> Battle {
    let units = r#"Unit(name: "Ysolde", side: "Red", cell: (2, 3), archetype: "wizard"),
        Unit(name: "Garrick", side: "Red", cell: (4, 3), archetype: "fighter", hp: 9),
        Unit(name: "Brute", side: "Blue", cell: (5, 3), archetype: "fighter")"#;
    let mut b = flow::arena(GridKind::Square, 12, 7, units, "", &[5, 1, 10]);
    let (garrick, brute) = (id(&b, "Garrick"), id(&b, "Brute"));
    assert_eq!(b.current(), Some(brute));
    if wounded {
        let t = flow::plain_hit_face(&b, brute, garrick);
        b.dice_force_for_tests(&[t, 6]);
        flow::attack(&mut b, brute, garrick);
        decline_all(&mut b);
        assert!(b.hp(garrick) * 3 <= 9, "Garrick has {}", b.hp(garrick));
    }
    b.submit(Command::EndTurn { unit: brute }).unwrap();
    assert_eq!(b.current(), Some(id(&b, "Ysolde")));
    b
}

#[test]
fn the_ai_heals_a_badly_wounded_ally_but_not_a_whole_one() {
    let b = mend_scene(true);
    let (y, garrick) = (id(&b, "Ysolde"), id(&b, "Garrick"));
    let c = ai::decide(&b).unwrap();
    assert_eq!(
        cast_of(&c),
        Some((ability_index(&b, y, "Mend"), CastAt::Unit(garrick))),
        "{c:?}"
    );
    let b = mend_scene(false);
    let c = ai::decide(&b).unwrap();
    assert_ne!(
        cast_of(&c).map(|(i, _)| i),
        Some(ability_index(&b, y, "Mend")),
        "{c:?}"
    );
}

#[test]
fn the_ai_drinks_its_potion_when_low_but_not_at_full_hp() {
    // Gor knows only the Healing draught (single use). Badly wounded, it drinks rather
    // than attack; unhurt, it fights.
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "alchemist", hp: 9),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "fighter")"#;
    let extra = r#"archetypes: {"alchemist": (hp: 24, stats: {Agility: 45, Athletics: 50, Melee: 60, Ranged: 30, Endurance: 55, Deception: 30}, weapons: ["longsword"], abilities: ["Healing draught"])}"#;
    for wounded in [true, false] {
        let mut b = flow::arena(GridKind::Square, 10, 7, units, extra, &[1, 10]);
        let (gor, brute) = (id(&b, "Gor"), id(&b, "Brute"));
        if wounded {
            let t = flow::plain_hit_face(&b, brute, gor);
            b.dice_force_for_tests(&[t, 6]);
            flow::attack(&mut b, brute, gor);
            decline_all(&mut b);
            assert!(b.hp(gor) * 3 <= 9, "Gor has {} of 9 HP", b.hp(gor));
        }
        b.submit(Command::EndTurn { unit: brute }).unwrap();
        assert_eq!(b.current(), Some(gor));
        let c = ai::decide(&b).unwrap();
        if wounded {
            assert_eq!(cast_of(&c), Some((0, CastAt::User)), "{c:?}");
            let hp = b.hp(gor);
            b.submit(c).unwrap();
            decline_all(&mut b);
            assert!(b.hp(gor) > hp);
            assert_eq!(b.uses_left(gor, 0), Some(0));
        } else {
            // It fights (an attack, or a Shove first): no potion.
            assert_eq!(cast_of(&c), None, "{c:?}");
        }
    }
}

#[test]
fn ai_battles_with_casters_finish_and_cast() {
    for path in [
        "levels/flow-arcane-tower.ron",
        "levels/tactical-d20-spell-duel.ron",
    ] {
        let l = level::load(&repo(path)).unwrap();
        let mut casts = 0;
        for k in 0..12 {
            let r = sim::run_battle(&l, sim::battle_seed(17, k), true);
            assert!(r.finished, "{path} seed {} did not end", r.seed);
            assert_eq!(r.stuck_turns, 0, "{path} seed {}", r.seed);
            assert!(r.violations.is_empty(), "{path}: {:?}", r.violations);
            casts += r.fired.get("casts").copied().unwrap_or(0);
        }
        assert!(casts >= 12, "{path}: only {casts} casts in 12 battles");
    }
}

/// tactical-d20: the AI psion Concentrates for its Psionic Focus (a Move action) when a
/// spell of its reaches a foe, then casts with its Standard action; with its Move action
/// spent it does not trade its Standard down for the focus.
#[test]
fn the_ai_psion_concentrates_then_casts() {
    use skirmish_rules::components::ConditionKind;
    use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
    let rows = ["..........", "..........", "..........", ".........."];
    let units = r#"Unit(name: "Psi", side: "Red", cell: (1, 1), archetype: "psion"),
        Unit(name: "Orc", side: "Blue", cell: (6, 1), archetype: "fighter")"#;
    let mut b = d20_field(&rows, units);
    let p = id(&b, "Psi");
    assert_eq!(b.current(), Some(p));
    let c = ai::decide(&b).unwrap();
    assert_eq!(
        c,
        Command::Act {
            unit: p,
            action: TacticalD20Action::Concentrate.into()
        }
    );
    // Endurance d20 19 against DC 5 (no foe threatens it): the focus.
    b.dice_force_for_tests(&[19]);
    b.submit(c).unwrap();
    assert!(b.has(p, ConditionKind::PsionicFocus));
    let c = ai::decide(&b).unwrap();
    assert!(cast_of(&c).is_some(), "expected a cast, got {c:?}");
    // A psion that has moved (its Move action spent) does not Concentrate.
    let mut b = d20_field(&rows, units);
    b.submit(Command::Move {
        unit: p,
        to: skirmish_rules::grid::Cell::new(2, 1),
    })
    .unwrap();
    let c = ai::decide(&b).unwrap();
    assert_ne!(
        c,
        Command::Act {
            unit: p,
            action: TacticalD20Action::Concentrate.into()
        }
    );
}

/// A tactical-d20 battle on `rows`, the first unit acting first (d20s 20, then 1s).
fn d20_field(rows: &[&str], units: &str) -> Battle {
    let n = units.matches("Unit(").count();
    let mut dice = vec![20];
    dice.extend(std::iter::repeat_n(1, n - 1));
    crate::support::d20::field(GridKind::Square, rows, units, "", &dice)
}
