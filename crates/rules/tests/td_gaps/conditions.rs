//! `tactical-d20` (seed 004), the gaps of issue 16: the conditions a level names (played
//! or refused with the reason), cover, Frightened, going Prone on purpose.

use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::CommonAction;
use skirmish_rules::event::{AttackKind, Event, Outcome};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Command, Illegal};

use crate::support::d20::arena;
use crate::support::{BOTH, damage, id, offers, since};

use super::{act, end, mv, swings};

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
