//! melee-zone (seed 003, "Combat rules"): standing up from prone paid with the action the
//! unit chooses, on its own turn or on the credit of its next turn, each through
//! `Battle::submit` with forced dice on both grids (`docs/rules/melee-zone.md`, "Stand
//! up").

use skirmish_rules::Battle;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Aim, Command, CommonAction};
use skirmish_rules::event::{Event, Spend};
use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
use skirmish_rules::rulesets::view_of;

use crate::melee_zone_wounds::{TRIO, aimed, end};
use crate::support::melee_zone::arena;
use crate::support::{BOTH, id, since};

fn stand(unit: UnitId, owe: Option<Slot>) -> Command {
    Command::Act {
        unit,
        action: match owe {
            Some(owe) => MeleeZoneAction::StandUpWith { owe }.into(),
            None => CommonAction::StandUp.into(),
        },
    }
}

/// The pools `ev` logs as owed.
fn owed(ev: &[Event]) -> Vec<(UnitId, Pool, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Owed { unit, pool, amount } => Some((*unit, *pool, *amount)),
            _ => None,
        })
        .collect()
}

/// Bly's Attack, Move and Bonus Actions once its turn has begun.
fn budget(b: &Battle, u: UnitId) -> [i32; 3] {
    [
        b.slots(u, Slot::Attack) as i32,
        b.slots(u, Slot::Move) as i32,
        b.slots(u, Slot::Bonus) as i32,
    ]
}

// "Standing up can be done regardless of whether it is your turn, but it consumes the
// action you chose to use from your next turn" — Bly chooses each of AA, MA and BA in
// turn on Ash's turn; its next turn starts without that one action.
#[test]
fn a_prone_unit_stands_up_on_a_foes_turn_owing_the_action_it_chooses() {
    for kind in BOTH {
        for (owe, left) in [
            (Slot::Attack, [0, 1, 2]),
            (Slot::Move, [1, 0, 2]),
            (Slot::Bonus, [1, 1, 1]),
        ] {
            let mut b = arena(kind, TRIO, &[]);
            let bly = id(&b, "Bly");
            assert_eq!(b.current(), Some(id(&b, "Ash")));
            let n = b.log().len();
            b.submit(stand(bly, Some(owe)))
                .unwrap_or_else(|e| panic!("{e}"));
            let ev = since(&b, n);
            assert_eq!(owed(&ev), [(bly, Pool::Slot(owe), 1)]);
            assert!(!b.has(bly, ConditionKind::Prone));
            end(&mut b);
            end(&mut b);
            assert_eq!(b.current(), Some(bly));
            assert_eq!(budget(&b, bly), left, "{owe:?}");
        }
    }
}

// The common Stand Up on a foe's turn owes the cheapest action the next turn still has: a
// Bonus Action while there is one ("(even if it's not currently your turn, however doing
// so removes the bonus action from your next turn.)"), else the Move Action.
#[test]
fn the_common_stand_up_off_turn_owes_a_bonus_action_else_the_move_action() {
    for kind in BOTH {
        let mut b = arena(kind, TRIO, &[]);
        let bly = id(&b, "Bly");
        let n = b.log().len();
        b.submit(stand(bly, None)).unwrap();
        assert_eq!(owed(&since(&b, n)), [(bly, Pool::Slot(Slot::Bonus), 1)]);

        // Two Weakening wounds (each d20 15 hits, 1d6 6) take both Bonus Actions.
        let mut b = arena(kind, TRIO, &[15, 6, 15, 6]);
        let (ash, cid, bly) = (id(&b, "Ash"), id(&b, "Cid"), id(&b, "Bly"));
        b.submit(aimed(ash, bly, Aim::Arms)).unwrap();
        end(&mut b);
        b.submit(aimed(cid, bly, Aim::Arms)).unwrap();
        let n = b.log().len();
        b.submit(stand(bly, None)).unwrap();
        assert_eq!(owed(&since(&b, n)), [(bly, Pool::Slot(Slot::Move), 1)]);
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        assert_eq!(budget(&b, bly), [1, 0, 0]);
    }
}

