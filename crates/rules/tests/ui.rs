//! What the window asks of each playable ruleset: its action bar (labels, keys, the
//! command each button makes, known to the ruleset), prices and choices.

use skirmish_rules::rulesets::Registry;
use std::collections::BTreeSet;

use skirmish_rules::battle::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{Command, Illegal};
use skirmish_rules::level;
use skirmish_rules::rulesets::ui::{Pick, Target, WINDOW_KEYS};
use skirmish_rules::rulesets::{RulesetId, View};

/// Two against two, every unit next to an ally and an enemy, on an open square map.
fn melee(r: RulesetId) -> Battle {
    let row = format!("\"{}\"", ".".repeat(8));
    let map = vec![row; 6].join(", ");
    let src = format!(
        r##"Level(name: "ui", ruleset: "{}", grid: Square, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [
            Unit(name: "Ash", side: "Red", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Birch", side: "Red", cell: (3, 3), archetype: "fighter"),
            Unit(name: "Cedar", side: "Blue", cell: (4, 2), archetype: "fighter"),
            Unit(name: "Dogwood", side: "Blue", cell: (4, 3), archetype: "fighter"),
        ])"##,
        r.id()
    );
    let l = level::parse(&src, "ui").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 5, Vec::new()).unwrap_or_else(|e| panic!("{e}"))
}

fn playable() -> Vec<(RulesetId, &'static dyn View)> {
    RulesetId::ALL
        .into_iter()
        .filter_map(|r| Some((r, r.view()?)))
        .collect()
}

/// A pick of the kind `target` asks for: an adjacent enemy (or ally, when the words say
/// so), a free adjacent cell, a few words.
fn pick_for(b: &Battle, u: UnitId, target: Target) -> Pick {
    let near = |ally: bool| {
        b.units()
            .find(|&o| {
                o != u && b.enemies(o, u) != ally && b.grid().distance(b.pos(o), b.pos(u)) == 1
            })
            .expect("a unit next to the acting one")
    };
    match target {
        Target::None => Pick::Nothing,
        Target::Unit(words) => Pick::Unit(near(words.contains("ally"))),
        Target::Cell(_) => Pick::Cell(
            b.grid()
                .neighbours(b.pos(u))
                .into_iter()
                .find(|&c| b.unit_at(c, None).is_none())
                .expect("a free cell"),
        ),
        Target::Words { .. } => Pick::Words("Hold the line".into()),
    }
}

#[test]
fn each_rulesets_action_bar_has_unique_labels_and_keys_the_window_leaves_free() {
    for (r, rules) in playable() {
        let actions = rules.actions();
        assert!(!actions.is_empty(), "{r} offers no action");
        let mut labels = BTreeSet::new();
        let mut keys = BTreeSet::new();
        for a in actions {
            assert!(!a.label.trim().is_empty(), "{r}: an empty label");
            assert!(
                labels.insert(a.label),
                "{r}: two actions called {}",
                a.label
            );
            if let Some(k) = a.key {
                assert!(k.valid(), "{r} {}: {k:?} is no key", a.label);
                assert!(
                    !WINDOW_KEYS.contains(&k),
                    "{r} {}: the window uses {k}",
                    a.label
                );
                assert!(keys.insert(k), "{r}: two actions on key {k}");
            }
            if let Some(what) = a.target.click() {
                assert!(!what.is_empty(), "{r} {}: click on what?", a.label);
            }
            if let Target::Words {
                max_words, prompt, ..
            } = a.target
            {
                assert!(max_words > 0, "{r} {}", a.label);
                assert!(prompt.contains(&max_words.to_string()), "{r}: {prompt}");
            }
        }
    }
}

#[test]
fn every_listed_action_is_one_its_ruleset_knows_and_prices() {
    for (r, rules) in playable() {
        let b = melee(r);
        let u = b.current().expect("a unit to act");
        for a in rules.actions() {
            // The pick the target asks for makes a command; no pick makes none (unless
            // nothing is asked).
            let cmd = (a.build)(&b, u, &pick_for(&b, u, a.target))
                .unwrap_or_else(|| panic!("{r} {}: no command", a.label));
            if a.target != Target::None {
                assert_eq!((a.build)(&b, u, &Pick::Nothing), None, "{r} {}", a.label);
            }
            // The ruleset knows it: refused, if at all, for a reason of the battle.
            if let Err(e @ Illegal::NoSuchAction { .. }) = b.check(&cmd) {
                panic!("{r} {}: {e}", a.label);
            }
            // It has a price in words.
            let cost = rules.cost_words(&b, &cmd);
            assert!(
                cost.as_ref().is_ok_and(|c| !c.is_empty()),
                "{r} {}: {cost:?}",
                a.label
            );
            // A choice it offers is between commands of the same unit, each known too.
            if let Some(ch) = rules.choice(&b, &cmd) {
                assert!(ch.options.len() >= 2, "{r} {}: {ch:?}", a.label);
                for (label, c) in &ch.options {
                    assert!(!label.is_empty());
                    assert!(
                        !matches!(b.check(c), Err(Illegal::NoSuchAction { .. })),
                        "{r} {label}"
                    );
                    assert!(matches!(
                        c,
                        Command::Act { unit, .. } | Command::Attack { unit, .. } if *unit == u
                    ));
                }
            }
        }
        // The unit card and the prompts have words for the fresh unit.
        assert!(!rules.gauges(&b, u).is_empty(), "{r}");
        assert!(!rules.reactions_left(&b, u).is_empty(), "{r}");
        assert!(!rules.window_words().clicks.is_empty(), "{r}");
    }
}

