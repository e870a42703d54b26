//! The core's hooks for the last two seeds (issue 28), continued (`duel_hooks.rs` has the
//! set-up): the damage expected after each mix of amounts, declare-then-resolve, and
//! spells through the same steps as weapons.

use skirmish_rules::battle::{Battle, Status};
use skirmish_rules::components::{Pool, UnitId};
use skirmish_rules::engine::{Command, CommonAction};
use skirmish_rules::event::{Event, ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;

use crate::duel::{DUEL_HOOKS, ruled_battle};
use crate::duel_hooks::{attack, battle, commit, fang_steps_in, react};
use crate::support::{damage, id, since};

/// The expected damage after each mix of amounts (`Ruleset::answer_odds`: what the
/// prompt's amount picker shows and the AI weighs) is what the resolver then deals; a
/// part short of its least alone (Dig In's 1 cell without a die) is refused, nothing
/// changed (counters seed 000's Block: "1+ SD … or 10ft or more of unspent movement").
#[test]
fn the_damage_expected_after_each_mix_is_the_damage_dealt() {
    for sd in 0..=2u32 {
        for mv in 0..=2u32 {
            let mut b = battle("(7, 4)", false, &[15, 8]);
            let (c, f) = fang_steps_in(&mut b);
            attack(&mut b, c, f, None);
            let mut commits = Vec::new();
            if sd > 0 {
                commits.push(commit(0, Pool::SkillDice, sd));
            }
            if mv > 0 {
                commits.push(commit(1, Pool::Movement, mv));
            }
            let w = b.window().expect("a window").clone();
            if (sd, mv) == (0, 1) {
                // Dig In alone takes both cells (`CommitPart::alone_least`): refused.
                let n = b.log().len();
                let e = b
                    .submit(Command::React {
                        unit: f,
                        choice: Some(ReactionKind::Block),
                        commit: 0,
                        commits,
                    })
                    .expect_err("1 cell alone is short of Dig In's least");
                assert_eq!(
                    e.to_string(),
                    "Fang cannot do that: Dig In alone takes at least 2 movement (or commit \
                     to Block too)"
                );
                assert_eq!((b.log().len(), b.window()), (n, Some(&w)));
                continue;
            }
            if sd + mv > 3 {
                // Duel hooks' Block takes at most 3 in all (`Ruleset::check_answer`).
                let e = b
                    .submit(Command::React {
                        unit: f,
                        choice: Some(ReactionKind::Block),
                        commit: 0,
                        commits,
                    })
                    .expect_err("more than 3 in all");
                assert!(e.to_string().contains("at most 3"), "{e}");
                continue;
            }
            let expected = b
                .rules()
                .answer_odds(&b, &w, ReactionKind::Block, &commits)
                .expect("Block weighs damage");
            assert_eq!(
                b.rules()
                    .answer_odds(&b, &w, ReactionKind::FreeHit, &commits),
                None
            );
            let n = b.log().len();
            react(&mut b, f, Some(ReactionKind::Block), commits.clone());
            let dealt = damage(&since(&b, n));
            assert_eq!(dealt, [(f, expected as i32)], "{commits:?}");
            assert_eq!(expected, f64::from((4 - 2 * (sd + mv) as i32).max(0)));
        }
    }
}

// ---- 4. Declare, then resolve ----

/// Corwin hits Fang, who has an ally (Grey, another wolf) beside it: Fang, then Grey,
/// declare (a Dodge, a free hit on Corwin) before anything happens; then the free hit
/// resolves first (the ruleset's order of kinds), though Fang declared first, and the
/// damage comes last.
#[test]
fn every_reactor_declares_first_then_answers_resolve_by_kind_then_initiative() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf"),
        Unit(name: "Grey", side: "Blue", cell: (5, 5), archetype: "wolf")"#;
    // Initiative: Corwin 20, Fang 10, Grey 5; Corwin's d20 15 hits; Grey's free hit d20 2
    // misses; Corwin's 1d8 = 6.
    let mut b = ruled_battle(
        &DUEL_HOOKS,
        GridKind::Square,
        units,
        1,
        &[20, 10, 5, 15, 2, 6],
    );
    let (c, f, g) = (id(&b, "Corwin"), id(&b, "Fang"), id(&b, "Grey"));
    let n = b.log().len();
    attack(&mut b, c, f, None);
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    react(&mut b, f, Some(ReactionKind::Dodge), Vec::new());
    // Declared, not yet resolved: no Reacted, Grey asked next.
    assert_eq!(b.status(), Status::AwaitingReaction(g));
    assert!(
        !since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::Reacted { .. }))
    );
    react(&mut b, g, Some(ReactionKind::FreeHit), Vec::new());
    // Then the damage step: Fang may still Block the 6 coming (one reaction left).
    react(&mut b, f, None, Vec::new());
    let ev = since(&b, n);
    let order: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Declared { reactor, kind } => {
                Some(format!("declared {} {kind}", b.name(*reactor)))
            }
            Event::Reacted { reactor, kind, .. } => {
                Some(format!("reacted {} {kind}", b.name(*reactor)))
            }
            Event::Attack { attacker, .. } if *attacker == g => Some("Grey attacks".into()),
            Event::Damage { unit, .. } => Some(format!("damage {}", b.name(*unit))),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        [
            "declared Fang Dodge",
            "declared Grey Free hit",
            "reacted Grey Free hit",
            "Grey attacks",
            "reacted Fang Dodge",
            "damage Fang",
        ]
    );
    assert_eq!(b.rp(f), 1);
    assert_eq!(b.rp(g), 1);
    assert_eq!(b.hp(f), 13 - 6);
}

