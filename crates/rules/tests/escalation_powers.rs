//! escalation's powers (seed 001, "Ability Entries"; `escalation/casting.rs`): the
//! shipped class and monster powers through `Battle::submit` with forced dice — their
//! action type, uses per battle, Provokes, the escalation die's gates, the attack roll
//! (3d6 + Level + Volition + escalation die vs AC/PD/MD, natural 3 with no miss effect),
//! healing with a recovery, and the AI using them.

use skirmish_rules::abilities::EscalationKey;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Action, CastAt, CommonAction};
use skirmish_rules::event::{Event, Outcome, ReactionKind};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;
use skirmish_rules::{Battle, Command, Illegal};

use crate::escalation::{decline_powers, field};
use crate::support::{id, repo, since};

fn cast(b: &mut Battle, unit: UnitId, name: &str, at: CastAt) -> Result<usize, Illegal> {
    let ability = b
        .abilities(unit)
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("{} knows no {name}", b.name(unit)));
    let n = b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })?;
    Ok(n + decline_powers(b))
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// (natural, total, target number, outcome) of every attack in `ev`.
fn rolls(ev: &[Event]) -> Vec<(i32, i32, i32, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                roll,
                target_number,
                outcome,
                ..
            } => Some((roll.natural(), roll.total, *target_number, *outcome)),
            _ => None,
        })
        .collect()
}

/// A fighter next to a goblin (PD 13, AC 15, 14 HP) that acts after it.
const DUEL: &str = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;

#[test]
fn a_power_attack_rolls_3d6_plus_level_and_volition_against_its_defence_and_lands_its_effects() {
    // Staggering Blow: "Melee, Encounter, Standard. Attack vs PD. Hit: 2d8 + Volition and
    // the target is Dazed (save ends)". 3d6 [4,4,4] = 12 + Level 2 + Volition 3 = 17 vs
    // PD 13: a hit; 2d8 [5,5] + 3 = 13 damage.
    let mut b = field(GridKind::Square, DUEL, &[4, 4, 4, 5, 5]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let mark = b.log().len();
    cast(&mut b, f, "Staggering Blow", CastAt::Unit(g)).unwrap();
    let ev = since(&b, mark);
    assert_eq!(rolls(&ev), [(12, 17, 13, Outcome::Success)]);
    assert_eq!(b.hp(g), 14 - 13);
    assert!(b.has(g, ConditionKind::Dazed));
    // A Standard action, and its one use in the battle.
    assert_eq!(b.slots(f, Slot::Standard), 0);
    assert_eq!(b.uses_left(f, 1), Some(0));
    end(&mut b);
    end(&mut b);
    let e = cast(&mut b, f, "Staggering Blow", CastAt::Unit(g)).unwrap_err();
    assert!(e.to_string().contains("no use left"), "{e}");
}

#[test]
fn an_escalation_2_plus_power_waits_for_the_die_adds_it_and_a_natural_3_has_no_miss_effect() {
    // Round 3: a natural 3 (crit fail: "no miss effects"); round 4: a plain miss deals
    // the miss damage (Level 2).
    let mut b = field(GridKind::Square, DUEL, &[1, 1, 1, 2, 2, 2]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let e = cast(&mut b, f, "Brutal Strike", CastAt::Unit(g)).unwrap_err();
    assert!(
        e.to_string()
            .contains("Brutal Strike needs the escalation die at 2 or more (it shows 0)"),
        "{e}"
    );
    // Refused, nothing paid.
    assert_eq!(b.slots(f, Slot::Standard), 1);
    for _ in 0..4 {
        end(&mut b);
    }
    assert_eq!(b.round(), 3);
    assert_eq!(b.current(), Some(f));
    let mark = b.log().len();
    cast(&mut b, f, "Brutal Strike", CastAt::Unit(g)).unwrap();
    let ev = since(&b, mark);
    // 3 + Level 2 + Volition 3 + escalation die 2.
    assert_eq!(rolls(&ev), [(3, 10, 15, Outcome::CriticalFailure)]);
    assert_eq!(b.hp(g), 14, "a natural 3 deals no miss damage");
    end(&mut b);
    end(&mut b);
    let mark = b.log().len();
    cast(&mut b, f, "Brutal Strike", CastAt::Unit(g)).unwrap();
    let ev = since(&b, mark);
    // 6 + 2 + 3 + 3 (round 4) = 14 vs AC 15: a miss, "Miss: Damage equal to your Level".
    assert_eq!(rolls(&ev), [(6, 14, 15, Outcome::Failure)]);
    assert_eq!(b.hp(g), 12);
}

#[test]
fn even_and_odd_keys_count_0_as_neither_and_sneaky_strike_needs_an_even_die() {
    assert!(!EscalationKey::Even.allows(0) && !EscalationKey::Odd.allows(0));
    assert!(EscalationKey::Odd.allows(1) && EscalationKey::Even.allows(2));
    assert!(!EscalationKey::Even.allows(3) && EscalationKey::Min(2).allows(6));
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 3, 3, 3]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    end(&mut b);
    end(&mut b);
    assert_eq!(b.round(), 2);
    let e = cast(&mut b, r, "Sneaky Strike", CastAt::Unit(g)).unwrap_err();
    assert!(e.to_string().contains("even (2, 4, 6) (it shows 1)"), "{e}");
    end(&mut b);
    end(&mut b);
    // Round 3, die 2: 15 + 2 + 3 + 2 = 22 vs PD 13; 3d6 [3,3,3] + 3 = 12.
    cast(&mut b, r, "Sneaky Strike", CastAt::Unit(g)).unwrap();
    assert_eq!(b.hp(g), 2);
}

#[test]
fn a_provoking_ranged_power_used_while_engaged_draws_the_opportunity_attack_first() {
    // Pinning Shot: "Ranged, Encounter, Standard; Provokes". The goblin (melee stance,
    // engaged) swings first: [1,1,1] crit fails; then the shot: [5,5,5] + 5 = 20 vs PD
    // 13, 2d8 [4,4] + 3 = 11 and Stuck (save ends).
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[1, 1, 1, 5, 5, 5, 4, 4]);
    let (r, g) = (id(&b, "Tarrow"), id(&b, "Snitch"));
    let mark = b.log().len();
    cast(&mut b, r, "Pinning Shot", CastAt::Unit(g)).unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(g));
    b.submit(Command::React {
        unit: g,
        choice: Some(ReactionKind::ReactionAttack),
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
    let ev = since(&b, mark);
    let r2: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker, outcome, ..
            } => Some((*attacker, *outcome)),
            _ => None,
        })
        .collect();
    assert_eq!(
        r2,
        [(g, Outcome::CriticalFailure), (r, Outcome::Success)],
        "the opportunity attack, then the power"
    );
    assert_eq!(b.hp(g), 14 - 11);
    assert!(b.has(g, ConditionKind::Stuck));
}

