//! The rules in plain words (issue 19, `rulesets/explain.rs`): every condition a ruleset
//! plays, every button of its action bar (and the common ones), every reaction its code
//! can offer, every terrain and the general rules have words; the words are short; the
//! prices match what the game charges; the F1 summary has 6 to 10 headings.
//!
//! The lists come from the code, not from a list kept here: conditions and terrain from
//! `ConditionKind::ALL` and `Terrain::ALL` (checked against serde's own variant names),
//! reactions from the `ReactionKind::…` a ruleset's source names (and, as a cross-check,
//! those offered in AI battles on the shipped levels).

use skirmish_rules::rulesets::Registry;
use std::collections::BTreeSet;
use std::path::Path;

use serde::de::{self, Deserializer, Visitor};
use skirmish_rules::Battle;
use skirmish_rules::components::ConditionKind;
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::level::Terrain;
use skirmish_rules::rulesets::explain::{Explanation, Topic, label, rule};
use skirmish_rules::rulesets::ui::{Pick, Target};
use skirmish_rules::rulesets::{RulesetId, View};

/// Longest text a tooltip may carry.
const MAX_TEXT: usize = 400;

fn playable() -> Vec<&'static dyn View> {
    let v: Vec<_> = RulesetId::ALL.iter().filter_map(|r| r.view()).collect();
    assert!(v.len() >= 2, "flow and tactical-d20 are playable");
    v
}

/// The words are there and short: a title, 1–3 sentences of text (≤ 400 characters), a
/// source, and a price when one is given.
fn check_words(what: &str, x: &Explanation) {
    assert!(!x.title.trim().is_empty(), "{what}: no title");
    assert!(!x.text.trim().is_empty(), "{what}: no text");
    assert!(
        x.text.chars().count() <= MAX_TEXT,
        "{what}: text of {} characters: {}",
        x.text.chars().count(),
        x.text
    );
    assert!(!x.source.trim().is_empty(), "{what}: no source");
    assert!(x.source.chars().count() <= 160, "{what}: long source");
    for s in [x.title, x.text, x.source] {
        assert!(!s.contains("  "), "{what}: a double space in {s:?}");
        assert_eq!(s.trim(), s, "{what}: spaces around {s:?}");
    }
    assert!(
        x.text.ends_with('.') || x.text.ends_with(')'),
        "{what}: the text is not a sentence: {}",
        x.text
    );
    let sentences = x.text.matches(". ").count() + 1;
    assert!(sentences <= 4, "{what}: {sentences} sentences");
    if let Some(c) = x.cost {
        assert!(!c.trim().is_empty(), "{what}: an empty price");
    }
}

fn explained(r: &dyn View, t: Topic) -> Explanation {
    let x = r.explain(t).unwrap_or_else(|| {
        panic!(
            "{}: no words for {t:?} (write them in rulesets/{}/explain.rs: \
                 docs/design.md, section 8)",
            r.id(),
            r.id().replace('-', "_")
        )
    });
    check_words(&format!("{}: {t:?}", r.id()), &x);
    x
}

// ---- The lists are complete ----

/// The variant names serde knows of an enum that derives `Deserialize`.
fn variants<T: de::DeserializeOwned>() -> &'static [&'static str] {
    struct Peek<'a>(&'a std::cell::Cell<&'static [&'static str]>);
    impl<'de> Deserializer<'de> for Peek<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _v: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not an enum"))
        }
        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _name: &'static str,
            variants: &'static [&'static str],
            _v: V,
        ) -> Result<V::Value, Self::Error> {
            self.0.set(variants);
            Err(de::Error::custom("only the names were wanted"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map struct
            identifier ignored_any
        }
    }
    let seen = std::cell::Cell::new(&[][..]);
    let _ = T::deserialize(Peek(&seen));
    seen.get()
}

