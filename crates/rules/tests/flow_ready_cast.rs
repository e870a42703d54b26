//! flow (seed 002), issue 29 "Spells are attacks": Ready Action with a spell, class
//! ability, potion or item ("Define a specific trigger condition and choose an action to
//! take when that trigger occurs"; "Attacking/Casting a Spell: 2 AP"), and the Intercept
//! of a single-target save spell ("You are able to Intercept a Spell, but only if it is a
//! single-target spell, and you can follow the same rules as above"). Each test goes
//! through `Battle::submit` with forced dice (each says which face goes where);
//! initiative is one d10 per unit in list order. The wizard's abilities, by index:
//! 0 Firebolt, 1 Fireball, 2 Knockdown, 3 Mend, 4 Healing draught, 5 Draught of haste,
//! 6 Wand of sparks.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Duration, Pool, UnitId};
use skirmish_rules::engine::{
    Action, CastAt, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil,
};
use skirmish_rules::event::{CheckPurpose, Event, Gain, Outcome, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::flow::arena;
use crate::support::{damage, id, offers, since};

const SQ: GridKind = GridKind::Square;
const FIREBOLT: usize = 0;
const FIREBALL: usize = 1;
const KNOCKDOWN: usize = 2;
const MEND: usize = 3;
const HASTE: usize = 5;
const WAND: usize = 6;

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn cast(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt) -> Result<usize, Illegal> {
    act(b, unit, CommonAction::Cast { ability, at })
}

fn ready(trigger: ReadyTrigger, ability: usize) -> FlowAction {
    FlowAction::Ready {
        trigger,
        response: ReadyResponse::Power { ability },
        until: ReadyUntil::NextTurn,
    }
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Result<usize, Illegal> {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
}

/// (pool, amount, on) of every `Spent` event of `u`.
fn spent(ev: &[Event], u: UnitId) -> Vec<(Pool, i32, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                unit,
                pool,
                amount,
                on,
                ..
            } if *unit == u => Some((*pool, *amount, *on)),
            _ => None,
        })
        .collect()
}

/// Red wizard "Wiz" at (1,1) and Blue goblin "Gob" at `gob` on an open 16×5 map; Wiz
/// acts first, then the others in list order. `more`: extra units; `dice` after the
/// initiative d10s (one per unit).
fn battle(kind: GridKind, gob: (i32, i32), more: &str, dice: &[u32]) -> Battle {
    let units = format!(
        r#"Unit(name: "Wiz", side: "Red", cell: (1, 1), archetype: "wizard"),
        Unit(name: "Gob", side: "Blue", cell: ({}, {}), archetype: "goblin"){more}"#,
        gob.0, gob.1
    );
    let n = 2 + more.matches("Unit(").count();
    let mut d = vec![10];
    d.extend((1..n as u32).rev());
    d.extend_from_slice(dice);
    let b = arena(kind, 16, 5, &units, "", &d);
    assert_eq!(b.current(), b.find("Wiz"));
    b
}

/// Readying takes nothing and ends the turn: no AP spent, the unit waits.
fn ready_ok(b: &mut Battle, u: UnitId, trigger: ReadyTrigger, ability: usize) {
    let (start, ap) = (b.log().len(), b.ap(u));
    act(b, u, ready(trigger, ability)).unwrap_or_else(|e| panic!("{e}"));
    let ev = since(b, start);
    assert!(
        !spent(&ev, u).iter().any(|(p, _, _)| *p == Pool::Ap),
        "readying spends no AP: {ev:#?}"
    );
    assert_eq!(b.ap(u), ap);
    assert!(b.readied().contains(&u));
    assert_ne!(b.current(), Some(u), "readying ends the turn");
}

