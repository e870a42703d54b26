//! Issue 34, session 23 (s23-engine): `Battle::summon_name` gathers the names taken in
//! one pass (a set) instead of scanning the roster with `find` once per candidate name.
//! It is compared with that scan for every summonable archetype after every command of
//! seeded AI battles of all five rulesets (melee-zone's with summoners forced in, so that
//! several summons of one archetype stand), and every `Summoned` event of those battles
//! is checked to carry the name the scan gives at that point of the log.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// The old way: the archetype's name, then "archetype 2", "archetype 3", ... until no
/// unit has it (one `find` over the roster per candidate).
fn slow(b: &Battle, archetype: &str) -> String {
    let mut name = archetype.to_string();
    let mut n = 2;
    while b.find(&name).is_some() {
        name = format!("{archetype} {n}");
        n += 1;
    }
    name
}

fn compare(b: &Battle, at: &str) -> usize {
    let mut taken = 0;
    for a in b.level().summons.keys() {
        let fast = b.summon_name(a);
        assert_eq!(fast, slow(b, a), "{at}: {a}");
        taken += usize::from(fast != *a);
    }
    taken
}

#[test]
fn name_of_summon_matches_the_first_free() {
    let mut taken = 0;
    let mut summoned = 0;
    for r in RulesetId::ALL {
        let forced: &[&str] = if r == RulesetId::MeleeZone {
            &["warden", "mage", "footpad", "warden", "mage"]
        } else {
            &[]
        };
        for seed in [3, 11] {
            let l =
                sim::random_level_with(r, GridKind::Hex, 24, 24, 8, seed, forced).expect("level");
            let mut b = Battle::new(l, seed, Vec::new()).expect("battle");
            taken += compare(&b, &format!("{r} {seed} at the start"));
            for n in 1..=1500 {
                let Some(c) = ai::decide(&b) else {
                    break;
                };
                if b.submit(c).is_err() {
                    let f = ai::fallback(&b).expect("a fallback");
                    b.submit(f).expect("the fallback is legal");
                }
                taken += compare(&b, &format!("{r} {seed} after command {n}"));
                if matches!(b.status(), skirmish_rules::Status::Ended(_)) {
                    break;
                }
            }
            // Each summon got the first name free among the units before it.
            for l in b.log() {
                if let Event::Summoned {
                    unit,
                    name,
                    archetype,
                    ..
                } = &l.event
                {
                    summoned += 1;
                    let before = unit.0;
                    let mut want = archetype.clone();
                    let mut k = 2;
                    while b.units().take(before as usize).any(|u| b.name(u) == want) {
                        want = format!("{archetype} {k}");
                        k += 1;
                    }
                    assert_eq!(name, &want, "{r} {seed}: {unit:?}");
                    assert_eq!(b.name(*unit), name);
                }
            }
        }
    }
    assert!(summoned > 1, "{summoned} summons");
    assert!(taken > 10, "{taken} answers past the bare archetype name");
}
