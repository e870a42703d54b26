//! The AI's special actions through `Battle::submit`: Feint, stepping out of reach, Shove,
//! Assist, picking up or drawing a weapon, Trip, Disarm.

use skirmish_rules::Command;
use skirmish_rules::ai;
use skirmish_rules::engine::{Action, CommonAction};
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;

use crate::support::{d20, decline_all, flow, id};
use d20::field;

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