#[test]
fn condition_all_is_complete() {
    let names: Vec<String> = ConditionKind::ALL
        .iter()
        .map(|k| format!("{k:?}"))
        .collect();
    assert_eq!(names, variants::<ConditionKind>());
}

#[test]
fn terrain_all_is_complete() {
    let names: Vec<String> = Terrain::ALL.iter().map(|t| format!("{t:?}")).collect();
    assert_eq!(names, variants::<Terrain>());
}

// ---- Conditions, actions, terrain, rules ----

#[test]
fn every_condition_a_ruleset_plays_is_explained() {
    for r in playable() {
        let mut n = 0;
        for k in ConditionKind::ALL {
            if r.refused_condition(k).is_some() {
                continue;
            }
            explained(r, Topic::Condition(k));
            n += 1;
        }
        assert!(n > 0, "{}", r.id());
    }
}

#[test]
fn every_action_button_and_common_action_is_explained() {
    for r in playable() {
        assert!(!r.actions().is_empty(), "{}", r.id());
        for a in r.actions() {
            explained(r, Topic::Action(a.label));
        }
        for l in label::COMMON {
            explained(r, Topic::Action(l));
        }
        assert!(r.explain(Topic::Action("No such button")).is_none());
    }
}

#[test]
fn every_terrain_is_explained() {
    for r in playable() {
        for t in Terrain::ALL {
            explained(r, Topic::Terrain(t));
        }
    }
}

#[test]
fn every_general_rule_is_explained() {
    for r in playable() {
        for name in rule::GENERAL {
            explained(r, Topic::Rule(name));
        }
        assert!(r.explain(Topic::Rule("no such rule")).is_none());
    }
    // Each ruleset's own rules: only it explains them.
    let flow = RulesetId::Flow.view().unwrap();
    let d20 = RulesetId::TacticalD20.view().unwrap();
    for name in [
        rule::SUCCESS_LEVELS,
        rule::ADVANTAGE,
        rule::FLOW_POINTS,
        rule::GANG_UP,
    ] {
        explained(flow, Topic::Rule(name));
        assert!(d20.explain(Topic::Rule(name)).is_none(), "{name}");
    }
    for name in [
        rule::FLANKING,
        rule::TRADE_DOWN,
        rule::POSITIONING,
        rule::CRITICALS,
    ] {
        explained(d20, Topic::Rule(name));
        assert!(flow.explain(Topic::Rule(name)).is_none(), "{name}");
    }
}

#[test]
fn the_summary_has_6_to_10_short_headings() {
    for r in playable() {
        let s = r.summary();
        assert!(
            (6..=10).contains(&s.len()),
            "{}: {} headings",
            r.id(),
            s.len()
        );
        let mut seen = BTreeSet::new();
        for (heading, text) in s {
            assert!(!heading.trim().is_empty() && !text.trim().is_empty());
            assert!(seen.insert(*heading), "{}: {heading} twice", r.id());
            assert!(
                text.chars().count() <= MAX_TEXT,
                "{}: {heading}: {} characters",
                r.id(),
                text.chars().count()
            );
            assert!(!text.contains("  "), "{}: {heading}", r.id());
        }
    }
}

// ---- Reactions ----

/// A value of the reaction kind `name` (its fields, if any, at their simplest).
fn reaction_of(name: &str) -> ReactionKind {
    [
        format!("\"{name}\""),
        format!("{{\"{name}\":[0,0]}}"),
        format!("{{\"{name}\":0}}"),
        format!("{{\"{name}\":{{\"to\":[0,0],\"swap\":false}}}}"),
    ]
    .iter()
    .find_map(|json| serde_json::from_str(json).ok())
    .unwrap_or_else(|| panic!("no value of ReactionKind::{name}: give it a shape here"))
}

/// Every `ReactionKind::Name` written in the `.rs` files under `dir`.
fn reactions_named_in(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            reactions_named_in(&p, out);
            continue;
        }
        if p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let src = std::fs::read_to_string(&p).unwrap();
        for (i, _) in src.match_indices("ReactionKind::") {
            let name: String = src[i + "ReactionKind::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                out.insert(name);
            }
        }
    }
}

