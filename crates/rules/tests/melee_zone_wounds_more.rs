//! melee-zone aimed attacks, wounds, reach and items, continued from `melee_zone_wounds`, through `Battle::submit` with forced dice.

use crate::support::melee_zone::{arena, attack};
use crate::support::{BOTH, damage, id, offers, since};
use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{Carried, Pool, Slot};
use skirmish_rules::dice::DiceExpr;
use skirmish_rules::engine::{Aim, Command, CommonAction};
use skirmish_rules::event::{Event, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::melee_zone::{AIMS, WoundKind, wounds};

use super::melee_zone_wounds::*;

#[test]
fn the_five_aims_are_offered_and_a_script_aims() {
    let b = arena(BOTH[0], PAIR, &[]);
    assert_eq!(b.rules().aims(), AIMS);
    let view = skirmish_rules::rulesets::view_of(&b).expect("melee-zone's view");
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let ch = view
        .choice(&b, &aimed(ash, bly, Aim::CentreMass))
        .expect("where to aim");
    let labels: Vec<&str> = ch
        .options
        .iter()
        .map(|(l, _)| l.split(" — ").next().unwrap_or(""))
        .collect();
    assert_eq!(
        labels,
        ["Fatal", "Slowing", "Weakening", "Disrupting", "Center Mass"]
    );
    assert!(view.choice(&b, &attack(ash, bly, None)).is_none());
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[15, 6]);
        let s = skirmish_rules::script::Script::parse(
            r#"Script(commands: [Attack(unit: "Ash", target: "Bly", aim: Legs)])"#,
        )
        .unwrap();
        skirmish_rules::script::run(&mut b, &s).unwrap();
        assert_eq!(wounds(&b, id(&b, "Bly"))[0].kind, WoundKind::Slowing);
    }
}

