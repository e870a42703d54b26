//! `skirmish catalogue [RULESET] [--markdown]` (issue 35): every archetype, weapon,
//! armour, feat, spell, ability and condition a level of the ruleset may name, with its
//! numbers and its text, read from the rules crate itself (the ruleset's built-in
//! catalogue, its condition list and its own words for the window), so the reference
//! cannot drift from the game. `docs/catalogue/<ruleset>.md` is this command's
//! `--markdown` output (`tools/catalogue.sh` writes them; a test compares them).

use std::fmt::Write as _;

use skirmish_rules::abilities::{Ability, AbilityKind};
use skirmish_rules::components::{ConditionKind, Stat};
use skirmish_rules::level::{Catalogue, Terrain};
use skirmish_rules::rulesets::explain::Topic;
use skirmish_rules::rulesets::{Registry, RulesetId, foreign_conditions};

/// One section: a title, a line saying what it holds, column names and rows.
struct Table {
    title: &'static str,
    about: String,
    head: Vec<&'static str>,
    rows: Vec<Vec<String>>,
}

/// The catalogue of one ruleset as text: Markdown tables, or aligned plain text.
pub fn render(r: RulesetId, markdown: bool) -> String {
    let tables = tables(r);
    let mut out = String::new();
    if markdown {
        let _ = writeln!(out, "# Catalogue: {}\n", r.id());
        let _ = writeln!(
            out,
            "Everything a `{id}` level may name, with the numbers the game plays. Made by \
             `skirmish catalogue {id} --markdown` (`tools/catalogue.sh`); do not edit: a \
             test fails when this page differs from what the command prints. How a level \
             uses these names: [docs/levels.md](../levels.md).",
            id = r.id()
        );
        for t in &tables {
            let _ = writeln!(out, "\n## {}\n\n{}\n", t.title, t.about);
            if t.rows.is_empty() {
                let _ = writeln!(out, "(none)");
                continue;
            }
            let _ = writeln!(out, "| {} |", t.head.join(" | "));
            let _ = writeln!(out, "|{}", "---|".repeat(t.head.len()));
            for row in &t.rows {
                let cells: Vec<String> = row.iter().map(|c| md_cell(c)).collect();
                let _ = writeln!(out, "| {} |", cells.join(" | "));
            }
        }
    } else {
        let _ = writeln!(out, "Catalogue of {}", r.id());
        for t in &tables {
            let _ = writeln!(out, "\n{} ({}): {}", t.title, t.rows.len(), t.about);
            for row in &t.rows {
                let mut line = format!("  {}", row[0].trim_matches('`'));
                for (h, c) in t.head.iter().zip(row).skip(1) {
                    if !c.is_empty() {
                        let _ = write!(line, "; {h}: {c}");
                    }
                }
                let _ = writeln!(out, "{line}");
            }
        }
    }
    out
}

/// A cell of a Markdown table: `|` escaped, line breaks as spaces.
fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn tables(r: RulesetId) -> Vec<Table> {
    let cat = Catalogue::builtin(r);
    vec![
        archetypes(&cat),
        weapons(&cat),
        armour(&cat),
        feats(&cat),
        abilities(&cat, true),
        abilities(&cat, false),
        conditions(r),
        terrain(r),
    ]
}