/// "Define a specific trigger condition and choose an action to take when that trigger
/// occurs"; "Attacking/Casting a Spell: 2 AP". Wiz readies Firebolt for an enemy within
/// 8 (nothing paid now: flow's Ready keeps the AP and the response pays when it fires);
/// Gob walks (12,1) → (6,1); its step onto (9,1), 8 cells away, springs it: Wiz pays the
/// 2 AP then and casts at Gob (Magic 65, d100 30: a Hard success), Gob declines its
/// Dodge, 2d6 = 3 + 4 fire. Then Gob walks on.
#[test]
fn a_readied_firebolt_springs_on_its_trigger_and_casts_at_the_enemy() {
    for kind in crate::support::BOTH {
        let mut b = battle(kind, (12, 1), "", &[30, 3, 4]);
        let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
        ready_ok(&mut b, w, ReadyTrigger::EnemyWithin { cells: 8 }, FIREBOLT);
        assert_eq!(b.current(), Some(g));
        let start = b.log().len();
        mv(&mut b, g, 6, 1).unwrap();
        react(&mut b, g, None);
        let ev = since(&b, start);
        let at = ev
            .iter()
            .position(|e| matches!(e, Event::ReadyTriggered { .. }))
            .unwrap_or_else(|| panic!("{kind:?}: it springs: {ev:#?}"));
        // It springs on the step to 8 cells away, before the rest of the move.
        let Event::Moved { from, to, .. } = ev[at - 1] else {
            panic!("{:?}", ev[at - 1]);
        };
        assert_eq!(
            (
                b.grid().distance(from, b.pos(w)),
                b.grid().distance(to, b.pos(w))
            ),
            (9, 8),
            "{kind:?}"
        );
        let fired = &ev[at..at + 7];
        assert_eq!(fired[0], Event::ReadyTriggered { unit: w, by: g });
        assert!(
            matches!(fired[1], Event::Spent { unit, pool: Pool::Ap, amount: 2, on: Spend::Cast, left: 3 } if unit == w),
            "{:?}",
            fired[1]
        );
        assert_eq!(
            fired[2],
            Event::Cast {
                unit: w,
                ability: FIREBOLT,
                name: "Firebolt".into(),
                at: CastAt::Unit(g),
            }
        );
        assert!(
            matches!(&fired[3], Event::Attack { attacker, target, weapon, target_number: 65, outcome: Outcome::Hard, .. }
                if *attacker == w && *target == g && weapon == "Firebolt"),
            "{:?}",
            fired[3]
        );
        assert!(
            matches!(&fired[4], Event::ReactionOffered { reactor, options, .. } if *reactor == g && *options == [ReactionKind::Dodge]),
            "{:?}",
            fired[4]
        );
        assert_eq!(fired[5], Event::ReactionDeclined { reactor: g });
        assert!(
            matches!(fired[6], Event::Damage { unit, source: Some(s), amount: 7, hp_after: 5, .. } if unit == g && s == w),
            "{:?}",
            fired[6]
        );
        // The rest of the move, then nothing else of Wiz's.
        assert!(
            ev[at + 7..]
                .iter()
                .all(|e| matches!(e, Event::Moved { unit, .. } if *unit == g)),
            "{kind:?}: {:#?}",
            &ev[at + 7..]
        );
        assert_eq!(b.pos(g), Cell::new(6, 1));
        assert_eq!(b.ap(w), 3);
        assert!(!b.readied().contains(&w), "it went off");
        assert_eq!(b.status(), Status::Turn(g));
    }
}

