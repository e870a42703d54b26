//! The level editor's model, round 2 (issue 35): a unit's weapons and feats picked from
//! the ruleset's catalogue, its facing and hidden, a side's PC/NPC role and a counters
//! level's hazards, each an undoable edit that the loader reads back; edits a ruleset
//! does not read are refused; `skirmish run --ai` with a mistyped side offers the name.

use std::path::PathBuf;

use skirmish::editor::{EdHazard, Edit, Editor, EditorLevel, Pick, choices};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{self, Catalogue, HazardKind, Role};
use skirmish_rules::rulesets::{Registry, RulesetId};

use crate::repo;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-editor2-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn c(x: i32, y: i32) -> Cell {
    Cell { x, y }
}

/// A level of `r` with one unit of the catalogue's first archetype on each side.
fn two_units(r: RulesetId) -> Editor {
    let arch = Catalogue::builtin(r).archetypes.keys().next().cloned();
    let mut ed = Editor::new(EditorLevel::new(r.id(), GridKind::Square, 6, 4));
    for (side, cell) in [("Red", c(0, 0)), ("Blue", c(5, 3))] {
        ed.apply(Edit::Place {
            side: side.into(),
            cell,
            archetype: arch.clone(),
            name: None,
        })
        .unwrap();
    }
    ed
}

#[test]
fn choices_are_the_catalogue_skirmish_catalogue_prints() {
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        let cat = Catalogue::builtin(r);
        let printed = skirmish::catalogue::render(r, false);
        let weapons = choices(r.id(), Pick::Weapon);
        let names: Vec<&str> = weapons.iter().map(|w| w.name.as_str()).collect();
        let want: Vec<&str> = cat.weapons.keys().map(String::as_str).collect();
        assert_eq!(names, want, "{r}");
        for pick in [Pick::Weapon, Pick::Feat, Pick::Ability] {
            for ch in choices(r.id(), pick) {
                assert!(!ch.text.is_empty(), "{r} {pick:?} {}", ch.name);
                assert!(printed.contains(&ch.name), "{r}: {} not printed", ch.name);
            }
        }
        let feats = choices(r.id(), Pick::Feat).len();
        let all: std::collections::BTreeSet<&String> =
            cat.archetypes.values().flat_map(|a| &a.feats).collect();
        assert_eq!(feats, all.len(), "{r}");
    }
    assert_eq!(choices("nonsense", Pick::Weapon), []);
}

