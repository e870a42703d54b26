//! `escalation` (seed 001, "Combat Rules"): one forced-dice scenario per rule through
//! `Battle::submit`, the same path the window, the AI and scripts use. Initiative rolls
//! no dice (bands), so the forced faces start with the first roll of play.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{
    AttackKind, CheckPurpose, Counter, Event, Outcome, ReactionKind, Spend, Trigger,
};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::escalation::{self as esc, EscalationAction};
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::{BOTH, id, repo, since};

/// An escalation battle on an open 10×6 map: side "PCs" (role Pc) and "Foes" (Npc).
pub fn field(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
    let row = format!("\"{}\"", ".".repeat(10));
    let map = vec![row; 6].join(", ");
    let src = format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [{units}])"##
    );
    let l = level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// A fighter (Level 2, Volition 3, miss damage) next to a goblin (AC 15, 14 HP).
const DUEL: &str = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn attack(b: &mut Battle, unit: UnitId, target: UnitId) -> Result<usize, Illegal> {
    let n = b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: None,
    })?;
    Ok(n + decline_powers(b))
}

/// Decline the triggered powers (a fighter's Parry and Riposte, a cleric's Shield of
/// Faith) an attack offers: these tests are about something else
/// (`escalation_interrupts.rs` plays them). The number of new events.
pub fn decline_powers(b: &mut Battle) -> usize {
    let mut n = 0;
    while let Some(w) = b.window() {
        if !matches!(w.trigger, Trigger::PowerCue { .. }) {
            break;
        }
        let unit = w.reactor;
        n += b
            .submit(Command::React {
                unit,
                choice: None,
                commit: 0,
                commits: Vec::new(),
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
    n
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
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

/// (attacker, kind, natural, total, outcome, faces) of every attack.
fn swings(ev: &[Event]) -> Vec<(UnitId, AttackKind, i32, i32, Outcome, Vec<u32>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                kind,
                roll,
                outcome,
                ..
            } => Some((
                *attacker,
                *kind,
                roll.natural(),
                roll.total,
                *outcome,
                roll.faces.clone(),
            )),
            _ => None,
        })
        .collect()
}

/// (unit, amount) of every Damage event.
fn damage(ev: &[Event]) -> Vec<(UnitId, i32)> {
    crate::support::damage(ev)
}

// ---------------------------------------------------------------------------------------
// Attacks: 3d6 + Level + Volition + escalation vs AC; hit on ≥; 17+ crit; 3 crit fail.

#[test]
fn an_attack_is_3d6_plus_level_and_volition_and_hits_on_matching_the_defence() {
    for kind in BOTH {
        // 3+4+3 = 10, +2 Level +3 Volition = 15 against AC 15: a hit. Damage: the stance's
        // die (longsword d8) × Level 2, + Volition 3: 5 + 6 + 3 = 14.
        let mut b = field(kind, DUEL, &[3, 4, 3, 5, 6]);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        assert_eq!(b.current(), Some(f));
        let n = b.log().len();
        attack(&mut b, f, g).unwrap();
        let ev = since(&b, n);
        let s = swings(&ev);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].2, s[0].3, s[0].4), (10, 15, Outcome::Success));
        assert_eq!(damage(&ev), vec![(g, 14)]);
        let target = ev.iter().find_map(|e| match e {
            Event::Attack { target_number, .. } => Some(*target_number),
            _ => None,
        });
        assert_eq!(target, Some(15), "against the goblin's AC");
        // The Standard action paid.
        assert_eq!(b.slots(f, Slot::Standard), 0);
        assert_eq!(b.slots(f, Slot::Move), 1);
    }
}

#[test]
fn a_miss_deals_the_classs_miss_damage_equal_to_level_and_a_natural_3_none() {
    // 3+4+2 = 9 + 5 = 14 < 15: a miss; the fighter's class deals its Level (2) on a miss.
    let mut b = field(GridKind::Square, DUEL, &[3, 4, 2]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::Failure);
    assert_eq!(damage(&ev), vec![(g, 2)]);
    // A natural 3 crit-fails: no miss effects.
    let mut b = field(GridKind::Square, DUEL, &[1, 1, 1]);
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::CriticalFailure);
    assert_eq!(damage(&ev), vec![]);
    // A class without miss damage (the rogue) deals none on a plain miss.
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[2, 2, 2]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    let n = b.log().len();
    attack(&mut b, r, g).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::Failure);
    assert_eq!(damage(&ev), vec![]);
}

#[test]
fn a_natural_17_crits_for_double_damage_even_below_the_defence() {
    // 6+6+5 = 17: a crit. Damage (4 + 4 + 3) × 2 = 22.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "orc", hp: 40, stats: {Ac: 40, Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 5, 4, 4]);
    let (f, o) = (id(&b, "Brannoc"), id(&b, "Mog"));
    let n = b.log().len();
    attack(&mut b, f, o).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::Critical);
    assert_eq!(damage(&ev), vec![(o, 22)]);
    // 6+5+5 = 16 does not crit (and misses AC 40).
    let mut b = field(GridKind::Square, units, &[6, 5, 5]);
    let n = b.log().len();
    attack(&mut b, f, o).unwrap();
    assert_eq!(swings(&since(&b, n))[0].4, Outcome::Failure);
}

#[test]
fn weak_crits_on_16_and_weak_and_vulnerable_on_15() {
    // A wolf is weak to weapon damage: 16 crits; Vulnerable as well: 15 crits.
    let wolf = |extra: &str| {
        format!(
            r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Fang", side: "Foes", cell: (4, 2), archetype: "wolf", hp: 60, stats: {{Ac: 40, Band: 0, Speed: 8, Level: 1, Volition: 3}}{extra})"#
        )
    };
    let mut b = field(GridKind::Square, &wolf(""), &[6, 5, 5, 1, 1]);
    let (f, w) = (id(&b, "Brannoc"), id(&b, "Fang"));
    attack(&mut b, f, w).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].4, Outcome::Critical);
    let mut b = field(GridKind::Square, &wolf(""), &[6, 5, 4]);
    attack(&mut b, f, w).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].4, Outcome::Failure);
    let v = wolf(", conditions: {Vulnerable: UntilRemoved}");
    let mut b = field(GridKind::Square, &v, &[6, 5, 4, 1, 1]);
    attack(&mut b, f, w).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].4, Outcome::Critical);
}

#[test]
fn resistance_halves_damage_when_the_natural_roll_is_below_its_number() {
    // The ogre resists weapon 12+: a natural 11 that hits deals half.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre", stats: {Level: 3, Volition: 4, Ac: 10, Pd: 16, Md: 12, Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 3, 5, 6]);
    let (f, o) = (id(&b, "Brannoc"), id(&b, "Mog"));
    attack(&mut b, f, o).unwrap();
    // 5 + 6 + 3 = 14, halved: 7.
    assert_eq!(damage(&since(&b, 0)), vec![(o, 7)]);
    // A natural 12: full damage.
    let mut b = field(GridKind::Square, units, &[4, 4, 4, 5, 6]);
    attack(&mut b, f, o).unwrap();
    assert_eq!(damage(&since(&b, 0)), vec![(o, 14)]);
}

// ---------------------------------------------------------------------------------------
// Advantage and Disadvantage: an extra d6 each, highest or lowest three kept; cancelling.

