//! escalation, issue 29 ("Spells are attacks"), seed 001: Shaken counts the escalation die
//! as 0 for everything the unit does, a Free ally Intercepts a melee attack meant for
//! someone Nearby, and NPCs are healed Level d6 — every one through `Battle::submit` (or a
//! script) with forced dice.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool};
use skirmish_rules::engine::CastAt;
use skirmish_rules::event::{Counter, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::{Battle, Command};

use crate::support::escalation::{attack, cast, end, field, react};
use crate::support::{BOTH, id, since};

/// (attacker, target, weapon or power, natural) of every attack in `ev`.
fn swings(
    ev: &[Event],
) -> Vec<(
    skirmish_rules::components::UnitId,
    skirmish_rules::components::UnitId,
    String,
    i32,
)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                target,
                weapon,
                roll,
                ..
            } => Some((*attacker, *target, weapon.clone(), roll.natural())),
            _ => None,
        })
        .collect()
}

/// Every `ReactionOffered` in `ev`: (reactor, trigger, options).
fn offered(
    ev: &[Event],
) -> Vec<(
    skirmish_rules::components::UnitId,
    Trigger,
    Vec<ReactionKind>,
)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor,
                trigger,
                options,
            } => Some((*reactor, trigger.clone(), options.clone())),
            _ => None,
        })
        .collect()
}

/// End turns until round `r` begins (the current unit's turn in it).
fn to_round(b: &mut Battle, r: u32) {
    while b.round() < r {
        end(b);
    }
}

// ---------------------------------------------------------------------------------------
// Shaken: "count the escalation die as 0" — for everything the unit does.

/// A fighter (Brutal Strike: Escalation 2+; Parry and Riposte) next to a slower goblin.
fn shaken_duel(shaken: bool, dice: &[u32]) -> Battle {
    let conditions = if shaken {
        "{Shaken: UntilRemoved, Weakened: Turns(9)}"
    } else {
        "{Weakened: Turns(9)}"
    };
    let units = format!(
        r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {conditions}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {{Band: 1}})"#
    );
    let mut b = field(GridKind::Square, 10, &units, "", dice);
    to_round(&mut b, 3);
    assert_eq!(b.counter(Counter::EscalationDie), 2);
    assert_eq!(b.current(), b.find("Brannoc"));
    b
}

