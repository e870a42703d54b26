//! "Did you mean …?" (issue 35): an unknown name in a level or a script is answered with
//! the closest known names, at its line and column, on a shipped level of every ruleset.

use skirmish_rules::level::{self, Catalogue};
use skirmish_rules::script::{self, Script};
use skirmish_rules::vocab::RulesetId;

use crate::support::repo;

/// One shipped level per ruleset.
const LEVELS: [&str; 5] = [
    "flow-bridge",
    "tactical-d20-ambush",
    "escalation-crossroads",
    "melee-zone-ambush",
    "counters-ford",
];

/// `name` with its 2nd and 3rd letters swapped: one edit away ("knight" → "kinght").
fn typo(name: &str) -> String {
    let mut c: Vec<char> = name.chars().collect();
    c.swap(1, 2);
    c.into_iter().collect()
}

/// The text between the first `key: "` and the next `"`.
fn first_value<'a>(src: &'a str, key: &str) -> &'a str {
    let at = src.find(&format!("{key}: \"")).expect(key) + key.len() + 3;
    let end = src[at..].find('"').expect("closing quote") + at;
    &src[at..end]
}

/// The level's problems, each `LINE:COL: message`.
fn problems(src: &str) -> Vec<String> {
    match level::parse(src, "t.ron") {
        Ok(_) => Vec::new(),
        Err(e) => e
            .problems
            .iter()
            .map(|p| format!("{}:{}: {}", p.pos.line, p.pos.col, p.message))
            .collect(),
    }
}

/// Line and column (1-based) of byte `at` in `src`.
fn line_col(src: &str, at: usize) -> String {
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
    format!("{line}:{col}")
}

#[test]
fn unknown_archetype_weapon_side_condition_and_field_are_answered_on_every_ruleset() {
    for name in LEVELS {
        let full = std::fs::read_to_string(repo(&format!("levels/{name}.ron"))).unwrap();
        // From `Level(` on: the comments above it name fields too.
        let src = full[full.find("Level(").unwrap()..].to_string();
        let ruleset = RulesetId::parse(first_value(&src, "ruleset")).unwrap();
        let one = |from: &str, to: &str| src.replacen(from, to, 1);

        // Archetype: the first unit's, one letter pair swapped; at its value.
        let arch = first_value(&src, "archetype");
        let bad = one(
            &format!("archetype: \"{arch}\""),
            &format!("archetype: \"{}\"", typo(arch)),
        );
        let at = line_col(&bad, bad.find(&format!("\"{}\"", typo(arch))).unwrap());
        let p = problems(&bad);
        assert!(
            p.iter().any(|m| m.starts_with(&format!(
                "{at}: unknown archetype `{}`; did you mean `{arch}`",
                typo(arch)
            ))),
            "{name}: {p:?}"
        );

        // Weapon: one of the ruleset's, mistyped, given to the first unit.
        let cat = Catalogue::builtin(ruleset);
        let weapon = cat.weapons.keys().find(|w| w.chars().count() >= 5).unwrap();
        let bad = one(
            &format!("archetype: \"{arch}\""),
            &format!("archetype: \"{arch}\", weapons: [\"{}\"]", typo(weapon)),
        );
        let p = problems(&bad);
        assert!(
            p.iter().any(
                |m| m.contains(&format!("unknown weapon `{}`", typo(weapon)))
                    && m.contains("did you mean")
                    && m.contains(&format!("`{weapon}`"))
            ),
            "{name}: {p:?}"
        );

        // Side: the first unit's.
        let side = first_value(&src, "side");
        let bad = one(
            &format!("side: \"{side}\""),
            &format!("side: \"{}\"", typo(side)),
        );
        let p = problems(&bad);
        assert!(
            p.iter().any(|m| m.contains(&format!(
                "is on unknown side `{}`; did you mean `{side}`?",
                typo(side)
            ))),
            "{name}: {p:?}"
        );

        // Condition: a misspelt Prone.
        let bad = one(
            &format!("archetype: \"{arch}\""),
            &format!("archetype: \"{arch}\", conditions: {{Porne: UntilRemoved}}"),
        );
        let p = problems(&bad);
        assert!(
            p.iter()
                .any(|m| m.contains("unknown value `Porne`") && m.contains("did you mean `Prone`")),
            "{name}: {p:?}"
        );

        // A field: `archetyp:`.
        let bad = one("archetype: ", "archetyp: ");
        let p = problems(&bad);
        assert!(
            p.iter().any(|m| m.contains("unknown field `archetyp`")
                && m.contains("did you mean `archetype`?")),
            "{name}: {p:?}"
        );

        // The ruleset itself.
        let id = ruleset.id();
        let bad = one(
            &format!("ruleset: \"{id}\""),
            &format!("ruleset: \"{}\"", typo(id)),
        );
        let p = problems(&bad);
        assert!(
            p.iter()
                .any(|m| m.contains(&format!("did you mean `{id}`"))),
            "{name}: {p:?}"
        );

        // Nothing close: no suggestion, the known names as before.
        let bad = one(
            &format!("archetype: \"{arch}\""),
            "archetype: \"zzzzzzzzzzzz\"",
        );
        let p = problems(&bad);
        assert!(
            p.iter()
                .any(|m| m.contains("unknown archetype `zzzzzzzzzzzz` (known: ")),
            "{name}: {p:?}"
        );
        assert!(
            !p.iter().any(|m| m.contains("did you mean")),
            "{name}: {p:?}"
        );
    }
}

#[test]
fn a_script_naming_a_mistyped_unit_ability_or_step_is_answered() {
    for name in LEVELS {
        let l = level::load(&repo(&format!("levels/{name}.ron"))).unwrap();
        let first = l.units[0].name.clone();
        let s = Script::parse(&format!(
            "Script(commands: [Move(unit: \"{}\", to: (0, 0))])",
            typo(&first)
        ))
        .unwrap();
        let mut b = script::start(&l, 1, &s).unwrap();
        let stop = script::run(&mut b, &s).unwrap_err();
        assert!(
            stop.reason.contains(&format!(
                "there is no unit named `{}`; did you mean `{first}`",
                typo(&first)
            )),
            "{name}: {}",
            stop.reason
        );
    }
    // A mistyped step: the parser's line and column, and the step meant.
    let e = Script::parse("Script(commands: [\n  EndTrun,\n])").unwrap_err();
    assert!(
        e.starts_with("2:3: ") && e.contains("did you mean `EndTurn`?"),
        "{e}"
    );
    // A mistyped ability: the unit's own abilities are offered.
    let l = level::load(&repo("levels/flow-arcane-tower.ron")).unwrap();
    let caster = l.units.iter().find(|u| !u.abilities.is_empty()).unwrap();
    let spell = caster.abilities[0].name.clone();
    let s = Script::parse(&format!(
        "Script(commands: [Cast(unit: \"{}\", ability: \"{}\")])",
        caster.name,
        typo(&spell)
    ))
    .unwrap();
    let mut b = script::start(&l, 1, &s).unwrap();
    let stop = script::run(&mut b, &s).unwrap_err();
    assert!(
        stop.reason.contains(&format!("did you mean `{spell}`")),
        "{}",
        stop.reason
    );
}
