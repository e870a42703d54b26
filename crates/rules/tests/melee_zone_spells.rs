//! melee-zone (seed 003, "Combat rules"), wave 2C: casting and summoning. Each rule
//! through `Battle::submit` with forced dice, the seed's line quoted above its test
//! (`docs/rules/melee-zone.md`, "Casting and summoning (wave 2C)", maps rule → code →
//! test). The spells are melee-zone's own (`data/melee-zone.ron`): the mage knows Fire
//! Bolt (0), Searing Bolt (1), Meteor (2), Call Wolf (3) and Mire (4); the warden Mend
//! (0), Entangle (1) and Call Bear (2).

use skirmish_rules::Battle;
use skirmish_rules::components::{ConditionKind, Duration, Pool, Slot, UnitId};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction, Illegal};
use skirmish_rules::event::{AttackKind, Event, Fizzle, Outcome, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;
use skirmish_rules::rulesets::melee_zone::{
    self as mz, MeleeZoneAction, channel, defence, summoning_slots, summons_of,
};
use skirmish_rules::rulesets::ui::act;

use crate::support::melee_zone::{arena, attack};
use crate::support::{BOTH, damage, id, since};

pub(crate) const FIRE_BOLT: usize = 0;
pub(crate) const SEARING_BOLT: usize = 1;
pub(crate) const METEOR: usize = 2;
pub(crate) const CALL_WOLF: usize = 3;
pub(crate) const MIRE: usize = 4;
pub(crate) const ENTANGLE: usize = 1;

/// Mia (mage: Agility 1, Accuracy 3, Level 2, 14 HP) at (2, 3), Sol (soldier: Agility 1,
/// 24 HP) at (8, 3), and Bo (bandit: Agility 1, Accuracy 1, Strength 1, club 1d6) at
/// `bo`; all Agility 1, so they act in this order.
pub(crate) fn trio(bo: (i32, i32)) -> String {
    format!(
        r#"Unit(name: "Mia", side: "Red", cell: (2, 3), archetype: "mage"),
        Unit(name: "Sol", side: "Blue", cell: (8, 3), archetype: "soldier"),
        Unit(name: "Bo", side: "Blue", cell: ({}, {}), archetype: "bandit")"#,
        bo.0, bo.1
    )
}

pub(crate) fn cast(unit: UnitId, ability: usize, at: CastAt) -> Command {
    Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    }
}

pub(crate) fn spent(unit: UnitId, slot: Slot, amount: i32) -> Event {
    Event::Spent {
        unit,
        pool: Pool::Slot(slot),
        amount,
        on: Spend::Cast,
        left: 0,
    }
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// End turns until it is `u`'s.
pub(crate) fn until(b: &mut Battle, u: UnitId) {
    for _ in 0..20 {
        if b.current() == Some(u) {
            return;
        }
        end(b);
    }
    panic!("{} never got a turn", b.name(u));
}

pub(crate) fn d20(face: u32, mods: &[(&'static str, i32)]) -> Roll {
    let mut r = Roll::from_faces(DiceExpr::new(1, 20), vec![face]);
    for (n, v) in mods {
        r = r.with(Modifier::new(ModKind::Skill, *n, *v));
    }
    r
}

/// The `Spent` events of `ev` with `left` zeroed (it depends on the pool).
pub(crate) fn spends(ev: &[Event]) -> Vec<Event> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                unit,
                pool,
                amount,
                on,
                ..
            } => Some(Event::Spent {
                unit: *unit,
                pool: *pool,
                amount: *amount,
                on: *on,
                left: 0,
            }),
            _ => None,
        })
        .collect()
}

