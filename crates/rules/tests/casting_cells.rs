//! Abilities that act on cells and on several units (issue 17): a summon appears on the
//! aimed cell and joins the turn order right after its summoner; a terrain effect changes
//! the cells of its area; `Several`, `Line` and `Push` abilities; a readied action that
//! waits for an enemy to start casting (flow's "When the wizard starts casting",
//! tactical-d20's Wait). Each through `Battle::submit` with forced dice, on abilities a
//! level defines (no shipped ability summons or changes terrain).

use skirmish_rules::battle::Status;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{
    Action, CastAt, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil,
};
use skirmish_rules::event::{Event, Fizzle};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command, Illegal, ai};

use crate::support::flow::arena;
use crate::support::{damage, decline_all, id, since};

const SQ: GridKind = GridKind::Square;
const CALL_WOLF: usize = 0;
const STONE_WALL: usize = 1;
const MIRE: usize = 2;
const CHAIN_BOLT: usize = 3;
const LINE_OF_FIRE: usize = 4;
const GUST: usize = 5;

/// A "caller" archetype (flow wizard's scores) with six level-defined spells, and the
/// "wolf" it summons.
const CATALOGUE: &str = r#"
    archetypes: {
        "caller": (hp: 14, stats: {Agility: 45, Athletics: 30, Melee: 30, Ranged: 30,
            Endurance: 30, Deception: 40, Magic: 65}, weapons: ["dagger"],
            abilities: ["Call wolf", "Stone wall", "Mire", "Chain bolt", "Line of fire", "Gust"]),
        "wolf": (hp: 9, stats: {Agility: 50, Athletics: 40, Melee: 45, Ranged: 10,
            Endurance: 30, Deception: 20}, weapons: ["shortsword"]),
    },
    abilities: {
        "Call wolf": (kind: Spell, target: Cell(range: 3), effects: [Summon(archetype: "wolf")]),
        "Stone wall": (kind: Spell, target: Area(range: 4, shape: Line(length: 3)),
            effects: [Terrain(terrain: Wall)]),
        "Mire": (kind: Spell, target: Area(range: 6, shape: Burst(radius: 1)),
            effects: [Terrain(terrain: Difficult)]),
        "Chain bolt": (kind: Spell, target: Several(count: 2, range: 8),
            effects: [Damage(dice: "1d4", kind: "electricity")]),
        "Line of fire": (kind: Spell, target: Area(range: 5, shape: Line(length: 5)),
            effects: [Damage(dice: "1d6", kind: "fire")]),
        "Gust": (kind: Spell, target: One(range: 3), effects: [Push(cells: 2)]),
    }"#;

/// Red "Cal" (a caller) at (1, 1) acting first, then `more` (list order) on an open
/// 10×5 flow map; `dice` after the initiative d10s.
fn field(more: &str, dice: &[u32]) -> Battle {
    let units =
        format!(r#"Unit(name: "Cal", side: "Red", cell: (1, 1), archetype: "caller"){more}"#);
    let n = 1 + more.matches("Unit(").count();
    let mut d = vec![10];
    d.extend((1..n as u32).rev());
    d.extend_from_slice(dice);
    let b = arena(SQ, 10, 5, &units, CATALOGUE, &d);
    assert_eq!(b.current(), b.find("Cal"));
    b
}

fn cast(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })
}

/// Refused with a message containing `words`, and nothing logged.
fn refused(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt, words: &str) {
    let len = b.log().len();
    match cast(b, unit, ability, at) {
        Err(e) => assert!(e.to_string().contains(words), "{e} should say {words:?}"),
        Ok(_) => panic!("expected a refusal saying {words:?}"),
    }
    assert_eq!(b.log().len(), len, "a refusal logs nothing");
}

fn summoned(ev: &[Event]) -> Vec<(UnitId, String, Cell)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Summoned {
                unit, name, cell, ..
            } => Some((*unit, name.clone(), *cell)),
            _ => None,
        })
        .collect()
}

fn terrain_changes(ev: &[Event]) -> Vec<(Cell, Terrain, Terrain)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::TerrainChanged { cell, from, to } => Some((*cell, *from, *to)),
            _ => None,
        })
        .collect()
}