#[test]
fn advantage_rolls_an_extra_d6_and_keeps_the_highest_three() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 30}, conditions: {Weakened: UntilRemoved})"#;
    let mut b = field(GridKind::Square, units, &[1, 6, 5, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, 0));
    assert_eq!(s[0].5, vec![1, 6, 5, 4], "four dice rolled");
    assert_eq!(s[0].2, 15, "the highest three kept");
}

#[test]
fn disadvantages_of_different_names_stack_and_cancel_advantage_one_for_one() {
    // Dazed and Shaken: 2 Disadvantage, 5d6 keep the lowest three.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: UntilRemoved, Shaken: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 30})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 2, 3, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, 0));
    assert_eq!(s[0].5.len(), 5);
    assert_eq!(s[0].2, 9, "2 + 3 + 4");
    // Dazed attacker against a Weakened target: they cancel, a plain 3d6.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 30}, conditions: {Weakened: UntilRemoved})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 2]);
    attack(&mut b, f, g).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].5, vec![6, 6, 2]);
    // The odds the preview shows come from the same dice: with 1 Advantage, 15+ is likelier.
    assert!(esc::natural_odds(1)[15] > esc::natural_odds(0)[15]);
    let total: f64 = esc::natural_odds(-3).iter().sum();
    assert!((total - 1.0).abs() < 1e-9);
}

// ---------------------------------------------------------------------------------------
// Turn structure: bands, the escalation die, actions and substitution.

#[test]
fn initiative_goes_by_band_with_the_pcs_of_a_band_before_its_enemies() {
    let units = r#"Unit(name: "SlowPc", side: "PCs", cell: (0, 0), archetype: "fighter", stats: {Level: 2, Volition: 3, Ac: 17, Pd: 14, Md: 11, Band: 1}),
        Unit(name: "FastFoe", side: "Foes", cell: (9, 0), archetype: "goblin"),
        Unit(name: "MediumFoe", side: "Foes", cell: (9, 1), archetype: "goblin", stats: {Level: 1, Volition: 2, Ac: 15, Band: 2}),
        Unit(name: "MediumPc", side: "PCs", cell: (0, 1), archetype: "fighter"),
        Unit(name: "FastPc", side: "PCs", cell: (0, 2), archetype: "rogue")"#;
    let b = field(GridKind::Square, units, &[]);
    let names: Vec<&str> = b.order().iter().map(|&u| b.name(u)).collect();
    assert_eq!(
        names,
        ["FastPc", "FastFoe", "MediumPc", "MediumFoe", "SlowPc"]
    );
}

#[test]
fn the_escalation_die_is_0_in_round_1_then_rises_by_1_to_6_and_only_pcs_add_it() {
    assert_eq!(esc::escalation_for_round(1), 0);
    assert_eq!(esc::escalation_for_round(2), 1);
    assert_eq!(esc::escalation_for_round(7), 6);
    assert_eq!(esc::escalation_for_round(12), 6);
    // Shown at all times (the window's battle line), even or odd; 0 is neither.
    assert_eq!(
        esc::escalation_line(0),
        "escalation die 0 (neither even nor odd)"
    );
    assert_eq!(esc::escalation_line(3), "escalation die 3 (odd)");
    assert_eq!(esc::escalation_line(6), "escalation die 6 (even)");
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (0, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Mog", side: "Foes", cell: (9, 4), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15, Escalates: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (f, g, m) = (id(&b, "Brannoc"), id(&b, "Snitch"), id(&b, "Mog"));
    assert_eq!(b.counter(Counter::EscalationDie), 0);
    for _ in 0..3 {
        end(&mut b);
    }
    assert_eq!(b.round(), 2);
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    assert!(since(&b, 0).contains(&Event::Counter {
        counter: Counter::EscalationDie,
        value: 1
    }));
    assert_eq!(esc::escalation_bonus(&b, f), 1, "a PC adds it");
    assert_eq!(esc::escalation_bonus(&b, g), 0, "an NPC does not");
    assert_eq!(esc::escalation_bonus(&b, m), 1, "unless the level marks it");
    for _ in 0..(3 * 6) {
        end(&mut b);
    }
    assert_eq!(b.round(), 8);
    assert_eq!(b.counter(Counter::EscalationDie), 6, "at most 6");
    // Shaken counts it as 0.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (0, 2), archetype: "fighter", conditions: {Shaken: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    end(&mut b);
    end(&mut b);
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    assert_eq!(esc::escalation_bonus(&b, id(&b, "Brannoc")), 0);
}

#[test]
fn the_escalation_die_is_added_to_a_pcs_attack_roll() {
    // Round 2: 3+3+3 = 9 + 2 + 3 + 1 = 15 hits AC 15 only with the die.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}, hp: 50)"#;
    let mut b = field(GridKind::Square, units, &[3, 3, 3, 1, 1]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    end(&mut b);
    // The goblin's turn: it does nothing.
    end(&mut b);
    assert_eq!(b.current(), Some(f));
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, n));
    assert_eq!((s[0].3, s[0].4), (15, Outcome::Success));
}

