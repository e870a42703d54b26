//! Reaction prompts that show who (issue 31, items 4 and 10): the map's marks while a
//! window is open (`act::offers::marks`), each option's words and odds for the reacting
//! unit (`act::offers::offers`), and in hot-seat one handover per reaction at most, with
//! a side's "answer by itself below N%". Battles through `Battle::submit`; the hot-seat
//! tests press keys and clicks into the window's own input and act systems (headless).

use bevy::prelude::*;
use skirmish::game::View;
use skirmish::game::act::offers::{Role, marks, offers, pct, place_words};
use skirmish::game::dialog::Dialog;
use skirmish_rules::Status;
use skirmish_rules::components::SideId;
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command};

use super::dialogs::Board;

/// Red ends Corwin's turn; Blue comes to the board for Grub's.
fn blues_turn(t: &mut Board) {
    t.end_turn();
    t.key(KeyCode::Space);
    assert_eq!(t.session().viewer, Some(SideId(1)));
    assert_eq!(t.dialog(), None);
}

/// Grub two squares back from Corwin (a move, not a 5-foot step): Corwin, who has
/// acted (not flat-footed), may strike.
fn provoke(t: &mut Board) {
    let (c, g) = (t.battle().pos(t.corwin), t.enemy);
    t.click(skirmish_rules::grid::Cell::new(
        3 * g.x - 2 * c.x,
        3 * g.y - 2 * c.y,
    ));
}

use crate::support::flow::arena;
use crate::support::{BOTH, id};

