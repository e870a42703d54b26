//! Issue 34, session 20 (s20-rules): the rulesets' own attack odds made cheaper, held to
//! the slow paths they replace at every state of seeded AI battles on both grids.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{Conditions, Stat, UnitId};
use skirmish_rules::event::AttackKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::sim;

/// The living units of `b`.
fn living(b: &Battle) -> Vec<UnitId> {
    b.units().filter(|&u| b.alive(u)).collect()
}

/// Plays a seeded AI battle of `r`, calling `at` on its state every few commands;
/// returns how many states were looked at.
fn sweep(r: RulesetId, kind: GridKind, seed: u64, mut at: impl FnMut(&Battle)) -> usize {
    let l = sim::random_level(r, kind, 14, 12, 5, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut states = 0;
    for _ in 0..60 {
        at(&b);
        states += 1;
        if ai::play_out(&mut b, 3) == 0 {
            break;
        }
    }
    states
}

/// tactical-d20's preview as it was worked out before: the damage parts asked for the
/// plain hit and again with the critical multiple, and the plain hit's highest damage
/// asked a third time.
fn old_preview(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> (td::math::D20Attack, f64, f64, (i32, i32), i32) {
    let a = td::attack_math(b, attacker, target, weapon, kind);
    // The chance of a hit and of a crit: every face's outcome, the totals summed per face.
    let (mut hit, mut crit) = (0.0, 0.0);
    for face in 1..=20u32 {
        let hits = face > 1 && (face >= 20 || face as i32 + a.total_bonus() >= a.total_ac());
        if hits {
            hit += 0.05;
            if face >= a.crit_from {
                crit += 0.05;
            }
        }
    }
    let (d1, m1) = td::damage_parts(b, attacker, weapon, kind, 1);
    let mult = if td::proficient(b, attacker, weapon) {
        a.crit_mult as i32
    } else {
        1
    };
    let (d2, m2) = td::damage_parts(b, attacker, weapon, kind, mult);
    let flat1: i32 = m1.iter().map(|m| m.value).sum();
    let flat2: i32 = m2.iter().map(|m| m.value).sum();
    let dr = b.stats(target).get(Stat::Dr);
    let lo = ((d1.min() + flat1).max(1) - dr).max(0);
    let hi = ((d2.max() + flat2).max(1) - dr).max(0);
    let normal_hi = ((d1.max() + flat1).max(1) - dr).max(0);
    (a, hit, crit, (lo, hi), normal_hi)
}

/// tactical-d20: the preview (one damage-parts ask, the faces counted against one
/// margin) and the AC (conditions asked through the battle's bit sets) give the answers
/// of the slow paths, for every attacker, target, weapon and attack kind at every state
/// of AI battles on both grids; the sweep meets hits, misses, crits and conditions.
#[test]
fn tactical_d20_preview_and_ac_match_the_slow_paths() {
    let kinds = [
        AttackKind::Normal,
        AttackKind::Secondary,
        AttackKind::Tertiary,
        AttackKind::Reaction,
        AttackKind::Charge,
    ];
    let (mut pairs, mut with_conditions, mut partial) = (0, 0, 0);
    for (grid, seed) in [(GridKind::Square, 3), (GridKind::Hex, 5)] {
        let states = sweep(RulesetId::TacticalD20, grid, seed, |b| {
            let units = living(b);
            for &a in &units {
                for &t in &units {
                    if a == t {
                        continue;
                    }
                    if b.get::<Conditions>(t).is_some_and(|c| !c.0.is_empty()) {
                        with_conditions += 1;
                    }
                    for melee in [true, false] {
                        let listed: Vec<_> = b
                            .get::<Conditions>(t)
                            .map(|c| c.0.iter().map(|c| c.kind).collect())
                            .unwrap_or_default();
                        let flanked = td::flanked_in_melee(b, a, t, melee);
                        // The parts the conditions make come first; the situation's
                        // (cover, footing, bonuses) follow.
                        let want = td::math::armour_class(b.stats(t), &listed, melee, flanked);
                        let got = td::armour_class_against(b, a, t, melee);
                        assert!(got.len() >= want.len());
                        assert_eq!(&got[..want.len()], &want[..], "AC of {t:?} against {a:?}");
                    }
                    for w in 0..b.weapons(a).len() {
                        for kind in kinds {
                            let (oa, hit, crit, range, normal_hi) = old_preview(b, a, t, w, kind);
                            let p = td::preview(b, a, t, w, kind);
                            assert_eq!(p.attack, oa);
                            assert_eq!((p.hit, p.crit), (hit, crit), "{a:?} on {t:?}");
                            assert_eq!((p.lo, p.hi), range);
                            assert_eq!(p.normal_hi, normal_hi);
                            assert_eq!(
                                td::attack_preview(b, a, t, w, kind),
                                (oa, hit, crit, range)
                            );
                            if hit > 0.05 && hit < 0.95 {
                                partial += 1;
                            }
                            pairs += 1;
                        }
                    }
                }
            }
        });
        assert!(states > 10, "{grid:?}: {states} states");
    }
    assert!(
        pairs > 5_000 && partial > 1_000,
        "{pairs} asks, {partial} uncertain"
    );
    assert!(with_conditions > 0, "no target with a condition was met");
}

/// melee-zone: the defence number the AI's odds read (conditions through the battle's
/// bit sets) is the sum of the parts the words list, for every unit at every state of AI
/// battles on both grids (flat-footed, prone and Evade met along the way).
#[test]
fn melee_zone_defence_number_is_the_sum_of_its_parts() {
    use skirmish_rules::rulesets::melee_zone as mz;
    let (mut asked, mut off_base) = (0, 0);
    for (grid, seed) in [(GridKind::Square, 2), (GridKind::Hex, 9)] {
        let states = sweep(RulesetId::MeleeZone, grid, seed, |b| {
            for u in b.units() {
                let (sum, parts) = mz::defence(b, u);
                assert_eq!(mz::defence_number(b, u), sum, "{u:?}: {parts:?}");
                if parts.len() != 2 {
                    off_base += 1;
                }
                asked += 1;
            }
        });
        assert!(states > 10, "{grid:?}: {states} states");
    }
    assert!(
        asked > 500 && off_base > 0,
        "{asked} asked, {off_base} not plain"
    );
}

/// escalation: "has any answer to the cue" is "its list of answers is not empty", for
/// every reactor, cue giver and target, attack or step, at every state of AI battles.
#[test]
fn escalation_has_option_is_a_non_empty_options_list() {
    use skirmish_rules::rulesets::escalation as esc;
    let (mut asked, mut yes) = (0, 0);
    for (grid, seed) in [(GridKind::Square, 4), (GridKind::Hex, 6)] {
        sweep(RulesetId::Escalation, grid, seed, |b| {
            let units: Vec<UnitId> = b.units().collect();
            for &r in &units {
                for &by in &units {
                    for &t in &units {
                        for attack in [true, false] {
                            let has = esc::has_option(b, r, by, t, attack);
                            assert_eq!(has, !esc::options(b, r, by, t, attack).is_empty());
                            yes += usize::from(has);
                            asked += 1;
                        }
                    }
                }
            }
        });
    }
    assert!(
        asked > 10_000 && yes > 0,
        "{asked} asked, {yes} with an answer"
    );
}

/// The one memo of the hits' damage odds: each ruleset's answer is the one worked out
/// afresh even when another ruleset asked with the same numbers first (tactical-d20's
/// "at least 1" differs from flow's floor of 0 on 1d4−3), and the memo never holds more
/// than its bound however many keys are asked, still answering afresh past it.
#[test]
fn the_shared_hit_odds_memo_keeps_rulesets_apart_and_stays_bounded() {
    use skirmish_rules::dice::DiceExpr;
    use skirmish_rules::odds::{self, Distribution};
    use skirmish_rules::rulesets::{escalation as esc, flow};
    let dice = DiceExpr::new(1, 4).plus(-3);
    let flow_fresh =
        Distribution::of(dice).map(|d| (d.map(|t| t.max(0)), d.map(|t| (2 * t).max(0))));
    let td_fresh = Distribution::of(dice).map(|d| d.map(|t| t.max(1)));
    assert_eq!(flow::hit_damage_odds(dice), flow_fresh);
    assert_eq!(td::hit_damage_odds(dice, 0, 0), td_fresh);
    assert_eq!(flow::hit_damage_odds(dice), flow_fresh, "flow again");
    assert_ne!(
        flow_fresh.clone().map(|(d, _)| d),
        td_fresh,
        "the two formulas differ here"
    );
    // Escalation with kept dice (memoised now: the key holds which are kept).
    let kept = DiceExpr::new(3, 6).keep_highest(2);
    let esc_fresh = Distribution::of(kept).map(|d| {
        let d = d.map(|t| (t + 1).max(0));
        let c = d.map(|t| t * 2);
        (d, c)
    });
    assert_eq!(esc::hit_damage_odds(kept, 1), esc_fresh);
    assert_eq!(esc::hit_damage_odds(kept, 1), esc_fresh, "again");
    // Past the bound.
    for flat in 0..(odds::HIT_MEMO_BOUND as i32 + 50) {
        let fresh = Distribution::of(DiceExpr::new(2, 6)).map(|d| d.map(|t| (t + flat).max(1)));
        assert_eq!(td::hit_damage_odds(DiceExpr::new(2, 6), flat, 0), fresh);
        assert!(odds::hit_memo_len() <= odds::HIT_MEMO_BOUND);
    }
    assert_eq!(
        flow::hit_damage_odds(dice),
        flow_fresh,
        "after the memo started again"
    );
}
