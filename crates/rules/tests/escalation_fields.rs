//! The rest of escalation's ability entry (seed 001, "Ability Entries"; `escalation/
//! powers.rs`, `casting.rs`): Sustain X, Spend X Power, "Miss: half damage", damage
//! dice by Level, "roll all attacks before damage", Recharge X+, ongoing damage of a
//! listed amount, grabs (the ogre's Grab and a level's `grabbed_by`) and the monster
//! powers — each through `Battle::submit` with forced dice, refusals included.

use skirmish_rules::abilities::problems;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Action, CastAt, CommonAction};
use skirmish_rules::event::{CheckPurpose, Event, Outcome};
use skirmish_rules::grid::Cell;
use skirmish_rules::level;
use skirmish_rules::rulesets::escalation::EscalationAction;
use skirmish_rules::rulesets::ui::{Gauge, Pick};
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::{id, offers, since};

/// An escalation level on an open 10×6 square map: sides PCs and Foes, `units` (one per
/// line), `extra` more level fields.
fn source(units: &str, extra: &str) -> String {
    let row = format!("\"{}\"", ".".repeat(10));
    let map = vec![row; 6].join(", ");
    format!(
        "Level(name: \"esc\", ruleset: \"escalation\", grid: Square, map: [{map}],\n\
         sides: [Side(name: \"PCs\", colour: \"#3c6ec8\", role: Pc),\n\
                 Side(name: \"Foes\", colour: \"#c83c3c\", role: Npc)],\n\
         units: [\n{units}\n],\n{extra})"
    )
}

fn battle(units: &str, extra: &str, dice: &[u32]) -> Battle {
    let l = level::parse(&source(units, extra), "esc").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// The level's error text, and the 1-based line of `needle` in its source.
fn refused(units: &str, extra: &str, needle: &str) -> (String, usize) {
    let src = source(units, extra);
    let e = level::parse(&src, "esc").expect_err("the level should be refused");
    let at = src.find(needle).expect("needle in the source");
    (e.to_string(), src[..at].matches('\n').count() + 1)
}

fn index(b: &Battle, unit: UnitId, name: &str) -> usize {
    b.abilities(unit)
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("{} knows no {name}", b.name(unit)))
}

fn cast(b: &mut Battle, unit: UnitId, name: &str, at: CastAt) -> Result<usize, Illegal> {
    let ability = index(b, unit, name);
    let n = b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })?;
    // The fighter's and cleric's Interrupt powers are offered on the foes' attacks:
    // declined here (their own tests are in escalation_interrupts.rs).
    Ok(n + crate::escalation::decline_powers(b))
}

fn act(b: &mut Battle, unit: UnitId, a: EscalationAction) -> Result<usize, Illegal> {
    let n = b.submit(Command::Act {
        unit,
        action: a.into(),
    })?;
    Ok(n + crate::escalation::decline_powers(b))
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
    crate::escalation::decline_powers(b);
}

fn attacks(ev: &[Event]) -> Vec<(UnitId, usize, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                target,
                roll,
                outcome,
                ..
            } => Some((*target, roll.faces.len(), *outcome)),
            _ => None,
        })
        .collect()
}

/// (unit, amount, the damage roll's faces) of every damage event.
fn hurts(ev: &[Event]) -> Vec<(UnitId, i32, Vec<u32>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damage {
                unit, roll, amount, ..
            } => Some((*unit, *amount, roll.faces.clone())),
            _ => None,
        })
        .collect()
}

