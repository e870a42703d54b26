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
use skirmish_rules::event::{
    AttackKind, ChainKind, CheckPurpose, Event, Fizzle, Outcome, ReactionKind, Spend, Trigger,
};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;
use skirmish_rules::rulesets::melee_zone::{
    self as mz, MeleeZoneAction, MeleeZoneAi, channel, defence, summoning_slots, summons_of,
};
use skirmish_rules::rulesets::ui::act;

use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, since};

const FIRE_BOLT: usize = 0;
const SEARING_BOLT: usize = 1;
const METEOR: usize = 2;
const CALL_WOLF: usize = 3;
const MIRE: usize = 4;
const ENTANGLE: usize = 1;

/// Mia (mage: Agility 1, Accuracy 3, Level 2, 14 HP) at (2, 3), Sol (soldier: Agility 1,
/// 24 HP) at (8, 3), and Bo (bandit: Agility 1, Accuracy 1, Strength 1, club 1d6) at
/// `bo`; all Agility 1, so they act in this order.
fn trio(bo: (i32, i32)) -> String {
    format!(
        r#"Unit(name: "Mia", side: "Red", cell: (2, 3), archetype: "mage"),
        Unit(name: "Sol", side: "Blue", cell: (8, 3), archetype: "soldier"),
        Unit(name: "Bo", side: "Blue", cell: ({}, {}), archetype: "bandit")"#,
        bo.0, bo.1
    )
}

fn cast(unit: UnitId, ability: usize, at: CastAt) -> Command {
    Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    }
}

fn spent(unit: UnitId, slot: Slot, amount: i32) -> Event {
    Event::Spent {
        unit,
        pool: Pool::Slot(slot),
        amount,
        on: Spend::Cast,
        left: 0,
    }
}

fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// End turns until it is `u`'s.
fn until(b: &mut Battle, u: UnitId) {
    for _ in 0..20 {
        if b.current() == Some(u) {
            return;
        }
        end(b);
    }
    panic!("{} never got a turn", b.name(u));
}

