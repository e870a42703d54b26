//! Issue 34 (session 19): the casting's targets asked without listing an area's cells.
//! `Battle::cast_targets` answers a burst by distance from the aim (and a line or cone
//! by its cells) and the AI picks each aim's targets from one list of who may be hit;
//! these tests hold both to the definition: the units standing on the non-wall cells
//! `abilities::area::cells` gives, aimed from where the caster stands, for every cell
//! of a map with walls, on both grids, with a fallen unit among them.

use skirmish_rules::Battle;
use skirmish_rules::abilities::Targeting;
use skirmish_rules::abilities::area;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::CastAt;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{self, Terrain};

pub(crate) const BLAST: usize = 0;
pub(crate) const LINE: usize = 1;
pub(crate) const CONE: usize = 2;

pub(crate) const CATALOGUE: &str = r#"
    archetypes: {
        "caller": (hp: 14, stats: {Agility: 45, Athletics: 30, Melee: 30, Ranged: 30,
            Endurance: 30, Deception: 40, Magic: 65}, weapons: ["dagger"],
            abilities: ["Blast", "Line of fire", "Fan"]),
    },
    abilities: {
        "Blast": (kind: Spell, target: Area(range: 5, shape: Burst(radius: 2)),
            effects: [Damage(dice: "2d6", kind: "fire")]),
        "Line of fire": (kind: Spell, target: Area(range: 5, shape: Line(length: 5)),
            effects: [Damage(dice: "1d6", kind: "fire")]),
        "Fan": (kind: Spell, target: Area(range: 4, shape: Cone(length: 4)),
            effects: [Damage(dice: "1d6", kind: "fire")]),
    }"#;

/// A 10×7 flow map with a wall across the middle (a gap at x = 6), Red "Cal" at (2, 3)
/// and seven others around it, two of them behind the wall.
pub(crate) fn field(kind: GridKind) -> Battle {
    let map = [
        "..........",
        "..........",
        "..........",
        "....#.....",
        "....#.#...",
        "....#.#...",
        "..........",
    ];
    let map = map
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let units = r#"Unit(name: "Cal", side: "Red", cell: (2, 3), archetype: "caller"),
        Unit(name: "Ann", side: "Red", cell: (3, 2), archetype: "caller"),
        Unit(name: "B1", side: "Blue", cell: (3, 4), archetype: "caller"),
        Unit(name: "B2", side: "Blue", cell: (5, 3), archetype: "caller"),
        Unit(name: "B3", side: "Blue", cell: (6, 3), archetype: "caller"),
        Unit(name: "B4", side: "Blue", cell: (7, 5), archetype: "caller"),
        Unit(name: "B5", side: "Blue", cell: (1, 6), archetype: "caller"),
        Unit(name: "B6", side: "Blue", cell: (2, 0), archetype: "caller")"#;
    let src = format!(
        r##"Level(name: "walls", ruleset: "flow", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {CATALOGUE})"##
    );
    let l = level::parse(&src, "walls").unwrap_or_else(|e| panic!("{e}"));
    // Cal first (initiative d10s in list order).
    let b = Battle::new(l, 7, vec![10, 7, 6, 5, 4, 3, 2, 1]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.current(), b.find("Cal"));
    b
}

/// The targets by definition: out of range or behind a wall, refused; else every
/// standing unit on a non-wall cell of the area.
fn by_cells(b: &Battle, caster: UnitId, i: usize, aim: Cell) -> Option<Vec<UnitId>> {
    let a = &b.abilities(caster)[i];
    let Targeting::Area { shape, .. } = a.target else {
        panic!("{} is not an area", a.name);
    };
    let grid = b.grid();
    let from = b.pos(caster);
    let d = grid.distance(from, aim);
    if d > a.range() || (d > 0 && !b.clear_line(from, aim)) {
        return None;
    }
    let cells: Vec<Cell> = area::cells(&grid, from, aim, shape)
        .into_iter()
        .filter(|&c| b.terrain(c) != Terrain::Wall)
        .collect();
    Some(
        b.units()
            .filter(|&u| b.alive(u) && cells.contains(&b.pos(u)))
            .collect(),
    )
}