/// "Drinking a potion from your bag: 2 AP (1 AP to draw potion, 1 AP to drink)", readied:
/// Wiz readies the Draught of haste for an enemy entering its reach (its dagger's 1
/// cell). Gob walks (5,1) → (2,1): the step next to Wiz springs it; Wiz pays the draw
/// and the drink then, its use is spent, and the draught grants 3 AP. Drinking provokes
/// nothing (a potion is not a spell).
#[test]
fn a_readied_potion_is_drunk_when_an_enemy_enters_reach() {
    let mut b = battle(SQ, (5, 1), "", &[]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    ready_ok(&mut b, w, ReadyTrigger::EnemyEntersReach, HASTE);
    let start = b.log().len();
    mv(&mut b, g, 2, 1).unwrap();
    let ev = since(&b, start);
    let at = ev
        .iter()
        .position(|e| *e == Event::ReadyTriggered { unit: w, by: g })
        .unwrap_or_else(|| panic!("{ev:#?}"));
    assert!(
        matches!(ev[at - 1], Event::Moved { unit, to, .. } if unit == g && to == Cell::new(2, 1))
    );
    assert_eq!(
        spent(&ev, w),
        [
            (Pool::Ap, 1, Spend::Draw),
            (Pool::Ap, 1, Spend::Cast),
            (Pool::Uses(HASTE as u8), 1, Spend::Use),
        ]
    );
    assert!(ev.contains(&Event::Cast {
        unit: w,
        ability: HASTE,
        name: "Draught of haste".into(),
        at: CastAt::User,
    }));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Refilled { unit, pool: Pool::Ap, amount: 3, why: Gain::Granted, .. } if *unit == w
    )));
    assert!(offers(&ev).is_empty(), "a potion provokes nothing: {ev:#?}");
    assert_eq!(b.ap(w), 5 - 2 + 3);
    assert_eq!(b.uses_left(w, HASTE), Some(0));
    assert_eq!(b.status(), Status::Turn(g));
}

/// A helpful one-creature ability readied goes on the readier itself, and a readied spell
/// provokes as any casting ("quickly attacking someone as they cast a spell"; "Reaction
/// Attacks taken against a spellcaster do not disrupt the spell being cast"): Wiz
/// readies Mend for an enemy entering its reach; Gob steps next to it, Wiz casts Mend on
/// itself (2 AP); Gob, now threatening Wiz, takes its reaction attack (Melee 45, d100
/// 10: Hard), Wiz declines its defence, 1d6 = 5; then Mend heals 2d6+2 = 3 + 4 + 2, of
/// which the 5 missing count.
#[test]
fn a_readied_helpful_spell_goes_on_the_readier_and_provokes() {
    let mut b = battle(SQ, (5, 1), "", &[10, 5, 3, 4]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    ready_ok(&mut b, w, ReadyTrigger::EnemyEntersReach, MEND);
    let start = b.log().len();
    mv(&mut b, g, 2, 1).unwrap();
    let ev = since(&b, start);
    assert!(ev.contains(&Event::ReadyTriggered { unit: w, by: g }));
    assert!(ev.contains(&Event::Cast {
        unit: w,
        ability: MEND,
        name: "Mend".into(),
        at: CastAt::Unit(w),
    }));
    let w8 = b.window().expect("a reaction attack offered");
    assert_eq!(w8.reactor, g);
    assert_eq!(
        w8.trigger,
        Trigger::Casting {
            caster: w,
            ability: MEND
        }
    );
    assert_eq!(w8.options, [ReactionKind::ReactionAttack]);
    react(&mut b, g, Some(ReactionKind::ReactionAttack));
    react(&mut b, w, None);
    let ev = since(&b, start);
    assert_eq!(damage(&ev), [(w, 5)], "{ev:#?}");
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Healed { unit, amount: 5, hp_after: 14 } if *unit == w
        )),
        "{ev:#?}"
    );
    assert_eq!(spent(&ev, w), [(Pool::Ap, 2, Spend::Cast)]);
    assert_eq!(b.hp(w), 14);
}

