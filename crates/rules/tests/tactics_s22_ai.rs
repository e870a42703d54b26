//! Issue 34, session 22 (s22-ai): tactical-d20's support (Assist) and Trip look up who
//! threatens a cell through the cell index (`Battle::threatening`, `Battle::units_within`)
//! instead of asking every unit. The answers must be the ones asking every unit gives, or
//! the AI would choose differently: checked at every decision of AI battles on both
//! grids, small and big (so both the few-units scan and the index are used), against
//! the scan over every unit written out here.

use skirmish_rules::ai;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::rulesets::{RulesetId, tactics_of};
use skirmish_rules::{Battle, Command, Status, sim};

/// What tactical-d20's support answered before the cell index: nothing when any foe
/// threatens `u`, else an Assist (if the engine takes it) for the ally in `u`'s reach
/// that the most foes threaten, the first in level order on a tie.
fn support_by_scan(b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
    if foes.iter().any(|&e| b.threatens(e, b.pos(u))) {
        return None;
    }
    let ally = b
        .units()
        .filter(|&a| a != u && b.alive(a) && !b.enemies(u, a))
        .filter(|&a| !b.has(a, ConditionKind::Assisted) && b.threatens(u, b.pos(a)))
        .map(|a| {
            let threats = foes.iter().filter(|&&e| b.threatens(e, b.pos(a))).count();
            (threats, std::cmp::Reverse(a), a)
        })
        .filter(|&(threats, _, _)| threats > 0)
        .max()?
        .2;
    let cmd = Command::Act {
        unit: u,
        action: TacticalD20Action::Assist { ally }.into(),
    };
    b.check(&cmd).is_ok().then_some(cmd)
}

/// Plays a tactical-d20 AI battle and, before every command of a turn, asks every living
/// unit's support both ways (and, for Trip, the allies threatening every foe both ways);
/// returns how many supports were asked and how many of them were an Assist.
fn same_support(kind: GridKind, size: usize, per_side: usize, seed: u64) -> (usize, usize) {
    let l = sim::random_level(RulesetId::TacticalD20, kind, size, size, per_side, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let t = tactics_of(&b).unwrap();
    let (mut asked, mut assists) = (0, 0);
    for _ in 0..600 {
        if let Status::Ended(_) = b.status() {
            break;
        }
        if let Status::Turn(_) = b.status() {
            let units: Vec<_> = b.units().filter(|&u| b.alive(u)).collect();
            for &u in &units {
                let foes: Vec<_> = units
                    .iter()
                    .copied()
                    .filter(|&e| b.enemies(u, e) && !b.hidden(e))
                    .collect();
                let new = t.support(&b, u, &foes);
                assert_eq!(
                    new,
                    support_by_scan(&b, u, &foes),
                    "{kind:?} seed {seed}: {u:?}"
                );
                asked += 1;
                assists += usize::from(new.is_some());
                // Trip's allies: every living ally that threatens the foe, in level order.
                for &e in &foes {
                    let pe = b.pos(e);
                    let scan: Vec<_> = b
                        .units()
                        .filter(|&a| a != u && b.alive(a) && !b.enemies(u, a) && b.threatens(a, pe))
                        .collect();
                    let index: Vec<_> = b
                        .threatening(pe)
                        .into_iter()
                        .filter(|&a| a != u && !b.enemies(u, a))
                        .collect();
                    assert_eq!(index, scan, "{kind:?} seed {seed}: {u:?}'s allies on {e:?}");
                }
            }
        }
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    (asked, assists)
}

#[test]
fn tactical_d20_support_through_the_cell_index_is_the_scan_of_every_unit() {
    let (mut asked, mut assists) = (0, 0);
    for (kind, size, per_side, seed) in [
        (GridKind::Hex, 20, 8, 5),
        (GridKind::Square, 20, 8, 13),
        (GridKind::Hex, 30, 30, 7),
        (GridKind::Square, 30, 30, 17),
    ] {
        let (a, s) = same_support(kind, size, per_side, seed);
        asked += a;
        assists += s;
    }
    assert!(asked > 2_000, "only {asked} supports asked");
    assert!(
        assists > 0,
        "no Assist among {asked} supports: the check compared only refusals"
    );
}
