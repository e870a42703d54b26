//! Issue 34, session 26 (s26-cast): the shared AI's casting spares work that cannot
//! change its answer. A one-target aim whose value cannot count whatever the odds (the
//! larger of its harm on a hit and on a miss, for a foe) is not asked its odds nor
//! whether the aim reaches; each ability's aims must beat the best option of the abilities
//! before it (the options are found again without that floor when the engine refuses
//! the best); a damage roll the target can neither exceed nor die of is valued by its
//! mean, worked out once; dice distributions are remembered per expression; an area's
//! many aim cells are put in order by a table rather than a sort. The tests' slow switch
//! turns all of it off: these battles hold the fast answer (value to the bit and command)
//! to the slow one for every unit with an ability at every state of the bench's 8 v 8
//! battles of every ruleset and of a random hex battle, and after every event.
//!
//! Melee-zone (s26-cast): a caster in a foe's zone asks the engine's check of an attack
//! only of the foes a weapon of its reaches (`Battle::usable_weapon`); whether a unit
//! threatening it is among its foes is a binary search of the sorted list; a toggle
//! counts the units near its spell's cells from the cell index (compared on the cells
//! around foes: the battles seldom lay a toggleable spell). The same slow switch
//! turns them off, and the answers are compared the same way. The channel cost asks the
//! speed only of the allies near enough at the record's bound on every unit's speed
//! (`speed_bound`, checked here against every unit's speed in every state; the cost
//! itself against its slow path in `melee_zone_s22_mz`).

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::melee_zone as mz;
use skirmish_rules::sim;

/// What the comparisons met.
#[derive(Default)]
struct Seen {
    states: usize,
    asked: usize,
    cast: usize,
    /// Melee-zone: a caster in a foe's zone attacked or bolted instead of channeling.
    prepared: usize,
    /// Melee-zone: the toggle's counts of the units near some cells compared.
    near_counted: usize,
}

fn compare(b: &Battle, seen: &mut Seen) {
    seen.states += 1;
    // Melee-zone's record bounds every unit's speed (the channel cost asks the speed only
    // of the allies near enough at that bound).
    if b.ruleset() == RulesetId::MeleeZone {
        let top = mz::speed_bound(b).expect("a speed bound");
        for x in b.units() {
            assert!(mz::speed(b, x) <= top, "{x:?}'s speed above {top}");
        }
    }
    for u in b.units() {
        if !b.alive(u) || b.abilities(u).is_empty() {
            continue;
        }
        let foes: Vec<UnitId> = b.visible_foes(u).map(|(e, _)| e).collect();
        ai::cast::set_slow_casting(true);
        let slow = ai::cast::best_cast(b, u, &foes);
        ai::cast::set_slow_casting(false);
        let fast = ai::cast::best_cast(b, u, &foes);
        assert_eq!(
            fast.as_ref().map(|(v, c)| (v.to_bits(), c.clone())),
            slow.as_ref().map(|(v, c)| (v.to_bits(), c.clone())),
            "{u:?}'s best cast"
        );
        seen.asked += 1;
        seen.cast += usize::from(fast.is_some());
        if b.ruleset() == RulesetId::MeleeZone {
            ai::cast::set_slow_casting(true);
            let slow = (mz::ai_prepare(b, u, &foes), mz::ai_toggle(b, u));
            ai::cast::set_slow_casting(false);
            let fast = (mz::ai_prepare(b, u, &foes), mz::ai_toggle(b, u));
            assert_eq!(fast, slow, "{u:?}'s casting in a foe's zone and toggle");
            assert_eq!(
                mz::foe_zone_on(b, u, &foes),
                mz::foe_zone_on_slow(b, u, &foes),
                "{u:?} in a foe's zone"
            );
            seen.prepared += usize::from(fast.0.is_some());
            // The toggle's count of the units near a spell's cells, on the cells on and
            // next to each foe (the battles seldom lay a toggleable spell).
            for &f in foes.iter().take(3) {
                let p = b.pos(f);
                let mut cells = vec![p];
                cells.extend(b.grid().neighbours_iter(p));
                assert_eq!(
                    mz::near_cells(b, u, &cells),
                    mz::near_cells_slow(b, u, &cells),
                    "{u:?}: units near {p}"
                );
                seen.near_counted += 1;
            }
        }
    }
}

/// Every ruleset's bench battles (8 v 8, a caster a side) and a random hex battle: the
/// fast casting gives the slow casting's answer in every state and after every event.
#[test]
fn casting_fast_paths_match_the_slow_ones_in_every_ruleset() {
    for r in RulesetId::ALL {
        let mut seen = Seen::default();
        for seed in [1000, 1001] {
            crate::support::at_every_state(crate::support::bench_level(r, seed), seed, |b| {
                compare(b, &mut seen)
            });
        }
        let l = sim::random_level(r, GridKind::Hex, 20, 20, 6, 11).unwrap();
        crate::support::at_every_state(l, 11, |b| compare(b, &mut seen));
        assert!(seen.states > 100, "{r:?}: {} states", seen.states);
        assert!(seen.asked > 100, "{r:?}: {} casters asked", seen.asked);
        assert!(seen.cast > 10, "{r:?}: {} casts found", seen.cast);
    }
}

/// Melee-zone's casters (wardens, mages with Mire): a caster in a foe's zone asks the
/// engine's check only of the foes a weapon of its reaches; a toggle counts the units
/// near its spell's cells from the cell index; the fast casting as above.
#[test]
fn melee_zone_casting_fast_paths_match_the_slow_ones() {
    let mut seen = Seen::default();
    for (_, seed, l) in crate::support::melee_zone_caster_levels() {
        crate::support::at_every_state(l, seed, |b| compare(b, &mut seen));
    }
    assert!(seen.states > 500, "{} states", seen.states);
    assert!(seen.cast > 10, "{} casts found", seen.cast);
    assert!(
        seen.prepared > 0,
        "no caster in a foe's zone struck instead"
    );
    assert!(
        seen.near_counted > 100,
        "{} counts near cells",
        seen.near_counted
    );
}