#[test]
fn weapons_feats_facing_hidden_and_role_are_undoable_and_the_loader_reads_them() {
    let r = RulesetId::MeleeZone;
    let mut ed = two_units(r);
    let start = ed.level.clone();
    let weapons: Vec<String> = choices(r.id(), Pick::Weapon)
        .into_iter()
        .rev()
        .take(2)
        .map(|w| w.name)
        .collect();
    let feat = choices(r.id(), Pick::Feat)[0].name.clone();
    let edits = [
        Edit::Loadout {
            unit: 0,
            pick: Pick::Weapon,
            names: weapons.clone(),
        },
        Edit::Loadout {
            unit: 1,
            pick: Pick::Feat,
            names: vec![feat.clone()],
        },
        Edit::Facing {
            unit: 0,
            facing: Some(6),
        },
        Edit::Hidden {
            unit: 1,
            hidden: true,
        },
        Edit::Role {
            side: 1,
            role: Some(Role::Pc),
        },
    ];
    let mut states = vec![ed.level.clone()];
    for e in edits {
        ed.apply(e.clone()).unwrap_or_else(|m| panic!("{e:?}: {m}"));
        assert_ne!(ed.level, *states.last().unwrap(), "{e:?} changed nothing");
        states.push(ed.level.clone());
    }
    assert_eq!(ed.level.units[0].picked(Pick::Weapon), weapons);
    assert_eq!(ed.level.units[1].picked(Pick::Feat), vec![feat.clone()]);
    assert_eq!(ed.level.units[0].facing(), Some(6));
    assert!(ed.level.units[1].hidden());

    let dir = scratch("loadout");
    let path = dir.join("m.ron");
    ed.level.save(&path).unwrap_or_else(|t| panic!("{t:?}"));
    let loaded = level::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = loaded.units[0]
        .weapons
        .iter()
        .map(|w| w.name.as_str())
        .collect();
    assert_eq!(
        names,
        weapons.iter().map(String::as_str).collect::<Vec<_>>()
    );
    assert!(
        loaded.units[1].feats.contains(&feat),
        "{:?}",
        loaded.units[1].feats
    );
    assert_eq!(loaded.units[0].facing.0, 6);
    assert!(loaded.units[1].hidden && !loaded.units[0].hidden);
    assert_eq!(loaded.sides[1].role, Role::Pc);
    // load → save → load unchanged.
    let back = EditorLevel::load(&path).unwrap();
    assert_eq!(back, ed.level);
    let again = dir.join("again.ron");
    back.save(&again).unwrap();
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        std::fs::read_to_string(&path).unwrap()
    );

    // Undo walks back through every state; redo forward.
    for want in states.iter().rev().skip(1) {
        assert!(ed.undo());
        assert_eq!(ed.level, *want);
    }
    assert_eq!(ed.level, start);
    for want in states.iter().skip(1) {
        assert!(ed.redo());
        assert_eq!(ed.level, *want);
    }
    // Empty lists and None take the fields away again.
    ed.apply(Edit::Loadout {
        unit: 0,
        pick: Pick::Weapon,
        names: vec![],
    })
    .unwrap();
    ed.apply(Edit::Facing {
        unit: 0,
        facing: None,
    })
    .unwrap();
    assert_eq!(ed.level.units[0].extra, start.units[0].extra);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn edits_a_ruleset_does_not_read_or_that_do_not_fit_are_refused_and_change_nothing() {
    let mut flow = two_units(RulesetId::Flow);
    let mut mz = two_units(RulesetId::MeleeZone);
    let hazard = EdHazard {
        cell: c(2, 2),
        kind: HazardKind::Trap,
        dc: 12,
        damage: "1d6".into(),
    };
    let cases: Vec<(bool, Edit, &str)> = vec![
        (
            true,
            Edit::Facing {
                unit: 0,
                facing: Some(1),
            },
            "does not read a unit's facing",
        ),
        (
            true,
            Edit::Hazard {
                at: c(2, 2),
                hazard: Some(hazard.clone()),
            },
            "does not fire hazards",
        ),
        (
            true,
            Edit::Hidden {
                unit: 0,
                hidden: true,
            },
            "does not read `hidden`",
        ),
        (
            false,
            Edit::Facing {
                unit: 0,
                facing: Some(8),
            },
            "directions are 0 (east) to 7",
        ),
        (
            false,
            Edit::Loadout {
                unit: 0,
                pick: Pick::Ability,
                names: vec!["x".into()],
            },
            "archetype's abilities",
        ),
        (
            false,
            Edit::Hidden {
                unit: 9,
                hidden: true,
            },
            "there is no unit 10",
        ),
        (
            false,
            Edit::Role {
                side: 5,
                role: None,
            },
            "there is no side 6",
        ),
    ];
    for (is_flow, e, why) in cases {
        let ed = if is_flow { &mut flow } else { &mut mz };
        let before = ed.level.clone();
        let err = ed.apply(e.clone()).unwrap_err();
        assert!(err.contains(why), "{e:?}: {err}");
        assert_eq!(ed.level, before);
    }
    assert!(!flow.can_redo());
}