#[test]
fn reach_makes_a_two_cell_zone_that_gives_free_hits_and_strikes_at_two() {
    for kind in BOTH {
        // Pike's free hit: d20 15 + 2 hits Bly (11); 1d8 4 + 2.
        let mut b = pike(kind, true, &[15, 4]);
        let (bly, p) = (id(&b, "Bly"), id(&b, "Pike"));
        assert_eq!(b.grid().distance(b.pos(p), b.pos(bly)), 2, "{kind:?}");
        assert_eq!(b.threat_reach(p), 2);
        assert!(b.threatens(p, b.pos(bly)));
        let n = b.log().len();
        b.submit(Command::Move {
            unit: bly,
            to: Cell::new(8, 3),
        })
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(p));
        assert!(matches!(
            b.window().unwrap().trigger,
            Trigger::Leaving { mover, .. } if mover == bly
        ));
        b.submit(Command::React {
            unit: p,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(offers(&ev), [(p, vec![ReactionKind::FreeHit])]);
        assert_eq!(damage(&ev), [(bly, 6)]);
        assert_eq!(b.pool(p, Pool::FreeHits), 1);
        assert_eq!(b.pos(bly), Cell::new(8, 3));

        // Without the feat: a zone of 1, no free hit, and no attack at 2.
        let mut b = pike(kind, false, &[]);
        assert_eq!(b.threat_reach(p), 1);
        let n = b.log().len();
        b.submit(Command::Move {
            unit: bly,
            to: Cell::new(8, 3),
        })
        .unwrap();
        assert!(offers(&since(&b, n)).is_empty());

        // On his own turn, with the feat, he strikes at 2: d20 15, 1d8 5 + 2.
        let mut b = pike(kind, true, &[15, 5]);
        end(&mut b);
        assert_eq!(b.current(), Some(p));
        b.submit(attack(p, bly, None)).unwrap();
        assert_eq!(b.hp(bly), 14 - 7);
        let mut b = pike(kind, false, &[]);
        end(&mut b);
        let e = b.submit(attack(p, bly, None)).unwrap_err();
        assert!(e.to_string().contains("target is 2 away"), "{e}");
    }
}

#[test]
fn weapon_focus_rolls_one_more_damage_die_with_three_chosen_weapons() {
    for kind in BOTH {
        let units = r#"Unit(name: "Vet", side: "Red", cell: (3, 3), archetype: "soldier",
            feats: ["Weapon focus: longsword, dagger, spear"]),
            Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", hp: 60)"#;
        // d20 15 hits (11); 2d8 3 and 4 + Strength 2; the extra attack: 15, 1d8 5.
        let mut b = arena(kind, units, &[15, 3, 4, 15, 5]);
        let (vet, bly) = (id(&b, "Vet"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(attack(vet, bly, None)).unwrap();
        let ev = since(&b, n);
        let dice = ev.iter().find_map(|e| match e {
            Event::Damage { roll, .. } => Some((roll.expr, roll.faces.clone())),
            _ => None,
        });
        assert_eq!(dice, Some((DiceExpr::new(2, 8), vec![3, 4])));
        assert_eq!(damage(&ev), [(bly, 9)]);
        let n = b.log().len();
        b.submit(attack(vet, bly, Some(Slot::Move))).unwrap();
        assert_eq!(damage(&since(&b, n)), [(bly, 5)], "1d8, no Strength");

        // The longsword named fourth is not one of the three.
        let units = r#"Unit(name: "Vet", side: "Red", cell: (3, 3), archetype: "soldier",
            feats: ["Weapon focus: club, dagger, spear, longsword"]),
            Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", hp: 60)"#;
        let mut b = arena(kind, units, &[15, 3]);
        let n = b.log().len();
        b.submit(attack(vet, bly, None)).unwrap();
        assert_eq!(damage(&since(&b, n)), [(bly, 5)]);
    }
}

#[test]
fn draw_and_sheathe_take_a_bonus_action_else_the_move_else_the_attack_action() {
    for kind in BOTH {
        // The bow's d20 15 + 2 hits Bly (11); 1d6 4 + Strength 0.
        let mut b = arena(kind, ARCHER, &[15, 4]);
        let (rue, bly) = (id(&b, "Rue"), id(&b, "Bly"));
        let (spear, bow) = (0, 1);
        assert_eq!(b.carried(rue, bow), Some(Carried::Stowed));
        let e = b.submit(attack(rue, bly, None)).unwrap_err();
        assert!(e.to_string().contains("stowed (draw it first)"), "{e}");
        // The bow needs both hands: the spear holds them.
        let e = act_on(&mut b, rue, CommonAction::Draw { item: bow }).unwrap_err();
        assert!(e.contains("needs 2 free hand"), "{e}");
        let ev = act_on(&mut b, rue, CommonAction::Sheathe { item: spear }).unwrap();
        assert_eq!(paid(&ev), [(Slot::Bonus, Spend::Sheathe)]);
        let ev = act_on(&mut b, rue, CommonAction::Draw { item: bow }).unwrap();
        assert_eq!(paid(&ev), [(Slot::Bonus, Spend::Draw)]);
        assert_eq!(b.carried(rue, bow), Some(Carried::Held));
        assert_eq!(b.carried(rue, spear), Some(Carried::Stowed));
        // Both Bonus Actions spent: the next takes the Move Action.
        let ev = act_on(&mut b, rue, CommonAction::Sheathe { item: bow }).unwrap();
        assert_eq!(paid(&ev), [(Slot::Move, Spend::Sheathe)]);
        let ev = act_on(&mut b, rue, CommonAction::Draw { item: bow }).unwrap();
        assert_eq!(paid(&ev), [(Slot::Attack, Spend::Draw)]);
        // Nothing is left to pay with; the turn is over.
        assert_ne!(b.current(), Some(rue));
        let e = act_on(&mut b, rue, CommonAction::Sheathe { item: bow }).unwrap_err();
        assert!(e.contains("turn"), "{e}");

        // Drawn with a Bonus Action, the bow shoots with the Attack Action.
        let mut b = arena(kind, ARCHER, &[15, 4]);
        act_on(&mut b, rue, CommonAction::Sheathe { item: spear }).unwrap();
        act_on(&mut b, rue, CommonAction::Draw { item: bow }).unwrap();
        b.submit(attack(rue, bly, None)).unwrap();
        assert_eq!(b.hp(bly), 14 - 4);
        assert_eq!(b.threat_reach(rue), 0, "a bow: no melee zone");
    }
}

#[test]
fn a_disarmed_item_nearby_is_retrieved_with_a_bonus_action_another_only_from_its_cell() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[15, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let next_to = Cell::new(3, 4);
        assert_eq!(b.grid().distance(b.pos(ash), next_to), 1, "{kind:?}");
        let sword = b.weapons(ash)[0].clone();
        b.emit(Event::ItemDropped {
            unit: ash,
            item: 0,
            weapon: sword,
            cell: next_to,
        });
        let e = b.submit(attack(ash, bly, None)).unwrap_err();
        assert!(e.to_string().contains("lost"), "{e}");
        assert_eq!(b.threat_reach(ash), 0);
        let ev = act_on(&mut b, ash, CommonAction::PickUp).unwrap();
        assert_eq!(paid(&ev), [(Slot::Bonus, Spend::PickUp)]);
        assert!(ev.contains(&Event::PickedUp {
            unit: ash,
            cell: next_to,
            now: Carried::Held,
        }));
        assert!(b.ground().is_empty());
        // Back in hand (at the end of the loadout): the attack goes in.
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(b.hp(bly), 24 - 4);

        // Bly's longsword next to Ash is not Ash's to retrieve from where he stands; on
        // its cell it is anyone's to pick up.
        let mut b = arena(kind, PAIR, &[]);
        let blade = b.weapons(bly)[0].clone();
        b.emit(Event::ItemDropped {
            unit: bly,
            item: 0,
            weapon: blade,
            cell: next_to,
        });
        let e = act_on(&mut b, ash, CommonAction::PickUp).unwrap_err();
        assert!(e.contains("nothing"), "{e}");
        b.submit(Command::Move {
            unit: ash,
            to: next_to,
        })
        .unwrap();
        let ev = act_on(&mut b, ash, CommonAction::PickUp).unwrap();
        assert_eq!(paid(&ev), [(Slot::Bonus, Spend::PickUp)]);
        // The shortsword holds one hand, the longsword takes the other.
        assert_eq!(b.weapons(ash).len(), 2);
        assert_eq!(b.carried(ash, 1), Some(Carried::Held));
    }
}

