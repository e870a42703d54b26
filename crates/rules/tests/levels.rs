use skirmish_rules::level;

use crate::support::repo;

#[test]
fn shipped_levels_are_valid() {
    for f in [
        "flow-bridge",
        "flow-courtyard",
        "flow-warfront",
        "tactical-d20-ambush",
    ] {
        let l = level::load(&repo(&format!("levels/{f}.ron")));
        assert!(l.is_ok(), "{f}: {}", l.unwrap_err());
    }
}

#[test]
fn every_semantic_error_is_listed_with_line_and_col() {
    let e = level::load(&repo("tests/fixtures/bad-semantics.ron")).unwrap_err();
    let got: Vec<(usize, usize, &str)> = e
        .problems
        .iter()
        .map(|p| (p.pos.line, p.pos.col, p.message.as_str()))
        .collect();
    let want = [
        (
            4,
            14,
            "unknown ruleset `chess` (known: counters, escalation, flow, melee-zone, tactical-d20)",
        ),
        (9, 9, "ragged map: row 2 has 5 cells but row 0 has 6"),
        (15, 9, "side `C` has no units"),
        (18, 44, "unit `off` at (9, 9) is off the map (6×4)"),
        (19, 47, "unit `walled` at (2, 1) stands on a wall"),
        (21, 47, "units `first` and `second` are both on (0, 0)"),
        (
            22,
            63,
            "unknown archetype `wizard` (known: archer, brute, duelist, fighter, goblin, pikeman)",
        ),
        (23, 86, "unknown weapon `lightsaber` for unit `armed`"),
    ];
    assert_eq!(got, want);
    assert!(
        e.to_string()
            .contains("bad-semantics.ron:18:44: unit `off`")
    );
}

#[test]
fn syntax_error_has_file_line_col() {
    let e = level::load(&repo("tests/fixtures/bad-syntax.ron")).unwrap_err();
    assert_eq!(e.problems.len(), 1);
    assert_eq!((e.problems[0].pos.line, e.problems[0].pos.col), (6, 5));
}

#[test]
fn unknown_map_char_points_at_the_character() {
    let src = "Level(name: \"x\", ruleset: \"flow\", grid: Hex,\n map: [\"..\", \".X\"],\n sides: [Side(name: \"A\", colour: \"#000000\")],\n units: [Unit(name: \"u\", side: \"A\", cell: (0, 0), archetype: \"fighter\")])";
    let e = level::parse(src, "x.ron").unwrap_err();
    assert_eq!(
        e.to_string(),
        "x.ron:2:16: unknown map character `X` (not in the legend)"
    );
}

#[test]
fn garbage_never_panics() {
    // Truncations and mutations of a real level: every one must give errors or a level.
    let src = std::fs::read_to_string(repo("levels/flow-bridge.ron")).unwrap();
    for cut in (0..src.len()).step_by(7) {
        if src.is_char_boundary(cut) {
            let _ = level::parse(&src[..cut], "cut.ron");
        }
    }
    for junk in [
        "",
        "(",
        "Level(",
        "[]",
        "\"",
        "Level(map: [\"\"])",
        "r#\"",
        "/*",
    ] {
        assert!(level::parse(junk, "j.ron").is_err());
    }
}

#[test]
fn one_level_reads_as_either_grid() {
    let l = level::load(&repo("levels/flow-bridge.ron")).unwrap();
    let sq = l.clone().with_grid(skirmish_rules::grid::GridKind::Square);
    assert_eq!(sq.grid.kind, skirmish_rules::grid::GridKind::Square);
    assert_eq!(
        (sq.grid.width, sq.grid.height),
        (l.grid.width, l.grid.height)
    );
    assert!(skirmish_rules::Battle::new(sq, 1, vec![]).is_ok());
}

#[test]
fn a_negative_stalemate_count_is_refused_at_its_line() {
    let src = r##"Level(name: "x", ruleset: "flow", grid: Square, map: ["..."],
    sides: [Side(name: "A", colour: "#c83c3c"), Side(name: "B", colour: "#3c6ec8")],
    units: [Unit(name: "a", side: "A", cell: (0, 0), archetype: "fighter"),
            Unit(name: "b", side: "B", cell: (2, 0), archetype: "fighter")],
    stalemate_rounds: -3)"##;
    let e = level::parse(src, "x").unwrap_err();
    let got: Vec<(usize, &str)> = e
        .problems
        .iter()
        .map(|p| (p.pos.line, p.message.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![(
            5,
            "stalemate_rounds is -3; it must be 0 (off) or a number of rounds"
        )]
    );
    let ok = src.replace("-3", "0");
    assert_eq!(level::parse(&ok, "x").unwrap().stalemate_rounds, 0);
}