#[test]
fn hazards_are_placed_replaced_and_removed_on_a_counters_level_and_saved_as_the_loader_reads() {
    let path = repo("levels/counters-shrine.ron");
    let lvl = EditorLevel::load(&path).unwrap();
    let start = lvl.hazards();
    assert_eq!(start.len(), 5, "{start:?}");
    let rune = lvl.hazard_at(c(4, 3)).unwrap();
    assert_eq!(rune.kind, HazardKind::MagicalBurst { radius: 2 });
    assert_eq!(
        rune.to_ron(),
        r#"Hazard(cell: (4, 3), kind: MagicalBurst(dc: 14, damage: "2d8", radius: 2))"#
    );
    assert_eq!(lvl.hazard_at(c(6, 0)).unwrap().damage, "2d6");
    let mut ed = Editor::new(lvl.clone());
    let free = (0..ed.level.width() as i32)
        .map(|x| c(x, 1))
        .find(|&p| ed.level.unit_at(p).is_none() && ed.level.hazard_at(p).is_none())
        .unwrap();
    let rocks = EdHazard {
        cell: free,
        kind: HazardKind::FallingRocks,
        dc: 15,
        damage: "3d6".into(),
    };
    ed.apply(Edit::Hazard {
        at: free,
        hazard: Some(rocks.clone()),
    })
    .unwrap();
    ed.apply(Edit::Hazard {
        at: c(6, 0),
        hazard: None,
    })
    .unwrap();
    let mut moved = rocks.clone();
    moved.dc = 9;
    ed.apply(Edit::Hazard {
        at: free,
        hazard: Some(moved.clone()),
    })
    .unwrap();
    assert_eq!(ed.level.hazards().len(), 5);
    assert_eq!(ed.level.hazard_at(free), Some(moved));
    let dir = scratch("hazards");
    let out = dir.join("shrine.ron");
    ed.level.save(&out).unwrap_or_else(|t| panic!("{t:?}"));
    let loaded = level::load(&out).unwrap_or_else(|e| panic!("{e}"));
    let h = loaded.hazards.iter().find(|h| h.cell == free).unwrap();
    assert_eq!((h.kind, h.dc), (HazardKind::FallingRocks, 9));
    assert!(!loaded.hazards.iter().any(|h| h.cell == c(6, 0)));
    assert_eq!(EditorLevel::load(&out).unwrap(), ed.level);
    // A hazard off the map is refused; undo goes back to the file as shipped.
    let off = EdHazard {
        cell: c(99, 0),
        ..rocks
    };
    assert!(
        ed.apply(Edit::Hazard {
            at: c(99, 0),
            hazard: Some(off)
        })
        .unwrap_err()
        .contains("off the map")
    );
    while ed.undo() {}
    assert_eq!(ed.level, lvl);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_ai_with_a_mistyped_side_offers_the_side_it_may_mean() {
    let lvl = level::load(&repo("levels/flow-bridge.ron")).unwrap();
    let err = skirmish::run::controllers(&lvl, &["Blue Wach".into()]).unwrap_err();
    assert!(
        err.starts_with("--ai Blue Wach: the level has no such side; did you mean `Blue Watch`?"),
        "{err}"
    );
    let err = skirmish::run::controllers(&lvl, &["al".into()]).unwrap_err();
    assert!(err.contains("did you mean `all`?"), "{err}");
    let err = skirmish::run::controllers(&lvl, &["Zzzzzzzz".into()]).unwrap_err();
    assert!(!err.contains("did you mean"), "{err}");
    assert!(skirmish::run::controllers(&lvl, &["blue watch".into()]).is_ok());
}

#[test]
fn run_stops_at_the_script_file_line_and_column_of_the_illegal_command() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args([
            "run",
            "tests/fixtures/duel.ron",
            "--script",
            "tests/fixtures/illegal-script.ron",
        ])
        .current_dir(repo(""))
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "stopped: tests/fixtures/illegal-script.ron:5:9: command 2 (Attack(unit: \"Sable\", \
             target: \"Sable\")) is illegal: a unit cannot attack itself"
        ),
        "{err}"
    );
}

/// A paint drag is one undo step: `Editor::join` adds an edit to the last step; undo
/// takes the whole step back, redo makes it all again.
#[test]
fn joined_edits_are_one_undo_step() {
    let mut ed = Editor::new(EditorLevel::new("flow", GridKind::Hex, 6, 4));
    let before = ed.level.clone();
    let paint = |x| Edit::Paint {
        at: c(x, 1),
        size: 1,
        terrain: skirmish_rules::level::Terrain::Wall,
    };
    ed.apply(paint(0)).unwrap();
    for x in 1..4 {
        ed.join(paint(x)).unwrap();
    }
    // A refused edit joins nothing and changes nothing.
    let now = ed.level.clone();
    assert!(ed.join(paint(9)).is_err());
    assert_eq!(ed.level, now);
    assert_eq!((ed.steps(), ed.edits().count()), (1, 4));
    let after = ed.level.clone();
    assert!(ed.undo());
    assert_eq!(ed.level, before, "the four cells taken back at once");
    assert!(!ed.can_undo());
    assert!(ed.redo());
    assert_eq!(ed.level, after, "made again at once");
    // With nothing to join, a join is a step of its own.
    let mut fresh = Editor::new(EditorLevel::new("flow", GridKind::Square, 3, 3));
    fresh.join(paint(0)).unwrap();
    assert_eq!(fresh.steps(), 1);
}

/// The editor's "Feat by name": a catalogue feat (any case) is added by its name; a name
/// close to one is not, with "did you mean"; a name close to none is added as written.
#[test]
fn feat_names_typed_in_the_editor_get_did_you_mean() {
    use skirmish::game::editor::unit_panel::feat_by_name;
    assert_eq!(
        feat_by_name("melee-zone", "athlete"),
        Ok("Athlete".to_string())
    );
    let e = feat_by_name("melee-zone", "Athelete").unwrap_err();
    assert_eq!(
        e,
        "`Athelete` is no feat of melee-zone's catalogue; did you mean `Athlete`? (not added)"
    );
    assert_eq!(
        feat_by_name("melee-zone", "Zzzyzx Qqq"),
        Ok("Zzzyzx Qqq".to_string())
    );
    assert!(feat_by_name("melee-zone", "  ").is_err());
    // Every ruleset's catalogue feats are found by their own names.
    for r in RulesetId::ALL {
        for f in choices(r.id(), Pick::Feat) {
            assert_eq!(feat_by_name(r.id(), &f.name), Ok(f.name.clone()));
        }
    }
}