fn stats(s: &std::collections::BTreeMap<Stat, i32>) -> String {
    s.iter()
        .map(|(k, v)| format!("{k:?} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn archetypes(cat: &Catalogue) -> Table {
    Table {
        title: "Archetypes",
        about: "A unit's `archetype:`; its own `stats`, `hp`, `weapons` and `feats` go \
                over these."
            .into(),
        head: vec![
            "archetype",
            "HP",
            "size",
            "scores",
            "weapons",
            "abilities",
            "feats",
        ],
        rows: cat
            .archetypes
            .iter()
            .map(|(name, a)| {
                vec![
                    format!("`{name}`"),
                    a.hp.to_string(),
                    format!("{:?}", a.size),
                    stats(&a.stats),
                    a.weapons.join(", "),
                    a.abilities.join(", "),
                    a.feats.join(", "),
                ]
            })
            .collect(),
    }
}

fn weapons(cat: &Catalogue) -> Table {
    Table {
        title: "Weapons",
        about: "A unit's or archetype's `weapons:` (the first is the one in hand); a level \
                may add its own under `weapons:`."
            .into(),
        head: vec![
            "weapon", "kind", "damage", "reach", "range", "crit on", "tags", "item HP",
        ],
        rows: cat
            .weapons
            .iter()
            .map(|(name, w)| {
                vec![
                    format!("`{name}`"),
                    format!("{:?}", w.kind),
                    w.damage.to_string(),
                    w.reach.to_string(),
                    if w.range == 0 {
                        String::new()
                    } else {
                        w.range.to_string()
                    },
                    if w.crit_from >= 20 {
                        "20".into()
                    } else {
                        format!("{}–20", w.crit_from)
                    },
                    w.tags
                        .iter()
                        .map(|t| format!("{t:?}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    w.hp.to_string(),
                ]
            })
            .collect(),
    }
}

/// Armour is part of an archetype in every ruleset: its AC score (`Ac`), the damage it
/// resists by type, its weaknesses, and whether it is magical.
fn armour(cat: &Catalogue) -> Table {
    Table {
        title: "Armour",
        about: "Armour is worn by an archetype, not named on its own: its AC (`Ac` score, \
                where the ruleset has one), energy resistance, weaknesses and magical \
                armour (`magical_armour: true`, counters)."
            .into(),
        head: vec!["archetype", "AC", "resists", "weak to", "magical armour"],
        rows: cat
            .archetypes
            .iter()
            .filter(|(_, a)| {
                a.stats.contains_key(&Stat::Ac)
                    || !a.resist.is_empty()
                    || !a.weak.is_empty()
                    || a.magical_armour
            })
            .map(|(name, a)| {
                vec![
                    format!("`{name}`"),
                    a.stats
                        .get(&Stat::Ac)
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                    a.resist
                        .iter()
                        .map(|(k, v)| format!("{k} {v}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    a.weak.join(", "),
                    if a.magical_armour { "yes" } else { "" }.into(),
                ]
            })
            .collect(),
    }
}

fn feats(cat: &Catalogue) -> Table {
    let mut by_feat: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    for (name, a) in &cat.archetypes {
        for f in &a.feats {
            by_feat.entry(f.as_str()).or_default().push(name.as_str());
        }
    }
    Table {
        title: "Feats",
        about: "The feats and traits the built-in archetypes have (`feats:` of a unit or an \
                archetype adds more; the rules doc says which names the ruleset reads)."
            .into(),
        head: vec!["feat", "archetypes"],
        rows: by_feat
            .into_iter()
            .map(|(f, a)| vec![format!("`{f}`"), a.join(", ")])
            .collect(),
    }
}

fn abilities(cat: &Catalogue, spells: bool) -> Table {
    Table {
        title: if spells { "Spells" } else { "Abilities" },
        about: format!(
            "An archetype's `abilities:`{}; each as the level file writes it (fields at \
             their defaults left out; docs/abilities.md says what each field does).",
            if spells {
                " (kind Spell)"
            } else {
                " that are not spells: class abilities and powers, potions, items"
            }
        ),
        head: vec!["name", "kind", "definition"],
        rows: cat
            .abilities
            .iter()
            .filter(|(_, a)| (a.kind == AbilityKind::Spell) == spells)
            .map(|(name, a)| vec![format!("`{name}`"), format!("{:?}", a.kind), definition(a)])
            .collect(),
    }
}

/// An ability as RON, without its name and without the fields a level may leave out
/// (those equal to the defaults of an ability of its kind and target).
fn definition(a: &Ability) -> String {
    let ron_of = |x: &Ability| ron::ser::to_string(x).unwrap_or_default();
    let full = ron_of(a);
    let blank: Option<Ability> = ron::from_str(&format!(
        "(kind: {:?}, target: {})",
        a.kind,
        ron::ser::to_string(&a.target).unwrap_or_default()
    ))
    .ok();
    let defaults = blank.map(|b| fields(&ron_of(&b))).unwrap_or_default();
    fields(&full)
        .into_iter()
        .filter(|f| !f.starts_with("name:") && !defaults.contains(f))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The top-level `field:value` pieces of a compact RON struct `( … )`.
fn fields(ron: &str) -> Vec<String> {
    let inner = ron
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(ron);
    let (mut out, mut cur, mut depth, mut quoted) = (Vec::new(), String::new(), 0i32, false);
    let mut prev = ' ';
    for c in inner.chars() {
        match c {
            '"' if prev != '\\' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                out.push(std::mem::take(&mut cur));
                prev = c;
                continue;
            }
            _ => {}
        }
        cur.push(c);
        prev = c;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn conditions(r: RulesetId) -> Table {
    let (Some(rules), Some(view)) = (r.rules(), r.view()) else {
        return Table {
            title: "Conditions",
            about: "The ruleset is not playable yet.".into(),
            head: vec!["condition"],
            rows: Vec::new(),
        };
    };
    let foreign = foreign_conditions(rules);
    Table {
        title: "Conditions",
        about: "A unit's `conditions: {Name: duration}` at the start, and what lands in \
                play; the badge is the letter on its token. Conditions of other rulesets \
                are refused."
            .into(),
        head: vec!["condition", "badge", "what it does", "rule"],
        rows: ConditionKind::ALL
            .into_iter()
            .filter(|k| !foreign.contains(k) && rules.refused_condition(*k).is_none())
            .filter_map(|k| {
                let e = view.explain(Topic::Condition(k))?;
                Some(vec![
                    format!("`{k:?}`"),
                    view.condition_badge(k).to_string(),
                    e.text.to_string(),
                    e.source.to_string(),
                ])
            })
            .collect(),
    }
}

fn terrain(r: RulesetId) -> Table {
    let view = r.view();
    Table {
        title: "Terrain",
        about: "The map's `legend:` values (`.` floor and `#` wall need none).".into(),
        head: vec!["terrain", "what it does"],
        rows: Terrain::ALL
            .into_iter()
            .map(|t| {
                let text = view
                    .and_then(|v| v.explain(Topic::Terrain(t)))
                    .map(|e| e.text.to_string())
                    .unwrap_or_else(|| t.name().to_string());
                vec![format!("`{t:?}`"), text]
            })
            .collect(),
    }
}
