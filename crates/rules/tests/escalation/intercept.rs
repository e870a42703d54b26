//! `escalation` (seed 001): Intercept, its path preview, Nearby.

use skirmish_rules::event::{Event, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::{Battle, Command};

use crate::support::{BOTH, id, since};

use super::{INTERCEPT, attack, field, react};

#[test]
fn a_free_ally_nearby_intercepts_an_enemy_coming_at_its_ally() {
    let mut b = field(GridKind::Square, INTERCEPT, &[]);
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    // The step next to Ash opens Birch's window (Free, Ash within its move).
    let ev = since(&b, n);
    assert!(ev.iter().any(|e| matches!(e,
        Event::ReactionOffered { reactor, trigger: Trigger::Approaching { mover, ally, from }, options }
            if *reactor == bi && *mover == g && *ally == a && *from == Cell::new(5, 2)
                && options == &vec![ReactionKind::Intercept])));
    react(&mut b, bi, Some(ReactionKind::Intercept));
    // The goblin's move stops before it engages Ash; Birch engages it.
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.grid().distance(b.pos(bi), b.pos(g)), 1);
    assert_eq!(b.pos(bi), Cell::new(4, 3));
    let reacted = since(&b, n).iter().find_map(|e| match e {
        Event::Reacted { reactor, paid, .. } => Some((*reactor, paid.clone())),
        _ => None,
    });
    assert_eq!(reacted, Some((bi, vec![])), "a free action");
    // Its attacks meant for Ash go to Birch.
    let e = attack(&mut b, g, a).unwrap_err();
    assert!(e.to_string().contains("intercepted"), "{e}");
    assert!(
        b.check(&Command::Attack {
            unit: g,
            target: bi,
            weapon: None,
            slot: None,
            aim: None
        })
        .is_ok()
    );
}

/// The path preview (`Battle::interceptions_along`, what the hover card and the overlay
/// mark) lists the interception the move then offers, and nothing where none is offered.
#[test]
fn the_path_preview_lists_exactly_the_interceptions_the_move_offers() {
    for kind in BOTH {
        let mut b = field(kind, INTERCEPT, &[]);
        let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
        let (path, _) = b.path_to(g, Cell::new(4, 2)).expect("a path");
        let preview = b.interceptions_along(g, &path);
        assert_eq!(
            preview,
            vec![skirmish_rules::engine::Interception {
                from: Cell::new(5, 2),
                to: Cell::new(4, 2),
                reactor: bi,
                ally: a,
            }],
            "{kind:?}"
        );
        // A stop short of Ash: nothing to intercept.
        let (short, _) = b.path_to(g, Cell::new(6, 2)).expect("a path");
        assert_eq!(b.interceptions_along(g, &short), vec![], "{kind:?}");
        let n = b.log().len();
        b.submit(Command::Move {
            unit: g,
            to: Cell::new(4, 2),
        })
        .unwrap();
        let offered: Vec<skirmish_rules::engine::Interception> = since(&b, n)
            .iter()
            .filter_map(|e| match e {
                Event::ReactionOffered {
                    reactor,
                    trigger: Trigger::Approaching { mover, ally, from },
                    ..
                } if *mover == g => Some(skirmish_rules::engine::Interception {
                    from: *from,
                    to: b.pos(g),
                    reactor: *reactor,
                    ally: *ally,
                }),
                _ => None,
            })
            .collect();
        assert_eq!(offered, preview, "{kind:?}");
    }
    // Birch engaged with another goblin is not Free: neither the preview nor the move
    // offers an interception.
    let engaged = format!(
        r#"{INTERCEPT}, Unit(name: "Grub", side: "Foes", cell: (2, 5), archetype: "goblin", stats: {{Band: 0}})"#
    );
    let mut b = field(GridKind::Square, &engaged, &[]);
    let g = id(&b, "Snitch");
    let (path, _) = b.path_to(g, Cell::new(4, 2)).expect("a path");
    assert_eq!(b.interceptions_along(g, &path), vec![]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

/// The preview asks as the mover would stand after each step: the cell it stands on now,
/// which it will have left, does not block an interceptor's way.
#[test]
fn the_preview_counts_the_movers_own_cell_as_left() {
    // A corridor: Snitch walks (4, 1) → (1, 1), next to Ash at (0, 1). Birch's only way to
    // a cell next to (2, 1), the cell it comes from, is through (4, 1), Snitch's cell now.
    let wall = format!("\"{}\"", "#".repeat(10));
    let src = format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: Square,
        map: [{wall}, "..........", {wall}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [
            Unit(name: "Snitch", side: "Foes", cell: (4, 1), archetype: "goblin", stats: {{Band: 4}}),
            Unit(name: "Ash", side: "PCs", cell: (0, 1), archetype: "fighter"),
            Unit(name: "Birch", side: "PCs", cell: (6, 1), archetype: "cleric"),
        ])"##
    );
    let l = level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Battle::new(l, 7, vec![]).unwrap_or_else(|e| panic!("{e}"));
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    let (path, _) = b.path_to(g, Cell::new(1, 1)).expect("a path");
    let preview = b.interceptions_along(g, &path);
    assert_eq!(
        preview
            .iter()
            .map(|i| (i.reactor, i.ally, i.from, i.to))
            .collect::<Vec<_>>(),
        vec![(bi, a, Cell::new(2, 1), Cell::new(1, 1))]
    );
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(1, 1),
    })
    .unwrap();
    assert!(since(&b, n).iter().any(|e| matches!(e,
        Event::ReactionOffered { reactor, trigger: Trigger::Approaching { from, .. }, .. }
            if *reactor == bi && *from == Cell::new(2, 1))));
    react(&mut b, bi, Some(ReactionKind::Intercept));
    assert_eq!((b.pos(g), b.pos(bi)), (Cell::new(2, 1), Cell::new(3, 1)));
}

