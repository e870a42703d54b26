//! The roll log's crit and tragedy chains come out die by die (issue 30, wave 3): the
//! steps shown at each moment, the lines that wait for them, and each step's words from
//! the battle's own chain (a melee-zone natural 20 through `Battle::submit`).

use skirmish::game::hud::chain::{Chain, STEP_SECS, held_after, step_words};
use skirmish::game::prefs::AnimSpeed;
use skirmish_rules::event::ChainKind;
use skirmish_rules::grid::GridKind;

use crate::support::id;
use crate::support::melee_zone::{arena, attack};

/// Ash's natural 20 on Bly: the d4 shows 4 (its highest), the d6 2: a super critical.
fn super_critical() -> (skirmish_rules::Battle, Chain) {
    let mut b = arena(
        GridKind::Square,
        r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier")"#,
        &[20, 4, 2, 3],
    );
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    b.submit(attack(ash, bly, None)).unwrap();
    let chain = b
        .log()
        .iter()
        .find_map(|l| Chain::of(&l.event, 10.0))
        .expect("the crit chain");
    (b, chain)
}

#[test]
fn a_chains_dice_come_out_one_by_one_and_then_stay() {
    let (b, c) = super_critical();
    assert_eq!(
        (c.kind, c.dice.clone(), c.faces.clone()),
        (ChainKind::Critical, vec![4, 6], vec![4, 2])
    );
    // Normal speed: the first die at once, the second a beat later, then both stay.
    assert_eq!(c.shown(10.0, AnimSpeed::Normal), 1);
    assert_eq!(c.shown(10.0 + STEP_SECS * 0.9, AnimSpeed::Normal), 1);
    assert_eq!(c.shown(10.0 + STEP_SECS * 1.1, AnimSpeed::Normal), 2);
    assert_eq!(c.shown(99.0, AnimSpeed::Normal), 2);
    // Slow is three times as slow; instant shows all at once.
    assert_eq!(c.shown(10.0 + STEP_SECS * 1.1, AnimSpeed::Slow), 1);
    assert_eq!(c.shown(10.0, AnimSpeed::Instant), 2);
    // The log's later lines wait while it comes out (the chain on line 7 here).
    let chains: std::collections::BTreeMap<usize, Chain> = [(7, c.clone())].into();
    assert_eq!(held_after(&chains, 10.0, AnimSpeed::Normal), Some(7));
    assert_eq!(held_after(&chains, 99.0, AnimSpeed::Normal), None);
    // Each die's words: its face and what the chain means then.
    let view = skirmish_rules::rulesets::view_of(&b).unwrap();
    assert_eq!(
        step_words(view, &c),
        [
            "d4: 4, its highest: a super critical: the damage doubled again (×4)",
            "d6: 2, not its highest, the chain stops: a super critical: the damage doubled \
             again (×4)",
        ]
    );
}