/// A declined declaration drops out; the others still resolve.
#[test]
fn a_declined_declaration_drops_out() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf"),
        Unit(name: "Grey", side: "Blue", cell: (5, 5), archetype: "wolf")"#;
    let mut b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &[20, 10, 5, 15, 6]);
    let (c, f, g) = (id(&b, "Corwin"), id(&b, "Fang"), id(&b, "Grey"));
    let n = b.log().len();
    attack(&mut b, c, f, None);
    react(&mut b, f, Some(ReactionKind::Dodge), Vec::new());
    react(&mut b, g, None, Vec::new());
    react(&mut b, f, None, Vec::new());
    let reacted: Vec<UnitId> = since(&b, n)
        .iter()
        .filter_map(|e| match e {
            Event::Reacted { reactor, .. } => Some(*reactor),
            _ => None,
        })
        .collect();
    assert_eq!(reacted, [f]);
    assert_eq!(damage(&since(&b, n)), [(f, 6)]);
}

// ---- 3. Spells go through the same steps ----

/// Ada (psion) casts Mind Thrust (a save, 2d6 psychic) at Fang.
fn mind_thrust(forced: &[u32]) -> (Battle, UnitId, UnitId) {
    let units = r#"Unit(name: "Ada", side: "Red", cell: (4, 4), archetype: "psion"),
        Unit(name: "Fang", side: "Blue", cell: (6, 4), archetype: "wolf")"#;
    let mut all = vec![20, 1];
    all.extend_from_slice(forced);
    let mut b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &all);
    let (a, f) = (id(&b, "Ada"), id(&b, "Fang"));
    assert_eq!(
        b.ability(a, 0).map(|x| x.name.as_str()),
        Some("Mind Thrust")
    );
    b.submit(Command::Act {
        unit: a,
        action: CommonAction::Cast {
            ability: 0,
            at: skirmish_rules::engine::CastAt::Unit(f),
        }
        .into(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    (b, a, f)
}

/// After the spell's check, the target may answer it landing on it (a counterspell per
/// target): answered, the spell does nothing to it.
#[test]
fn a_target_answers_a_spell_landing_on_it_and_its_effects_are_cancelled() {
    let (mut b, a, f) = mind_thrust(&[]);
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    let w = b.window().unwrap();
    assert!(matches!(
        w.trigger,
        Trigger::SpellLanding { caster, ability: 0, landed: true, .. } if caster == a
    ));
    let n = b.log().len();
    react(&mut b, f, Some(ReactionKind::Counterspell), Vec::new());
    assert!(damage(&since(&b, n)).is_empty());
    assert_eq!(b.hp(f), 13);
    assert_eq!(b.rp(f), 1);
}

/// A price with alternatives is paid the way the answer chooses: commits equal to one
/// alternative choose it (counters' counter attack, seed 000: "Cost (choose one): 1 SD,
/// 10ft unspent movement"). Duel hooks' counterspell costs 1 reaction or 1 skill die:
/// no commits pay the first affordable (the reaction, as before); 1 skill die pays the
/// die and keeps the reaction; an alternative the reactor cannot afford is refused with
/// the state unchanged.
#[test]
fn the_answer_chooses_which_alternative_of_its_price_pays() {
    // No choice: the first affordable alternative, the reaction.
    let (mut b, _, f) = mind_thrust(&[]);
    react(&mut b, f, Some(ReactionKind::Counterspell), Vec::new());
    assert_eq!((b.rp(f), b.pool(f, Pool::SkillDice)), (1, 3));
    // A skill die chosen: the die is paid, the reaction kept, nothing on top.
    let (mut b, _, f) = mind_thrust(&[]);
    let n = b.log().len();
    react(
        &mut b,
        f,
        Some(ReactionKind::Counterspell),
        vec![commit(0, Pool::SkillDice, 1)],
    );
    assert_eq!((b.rp(f), b.pool(f, Pool::SkillDice)), (2, 2));
    let ev = since(&b, n);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Reacted { reactor, paid, .. }
            if *reactor == f && paid == &vec![(Pool::SkillDice, 1)])),
        "{ev:?}"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Spent { on, .. }
            if *on == skirmish_rules::event::Spend::Commit)),
        "{ev:?}"
    );
    assert_eq!(b.hp(f), 13);
    // 2 skill dice is no alternative (and a counterspell takes nothing on top).
    let (mut b, _, f) = mind_thrust(&[]);
    let before = b.log().len();
    let e = b
        .submit(Command::React {
            unit: f,
            choice: Some(ReactionKind::Counterspell),
            commit: 0,
            commits: vec![commit(0, Pool::SkillDice, 2)],
        })
        .expect_err("2 skill dice is not a counterspell's price");
    assert!(e.to_string().contains("nothing can be committed"), "{e}");
    assert_eq!(b.log().len(), before);
    // An alternative the reactor cannot afford (Fang has moved no cells this round):
    // refused, nothing changes; the window stays open.
    let (mut b, _, f) = mind_thrust(&[]);
    assert_eq!(b.pool(f, Pool::Movement), 0);
    let before = b.log().len();
    let e = b
        .submit(Command::React {
            unit: f,
            choice: Some(ReactionKind::Counterspell),
            commit: 0,
            commits: vec![commit(0, Pool::Movement, 2)],
        })
        .expect_err("no movement to pay with");
    assert_eq!(
        e.to_string(),
        "Fang cannot do that: it cannot pay 2 movement for that answer (has 0 movement; \
         the price is 1 RP or 1 skill die or 2 movement)"
    );
    assert_eq!(b.log().len(), before);
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    assert_eq!((b.rp(f), b.pool(f, Pool::SkillDice)), (2, 3));
}

