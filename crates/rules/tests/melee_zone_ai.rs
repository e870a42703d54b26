//! melee-zone (seed 003), issue 30 wave 3: the AI's choices, each on a small level where
//! the choice is clear, through the AI's entry points (`ai::decide`) and
//! `Battle::submit` with forced dice (`docs/rules/melee-zone.md`, "Wave 3").

use skirmish_rules::ai;
use skirmish_rules::battle::Battle;
use skirmish_rules::components::{Pool, Slot};
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
use skirmish_rules::event::{Event, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::melee_zone::{MeleeZoneAction, behind};

use crate::melee_zone_spells::{METEOR, MIRE, cast};
use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, id, since};

/// West, as a facing: 4 of 8 on squares, 3 of 6 on hexes.
fn west(kind: GridKind) -> u8 {
    match kind {
        GridKind::Square => 4,
        GridKind::Hex => 3,
    }
}

fn moved_to(c: Option<Command>) -> Cell {
    match c {
        Some(Command::Move { to, .. }) => to,
        other => panic!("not a move: {other:?}"),
    }
}

// "When attacking a unit from behind, you gain a +1 bonus to accuracy." Ash (Accuracy 3)
// needs 9 against the brute Dag (10 + Agility −1): the +1 makes 12 of 20 faces hit
// instead of 11, worth the way round to a cell behind him (Dag faces west, toward Ash,
// and has no Free Hit Slots). Flat-footed, Dag is hit on 5 and the +1 adds nothing but
// for the natural 1: Ash takes the nearest cell.
#[test]
fn the_ai_comes_at_a_foe_from_behind_when_the_plus_1_is_worth_it() {
    for kind in BOTH {
        let units = format!(
            r#"Unit(name: "Ash", side: "Red", cell: (2, 3), archetype: "duelist"),
            Unit(name: "Dag", side: "Blue", cell: (6, 3), archetype: "brute", facing: {})"#,
            west(kind)
        );
        let b = arena(kind, &units, &[]);
        let (ash, dag) = (id(&b, "Ash"), id(&b, "Dag"));
        assert_eq!(b.current(), Some(ash));
        let to = moved_to(ai::decide(&b));
        assert_eq!(b.grid().distance(to, b.pos(dag)), 1, "{kind:?} {to}");
        assert!(behind(&b, dag, to), "{kind:?}: {to} is not behind Dag");

        let flat = units.replace("facing:", "conditions: {FlatFooted: UntilRemoved}, facing:");
        let b = arena(kind, &flat, &[]);
        let to = moved_to(ai::decide(&b));
        assert_eq!(b.grid().distance(to, b.pos(dag)), 1, "{kind:?} {to}");
        assert!(
            !behind(&b, dag, to),
            "{kind:?}: flat-footed, {to} need not be behind"
        );
    }
}

/// Mia (mage) with Sol (soldier) near three bandits and two more bandits far from Sol.
fn meteor_level(kind: GridKind) -> Battle {
    let units = r#"Unit(name: "Mia", side: "Red", cell: (3, 6), archetype: "mage"),
        Unit(name: "Sol", side: "Red", cell: (5, 2), archetype: "soldier"),
        Unit(name: "B1", side: "Blue", cell: (9, 2), archetype: "bandit"),
        Unit(name: "B2", side: "Blue", cell: (8, 2), archetype: "bandit"),
        Unit(name: "B3", side: "Blue", cell: (8, 3), archetype: "bandit"),
        Unit(name: "B4", side: "Blue", cell: (6, 10), archetype: "bandit"),
        Unit(name: "B5", side: "Blue", cell: (6, 11), archetype: "bandit")"#;
    let row = ".".repeat(16);
    let rows: Vec<&str> = (0..13).map(|_| row.as_str()).collect();
    field(kind, &rows, units, "", &[])
}

// "Any spell that requires more than one turn to cast … is considered as channeling":
// Meteor (cast time 3) goes off at the start of Mia's next turn, where it was aimed.
// Sol closes in on the three bandits before then, so the AI aims it at the two far ones
// (before wave 3 it took the three, and about a tenth of the mage's damage landed on her
// own side).
#[test]
fn the_ai_aims_no_channeled_meteor_where_its_own_side_will_stand() {
    for kind in BOTH {
        let b = meteor_level(kind);
        let mia = id(&b, "Mia");
        assert_eq!(b.current(), Some(mia));
        let aim = |c: Option<Command>| match c {
            Some(Command::Act {
                action:
                    Action::Common(CommonAction::Cast {
                        ability,
                        at: CastAt::Cell(c),
                    }),
                ..
            }) if ability == METEOR => c,
            other => panic!("not a Meteor: {other:?}"),
        };
        let foes: Vec<_> = ["B1", "B2", "B3", "B4", "B5"]
            .iter()
            .map(|n| id(&b, n))
            .collect();
        // Without the ruleset's aim cost (the shared AI's tactics): the three.
        let plain = aim(ai::cast::best_cast_with(&b, mia, &foes, &ai::NoTactics).map(|(_, c)| c));
        assert!(plain.y <= 4, "{kind:?}: {plain}");
        let chosen = aim(ai::decide(&b));
        assert!(chosen.y >= 9, "{kind:?}: {chosen}");
    }
}