#[test]
fn double_shot_rolls_one_attack_per_target() {
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (0, 2), archetype: "ranger"),
        Unit(name: "Snitch", side: "Foes", cell: (6, 1), archetype: "goblin", stats: {Band: 1}),
        Unit(name: "Grub", side: "Foes", cell: (6, 3), archetype: "goblin", stats: {Band: 1})"#;
    // First target: [6,6,6] a crit (2d6 [2,2] + 3 = 7, ×2 = 14); second: [2,2,3] + 5 =
    // 12 vs AC 15, a miss: Level 2 miss damage.
    let mut b = field(GridKind::Square, units, &[6, 6, 6, 2, 2, 2, 2, 3]);
    let (r, s, g) = (id(&b, "Tarrow"), id(&b, "Snitch"), id(&b, "Grub"));
    cast(&mut b, r, "Double Shot", CastAt::Units(vec![s, g])).unwrap();
    assert!(!b.alive(s), "a crit doubles the damage: 14 of 14");
    assert_eq!(b.hp(g), 12);
}

#[test]
fn healing_word_is_a_quick_action_that_heals_using_a_recovery_twice_a_battle() {
    // The goblin (Very Fast) hits the fighter first: [6,6,4] + 3 = 19 vs AC 17, 1d6 [6]
    // + 2 = 8 (34 → 26). Then the cleric: Healing Word, 1d6 [2] and a recovery 2d10
    // [2,2] (the fighter's recovery die): 26 + 2 + 4 = 32.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", stats: {Band: 3}),
        Unit(name: "Sefa", side: "PCs", cell: (2, 2), archetype: "cleric"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 4, 6, 2, 2, 2, 1, 1, 1]);
    let (f, c, g) = (id(&b, "Brannoc"), id(&b, "Sefa"), id(&b, "Snitch"));
    assert_eq!(b.current(), Some(g));
    b.submit(Command::Attack {
        unit: g,
        target: f,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    decline_powers(&mut b);
    assert_eq!(b.hp(f), 26);
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(c));
    let recoveries = b.pool(f, Pool::Recoveries);
    // Engaged? The cleric is not next to the goblin; and the word does not provoke.
    cast(&mut b, c, "Healing Word", CastAt::Unit(f)).unwrap();
    assert_eq!(b.status(), Status::Turn(c));
    assert_eq!(b.hp(f), 32);
    assert_eq!(b.pool(f, Pool::Recoveries), recoveries - 1);
    // Its Quick action; the second use takes the Move ("better for less good").
    assert_eq!((b.slots(c, Slot::Quick), b.slots(c, Slot::Move)), (0, 1));
    cast(&mut b, c, "Healing Word", CastAt::Unit(c)).unwrap();
    assert_eq!(b.slots(c, Slot::Move), 0);
    assert_eq!(b.slots(c, Slot::Standard), 1);
    let e = cast(&mut b, c, "Healing Word", CastAt::Unit(f)).unwrap_err();
    assert!(e.to_string().contains("no use left"), "{e}");
}

