//! Issue 34 (session 20, cast): the AI's casting asks less and chooses the same. Every
//! area aim's targets come from one pool of who may be hit (a burst's sums found unit by
//! unit), the line-of-sight check and the ruleset's aim cost are asked only of an aim
//! that could be chosen, and an ability with no foe in reach is not priced. The debug
//! build (these tests) compares at every aim of every battle it plays the fast answers
//! with the engine's: the burst sums with the sums over the pool's members, and those
//! with `Battle::cast_targets`; a mismatch panics.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::CastAt;
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

// The caster, its three spells and the walled field are cast_s19's.
use crate::cast_s19::{BLAST, CONE, LINE, area_cast, field};

#[test]
fn the_ai_blasts_the_cell_that_hits_the_most_foes_and_spares_its_side() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let b = field(kind);
        let cal = b.find("Cal").expect("Cal");
        let (ability, aim, cmd) = area_cast(&b, cal, &format!("{kind:?}"));
        let count = |t: &[UnitId]| {
            let f = t.iter().filter(|&&u| b.enemies(cal, u)).count();
            (f, t.len() - f)
        };
        let hit = b
            .cast_targets(cal, ability, &CastAt::Cell(aim))
            .expect("legal aim");
        let (foes_hit, friends_hit) = count(&hit);
        assert!(foes_hit >= 2, "{kind:?}: {hit:?}");
        assert_eq!(friends_hit, 0, "{kind:?}: {hit:?}");
        // The best: no legal aim of the chosen area that spares Cal's side hits more
        // foes (every unit here is the same archetype at full HP, so each foe it hits is
        // worth the same).
        let grid = b.grid();
        assert!([BLAST, LINE, CONE].contains(&ability));
        {
            let i = ability;
            for y in 0..grid.height {
                for x in 0..grid.width {
                    let c = Cell::new(x, y);
                    let Ok(t) = b.cast_targets(cal, i, &CastAt::Cell(c)) else {
                        continue;
                    };
                    let (f, m) = count(&t);
                    assert!(
                        m > 0 || f <= foes_hit,
                        "{kind:?}: ability {i} at {c} hits {f} foes, the chosen {ability} at \
                         {aim} {foes_hit}"
                    );
                }
            }
        }
        assert!(b.check(&cmd).is_ok());
    }
}

/// A random battle of `per_side` a side played out: (commands, casts).
fn play(r: RulesetId, kind: GridKind, per_side: usize, seed: u64) -> (usize, usize) {
    let l = sim::random_level(r, kind, 18, 18, per_side, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let n = ai::play_out(&mut b, 1500);
    let casts = b
        .log()
        .iter()
        .filter(|l| matches!(l.event, Event::Cast { .. }))
        .count();
    (n, casts)
}

/// Every ruleset, both grids: battles with casters play out with the fast paths checked
/// at every aim (see the module's words), and they cast.
#[test]
fn the_cast_fast_paths_agree_with_the_engine_in_every_ruleset() {
    let mut casts = 0;
    for r in RulesetId::ALL {
        for kind in [GridKind::Hex, GridKind::Square] {
            for seed in [3, 8] {
                let (n, c) = play(r, kind, 6, seed);
                assert!(n > 30, "{r:?} {kind:?} {seed}: only {n} commands");
                casts += c;
            }
        }
    }
    assert!(casts > 20, "only {casts} casts");
}
