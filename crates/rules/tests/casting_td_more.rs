//! tactical-d20 casting, continued from `casting_td`, through `Battle::submit` with forced dice.

use crate::support::d20::{field, open};
use crate::support::{damage, id, offers, since};
use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool};
use skirmish_rules::engine::CastAt;
use skirmish_rules::event::{CheckPurpose, Event, Fizzle, Outcome, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Battle, Illegal};

use super::casting_td::*;

/// The disruption check fails (d20 11 + 7 = 18 < 19): the spell is lost (Fizzled
/// Disrupted), no missile.
#[test]
fn damage_from_a_provoked_attack_can_disrupt_the_spell() {
    let (b, w, g, ev) = provoked(11);
    assert_eq!(damage(&ev), [(w, 8)], "{ev:#?}");
    assert!(checks(&ev).contains(&(w, CheckPurpose::Disrupt, 11, 18, 19, false)));
    assert_eq!(fizzles(&ev), [(w, Fizzle::Disrupted)]);
    assert_eq!(b.hp(g), 20);
}

/// The disruption check passes (d20 12 + 7 = 19): the missile goes off (1d4+1 = 3 + 1).
#[test]
fn a_caster_who_keeps_concentration_keeps_the_spell() {
    let (b, w, g, ev) = provoked(12);
    assert!(checks(&ev).contains(&(w, CheckPurpose::Disrupt, 12, 19, 19, true)));
    assert!(fizzles(&ev).is_empty());
    assert_eq!(damage(&ev), [(w, 8), (g, 4)]);
    assert_eq!(b.hp(g), 16);
}

/// Identified (d20 10 + 7 = 17 ≥ 14); Sage counters: a Reaction and 1 SQ, d20 12 +
/// caster level 2 = 14 against 14: the spell is negated (Fizzled Countered), no effect.
#[test]
fn an_identified_spell_can_be_countered() {
    let (mut b, w, g, s, start) = watched(10, &[12]);
    let ev = since(&b, start);
    assert!(checks(&ev).contains(&(s, CheckPurpose::Identify, 10, 17, 14, true)));
    assert_eq!(offers(&ev), [(s, vec![ReactionKind::Counterspell])]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered {
            trigger: Trigger::SpellIdentified {
                ability: MISSILE,
                ..
            },
            ..
        }
    )));
    react(&mut b, s, Some(ReactionKind::Counterspell));
    let ev = since(&b, start);
    assert_eq!(
        spent(&ev, s),
        [(Pool::SpellQuantity, 1, Spend::Counterspell)]
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Reacted { reactor, kind: ReactionKind::Counterspell, paid } if *reactor == s && paid == &[(Pool::Reaction, 1)]
    )));
    assert_eq!(b.pool(s, Pool::SpellQuantity), 5);
    assert_eq!(b.rp(s), 0, "the Reaction is spent");
    assert!(checks(&ev).contains(&(s, CheckPurpose::Counterspell, 12, 14, 14, true)));
    assert_eq!(fizzles(&ev), [(w, Fizzle::Countered(s))]);
    assert!(damage(&ev).is_empty());
    assert_eq!(b.hp(g), 20);
    assert_eq!(b.status(), Status::Turn(w));
}

/// A counterspell that fails (d20 11 + 2 = 13 < 14) lets the spell go off (1d4+1 = 3 + 1).
#[test]
fn a_failed_counterspell_lets_the_spell_go_off() {
    let (mut b, w, g, s, start) = watched(10, &[11, 3]);
    react(&mut b, s, Some(ReactionKind::Counterspell));
    let ev = since(&b, start);
    assert!(checks(&ev).contains(&(s, CheckPurpose::Counterspell, 11, 13, 14, false)));
    assert!(fizzles(&ev).is_empty());
    assert_eq!(damage(&ev), [(g, 4)]);
    assert_eq!(
        b.pool(s, Pool::SpellQuantity),
        5,
        "the SQ is spent all the same"
    );
    let _ = w;
}

/// Not identified (d20 6 + 7 = 13 < 14): no Counterspell is offered; the missile lands.
#[test]
fn an_unidentified_spell_cannot_be_countered() {
    let (b, _w, g, s, start) = watched(6, &[3]);
    let ev = since(&b, start);
    assert!(checks(&ev).contains(&(s, CheckPurpose::Identify, 6, 13, 14, false)));
    assert!(offers(&ev).is_empty());
    assert_eq!(damage(&ev), [(g, 4)]);
}

