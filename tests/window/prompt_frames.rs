//! The reaction prompt in a real egui context, frame by frame, with the pointer events
//! egui gets from the window (moved, pressed, released): a click on "No reaction" while
//! the replay after a handover glides the camera is taken (the prompt holds its place),
//! and the options the rules would refuse are checked once per window and amounts, not
//! every frame.

use bevy_egui::egui;
use skirmish::game::hud::prompts::reaction;
use skirmish::game::hud::refusals::{checks_run, why_refused};
use skirmish::game::{Intent, ReactPolicy, Session, View};
use skirmish_rules::Battle;
use skirmish_rules::Status;
use skirmish_rules::components::Pool;
use skirmish_rules::engine::{Command, Commit};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::Controller;

use crate::support::flow::arena;
use crate::support::id;

/// Both sides played here, every reaction asked.
fn session(b: &Battle) -> Session {
    Session {
        level: b.level().clone(),
        seed: 7,
        policies: vec![ReactPolicy::Ask; 2],
        controllers: vec![Controller::Human; 2],
        commands: Vec::new(),
        marks: Vec::new(),
        viewer: None,
        logged: 0,
        event_log: None,
        generation: 0,
        confirm_end_turn: false,
    }
}

/// The map's column of a 1280×800 window (the side panel right of it).
fn area() -> egui::Rect {
    egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(900.0, 800.0))
}

/// A unit's cell on screen, in points.
fn cell_at(x: f32, y: f32) -> egui::Rect {
    egui::Rect::from_center_size(egui::pos2(x, y), egui::vec2(48.0, 48.0))
}

/// One egui pass drawing the prompt, with these input events; the buttons it noted.
struct Frames {
    ctx: egui::Context,
    time: f64,
    view: View,
    intent: Intent,
}

impl Frames {
    fn new() -> Frames {
        Frames {
            ctx: egui::Context::default(),
            time: 0.0,
            view: View::default(),
            intent: Intent::default(),
        }
    }

    fn frame(
        &mut self,
        b: &Battle,
        s: &Session,
        events: Vec<egui::Event>,
        avoid: &[egui::Rect],
        hold: bool,
    ) -> Vec<(String, egui::Pos2)> {
        self.time += 1.0 / 30.0;
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            time: Some(self.time),
            events,
            ..Default::default()
        };
        self.ctx.begin_pass(raw);
        let (mut rects, mut spots) = (Vec::new(), Vec::new());
        reaction(
            &self.ctx,
            b,
            s,
            &mut self.view,
            &mut self.intent,
            &mut rects,
            &mut spots,
            avoid,
            area(),
            hold,
        );
        self.ctx.end_pass().drop_without_applying_deltas();
        spots
    }

    /// Where the prompt stands (the top left corner it was placed at).
    fn at(&self) -> egui::Pos2 {
        self.ctx
            .data(|d| d.get_temp::<egui::Pos2>(egui::Id::new("Reaction").with("at")))
            .expect("the prompt is drawn")
    }
}

fn button(e: bool, at: egui::Pos2) -> egui::Event {
    egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: e,
        modifiers: egui::Modifiers::default(),
    }
}