/// "A nearby ally or yourself heals using a Recovery": Healing Word on a foe is refused,
/// with the reason, and nothing changes (issue 31: it was offered on an enemy at 100%).
#[test]
fn healing_word_is_refused_on_a_foe() {
    let units = r#"Unit(name: "Sefa", side: "PCs", cell: (2, 2), archetype: "cleric", stats: {Band: 4}),
        Unit(name: "Snitch", side: "Foes", cell: (5, 2), archetype: "goblin", stats: {Band: 0})"#;
    let mut b = field(GridKind::Square, units, &[1, 1, 1, 1, 1, 1]);
    let (c, g) = (id(&b, "Sefa"), id(&b, "Snitch"));
    assert_eq!(b.current(), Some(c));
    let before = b.log().len();
    let e = cast(&mut b, c, "Healing Word", CastAt::Unit(g)).unwrap_err();
    assert!(
        e.to_string()
            .contains("Healing Word heals an ally or its user, and Snitch is a foe"),
        "{e}"
    );
    assert_eq!(b.log().len(), before, "nothing happened");
    // On itself it is fine.
    cast(&mut b, c, "Healing Word", CastAt::Unit(c)).unwrap();
}

#[test]
fn the_ai_uses_powers_on_the_shipped_levels() {
    for file in [
        "levels/escalation-crossroads.ron",
        "levels/escalation-ruins.ron",
    ] {
        let l = level::load(&repo(file)).unwrap_or_else(|e| panic!("{e}"));
        let mut casts = 0;
        for seed in 0..4 {
            let mut b = Battle::new(l.clone(), seed, Vec::new()).unwrap();
            for _ in 0..4000 {
                if matches!(b.status(), Status::Ended(_)) {
                    break;
                }
                let c = skirmish_rules::ai::decide(&b).expect("the AI has a command");
                b.submit(c).unwrap();
            }
            assert!(matches!(b.status(), Status::Ended(_)), "{file} seed {seed}");
            casts += b
                .log()
                .iter()
                .filter(|l| matches!(l.event, Event::Cast { .. }))
                .count();
        }
        assert!(casts > 0, "{file}: no power used in 6 AI battles");
    }
}