// "Spells will tell you in their cast time, how many actions they require to perform";
// the Attack Action and the Move Action may each "pay the cast time of a spell"; an
// attack spell is an attack: "roll a twenty-sided die (d20) and add your Accuracy
// modifier. If the total equals or exceeds the target's Agility modifier plus 10".
#[test]
pub(crate) fn a_spell_takes_its_cast_time_in_actions_the_attack_action_first() {
    for kind in BOTH {
        // Fire Bolt (1 action): d20 10 + Accuracy 3 = 13 against 10 + 1; 1d8 5 fire.
        let mut b = arena(kind, &trio((10, 6)), &[10, 5, 9, 2]);
        let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
        let n = b.log().len();
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        let mut ev = since(&b, n);
        if let Event::Spent { left, .. } = &mut ev[0] {
            *left = 0;
        }
        assert_eq!(
            ev,
            [
                spent(mia, Slot::Attack, 1),
                Event::Cast {
                    unit: mia,
                    ability: FIRE_BOLT,
                    name: "Fire Bolt".into(),
                    at: CastAt::Unit(sol),
                },
                Event::Attack {
                    attacker: mia,
                    target: sol,
                    weapon: "Fire Bolt".into(),
                    kind: AttackKind::Normal,
                    roll: d20(10, &[("Accuracy mod", 3)]),
                    target_number: 11,
                    outcome: Outcome::Success,
                    against: vec![
                        Modifier::new(ModKind::Other, "base", 10),
                        Modifier::new(ModKind::Skill, "Agility mod", 1),
                    ],
                },
                Event::Damage {
                    unit: sol,
                    source: Some(mia),
                    roll: Roll::from_faces(DiceExpr::new(1, 8), vec![5]).with(Modifier::new(
                        ModKind::Other,
                        "fire",
                        0
                    )),
                    amount: 5,
                    hp_after: 19,
                },
            ]
        );
        // The second takes the Move Action: d20 9 + 3 = 12 hits again, 1d8 2.
        let n = b.log().len();
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        let ev = since(&b, n);
        assert_eq!(spends(&ev), [spent(mia, Slot::Move, 1)]);
        assert_eq!(damage(&ev), [(sol, 2)]);
        // A third has nothing to pay with (the Bonus Actions do not pay cast time).
        let e = b
            .submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol)))
            .unwrap_err();
        assert!(
            matches!(
                &e,
                Illegal::NoSlot {
                    slot: "Attack or Move",
                    ..
                }
            ),
            "{e}"
        );
        assert_eq!(b.slots(mia, Slot::Bonus), 2);
    }
}

// "Spells have an option under notes to change or improve its effects using bonus
// actions": Searing Bolt is Fire Bolt enhanced with a Bonus Action (+2 damage).
#[test]
pub(crate) fn an_enhanced_spell_takes_its_bonus_actions_on_top() {
    for kind in BOTH {
        // d20 10 hits; 1d8 5 + 2.
        let mut b = arena(kind, &trio((10, 6)), &[10, 5]);
        let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
        let n = b.log().len();
        b.submit(cast(mia, SEARING_BOLT, CastAt::Unit(sol)))
            .unwrap();
        let ev = since(&b, n);
        assert_eq!(
            spends(&ev),
            [spent(mia, Slot::Bonus, 1), spent(mia, Slot::Attack, 1)]
        );
        assert_eq!(damage(&ev), [(sol, 7)]);
        // With both Bonus Actions gone (two boosts), it is refused; Fire Bolt is not.
        b.submit(act(mia, MeleeZoneAction::SteadyAim)).unwrap();
        assert_eq!(b.slots(mia, Slot::Bonus), 0);
        let e = b
            .submit(cast(mia, SEARING_BOLT, CastAt::Unit(sol)))
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("Searing Bolt takes 1 Bonus Action(s) and it has 0"),
            "{e}"
        );
        assert!(b.check(&cast(mia, FIRE_BOLT, CastAt::Unit(sol))).is_ok());
    }
}

