//! escalation's Dicey Move rewards a level names for a spot (`dicey: [Dicey(..)]`):
//! forced dice through `Battle::submit`, and the level checks.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{CheckPurpose, Event, Outcome};
use skirmish_rules::grid::Cell;
use skirmish_rules::level::{self, DiceyReward};
use skirmish_rules::rulesets::escalation::EscalationAction;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::{id, repo, since};

/// A 10×6 square map with a low wall at (3, 1) and a pit at (4, 3); `dicey` is the
/// level's list of spots.
fn src(dicey: &str, units: &str) -> String {
    let map = [
        "..........",
        "...=......",
        "..........",
        "...._.....",
        "..........",
        "..........",
    ];
    let rows = map
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{rows}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [{units}],
        dicey: [{dicey}])"##
    )
}

fn battle(dicey: &str, units: &str, dice: &[u32]) -> Battle {
    let l = level::parse(&src(dicey, units), "esc").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

fn dicey(to: Cell, target: Option<UnitId>) -> Action {
    EscalationAction::DiceyMove { to, target }.into()
}

fn act(b: &mut Battle, unit: UnitId, action: Action) -> Result<usize, Illegal> {
    b.submit(Command::Act { unit, action })
}

/// Decline every open reaction window (a foe's Intercept of the landing).
fn settle(b: &mut Battle) {
    while let Status::AwaitingReaction(r) = b.status() {
        b.submit(Command::React {
            unit: r,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
    }
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// (target number, outcome, faces) of the Dicey Move checks in `ev`.
fn checks(ev: &[Event]) -> Vec<(i32, Outcome, Vec<u32>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Check {
                purpose: CheckPurpose::DiceyMove,
                roll,
                target_number,
                outcome,
                ..
            } => Some((*target_number, *outcome, roll.faces.clone())),
            _ => None,
        })
        .collect()
}

/// Brannoc before the wall at (3, 1); Snitch and Grub both next to (4, 1), where it
/// lands; Sefa, an ally, next to it too.
const KICK: &str = r#"Unit(name: "Brannoc", side: "PCs", cell: (2, 1), archetype: "fighter", stats: {Band: 4}),
    Unit(name: "Snitch", side: "Foes", cell: (5, 1), archetype: "goblin", hp: 30, stats: {Band: 1}),
    Unit(name: "Grub", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 30, stats: {Band: 1}),
    Unit(name: "Sefa", side: "PCs", cell: (4, 0), archetype: "cleric", stats: {Band: 3})"#;

#[test]
fn a_dicey_spot_deals_its_environmental_damage_to_the_enemy_the_mover_names() {
    // 4+4+4 = 12 against the spot's 12; then its 1d6 shows 5.
    let spot = r#"Dicey(cell: (3, 1), dc: 12, reward: Damage("1d6"))"#;
    let mut b = battle(spot, KICK, &[4, 4, 4, 5]);
    let (f, s, g, c) = (
        id(&b, "Brannoc"),
        id(&b, "Snitch"),
        id(&b, "Grub"),
        id(&b, "Sefa"),
    );
    assert_eq!(b.current(), Some(f));
    // Two enemies may take it: the command must name one, and nothing changes.
    let n = b.log().len();
    let e = act(&mut b, f, dicey(Cell::new(4, 1), None)).unwrap_err();
    assert!(e.to_string().contains("name an enemy"), "{e}");
    assert!(e.to_string().contains("Snitch, Grub"), "{e}");
    // Not an ally, and not an enemy away from the landing.
    let e = act(&mut b, f, dicey(Cell::new(4, 1), Some(c))).unwrap_err();
    assert!(e.to_string().contains("is not an enemy next to"), "{e}");
    assert_eq!(b.log().len(), n, "refused: state untouched");
    assert_eq!(b.pos(f), Cell::new(2, 1));
    // The window asks whom, one option per enemy next to the landing.
    let cmd = Command::Act {
        unit: f,
        action: dicey(Cell::new(4, 1), Some(s)),
    };
    let ch = skirmish_rules::rulesets::view_of(&b)
        .expect("registered")
        .choice(&b, &cmd)
        .expect("a choice of whom");
    let names: Vec<&str> = ch.options.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Snitch", "Grub"]);
    assert!(ch.title.contains("1d6 damage"), "{}", ch.title);
    act(&mut b, f, dicey(Cell::new(4, 1), Some(g))).unwrap();
    settle(&mut b);
    let ev = since(&b, n);
    assert_eq!(checks(&ev), vec![(12, Outcome::Success, vec![4, 4, 4])]);
    let hurt: Vec<(UnitId, Option<UnitId>, i32, Vec<u32>)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                unit,
                source,
                amount,
                roll,
                ..
            } => Some((*unit, *source, *amount, roll.faces.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        hurt,
        vec![(g, Some(f), 5, vec![5])],
        "the die is in the log"
    );
    assert_eq!(b.hp(g), 25);
    assert_eq!(b.pos(f), Cell::new(4, 1), "it landed");
    assert!(
        !b.has(f, ConditionKind::DiceyEdge),
        "the spot's reward instead"
    );
}

#[test]
fn a_failed_dicey_move_gives_no_reward_and_leaves_the_mover_where_it_was() {
    let spot = r#"Dicey(cell: (3, 1), dc: 12, reward: Damage("1d6"))"#;
    // 4+4+3 = 11 against 12.
    let mut b = battle(spot, KICK, &[4, 4, 3]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Grub"));
    act(&mut b, f, dicey(Cell::new(4, 1), Some(g))).unwrap();
    assert_eq!(
        checks(&since(&b, 0)),
        vec![(12, Outcome::Failure, vec![4, 4, 3])]
    );
    assert_eq!(b.hp(g), 30);
    assert_eq!(b.pos(f), Cell::new(2, 1));
}

#[test]
fn a_dicey_spot_puts_its_condition_on_an_enemy_for_a_round() {
    let spot = r#"Dicey(cell: (3, 1), reward: Condition(Dazed))"#;
    // The low wall's own 11: 4+4+3.
    let mut b = battle(spot, KICK, &[4, 4, 3]);
    let (f, s) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    act(&mut b, f, dicey(Cell::new(4, 1), Some(s))).unwrap();
    settle(&mut b);
    assert_eq!(checks(&since(&b, 0))[0].0, 11);
    assert!(b.has(s, ConditionKind::Dazed));
    assert_eq!(b.condition_source(s, ConditionKind::Dazed), Some(f));
    // Until Brannoc's next turn: through the others' turns, gone when it comes round.
    let mut guard = 0;
    loop {
        end(&mut b);
        guard += 1;
        assert!(guard < 10);
        if b.current() == Some(f) {
            break;
        }
        assert!(b.has(s, ConditionKind::Dazed), "still Dazed in round 1");
    }
    assert!(!b.has(s, ConditionKind::Dazed), "for a round");
}

#[test]
fn an_allys_dicey_move_gives_it_advantage_on_its_next_attack() {
    let spot = r#"Dicey(cell: (3, 1), reward: AllyAdvantage)"#;
    // 4+4+3 vaults; then Sefa (at (4, 0), next to Snitch) attacks with 4d6.
    let mut b = battle(spot, KICK, &[4, 4, 3, 1, 2, 3, 4]);
    let (f, s, c) = (id(&b, "Brannoc"), id(&b, "Snitch"), id(&b, "Sefa"));
    // Only Sefa may take it: the window names it without asking.
    let cmd = skirmish_rules::rulesets::view_of(&b)
        .expect("registered")
        .actions()
        .iter()
        .find(|a| a.label == "Dicey move")
        .and_then(|a| {
            (a.build)(
                &b,
                f,
                &skirmish_rules::rulesets::ui::Pick::Cell(Cell::new(4, 1)),
            )
        })
        .expect("the bar's Dicey move");
    assert_eq!(
        cmd,
        Command::Act {
            unit: f,
            action: dicey(Cell::new(4, 1), Some(c))
        }
    );
    assert_eq!(
        skirmish_rules::rulesets::view_of(&b)
            .expect("registered")
            .choice(&b, &cmd),
        None,
        "nobody else to pick"
    );
    b.submit(cmd).unwrap();
    settle(&mut b);
    assert!(b.has(c, ConditionKind::DiceyEdge));
    assert!(!b.has(f, ConditionKind::DiceyEdge));
    end(&mut b);
    assert_eq!(b.current(), Some(c));
    let n = b.log().len();
    b.submit(Command::Attack {
        unit: c,
        target: s,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    let faces = since(&b, n).iter().find_map(|e| match e {
        Event::Attack { roll, .. } => Some(roll.faces.clone()),
        _ => None,
    });
    assert_eq!(faces.map(|f| f.len()), Some(4), "1 Advantage: 4d6");
    assert!(!b.has(c, ConditionKind::DiceyEdge), "for one attack");
}

#[test]
fn an_allys_dicey_move_gives_it_advantage_on_its_next_disengage() {
    let spot = r#"Dicey(cell: (3, 1), reward: AllyDisengage)"#;
    // Sefa stands at (5, 2), next to both the landing (4, 1) and Grub (4, 2).
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (2, 1), archetype: "fighter", stats: {Band: 4}),
        Unit(name: "Grub", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 30, stats: {Band: 1}),
        Unit(name: "Sefa", side: "PCs", cell: (5, 2), archetype: "cleric", stats: {Band: 3})"#;
    // The vault 4+4+3; Sefa's Disengage rolls 4d6 and keeps the best three: 1, 5, 5, 1.
    let mut b = battle(spot, units, &[4, 4, 3, 1, 5, 5, 1]);
    let (f, c) = (id(&b, "Brannoc"), id(&b, "Sefa"));
    let before = skirmish_rules::rulesets::escalation::disengage_chance(&b, c, &[id(&b, "Grub")]);
    act(&mut b, f, dicey(Cell::new(4, 1), Some(c))).unwrap();
    assert!(b.has(c, ConditionKind::DiceyFooting));
    let after = skirmish_rules::rulesets::escalation::disengage_chance(&b, c, &[id(&b, "Grub")]);
    assert!(after > before, "the preview's chance: {before} → {after}");
    end(&mut b);
    assert_eq!(b.current(), Some(c));
    let n = b.log().len();
    act(
        &mut b,
        c,
        EscalationAction::Disengage { from: Vec::new() }.into(),
    )
    .unwrap();
    let check = since(&b, n).iter().find_map(|e| match e {
        Event::Check {
            purpose: CheckPurpose::Disengage,
            roll,
            outcome,
            ..
        } => Some((roll.faces.clone(), roll.total, *outcome)),
        _ => None,
    });
    assert_eq!(check, Some((vec![1, 5, 5, 1], 11, Outcome::Success)));
    assert!(!b.has(c, ConditionKind::DiceyFooting), "for one Disengage");
    assert!(matches!(b.status(), Status::Turn(u) if u == c));
}

#[test]
fn without_a_spot_the_mover_keeps_its_advantage_and_names_nobody() {
    // The pit at (4, 3) has no spot: 13 and 1 Advantage for the mover.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 3), archetype: "fighter", stats: {Band: 4}),
        Unit(name: "Grub", side: "Foes", cell: (6, 3), archetype: "goblin", stats: {Band: 1})"#;
    let spot = r#"Dicey(cell: (3, 1), reward: Damage("1d6"))"#;
    let mut b = battle(spot, units, &[5, 4, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Grub"));
    let e = act(&mut b, f, dicey(Cell::new(5, 3), Some(g))).unwrap_err();
    assert!(e.to_string().contains("names nobody else"), "{e}");
    act(&mut b, f, dicey(Cell::new(5, 3), None)).unwrap();
    assert_eq!(checks(&since(&b, 0))[0].0, 13);
    assert!(b.has(f, ConditionKind::DiceyEdge));
}

#[test]
fn a_spot_for_someone_else_with_nobody_there_still_vaults() {
    let spot = r#"Dicey(cell: (3, 1), reward: Damage("2d6"))"#;
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (2, 1), archetype: "fighter", stats: {Band: 4}),
        Unit(name: "Grub", side: "Foes", cell: (9, 5), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = battle(spot, units, &[4, 4, 4]);
    let f = id(&b, "Brannoc");
    act(&mut b, f, dicey(Cell::new(4, 1), None)).unwrap();
    assert_eq!(b.pos(f), Cell::new(4, 1));
    assert!(
        !since(&b, 0)
            .iter()
            .any(|e| matches!(e, Event::Damage { .. }))
    );
}

#[test]
fn dicey_spots_are_checked_at_load_with_their_place_in_the_file() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (2, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Foes", cell: (9, 5), archetype: "goblin")"#;
    let bad = [
        (
            r#"Dicey(cell: (2, 2), reward: Advantage)"#,
            "is floor; a Dicey Move gets over a low wall `=` or a pit `_`",
        ),
        (r#"Dicey(cell: (20, 2))"#, "is off the map (10×6)"),
        (
            r#"Dicey(cell: (3, 1), dc: 19)"#,
            "dc 19 cannot be met or missed on 3d6",
        ),
        (
            r#"Dicey(cell: (3, 1), reward: Condition(Dead))"#,
            "cannot put Dead on an enemy for a round (it may: Dazed, Weakened",
        ),
        (
            r#"Dicey(cell: (3, 1), reward: Damage("0"))"#,
            "never deals any",
        ),
        (
            r#"Dicey(cell: (3, 1)), Dicey(cell: (3, 1), reward: AllyAdvantage)"#,
            "two dicey spots are on (3, 1)",
        ),
    ];
    for (spot, want) in bad {
        let e = level::parse(&src(spot, units), "esc")
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{spot}: {e}");
        // FILE:LINE:COL, at the spot's line (the last of the level text).
        assert!(e.starts_with("esc:6:"), "{spot}: {e}");
    }
    // An unknown reward is RON's error, placed too.
    let e = level::parse(&src("Dicey(cell: (3, 1), reward: Fly)", units), "esc")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("esc:6:"), "{e}");
    // Another ruleset has no Dicey Moves.
    let flow = src("Dicey(cell: (3, 1))", units).replace("\"escalation\"", "\"flow\"");
    let e = level::parse(&flow, "esc").unwrap_err().to_string();
    assert!(e.contains("ruleset flow has none"), "{e}");
    // A good one is built with its defaults.
    let l = level::parse(&src("Dicey(cell: (4, 3))", units), "esc").unwrap();
    assert_eq!(l.dicey.len(), 1);
    assert_eq!(
        (l.dicey[0].dc, &l.dicey[0].reward),
        (13, &DiceyReward::Advantage)
    );
}

#[test]
fn the_shipped_crossroads_names_a_dicey_spot() {
    let l = level::load(&repo("levels/escalation-crossroads.ron")).unwrap();
    assert!(!l.dicey.is_empty());
    for s in &l.dicey {
        assert!(level::default_dc(l.terrain_at(s.cell).unwrap()).is_some());
    }
}

#[test]
fn a_script_names_the_dicey_target_by_index_or_leaves_it_out() {
    let read = |s: &str| -> EscalationAction {
        level::ron_options()
            .from_str(s)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
    };
    assert_eq!(
        read("DiceyMove(to: (4, 1), target: Some((2)))"),
        EscalationAction::DiceyMove {
            to: Cell::new(4, 1),
            target: Some(UnitId(2))
        }
    );
    assert_eq!(
        read("DiceyMove(to: (4, 1))"),
        EscalationAction::DiceyMove {
            to: Cell::new(4, 1),
            target: None
        }
    );
}

/// A Dicey Move to a cell far off the map is refused (found by the command fuzz, commands
/// case 406134896046871403: the line to the cell was walked before its distance was
/// checked, about 50 s and 17 GB for a cell 2³¹ away in a debug build, and a cell near
/// `i32::MIN` overflowed the distance).
#[test]
fn a_dicey_move_far_off_the_map_is_refused_at_once() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 3), archetype: "fighter", stats: {Band: 4}),
        Unit(name: "Grub", side: "Foes", cell: (6, 3), archetype: "goblin", stats: {Band: 1})"#;
    let b = battle("", units, &[]);
    let f = id(&b, "Brannoc");
    for to in [
        Cell::new(i32::MAX, i32::MAX),
        Cell::new(i32::MIN, 3),
        Cell::new(3, 1 << 30),
    ] {
        let e = b.check(&Command::Act {
            unit: f,
            action: dicey(to, None),
        });
        assert!(e.is_err(), "{to:?}");
    }
}
