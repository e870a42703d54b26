//! `tactical-d20` (seed 004): the gaps of issue 16 closed, one forced-dice scenario per
//! rule through `Battle::submit`. Initiative takes one d20 per unit in level order.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::{Action, CommonAction};
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::d20::arena;
use crate::support::{BOTH, damage, id, offers, since};

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

/// (reactor, trigger) of every `ReactionOffered` event.
fn triggers(ev: &[Event]) -> Vec<(UnitId, Trigger)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor, trigger, ..
            } => Some((*reactor, trigger.clone())),
            _ => None,
        })
        .collect()
}

/// (attacker, weapon, kind, d20 face, total, outcome) of every attack.
fn swings(ev: &[Event]) -> Vec<(UnitId, String, AttackKind, u32, i32, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                weapon,
                kind,
                roll,
                outcome,
                ..
            } => Some((
                *attacker,
                weapon.clone(),
                *kind,
                roll.faces[0],
                roll.total,
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// 1. Charge: "make a single melee or thrown attack"

#[test]
fn charge_with_a_thrown_weapon_throws_it_at_the_end_of_the_dash() {
    for kind in BOTH {
        // Corwin holds only a javelin (thrown, range 6). Grub acts first, so he is not
        // surprised when the charge comes (AC 17).
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter", weapons: ["javelin"]),
            Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        // Attack 14 + BAB 2 + DEX 1 + charge 2 = 19 ≥ 17; damage 4 + STR 3 + charge 2.
        b.dice_force_for_tests(&[14, 4]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::Charge {
                target: g,
                to: Some(Cell::new(4, 4)),
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(b.pos(c), Cell::new(4, 4));
        let s = swings(&ev);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0],
            (
                c,
                "javelin".into(),
                AttackKind::Charge,
                14,
                19,
                Outcome::Success
            )
        );
        assert_eq!(damage(&ev), [(g, 4 + 3 + 2)]);
        assert!(b.has(c, ConditionKind::Charging));
    }
    // Without a cell: the shortest dash that ends in the javelin's first range increment.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter", weapons: ["javelin"]),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[1, 20]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let (path, w) = skirmish_rules::rulesets::tactical_d20::charge_plan(&b, c, g, None).unwrap();
    assert_eq!(b.weapons(c)[w].name, "javelin");
    assert_eq!(path.len(), 3, "a 10 ft dash: {path:?}");
    assert!(b.grid().distance(*path.last().unwrap(), b.pos(g)) <= 7);
    // Nothing to attack with: refused, naming both kinds of weapon.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter", weapons: []),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[20, 1]);
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Charge {
                target: g,
                to: None,
            }
            .into(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("melee or thrown"), "{e}");
}

// ---------------------------------------------------------------------------------------
// 2. Tumble: "Failure provokes Reactions from all threatening foes along the path"

#[test]
fn a_failed_tumble_provokes_every_foe_threatening_the_path() {
    for kind in BOTH {
        // Grub (a rogue) tumbles from beside Corwin to beside Ogg: DC 5 + 5 × 2 = 15.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue"),
            Unit(name: "Ogg", side: "Red", cell: (9, 4), archetype: "fighter")"#;
        // Corwin, then Ogg, then Grub: neither foe is still surprised.
        let mut b = arena(kind, units, &[20, 1, 15]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(g));
        assert_eq!(
            skirmish_rules::rulesets::tactical_d20::tumble_plan(&b, g, Cell::new(8, 4))
                .unwrap()
                .1,
            15
        );
        // Agility 1 + 7 = 8 < 15: failed. Ogg's attack: 15 + 5 = 20 ≥ AC 15; 1d8 3 + 3.
        b.dice_force_for_tests(&[1, 15, 3]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::TumbleTo {
                to: Cell::new(8, 4),
            },
        )
        .unwrap();
        // Corwin threatens the start: offered before the first step.
        assert_eq!(b.pos(g), Cell::new(5, 4));
        react(&mut b, c, None);
        // Ogg threatens only the end of the path (leaving no cell of his): offered there.
        assert_eq!(b.pos(g), Cell::new(8, 4));
        react(&mut b, o, Some(ReactionKind::ReactionAttack));
        let ev = since(&b, n);
        assert_eq!(
            triggers(&ev),
            [
                (c, Trigger::FailedManeuver { unit: g }),
                (o, Trigger::FailedManeuver { unit: g })
            ]
        );
        let s = swings(&ev);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].0, s[0].2, s[0].4), (o, AttackKind::Reaction, 20));
        assert_eq!(damage(&ev), [(g, 3 + 3)]);
        assert_eq!(b.pos(g), Cell::new(8, 4));
        // Each foe once: the rest of the path (none here) offers nothing more.
        assert_eq!(b.status(), Status::Turn(g));
    }
}

