//! melee-zone (seed 003, "Combat rules"), wave 2A: aimed attacks and wounds, the Reach
//! and Weapon focus feats, each through `Battle::submit` with forced dice, the seed's
//! line quoted above its test (`docs/rules/melee-zone.md`, "Aimed attacks, wounds, reach
//! and items (wave 2A)").

use skirmish_rules::Battle;
use skirmish_rules::components::{ModCause, Pool, Slot, Stat, UnitId};
use skirmish_rules::dice::{DiceExpr, Roll};
use skirmish_rules::engine::{Aim, Command, CommonAction};
use skirmish_rules::event::{AttackKind, Event, Spend};
use skirmish_rules::rulesets::melee_zone::{WoundKind, speed, wounds};

use crate::support::melee_zone::{arena, attack};
use crate::support::{BOTH, damage, id, since};

/// Ash (duelist: Agility 3, Accuracy 3, Strength 0, shortsword 1d6, 18 HP) next to Bly
/// (soldier: Agility 1, Accuracy 2, Strength 2, longsword 1d8, 24 HP). Ash acts first.
pub(crate) const PAIR: &str = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
    Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier")"#;

pub(crate) fn aimed(unit: UnitId, target: UnitId, aim: Aim) -> Command {
    Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: Some(aim),
    }
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// (stat, amount) of each wound modifier laid on `u` in `ev`.
pub(crate) fn wound_mods(ev: &[Event], u: UnitId) -> Vec<(Stat, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::StatModified { unit, modifier }
                if *unit == u && modifier.cause == ModCause::Wound =>
            {
                Some((modifier.stat, modifier.amount))
            }
            _ => None,
        })
        .collect()
}

/// The names and values of the damage roll's modifiers in `ev`.
pub(crate) fn damage_mods(ev: &[Event]) -> Vec<(String, i32)> {
    ev.iter()
        .find_map(|e| match e {
            Event::Damage { roll, .. } => Some(
                roll.modifiers
                    .iter()
                    .map(|m| (m.name.to_string(), m.value))
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

// "Slowing Targets: Focusing on areas like the legs or feet. If a wound is dealt these
// attacks decrease the target's movement by 2 and their Agility modifier by 1." — "A wound
// occurs when a single attack deals 6 or more damage to a target."
#[test]
pub(crate) fn a_slowing_wound_of_6_damage_takes_2_movement_and_1_agility_a_5_is_no_wound() {
    for kind in BOTH {
        // d20 15 + 3 hits Bly (11); the shortsword's 1d6 = 6: a wound.
        let mut b = arena(kind, PAIR, &[15, 6]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert_eq!(b.pool(bly, Pool::FreeHits), 2, "Agility 1 + 1");
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Legs)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(bly, 6)]);
        assert_eq!(
            wound_mods(&ev, bly),
            [(Stat::Wounds, 1), (Stat::Speed, -2), (Stat::Agility, -1)]
        );
        assert_eq!(b.stats(bly).get(Stat::Agility), 0);
        assert_eq!(b.stats(bly).get(Stat::Wounds), 1);
        assert_eq!(speed(&b, bly), 4, "6 − 2");
        let w = wounds(&b, bly);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].kind, WoundKind::Slowing);
        // Its dodge is 10 + 0 now; its Move Action buys 4 spaces.
        let odds = b.rules().odds(&b, ash, bly, 0, AttackKind::Normal, true);
        assert!(odds.detail.contains("vs 10"), "{}", odds.detail);
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        assert_eq!(b.movement_budget(bly), 4);
        // Next round its Free Hit Slots are Agility 0 + 1: the second one is lost.
        end(&mut b);
        let lost = b.log().iter().rev().find_map(|l| match l.event {
            Event::Spent {
                unit,
                pool: Pool::FreeHits,
                amount,
                on: Spend::Wound,
                ..
            } if unit == bly => Some(amount),
            _ => None,
        });
        assert_eq!(lost, Some(1));
        assert_eq!(b.pool(bly, Pool::FreeHits), 1);
        assert_eq!(b.pool(ash, Pool::FreeHits), 4, "Ash's stay Agility 3 + 1");

        // 5 damage is no wound.
        let mut b = arena(kind, PAIR, &[15, 5]);
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Legs)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(bly, 5)]);
        assert!(wound_mods(&ev, bly).is_empty());
        assert_eq!(b.stats(bly).get(Stat::Agility), 1);
        assert_eq!(speed(&b, bly), 6);
    }
}