/// Declined, the spell's damage takes a weapon's damage step: Fang, told the 7 coming,
/// Blocks it to half.
#[test]
fn a_spells_damage_takes_the_same_damage_step_as_a_weapons() {
    let (mut b, a, f) = mind_thrust(&[3, 4]);
    react(&mut b, f, None, Vec::new());
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    assert_eq!(
        b.window().unwrap().trigger,
        Trigger::IncomingDamage {
            attacker: a,
            amount: 7
        }
    );
    let n = b.log().len();
    react(&mut b, f, Some(ReactionKind::Block), Vec::new());
    assert_eq!(damage(&since(&b, n)), [(f, 3)]);
    assert_eq!(b.hp(f), 10);
}

// ---- 5. A weapon strikes as far as the zone it threatens ----

/// The ruleset's threat reach is each melee weapon's reach too (`Battle::melee_reach`),
/// so a zone grown by a feat (melee-zone: "Reach: increase melee zone to 2 spaces around
/// you") gives free hits, reaction attacks and attacks out to its edge. In duel hooks
/// Corwin's feat "Reach" makes his longsword's zone 2: Fang 2 cells away is one he
/// strikes; without the feat he is not, on either grid.
#[test]
fn a_weapon_strikes_as_far_as_the_ruleset_makes_its_zone() {
    for kind in crate::support::BOTH {
        for feat in [true, false] {
            let extra = if feat { r#", feats: ["Reach"]"# } else { "" };
            let units = format!(
                r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"{extra}),
                Unit(name: "Fang", side: "Blue", cell: (6, 4), archetype: "wolf")"#
            );
            // Initiative: Corwin 20, Fang 1; Corwin's d20 15 hits; his 1d8 = 6 (Fang
            // declines to Block it).
            let mut b = ruled_battle(&DUEL_HOOKS, kind, &units, 1, &[20, 1, 15, 6]);
            let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
            assert_eq!(b.grid().distance(b.pos(c), b.pos(f)), 2, "{kind:?}");
            assert_eq!(b.current(), Some(c));
            let sword = b.weapons(c).iter().position(|w| w.name == "longsword");
            assert!(sword.is_some());
            let w = &b.weapons(c)[sword.unwrap()];
            assert_eq!(w.reach, 1, "the longsword's own reach");
            let zone = if feat { 2 } else { 1 };
            assert_eq!(b.melee_reach(c, w), zone, "{kind:?}");
            assert_eq!(b.threat_reach(c), zone);
            // The free hit's and the reaction attack's weapon choice.
            assert_eq!(b.best_melee(c, 2), if feat { sword } else { None });
            let cmd = Command::Attack {
                unit: c,
                target: f,
                weapon: None,
                slot: None,
                aim: None,
            };
            if !feat {
                let e = b.submit(cmd).unwrap_err();
                assert!(e.to_string().contains("reach 1, target is 2 away"), "{e}");
                continue;
            }
            let n = b.log().len();
            b.submit(cmd).unwrap_or_else(|e| panic!("{e}"));
            while let Status::AwaitingReaction(r) = b.status() {
                react(&mut b, r, None, Vec::new());
            }
            let ev = since(&b, n);
            assert!(ev.iter().any(|e| matches!(
                e,
                Event::Attack { attacker, target, weapon, .. }
                    if *attacker == c && *target == f && weapon == "longsword"
            )));
            assert_eq!(damage(&ev), [(f, 6)], "the longsword's 1d8");
        }
    }
}

/// Fang walks past Corwin (feat "Reach"): on its third step within his 2-cell zone he
/// takes the free hit offered, at 2 cells, with his longsword (before this hook the
/// weapon choice stopped at the longsword's own reach and nothing was struck).
#[test]
fn a_free_hit_from_a_grown_zone_strikes_at_its_edge() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", feats: ["Reach"]),
        Unit(name: "Fang", side: "Blue", cell: (6, 1), archetype: "wolf")"#;
    // Initiative: Fang 20, Corwin 1; the free hit's d20 15 hits, its 1d8 = 5.
    let mut b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &[1, 20, 15, 5]);
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    b.submit(Command::Move {
        unit: f,
        to: skirmish_rules::grid::Cell::new(6, 7),
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(c));
    assert_eq!(b.grid().distance(b.pos(c), b.pos(f)), 2);
    let n = b.log().len();
    react(&mut b, c, Some(ReactionKind::FreeHit), Vec::new());
    while let Status::AwaitingReaction(r) = b.status() {
        react(&mut b, r, None, Vec::new());
    }
    let ev = since(&b, n);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Attack { attacker, target, .. } if *attacker == c && *target == f
    )));
    assert_eq!(damage(&ev), [(f, 5)]);
}