// ---------------------------------------------------------------------------------------
// 3. Push: "failure provokes Reactions" (plural)

#[test]
fn a_failed_push_provokes_every_threatening_foe_not_only_the_target() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
            Unit(name: "Ogg", side: "Blue", cell: (3, 4), archetype: "fighter")"#;
        // Grub, Ogg, then Corwin.
        let mut b = arena(kind, units, &[1, 20, 15]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        // Athletics 2 + 5 = 7 against Reflex 15 + 1 = 16: the push fails.
        b.dice_force_for_tests(&[2, 15]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::Push {
                target: g,
                distance: None,
            },
        )
        .unwrap();
        react(&mut b, g, None);
        react(&mut b, o, None);
        let t = triggers(&since(&b, n));
        assert_eq!(
            t,
            [
                (g, Trigger::FailedManeuver { unit: c }),
                (o, Trigger::FailedManeuver { unit: c })
            ]
        );
        // A failed Trip still provokes "a Reaction from the target" only.
        let mut b = arena(kind, units, &[1, 20, 15]);
        end(&mut b);
        end(&mut b);
        b.dice_force_for_tests(&[2, 15]);
        let n = b.log().len();
        act(&mut b, c, TacticalD20Action::Trip { target: g }).unwrap();
        react(&mut b, g, None);
        assert_eq!(offers(&since(&b, n)).len(), 1);
    }
}

// ---------------------------------------------------------------------------------------
// 4. "each creature starts with 1 Reaction per round"

fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Result<usize, Illegal> {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
}