/// A summon appears on the aimed cell on its summoner's side, with its archetype's HP
/// and pools, and takes its turn right after its summoner; a second one gets a new name;
/// a taken cell is refused with nothing logged.
#[test]
fn a_summon_appears_on_the_cell_and_acts_right_after_its_summoner() {
    let mut b = field(
        r#", Unit(name: "Gob", side: "Blue", cell: (8, 1), archetype: "goblin")"#,
        &[],
    );
    let (c, g) = (id(&b, "Cal"), id(&b, "Gob"));
    let start = b.log().len();
    cast(&mut b, c, CALL_WOLF, CastAt::Cell(Cell::new(2, 1))).unwrap();
    let ev = since(&b, start);
    let w = UnitId(2);
    assert_eq!(summoned(&ev), [(w, "wolf".to_string(), Cell::new(2, 1))]);
    assert!(ev.contains(&Event::Summoned {
        unit: w,
        name: "wolf".into(),
        archetype: "wolf".into(),
        side: b.side(c),
        cell: Cell::new(2, 1),
        by: c,
    }));
    assert_eq!(b.find("wolf"), Some(w));
    assert_eq!(
        (b.pos(w), b.hp(w), b.side(w)),
        (Cell::new(2, 1), 9, b.side(c))
    );
    assert!(b.alive(w) && !b.enemies(w, c) && b.enemies(w, g));
    assert_eq!(b.order(), [c, w, g]);
    assert_eq!(b.ap(c), 3, "a spell costs 2 AP");
    assert_eq!(b.weapons(w)[0].name, "shortsword");
    // The wolf's cell is taken now; a wall is no place to appear either.
    refused(
        &mut b,
        c,
        CALL_WOLF,
        CastAt::Cell(Cell::new(2, 1)),
        "wolf stands on (2, 1)",
    );
    refused(
        &mut b,
        c,
        CALL_WOLF,
        CastAt::Cell(Cell::new(5, 1)),
        "is 4 cells away",
    );
    cast(&mut b, c, CALL_WOLF, CastAt::Cell(Cell::new(1, 2))).unwrap();
    assert_eq!(b.find("wolf 2"), Some(UnitId(3)));
    assert_eq!(b.order(), [c, UnitId(3), w, g]);
    // Its turn comes next, with a full turn's AP.
    b.submit(Command::EndTurn { unit: c }).unwrap();
    assert_eq!(b.current(), Some(UnitId(3)));
    assert_eq!(b.ap(UnitId(3)), 5);
    b.submit(Command::EndTurn { unit: UnitId(3) }).unwrap();
    assert_eq!(b.current(), Some(w));
    // A shadow battle fed the log has the same units where they are (replays, soak).
    let mut shadow = Battle::new(b.level().clone(), 7, vec![10, 1]).unwrap();
    let n = shadow.log().len();
    for l in &b.log()[n..] {
        shadow.replay_event(l.event.clone());
    }
    assert_eq!(shadow.find("wolf 2"), Some(UnitId(3)));
    assert_eq!(shadow.pos(w), Cell::new(2, 1));
    assert_eq!(shadow.order(), b.order());
    assert_eq!(shadow.current(), b.current());
    // The level itself is as it was: two units.
    assert_eq!(b.level().units.len(), 2);
}