fn d20(face: u32, mods: &[(&'static str, i32)]) -> Roll {
    let mut r = Roll::from_faces(DiceExpr::new(1, 20), vec![face]);
    for (n, v) in mods {
        r = r.with(Modifier::new(ModKind::Skill, *n, *v));
    }
    r
}

/// The `Spent` events of `ev` with `left` zeroed (it depends on the pool).
fn spends(ev: &[Event]) -> Vec<Event> {
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
fn a_spell_takes_its_cast_time_in_actions_the_attack_action_first() {
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
fn an_enhanced_spell_takes_its_bonus_actions_on_top() {
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
fn a_cast_time_longer_than_the_turn_is_channeled_flat_footed_and_goes_off_next_turn() {
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
fn a_two_action_spell_begun_with_one_action_left_is_channeled() {
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
fn a_battle_caster_dodges_while_channeling_and_entangle_ties_targets_up() {
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
fn moving_cancels_a_channel_and_a_fallen_channeler_loses_it() {
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
fn a_summon_takes_a_slot_and_cannot_act_or_dodge_for_its_first_round() {
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
#[test]
fn summoning_slots_follow_the_level_and_legion_leader() {
    let extra = r#"archetypes: {"hedge": (hp: 10, stats: {Agility: 1, Accuracy: 1},
        weapons: ["dagger"], abilities: ["Call Wolf"])}"#;
    let units = r#"Unit(name: "Hob", side: "Red", cell: (2, 3), archetype: "hedge"),
        Unit(name: "Lea", side: "Red", cell: (2, 5), archetype: "hedge", feats: ["Legion leader"]),
        Unit(name: "Mia", side: "Red", cell: (2, 1), archetype: "mage", feats: ["Legion leader"]),
        Unit(name: "Sol", side: "Blue", cell: (5, 5), archetype: "soldier")"#;
    let row = ".".repeat(12);
    let map: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
    let mut b = field(GridKind::Square, &map, units, extra, &[10, 8]);
    let (hob, lea, mia, sol) = (id(&b, "Hob"), id(&b, "Lea"), id(&b, "Mia"), id(&b, "Sol"));
    assert_eq!(summoning_slots(&b, hob), 0);
    assert_eq!(summoning_slots(&b, lea), 2);
    assert_eq!(summoning_slots(&b, mia), 4);
    let e = b
        .check(&cast(hob, 0, CastAt::Cell(Cell::new(3, 3))))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("all its 0 summoning slot(s) are taken"),
        "{e}"
    );
    // Lea's wolf (10 HP, sick: hit on 5) falls to Sol's d20 10 and 1d8 8 + 2: its slot is
    // free again.
    until(&mut b, lea);
    b.submit(cast(lea, 0, CastAt::Cell(Cell::new(4, 5))))
        .unwrap();
    let wolf = *summons_of(&b, lea).first().unwrap();
    until(&mut b, sol);
    b.submit(attack(sol, wolf, None)).unwrap();
    assert!(!b.alive(wolf), "{:?}", b.hp(wolf));
    assert_eq!(summons_of(&b, lea), []);
}

fn terrain_changes(ev: &[Event]) -> Vec<(Cell, Terrain, Terrain)> {
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
#[test]
fn a_bonus_action_toggles_a_spells_terrain_down_and_up() {
    let mut map: Vec<String> = (0..8).map(|_| ".".repeat(12)).collect();
    map[2].replace_range(8..9, "~");
    let map: Vec<&str> = map.iter().map(String::as_str).collect();
    for kind in BOTH {
        let mut b = field(kind, &map, &trio((10, 6)), "", &[]);
        let mia = id(&b, "Mia");
        let toggle = act(mia, MeleeZoneAction::Toggle { ability: MIRE });
        let e = b.check(&toggle).unwrap_err();
        assert!(
            e.to_string().contains("Mire has left nothing to toggle"),
            "{e}"
        );
        let n = b.log().len();
        b.submit(cast(mia, MIRE, CastAt::Cell(Cell::new(8, 3))))
            .unwrap();
        let laid = terrain_changes(&since(&b, n));
        // 9 cells (square) or 7 (hex), less the one already difficult.
        let cells = if kind == GridKind::Square { 8 } else { 6 };
        assert_eq!(laid.len(), cells);
        assert!(
            laid.iter()
                .all(|&(_, from, to)| from == Terrain::Floor && to == Terrain::Difficult)
        );
        assert!(!laid.iter().any(|&(c, _, _)| c == Cell::new(8, 2)));
        assert_eq!(mz::toggleable(&b, mia), [MIRE]);
        // Down: a Bonus Action, and each cell back to floor.
        let n = b.log().len();
        b.submit(toggle.clone()).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            spends(&ev),
            [Event::Spent {
                unit: mia,
                pool: Pool::Slot(Slot::Bonus),
                amount: 1,
                on: Spend::Cast,
                left: 0,
            }]
        );
        let down = terrain_changes(&ev);
        assert_eq!(
            down,
            laid.iter()
                .map(|&(c, _, _)| (c, Terrain::Difficult, Terrain::Floor))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            b.terrain(Cell::new(8, 2)),
            Terrain::Difficult,
            "was so before"
        );
        // Up again with the second.
        let n = b.log().len();
        b.submit(toggle.clone()).unwrap();
        assert_eq!(terrain_changes(&since(&b, n)), laid);
        // No Bonus Action left.
        assert!(matches!(
            b.check(&toggle).unwrap_err(),
            Illegal::NoSlot { slot: "Bonus", .. }
        ));
        // A spell that laid no terrain has nothing to toggle.
        let e = b
            .check(&act(mia, MeleeZoneAction::Toggle { ability: FIRE_BOLT }))
            .unwrap_err();
        assert!(e.to_string().contains("nothing to toggle"), "{e}");
    }
}

// "When you roll a natural 20 … you double the damage dealt. If it's a super critical,
// you double the damage a second time. If the super critical escalates to a 6 … the
// targeted foe is defeated instantly": a spell attack is an attack (issue 29).
#[test]
fn a_spell_attack_rolls_the_crit_chain() {
    for kind in BOTH {
        // Natural 20, d4 4, d6 2: super critical, 1d8 3 × 4.
        let mut b = arena(kind, &trio((10, 6)), &[20, 4, 2, 3]);
        let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
        let n = b.log().len();
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Chain {
            unit: mia,
            kind: ChainKind::Critical,
            dice: vec![4, 6],
            faces: vec![4, 2],
            steps: 1,
        }));
        assert_eq!(damage(&ev), [(sol, 12)]);
        // d6 6: defeated outright.
        let mut b = arena(kind, &trio((10, 6)), &[20, 4, 6, 1]);
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        assert!(!b.alive(sol));
    }
}

// "When you roll a natural 1 while attacking a unit, not only do you miss your attack,
// but if you were within that unit's melee zone, the unit immediately gains an
// opportunity to strike back with a free hit against you."
#[test]
fn a_spell_attacks_natural_1_in_a_zone_gives_a_free_hit() {
    for kind in BOTH {
        let mut b = arena(kind, &trio((3, 3)), &[1, 2]);
        let (mia, bo) = (id(&b, "Mia"), id(&b, "Bo"));
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(bo))).unwrap();
        let w = b.window().expect("a free hit is offered").clone();
        assert_eq!(w.reactor, bo);
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: mia,
                tragedy: 0
            }
        );
        assert_eq!(w.options, [ReactionKind::FreeHit]);
    }
}

// The seed has no saving throws; a level's `Save` spell rolls d20 + the target's modifier
// against its number, and a flat-footed target "isn't able to dodge": no Agility.
#[test]
fn a_save_is_d20_plus_the_modifier_without_agility_when_flat_footed() {
    let extra = r#"abilities: {"Dust": (kind: Spell, target: One(range: 8),
        resolve: Save(stat: Agility, dc: 12), effects: [Damage(dice: "1d4")])},
        archetypes: {"duster": (hp: 12, stats: {Agility: 1, Accuracy: 1},
        weapons: ["dagger"], abilities: ["Dust", "Meteor"])}"#;
    let units = r#"Unit(name: "Dee", side: "Red", cell: (2, 3), archetype: "duster"),
        Unit(name: "Sol", side: "Blue", cell: (8, 3), archetype: "soldier"),
        Unit(name: "Ann", side: "Blue", cell: (8, 5), archetype: "mage")"#;
    let row = ".".repeat(12);
    let map: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
    for kind in BOTH {
        // Sol: d20 10 + 1 = 11 < 12: it fails, 1d4 3.
        let mut b = field(kind, &map, units, extra, &[10, 3, 11]);
        let (dee, sol, ann) = (id(&b, "Dee"), id(&b, "Sol"), id(&b, "Ann"));
        assert_eq!(b.rules().ability_chance(&b, dee, sol, 0), 0.5);
        let n = b.log().len();
        b.submit(cast(dee, 0, CastAt::Unit(sol))).unwrap();
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Check {
            unit: sol,
            purpose: CheckPurpose::Resist,
            roll: d20(10, &[("modifier", 1)]),
            target_number: 12,
            outcome: Outcome::Failure,
        }));
        assert_eq!(damage(&ev), [(sol, 3)]);
        // Ann channels Meteor; Dee's Dust next round: 11 + nothing < 12.
        until(&mut b, ann);
        b.submit(cast(ann, METEOR, CastAt::Cell(Cell::new(2, 3))))
            .unwrap();
        until(&mut b, dee);
        let n = b.log().len();
        b.submit(cast(dee, 0, CastAt::Unit(ann))).unwrap();
        let ev = since(&b, n);
        assert!(
            ev.iter().any(
                |e| matches!(e, Event::Check { unit, roll, outcome: Outcome::Failure, .. }
                if *unit == ann && roll.total == 11)
            ),
            "{ev:?}"
        );
    }
}

