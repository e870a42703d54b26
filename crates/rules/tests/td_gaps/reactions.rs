//! `tactical-d20` (seed 004), the gaps of issue 16: one Reaction a round, a waited
//! reaction's life, Blind and surprise.

use skirmish_rules::components::ConditionKind;
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;

use crate::support::d20::arena;
use crate::support::{BOTH, id, offers, since};

use super::{act, end, mv, react};

// ---------------------------------------------------------------------------------------
// 4. "each creature starts with 1 Reaction per round"

#[test]
fn one_reaction_per_round_is_not_refilled_at_the_reactors_own_turn() {
    for kind in BOTH {
        // Order: Grub, Corwin, Ogg. Corwin stands between the two.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
            Unit(name: "Ogg", side: "Blue", cell: (3, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[15, 20, 1]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        for _ in 0..3 {
            end(&mut b);
        }
        assert_eq!((b.round(), b.current()), (2, Some(g)));
        // Round 2: Grub walks off; Corwin spends his Reaction (a miss: 2 + 5 < 17).
        b.dice_force_for_tests(&[2]);
        mv(&mut b, g, 8, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::ReactionAttack));
        assert_eq!(b.rp(c), 0);
        // Corwin's own turn does not give it back: it is the same round.
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        assert_eq!(b.rp(c), 0);
        end(&mut b);
        // Ogg walks off in the same round: no second Reaction, no offer.
        assert_eq!(b.current(), Some(o));
        let n = b.log().len();
        mv(&mut b, o, 0, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        end(&mut b);
        // Round 3: the Reaction is back before anyone acts.
        assert_eq!((b.round(), b.current()), (3, Some(g)));
        assert_eq!(b.rp(c), 1);
    }
}

#[test]
fn a_waited_reaction_lasts_past_the_round_until_the_waiters_next_turn() {
    for kind in BOTH {
        // Grub first, Corwin last: Corwin waits at the end of round 1.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        act(&mut b, c, TacticalD20Action::Wait).unwrap();
        assert_eq!(b.rp(c), 2);
        end(&mut b);
        // Round 2 starts: the ordinary Reaction and the waited one are both there.
        assert_eq!((b.round(), b.current()), (2, Some(g)));
        assert_eq!(b.rp(c), 2);
        b.dice_force_for_tests(&[15, 2]);
        mv(&mut b, g, 3, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::WaitedAttack));
        assert_eq!(b.rp(c), 1);
        end(&mut b);
        // Corwin's turn: the Wait is over; one Reaction, for the rest of round 2.
        assert_eq!(b.current(), Some(c));
        assert!(!b.has(c, ConditionKind::Waiting));
        assert_eq!(b.rp(c), 1);
    }
}

// ---------------------------------------------------------------------------------------
// 5. Blind: "Surprised against undetected creatures"

#[test]
fn a_blind_creature_is_surprised_in_full_no_dex_wis_or_reactions() {
    use skirmish_rules::rulesets::tactical_d20 as td;
    for kind in BOTH {
        // Corwin is blind (WIS 14 to show the Will save); he acts first, so his start-of-
        // battle surprise is over when Grub acts.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", stats: {Wis: 14}, conditions: {Blind: UntilRemoved}),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        assert!(!b.has(c, ConditionKind::Surprised));
        let total = |s| td::save(&b, c, s).iter().map(|m| m.value).sum::<i32>();
        // Reflex 0 + DEX 1 − 1; Will 0 + WIS 2 − 2.
        assert_eq!(total(td::Save::Reflex), 0);
        assert_eq!(total(td::Save::Will), 0);
        // A Trip against him: his Reflex roll carries no DEX. Athletics 10 + 5 = 15
        // against Reflex 14 + 0.
        b.dice_force_for_tests(&[10, 14]);
        let n = b.log().len();
        act(&mut b, g, TacticalD20Action::Trip { target: c }).unwrap();
        let reflex: Vec<i32> = since(&b, n)
            .iter()
            .filter_map(|e| match e {
                Event::Check { unit, roll, .. } if *unit == c => Some(roll.total),
                _ => None,
            })
            .collect();
        assert_eq!(reflex, [14]);
        assert!(b.has(c, ConditionKind::Prone));
        // And he cannot react: Grub walks away unanswered.
        let n = b.log().len();
        mv(&mut b, g, 9, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        assert_eq!(b.rp(c), 1, "he has a Reaction, but cannot take it");
    }
}
