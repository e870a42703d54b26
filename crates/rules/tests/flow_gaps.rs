//! `flow` (seed 002): the gaps issue 16 found between the game and the seed's words,
//! each through `Battle::submit` with forced dice (each test says which face goes where).

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{Event, ReactionKind, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::flow::arena;
use crate::support::{BOTH, id, since};

fn act(b: &mut Battle, unit: UnitId, action: Action) -> Result<usize, Illegal> {
    b.submit(Command::Act { unit, action })
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React { unit, choice }).unwrap();
}

fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Result<usize, Illegal> {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
}

/// "1 AP per Move Speed": a `Speed: 4` unit buys 4 cells per AP (8 in its 2 AP of
/// movement); a unit that states none keeps the sheet's 6.
#[test]
fn move_speed_sets_the_cells_one_ap_buys() {
    for kind in BOTH {
        // Initiative d10: Slow 10, Quick 1.
        let units = r#"Unit(name: "Slow", side: "Red", cell: (0, 1), archetype: "fighter", stats: {Speed: 4}),
            Unit(name: "Quick", side: "Blue", cell: (0, 4), archetype: "fighter")"#;
        let mut b = arena(kind, 20, 6, units, "", &[10, 1]);
        let (slow, quick) = (id(&b, "Slow"), id(&b, "Quick"));
        assert_eq!(b.movement_budget(slow), 8, "{kind:?}: 2 AP × Speed 4");
        let start = b.log().len();
        mv(&mut b, slow, 4, 1).unwrap();
        let ev = since(&b, start);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::ApSpent {
                amount: 1,
                on: Spend::Move,
                ..
            }
        )));
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::MovementGained { amount: 4, .. })),
            "{kind:?}: one AP buys 4 cells"
        );
        assert_eq!(b.ap(slow), 4);
        // Five more cells need a second AP; nine would need a third (over the maximum).
        assert!(matches!(
            mv(&mut b, slow, 13, 1),
            Err(Illegal::TooFar { budget: 4, .. })
        ));
        mv(&mut b, slow, 8, 1).unwrap();
        assert_eq!(b.ap(slow), 3);
        assert_eq!(b.movement_budget(slow), 0);
        end(&mut b);
        // No Speed stated: 6 cells per AP.
        assert_eq!(b.movement_budget(quick), 12, "{kind:?}");
        let start = b.log().len();
        mv(&mut b, quick, 6, 4).unwrap();
        assert!(
            since(&b, start)
                .iter()
                .any(|e| matches!(e, Event::MovementGained { amount: 6, .. }))
        );
        assert_eq!(b.ap(quick), 4);
    }
}

/// Red fighter "Brakka" at (2,2), Blue duelist "Sable" at (3,2); Sable acts first.
const DUEL: &str = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
    Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist")"#;

fn duel(kind: GridKind, dice: &[u32]) -> Battle {
    let mut d = vec![1, 10];
    d.extend_from_slice(dice);
    let b = arena(kind, 20, 6, DUEL, "", &d);
    assert_eq!(b.current(), b.find("Sable"));
    b
}

fn attack(b: &mut Battle, unit: UnitId, target: UnitId) -> Result<usize, Illegal> {
    b.submit(Command::Attack {
        slot: None,
        unit,
        target,
        weapon: None,
    })
}

/// "On success, your next physical attack against that target gains Advantage": no
/// expiry, so a feint won this turn still helps the attack made next turn.
#[test]
fn a_feints_advantage_waits_for_the_feinters_next_attack_across_turns() {
    // Sable feints: d100 10 (Major, Melee 60) vs Brakka's d100 50 (Normal) → won.
    // Both end their turns. Sable's attack next turn rolls 2d100 keep lowest: 70, 20
    // → 20 (Hard); Brakka does not defend; d6 3.
    let mut b = duel(GridKind::Hex, &[10, 50, 70, 20, 3]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    act(&mut b, s, Action::Feint { target: k }).unwrap();
    assert!(b.has(k, ConditionKind::Feinted));
    end(&mut b);
    assert!(
        b.has(k, ConditionKind::Feinted),
        "the end of the feinter's turn does not end the Advantage"
    );
    end(&mut b);
    assert_eq!(b.current(), Some(s));
    let start = b.log().len();
    attack(&mut b, s, k).unwrap();
    react(&mut b, k, None);
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Attack { roll, outcome: skirmish_rules::event::Outcome::Hard, .. }
            if roll.faces == vec![70, 20]
    )));
    assert!(!b.has(k, ConditionKind::Feinted), "spent by that attack");
}

