//! Audit of issue 30 against seed 003 ("Combat rules"): the rules whose existing tests
//! left a boundary or a case open, each through `Battle::submit` with forced dice on both
//! grids. The seed's words are quoted above each test.

use skirmish_rules::components::Pool;
use skirmish_rules::engine::Command;
use skirmish_rules::event::{AttackKind, Event, ReactionKind, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
use skirmish_rules::rulesets::ui::act;

use crate::melee_zone::{PAIR, end};
use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, since};

fn take_free_hit(b: &mut skirmish_rules::Battle, unit: skirmish_rules::components::UnitId) {
    b.submit(Command::React {
        unit,
        choice: Some(ReactionKind::FreeHit),
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

fn step(b: &mut skirmish_rules::Battle, unit: skirmish_rules::components::UnitId, to: Cell) {
    b.submit(Command::Move { unit, to })
        .unwrap_or_else(|e| panic!("{e}"));
}

// "Your FHS is determined by your Agility modifier plus 1. If the resulting number is 0 or
// less, you do not have any free hit slots for that round." — the boundary: Agility 0
// gives exactly 1 slot, and with it spent a second foe leaving the zone that round is
// offered nothing.
#[test]
fn agility_0_gives_one_free_hit_slot_and_a_second_leaver_that_round_gets_away() {
    let extra = r#"archetypes: {"plod": (hp: 30, stats: {Agility: 0, Accuracy: 2, Str: 1},
        weapons: ["longsword"])}"#;
    let units = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Cal", side: "Red", cell: (5, 3), archetype: "duelist"),
        Unit(name: "Pod", side: "Blue", cell: (4, 3), archetype: "plod")"#;
    let row = ".".repeat(12);
    let rows: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
    for kind in BOTH {
        // Pod's free hit on Ash: d20 15 + 2 against 13, 1d8 2 + 1.
        let mut b = field(kind, &rows, units, extra, &[15, 2]);
        let (ash, cal, pod) = (id(&b, "Ash"), id(&b, "Cal"), id(&b, "Pod"));
        assert_eq!(b.pool(pod, Pool::FreeHits), 1, "Agility 0 + 1");
        step(&mut b, ash, Cell::new(1, 3));
        assert_eq!(b.window().map(|w| w.reactor), Some(pod));
        take_free_hit(&mut b, pod);
        assert_eq!(b.hp(ash), 18 - 3);
        assert_eq!(b.pool(pod, Pool::FreeHits), 0);
        end(&mut b);
        assert_eq!(b.current(), Some(cal));
        let n = b.log().len();
        step(&mut b, cal, Cell::new(7, 3));
        assert!(b.window().is_none(), "no slot left this round");
        assert!(
            !since(&b, n)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert_eq!(b.pos(cal), Cell::new(7, 3));
    }
}

// "If an enemy attacking you rolls a 1 on the d20" gives a free hit — a free hit is an
// attack too: when the free hit itself rolls a natural 1 within the first attacker's melee
// zone, the first attacker gets a free hit back (paid with one of its slots).
#[test]
fn a_free_hit_that_rolls_a_natural_1_gives_a_free_hit_back() {
    for kind in BOTH {
        // Ash: d20 1, d4 2. Bly's free hit: d20 1, d4 2. Ash's free hit back: d20 15, 1d6 3.
        let mut b = arena(kind, PAIR, &[1, 2, 1, 2, 15, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(b.window().map(|w| w.reactor), Some(bly));
        take_free_hit(&mut b, bly);
        let w = b
            .window()
            .expect("the fumbled free hit offers one back")
            .clone();
        assert_eq!(w.reactor, ash);
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: bly,
                tragedy: 0
            }
        );
        let n = b.log().len();
        take_free_hit(&mut b, ash);
        let ev = since(&b, n);
        assert!(ev.iter().any(|e| matches!(e, Event::Attack { attacker, kind: AttackKind::Reaction, .. } if *attacker == ash)));
        assert_eq!(damage(&ev), [(bly, 3)]);
        assert_eq!(b.pool(ash, Pool::FreeHits), 3, "4 − 1");
        assert_eq!(b.pool(bly, Pool::FreeHits), 1, "2 − 1");
    }
}

// "This term refers to the ability to leave enemy melee zones for the round without
// provoking free hits." — every leaving that round (out, back in, out again) provokes
// nothing, and the next round leaving provokes again.
#[test]
fn a_disengage_lasts_the_whole_round_and_ends_with_it() {
    for kind in BOTH {
        // Round 2: Bly's free hit on Ash leaving: d20 15, 1d8 2 + 2.
        let mut b = arena(kind, PAIR, &[15, 2]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(act(ash, MeleeZoneAction::Disengage { bonus: false }))
            .unwrap();
        let n = b.log().len();
        for to in [(2, 3), (3, 3), (2, 3), (3, 3)] {
            step(&mut b, ash, Cell::new(to.0, to.1));
            assert!(b.window().is_none(), "disengaged: no free hit at {to:?}");
        }
        assert!(
            !since(&b, n)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert_eq!(b.pool(bly, Pool::FreeHits), 2);
        end(&mut b);
        end(&mut b);
        // Round 2: no disengage now.
        assert_eq!(b.current(), Some(ash));
        step(&mut b, ash, Cell::new(2, 3));
        assert_eq!(b.window().map(|w| w.reactor), Some(bly));
        take_free_hit(&mut b, bly);
        assert_eq!(b.hp(ash), 18 - 4);
    }
}

// "if you were within that unit's melee zone, the unit immediately gains an opportunity to
// strike back … If the tragedy escalates to a 6, the situation turns dire: the unit being
// attacked delivers a fatal blow" — the rules doc reads the zone as needed for all three
// (the target "strikes back"): a bow's tragedy to a 6 from afar kills nobody.
#[test]
fn a_tragedy_to_a_6_from_outside_the_targets_zone_kills_nobody() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 3), archetype: "skirmisher"),
        Unit(name: "Bly", side: "Blue", cell: (6, 3), archetype: "soldier")"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[1, 4, 6, 2]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        let ev = since(&b, n);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Chain { faces, .. } if *faces == vec![4, 6, 2])),
            "{ev:?}"
        );
        assert!(b.window().is_none());
        assert!(b.alive(ash));
        assert_eq!(b.hp(ash), 16);
        assert_eq!(damage(&ev), []);
    }
}

