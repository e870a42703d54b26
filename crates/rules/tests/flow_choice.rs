//! `flow` (seed 002): the target's choices and the interceptor's cell (issue 16), each
//! made by the unit concerned through a window (`Command::React`), never the engine,
//! through `Battle::submit` with forced dice (each test says which face goes where).

use skirmish_rules::ai;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{Stat, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{CheckPurpose, Event, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::flow::arena;
use crate::support::{BOTH, id, since};

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
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

/// The target number of `u`'s Feint check among `ev`.
fn feint_target_number(ev: &[Event], u: UnitId) -> Option<i32> {
    ev.iter().find_map(|e| match e {
        Event::Check {
            unit,
            purpose: CheckPurpose::Feint,
            target_number,
            ..
        } if *unit == u => Some(*target_number),
        _ => None,
    })
}

fn feint_won(ev: &[Event]) -> bool {
    ev.iter().any(|e| {
        matches!(
            e,
            Event::Contest {
                purpose: CheckPurpose::Feint,
                active_wins: true,
                ..
            }
        )
    })
}

const FEINT: &str = r#"Unit(name: "F", side: "Red", cell: (2, 2), archetype: "duelist", stats: {Melee: 60, Deception: 50}),
    Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "fighter", stats: {Melee: 30, Agility: 70})"#;

/// Feint: "Make an opposed Melee or Deception roll vs target's Melee or Agility (target's
/// choice)". The target is asked; the better skill (Agility 70) comes first and is what a
/// declined window takes; choosing Melee 30 is its own (worse) choice.
#[test]
fn the_feint_target_chooses_its_resisting_skill() {
    for kind in BOTH {
        // Initiative d10: F 10, T 1. F's Melee 60: d100 40 (Normal). T: d100 40 —
        // against Melee 30 a failure (the feint wins), against Agility 70 a Normal (a
        // tie: the defender holds).
        let mut b = arena(kind, 8, 5, FEINT, "", &[10, 1, 40, 40]);
        let (f, t) = (id(&b, "F"), id(&b, "T"));
        let start = b.log().len();
        act(&mut b, f, FlowAction::Feint { target: t }).unwrap();
        let w = b.window().expect("the target is asked").clone();
        assert_eq!(w.reactor, t, "{kind:?}");
        assert_eq!(w.trigger, Trigger::Feinted { by: f });
        assert_eq!(
            w.options,
            vec![ReactionKind::ResistAgility, ReactionKind::ResistMelee],
            "the better skill first"
        );
        assert!(
            feint_target_number(&since(&b, start), f).is_none(),
            "nothing rolled before the target chooses"
        );
        assert_eq!(
            ai::react(&b),
            Some(ReactionKind::ResistAgility),
            "the AI resists with the better skill"
        );
        react(&mut b, t, Some(ReactionKind::ResistMelee));
        let ev = since(&b, start);
        assert_eq!(feint_target_number(&ev, t), Some(30), "{kind:?}: Melee");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Reacted {
                kind: ReactionKind::ResistMelee,
                paid,
                ..
            } if paid.is_empty()
        )));
        assert!(feint_won(&ev), "{kind:?}: Normal beats a failure");
        assert_eq!(b.rp(t), 2, "choosing is free");

        // Declined: the default, Agility 70 (a tie holds).
        let mut b = arena(kind, 8, 5, FEINT, "", &[10, 1, 40, 40]);
        let (f, t) = (id(&b, "F"), id(&b, "T"));
        let start = b.log().len();
        act(&mut b, f, FlowAction::Feint { target: t }).unwrap();
        react(&mut b, t, None);
        let ev = since(&b, start);
        assert_eq!(feint_target_number(&ev, t), Some(70), "{kind:?}: Agility");
        assert!(!feint_won(&ev));
    }
}

/// Equal skills: the choice changes nothing, so nobody is asked.
#[test]
fn a_feint_target_with_equal_skills_is_not_asked() {
    let units = r#"Unit(name: "F", side: "Red", cell: (2, 2), archetype: "duelist", stats: {Melee: 60}),
        Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "fighter", stats: {Melee: 50, Agility: 50})"#;
    let mut b = arena(GridKind::Hex, 8, 5, units, "", &[10, 1, 40, 40]);
    let (f, t) = (id(&b, "F"), id(&b, "T"));
    let start = b.log().len();
    act(&mut b, f, FlowAction::Feint { target: t }).unwrap();
    assert!(b.window().is_none());
    assert_eq!(feint_target_number(&since(&b, start), t), Some(50));
}

/// A script answers the feint's window by name.
#[test]
fn a_script_chooses_the_skill_resisting_a_feint() {
    use skirmish_rules::script::{Script, run};
    let mut b = arena(GridKind::Square, 8, 5, FEINT, "", &[10, 1, 40, 40]);
    let script = Script::parse(
        r#"Script(commands: [Feint(unit: "F", target: "T"), React(unit: "T", choice: ResistMelee)])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let t = id(&b, "T");
    let ev: Vec<Event> = b.log().iter().map(|l| l.event.clone()).collect();
    assert_eq!(feint_target_number(&ev, t), Some(30));
    let _ = Stat::Melee;
}

const DISARM: &str = r#"Unit(name: "D", side: "Red", cell: (2, 2), archetype: "fighter", stats: {Melee: 60}),
    Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "duelist")"#;

