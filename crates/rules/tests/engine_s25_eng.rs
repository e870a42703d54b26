//! Issue 34, session 25 (s25-eng): the count of units holding each condition kind that
//! `apply` keeps (`Battle::holding`: "is anyone grappled?" with no scan of the army) is
//! a count of every unit's conditions, after every event of seeded AI battles of every
//! ruleset on both grids and of melee-zone's caster battles (summons, areas), fed to a
//! shadow battle event by event, and at every state of the battles themselves.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{ConditionKind, Conditions};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;

/// The slow path: every unit looked at.
fn scan(b: &Battle, k: ConditionKind) -> usize {
    b.units()
        .filter(|&u| b.get::<Conditions>(u).is_some_and(|c| c.has(k)))
        .count()
}

/// Compares every kind; returns how many (kind, count > 0) pairs it met.
fn compare(b: &Battle) -> usize {
    let mut held = 0;
    for k in ConditionKind::ALL {
        let n = scan(b, k);
        assert_eq!(b.holding(k), n, "{k:?} after {} events", b.log().len());
        held += usize::from(n > 0);
    }
    held
}

/// Plays `l` out (a wrestler grappling a foe beside it whenever its turn starts with one
/// there), comparing at every few commands, then after every event of its log. Returns
/// the (kind, count > 0) pairs met and the states in which someone was grappled.
fn battle(l: skirmish_rules::level::Level, seed: u64) -> (usize, usize) {
    let mut b = Battle::new(l.clone(), seed, Vec::new()).unwrap();
    let mut held = compare(&b);
    let mut last = None;
    for n in 0..2000 {
        if let Some(u) = b.current()
            && last != Some(u)
            && b.window().is_none()
        {
            last = Some(u);
            crate::support::grapple_beside(&mut b, u);
        }
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
        if n % 3 == 0 {
            held += compare(&b);
        }
    }
    held += compare(&b);
    let mut grappled = 0;
    crate::support::after_every_event(l, seed, &b, |shadow| {
        held += compare(shadow);
        grappled += usize::from(shadow.holding(ConditionKind::Grappled) > 0);
    });
    (held, grappled)
}

#[test]
fn holding_is_the_scans_in_every_ruleset() {
    let mut grappled = 0;
    for r in RulesetId::ALL {
        let mut held = 0;
        // 24×24, 8 a side, on both grids; counters' with wrestlers and a battlemage
        // first on each side (grapples and vines).
        let forced: &[&str] = match r {
            RulesetId::Counters => &["wrestler", "battlemage", "wrestler"],
            _ => &[],
        };
        for (kind, seed) in [(GridKind::Hex, 1000), (GridKind::Square, 1001)] {
            let l =
                skirmish_rules::sim::random_level_with(r, kind, 24, 24, 8, seed, forced).unwrap();
            let (h, g) = battle(l, seed);
            held += h;
            grappled += g;
        }
        assert!(held > 0, "{r:?}: no condition was ever held");
    }
    assert!(grappled > 0, "no one was ever grappled");
}

#[test]
fn holding_is_the_scans_in_melee_zone_caster_battles() {
    let mut held = 0;
    for (_, seed, l) in crate::support::melee_zone_caster_levels() {
        held += battle(l, seed).0;
    }
    assert!(held > 0, "no condition was ever held");
}
