//! The camera's arithmetic (what is in view, where to glide, the minimap's coordinates)
//! and the replay after a hot-seat handover (where each unit stood, the beats and their
//! places), on battles played through `Battle::submit` as the window plays them.

use bevy::math::{Rect, Vec2};
use skirmish::game::framing::{centred_on, frame_points, glide_at, in_view, view_rect};
use skirmish::game::layout::PANEL;
use skirmish::game::minimap::{MiniMap, map_fits};
use skirmish::game::replay::{Beat, beats, position_at, up_at};
use skirmish_rules::engine::Command;
use skirmish_rules::event::{Event, Logged};
use skirmish_rules::grid::{Cell, GridKind};

use crate::support::d20::arena;
use crate::support::id;

fn close(a: Vec2, b: Vec2) -> bool {
    a.distance(b) < 1e-3
}

#[test]
fn the_view_is_the_window_left_of_the_panel_in_world_units() {
    // 1280×800 at scale 1 around (0, 0): 640 left, 640 - PANEL right, 400 up, and down
    // to the roll log's strip (its 216 pixels at the window's foot).
    let strip = skirmish::game::layout::log_strip_px(800.0);
    assert_eq!(strip, 216.0);
    let r = view_rect(Vec2::ZERO, 1.0, 1280.0, 800.0);
    assert_eq!(r, Rect::new(-640.0, -400.0 + strip, 640.0 - PANEL, 400.0));
    // Zoomed out twice as far, somewhere else: twice as large, around the camera.
    let r2 = view_rect(Vec2::new(100.0, 50.0), 2.0, 1280.0, 800.0);
    assert_eq!(
        r2.min,
        Vec2::new(100.0 - 1280.0, 50.0 - 800.0 + 2.0 * strip)
    );
    assert_eq!(r2.max, Vec2::new(100.0 + 2.0 * (640.0 - PANEL), 850.0));
    assert!(in_view(r, Vec2::new(299.0, 0.0), 0.0));
    assert!(!in_view(r, Vec2::new(301.0, 0.0), 0.0), "under the panel");
    assert!(
        !in_view(r, Vec2::new(290.0, 0.0), 32.0),
        "within the margin"
    );
    assert!(!in_view(r, Vec2::new(0.0, -401.0), 0.0));
    assert!(
        !in_view(r, Vec2::new(0.0, -190.0), 0.0),
        "under the roll log's strip"
    );
    // A window 900 pixels tall or more keeps the log in the panel: no strip.
    let tall = view_rect(Vec2::ZERO, 1.0, 1600.0, 1000.0);
    assert_eq!(tall.min.y, -500.0);
}

#[test]
fn centred_on_puts_the_point_in_the_middle_of_the_map_area() {
    for scale in [0.5, 1.0, 3.0] {
        let p = Vec2::new(-120.0, 75.0);
        for (ww, wh) in [(1280.0, 800.0), (1024.0, 640.0), (1600.0, 1000.0)] {
            let r = view_rect(centred_on(p, scale, wh), scale, ww, wh);
            assert!(
                close(r.center(), p),
                "scale {scale}, {wh}: {:?}",
                r.center()
            );
        }
    }
}

#[test]
fn the_camera_moves_only_for_what_is_out_of_view() {
    let r = view_rect(Vec2::ZERO, 1.0, 1280.0, 800.0);
    // In view: stay.
    assert_eq!(
        frame_points(r, &[Vec2::new(10.0, 10.0)], 32.0, 1.0, 800.0),
        None
    );
    assert_eq!(frame_points(r, &[], 32.0, 1.0, 800.0), None);
    // Out of view: centre on it.
    let far = Vec2::new(900.0, -50.0);
    assert_eq!(
        frame_points(r, &[far], 32.0, 1.0, 800.0),
        Some(centred_on(far, 1.0, 800.0))
    );
    // A mover from in view to out of view: the middle of both, and both are then seen.
    let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(500.0, 0.0));
    let to = frame_points(r, &[a, b], 32.0, 1.0, 800.0).expect("b is out of view");
    assert!(close(to, centred_on(Vec2::new(250.0, 0.0), 1.0, 800.0)));
    let after = view_rect(to, 1.0, 1280.0, 800.0);
    assert!(in_view(after, a, 32.0) && in_view(after, b, 32.0));
    // Too far apart to be seen together: where the action ends (the last point).
    let c = Vec2::new(3000.0, 0.0);
    assert_eq!(
        frame_points(r, &[a, c], 32.0, 1.0, 800.0),
        Some(centred_on(c, 1.0, 800.0))
    );
}

#[test]
fn a_glide_eases_from_start_to_end() {
    let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(100.0, -40.0));
    assert_eq!(glide_at(a, b, 0.0), a);
    assert_eq!(glide_at(a, b, 1.0), b);
    assert_eq!(glide_at(a, b, 7.0), b, "past the end it stays there");
    assert!(close(glide_at(a, b, 0.5), (a + b) / 2.0));
    // Slow at both ends: a tenth of the time covers less than a tenth of the way.
    assert!(glide_at(a, b, 0.1).x < 10.0);
    let xs: Vec<f32> = (0..=10)
        .map(|i| glide_at(a, b, i as f32 / 10.0).x)
        .collect();
    assert!(xs.windows(2).all(|w| w[0] <= w[1]), "{xs:?}");
}

