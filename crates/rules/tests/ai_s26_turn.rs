//! Issue 34, session 26 (s26-turn): the move search values a cell with a floor. A
//! shot's line of sight is walked only when the shot's value could still change the
//! caller's answer (beat the best cell so far, in field order on a tie; make the move
//! hopeful; beat an interception's weighed value); a cell valued so is worth at most
//! the most of its shots left unwalked, a bound kept apart from the exact values, so a
//! caller the bound could matter to values the cell again. The floor is off under the
//! tests' exhaustive switch: these battles hold the two to the same command at every
//! decision of 8 v 8 battles with casters (ranged shots) of every ruleset, and a debug
//! build checks every bound against the exact value (at least it, and no more use to the
//! caller).

use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, sim};

/// 8 v 8 on `kind` with two of the ruleset's casters a side (shots from afar).
fn level(r: RulesetId, kind: GridKind, seed: u64) -> skirmish_rules::level::Level {
    let archetypes = skirmish_rules::level::Catalogue::builtin(r).archetypes;
    let caster: Vec<&str> = ["wizard", "mage", "battlemage", "archer"]
        .into_iter()
        .filter(|a| archetypes.contains_key(*a))
        .take(2)
        .collect();
    sim::random_level_with(r, kind, 22, 22, 8, seed, &caster).expect("level")
}

/// Plays the battle, asking at every decision what the exhaustive AI decides too;
/// returns (decisions compared, moves among them).
fn compare(r: RulesetId, kind: GridKind, seed: u64, most: usize) -> (usize, usize) {
    let mut b = Battle::new(level(r, kind, seed), seed, Vec::new()).unwrap();
    let mut moves = 0;
    let what = format!("{r:?} {kind:?} seed {seed} (the floored move step)");
    let asked = crate::support::decides_as_exhaustive(&mut b, most, &what, |_, cmd| {
        moves += usize::from(matches!(cmd, skirmish_rules::engine::Command::Move { .. }));
    });
    (asked, moves)
}

#[test]
fn the_floored_move_step_decides_as_the_exhaustive_one_in_every_ruleset() {
    for r in RulesetId::ALL {
        for (kind, seed) in [(GridKind::Square, 2601), (GridKind::Hex, 2602)] {
            let (asked, moves) = compare(r, kind, seed, 400);
            assert!(asked > 80, "{r:?} {kind:?}: only {asked} decisions");
            assert!(moves > 5, "{r:?} {kind:?}: only {moves} moves");
        }
    }
}