/// `cast_targets` for every cell of the map equals the definition, for each shape;
/// returns how many aims hit somebody (so the test cannot pass on empty areas alone).
fn every_aim_agrees(b: &Battle) -> usize {
    let cal = b.find("Cal").expect("Cal");
    let grid = b.grid();
    let mut hits = 0;
    for i in [BLAST, LINE, CONE] {
        for y in 0..grid.height {
            for x in 0..grid.width {
                let aim = Cell::new(x, y);
                let got = b.cast_targets(cal, i, &CastAt::Cell(aim)).ok();
                let want = by_cells(b, cal, i, aim);
                assert_eq!(got, want, "ability {i} aimed at {aim}");
                hits += usize::from(got.is_some_and(|t| !t.is_empty()));
            }
        }
    }
    hits
}

#[test]
fn a_burst_line_and_cone_hit_the_units_on_their_cells_on_squares() {
    let b = field(GridKind::Square);
    assert!(every_aim_agrees(&b) > 20);
}

#[test]
fn a_burst_line_and_cone_hit_the_units_on_their_cells_on_hexes() {
    let b = field(GridKind::Hex);
    assert!(every_aim_agrees(&b) > 20);
}

#[test]
fn a_burst_reaches_across_a_wall_but_is_never_aimed_through_one() {
    let b = field(GridKind::Square);
    let cal = b.find("Cal").expect("Cal");
    let (b1, b2) = (b.find("B1").expect("B1"), b.find("B2").expect("B2"));
    let ann = b.find("Ann").expect("Ann");
    // Aimed at (3, 3), in front of the wall: the radius reaches B2 across it (an area
    // covers its cells, walls aside), Cal
    // itself, Ann and B1.
    let t = b
        .cast_targets(cal, BLAST, &CastAt::Cell(Cell::new(3, 3)))
        .expect("in range");
    assert_eq!(t, vec![cal, ann, b1, b2]);
    // Aimed at the wall's far side: the wall blocks the line.
    assert!(
        b.cast_targets(cal, BLAST, &CastAt::Cell(Cell::new(5, 4)))
            .is_err()
    );
}

#[test]
fn the_ai_blasts_where_the_engine_says_the_most_foes_stand() {
    for kind in [GridKind::Square, GridKind::Hex] {
        blasts_where_the_most_foes_stand(kind);
    }
}

fn blasts_where_the_most_foes_stand(kind: GridKind) {
    let b = field(kind);
    let cal = b.find("Cal").expect("Cal");
    let (ability, aim, cmd) = area_cast(&b, cal, &format!("{kind:?}"));
    // The chosen aim is legal, hits foes and spares Cal's side.
    let hit = b
        .cast_targets(cal, ability, &CastAt::Cell(aim))
        .expect("legal aim");
    let foes_hit = |t: &[UnitId]| t.iter().filter(|&&u| b.enemies(cal, u)).count();
    eprintln!("ability {ability} at {aim}: {hit:?}");
    assert!(foes_hit(&hit) >= 2, "{hit:?}");
    assert_eq!(foes_hit(&hit), hit.len(), "{hit:?}");
    assert!(b.check(&cmd).is_ok());
    // No other legal aim of that ability that spares Cal's side hits more foes (every
    // foe here is alike and unhurt, so the most foes is the most value).
    let (w, h) = (b.grid().width, b.grid().height);
    let most = (0..w)
        .flat_map(|x| (0..h).map(move |y| Cell::new(x, y)))
        .filter_map(|c| b.cast_targets(cal, ability, &CastAt::Cell(c)).ok())
        .filter(|t| foes_hit(t) == t.len())
        .map(|t| foes_hit(&t))
        .max()
        .unwrap_or(0);
    assert_eq!(
        foes_hit(&hit),
        most,
        "aim {aim} hits {hit:?}; another aim hits {most}"
    );
}

/// The AI's cast for `cal` against its foes, which must be an area cast: its ability, its
/// aim and the command (`what` names the case in the panic).
pub(crate) fn area_cast(
    b: &Battle,
    cal: UnitId,
    what: &str,
) -> (usize, Cell, skirmish_rules::Command) {
    let foes: Vec<UnitId> = b.units().filter(|&u| b.enemies(cal, u)).collect();
    let Some((_, cmd)) = skirmish_rules::ai::cast::best_cast(b, cal, &foes) else {
        panic!("{what}: Cal should cast");
    };
    let skirmish_rules::Command::Act {
        action:
            skirmish_rules::engine::Action::Common(skirmish_rules::engine::CommonAction::Cast {
                ability,
                at: CastAt::Cell(aim),
            }),
        ..
    } = cmd
    else {
        panic!("{what}: an area cast, not {cmd:?}");
    };
    (ability, aim, cmd)
}