// "Weakening Targets: Focusing on areas like the arms. If a wound is dealt these attacks
// lower the target's Strength modifier by one and remove 1 Bonus Action from them."
#[test]
pub(crate) fn a_weakening_wound_takes_1_strength_and_a_bonus_action_each_turn() {
    for kind in BOTH {
        // Ash: 15 hits, 1d6 6; Bly then: d20 15 + 2 hits Ash (13), 1d8 3 + Strength 1.
        let mut b = arena(kind, PAIR, &[15, 6, 15, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Arms)).unwrap();
        assert_eq!(
            wound_mods(&since(&b, n), bly),
            [(Stat::Wounds, 1), (Stat::Str, -1)]
        );
        let n = b.log().len();
        end(&mut b);
        // Bly's turn starts with 1 Bonus Action: the wound took the other.
        assert!(since(&b, n).contains(&Event::Spent {
            unit: bly,
            pool: Pool::Slot(Slot::Bonus),
            amount: 1,
            on: Spend::Wound,
            left: 1,
        }));
        assert_eq!(b.slots(bly, Slot::Bonus), 1);
        let n = b.log().len();
        b.submit(attack(bly, ash, None)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(ash, 4)], "1d8 3 + Strength 2 − 1");
        assert_eq!(damage_mods(&ev), [("Strength mod".to_string(), 1)]);
    }
}

/// Cid (another duelist) acts after Ash and before Bly.
pub(crate) const TRIO: &str = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
    Unit(name: "Cid", side: "Red", cell: (4, 4), archetype: "duelist"),
    Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", conditions: {Prone: UntilRemoved})"#;

// "Standing up can be done regardless of whether it is your turn, but it consumes the
// action you chose to use from your next turn. If there are no actions remaining from
// your next turn, you cannot stand up from prone." — with Weakening's "remove 1 Bonus
// Action from them": one Weakening wound leaves one to owe, two leave none.
#[test]
pub(crate) fn a_weakened_unit_stands_up_on_a_foes_turn_only_with_a_bonus_action_left_to_owe() {
    for kind in BOTH {
        // Ash then Cid: each d20 15 hits prone Bly (5 + 1), each 1d6 6 a Weakening wound.
        let mut b = arena(kind, TRIO, &[15, 6, 15, 6]);
        let (ash, cid, bly) = (id(&b, "Ash"), id(&b, "Cid"), id(&b, "Bly"));
        b.submit(aimed(ash, bly, Aim::Arms)).unwrap();
        end(&mut b);
        assert_eq!(b.current(), Some(cid));
        let stand = Command::Act {
            unit: bly,
            action: CommonAction::StandUp.into(),
        };
        // One wound: 2 Bonus Actions next turn, 1 taken: 1 left to owe.
        assert!(b.check(&stand).is_ok());
        b.submit(aimed(cid, bly, Aim::Arms)).unwrap();
        assert_eq!(b.stats(bly).get(Stat::Wounds), 2);
        assert_eq!(b.stats(bly).get(Stat::Str), 0);
        // Two: no Bonus Action left to owe (the common Stand Up then owes the Move
        // Action: `melee_zone_stand_up`).
        let log = b.log().len();
        let e = b
            .submit(Command::Act {
                unit: bly,
                action: skirmish_rules::rulesets::melee_zone::MeleeZoneAction::StandUpWith {
                    owe: Slot::Bonus,
                }
                .into(),
            })
            .unwrap_err();
        assert!(e.to_string().contains("left to owe"), "{e}");
        assert_eq!(b.log().len(), log);
        end(&mut b);
        assert_eq!(b.current(), Some(bly));
        assert_eq!(b.slots(bly, Slot::Bonus), 0);
    }
}