/// Disarm, "Normal Success: Item lands in adjacent hex (target's choice)": the target
/// is offered every free neighbour, the engine's old pick (the farthest from the
/// disarmer) first, and its answer is where the item lands.
#[test]
fn the_disarmed_target_chooses_where_the_item_lands() {
    for kind in BOTH {
        // Initiative: D 10, T 1. Disarm at Disadvantage: 2d100 keep the higher, 35 and
        // 40 → 40, a Normal success at Melee 60. T declines to defend.
        let mut b = arena(kind, 8, 5, DISARM, "", &[10, 1, 35, 40]);
        let (d, t) = (id(&b, "D"), id(&b, "T"));
        act(
            &mut b,
            d,
            FlowAction::Disarm {
                target: t,
                item: None,
                send: None,
            },
        )
        .unwrap();
        react(&mut b, t, None); // no Dodge/Parry
        let w = b.window().expect("the target chooses the cell").clone();
        assert_eq!(w.reactor, t);
        assert_eq!(w.trigger, Trigger::Disarmed { by: d });
        let g = b.grid();
        let cells: Vec<Cell> = w
            .options
            .iter()
            .map(|k| match k {
                ReactionKind::LandAt(c) => *c,
                other => panic!("{other:?}"),
            })
            .collect();
        let free = g.neighbours(b.pos(t)).len() - 1; // all but the disarmer's cell
        assert_eq!(cells.len(), free, "{kind:?}: every free neighbour");
        assert!(cells.iter().all(|&c| g.distance(c, b.pos(t)) == 1));
        let far = cells
            .iter()
            .map(|&c| g.distance(c, b.pos(d)))
            .max()
            .unwrap();
        assert_eq!(g.distance(cells[0], b.pos(d)), far, "the old pick first");
        // T drops it right next to itself and the disarmer (the nearest to D).
        let near = *cells
            .iter()
            .min_by_key(|&&c| (g.distance(c, b.pos(d)), c))
            .unwrap();
        assert_ne!(near, cells[0]);
        let start = b.log().len();
        react(&mut b, t, Some(ReactionKind::LandAt(near)));
        let ev = since(&b, start);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ItemDropped { unit, cell, .. } if *unit == t && *cell == near)),
            "{kind:?}: {ev:?}"
        );
        assert_eq!(b.ground()[0].0, near);
        assert_eq!(b.rp(t), 2, "choosing is free");
        // A cell not offered is refused.
        assert!(b.window().is_none());
    }
}

/// Declining the landing window lands the item where the engine put it before; the AI
/// lands it away from the nearest enemy; a script names the cell.
#[test]
fn a_declined_landing_takes_the_farthest_cell_and_the_ai_and_scripts_choose() {
    let mut b = arena(GridKind::Square, 8, 5, DISARM, "", &[10, 1, 35, 40]);
    let (d, t) = (id(&b, "D"), id(&b, "T"));
    act(
        &mut b,
        d,
        FlowAction::Disarm {
            target: t,
            item: None,
            send: None,
        },
    )
    .unwrap();
    react(&mut b, t, None);
    let first = b.window().unwrap().options[0];
    let ai_pick = ai::react(&b).unwrap();
    // With the disarmer the only enemy, away from it is the farthest cell: the default.
    assert_eq!(ai_pick, first);
    react(&mut b, t, None);
    assert_eq!(
        b.ground()[0].0,
        Cell::new(4, 1),
        "farthest from (2, 2), then lowest"
    );

    // A script: T lands the item at (3, 1).
    use skirmish_rules::script::{Script, run};
    let mut b = arena(GridKind::Square, 8, 5, DISARM, "", &[10, 1, 35, 40]);
    let script = Script::parse(
        r#"Script(commands: [Disarm(unit: "D", target: "T"), React(unit: "T", choice: Decline), React(unit: "T", choice: LandAt((3, 1)))])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.ground()[0].0, Cell::new(3, 1));
}

/// Intercept: "if you cannot move to be adjacent to BOTH of them with 3 hexes of
/// movement, you may not perform Intercept" — any such cell will do, so the interceptor
/// chooses it (`InterceptAt`); `Intercept` keeps the engine's (the cheapest, then the
/// lowest cell). The route there does not matter (the move provokes and triggers
/// nothing), so it is the cheapest path.
#[test]
fn the_interceptor_chooses_its_cell() {
    for kind in BOTH {
        // Initiative d10 10, 1, 2 (Brakka, Sable, Iris). Brakka d100 30 (Hard); Iris's
        // Agility d100 20 (Hard) ties → the interceptor wins; d8 6 to Iris.
        let units = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
            Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist"),
            Unit(name: "Iris", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
        let mut b = arena(kind, 10, 8, units, "", &[10, 1, 2, 30, 20, 6]);
        let (k, s, i) = (id(&b, "Brakka"), id(&b, "Sable"), id(&b, "Iris"));
        b.submit(Command::Attack {
            unit: k,
            target: s,
            weapon: None,
            slot: None,
            aim: None,
        })
        .unwrap();
        let w = b.window().unwrap().clone();
        assert_eq!(w.reactor, i);
        assert_eq!(
            w.options[0],
            ReactionKind::Intercept,
            "{kind:?}: the engine's cell first"
        );
        let g = b.grid();
        let others: Vec<Cell> = w
            .options
            .iter()
            .filter_map(|k| match k {
                ReactionKind::InterceptAt { to, swap: false } => Some(*to),
                _ => None,
            })
            .collect();
        assert!(!others.is_empty(), "{kind:?}: {:?}", w.options);
        for &c in &others {
            assert_eq!(g.distance(c, b.pos(s)), 1);
            assert_eq!(g.distance(c, b.pos(k)), 1);
        }
        let to = *others.last().unwrap();
        let start = b.log().len();
        react(
            &mut b,
            i,
            Some(ReactionKind::InterceptAt { to, swap: false }),
        );
        let ev = since(&b, start);
        assert_eq!(b.pos(i), to, "{kind:?}: {ev:?}");
        assert_eq!(b.rp(i), 0, "2 RP as any Intercept");
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Damage { unit, .. } if *unit == i))
        );
    }
}