#[test]
fn a_better_action_pays_for_a_lesser_one_standard_for_move_move_for_quick() {
    // A fighter switches stance three times: Quick, then Move, then Standard pay.
    let mut b = field(GridKind::Square, DUEL, &[]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    for _ in 0..3 {
        act(&mut b, f, EscalationAction::SwitchStance).unwrap();
    }
    let paid: Vec<Pool> = since(&b, n)
        .iter()
        .filter_map(|e| match e {
            Event::Spent {
                pool,
                on: Spend::Stance,
                ..
            } => Some(*pool),
            _ => None,
        })
        .collect();
    assert_eq!(
        paid,
        [
            Pool::Slot(Slot::Quick),
            Pool::Slot(Slot::Move),
            Pool::Slot(Slot::Standard)
        ]
    );
    // Nothing is left: the turn has ended by itself.
    assert_ne!(b.current(), Some(f));
    // A basic attack is a Standard action: a Move or Quick action cannot pay for it.
    let mut b = field(GridKind::Square, DUEL, &[3, 4, 3, 1, 1]);
    let g = id(&b, "Snitch");
    attack(&mut b, f, g).unwrap();
    assert_eq!((b.slots(f, Slot::Move), b.slots(f, Slot::Quick)), (1, 1));
    assert!(matches!(attack(&mut b, f, g), Err(Illegal::NoSlot { .. })));
}

#[test]
fn switching_stance_swaps_the_weapon_and_the_damage_die() {
    // The fighter starts in melee stance (longsword); after a switch it throws its
    // javelin (d6) and threatens nothing.
    let mut b = field(GridKind::Square, DUEL, &[3, 4, 3, 1, 2]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    assert!(esc::melee_stance(&b, f));
    act(&mut b, f, EscalationAction::SwitchStance).unwrap();
    assert!(!esc::melee_stance(&b, f));
    assert_eq!(b.threat_reach(f), 0);
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    // A ranged attack while engaged provokes the goblin: it declines.
    react(&mut b, g, None);
    let ev = since(&b, n);
    let w = ev.iter().find_map(|e| match e {
        Event::Attack { weapon, .. } => Some(weapon.clone()),
        _ => None,
    });
    assert_eq!(w.as_deref(), Some("javelin"));
    assert_eq!(damage(&ev), vec![(g, 1 + 2 + 3)]);
}

// ---------------------------------------------------------------------------------------
// Positioning: opportunity attacks and Disengage.

#[test]
fn moving_away_while_engaged_provokes_a_free_opportunity_attack() {
    for kind in BOTH {
        // The goblin acts first (band 3) and walks off; the fighter's opportunity attack is
        // a free basic melee attack.
        let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 40),
            Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
        let mut b = field(kind, units, &[5, 5, 5, 1, 1]);
        let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
        assert_eq!(b.current(), Some(g));
        let n = b.log().len();
        b.submit(Command::Move {
            unit: g,
            to: Cell::new(7, 2),
        })
        .unwrap();
        react(&mut b, f, Some(ReactionKind::ReactionAttack));
        let ev = since(&b, n);
        let reacted = ev.iter().find_map(|e| match e {
            Event::Reacted { reactor, paid, .. } => Some((*reactor, paid.clone())),
            _ => None,
        });
        assert_eq!(reacted, Some((f, vec![])), "free");
        let s = swings(&ev);
        assert_eq!((s[0].0, s[0].1), (f, AttackKind::Reaction));
        assert_eq!(damage(&ev), vec![(g, 1 + 1 + 3)]);
        assert_eq!(b.pos(g), Cell::new(7, 2), "the move goes on");
    }
}

#[test]
fn a_unit_in_ranged_stance_makes_no_opportunity_attacks() {
    for kind in BOTH {
        let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
            Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger")"#;
        let mut b = field(kind, units, &[]);
        let g = id(&b, "Snitch");
        let n = b.log().len();
        b.submit(Command::Move {
            unit: g,
            to: Cell::new(7, 2),
        })
        .unwrap();
        assert!(
            !since(&b, n)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
    }
}

#[test]
fn a_ranged_attack_while_engaged_provokes_before_the_shot() {
    for kind in BOTH {
        // The goblin (melee stance) is engaged with the ranger, who shoots it.
        let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger"),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 40, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
        // The goblin's opportunity attack: 2+2+2 misses; then the shot 5+5+5 hits, 2d8.
        let mut b = field(kind, units, &[2, 2, 2, 5, 5, 5, 1, 1]);
        let (r, g) = (id(&b, "Tarrow"), id(&b, "Snitch"));
        let n = b.log().len();
        attack(&mut b, r, g).unwrap();
        let offered = since(&b, n).iter().any(|e| {
            matches!(e, Event::ReactionOffered { reactor, trigger: Trigger::Provoked { unit }, .. }
                if *reactor == g && *unit == r)
        });
        assert!(offered);
        react(&mut b, g, Some(ReactionKind::ReactionAttack));
        let s = swings(&since(&b, n));
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].0, s[0].1), (g, AttackKind::Reaction));
        assert_eq!(
            (s[1].0, s[1].1, s[1].4),
            (r, AttackKind::Normal, Outcome::Success)
        );
    }
}

#[test]
fn disengage_is_3d6_against_11_and_success_lets_the_unit_move_off_without_provoking() {
    for kind in BOTH {
        let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
        let mut b = field(kind, units, &[4, 4, 3]);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        assert!(
            (esc::disengage_chance(&b, f, &[g]) - 0.5).abs() < 1e-9,
            "3d6 ≥ 11"
        );
        let n = b.log().len();
        act(&mut b, f, EscalationAction::Disengage { from: vec![] }).unwrap();
        b.submit(Command::Move {
            unit: f,
            to: Cell::new(0, 2),
        })
        .unwrap();
        let ev = since(&b, n);
        let check = ev.iter().find_map(|e| match e {
            Event::Check {
                purpose: CheckPurpose::Disengage,
                roll,
                target_number,
                outcome,
                ..
            } => Some((roll.total, *target_number, *outcome)),
            _ => None,
        });
        assert_eq!(check, Some((11, 11, Outcome::Success)));
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert_eq!(b.pos(f), Cell::new(0, 2));
        // The Disengage's move was the Move action: the Standard is left.
        assert_eq!(b.slots(f, Slot::Standard), 1);
    }
}

#[test]
fn a_failed_disengage_loses_the_move_action_and_more_enemies_raise_the_difficulty() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1}),
        Unit(name: "Grub", side: "Foes", cell: (3, 3), archetype: "goblin", stats: {Band: 1})"#;
    // Two enemies: DC 12; 4+4+3 = 11 fails.
    let mut b = field(GridKind::Square, units, &[4, 4, 3]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    act(&mut b, f, EscalationAction::Disengage { from: vec![] }).unwrap();
    let ev = since(&b, n);
    let check = ev.iter().find_map(|e| match e {
        Event::Check {
            purpose: CheckPurpose::Disengage,
            target_number,
            outcome,
            ..
        } => Some((*target_number, *outcome)),
        _ => None,
    });
    assert_eq!(check, Some((12, Outcome::Failure)));
    assert_eq!(b.slots(f, Slot::Move), 0);
    assert_eq!(b.move_left(f), 0, "no move bought");
    // Free of enemies, there is nothing to disengage from.
    let mut b = field(
        GridKind::Square,
        &units
            .replace("(4, 2)", "(8, 2)")
            .replace("(3, 3)", "(8, 4)"),
        &[],
    );
    assert!(act(&mut b, f, EscalationAction::Disengage { from: vec![] }).is_err());
}

// ---------------------------------------------------------------------------------------
// Damage and recovery: Staggered, dying, death saves, Rally, Stabilize, Coup de Grace.

#[test]
fn an_enemy_at_0_hp_dies_and_a_pc_at_0_is_dying() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Lisk", side: "PCs", cell: (0, 0), archetype: "rogue", stats: {Level: 2, Volition: 3, Ac: 15, Band: 0}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 5, stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 3, 3]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    assert!(!b.alive(g));
    assert!(b.has(g, ConditionKind::Dead));
    // A PC dropped: Dying, not dead.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", hp: 3),
        Unit(name: "Lisk", side: "PCs", cell: (0, 0), archetype: "rogue")"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 3, 3]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    attack(&mut b, g, f).unwrap();
    assert!(!b.alive(f));
    assert!(b.has(f, ConditionKind::Dying));
    assert!(!b.has(f, ConditionKind::Dead));
    assert!(
        !matches!(b.status(), Status::Ended(_)),
        "the rogue still stands"
    );
}

/// A goblin (band 4) that has just dropped the fighter (band 2, 5 HP: 5 − (3 + 2) = 0,
/// not a crit nor −half) with a plain hit and ended its turn; the rogue (band 3) is to
/// act. Dice after the drop follow.
fn dropped(dice: &[u32]) -> Battle {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", hp: 5),
        Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue")"#;
    let mut d = vec![5, 5, 5, 3];
    d.extend_from_slice(dice);
    let mut b = field(GridKind::Square, units, &d);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    attack(&mut b, g, f).unwrap();
    assert_eq!(b.hp(f), 0);
    assert!(!esc::dropped_hard(&b, f));
    end(&mut b);
    b
}