/// The reactions a ruleset's code can offer or log: those its folder names, and the
/// engine's own (which every ruleset may be asked about).
fn reactions_of(r: &dyn View) -> BTreeSet<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut names = BTreeSet::new();
    reactions_named_in(
        &src.join("rulesets").join(r.id().replace('-', "_")),
        &mut names,
    );
    reactions_named_in(&src.join("engine"), &mut names);
    names
}

#[test]
fn every_reaction_a_rulesets_code_names_is_explained() {
    let known = variants::<ReactionKind>();
    for r in playable() {
        let names = reactions_of(r);
        // The scan works: the ruleset's folder names reactions beyond the engine's own
        // (escalation has just two: opportunity attacks and Intercept).
        assert!(names.len() >= 2, "{}: only {names:?}", r.id());
        for name in &names {
            assert!(known.contains(&name.as_str()), "{name} is no ReactionKind");
            let kind = reaction_of(name);
            let x = explained(r, Topic::Reaction(kind));
            assert!(x.cost.is_some(), "{}: {name} has no price", r.id());
        }
    }
    // A reaction only another ruleset has is not explained as if it were here.
    let flow = RulesetId::Flow.view().unwrap();
    let d20 = RulesetId::TacticalD20.view().unwrap();
    assert!(
        flow.explain(Topic::Reaction(ReactionKind::Pursuit))
            .is_none()
    );
    assert!(d20.explain(Topic::Reaction(ReactionKind::Dodge)).is_none());
}

