//! The roll log in sentences (`skirmish_rules::sentence`, issue 19): what the window's
//! log shows, from a seeded battle.

use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::sentence::{self, Line};
use skirmish_rules::{Battle, Command};

use crate::support::flow::{arena, attack};
use crate::support::{decline_all, id};

fn texts(lines: &[Line]) -> Vec<&str> {
    lines.iter().map(|l| l.text.as_str()).collect()
}

/// A flow move and attack, read as the window's log reads them: setup and payments are
/// bookkeeping (hidden by default), steps fold into one line until something happens in
/// between, each roll keeps its dice for the hover.
#[test]
fn the_log_reads_as_sentences_with_the_dice_apart() {
    let units = r#"Unit(name: "Gor", side: "Red", cell: (1, 1), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (5, 1), archetype: "brute")"#;
    // Initiative 10, 1; Gor's longsword d100 30 (Melee 60: a hard success); 1d8 = 4.
    let mut b: Battle = arena(GridKind::Square, 10, 4, units, "", &[10, 1, 30, 4]);
    let (g, br) = (id(&b, "Gor"), id(&b, "Brute"));
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 1),
    })
    .unwrap();
    decline_all(&mut b);
    attack(&mut b, g, br);
    decline_all(&mut b);
    let all = sentence::lines(&b);
    let shown: Vec<Line> = all.iter().filter(|l| !l.noise).cloned().collect();
    assert_eq!(
        texts(&shown),
        [
            "— Round 1 —",
            "Gor's turn (5 AP, 2 RP).",
            "Gor moves (1, 1) to (3, 1), 2 steps",
            "Brute may react: Reaction Attack.",
            "Gor moves (3, 1) to (4, 1), 1 step",
            "Gor attacks Brute with longsword: 30 vs 60, hard success.",
            "Brute may react: Dodge or Parry or Riposte.",
            "Brute takes 4 damage from Gor (36 HP left).",
        ]
    );
    let attack = &shown[5];
    assert_eq!(attack.dice.as_deref(), Some("1d100 [30] (Melee +60) = 30"));
    assert_eq!(shown[7].dice.as_deref(), Some("1d8 [4] = 4"));
    // What is hidden: the setup before round 1, payments, declined offers.
    let hidden = texts(&all);
    assert!(hidden.contains(&"Gor rolls 14 for initiative."));
    assert!(hidden.contains(&"Turn order: Gor, Brute."));
    assert!(hidden.contains(&"Brute lets it pass."));
    assert!(all.iter().filter(|l| l.round == 0).all(|l| l.noise));
}

/// Every event of an AI battle on every shipped level reads as a sentence: none empty,
/// none naming an unknown unit ("?"), a die-rolling line keeps its dice.
#[test]
fn every_event_of_ai_battles_on_the_shipped_levels_reads_as_a_sentence() {
    let mut levels: Vec<_> = std::fs::read_dir(crate::support::repo("levels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    levels.sort();
    for path in levels {
        let Ok(level) = skirmish_rules::level::load(&path) else {
            continue;
        };
        let Ok(mut b) = Battle::new(level, 3, Vec::new()) else {
            continue;
        };
        for _ in 0..400 {
            let Some(c) = skirmish_rules::ai::decide(&b) else {
                break;
            };
            if b.submit(c).is_err() {
                break;
            }
        }
        let lines = sentence::lines(&b);
        assert!(!lines.is_empty());
        for l in &lines {
            assert!(
                !l.text.trim().is_empty(),
                "{}: an empty line",
                path.display()
            );
            assert!(
                !l.text.contains(" ? ") && !l.text.starts_with("? "),
                "{}: {}",
                path.display(),
                l.text
            );
        }
        let rolled = b
            .log()
            .iter()
            .filter(|x| matches!(x.event, skirmish_rules::event::Event::Attack { .. }))
            .count();
        let with_dice = lines
            .iter()
            .filter(|l| l.text.contains(" attacks ") && l.dice.is_some())
            .count();
        assert_eq!(rolled, with_dice, "{}", path.display());
    }
}

/// A terrain spell's cells read as one line ("(5, 1) and 8 more cells become difficult
/// terrain."), not nine.
#[test]
fn a_terrain_spell_reads_as_one_line() {
    let src =
        std::fs::read_to_string(crate::support::repo("tests/fixtures/e2e-summon.ron")).unwrap();
    let level = skirmish_rules::level::parse(&src, "e2e-summon.ron").unwrap();
    let mut b = Battle::new(level, 5, Vec::new()).unwrap();
    let cal = id(&b, "Cal");
    b.submit(Command::Act {
        unit: cal,
        action: skirmish_rules::engine::Action::Common(
            skirmish_rules::engine::CommonAction::Cast {
                ability: 1,
                at: skirmish_rules::engine::CastAt::Cell(Cell::new(6, 2)),
            },
        ),
    })
    .unwrap();
    let lines = sentence::lines(&b);
    let terrain: Vec<&str> = texts(&lines)
        .into_iter()
        .filter(|t| t.contains("difficult terrain"))
        .collect();
    assert_eq!(
        terrain,
        ["(5, 1) and 8 more cells become difficult terrain."]
    );
}