#[test]
fn intercepts_happen_on_hexes_too() {
    // Along a row both grids are alike: the goblin walks (8, 2) → (4, 2), next to Ash at
    // (3, 2); Birch, two rows down, stops it at (5, 2) and stands next to it.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Birch", side: "PCs", cell: (2, 4), archetype: "cleric")"#;
    let mut b = field(GridKind::Hex, units, &[]);
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    react(&mut b, bi, Some(ReactionKind::Intercept));
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.grid().distance(b.pos(bi), b.pos(g)), 1);
    assert!(
        b.grid().distance(b.pos(g), b.pos(a)) > 1,
        "not engaged with Ash"
    );
}

#[test]
fn no_intercept_when_engaged_or_against_a_flyer() {
    // Birch engaged with another goblin: not Free.
    let engaged = format!(
        r#"{INTERCEPT}, Unit(name: "Grub", side: "Foes", cell: (2, 5), archetype: "goblin", stats: {{Band: 0}})"#
    );
    let mut b = field(GridKind::Square, &engaged, &[]);
    let g = id(&b, "Snitch");
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    assert_eq!(b.pos(g), Cell::new(4, 2));
    // A flying goblin: only a flyer may intercept it.
    let flying = INTERCEPT.replace(
        r#"stats: {Band: 4, Level: 1, Volition: 2, Ac: 15})"#,
        r#"stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}, conditions: {Flying: UntilRemoved})"#,
    );
    let mut b = field(GridKind::Square, &flying, &[]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    let both = flying.replace(
        r#"archetype: "cleric")"#,
        r#"archetype: "cleric", conditions: {Flying: UntilRemoved})"#,
    );
    let mut b = field(GridKind::Square, &both, &[]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

/// Issue 29: "If two characters are Nearby each other, they can be next to/engaged with
/// each other with one move action": Birch (Speed 1) two cells from Ash is Nearby (one
/// move puts it next to Ash), so it may intercept the goblin coming at Ash.
#[test]
fn nearby_is_one_move_from_next_to() {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
    Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Birch", side: "PCs", cell: (3, 4), archetype: "cleric", stats: {Speed: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    assert_eq!(b.grid().distance(b.pos(bi), b.pos(a)), 2);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(since(&b, n).iter().any(|e| matches!(e,
        Event::ReactionOffered { reactor, trigger: Trigger::Approaching { .. }, .. } if *reactor == bi)));
    react(&mut b, bi, Some(ReactionKind::Intercept));
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.pos(bi), Cell::new(4, 3));
}