/// Rally's save in `b` now: (total, target number, success, an "escalation die" bonus in
/// the roll).
fn rally_save(b: &mut Battle) -> (i32, i32, bool, bool) {
    let f = id(b, "Brannoc");
    let n = b.log().len();
    b.submit(Command::Act {
        unit: f,
        action: skirmish_rules::rulesets::escalation::EscalationAction::Rally.into(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    since(b, n)
        .iter()
        .find_map(|e| match e {
            Event::Save {
                kind: ConditionKind::Weakened,
                roll,
                target_number,
                success,
                ..
            } => Some((
                roll.total,
                *target_number,
                *success,
                roll.modifiers.iter().any(|m| m.name == "escalation die"),
            )),
            _ => None,
        })
        .expect("Rally's save")
}

/// Seed: "Shaken: You gain 1 Disadvantage on attacks and count the escalation die as 0";
/// "Escalation X+: This can only be used if the Escalation die is X or higher"; Rally:
/// "The save gains a bonus equal to Escalation".
#[test]
fn a_shaken_pc_counts_the_escalation_die_as_0_for_its_powers_and_its_rally() {
    // Round 3, the die shows 2. Shaken: Brutal Strike (Escalation 2+) is refused, and the
    // refusal says why.
    let mut b = shaken_duel(true, &[1, 1, 4, 4, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let e = cast(&mut b, f, "Brutal Strike", CastAt::Unit(g)).unwrap_err();
    let why = e.to_string();
    assert!(
        why.contains("Shaken") && why.contains("counts it as 0"),
        "{why}"
    );
    assert!(why.contains("it shows 2"), "{why}");
    // Rally: a recovery 2d10 [1, 1], then the 13+ save against Weakened (a one-round
    // effect): 4 + 4 + 4 = 12, and the die adds nothing: still Weakened.
    assert_eq!(rally_save(&mut b), (12, 13, false, false));
    assert!(b.has(f, ConditionKind::Weakened));
    // Not Shaken: the same round allows Brutal Strike, and Rally's save adds the die
    // (12 + 2 = 14: the effect ends).
    let mut b = shaken_duel(false, &[1, 1, 4, 4, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let ability = b
        .abilities(f)
        .iter()
        .position(|a| a.name == "Brutal Strike")
        .unwrap();
    let strike = Command::Act {
        unit: f,
        action: skirmish_rules::engine::Action::Common(
            skirmish_rules::engine::CommonAction::Cast {
                ability,
                at: CastAt::Unit(g),
            },
        ),
    };
    assert!(b.check(&strike).is_ok(), "{:?}", b.check(&strike));
    assert_eq!(rally_save(&mut b), (14, 13, true, true));
    assert!(!b.has(f, ConditionKind::Weakened));
}

/// A warden whose Interrupt keys off the escalation die (Escalation 2+).
const KEYED_WARDEN: &str = r#", abilities: {
        "Late Riposte": (kind: Ability, target: One(range: 1), resolve: Attack(vs: Armour),
            action: Some(Interrupt), trigger: Some(EnemyAttacksYou(engaged: true)),
            escalation: Some(Min(2)), effects: [Damage(dice: "1d4+3")]),
    },
    archetypes: {"warden": (hp: 30, stats: {Level: 2, Volition: 3, Ac: 15, Pd: 14, Md: 12, Band: 2},
        weapons: ["longsword"], abilities: ["Late Riposte"])}"#;

/// Seed: "Shaken: … count the escalation die as 0"; "Escalation X+: This can only be used
/// if the Escalation die is X or higher" — an Interrupt power's key too.
#[test]
fn a_shaken_units_escalation_2_interrupt_is_not_offered() {
    for shaken in [true, false] {
        let conditions = if shaken {
            r#", conditions: {Shaken: UntilRemoved}"#
        } else {
            ""
        };
        let units = format!(
            r#"Unit(name: "Vale", side: "PCs", cell: (3, 2), archetype: "warden"{conditions}),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {{Band: 1}})"#
        );
        let mut b = field(GridKind::Square, 10, &units, KEYED_WARDEN, &[1, 1, 1]);
        let (v, g) = (id(&b, "Vale"), id(&b, "Snitch"));
        to_round(&mut b, 3);
        end(&mut b);
        assert_eq!(b.current(), Some(g));
        let n = b.log().len();
        attack(&mut b, g, v).unwrap();
        let offers = offered(&since(&b, n));
        if shaken {
            assert_eq!(offers, vec![], "Shaken: the die counts as 0 < 2");
            assert_eq!(swings(&since(&b, n)).len(), 1, "the attack goes on at once");
        } else {
            assert_eq!(
                offers,
                vec![(
                    v,
                    Trigger::PowerCue {
                        by: g,
                        target: v,
                        attack: true
                    },
                    vec![ReactionKind::Interrupt(0)]
                )]
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Intercepting a melee attack.

/// A goblin (Very Fast) next to the cleric Sefa; the fighter Brannoc three cells away,
/// Free, Sefa Nearby.
const GUARD: &str = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
    Unit(name: "Sefa", side: "PCs", cell: (3, 2), archetype: "cleric"),
    Unit(name: "Brannoc", side: "PCs", cell: (3, 5), archetype: "fighter")"#;

/// Seed: "They can also Intercept a melee attack intended for someone who's Nearby to
/// them"; "If you're Nearby another character and Free, you can intercept attacks intended
/// for them"; Intercept: "you may Intercept that enemy as a Free Action. This … puts them
/// into engagement range with you. In most cases, any attack intended for your ally will
/// now be directed towards you."
#[test]
fn a_free_ally_intercepts_a_melee_attack_on_a_nearby_ally_and_becomes_its_target() {
    // The goblin's shortsword: [5, 5, 5] + 3 = 18 vs Brannoc's AC 17, 1d6 [4] + 2 = 6.
    let mut b = field(GridKind::Square, 10, GUARD, "", &[5, 5, 5, 4]);
    let (g, s, f) = (id(&b, "Snitch"), id(&b, "Sefa"), id(&b, "Brannoc"));
    let interrupts = b.pool(f, Pool::Interrupt);
    let n = b.log().len();
    attack(&mut b, g, s).unwrap();
    // Offered before the roll, through the reaction window; the prompt says what it does.
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    assert_eq!(swings(&since(&b, n)), vec![], "not rolled yet");
    let rule = {
        use skirmish_rules::rulesets::{Registry, RulesetId};
        let view = RulesetId::Escalation.view().expect("registered");
        view.prompt_rule(&b, b.window().unwrap())
    };
    assert_eq!(
        rule.as_deref(),
        Some("(an Intercept moves Brannoc next to Snitch and the attack is made on it instead)")
    );
    react(&mut b, f, Some(ReactionKind::Intercept));
    let ev: Vec<Event> = since(&b, n)
        .into_iter()
        .filter(|e| !matches!(e, Event::Spent { .. }))
        .collect();
    let attack_ev = ev
        .iter()
        .find(|e| matches!(e, Event::Attack { .. }))
        .cloned()
        .unwrap();
    let damage_ev = ev
        .iter()
        .find(|e| matches!(e, Event::Damage { .. }))
        .cloned()
        .unwrap();
    assert_eq!(
        ev,
        vec![
            Event::ReactionOffered {
                reactor: f,
                trigger: Trigger::PowerCue {
                    by: g,
                    target: s,
                    attack: true
                },
                options: vec![ReactionKind::Intercept],
            },
            Event::Reacted {
                reactor: f,
                kind: ReactionKind::Intercept,
                paid: vec![],
            },
            Event::Moved {
                unit: f,
                from: Cell::new(3, 5),
                to: Cell::new(3, 4),
                cost: 0
            },
            Event::Moved {
                unit: f,
                from: Cell::new(3, 4),
                to: Cell::new(3, 3),
                cost: 0
            },
            attack_ev.clone(),
            damage_ev.clone(),
        ]
    );
    // The attack is Brannoc's now: rolled against his AC, his HP.
    match attack_ev {
        Event::Attack {
            attacker,
            target,
            target_number,
            outcome,
            ..
        } => assert_eq!(
            (attacker, target, target_number, outcome),
            (g, f, 17, Outcome::Success)
        ),
        _ => unreachable!(),
    }
    match damage_ev {
        Event::Damage { unit, amount, .. } => assert_eq!((unit, amount), (f, 6)),
        _ => unreachable!(),
    }
    assert_eq!(b.hp(s), 30, "Sefa untouched");
    // A free action: engaged with the goblin now, its Interrupt kept.
    assert_eq!(b.grid().distance(b.pos(f), b.pos(g)), 1);
    assert_eq!(b.pool(f, Pool::Interrupt), interrupts);
    // "any attack intended for your ally will now be directed towards you": for the rest
    // of the goblin's turn (what refuses its attacks on Sefa, as after a move's Intercept).
    assert_eq!(
        skirmish_rules::rulesets::escalation::intercepted_by(&b, g),
        Some((f, s))
    );
    // On hexes too: Brannoc ends next to the goblin and takes the attack.
    let mut b = field(GridKind::Hex, 10, GUARD, "", &[1, 1, 1]);
    let (g, s, f) = (id(&b, "Snitch"), id(&b, "Sefa"), id(&b, "Brannoc"));
    let n = b.log().len();
    attack(&mut b, g, s).unwrap();
    react(&mut b, f, Some(ReactionKind::Intercept));
    assert_eq!(b.grid().distance(b.pos(f), b.pos(g)), 1);
    assert_eq!(
        swings(&since(&b, n)),
        vec![(g, f, "shortsword".to_string(), 3)]
    );
}

/// Seed: "you may Intercept" — a choice: declined, the attack goes on at the ally.
#[test]
fn a_declined_intercept_lets_the_attack_go_on_at_the_ally() {
    for kind in BOTH {
        // [5, 5, 5] + 3 = 18 vs Sefa's AC 16, 1d6 [4] + 2 = 6.
        let mut b = field(kind, 10, GUARD, "", &[5, 5, 5, 4]);
        let (g, s, f) = (id(&b, "Snitch"), id(&b, "Sefa"), id(&b, "Brannoc"));
        let n = b.log().len();
        attack(&mut b, g, s).unwrap();
        react(&mut b, f, None);
        let ev = since(&b, n);
        assert!(ev.contains(&Event::ReactionDeclined { reactor: f }));
        assert_eq!(swings(&ev), vec![(g, s, "shortsword".to_string(), 15)]);
        assert_eq!(b.hp(s), 24);
        assert_eq!(b.pos(f), Cell::new(3, 5), "{kind:?}: Brannoc stays");
        assert_eq!(b.status(), Status::Turn(g));
    }
}

/// Seed: "Intercept a melee attack": a melee power's attack (Shiv, range 1) is one; a
/// ranged attack (the archer's shortbow) is not offered.
#[test]
fn a_melee_power_is_intercepted_too_and_a_ranged_attack_is_not_offered() {
    // Shiv on Sefa, intercepted: its roll [1, 1, 1] is against Brannoc.
    let mut b = field(GridKind::Square, 10, GUARD, "", &[1, 1, 1]);
    let (g, s, f) = (id(&b, "Snitch"), id(&b, "Sefa"), id(&b, "Brannoc"));
    let n = b.log().len();
    cast(&mut b, g, "Shiv", CastAt::Unit(s)).unwrap();
    assert_eq!(
        offered(&since(&b, n)),
        vec![(
            f,
            Trigger::PowerCue {
                by: g,
                target: s,
                attack: true
            },
            vec![ReactionKind::Intercept]
        )]
    );
    react(&mut b, f, Some(ReactionKind::Intercept));
    assert_eq!(swings(&since(&b, n)), vec![(g, f, "Shiv".to_string(), 3)]);
    // A goblin archer (ranged stance) shoots Sefa from 5 cells: nothing is offered.
    let units = r#"Unit(name: "Skiv", side: "Foes", cell: (8, 2), archetype: "goblin archer", stats: {Band: 4}),
        Unit(name: "Sefa", side: "PCs", cell: (3, 2), archetype: "cleric"),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 5), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, 10, units, "", &[1, 1, 1]);
    let (a, s) = (id(&b, "Skiv"), id(&b, "Sefa"));
    let n = b.log().len();
    attack(&mut b, a, s).unwrap();
    let ev = since(&b, n);
    assert_eq!(offered(&ev), vec![]);
    assert_eq!(swings(&ev), vec![(a, s, "shortbow".to_string(), 3)]);
}

/// Seed: "Intercept a melee attack intended for someone who's Nearby to them"; "Nearby:
/// If two characters are Nearby each other, they can be next to/engaged with each other
/// with one move action" (6 cells: a distance of 7 at most).
#[test]
fn an_ally_too_far_to_be_nearby_is_not_offered_the_intercept() {
    for (x, nearby) in [(9, false), (8, true)] {
        // Sefa at (1, 2), Brannoc 8 (or 7) cells off: either way a cell next to the goblin,
        // (3, 2), is within his one move; only Nearby decides.
        let units = format!(
            r#"Unit(name: "Snitch", side: "Foes", cell: (2, 2), archetype: "goblin", stats: {{Band: 4}}),
            Unit(name: "Sefa", side: "PCs", cell: (1, 2), archetype: "cleric"),
            Unit(name: "Brannoc", side: "PCs", cell: ({x}, 2), archetype: "fighter")"#
        );
        let mut b = field(GridKind::Square, 12, &units, "", &[1, 1, 1]);
        let (g, s, f) = (id(&b, "Snitch"), id(&b, "Sefa"), id(&b, "Brannoc"));
        let n = b.log().len();
        attack(&mut b, g, s).unwrap();
        let offers: Vec<_> = offered(&since(&b, n))
            .into_iter()
            .map(|(r, _, o)| (r, o))
            .collect();
        if nearby {
            assert_eq!(offers, vec![(f, vec![ReactionKind::Intercept])]);
        } else {
            assert_eq!(offers, vec![], "8 cells: not Nearby");
            assert_eq!(swings(&since(&b, n)), vec![(g, s, "shortsword".into(), 3)]);
        }
    }
}

/// Seed: "A character who's Engaged with an enemy is restricted …: they can't Intercept
/// enemy attacks"; Intercept "as a Free Action" (not the one Interrupt: "Interrupt: You can
/// use one of these per round outside of your turn. These are generally limited to
/// powers").
#[test]
fn a_unit_that_intercepted_this_round_is_engaged_and_not_offered_again() {
    // Three goblins next to Brannoc; Sefa three cells off. Every goblin attack rolls
    // [1, 1, 1] (a natural 3).
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Grub", side: "Foes", cell: (4, 3), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Grik", side: "Foes", cell: (2, 3), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Sefa", side: "PCs", cell: (3, 5), archetype: "cleric")"#;
    let mut b = field(
        GridKind::Square,
        10,
        units,
        "",
        &[1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    let (sn, gr, gk) = (id(&b, "Snitch"), id(&b, "Grub"), id(&b, "Grik"));
    let (f, s) = (id(&b, "Brannoc"), id(&b, "Sefa"));
    let shield = b
        .abilities(s)
        .iter()
        .position(|a| a.name == "Shield of Faith")
        .unwrap();
    // Snitch attacks Brannoc: Brannoc may Parry, Sefa may shield him or intercept. She
    // spends her Interrupt on Shield of Faith.
    attack(&mut b, sn, f).unwrap();
    react(&mut b, f, None);
    assert_eq!(
        b.window().map(|w| w.options.clone()),
        Some(vec![
            ReactionKind::Interrupt(shield),
            ReactionKind::Intercept
        ])
    );
    react(&mut b, s, Some(ReactionKind::Interrupt(shield)));
    assert_eq!(b.pool(s, Pool::Interrupt), 0);
    end(&mut b);
    // Grub attacks Brannoc: her Interrupt is spent, but the Intercept is free: offered,
    // and taken; she stands next to Grub and takes its attack.
    assert_eq!(b.current(), Some(gr));
    let n = b.log().len();
    attack(&mut b, gr, f).unwrap();
    react(&mut b, f, None);
    assert_eq!(
        b.window().map(|w| (w.reactor, w.options.clone())),
        Some((s, vec![ReactionKind::Intercept]))
    );
    react(&mut b, s, Some(ReactionKind::Intercept));
    assert_eq!(swings(&since(&b, n)), vec![(gr, s, "shortsword".into(), 3)]);
    assert_eq!(b.grid().distance(b.pos(s), b.pos(gr)), 1);
    end(&mut b);
    // Grik attacks Brannoc: Sefa, engaged with Grub, is not Free: only Brannoc's Parry.
    assert_eq!(b.current(), Some(gk));
    let n = b.log().len();
    attack(&mut b, gk, f).unwrap();
    react(&mut b, f, None);
    let offers: Vec<_> = offered(&since(&b, n))
        .into_iter()
        .map(|(r, _, _)| r)
        .collect();
    assert_eq!(offers, vec![f]);
    assert_eq!(swings(&since(&b, n)), vec![(gk, f, "shortsword".into(), 3)]);
}

/// Seed: "you may Intercept" — a script answers the offer with `React(…, choice:
/// Intercept)`; the AI takes it by expected value (a tougher ally shields a softer one;
/// two alike never trade places).
#[test]
fn a_script_intercepts_a_melee_attack_and_the_ai_weighs_it() {
    use skirmish_rules::script::{Script, run};
    let mut b = field(GridKind::Square, 10, GUARD, "", &[1, 1, 1]);
    let script = Script::parse(
        r#"Script(commands: [
            Attack(unit: "Snitch", target: "Sefa"),
            React(unit: "Brannoc", choice: Intercept),
        ])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    assert_eq!(
        swings(&since(&b, 0)),
        vec![(g, f, "shortsword".to_string(), 3)]
    );
    // The AI: Sefa in light armour (AC 10) is hit about 95% of the time, Brannoc (AC 17)
    // about 16%: worth intercepting. With Sefa as well armoured as him: not.
    for (ac, want) in [(10, Some(ReactionKind::Intercept)), (17, None)] {
        let units = GUARD.replace(
            r#"archetype: "cleric")"#,
            &format!(r#"archetype: "cleric", stats: {{Ac: {ac}}})"#),
        );
        let mut b = field(GridKind::Square, 10, &units, "", &[]);
        let (g, s) = (id(&b, "Snitch"), id(&b, "Sefa"));
        attack(&mut b, g, s).unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(id(&b, "Brannoc")));
        assert_eq!(skirmish_rules::ai::react(&b), want, "AC {ac}");
    }
}

// ---------------------------------------------------------------------------------------
// NPC healing: "NPCs are healed either 1d6 per level or 1d10 per level if it matters."

/// A Level 3 NPC shaman that heals itself (Mend: 1d6, a Quick action), and one whose
/// healing "matters" (`RecoveryDie: 10`).
const SHAMANS: &str = r#", abilities: {
        "Mend": (kind: Ability, target: User, action: Some(Quick), effects: [Heal(dice: "1d6")]),
    },
    archetypes: {
        "shaman": (hp: 30, stats: {Level: 3, Volition: 2, Ac: 14, Pd: 12, Md: 14, Band: 1},
            weapons: ["mace"], abilities: ["Mend"]),
        "troll shaman": (hp: 60, stats: {Level: 3, Volition: 2, Ac: 14, Pd: 12, Md: 14, Band: 1, RecoveryDie: 10},
            weapons: ["mace"], abilities: ["Mend"]),
    }"#;

/// (unit, amount, HP after) of every `Healed` in `ev`.
fn heals(ev: &[Event]) -> Vec<(skirmish_rules::components::UnitId, i32, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Healed {
                unit,
                amount,
                hp_after,
            } => Some((*unit, *amount, *hp_after)),
            _ => None,
        })
        .collect()
}

/// Seed: "NPCs are healed either 1d6 per level or 1d10 per level if it matters"; "Most
/// healing requires you to use a Recovery" (a PC).
#[test]
fn an_npc_is_healed_level_d6_and_a_pc_heals_using_a_recovery() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Grask", side: "Foes", cell: (4, 2), archetype: "shaman")"#;
    // Brannoc hits Grask: [5, 5, 5] + 5 = 20 vs AC 14, 2d8 [8, 8] + 3 = 19 (30 → 11).
    // Grask's Mend: its 1d6 [2], then Level 3 d6 [1, 2, 3] = 6: 11 → 13 → 19.
    // Grask's mace on Brannoc: [5, 5, 5] + 5 = 20 vs AC 17 (Parry declined), 3d6 [6, 6, 6]
    // + 2 = 20 (34 → 14). Round 2, Brannoc's Second Wind: 1d6 [3], then a recovery 2d10
    // [4, 5] (the fighter's recovery die): 14 → 17 → 26.
    let dice = [5, 5, 5, 8, 8, 2, 1, 2, 3, 5, 5, 5, 6, 6, 6, 3, 4, 5];
    let mut b = field(GridKind::Square, 10, units, SHAMANS, &dice);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Grask"));
    attack(&mut b, f, g).unwrap();
    assert_eq!(b.hp(g), 11);
    end(&mut b);
    let recoveries = b.pool(g, Pool::Recoveries);
    let n = b.log().len();
    cast(&mut b, g, "Mend", CastAt::User).unwrap();
    assert_eq!(heals(&since(&b, n)), vec![(g, 2, 13), (g, 6, 19)]);
    assert_eq!(
        b.pool(g, Pool::Recoveries),
        recoveries,
        "an NPC spends none"
    );
    attack(&mut b, g, f).unwrap();
    react(&mut b, f, None);
    assert_eq!(b.hp(f), 14);
    end(&mut b);
    let recoveries = b.pool(f, Pool::Recoveries);
    let n = b.log().len();
    cast(&mut b, f, "Second Wind", CastAt::User).unwrap();
    assert_eq!(heals(&since(&b, n)), vec![(f, 3, 17), (f, 9, 26)]);
    assert_eq!(b.pool(f, Pool::Recoveries), recoveries - 1);
    assert_eq!(b.forced_dice_left(), 0);
    // "1d10 per level if it matters": a troll shaman (`RecoveryDie: 10`) heals Level d10:
    // Mend's 1d6 [1], then 3d10 [7, 1, 1] = 9 (60 − 19 = 41 → 42 → 51).
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Grask", side: "Foes", cell: (4, 2), archetype: "troll shaman")"#;
    let dice = [5, 5, 5, 8, 8, 1, 7, 1, 1];
    let mut b = field(GridKind::Square, 10, units, SHAMANS, &dice);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Grask"));
    attack(&mut b, f, g).unwrap();
    end(&mut b);
    let n = b.log().len();
    cast(&mut b, g, "Mend", CastAt::User).unwrap();
    assert_eq!(heals(&since(&b, n)), vec![(g, 1, 42), (g, 9, 51)]);
}