#[test]
fn minimap_and_world_coordinates_round_trip() {
    // A map twice as wide as high: the minimap keeps that shape within its size.
    let world = Rect::new(-400.0, -100.0, 400.0, 300.0);
    let m = MiniMap::new(world, Vec2::new(220.0, 160.0));
    assert_eq!(m.size, Vec2::new(220.0, 110.0));
    // The world's top left is the minimap's top left (screen y goes down).
    assert!(close(m.to_mini(Vec2::new(-400.0, 300.0)), Vec2::ZERO));
    assert!(close(m.to_mini(Vec2::new(400.0, -100.0)), m.size));
    assert!(close(m.to_world(m.size / 2.0), world.center()));
    for p in [Vec2::new(13.0, 250.0), Vec2::new(-399.0, -99.0), Vec2::ZERO] {
        assert!(close(m.to_world(m.to_mini(p)), p), "{p:?}");
    }
    // A tall map: the height is the limit.
    let tall = MiniMap::new(Rect::new(0.0, 0.0, 100.0, 400.0), Vec2::new(220.0, 160.0));
    assert_eq!(tall.size, Vec2::new(40.0, 160.0));
}

#[test]
fn the_minimap_hides_when_the_whole_map_is_in_view() {
    let view = view_rect(Vec2::ZERO, 1.0, 1280.0, 800.0);
    assert!(map_fits(view, Rect::new(-600.0, -180.0, 280.0, 380.0)));
    assert!(
        !map_fits(view, Rect::new(-600.0, -180.0, 320.0, 380.0)),
        "under the panel"
    );
    assert!(
        !map_fits(view, Rect::new(-600.0, -380.0, 280.0, 380.0)),
        "under the roll log's strip"
    );
    assert!(!map_fits(view, Rect::new(-700.0, 0.0, 0.0, 10.0)));
}

#[test]
fn where_a_unit_stood_and_whether_it_was_up_before_an_event() {
    let u = skirmish_rules::components::UnitId(1);
    let other = skirmish_rules::components::UnitId(2);
    let l = |event| Logged { round: 1, event };
    let log = vec![
        l(Event::Moved {
            unit: other,
            from: Cell::new(9, 9),
            to: Cell::new(9, 8),
            cost: 1,
        }),
        l(Event::Moved {
            unit: u,
            from: Cell::new(1, 1),
            to: Cell::new(2, 1),
            cost: 1,
        }),
        l(Event::Displaced {
            unit: u,
            from: Cell::new(2, 1),
            to: Cell::new(3, 1),
        }),
        l(Event::Down { unit: u }),
    ];
    let now = Cell::new(3, 1);
    assert_eq!(position_at(&log, u, 0, now), Cell::new(1, 1));
    assert_eq!(position_at(&log, u, 2, now), Cell::new(2, 1));
    assert_eq!(position_at(&log, u, 3, now), now);
    assert_eq!(position_at(&log, u, 4, now), now);
    assert!(up_at(&log, u, 0, false), "it fell later: up before");
    assert!(!up_at(&log, u, 4, false));
    let revived = vec![l(Event::Revived { unit: u })];
    assert!(!up_at(&revived, u, 0, true), "revived later: down before");
}

#[test]
fn a_replay_is_a_walk_then_an_attack_with_its_damage() {
    // Corwin (1, 4) walks to (4, 4) next to Grub (5, 4) and hits him.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.current(), Some(c));
    let n = b.log().len();
    b.submit(Command::Move {
        unit: c,
        to: Cell::new(4, 4),
    })
    .unwrap();
    let walked = b.log().len();
    // Attack 19 + 5 hits; 1d8 = 6 damage.
    b.dice_force_for_tests(&[19, 6]);
    b.submit(Command::Attack {
        slot: None,
        unit: c,
        target: g,
        weapon: None,
        aim: None,
    })
    .unwrap();
    let log = b.log();
    assert!(
        log[walked..]
            .iter()
            .any(|l| matches!(l.event, Event::Damage { unit, .. } if unit == g)),
        "the attack hit"
    );
    // Where Corwin stood before his first step, and before the attack.
    assert_eq!(position_at(log, c, n, b.pos(c)), Cell::new(1, 4));
    assert_eq!(position_at(log, c, walked, b.pos(c)), Cell::new(4, 4));
    let list = beats(&b, n, log.len());
    let places: Vec<&[Cell]> = list.iter().map(|b| b.focus.as_slice()).collect();
    let walk = [1, 2, 3, 4].map(|x| Cell::new(x, 4));
    assert!(
        places.contains(&walk.as_slice()),
        "one beat for the whole walk: {list:?}"
    );
    let attack = [Cell::new(4, 4), Cell::new(5, 4)];
    let at = list
        .iter()
        .position(|b| b.focus == attack)
        .unwrap_or_else(|| panic!("an attack beat on Corwin and Grub: {list:?}"));
    // The damage goes with the attack's beat, not one of its own.
    let start = if at == 0 { n } else { list[at - 1].end };
    assert!(
        log[start..list[at].end]
            .iter()
            .any(|l| matches!(l.event, Event::Damage { .. })),
        "{list:?}"
    );
    assert_eq!(
        list.len(),
        at + 1,
        "nothing after the attack's beat: {list:?}"
    );
    // The beats cover the events in order, all of them.
    assert!(list.windows(2).all(|w| w[0].end < w[1].end));
    assert_eq!(list.last().map(|b| b.end), Some(log.len()));
    assert_eq!(beats(&b, log.len(), log.len()), Vec::<Beat>::new());
}
