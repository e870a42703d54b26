//! What the runner and the engine say: script entries echoed in script syntax, forced
//! dice blamed on their `dice:` entry, refusal and log wording (issue 16, "Messages and
//! runner").

use proptest::prelude::*;
use skirmish_rules::components::{Slot, UnitId};
use skirmish_rules::engine::{
    Action, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20::{FocusOn, GrappleFollow, TacticalD20Action};
use skirmish_rules::script::{self, Choice, Script, Step};

use skirmish_rules::event::Event;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::{d20, id, repo};

/// A step read back from its own text inside a script.
fn reparse(step: &Step) -> Result<Step, String> {
    let src = format!("Script(commands: [{step}])");
    let mut s = Script::parse(&src)?;
    match s.commands.pop() {
        Some(back) if s.commands.is_empty() => Ok(back),
        _ => Err(format!("not one command: {src}")),
    }
}

#[test]
fn a_step_is_written_as_a_script_writes_it() {
    let cases = [
        (
            Step::React {
                unit: "Bex".into(),
                choice: Choice(Some(ReactionKind::Block)),
                commit: 0,
                commits: Vec::new(),
            },
            r#"React(unit: "Bex", choice: Block)"#,
        ),
        (
            Step::React {
                unit: "Bex".into(),
                choice: Choice(None),
                commit: 0,
                commits: Vec::new(),
            },
            r#"React(unit: "Bex", choice: Decline)"#,
        ),
        (
            Step::Move {
                unit: "Sable".into(),
                to: Cell::new(2, 2),
            },
            r#"Move(unit: "Sable", to: (2, 2))"#,
        ),
        (
            Step::Attack {
                unit: "Brakka".into(),
                target: "Sable".into(),
                weapon: None,
                slot: None,
                aim: None,
            },
            r#"Attack(unit: "Brakka", target: "Sable")"#,
        ),
        (
            Step::Attack {
                unit: "Brakka".into(),
                target: "Sable".into(),
                weapon: Some("longsword".into()),
                slot: Some(Slot::Move),
                aim: None,
            },
            r#"Attack(unit: "Brakka", target: "Sable", weapon: "longsword", slot: Move)"#,
        ),
        (
            Step::Attack {
                unit: "Brakka".into(),
                target: "Sable".into(),
                weapon: None,
                slot: None,
                aim: Some(skirmish_rules::engine::Aim::Vital),
            },
            r#"Attack(unit: "Brakka", target: "Sable", aim: Vital)"#,
        ),
        (Step::EndTurn, "EndTurn"),
        (
            Step::Do {
                unit: "Corwin".into(),
                action: TacticalD20Action::Trip { target: UnitId(2) }.into(),
            },
            r#"Do(unit: "Corwin", action: Trip(target: (2)))"#,
        ),
        (
            Step::Do {
                unit: "Fang".into(),
                action: TacticalD20Action::Charge {
                    target: UnitId(1),
                    to: None,
                }
                .into(),
            },
            r#"Do(unit: "Fang", action: Charge(target: (1), to: None))"#,
        ),
        (
            Step::Disarm {
                unit: "A".into(),
                target: "B".into(),
                item: None,
                send: Some(Cell::new(3, 1)),
            },
            r#"Disarm(unit: "A", target: "B", send: (3, 1))"#,
        ),
    ];
    for (step, text) in cases {
        assert_eq!(step.to_string(), text);
        assert_eq!(reparse(&step), Ok(step));
    }
}

#[test]
fn a_refused_command_is_echoed_in_script_syntax() {
    let src = r#"Script(commands: [React(unit: "Corwin", choice: Block)])"#;
    let s = Script::parse(src).unwrap();
    let mut b = d20::duel(GridKind::Square, &[]);
    let stop = script::run(&mut b, &s).unwrap_err();
    assert_eq!(stop.command, r#"React(unit: "Corwin", choice: Block)"#);
    assert_eq!(
        stop.to_string(),
        r#"1:19: command 1 (React(unit: "Corwin", choice: Block)) is illegal: no reaction is being offered"#
    );
    assert_eq!(
        stop.at,
        Some(skirmish_rules::span::Pos { line: 1, col: 19 })
    );
}

#[test]
fn a_refused_command_of_a_script_file_points_at_its_line_and_column() {
    // An unknown unit (refused before the engine sees a command) and an illegal command
    // (refused by the engine) both point where the step is written; a script built in
    // code has no place to point at.
    let src = "Script(\n    commands: [\n        EndTurn,\n          Attack(unit: \"Grubb\", target: \"Corwin\"),\n    ],\n)\n";
    let s = Script::parse(src).unwrap();
    let mut b = d20::duel(GridKind::Square, &[]);
    let stop = script::run(&mut b, &s).unwrap_err();
    assert_eq!(stop.index, 2);
    assert_eq!(
        stop.at,
        Some(skirmish_rules::span::Pos { line: 4, col: 11 })
    );
    assert!(
        stop.to_string().starts_with(
            r#"4:11: command 2 (Attack(unit: "Grubb", target: "Corwin")) is illegal: there is no unit named `Grubb`; did you mean `Grub`?"#
        ),
        "{stop}"
    );
    let src = "Script(commands: [\n  Attack(unit: \"Corwin\", target: \"Corwin\"),\n])";
    let s = Script::parse(src).unwrap();
    let mut b = d20::duel(GridKind::Square, &[]);
    let stop = script::run(&mut b, &s).unwrap_err();
    assert!(stop.to_string().starts_with("2:3: command 1 ("), "{stop}");
    let built = Script {
        commands: s.commands.clone(),
        ..Script::default()
    };
    let mut b = d20::duel(GridKind::Square, &[]);
    let stop = script::run(&mut b, &built).unwrap_err();
    assert_eq!(stop.at, None);
    assert!(stop.to_string().starts_with("command 1 ("), "{stop}");
}

fn name() -> impl Strategy<Value = String> {
    // Any text: quotes, backslashes, line breaks and non-ASCII must survive.
    prop_oneof![
        "[A-Za-z][a-z]{0,8}",
        any::<String>(),
        Just("Quo\"te\\\n".to_string())
    ]
}

fn cell() -> impl Strategy<Value = Cell> {
    (-3i32..40, -3i32..40).prop_map(|(x, y)| Cell::new(x, y))
}

fn unit_id() -> impl Strategy<Value = UnitId> {
    (0u32..9).prop_map(UnitId)
}

fn reaction() -> impl Strategy<Value = Option<ReactionKind>> {
    use ReactionKind::*;
    prop::option::of(prop::sample::select(vec![
        ReactionAttack,
        Dodge,
        Parry,
        Block,
        Riposte,
        Intercept,
        InterceptSwap,
        Pursuit,
        StepAside,
        Resist,
        WaitedAttack,
    ]))
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        cell().prop_map(|to| Action::from(FlowAction::Step { to })),
        (unit_id(), prop::option::of(cell()))
            .prop_map(|(target, to)| Action::from(TacticalD20Action::Charge { target, to })),
        (unit_id(), prop::option::of(0u32..9)).prop_map(|(target, distance)| Action::from(
            TacticalD20Action::Push { target, distance }
        )),
        (
            unit_id(),
            prop::option::of(0usize..4),
            prop::option::of(cell())
        )
            .prop_map(|(target, item, send)| Action::from(FlowAction::Disarm {
                target,
                item,
                send
            })),
        prop::sample::select(vec![FocusOn::Attack, FocusOn::Defence, FocusOn::Skills])
            .prop_map(|on| Action::from(TacticalD20Action::Focus { on })),
        prop::sample::select(vec![
            GrappleFollow::Hold,
            GrappleFollow::Attack,
            GrappleFollow::Trip
        ])
        .prop_map(|follow| Action::from(TacticalD20Action::GrappleTurn { follow })),
        any::<String>().prop_map(|text| Action::from(TacticalD20Action::Command { text })),
        Just(Action::from(TacticalD20Action::Wait)),
        Just(Action::from(CommonAction::PickUp)),
        prop::option::of(0usize..4).prop_map(|item| Action::from(FlowAction::Drop { item })),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    let effect = prop::sample::select(vec![ShoveEffect::Push, ShoveEffect::Prone]);
    prop_oneof![
        (name(), cell()).prop_map(|(unit, to)| Step::Move { unit, to }),
        (
            name(),
            name(),
            prop::option::of(name()),
            prop::option::of(prop::sample::select(vec![
                Slot::Standard,
                Slot::Move,
                Slot::Quick
            ]))
        )
            .prop_map(|(unit, target, weapon, slot)| Step::Attack {
                unit,
                target,
                weapon,
                slot,
                aim: None
            }),
        (name(), action()).prop_map(|(unit, action)| Step::Do { unit, action }),
        Just(Step::EndTurn),
        (name(), reaction(), 0u32..3).prop_map(|(unit, c, commit)| Step::React {
            unit,
            choice: Choice(c),
            commit,
            commits: Vec::new(),
        }),
        (name(), name(), effect.clone(), any::<bool>()).prop_map(|(unit, target, effect, both)| {
            Step::Shove {
                unit,
                target,
                effect,
                both,
            }
        }),
        (
            name(),
            name(),
            prop::option::of(name()),
            prop::option::of(cell())
        )
            .prop_map(|(unit, target, item, send)| Step::Disarm {
                unit,
                target,
                item,
                send
            }),
        (name(), prop::option::of(name())).prop_map(|(unit, item)| Step::Drop { unit, item }),
        (name(), name()).prop_map(|(unit, through)| Step::Tumble { unit, through }),
        (
            name(),
            prop_oneof![
                Just(ReadyTrigger::EnemyEntersReach),
                (0u32..20).prop_map(|cells| ReadyTrigger::EnemyWithin { cells }),
                (0u32..20).prop_map(|cells| ReadyTrigger::EnemyCasts { cells })
            ],
            prop_oneof![
                Just(ReadyResponse::Attack),
                cell().prop_map(|to| ReadyResponse::Move { to }),
                (effect, any::<bool>())
                    .prop_map(|(effect, both)| ReadyResponse::Shove { effect, both }),
                Just(ReadyResponse::Grapple),
            ],
            prop::sample::select(vec![ReadyUntil::NextTurn, ReadyUntil::RoundEnd])
        )
            .prop_map(|(unit, trigger, response, until)| Step::Ready {
                unit,
                trigger,
                response,
                until
            }),
    ]
}

proptest! {
    #[test]
    fn a_written_step_reads_back_as_itself(s in step()) {
        let text = s.to_string();
        prop_assert!(!text.contains('\n'), "{}", text);
        prop_assert_eq!(reparse(&s), Ok(s), "{}", text);
    }
}

#[test]
fn a_forced_face_that_does_not_fit_is_blamed_on_its_dice_entry() {
    let level = skirmish_rules::level::load(&repo("tests/fixtures/duel.ron")).unwrap();
    let s = Script::load(&repo("tests/fixtures/bad-damage-die-script.ron")).unwrap();
    let mut b = script::start(&level, 0, &s).unwrap();
    let stop = script::run(&mut b, &s).unwrap_err();
    assert_eq!(stop.index, 3);
    let d = stop.dice.clone().expect("blamed on a dice entry");
    assert_eq!((d.entry, d.at.line, d.at.col), (3, 6, 23));
    assert_eq!(
        stop.to_string(),
        "6:23: dice entry 4 is illegal: forced die face 9 does not fit a d8 (rolled by \
         command 3: React(unit: \"Sable\", choice: Decline))"
    );
    // The command that rolled it left no trace: Sable still waits on the hit.
    assert!(b.window().is_some());
}

fn d20_act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn end_turn(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// The log lines (as `skirmish run` prints them) from event `from` on.
fn lines(b: &Battle, from: usize) -> Vec<String> {
    b.log()[from..]
        .iter()
        .map(|l| skirmish_rules::record::record(b, l).text())
        .collect()
}

const TUMBLER: &str = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Tum", side: "Blue", cell: (5, 4), archetype: "rogue")"#;

#[test]
fn a_tumble_too_far_says_what_limits_it_not_the_movement_left() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let map = d20::open(30, 9);
        let rows: Vec<&str> = map.iter().map(String::as_str).collect();
        let mut b = d20::field(kind, &rows, TUMBLER, "", &[20, 1]);
        end_turn(&mut b);
        let t = id(&b, "Tum");
        // Tum has a whole Move action (and the Standard) unspent: a Tumble covers half
        // of its speed whatever is left.
        let e = d20_act(
            &mut b,
            t,
            TacticalD20Action::TumbleTo {
                to: Cell::new(9, 4),
            },
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Tumble reaches at most 3 (half of Tum's speed 6); (9, 4) is 4 away"
        );
        // A plain Move counts what its unspent actions buy.
        let e = b
            .submit(Command::Move {
                unit: t,
                to: Cell::new(25, 4),
            })
            .unwrap_err();
        assert!(
            e.to_string().contains(
                "Tum can move 12 more this turn (what is left and what \
                 its unspent actions can buy)"
            ),
            "{e}"
        );
    }
}

#[test]
fn flow_names_ready_action_as_its_way_of_waiting() {
    // flow has no Wait; the refusal names flow's own way (tactical-d20 takes Ready as a
    // Wait that names what it waits for, so it refuses nothing here).
    let mut b = crate::support::flow::arena(
        GridKind::Hex,
        8,
        5,
        r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "Sable", side: "Blue", cell: (5, 2), archetype: "duelist")"#,
        "",
        &[],
    );
    let u = b.current().unwrap();
    let e = b
        .submit(Command::Act {
            unit: u,
            action: TacticalD20Action::Wait.into(),
        })
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "flow has no such action as Wait; its way of waiting is Ready Action (a trigger and \
         a response, keeping the AP)"
    );
}

