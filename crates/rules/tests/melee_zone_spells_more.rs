//! melee-zone casting, continued from `melee_zone_spells` (the file would pass 600 lines): summons, toggling, saves, the AI, the level, scripts and the window's prices, each through `Battle::submit` with forced dice, the seed's line above each.

use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, since};
use skirmish_rules::components::{Pool, Slot};
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction, Illegal};
use skirmish_rules::event::{
    ChainKind, CheckPurpose, Event, Outcome, ReactionKind, Spend, Trigger,
};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;
use skirmish_rules::rulesets::melee_zone::{
    self as mz, MeleeZoneAction, MeleeZoneAi, summoning_slots, summons_of,
};
use skirmish_rules::rulesets::ui::act;

use super::melee_zone_spells::*;

#[test]
fn summoning_slots_follow_the_level_and_legion_leader() {
    let extra = r#"archetypes: {"hedge": (hp: 10, stats: {Agility: 1, Accuracy: 1},
        weapons: ["dagger"], abilities: ["Call Wolf"])}"#;
    let units = r#"Unit(name: "Hob", side: "Red", cell: (2, 3), archetype: "hedge"),
        Unit(name: "Lea", side: "Red", cell: (2, 5), archetype: "hedge", feats: ["Legion leader"]),
        Unit(name: "Mia", side: "Red", cell: (2, 1), archetype: "mage", feats: ["Legion leader"]),
        Unit(name: "Sol", side: "Blue", cell: (5, 5), archetype: "soldier")"#;
    let row = ".".repeat(12);
    let map: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
    let mut b = field(GridKind::Square, &map, units, extra, &[10, 8]);
    let (hob, lea, mia, sol) = (id(&b, "Hob"), id(&b, "Lea"), id(&b, "Mia"), id(&b, "Sol"));
    assert_eq!(summoning_slots(&b, hob), 0);
    assert_eq!(summoning_slots(&b, lea), 2);
    assert_eq!(summoning_slots(&b, mia), 4);
    let e = b
        .check(&cast(hob, 0, CastAt::Cell(Cell::new(3, 3))))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("all its 0 summoning slot(s) are taken"),
        "{e}"
    );
    // Lea's wolf (10 HP, sick: hit on 5) falls to Sol's d20 10 and 1d8 8 + 2: its slot is
    // free again.
    until(&mut b, lea);
    b.submit(cast(lea, 0, CastAt::Cell(Cell::new(4, 5))))
        .unwrap();
    let wolf = *summons_of(&b, lea).first().unwrap();
    until(&mut b, sol);
    b.submit(attack(sol, wolf, None)).unwrap();
    assert!(!b.alive(wolf), "{:?}", b.hp(wolf));
    assert_eq!(summons_of(&b, lea), []);
}

#[test]
fn a_bonus_action_toggles_a_spells_terrain_down_and_up() {
    let mut map: Vec<String> = (0..8).map(|_| ".".repeat(12)).collect();
    map[2].replace_range(8..9, "~");
    let map: Vec<&str> = map.iter().map(String::as_str).collect();
    for kind in BOTH {
        let mut b = field(kind, &map, &trio((10, 6)), "", &[]);
        let mia = id(&b, "Mia");
        let toggle = act(mia, MeleeZoneAction::Toggle { ability: MIRE });
        let e = b.check(&toggle).unwrap_err();
        assert!(
            e.to_string().contains("Mire has left nothing to toggle"),
            "{e}"
        );
        let n = b.log().len();
        b.submit(cast(mia, MIRE, CastAt::Cell(Cell::new(8, 3))))
            .unwrap();
        let laid = terrain_changes(&since(&b, n));
        // 9 cells (square) or 7 (hex), less the one already difficult.
        let cells = if kind == GridKind::Square { 8 } else { 6 };
        assert_eq!(laid.len(), cells);
        assert!(
            laid.iter()
                .all(|&(_, from, to)| from == Terrain::Floor && to == Terrain::Difficult)
        );
        assert!(!laid.iter().any(|&(c, _, _)| c == Cell::new(8, 2)));
        assert_eq!(mz::toggleable(&b, mia), [MIRE]);
        // Down: a Bonus Action, and each cell back to floor.
        let n = b.log().len();
        b.submit(toggle.clone()).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            spends(&ev),
            [Event::Spent {
                unit: mia,
                pool: Pool::Slot(Slot::Bonus),
                amount: 1,
                on: Spend::Cast,
                left: 0,
            }]
        );
        let down = terrain_changes(&ev);
        assert_eq!(
            down,
            laid.iter()
                .map(|&(c, _, _)| (c, Terrain::Difficult, Terrain::Floor))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            b.terrain(Cell::new(8, 2)),
            Terrain::Difficult,
            "was so before"
        );
        // Up again with the second.
        let n = b.log().len();
        b.submit(toggle.clone()).unwrap();
        assert_eq!(terrain_changes(&since(&b, n)), laid);
        // No Bonus Action left.
        assert!(matches!(
            b.check(&toggle).unwrap_err(),
            Illegal::NoSlot { slot: "Bonus", .. }
        ));
        // A spell that laid no terrain has nothing to toggle.
        let e = b
            .check(&act(mia, MeleeZoneAction::Toggle { ability: FIRE_BOLT }))
            .unwrap_err();
        assert!(e.to_string().contains("nothing to toggle"), "{e}");
    }
}