#[test]
fn a_death_save_of_13_heals_with_a_recovery_from_0_and_the_pc_acts_next_turn() {
    // Rogue's turn: pass. Fighter's turn: death save 5+4+4 = 13: a recovery (2d10: 6+4)
    // from 0 HP: 10, capped at its 5 HP maximum; up, but it does not act this turn.
    let mut b = dropped(&[5, 4, 4, 6, 4]);
    let (f, r) = (id(&b, "Brannoc"), id(&b, "Lisk"));
    assert_eq!(b.current(), Some(r));
    let n = b.log().len();
    end(&mut b);
    let ev = since(&b, n);
    assert!(ev.iter().any(|e| matches!(e,
        Event::Save { unit, kind: ConditionKind::Dying, target_number: 13, success: true, .. } if *unit == f)));
    assert!(ev.contains(&Event::Revived { unit: f }));
    assert_eq!(b.hp(f), 5);
    assert!(b.alive(f));
    assert!(!b.has(f, ConditionKind::Dying));
    assert_eq!(b.pool(f, Pool::Recoveries), 7);
    assert_ne!(b.current(), Some(f), "it acts next turn");
}

#[test]
fn a_crit_death_save_acts_at_once_and_four_failures_kill() {
    let mut b = dropped(&[6, 6, 5, 1, 1]);
    let f = id(&b, "Brannoc");
    end(&mut b);
    assert_eq!(b.current(), Some(f), "a natural 17: it acts at once");
    assert_eq!(b.hp(f), 2);
    // Four failures: dead.
    let mut b = dropped(&[1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2]);
    let f = id(&b, "Brannoc");
    for round in 0..4 {
        // Rogue ends its turn; the fighter's death save fails; the goblin ends its turn.
        end(&mut b);
        assert_eq!(b.pool(f, Pool::DeathSaveFailures), 3 - round);
        if round < 3 {
            end(&mut b);
        }
    }
    assert!(b.has(f, ConditionKind::Dead));
    assert!(!b.has(f, ConditionKind::Dying));
}

#[test]
fn a_pc_dropped_by_a_crit_has_2_disadvantage_on_its_first_death_save() {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", hp: 3),
        Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue")"#;
    // A crit (6+6+6) drops the fighter; its first death save rolls 5d6, the lowest 3 kept.
    let mut b = field(GridKind::Square, units, &[6, 6, 6, 1, 6, 6, 6, 6, 1]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    attack(&mut b, g, f).unwrap();
    assert!(esc::dropped_hard(&b, f));
    end(&mut b);
    let n = b.log().len();
    end(&mut b);
    let save = since(&b, n).iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dying,
            roll,
            success,
            ..
        } => Some((roll.faces.len(), roll.total, *success)),
        _ => None,
    });
    assert_eq!(
        save,
        Some((5, 13, true)),
        "6 + 6 + 1 kept of 6 6 6 6 1? lowest: 1+6+6"
    );
}

#[test]
fn stabilize_makes_failed_death_saves_harmless_and_rally_heals_with_a_recovery() {
    let mut b = dropped(&[1, 2, 2]);
    let (f, r) = (id(&b, "Brannoc"), id(&b, "Lisk"));
    act(&mut b, r, EscalationAction::Stabilize { ally: f }).unwrap();
    assert!(b.has(f, ConditionKind::Stabilized));
    end(&mut b);
    assert_eq!(
        b.pool(f, Pool::DeathSaveFailures),
        4,
        "the failure does not count"
    );
    assert!(b.has(f, ConditionKind::Dying));
    // Rally: a recovery (the rogue's 2d8) as a Standard action.
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue", hp: 26),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[3, 4]);
    let r = id(&b, "Lisk");
    let before = b.hp(r);
    // A rally at full HP heals nothing above the maximum.
    act(&mut b, r, EscalationAction::Rally).unwrap();
    assert_eq!(b.hp(r), before);
    assert_eq!(b.pool(r, Pool::Recoveries), 7);
    assert_eq!(b.slots(r, Slot::Standard), 0);
    // Enemies have no recoveries: they do not Rally.
    let g = id(&b, "Snitch");
    end(&mut b);
    assert_eq!(b.current(), Some(g));
    assert!(act(&mut b, g, EscalationAction::Rally).is_err());
}

#[test]
fn healing_with_no_recovery_left_is_halved_and_costs_volition_and_defences() {
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue", hp: 26, stats: {Level: 2, Volition: 3, Ac: 15, Pd: 14, Md: 12, Band: 3, Recoveries: 1}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 4, 4, 5, 5, 1, 1]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    // A level cannot start a unit hurt: it Rallies with 1 recovery, at full HP.
    act(&mut b, r, EscalationAction::Rally).unwrap();
    assert_eq!(b.pool(r, Pool::Recoveries), 0);
    end(&mut b);
    end(&mut b);
    let n = b.log().len();
    act(&mut b, r, EscalationAction::Rally).unwrap();
    let heal = since(&b, n).iter().find_map(|e| match e {
        Event::Healed { .. } => Some(()),
        _ => None,
    });
    assert!(heal.is_some());
    let st = b.stats(r);
    use skirmish_rules::components::Stat;
    assert_eq!(
        (
            st.get(Stat::Volition),
            st.get(Stat::Ac),
            st.get(Stat::Pd),
            st.get(Stat::Md)
        ),
        (2, 14, 13, 11)
    );
    let _ = g;
}

#[test]
fn a_coup_de_grace_on_a_helpless_engaged_enemy_crits_and_takes_three_actions() {
    for kind in BOTH {
        let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 60, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}, conditions: {Helpless: UntilRemoved})"#;
        // Helpless is Stunned: 1 Advantage, 4d6. 2+2+2 would miss, but the coup crits:
        // (1 + 1 + 3) × 2 = 10.
        let mut b = field(kind, units, &[2, 2, 2, 1, 1, 1]);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        let n = b.log().len();
        act(&mut b, f, EscalationAction::CoupDeGrace { target: g }).unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev)[0].4, Outcome::Critical);
        assert_eq!(damage(&ev), vec![(g, 10)]);
        assert_ne!(b.current(), Some(f), "Standard, Quick and Move are spent");
        // Not against an enemy that is not helpless.
        let plain = units.replace(", conditions: {Helpless: UntilRemoved}", "");
        let mut b = field(kind, &plain, &[]);
        assert!(act(&mut b, f, EscalationAction::CoupDeGrace { target: g }).is_err());
    }
}

#[test]
fn stunned_loses_its_move_action_and_stuck_cannot_move_or_disengage() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Stunned: UntilRemoved, Stuck: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let f = id(&b, "Brannoc");
    assert_eq!(b.slots(f, Slot::Move), 0);
    assert!(
        b.submit(Command::Move {
            unit: f,
            to: Cell::new(0, 2)
        })
        .is_err()
    );
    assert!(act(&mut b, f, EscalationAction::Disengage { from: vec![] }).is_err());
}

#[test]
fn save_ends_conditions_roll_3d6_against_11_at_the_end_of_the_turn() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: SaveEnds(11)}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 3]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    end(&mut b);
    let save = since(&b, n).iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dazed,
            roll,
            success,
            ..
        } => Some((roll.faces.clone(), *success)),
        _ => None,
    });
    assert_eq!(save, Some((vec![4, 4, 3], true)));
    assert!(!b.has(f, ConditionKind::Dazed));
}

// ---------------------------------------------------------------------------------------
// The shipped levels: AI battles finish with no broken invariant.

