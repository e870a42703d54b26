//! The roll log in sentences (`skirmish_rules::sentence`, issue 19): what the window's
//! log shows, from a seeded battle.

use skirmish_rules::components::UnitId;
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
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

/// The log's line for the first event of `b` matching `pick`, told with its neighbours
/// (`sentence::line_at`).
fn line_of(b: &Battle, pick: impl Fn(&Event) -> bool) -> Line {
    let i = b
        .log()
        .iter()
        .position(|l| pick(&l.event))
        .expect("the event is logged");
    sentence::line_at(b, i)
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

/// Issue 31, item 9: "Ilse tries to parry: 26 vs 55, it fails" read like a bug. A
/// defence that succeeds and still loses names what outranked it (and a larger
/// attacker's level counted up); one that holds says against what.
#[test]
fn a_defence_names_what_decided_it() {
    // Large Brute (Melee 55) d100 40: a success, counted as a hard one against a
    // Medium parry; F (Melee 60) parries d100 50: a success, outranked.
    let units = r#"Unit(name: "Brute", side: "Red", cell: (2, 2), archetype: "brute"),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[10, 1, 40, 50, 7]);
    let (br, f) = (id(&b, "Brute"), id(&b, "F"));
    attack(&mut b, br, f);
    react(&mut b, f, Some(ReactionKind::Parry));
    let l = line_of(&b, |e| matches!(e, Event::Defence { .. }));
    assert_eq!(
        l.text,
        "F tries to parry: 50 vs 60 succeeds (success), but Brute's hard success outranks \
         it (counted one level up: Brute is larger)."
    );
    assert!(!l.noise);
    // Same size: the same rolls hold (a tie goes to the defender).
    let units = r#"Unit(name: "Gor", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[10, 1, 40, 50]);
    let (g, f) = (id(&b, "Gor"), id(&b, "F"));
    attack(&mut b, g, f);
    react(&mut b, f, Some(ReactionKind::Parry));
    let l = line_of(&b, |e| matches!(e, Event::Defence { .. }));
    assert_eq!(
        l.text,
        "F tries to parry: 50 vs 60, a success, and it works against Gor's success."
    );
    // A parry that misses its own number.
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[10, 1, 40, 90, 5]);
    attack(&mut b, g, f);
    react(&mut b, f, Some(ReactionKind::Parry));
    let l = line_of(&b, |e| matches!(e, Event::Defence { .. }));
    assert_eq!(
        l.text,
        "F tries to parry: 90 vs 60, a failure, and it fails."
    );
}

const FEINT: &str = r#"Unit(name: "F", side: "Red", cell: (2, 2), archetype: "duelist", stats: {Melee: 60, Deception: 50}),
    Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "fighter", stats: {Melee: 30, Agility: 70})"#;

/// A contest's line says who won and why; its two checks are bookkeeping (shown with
/// "details" only), where the window once showed "contest … lost [feint]".
#[test]
fn a_contest_says_who_won_and_why_and_its_checks_are_details() {
    // F's Melee 60: d100 40, a success. T resists with Melee 30: d100 40 fails.
    let mut b = arena(GridKind::Hex, 8, 5, FEINT, "", &[10, 1, 40, 40]);
    let (f, t) = (id(&b, "F"), id(&b, "T"));
    b.submit(Command::Act {
        unit: f,
        action: FlowAction::Feint { target: t }.into(),
    })
    .unwrap();
    react(&mut b, t, Some(ReactionKind::ResistMelee));
    let l = line_of(&b, |e| matches!(e, Event::Contest { .. }));
    assert_eq!(
        l.text,
        "F's feint beats T: F's success (40 vs 60) outranks T's failure (40 vs 30)."
    );
    assert!(!l.noise);
    let checks: Vec<Line> = (0..b.log().len())
        .filter(|&i| matches!(b.log()[i].event, Event::Check { .. }))
        .map(|i| sentence::line_at(&b, i))
        .collect();
    assert_eq!(checks.len(), 2);
    assert!(checks.iter().all(|l| l.noise), "{checks:?}");
    // Agility 70 (declined: the better skill): the same 40 is a success too; a tie.
    let mut b = arena(GridKind::Hex, 8, 5, FEINT, "", &[10, 1, 40, 40]);
    b.submit(Command::Act {
        unit: f,
        action: FlowAction::Feint { target: t }.into(),
    })
    .unwrap();
    react(&mut b, t, None);
    let l = line_of(&b, |e| matches!(e, Event::Contest { .. }));
    assert_eq!(
        l.text,
        "F's feint against T: both reach a success (40 vs 60, 40 vs 70), and a tie goes to T."
    );
    // The whole log reads the same through `lines`.
    assert!(sentence::lines(&b).iter().any(|x| x.text == l.text));
}

