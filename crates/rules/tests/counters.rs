//! counters (seed 000, "Counters and Reactions"), wave 1: each rule through
//! `Battle::submit` with forced dice, the seed's line quoted above its test
//! (`docs/rules/counters.md` maps rule → code → test).

use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;

use crate::support::{BOTH, repo};

/// A counters battle on an open `w`×`h` map with sides Red and Blue, the level's own
/// archetypes in `extra`.
pub(crate) fn field(
    kind: GridKind,
    w: usize,
    h: usize,
    units: &str,
    extra: &str,
    dice: &[u32],
) -> Battle {
    let map = (0..h)
        .map(|_| format!("\"{}\"", ".".repeat(w)))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "field", ruleset: "counters", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {extra})"##
    );
    let l = level::parse(&src, "field").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

// The skeleton: `Battle::new` plays a counters level through the AI to a winner.
#[test]
fn the_ai_plays_the_ford_to_a_winner_on_both_grids() {
    for kind in BOTH {
        let l = level::load(&repo("levels/counters-ford.ron"))
            .unwrap()
            .with_grid(kind);
        let mut b = Battle::new(l, 3, Vec::new()).unwrap();
        skirmish_rules::ai::play_out(&mut b, 20_000);
        assert!(
            matches!(b.status(), Status::Ended(Some(_))),
            "{kind:?}: {:?} after round {}",
            b.status(),
            b.round()
        );
    }
}