#[test]
fn ai_battles_on_the_shipped_escalation_levels_finish_cleanly() {
    for file in [
        "levels/escalation-crossroads.ron",
        "levels/escalation-ruins.ron",
    ] {
        let l = level::load(&repo(file)).unwrap_or_else(|e| panic!("{e}"));
        for seed in 0..30 {
            let r = skirmish_rules::sim::run_battle(&l, seed, true);
            assert!(r.finished, "{file} seed {seed}: unfinished");
            assert!(
                r.violations.is_empty(),
                "{file} seed {seed}: {:?}",
                r.violations
            );
            assert_eq!(r.stuck_turns, 0, "{file} seed {seed}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The order inside a band, Delay.

#[test]
fn the_pcs_of_a_band_go_in_the_order_their_player_chooses() {
    let units = r#"Unit(name: "Ash", side: "PCs", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Birch", side: "PCs", cell: (0, 2), archetype: "cleric"),
        Unit(name: "Lisk", side: "PCs", cell: (0, 4), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 2})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (a, bi, l, g) = (
        id(&b, "Ash"),
        id(&b, "Birch"),
        id(&b, "Lisk"),
        id(&b, "Snitch"),
    );
    // The rogue (Fast) first, then the Medium band: Ash, Birch (PCs), then the goblin.
    assert_eq!(b.order(), [l, a, bi, g]);
    end(&mut b);
    assert_eq!(b.current(), Some(a));
    // Not an enemy, not a unit of another band, not one that has acted.
    assert!(act(&mut b, a, EscalationAction::Yield { to: g }).is_err());
    assert!(act(&mut b, a, EscalationAction::Yield { to: l }).is_err());
    // Birch goes first, then Ash, then the goblin.
    act(&mut b, a, EscalationAction::Yield { to: bi }).unwrap();
    assert_eq!(b.current(), Some(bi));
    assert_eq!(b.order(), [l, bi, a, g]);
    end(&mut b);
    assert_eq!(b.current(), Some(a));
    // Once it has acted, it is too late to let another go first.
    b.submit(Command::Move {
        unit: a,
        to: Cell::new(1, 0),
    })
    .unwrap();
    assert!(act(&mut b, a, EscalationAction::Yield { to: bi }).is_err());
    end(&mut b);
    assert_eq!(b.current(), Some(g));
}

#[test]
fn delay_moves_a_unit_to_a_slower_band_for_the_rest_of_the_battle() {
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (0, 0), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 0), archetype: "goblin", stats: {Band: 2}),
        Unit(name: "Ash", side: "PCs", cell: (0, 4), archetype: "fighter", stats: {Level: 2, Volition: 3, Ac: 17, Band: 1}),
        Unit(name: "Grub", side: "Foes", cell: (9, 4), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (l, s, a, g) = (
        id(&b, "Lisk"),
        id(&b, "Snitch"),
        id(&b, "Ash"),
        id(&b, "Grub"),
    );
    assert_eq!(b.order(), [l, s, a, g]);
    // Only to a slower band.
    assert!(act(&mut b, l, EscalationAction::Delay { band: 3 }).is_err());
    assert!(act(&mut b, l, EscalationAction::Delay { band: -1 }).is_err());
    // The rogue delays to Slow: after the Slow PC, before the Slow goblin.
    act(&mut b, l, EscalationAction::Delay { band: 1 }).unwrap();
    assert_eq!(esc::band(&b, l), 1);
    assert_eq!(b.order(), [s, a, l, g]);
    assert_eq!(b.current(), Some(s));
    for want in [a, l, g, s] {
        end(&mut b);
        assert_eq!(b.current(), Some(want));
    }
    assert_eq!(b.round(), 2, "kept in the next round");
}

// ---------------------------------------------------------------------------------------
// Intercept.

const INTERCEPT: &str = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
    Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Birch", side: "PCs", cell: (3, 4), archetype: "cleric")"#;

#[test]
fn a_free_ally_nearby_intercepts_an_enemy_coming_at_its_ally() {
    let mut b = field(GridKind::Square, INTERCEPT, &[]);
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    // The step next to Ash opens Birch's window (Free, Ash within its move).
    let ev = since(&b, n);
    assert!(ev.iter().any(|e| matches!(e,
        Event::ReactionOffered { reactor, trigger: Trigger::Approaching { mover, ally, from }, options }
            if *reactor == bi && *mover == g && *ally == a && *from == Cell::new(5, 2)
                && options == &vec![ReactionKind::Intercept])));
    react(&mut b, bi, Some(ReactionKind::Intercept));
    // The goblin's move stops before it engages Ash; Birch engages it.
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.grid().distance(b.pos(bi), b.pos(g)), 1);
    assert_eq!(b.pos(bi), Cell::new(4, 3));
    let reacted = since(&b, n).iter().find_map(|e| match e {
        Event::Reacted { reactor, paid, .. } => Some((*reactor, paid.clone())),
        _ => None,
    });
    assert_eq!(reacted, Some((bi, vec![])), "a free action");
    // Its attacks meant for Ash go to Birch.
    let e = attack(&mut b, g, a).unwrap_err();
    assert!(e.to_string().contains("intercepted"), "{e}");
    assert!(
        b.check(&Command::Attack {
            unit: g,
            target: bi,
            weapon: None,
            slot: None,
            aim: None
        })
        .is_ok()
    );
}

/// The path preview (`Battle::interceptions_along`, what the hover card and the overlay
/// mark) lists the interception the move then offers, and nothing where none is offered.
#[test]
fn the_path_preview_lists_exactly_the_interceptions_the_move_offers() {
    for kind in BOTH {
        let mut b = field(kind, INTERCEPT, &[]);
        let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
        let (path, _) = b.path_to(g, Cell::new(4, 2)).expect("a path");
        let preview = b.interceptions_along(g, &path);
        assert_eq!(
            preview,
            vec![skirmish_rules::engine::Interception {
                from: Cell::new(5, 2),
                to: Cell::new(4, 2),
                reactor: bi,
                ally: a,
            }],
            "{kind:?}"
        );
        // A stop short of Ash: nothing to intercept.
        let (short, _) = b.path_to(g, Cell::new(6, 2)).expect("a path");
        assert_eq!(b.interceptions_along(g, &short), vec![], "{kind:?}");
        let n = b.log().len();
        b.submit(Command::Move {
            unit: g,
            to: Cell::new(4, 2),
        })
        .unwrap();
        let offered: Vec<skirmish_rules::engine::Interception> = since(&b, n)
            .iter()
            .filter_map(|e| match e {
                Event::ReactionOffered {
                    reactor,
                    trigger: Trigger::Approaching { mover, ally, from },
                    ..
                } if *mover == g => Some(skirmish_rules::engine::Interception {
                    from: *from,
                    to: b.pos(g),
                    reactor: *reactor,
                    ally: *ally,
                }),
                _ => None,
            })
            .collect();
        assert_eq!(offered, preview, "{kind:?}");
    }
    // Birch engaged with another goblin is not Free: neither the preview nor the move
    // offers an interception.
    let engaged = format!(
        r#"{INTERCEPT}, Unit(name: "Grub", side: "Foes", cell: (2, 5), archetype: "goblin", stats: {{Band: 0}})"#
    );
    let mut b = field(GridKind::Square, &engaged, &[]);
    let g = id(&b, "Snitch");
    let (path, _) = b.path_to(g, Cell::new(4, 2)).expect("a path");
    assert_eq!(b.interceptions_along(g, &path), vec![]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

/// The preview asks as the mover would stand after each step: the cell it stands on now,
/// which it will have left, does not block an interceptor's way.
#[test]
fn the_preview_counts_the_movers_own_cell_as_left() {
    // A corridor: Snitch walks (4, 1) → (1, 1), next to Ash at (0, 1). Birch's only way to
    // a cell next to (2, 1), the cell it comes from, is through (4, 1), Snitch's cell now.
    let wall = format!("\"{}\"", "#".repeat(10));
    let src = format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: Square,
        map: [{wall}, "..........", {wall}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [
            Unit(name: "Snitch", side: "Foes", cell: (4, 1), archetype: "goblin", stats: {{Band: 4}}),
            Unit(name: "Ash", side: "PCs", cell: (0, 1), archetype: "fighter"),
            Unit(name: "Birch", side: "PCs", cell: (6, 1), archetype: "cleric"),
        ])"##
    );
    let l = level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Battle::new(l, 7, vec![]).unwrap_or_else(|e| panic!("{e}"));
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    let (path, _) = b.path_to(g, Cell::new(1, 1)).expect("a path");
    let preview = b.interceptions_along(g, &path);
    assert_eq!(
        preview
            .iter()
            .map(|i| (i.reactor, i.ally, i.from, i.to))
            .collect::<Vec<_>>(),
        vec![(bi, a, Cell::new(2, 1), Cell::new(1, 1))]
    );
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(1, 1),
    })
    .unwrap();
    assert!(since(&b, n).iter().any(|e| matches!(e,
        Event::ReactionOffered { reactor, trigger: Trigger::Approaching { from, .. }, .. }
            if *reactor == bi && *from == Cell::new(2, 1))));
    react(&mut b, bi, Some(ReactionKind::Intercept));
    assert_eq!((b.pos(g), b.pos(bi)), (Cell::new(2, 1), Cell::new(3, 1)));
}

