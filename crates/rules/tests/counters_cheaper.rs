//! counters (seed 000), issue 36, session 17: the ruleset's own code made cheaper, the
//! same answers. A charmed caster is refused a spell that reaches its charmer, whatever
//! the aim (the targets are now walked only for a charmed caster), and the chance a
//! spell or ability lands (now counted from two sums, not lists of modifiers) is the
//! faces of the d20 that land with the bonus and Passive Dodge the rolls use, at every
//! state of AI battles on the shipped levels; and the AI's Block against a spell (now
//! `ai_commits`' search) commits what `ai::value::best_commits` would.

use skirmish_rules::Battle;
use skirmish_rules::abilities::{AbilityKind, Resolve};
use skirmish_rules::ai;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
use skirmish_rules::event::{ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::{AiTactics, counters};

use crate::counters::counter;
use crate::counters_hazards::end;
use crate::counters_spells::{cast, spell_field};
use crate::support::{BOTH, id, repo};

/// The command of `unit` casting its ability `name` at `at`.
fn casting(b: &Battle, unit: UnitId, name: &str, at: CastAt) -> Command {
    let ability = b
        .abilities(unit)
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("no {name}"));
    Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    }
}

// "Charmed: no attacking or casting at the one who charmed it" (docs/rules/counters.md,
// "Status effects"): a single-target spell at the charmer and a burst that takes it in
// are refused with the reason; the same spells at anyone else, or a burst on no one, are
// legal; an uncharmed caster may aim at anyone. Checked before and after the charm, the
// log unchanged by every refusal.
#[test]
fn a_charmed_caster_is_refused_only_the_spells_that_reach_its_charmer() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (3, 3), archetype: "mage"),
            Unit(name: "Seer", side: "Blue", cell: (5, 3), archetype: "mage"),
            Unit(name: "Thug", side: "Red", cell: (7, 3), archetype: "plain")"#;
        // Initiative 20, 15, 5; the Charm's casting check 19 + 5 against DC 13.
        let mut b = spell_field(kind, units, "", &[20, 15, 5, 19]);
        let (m, s, t) = (id(&b, "Mage"), id(&b, "Seer"), id(&b, "Thug"));
        assert_eq!(b.current(), Some(m));
        // Before the charm the Seer is simply not on its turn.
        let early = b
            .check(&casting(&b, s, "Firebolt", CastAt::Unit(m)))
            .unwrap_err();
        assert!(!early.to_string().contains("Charmed"), "{early}");

        cast(&mut b, m, "Charm", CastAt::Unit(s));
        // The Seer may counterspell (3 skill dice for the level 3 Charm): it accepts.
        if b.window().is_some_and(|w| w.reactor == s) {
            counter(&mut b, s, None, 0, 0);
        }
        assert!(b.has(s, ConditionKind::Charmed));
        assert_eq!(b.condition_source(s, ConditionKind::Charmed), Some(m));
        end(&mut b);
        assert_eq!(b.current(), Some(s));

        let n = b.log().len();
        let refused = |b: &Battle, name: &str, at: CastAt| {
            let e = b.check(&casting(b, s, name, at.clone())).unwrap_err();
            assert!(
                e.to_string().contains("Charmed by Mage"),
                "{name} {at:?}: {e}"
            );
        };
        refused(&b, "Firebolt", CastAt::Unit(m));
        // A burst of radius 1 on the Mage's cell takes it in.
        refused(&b, "Thunderclap", CastAt::Cell(b.pos(m)));
        assert!(
            b.submit(casting(&b, s, "Firebolt", CastAt::Unit(m)))
                .is_err()
        );
        assert_eq!(b.log().len(), n, "a refusal logs nothing");

        // At anyone else, or a burst on nobody: legal.
        let legal = |b: &Battle, name: &str, at: CastAt| {
            b.check(&casting(b, s, name, at.clone()))
                .unwrap_or_else(|e| panic!("{name} {at:?}: {e}"));
        };
        legal(&b, "Firebolt", CastAt::Unit(t));
        legal(&b, "Thunderclap", CastAt::Cell(b.pos(t)));
        legal(&b, "Thunderclap", CastAt::Cell(Cell { x: 5, y: 0 }));
        assert_eq!(b.log().len(), n);
    }
}