#[test]
fn a_spell_attack_rolls_the_crit_chain() {
    for kind in BOTH {
        // Natural 20, d4 4, d6 2: super critical, 1d8 3 × 4.
        let mut b = arena(kind, &trio((10, 6)), &[20, 4, 2, 3]);
        let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
        let n = b.log().len();
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Chain {
            unit: mia,
            kind: ChainKind::Critical,
            dice: vec![4, 6],
            faces: vec![4, 2],
            steps: 1,
        }));
        assert_eq!(damage(&ev), [(sol, 12)]);
        // d6 6: defeated outright.
        let mut b = arena(kind, &trio((10, 6)), &[20, 4, 6, 1]);
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        assert!(!b.alive(sol));
    }
}

#[test]
fn a_spell_attacks_natural_1_in_a_zone_gives_a_free_hit() {
    for kind in BOTH {
        let mut b = arena(kind, &trio((3, 3)), &[1, 2]);
        let (mia, bo) = (id(&b, "Mia"), id(&b, "Bo"));
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(bo))).unwrap();
        let w = b.window().expect("a free hit is offered").clone();
        assert_eq!(w.reactor, bo);
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: mia,
                tragedy: 0
            }
        );
        assert_eq!(w.options, [ReactionKind::FreeHit]);
    }
}

#[test]
fn a_save_is_d20_plus_the_modifier_without_agility_when_flat_footed() {
    let extra = r#"abilities: {"Dust": (kind: Spell, target: One(range: 8),
        resolve: Save(stat: Agility, dc: 12), effects: [Damage(dice: "1d4")])},
        archetypes: {"duster": (hp: 12, stats: {Agility: 1, Accuracy: 1},
        weapons: ["dagger"], abilities: ["Dust", "Meteor"])}"#;
    let units = r#"Unit(name: "Dee", side: "Red", cell: (2, 3), archetype: "duster"),
        Unit(name: "Sol", side: "Blue", cell: (8, 3), archetype: "soldier"),
        Unit(name: "Ann", side: "Blue", cell: (8, 5), archetype: "mage")"#;
    let row = ".".repeat(12);
    let map: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
    for kind in BOTH {
        // Sol: d20 10 + 1 = 11 < 12: it fails, 1d4 3.
        let mut b = field(kind, &map, units, extra, &[10, 3, 11]);
        let (dee, sol, ann) = (id(&b, "Dee"), id(&b, "Sol"), id(&b, "Ann"));
        assert_eq!(b.rules().ability_chance(&b, dee, sol, 0), 0.5);
        let n = b.log().len();
        b.submit(cast(dee, 0, CastAt::Unit(sol))).unwrap();
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Check {
            unit: sol,
            purpose: CheckPurpose::Resist,
            roll: d20(10, &[("modifier", 1)]),
            target_number: 12,
            outcome: Outcome::Failure,
        }));
        assert_eq!(damage(&ev), [(sol, 3)]);
        // Ann channels Meteor; Dee's Dust next round: 11 + nothing < 12.
        until(&mut b, ann);
        b.submit(cast(ann, METEOR, CastAt::Cell(Cell::new(2, 3))))
            .unwrap();
        until(&mut b, dee);
        let n = b.log().len();
        b.submit(cast(dee, 0, CastAt::Unit(ann))).unwrap();
        let ev = since(&b, n);
        assert!(
            ev.iter().any(
                |e| matches!(e, Event::Check { unit, roll, outcome: Outcome::Failure, .. }
                if *unit == ann && roll.total == 11)
            ),
            "{ev:?}"
        );
    }
}