/// Brakka (Red) attacks Sable; Iris (Blue, Sable's ally) may intercept: Blue is asked.
fn intercept() -> Battle {
    let units = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist"),
        Unit(name: "Iris", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, 10, 8, units, "", &[10, 1, 2, 30, 20, 6]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    b.submit(Command::Attack {
        unit: k,
        target: s,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    assert!(matches!(b.status(), Status::AwaitingReaction(_)));
    b
}

/// The pointer rests on "No reaction"; then the camera glides (the replay shows the
/// next beat) and the units the prompt keeps clear of come under it; then the button is
/// pressed and released. While the replay plays (`hold`) the prompt stays where the
/// pointer found its button and the click declines; a prompt that moved out of the way
/// meanwhile lost the click (egui routed it by the last frame's rectangles). Once the
/// board stands still the prompt moves out of the way.
#[test]
fn a_click_on_the_prompt_during_the_replay_is_taken() {
    let b = intercept();
    let s = session(&b);
    // A unit at the map's bottom right: the prompt in the top left corner.
    let before = [cell_at(800.0, 700.0)];
    // The camera glided: that unit is now under the top left corner.
    let after = [cell_at(100.0, 100.0)];
    for hold in [true, false] {
        let mut f = Frames::new();
        let mut spots = Vec::new();
        for _ in 0..4 {
            spots = f.frame(&b, &s, vec![], &before, hold);
        }
        assert_eq!(f.at(), egui::pos2(12.0, 12.0), "top left first");
        let no = spots
            .iter()
            .find(|(l, _)| l == "No reaction")
            .map(|(_, p)| *p)
            .expect("a No reaction button");
        f.frame(&b, &s, vec![egui::Event::PointerMoved(no)], &before, hold);
        f.frame(&b, &s, vec![], &after, hold);
        f.frame(&b, &s, vec![button(true, no)], &after, hold);
        f.frame(&b, &s, vec![button(false, no)], &after, hold);
        if hold {
            assert_eq!(f.intent.react, Some(None), "the click declined");
            assert_eq!(f.at(), egui::pos2(12.0, 12.0), "held where it stood");
            // The replay is over: the prompt leaves the unit's cell.
            f.frame(&b, &s, vec![], &after, false);
            f.frame(&b, &s, vec![], &after, false);
            assert_ne!(f.at(), egui::pos2(12.0, 12.0), "out of the way once still");
        } else {
            // (Without holding, the prompt jumped and the click fell beside it.)
            assert_ne!(f.at(), egui::pos2(12.0, 12.0));
            assert_eq!(f.intent.react, None, "the click was lost");
        }
    }
}

/// counters: Grub's maul hits Corwin, whose prompt offers a Block with an amount picker
/// (skill dice). Drawn frame after frame, each answer is checked by the rules once;
/// a new amount on the picker is checked once more; a new window checks again. What is
/// greyed is what `Battle::check` says.
#[test]
fn the_prompt_checks_each_answer_once_per_window_and_amounts() {
    let mut b = super::amounts::counters_duel();
    let (corwin, grub) = (id(&b, "Corwin"), id(&b, "Grub"));
    b.submit(Command::EndTurn { unit: corwin }).unwrap();
    b.submit(Command::Attack {
        unit: grub,
        target: corwin,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(corwin));
    let s = session(&b);
    let mut f = Frames::new();
    let avoid = [cell_at(800.0, 700.0)];
    f.frame(&b, &s, vec![], &avoid, false);
    let first = checks_run(&f.ctx);
    let answers = skirmish::game::act::offers::offers(&b).len() as u64;
    assert!(
        first >= 1 && first <= answers,
        "{first} checks, {answers} answers"
    );
    for _ in 0..10 {
        f.frame(&b, &s, vec![], &avoid, false);
    }
    assert_eq!(checks_run(&f.ctx), first, "no check in the next ten frames");
    // Two skill dice on the Block's picker: that answer is checked once more.
    let picker = egui::Id::new((
        "commit",
        corwin.0,
        ReactionKind::Block.to_string(),
        0usize,
        format!("{:?}", Pool::SkillDice),
    ));
    f.ctx.data_mut(|d| d.insert_temp(picker, 2u32));
    for _ in 0..5 {
        f.frame(&b, &s, vec![], &avoid, false);
    }
    assert_eq!(checks_run(&f.ctx), first + 1, "the new amounts, once");
    // What the memo says is what the rules say, with and without the dice.
    let two = vec![Commit {
        part: 0,
        pool: Pool::SkillDice,
        amount: 2,
    }];
    for commits in [vec![], two] {
        let rules = b
            .check(&Command::React {
                unit: corwin,
                choice: Some(ReactionKind::Block),
                commit: 0,
                commits: commits.clone(),
            })
            .err()
            .map(|e| e.to_string());
        let n = checks_run(&f.ctx);
        assert_eq!(
            why_refused(&f.ctx, &b, 0, ReactionKind::Block, &commits),
            rules
        );
        assert_eq!(checks_run(&f.ctx), n, "from memory");
    }
    // The same window in another battle generation (a restart, an undo, a load): the
    // answer is checked again.
    let n = checks_run(&f.ctx);
    why_refused(&f.ctx, &b, 1, ReactionKind::Block, &[]);
    assert_eq!(checks_run(&f.ctx), n + 1, "a new generation");
    // Corwin declines: the window is gone, nothing is checked.
    b.submit(Command::React {
        unit: corwin,
        choice: None,
        commit: 0,
        commits: vec![],
    })
    .unwrap();
    let n = checks_run(&f.ctx);
    f.frame(&b, &s, vec![], &avoid, false);
    if b.window().is_none() {
        assert_eq!(checks_run(&f.ctx), n, "no prompt, no check");
    }
}
