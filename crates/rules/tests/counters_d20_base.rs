//! counters (seed 000): the d20 base the seed builds on (docs/rules/counters.md, "The d20
//! base"): "a natural 20 hits and doubles the weapon's dice; a natural 1 misses", whatever
//! the total against Passive Dodge. Through `Battle::submit` with forced dice, both grids.

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::dice::{ModKind, Modifier};
use skirmish_rules::event::{AttackKind, Event, Outcome};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;

use crate::counters::{attack, counter, end, roll};
use crate::support::{BOTH, id, since};

/// The slugger hits with d20 + 9 (proficiency 4, Strength +5) and a 2d10 maul + 5; the
/// slippery one's Passive Dodge is 30 (out of reach but for a natural 20), the sloth's 6
/// (reached by anything but a natural 1). Neither absorbs (Strength 10) nor has skill dice.
const ARCH: &str = r#"weapons: {"maul": (damage: "2d10")},
    archetypes: {
        "slugger": (hp: 60, stats: {Str: 20, Agility: 10, Proficiency: 4, SkillDice: 0}, weapons: ["maul"]),
        "slippery": (hp: 80, stats: {Str: 10, Agility: 30, Proficiency: 2, SkillDice: 0}, weapons: ["spear"]),
        "sloth": (hp: 80, stats: {Str: 10, Agility: 6, Proficiency: 2, SkillDice: 0}, weapons: ["spear"]),
    }"#;

fn battle(kind: GridKind, dice: &[u32]) -> Battle {
    let map = (0..7)
        .map(|_| format!("\"{}\"", ".".repeat(10)))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "d20", ruleset: "counters", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "A", side: "Red", cell: (3, 3), archetype: "slugger"),
            Unit(name: "Slip", side: "Blue", cell: (4, 3), archetype: "slippery"),
            Unit(name: "Sloth", side: "Blue", cell: (2, 3), archetype: "sloth")], {ARCH})"##
    );
    let l = level::parse(&src, "d20").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// `a` attacks `t` with the d20 showing `face` (and the damage dice `damage` if it
/// lands, the target then countering with nothing): the attack's (total, number to
/// reach, outcome) and the `Damage` events' (roll, amount).
fn swing(
    b: &mut Battle,
    a: UnitId,
    t: UnitId,
    face: u32,
    damage: &[u32],
) -> ((i32, i32, Outcome), Vec<(skirmish_rules::dice::Roll, i32)>) {
    let mut dice = vec![face];
    dice.extend_from_slice(damage);
    b.dice_force_for_tests(&dice);
    let n = b.log().len();
    attack(b, a, t);
    if b.window().is_some_and(|w| w.reactor == t) {
        counter(b, t, None, 0, 0);
    }
    let ev = since(b, n);
    let rolled = ev
        .iter()
        .find_map(|e| match e {
            Event::Attack {
                attacker,
                roll,
                target_number,
                outcome,
                kind: AttackKind::Normal,
                ..
            } if *attacker == a => Some((roll.total, *target_number, *outcome)),
            _ => None,
        })
        .expect("an attack roll");
    let dealt = ev
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                unit, roll, amount, ..
            } if *unit == t => Some((roll.clone(), *amount)),
            _ => None,
        })
        .collect();
    (rolled, dealt)
}

/// End turns until it is `u`'s again.
fn round_to(b: &mut Battle, u: UnitId) {
    end(b);
    while b.current() != Some(u) {
        end(b);
    }
}

// "a natural 20 hits and doubles the weapon's dice; a natural 1 misses" (the d20 base):
// 20 + 9 = 29 against a Passive Dodge of 30 is a critical hit rolling 4d10 + 5, where 19
// + 9 = 28 misses; 1 + 9 = 10 against 6 misses, where 2 + 9 = 11 hits with 2d10 + 5.
#[test]
fn a_natural_20_hits_doubling_the_dice_and_a_natural_1_misses_whatever_the_total() {
    for kind in BOTH {
        // Initiative: A 20, Slip 2 + 10, Sloth 1 - 2.
        let mut b = battle(kind, &[20, 2, 1]);
        let (a, slip, sloth) = (id(&b, "A"), id(&b, "Slip"), id(&b, "Sloth"));
        assert_eq!(b.current(), Some(a));

        let (rolled, dealt) = swing(&mut b, a, slip, 20, &[1, 2, 3, 4]);
        assert_eq!(rolled, (29, 30, Outcome::Critical), "{kind:?}");
        let four_d10 = roll(10, &[1, 2, 3, 4], &[("Strength mod", ModKind::Skill, 5)]);
        assert_eq!(dealt, vec![(four_d10, 15)], "{kind:?}");
        assert_eq!(b.hp(slip), 65);

        round_to(&mut b, a);
        let (rolled, dealt) = swing(&mut b, a, slip, 19, &[]);
        assert_eq!(rolled, (28, 30, Outcome::Failure), "{kind:?}");
        assert!(dealt.is_empty());

        round_to(&mut b, a);
        let (rolled, dealt) = swing(&mut b, a, sloth, 1, &[]);
        assert_eq!(rolled, (10, 6, Outcome::Failure), "{kind:?}");
        assert!(dealt.is_empty());
        assert_eq!(b.hp(sloth), 80);

        round_to(&mut b, a);
        let (rolled, dealt) = swing(&mut b, a, sloth, 2, &[5, 5]);
        assert_eq!(rolled, (11, 6, Outcome::Success), "{kind:?}");
        let two_d10 = roll(10, &[5, 5], &[("Strength mod", ModKind::Skill, 5)]);
        assert_eq!(dealt, vec![(two_d10, 15)], "{kind:?}");

        // The Passive Dodge the rolls met is the target's Agility score alone.
        assert!(b.log().iter().any(|l| matches!(&l.event,
            Event::Attack { target, against, .. }
                if *target == sloth && *against == vec![Modifier::new(ModKind::Skill, "Agility score", 6)])));
    }
}