/// The chance `rules.ability_chance` must give, from the parts the rolls log: d20 +
/// (`casting_bonus` for a spell, Strength mod + proficiency for a physical ability)
/// against the target's `passive_dodge`; d20 + the stat's modifier + proficiency
/// against a save's DC; a natural 20 lands and a natural 1 does not.
fn chance_from_parts(b: &Battle, c: UnitId, t: UnitId, i: usize) -> f64 {
    let Some(a) = b.ability(c, i) else {
        return 0.0;
    };
    let (bonus, need) = match a.resolve {
        Resolve::Automatic => return 1.0,
        Resolve::Attack { .. } => {
            let bonus = if a.kind == AbilityKind::Spell {
                counters::casting_bonus(b, c).iter().map(|m| m.value).sum()
            } else {
                counters::strength(b, c) + counters::proficiency(b, c)
            };
            let dodge = counters::passive_dodge(b, t).iter().map(|m| m.value).sum();
            (bonus, dodge)
        }
        Resolve::Save { stat, dc } => (b.stats(c).d20_mod(stat) + counters::proficiency(b, c), dc),
    };
    let faces = (1..=20)
        .filter(|&f| f == 20 || (f != 1 && f + bonus >= need))
        .count();
    faces as f64 / 20.0
}

// Every caster's every ability against every living unit, every fifth command of AI
// battles on both shipped levels and grids (casters and the wrestler's Grapple among
// them): the chance is the one counted from the parts.
#[test]
fn the_chance_a_spell_lands_is_the_faces_its_parts_let_land() {
    let (mut asked, mut between) = (0, 0);
    for (file, seed) in [
        ("levels/counters-ford.ron", 3),
        ("levels/counters-shrine.ron", 4),
    ] {
        for kind in [GridKind::Square, GridKind::Hex] {
            let l = skirmish_rules::level::load(&repo(file))
                .unwrap()
                .with_grid(kind);
            let mut b = Battle::new(l, seed, Vec::new()).unwrap();
            for step in 0..20_000 {
                if matches!(b.status(), Status::Ended(_)) {
                    break;
                }
                if step % 5 == 0 {
                    let units: Vec<_> = b.order().iter().copied().filter(|&u| b.alive(u)).collect();
                    for &c in &units {
                        for i in 0..b.abilities(c).len() {
                            for &t in &units {
                                let got = b.rules().ability_chance(&b, c, t, i);
                                let want = chance_from_parts(&b, c, t, i);
                                assert_eq!(got, want, "{file} {kind:?}: {c:?} {i} at {t:?}");
                                asked += 1;
                                between += usize::from(got > 0.05 && got < 0.95);
                            }
                        }
                    }
                }
                if ai::play_out(&mut b, 1) == 0 {
                    break;
                }
            }
        }
    }
    // Enough asks, most neither sure nor hopeless, to mean something.
    assert!(asked > 1000, "{asked} asks");
    assert!(between > asked / 4, "{between} of {asked} in between");
}

// In every window of a landing spell where the reactor may Block (magical gear), over AI
// battles on both shipped levels and grids with several seeds: the AI commits exactly
// `best_commits`' mix (the same sum as against a weapon, with the damage coming at the
// ward), and chooses Block, when it does not counterspell, exactly when that mix is not
// empty.
#[test]
fn the_ais_block_against_a_spell_commits_what_best_commits_would() {
    let (mut windows, mut committed) = (0, 0);
    for (file, seeds) in [
        ("levels/counters-ford.ron", 1..=3),
        ("levels/counters-shrine.ron", 1..=6),
    ] {
        for seed in seeds {
            for kind in [GridKind::Square, GridKind::Hex] {
                let l = skirmish_rules::level::load(&repo(file))
                    .unwrap()
                    .with_grid(kind);
                let mut b = Battle::new(l, seed, Vec::new()).unwrap();
                for _ in 0..20_000 {
                    if matches!(b.status(), Status::Ended(_)) {
                        break;
                    }
                    if let Some(w) = b.window()
                        && matches!(w.trigger, Trigger::SpellLanding { .. })
                        && w.options.contains(&ReactionKind::Block)
                    {
                        let want =
                            ai::value::best_commits(&b, w, ReactionKind::Block, counters::worth);
                        let got = counters::CountersAi.commit(&b, w, ReactionKind::Block);
                        assert_eq!(got, want, "{file} {seed} {kind:?}: {w:?}");
                        let choice = counters::CountersAi.choose(&b, w);
                        if choice != Some(ReactionKind::Counterspell) {
                            assert_eq!(choice == Some(ReactionKind::Block), !want.is_empty());
                        }
                        windows += 1;
                        committed += usize::from(!want.is_empty());
                    }
                    if ai::play_out(&mut b, 1) == 0 {
                        break;
                    }
                }
            }
        }
    }
    assert!(windows > 20, "{windows} windows");
    assert!(committed > 5, "{committed} with commitments");
}