#[test]
fn intercepts_happen_on_hexes_too() {
    // Along a row both grids are alike: the goblin walks (8, 2) → (4, 2), next to Ash at
    // (3, 2); Birch, two rows down, stops it at (5, 2) and stands next to it.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Birch", side: "PCs", cell: (2, 4), archetype: "cleric")"#;
    let mut b = field(GridKind::Hex, units, &[]);
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    react(&mut b, bi, Some(ReactionKind::Intercept));
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.grid().distance(b.pos(bi), b.pos(g)), 1);
    assert!(
        b.grid().distance(b.pos(g), b.pos(a)) > 1,
        "not engaged with Ash"
    );
}

#[test]
fn no_intercept_when_engaged_or_against_a_flyer() {
    // Birch engaged with another goblin: not Free.
    let engaged = format!(
        r#"{INTERCEPT}, Unit(name: "Grub", side: "Foes", cell: (2, 5), archetype: "goblin", stats: {{Band: 0}})"#
    );
    let mut b = field(GridKind::Square, &engaged, &[]);
    let g = id(&b, "Snitch");
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    assert_eq!(b.pos(g), Cell::new(4, 2));
    // A flying goblin: only a flyer may intercept it.
    let flying = INTERCEPT.replace(
        r#"stats: {Band: 4, Level: 1, Volition: 2, Ac: 15})"#,
        r#"stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}, conditions: {Flying: UntilRemoved})"#,
    );
    let mut b = field(GridKind::Square, &flying, &[]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    let both = flying.replace(
        r#"archetype: "cleric")"#,
        r#"archetype: "cleric", conditions: {Flying: UntilRemoved})"#,
    );
    let mut b = field(GridKind::Square, &both, &[]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(
        since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

// ---------------------------------------------------------------------------------------
// Conditions, Flee, the surprise round.

#[test]
fn hampered_allows_basic_attacks_moving_and_rally_only() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Hampered: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let b = field(GridKind::Square, units, &[]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let stance = b.check(&Command::Act {
        unit: f,
        action: EscalationAction::SwitchStance.into(),
    });
    assert!(matches!(
        stance,
        Err(Illegal::Condition {
            condition: "hampered",
            ..
        })
    ));
    for ok in [
        Command::Act {
            unit: f,
            action: EscalationAction::Rally.into(),
        },
        Command::Act {
            unit: f,
            action: EscalationAction::Disengage { from: vec![] }.into(),
        },
        Command::Attack {
            unit: f,
            target: g,
            weapon: None,
            slot: None,
            aim: None,
        },
    ] {
        assert!(b.check(&ok).is_ok(), "{ok:?}");
    }
}

#[test]
fn confused_takes_half_its_damage_on_an_odd_natural_roll() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Confused: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 50, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
    // 4+4+3 = 11 (odd) hits: 5 + 6 + 3 = 14 to the goblin, 7 to itself.
    let mut b = field(GridKind::Square, units, &[4, 4, 3, 5, 6]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    assert_eq!(damage(&since(&b, 0)), vec![(g, 14), (f, 7)]);
    // An even natural: nothing back.
    let mut b = field(GridKind::Square, units, &[4, 4, 4, 5, 6]);
    attack(&mut b, f, g).unwrap();
    assert_eq!(damage(&since(&b, 0)), vec![(g, 14)]);
    // A non-attack action: an 11+ save or its tier (1) in damage to itself.
    let mut b = field(GridKind::Square, units, &[1, 2, 3, 4, 4]);
    act(&mut b, f, EscalationAction::Rally).unwrap();
    let ev = since(&b, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Save {
            kind: ConditionKind::Confused,
            success: false,
            target_number: 11,
            ..
        }
    )));
    assert_eq!(damage(&ev), vec![(f, 1)]);
}

#[test]
fn rally_saves_against_a_one_round_effect_on_13_plus_the_escalation_die() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: Turns(2)}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    // Recovery 2d10 (1, 1), then the save 4+4+4 = 12 < 13: still dazed.
    let mut b = field(GridKind::Square, units, &[1, 1, 4, 4, 4]);
    let f = id(&b, "Brannoc");
    act(&mut b, f, EscalationAction::Rally).unwrap();
    assert!(b.has(f, ConditionKind::Dazed));
    // Round 2 (escalation die 1): 12 + 1 = 13 ends it.
    let mut b = field(GridKind::Square, units, &[1, 1, 4, 4, 4]);
    end(&mut b);
    end(&mut b);
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    act(&mut b, f, EscalationAction::Rally).unwrap();
    let save = since(&b, 0).iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dazed,
            roll,
            target_number,
            success,
            ..
        } => Some((roll.total, *target_number, *success)),
        _ => None,
    });
    assert_eq!(save, Some((13, 13, true)));
    assert!(!b.has(f, ConditionKind::Dazed));
}

#[test]
fn a_side_that_flees_ends_the_battle_and_the_other_side_holds_the_field() {
    let mut b = field(GridKind::Square, DUEL, &[]);
    let f = id(&b, "Brannoc");
    act(&mut b, f, EscalationAction::Flee).unwrap();
    let foes = b.side(id(&b, "Snitch"));
    assert!(since(&b, 0).contains(&Event::Fled { side: b.side(f) }));
    assert_eq!(b.status(), Status::Ended(Some(foes)));
}

