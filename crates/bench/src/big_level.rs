//! `skirmish-bench --gen-level RULESET --per-side N --size WxH --grid hex|square [--out
//! FILE]`: a big battle for the scale table (issue 34): an open map with two facing lines
//! of units, Red on the left and Blue on the right, every side played by the AI. Each line
//! is a few columns deep, centred on the map's middle rows: the front columns melee units,
//! every third unit an archer (an archetype with a ranged weapon) when the ruleset's
//! catalogue has both, cycling through its archetypes of each kind.

use skirmish_rules::components::WeaponKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::Catalogue;
use skirmish_rules::rulesets::RulesetId;

/// Cells between the two lines' front columns.
const GAP: usize = 12;

/// What `--gen-level` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// Ruleset.
    pub ruleset: RulesetId,
    /// Units a side.
    pub per_side: usize,
    /// Map width and height in cells.
    pub size: (usize, usize),
    /// Grid.
    pub grid: GridKind,
}

/// The ruleset named `s` (as levels spell it: `flow`, `tactical-d20`, …).
pub fn ruleset(s: &str) -> Result<RulesetId, String> {
    RulesetId::ALL
        .into_iter()
        .find(|r| r.to_string() == s)
        .ok_or_else(|| {
            let all: Vec<String> = RulesetId::ALL.iter().map(|r| r.to_string()).collect();
            format!("unknown ruleset {s:?} (one of: {})", all.join(", "))
        })
}

/// Read `--gen-level RULESET --per-side N --size WxH --grid hex|square` from `args`.
pub fn spec(args: &[String]) -> Result<Spec, String> {
    let value = |flag: &str| -> Result<&str, String> {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
            .ok_or_else(|| format!("{flag} needs a value"))
    };
    let ruleset = ruleset(value("--gen-level")?)?;
    let per_side: usize = value("--per-side")?
        .parse()
        .map_err(|_| "--per-side must be a whole number".to_string())?;
    let size = value("--size")?;
    let (w, h) = size
        .split_once(['x', '×'])
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .ok_or_else(|| format!("--size must be WIDTHxHEIGHT, not {size:?}"))?;
    let grid = match value("--grid").unwrap_or("hex") {
        "hex" => GridKind::Hex,
        "square" => GridKind::Square,
        g => return Err(format!("--grid must be hex or square, not {g:?}")),
    };
    Ok(Spec {
        ruleset,
        per_side,
        size: (w, h),
        grid,
    })
}

/// The level text of `spec`, or why it cannot be made (no archetypes, the units do not
/// fit).
pub fn level_text(spec: &Spec) -> Result<String, String> {
    let Spec {
        ruleset,
        per_side,
        size: (w, h),
        grid,
    } = *spec;
    if per_side == 0 {
        return Err("--per-side must be at least 1".into());
    }
    if w < GAP + 4 || h < 3 || w > 1024 || h > 1024 {
        return Err(format!(
            "the map must be {}×3 to 1024×1024 cells, not {w}×{h}",
            GAP + 4
        ));
    }
    let cat = Catalogue::builtin(ruleset);
    let ranged = |a: &skirmish_rules::level::Archetype| {
        a.weapons.iter().any(|n| {
            cat.weapons
                .get(n)
                .is_some_and(|wp| wp.kind == WeaponKind::Ranged)
        })
    };
    let (archers, melee): (Vec<_>, Vec<_>) = cat.archetypes.iter().partition(|(_, a)| ranged(a));
    let archers: Vec<&str> = archers.into_iter().map(|(n, _)| n.as_str()).collect();
    let melee: Vec<&str> = melee.into_iter().map(|(n, _)| n.as_str()).collect();
    if archers.is_empty() && melee.is_empty() {
        return Err(format!("{ruleset} has no archetypes"));
    }
    // Rows a column holds (a row free above and below), and columns a line needs.
    let rows = (h - 2).min(per_side);
    let columns = per_side.div_ceil(rows);
    let centre = w / 2;
    if centre < GAP / 2 + columns || centre + GAP / 2 + columns > w {
        return Err(format!(
            "{per_side} units a side in {columns} columns of {rows} do not fit a map {w} wide"
        ));
    }
    let top = (h - rows) / 2;
    let (mut a, mut m) = (0, 0);
    let mut units = String::new();
    for (side, name) in ["Red", "Blue"].iter().enumerate() {
        for k in 0..per_side {
            let (col, row) = (k / rows, k % rows);
            let x = if side == 0 {
                centre - GAP / 2 - 1 - col
            } else {
                centre + GAP / 2 + col
            };
            let y = top + row;
            // Every third unit an archer when there are both kinds.
            let archer = melee.is_empty() || (!archers.is_empty() && k % 3 == 2);
            let archetype = if archer {
                a += 1;
                archers[(a - 1) % archers.len()]
            } else {
                m += 1;
                melee[(m - 1) % melee.len()]
            };
            units.push_str(&format!(
                "Unit(name: \"{name}{k}\", side: \"{name}\", cell: ({x}, {y}), archetype: \"{archetype}\"),\n"
            ));
        }
    }
    let row = format!("\"{}\"", ".".repeat(w));
    let map = vec![row; h].join(",\n");
    Ok(format!(
        "Level(name: \"{ruleset} {per_side} a side on {w}x{h}\", ruleset: \"{ruleset}\", grid: {grid:?}, seed: 1,\n\
         map: [{map}],\n\
         sides: [Side(name: \"Red\", colour: \"#c83c3c\", controller: Ai), Side(name: \"Blue\", colour: \"#3c6ec8\", controller: Ai)],\n\
         units: [{units}])\n"
    ))
}

