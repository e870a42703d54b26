//! The window's text and panel layout (issue 31, items 5-7): floating results queued per
//! unit, the action panel's order (Attack, usable now, the rest folded), tooltips and
//! names placed by one rule, and a unit that is down staying selectable with its own
//! card.

use bevy::math::{Rect, Vec2};
use bevy::prelude::KeyCode;
use skirmish::game::act::{ActionKey, Usable};
use skirmish::game::fallen::{Fallen, fallen};
use skirmish::game::floaters::{FloaterQueue, GAP, texts};
use skirmish::game::hud::plan;
use skirmish::game::text_layout::{
    Label, TIP_MIN, overlaps, place_labels, tooltip_at, tooltip_width,
};
use skirmish_rules::engine::Command;
use skirmish_rules::grid::GridKind;

use super::dialogs::Board;
use crate::support::d20::{arena, duel};
use crate::support::id;

/// Corwin (fighter) hits Grub hard: Grub, at 2 HP, goes below 0 and is dying.
fn grub_falls() -> skirmish_rules::Battle {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", weapons: ["longsword"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 2),
        Unit(name: "Vey", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    // Initiative: Corwin 20, Grub 1, Vey 1; then the attack: 19 to hit, 5 damage.
    let mut b = arena(GridKind::Square, units, &[20, 1, 1, 19, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.current(), Some(c));
    b.submit(Command::Attack {
        unit: c,
        target: g,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    b
}

#[test]
fn a_units_floating_results_rise_one_after_another_never_piled() {
    let b = grub_falls();
    let g = id(&b, "Grub");
    let all = texts(&b, 0, b.log().len());
    let over_grub: Vec<&str> = all
        .iter()
        .filter(|f| f.unit == g)
        .map(|f| f.text.as_str())
        .collect();
    assert!(
        over_grub.len() >= 2 && over_grub.contains(&"down!"),
        "damage and the fall over Grub: {over_grub:?}"
    );
    let mut q = FloaterQueue::default();
    for f in all.iter().filter(|f| f.unit == g).cloned() {
        q.push(f);
    }
    // Another unit's text floats at once beside Grub's first.
    let vey = id(&b, "Vey");
    q.push(skirmish::game::floaters::Float {
        unit: vey,
        at: 0,
        text: "Dodge!".into(),
        colour: bevy::color::Color::WHITE,
    });
    let first = q.tick(0.0);
    assert_eq!(
        first.iter().map(|f| f.unit).collect::<Vec<_>>(),
        [g, vey],
        "one per unit at once"
    );
    assert_eq!(first[0].text, over_grub[0]);
    // Nothing more over Grub until GAP has passed; then the next, in log order.
    assert!(q.tick(GAP * 0.5).is_empty(), "the next waits");
    let second = q.tick(GAP * 0.5);
    assert_eq!(second.len(), 1);
    assert_eq!(second[0].text, over_grub[1]);
    let mut rest = Vec::new();
    for _ in 0..over_grub.len() {
        rest.extend(q.tick(GAP).into_iter().map(|f| f.text));
    }
    assert_eq!(rest, over_grub[2..]);
    assert!(q.is_empty());
}

#[test]
fn the_action_panel_puts_attack_first_then_what_is_usable_then_the_rest() {
    let b = duel(GridKind::Square, &[]);
    let c = id(&b, "Corwin");
    let mut usable = Usable::default();
    usable.refresh(&b, c, 0, 0);
    let p = plan(&b, &usable);
    // Corwin stands next to Grub: the attack is usable, its price the ruleset's.
    assert_eq!(p.attack, ("Standard action".to_string(), None));
    // Every action appears once: usable ones in rows by price, the rest folded.
    let n: usize = p.now.iter().map(|g| g.1.len()).sum::<usize>() + p.later.len();
    assert_eq!(n, ActionKey::of(&b).count());
    let order: Vec<&str> = ActionKey::of(&b).map(|a| a.label()).collect();
    for (cost, row) in &p.now {
        // Within a row, the ruleset's order.
        let at: Vec<usize> = row
            .iter()
            .map(|a| order.iter().position(|l| *l == a.label()).unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{cost}: {at:?}");
        for a in row {
            assert_eq!(
                skirmish::game::act::why_not_action(&b, c, *a),
                None,
                "{} is usable",
                a.label()
            );
        }
    }
    for (a, _, why) in &p.later {
        assert!(!why.is_empty(), "{} says why not", a.label());
    }
    // tactical-d20's worst case: Stand Up (not prone) and Break Free (not grappled) are
    // behind the heading, not in the way.
    let later: Vec<&str> = p.later.iter().map(|l| l.0.label()).collect();
    assert!(
        later.contains(&"Stand Up") && later.contains(&"Break Free"),
        "{later:?}"
    );
    // Far from every enemy: the attack is greyed with the rules' reason.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 1), archetype: "fighter", weapons: ["longsword"]),
        Unit(name: "Grub", side: "Blue", cell: (12, 7), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[20, 1]);
    let mut usable = Usable::default();
    usable.refresh(&b, id(&b, "Corwin"), 0, 0);
    let (_, why) = plan(&b, &usable).attack;
    assert!(why.is_some_and(|w| !w.is_empty()), "a reason");
}

#[test]
fn z_arms_the_attack_and_enter_on_the_enemy_makes_it() {
    let mut board = Board::new();
    let grub = board.battle().find("Grub").unwrap();
    board.key(KeyCode::KeyZ);
    assert_eq!(
        board.seen().pending.map(|p| p.0),
        Some(ActionKey::attack()),
        "Z arms the attack"
    );
    // Tab goes to the enemy it can hit; Enter attacks it.
    board.key(KeyCode::Tab);
    assert_eq!(board.seen().cursor, Some(board.enemy));
    let before = board.played();
    board
        .app
        .world_mut()
        .resource_mut::<skirmish::game::BattleRes>()
        .0
        .dice_force_for_tests(&[15, 3]);
    board.key(KeyCode::Enter);
    let b = board.battle();
    assert!(
        b.log()[before.0..].iter().any(|l| matches!(
            l.event,
            skirmish_rules::event::Event::Attack { target, .. } if target == grub
        )),
        "an attack on Grub went in"
    );
    assert_eq!(board.seen().pending, None);
}

#[test]
fn a_unit_that_is_down_stays_selectable_with_its_own_card() {
    let b = grub_falls();
    let g = id(&b, "Grub");
    assert!(!b.alive(g));
    let state = fallen(&b, g);
    assert!(
        matches!(state, Fallen::Dying { saves: None, hp } if hp < 0),
        "{state:?}"
    );
    assert_eq!(state.marker(), format!("dying {}", b.hp(g)));
    assert_eq!(
        skirmish::game::hud::card_title(&b, g),
        format!("Grub — Blue (dying {})", b.hp(g))
    );
    // The window, Corwin still acting: a click on Grub's cell inspects him and plays
    // nothing.
    let at = b.pos(g);
    let mut board = Board::with(b);
    let before = board.played();
    board.view().selected = None;
    board.click(at);
    assert_eq!(board.seen().selected, Some(g), "Grub's card shows");
    assert_eq!(board.played(), before, "the click played nothing");
    // Tab reaches him too, in turn order.
    board.view().selected = None;
    let mut seen = Vec::new();
    for _ in 0..3 {
        board.key(KeyCode::Tab);
        seen.extend(board.seen().selected);
    }
    assert!(seen.contains(&g), "{seen:?}");
}

#[test]
fn tooltips_keep_their_width_and_stay_on_screen_off_the_panel() {
    let screen = Rect::new(0.0, 0.0, 1024.0, 640.0);
    let panel = Rect::new(684.0, 0.0, 1024.0, 640.0);
    let w = tooltip_width(screen);
    assert!(w >= TIP_MIN, "{w}");
    let size = Vec2::new(w, 120.0);
    // Near the panel's edge and the bottom: it goes left of and above the pointer.
    for pointer in [
        Vec2::new(650.0, 600.0),
        Vec2::new(20.0, 20.0),
        Vec2::new(400.0, 300.0),
    ] {
        let at = tooltip_at(pointer, size, screen, &[panel]);
        let r = Rect::from_corners(at, at + size);
        assert!(
            r.min.x >= 0.0 && r.min.y >= 0.0 && r.max.x <= 1024.0 && r.max.y <= 640.0,
            "{pointer}: {r:?} on screen"
        );
        assert!(!overlaps(r, panel), "{pointer}: {r:?} off the panel");
        assert!(
            !r.contains(pointer),
            "{pointer}: {r:?} does not cover the pointer"
        );
    }
}

#[test]
fn names_of_units_side_by_side_never_collide() {
    // Brannoc and Ugra on neighbouring cells (32 units apart), names 7 and 4 letters at
    // 11 px: side by side above their tokens they would overlap.
    let labels = vec![
        Label {
            key: 0,
            at: Vec2::new(0.0, 0.0),
            radius: 13.0,
            text: "Brannoc".into(),
            priority: 0,
        },
        Label {
            key: 1,
            at: Vec2::new(32.0, 0.0),
            radius: 13.0,
            text: "Ugra".into(),
            priority: 1,
        },
        Label {
            key: 2,
            at: Vec2::new(16.0, 28.0),
            radius: 13.0,
            text: "Sable the Quick".into(),
            priority: 2,
        },
    ];
    let (cw, lh) = (11.0 * 0.62, 11.0 * 1.25);
    let placed = place_labels(&labels, cw, lh);
    assert_eq!(placed.len(), 3);
    // The first keeps its full name above its token.
    assert_eq!(placed[0].text, "Brannoc");
    assert!(placed[0].offset.y > 0.0);
    let boxes: Vec<Rect> = placed
        .iter()
        .map(|p| {
            let l = labels.iter().find(|l| l.key == p.key).unwrap();
            let c = l.at + p.offset;
            let half = Vec2::new(p.text.chars().count() as f32 * cw / 2.0, lh / 2.0);
            Rect::from_corners(c - half, c + half)
        })
        .collect();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            assert!(
                !overlaps(boxes[i], boxes[j]),
                "{:?} and {:?} collide",
                placed[i],
                placed[j]
            );
        }
    }
}

#[test]
fn at_150_percent_the_panel_leaves_the_map_most_of_a_small_window() {
    use skirmish::game::layout::{PANEL, panel_px};
    // At 100% the panel is its usual width at either size.
    assert_eq!(panel_px(1.0, 1280.0), PANEL);
    assert_eq!(panel_px(1.0, 1024.0), PANEL);
    // At 150% it grows, but never past 38% of the window.
    let p = panel_px(1.5, 1024.0);
    assert!(p > PANEL && p <= 1024.0 * 0.38 + 0.01, "{p}");
    assert!(1024.0 - p >= 630.0, "the map keeps {}", 1024.0 - p);
    assert_eq!(panel_px(1.5, 1920.0), PANEL * 1.5);
}

/// Key rebinding (Settings, Keys): the saved override gives Attack the key N; N then arms
/// the attack and Z does not; help's table lists N; a chord another board binding has, a
/// ruleset's action key, an unknown key and a dialog's binding are refused with the
/// reason, the rest kept.
#[test]
fn a_rebound_key_acts_help_lists_it_and_clashes_are_refused() {
    use skirmish::game::keymap::{Bind, KeyMap, parse_chord};
    use std::collections::BTreeMap;
    for l in ["Shift+Tab", "Ctrl+Z", "J", "F3", "Home", "Shift+Enter"] {
        assert_eq!(parse_chord(l).map(|c| c.label()), Some(l.to_string()));
    }
    assert_eq!(parse_chord("Hyper+Q"), None);
    let taken = skirmish::game::act::ruleset_chords();
    let keys = BTreeMap::from([("Attack".to_string(), "N".to_string())]);
    let (map, problems) = KeyMap::with_overrides(&keys, &taken);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(map.label(Bind::Attack), "N");
    assert!(
        map.rows()
            .iter()
            .any(|(_, k, what)| k == "N" && what.contains("basic attack")),
        "help lists N for the attack (the pad's West takes the bar's pick now)"
    );
    let bad = BTreeMap::from([
        ("Attack".to_string(), "T".to_string()),
        ("Undo".to_string(), "Hyper+Q".to_string()),
        ("Quit".to_string(), "N".to_string()),
        ("NextAbility".to_string(), "J".to_string()),
    ]);
    let (kept, problems) = KeyMap::with_overrides(&bad, &taken);
    assert_eq!(problems.len(), 4, "{problems:?}");
    assert!(
        problems.iter().any(|p| p.contains("ruleset")),
        "J is tactical-d20's"
    );
    assert!(
        problems.iter().any(|p| p.contains("Threat")),
        "{problems:?}"
    );
    assert_eq!(kept.label(Bind::Attack), "Z");
    assert_eq!(kept.label(Bind::Quit), KeyMap::default().label(Bind::Quit));
    // In the window: N arms the attack, Z no longer does.
    let mut board = Board::new();
    board.app.insert_resource(map);
    board.key(KeyCode::KeyZ);
    assert_eq!(board.seen().pending, None, "Z is not the attack's key now");
    board.key(KeyCode::KeyN);
    assert_eq!(board.seen().pending.map(|p| p.0), Some(ActionKey::attack()));
}

/// Help (F1) has one size for both tabs, within the screen (issue 31's minor points: an
/// empty frame, a width changing between tabs), and its Keys tab lists the map's marks
/// (`markers::LEGEND`) after the keys, the ruleset's actions with their keys before.
#[test]
fn help_keeps_one_size_and_its_keys_tab_lists_the_map_marks() {
    use skirmish::game::hud::help::{help_size, keys_sections};
    use skirmish::game::keymap::KeyMap;
    use skirmish::game::markers::LEGEND;
    for (w, h) in [(1280.0, 800.0), (1024.0, 640.0), (683.0, 427.0)] {
        let (hw, hh) = help_size(w, h);
        assert!(hw <= w - 24.0 && hh <= h - 80.0, "{w}x{h}: {hw}x{hh}");
        assert!(hw >= 200.0 && hh >= 160.0);
    }
    assert_eq!(help_size(1280.0, 800.0), (600.0, 560.0));
    assert_eq!(help_size(1024.0, 640.0), (600.0, 560.0));
    let b = crate::support::d20::duel(skirmish_rules::grid::GridKind::Square, &[]);
    let sections = keys_sections(&b, &KeyMap::default());
    let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "On the board",
            "Camera",
            "Dialogs and prompts",
            "Replay viewer",
            "Actions of tactical-d20",
            "Map marks",
            "Mouse"
        ]
    );
    let marks = &sections[5].rows;
    assert_eq!(marks.len(), LEGEND.len());
    for ((m, w), (k, v)) in LEGEND.iter().zip(marks) {
        assert_eq!((*m, *w), (k.as_str(), v.as_str()));
    }
    let actions = &sections[4].rows;
    assert_eq!(
        actions.len(),
        skirmish::game::act::ActionKey::of(&b).count()
    );
    assert!(
        actions.iter().all(|(k, _)| k != "(button)"),
        "every action has a key"
    );
}

/// Ash (Red) sprints to the exit at (0, 1) and flees; Cyd (Red) and Bly (Blue) stay.
/// Returns the battle, Ash and where the log stood before.
fn fled_battle() -> (
    skirmish_rules::Battle,
    skirmish_rules::components::UnitId,
    usize,
) {
    use skirmish_rules::grid::Cell;
    use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
    use skirmish_rules::rulesets::ui::act;
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "duelist"),
        Unit(name: "Cyd", side: "Red", cell: (1, 5), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (9, 1), archetype: "soldier")"#;
    let row = ".".repeat(12);
    let rows: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
    let mut b =
        crate::support::melee_zone::field(GridKind::Square, &rows, units, "exits: [(0, 1)]", &[]);
    let ash = id(&b, "Ash");
    let from = b.log().len();
    for c in [
        act(ash, MeleeZoneAction::Sprint),
        Command::Move {
            unit: ash,
            to: Cell::new(0, 1),
        },
        act(ash, MeleeZoneAction::Flee),
    ] {
        b.submit(c).unwrap_or_else(|e| panic!("{e}"));
    }
    (b, ash, from)
}