/// A readied save spell that knocks the mover prone ends its move there (a prone unit
/// cannot move): Wiz readies Knockdown for an enemy within 5; Gob walks (12,1) → (3,1);
/// on (6,1) it springs: Magic d100 20 (Hard) against Gob's Athletics 35, d100 30 (a
/// Success): Gob is knocked prone and stops on (6,1).
#[test]
fn a_readied_knockdown_ends_the_enemys_move() {
    let mut b = battle(SQ, (12, 1), "", &[20, 30]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    ready_ok(&mut b, w, ReadyTrigger::EnemyWithin { cells: 5 }, KNOCKDOWN);
    let start = b.log().len();
    mv(&mut b, g, 3, 1).unwrap();
    let ev = since(&b, start);
    assert!(ev.contains(&Event::ReadyTriggered { unit: w, by: g }));
    assert!(ev.contains(&Event::ConditionAdded {
        unit: g,
        kind: ConditionKind::Prone,
        duration: Duration::UntilRemoved,
        source: Some(w),
    }));
    assert!(b.has(g, ConditionKind::Prone));
    assert_eq!(b.pos(g), Cell::new(6, 1), "{ev:#?}");
}

/// Readying checks what the casting will need ("Attacking/Casting a Spell: 2 AP"; an
/// item's uses): an unknown ability, an ability with no use left and one it lacks the AP
/// for are refused with the reason, and nothing is logged, spent or readied. Wiz uses
/// its Wand of sparks three times (1 AP each; Magic d100 90, 90, 90: failures), then
/// Flow State (1 AP): 1 AP left.
#[test]
fn readying_an_ability_it_cannot_use_is_refused_and_changes_nothing() {
    let mut b = battle(SQ, (5, 1), "", &[90, 90, 90]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    let refused = |b: &mut Battle, ability: usize, words: &str| {
        let (len, ap) = (b.log().len(), b.ap(w));
        let e =
            act(b, w, ready(ReadyTrigger::EnemyWithin { cells: 6 }, ability)).expect_err("refused");
        let m = e.to_string();
        assert!(m.contains(words), "{m:?} should say {words:?}");
        assert_eq!(b.log().len(), len, "a refusal logs nothing");
        assert_eq!(b.ap(w), ap, "a refusal spends nothing");
        assert!(b.readied().is_empty());
        assert_eq!(b.status(), Status::Turn(w));
        e
    };
    refused(&mut b, 9, "Wiz cannot do that: it knows no ability #9");
    for _ in 0..3 {
        cast(&mut b, w, WAND, CastAt::Unit(g)).unwrap();
    }
    assert_eq!(b.uses_left(w, WAND), Some(0));
    refused(
        &mut b,
        WAND,
        "Wiz cannot do that: Wand of sparks has no use left",
    );
    act(&mut b, w, FlowAction::FlowState).unwrap();
    assert_eq!(b.ap(w), 1);
    let e = refused(&mut b, FIREBOLT, "needs 2 AP, Wiz has 1");
    assert!(
        matches!(
            e,
            Illegal::NotEnoughAp {
                need: 2,
                have: 1,
                ..
            }
        ),
        "{e:?}"
    );
    // A potion too: 2 AP (1 to draw, 1 to drink).
    refused(&mut b, HASTE, "needs 2 AP, Wiz has 1");
}

/// The intercept window of a save spell: `reactor`'s options include a plain Intercept.
fn intercept_offered(b: &Battle, reactor: UnitId, caster: UnitId, target: UnitId) {
    let w8 = b.window().expect("an intercept window");
    assert_eq!(w8.reactor, reactor);
    assert!(
        matches!(w8.trigger, Trigger::IncomingAttack { attacker, target: t, level: Outcome::Success, melee: false, .. }
            if attacker == caster && t == target),
        "{:?}",
        w8.trigger
    );
    assert!(w8.options.contains(&ReactionKind::Intercept), "{w8:?}");
}

/// (active, passive, active_wins) of every `Resist` contest.
fn contests(ev: &[Event]) -> Vec<(UnitId, UnitId, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Contest {
                purpose: CheckPurpose::Resist,
                active,
                passive,
                active_wins,
            } => Some((*active, *passive, *active_wins)),
            _ => None,
        })
        .collect()
}

