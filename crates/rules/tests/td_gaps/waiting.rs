//! `tactical-d20` (seed 004), the gaps of issue 16: Free actions on one's own turn, and
//! what a Wait may hold.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::d20::arena;
use crate::support::{BOTH, damage, id, offers, since};

use super::{act, end, mv, react, swings};

// ---------------------------------------------------------------------------------------
// 8. "Free Actions ... can only be performed on the creature's turn, unless granted by an
//    event or action"

#[test]
fn free_actions_only_on_ones_own_turn() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        assert_eq!(b.current(), Some(c));
        // Ending the turn (the free action every unit has) and the Quick actions are
        // refused to the creature whose turn it is not.
        for cmd in [
            Command::EndTurn { unit: g },
            Command::Act {
                unit: g,
                action: TacticalD20Action::Command {
                    text: "Hold the line".into(),
                }
                .into(),
            },
        ] {
            let e = b.submit(cmd).unwrap_err();
            assert!(matches!(e, Illegal::NotYourTurn { .. }), "{e:?}");
        }
        end(&mut b);
        // On Grub's turn, Corwin's Reaction is granted by an event (Grub walks away):
        // while the window is open he may only answer it, nothing else.
        mv(&mut b, g, 8, 4).unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(c));
        for cmd in [
            Command::EndTurn { unit: c },
            Command::Act {
                unit: c,
                action: TacticalD20Action::Command {
                    text: "Stop".into(),
                }
                .into(),
            },
            Command::Act {
                unit: c,
                action: TacticalD20Action::DropProne.into(),
            },
        ] {
            let e = b.submit(cmd).unwrap_err();
            assert!(matches!(e, Illegal::AwaitingReaction(_)), "{e:?}");
        }
        react(&mut b, c, None);
        // The window closed: still Grub's turn, and Corwin's free actions wait for his.
        let e = b.submit(Command::EndTurn { unit: c }).unwrap_err();
        assert!(matches!(e, Illegal::NotYourTurn { .. }), "{e:?}");
    }
}

// ---------------------------------------------------------------------------------------
// 9. Wait: "Any action that could be taken with a Standard Action can be completed as an
//    additional Reaction gained by waiting"

fn wait_for(
    b: &mut Battle,
    u: UnitId,
    trigger: skirmish_rules::engine::ReadyTrigger,
    response: skirmish_rules::engine::ReadyResponse,
) -> Result<usize, Illegal> {
    act(
        b,
        u,
        Action::from(TacticalD20Action::Ready {
            trigger,
            response,
            until: skirmish_rules::engine::ReadyUntil::NextTurn,
        }),
    )
}