// "Disrupting Targets: Aimed at sensitive areas like the eyes, ears, nose or hands. If a
// wound is dealt these attacks lower the target's Accuracy modifier by 1 for the entire
// battle and by 3 for the current round."
#[test]
pub(crate) fn a_disrupting_wound_takes_1_accuracy_for_the_battle_and_3_more_this_round() {
    for kind in BOTH {
        // Ash: 15, 6: a wound; Bly the same round: d20 15 + 2 − 4 = 13 hits Ash (13) just.
        let mut b = arena(kind, PAIR, &[15, 6, 15, 2]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Senses)).unwrap();
        assert_eq!(
            wound_mods(&since(&b, n), bly),
            [
                (Stat::Wounds, 1),
                (Stat::Accuracy, -1),
                (Stat::Accuracy, -3)
            ]
        );
        assert_eq!(b.stats(bly).get(Stat::Accuracy), -2);
        end(&mut b);
        let n = b.log().len();
        b.submit(attack(bly, ash, None)).unwrap();
        let ev = since(&b, n);
        let roll = ev.iter().find_map(|e| match e {
            Event::Attack {
                roll,
                target_number,
                ..
            } => Some((roll.total, *target_number)),
            _ => None,
        });
        assert_eq!(roll, Some((13, 13)));
        assert_eq!(damage(&ev), [(ash, 4)]);
        // The next round: the −3 is over, the −1 stays, and it is still one wound.
        end(&mut b);
        assert_eq!(b.round(), 2);
        assert_eq!(b.stats(bly).get(Stat::Accuracy), 1);
        assert_eq!(b.stats(bly).get(Stat::Wounds), 1);
        assert_eq!(wounds(&b, bly)[0].kind, WoundKind::Disrupting);
    }
}

// "Fatal Targets: Aimed at vital areas such as the throat, heart, or head. If a wound is
// dealt these attacks have a ¼ chance to add 16 additional damage to the attack."
#[test]
pub(crate) fn a_fatal_wound_adds_16_on_a_d4_of_4_and_a_hit_under_6_rolls_no_d4() {
    for kind in BOTH {
        // 15 hits, 1d6 6: a wound; the d4 shows 4: +16.
        let mut b = arena(kind, PAIR, &[15, 6, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Vital)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(bly, 22)]);
        assert_eq!(
            damage_mods(&ev),
            [
                ("Strength mod".to_string(), 0),
                ("Fatal target (d4 4)".to_string(), 16)
            ]
        );
        assert_eq!(b.hp(bly), 2);
        assert_eq!(
            wound_mods(&ev, bly),
            [(Stat::Wounds, 1)],
            "no lasting effect"
        );
        // The d4 shows 3: the wound only.
        let mut b = arena(kind, PAIR, &[15, 6, 3]);
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Vital)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(bly, 6)]);
        assert_eq!(b.stats(bly).get(Stat::Wounds), 1);
        // 5 damage is no wound: no d4 (the forced 4 is left for the next roll).
        let mut b = arena(kind, PAIR, &[15, 5, 4]);
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::Vital)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(bly, 5)]);
        assert_eq!(damage_mods(&ev).len(), 1, "{:?}", damage_mods(&ev));
    }
}

