//! What the runner and the engine say: script entries echoed in script syntax, forced
//! dice blamed on their `dice:` entry, refusal and log wording (issue 16, "Messages and
//! runner").

use proptest::prelude::*;
use skirmish_rules::components::{Slot, UnitId};
use skirmish_rules::engine::{
    Action, FocusOn, GrappleFollow, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::script::{self, Choice, Script, Step};

use crate::support::d20;

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
            },
            r#"React(unit: "Bex", choice: Block)"#,
        ),
        (
            Step::React {
                unit: "Bex".into(),
                choice: Choice(None),
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
            },
            r#"Attack(unit: "Brakka", target: "Sable")"#,
        ),
        (
            Step::Attack {
                unit: "Brakka".into(),
                target: "Sable".into(),
                weapon: Some("longsword".into()),
                slot: Some(Slot::Move),
            },
            r#"Attack(unit: "Brakka", target: "Sable", weapon: "longsword", slot: Move)"#,
        ),
        (Step::EndTurn, "EndTurn"),
        (
            Step::Do {
                unit: "Corwin".into(),
                action: Action::Trip { target: UnitId(2) },
            },
            r#"Do(unit: "Corwin", action: Trip(target: (2)))"#,
        ),
        (
            Step::Do {
                unit: "Fang".into(),
                action: Action::Charge {
                    target: UnitId(1),
                    to: None,
                },
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
        r#"command 1 (React(unit: "Corwin", choice: Block)) is illegal: no reaction is being offered"#
    );
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
        cell().prop_map(|to| Action::Step { to }),
        (unit_id(), prop::option::of(cell()))
            .prop_map(|(target, to)| Action::Charge { target, to }),
        (unit_id(), prop::option::of(0u32..9))
            .prop_map(|(target, distance)| Action::Push { target, distance }),
        (
            unit_id(),
            prop::option::of(0usize..4),
            prop::option::of(cell())
        )
            .prop_map(|(target, item, send)| Action::Disarm { target, item, send }),
        prop::sample::select(vec![FocusOn::Attack, FocusOn::Defence, FocusOn::Skills])
            .prop_map(|on| Action::Focus { on }),
        prop::sample::select(vec![
            GrappleFollow::Hold,
            GrappleFollow::Attack,
            GrappleFollow::Trip
        ])
        .prop_map(|follow| Action::GrappleTurn { follow }),
        any::<String>().prop_map(|text| Action::Command { text }),
        Just(Action::Wait),
        Just(Action::PickUp),
        prop::option::of(0usize..4).prop_map(|item| Action::Drop { item }),
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
                slot
            }),
        (name(), action()).prop_map(|(unit, action)| Step::Do { unit, action }),
        Just(Step::EndTurn),
        (name(), reaction()).prop_map(|(unit, c)| Step::React {
            unit,
            choice: Choice(c)
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
                (0u32..20).prop_map(|cells| ReadyTrigger::EnemyWithin { cells })
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
