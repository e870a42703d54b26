//! Helpers shared by the rules test modules. The battle builders live in `battles.rs`,
//! which the root package's window tests also include (by `#[path]`); `repo` is for
//! this crate only.

use std::path::{Path, PathBuf};

mod battles;
pub use battles::*;

/// Path of a file in the repository (two levels above this crate): `levels/…` and
/// `tests/fixtures/…`.
pub fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(p)
}

/// A property test's case count: `PROPTEST_CASES` when set (a long run), else `default`.
pub fn env_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// A property test's seed: `PROPTEST_RNG_SEED` when set (other cases), else `default`.
pub fn env_seed(default: u64) -> u64 {
    std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The four seeded melee-zone battlefields the scale tests play (8 a side on 24×24, both
/// grids, a warden, a mage, a footpad and a mage first on each side, so that summons,
/// spells and hiding occur): each one's grid, seed and level.
pub fn melee_zone_caster_levels() -> Vec<(
    skirmish_rules::grid::GridKind,
    u64,
    skirmish_rules::level::Level,
)> {
    use skirmish_rules::grid::GridKind;
    [
        (GridKind::Hex, 3),
        (GridKind::Square, 11),
        (GridKind::Hex, 21),
        (GridKind::Square, 5),
    ]
    .into_iter()
    .map(|(kind, seed)| {
        let l = skirmish_rules::sim::random_level_with(
            skirmish_rules::rulesets::RulesetId::MeleeZone,
            kind,
            24,
            24,
            8,
            seed,
            &["warden", "mage", "footpad", "mage"],
        )
        .unwrap();
        (kind, seed, l)
    })
    .collect()
}

/// A shadow battle of `l` (seeded `seed`) fed `played`'s log event by event after the
/// opening they share, `f` asked after every single event: for fast paths that must
/// give the slow one's answers in every state a log passes through.
pub fn after_every_event(
    l: skirmish_rules::level::Level,
    seed: u64,
    played: &skirmish_rules::Battle,
    mut f: impl FnMut(&skirmish_rules::Battle),
) {
    let mut shadow = skirmish_rules::Battle::new(l, seed, Vec::new()).unwrap();
    let start = shadow.log().len();
    assert_eq!(shadow.log(), &played.log()[..start], "the same opening");
    for e in &played.log()[start..] {
        shadow.replay_event(e.event.clone());
        f(&shadow);
    }
}