/// A melee-zone unit that flees by an exit (issue 30) shows it left, as its ruleset's
/// View says (`TokenMarks::left`): "fled" on its token and its card and over it as it
/// goes, not "down" (the log has its words and `Down`, the rules' one way out).
#[test]
fn a_unit_that_fled_shows_fled_not_down() {
    let (b, ash, from) = fled_battle();
    assert!(!b.alive(ash));
    assert_eq!(fallen(&b, ash), Fallen::Left("fled"));
    assert_eq!(fallen(&b, ash).marker_lines(), "fled");
    assert_eq!(skirmish::game::hud::card_title(&b, ash), "Ash — Red (fled)");
    assert!(fallen(&b, ash).words().starts_with("fled: left the battle"));
    let over_ash: Vec<String> = texts(&b, from, b.log().len())
        .into_iter()
        .filter(|f| f.unit == ash)
        .map(|f| f.text)
        .collect();
    assert!(over_ash.iter().any(|t| t == "fled!"), "{over_ash:?}");
    assert!(!over_ash.iter().any(|t| t == "down!"), "{over_ash:?}");
    // A unit that fell is still "down"/"dying"/"dead" (Grub's test above); one still up
    // has no marker.
    assert_eq!(fallen(&b, id(&b, "Cyd")), Fallen::Up);
}

/// A fled unit makes no death sound on its `Down` (the View's `TokenMarks::left`), and the
/// victory screen counts it as fled, not lost; a unit that falls still sounds its death.
#[test]
fn a_fled_unit_is_silent_and_counted_as_fled_not_lost() {
    use skirmish::game::hud::{SideSummary, summary};
    use skirmish::game::sound::{Sound, battle_sounds, sound_for};
    let (b, ash, from) = fled_battle();
    let ev: Vec<&skirmish_rules::event::Event> = b.log()[from..].iter().map(|l| &l.event).collect();
    assert!(
        ev.iter().any(|e| sound_for(e) == Some(Sound::Death)),
        "a Down: {ev:?}"
    );
    assert_eq!(battle_sounds(&b, ev.iter().copied()), [Sound::Step]);
    let red = b.side(ash).0 as usize;
    assert_eq!(
        summary(&b)[red],
        SideSummary {
            side: b.level().sides[red].name.clone(),
            dealt: 0,
            lost: 0,
            left: 1,
        }
    );
}