// ---- 11. What difficult ground costs a mover ----

/// `Ruleset::difficult_cost` (melee-zone's Maneuverer: "move normally while sneaking,
/// swimming"): duel hooks charges a unit with the feat "Wader" 1 a space of difficult
/// ground, others the terrain's 2, in the step cost, the planned path and the `Moved`
/// event alike.
#[test]
fn difficult_ground_costs_what_the_ruleset_says_for_each_mover() {
    let map = vec![format!("\"{}\"", "..~~~..........."); 9].join(", ");
    let src = format!(
        r##"Level(name: "ford", ruleset: "tactical-d20", grid: Square, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "Corwin", side: "Red", cell: (1, 2), archetype: "fighter", feats: ["Wader"]),
            Unit(name: "Tamsin", side: "Red", cell: (1, 6), archetype: "rogue"),
            Unit(name: "Fang", side: "Blue", cell: (14, 4), archetype: "wolf")])"##
    );
    let l = skirmish_rules::level::parse(&src, "ford").unwrap_or_else(|e| panic!("{e}"));
    // Initiative: Corwin 20, Tamsin 10, Fang 1.
    let mut b = Battle::with_rules(&DUEL_HOOKS, l, 1, vec![20, 10, 1]).unwrap();
    let (corwin, tamsin) = (id(&b, "Corwin"), id(&b, "Tamsin"));
    let water = skirmish_rules::grid::Cell::new(3, 2);
    assert_eq!(b.step_cost(corwin, water), Some(1));
    assert_eq!(
        b.step_cost(tamsin, skirmish_rules::grid::Cell::new(3, 6)),
        Some(2)
    );
    assert_eq!(b.current(), Some(corwin));
    let to = skirmish_rules::grid::Cell::new(5, 2);
    assert_eq!(
        b.path_to(corwin, to).map(|p| p.1),
        Some(4),
        "3 of water at 1, 1 of floor"
    );
    let n = b.log().len();
    b.submit(Command::Move { unit: corwin, to }).unwrap();
    let costs: Vec<u32> = since(&b, n)
        .iter()
        .filter_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .collect();
    assert_eq!(costs, [1, 1, 1, 1]);
}
