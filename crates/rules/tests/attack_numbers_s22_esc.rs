//! Issue 34, session 22 (escalation): the AI's attack odds come from the four numbers an
//! attack depends on (`esc::attack_numbers`, `esc::power_numbers`: net Advantage dice,
//! the bonuses' sum, the defence, the crit range), worked out without the modifier
//! lists of `attack_against`, and the odds from the range of naturals that hit instead
//! of a walk over every natural. Both must give the answers of the full attack to the
//! last bit (the AI compares the values): checked here at every point of seeded AI
//! battles, for every pair of living units, every defence and every attack power.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::Outcome;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::escalation as esc;
use skirmish_rules::sim;

/// The odds as `EscAttack` worked them out before: every natural 0..=18 walked, its
/// chance added to the hit (and crit) chance when its outcome hits (crits).
fn walked_odds(a: &esc::EscAttack) -> (f64, f64) {
    let mut hit = 0.0;
    let mut crit = 0.0;
    for (n, p) in esc::natural_odds(a.net).iter().enumerate() {
        match a.outcome(n as i32) {
            Outcome::Critical => {
                hit += p;
                crit += p;
            }
            o if o.is_success() => hit += p,
            _ => {}
        }
    }
    (hit, crit)
}

/// The plain-miss chance as it was worked out before: the naturals whose outcome is a
/// plain failure.
fn walked_plain_miss(a: &esc::EscAttack) -> f64 {
    esc::natural_odds(a.net)
        .iter()
        .enumerate()
        .filter(|(n, _)| a.outcome(*n as i32) == Outcome::Failure)
        .map(|(_, p)| p)
        .sum()
}

/// `numbers` are `full`'s, and their odds are the walked odds of `full`, bit for bit.
fn same(full: &esc::EscAttack, numbers: esc::AttackNumbers, what: &str) {
    assert_eq!(full.numbers(), numbers, "{what}");
    let (h, c) = walked_odds(full);
    let (h2, c2) = numbers.odds();
    assert_eq!(h.to_bits(), h2.to_bits(), "{what}: hit");
    assert_eq!(c.to_bits(), c2.to_bits(), "{what}: crit");
    assert_eq!(full.odds(), (h2, c2), "{what}: EscAttack::odds");
    assert_eq!(
        walked_plain_miss(full).to_bits(),
        numbers.plain_miss().to_bits(),
        "{what}: plain miss"
    );
    for n in 0..=18 {
        assert_eq!(full.outcome(n), numbers.outcome(n), "{what}: natural {n}");
    }
}

#[derive(Debug, Default)]
struct Seen {
    pairs: usize,
    powers: usize,
    edged: usize,
    escalated: usize,
}

fn compare_now(b: &Battle, seen: &mut Seen) {
    let units: Vec<UnitId> = b.units().collect();
    for &a in &units {
        for &t in &units {
            if a == t {
                continue;
            }
            for d in [esc::Defence::Ac, esc::Defence::Pd, esc::Defence::Md] {
                for kind in [esc::WEAPON_DAMAGE, "fire", "cold"] {
                    let full = esc::attack_against(b, a, t, d, kind);
                    let what = format!("{a:?} on {t:?} vs {d:?} ({kind})");
                    same(&full, esc::attack_numbers(b, a, t, d, kind), &what);
                    assert_eq!(esc::edge_net(b, a, t), full.net, "{what}: net");
                    seen.pairs += 1;
                    seen.edged += usize::from(full.net != 0);
                    seen.escalated += usize::from(full.bonus.len() > 2);
                }
            }
            for i in 0..b.abilities(a).len() {
                let what = format!("{a:?}'s power {i} on {t:?}");
                same(
                    &esc::power_math(b, a, t, i),
                    esc::power_numbers(b, a, t, i),
                    &what,
                );
                seen.powers += 1;
            }
        }
    }
}

fn sweep(kind: GridKind, seed: u64) -> Seen {
    let l = sim::random_level_with(RulesetId::Escalation, kind, 16, 14, 5, seed, &["wizard"])
        .or_else(|_| sim::random_level(RulesetId::Escalation, kind, 16, 14, 5, seed))
        .unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut seen = Seen::default();
    for _ in 0..200 {
        compare_now(&b, &mut seen);
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    seen
}

/// Every pair, defence and power at every command of AI battles on both grids: the same
/// numbers and the same odds, to the last bit; with Advantage or Disadvantage dice and
/// the escalation die among them.
#[test]
fn attack_numbers_give_the_full_attacks_odds_to_the_bit() {
    let mut total = Seen::default();
    for (kind, seed) in [
        (GridKind::Square, 3),
        (GridKind::Hex, 5),
        (GridKind::Square, 9),
    ] {
        let s = sweep(kind, seed);
        total.pairs += s.pairs;
        total.powers += s.powers;
        total.edged += s.edged;
        total.escalated += s.escalated;
    }
    assert!(total.pairs > 10_000, "{total:?}");
    assert!(total.powers > 100, "{total:?}");
    assert!(total.edged > 0 && total.escalated > 0, "{total:?}");
}

/// Every net count of dice, bonus, defence and crit range an attack may have: the
/// numbers' odds are the walked odds of the same attack, bit for bit.
#[test]
fn attack_number_odds_match_the_walk_over_every_natural() {
    for net in -esc::MAX_EXTRA_DICE..=esc::MAX_EXTRA_DICE {
        for bonus in -4..=14 {
            for defence in 0..=32 {
                for crit_from in 2..=20 {
                    let n = esc::AttackNumbers {
                        net,
                        bonus,
                        defence,
                        crit_from,
                    };
                    let full = esc::EscAttack {
                        net,
                        edges: Vec::new(),
                        bonus: vec![skirmish_rules::dice::Modifier::new(
                            skirmish_rules::dice::ModKind::Skill,
                            "Level",
                            bonus,
                        )],
                        defence: (esc::Defence::Ac, defence),
                        crit_from,
                    };
                    same(&full, n, &format!("{n:?}"));
                }
            }
        }
    }
}

/// escalation's memo of the AI's attack values (`AiTactics::exact_attack_value`, keyed by
/// the odds' numbers, the damage dice, Volition and the foe's HP): the shared
/// `attack_value` to the bit, at every command of AI battles on both grids, every weapon
/// of every unit on every living foe, the memo kept across the whole battle.
#[test]
fn escalation_attack_value_memo_is_the_shared_value_at_every_command() {
    use skirmish_rules::ai::AiTactics;
    use skirmish_rules::event::AttackKind;
    let mut asked = 0;
    for (kind, seed) in [(GridKind::Square, 21), (GridKind::Hex, 22)] {
        let l = sim::random_level(RulesetId::Escalation, kind, 16, 14, 6, seed).unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        for _ in 0..300 {
            let units: Vec<UnitId> = b.units().filter(|&u| b.alive(u)).collect();
            for &u in &units {
                for &e in units.iter().filter(|&&e| b.enemies(u, e)) {
                    for w in 0..b.weapons(u).len() {
                        let k = AttackKind::Normal;
                        let exact = ai::attack_value(&b, u, e, w, k);
                        let memo = esc::EscalationAi.exact_attack_value(&b, u, e, w, k);
                        assert_eq!(memo.to_bits(), exact.to_bits(), "{u:?} on {e:?} ({w})");
                        asked += 1;
                    }
                }
            }
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    assert!(asked > 2_000, "{asked}");
}