#[test]
fn a_waited_standard_action_can_be_a_shot_a_move_or_a_maneuver() {
    use skirmish_rules::components::Slot;
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect};
    for kind in BOTH {
        // A shot: Ria (shortbow) waits for a foe within 6 cells.
        let units = r#"Unit(name: "Ria", side: "Red", cell: (1, 4), archetype: "rogue", weapons: ["shortbow"]),
            Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (r, g) = (id(&b, "Ria"), id(&b, "Grub"));
        wait_for(
            &mut b,
            r,
            ReadyTrigger::EnemyWithin { cells: 6 },
            ReadyResponse::Attack,
        )
        .unwrap();
        assert_eq!(b.slots(r, Slot::Standard), 0, "the Standard action is held");
        assert_eq!(b.rp(r), 2);
        end(&mut b);
        // 15 + BAB 1 + DEX 3 = 19 against AC 17; 1d6 = 4 (no STR on a bow).
        b.dice_force_for_tests(&[15, 4]);
        let n = b.log().len();
        mv(&mut b, g, 6, 4).unwrap();
        assert_eq!(
            offers(&since(&b, n)),
            [(r, vec![ReactionKind::WaitedAttack])]
        );
        react(&mut b, r, Some(ReactionKind::WaitedAttack));
        let ev = since(&b, n);
        let s = swings(&ev);
        assert_eq!((s[0].0, s[0].1.as_str(), s[0].4), (r, "shortbow", 19));
        assert_eq!(damage(&ev), [(g, 4)]);
        assert_eq!(b.pos(g), Cell::new(6, 4), "the move goes on");
        assert!(!b.has(r, ConditionKind::Waiting));

        // A move: Ria waits to fall back to (1, 1) when a foe comes within 4.
        let mut b = arena(kind, units, &[20, 1]);
        wait_for(
            &mut b,
            r,
            ReadyTrigger::EnemyWithin { cells: 4 },
            ReadyResponse::Move {
                to: Cell::new(1, 1),
            },
        )
        .unwrap();
        end(&mut b);
        let n = b.log().len();
        mv(&mut b, g, 5, 4).unwrap();
        assert_eq!(
            offers(&since(&b, n)),
            [(r, vec![ReactionKind::WaitedAction])]
        );
        react(&mut b, r, Some(ReactionKind::WaitedAction));
        assert_eq!(b.pos(r), Cell::new(1, 1));
        assert_eq!(b.pos(g), Cell::new(5, 4));

        // A maneuver: Corwin waits to trip the first foe entering his reach (Shove Prone
        // is tactical-d20's Trip). Athletics 15 + 5 = 20 against Reflex 5 + 1 = 6.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let trip = ReadyResponse::Shove {
            effect: ShoveEffect::Prone,
            both: false,
        };
        // Shove's "both" and a round-end cancel have no meaning here: refused.
        let both = ReadyResponse::Shove {
            effect: ShoveEffect::Prone,
            both: true,
        };
        assert!(wait_for(&mut b, c, ReadyTrigger::EnemyEntersReach, both).is_err());
        let e = act(
            &mut b,
            c,
            TacticalD20Action::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response: trip,
                until: ReadyUntil::RoundEnd,
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("next turn"), "{e}");
        wait_for(&mut b, c, ReadyTrigger::EnemyEntersReach, trip).unwrap();
        end(&mut b);
        b.dice_force_for_tests(&[15, 5]);
        mv(&mut b, g, 3, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::WaitedAction));
        assert!(b.has(g, ConditionKind::Prone));
        assert_eq!(b.rp(c), 1);
    }
}

/// A waited Shove Prone (a Trip) used to spring while the charging foe passed through its
/// ally's square, and the trip stopped it there: two creatures in one square (skirmish
/// fuzz, commands case 4435889485618616915, kept as a fixture). Now such a Wait does not
/// spring on a shared square: the script's answer to it is refused, and everything up to
/// it keeps the soak invariants.
#[test]
fn a_waited_trip_does_not_spring_on_a_square_the_foe_shares() {
    use skirmish_rules::script::{self, Script};
    // The same for a waited Push, which moved the pusher into the square the foe left,
    // its ally still there (commands case 16477382482786592539).
    for (name, reactor) in [
        ("waited-trip-on-an-allys-square", "Blue1"),
        ("waited-push-on-an-allys-square", "Red2"),
    ] {
        let name = format!("tests/fixtures/fuzz/{name}");
        let level =
            skirmish_rules::level::load(&crate::support::repo(&format!("{name}.level.ron")))
                .unwrap();
        let s = Script::load(&crate::support::repo(&format!("{name}.script.ron"))).unwrap();
        let mut b = script::start(&level, s.seed.unwrap(), &s).unwrap();
        let stop = script::run(&mut b, &s).unwrap_err().to_string();
        assert!(
            stop.contains(&format!("React(unit: \"{reactor}\"")),
            "{stop}"
        );
        let mut inv = skirmish_rules::sim::Invariants::new(&level, s.seed.unwrap()).unwrap();
        let mut out = Vec::new();
        inv.follow(&b, 0, &mut out);
        assert!(out.is_empty(), "{out:?}");
    }
}