/// The AI does not begin a spell it would channel inside a foe's melee zone (flat-footed
/// there for a round): it attacks instead.
#[test]
fn the_ai_attacks_rather_than_channel_in_a_foes_zone() {
    use skirmish_rules::ai::AiTactics;
    // Bo next to Mia, Sol and Rex side by side: Meteor on them is the engine's best cast.
    let units = format!(
        r#"{}, Unit(name: "Rex", side: "Blue", cell: (8, 4), archetype: "bandit")"#,
        trio((3, 3))
    );
    for kind in BOTH {
        let b = arena(kind, &units, &[]);
        let (mia, sol, bo, rex) = (id(&b, "Mia"), id(&b, "Sol"), id(&b, "Bo"), id(&b, "Rex"));
        let foes = [sol, bo, rex];
        let (_, best) = skirmish_rules::ai::cast::best_cast(&b, mia, &foes).unwrap();
        let Command::Act {
            action: Action::Common(CommonAction::Cast { ability, .. }),
            ..
        } = best
        else {
            panic!("{best:?}")
        };
        assert_eq!(ability, METEOR, "{best:?}");
        let c = MeleeZoneAi.prepare_cast(&b, mia, &foes).unwrap();
        assert_eq!(c, attack(mia, bo, None));
        // Out of every zone it may channel.
        let far = arena(kind, &trio((10, 7)), &[]);
        let f = [id(&far, "Sol"), id(&far, "Bo")];
        assert_eq!(MeleeZoneAi.prepare_cast(&far, id(&far, "Mia"), &f), None);
    }
}