#[test]
fn healing_a_dying_pc_brings_it_back_from_0_with_a_recovery() {
    // The goblin drops the ranger (5 HP): [6,6,4] + 3 = 19 vs AC 15, 1d6 [6] + 2 = 8 →
    // −3, dying. The cleric's Healing Word: 1d6 [2] (→ −1), then "as if they had
    // succeeded at a Death Save": from 0 HP, a recovery 2d8 [1,1] → 2.
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger", hp: 5, stats: {Band: 1}),
        Unit(name: "Sefa", side: "PCs", cell: (1, 2), archetype: "cleric"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 4, 6, 2, 1, 1]);
    let (r, c, g) = (id(&b, "Tarrow"), id(&b, "Sefa"), id(&b, "Snitch"));
    b.submit(Command::Attack {
        unit: g,
        target: r,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    decline_powers(&mut b);
    assert!(b.has(r, ConditionKind::Dying));
    end(&mut b);
    assert_eq!(b.current(), Some(c));
    let recoveries = b.pool(r, Pool::Recoveries);
    cast(&mut b, c, "Healing Word", CastAt::Unit(r)).unwrap();
    assert!(b.alive(r) && !b.has(r, ConditionKind::Dying));
    assert_eq!(b.hp(r), 2);
    assert_eq!(b.pool(r, Pool::Recoveries), recoveries - 1);
}

#[test]
fn powers_are_refused_while_hampered_and_a_melee_power_needs_the_melee_stance() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Hampered: SaveEnds(11)}),
        Unit(name: "Lisk", side: "PCs", cell: (3, 3), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (f, r, g) = (id(&b, "Brannoc"), id(&b, "Lisk"), id(&b, "Snitch"));
    // The rogue (Fast) first: in ranged stance it cannot jab.
    assert_eq!(b.current(), Some(r));
    b.submit(Command::Act {
        unit: r,
        action: skirmish_rules::rulesets::escalation::EscalationAction::SwitchStance.into(),
    })
    .unwrap();
    let e = cast(&mut b, r, "Throat Jab", CastAt::Unit(g)).unwrap_err();
    assert!(e.to_string().contains("melee power"), "{e}");
    end(&mut b);
    assert_eq!(b.current(), Some(f));
    let e = cast(&mut b, f, "Staggering Blow", CastAt::Unit(g)).unwrap_err();
    assert!(e.to_string().contains("hampered"), "{e}");
    assert_eq!(b.uses_left(f, 1), Some(1));
}

#[test]
fn the_orcs_savage_swing_needs_the_die_at_2_but_an_npc_does_not_add_it() {
    // Round 3 (die 2): [5,5,5] = 15 + Level 3 + Volition 3 = 21 (no escalation die for
    // an NPC) vs the fighter's AC 17; 3d10 [1,1,1] + 3 = 6.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Ugrak", side: "Foes", cell: (4, 2), archetype: "orc")"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 1, 1, 1]);
    let (f, o) = (id(&b, "Brannoc"), id(&b, "Ugrak"));
    end(&mut b);
    assert_eq!(b.current(), Some(o));
    assert!(cast(&mut b, o, "Savage Swing", CastAt::Unit(f)).is_err());
    for _ in 0..4 {
        end(&mut b);
    }
    assert_eq!((b.round(), b.current()), (3, Some(o)));
    let mark = b.log().len();
    cast(&mut b, o, "Savage Swing", CastAt::Unit(f)).unwrap();
    assert_eq!(rolls(&since(&b, mark)), [(15, 21, 17, Outcome::Success)]);
    assert_eq!(b.hp(f), 34 - 6);
}

#[test]
fn the_shipped_escalation_powers_have_no_problems_and_escalation_7_is_one() {
    let l = level::load(&repo("levels/escalation-crossroads.ron")).unwrap();
    let mut seen = 0;
    for u in &l.units {
        for a in &u.abilities {
            assert!(
                skirmish_rules::abilities::problems(a).is_empty(),
                "{:?}",
                skirmish_rules::abilities::problems(a)
            );
            seen += 1;
        }
    }
    assert!(seen >= 9, "{seen}");
    let a: skirmish_rules::abilities::Ability = ron::from_str(
        r#"(name: "Late", kind: Ability, target: One(range: 1), escalation: Some(Min(7)),
            effects: [Damage(dice: "1d6")])"#,
    )
    .unwrap();
    assert_eq!(
        skirmish_rules::abilities::problems(&a),
        ["`Late`: Escalation 7+ can never be used (the die stops at 6)"]
    );
}

#[test]
fn an_engaged_ai_ranger_takes_the_opportunity_attack_for_its_pinning_shot() {
    // Worth more than switching stance for a shortsword, less the goblin's free swing.
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let b = field(GridKind::Square, units, &[]);
    let (r, g) = (id(&b, "Tarrow"), id(&b, "Snitch"));
    assert_eq!(
        skirmish_rules::ai::decide(&b),
        Some(Command::Act {
            unit: r,
            action: Action::Common(CommonAction::Cast {
                ability: 1,
                at: CastAt::Unit(g)
            })
        })
    );
}

