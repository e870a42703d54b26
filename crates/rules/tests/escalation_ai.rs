//! escalation's AI through the shared AI (`skirmish_rules::ai::decide`) and
//! `Battle::submit`: it weighs the interceptions a move may meet.

use skirmish_rules::ai;
use skirmish_rules::event::{Event, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::{Battle, Command};

use crate::support::{BOTH, id, since};

/// An escalation battle on an open 16×9 map: side "PCs" (role Pc) and "Foes" (Npc).
fn wide(kind: GridKind, units: &str) -> Battle {
    let row = format!("\"{}\"", ".".repeat(16));
    let map = vec![row; 9].join(", ");
    let src = format!(
        r##"Level(name: "esc-ai", ruleset: "escalation", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [{units}])"##
    );
    let l = level::parse(&src, "esc-ai").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, Vec::new()).unwrap_or_else(|e| panic!("{e}"))
}

/// Ratch, a hobgoblin, acts first, halfway between Ash (a fighter, a little hurt: the
/// better target) guarded by Birch (a Free cleric two cells off) and Cole (a fighter on
/// his own, more than a move from any other hero).
const CROSSING: &str = r#"Unit(name: "Ratch", side: "Foes", cell: (8, 4), archetype: "hobgoblin", stats: {Band: 4}),
    Unit(name: "Ash", side: "PCs", cell: (4, 4), archetype: "fighter", hp: 30),
    Unit(name: "Birch", side: "PCs", cell: (2, 4), archetype: "cleric"),
    Unit(name: "Cole", side: "PCs", cell: (12, 4), archetype: "fighter")"#;

/// The interceptions Ratch's move to `to` may meet (the path the engine takes).
fn guarded(b: &Battle, to: Cell) -> usize {
    let r = id(b, "Ratch");
    let (path, _) = b.path_to(r, to).expect("a path");
    b.interceptions_along(r, &path).len()
}

#[test]
fn the_ai_takes_the_route_no_foe_can_intercept() {
    for kind in BOTH {
        let mut b = wide(kind, CROSSING);
        let (r, ash, cole) = (id(&b, "Ratch"), id(&b, "Ash"), id(&b, "Cole"));
        assert_eq!(b.current(), Some(r));
        // Every cell next to Ash is guarded by Birch; no cell next to Cole is.
        let next_to = |b: &Battle, u| {
            b.grid()
                .neighbours(b.pos(u))
                .into_iter()
                .filter(|&c| b.grid().contains(c) && b.unit_at(c, None).is_none())
                .filter(|&c| b.path_to(r, c).is_some())
                .collect::<Vec<_>>()
        };
        let near_ash = next_to(&b, ash);
        assert!(!near_ash.is_empty());
        for c in &near_ash {
            assert!(guarded(&b, *c) > 0, "{kind:?}: {c} next to Ash is guarded");
        }
        for c in next_to(&b, cole) {
            assert_eq!(guarded(&b, c), 0, "{kind:?}: {c} next to Cole is not");
        }
        let Some(Command::Move { to, .. }) = ai::decide(&b) else {
            panic!("{kind:?}: Ratch moves: {:?}", ai::decide(&b));
        };
        assert_eq!(b.grid().distance(to, b.pos(cole)), 1, "{kind:?}: to Cole");
        assert_eq!(guarded(&b, to), 0);
        // Played through: no interception is offered, and it ends next to Cole.
        let n = b.log().len();
        ai::play_while(&mut b, 1, |_| true);
        assert!(
            !since(&b, n).iter().any(|e| matches!(
                e,
                Event::ReactionOffered {
                    trigger: Trigger::Approaching { .. },
                    ..
                }
            )),
            "{kind:?}"
        );
        assert_eq!(b.pos(r), to);
    }
}

/// The same weighing without Birch: Ash, the better target, is the one it goes for (the
/// choice above is the interception's doing).
#[test]
fn unguarded_the_ai_goes_for_the_better_target() {
    for kind in BOTH {
        let units = CROSSING
            .lines()
            .filter(|l| !l.contains("Birch"))
            .collect::<Vec<_>>()
            .join("\n");
        let b = wide(kind, &units);
        let ash = id(&b, "Ash");
        let Some(Command::Move { to, .. }) = ai::decide(&b) else {
            panic!("{kind:?}: Ratch moves");
        };
        assert_eq!(b.grid().distance(to, b.pos(ash)), 1, "{kind:?}: to Ash");
    }
}

/// Both heroes guarded: every route may be intercepted, and it still moves in.
#[test]
fn with_every_route_guarded_the_ai_still_moves() {
    for kind in BOTH {
        let units = format!(
            r#"{CROSSING}, Unit(name: "Dain", side: "PCs", cell: (14, 4), archetype: "cleric")"#
        );
        let mut b = wide(kind, &units);
        let r = id(&b, "Ratch");
        let Some(Command::Move { to, .. }) = ai::decide(&b) else {
            panic!("{kind:?}: Ratch moves: {:?}", ai::decide(&b));
        };
        assert!(guarded(&b, to) > 0, "{kind:?}: {to} is guarded too");
        let start = b.pos(r);
        ai::play_while(&mut b, 1, |_| true);
        assert_ne!(b.pos(r), start, "{kind:?}: it moved");
    }
}