// "Any spell that requires more than one turn to cast or has an upkeep cost is considered
// as channeling. When a unit channels a spell, they are considered flat-footed until the
// spell is cast or canceled"; "Flat footed characters are a 5 to hit".
#[test]
pub(crate) fn a_cast_time_longer_than_the_turn_is_channeled_flat_footed_and_goes_off_next_turn() {
    for kind in BOTH {
        // Bo's attack on the channeling Mia: d20 4 + Accuracy 1 = 5 hits; 1d6 3 + 1.
        // Round 2, Meteor on Sol: d20 12 + 3 hits; 2d8 4 + 6.
        let mut b = arena(kind, &trio((3, 3)), &[4, 3, 12, 4, 6]);
        let (mia, sol, bo) = (id(&b, "Mia"), id(&b, "Sol"), id(&b, "Bo"));
        let aim = CastAt::Cell(Cell::new(8, 3));
        let n = b.log().len();
        b.submit(cast(mia, METEOR, aim.clone())).unwrap();
        let ev = since(&b, n);
        // Logged as it begins; its three actions: AA and MA now, one next turn.
        assert_eq!(
            ev[0],
            Event::Cast {
                unit: mia,
                ability: METEOR,
                name: "Meteor".into(),
                at: aim.clone(),
            }
        );
        assert_eq!(
            spends(&ev),
            [spent(mia, Slot::Attack, 1), spent(mia, Slot::Move, 1)]
        );
        assert_eq!(
            ev.last(),
            Some(&Event::ConditionAdded {
                unit: mia,
                kind: ConditionKind::Channeling,
                duration: Duration::UntilRemoved,
                source: None,
            })
        );
        assert_eq!(damage(&ev), [], "nothing goes off yet");
        assert_eq!(channel(&b, mia), Some((METEOR, aim.clone(), 1)));
        assert_eq!(
            defence(&b, mia),
            (
                5,
                vec![Modifier::new(
                    ModKind::Condition,
                    "flat-footed: channeling",
                    5
                )]
            )
        );
        // Casting anything else meanwhile is refused.
        let e = b
            .check(&cast(mia, FIRE_BOLT, CastAt::Unit(sol)))
            .unwrap_err();
        assert!(e.to_string().contains("it is channeling Meteor"), "{e}");
        end(&mut b);
        end(&mut b);
        let n = b.log().len();
        b.submit(attack(bo, mia, None)).unwrap();
        let ev = since(&b, n);
        assert!(matches!(
            ev[1],
            Event::Attack {
                target_number: 5,
                outcome: Outcome::Success,
                ..
            }
        ));
        assert_eq!(damage(&ev), [(mia, 4)], "damage does not break the channel");
        assert!(b.has(mia, ConditionKind::Channeling));
        // Mia's next turn: the last action is paid from its Attack Action and Meteor goes
        // off where it was aimed.
        let n = b.log().len();
        end(&mut b);
        let ev = since(&b, n);
        let start = ev
            .iter()
            .position(|e| matches!(e, Event::TurnStarted { unit, .. } if *unit == mia))
            .unwrap();
        assert_eq!(spends(&ev[start..]), [spent(mia, Slot::Attack, 1)]);
        assert!(ev.contains(&Event::ConditionRemoved {
            unit: mia,
            kind: ConditionKind::Channeling,
            source: None,
        }));
        assert_eq!(damage(&ev), [(sol, 10)]);
        assert_eq!(b.current(), Some(mia));
        assert_eq!(
            (
                b.slots(mia, Slot::Attack),
                b.slots(mia, Slot::Move),
                b.slots(mia, Slot::Bonus)
            ),
            (0, 1, 2),
            "the rest of its turn is its own"
        );
        assert_eq!(defence(&b, mia).0, 11, "no longer flat-footed");
    }
}

// A cast time of 2 begun with one action left is channeled too: "requires more than one
// turn to cast".
#[test]
pub(crate) fn a_two_action_spell_begun_with_one_action_left_is_channeled() {
    let mut b = arena(GridKind::Square, &trio((10, 6)), &[10, 5]);
    let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
    b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
    assert!(mz::would_channel(&b, mia, CALL_WOLF));
    b.submit(cast(mia, CALL_WOLF, CastAt::Cell(Cell::new(3, 3))))
        .unwrap();
    assert!(b.has(mia, ConditionKind::Channeling));
    assert_eq!(summons_of(&b, mia), []);
    end(&mut b);
    until(&mut b, mia);
    // Its next turn's Attack Action pays the rest: the wolf appears, the Move Action is
    // left.
    assert_eq!(summons_of(&b, mia).len(), 1);
    assert_eq!(b.slots(mia, Slot::Attack), 0);
    assert_eq!(b.slots(mia, Slot::Move), 1);
}

