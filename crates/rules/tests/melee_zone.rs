//! melee-zone (seed 003, "Combat rules"), wave 1: each rule through `Battle::submit`
//! with forced dice, the seed's line quoted above its test (`docs/rules/melee-zone.md`
//! maps rule → code → test).

use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{Pool, SideId, Slot};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Command, Illegal};
use skirmish_rules::event::{AttackKind, ChainKind, Event, Outcome, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
use skirmish_rules::rulesets::ui::act;

use crate::support::melee_zone::{arena, attack};
use crate::support::{BOTH, damage, id, since};

/// Ash (duelist: Agility 3, Accuracy 3, Strength 0, shortsword 1d6) next to Bly
/// (soldier: Agility 1, Accuracy 2, Strength 2, longsword 1d8, 24 HP). Ash acts first.
pub(crate) const PAIR: &str = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
    Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier")"#;

pub(crate) fn d20(face: u32, mods: &[(&'static str, i32)]) -> Roll {
    let mut r = Roll::from_faces(DiceExpr::new(1, 20), vec![face]);
    for (n, v) in mods {
        r = r.with(Modifier::new(ModKind::Skill, *n, *v));
    }
    r
}

pub(crate) fn spent(
    unit: skirmish_rules::components::UnitId,
    slot: Slot,
    amount: i32,
    on: Spend,
) -> Event {
    Event::Spent {
        unit,
        pool: Pool::Slot(slot),
        amount,
        on,
        left: 0,
    }
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

// "A turn = 1AA, 1MA, 2BA" — and "Your FHS is determined by your Agility modifier plus 1".
#[test]
pub(crate) fn a_turn_is_one_attack_one_move_and_two_bonus_actions() {
    for kind in BOTH {
        let b = arena(kind, PAIR, &[]);
        let ash = id(&b, "Ash");
        let started = b.log().iter().find_map(|l| match &l.event {
            Event::TurnStarted { unit, pools } if *unit == ash => Some(pools.clone()),
            _ => None,
        });
        assert_eq!(
            started,
            Some(vec![
                (Pool::Slot(Slot::Attack), 1),
                (Pool::Slot(Slot::Move), 1),
                (Pool::Slot(Slot::Bonus), 2),
                (Pool::Movement, 0),
                (Pool::FreeHits, 4),
            ])
        );
        assert_eq!(b.pool(id(&b, "Bly"), Pool::FreeHits), 2, "Agility 1 + 1");
    }
}

// "The unit with the highest Agility modifier takes the first turn … if someone initiates
// combat by attacking before the battle officially starts, they are placed last".
#[test]
pub(crate) fn initiative_is_agility_high_to_low_ties_in_level_order_the_initiator_last() {
    let units = r#"Unit(name: "Sol", side: "Red", cell: (1, 1), archetype: "soldier"),
    Unit(name: "Ban", side: "Blue", cell: (8, 1), archetype: "bandit"),
    Unit(name: "Duo", side: "Blue", cell: (8, 3), archetype: "duelist", initiator: true),
    Unit(name: "Bru", side: "Red", cell: (1, 3), archetype: "brute"),
    Unit(name: "Due", side: "Red", cell: (1, 5), archetype: "duelist")"#;
    for kind in BOTH {
        let b = arena(kind, units, &[]);
        let order: Vec<&str> = b.order().iter().map(|&u| b.name(u)).collect();
        // Due (3), then Sol and Ban (1, level order), Bru (−1), and Duo (3) last.
        assert_eq!(order, ["Due", "Sol", "Ban", "Bru", "Duo"]);
    }
}

// "roll a twenty-sided die (d20) and add your Accuracy modifier. If the total equals or
// exceeds the target's Agility modifier plus 10, your attack successfully hits".
#[test]
pub(crate) fn an_attack_hits_on_agility_plus_10_and_deals_the_weapon_plus_strength() {
    for kind in BOTH {
        // d20 8 + Accuracy 3 = 11 against 10 + 1: a hit; 1d6 4 + Strength 0.
        let mut b = arena(kind, PAIR, &[8, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(
            since(&b, n),
            [
                spent(ash, Slot::Attack, 1, Spend::Attack),
                Event::Attack {
                    attacker: ash,
                    target: bly,
                    weapon: "shortsword".into(),
                    kind: AttackKind::Normal,
                    roll: d20(8, &[("Accuracy mod", 3)]),
                    target_number: 11,
                    outcome: Outcome::Success,
                    against: vec![
                        Modifier::new(ModKind::Other, "base", 10),
                        Modifier::new(ModKind::Skill, "Agility mod", 1),
                    ],
                },
                Event::Damage {
                    unit: bly,
                    source: Some(ash),
                    roll: Roll::from_faces(DiceExpr::new(1, 6), vec![4]).with(Modifier::new(
                        ModKind::Skill,
                        "Strength mod",
                        0
                    )),
                    amount: 4,
                    hp_after: 20,
                },
            ]
        );
        // One below: 7 + 3 = 10 misses; no damage die is rolled.
        let mut b = arena(kind, PAIR, &[7]);
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        let ev = since(&b, n);
        assert!(matches!(
            ev[1],
            Event::Attack {
                outcome: Outcome::Failure,
                target_number: 11,
                ..
            }
        ));
        assert_eq!(ev.len(), 2);
        // One Attack Action a turn.
        let e = b.submit(attack(ash, bly, None)).unwrap_err();
        assert!(matches!(e, Illegal::NoSlot { slot: "Attack", .. }), "{e}");
    }
}

// "Flat footed characters are a 5 to hit, regardless of what their agility may be …
// When you are prone you are semi flat footed. You are a 5 to hit plus your agility mod."
// "While prone you cannot dodge attacks".
#[test]
pub(crate) fn flat_footed_is_hit_on_5_and_prone_on_5_plus_agility_without_evade() {
    for (cond, tn) in [("FlatFooted", 5), ("Prone", 6)] {
        let units = format!(
            r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
            Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", conditions: {{{cond}: UntilRemoved}})"#
        );
        for kind in BOTH {
            // d20 2 + 3 = 5: hits only the flat-footed.
            let mut b = arena(kind, &units, &[2, 1]);
            let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
            let n = b.log().len();
            b.submit(attack(ash, bly, None)).unwrap();
            let ev = since(&b, n);
            let Event::Attack {
                target_number,
                outcome,
                ..
            } = &ev[1]
            else {
                panic!("{ev:?}")
            };
            assert_eq!(*target_number, tn, "{cond}");
            assert_eq!(*outcome == Outcome::Success, tn == 5, "{cond}");
        }
    }
    // Evade's +1 dodge does not help a prone unit: end Ash's turn, Bly evades then is hit
    // on 6 all the same in round 2.
    let units = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", conditions: {Prone: UntilRemoved})"#;
    let mut b = arena(GridKind::Square, units, &[3, 1]);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    end(&mut b);
    b.submit(act(bly, MeleeZoneAction::Evade)).unwrap();
    end(&mut b);
    let n = b.log().len();
    b.submit(attack(ash, bly, None)).unwrap();
    assert!(matches!(
        since(&b, n)[1],
        Event::Attack {
            target_number: 6,
            outcome: Outcome::Success,
            ..
        }
    ));
}

/// The multiple of the damage after a natural 20 and the chain `chain`.
pub(crate) fn crit_with(kind: GridKind, chain: &[u32]) -> (Vec<Event>, Battle) {
    let mut dice = vec![20];
    dice.extend_from_slice(chain);
    dice.push(5); // the shortsword's d6, when rolled
    let mut b = arena(kind, PAIR, &dice);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let n = b.log().len();
    b.submit(attack(ash, bly, None)).unwrap();
    (since(&b, n), b)
}

// "When you roll a natural 20 … you double the damage dealt. If it's a super critical, you
// double the damage a second time. If the super critical escalates to a 6 … the targeted
// foe is defeated instantly" — "roll a d4 … If you roll a 4, roll a d6. If it lands on 6,
// roll a d8, and so on."
#[test]
pub(crate) fn a_natural_20_doubles_a_super_critical_doubles_again_and_a_6_defeats_outright() {
    for kind in BOTH {
        // d4 3: a critical hit, 5 × 2.
        let (ev, b) = crit_with(kind, &[3]);
        let ash = id(&b, "Ash");
        assert_eq!(
            ev[2],
            Event::Chain {
                unit: ash,
                kind: ChainKind::Critical,
                dice: vec![4],
                faces: vec![3],
                steps: 0
            }
        );
        assert_eq!(damage(&ev), [(id(&b, "Bly"), 10)]);
        // d4 4, d6 2: a super critical, 5 × 4.
        let (ev, b) = crit_with(kind, &[4, 2]);
        assert!(matches!(&ev[2], Event::Chain { faces, steps: 1, .. } if *faces == vec![4, 2]));
        assert_eq!(damage(&ev), [(id(&b, "Bly"), 20)]);
        // d4 4, d6 6, d8 8, d10 3: defeated outright, every step logged, no damage die.
        let (ev, b) = crit_with(kind, &[4, 6, 8, 3]);
        assert!(matches!(&ev[2], Event::Chain { dice, faces, steps: 3, .. }
            if *dice == vec![4, 6, 8, 10] && *faces == vec![4, 6, 8, 3]));
        assert_eq!(damage(&ev), [(id(&b, "Bly"), 24)]);
        assert!(ev.contains(&Event::Down {
            unit: id(&b, "Bly")
        }));
        assert_eq!(b.status(), Status::Ended(Some(SideId(0))));
        assert_eq!(b.forced_dice_left(), 1, "the d6 was never rolled");
    }
}

// "When you roll a natural 1 while attacking a unit, not only do you miss your attack, but
// if you were within that unit's melee zone, the unit immediately gains an opportunity to
// strike back with a free hit against you."
#[test]
pub(crate) fn a_natural_1_misses_and_the_target_may_take_a_free_hit_with_a_slot() {
    for kind in BOTH {
        // d20 1, d4 2 (no tragedy); Bly's free hit: d20 15, 1d8 3 + 2.
        let mut b = arena(kind, PAIR, &[1, 2, 15, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(attack(ash, bly, None)).unwrap();
        let w = b.window().expect("a free hit is offered").clone();
        assert_eq!(w.reactor, bly);
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: ash,
                tragedy: 0
            }
        );
        assert_eq!(w.options, [ReactionKind::FreeHit]);
        let n = b.log().len();
        b.submit(Command::React {
            unit: bly,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        assert!(
            matches!(&ev[0], Event::Reacted { paid, .. } if *paid == vec![(Pool::FreeHits, 1)])
        );
        assert!(
            matches!(ev[1], Event::Attack { attacker, kind: AttackKind::Reaction, .. } if attacker == bly)
        );
        assert_eq!(damage(&ev), [(ash, 5)]);
        assert_eq!(b.pool(bly, Pool::FreeHits), 1, "2 − 1");
    }
    // Out of its zone (a bow from afar): nothing is offered.
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 3), archetype: "skirmisher"),
        Unit(name: "Bly", side: "Blue", cell: (6, 3), archetype: "soldier")"#;
    let mut b = arena(GridKind::Square, units, &[1, 2]);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    b.submit(attack(ash, bly, None)).unwrap();
    assert!(b.window().is_none());
}

// "If you rolled a tragedy … the unit gains a free critical hit against you, even if it
// doesn't have any remaining Free Hit Slots (FHS) for that round. If the tragedy escalates
// to a 6 … killing you instantly without any further rolls needed."
#[test]
pub(crate) fn a_tragedy_gives_a_free_critical_hit_without_a_slot_and_a_6_kills_the_attacker() {
    // Bly is a brute: Agility −1, so no Free Hit Slots at all; warhammer 1d10 + 3.
    let units = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "brute")"#;
    for kind in BOTH {
        // A plain auto fail: no slot, no offer.
        let mut b = arena(kind, units, &[1, 1]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert_eq!(b.pool(bly, Pool::FreeHits), 0);
        b.submit(attack(ash, bly, None)).unwrap();
        assert!(b.window().is_none());
        // Tragedy (d4 4, d6 5): a free critical hit, no roll, (1d10 4 + 3) × 2.
        let mut b = arena(kind, units, &[1, 4, 5, 4]);
        b.submit(attack(ash, bly, None)).unwrap();
        let w = b.window().expect("offered without a slot").clone();
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: ash,
                tragedy: 1
            }
        );
        let n = b.log().len();
        b.submit(Command::React {
            unit: bly,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        assert!(matches!(&ev[0], Event::Reacted { paid, .. } if paid.is_empty()));
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Attack { .. })),
            "no roll"
        );
        assert_eq!(damage(&ev), [(ash, 14)]);
        // d4 4, d6 6, d8 2: the attacker is slain outright.
        let mut b = arena(kind, units, &[1, 4, 6, 2]);
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(b.hp(ash), 0);
        assert!(!b.alive(ash));
        assert_eq!(b.status(), Status::Ended(Some(SideId(1))));
    }
}

// "When an enemy moves out of your melee zone … you're limited in the number of free hits
// you can make each round, known as Free Hit Slots (FHS)."
#[test]
pub(crate) fn leaving_a_melee_zone_offers_a_free_hit_paid_with_a_slot() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[15, 2]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(Command::Move {
            unit: ash,
            to: Cell::new(1, 3),
        })
        .unwrap();
        let w = b.window().expect("leaving offers").clone();
        assert_eq!(w.reactor, bly);
        assert!(matches!(w.trigger, Trigger::Leaving { mover, .. } if mover == ash));
        b.submit(Command::React {
            unit: bly,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        assert_eq!(b.pool(bly, Pool::FreeHits), 1);
        assert_eq!(b.hp(ash), 18 - 4, "1d8 2 + 2");
        assert_eq!(b.pos(ash), Cell::new(1, 3), "the move goes on");
    }
}

// "moves more than 2 spaces within your melee zone": the third step within it.

// "This term refers to the ability to leave enemy melee zones for the round without
// provoking free hits. You can disengage by using either 1 Attack Action (AA) or 2 Bonus
// Actions (BA)".

// "Increase damage dealt with melee weapons by +1 for that round • Boost chance to hit by
// +1 • Enhance ability to dodge by +1 • Move an additional 2 spaces".

// "Use one Move Action and both Bonus Actions to gain an additional attack (without feats
// or Strength modifier)".

// "To move (traditionally 6 spaces)"; "When sneaking, swimming, climbing … you move half
// spaces"; "While prone you … move ⅓ of your movement".

// "To stand up from a prone position, it requires using one of the following actions: 1
// Attack Action (AA), 1 Move Action (MA), or 1 Bonus Action (BA). Standing up can be done
// regardless of whether it is your turn, but it consumes the action you chose to use from
// your next turn."

// "a character may choose to delay their turn in the initiative lineup for the round".

// "The battle continues until all units from one team are defeated, flee the battle" —
// fleeing by an exit the level marks.

// Free Hit Slots "for that round": spent slots come back when a round starts.