/// The AI does not begin a spell it would channel inside a foe's melee zone (flat-footed
/// there for a round): it attacks instead.
#[test]
fn the_ai_attacks_rather_than_channel_in_a_foes_zone() {
    use skirmish_rules::ai::AiTactics;
    // Bo next to Mia, Sol and Rex side by side: Meteor on them is the engine's best cast.
    let units = format!(
        r#"{}, Unit(name: "Rex", side: "Blue", cell: (8, 4), archetype: "bandit")"#,
        trio((3, 3))
    );
    for kind in BOTH {
        let b = arena(kind, &units, &[]);
        let (mia, sol, bo, rex) = (id(&b, "Mia"), id(&b, "Sol"), id(&b, "Bo"), id(&b, "Rex"));
        let foes = [sol, bo, rex];
        let (_, best) = skirmish_rules::ai::cast::best_cast(&b, mia, &foes).unwrap();
        let Command::Act {
            action: Action::Common(CommonAction::Cast { ability, .. }),
            ..
        } = best
        else {
            panic!("{best:?}")
        };
        assert_eq!(ability, METEOR, "{best:?}");
        let c = MeleeZoneAi.prepare_cast(&b, mia, &foes).unwrap();
        assert_eq!(c, attack(mia, bo, None));
        // Out of every zone it may channel.
        let far = arena(kind, &trio((10, 7)), &[]);
        let f = [id(&far, "Sol"), id(&far, "Bo")];
        assert_eq!(MeleeZoneAi.prepare_cast(&far, id(&far, "Mia"), &f), None);
    }
}