#[test]
fn the_catalogue_and_a_shipped_level_give_the_feats_as_data() {
    for kind in BOTH {
        let units = r#"Unit(name: "Hal", side: "Red", cell: (3, 3), archetype: "halberdier"),
            Unit(name: "Vet", side: "Red", cell: (3, 5), archetype: "veteran"),
            Unit(name: "Bly", side: "Blue", cell: (4, 5), archetype: "soldier", hp: 60)"#;
        // Vet (Agility 1, before Hal's 0): d20 15 hits; 2d8 6 and 2 + Strength 2.
        let mut b = arena(kind, units, &[15, 6, 2]);
        let (hal, vet, bly) = (id(&b, "Hal"), id(&b, "Vet"), id(&b, "Bly"));
        assert_eq!(b.threat_reach(hal), 2);
        assert_eq!(b.threat_reach(vet), 1);
        assert_eq!(b.current(), Some(vet));
        b.submit(attack(vet, bly, None)).unwrap();
        assert_eq!(b.hp(bly), 60 - 10);
    }
    let l =
        skirmish_rules::level::load(&crate::support::repo("levels/melee-zone-ruins.ron")).unwrap();
    let b = Battle::new(l, 1, Vec::new()).unwrap();
    let dusk = id(&b, "Dusk");
    assert!(b.has_feat(dusk, "Reach"));
    assert_eq!(b.threat_reach(dusk), 2);
}

#[test]
fn the_ai_aims_its_attack_where_a_wound_is_worth_most() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let mut aims = Vec::new();
        for _ in 0..4 {
            let Some(cmd) = skirmish_rules::ai::decide(&b) else {
                break;
            };
            if let Command::Attack {
                unit, target, aim, ..
            } = cmd
            {
                assert_eq!((unit, target), (ash, bly));
                aims.push(aim);
                break;
            }
            b.submit(cmd).unwrap();
        }
        assert_eq!(aims, [Some(Aim::Vital)]);
    }
}