/// An observer without a spell of the same school neither identifies nor is offered a
/// counterspell: the psion (Telepathy, Psychokinesis, Psychometabolism) watches an
/// Evocation.
#[test]
fn an_observer_without_a_same_school_spell_is_not_offered_a_counterspell() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Grub", side: "Blue", cell: (10, 4), archetype: "fighter"),
        Unit(name: "Psi", side: "Blue", cell: (6, 7), archetype: "psion")"#;
    let mut b = battle(units, "", &[15, 1, 20, 10, 3]);
    let (w, g, p) = (id(&b, "Wiz"), id(&b, "Grub"), id(&b, "Psi"));
    end(&mut b);
    let start = b.log().len();
    cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert!(!checks(&ev).iter().any(|c| c.0 == p), "{ev:#?}");
    assert!(offers(&ev).is_empty());
    assert_eq!(damage(&ev), [(g, 4)]);
}

/// Ray of Frost: d20 + BAB 0 + INT 3 against Grub's AC 17. 13 + 3 misses; 14 + 3 hits
/// for 1d3 = 2 cold; a natural 20 doubles the dice (1d3 = 2, ×2).
#[test]
fn a_spell_attack_is_d20_plus_bab_and_int_against_ac_and_a_20_doubles_the_dice() {
    for (face, dmg, outcome) in [
        (13, None, Outcome::Failure),
        (14, Some(2), Outcome::Success),
        (20, Some(4), Outcome::Critical),
    ] {
        // Grub acts first (not Surprised). Ray of Frost is order 0: focus d20 10 + 7 ≥ 13.
        let mut b = battle(NEAR, "", &[1, 20, 10, face, 2]);
        let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
        end(&mut b);
        let start = b.log().len();
        cast(&mut b, w, RAY, CastAt::Unit(g)).unwrap();
        let ev = since(&b, start);
        let att: Vec<(i32, i32, Outcome)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Attack {
                    roll,
                    target_number,
                    outcome,
                    ..
                } => Some((roll.total, *target_number, *outcome)),
                _ => None,
            })
            .collect();
        assert_eq!(att, [(face as i32 + 3, 17, outcome)], "{ev:#?}");
        assert_eq!(
            damage(&ev),
            dmg.map(|d| (g, d)).into_iter().collect::<Vec<_>>()
        );
        assert_eq!(b.pool(w, Pool::SpellQuantity), 6, "order 0 costs no SQ");
    }
}