// "Battle caster: dodge normally while channeling spells". Entangle ties its targets up:
// "Times you would be flat footed are: … when tied up".
#[test]
pub(crate) fn a_battle_caster_dodges_while_channeling_and_entangle_ties_targets_up() {
    // Wen (warden: Agility 0, Battle caster) acts last: Sol, Bo, then Wen.
    let units = r#"Unit(name: "Wen", side: "Red", cell: (2, 3), archetype: "warden"),
        Unit(name: "Sol", side: "Blue", cell: (8, 3), archetype: "soldier"),
        Unit(name: "Bo", side: "Blue", cell: (3, 3), archetype: "bandit")"#;
    for kind in BOTH {
        // Bo: d20 8 + 1 = 9 against 10 + 0: a miss. Entangle on Sol: d20 12 + 2 hits,
        // 1d4 3 thorns, then Flat Footed until the end of Sol's next turn.
        let mut b = arena(kind, units, &[8, 12, 3]);
        let (wen, sol, bo) = (id(&b, "Wen"), id(&b, "Sol"), id(&b, "Bo"));
        until(&mut b, wen);
        b.submit(cast(wen, ENTANGLE, CastAt::Cell(Cell::new(8, 3))))
            .unwrap();
        assert!(b.has(wen, ConditionKind::Channeling));
        assert_eq!(defence(&b, wen).0, 10, "it dodges normally");
        until(&mut b, bo);
        let n = b.log().len();
        b.submit(attack(bo, wen, None)).unwrap();
        assert!(matches!(
            since(&b, n)[1],
            Event::Attack {
                target_number: 10,
                outcome: Outcome::Failure,
                ..
            }
        ));
        let n = b.log().len();
        end(&mut b);
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(sol, 3)]);
        assert!(ev.contains(&Event::ConditionAdded {
            unit: sol,
            kind: ConditionKind::FlatFooted,
            duration: Duration::Turns(1),
            source: Some(wen),
        }));
        assert_eq!(defence(&b, sol).0, 5);
        until(&mut b, sol);
        end(&mut b);
        assert!(
            !b.has(sol, ConditionKind::FlatFooted),
            "untied after its turn"
        );
    }
}

// "they are considered flat-footed until the spell is cast or canceled": moving cancels
// the channel (our reading; the actions paid are lost); a channeler that falls loses it.
#[test]
pub(crate) fn moving_cancels_a_channel_and_a_fallen_channeler_loses_it() {
    for kind in BOTH {
        let mut b = arena(kind, &trio((10, 6)), &[]);
        let mia = id(&b, "Mia");
        b.submit(cast(mia, METEOR, CastAt::Cell(Cell::new(8, 3))))
            .unwrap();
        // Sprint (a Bonus Action) buys 2 spaces: one step and the channel is gone.
        b.submit(act(mia, MeleeZoneAction::Sprint)).unwrap();
        let n = b.log().len();
        b.submit(Command::Move {
            unit: mia,
            to: Cell::new(1, 3),
        })
        .unwrap();
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Fizzled {
            unit: mia,
            name: "Meteor".into(),
            why: Fizzle::Disrupted,
        }));
        assert!(!b.has(mia, ConditionKind::Channeling));
        assert_eq!(defence(&b, mia).0, 11);
        let n = b.log().len();
        end(&mut b);
        until(&mut b, mia);
        assert_eq!(spends(&since(&b, n)), [], "nothing more is paid");
        assert_eq!(b.slots(mia, Slot::Attack), 1);
    }
    // Bo's natural 20 (d4 1: ×2) with 1d6 6 + 1 takes the channeling Mia's 14 HP; when
    // her turn comes round, the spell is lost. Ada keeps Red in the battle.
    let units = format!(
        r#"{}, Unit(name: "Ada", side: "Red", cell: (0, 7), archetype: "soldier")"#,
        trio((3, 3))
    );
    let mut b = arena(GridKind::Square, &units, &[20, 1, 6]);
    let (mia, bo) = (id(&b, "Mia"), id(&b, "Bo"));
    b.submit(cast(mia, METEOR, CastAt::Cell(Cell::new(8, 3))))
        .unwrap();
    until(&mut b, bo);
    b.submit(attack(bo, mia, None)).unwrap();
    assert!(!b.alive(mia));
    let n = b.log().len();
    end(&mut b);
    end(&mut b);
    let ev = since(&b, n);
    assert!(ev.contains(&Event::Fizzled {
        unit: mia,
        name: "Meteor".into(),
        why: Fizzle::CasterDown,
    }));
    assert!(!b.has(mia, ConditionKind::Channeling));
}