/// "You are able to Intercept a Spell, but only if it is a single-target spell, and you
/// can follow the same rules as above": Knockdown is a single-target save spell. Wiz
/// casts it at Gob; its Magic check (d100 60, a Success at 65) is "their attack"; Guard,
/// Gob's ally within 3 cells of the line of fire, is offered the Intercept (2 RP), takes
/// it and rolls Agility 45, d100 10 (Hard), which wins: "you take the full damage of the
/// attack from the enemy, and your ally takes no damage" — Guard is knocked prone (no
/// save of its own), Gob rolls nothing and keeps its feet.
#[test]
fn an_ally_intercepts_a_single_target_save_spell_and_takes_it() {
    let more = r#", Unit(name: "Guard", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = battle(SQ, (5, 1), more, &[60, 10]);
    let (w, g, f) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, w, KNOCKDOWN, CastAt::Unit(g)).unwrap();
    intercept_offered(&b, f, w, g);
    react(&mut b, f, Some(ReactionKind::Intercept));
    let ev = since(&b, start);
    let checks: Vec<(UnitId, Outcome)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Check { unit, outcome, .. } => Some((*unit, *outcome)),
            _ => None,
        })
        .collect();
    assert_eq!(
        checks,
        [(w, Outcome::Success)],
        "only the caster's Magic: {ev:#?}"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Reacted { reactor, kind: ReactionKind::Intercept, paid } if *reactor == f && *paid == [(Pool::Reaction, 2)]
    )));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence { unit, kind: ReactionKind::Intercept, outcome: Outcome::Hard, against: Outcome::Success, success: true, .. } if *unit == f
    )));
    assert!(contests(&ev).is_empty(), "{ev:#?}");
    assert!(b.has(f, ConditionKind::Prone));
    assert!(!b.has(g, ConditionKind::Prone));
    // Guard stands on the line of fire, between Wiz and Gob.
    let line = b.grid().line(b.pos(w), b.pos(g));
    assert!(
        line[1..line.len() - 1].contains(&b.pos(f)),
        "{:?}",
        b.pos(f)
    );
    assert_eq!(b.status(), Status::Turn(w));
}

/// An Intercept of a save spell that loses leaves the spell on the ally, which still
/// resists that same Magic check (the save is no reaction: "No other reactions may be
/// used as a result of this"). Magic d100 60 (Success); Guard's Agility d100 80 fails;
/// Gob's Athletics 35, d100 10 (Hard) beats the Success: no prone for anyone.
#[test]
fn a_lost_intercept_of_a_save_spell_leaves_the_ally_its_save() {
    let more = r#", Unit(name: "Guard", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = battle(SQ, (5, 1), more, &[60, 80, 10]);
    let (w, g, f) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, w, KNOCKDOWN, CastAt::Unit(g)).unwrap();
    react(&mut b, f, Some(ReactionKind::Intercept));
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence { unit, kind: ReactionKind::Intercept, success: false, .. } if *unit == f
    )));
    assert_eq!(contests(&ev), [(w, g, false)], "{ev:#?}");
    let magic = ev
        .iter()
        .filter(|e| matches!(e, Event::Check { unit, .. } if *unit == w))
        .count();
    assert_eq!(magic, 1, "one Magic check, opposed by both: {ev:#?}");
    assert!(!b.has(g, ConditionKind::Prone) && !b.has(f, ConditionKind::Prone));
}

/// "but only if it is a single-target spell": Fireball (an area save spell) at Gob, with
/// Guard able to reach its line, offers no Intercept: Magic d100 20 (Hard) against Gob's
/// Agility 55, d100 50 (Success): 2d6 = 3 + 4. Knockdown (one target) at Gob is offered
/// to Guard; Guard declines and Gob saves as usual: Magic d100 60 (Success) against
/// Athletics 35, d100 50 (a failure): Gob is knocked prone.
#[test]
fn only_a_single_target_save_spell_is_offered_for_interception() {
    let more = r#", Unit(name: "Guard", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = battle(SQ, (5, 1), more, &[20, 50, 3, 4, 60, 50]);
    let (w, g, f) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, w, FIREBALL, CastAt::Cell(Cell::new(5, 1))).unwrap();
    let ev = since(&b, start);
    assert!(offers(&ev).is_empty(), "an area spell: {ev:#?}");
    assert_eq!(contests(&ev), [(w, g, true)]);
    assert_eq!(damage(&ev), [(g, 7)]);
    let start = b.log().len();
    cast(&mut b, w, KNOCKDOWN, CastAt::Unit(g)).unwrap();
    intercept_offered(&b, f, w, g);
    react(&mut b, f, None);
    let ev = since(&b, start);
    assert_eq!(contests(&ev), [(w, g, true)], "{ev:#?}");
    assert!(b.has(g, ConditionKind::Prone));
    assert_eq!(b.rp(f), 2, "declining costs nothing");
}