fn notes(b: &Battle, u: UnitId) -> Vec<String> {
    skirmish_rules::rulesets::view_of(b)
        .expect("registered")
        .gauges(b, u)
        .into_iter()
        .filter_map(|g| match g {
            Gauge::Note(n) => Some(n),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// 1. Sustain X.

/// A hobgoblin (Band 4: it acts first) 3 cells from a fighter (MD 11).
const GLARE: &str = r#"Unit(name: "Grak", side: "Foes", cell: (3, 2), archetype: "hobgoblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (6, 2), archetype: "fighter")"#;

#[test]
fn sustain_keeps_a_powers_condition_while_the_user_rolls_it_and_it_expires_otherwise() {
    // Menacing Glare: "Encounter, Quick; Sustain 11. Attack vs MD. Hit: Shaken while
    // sustained". [5,5,5] + Level 2 + Volition 3 = 20 vs MD 11. Round 2: the Sustain
    // rolls 3d6 [4,4,3] = 11 against 11.
    let mut b = battle(GLARE, "", &[5, 5, 5, 4, 4, 3]);
    let (h, f) = (id(&b, "Grak"), id(&b, "Brannoc"));
    let glare = index(&b, h, "Menacing Glare");
    cast(&mut b, h, "Menacing Glare", CastAt::Unit(f)).unwrap();
    assert!(b.has(f, ConditionKind::Shaken));
    assert_eq!(b.condition_source(f, ConditionKind::Shaken), Some(h));
    // Used this turn: it lasts to the end of the turn; a Sustain now is refused.
    let e = act(&mut b, h, EscalationAction::Sustain { ability: glare }).unwrap_err();
    assert!(
        e.to_string()
            .contains("used or sustained this turn already"),
        "{e}"
    );
    end(&mut b);
    assert!(b.has(f, ConditionKind::Shaken), "used this turn: it lasts");
    end(&mut b);
    // Round 2: the action bar offers "Sustain" and prices it.
    assert_eq!(b.current(), Some(h));
    let spec = skirmish_rules::rulesets::view_of(&b)
        .expect("registered")
        .actions()
        .iter()
        .find(|s| s.label == "Sustain")
        .expect("a Sustain button");
    let cmd = (spec.build)(&b, h, &Pick::Nothing).expect("a Sustain command");
    assert_eq!(
        skirmish_rules::rulesets::view_of(&b)
            .expect("registered")
            .cost_words(&b, &cmd)
            .unwrap(),
        "Quick"
    );
    let (p, words) = skirmish_rules::rulesets::view_of(&b)
        .expect("registered")
        .maneuver_chance(&b, h, &cmd)
        .expect("a chance");
    assert!((p - 0.5).abs() < 1e-9, "{p}");
    assert_eq!(words, "to sustain Menacing Glare (3d6 vs 11+)");
    assert!(
        notes(&b, h)
            .iter()
            .any(|n| n == "Menacing Glare lasts: Sustain it this turn or it ends")
    );
    let mark = b.log().len();
    b.submit(cmd).unwrap();
    let ev = since(&b, mark);
    assert!(ev.iter().any(|e| matches!(e,
        Event::Check { purpose: CheckPurpose::Sustain(i), roll, target_number: 11, outcome: Outcome::Success, .. }
            if usize::from(*i) == glare && roll.faces == [4, 4, 3])));
    assert_eq!(b.slots(h, Slot::Quick), 0, "the power's own action type");
    let e = act(&mut b, h, EscalationAction::Sustain { ability: glare }).unwrap_err();
    assert!(e.to_string().contains("already"), "{e}");
    end(&mut b);
    assert!(b.has(f, ConditionKind::Shaken), "sustained: one more turn");
    end(&mut b);
    // Round 3: not sustained; it expires at the end of the hobgoblin's turn.
    assert!(b.has(f, ConditionKind::Shaken));
    let mark = b.log().len();
    end(&mut b);
    assert!(!b.has(f, ConditionKind::Shaken));
    assert!(since(&b, mark).iter().any(|e| matches!(e,
        Event::ConditionRemoved { unit, kind: ConditionKind::Shaken, source: Some(s) } if *unit == f && *s == h)));
    assert_eq!(b.forced_dice_left(), 0);
}

#[test]
fn a_failed_sustain_ends_the_effect_at_once_and_a_hampered_unit_may_still_sustain() {
    // A PC's level power Hampers the hobgoblin after its glare; Hampered refuses its
    // Shield Bash but allows the Sustain ("Sustain existing abilities"), which fails
    // ([1,2,3] = 6 < 11): Shaken ends then and there.
    let units = r#"Unit(name: "Grak", side: "Foes", cell: (3, 2), archetype: "hobgoblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (4, 2), archetype: "fighter"),
Unit(name: "Vine", side: "PCs", cell: (8, 2), archetype: "tangler")"#;
    let extra = r#"archetypes: {"tangler": (hp: 20, stats: {Level: 1, Volition: 1, Ac: 12, Pd: 12, Md: 12, Band: 3}, weapons: ["mace"], abilities: ["Tangle"])},
abilities: {"Tangle": (kind: Spell, target: One(range: 8), provokes: Some(false), effects: [Condition(kind: Hampered, duration: UntilRemoved)])}"#;
    let mut b = battle(units, extra, &[5, 5, 5, 1, 2, 3]);
    let (h, f, v) = (id(&b, "Grak"), id(&b, "Brannoc"), id(&b, "Vine"));
    let glare = index(&b, h, "Menacing Glare");
    cast(&mut b, h, "Menacing Glare", CastAt::Unit(f)).unwrap();
    // A ranged attack while engaged provokes (issue 29): Brannoc declines its
    // opportunity attack, then the glare goes off.
    if b.status() == skirmish_rules::battle::Status::AwaitingReaction(f) {
        b.submit(Command::React {
            unit: f,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        crate::escalation::decline_powers(&mut b);
    }
    end(&mut b);
    assert_eq!(b.current(), Some(v));
    cast(&mut b, v, "Tangle", CastAt::Unit(h)).unwrap();
    assert!(b.has(h, ConditionKind::Hampered));
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(h));
    let e = cast(&mut b, h, "Shield Bash", CastAt::Unit(f)).unwrap_err();
    assert!(e.to_string().contains("hampered"), "{e}");
    act(&mut b, h, EscalationAction::Sustain { ability: glare }).unwrap();
    assert!(
        !b.has(f, ConditionKind::Shaken),
        "a failed Sustain ends it now"
    );
    let e = act(&mut b, h, EscalationAction::Sustain { ability: glare }).unwrap_err();
    assert!(
        e.to_string()
            .contains("nothing of Menacing Glare lasts to be sustained"),
        "{e}"
    );
    // A power without Sustain cannot be sustained.
    let bash = index(&b, h, "Shield Bash");
    let e = act(&mut b, h, EscalationAction::Sustain { ability: bash }).unwrap_err();
    assert!(e.to_string().contains("Shield Bash has no Sustain"), "{e}");
}

#[test]
fn a_script_sustains_a_power_by_its_index() {
    use skirmish_rules::script::{Script, run};
    let mut b = battle(GLARE, "", &[5, 5, 5, 6, 6, 6]);
    let script = Script::parse(
        r#"Script(commands: [
            Do(unit: "Grak", action: Cast(ability: 1, at: Unit((1)))),
            EndTurn,
            EndTurn,
            Do(unit: "Grak", action: Sustain(ability: 1)),
        ])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert!(b.log().iter().any(|l| matches!(
        l.event,
        Event::Check {
            purpose: CheckPurpose::Sustain(1),
            outcome: Outcome::Success,
            ..
        }
    )));
}

// ---------------------------------------------------------------------------------------
// 2. Spend X Power.

#[test]
fn spend_power_spends_from_a_pool_not_regained_in_the_battle_and_refuses_when_short() {
    // The hobgoblin has Power 2; Shield Bash spends 1. Hit [5,5,5] = 20 vs PD 14: 2d6
    // [2,2] + 3 = 7 and Dazed; the fighter's save [1,1,1] fails. Round 2: a miss [1,1,2]
    // deals its Level (2); the save fails again. Round 3: no Power left.
    let units = r#"Unit(name: "Grak", side: "Foes", cell: (3, 2), archetype: "hobgoblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (4, 2), archetype: "fighter")"#;
    let mut b = battle(units, "", &[5, 5, 5, 2, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1]);
    let (h, f) = (id(&b, "Grak"), id(&b, "Brannoc"));
    assert_eq!(b.pool(h, Pool::Power), 2);
    assert!(notes(&b, h).contains(&"2 Power".to_string()));
    let bash = index(&b, h, "Shield Bash");
    assert!(
        skirmish_rules::rulesets::view_of(&b)
            .expect("registered")
            .ability_price(&b, h, bash)
            .contains("spend 1 Power (2 left)")
    );
    cast(&mut b, h, "Shield Bash", CastAt::Unit(f)).unwrap();
    assert_eq!(b.pool(h, Pool::Power), 1);
    assert_eq!(b.hp(f), 34 - 7);
    end(&mut b);
    end(&mut b);
    assert_eq!(
        b.pool(h, Pool::Power),
        1,
        "not regained at the turn's start"
    );
    cast(&mut b, h, "Shield Bash", CastAt::Unit(f)).unwrap();
    assert_eq!(b.pool(h, Pool::Power), 0);
    assert_eq!(b.hp(f), 34 - 7 - 2);
    end(&mut b);
    end(&mut b);
    let e = cast(&mut b, h, "Shield Bash", CastAt::Unit(f)).unwrap_err();
    assert!(
        e.to_string()
            .contains("Shield Bash spends 1 Power and it has 0 left"),
        "{e}"
    );
    assert_eq!(b.slots(h, Slot::Standard), 1, "refused: nothing paid");
    assert_eq!(b.forced_dice_left(), 0);
}

// ---------------------------------------------------------------------------------------
// 3. "Miss: half damage".

#[test]
fn a_miss_with_half_damage_rolls_the_hit_dice_and_halves_them_but_not_on_a_natural_3() {
    // Shiv: "Hit: Level d6 + Volition. Miss: half damage". A goblin (Level 1, Volition
    // 2) misses the fighter (AC 17): [3,3,3] = 9 + 3 = 12; 1d6 [5] + 2 = 7, half: 3.
    // Then a natural 3: no miss effect.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = battle(units, "", &[3, 3, 3, 5, 1, 1, 1]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    let mark = b.log().len();
    cast(&mut b, g, "Shiv", CastAt::Unit(f)).unwrap();
    let ev = since(&b, mark);
    assert_eq!(attacks(&ev), [(f, 3, Outcome::Failure)]);
    assert_eq!(hurts(&ev), [(f, 3, vec![5])]);
    assert!(ev.iter().any(|e| matches!(e, Event::Damage { roll, .. }
        if roll.modifiers.iter().any(|m| m.name == "miss: half" && m.value == -4))));
    end(&mut b);
    end(&mut b);
    let mark = b.log().len();
    cast(&mut b, g, "Shiv", CastAt::Unit(f)).unwrap();
    let ev = since(&b, mark);
    assert_eq!(attacks(&ev), [(f, 3, Outcome::CriticalFailure)]);
    assert!(hurts(&ev).is_empty());
    assert_eq!(b.hp(f), 31);
}

// ---------------------------------------------------------------------------------------
// 4. Damage dice by Level.

#[test]
fn power_damage_grows_with_the_users_level_and_volition() {
    // Staggering Blow: `per_level: "1d8", plus: Volition` and a miss of `per_level: "1"`.
    // A level-3 fighter rolls 3d8 + 3 where the level-2 one rolls 2d8 + 3.
    for (level, faces, dmg) in [(2, vec![1, 1], 5), (3, vec![1, 1, 1], 6)] {
        let units = format!(
            r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", stats: {{Level: {level}}}),
Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {{Band: 1}})"#
        );
        let mut dice = vec![4, 4, 4];
        dice.extend(&faces);
        let mut b = battle(&units, "", &dice);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        let mark = b.log().len();
        cast(&mut b, f, "Staggering Blow", CastAt::Unit(g)).unwrap();
        let ev = since(&b, mark);
        assert_eq!(hurts(&ev), [(g, dmg, faces.clone())], "level {level}");
        assert!(ev.iter().any(|e| matches!(e, Event::Damage { roll, .. }
            if roll.expr.count == level as u32 && roll.expr.sides == 8 && roll.expr.bonus == 3)));
    }
    // Miss damage "equal to your Level": 3 for a level-3 fighter ([1,1,2] = 4 + 6 = 10
    // vs PD 13).
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", stats: {Level: 3}),
Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = battle(units, "", &[1, 1, 2]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    cast(&mut b, f, "Staggering Blow", CastAt::Unit(g)).unwrap();
    assert_eq!(b.hp(g), 14 - 3);
}

#[test]
fn bad_level_dice_are_refused_at_load_with_their_place() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin")"#;
    // Not dice at all: the reader's error, at the line of the text.
    let extra = "abilities: {\"Zap\": (kind: Ability, target: One(range: 1), resolve: Attack(vs: Armour),\n    effects: [Damage(per_level: \"2q8\")])}";
    let (e, line) = refused(units, extra, "2q8");
    assert!(e.starts_with(&format!("esc:{line}:")), "{e}");
    assert!(e.contains("2q8"), "{e}");
    // Another die than `dice`: one roll cannot hold both.
    let extra = "abilities: {\"Zap\": (kind: Ability, target: One(range: 1), resolve: Attack(vs: Armour),\n    effects: [Damage(dice: \"1d6\", per_level: \"1d8\")])}";
    let (e, line) = refused(units, extra, "\"Zap\"");
    assert!(e.starts_with(&format!("esc:{line}:")), "{e}");
    assert!(
        e.contains("`Zap`: `per_level: \"1d8\"` rolls another die than `dice: \"1d6\"`"),
        "{e}"
    );
    // Half damage needs hit damage, and goes on a miss.
    let extra = "abilities: {\"Zap\": (kind: Ability, target: One(range: 1), resolve: Attack(vs: Armour),\n    effects: [HalfDamage])}";
    let (e, _) = refused(units, extra, "\"Zap\"");
    assert!(e.contains("`HalfDamage` is a miss effect"), "{e}");
}

// ---------------------------------------------------------------------------------------
// 5. "Roll all attacks before damage".

#[test]
fn volley_rolls_every_attack_before_any_damage_lands() {
    // A goblin archer (Level 2, Volition 2) volleys the fighter (AC 17) and the rogue (AC
    // 15): [5,5,5] = 19 hits, [2,2,2] = 10 misses; then 2d4 [3,3] + 2 = 8, and the
    // miss's half damage 2d4 [4,4] + 2 = 10 → 5.
    let units = r#"Unit(name: "Pike", side: "Foes", cell: (1, 2), archetype: "goblin archer", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (6, 2), archetype: "fighter"),
Unit(name: "Lisk", side: "PCs", cell: (6, 4), archetype: "rogue")"#;
    let mut b = battle(units, "", &[5, 5, 5, 2, 2, 2, 3, 3, 4, 4]);
    let (a, f, r) = (id(&b, "Pike"), id(&b, "Brannoc"), id(&b, "Lisk"));
    let volley = index(&b, a, "Volley");
    assert!(
        skirmish_rules::rulesets::view_of(&b)
            .expect("registered")
            .ability_price(&b, a, volley)
            .contains("all attacks rolled before damage")
    );
    let mark = b.log().len();
    cast(&mut b, a, "Volley", CastAt::Units(vec![f, r])).unwrap();
    let ev = since(&b, mark);
    let order: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Attack { .. } => Some("attack"),
            Event::Damage { .. } => Some("damage"),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["attack", "attack", "damage", "damage"]);
    assert_eq!(
        attacks(&ev),
        [(f, 3, Outcome::Success), (r, 3, Outcome::Failure)]
    );
    assert_eq!(hurts(&ev), [(f, 8, vec![3, 3]), (r, 5, vec![4, 4])]);
}

// ---------------------------------------------------------------------------------------
// 6. Recharge X+.

#[test]
fn a_recharge_power_is_one_use_in_a_battle_and_its_price_says_recharge() {
    // Savage Swing: "Melee, Recharge 11+, Standard; Escalation 2+". Round 3 (die 2):
    // [5,5,5] + 3 + 3 = 21 vs AC 17; 3d10 [1,1,1] + 3 = 6.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
Unit(name: "Urk", side: "Foes", cell: (4, 2), archetype: "orc")"#;
    let mut b = battle(units, "", &[5, 5, 5, 1, 1, 1]);
    let (f, o) = (id(&b, "Brannoc"), id(&b, "Urk"));
    let swing = index(&b, o, "Savage Swing");
    assert_eq!(b.uses_left(o, swing), Some(1));
    let price = skirmish_rules::rulesets::view_of(&b)
        .expect("registered")
        .ability_price(&b, o, swing);
    assert!(
        price.contains("Recharge 11+ (rolled at a Quick Rest: one use in a battle)"),
        "{price}"
    );
    for _ in 0..5 {
        end(&mut b);
    }
    assert_eq!((b.round(), b.current()), (3, Some(o)));
    cast(&mut b, o, "Savage Swing", CastAt::Unit(f)).unwrap();
    assert_eq!(b.hp(f), 34 - 6);
    end(&mut b);
    end(&mut b);
    let e = cast(&mut b, o, "Savage Swing", CastAt::Unit(f)).unwrap_err();
    assert!(
        e.to_string().contains("Savage Swing has no use left"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------
// Ongoing damage of a listed amount.

#[test]
fn ongoing_damage_is_the_amount_its_power_lists() {
    // Poisoned Blade: "Hit: 1d4 + Volition and 3 ongoing damage (save ends)". [5,5,5] +
    // 3 = 18 vs PD 14; 1d4 [2] + 2 = 4. At the end of the fighter's turn: 3, then its
    // save [1,1,1] fails.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = battle(units, "", &[5, 5, 5, 2, 1, 1, 1]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    cast(&mut b, g, "Poisoned Blade", CastAt::Unit(f)).unwrap();
    assert!(b.has(f, ConditionKind::Bleeding));
    end(&mut b);
    let mark = b.log().len();
    end(&mut b);
    assert_eq!(hurts(&since(&b, mark)), [(f, 3, vec![])]);
    assert_eq!(b.hp(f), 34 - 4 - 3);
    assert!(b.has(f, ConditionKind::Bleeding), "the save failed");
}

// ---------------------------------------------------------------------------------------
// 7. Grabbed.

#[test]
fn the_ogres_grab_grabs_on_a_hit_and_disengaging_from_it_has_disadvantage_and_ends_it() {
    // Grab: [5,5,5] + 3 + 4 = 22 vs PD 14; 3d12 [1,1,1] + 4 = 7 and Grabbed by the ogre.
    // The fighter cannot shoot; its Disengage rolls 4 dice, the lowest three kept
    // ([6,6,6,2] = 14 vs 11), and ends the grab.
    let units = r#"Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = battle(units, "", &[5, 5, 5, 1, 1, 1, 6, 6, 6, 2]);
    let (o, f) = (id(&b, "Mog"), id(&b, "Brannoc"));
    cast(&mut b, o, "Grab", CastAt::Unit(f)).unwrap();
    assert_eq!(b.condition_source(f, ConditionKind::Grabbed), Some(o));
    assert_eq!(b.hp(f), 34 - 7);
    end(&mut b);
    act(&mut b, f, EscalationAction::SwitchStance).unwrap();
    let e = b
        .submit(Command::Attack {
            unit: f,
            target: o,
            weapon: None,
            slot: None,
            aim: None,
        })
        .unwrap_err();
    assert!(e.to_string().contains("grabbed"), "{e}");
    let mark = b.log().len();
    act(&mut b, f, EscalationAction::Disengage { from: vec![o] }).unwrap();
    let ev = since(&b, mark);
    assert!(ev.iter().any(|e| matches!(e,
        Event::Check { purpose: CheckPurpose::Disengage, roll, outcome: Outcome::Success, .. }
            if roll.faces.len() == 4 && roll.total == 14)));
    assert!(
        !b.has(f, ConditionKind::Grabbed),
        "disengaging ends the grab"
    );
}

/// A fighter starting grabbed by the ogre, a goblin next to the fighter too.
const HELD: &str = r#"Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre", stats: {Band: 4}),
Unit(name: "Snitch", side: "Foes", cell: (2, 2), archetype: "goblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", grabbed_by: "Mog")"#;

#[test]
fn a_level_starts_a_unit_grabbed_the_grabber_gains_advantage_and_the_grabbed_makes_no_opportunity_attacks()
 {
    // The ogre's basic attack rolls 4 dice ("Advantage: target grabbed by the
    // attacker"); the goblin walks off the grabbed fighter without an opportunity
    // attack; the ogre steps away and the grab ends.
    let mut b = battle(HELD, "", &[5, 5, 5, 1, 1, 1, 1]);
    let (o, g, f) = (id(&b, "Mog"), id(&b, "Snitch"), id(&b, "Brannoc"));
    assert_eq!(b.condition_source(f, ConditionKind::Grabbed), Some(o));
    let mark = b.log().len();
    b.submit(Command::Attack {
        unit: o,
        target: f,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    crate::escalation::decline_powers(&mut b);
    let ev = since(&b, mark);
    assert_eq!(attacks(&ev), [(f, 4, Outcome::Success)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Attack { roll, .. }
        if roll.modifiers.iter().any(|m| m.name == "Advantage: target grabbed by the attacker"))));
    end(&mut b);
    let mark = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(0, 2),
    })
    .unwrap();
    assert!(
        offers(&since(&b, mark)).is_empty(),
        "a grabbed unit makes no opportunity attacks"
    );
    end(&mut b);
    end(&mut b);
    // Round 2: the ogre walks away: the grab ends (and the grabbed fighter, still
    // grabbed as it left, made no opportunity attack).
    assert_eq!(b.current(), Some(o));
    let mark = b.log().len();
    b.submit(Command::Move {
        unit: o,
        to: Cell::new(7, 2),
    })
    .unwrap();
    assert!(offers(&since(&b, mark)).is_empty());
    assert!(!b.has(f, ConditionKind::Grabbed));
}

#[test]
fn disengaging_from_a_grabber_just_hit_this_round_has_no_disadvantage_and_a_stunned_grabber_lets_go()
 {
    // The fighter (first: the ogre is slow) hits the ogre ([5,5,5] = 20 vs AC 17; 2d8
    // [1,1] + 3 = 5), then disengages on 3 dice ([4,4,4] = 12).
    let units = r#"Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre"),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", grabbed_by: "Mog")"#;
    let mut b = battle(units, "", &[5, 5, 5, 1, 1, 4, 4, 4]);
    let (o, f) = (id(&b, "Mog"), id(&b, "Brannoc"));
    b.submit(Command::Attack {
        unit: f,
        target: o,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    let mark = b.log().len();
    act(&mut b, f, EscalationAction::Disengage { from: vec![] }).unwrap();
    assert!(since(&b, mark).iter().any(|e| matches!(e,
        Event::Check { purpose: CheckPurpose::Disengage, roll, .. } if roll.faces.len() == 3)));
    assert!(!b.has(f, ConditionKind::Grabbed));
    // A Stunned grabber lets go (at the first turn's start).
    let units = r#"Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre", conditions: {Stunned: SaveEnds(11)}),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", grabbed_by: "Mog")"#;
    let b = battle(units, "", &[]);
    assert!(!b.has(id(&b, "Brannoc"), ConditionKind::Grabbed));
}

#[test]
fn grabbed_by_must_name_an_enemy_next_to_the_unit() {
    let cases = [
        (
            r#"grabbed_by: "Nobody""#,
            "is grabbed by unknown unit `Nobody`",
        ),
        (r#"grabbed_by: "Lisk""#, "an ally (on side `PCs`)"),
        (
            r#"grabbed_by: "Far""#,
            "at (3, 2) is grabbed by `Far` at (8, 2), not next to it",
        ),
    ];
    for (field, message) in cases {
        let units = format!(
            r#"Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre"),
Unit(name: "Far", side: "Foes", cell: (8, 2), archetype: "goblin"),
Unit(name: "Lisk", side: "PCs", cell: (3, 3), archetype: "rogue"),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", {field})"#
        );
        let (e, line) = refused(&units, "", "grabbed_by");
        assert!(e.starts_with(&format!("esc:{line}:")), "{e}");
        assert!(e.contains(message), "{e}");
    }
}

// ---------------------------------------------------------------------------------------
// 8. Monster powers and the AI.

#[test]
fn every_shipped_archetype_has_2_to_4_powers_without_problems() {
    let units = r#"Unit(name: "a", side: "PCs", cell: (0, 0), archetype: "fighter"),
Unit(name: "b", side: "PCs", cell: (0, 1), archetype: "rogue"),
Unit(name: "c", side: "PCs", cell: (0, 2), archetype: "ranger"),
Unit(name: "d", side: "PCs", cell: (0, 3), archetype: "cleric"),
Unit(name: "e", side: "Foes", cell: (9, 0), archetype: "goblin"),
Unit(name: "f", side: "Foes", cell: (9, 1), archetype: "goblin archer"),
Unit(name: "g", side: "Foes", cell: (9, 2), archetype: "hobgoblin"),
Unit(name: "h", side: "Foes", cell: (9, 3), archetype: "orc"),
Unit(name: "i", side: "Foes", cell: (7, 4), archetype: "ogre"),
Unit(name: "j", side: "Foes", cell: (9, 5), archetype: "wolf")"#;
    let b = battle(units, "", &[]);
    let mut all = Vec::new();
    for u in b.units() {
        let n = b.abilities(u).len();
        assert!((2..=4).contains(&n), "{} has {n} powers", b.name(u));
        for a in b.abilities(u) {
            assert!(problems(a).is_empty(), "{}: {:?}", a.name, problems(a));
            all.push(a.clone());
        }
    }
    // The monsters' list holds each kind the brief names.
    use skirmish_rules::abilities::{AbilityKind, Effect, EscalationKey, Targeting};
    let has = |f: &dyn Fn(&skirmish_rules::abilities::Ability) -> bool| all.iter().any(f);
    assert!(has(&|a| a.kind == AbilityKind::Spell
        && a.range() > 1
        && a.provoking()));
    assert!(has(&|a| a.escalation == Some(EscalationKey::Min(2))));
    assert!(has(&|a| a.recharge == Some(11)));
    assert!(has(&|a| a.sustain.is_some() && a.spend.is_none()));
    assert!(has(&|a| a.spend.is_some()));
    assert!(has(
        &|a| matches!(a.target, Targeting::Several { .. }) && a.attacks_first
    ));
    assert!(has(&|a| a.effects.iter().any(|e| matches!(e,
        Effect::Ongoing { amount, .. } if amount.bonus != 5))));
    assert!(has(&|a| a.effects.iter().any(|e| matches!(
        e,
        Effect::Condition {
            kind: ConditionKind::Grabbed,
            ..
        }
    ))));
}

#[test]
fn the_ai_uses_monster_powers_and_sustains_its_glare() {
    // A goblin next to a fighter: Shiv (half damage on a miss) is worth more than its
    // basic attack.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let b = battle(units, "", &[]);
    let c = skirmish_rules::ai::decide(&b).expect("a decision");
    assert!(
        matches!(
            &c,
            Command::Act {
                action: Action::Common(CommonAction::Cast { .. }),
                ..
            }
        ),
        "{c:?}"
    );
    // The hobgoblin glares, then sustains it on its next turn (a Quick action, 50%).
    let mut b = battle(GLARE, "", &[5, 5, 5]);
    let (h, f) = (id(&b, "Grak"), id(&b, "Brannoc"));
    cast(&mut b, h, "Menacing Glare", CastAt::Unit(f)).unwrap();
    end(&mut b);
    end(&mut b);
    let glare = index(&b, h, "Menacing Glare");
    assert_eq!(
        skirmish_rules::ai::decide(&b),
        Some(Command::Act {
            unit: h,
            action: EscalationAction::Sustain { ability: glare }.into()
        })
    );
}
