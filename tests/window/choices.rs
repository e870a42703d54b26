//! The window's choices before a command goes in: Focus categories, which item a Sunder
//! or Disarm goes for, which item to hand over. `ActionKey::choices` builds them; each
//! answer is a command submitted through `Battle::submit`, as the window does.

use skirmish::game::act::ActionKey;
use skirmish_rules::Battle;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::Command;
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;

use super::key;
use crate::support::d20::{arena, duel};
use crate::support::{id, since};

fn labels(b: &Battle, a: ActionKey, u: UnitId, at: UnitId) -> Vec<String> {
    a.choices(b, u, Some(b.pos(at)))
        .expect("a target")
        .expect("a choice")
        .options
        .into_iter()
        .map(|(l, _)| l)
        .collect()
}

#[test]
fn focus_offers_attack_defence_and_skills_and_each_answer_adds_its_condition() {
    for (k, want) in [
        (0, ConditionKind::FocusAttack),
        (1, ConditionKind::FocusDefence),
        (2, ConditionKind::FocusSkills),
    ] {
        let mut b = duel(GridKind::Square, &[]);
        let c = id(&b, "Corwin");
        let ch = key(&b, "Focus")
            .choices(&b, c, None)
            .unwrap()
            .expect("Focus asks which category");
        assert_eq!(ch.options.len(), 3);
        b.submit(ch.options[k].1.clone()).unwrap();
        assert!(b.has(c, want), "answer {k} gives {want:?}");
        for other in [
            ConditionKind::FocusAttack,
            ConditionKind::FocusDefence,
            ConditionKind::FocusSkills,
        ] {
            assert_eq!(b.has(c, other), other == want);
        }
    }
}

#[test]
fn sunder_and_disarm_ask_which_held_item_with_the_default_first() {
    // Grub holds a longsword and a shield: both are offered, the longsword first.
    let mut b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    for a in [key(&b, "Sunder"), key(&b, "Disarm")] {
        assert_eq!(
            labels(&b, a, c, g),
            ["longsword (10 of 10 HP left)", "shield (20 of 20 HP left)"],
            "{a:?}"
        );
    }
    // Sunder the shield: attack 15 + 5 = 20 vs Reflex 10 + 1, 1d8 = 6 + 3 = 9, halved.
    b.dice_force_for_tests(&[15, 10, 6]);
    let ch = key(&b, "Sunder")
        .choices(&b, c, Some(b.pos(g)))
        .unwrap()
        .unwrap();
    let n = b.log().len();
    b.submit(ch.options[1].1.clone()).unwrap();
    let hit: Vec<(usize, i32)> = since(&b, n)
        .iter()
        .filter_map(|e| match e {
            Event::ItemDamaged { item, amount, .. } => Some((*item, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(hit, [(1, 4)], "the shield, not the longsword");
    assert_eq!(b.wear(g, 1), 4);
    assert_eq!(
        labels(&b, key(&b, "Sunder"), c, g)[1],
        "shield (16 of 20 HP left)"
    );
}

#[test]
fn one_held_item_needs_no_choice_and_clicking_nobody_is_refused() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", weapons: ["longsword"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", weapons: ["longsword"])"#;
    let b = arena(GridKind::Hex, units, &[20, 1]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(key(&b, "Sunder").choices(&b, c, Some(b.pos(g))), Ok(None));
    assert_eq!(
        key(&b, "Sunder").command(&b, c, Some(b.pos(g))),
        Ok(Command::Act {
            unit: c,
            action: TacticalD20Action::Sunder {
                target: g,
                item: None
            }
            .into()
        })
    );
    let empty = skirmish_rules::grid::Cell::new(0, 0);
    assert_eq!(
        key(&b, "Disarm").choices(&b, c, Some(empty)),
        Err(format!("nobody stands on {empty}"))
    );
}

#[test]
fn hand_over_asks_which_item_and_the_ally_receives_it() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (4, 3), archetype: "rogue", weapons: ["dagger"]),
        Unit(name: "Grub", side: "Blue", cell: (9, 8), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 10, 1]);
    let (c, t) = (id(&b, "Corwin"), id(&b, "Tamsin"));
    assert_eq!(b.current(), Some(c));
    assert_eq!(
        labels(&b, key(&b, "Hand over"), c, t),
        ["longsword (10 of 10 HP left)", "shield (20 of 20 HP left)"]
    );
    let ch = key(&b, "Hand over")
        .choices(&b, c, Some(b.pos(t)))
        .unwrap()
        .unwrap();
    b.submit(ch.options[1].1.clone()).unwrap();
    assert!(!b.held(c, 1), "Corwin let go of the shield");
    let shield = b
        .weapons(t)
        .iter()
        .position(|w| w.name == "shield")
        .expect("Tamsin has the shield");
    assert!(b.held(t, shield));
    // Tamsin's hands are full now (dagger and shield): the longsword is refused with
    // the reason, and nothing changes.
    let again = key(&b, "Hand over").command(&b, c, Some(b.pos(t))).unwrap();
    let n = b.log().len();
    let err = b.submit(again).unwrap_err().to_string();
    assert!(err.contains("hand"), "{err}");
    assert_eq!(b.log().len(), n);
    assert!(b.held(c, 0));
}