/// Issue 31, item 9: an ability offered below 5% says why (`sentence::long_shot`, the
/// aiming card's line per target); at 5% or more it says nothing more.
#[test]
fn an_ability_below_five_percent_says_why() {
    let extra = r#"abilities: {
        "Glancing bolt": (kind: Spell, target: One(range: 8), resolve: Attack(vs: Physical),
            effects: [Damage(dice: "2d6", kind: "fire")]),
    },
    archetypes: {
        "sparker": (hp: 14, stats: {Agility: 45, Melee: 30, Magic: 65},
            weapons: ["dagger"], abilities: ["Glancing bolt"]),
    }"#;
    for (magic, long) in [(2, true), (65, false)] {
        let units = format!(
            r#"Unit(name: "Spk", side: "Red", cell: (1, 1), archetype: "sparker", stats: {{Magic: {magic}}}),
            Unit(name: "Guard", side: "Blue", cell: (5, 1), archetype: "fighter")"#
        );
        let b = arena(GridKind::Square, 10, 5, &units, extra, &[10, 1]);
        let (s, g) = (id(&b, "Spk"), id(&b, "Guard"));
        let chance = b.rules().ability_chance(&b, s, g, 0);
        let why = sentence::long_shot(&b, s, g, 0, chance);
        assert_eq!(chance < 0.05, long, "Magic {magic}: {chance}");
        if long {
            assert_eq!(
                why.as_deref(),
                Some(
                    "a long shot: Spk's Glancing bolt roll must beat Guard's physical \
                     defence, and only its very best rolls do"
                )
            );
        } else {
            assert_eq!(why, None);
        }
    }
}

/// tactical-d20's opposed checks: the higher total decides, and the line says so.
#[test]
fn a_d20_contest_says_the_higher_total_won() {
    use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    // Initiative 20, 1; the touch attack 15 hits; Corwin's trip check 12, Grub's 3.
    let mut b = crate::support::d20::arena(GridKind::Square, units, &[20, 1, 15, 12, 3]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    b.submit(Command::Act {
        unit: c,
        action: TacticalD20Action::Trip { target: g }.into(),
    })
    .unwrap();
    let l = line_of(&b, |e| matches!(e, Event::Contest { .. }));
    assert!(
        l.text.starts_with("Corwin's trip against Grub: ")
            && l.text.ends_with(", Corwin wins (the higher total)."),
        "{}",
        l.text
    );
}

/// Damage past 0 says the HP the unit is at, as its card does ("dying at -4 HP"): never
/// "0 HP left" for a tactical-d20 unit that is dying below 0.
#[test]
fn damage_below_0_hp_says_the_number_the_card_shows() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 4),
        Unit(name: "Ogg", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    // Corwin hits Grub for 5 + 3 = 8: HP −4.
    let mut b = crate::support::d20::arena(GridKind::Square, units, &[20, 2, 1, 15, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    b.submit(Command::Attack {
        unit: c,
        target: g,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    assert_eq!(b.hp(g), -4);
    let l = line_of(&b, |e| matches!(e, Event::Damage { .. }));
    assert_eq!(l.text, "Grub takes 8 damage from Corwin (at -4 HP).");
}

/// Issue 36: a counter that takes damage off reads as what it took off, never as a
/// failure ("tries to block: 13 vs 17, it fails" when it absorbed 13 of 17): the words
/// follow the window it answers (damage coming), whatever the ruleset.
#[test]
fn a_counter_to_damage_says_how_much_it_took_off() {
    use crate::counters::{PAIR, arena, attack as hit, counter};
    use crate::support::since;
    let defence = |b: &Battle, n: usize| {
        let i = n + since(b, n)
            .iter()
            .position(|e| matches!(e, Event::Defence { .. }))
            .expect("a defence");
        sentence::line_at(b, i).text
    };
    // 17 coming; 2 SD roll 3 + 4, Strength +3, proficiency +3: 13 of 17.
    let mut b = arena(GridKind::Square, PAIR, &[20, 1, 15, 10, 10, 3, 4]);
    let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
    hit(&mut b, r, w);
    let n = b.log().len();
    counter(&mut b, w, Some(ReactionKind::Block), 2, 0);
    assert_eq!(
        defence(&b, n),
        "Warden blocks 13 of the 17 damage coming: 4 get through."
    );
    assert_eq!(
        line_of(&b, |e| matches!(e, Event::Declared { .. })).text,
        "Warden declares a Block; it resolves once all have declared."
    );
    // The seed's example: 18 of 17, all of it.
    let mut b = arena(GridKind::Square, PAIR, &[20, 1, 15, 10, 10, 3, 3, 4]);
    let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
    hit(&mut b, r, w);
    let n = b.log().len();
    counter(&mut b, w, Some(ReactionKind::Block), 3, 4);
    assert_eq!(
        defence(&b, n),
        "Warden blocks 18 against the 17 damage coming: none gets through."
    );
}