/// Save spells: d20 + the save against the spell's `dc`. Burning Hands (a cone, Reflex
/// 14; Grub's Reflex +1): 13 + 1 saves, `on_miss` 1d4 = 3; 12 + 1 fails, 2d4 = 2 + 3.
/// Hold Person (Will 15, Grub +0; focus 13 + 4 = 17: d20 10 + 7): 14 fails: Stunned.
#[test]
fn save_spells_are_d20_plus_the_save_against_the_dc() {
    for (face, dmg) in [(13, vec![3]), (12, vec![2, 3])] {
        let mut d = vec![1, 20, 10, face];
        d.extend(dmg.iter().copied());
        let mut b = battle(NEAR, "", &d);
        let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
        end(&mut b);
        let start = b.log().len();
        cast(&mut b, w, HANDS, CastAt::Cell(Cell::new(7, 4))).unwrap();
        let ev = since(&b, start);
        assert!(
            checks(&ev).contains(&(
                g,
                CheckPurpose::Resist,
                face,
                face as i32 + 1,
                14,
                face == 13
            )),
            "{ev:#?}"
        );
        assert_eq!(damage(&ev), [(g, dmg.iter().sum::<u32>() as i32)]);
    }
    let mut b = battle(NEAR, "", &[1, 20, 10, 14]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    end(&mut b);
    let start = b.log().len();
    cast(&mut b, w, HOLD, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert!(checks(&ev).contains(&(w, CheckPurpose::Focus, 10, 17, 17, true)));
    assert!(checks(&ev).contains(&(g, CheckPurpose::Resist, 14, 14, 15, false)));
    assert!(b.has(g, ConditionKind::Stunned));
    assert_eq!(b.pool(w, Pool::SpellQuantity), 4);
}

/// Energy resistance and weakness: the psion resists electricity 5 (Shock 1d6+4 = 6 + 4
/// → 5); Soaked makes cold deal half again (Drench bolt 1d6 = 4 → 6); Dehydrated fire
/// (Parch bolt 1d6 = 5 → 7).
#[test]
fn energy_resistance_subtracts_and_soaked_or_dehydrated_add_half_again() {
    let units = r#"Unit(name: "Hex", side: "Red", cell: (2, 4), archetype: "hexer"),
        Unit(name: "Psi", side: "Blue", cell: (6, 4), archetype: "psion"),
        Unit(name: "Grub", side: "Blue", cell: (6, 6), archetype: "fighter")"#;
    let mut b = battle(units, HEXER, &[20, 2, 1, 6]);
    let (h, p, g) = (id(&b, "Hex"), id(&b, "Psi"), id(&b, "Grub"));
    let start = b.log().len();
    cast(&mut b, h, 2, CastAt::Unit(p)).unwrap();
    assert_eq!(damage(&since(&b, start)), [(p, 5)]);
    for (ability, face, dealt, cond) in [
        (0, 4, 6, ConditionKind::Soaked),
        (1, 5, 7, ConditionKind::Dehydrated),
    ] {
        // Hex ends its turn, Psi and Grub pass; the next round Hex uses the next bolt.
        end(&mut b);
        while b.current() != Some(h) {
            end(&mut b);
        }
        b.dice_force_for_tests(&[face]);
        let start = b.log().len();
        cast(&mut b, h, ability, CastAt::Unit(g)).unwrap();
        let ev = since(&b, start);
        assert!(b.has(g, cond));
        assert_eq!(damage(&ev), [(g, dealt)], "{ev:#?}");
        // Hex, then Psi and Grub pass; the next round Hex uses the next bolt.
        end(&mut b);
        while b.current() != Some(h) {
            end(&mut b);
        }
    }
}

/// Healing stops Bleeding and brings a dying unit back; a Dead unit cannot be targeted.
/// Hex shocks Pal (1 HP, Bleeding) down: 1d6+4 = 1 + 4, to -4: Dying. Hex2 shocks Gone
/// (1 HP, CON 4) to -5 (1d6+4 = 2 + 4): Dead. Medic's Cure touch (1d8 = 6, of which 5
/// count: Pal's maximum is 1) brings Pal back (Revived, no more Bleeding); on Gone it is
/// refused.
#[test]
fn healing_stops_bleeding_and_revives_the_dying_but_not_the_dead() {
    let units = r#"Unit(name: "Hex", side: "Blue", cell: (2, 4), archetype: "hexer"),
        Unit(name: "Hex2", side: "Blue", cell: (2, 2), archetype: "hexer"),
        Unit(name: "Medic", side: "Red", cell: (5, 3), archetype: "hexer"),
        Unit(name: "Pal", side: "Red", cell: (5, 4), archetype: "fighter", hp: 1, conditions: {Bleeding: UntilRemoved}),
        Unit(name: "Gone", side: "Red", cell: (5, 2), archetype: "fighter", hp: 1, stats: {Con: 4})"#;
    let mut b = battle(units, HEXER, &[20, 19, 18, 2, 1, 1, 2, 6]);
    let (h, h2, m) = (id(&b, "Hex"), id(&b, "Hex2"), id(&b, "Medic"));
    let (p, g) = (id(&b, "Pal"), id(&b, "Gone"));
    cast(&mut b, h, 2, CastAt::Unit(p)).unwrap();
    assert!(b.has(p, ConditionKind::Dying) && b.hp(p) == -4);
    end(&mut b);
    cast(&mut b, h2, 2, CastAt::Unit(g)).unwrap();
    assert!(b.has(g, ConditionKind::Dead));
    end(&mut b);
    assert_eq!(b.current(), Some(m));
    let start = b.log().len();
    cast(&mut b, m, 3, CastAt::Unit(p)).unwrap();
    let ev = since(&b, start);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Healed { unit, amount: 5, hp_after: 1 } if *unit == p)),
        "{ev:#?}"
    );
    for k in [ConditionKind::Bleeding, ConditionKind::Dying] {
        assert!(!b.has(p, k), "{k:?}");
    }
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Revived { unit } if *unit == p))
    );
    assert!(b.alive(p));
    end(&mut b);
    while b.current() != Some(m) {
        end(&mut b);
    }
    let len = b.log().len();
    let e = cast(&mut b, m, 3, CastAt::Unit(g)).unwrap_err();
    assert!(matches!(&e, Illegal::Down(n) if n == "Gone"), "{e:?}");
    assert_eq!(b.log().len(), len);
}