#[test]
fn one_reaction_per_round_is_not_refilled_at_the_reactors_own_turn() {
    for kind in BOTH {
        // Order: Grub, Corwin, Ogg. Corwin stands between the two.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
            Unit(name: "Ogg", side: "Blue", cell: (3, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[15, 20, 1]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        for _ in 0..3 {
            end(&mut b);
        }
        assert_eq!((b.round(), b.current()), (2, Some(g)));
        // Round 2: Grub walks off; Corwin spends his Reaction (a miss: 2 + 5 < 17).
        b.dice_force_for_tests(&[2]);
        mv(&mut b, g, 8, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::ReactionAttack));
        assert_eq!(b.rp(c), 0);
        // Corwin's own turn does not give it back: it is the same round.
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        assert_eq!(b.rp(c), 0);
        end(&mut b);
        // Ogg walks off in the same round: no second Reaction, no offer.
        assert_eq!(b.current(), Some(o));
        let n = b.log().len();
        mv(&mut b, o, 0, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        end(&mut b);
        // Round 3: the Reaction is back before anyone acts.
        assert_eq!((b.round(), b.current()), (3, Some(g)));
        assert_eq!(b.rp(c), 1);
    }
}

#[test]
fn a_waited_reaction_lasts_past_the_round_until_the_waiters_next_turn() {
    for kind in BOTH {
        // Grub first, Corwin last: Corwin waits at the end of round 1.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        act(&mut b, c, TacticalD20Action::Wait).unwrap();
        assert_eq!(b.rp(c), 2);
        end(&mut b);
        // Round 2 starts: the ordinary Reaction and the waited one are both there.
        assert_eq!((b.round(), b.current()), (2, Some(g)));
        assert_eq!(b.rp(c), 2);
        b.dice_force_for_tests(&[15, 2]);
        mv(&mut b, g, 3, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::WaitedAttack));
        assert_eq!(b.rp(c), 1);
        end(&mut b);
        // Corwin's turn: the Wait is over; one Reaction, for the rest of round 2.
        assert_eq!(b.current(), Some(c));
        assert!(!b.has(c, ConditionKind::Waiting));
        assert_eq!(b.rp(c), 1);
    }
}

// ---------------------------------------------------------------------------------------
// 5. Blind: "Surprised against undetected creatures"

#[test]
fn a_blind_creature_is_surprised_in_full_no_dex_wis_or_reactions() {
    use skirmish_rules::rulesets::tactical_d20 as td;
    for kind in BOTH {
        // Corwin is blind (WIS 14 to show the Will save); he acts first, so his start-of-
        // battle surprise is over when Grub acts.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", stats: {Wis: 14}, conditions: {Blind: UntilRemoved}),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        assert!(!b.has(c, ConditionKind::Surprised));
        let total = |s| td::save(&b, c, s).iter().map(|m| m.value).sum::<i32>();
        // Reflex 0 + DEX 1 − 1; Will 0 + WIS 2 − 2.
        assert_eq!(total(td::Save::Reflex), 0);
        assert_eq!(total(td::Save::Will), 0);
        // A Trip against him: his Reflex roll carries no DEX. Athletics 10 + 5 = 15
        // against Reflex 14 + 0.
        b.dice_force_for_tests(&[10, 14]);
        let n = b.log().len();
        act(&mut b, g, TacticalD20Action::Trip { target: c }).unwrap();
        let reflex: Vec<i32> = since(&b, n)
            .iter()
            .filter_map(|e| match e {
                Event::Check { unit, roll, .. } if *unit == c => Some(roll.total),
                _ => None,
            })
            .collect();
        assert_eq!(reflex, [14]);
        assert!(b.has(c, ConditionKind::Prone));
        // And he cannot react: Grub walks away unanswered.
        let n = b.log().len();
        mv(&mut b, g, 9, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        assert_eq!(b.rp(c), 1, "he has a Reaction, but cannot take it");
    }
}

// ---------------------------------------------------------------------------------------
// 6. Conditions a level names: played as the seed says, or refused with the reason

/// A one-unit-a-side tactical-d20 level whose first unit starts with `conds`; the unit
/// line is line 4.
fn cond_level(ruleset: &str, conds: &str) -> String {
    format!(
        "Level(name: \"c\", ruleset: \"{ruleset}\", grid: Square, map: [\"....\"],\n\
         sides: [Side(name: \"Red\", colour: \"#c83c3c\"), Side(name: \"Blue\", colour: \"#3c6ec8\")],\n\
         units: [\n\
         Unit(name: \"Ann\", side: \"Red\", cell: (0, 0), archetype: \"fighter\", conditions: {conds}),\n\
         Unit(name: \"Bob\", side: \"Blue\", cell: (3, 0), archetype: \"fighter\")])"
    )
}

#[test]
fn seed_conditions_the_game_does_not_play_are_refused_at_load_with_the_reason() {
    use skirmish_rules::level;
    let src = cond_level(
        "tactical-d20",
        "{Deaf: UntilRemoved, Suffocating: UntilRemoved, Friendly: UntilRemoved}",
    );
    let e = level::parse(&src, "c.ron").unwrap_err().to_string();
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 3, "{e}");
    // Each at its own entry (line 4), with why.
    assert!(lines[0].starts_with("c.ron:4:"), "{e}");
    assert!(
        lines[0].contains("cannot start Deaf: the game does not play Deaf")
            && lines[0].contains("auditory"),
        "{e}"
    );
    assert!(
        lines[1].contains("Suffocating") && lines[1].contains("minute"),
        "{e}"
    );
    assert!(
        lines[2].contains("Friendly") && lines[2].contains("cannot name them"),
        "{e}"
    );
    // Played since casting (issue 17): energy weaknesses and no potions.
    for c in ["Soaked", "Dehydrated", "Starving"] {
        let src = cond_level("tactical-d20", &format!("{{{c}: UntilRemoved}}"));
        level::parse(&src, "c.ron").unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    {
        let c = "Hostile";
        let e = level::parse(
            &cond_level("tactical-d20", &format!("{{{c}: UntilRemoved}}")),
            "c.ron",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains(&format!("cannot start {c}: the game does not play {c} (")),
            "{e}"
        );
    }
    // A name that is nobody's condition is still an unknown value.
    let e = level::parse(
        &cond_level("tactical-d20", "{Sleepy: UntilRemoved}"),
        "c.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("unknown value `Sleepy`"), "{e}");
}

#[test]
fn a_tactical_d20_level_refuses_conditions_that_mean_nothing_there() {
    use skirmish_rules::level;
    let src = cond_level(
        "tactical-d20",
        "{Dead: UntilRemoved, TotalDefense: UntilRemoved, Feinted: UntilRemoved}",
    );
    let e = level::parse(&src, "c.ron").unwrap_err().to_string();
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 3, "{e}");
    for (l, name) in lines.iter().zip(["Dead", "TotalDefense", "Feinted"]) {
        assert!(l.starts_with("c.ron:4:"), "{e}");
        assert!(
            l.contains(&format!("unit `Ann` cannot start {name} in tactical-d20: ")),
            "{e}"
        );
    }
    // Grappled was already refused (no partner), in every ruleset.
    let e = level::parse(
        &cond_level("tactical-d20", "{Grappled: UntilRemoved}"),
        "c.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("cannot start Grappled"), "{e}");
    // The conditions tactical-d20 plays still load; flow keeps its own.
    assert!(
        level::parse(
            &cond_level("tactical-d20", "{Dying: UntilRemoved, Blind: UntilRemoved}"),
            "c.ron"
        )
        .is_ok()
    );
    assert!(level::parse(&cond_level("flow", "{TotalDefense: UntilRemoved}"), "c.ron").is_ok());
}

#[test]
fn cover_gives_plus_4_on_attack_rolls_as_well_as_ac() {
    use skirmish_rules::rulesets::tactical_d20 as td;
    // Tamsin shoots from behind a low wall (=) next to her at Grub in the open.
    let map = ["..........", ".=........", ".........."];
    let units = r#"Unit(name: "Tamsin", side: "Red", cell: (0, 1), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (6, 1), archetype: "fighter")"#;
    let mut b = crate::support::d20::field(GridKind::Square, &map, units, "", &[20, 1]);
    let (t, g) = (id(&b, "Tamsin"), id(&b, "Grub"));
    // 5 + BAB 1 + DEX 3 + cover 4 = 13.
    b.dice_force_for_tests(&[5]);
    let n = b.log().len();
    b.submit(Command::Attack {
        unit: t,
        target: g,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    let ev = since(&b, n);
    let roll = ev
        .iter()
        .find_map(|e| match e {
            Event::Attack { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        roll.modifiers
            .iter()
            .any(|m| m.name == "cover" && m.value == 4),
        "{roll:?}"
    );
    assert_eq!(roll.total, 5 + 1 + 3 + 4);
    // Grub shooting back over the same wall: the wall is not next to him, no bonus; and
    // Tamsin's AC has the +4 it always had.
    let a = td::attack_math(&b, g, t, 0, AttackKind::Normal);
    assert!(!a.bonus.iter().any(|m| m.name == "cover"));
    assert!(a.ac.iter().any(|m| m.name == "cover" && m.value == 4));
    // Hidden in cover (Defend + Stealth): +4 on its own attacks too.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", conditions: {Cover: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[20, 1]);
    let a = td::attack_math(&b, UnitId(0), UnitId(1), 0, AttackKind::Reaction);
    assert!(a.bonus.iter().any(|m| m.name == "in cover" && m.value == 4));
}

#[test]
fn a_frightened_unit_must_flee_or_cower_never_moving_nearer_to_its_fear() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", conditions: {Frightened: UntilRemoved}),
            Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let c = id(&b, "Corwin");
        // Toward Grub: refused, by every way of moving.
        for e in [
            mv(&mut b, c, 6, 4).unwrap_err(),
            act(
                &mut b,
                c,
                TacticalD20Action::Dash {
                    to: Cell::new(7, 4),
                },
            )
            .unwrap_err(),
            act(
                &mut b,
                c,
                TacticalD20Action::Step {
                    to: Cell::new(5, 4),
                },
            )
            .unwrap_err(),
        ] {
            assert!(
                matches!(
                    e,
                    Illegal::Condition {
                        condition: "frightened",
                        ..
                    }
                ),
                "{e}"
            );
        }
        // Away (flee) is allowed, as is staying put (cower).
        mv(&mut b, c, 2, 4).unwrap();
        assert_eq!(b.pos(c), Cell::new(2, 4));
    }
}

// ---------------------------------------------------------------------------------------
// 7. Prone: "Gain or lose this condition as a Move Action"

#[test]
fn going_prone_on_purpose_is_a_move_action_that_provokes_nothing() {
    use skirmish_rules::components::Slot;
    use skirmish_rules::script::Script;
    for kind in BOTH {
        // Corwin acts first, next to Grub (who threatens him).
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let n = b.log().len();
        act(&mut b, c, TacticalD20Action::DropProne).unwrap();
        let ev = since(&b, n);
        assert!(b.has(c, ConditionKind::Prone));
        assert!(offers(&ev).is_empty(), "dropping prone provokes nothing");
        assert_eq!(b.slots(c, Slot::Move), 0, "the Move action pays");
        assert_eq!(b.slots(c, Slot::Standard), 1);
        // Already prone: refused, saying why.
        let e = act(&mut b, c, TacticalD20Action::DropProne).unwrap_err();
        assert!(e.to_string().contains("already prone"), "{e}");
        end(&mut b);
        // Grub's sword: AC 17 − 4 against melee while prone. 8 + BAB 2 + STR 3 = 13 hits.
        b.dice_force_for_tests(&[8, 5]);
        let n = b.log().len();
        b.submit(Command::Attack {
            unit: g,
            target: c,
            weapon: None,
            slot: None,
            aim: None,
        })
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev)[0].5, Outcome::Success);
        assert_eq!(damage(&ev), [(c, 5 + 3)]);
    }
    // With no Move action left, a Standard traded down pays; with neither, refused.
    let mut b = arena(
        GridKind::Square,
        r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#,
        &[20, 1],
    );
    let c = id(&b, "Corwin");
    mv(&mut b, c, 2, 4).unwrap();
    act(&mut b, c, TacticalD20Action::DropProne).unwrap();
    assert_eq!(b.slots(c, skirmish_rules::components::Slot::Standard), 0);
    act(&mut b, c, CommonAction::StandUp).unwrap_err();
    // A script says it as `DropProne(unit: NAME)`.
    let s = Script::parse(r#"Script(commands: [DropProne(unit: "Corwin")])"#).unwrap();
    let b = arena(GridKind::Square, crate::support::d20::DUEL, &[20, 1]);
    assert_eq!(
        skirmish_rules::script::to_command(&b, &s.commands[0]).unwrap(),
        Command::Act {
            unit: c,
            action: TacticalD20Action::DropProne.into()
        }
    );
}

#[test]
fn flow_has_no_drop_prone_action() {
    use crate::support::flow;
    let units = r#"Unit(name: "Sable", side: "Red", cell: (1, 1), archetype: "duelist"),
        Unit(name: "Brakka", side: "Blue", cell: (5, 1), archetype: "duelist")"#;
    let mut b = flow::arena(GridKind::Hex, 8, 4, units, "", &[10, 1]);
    let s = id(&b, "Sable");
    assert_eq!(b.current(), Some(s));
    let e = act(&mut b, s, TacticalD20Action::DropProne).unwrap_err();
    assert!(
        matches!(
            e,
            Illegal::NoSuchAction {
                ruleset: "flow",
                action: "Drop Prone",
                ..
            }
        ),
        "{e:?}"
    );
}

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
