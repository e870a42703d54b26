//! melee-zone (seed 003, "Combat rules"), wave 2B: facing and flanking from behind,
//! hiding and sneak damage, and the feats Sneak attack, Maneuverer and Legion leader —
//! each through `Battle::submit` with forced dice, the seed's line quoted above its test
//! (`docs/rules/melee-zone.md`, "Facing, flanking, stealth and feats (wave 2B)").

use skirmish_rules::Battle;
use skirmish_rules::components::{Facing, Pool, Slot, UnitId};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Command, Illegal};
use skirmish_rules::event::{AttackKind, Event, Outcome, Spend};
use skirmish_rules::grid::{Cell, Grid, GridKind};
use skirmish_rules::rulesets::melee_zone::{
    MeleeZoneAction, UNDETECTED, behind, direction_name, facing, sees,
};
use skirmish_rules::rulesets::ui::{Gauge, act};

use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, since};

/// The arena's grid (12 × 8).
pub(crate) fn grid(kind: GridKind) -> Grid {
    Grid::new(kind, 12, 8)
}

/// West and east on the grid (the same row on both grids).
pub(crate) fn west(kind: GridKind) -> u8 {
    (grid(kind).directions() / 2) as u8
}

pub(crate) fn d20(face: u32, mods: &[Modifier]) -> Roll {
    let mut r = Roll::from_faces(DiceExpr::new(1, 20), vec![face]);
    for m in mods {
        r = r.with(m.clone());
    }
    r
}

pub(crate) fn accuracy(v: i32) -> Modifier {
    Modifier::new(ModKind::Skill, "Accuracy mod", v)
}

pub(crate) fn from_behind() -> Modifier {
    Modifier::new(ModKind::Flanking, "from behind", 1)
}

pub(crate) fn undetected() -> Modifier {
    Modifier::new(ModKind::Condition, UNDETECTED, 5)
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

pub(crate) fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Vec<Event> {
    let n = b.log().len();
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    since(b, n)
}

pub(crate) fn notes(b: &Battle, u: UnitId) -> Vec<String> {
    skirmish_rules::rulesets::view_of(b)
        .expect("registered")
        .gauges(b, u)
        .into_iter()
        .filter_map(|g| match g {
            Gauge::Note(n) => Some(n),
            _ => None,
        })
        .collect()
}

pub(crate) fn revealed(ev: &[Event]) -> Vec<(UnitId, Option<UnitId>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Revealed { unit, by } => Some((*unit, *by)),
            _ => None,
        })
        .collect()
}

// ---- Facing ----