/// Wait (seed 004: "Any action that could be taken with a Standard Action can be
/// completed as an additional Reaction gained by waiting"), with the trigger "an enemy
/// within N starts casting": Ria (shortbow) waits for a caster within 8; the hexer's
/// Shock is offered to her first and her shot comes before it goes off. 15 + BAB 1 +
/// DEX 3 = 19 against the hexer's AC 12; 1d6 = 4; then Shock's 1d6+4 = 2 + 4 on Grub.
#[test]
fn a_wait_for_an_enemy_casting_shoots_before_the_spell_goes_off() {
    // Ria at column `x` waits for a caster within 8; Grub and the hexer act after her.
    let waiting = |x: i32| -> Battle {
        let units = format!(
            r#"Unit(name: "Ria", side: "Blue", cell: ({x}, 4), archetype: "rogue", weapons: ["shortbow"]),
            Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter"),
            Unit(name: "Hex", side: "Red", cell: (2, 4), archetype: "hexer")"#
        );
        let mut b = battle(&units, HEXER, &[20, 15, 1]);
        let r = id(&b, "Ria");
        act(
            &mut b,
            r,
            TacticalD20Action::Ready {
                trigger: skirmish_rules::engine::ReadyTrigger::EnemyCasts { cells: 8 },
                response: skirmish_rules::engine::ReadyResponse::Attack,
                until: skirmish_rules::engine::ReadyUntil::NextTurn,
            },
        )
        .unwrap();
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), b.find("Hex"));
        b
    };
    let mut b = waiting(8);
    let (r, g, h) = (id(&b, "Ria"), id(&b, "Grub"), id(&b, "Hex"));
    b.dice_force_for_tests(&[15, 4, 2]);
    let n = b.log().len();
    cast(&mut b, h, 2, CastAt::Unit(g)).unwrap();
    assert_eq!(
        offers(&since(&b, n)),
        [(r, vec![ReactionKind::WaitedAttack])]
    );
    react(&mut b, r, Some(ReactionKind::WaitedAttack));
    let ev = since(&b, n);
    assert_eq!(damage(&ev), [(h, 4), (g, 6)]);
    assert!(!b.has(r, ConditionKind::Waiting));
    // Out of range: a waiter at (11, 4) does not answer a casting 9 cells away.
    let mut b = waiting(11);
    b.dice_force_for_tests(&[2]);
    let n = b.log().len();
    cast(&mut b, h, 2, CastAt::Unit(g)).unwrap();
    let ev = since(&b, n);
    assert!(offers(&ev).is_empty(), "{ev:?}");
    assert_eq!(damage(&ev), [(g, 6)]);
    assert!(b.has(r, ConditionKind::Waiting));
}

/// Issue 29, one attack path: a spell attack roll adds what a bow's adds in the same
/// state — Assist ("+4 … d20 rolls"), Fatigued ("subtract the Ability Modifier(s) from
/// Attack rolls": INT for a spell, DEX for a bow) and high ground ("+4 bonus on Attack
/// Rolls") — and rolls with them: Ray of Frost from high ground, Fatigued and Assisted:
/// d20 10 + BAB 0 + INT 3 − 3 + 4 + 4 = 18 against AC 17.
#[test]
fn a_spell_attack_roll_adds_what_a_weapons_adds_in_the_same_state() {
    use skirmish_rules::rulesets::tactical_d20 as td;
    // The same state twice: Wiz with its dagger (a hand free to cast), and with a
    // shortbow (to compare the bow's roll).
    let state = |weapons: &str, dice: &[u32]| {
        let units = format!(
            r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "wizard", weapons: [{weapons}],
                conditions: {{Fatigued: UntilRemoved, Assisted: UntilRemoved}}),
            Unit(name: "Grub", side: "Blue", cell: (7, 4), archetype: "fighter")"#
        );
        let mut map = open(16, 9);
        map[4].replace_range(4..5, "^");
        let rows: Vec<&str> = map.iter().map(String::as_str).collect();
        let mut b = field(SQ, &rows, &units, "", dice);
        end(&mut b);
        b
    };
    let names = |m: &[skirmish_rules::dice::Modifier]| -> Vec<String> {
        m.iter().map(|m| m.name.to_string()).collect()
    };
    let archer = state(r#""shortbow""#, &[1, 20]);
    let (w, g) = (id(&archer, "Wiz"), id(&archer, "Grub"));
    let bow =
        names(&td::attack_math(&archer, w, g, 0, skirmish_rules::event::AttackKind::Normal).bonus);
    let mut b = state(r#""dagger""#, &[1, 20, 10, 10, 2]);
    let spell = names(&td::spell_attack_bonus(&b, w, g, false));
    for s in ["assisted", "fatigued", "high ground"] {
        assert!(bow.iter().any(|n| n == s), "bow lacks {s}: {bow:?}");
        assert!(spell.iter().any(|n| n == s), "spell lacks {s}: {spell:?}");
    }
    let start = b.log().len();
    cast(&mut b, w, RAY, CastAt::Unit(g)).unwrap();
    let total = since(&b, start).into_iter().find_map(|e| match e {
        Event::Attack { roll, .. } => Some(roll.total),
        _ => None,
    });
    assert_eq!(total, Some(10 + 3 - 3 + 4 + 4));
}