#[test]
fn an_overrun_check_says_it_sets_the_dc_of_the_save() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
    let mut b = d20::arena(GridKind::Square, units, &[1, 20]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    end_turn(&mut b);
    b.dice_force_for_tests(&[10, 5]);
    let n = b.log().len();
    d20_act(
        &mut b,
        c,
        TacticalD20Action::Overrun {
            to: Cell::new(7, 4),
        },
    )
    .unwrap();
    b.submit(Command::React {
        unit: g,
        choice: None,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
    let log = lines(&b, n);
    let checks: Vec<&String> = log.iter().filter(|l| l.contains("] check ")).collect();
    assert_eq!(
        checks[0],
        "[round 1] check Corwin 1d20 [10] (Athletics +3, ranks +2, after a dash +2) = 17 [overrun: the \
         DC of the overrun creature's Reflex save]",
        "{log:#?}"
    );
    assert!(
        checks[1].ends_with("= 6 vs 17: failure [overrun]"),
        "{log:#?}"
    );
}

#[test]
fn a_tied_opposed_check_is_won_by_one_side_and_says_why() {
    let trip = |faces: &[u32]| {
        let mut b = d20::duel(GridKind::Square, faces);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let n = b.log().len();
        d20_act(&mut b, c, TacticalD20Action::Trip { target: g }).unwrap();
        let totals: Vec<i32> = b.log()[n..]
            .iter()
            .filter_map(|l| match &l.event {
                Event::Check { roll, .. } => Some(roll.total),
                _ => None,
            })
            .collect();
        (lines(&b, n), totals)
    };
    // Corwin's bonus is the higher: find the faces that tie.
    let (_, t) = trip(&[10, 10]);
    let gap = t[0] - t[1];
    assert!(gap > 0 && gap < 10, "{t:?}");
    let (log, t) = trip(&[10, 10 + gap as u32]);
    assert_eq!(t[0], t[1]);
    let checks: Vec<&String> = log.iter().filter(|l| l.contains("] check ")).collect();
    let tie = "[trip: a tie goes to the higher bonus, then to the defender]";
    assert!(
        checks[0].contains(": success ") && checks[0].ends_with(tie),
        "{log:#?}"
    );
    assert!(
        checks[1].contains(": failure ") && checks[1].ends_with(tie),
        "{log:#?}"
    );
}

#[test]
fn a_reaction_offer_names_its_trigger() {
    let level = skirmish_rules::level::load(&repo("tests/fixtures/duel.ron")).unwrap();
    let s = Script::load(&repo("tests/fixtures/duel-script.ron")).unwrap();
    let mut b = script::start(&level, 0, &s).unwrap();
    script::run(&mut b, &s).unwrap();
    let log = lines(&b, 0);
    let offers: Vec<&String> = log
        .iter()
        .filter(|l| l.contains("reaction_offered"))
        .collect();
    assert_eq!(
        offers[0],
        "[round 1] reaction_offered Brakka -> Sable at (3, 2) (trigger: leaving (3, 2)) \
         [Reaction Attack]"
    );
    assert!(
        offers[1].contains("(trigger: reaction melee attack on Sable, hard success) "),
        "{offers:#?}"
    );
}
