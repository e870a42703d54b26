//! counters (seed 000), issue 36, the bench: the AI's cheaper sums choose what the
//! slower, general ones chose. Over whole AI battles on the shipped counters levels
//! (both grids), at every state met: `counters::best_counter` against the shared
//! `ai::value::best_commits` and `Ruleset::answer_odds` on every Block and Parry
//! window, and the odds without words (stats read once, distributions handed over)
//! against the modifier lists and `Ruleset::damage_odds`.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::battle::Status;
use skirmish_rules::event::{AttackKind, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;
use skirmish_rules::odds::Distribution;
use skirmish_rules::rulesets::counters;

use crate::support::repo;

/// Every AI battle the checks walk through: each shipped counters level on both grids.
fn battles() -> Vec<(String, Battle)> {
    let mut v = Vec::new();
    for (file, seed) in [
        ("levels/counters-ford.ron", 3),
        ("levels/counters-shrine.ron", 4),
    ] {
        for kind in [GridKind::Square, GridKind::Hex] {
            let l = skirmish_rules::level::load(&repo(file))
                .unwrap()
                .with_grid(kind);
            v.push((
                format!("{file} {kind:?}"),
                Battle::new(l, seed, Vec::new()).unwrap(),
            ));
        }
    }
    v
}

/// Play `b` out one AI command at a time, calling `check` before each.
fn walk(b: &mut Battle, mut check: impl FnMut(&Battle)) {
    for _ in 0..20_000 {
        if matches!(b.status(), Status::Ended(_)) {
            return;
        }
        check(b);
        if ai::play_out(b, 1) == 0 {
            return;
        }
    }
}

// The mix of skill dice and Dig In the AI commits, and the damage it expects after it,
// are exactly `best_commits`' pick and `answer_odds` of it (the same f64, bit for bit),
// in every Block and Parry window of the battles; and the AI's command commits it.
#[test]
fn the_ai_weighs_every_block_and_parry_as_best_commits_does() {
    let (mut windows, mut committed, mut strained) = (0, 0, 0);
    for (name, mut b) in battles() {
        walk(&mut b, |b| {
            let Some(w) = b.window() else { return };
            if !matches!(w.trigger, Trigger::IncomingDamage { .. }) {
                return;
            }
            for kind in [ReactionKind::Block, ReactionKind::Parry] {
                let want = ai::value::best_commits(b, w, kind, counters::worth);
                let (got, expected) = counters::best_counter(b, w, kind)
                    .unwrap_or_else(|| panic!("{name}: no weighing of {kind:?}"));
                assert_eq!(got, want, "{name}: {kind:?} for {w:?}");
                let again = b.rules().answer_odds(b, w, kind, &want).unwrap();
                assert_eq!(expected.to_bits(), again.to_bits(), "{name}: {kind:?}");
                windows += 1;
                committed += usize::from(!want.is_empty());
                let dice: u32 = want
                    .iter()
                    .filter(|c| c.pool == skirmish_rules::components::Pool::SkillDice)
                    .map(|c| c.amount)
                    .sum();
                strained += usize::from(counters::strained_with(b, w.reactor, dice as i32));
            }
        });
    }
    // Enough windows, some with commitments and some strained, to mean something.
    assert!(windows > 100, "{windows} windows");
    assert!(committed > 20, "{committed} commitments");
    assert!(strained > 0, "no strained mix chosen");
    // Not a hit: no Block or Parry to weigh.
    let (_, b) = &battles()[0];
    let mut w = b
        .window()
        .cloned()
        .unwrap_or_else(|| skirmish_rules::engine::Window {
            reactor: b.order()[0],
            trigger: Trigger::IncomingDamage {
                attacker: b.order()[1],
                amount: 5,
            },
            options: vec![ReactionKind::Block],
            hit: None,
            on_decline: Vec::new(),
        });
    assert!(counters::best_counter(b, &w, ReactionKind::ReactionAttack).is_none());
    w.trigger = Trigger::StandingUp { unit: b.order()[1] };
    assert!(counters::best_counter(b, &w, ReactionKind::Block).is_none());
}

// The odds the AI asks for (no words) are the numbers the words show: the chance to hit
// from the attack bonus's and Passive Dodge's parts, the damage ranges, and the exact
// distributions `damage_odds` gives, for every attacker, weapon and target at every
// state of the battles.
#[test]
fn the_odds_without_words_are_the_numbers_with_them() {
    let mut pairs = 0;
    for (name, mut b) in battles() {
        let mut turn = 0;
        walk(&mut b, |b| {
            // Every tenth command is plenty: the units' stats and weapons change slowly.
            turn += 1;
            if turn % 10 != 1 {
                return;
            }
            let units: Vec<_> = b.order().iter().copied().filter(|&u| b.alive(u)).collect();
            for &a in &units {
                for &t in units.iter().filter(|&&t| t != a) {
                    for i in 0..b.weapons(a).len() {
                        let rules = b.rules();
                        let quiet = rules.odds(b, a, t, i, AttackKind::Normal, false);
                        let words = rules.odds(b, a, t, i, AttackKind::Normal, true);
                        let bonus: i32 = counters::attack_bonus(b, a, i)
                            .iter()
                            .map(|m| m.value)
                            .sum();
                        let dodge: i32 =
                            counters::passive_dodge(b, t).iter().map(|m| m.value).sum();
                        let hits = (1..=20u32)
                            .filter(|&f| {
                                counters::outcome(f, f as i32 + bonus, dodge) != Outcome::Failure
                            })
                            .count();
                        assert_eq!(quiet.hit, hits as f64 / 20.0, "{name}");
                        assert_eq!(
                            (quiet.hit, quiet.crit, quiet.damage, quiet.crit_damage),
                            (words.hit, words.crit, words.damage, words.crit_damage),
                            "{name}"
                        );
                        assert!(quiet.detail.is_empty() && words.dists.is_none());
                        assert!(words.detail.contains(&format!("Passive Dodge {dodge}")));
                        let dists = rules.damage_odds(b, a, t, i, AttackKind::Normal);
                        assert_eq!(quiet.dists, dists, "{name}");
                        // From the dice, no memo: + Strength, floor 0, − absorption, floor 0.
                        let (s, ab) = (counters::strength(b, a), counters::absorption(b, t, false));
                        let dice = b.weapons(a)[i].damage;
                        let after =
                            |d: Distribution| d.shift(s).clamp_min(0).shift(-ab).clamp_min(0);
                        let fresh = Distribution::of(dice)
                            .zip(Distribution::of(dice.multiplied(2)))
                            .map(|(d, c)| (after(d), after(c)));
                        assert_eq!(dists, fresh, "{name}");
                        let (d, c) = dists.unwrap();
                        assert_eq!((d.range(), c.range()), (quiet.damage, quiet.crit_damage));
                        pairs += 1;
                    }
                }
            }
        });
    }
    assert!(pairs > 1000, "{pairs} pairs");
}