/// The AI plays the enemy into a readied spell and answers what it opens: Wiz readies
/// Firebolt for an enemy within 8; the goblin's AI walks at it; the spell springs (Magic
/// d100 30, Hard) and the goblin's AI Dodges (Agility 55, d100 90: it fails); 2d6 = 3 + 4.
/// Every command the AI makes is legal.
#[test]
fn the_ai_walks_into_a_readied_spell_and_answers_it() {
    use skirmish_rules::ai;
    let mut b = battle(SQ, (12, 1), "", &[30, 90, 3, 4]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    ready_ok(&mut b, w, ReadyTrigger::EnemyWithin { cells: 8 }, FIREBOLT);
    let start = b.log().len();
    for _ in 0..20 {
        if b.current() != Some(g) || matches!(b.status(), Status::Ended(_)) {
            break;
        }
        let c = ai::decide(&b).expect("a command");
        b.submit(c.clone())
            .unwrap_or_else(|e| panic!("the AI's {c:?} is refused: {e}"));
    }
    let ev = since(&b, start);
    assert!(
        ev.contains(&Event::ReadyTriggered { unit: w, by: g }),
        "{ev:#?}"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Reacted { reactor, kind: ReactionKind::Dodge, .. } if *reactor == g
    )));
    assert!(damage(&ev).contains(&(g, 7)), "{ev:#?}");
}

/// Scripts ready an ability by its index: `Ready(unit: "Wiz", trigger: EnemyWithin(cells:
/// 8), response: Power(ability: 0))`.
#[test]
fn a_script_readies_a_spell() {
    use skirmish_rules::script::{Script, run};
    let mut b = battle(SQ, (12, 1), "", &[]);
    let script = Script::parse(
        r#"Script(commands: [Ready(unit: "Wiz", trigger: EnemyWithin(cells: 8), response: Power(ability: 0))])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let w = id(&b, "Wiz");
    assert!(b.log().iter().any(|l| l.event
        == Event::Readied {
            unit: w,
            trigger: ReadyTrigger::EnemyWithin { cells: 8 },
            response: ReadyResponse::Power { ability: FIREBOLT },
            until: ReadyUntil::NextTurn,
        }));
}

/// The action bar's "Ready spell" readies the first ability the unit could use and asks
/// which: each with the trigger the bar gives it (a harmful one reaching beyond 1 cell:
/// an enemy within its range; any other: an enemy entering reach).
#[test]
fn the_bar_readies_a_spell_and_asks_which() {
    use skirmish_rules::rulesets::ui::Pick;
    let b = battle(SQ, (12, 1), "", &[]);
    let w = id(&b, "Wiz");
    let view = skirmish_rules::rulesets::view_of(&b).unwrap();
    let spec = view
        .actions()
        .iter()
        .find(|a| a.label == "Ready spell")
        .expect("a Ready spell button");
    let cmd = (spec.build)(&b, w, &Pick::Nothing).unwrap();
    assert_eq!(
        cmd,
        Command::Act {
            unit: w,
            action: ready(ReadyTrigger::EnemyWithin { cells: 8 }, FIREBOLT).into(),
        }
    );
    assert!(b.check(&cmd).is_ok());
    let choice = view.choice(&b, &cmd).expect("which ability?");
    let labels: Vec<&str> = choice.options.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Firebolt (2 AP) when an enemy comes within 8",
            "Fireball (2 AP) when an enemy comes within 6",
            "Knockdown (2 AP) when an enemy comes within 5",
            "Mend (2 AP) when an enemy enters your reach",
            "Healing draught (2 AP) when an enemy enters your reach",
            "Draught of haste (2 AP) when an enemy enters your reach",
            "Wand of sparks (1 AP) when an enemy comes within 6",
        ]
    );
    for (_, c) in &choice.options {
        assert!(b.check(c).is_ok(), "{c:?}");
    }
}