/// A terrain effect changes every cell of its area once, whatever is rolled: Mire makes
/// a 3×3 burst difficult (entering costs 2); Stone wall raises a line of walls but not
/// under a unit standing on it; the walls block lines of sight and paths. A command that
/// fails halfway (a forced die that does not fit) rolls back to the same terrain.
#[test]
fn terrain_effects_change_the_cells_of_their_area() {
    let mut b = field(
        r#", Unit(name: "Gob", side: "Blue", cell: (3, 3), archetype: "goblin")"#,
        &[],
    );
    let (c, g) = (id(&b, "Cal"), id(&b, "Gob"));
    let start = b.log().len();
    cast(&mut b, c, MIRE, CastAt::Cell(Cell::new(6, 2))).unwrap();
    let ch = terrain_changes(&since(&b, start));
    assert_eq!(ch.len(), 9, "{ch:?}");
    assert!(
        ch.iter()
            .all(|&(_, from, to)| from == Terrain::Floor && to == Terrain::Difficult)
    );
    assert_eq!(b.terrain(Cell::new(6, 2)), Terrain::Difficult);
    assert_eq!(b.terrain(Cell::new(7, 3)), Terrain::Difficult);
    assert_eq!(b.terrain(Cell::new(8, 2)), Terrain::Floor);
    assert_eq!(b.mover_cost(g)(Cell::new(5, 3)), Some(2));
    assert_eq!(b.level().terrain_at(Cell::new(6, 2)), Some(Terrain::Floor));
    // A line of walls from (1, 2) down: (1, 3), (1, 4) — Gob stands on neither; then one
    // along row 3 through Gob's cell: its cell stays floor.
    b.submit(Command::EndTurn { unit: c }).unwrap();
    b.submit(Command::EndTurn { unit: g }).unwrap();
    assert_eq!(b.current(), Some(c));
    let start = b.log().len();
    cast(&mut b, c, STONE_WALL, CastAt::Cell(Cell::new(2, 2))).unwrap();
    let ch = terrain_changes(&since(&b, start));
    assert_eq!(
        ch.iter().map(|x| x.0).collect::<Vec<_>>(),
        [Cell::new(2, 2), Cell::new(3, 3), Cell::new(4, 4)]
            .into_iter()
            .filter(|&x| x != Cell::new(3, 3))
            .collect::<Vec<_>>(),
        "the diagonal line skips Gob's cell"
    );
    assert_eq!(b.terrain(Cell::new(2, 2)), Terrain::Wall);
    assert_eq!(b.terrain(Cell::new(3, 3)), Terrain::Floor);
    assert_eq!(b.mover_cost(g)(Cell::new(2, 2)), None);
    assert!(!b.clear_line(Cell::new(1, 1), Cell::new(3, 3)));
    // Rollback: Chain bolt's 1d4 is forced a 9 (no such face): refused, the walls stay.
    b.dice_force_for_tests(&[9]);
    let len = b.log().len();
    assert!(cast(&mut b, c, CHAIN_BOLT, CastAt::Units(vec![g])).is_err());
    assert_eq!(b.log().len(), len);
    assert_eq!(b.terrain(Cell::new(2, 2)), Terrain::Wall);
    assert_eq!(b.terrain(Cell::new(6, 2)), Terrain::Difficult);
    assert_eq!(b.ap(c), 3);
}

/// A command that fails halfway after a summon (rollback replays the log onto the level's
/// units): the summoned wolf is still there, once.
#[test]
fn a_rollback_keeps_a_summon_once() {
    let mut b = field(
        r#", Unit(name: "Gob", side: "Blue", cell: (4, 1), archetype: "goblin")"#,
        &[],
    );
    let (c, g) = (id(&b, "Cal"), id(&b, "Gob"));
    cast(&mut b, c, CALL_WOLF, CastAt::Cell(Cell::new(2, 2))).unwrap();
    let w = id(&b, "wolf");
    b.dice_force_for_tests(&[9]);
    assert!(cast(&mut b, c, CHAIN_BOLT, CastAt::Units(vec![g])).is_err());
    assert_eq!(b.units().count(), 3);
    assert_eq!((b.find("wolf"), b.pos(w)), (Some(w), Cell::new(2, 2)));
    assert_eq!(b.order(), [c, w, g]);
    assert_eq!(b.find("wolf 2"), None);
}

/// `Several`: up to `count` named creatures in range, each hit once (1d4 each); more
/// than `count`, or one named twice, is refused.
#[test]
fn several_hits_each_named_creature_once() {
    let mut b = field(
        r#", Unit(name: "G1", side: "Blue", cell: (5, 1), archetype: "goblin"),
            Unit(name: "G2", side: "Blue", cell: (5, 3), archetype: "goblin"),
            Unit(name: "G3", side: "Blue", cell: (6, 2), archetype: "goblin")"#,
        &[3, 2],
    );
    let (c, g1, g2, g3) = (id(&b, "Cal"), id(&b, "G1"), id(&b, "G2"), id(&b, "G3"));
    refused(
        &mut b,
        c,
        CHAIN_BOLT,
        CastAt::Units(vec![g1, g2, g3]),
        "takes 1 to 2 targets, not 3",
    );
    refused(
        &mut b,
        c,
        CHAIN_BOLT,
        CastAt::Units(vec![g1, g1]),
        "G1 is named twice",
    );
    refused(
        &mut b,
        c,
        CHAIN_BOLT,
        CastAt::Cell(Cell::new(5, 1)),
        "at a list of creatures",
    );
    let start = b.log().len();
    cast(&mut b, c, CHAIN_BOLT, CastAt::Units(vec![g1, g2])).unwrap();
    assert_eq!(damage(&since(&b, start)), [(g1, 3), (g2, 2)]);
    assert_eq!(b.hp(g3), 12);
}