/// Brakka (Red) attacks Sable; Iris (Sable's ally, two cells off) may intercept.
fn intercept(kind: GridKind) -> Battle {
    let units = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist"),
        Unit(name: "Iris", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
    let mut b = arena(kind, 10, 8, units, "", &[10, 1, 2, 30, 20, 6]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    b.submit(Command::Attack {
        unit: k,
        target: s,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    b
}

#[test]
fn an_intercept_prompt_marks_who_and_the_cell_an_option_names() {
    for kind in BOTH {
        let b = intercept(kind);
        let (k, s, i) = (id(&b, "Brakka"), id(&b, "Sable"), id(&b, "Iris"));
        assert_eq!(b.status(), Status::AwaitingReaction(i), "{kind:?}");
        assert_eq!(
            marks(&b, None),
            [
                (b.pos(i), Role::Reactor),
                (b.pos(k), Role::Actor),
                (b.pos(s), Role::Target)
            ],
            "{kind:?}: the reactor, the attacker, its target"
        );
        let all = offers(&b);
        let at = all
            .iter()
            .position(|o| matches!(o.kind, ReactionKind::InterceptAt { .. }))
            .expect("a cell to choose");
        let ReactionKind::InterceptAt { to, .. } = all[at].kind else {
            unreachable!()
        };
        let mut want = marks(&b, None);
        want.push((to, Role::Place));
        assert_eq!(
            marks(&b, Some(at)),
            want,
            "{kind:?}: hovering marks its cell"
        );
        assert_eq!(all[at].place, Some(to));
        // In words, not coordinates: the cell is next to Brakka and Sable.
        let name = &all[at].name;
        assert!(!name.contains(&to.to_string()), "{kind:?}: {name}");
        assert!(
            name.starts_with("Intercept from the cell ")
                && (name.ends_with("of Brakka") || name.ends_with("of Sable")),
            "{kind:?}: {name}"
        );
        assert_eq!(
            name,
            &format!("Intercept from {}", place_words(&b, to, &[i, k, s]))
        );
        // The log's line of the offer names the cells in words too.
        let offered = skirmish_rules::sentence::lines(&b)
            .into_iter()
            .find(|l| l.text.starts_with("Iris may react: "))
            .expect("the offer is logged");
        assert!(
            offered.text.contains("Intercept from the cell ")
                && !offered.text.contains(&to.to_string()),
            "{kind:?}: {}",
            offered.text
        );
        // The engine's cell's options: told apart by what they do, odds for Iris.
        let plain = all
            .iter()
            .find(|o| o.kind == ReactionKind::Intercept)
            .unwrap();
        let swap = all
            .iter()
            .find(|o| o.kind == ReactionKind::InterceptSwap)
            .unwrap();
        assert!(plain.does.contains("Sable stays"), "{}", plain.does);
        assert!(swap.does.contains("swap places"), "{}", swap.does);
        assert_ne!(plain.does, swap.does);
        let odds = plain.odds.as_ref().expect("Iris rolls once in the way");
        assert_eq!(odds.who, "Iris's defence once in the way");
        assert_eq!(odds.goal, "to stop Brakka's hit");
        assert!(
            plain.text().contains(&format!(
                "Iris's defence once in the way: {} to stop Brakka's hit",
                pct(odds.p)
            )),
            "{}",
            plain.text()
        );
    }
}

const FEINT: &str = r#"Unit(name: "F", side: "Red", cell: (2, 2), archetype: "duelist", stats: {Melee: 60, Deception: 50}),
    Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "fighter", stats: {Melee: 30, Agility: 70})"#;

/// "Resist with Melee (free)" had no odds: each skill now shows T's chance to resist.
#[test]
fn a_feints_target_sees_its_chance_to_resist_with_each_skill() {
    let mut b = arena(GridKind::Hex, 8, 5, FEINT, "", &[10, 1, 40, 40]);
    let (f, t) = (id(&b, "F"), id(&b, "T"));
    b.submit(Command::Act {
        unit: f,
        action: FlowAction::Feint { target: t }.into(),
    })
    .unwrap();
    let all = offers(&b);
    let odds = |k: ReactionKind| {
        all.iter()
            .find(|o| o.kind == k)
            .and_then(|o| o.odds.clone())
            .unwrap_or_else(|| panic!("{k} has odds"))
    };
    let (agi, mel) = (
        odds(ReactionKind::ResistAgility),
        odds(ReactionKind::ResistMelee),
    );
    assert_eq!(agi.who, "T's Agility");
    assert_eq!(mel.who, "T's Melee");
    assert_eq!(agi.goal, "to resist F's feint");
    assert!(
        agi.p > mel.p && mel.p > 0.0 && agi.p < 1.0,
        "Agility 70 holds better than Melee 30: {} vs {}",
        agi.p,
        mel.p
    );
    assert_eq!(
        marks(&b, None),
        [(b.pos(t), Role::Reactor), (b.pos(f), Role::Actor)]
    );
}

#[test]
fn an_opportunity_attack_says_whose_attack_on_whom() {
    let mut t = Board::new();
    blues_turn(&mut t);
    provoke(&mut t);
    let b = t.battle();
    let grub = b.find("Grub").unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(t.corwin));
    assert_eq!(
        marks(b, None),
        [(b.pos(t.corwin), Role::Reactor), (b.pos(grub), Role::Actor)]
    );
    let all = offers(b);
    let o = all
        .iter()
        .find(|o| o.kind == ReactionKind::ReactionAttack)
        .expect("an attack of opportunity");
    let odds = o.odds.as_ref().expect("it rolls to hit");
    assert_eq!(odds.who, "Corwin's attack on Grub");
    assert_eq!(odds.goal, "to hit");
    assert!(
        o.text().contains("Corwin's attack on Grub: "),
        "{}",
        o.text()
    );
    assert!(o.does.contains("spends the Reaction"), "{}", o.does);
}

/// Issue 31, item 10: Grub's move (Blue at the board) provokes Corwin (Red, asked):
/// one handover to Red, and after Red's answer the board is Blue's again with no second
/// one. Red's own turn after still gets its handover (Blue played behind it).
#[test]
fn a_hot_seat_reaction_costs_one_handover_and_the_board_comes_straight_back() {
    let mut t = Board::new();
    blues_turn(&mut t);
    let grub = t.battle().find("Grub").unwrap();
    let mut shown = 0;
    let mut was = t.dialog();
    let mut step = |t: &mut Board, shown: &mut usize| {
        let now = t.dialog();
        if now == Some(Dialog::Handover) && was != now {
            *shown += 1;
        }
        was = now;
    };
    provoke(&mut t);
    assert_eq!(t.battle().status(), Status::AwaitingReaction(t.corwin));
    assert_eq!(t.dialog(), Some(Dialog::Handover), "Red decides");
    step(&mut t, &mut shown);
    t.key(KeyCode::Space);
    assert_eq!(t.dialog(), Some(Dialog::Reaction));
    assert_eq!(t.session().viewer, Some(SideId(0)));
    step(&mut t, &mut shown);
    t.key(KeyCode::KeyN);
    assert_eq!(t.battle().status(), Status::Turn(grub), "Grub goes on");
    assert_eq!(
        t.dialog(),
        None,
        "no handover back: Blue saw everything before the reaction"
    );
    assert_eq!(t.session().viewer, Some(SideId(1)));
    step(&mut t, &mut shown);
    assert_eq!(shown, 1, "one handover for the reaction");
    // Blue ends the turn: Red's turn is behind a handover as ever.
    t.end_turn();
    assert_eq!(t.battle().status(), Status::Turn(t.corwin));
    assert_eq!(t.dialog(), Some(Dialog::Handover));
    step(&mut t, &mut shown);
    assert_eq!(shown, 2);
}

/// Red answers by itself below 95%: Corwin's attack of opportunity (under 95% to hit)
/// is taken as "Auto" takes it, with no handover and no prompt; the board stays Blue's.
/// At 0% the same reaction asks.
#[test]
fn a_side_set_to_answer_long_shots_by_itself_is_not_handed_the_board() {
    for (limit, asked) in [(95u8, false), (0, true)] {
        let mut t = Board::new();
        t.app.world_mut().resource_mut::<View>().prefs.auto_below = vec![limit, 0];
        blues_turn(&mut t);
        let before = t.played();
        provoke(&mut t);
        let grub = t.battle().find("Grub").unwrap();
        if asked {
            assert_eq!(t.battle().status(), Status::AwaitingReaction(t.corwin));
            assert_eq!(t.dialog(), Some(Dialog::Handover));
            continue;
        }
        assert_eq!(t.battle().status(), Status::Turn(grub), "answered at once");
        assert_eq!(
            t.played().1,
            before.1 + 2,
            "Grub's move and Corwin's answer"
        );
        assert_eq!(t.dialog(), None, "no handover, no prompt");
        assert_eq!(t.session().viewer, Some(SideId(1)));
        let msg = t.seen().message.clone().unwrap_or_default().0;
        assert!(
            msg.starts_with("Corwin answered by itself: no option reached 95%"),
            "{msg}"
        );
        // The threshold is one of the settings the window saves (`settings.ron`).
        let session = t.session().clone();
        let now = skirmish::game::settings::live(t.seen(), &session);
        assert_eq!(now.prefs.auto_below, vec![limit, 0]);
    }
}

/// The prompt stands in the first corner of the map area that hides none of the
/// involved units, stays there while it still does, and takes the least covered spot
/// when every corner hides one.
#[test]
fn the_prompt_stands_where_it_hides_none_of_the_units() {
    use bevy_egui::egui::{Rect, pos2, vec2};
    use skirmish::game::hud::prompts::place_prompt;
    let area = Rect::from_min_max(pos2(0.0, 0.0), pos2(900.0, 800.0));
    let size = vec2(440.0, 240.0);
    let cell = |x: f32, y: f32| Rect::from_center_size(pos2(x, y), vec2(40.0, 40.0));
    // A unit near the top left: the top right.
    let units = [cell(100.0, 100.0), cell(450.0, 500.0)];
    assert_eq!(place_prompt(area, size, &units, None), pos2(448.0, 12.0));
    // Both top corners taken: the bottom left.
    let units = [cell(100.0, 100.0), cell(800.0, 100.0)];
    assert_eq!(place_prompt(area, size, &units, None), pos2(12.0, 548.0));
    // Where it stood still fits: it stays (no jumping as the camera glides).
    let units = [cell(450.0, 400.0)];
    assert_eq!(
        place_prompt(area, size, &units, Some(pos2(12.0, 548.0))),
        pos2(12.0, 548.0)
    );
    // Every spot hides one: the least covered, the first of those (the top left hides
    // three, the top right two, the bottom left one).
    let units = [
        cell(100.0, 100.0),
        cell(800.0, 100.0),
        cell(100.0, 700.0),
        cell(800.0, 700.0),
        cell(450.0, 100.0),
        cell(120.0, 120.0),
    ];
    assert_eq!(place_prompt(area, size, &units, None), pos2(12.0, 548.0));
}