#[test]
fn resistance_halves_a_power_whose_natural_roll_is_below_its_number_and_the_bar_prices_powers() {
    // The ogre resists weapon 12+: Pinning Shot [4,4,3] = 11 + 5 = 16 vs PD 16 hits, but
    // the natural 11 is below 12: 2d8 [4,4] + 3 = 11, halved to 5.
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (0, 2), archetype: "ranger"),
        Unit(name: "Sefa", side: "PCs", cell: (0, 4), archetype: "cleric"),
        Unit(name: "Mog", side: "Foes", cell: (6, 2), archetype: "ogre")"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 3, 4, 4]);
    let (r, c, o) = (id(&b, "Tarrow"), id(&b, "Sefa"), id(&b, "Mog"));
    let words = |b: &Battle, u: UnitId, i: usize| {
        skirmish_rules::rulesets::view_of(b)
            .expect("registered")
            .cost_words(
                b,
                &Command::Act {
                    unit: u,
                    action: Action::Common(CommonAction::Cast {
                        ability: i,
                        at: CastAt::Unit(o),
                    }),
                },
            )
    };
    assert_eq!(words(&b, c, 0).as_deref(), Ok("Quick"));
    assert_eq!(
        skirmish_rules::rulesets::view_of(&b)
            .expect("registered")
            .ability_price(&b, r, 0),
        "Standard".to_string()
    );
    let mark = b.log().len();
    cast(&mut b, r, "Pinning Shot", CastAt::Unit(o)).unwrap();
    assert_eq!(rolls(&since(&b, mark)), [(11, 16, 16, Outcome::Success)]);
    assert_eq!(b.hp(o), 48 - 5);
}

#[test]
fn deep_cut_leaves_5_ongoing_damage_until_saved() {
    // [5,5,5] + 5 = 20 vs AC 15; 2d6 [1,1] + 3 = 5 (14 → 9). At the end of the goblin's
    // turn: 5 ongoing damage (→ 4), then its save [1,1,2] = 4 fails: it bleeds on.
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 1, 1, 1, 1, 2]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    cast(&mut b, r, "Deep Cut", CastAt::Unit(g)).unwrap();
    assert_eq!(b.hp(g), 9);
    assert!(b.has(g, ConditionKind::Bleeding));
    end(&mut b);
    end(&mut b);
    assert_eq!(b.hp(g), 4);
    assert!(b.has(g, ConditionKind::Bleeding));
}

#[test]
fn an_attack_readied_for_a_foes_power_goes_off_before_the_power() {
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
    use skirmish_rules::rulesets::escalation::EscalationAction;
    // The archer readies a shot for "an enemy within 8 uses a power"; the cleric's
    // Javelin of Faith sets it off: the shot first ([1,1,1], a crit fail), then the
    // power ([5,5,5] + 4 = 19 vs PD 13; 2d6 [1,1] + 2 = 4).
    let units = r#"Unit(name: "Sefa", side: "PCs", cell: (2, 2), archetype: "cleric"),
        Unit(name: "Pike", side: "Foes", cell: (8, 2), archetype: "goblin archer", stats: {Band: 4})"#;
    let mut b = field(GridKind::Square, units, &[1, 1, 1, 5, 5, 5, 1, 1]);
    let (c, a) = (id(&b, "Sefa"), id(&b, "Pike"));
    assert_eq!(b.current(), Some(a));
    b.submit(Command::Act {
        unit: a,
        action: EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyCasts { cells: 8 },
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        }
        .into(),
    })
    .unwrap();
    end(&mut b);
    assert_eq!(b.current(), Some(c));
    let mark = b.log().len();
    cast(&mut b, c, "Javelin of Faith", CastAt::Unit(a)).unwrap();
    let ev = since(&b, mark);
    assert!(ev.contains(&Event::ReadyTriggered { unit: a, by: c }));
    let who: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker, outcome, ..
            } => Some((*attacker, *outcome)),
            _ => None,
        })
        .collect();
    assert_eq!(who, [(a, Outcome::CriticalFailure), (c, Outcome::Success)]);
    assert_eq!(b.hp(a), 14 - 4);
}