// "Bonus actions can be used for … Toggle the effects of spells cast": Mire's difficult
// ground around Sol, her ally, with no foe near, hinders her own side: the AI toggles it
// down (a Bonus Action). Toggled down with bandits on and next to it and no ally, it
// brings it back up.
#[test]
fn the_ai_toggles_a_spells_terrain_that_hinders_its_own_side() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mia", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Sol", side: "Red", cell: (4, 1), archetype: "soldier"),
            Unit(name: "Bo", side: "Blue", cell: (5, 6), archetype: "bandit"),
            Unit(name: "Cy", side: "Blue", cell: (6, 6), archetype: "bandit")"#;
        let toggle = |mia| Command::Act {
            unit: mia,
            action: MeleeZoneAction::Toggle { ability: MIRE }.into(),
        };
        // Around Sol.
        let mut b = arena(kind, units, &[]);
        let mia = id(&b, "Mia");
        b.submit(cast(mia, MIRE, CastAt::Cell(Cell::new(4, 2))))
            .unwrap();
        assert_eq!(ai::decide(&b), Some(toggle(mia)), "{kind:?}");
        // Around the bandits, toggled down by hand: the AI raises it again, once.
        let mut b = arena(kind, units, &[]);
        b.submit(cast(mia, MIRE, CastAt::Cell(Cell::new(5, 5))))
            .unwrap();
        assert_ne!(
            ai::decide(&b),
            Some(toggle(mia)),
            "{kind:?}: up where it helps"
        );
        b.submit(toggle(mia)).unwrap();
        assert_eq!(ai::decide(&b), Some(toggle(mia)), "{kind:?}");
        b.submit(toggle(mia)).unwrap();
        assert_eq!(b.slots(mia, Slot::Bonus), 0);
        assert_ne!(ai::decide(&b), Some(toggle(mia)));
    }
}

/// Ash (duelist, 18 HP) next to `foe`; Bly's natural 20 (d4 1, 1d8 4: (4 + 2) × 2 = 12)
/// leaves her at 6 (a third: badly wounded) when `foe` is Bly. Then it is her turn.
fn wounded_ash(kind: GridKind, foe: &str) -> Battle {
    let units = format!(
        r#"Unit(name: "Ash", side: "Red", cell: (4, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "{foe}", facing: {})"#,
        west(kind)
    );
    let mut b = arena(kind, &units, &[20, 1, 4]);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    b.submit(Command::EndTurn { unit: ash }).unwrap();
    b.submit(attack(bly, ash, None)).unwrap();
    if b.current() == Some(bly) {
        b.submit(Command::EndTurn { unit: bly }).unwrap();
    }
    assert_eq!(b.current(), Some(ash));
    b
}

// "Disengage … leave enemy melee zones for the round without provoking free hits … 1
// Attack Action (AA) or 2 Bonus Actions (BA)". Badly wounded next to a soldier with
// Free Hit Slots, Ash attacks without spending her Bonus Actions on boosts, then
// disengages with both and steps away, provoking nothing. Next to a brute (no Free Hit
// Slots) she boosts her attack and just steps away.
#[test]
fn a_badly_wounded_ai_keeps_two_bonus_actions_to_disengage_when_a_free_hit_threatens() {
    for kind in BOTH {
        let mut b = wounded_ash(kind, "soldier");
        let ash = id(&b, "Ash");
        assert_eq!(b.hp(ash), 6);
        let first = ai::decide(&b).unwrap();
        assert!(
            matches!(first, Command::Attack { .. }),
            "{kind:?}: {first:?}"
        );
        b.dice_force_for_tests(&[2]);
        b.submit(first).unwrap();
        let n = b.log().len();
        let red = b.side(ash);
        ai::play_while(&mut b, 20, |s| s == red);
        let ev = since(&b, n);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Marked { unit, .. } if *unit == ash)),
            "{kind:?}: disengaged: {ev:?}"
        );
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Moved { unit, .. } if *unit == ash))
        );
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. })),
            "{ev:?}"
        );
        assert_eq!(b.slots(ash, Slot::Attack), 0);

        let b = wounded_ash(kind, "brute");
        let ash = id(&b, "Ash");
        let first = ai::decide(&b).unwrap();
        assert_eq!(
            first,
            Command::Act {
                unit: ash,
                action: MeleeZoneAction::SteadyAim.into()
            },
            "{kind:?}"
        );
    }
}

// "To stand up … 1 Attack Action (AA), 1 Move Action (MA), or 1 Bonus Action (BA)":
// prone next to a foe, the AI stands up first with a Bonus Action, keeping its Attack
// Action for the attack that follows.
#[test]
fn the_ai_stands_up_first_with_a_bonus_action_and_then_attacks() {
    for kind in BOTH {
        let units = r#"Unit(name: "Ash", side: "Red", cell: (4, 3), archetype: "duelist", conditions: {Prone: UntilRemoved}),
            Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier")"#;
        let mut b = arena(kind, units, &[15, 3]);
        let ash = id(&b, "Ash");
        let up = ai::decide(&b).unwrap();
        assert_eq!(
            up,
            Command::Act {
                unit: ash,
                action: CommonAction::StandUp.into()
            }
        );
        let n = b.log().len();
        b.submit(up).unwrap();
        assert!(since(&b, n).iter().any(|e| matches!(e,
            Event::Spent { unit, pool: Pool::Slot(Slot::Bonus), on: Spend::StandUp, .. } if *unit == ash)));
        assert_eq!(b.slots(ash, Slot::Attack), 1);
        let next = ai::decide(&b).unwrap();
        assert!(
            matches!(next, Command::Attack { .. })
                || matches!(&next, Command::Act { action, .. } if *action == MeleeZoneAction::SteadyAim.into()),
            "{kind:?}: {next:?}"
        );
    }
}
