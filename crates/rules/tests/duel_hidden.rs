//! The core's hidden-unit hook (melee-zone's "If you attack a unit while undetected",
//! seed 003, needed it): `Event::Hid` and `Event::Revealed` put on and take off the
//! `Hidden` marker a level's `hidden: true` starts a unit with, and the shared AI knows
//! nothing of a hidden foe. Proven through the "duel hooks" test ruleset (`duel.rs`),
//! whose hidden units are revealed when they attack.

use skirmish_rules::ai;
use skirmish_rules::battle::Battle;
use skirmish_rules::engine::Command;
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;
use skirmish_rules::record::record;
use skirmish_rules::sentence::line;

use crate::duel::{DUEL_HOOKS, DuelAi, ruled_battle};
use crate::support::{id, since};

/// Corwin (fighter) and Fang (wolf, hidden) side by side; Fang acts first (initiative
/// d20: Corwin 1, Fang 20).
fn hidden_fang(forced: &[u32]) -> Battle {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf", hidden: true)"#;
    let mut all = vec![1, 20];
    all.extend_from_slice(forced);
    ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &all)
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

#[test]
fn the_ai_neither_attacks_nor_seeks_a_hidden_foe_until_it_is_revealed() {
    // Fang's bite misses (d20 2); then Corwin's attack d20 2 misses too.
    let mut b = hidden_fang(&[2, 2]);
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    assert!(b.hidden(f) && !b.hidden(c));
    end(&mut b);
    // Corwin knows of no foe: he ends his turn next to the wolf.
    assert_eq!(b.current(), Some(c));
    assert_eq!(
        ai::decide_with(&b, &DuelAi),
        Some(Command::EndTurn { unit: c })
    );
    end(&mut b);
    // Fang bites: it gives itself away, right after its attack.
    let n = b.log().len();
    b.submit(Command::Attack {
        unit: f,
        target: c,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    let ev = since(&b, n);
    let at = ev
        .iter()
        .position(|e| matches!(e, Event::Attack { .. }))
        .expect("an attack");
    assert_eq!(ev[at + 1], Event::Revealed { unit: f, by: None });
    assert!(!b.hidden(f));
    let l = last_revealed(&b);
    assert_eq!(line(&b, l).text, "Fang gives itself away.");
    assert_eq!(record(&b, l).kind, "revealed");
    end(&mut b);
    // Now Corwin attacks it.
    assert!(matches!(
        ai::decide_with(&b, &DuelAi),
        Some(Command::Attack { target, .. }) if target == f
    ));
}

/// The last `Revealed` in the log.
fn last_revealed(b: &Battle) -> &skirmish_rules::event::Logged {
    b.log()
        .iter()
        .rev()
        .find(|l| matches!(l.event, Event::Revealed { .. }))
        .expect("a Revealed")
}

#[test]
fn hid_puts_the_marker_back_and_a_replay_of_the_log_agrees() {
    let mut b = hidden_fang(&[2]);
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    b.submit(Command::Attack {
        unit: f,
        target: c,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    assert!(!b.hidden(f));
    // A ruleset's hiding (melee-zone's Hide) emits `Hid`: the marker is back.
    b.emit(Event::Hid { unit: f });
    assert!(b.hidden(f));
    let l = b.log().last().unwrap();
    assert_eq!(line(&b, l).text, "Fang hides.");
    assert_eq!(record(&b, l).kind, "hid");
    // A shadow battle fed the log follows every change.
    let mut shadow = Battle::with_rules(&DUEL_HOOKS, b.level().clone(), 1, Vec::new()).unwrap();
    let start = shadow.log().len();
    let mut seen = Vec::new();
    for l in &b.log()[start..] {
        shadow.replay_event(l.event.clone());
        if matches!(l.event, Event::Hid { .. } | Event::Revealed { .. }) {
            seen.push(shadow.hidden(f));
        }
    }
    assert_eq!(seen, [false, true]);
}