#[test]
fn two_units_of_the_ambushing_side_act_in_the_surprise_round_and_a_pc_ambush_starts_the_die() {
    let units = r#"Unit(name: "Ash", side: "PCs", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Birch", side: "PCs", cell: (0, 2), archetype: "cleric"),
        Unit(name: "Lisk", side: "PCs", cell: (0, 4), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 1})"#;
    let src = |surprise: &str| {
        let row = format!("\"{}\"", ".".repeat(10));
        let map = vec![row; 6].join(", ");
        format!(
            r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{map}],
            sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                    Side(name: "Foes", colour: "#c83c3c", role: Npc)],
            units: [{units}], surprise: "{surprise}")"##
        )
    };
    let l = level::parse(&src("PCs"), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![]).unwrap();
    let (a, bi, l) = (id(&b, "Ash"), id(&b, "Birch"), id(&b, "Lisk"));
    // Round 1: Lisk (Fast) and Ash (the first Medium PC) act; Birch and the goblin wait.
    assert_eq!(b.current(), Some(l));
    end(&mut b);
    assert_eq!(b.current(), Some(a));
    end(&mut b);
    assert_eq!(b.round(), 2);
    // The first real round: a PC ambush starts the escalation die at 1.
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    assert_eq!(b.current(), Some(l));
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(bi));
    // An NPC ambush: the die is 0 in the surprise round and the first real round.
    let l = level::parse(&src("Foes"), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![]).unwrap();
    end(&mut b);
    assert_eq!(b.round(), 2);
    assert_eq!(b.counter(Counter::EscalationDie), 0);
}

// ---------------------------------------------------------------------------------------
// Scripts drive escalation's actions and answers.

#[test]
fn a_script_drives_disengage_yield_and_an_intercept() {
    use skirmish_rules::script::{Script, run};
    // The goblin comes at Ash; Birch intercepts it. Then Ash lets Birch go first; Birch
    // disengages (4+4+3 = 11) and walks off without provoking.
    let mut b = field(GridKind::Square, INTERCEPT, &[4, 4, 3]);
    let script = Script::parse(
        r#"Script(commands: [
            Move(unit: "Snitch", to: (4, 2)),
            React(unit: "Birch", choice: Intercept),
            EndTurn,
            Do(unit: "Ash", action: Yield(to: (2))),
            Do(unit: "Birch", action: Disengage(from: [])),
            Move(unit: "Birch", to: (1, 5)),
        ])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let (g, bi) = (id(&b, "Snitch"), id(&b, "Birch"));
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.pos(bi), Cell::new(1, 5));
    let ev = since(&b, 0);
    assert!(ev.iter().any(|e| matches!(e,
        Event::Reacted { reactor, kind: ReactionKind::Intercept, .. } if *reactor == bi)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Check {
            purpose: CheckPurpose::Disengage,
            outcome: Outcome::Success,
            ..
        }
    )));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered {
            trigger: Trigger::Leaving { .. },
            ..
        }
    )));
}

#[test]
fn enervated_saves_with_disadvantage_and_ongoing_damage_comes_before_the_save() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: SaveEnds(11), Enervated: UntilRemoved, Bleeding: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    // Ongoing 5 damage, then the save: 4d6, the lowest three (6 6 6 1 → 13).
    let mut b = field(GridKind::Square, units, &[6, 6, 6, 1]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    end(&mut b);
    let ev = since(&b, n);
    let dmg = ev
        .iter()
        .position(|e| matches!(e, Event::Damage { amount: 5, .. }));
    let save = ev.iter().position(|e| {
        matches!(
            e,
            Event::Save {
                kind: ConditionKind::Dazed,
                ..
            }
        )
    });
    assert!(dmg.is_some() && save.is_some() && dmg < save, "{ev:?}");
    let roll = ev.iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dazed,
            roll,
            success,
            ..
        } => Some((roll.faces.len(), roll.total, *success)),
        _ => None,
    });
    assert_eq!(roll, Some((4, 13, true)));
    assert!(!b.has(f, ConditionKind::Dazed));
}

#[test]
fn an_attacker_must_save_11_plus_to_attack_an_invisible_target_and_softened_gives_advantage() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}, conditions: {Invisible: UntilRemoved})"#;
    let mut b = field(GridKind::Square, units, &[1, 2, 3]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    let ev = since(&b, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Save {
            kind: ConditionKind::Invisible,
            success: false,
            ..
        }
    )));
    assert!(swings(&ev).is_empty(), "no effect");
    assert_eq!(
        b.slots(f, Slot::Standard),
        0,
        "the Standard action is spent"
    );
    let soft = units.replace("Invisible", "Softened");
    let mut b = field(GridKind::Square, &soft, &[1, 2, 3, 4, 1, 1]);
    attack(&mut b, f, g).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].5.len(), 4);
}

// ---------------------------------------------------------------------------------------
// The golden battle.

/// The golden escalation battle (every die forced): its full event log must match the
/// checked-in one line for line. After a deliberate rules change, regenerate it with
/// `skirmish run tests/fixtures/escalation-skirmish.ron --script
/// tests/fixtures/escalation-skirmish-script.ron > tests/fixtures/escalation-skirmish-expected.txt`
/// (drop the final "-- script done" line) and review the diff.
#[test]
fn the_golden_escalation_battle_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/escalation-skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/escalation-skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.forced_dice_left(), 0, "every forced die used");
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/escalation-skirmish-expected.txt"))
        .unwrap()
        .replace("\r\n", "\n");
    let want: Vec<&str> = want.lines().collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "event {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len());
    for needle in [
        "[Intercept]",
        "critical success",
        "critical failure",
        "[disengage]",
        "Reaction Attack",
        "miss damage",
        "escalation die",
        "reordered",
        "fled",
        "battle_ended [Goblins wins]",
    ] {
        assert!(want.iter().any(|l| l.contains(needle)), "{needle}");
    }
}

// ---------------------------------------------------------------------------------------
// Readying an action.

#[test]
fn a_readied_attack_goes_off_when_an_enemy_steps_next_to_the_unit() {
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", hp: 40, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 1, 1]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyEntersReach,
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap();
    assert_eq!(
        b.slots(f, Slot::Standard),
        0,
        "the readied Standard is paid now"
    );
    end(&mut b);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    let ev = since(&b, n);
    assert!(ev.contains(&Event::ReadyTriggered { unit: f, by: g }));
    assert_eq!(swings(&ev)[0].0, f);
    assert_eq!(damage(&ev), vec![(g, 1 + 1 + 3)]);
    assert!(b.readied().is_empty());
    // A ready that waits only this round is cancelled at its end.
    let mut b = field(GridKind::Square, units, &[]);
    act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyWithin { cells: 2 },
            response: ReadyResponse::Attack,
            until: ReadyUntil::RoundEnd,
        },
    )
    .unwrap();
    end(&mut b);
    end(&mut b);
    assert!(since(&b, 0).contains(&Event::ReadyCancelled { unit: f }));
}

#[test]
fn a_ready_that_goes_off_next_round_before_the_units_turn_costs_that_action_type() {
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", hp: 40, stats: {Band: 3, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 1, 1]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    end(&mut b);
    act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyEntersReach,
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap();
    end(&mut b);
    // Round 2: the goblin comes; the readied attack goes off before Brannoc's turn.
    assert_eq!(b.current(), Some(g));
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert_eq!(swings(&since(&b, 0))[0].0, f);
    assert_eq!(b.order(), [g, f], "it keeps its place");
    end(&mut b);
    assert_eq!(b.current(), Some(f), "and still takes its turn");
    assert_eq!(
        b.slots(f, Slot::Standard),
        0,
        "without the readied action's type"
    );
    assert_eq!(b.slots(f, Slot::Move), 1);
}

