//! The level editor's model (issue 35), headless: every shipped level reads into it and
//! writes back to the same level; new levels are built by edits for every ruleset on both
//! grids and saved where `skirmish check` reads them; every edit is undone and redone
//! exactly; a level that would not load is refused, its problems pointing at the unit.

use std::path::PathBuf;

use skirmish::editor::{EdHazard, Edit, Editor, EditorLevel, Pick, Target, choices};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{self, HazardKind, Role, Terrain};
use skirmish_rules::rulesets::{Registry, RulesetId};

use crate::repo;

fn shipped() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo("levels"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn c(x: i32, y: i32) -> Cell {
    Cell { x, y }
}

fn other(k: GridKind) -> GridKind {
    match k {
        GridKind::Square => GridKind::Hex,
        GridKind::Hex => GridKind::Square,
    }
}

#[test]
fn every_shipped_level_loads_saves_and_loads_to_the_same_level_on_both_grids() {
    let dir = scratch("round-trip");
    let levels = shipped();
    assert!(levels.len() >= 10, "{levels:?}");
    for path in levels {
        let what = path.display().to_string();
        let lvl = EditorLevel::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(lvl.problems(), [], "{what}");
        let src = std::fs::read_to_string(&path).unwrap();
        for kind in [lvl.grid, other(lvl.grid)] {
            let mut ed = Editor::new(lvl.clone());
            if kind != lvl.grid {
                ed.apply(Edit::Grid(kind)).unwrap();
            }
            let out = dir.join(path.file_name().unwrap());
            ed.level
                .save(&out)
                .unwrap_or_else(|e| panic!("{what} {kind}: {e:?}"));
            let again = EditorLevel::load(&out).unwrap();
            assert_eq!(again, ed.level, "{what} {kind}: load → save → load");
            // The loader reads the same level from it as from the hand-written file
            // (with its grid set to that one).
            let read = level::load(&out).unwrap_or_else(|e| panic!("{what} {kind}: {e}"));
            let grid = |k: GridKind| format!("grid: {k:?}");
            let hand = src.replacen(&grid(lvl.grid), &grid(kind), 1);
            assert_eq!(read, level::parse(&hand, &what).unwrap(), "{what} {kind}");
            // And it is written once for all: the same text again.
            assert_eq!(again.to_ron(), ed.level.to_ron(), "{what} {kind}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An archetype of each side of a shipped level of `ruleset` (the catalogue's names).
fn archetypes(ruleset: RulesetId) -> Vec<String> {
    let mut out = Vec::new();
    for p in shipped() {
        let l = EditorLevel::load(&p).unwrap();
        if l.ruleset == ruleset.to_string() {
            out.extend(l.units.iter().filter_map(|u| u.archetype.clone()));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn a_new_level_built_by_edits_saves_and_loads_for_every_ruleset_and_grid() {
    let dir = scratch("new");
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        let kinds = archetypes(r);
        assert!(!kinds.is_empty(), "{r}: a shipped level with archetypes");
        for grid in [GridKind::Square, GridKind::Hex] {
            let what = format!("{r} {grid}");
            let mut ed = Editor::new(EditorLevel::new(&r.to_string(), grid, 10, 8));
            ed.apply(Edit::Name(format!("Test {r} {grid}"))).unwrap();
            ed.apply(Edit::Paint {
                at: c(5, 4),
                size: 2,
                terrain: Terrain::Wall,
            })
            .unwrap();
            ed.apply(Edit::Fill {
                at: c(0, 0),
                terrain: Terrain::Difficult,
            })
            .unwrap();
            for (i, side) in ["Red", "Blue"].into_iter().enumerate() {
                let a = kinds[i % kinds.len()].clone();
                ed.apply(Edit::Place {
                    side: side.into(),
                    cell: c(1 + 7 * i as i32, 1),
                    archetype: Some(a.clone()),
                    name: None,
                })
                .unwrap();
                let want = if i == 1 && kinds.len() == 1 {
                    format!("{a} 2")
                } else {
                    a
                };
                assert_eq!(ed.level.units[i].name, want, "{what}: a name of its own");
            }
            ed.apply(Edit::Move {
                unit: 1,
                to: c(8, 6),
            })
            .unwrap();
            assert_eq!(ed.level.problems(), [], "{what}\n{}", ed.level.to_ron());
            let path = dir.join(format!("{r}-{grid}.ron"));
            ed.level.save(&path).unwrap();
            let again = EditorLevel::load(&path).unwrap();
            assert_eq!(again, ed.level, "{what}");
            let read = level::load(&path).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(read.grid.kind, grid);
            assert_eq!(read.units.len(), 2);
            assert_eq!(read.units[1].cell, c(8, 6));
            assert_eq!(read.terrain_at(c(5, 4)), Some(Terrain::Wall));
            assert_eq!(read.terrain_at(c(0, 7)), Some(Terrain::Difficult));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_edit_is_undone_to_the_level_before_it_and_redone() {
    let mut ed = Editor::new(EditorLevel::new("flow", GridKind::Hex, 6, 5));
    let edits = vec![
        Edit::Paint {
            at: c(2, 2),
            size: 2,
            terrain: Terrain::High,
        },
        Edit::Fill {
            at: c(0, 0),
            terrain: Terrain::Pit,
        },
        Edit::Place {
            side: "Red".into(),
            cell: c(0, 0),
            archetype: Some("fighter".into()),
            name: None,
        },
        Edit::Place {
            side: "Blue".into(),
            cell: c(5, 4),
            archetype: Some("fighter".into()),
            name: None,
        },
        Edit::Move {
            unit: 0,
            to: c(1, 0),
        },
        Edit::SetSide {
            side: 0,
            to: skirmish::editor::EdSide {
                name: "Raiders".into(),
                colour: "#aa2020".into(),
                controller: skirmish_rules::level::Controller::Ai,
                role: None,
            },
        },
        Edit::Surprise(Some("Raiders".into())),
        Edit::Delete { unit: 1 },
        Edit::Grid(GridKind::Square),
        Edit::Resize {
            width: 8,
            height: 7,
        },
        Edit::ToggleExit(c(7, 6)),
        Edit::Name("Undone".into()),
        Edit::Description("and redone".into()),
        Edit::Seed(Some(42)),
        Edit::Stalemate(Some(6)),
    ];
    let mut states = vec![ed.level.clone()];
    for e in &edits {
        ed.apply(e.clone()).unwrap_or_else(|m| panic!("{e:?}: {m}"));
        states.push(ed.level.clone());
    }
    assert_eq!(ed.edits().cloned().collect::<Vec<_>>(), edits);
    assert_eq!(
        ed.level.units[0].side, "Raiders",
        "a renamed side takes its units"
    );
    assert_eq!(ed.level.units[0].name, "fighter");
    // Paint size 2 on a hex map: the cell and its 6 neighbours, round.
    assert_eq!(
        states[1]
            .map
            .iter()
            .flatten()
            .filter(|t| **t == Terrain::High)
            .count(),
        7
    );
    for i in (0..edits.len()).rev() {
        assert!(ed.undo());
        assert_eq!(ed.level, states[i], "undo of {:?}", edits[i]);
    }
    assert!(!ed.undo(), "nothing left to undo");
    for (i, e) in edits.iter().enumerate() {
        assert!(ed.redo());
        assert_eq!(ed.level, states[i + 1], "redo of {e:?}");
    }
    assert!(!ed.redo());
    // A new edit after undoing drops what was undone.
    ed.undo();
    ed.apply(Edit::Name("Other".into())).unwrap();
    assert!(!ed.can_redo());
}

#[test]
fn an_edit_that_does_not_fit_is_refused_and_changes_nothing() {
    let mut ed = Editor::new(EditorLevel::new("flow", GridKind::Square, 4, 4));
    ed.apply(Edit::Place {
        side: "Red".into(),
        cell: c(1, 1),
        archetype: None,
        name: None,
    })
    .unwrap();
    assert_eq!(
        ed.level.units[0].name, "Red",
        "named for its side with no archetype"
    );
    let before = ed.level.clone();
    for (e, says) in [
        (
            Edit::Paint {
                at: c(9, 0),
                size: 1,
                terrain: Terrain::Wall,
            },
            "off the map",
        ),
        (
            Edit::Move {
                unit: 0,
                to: c(4, 4),
            },
            "off the map",
        ),
        (
            Edit::Place {
                side: "Blue".into(),
                cell: c(1, 1),
                archetype: None,
                name: None,
            },
            "taken by Red",
        ),
        (
            Edit::Place {
                side: "Green".into(),
                cell: c(2, 2),
                archetype: None,
                name: None,
            },
            "no side `Green`",
        ),
        (Edit::Delete { unit: 3 }, "no unit 4"),
        (Edit::DeleteSide { side: 0 }, "fields 1 unit"),
        (
            Edit::Resize {
                width: 1,
                height: 4,
            },
            "would be off the map",
        ),
    ] {
        let err = ed.apply(e.clone()).expect_err(&format!("{e:?}"));
        assert!(err.contains(says), "{e:?}: {err}");
        assert_eq!(ed.level, before, "{e:?} changed the level");
        assert_eq!(ed.edits().count(), 1, "{e:?} was listed");
    }
}

#[test]
fn a_level_that_would_not_load_is_refused_and_its_problem_points_at_the_unit() {
    let dir = scratch("refused");
    let mut ed = Editor::new(EditorLevel::new("flow", GridKind::Square, 6, 4));
    for (side, x) in [("Red", 0), ("Blue", 5)] {
        ed.apply(Edit::Place {
            side: side.into(),
            cell: c(x, 1),
            archetype: Some("fighter".into()),
            name: None,
        })
        .unwrap();
    }
    assert_eq!(ed.level.problems(), []);
    ed.apply(Edit::Place {
        side: "Blue".into(),
        cell: c(3, 3),
        archetype: Some("figther".into()),
        name: None,
    })
    .unwrap();
    let troubles = ed.level.problems();
    assert!(
        troubles
            .iter()
            .any(|t| t.target == Target::Unit(2) && t.message.contains("figther")),
        "{troubles:?}"
    );
    let path = dir.join("bad.ron");
    let refused = ed.level.save(&path).expect_err("not saved");
    assert_eq!(refused, troubles);
    assert!(!path.exists(), "nothing written");
    // Undone, it saves, and `skirmish check`'s loader reads it.
    ed.undo();
    ed.level.save(&path).unwrap();
    level::load(&path).unwrap();
    // A side with no units is pointed at, as a side.
    let empty = EditorLevel::new("flow", GridKind::Square, 3, 3);
    let t = empty.problems();
    assert_eq!(
        t.iter().map(|t| t.target.clone()).collect::<Vec<_>>(),
        [Target::Side(0), Target::Side(1)],
        "{t:?}"
    );
    assert!(t[0].message.contains("`Red` has no units"), "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Random edit sequences (a fixed xorshift stream): a refused edit leaves the level as
/// it was; whatever the level, `save` either writes a file the loader of `skirmish check`
/// reads, or refuses and leaves the file on disk as it was.
#[test]
fn random_edits_never_save_a_file_the_loader_refuses() {
    let dir = scratch("fuzz");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let (mut saved, mut refused) = (0, 0);
    let mut new_kinds = std::collections::BTreeSet::new();
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        let kinds = archetypes(r);
        let path = dir.join(format!("{r}.ron"));
        let mut ed = Editor::new(EditorLevel::new(&r.to_string(), GridKind::Square, 7, 6));
        let mut on_disk: Option<String> = None;
        for _ in 0..150 {
            let (w, h) = (ed.level.width() as i32, ed.level.height() as i32);
            let cell = c(
                next(w as usize + 2) as i32 - 1,
                next(h as usize + 2) as i32 - 1,
            );
            let sides: Vec<String> = ed.level.sides.iter().map(|s| s.name.clone()).collect();
            let e = match next(17) {
                0 | 1 => Edit::Paint {
                    at: cell,
                    size: next(3) as u32,
                    terrain: Terrain::ALL[next(6)],
                },
                2 => Edit::Fill {
                    at: cell,
                    terrain: Terrain::ALL[next(6)],
                },
                3 | 4 | 14 | 15 | 16 => Edit::Place {
                    side: sides
                        .get(next(sides.len() + 1))
                        .cloned()
                        .unwrap_or("Nobody".into()),
                    cell,
                    archetype: Some(kinds[next(kinds.len())].clone()),
                    name: None,
                },
                5 => Edit::Move {
                    unit: next(ed.level.units.len() + 1),
                    to: cell,
                },
                6 => Edit::Delete {
                    unit: next(ed.level.units.len() + 1),
                },
                9 => {
                    let pick = [Pick::Weapon, Pick::Feat, Pick::Ability][next(3)];
                    let ch = choices(&r.to_string(), pick);
                    Edit::Loadout {
                        unit: next(ed.level.units.len() + 1),
                        pick,
                        names: (0..next(3))
                            .filter_map(|_| ch.get(next(ch.len())).map(|c| c.name.clone()))
                            .collect(),
                    }
                }
                10 => Edit::Facing {
                    unit: next(ed.level.units.len() + 1),
                    facing: [None, Some(next(9) as u8)][next(2)],
                },
                11 => Edit::Hidden {
                    unit: next(ed.level.units.len() + 1),
                    hidden: next(2) == 0,
                },
                12 => Edit::Role {
                    side: next(ed.level.sides.len() + 1),
                    role: [None, Some(Role::Pc), Some(Role::Npc)][next(3)],
                },
                13 => Edit::Hazard {
                    at: cell,
                    hazard: (next(3) > 0).then(|| EdHazard {
                        cell,
                        kind: [HazardKind::Trap, HazardKind::FallingRocks][next(2)],
                        dc: 1 + next(20) as i32,
                        damage: ["1d6", "2d8"][next(2)].into(),
                    }),
                },
                7 => Edit::Grid(if next(2) == 0 {
                    GridKind::Square
                } else {
                    GridKind::Hex
                }),
                _ => Edit::Resize {
                    width: 3 + next(6),
                    height: 3 + next(6),
                },
            };
            let before = ed.level.clone();
            match ed.apply(e.clone()) {
                Err(_) => assert_eq!(ed.level, before, "{r}: refused {e:?} changed the level"),
                Ok(()) => {
                    let kind = format!("{e:?}");
                    new_kinds
                        .insert(kind[..kind.find([' ', '(']).unwrap_or(kind.len())].to_string());
                }
            }
            if next(8) == 0 {
                ed.undo();
            }
            match ed.level.save(&path) {
                Ok(()) => {
                    level::load(&path).unwrap_or_else(|e| panic!("{r}: saved, refused: {e}"));
                    on_disk = std::fs::read_to_string(&path).ok();
                    saved += 1;
                }
                Err(troubles) => {
                    assert!(!troubles.is_empty());
                    assert_eq!(std::fs::read_to_string(&path).ok(), on_disk, "{r}");
                    refused += 1;
                }
            }
        }
    }
    assert!(
        saved > 50 && refused > 10,
        "saved {saved}, refused {refused}"
    );
    for k in ["Loadout", "Facing", "Hidden", "Role", "Hazard"] {
        assert!(new_kinds.contains(k), "no {k} edit was made: {new_kinds:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
