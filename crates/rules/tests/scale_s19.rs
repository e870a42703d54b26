//! Issue 34, session 19 (s19-scale): flow's attack step at 200 a side. With more than a
//! dozen foes only a ranged weapon can strike, the AI bounds each and asks them best
//! bound first; a foe it does ask is now first valued with the weapon a clear line would
//! give, and its line of sight is walked only when that value could still win (and a
//! blocked line would leave it no other weapon). In a debug build every foe left unwalked
//! is checked against the engine (`weapon_for` answers that weapon or none) and every
//! value against its bound, so these battles, with walls that block lines, fail if a
//! skipped line could have changed the choice. A unit flow says may not attack now
//! ([`AiTactics::may_attack`]: out of AP, or not allowed to act) weighs no foe at all.
//!
//! [`AiTactics::may_attack`]: skirmish_rules::rulesets::AiTactics::may_attack

use skirmish_rules::ai;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::Terrain;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::tactics_of;
use skirmish_rules::sim;
use skirmish_rules::{Battle, Command};

/// How many pairs of foes have a wall on the line between them (a battle where skipping
/// a line of sight could matter has some).
fn blocked_pairs(b: &Battle) -> usize {
    let units: Vec<_> = b.units().filter(|&u| b.alive(u)).collect();
    let mut n = 0;
    for &u in &units {
        for &e in units.iter().filter(|&&e| b.enemies(u, e)) {
            if !b.clear_line(b.pos(u), b.pos(e)) {
                n += 1;
            }
        }
    }
    n
}

/// A flow battle of 30 a side on a walled 40x40 map, on both grids, plays to its end
/// with every skipped line checked, and played twice gives the same commands.
#[test]
fn flow_far_foes_skip_lines_of_sight_only_when_the_choice_cannot_change() {
    for kind in [GridKind::Hex, GridKind::Square] {
        let play = || {
            let l = sim::random_level(RulesetId::Flow, kind, 40, 40, 30, 5).unwrap();
            let mut b = Battle::new(l, 5, Vec::new()).unwrap();
            let walls = b
                .grid()
                .cells()
                .filter(|&c| b.terrain(c) == Terrain::Wall)
                .count();
            assert!(walls > 0, "{kind:?}: no wall on the map");
            let blocked = blocked_pairs(&b);
            assert!(
                blocked > 0,
                "{kind:?}: no line of sight blocked at the start"
            );
            let n = ai::play_out(&mut b, 4000);
            (n, b.log().len())
        };
        let first = play();
        assert!(first.0 > 200, "{kind:?}: only {} commands", first.0);
        assert_eq!(first, play(), "{kind:?}");
    }
}

/// flow's `may_attack` is `false` only when the engine refuses every attack of the unit
/// on every foe (asked of every unit at many points of a played battle), and it is
/// `false` for some: units that spent their AP.
#[test]
fn flow_may_attack_is_false_only_when_every_attack_is_refused() {
    let l = sim::random_level(RulesetId::Flow, GridKind::Hex, 30, 30, 12, 4).unwrap();
    let mut b = Battle::new(l, 4, Vec::new()).unwrap();
    let (refused, allowed) = may_attack_against_the_engine(&mut b, 40, 5);
    assert!(
        refused > 0 && allowed > 0,
        "refused {refused}, allowed {allowed}"
    );
}

/// Plays `b` in `rounds` steps of `step` AI commands; before each, asks the ruleset's
/// `may_attack` of every living unit and, for each it refuses, checks that the engine
/// refuses its attack on every foe. Returns how many times it refused and allowed.
pub(crate) fn may_attack_against_the_engine(
    b: &mut Battle,
    rounds: usize,
    step: usize,
) -> (usize, usize) {
    let t = tactics_of(b).expect("the ruleset has tactics");
    let (mut refused, mut allowed) = (0, 0);
    for _ in 0..rounds {
        let units: Vec<_> = b.units().filter(|&u| b.alive(u)).collect();
        for &u in &units {
            if t.may_attack(b, u) {
                allowed += 1;
                continue;
            }
            refused += 1;
            for &e in units.iter().filter(|&&e| b.enemies(u, e)) {
                let attack = Command::Attack {
                    unit: u,
                    target: e,
                    weapon: None,
                    slot: None,
                    aim: None,
                };
                assert!(b.check(&attack).is_err(), "{u:?} may attack {e:?}");
            }
        }
        if ai::play_out(b, step) == 0 {
            break;
        }
    }
    (refused, allowed)
}