// "Center Mass: Although it inflicts no specific wound, aiming for the center mass adds
// +1 accuracy to the attack itself" — and an attack aimed nowhere still wounds ("A wound
// occurs when a single attack deals 6 or more damage to a target"), with no effect.
#[test]
pub(crate) fn center_mass_adds_1_to_hit_and_its_wound_like_an_unaimed_ones_has_no_effect() {
    for kind in BOTH {
        // d20 7 + 3 + 1 = 11 meets Bly's 11 only with the centre mass; 1d6 6.
        let mut b = arena(kind, PAIR, &[7, 6]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(aimed(ash, bly, Aim::CentreMass)).unwrap();
        let ev = since(&b, n);
        assert_eq!(damage(&ev), [(bly, 6)]);
        assert_eq!(wound_mods(&ev, bly), [(Stat::Wounds, 1)]);
        assert_eq!(wounds(&b, bly)[0].kind, WoundKind::Plain);
        // Not aimed: 7 + 3 = 10 misses.
        let mut b = arena(kind, PAIR, &[7]);
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(b.hp(bly), 24);
        // Not aimed, 15 and 6: a wound with no effect.
        let mut b = arena(kind, PAIR, &[15, 6]);
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(wound_mods(&since(&b, n), bly), [(Stat::Wounds, 1)]);
        assert_eq!(b.stats(bly).get(Stat::Agility), 1);
    }
}

// "A wound can be eliminated if the target receives 6 or more hit points from a single
// instance of healing" (melee-zone heals through the engine's `Battle::heal`, as a spell
// or potion does; the spells are wave 2C).
#[test]
pub(crate) fn six_hit_points_healed_at_once_remove_one_wound_the_latest_with_an_effect() {
    for kind in BOTH {
        // A Slowing wound (6), then an unaimed one with the extra attack (6).
        let mut b = arena(kind, PAIR, &[15, 6, 15, 6]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(aimed(ash, bly, Aim::Legs)).unwrap();
        b.submit(attack(ash, bly, Some(Slot::Move))).unwrap();
        assert_eq!(b.hp(bly), 12);
        let kinds =
            |b: &Battle| -> Vec<WoundKind> { wounds(b, bly).into_iter().map(|w| w.kind).collect() };
        assert_eq!(kinds(&b), [WoundKind::Slowing, WoundKind::Plain]);
        let heal = |n: u32| Roll::from_faces(DiceExpr::new(1, 8), vec![n]);
        // 5 at once removes none.
        b.heal(bly, heal(5));
        assert_eq!(b.stats(bly).get(Stat::Wounds), 2);
        // 6 at once: the Slowing wound goes (the one that does something), the plain one
        // stays.
        b.heal(bly, heal(6));
        assert_eq!(b.hp(bly), 23);
        assert_eq!(kinds(&b), [WoundKind::Plain]);
        assert_eq!(b.stats(bly).get(Stat::Agility), 1);
        assert_eq!(speed(&b, bly), 6);
        // 1 HP short of full: 8 rolled, 1 received: the wound stays.
        b.heal(bly, heal(8));
        assert_eq!(b.hp(bly), 24);
        assert_eq!(b.stats(bly).get(Stat::Wounds), 1);
    }
}

// "any physical attack can be aimed at a specific part of the target's body" — the five
// aims, and a script's `Attack(..., aim: Legs)`.

/// Pike (soldier: longsword, Accuracy 2, Strength 2; feat Reach when `reach`) and Bly
/// (bandit: Agility 1, 14 HP) 2 cells east of him; Bly acts first (level order).
pub(crate) fn pike(kind: skirmish_rules::grid::GridKind, reach: bool, dice: &[u32]) -> Battle {
    let feats = if reach { r#", feats: ["Reach"]"# } else { "" };
    let units = format!(
        r#"Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "bandit"),
        Unit(name: "Pike", side: "Red", cell: (3, 3), archetype: "soldier"{feats})"#
    );
    arena(kind, &units, dice)
}

// "Reach: increase melee zone to 2 spaces around you." — "When an enemy moves out of your
// melee zone ... [you gain a free hit]".

// "Weapon focus: increase damage of 3 chosen weapons by one dice roll." — not on the extra
// attack ("without feats or Strength modifier"), and a fourth weapon named is not chosen.

/// Rue (skirmisher: Agility 2, Accuracy 2, a spear in hand and a shortbow stowed, both
/// two-handed) and Bly (bandit, Agility 1) 4 cells away; Rue acts first.
pub(crate) const ARCHER: &str = r#"Unit(name: "Rue", side: "Red", cell: (2, 3), archetype: "skirmisher",
        weapons: ["spear", "shortbow"]),
    Unit(name: "Bly", side: "Blue", cell: (6, 3), archetype: "bandit")"#;

pub(crate) fn act_on(b: &mut Battle, u: UnitId, a: CommonAction) -> Result<Vec<Event>, String> {
    let n = b.log().len();
    b.submit(Command::Act {
        unit: u,
        action: a.into(),
    })
    .map_err(|e| e.to_string())?;
    Ok(since(b, n))
}

/// The slot each event of `ev` spends, and on what.
pub(crate) fn paid(ev: &[Event]) -> Vec<(Slot, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                pool: Pool::Slot(s),
                on,
                ..
            } => Some((*s, *on)),
            _ => None,
        })
        .collect()
}

// "Draw or sheathe a weapon" — under the Attack Action, the Move Action and the Bonus
// Actions alike: a Bonus Action first, then the Move Action, then the Attack Action.

// "Pick up an item off the ground" (AA, MA or BA) — "If your held item is disarmed and
// nearby, you can retrieve it using either 1 Attack Action (AA), 1 Move Action (MA), or
// 1 Bonus Action (BA)." (Nothing in the seed's combat rules disarms: the drop is logged
// here as another rule would.)

// The feats as data: melee-zone.ron's halberdier has Reach, its veteran Weapon focus
// (longsword, spear, warhammer); Shrine Ruins' raider lancer Dusk has Reach.

// The AI aims "by expected value" (issue 30's AI): after its Bonus Action boosts (Steady
// Aim, Power Strike), Ash's shortsword 1d6 + 1 wounds on a 5 or 6, and Fatal's ¼ × 16 = 4
// HP a wound beats the other aims' weights (`wounds::wound_worth`) and Center Mass's 5%.
