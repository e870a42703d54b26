//! Issue 29, one attack path: a spell's attack roll is an attack — a touch spell is a
//! melee attack, one that reaches farther a ranged one — so it gets what a melee or a
//! ranged weapon attack gets in the same state, and is refused where one is. Each test
//! goes through `Battle::submit` with forced dice (which face goes where is said).
//! `spell_attack_props` checks the same over random states.

use skirmish_rules::Battle;
use skirmish_rules::dice::{Keep, Modifier};
use skirmish_rules::engine::{Action, CastAt, CommonAction};
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;
use skirmish_rules::{Command, Illegal};

use crate::support::{id, since};

const TOUCH: usize = 0;
const BOLT: usize = 1;

/// The level's two attack spells and the caster who knows them (tactical-d20 numbers:
/// INT 14 (+2), BAB 1, Magical Aptitude 12 so the focus check passes on any face).
const TD_SPELLS: &str = r#"abilities: {
        "Touch": (kind: Spell, order: 0, school: "Evocation", target: One(range: 1), resolve: Attack(vs: Armour), effects: [Damage(dice: "1d6", kind: "")]),
        "Bolt": (kind: Spell, order: 0, school: "Evocation", target: One(range: 6), resolve: Attack(vs: Armour), effects: [Damage(dice: "1d6", kind: "")]),
    },
    archetypes: {
        "caster": (hp: 14, stats: {Str: 12, Dex: 14, Con: 12, Int: 14, Wis: 10, Cha: 10, Bab: 1, Ac: 13, Fort: 0, Reflex: 1, Will: 1, MagicalAptitude: 12, CasterLevel: 2, SpellQuantity: 6},
            weapons: ["dagger"], abilities: ["Touch", "Bolt"]),
    }"#;

fn td(units: &str, dice: &[u32]) -> Battle {
    let m = crate::support::d20::open(12, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    crate::support::d20::field(GridKind::Square, &rows, units, TD_SPELLS, dice)
}

fn cast(b: &mut Battle, unit: &str, ability: usize, target: &str) -> Result<usize, Illegal> {
    let (u, t) = (id(b, unit), id(b, target));
    b.submit(Command::Act {
        unit: u,
        action: Action::Common(CommonAction::Cast {
            ability,
            at: CastAt::Unit(t),
        }),
    })
}

/// The first attack roll from `from` on: its dice count and keep, its modifiers, and
/// what the number to reach is made of.
fn attack_roll(b: &Battle, from: usize) -> (u32, Keep, Vec<Modifier>, Vec<Modifier>) {
    since(b, from)
        .into_iter()
        .find_map(|e| match e {
            Event::Attack { roll, against, .. } => {
                Some((roll.expr.count, roll.expr.keep, roll.modifiers, against))
            }
            _ => None,
        })
        .expect("an attack roll")
}

fn named(ms: &[Modifier], name: &str) -> Option<i32> {
    ms.iter().find(|m| m.name == name).map(|m| m.value)
}

/// tactical-d20, Prone: "-4 AC against melee attacks, +4 AC against ranged attacks" — a
/// touch spell is a melee attack on a prone target (AC −4), a bolt a ranged one (+4),
/// as a sword and a bow are. Grub (prone) acts first (d20 20 against Wiz's 1) and ends
/// its turn; Wiz's focus check d20 10, attack d20 10.
#[test]
fn a_touch_spell_is_a_melee_attack_and_a_bolt_a_ranged_one_against_a_prone_target() {
    for (spell, name, value) in [(TOUCH, "prone vs melee", -4), (BOLT, "prone vs ranged", 4)] {
        let units = r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "caster"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", conditions: {Prone: UntilRemoved})"#;
        let mut b = td(units, &[1, 20, 10, 10, 3]);
        let g = id(&b, "Grub");
        b.submit(Command::EndTurn { unit: g }).unwrap();
        let from = b.log().len();
        cast(&mut b, "Wiz", spell, "Grub").unwrap();
        crate::support::decline_all(&mut b);
        let (_, _, _, against) = attack_roll(&b, from);
        assert_eq!(named(&against, name), Some(value), "{against:?}");
    }
}

/// tactical-d20: a prone attacker's melee attack takes −4 ("prone attacker"), a touch
/// spell's too; a bolt from the ground does not.
#[test]
fn a_prone_casters_touch_spell_takes_the_melee_penalty() {
    for (spell, expected) in [(TOUCH, Some(-4)), (BOLT, None)] {
        let units = r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "caster", conditions: {Prone: UntilRemoved}),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = td(units, &[1, 20, 10, 10, 3]);
        let g = id(&b, "Grub");
        b.submit(Command::EndTurn { unit: g }).unwrap();
        let from = b.log().len();
        cast(&mut b, "Wiz", spell, "Grub").unwrap();
        crate::support::decline_all(&mut b);
        let (_, _, bonus, _) = attack_roll(&b, from);
        assert_eq!(named(&bonus, "prone attacker"), expected, "{bonus:?}");
    }
}