/// `--gen-level …`: print the level, or write it to `--out FILE`.
pub fn main(args: &[String]) -> std::process::ExitCode {
    let text = spec(args).and_then(|s| level_text(&s));
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("skirmish-bench --gen-level: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1));
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                eprintln!("skirmish-bench --gen-level: cannot write {path}: {e}");
                return std::process::ExitCode::from(3);
            }
        }
        None => print!("{text}"),
    }
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use skirmish_rules::level;
    use skirmish_rules::rulesets::Registry;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    /// Generated levels of every ruleset on both grids load as `skirmish check` loads them
    /// (`level::load` of the written file), with the units asked for, archers among them
    /// where the ruleset has any.
    #[test]
    fn generated_levels_of_every_ruleset_and_grid_load() {
        let dir = std::env::temp_dir().join(format!("skirmish-gen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
            for grid in ["hex", "square"] {
                for (n, size) in [(25, "256x256"), (8, "24x24"), (40, "40x20")] {
                    let s = spec(&args(&format!(
                        "--gen-level {r} --per-side {n} --size {size} --grid {grid}"
                    )))
                    .expect("spec");
                    let text = level_text(&s).expect("level text");
                    let path = dir.join(format!("{r}-{grid}-{n}.ron"));
                    std::fs::write(&path, &text).expect("write");
                    let l =
                        level::load(&path).unwrap_or_else(|e| panic!("{r} {grid} {n} {size}: {e}"));
                    assert_eq!(l.units.len(), 2 * n, "{r} {grid} {size}");
                    assert_eq!(l.ruleset, r);
                    assert_eq!(l.grid.kind.to_string(), grid);
                    let cat = Catalogue::builtin(r);
                    let has_ranged = cat.archetypes.values().any(|a| {
                        a.weapons
                            .iter()
                            .any(|w| cat.weapons[w].kind == WeaponKind::Ranged)
                    });
                    let archers = l
                        .units
                        .iter()
                        .filter(|u| {
                            cat.archetypes[u.archetype.as_deref().unwrap_or("")]
                                .weapons
                                .iter()
                                .any(|w| cat.weapons[w].kind == WeaponKind::Ranged)
                        })
                        .count();
                    assert_eq!(archers > 0, has_ranged, "{r}: archers {archers}");
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_requests_are_refused_with_a_reason() {
        let e = |s: &str| {
            spec(&args(s))
                .and_then(|s| level_text(&s))
                .expect_err("refused")
        };
        assert!(e("--gen-level chess --per-side 5 --size 40x40").contains("unknown ruleset"));
        assert!(e("--gen-level flow --per-side x --size 40x40").contains("whole number"));
        assert!(e("--gen-level flow --per-side 5 --size 40").contains("WIDTHxHEIGHT"));
        assert!(e("--gen-level flow --per-side 5 --size 40x40 --grid tri").contains("hex or"));
        assert!(e("--gen-level flow --per-side 500 --size 20x5").contains("do not fit"));
        assert!(e("--gen-level flow --per-side 0 --size 40x40").contains("at least 1"));
    }
}