/// A feint lapses when the feinter goes down: no Advantage is left waiting on the
/// target for an attack nobody can make.
#[test]
fn a_feint_lapses_when_the_feinter_goes_down() {
    // Initiative: Sable 10, Other 2, Brakka 1. Sable (3 HP) feints Brakka (d100 10 vs
    // 50: won) and ends; Other ends; Brakka hits Sable (d100 30, Normal), Sable does not
    // defend, d8 5 → down.
    let units = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist", hp: 3),
        Unit(name: "Other", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = arena(
        GridKind::Square,
        20,
        6,
        units,
        "",
        &[1, 10, 2, 10, 50, 30, 5],
    );
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    act(&mut b, s, Action::Feint { target: k }).unwrap();
    end(&mut b);
    end(&mut b);
    assert!(b.has(k, ConditionKind::Feinted));
    assert_eq!(b.current(), Some(k));
    let start = b.log().len();
    attack(&mut b, k, s).unwrap();
    react(&mut b, s, None);
    assert!(!b.alive(s));
    assert!(!b.has(k, ConditionKind::Feinted));
    assert!(since(&b, start).iter().any(|e| matches!(
        e,
        Event::ConditionRemoved { unit, kind: ConditionKind::Feinted, source: Some(src) }
            if *unit == k && *src == s
    )));
}

/// "a Shortbow (Range 6) gets a -10 for 7-12 hexes, -20 for 13-18 hexes, etc.": the
/// increments go on; a shot 67 cells away is legal at increment 11 (−110).
#[test]
fn range_increments_go_on_past_ten() {
    for kind in BOTH {
        let units = r#"Unit(name: "Archer", side: "Red", cell: (0, 2), archetype: "archer"),
            Unit(name: "Far", side: "Blue", cell: (67, 2), archetype: "fighter")"#;
        // Initiative d10 10, 1; the shot's d100 2 fails a −50.
        let mut b = arena(kind, 70, 5, units, "", &[10, 1, 2]);
        let (a, far) = (id(&b, "Archer"), id(&b, "Far"));
        let start = b.log().len();
        attack(&mut b, a, far).unwrap();
        let ev = since(&b, start);
        let shot = ev
            .iter()
            .find_map(|e| match e {
                Event::Attack {
                    roll,
                    target_number,
                    outcome,
                    ..
                } => Some((
                    *target_number,
                    roll.modifiers
                        .iter()
                        .map(|m| (m.name.to_string(), m.value))
                        .collect::<Vec<_>>(),
                    *outcome,
                )),
                _ => None,
            })
            .expect("the shot is rolled");
        assert_eq!(shot.0, -50, "{kind:?}: Ranged 60 − 110");
        assert_eq!(
            shot.1,
            vec![
                ("Ranged".to_string(), 60),
                ("range increment 11".to_string(), -110)
            ]
        );
        assert!(!shot.2.is_success());
        assert_eq!(b.ap(a), 3);
    }
}

/// "If you critically succeed at your Dodge/Parry roll ... you regain the 1 RP" and
/// "a critical hit happens and a Dodge/Parry then critically fails ... 3x damage":
/// Block is named for neither.
#[test]
fn a_critical_block_regains_no_rp_and_a_fumbled_block_takes_only_double() {
    // Sable d100 40 (Normal); Brakka blocks (Endurance 55): d100 3 → Critical, blocked,
    // but the RP stays spent.
    let mut b = duel(GridKind::Hex, &[40, 3]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k).unwrap();
    let start = b.log().len();
    react(&mut b, k, Some(ReactionKind::Block));
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence {
            kind: ReactionKind::Block,
            outcome: skirmish_rules::event::Outcome::Critical,
            success: true,
            ..
        }
    )));
    assert!(!ev.iter().any(|e| matches!(e, Event::RpRegained { .. })));
    assert_eq!(b.rp(k), 1);
    // A critical Dodge (Agility 45: d100 3) still regains it.
    let mut b = duel(GridKind::Hex, &[40, 3]);
    attack(&mut b, s, k).unwrap();
    react(&mut b, k, Some(ReactionKind::Dodge));
    assert_eq!(b.rp(k), 2);
    // Sable crits (d100 5); Brakka blocks and rolls 98 (critical failure): d6 4 ×2 = 8,
    // not ×3.
    let mut b = duel(GridKind::Hex, &[5, 98, 4]);
    attack(&mut b, s, k).unwrap();
    let start = b.log().len();
    react(&mut b, k, Some(ReactionKind::Block));
    assert_eq!(crate::support::damage(&since(&b, start)), vec![(k, 8)]);
}

/// "Example Free Actions: ... Dropping something to the ground": Drop costs no AP, the
/// item lies on the unit's own cell (Pick Up takes it back), and a script names it.
#[test]
fn dropping_an_item_is_a_free_action() {
    use skirmish_rules::components::Carried;
    use skirmish_rules::script::{Script, run};
    // The archer holds its two-handed shortbow (0); its dagger (1) is stowed.
    let units = r#"Unit(name: "Vey", side: "Red", cell: (2, 2), archetype: "archer"),
        Unit(name: "Orrin", side: "Blue", cell: (9, 2), archetype: "fighter")"#;
    for kind in BOTH {
        let mut b = arena(kind, 12, 5, units, "", &[10, 1]);
        let v = id(&b, "Vey");
        assert!(matches!(
            act(&mut b, v, Action::Drop { item: Some(1) }),
            Err(Illegal::ItemState { .. })
        ));
        let start = b.log().len();
        act(&mut b, v, Action::Drop { item: None }).unwrap();
        let ev = since(&b, start);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::ItemDropped { unit, item: 0, cell, .. } if *unit == v && *cell == Cell::new(2, 2)
        )));
        assert!(!ev.iter().any(|e| matches!(e, Event::ApSpent { .. })));
        assert_eq!(b.ap(v), 5, "{kind:?}: free");
        assert_eq!(b.carried(v, 0), Some(Carried::Gone));
        assert_eq!(b.free_hands(v), 2, "both hands free to draw the dagger");
        // Nothing left in hand to drop.
        assert!(matches!(
            act(&mut b, v, Action::Drop { item: None }),
            Err(Illegal::ItemState { .. })
        ));
        assert!(
            b.ground()
                .iter()
                .any(|(c, w)| *c == Cell::new(2, 2) && w.name == "shortbow")
        );
    }
    // The script names it: `Drop(unit: "Vey", item: "shortbow")`.
    let mut b = arena(GridKind::Hex, 12, 5, units, "", &[10, 1]);
    let script = Script::parse(
        r#"Script(commands: [Drop(unit: "Vey", item: "shortbow"), Draw(unit: "Vey", item: "dagger")])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let v = id(&b, "Vey");
    assert_eq!(b.carried(v, 1), Some(Carried::Held));
    assert_eq!(b.ap(v), 4, "only the Draw cost AP");
}