/// `Line`: the cells from the caster toward the aimed cell, `length` of them: units on
/// them are hit, a unit beside the line is not; on a hex grid too.
#[test]
fn a_line_hits_the_units_on_it_and_no_other() {
    for (kind, on, beside) in [
        (SQ, [(3, 1), (6, 1)], (4, 2)),
        (GridKind::Hex, [(3, 1), (6, 1)], (4, 2)),
    ] {
        let units = format!(
            r#"Unit(name: "Cal", side: "Red", cell: (1, 1), archetype: "caller"),
            Unit(name: "A", side: "Blue", cell: {:?}, archetype: "goblin"),
            Unit(name: "B", side: "Blue", cell: {:?}, archetype: "goblin"),
            Unit(name: "C", side: "Blue", cell: {beside:?}, archetype: "goblin")"#,
            on[0], on[1]
        );
        let mut b = arena(kind, 10, 5, &units, CATALOGUE, &[10, 3, 2, 1, 4, 5]);
        let c = id(&b, "Cal");
        let aim = Cell::new(2, 1);
        let hit = b.cast_targets(c, LINE_OF_FIRE, &CastAt::Cell(aim)).unwrap();
        assert_eq!(hit, [id(&b, "A"), id(&b, "B")], "{kind:?}");
        let start = b.log().len();
        cast(&mut b, c, LINE_OF_FIRE, CastAt::Cell(aim)).unwrap();
        assert_eq!(
            damage(&since(&b, start)),
            [(id(&b, "A"), 4), (id(&b, "B"), 5)],
            "{kind:?}"
        );
        assert_eq!(b.hp(id(&b, "C")), 12);
    }
}

/// `Push`: the target moves straight away from the caster, one `Displaced` a cell, and
/// stops at a unit in the way or the map's edge.
#[test]
fn a_push_moves_the_target_away_until_something_is_in_the_way() {
    let mut b = field(
        r#", Unit(name: "G1", side: "Blue", cell: (2, 1), archetype: "goblin"),
            Unit(name: "G3", side: "Blue", cell: (5, 1), archetype: "goblin")"#,
        &[],
    );
    let (c, g1) = (id(&b, "Cal"), id(&b, "G1"));
    let start = b.log().len();
    // G1 is next to Cal: the casting provokes its Reaction Attack, declined.
    cast(&mut b, c, GUST, CastAt::Unit(g1)).unwrap();
    decline_all(&mut b);
    let moved: Vec<_> = since(&b, start)
        .into_iter()
        .filter_map(|e| match e {
            Event::Displaced { unit, to, .. } => Some((unit, to)),
            _ => None,
        })
        .collect();
    assert_eq!(moved, [(g1, Cell::new(3, 1)), (g1, Cell::new(4, 1))]);
    // Again: G3 at (5, 1) is in the way, and G1 (now 3 cells off) stays.
    cast(&mut b, c, GUST, CastAt::Unit(g1)).unwrap();
    decline_all(&mut b);
    assert_eq!(b.pos(g1), Cell::new(4, 1));
    // G2 at (2, 3) is pushed down-right along the diagonal: (3, 4) is the map's last row,
    // then the edge stops it.
    let mut b = field(
        r#", Unit(name: "G2", side: "Blue", cell: (2, 3), archetype: "goblin")"#,
        &[],
    );
    let g2 = id(&b, "G2");
    cast(&mut b, c, GUST, CastAt::Unit(g2)).unwrap();
    decline_all(&mut b);
    assert_eq!(b.pos(g2), Cell::new(3, 4));
}