/// A move cut short on another creature's square falls back to the last square the mover
/// held alone (the engine's rule for both rulesets; the flow fixtures found by `skirmish
/// fuzz` are in
/// `flow::movement::a_walker_blocked_on_an_allys_cell_falls_back_to_its_last_own_cell`).
/// Grub walks along row 4 through his ally Bo's square; Ria's waited move, sprung when
/// Grub came within 3 squares (on his own square (6, 4)), takes (4, 4), the square after
/// Bo's. Grub, blocked on Bo's square, goes back to (6, 4): no two creatures share one.
#[test]
fn a_foe_blocked_on_its_allys_square_falls_back_to_its_last_own_square() {
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger};
    let units = r#"Unit(name: "Ria", side: "Red", cell: (3, 7), archetype: "rogue"),
        Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter"),
        Unit(name: "Bo", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 2, 1]);
    let (r, g, bo) = (id(&b, "Ria"), id(&b, "Grub"), id(&b, "Bo"));
    wait_for(
        &mut b,
        r,
        ReadyTrigger::EnemyWithin { cells: 3 },
        ReadyResponse::Move {
            to: Cell::new(4, 4),
        },
    )
    .unwrap();
    end(&mut b);
    assert_eq!(b.current(), Some(g));
    let n = b.log().len();
    mv(&mut b, g, 2, 4).unwrap();
    react(&mut b, r, Some(ReactionKind::WaitedAction));
    assert_eq!(b.pos(r), Cell::new(4, 4));
    let ev = since(&b, n);
    let steps: Vec<(Cell, Cell)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Moved { unit, from, to, .. } if *unit == g => Some((*from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(
        steps,
        [
            (Cell::new(8, 4), Cell::new(7, 4)),
            (Cell::new(7, 4), Cell::new(6, 4)),
            (Cell::new(6, 4), Cell::new(5, 4)),
        ]
    );
    assert!(ev.contains(&Event::FellBack {
        unit: g,
        from: Cell::new(5, 4),
        to: Cell::new(6, 4),
    }));
    assert_eq!(b.pos(g), Cell::new(6, 4));
    assert_eq!(b.pos(bo), Cell::new(5, 4));
}

/// The hover card's chance of a maneuver (issue 14: "maneuver chances go through the same
/// path") is what the resolver does: over all 400 pairs of forced d20 faces, the share of
/// Trips and Feints that land equals the chance the window shows.
#[test]
fn the_maneuver_chance_the_window_shows_is_what_the_resolver_rolls() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
    let (c, g) = (UnitId(0), UnitId(1));
    for (action, lands) in [
        (TacticalD20Action::Trip { target: g }, ConditionKind::Prone),
        (
            TacticalD20Action::Feint { target: g },
            ConditionKind::Surprised,
        ),
    ] {
        let cmd = Command::Act {
            unit: c,
            action: action.clone().into(),
        };
        let b = arena(GridKind::Square, units, &[20, 1]);
        let (shown, words) = skirmish_rules::rulesets::view_of(&b)
            .expect("registered")
            .maneuver_chance(&b, c, &cmd)
            .expect("a chance");
        assert!(words.contains("Grub"), "{words}");
        let mut landed = 0;
        for fa in 1..=20 {
            for fp in 1..=20 {
                let mut b = arena(GridKind::Square, units, &[20, 1, fa, fp]);
                // Grub starts the battle Surprised; a Feint's mark must be new.
                let before = b.log().len();
                b.submit(cmd.clone()).unwrap();
                let added = b.log()[before..].iter().any(|l| {
                    matches!(l.event, Event::ConditionAdded { unit, kind, .. } if unit == g && kind == lands)
                });
                landed += usize::from(added);
            }
        }
        assert_eq!(
            shown,
            landed as f64 / 400.0,
            "{action:?}: shown {shown}, landed {landed} of 400"
        );
        assert!(landed > 0 && landed < 400);
    }
}