/// tactical-d20, Cover: "Unable to be seen or targeted"; the game reads it as a bow
/// does: no ranged attack names a unit in Cover, a melee one next to it may (at +4 AC).
/// So a bolt is refused and a touch spell is not; and a Blind caster may not aim a bolt
/// ("it cannot aim a ranged attack") but may touch.
#[test]
fn cover_and_blindness_refuse_a_bolt_as_they_refuse_a_bow_but_not_a_touch() {
    let cases = [
        ("", r#", conditions: {Cover: UntilRemoved}"#, "Grub"),
        (r#", conditions: {Blind: UntilRemoved}"#, "", "blind"),
    ];
    for (wiz, grub, words) in cases {
        let units = format!(
            r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "caster"{wiz}),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"{grub})"#
        );
        let mut b = td(&units, &[1, 20, 10, 10, 3]);
        let g = id(&b, "Grub");
        b.submit(Command::EndTurn { unit: g }).unwrap();
        let len = b.log().len();
        let e = cast(&mut b, "Wiz", BOLT, "Grub").unwrap_err();
        assert!(e.to_string().contains(words), "{e}");
        assert_eq!(b.log().len(), len, "a refusal logs nothing");
        cast(&mut b, "Wiz", TOUCH, "Grub").unwrap();
        crate::support::decline_all(&mut b);
        assert!(
            since(&b, len)
                .iter()
                .any(|e| matches!(e, Event::Attack { .. })),
            "the touch is an attack roll"
        );
    }
}

/// tactical-d20: "Some creatures of different sizes will add or subtract a Size
/// Penalty" — a Large caster's spell attack takes its size's −1 as its sword would.
#[test]
fn a_large_casters_spell_attack_takes_its_size_penalty() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "caster", size: Large),
        Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter")"#;
    let mut b = td(units, &[1, 20, 10, 10, 3]);
    let g = id(&b, "Grub");
    b.submit(Command::EndTurn { unit: g }).unwrap();
    let from = b.log().len();
    cast(&mut b, "Wiz", BOLT, "Grub").unwrap();
    crate::support::decline_all(&mut b);
    let (_, _, bonus, _) = attack_roll(&b, from);
    assert_eq!(named(&bonus, "size"), Some(-1), "{bonus:?}");
}

/// flow: the game's reading of Prone (the seed only says how one falls): a melee attack
/// on a prone target has Advantage, a ranged one Disadvantage — a touch spell and a bolt
/// alike. Initiative d10s: Mage 10, Grub 1; the Magic check's two d100s 30 and 70: with
/// Advantage the lower (30) counts, with Disadvantage the higher (70).
#[test]
fn flow_a_spell_attack_on_a_prone_target_has_the_advantage_of_its_reach() {
    let spells = r#"abilities: {
        "Touch": (kind: Spell, target: One(range: 1), resolve: Attack(vs: Physical), effects: [Damage(dice: "1d6", kind: "")]),
        "Bolt": (kind: Spell, target: One(range: 6), resolve: Attack(vs: Physical), effects: [Damage(dice: "1d6", kind: "")]),
    },
    archetypes: {
        "caster": (hp: 20, stats: {Agility: 50, Athletics: 40, Melee: 50, Ranged: 50, Endurance: 40, Deception: 40, Magic: 50}, weapons: ["dagger"], abilities: ["Touch", "Bolt"]),
    }"#;
    for (spell, kept) in [(TOUCH, 30), (BOLT, 70)] {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (4, 4), archetype: "caster"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", conditions: {Prone: UntilRemoved})"#;
        let mut b =
            crate::support::flow::arena(GridKind::Hex, 10, 8, units, spells, &[10, 1, 30, 70]);
        let from = b.log().len();
        cast(&mut b, "Mage", spell, "Grub").unwrap();
        crate::support::decline_all(&mut b);
        let roll = since(&b, from)
            .into_iter()
            .find_map(|e| match e {
                Event::Attack { roll, .. } => Some(roll),
                _ => None,
            })
            .expect("an attack roll");
        assert_eq!(roll.expr.count, 2, "{roll:?}");
        assert_eq!(roll.total, kept, "{roll:?}");
    }
}
