//! What a side sees on the board (issue 30, wave 3): a hidden foe is not drawn, found by
//! a click, Tab or an armed action's targets, for the side looking; its own side sees it
//! veiled; revealed, it is there for everyone. And the token marks' data: the facing
//! arrow's angle, wounds and Free Hit Slots. Driven like `dialogs`: the window's `input`
//! and `act` plugins on a headless app, clicks and keys pressed into its `ButtonInput`s;
//! what the map draws is read through `markers::shown`, the function its systems use.

use bevy::prelude::*;
use skirmish::game::act::armed_targets;
use skirmish::game::markers::{direction_angle, shown};
use skirmish::game::sight;
use skirmish_rules::components::{Pool, SideId};
use skirmish_rules::engine::Command;
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, GridKind};

use super::dialogs::Board;
use crate::support::melee_zone::field;

/// Corwin (Red duelist, Agility 3: first) faces Grub (Blue soldier) east of him; Shade
/// (Blue footpad, hidden) stands right behind Corwin, who faces away from him.
fn ambush(dice: &[u32]) -> Board {
    let b = field(
        GridKind::Square,
        &["........", "........", "........", "........"],
        r#"Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "duelist", facing: 0),
        Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "soldier", facing: 4),
        Unit(name: "Shade", side: "Blue", cell: (2, 1), archetype: "footpad", facing: 0, hidden: true)"#,
        "",
        dice,
    );
    Board::with(b)
}

#[test]
fn a_hidden_foe_is_neither_drawn_nor_found_by_the_side_it_hides_from() {
    let mut t = ambush(&[]);
    let b = t.battle();
    let shade = b.find("Shade").unwrap();
    let grub = b.find("Grub").unwrap();
    let at = b.pos(shade);
    assert!(b.hidden(shade));
    let (red, blue) = (Some(SideId(0)), Some(SideId(1)));
    assert_eq!(sight::unit_at(b, red, at), None, "Red sees an empty cell");
    assert_eq!(
        sight::unit_at(b, blue, at),
        Some(shade),
        "Blue sees its own"
    );
    assert_eq!(
        sight::unit_at(b, None, at),
        Some(shade),
        "a spectator sees all"
    );
    // The board in front of Red (the session's viewer): not drawn.
    let s = t.session().clone();
    let seen = shown(t.battle(), &s, shade);
    assert!(!seen.drawn && seen.veiled);
    assert!(shown(t.battle(), &s, grub).drawn);

    // A click on Shade's cell attacks nobody (it is a cell Corwin cannot enter).
    let before = t.played();
    t.click(at);
    let attacked = t
        .session()
        .commands
        .iter()
        .any(|c| matches!(c, Command::Attack { target, .. } if *target == shade));
    assert!(!attacked, "no attack on the hidden Shade");
    let named = t.seen().message.clone().unwrap_or_default().0;
    assert!(
        !named.contains("Shade"),
        "the refusal does not name him: {named}"
    );
    assert_eq!(t.played().0, before.0, "nothing happened in the battle");

    // Tab inspects Corwin and Grub only; the aimed attack's targets are Grub's cell.
    for _ in 0..4 {
        t.key(KeyCode::Tab);
        assert_ne!(t.seen().selected, Some(shade), "Tab never inspects Shade");
    }
    t.key(KeyCode::KeyV);
    let corwin = t.corwin;
    let targets = armed_targets(t.battle(), t.seen(), corwin);
    assert_eq!(targets, Some(vec![t.battle().pos(grub)]));

    // Blue's board (after a handover to Blue) draws him, veiled.
    t.session().viewer = Some(SideId(1));
    let s = t.session().clone();
    let seen = shown(t.battle(), &s, shade);
    assert!(seen.drawn && seen.veiled);
}

#[test]
fn a_revealed_foe_is_drawn_and_found_again() {
    // Corwin ends his turn; Shade (next: Agility 2) stabs him from behind: d20 15 hits,
    // the dagger's d4 4 and the sneak d4 2: 6 damage, a wound. The attack reveals him.
    let mut t = ambush(&[15, 4, 2]);
    let (shade, corwin) = (t.battle().find("Shade").unwrap(), t.corwin);
    t.end_turn();
    assert_eq!(t.battle().current(), Some(shade));
    t.app
        .world_mut()
        .resource_mut::<skirmish::game::BattleRes>()
        .0
        .submit(Command::Attack {
            unit: shade,
            target: corwin,
            weapon: None,
            slot: None,
            aim: None,
        })
        .unwrap();
    t.frame();
    let b = t.battle();
    assert!(
        b.log()
            .iter()
            .any(|l| matches!(l.event, Event::Revealed { unit, .. } if unit == shade))
    );
    assert!(!b.hidden(shade));
    assert_eq!(
        sight::unit_at(b, Some(SideId(0)), b.pos(shade)),
        Some(shade)
    );
    let s = t.session().clone();
    let seen = shown(t.battle(), &s, shade);
    assert!(seen.drawn && !seen.veiled);
    // Corwin's token: one wound, his four Free Hit Slots, facing east still (0 rad).
    let c = shown(t.battle(), &s, corwin);
    assert_eq!(c.marks.wounds, 1);
    assert_eq!(c.marks.reactions.map(|r| (r.1, r.2)), Some((4, 4)));
    assert_eq!(c.arrow, Some(0.0));
    assert_eq!(t.battle().pool(corwin, Pool::FreeHits), 4);
}

/// The arrow's angle on screen: east 0, clockwise down the screen (south −90°), on both
/// grids; Grub faces west (±180°).
#[test]
fn facing_arrows_point_the_way_the_unit_faces() {
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    let close = |a: f32, b: f32| (a - b).abs() < 1e-5;
    assert!(close(direction_angle(0, 8), 0.0));
    assert!(close(direction_angle(1, 8), -FRAC_PI_4));
    assert!(close(direction_angle(2, 8), -FRAC_PI_2));
    assert!(close(direction_angle(6, 8), -3.0 * FRAC_PI_2));
    assert!(close(direction_angle(3, 6), -PI), "hex west");
    assert!(
        close(direction_angle(5, 6), -5.0 * PI / 3.0),
        "hex north-east"
    );
    let mut t = ambush(&[]);
    let grub = t.battle().find("Grub").unwrap();
    let s = t.session().clone();
    let a = shown(t.battle(), &s, grub)
        .arrow
        .expect("melee-zone draws facing");
    assert!(close(a.cos(), -1.0), "west: {a}");
    // A move turns Corwin: a step north makes him face north (+90° on screen).
    let corwin = t.corwin;
    t.click(Cell::new(3, 0));
    let b = t.battle();
    assert_eq!(b.pos(corwin), Cell::new(3, 0), "{:?}", t.seen().message);
    let s = t.session().clone();
    let a = shown(t.battle(), &s, corwin).arrow.unwrap();
    assert!(close(a.sin(), 1.0), "north: {a}");
}