/// What the map draws on each token (`View::token_marks`): the way it faces (an attack
/// turns the attacker toward its target, a step turns the mover its way), its wounds and
/// the Free Hit Slots left of its most ("Agility modifier plus 1").
#[test]
fn the_token_marks_follow_facing_wounds_and_free_hit_slots() {
    let mut b = arena(skirmish_rules::grid::GridKind::Square, PAIR, &[15, 6]);
    let view = skirmish_rules::rulesets::view_of(&b).expect("melee-zone's view");
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let m = view.token_marks(&b, bly);
    let faces = b
        .get::<skirmish_rules::components::Facing>(bly)
        .map(|f| f.0 as usize);
    assert_eq!(m.facing, faces, "the way the level set Bly facing");
    assert_eq!(m.wounds, 0);
    assert_eq!(m.reactions, Some(("Free Hit Slots", 2, 2)), "Agility 1 + 1");
    b.submit(aimed(ash, bly, Aim::Legs)).unwrap();
    assert_eq!(
        view.token_marks(&b, ash).facing,
        Some(0),
        "Ash turned east to Bly"
    );
    let m = view.token_marks(&b, bly);
    assert_eq!(m.wounds, 1, "the 6 damage wounded Bly");
    // The Slowing wound took 1 Agility: 1 slot from the next round, 2 still left now.
    assert_eq!(m.reactions, Some(("Free Hit Slots", 2, 2)));
    // Ash steps north to (3, 2): it faces north (direction 6 on squares).
    b.submit(Command::Move {
        unit: ash,
        to: Cell::new(3, 2),
    })
    .unwrap();
    assert_eq!(b.pos(ash), Cell::new(3, 2));
    assert_eq!(view.token_marks(&b, ash).facing, Some(6));
    // Another ruleset draws none of it.
    let d20 = crate::support::d20::duel(skirmish_rules::grid::GridKind::Square, &[]);
    let m = skirmish_rules::rulesets::view_of(&d20)
        .unwrap()
        .token_marks(&d20, id(&d20, "Grub"));
    assert_eq!(m, skirmish_rules::rulesets::ui::TokenMarks::default());
}

/// The roll log words each step of a chain (`View::chain_meaning`): a natural 20, the
/// d4 at its highest (4) and the d6 not (2) is a super critical, as the damage's ×4 says.
#[test]
fn a_chains_steps_are_worded_as_the_damage_plays_them() {
    use skirmish_rules::event::ChainKind;
    let mut b = arena(skirmish_rules::grid::GridKind::Square, PAIR, &[20, 4, 2, 3]);
    let view = skirmish_rules::rulesets::view_of(&b).expect("melee-zone's view");
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let n = b.log().len();
    b.submit(attack(ash, bly, None)).unwrap();
    let ev = since(&b, n);
    let steps = ev
        .iter()
        .find_map(|e| match e {
            Event::Chain { kind, steps, .. } if *kind == ChainKind::Critical => Some(*steps),
            _ => None,
        })
        .expect("a crit chain");
    assert_eq!(steps, 1);
    assert!(
        damage_mods(&ev)
            .iter()
            .any(|(m, _)| m == "super critical ×4")
    );
    assert_eq!(
        view.chain_meaning(ChainKind::Critical, steps),
        "a super critical: the damage doubled again (×4)"
    );
    assert_eq!(
        view.chain_meaning(ChainKind::Critical, 0),
        "a critical hit: the damage doubled"
    );
    assert!(view.chain_meaning(ChainKind::Fumble, 2).contains("slain"));
    let d20 = crate::support::d20::duel(skirmish_rules::grid::GridKind::Square, &[]);
    let other = skirmish_rules::rulesets::view_of(&d20).unwrap();
    assert_eq!(other.chain_meaning(ChainKind::Critical, 1), "");
}
