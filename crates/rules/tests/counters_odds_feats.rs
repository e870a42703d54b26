//! counters' attack odds (the AI's asks, no words) against targets with and without the
//! proficiency feats, with and without a proficiency bonus: issue 36's second pass reads
//! the target's feats once for both, and only when its bonus adds something. The seed:
//! "Passive Dodge = Agility (+ proficiency if proficient)" and the passive absorption
//! "Strength mod (+ proficiency if proficient)" (`docs/rules/counters.md`).

use skirmish_rules::Battle;
use skirmish_rules::event::AttackKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;
use skirmish_rules::rulesets::counters;

use crate::support::id;

/// Targets: Agility 14, Str 16, the proficiency bonus and feats as named.
const UNITS: &str = r#"archetypes: {
        "reaver": (hp: 60, stats: {Str: 16, Agility: 10, Proficiency: 2}, weapons: ["maul"]),
        "both3": (hp: 60, stats: {Str: 16, Agility: 14, Proficiency: 3}, weapons: ["spear"],
            feats: ["Agility proficiency", "Strength proficiency"]),
        "both0": (hp: 60, stats: {Str: 16, Agility: 14, Proficiency: 0}, weapons: ["spear"],
            feats: ["Strength proficiency", "Agility proficiency"]),
        "agile2": (hp: 60, stats: {Str: 16, Agility: 14, Proficiency: 2}, weapons: ["spear"],
            feats: ["Agility proficiency"]),
        "strong2": (hp: 60, stats: {Str: 16, Agility: 14, Proficiency: 2}, weapons: ["spear"],
            feats: ["Strength proficiency"]),
        "none3": (hp: 60, stats: {Str: 16, Agility: 14, Proficiency: 3}, weapons: ["spear"]),
    }"#;

fn battle(kind: GridKind) -> Battle {
    let map = vec![format!("\"{}\"", ".".repeat(10)); 7].join(", ");
    let units = [
        ("Reaver", "Red", 0, "reaver"),
        ("Both3", "Blue", 2, "both3"),
        ("Both0", "Blue", 3, "both0"),
        ("Agile2", "Blue", 4, "agile2"),
        ("Strong2", "Blue", 5, "strong2"),
        ("None3", "Blue", 6, "none3"),
    ]
    .iter()
    .map(|(n, s, y, a)| {
        format!(r#"Unit(name: "{n}", side: "{s}", cell: (1, {y}), archetype: "{a}")"#)
    })
    .collect::<Vec<_>>()
    .join(", ");
    let src = format!(
        r##"Level(name: "feats", ruleset: "counters", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], weapons: {{"maul": (damage: "2d10")}}, {UNITS})"##
    );
    let l = level::parse(&src, "feats").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, Vec::new()).unwrap_or_else(|e| panic!("{e}"))
}

// The reaver's maul: d20 + 5 (proficiency 2 + Str mod 3), 2d10 + 3 (crit 4d10 + 3). Each
// target's Passive Dodge and absorption by hand: a feat adds the bonus only with one.
#[test]
fn odds_count_the_proficiency_feats_only_where_they_add() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let b = battle(kind);
        let r = id(&b, "Reaver");
        // (target, dodge, absorption)
        for (name, dodge, absorbs) in [
            ("Both3", 14 + 3, 3 + 3),
            ("Both0", 14, 3),
            ("Agile2", 14 + 2, 3),
            ("Strong2", 14, 3 + 2),
            ("None3", 14, 3),
        ] {
            let t = id(&b, name);
            assert_eq!(
                counters::passive_dodge(&b, t)
                    .iter()
                    .map(|m| m.value)
                    .sum::<i32>(),
                dodge,
                "{name}"
            );
            assert_eq!(counters::absorption(&b, t, false), absorbs, "{name}");
            let o = b.rules().odds(&b, r, t, 0, AttackKind::Normal, false);
            // Faces 2–19 hit when face + 5 ≥ dodge; 20 always.
            let faces = (2..=19).filter(|f| f + 5 >= dodge).count() + 1;
            assert_eq!(o.hit, faces as f64 / 20.0, "{name}");
            let after = |lo: i32, hi: i32| ((lo - absorbs).max(0), (hi - absorbs).max(0));
            assert_eq!(o.damage, after(2 + 3, 20 + 3), "{name}");
            assert_eq!(o.crit_damage, after(4 + 3, 40 + 3), "{name}");
            let (plain, crit) = o.dists.expect("counted distributions");
            assert_eq!((plain.range(), crit.range()), (o.damage, o.crit_damage));
        }
    }
}