/// Issue 29: "they can't use Ranged Attacks or Ranged Spells without provoking
/// Opportunity attacks": the hobgoblin's Menacing Glare (an attack at 6 cells; its data
/// names no `provokes`) used while engaged draws the fighter's opportunity attack first.
#[test]
fn a_ranged_power_used_while_engaged_provokes_even_without_saying_so() {
    let units = r#"Unit(name: "Hob", side: "Foes", cell: (4, 2), archetype: "hobgoblin", stats: {Band: 4}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (h, f) = (id(&b, "Hob"), id(&b, "Brannoc"));
    assert_eq!(b.current(), Some(h));
    let glare = b
        .abilities(h)
        .iter()
        .position(|a| a.name == "Menacing Glare")
        .expect("the hobgoblin's glare");
    assert_eq!(b.abilities(h)[glare].provokes, None);
    b.submit(Command::Act {
        unit: h,
        action: CommonAction::Cast {
            ability: glare,
            at: CastAt::Unit(f),
        }
        .into(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    assert_eq!(
        b.window().unwrap().trigger,
        skirmish_rules::event::Trigger::Provoked { unit: h }
    );
}

/// The ogre's Sweep rolls "all attacks before damage": each of its two targets' attacks is
/// cued before the first roll (session 13 found only the first target's cued), so the
/// cleric may shield either ally and the fighter may parry the attack on himself; every
/// cue comes before every roll.
#[test]
fn a_sweep_cues_the_reactions_to_each_of_its_attacks_before_rolling_them_all() {
    use skirmish_rules::battle::Status;
    use skirmish_rules::engine::{Action, CastAt, CommonAction};
    use skirmish_rules::event::{Event, Trigger};
    use skirmish_rules::{Battle, Command};
    let row = format!("\"{}\"", ".".repeat(10));
    let map = vec![row; 6].join(", ");
    let src = format!(
        r##"Level(name: "sweep", ruleset: "escalation", grid: Square, map: [{map}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [Unit(name: "Wen", side: "PCs", cell: (1, 2), archetype: "cleric"),
                Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
                Unit(name: "Brannoc", side: "PCs", cell: (3, 3), archetype: "fighter"),
                Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre", stats: {{Band: 1}})])"##
    );
    let l = level::parse(&src, "sweep").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Battle::new(l, 7, vec![3; 40]).unwrap_or_else(|e| panic!("{e}"));
    let (lisk, bran, mog) = (
        crate::support::id(&b, "Lisk"),
        crate::support::id(&b, "Brannoc"),
        crate::support::id(&b, "Mog"),
    );
    for _ in 0..4 {
        if b.current() == Some(mog) {
            break;
        }
        let u = b.current().expect("a turn");
        b.submit(Command::EndTurn { unit: u }).unwrap();
    }
    assert_eq!(b.current(), Some(mog));
    let sweep = b
        .abilities(mog)
        .iter()
        .position(|a| a.name == "Sweep")
        .expect("the ogre sweeps");
    let mark = b.log().len();
    b.submit(Command::Act {
        unit: mog,
        action: Action::Common(CommonAction::Cast {
            ability: sweep,
            at: CastAt::Units(vec![lisk, bran]),
        }),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    // Decline every cue (as "Never" would).
    let mut guard = 0;
    while let Status::AwaitingReaction(r) = b.status() {
        b.submit(Command::React {
            unit: r,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        guard += 1;
        assert!(guard < 10);
    }
    let ev = crate::support::since(&b, mark);
    let cued: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                trigger: Trigger::PowerCue { target, .. },
                ..
            } => Some(*target),
            _ => None,
        })
        .collect();
    assert!(cued.contains(&lisk), "{cued:?}");
    assert!(
        cued.contains(&bran),
        "the second target's attack is cued too: {cued:?}"
    );
    let last_cue = ev
        .iter()
        .rposition(|e| matches!(e, Event::ReactionOffered { .. }))
        .unwrap();
    let rolls: Vec<usize> = ev
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Attack { .. }))
        .map(|(k, _)| k)
        .collect();
    assert_eq!(rolls.len(), 2, "both attacks rolled");
    assert!(
        rolls.iter().all(|&k| k > last_cue),
        "all cues before the rolls"
    );
}