/// The reaction prompt's rule words come from the ruleset (`View::prompt_rule`,
/// `View::reaction_does`), not from the window: tactical-d20 prices a counterspell and
/// says what Pursuit does, escalation names an opportunity attack's cause, flow names the Feint's skills; none adds words to another's trigger.
#[test]
fn the_prompts_rule_words_are_each_rulesets_own() {
    use skirmish_rules::engine::Window;
    use skirmish_rules::event::{ReactionKind, Trigger};
    let window = |b: &Battle, trigger: Trigger| Window {
        reactor: b.find("Cedar").expect("Cedar"),
        trigger,
        options: Vec::new(),
        hit: None,
        on_decline: Vec::new(),
    };
    let words = |r: RulesetId, t: fn(&Battle) -> Trigger| {
        let b = melee(r);
        let w = window(&b, t(&b));
        r.view().expect("registered").prompt_rule(&b, &w)
    };
    let identified = |b: &Battle| Trigger::SpellIdentified {
        caster: b.find("Ash").expect("Ash"),
        ability: 0,
    };
    let approaching = |b: &Battle| Trigger::Approaching {
        mover: b.find("Ash").expect("Ash"),
        ally: b.find("Dogwood").expect("Dogwood"),
        from: b.pos(b.find("Ash").expect("Ash")),
    };
    let feinted = |b: &Battle| Trigger::Feinted {
        by: b.find("Ash").expect("Ash"),
    };
    assert!(words(RulesetId::TacticalD20, identified).is_some_and(|w| w.contains("Spell DC")));
    assert_eq!(words(RulesetId::Flow, identified), None);
    let provoked = |b: &Battle| Trigger::Provoked {
        unit: b.find("Ash").expect("Ash"),
    };
    assert!(words(RulesetId::Escalation, provoked).is_some_and(|w| w.contains("ranged")));
    assert_eq!(words(RulesetId::Escalation, approaching), None);
    assert_eq!(words(RulesetId::TacticalD20, approaching), None);
    assert!(words(RulesetId::Flow, feinted).is_some_and(|w| w.contains("Melee or Agility")));
    assert_eq!(words(RulesetId::Escalation, feinted), None);
    // What each answer does is each ruleset's own (`View::reaction_does`, issue 31):
    // tactical-d20's Pursuit follows the mover at half speed and spends the Reaction;
    // flow's two Intercepts are told apart; nobody words an answer by coordinates.
    let b = melee(RulesetId::TacticalD20);
    let ash = b.find("Ash").unwrap();
    let w = window(
        &b,
        Trigger::Leaving {
            mover: ash,
            from: b.pos(ash),
        },
    );
    let td = RulesetId::TacticalD20.view().unwrap();
    assert_eq!(
        td.reaction_does(&b, &w, ReactionKind::Pursuit),
        "Cedar moves up to half speed after Ash (spends the Reaction)"
    );
    assert_eq!(td.reaction_note(&b, &w, ReactionKind::Pursuit), None);
    let f = melee(RulesetId::Flow);
    let wf = window(&f, approaching(&f));
    let flow = RulesetId::Flow.view().unwrap();
    let (plain, swap) = (
        flow.reaction_does(&f, &wf, ReactionKind::Intercept),
        flow.reaction_does(&f, &wf, ReactionKind::InterceptSwap),
    );
    assert!(
        plain.contains("stays where it is") && !plain.contains("swap"),
        "{plain}"
    );
    assert!(swap.contains("swap places"), "{swap}");
    let e = melee(RulesetId::Escalation);
    let we = window(&e, approaching(&e));
    let esc = RulesetId::Escalation.view().unwrap();
    // Escalation's Intercept: of a mover (it stops, engaged) or of a melee attack (made
    // on the interceptor instead).
    assert_eq!(
        esc.reaction_does(&e, &we, ReactionKind::Intercept),
        "Cedar steps in front of Ash: it stops where it came from, engaged with Cedar, \
         short of Dogwood"
    );
    let cue = window(
        &e,
        Trigger::PowerCue {
            by: e.find("Ash").unwrap(),
            target: e.find("Dogwood").unwrap(),
            attack: true,
        },
    );
    assert_eq!(
        esc.reaction_does(&e, &cue, ReactionKind::Intercept),
        "Cedar moves next to Ash and the melee attack is made on Cedar instead"
    );
    assert_eq!(
        esc.reaction_price(ReactionKind::Interrupt(0)),
        "1 Interrupt, back next turn; 1 use"
    );
}
