//! melee-zone facing, flanking and stealth, continued from `melee_zone_facing`, through `Battle::submit` with forced dice.

use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, since};
use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{Pool, Slot};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::Command;
use skirmish_rules::event::{AttackKind, ChainKind, Event, Outcome, Spend};
use skirmish_rules::rulesets::melee_zone::{MeleeZoneAction, UNDETECTED, facing, summoning_slots};
use skirmish_rules::rulesets::ui::act;

use super::melee_zone_facing::*;

#[test]
fn a_foe_turning_to_face_a_hidden_unit_by_a_step_or_an_attack_reveals_it() {
    for kind in BOTH {
        let w = west(kind);
        // Bly faces east, Ash hidden behind it; Bly steps west and sees Ash.
        let mut b = row_battle(kind, "............", 0, true, &[]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        end(&mut b);
        let ev = mv(&mut b, bly, 7, 3);
        assert_eq!(revealed(&ev), [(ash, Some(bly))]);
        assert!(matches!(ev[ev.len() - 2], Event::Moved { unit, .. } if unit == bly));
        // Bly attacks Cid, west of it: it turns west and sees Ash (d20 2 misses).
        let units = r#"Unit(name: "Ash", side: "Red", cell: (2, 3), archetype: "duelist", hidden: true),
            Unit(name: "Cid", side: "Red", cell: (7, 3), archetype: "brute"),
            Unit(name: "Bly", side: "Blue", cell: (8, 3), archetype: "soldier", facing: 0)"#;
        let mut b = arena(kind, units, &[2]);
        let (ash, bly, cid) = (id(&b, "Ash"), id(&b, "Bly"), id(&b, "Cid"));
        end(&mut b); // Ash
        assert_eq!(b.current(), Some(bly));
        let n = b.log().len();
        b.submit(attack(bly, cid, None)).unwrap();
        let ev = since(&b, n);
        assert!(matches!(ev[1], Event::Attack { .. }));
        assert_eq!(
            ev[2],
            Event::Revealed {
                unit: ash,
                by: Some(bly)
            }
        );
        assert_eq!(facing(&b, bly), w as usize);
    }
}

#[test]
fn foes_cannot_target_a_hidden_unit_nor_take_a_free_hit_and_the_ai_ignores_it() {
    for kind in BOTH {
        // Ash hidden right behind Bly (who faces east) steps away: no free hit.
        let units = r#"Unit(name: "Ash", side: "Red", cell: (4, 3), archetype: "duelist", hidden: true),
            Unit(name: "Cid", side: "Red", cell: (9, 6), archetype: "bandit"),
            Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier", facing: 0)"#;
        let mut b = arena(kind, units, &[]);
        let (ash, bly, cid) = (id(&b, "Ash"), id(&b, "Bly"), id(&b, "Cid"));
        let ev = mv(&mut b, ash, 3, 3);
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert!(b.hidden(ash));
        mv(&mut b, ash, 4, 3);
        end(&mut b); // Ash, back behind Bly
        end(&mut b); // Cid
        assert_eq!(b.current(), Some(bly));
        let e = b.submit(attack(bly, ash, None)).unwrap_err();
        assert!(e.to_string().contains("Ash is hidden"), "{e}");
        // The AI does not attack the unit right behind it: it heads for Cid.
        let c = ai::decide(&b).expect("a command");
        assert!(
            matches!(c, Command::Move { unit, to } if unit == bly
                && grid(kind).distance(to, b.pos(cid)) < grid(kind).distance(b.pos(bly), b.pos(cid))),
            "{c:?}"
        );
    }
}

#[test]
fn attacking_undetected_hits_on_5_adds_1d4_and_reveals_the_attacker() {
    for kind in BOTH {
        // From behind: d20 2 + 3 + 1 = 6 against 5 (flat-footed); 1d6 4 + 1d4 3.
        let (ev, b) = sneak(kind, 0, "", &[2, 4, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert_eq!(
            ev,
            [
                Event::Spent {
                    unit: ash,
                    pool: Pool::Slot(Slot::Attack),
                    amount: 1,
                    on: Spend::Attack,
                    left: 0
                },
                Event::Attack {
                    attacker: ash,
                    target: bly,
                    weapon: "shortsword".into(),
                    kind: AttackKind::Normal,
                    roll: d20(2, &[accuracy(3), from_behind()]),
                    target_number: 5,
                    outcome: Outcome::Success,
                    against: vec![undetected()],
                },
                Event::Revealed {
                    unit: ash,
                    by: None
                },
                Event::Damage {
                    unit: bly,
                    source: Some(ash),
                    roll: Roll::from_faces(DiceExpr::new(1, 6), vec![4])
                        .with(Modifier::new(ModKind::Skill, "Strength mod", 0))
                        .with(sneak_mod("1d4", &[3], 3)),
                    amount: 7,
                    hp_after: 17,
                },
            ]
        );
        assert!(!b.hidden(ash));
        // From the front (Bly faces west, toward it): no flanking, still flat-footed:
        // d20 2 + 3 = 5 hits.
        let (ev, _) = sneak(kind, west(kind), "", &[2, 1, 1]);
        assert!(
            matches!(&ev[1], Event::Attack { roll, target_number: 5, outcome: Outcome::Success, .. }
            if roll.modifiers == vec![accuracy(3)])
        );
        assert_eq!(damage(&ev), [(bly, 2)]);
        // A natural 1 (then d4 2: no tragedy) misses and gives it away all the same; no
        // sneak die is rolled, and Bly is offered its free hit.
        let (ev, b) = sneak(kind, 0, "", &[1, 2]);
        assert_eq!(revealed(&ev), [(ash, None)]);
        assert!(damage(&ev).is_empty());
        assert_eq!(b.forced_dice_left(), 0);
    }
}

#[test]
fn sneak_damage_is_doubled_by_a_critical_and_again_by_a_super_critical() {
    for kind in BOTH {
        // d20 20, d4 2: a critical hit: (1d6 4 + 1d4 3) × 2.
        let (ev, b) = sneak(kind, 0, "", &[20, 2, 4, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert!(
            matches!(ev[3], Event::Chain { unit, kind: ChainKind::Critical, steps: 0, .. } if unit == ash)
        );
        let Some(Event::Damage { roll, amount, .. }) = ev.last() else {
            panic!("{ev:?}")
        };
        assert_eq!(*amount, 14);
        assert_eq!(
            roll.modifiers,
            [
                Modifier::new(ModKind::Skill, "Strength mod", 0),
                sneak_mod("1d4", &[3], 3),
                Modifier::new(ModKind::Critical, "critical ×2", 7),
            ]
        );
        // d4 4, d6 1: a super critical: (4 + 3) × 4 = 28, and Bly (24 HP) is down.
        let (ev, _) = sneak(kind, 0, "", &[20, 4, 1, 4, 3]);
        assert_eq!(damage(&ev), [(bly, 28)]);
        assert!(ev.contains(&Event::Down { unit: bly }));
    }
}

#[test]
fn the_sneak_attack_feat_adds_another_d4() {
    for kind in BOTH {
        let (ev, b) = sneak(kind, 0, r#""Sneak attack""#, &[2, 4, 3, 2]);
        let Some(Event::Damage { roll, amount, .. }) = ev.last() else {
            panic!("{ev:?}")
        };
        assert_eq!(roll.modifiers[1], sneak_mod("2d4", &[3, 2], 5));
        assert_eq!(*amount, 9);
        assert_eq!(b.forced_dice_left(), 0);
        // The odds the window and the AI read carry it: 1d6 + 2d4 = 3 to 14.
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let units = r#"Unit(name: "Ash", side: "Red", cell: (4, 3), archetype: "duelist", hidden: true, feats: ["Sneak attack"]),
            Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier", facing: 0)"#;
        let fresh = arena(kind, units, &[]);
        let odds = fresh
            .rules()
            .odds(&fresh, ash, bly, 0, AttackKind::Normal, true);
        assert_eq!(odds.damage, (3, 14));
        assert_eq!(odds.hit, 19.0 / 20.0, "flat-footed: 5, a natural 1 misses");
        // The extra attack goes "without feats or Strength modifier": the sneak die alone.
        let mut b = arena(kind, units, &[2, 4, 3]);
        b.submit(act(ash, MeleeZoneAction::Disengage { bonus: false }))
            .unwrap();
        let n = b.log().len();
        b.submit(attack(ash, bly, Some(Slot::Move))).unwrap();
        let ev = since(&b, n);
        let Some(Event::Damage { roll, amount, .. }) =
            ev.iter().find(|e| matches!(e, Event::Damage { .. }))
        else {
            panic!("{ev:?}")
        };
        assert_eq!(roll.modifiers, [sneak_mod("1d4", &[3], 3)]);
        assert_eq!(*amount, 7);
    }
}

#[test]
fn a_maneuverer_moves_normally_while_hidden_and_on_difficult_ground() {
    for kind in BOTH {
        let units = r#"Unit(name: "Ash", side: "Red", cell: (2, 3), archetype: "duelist", hidden: true, feats: ["Maneuverer"]),
            Unit(name: "Bly", side: "Blue", cell: (10, 6), archetype: "soldier")"#;
        let b = arena(kind, units, &[]);
        assert_eq!(b.movement_budget(id(&b, "Ash")), 6, "not halved");
        // Swimming (difficult ground, 2 a space for others): 1 a space.
        // Columns 2 to 4 are water on every row: any way to (4, 3) is 3 spaces of it.
        let rows: Vec<&str> = vec!["..~~~......."; 8];
        for (feats, left) in [(r#""Maneuverer""#, 3), ("", 0)] {
            let units = format!(
                r#"Unit(name: "Ash", side: "Red", cell: (1, 3), archetype: "duelist", feats: [{feats}]),
                Unit(name: "Bly", side: "Blue", cell: (10, 6), archetype: "soldier")"#
            );
            let mut b = field(kind, &rows, &units, "", &[]);
            let ash = id(&b, "Ash");
            let ev = mv(&mut b, ash, 4, 3);
            // The engine charges it 1 a space of water (`Ruleset::difficult_cost`).
            let costs: Vec<u32> = ev
                .iter()
                .filter_map(|e| match e {
                    Event::Moved { cost, .. } => Some(*cost),
                    _ => None,
                })
                .collect();
            let want = if left == 3 { [1, 1, 1] } else { [2, 2, 2] };
            assert_eq!(costs, want, "{feats}");
            assert_eq!(b.pool(ash, Pool::Movement), left, "{feats}");
        }
    }
}

#[test]
fn a_legion_leader_has_two_summoning_slots_more_than_its_level() {
    for kind in BOTH {
        let units = r#"Unit(name: "Ash", side: "Red", cell: (2, 3), archetype: "duelist", stats: {Level: 3}, feats: ["Legion leader"]),
            Unit(name: "Cid", side: "Red", cell: (2, 5), archetype: "duelist", stats: {Level: 3}),
            Unit(name: "Bly", side: "Blue", cell: (10, 6), archetype: "soldier")"#;
        let b = arena(kind, units, &[]);
        let (ash, cid) = (id(&b, "Ash"), id(&b, "Cid"));
        assert_eq!((summoning_slots(&b, ash), summoning_slots(&b, cid)), (5, 3));
        assert!(notes(&b, ash).contains(&"5 summoning slots (Legion leader +2)".to_string()));
    }
}

#[test]
fn the_ai_hides_out_of_sight_when_it_has_nothing_better_to_do() {
    use skirmish_rules::ai::AiTactics;
    use skirmish_rules::rulesets::melee_zone::MeleeZoneAi;
    for kind in BOTH {
        let w = west(kind);
        let b = row_battle(kind, "...#........", w, false, &[]);
        let ash = id(&b, "Ash");
        assert_eq!(
            MeleeZoneAi.support(&b, ash, &[]),
            Some(act(ash, MeleeZoneAction::Hide))
        );
        let b = row_battle(kind, "............", w, false, &[]);
        assert_eq!(MeleeZoneAi.support(&b, ash, &[]), None);
    }
}

#[test]
fn the_ambush_level_plays_to_the_end_with_sneak_attacks() {
    let file = "levels/melee-zone-ambush.ron";
    let mut sneaks = 0;
    for kind in BOTH {
        for seed in [1, 2, 3] {
            let level = skirmish_rules::level::load(&crate::support::repo(file))
                .unwrap()
                .with_grid(kind);
            let mut b = Battle::new(level, seed, Vec::new()).unwrap();
            skirmish_rules::ai::play_out(&mut b, 5000);
            assert!(
                matches!(b.status(), skirmish_rules::Status::Ended(_)),
                "{kind:?} {seed}"
            );
            sneaks += b
                .log()
                .iter()
                .filter(|l| {
                    matches!(&l.event, Event::Attack { against, .. }
                        if against.iter().any(|m| m.name == UNDETECTED))
                })
                .count();
        }
    }
    assert!(sneaks > 0);
}