/// The shipped level with casters plays to the end on both grids with the soak's
/// invariants, and its casters cast, channel and summon.
#[test]
fn the_stones_level_plays_to_the_end_casting_channeling_and_summoning() {
    let level = skirmish_rules::level::load(&crate::support::repo("levels/melee-zone-stones.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut fired = std::collections::BTreeMap::<String, u64>::new();
    for kind in BOTH {
        for seed in 1..=4 {
            let r = skirmish_rules::sim::run_battle(&level.clone().with_grid(kind), seed, true);
            assert!(r.finished, "{kind:?} {seed}");
            assert!(
                r.violations.is_empty(),
                "{kind:?} {seed}: {:?}",
                r.violations
            );
            assert_eq!(r.stuck_turns, 0);
            for (k, v) in r.fired {
                *fired.entry(k).or_default() += v;
            }
        }
    }
    for what in [
        "casts",
        "condition: Channeling",
        "condition: SummoningSick",
        "cast: Meteor",
    ] {
        assert!(fired.get(what).is_some_and(|&n| n > 0), "{what}: {fired:?}");
    }
}

/// melee-zone's spells as its data file has them: no problems, and each caster knows at
/// least two, one channeled over two turns (3 or 4 actions) and one summon.
#[test]
fn each_caster_has_a_channeled_spell_and_a_summon() {
    let cat =
        skirmish_rules::level::Catalogue::builtin(skirmish_rules::rulesets::RulesetId::MeleeZone);
    for (k, a) in &cat.abilities {
        let mut a = a.clone();
        a.name = k.clone();
        assert!(skirmish_rules::abilities::problems(&a).is_empty(), "{k}");
    }
    for name in ["mage", "warden"] {
        let arch = &cat.archetypes[name];
        let spells: Vec<_> = arch.abilities.iter().map(|s| &cat.abilities[s]).collect();
        assert!(spells.len() >= 2);
        assert!(
            spells
                .iter()
                .any(|a| (3..=4).contains(&mz::cast_time(a).actions)),
            "{name}"
        );
        assert!(
            spells.iter().any(|a| a
                .effects
                .iter()
                .any(|e| matches!(e, skirmish_rules::abilities::Effect::Summon { .. }))),
            "{name}"
        );
    }
}

/// Scripts drive casting and toggling (docs/scripting.md): `Cast(ability, at)` and the
/// melee-zone action `Toggle(ability)`, units by their index in the level.
#[test]
fn a_script_casts_and_toggles() {
    use skirmish_rules::script::{self, Script};
    let s = Script::parse(
        r#"Script(commands: [
            Do(unit: "Mia", action: Cast(ability: 4, at: Cell((8, 3)))),
            Do(unit: "Mia", action: Toggle(ability: 4)),
            Do(unit: "Mia", action: Cast(ability: 2, at: Unit((1)))),
        ])"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let b = arena(GridKind::Square, &trio((10, 6)), &[]);
    let mut b = script::start(b.level(), 7, &s).unwrap();
    let start = b.log().len();
    let e = script::run(&mut b, &s).unwrap_err();
    // Meteor is aimed at a cell: the third command is refused with the reason.
    assert!(e.to_string().contains("Meteor is aimed at a cell"), "{e}");
    let ev = since(&b, start);
    let mia = id(&b, "Mia");
    assert_eq!(terrain_changes(&ev).len(), 18, "9 laid, then toggled down");
    assert!(!mz::toggleable(&b, mia).is_empty());
    assert_eq!(b.slots(mia, Slot::Bonus), 1);
}

/// With its Attack Action spent, a threatened caster fires a spell it pays at once (Fire
/// Bolt with the Move Action) rather than begin a channel.
#[test]
fn a_threatened_caster_without_its_attack_action_casts_a_bolt() {
    use skirmish_rules::ai::AiTactics;
    let units = format!(
        r#"{}, Unit(name: "Rex", side: "Blue", cell: (8, 4), archetype: "bandit")"#,
        trio((3, 3))
    );
    // Mia's first attack: d20 2 + 3 misses Bo.
    let mut b = arena(GridKind::Square, &units, &[2]);
    let (mia, sol, bo, rex) = (id(&b, "Mia"), id(&b, "Sol"), id(&b, "Bo"), id(&b, "Rex"));
    b.submit(attack(mia, bo, None)).unwrap();
    let c = MeleeZoneAi.prepare_cast(&b, mia, &[sol, bo, rex]).unwrap();
    let Command::Act {
        action: Action::Common(CommonAction::Cast { ability, .. }),
        ..
    } = c
    else {
        panic!("{c:?}")
    };
    assert!(!mz::would_channel(&b, mia, ability));
    assert!(b.check(&c).is_ok());
}

/// The window's prices of a casting, in AA/MA/BA, channel included.
#[test]
fn the_window_prices_a_casting_in_actions() {
    let b = arena(GridKind::Square, &trio((10, 6)), &[]);
    let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
    let view = skirmish_rules::rulesets::view_of(&b).unwrap();
    let words = |i: usize, at: CastAt| view.cost_words(&b, &cast(mia, i, at)).unwrap();
    assert_eq!(words(FIRE_BOLT, CastAt::Unit(sol)), "AA");
    assert_eq!(words(SEARING_BOLT, CastAt::Unit(sol)), "AA + 1 BA");
    assert_eq!(words(CALL_WOLF, CastAt::Cell(Cell::new(3, 3))), "AA + MA");
    assert_eq!(
        view.ability_price(&b, mia, METEOR),
        "AA + MA, then 1 action(s) from the next turn(s): channeled, flat-footed till then"
    );
}

/// A spell is an attack: one named at a hidden foe is refused as a weapon attack is ("Ash
/// is hidden: it does not know where", wave 2B); an area aimed at its cell is not.
#[test]
fn a_spell_at_a_hidden_foe_is_refused_as_an_attack_is() {
    let units = r#"Unit(name: "Mia", side: "Red", cell: (2, 3), archetype: "mage"),
        Unit(name: "Ash", side: "Blue", cell: (8, 3), archetype: "bandit", hidden: true)"#;
    for kind in BOTH {
        let b = arena(kind, units, &[]);
        let (mia, ash) = (id(&b, "Mia"), id(&b, "Ash"));
        assert_eq!(b.current(), Some(mia));
        assert!(b.hidden(ash));
        let weapon = b.check(&attack(mia, ash, None)).unwrap_err().to_string();
        let spell = b
            .check(&cast(mia, FIRE_BOLT, CastAt::Unit(ash)))
            .unwrap_err()
            .to_string();
        assert!(
            spell.contains("Ash is hidden: it does not know where"),
            "{spell}"
        );
        assert!(weapon.contains("Ash is hidden"), "{weapon}");
        assert!(
            b.check(&cast(mia, METEOR, CastAt::Cell(Cell::new(8, 3))))
                .is_ok()
        );
    }
}