/// flow "Ready Action … Example Triggers: 'When the wizard starts casting'": an archer
/// readied against a casting enemy within its range shoots before the spell goes off; a
/// caster it takes down casts nothing (Pip keeps Red in the battle).
#[test]
fn flow_a_readied_shot_at_a_casting_enemy_comes_before_the_spell() {
    let units = r#"Unit(name: "Ash", side: "Blue", cell: (6, 1), archetype: "archer"),
        Unit(name: "Cal", side: "Red", cell: (1, 1), archetype: "caller", hp: 2),
        Unit(name: "Pip", side: "Red", cell: (1, 4), archetype: "caller")"#;
    let mut b = arena(SQ, 10, 5, units, CATALOGUE, &[10, 5, 1]);
    let (a, c) = (id(&b, "Ash"), id(&b, "Cal"));
    assert_eq!(b.current(), Some(a));
    let ready = FlowAction::Ready {
        trigger: ReadyTrigger::EnemyCasts { cells: 6 },
        response: ReadyResponse::Attack,
        until: ReadyUntil::NextTurn,
    };
    b.submit(Command::Act {
        unit: a,
        action: ready.into(),
    })
    .unwrap();
    assert_eq!(b.current(), Some(c));
    assert_eq!(b.readied(), [a]);
    // Ash's shot: Ranged 60, d100 10 hits; Cal does not dodge; the shortbow's 1d6 = 5
    // (Cal at 2 HP goes down).
    b.dice_force_for_tests(&[10, 5]);
    let start = b.log().len();
    cast(&mut b, c, MIRE, CastAt::Cell(Cell::new(4, 3))).unwrap();
    while let Status::AwaitingReaction(r) = b.status() {
        b.submit(Command::React {
            unit: r,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
    }
    let ev = since(&b, start);
    let at = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f);
    let cast_at = at(&|e| matches!(e, Event::Cast { .. })).unwrap();
    let sprang = at(&|e| matches!(e, Event::ReadyTriggered { unit, by } if *unit == a && *by == c))
        .unwrap_or_else(|| panic!("no ReadyTriggered: {ev:#?}"));
    assert!(cast_at < sprang);
    assert_eq!(damage(&ev), [(c, 5)]);
    assert!(ev.contains(&Event::Fizzled {
        unit: c,
        name: "Mire".into(),
        why: Fizzle::CasterDown,
    }));
    assert!(
        terrain_changes(&ev).is_empty(),
        "a fallen caster's Mire does nothing"
    );
    assert!(b.readied().is_empty());
}

/// A readied response waits for an enemy within its distance: a casting farther away
/// springs nothing, and the spell goes off.
#[test]
fn flow_a_casting_beyond_the_readied_distance_springs_nothing() {
    let units = r#"Unit(name: "Ash", side: "Blue", cell: (8, 1), archetype: "archer"),
        Unit(name: "Cal", side: "Red", cell: (1, 1), archetype: "caller")"#;
    let mut b = arena(SQ, 10, 5, units, CATALOGUE, &[10, 1]);
    let (a, c) = (id(&b, "Ash"), id(&b, "Cal"));
    b.submit(Command::Act {
        unit: a,
        action: FlowAction::Ready {
            trigger: ReadyTrigger::EnemyCasts { cells: 6 },
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        }
        .into(),
    })
    .unwrap();
    let start = b.log().len();
    cast(&mut b, c, MIRE, CastAt::Cell(Cell::new(4, 3))).unwrap();
    let ev = since(&b, start);
    assert!(!ev.iter().any(|e| matches!(e, Event::ReadyTriggered { .. })));
    assert_eq!(terrain_changes(&ev).len(), 9);
    assert_eq!(b.readied(), [a]);
}

/// The AI summons when a fight is near: its only spell is Call wolf, and it calls the
/// wolf onto the free cell in range nearest the foe.
#[test]
fn the_ai_summons_next_to_the_fight() {
    let extra = CATALOGUE.replace(
        r#"abilities: ["Call wolf", "Stone wall", "Mire", "Chain bolt", "Line of fire", "Gust"]"#,
        r#"abilities: ["Call wolf"]"#,
    );
    let units = r#"Unit(name: "Cal", side: "Red", cell: (1, 1), archetype: "caller"),
        Unit(name: "Gob", side: "Blue", cell: (6, 1), archetype: "goblin")"#;
    let b = arena(SQ, 10, 5, units, &extra, &[10, 1]);
    let c = ai::decide(&b).unwrap();
    match c {
        Command::Act {
            action:
                Action::Common(CommonAction::Cast {
                    ability: 0,
                    at: CastAt::Cell(at),
                }),
            ..
        } => {
            // In range (3) of Cal at (1, 1), as near the goblin at (6, 1) as can be.
            assert_eq!(b.grid().distance(Cell::new(1, 1), at), 3, "{at:?}");
            assert_eq!(b.grid().distance(at, Cell::new(6, 1)), 2, "{at:?}");
        }
        c => panic!("expected Call wolf, got {c:?}"),
    }
}

/// The soak's shadow battle counts a summon's HP from its template: a summoned wolf
/// (9 HP) that has taken no damage keeps the invariants (issue 30, wave 2C: melee-zone's
/// catalogue summons, so the soak summons too).
#[test]
fn a_summon_keeps_the_soak_invariants() {
    let mut b = field(
        r#", Unit(name: "Gob", side: "Blue", cell: (8, 1), archetype: "goblin")"#,
        &[],
    );
    let c = id(&b, "Cal");
    cast(&mut b, c, CALL_WOLF, CastAt::Cell(Cell::new(2, 1))).unwrap();
    let mut inv = skirmish_rules::sim::Invariants::new(b.level(), b.seed()).unwrap();
    let mut out = Vec::new();
    inv.follow(&b, 0, &mut out);
    inv.finish(&b, &mut out);
    assert!(out.is_empty(), "{out:?}");
}