// "If there are no actions remaining from your next turn, you cannot stand up from prone":
// with both Bonus Actions taken by wounds, owing a Bonus Action is refused and nothing
// changes; the window offers the two actions still owed (MA, AA).
#[test]
fn owing_a_bonus_action_the_wounds_took_is_refused_and_the_window_offers_the_rest() {
    for kind in BOTH {
        let mut b = arena(kind, TRIO, &[15, 6, 15, 6]);
        let (ash, cid, bly) = (id(&b, "Ash"), id(&b, "Cid"), id(&b, "Bly"));
        b.submit(aimed(ash, bly, Aim::Arms)).unwrap();
        end(&mut b);
        b.submit(aimed(cid, bly, Aim::Arms)).unwrap();
        let n = b.log().len();
        let e = b.submit(stand(bly, Some(Slot::Bonus))).unwrap_err();
        assert!(e.to_string().contains("left to owe"), "{e}");
        assert_eq!(b.log().len(), n);
        assert!(b.has(bly, ConditionKind::Prone));
        let view = view_of(&b).unwrap();
        let common = stand(bly, None);
        assert_eq!(view.cost_words(&b, &common).unwrap(), "MA of the next turn");
        let choice = view.choice(&b, &common).expect("two actions to owe");
        let words: Vec<&str> = choice.options.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(words, ["MA of the next turn", "AA of the next turn"]);
        assert_eq!(choice.options[1].1, stand(bly, Some(Slot::Attack)));
        b.submit(choice.options[1].1.clone()).unwrap();
        assert!(!b.has(bly, ConditionKind::Prone));
    }
}

// "it requires using one of the following actions: 1 Attack Action (AA), 1 Move Action
// (MA), or 1 Bonus Action (BA)" — on its own turn Bly spends the one it names; a spent one
// is refused with nothing changed.
#[test]
fn on_its_own_turn_a_prone_unit_stands_up_with_the_action_it_names() {
    for kind in BOTH {
        let mut b = arena(kind, TRIO, &[]);
        let bly = id(&b, "Bly");
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        b.submit(Command::EndTurn { unit: bly }).unwrap();
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        assert!(b.has(bly, ConditionKind::Prone));
        let choice = view_of(&b)
            .unwrap()
            .choice(&b, &stand(bly, None))
            .expect("three actions to pay with");
        let words: Vec<&str> = choice.options.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(words, ["BA", "MA", "AA"]);
        let n = b.log().len();
        b.submit(stand(bly, Some(Slot::Attack))).unwrap();
        let ev = since(&b, n);
        assert!(
            ev.iter().any(|e| matches!(e, Event::Spent { unit, pool: Pool::Slot(Slot::Attack), amount: 1, on: Spend::StandUp, .. } if *unit == bly)),
            "{ev:?}"
        );
        assert_eq!(budget(&b, bly), [0, 1, 2]);
        assert!(!b.has(bly, ConditionKind::Prone));
    }
}

// A script names the action that pays: `Do(unit: "Bly", action: StandUpWith(owe: Move))` on
// Ash's turn owes Bly's next Move Action.
#[test]
fn a_script_stands_up_owing_the_action_it_names() {
    use skirmish_rules::script::{self, Script};
    let s = Script::parse(r#"Script(commands: [Do(unit: "Bly", action: StandUpWith(owe: Move))])"#)
        .unwrap_or_else(|e| panic!("{e}"));
    for kind in BOTH {
        let b = arena(kind, TRIO, &[]);
        let mut b = script::start(b.level(), 7, &s).unwrap();
        let bly = id(&b, "Bly");
        let n = b.log().len();
        script::run(&mut b, &s).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(owed(&since(&b, n)), [(bly, Pool::Slot(Slot::Move), 1)]);
        assert!(!b.has(bly, ConditionKind::Prone));
    }
}