// "Summoning Slots … the number of summoned creatures you may have under your control at
// one time. The number of summoning slots you have is equal to your level"; "Unless
// specified otherwise, a summoned unit cannot take actions or dodge during the first
// round after it is summoned".
#[test]
pub(crate) fn a_summon_takes_a_slot_and_cannot_act_or_dodge_for_its_first_round() {
    for kind in BOTH {
        let mut b = arena(kind, &trio((9, 3)), &[]);
        let (mia, sol, bo) = (id(&b, "Mia"), id(&b, "Sol"), id(&b, "Bo"));
        assert_eq!(summoning_slots(&b, mia), 2, "Level 2");
        let n = b.log().len();
        b.submit(cast(mia, CALL_WOLF, CastAt::Cell(Cell::new(3, 3))))
            .unwrap();
        let ev = since(&b, n);
        let wolf = UnitId(3);
        assert_eq!(
            spends(&ev),
            [spent(mia, Slot::Attack, 1), spent(mia, Slot::Move, 1)],
            "a cast time of 2: the whole turn's actions"
        );
        assert_eq!(
            ev[ev.len() - 2..],
            [
                Event::Summoned {
                    unit: wolf,
                    name: "wolf".into(),
                    archetype: "wolf".into(),
                    side: b.side(mia),
                    cell: Cell::new(3, 3),
                    by: mia,
                },
                Event::ConditionAdded {
                    unit: wolf,
                    kind: ConditionKind::SummoningSick,
                    duration: Duration::UntilSourceTurnStart,
                    source: Some(mia),
                },
            ]
        );
        assert_eq!(b.order(), [mia, wolf, sol, bo]);
        assert_eq!(
            defence(&b, wolf),
            (
                5,
                vec![Modifier::new(
                    ModKind::Condition,
                    "flat-footed: summoning sickness",
                    5
                )]
            ),
            "it cannot dodge"
        );
        // Its turn this round is skipped: Sol is next.
        end(&mut b);
        assert_eq!(b.current(), Some(sol));
        // Nor may it take a free hit: Sol walks into its zone and out again.
        b.submit(Command::Move {
            unit: sol,
            to: Cell::new(4, 3),
        })
        .unwrap();
        let n = b.log().len();
        b.submit(Command::Move {
            unit: sol,
            to: Cell::new(5, 3),
        })
        .unwrap();
        assert!(
            !since(&b, n)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. })),
            "no free hit offered"
        );
        // The round is over when Mia's turn comes again: the sickness ends first.
        end(&mut b);
        let n = b.log().len();
        end(&mut b);
        let ev = since(&b, n);
        let healed = ev
            .iter()
            .position(|e| {
                *e == Event::ConditionRemoved {
                    unit: wolf,
                    kind: ConditionKind::SummoningSick,
                    source: Some(mia),
                }
            })
            .expect("the sickness ends");
        let started = ev
            .iter()
            .position(|e| matches!(e, Event::TurnStarted { unit, .. } if *unit == mia))
            .unwrap();
        assert!(healed < started);
        assert_eq!(defence(&b, wolf).0, 12, "10 + Agility 2");
        // A second wolf takes the second slot; the first acts after Mia, the new one is
        // sick.
        b.submit(cast(mia, CALL_WOLF, CastAt::Cell(Cell::new(2, 4))))
            .unwrap();
        let wolf2 = UnitId(4);
        assert_eq!(b.name(wolf2), "wolf 2");
        assert_eq!(summons_of(&b, mia), [wolf, wolf2]);
        end(&mut b);
        assert_eq!(b.current(), Some(wolf), "{:?}", b.order());
        assert_eq!(b.order(), [mia, wolf2, wolf, sol, bo]);
        // Next turn: both slots are taken; the round's order keeps the summons.
        until(&mut b, mia);
        let e = b
            .check(&cast(mia, CALL_WOLF, CastAt::Cell(Cell::new(1, 3))))
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("all its 2 summoning slot(s) are taken"),
            "{e}"
        );
        assert_eq!(b.order(), [mia, wolf2, wolf, sol, bo]);
    }
}

// Level 0 is no slot; "Legion leader: gain 2 extra summoning slots"; a summon that fell
// frees its slot.

pub(crate) fn terrain_changes(ev: &[Event]) -> Vec<(Cell, Terrain, Terrain)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::TerrainChanged { cell, from, to } => Some((*cell, *from, *to)),
            _ => None,
        })
        .collect()
}

// "Bonus actions can be used for … Toggle the effects of spells cast": Mire's difficult
// ground goes down with a Bonus Action and comes back with another; ground that was
// difficult before stays so.

// "When you roll a natural 20 … you double the damage dealt. If it's a super critical,
// you double the damage a second time. If the super critical escalates to a 6 … the
// targeted foe is defeated instantly": a spell attack is an attack (issue 29).

// "When you roll a natural 1 while attacking a unit, not only do you miss your attack,
// but if you were within that unit's melee zone, the unit immediately gains an
// opportunity to strike back with a free hit against you."

// The seed has no saving throws; a level's `Save` spell rolls d20 + the target's modifier
// against its number, and a flat-footed target "isn't able to dodge": no Agility.