/// The shipped level with casters plays to the end on both grids with the soak's
/// invariants, and its casters cast, channel and summon.
#[test]
fn the_stones_level_plays_to_the_end_casting_channeling_and_summoning() {
    let level = skirmish_rules::level::load(&crate::support::repo("levels/melee-zone-stones.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut fired = std::collections::BTreeMap::<String, u64>::new();
    for kind in BOTH {
        for seed in 1..=4 {
            let r = skirmish_rules::sim::run_battle(&level.clone().with_grid(kind), seed, true);
            assert!(r.finished, "{kind:?} {seed}");
            assert!(
                r.violations.is_empty(),
                "{kind:?} {seed}: {:?}",
                r.violations
            );
            assert_eq!(r.stuck_turns, 0);
            for (k, v) in r.fired {
                *fired.entry(k).or_default() += v;
            }
        }
    }
    for what in [
        "casts",
        "condition: Channeling",
        "condition: SummoningSick",
        "cast: Meteor",
    ] {
        assert!(fired.get(what).is_some_and(|&n| n > 0), "{what}: {fired:?}");
    }
}

/// melee-zone's spells as its data file has them: no problems, and each caster knows at
/// least two, one channeled over two turns (3 or 4 actions) and one summon.
#[test]
fn each_caster_has_a_channeled_spell_and_a_summon() {
    let cat =
        skirmish_rules::level::Catalogue::builtin(skirmish_rules::rulesets::RulesetId::MeleeZone);
    for (k, a) in &cat.abilities {
        let mut a = a.clone();
        a.name = k.clone();
        assert!(skirmish_rules::abilities::problems(&a).is_empty(), "{k}");
    }
    for name in ["mage", "warden"] {
        let arch = &cat.archetypes[name];
        let spells: Vec<_> = arch.abilities.iter().map(|s| &cat.abilities[s]).collect();
        assert!(spells.len() >= 2);
        assert!(
            spells
                .iter()
                .any(|a| (3..=4).contains(&mz::cast_time(a).actions)),
            "{name}"
        );
        assert!(
            spells.iter().any(|a| a
                .effects
                .iter()
                .any(|e| matches!(e, skirmish_rules::abilities::Effect::Summon { .. }))),
            "{name}"
        );
    }
}

/// Scripts drive casting and toggling (docs/scripting.md): `Cast(ability, at)` and the
/// melee-zone action `Toggle(ability)`, units by their index in the level.
#[test]
fn a_script_casts_and_toggles() {
    use skirmish_rules::script::{self, Script};
    let s = Script::parse(
        r#"Script(commands: [
            Do(unit: "Mia", action: Cast(ability: 4, at: Cell((8, 3)))),
            Do(unit: "Mia", action: Toggle(ability: 4)),
            Do(unit: "Mia", action: Cast(ability: 2, at: Unit((1)))),
        ])"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let b = arena(GridKind::Square, &trio((10, 6)), &[]);
    let mut b = script::start(b.level(), 7, &s).unwrap();
    let start = b.log().len();
    let e = script::run(&mut b, &s).unwrap_err();
    // Meteor is aimed at a cell: the third command is refused with the reason.
    assert!(e.to_string().contains("Meteor is aimed at a cell"), "{e}");
    let ev = since(&b, start);
    let mia = id(&b, "Mia");
    assert_eq!(terrain_changes(&ev).len(), 18, "9 laid, then toggled down");
    assert!(!mz::toggleable(&b, mia).is_empty());
    assert_eq!(b.slots(mia, Slot::Bonus), 1);
}

/// With its Attack Action spent, a threatened caster fires a spell it pays at once (Fire
/// Bolt with the Move Action) rather than begin a channel.
#[test]
fn a_threatened_caster_without_its_attack_action_casts_a_bolt() {
    use skirmish_rules::ai::AiTactics;
    let units = format!(
        r#"{}, Unit(name: "Rex", side: "Blue", cell: (8, 4), archetype: "bandit")"#,
        trio((3, 3))
    );
    // Mia's first attack: d20 2 + 3 misses Bo.
    let mut b = arena(GridKind::Square, &units, &[2]);
    let (mia, sol, bo, rex) = (id(&b, "Mia"), id(&b, "Sol"), id(&b, "Bo"), id(&b, "Rex"));
    b.submit(attack(mia, bo, None)).unwrap();
    let c = MeleeZoneAi.prepare_cast(&b, mia, &[sol, bo, rex]).unwrap();
    let Command::Act {
        action: Action::Common(CommonAction::Cast { ability, .. }),
        ..
    } = c
    else {
        panic!("{c:?}")
    };
    assert!(!mz::would_channel(&b, mia, ability));
    assert!(b.check(&c).is_ok());
}

/// The window's prices of a casting, in AA/MA/BA, channel included.
#[test]
fn the_window_prices_a_casting_in_actions() {
    let b = arena(GridKind::Square, &trio((10, 6)), &[]);
    let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
    let view = skirmish_rules::rulesets::view_of(&b).unwrap();
    let words = |i: usize, at: CastAt| view.cost_words(&b, &cast(mia, i, at)).unwrap();
    assert_eq!(words(FIRE_BOLT, CastAt::Unit(sol)), "AA");
    assert_eq!(words(SEARING_BOLT, CastAt::Unit(sol)), "AA + 1 BA");
    assert_eq!(words(CALL_WOLF, CastAt::Cell(Cell::new(3, 3))), "AA + MA");
    assert_eq!(
        view.ability_price(&b, mia, METEOR),
        "AA + MA, then 1 action(s) from the next turn(s): channeled, flat-footed till then"
    );
}

/// A spell is an attack: one named at a hidden foe is refused as a weapon attack is ("Ash
/// is hidden: it does not know where", wave 2B); an area aimed at its cell is not.
#[test]
fn a_spell_at_a_hidden_foe_is_refused_as_an_attack_is() {
    let units = r#"Unit(name: "Mia", side: "Red", cell: (2, 3), archetype: "mage"),
        Unit(name: "Ash", side: "Blue", cell: (8, 3), archetype: "bandit", hidden: true)"#;
    for kind in BOTH {
        let b = arena(kind, units, &[]);
        let (mia, ash) = (id(&b, "Mia"), id(&b, "Ash"));
        assert_eq!(b.current(), Some(mia));
        assert!(b.hidden(ash));
        let weapon = b.check(&attack(mia, ash, None)).unwrap_err().to_string();
        let spell = b
            .check(&cast(mia, FIRE_BOLT, CastAt::Unit(ash)))
            .unwrap_err()
            .to_string();
        assert!(
            spell.contains("Ash is hidden: it does not know where"),
            "{spell}"
        );
        assert!(weapon.contains("Ash is hidden"), "{weapon}");
        assert!(
            b.check(&cast(mia, METEOR, CastAt::Cell(Cell::new(8, 3))))
                .is_ok()
        );
    }
}