// "When attacking a unit from behind" needs a facing: a level sets the first, the last
// step of a move and an attack (toward the target) turn the unit; the engine keeps it
// from the log, so a replay has it too.
#[test]
pub(crate) fn facing_is_the_levels_then_the_last_step_then_toward_the_attacked_target() {
    for kind in BOTH {
        let g = grid(kind);
        let ne = if kind == GridKind::Square { 7 } else { 5 };
        let bly_cell = g.step(Cell::new(5, 3), ne);
        let units = format!(
            r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist", facing: 2),
            Unit(name: "Bly", side: "Blue", cell: ({}, {}), archetype: "soldier")"#,
            bly_cell.x, bly_cell.y
        );
        // Ash's attack: d20 2 misses.
        let mut b = arena(kind, &units, &[2]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        // Ash's from the level; Bly, with none, faces the middle of its foes: Ash.
        let toward_ash = g.direction_toward(bly_cell, Cell::new(3, 3)).unwrap();
        assert_eq!((facing(&b, ash), facing(&b, bly)), (2, toward_ash));
        let first = if kind == GridKind::Square {
            "faces south"
        } else {
            "faces south-west"
        };
        assert!(notes(&b, ash).contains(&first.to_string()), "{kind:?}");
        // Two steps east: facing east.
        mv(&mut b, ash, 5, 3);
        assert_eq!(facing(&b, ash), 0);
        assert!(notes(&b, ash).contains(&"faces east".to_string()));
        // The attack turns it north-east, toward Bly.
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(facing(&b, ash), ne);
        assert_eq!(direction_name(kind, facing(&b, ash)), "north-east");
        // A shadow fed the log faces the same way.
        let mut shadow = Battle::new(b.level().clone(), 7, Vec::new()).unwrap();
        let start = shadow.log().len();
        for l in &b.log()[start..] {
            shadow.replay_event(l.event.clone());
        }
        assert_eq!(shadow.get::<Facing>(ash), Some(&Facing(ne as u8)));
    }
}

// The direction names are the grid's own neighbours.
#[test]
pub(crate) fn direction_names_match_the_grids_neighbours() {
    let c = Cell::new(4, 4);
    let sq = grid(GridKind::Square);
    assert_eq!(sq.step(c, 0), Cell::new(5, 4));
    assert_eq!(direction_name(GridKind::Square, 2), "south");
    assert_eq!(sq.step(c, 2), Cell::new(4, 5));
    assert_eq!(sq.step(c, 7), Cell::new(5, 3));
    let hx = grid(GridKind::Hex);
    // Row 4 is even (odd rows are shoved right): north-east is straight up.
    let names: Vec<(Cell, &str)> = (0..6)
        .map(|d| (hx.step(c, d), direction_name(GridKind::Hex, d)))
        .collect();
    assert_eq!(
        names,
        [
            (Cell::new(5, 4), "east"),
            (Cell::new(4, 5), "south-east"),
            (Cell::new(3, 5), "south-west"),
            (Cell::new(3, 4), "west"),
            (Cell::new(3, 3), "north-west"),
            (Cell::new(4, 3), "north-east"),
        ]
    );
}

// "When attacking a unit from behind, you gain a +1 bonus to accuracy." Behind: the back
// cell and the two beside it on squares, the back hex and its two neighbours on hexes.
#[test]
pub(crate) fn an_attack_from_behind_gets_plus_1_accuracy_on_both_grids() {
    for kind in BOTH {
        let g = grid(kind);
        let n = g.directions();
        let target = Cell::new(5, 3);
        let mut from_back = Vec::new();
        for d in 0..n {
            let at = g.step(target, d);
            let units = format!(
                r#"Unit(name: "Ash", side: "Red", cell: ({}, {}), archetype: "duelist"),
                Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier", facing: 0)"#,
                at.x, at.y
            );
            // d20 7 + Accuracy 3 = 10 misses Bly's 11; from behind 11 hits (1d6 4).
            let mut b = arena(kind, &units, &[7, 4]);
            let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
            let back = behind(&b, bly, at);
            if back {
                from_back.push(d);
            }
            let ev = {
                let n = b.log().len();
                b.submit(attack(ash, bly, None)).unwrap();
                since(&b, n)
            };
            let mut mods = vec![accuracy(3)];
            if back {
                mods.push(from_behind());
            }
            assert_eq!(
                ev[1],
                Event::Attack {
                    attacker: ash,
                    target: bly,
                    weapon: "shortsword".into(),
                    kind: AttackKind::Normal,
                    roll: d20(7, &mods),
                    target_number: 11,
                    outcome: if back {
                        Outcome::Success
                    } else {
                        Outcome::Failure
                    },
                    against: vec![
                        Modifier::new(ModKind::Other, "base", 10),
                        Modifier::new(ModKind::Skill, "Agility mod", 1),
                    ],
                },
                "{kind:?} direction {d}"
            );
            assert_eq!(damage(&ev), if back { vec![(bly, 4)] } else { vec![] });
        }
        // Facing east: west and the two beside it.
        let want: Vec<usize> = if kind == GridKind::Square {
            vec![3, 4, 5]
        } else {
            vec![2, 3, 4]
        };
        assert_eq!(from_back, want, "{kind:?}");
    }
    // From afar too: a bow four cells straight behind.
    for kind in BOTH {
        let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 3), archetype: "skirmisher"),
            Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier", facing: 0)"#;
        // d20 8 + Accuracy 2 + 1 = 11: a hit only from behind.
        let mut b = arena(kind, units, &[8, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        let ev = since(&b, n);
        assert!(
            matches!(&ev[1], Event::Attack { roll, outcome: Outcome::Success, .. }
                if roll.modifiers == vec![accuracy(2), from_behind()]),
            "{kind:?}: {ev:?}"
        );
    }
}

// ---- Hiding ----

/// Ash (duelist) at (2, 3), Bly (soldier) at (8, 3) facing `bly_facing`, on a 12 × 8 map
/// whose row 3 is `row3`; Ash `hidden` from the start.
pub(crate) fn row_battle(
    kind: GridKind,
    row3: &str,
    bly_facing: u8,
    hidden: bool,
    dice: &[u32],
) -> Battle {
    let open = ".".repeat(12);
    let mut rows: Vec<&str> = vec![open.as_str(); 8];
    rows[3] = row3;
    let units = format!(
        r#"Unit(name: "Ash", side: "Red", cell: (2, 3), archetype: "duelist", hidden: {hidden}),
        Unit(name: "Bly", side: "Blue", cell: (8, 3), archetype: "soldier", facing: {bly_facing})"#
    );
    field(kind, &rows, &units, "", dice)
}

// Hiding rules (designed; the seed has "a unit successfully snuck up on you" and "Sneak
// Damage … while undetected"): Hide takes the Attack Action, else the Move Action, and
// only where no foe sees the unit — behind a wall, crouched behind a low wall next to it,
// or behind the foe's back.
#[test]
pub(crate) fn hide_takes_the_attack_action_else_the_move_action_and_only_out_of_sight() {
    for kind in BOTH {
        let w = west(kind);
        // Behind a wall on the line: hidden, for the Attack Action.
        let mut b = row_battle(kind, "...#........", w, false, &[]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert!(!sees(&b, bly, ash));
        let n = b.log().len();
        b.submit(act(ash, MeleeZoneAction::Hide)).unwrap();
        assert_eq!(
            since(&b, n),
            [
                Event::Spent {
                    unit: ash,
                    pool: Pool::Slot(Slot::Attack),
                    amount: 1,
                    on: Spend::Hide,
                    left: 0
                },
                Event::Hid { unit: ash },
            ]
        );
        assert!(b.hidden(ash));
        assert!(notes(&b, ash).contains(&"hidden (sneaking: half speed)".to_string()));
        let e = b.submit(act(ash, MeleeZoneAction::Hide)).unwrap_err();
        assert!(e.to_string().contains("hidden already"), "{e}");
        // In plain sight of a foe facing it: refused, nothing spent.
        let mut b = row_battle(kind, "............", w, false, &[]);
        let e = b.submit(act(ash, MeleeZoneAction::Hide)).unwrap_err();
        assert!(e.to_string().contains("Bly sees it"), "{e}");
        assert_eq!(b.slots(ash, Slot::Attack), 1);
        // A low wall next to it on the line hides it; one farther off does not.
        let mut b = row_battle(kind, "...=........", w, false, &[]);
        b.submit(act(ash, MeleeZoneAction::Hide)).unwrap();
        let mut b = row_battle(kind, "....=.......", w, false, &[]);
        assert!(b.submit(act(ash, MeleeZoneAction::Hide)).is_err());
        // Behind Bly's back (Bly faces east): hidden, for the Move Action once the
        // Attack Action is spent (on Disengage).
        let mut b = row_battle(kind, "............", 0, false, &[]);
        b.submit(act(ash, MeleeZoneAction::Disengage { bonus: false }))
            .unwrap();
        let n = b.log().len();
        b.submit(act(ash, MeleeZoneAction::Hide)).unwrap();
        assert!(matches!(
            since(&b, n)[0],
            Event::Spent {
                pool: Pool::Slot(Slot::Move),
                on: Spend::Hide,
                ..
            }
        ));
        // Nothing left to hide with.
        let mut b = row_battle(kind, "............", 0, false, &[]);
        b.submit(act(ash, MeleeZoneAction::Disengage { bonus: false }))
            .unwrap();
        mv(&mut b, ash, 1, 3);
        let e = b.submit(act(ash, MeleeZoneAction::Hide)).unwrap_err();
        assert!(matches!(e, Illegal::NoSlot { action: "Hide", .. }), "{e}");
    }
}

// "When sneaking … you move half spaces": a hidden unit's Move Action buys 3 spaces, and
// it stays hidden while no foe sees it; a step into a foe's sight reveals it.
#[test]
pub(crate) fn a_hidden_unit_sneaks_at_half_speed_and_a_step_into_sight_reveals_it() {
    for kind in BOTH {
        let w = west(kind);
        // Behind a wall: two steps west stay out of Bly's sight; 1 space is left.
        let mut b = row_battle(kind, "...#........", w, true, &[]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert_eq!(b.movement_budget(ash), 3);
        let ev = mv(&mut b, ash, 0, 3);
        assert!(revealed(&ev).is_empty() && b.hidden(ash));
        assert_eq!(b.pool(ash, Pool::Movement), 1);
        // Crouched behind a low wall next to it: one step west leaves the low wall behind
        // and Bly sees it, right after that step.
        let mut b = row_battle(kind, "...=........", w, true, &[]);
        let ev = mv(&mut b, ash, 1, 3);
        let at = ev
            .iter()
            .position(|e| matches!(e, Event::Revealed { .. }))
            .expect("revealed");
        assert!(
            matches!(ev[at - 1], Event::Moved { unit, to, .. } if unit == ash && to == Cell::new(1, 3))
        );
        assert_eq!(revealed(&ev), [(ash, Some(bly))]);
        assert!(!b.hidden(ash));
        assert_eq!(
            b.movement_budget(ash),
            2,
            "the 3 spaces bought while hidden, 1 spent"
        );
        assert!(notes(&b, ash).iter().all(|n| !n.contains("hidden")));
    }
}

// A foe that turns toward a hidden unit sees it: by its step, or by its attack.

// Its foes do not know where a hidden unit is: they cannot attack it, it provokes no free
// hit, and the AI does not go for it.

// ---- Sneak damage ----

/// Ash hidden west of Bly (who faces `bly_facing`), Ash's feats `feats`; Ash attacks.
pub(crate) fn sneak(
    kind: GridKind,
    bly_facing: u8,
    feats: &str,
    dice: &[u32],
) -> (Vec<Event>, Battle) {
    let units = format!(
        r#"Unit(name: "Ash", side: "Red", cell: (4, 3), archetype: "duelist", hidden: true, feats: [{feats}]),
        Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier", facing: {bly_facing})"#
    );
    let mut b = arena(kind, &units, dice);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let n = b.log().len();
    b.submit(attack(ash, bly, None)).unwrap();
    // A wound's modifiers (wave 2A: 6 or more damage) are `melee_zone_wounds.rs`'s.
    let ev = since(&b, n)
        .into_iter()
        .filter(|e| !matches!(e, Event::StatModified { .. }))
        .collect();
    (ev, b)
}

pub(crate) fn sneak_mod(dice: &str, faces: &[u32], total: i32) -> Modifier {
    Modifier::new(
        ModKind::Other,
        format!("sneak damage {dice} {faces:?}"),
        total,
    )
}

// "If you attack a unit while undetected, they are considered flat-footed, and you gain an
// extra d4 damage on top of your normal attack." And attacking gives the unit away.

// "This additional damage is multiplied by critical hits" — "you double the damage dealt.
// If it's a super critical, you double the damage a second time".

// "Sneak attack: add another d4 to sneak damage."

// ---- Feats ----

// "Maneuverer: move normally while sneaking, swimming, and tumbling."

// "Legion leader: gain 2 extra summoning slots" — "The number of summoning slots you
// have is equal to your level."

// The AI hides when it has nothing better to do and no foe sees it (its next attack is a
// sneak attack); in a foe's sight it does not.

// "A level may start units hidden": the shipped ambush plays to the end on both grids,
// and its hidden footpads do get their sneak attacks in some battles.