// "To stand up from a prone position, it requires using one of the following actions: 1
// Attack Action (AA), 1 Move Action (MA), or 1 Bonus Action (BA). Standing up can be done
// regardless of whether it is your turn, but it consumes the action you chose to use from
// your next turn. If there are no actions remaining from your next turn, you cannot stand
// up from prone." — two Weakening wounds leave Bly no Bonus Action next turn, but its
// Attack and Move Actions remain: it may stand up on a foe's turn, owing one of them.
#[test]
fn a_prone_unit_with_no_bonus_action_next_turn_stands_up_owing_its_attack_or_move_action() {
    use crate::melee_zone_wounds::{TRIO, aimed};
    use skirmish_rules::components::{ConditionKind, Slot};
    use skirmish_rules::engine::{Aim, CommonAction};
    for kind in BOTH {
        // Ash then Cid: each d20 15 hits prone Bly (5 + 1), each 1d6 6 a Weakening wound.
        let mut b = arena(kind, TRIO, &[15, 6, 15, 6]);
        let (ash, cid, bly) = (id(&b, "Ash"), id(&b, "Cid"), id(&b, "Bly"));
        b.submit(aimed(ash, bly, Aim::Arms)).unwrap();
        end(&mut b);
        b.submit(aimed(cid, bly, Aim::Arms)).unwrap();
        b.submit(Command::Act {
            unit: bly,
            action: CommonAction::StandUp.into(),
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(!b.has(bly, ConditionKind::Prone));
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        assert_eq!(
            b.slots(bly, Slot::Attack) + b.slots(bly, Slot::Move),
            1,
            "one of AA and MA paid the stand-up"
        );
    }
}

// "Increase damage dealt with melee weapons by +1 for that round" and "Boost chance to hit
// by +1" (Bonus Actions): bought on Ash's turn, they still count for its free hit on Bly's
// turn in the same round.
#[test]
fn power_strike_and_steady_aim_last_the_round_into_a_free_hit() {
    for kind in BOTH {
        // Ash's free hit: d20 7 + 3 + 1 = 11 vs 10 + 1: a hit only with Steady Aim; 1d6 4
        // + 0 + 1.
        let mut b = arena(kind, PAIR, &[7, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(act(ash, MeleeZoneAction::SteadyAim)).unwrap();
        b.submit(act(ash, MeleeZoneAction::PowerStrike)).unwrap();
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        step(&mut b, bly, Cell::new(6, 3));
        assert_eq!(b.window().map(|w| w.reactor), Some(ash));
        let n = b.log().len();
        take_free_hit(&mut b, ash);
        let ev = since(&b, n);
        assert!(
            ev.iter().any(|e| matches!(e, Event::Attack { roll, outcome: skirmish_rules::event::Outcome::Success, .. } if roll.total == 11)),
            "{ev:?}"
        );
        assert_eq!(damage(&ev), [(bly, 5)]);
    }
}

// "Fatal Targets … If a wound is dealt these attacks have a ¼ chance to add 16 additional
// damage" with "A wound occurs when a single attack deals 6 or more damage" and "critical
// hits … double the damage dealt": a critical 3 doubled to 6 is a wound, so the Fatal d4 is
// rolled; the 16 is added after the doubling (the rules doc's reading), 6 + 16 = 22.
#[test]
fn a_critical_that_reaches_6_is_a_wound_and_its_fatal_16_is_not_doubled() {
    use crate::melee_zone_wounds::aimed;
    use skirmish_rules::components::Stat;
    use skirmish_rules::engine::Aim;
    for kind in BOTH {
        // d20 20, chain d4 1; 1d6 3 × 2 = 6; the Fatal d4 4: +16.
        let mut b = arena(kind, PAIR, &[20, 1, 3, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Vital)).unwrap();
        assert_eq!(damage(&since(&b, n)), [(bly, 22)]);
        assert_eq!(b.hp(bly), 2);
        assert_eq!(b.stats(bly).get(Stat::Wounds), 1);
        assert_eq!(b.forced_dice_left(), 0);
        // The same with the d4 on 3: no +16, still a wound.
        let mut b = arena(kind, PAIR, &[20, 1, 3, 3]);
        b.submit(aimed(ash, bly, Aim::Vital)).unwrap();
        assert_eq!(b.hp(bly), 24 - 6);
        assert_eq!(b.stats(bly).get(Stat::Wounds), 1);
    }
}

// "Athlete: gain 2 more movement spaces." — the lancer (Athlete) moves 8 spaces with its
// Move Action, 10 with Sprint; a soldier without the feat cannot move 8.
#[test]
fn athlete_gives_two_more_movement_spaces() {
    let units = r#"Unit(name: "Lan", side: "Red", cell: (1, 3), archetype: "lancer"),
        Unit(name: "Sol", side: "Red", cell: (1, 5), archetype: "soldier"),
        Unit(name: "Ban", side: "Blue", cell: (11, 0), archetype: "bandit")"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[]);
        let (lan, sol) = (id(&b, "Lan"), id(&b, "Sol"));
        assert_eq!(b.current(), Some(lan));
        assert_eq!(b.movement_budget(lan), 8);
        b.submit(act(lan, MeleeZoneAction::Sprint)).unwrap();
        assert_eq!(b.movement_budget(lan), 10);
        step(&mut b, lan, Cell::new(9, 3));
        assert_eq!(b.pos(lan), Cell::new(9, 3));
        end(&mut b);
        assert_eq!(b.current(), Some(sol));
        assert_eq!(b.movement_budget(sol), 6);
        let n = b.log().len();
        assert!(
            b.submit(Command::Move {
                unit: sol,
                to: Cell::new(9, 5),
            })
            .is_err()
        );
        assert_eq!(b.log().len(), n, "refused: nothing changes");
        assert_eq!(b.pos(sol), Cell::new(1, 5));
    }
}