#[test]
fn a_dead_pc_fights_in_spirit_on_its_turn_while_its_side_fights_on() {
    use skirmish_rules::rulesets::escalation::SpiritBoon;
    // Four failed death saves (1 2 2 each): the fighter dies; the rogue fights on.
    let mut b = dropped(&[1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 5, 5, 5]);
    let (f, r, g) = (id(&b, "Brannoc"), id(&b, "Lisk"), id(&b, "Snitch"));
    for round in 0..4 {
        end(&mut b);
        if round < 3 {
            end(&mut b);
        }
    }
    assert!(b.has(f, ConditionKind::Dead));
    // The goblin's turn, the rogue's, then the dead fighter's own.
    assert_eq!(b.current(), Some(g));
    end(&mut b);
    assert_eq!(b.current(), Some(r));
    end(&mut b);
    assert_eq!(b.current(), Some(f), "a dead PC still takes its turn");
    // Only Fight in Spirit: no move, no attack.
    assert!(
        b.submit(Command::Move {
            unit: f,
            to: Cell::new(3, 4)
        })
        .is_err()
    );
    assert!(attack(&mut b, f, g).is_err());
    act(
        &mut b,
        f,
        EscalationAction::FightInSpirit {
            ally: r,
            boon: SpiritBoon::Attacks,
        },
    )
    .unwrap();
    assert!(b.has(r, ConditionKind::SpiritAttacks));
    assert_ne!(b.current(), Some(f), "its turn is over");
    // The goblin's turn, then the rogue attacks with 1 Advantage (4d6).
    end(&mut b);
    assert_eq!(b.current(), Some(r));
    b.submit(Command::Move {
        unit: r,
        to: Cell::new(3, 3),
    })
    .unwrap();
    let n = b.log().len();
    attack(&mut b, r, g).unwrap_or_else(|e| panic!("{e}"));
    let s = swings(&since(&b, n));
    assert_eq!(s[0].5.len(), 4, "{s:?}");
}

// ---------------------------------------------------------------------------------------
// The AI.

#[test]
fn the_ai_switches_to_melee_stance_rather_than_shoot_while_engaged_and_takes_free_attacks() {
    // A shooter without powers (a ranger's Pinning Shot is worth the opportunity attack:
    // `escalation_powers`): a goblin archer's numbers and weapons, no archetype.
    let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), hp: 14, weapons: ["shortbow", "dagger"],
            stats: {Level: 2, Volition: 2, Ac: 15, Pd: 13, Md: 10, Band: 3, MissDamage: 0}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let b = field(GridKind::Square, units, &[]);
    let r = id(&b, "Tarrow");
    assert_eq!(
        skirmish_rules::ai::decide(&b),
        Some(Command::Act {
            unit: r,
            action: EscalationAction::SwitchStance.into()
        })
    );
    // An opportunity attack is always taken (it is free).
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[]);
    let g = id(&b, "Snitch");
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(7, 2),
    })
    .unwrap();
    assert_eq!(
        skirmish_rules::ai::react(&b),
        Some(ReactionKind::ReactionAttack)
    );
}

#[test]
fn a_dicey_move_vaults_a_low_wall_on_3d6_against_11_and_gives_advantage_on_the_next_attack() {
    let map = [
        "..........",
        "...=......",
        "..........",
        "...._.....",
        "..........",
        "..........",
    ];
    let src = |units: &str| {
        let rows = map
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{rows}],
            sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                    Side(name: "Foes", colour: "#c83c3c", role: Npc)],
            units: [{units}])"##
        )
    };
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (2, 1), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (5, 1), archetype: "goblin", hp: 50, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
    // Over the low wall at (3, 1): 4+4+3 = 11 vs 11. Then the attack rolls 4d6.
    let l = level::parse(&src(units), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![4, 4, 3, 1, 2, 3, 4, 1, 1]).unwrap();
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    // Not over open ground.
    assert!(
        act(
            &mut b,
            f,
            EscalationAction::DiceyMove {
                to: Cell::new(2, 3),
                target: None,
            }
        )
        .is_err()
    );
    act(
        &mut b,
        f,
        EscalationAction::DiceyMove {
            to: Cell::new(4, 1),
            target: None,
        },
    )
    .unwrap();
    assert_eq!(b.pos(f), Cell::new(4, 1));
    assert!(b.has(f, ConditionKind::DiceyEdge));
    assert_eq!(b.slots(f, Slot::Move), 0);
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, 0));
    assert_eq!(s[0].5.len(), 4, "1 Advantage");
    assert_eq!(s[0].2, 2 + 3 + 4);
    assert!(!b.has(f, ConditionKind::DiceyEdge), "for one attack");
    // A pit is 13; a failure loses the move action and leaves the unit where it was.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 5), archetype: "goblin", stats: {Band: 1})"#;
    let l = level::parse(&src(units), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![4, 4, 4]).unwrap();
    let f = id(&b, "Brannoc");
    act(
        &mut b,
        f,
        EscalationAction::DiceyMove {
            to: Cell::new(5, 4),
            target: None,
        },
    )
    .unwrap();
    let check = since(&b, 0).iter().find_map(|e| match e {
        Event::Check {
            purpose: CheckPurpose::DiceyMove,
            target_number,
            outcome,
            ..
        } => Some((*target_number, *outcome)),
        _ => None,
    });
    assert_eq!(check, Some((13, Outcome::Failure)));
    assert_eq!(b.pos(f), Cell::new(3, 2));
    assert_eq!(b.slots(f, Slot::Move), 0);
}

/// Issue 29: "If two characters are Nearby each other, they can be next to/engaged with
/// each other with one move action": Birch (Speed 1) two cells from Ash is Nearby (one
/// move puts it next to Ash), so it may intercept the goblin coming at Ash.
#[test]
fn nearby_is_one_move_from_next_to() {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
    Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Birch", side: "PCs", cell: (3, 4), archetype: "cleric", stats: {Speed: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (g, a, bi) = (id(&b, "Snitch"), id(&b, "Ash"), id(&b, "Birch"));
    assert_eq!(b.grid().distance(b.pos(bi), b.pos(a)), 2);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(since(&b, n).iter().any(|e| matches!(e,
        Event::ReactionOffered { reactor, trigger: Trigger::Approaching { .. }, .. } if *reactor == bi)));
    react(&mut b, bi, Some(ReactionKind::Intercept));
    assert_eq!(b.pos(g), Cell::new(5, 2));
    assert_eq!(b.pos(bi), Cell::new(4, 3));
}

/// Issue 29: "If an enemy engaged with you … moves without attempting to Disengage …
/// they provoke an Opportunity Attack": one a move. Snitch walks along Brannoc's side
/// from (3, 1) to (5, 1), leaving two cells Brannoc threatens: one offer, not two.
#[test]
fn a_move_provokes_one_opportunity_attack_from_each_engaged_enemy() {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (3, 1), archetype: "goblin", stats: {Band: 4}),
    Unit(name: "Brannoc", side: "PCs", cell: (4, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    assert_eq!(b.current(), Some(g));
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(5, 1),
    })
    .unwrap();
    let mut offered = 0;
    while b.window().is_some_and(|w| w.reactor == f) {
        offered += 1;
        react(&mut b, f, None);
    }
    let offers = since(&b, n)
        .iter()
        .filter(|e| matches!(e, Event::ReactionOffered { reactor, trigger: Trigger::Leaving { .. }, .. } if *reactor == f))
        .count();
    assert_eq!((offered, offers), (1, 1));
    assert_eq!(b.pos(g), Cell::new(5, 1));
}