/// Cross-check of the source scan: every reaction offered or taken in AI battles on the
/// shipped levels is one its ruleset's code names, and has words.
#[test]
fn reactions_offered_in_ai_battles_are_explained() {
    let mut levels: Vec<_> = std::fs::read_dir(crate::support::repo("levels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    levels.sort();
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    for path in levels {
        let level = skirmish_rules::level::load(&path).unwrap();
        let mut b = Battle::new(level, 5, Vec::new()).unwrap();
        for _ in 0..300 {
            let Some(c) = skirmish_rules::ai::decide(&b) else {
                break;
            };
            if b.submit(c).is_err() {
                break;
            }
        }
        let r = skirmish_rules::rulesets::view_of(&b).expect("registered");
        let names = reactions_of(r);
        for l in b.log() {
            let kinds = match &l.event {
                Event::ReactionOffered { options, .. } => options.clone(),
                Event::Reacted { kind, .. } => vec![*kind],
                _ => continue,
            };
            for k in kinds {
                let name = format!("{k:?}");
                let name = name
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .next()
                    .unwrap_or_default()
                    .to_string();
                assert!(
                    names.contains(&name),
                    "{}: {name} offered, but the scan of its code missed it",
                    path.display()
                );
                explained(r, Topic::Reaction(k));
                seen.insert((r.id().to_string(), name));
            }
        }
    }
    // The battles do offer reactions in both rulesets.
    for id in ["flow", "tactical-d20"] {
        assert!(seen.iter().any(|(r, _)| r == id), "no reaction in {id}");
    }
}

/// Every log line that has a topic (`Topic::of_event`) has words in its battle's
/// ruleset: AI battles on every shipped level.
#[test]
fn every_log_topic_of_ai_battles_is_explained() {
    let mut levels: Vec<_> = std::fs::read_dir(crate::support::repo("levels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    levels.sort();
    for path in levels {
        let level = skirmish_rules::level::load(&path).unwrap();
        let mut b = Battle::new(level, 9, Vec::new()).unwrap();
        for _ in 0..300 {
            let Some(c) = skirmish_rules::ai::decide(&b) else {
                break;
            };
            if b.submit(c).is_err() {
                break;
            }
        }
        let r = skirmish_rules::rulesets::view_of(&b).expect("registered");
        let mut with = 0;
        for l in b.log() {
            if let Some(t) = Topic::of_event(&l.event) {
                explained(r, t);
                with += 1;
            }
        }
        assert!(
            with > 10,
            "{}: only {with} lines with words",
            path.display()
        );
    }
}

/// Every check's topic has words in a ruleset that has such checks: each purpose,
/// read from serde's names, in at least one playable ruleset.
#[test]
fn every_check_purpose_has_a_topic_some_ruleset_explains() {
    use skirmish_rules::components::UnitId;
    use skirmish_rules::event::CheckPurpose;
    for name in variants::<CheckPurpose>() {
        // A purpose carrying an index (escalation's Sustain of power #i) reads as a map.
        let purpose: CheckPurpose = serde_json::from_str(&format!("\"{name}\""))
            .or_else(|_| serde_json::from_str(&format!("{{\"{name}\": 0}}")))
            .unwrap();
        let e = Event::Contest {
            purpose,
            active: UnitId(0),
            passive: UnitId(1),
            active_wins: true,
        };
        let t = Topic::of_event(&e).unwrap_or_else(|| panic!("{name}: no topic"));
        assert!(
            playable().iter().any(|r| r.explain(t).is_some()),
            "{name}: {t:?} has no words in any ruleset"
        );
    }
}

// ---- Prices ----

/// The price in the words is the price the action bar shows (`cost_words`): "2 AP" as
/// "2 AP", "Standard+Move" as "Standard + Move actions", "0 AP" or "free" as "free" or
/// "nothing now; … when it fires".
fn same_price(words: &str, bar: &str) -> bool {
    let norm = |s: &str| {
        s.replace("a ", "")
            .replace(" actions", "")
            .replace(" action", "")
            .replace(' ', "")
    };
    if bar == "0 AP" || bar == "free" {
        return words == "free" || words.starts_with("nothing now");
    }
    // escalation's Sustain takes its power's own action type.
    if words == skirmish_rules::rulesets::escalation::SUSTAIN_PRICE {
        return ["Standard", "Move", "Quick"].contains(&bar);
    }
    norm(words) == norm(bar) || norm(words).starts_with(&format!("{}(", norm(bar)))
}

#[test]
fn the_price_in_the_words_is_what_the_action_bar_charges() {
    for (id, file) in [
        (RulesetId::Flow, "levels/flow-bridge.ron"),
        (RulesetId::TacticalD20, "levels/tactical-d20-ambush.ron"),
        (RulesetId::Escalation, "levels/escalation-crossroads.ron"),
    ] {
        let level = skirmish_rules::level::load(&crate::support::repo(file)).unwrap();
        let b = Battle::new(level, 1, Vec::new()).unwrap();
        let r = id.view().unwrap();
        let units: Vec<_> = b.units().collect();
        let u = units[0];
        let foe = *units.iter().find(|&&o| b.enemies(u, o)).unwrap();
        let ally = units.iter().copied().find(|&o| o != u && !b.enemies(u, o));
        for a in r.actions() {
            let pick = match a.target {
                Target::None => Pick::Nothing,
                Target::Unit(w) if w.contains("ally") || w.contains("itself") => {
                    Pick::Unit(ally.unwrap_or(u))
                }
                Target::Unit(_) => Pick::Unit(foe),
                Target::Cell(_) => Pick::Cell(b.pos(foe)),
                Target::Words { .. } => Pick::Words("Hold the line".into()),
            };
            let cmd = (a.build)(&b, u, &pick)
                .unwrap_or_else(|| panic!("{id}: {} builds nothing", a.label));
            let bar = r.cost_words(&b, &cmd).unwrap();
            let x = explained(r, Topic::Action(a.label));
            let words = x
                .cost
                .unwrap_or_else(|| panic!("{id}: {} has no price", a.label));
            assert!(
                same_price(words, &bar),
                "{id}: {}: the words say {words:?}, the bar {bar:?}",
                a.label
            );
        }
    }
}
