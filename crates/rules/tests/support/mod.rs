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

/// A battle of `l` (seeded `seed`) played out by the AI three commands at a time, `f`
/// asked in every state between (at most 300 rounds) and at the end, then after every
/// single event of its log ([`after_every_event`]): the whole check of a fast path
/// against its slow one over one AI battle.
pub fn at_every_state(
    l: skirmish_rules::level::Level,
    seed: u64,
    mut f: impl FnMut(&skirmish_rules::Battle),
) {
    let mut b = skirmish_rules::Battle::new(l.clone(), seed, Vec::new()).unwrap();
    for _ in 0..300 {
        f(&b);
        if skirmish_rules::ai::play_out(&mut b, 3) == 0 {
            break;
        }
    }
    f(&b);
    after_every_event(l, seed, &b, f);
}

/// `u`'s Grapple on the first living foe beside it, when it has one and may (counters' AI
/// seldom grapples: tests that need grapples lay them this way).
pub fn grapple_beside(b: &mut skirmish_rules::Battle, u: skirmish_rules::components::UnitId) {
    use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
    let Some(i) = b.abilities(u).iter().position(|a| a.name == "Grapple") else {
        return;
    };
    let foe = b
        .units()
        .find(|&f| b.alive(f) && b.enemies(u, f) && b.grid().distance(b.pos(u), b.pos(f)) == 1);
    if let Some(f) = foe {
        let _ = b.submit(Command::Act {
            unit: u,
            action: Action::Common(CommonAction::Cast {
                ability: i,
                at: CastAt::Unit(f),
            }),
        });
    }
}

/// [`at_every_state`] over each of melee-zone's caster battles
/// ([`melee_zone_caster_levels`]).
pub fn at_every_state_of_caster_battles(mut f: impl FnMut(&skirmish_rules::Battle)) {
    for (_, seed, l) in melee_zone_caster_levels() {
        at_every_state(l, seed, &mut f);
    }
}

/// [`at_every_state`] over a random 6-a-side battle of `r` on each grid (hex seeded 7,
/// square seeded 8; 20×20).
pub fn at_every_state_of_random_battles(
    r: skirmish_rules::rulesets::RulesetId,
    mut f: impl FnMut(&skirmish_rules::Battle),
) {
    use skirmish_rules::grid::GridKind;
    for (kind, seed) in [(GridKind::Hex, 7), (GridKind::Square, 8)] {
        let l = skirmish_rules::sim::random_level(r, kind, 20, 20, 6, seed).unwrap();
        at_every_state(l, seed, &mut f);
    }
}

/// `u`'s foes as the AI sees them (living, of another side, not hidden; level order).
pub fn visible_foes(
    b: &skirmish_rules::Battle,
    u: skirmish_rules::components::UnitId,
) -> Vec<skirmish_rules::components::UnitId> {
    b.visible_foes(u).map(|(e, _)| e).collect()
}

/// Asserts that the casting's fast paths choose what its slow paths choose for `u` (the
/// same value to the bit and the same command); whether it found anything to cast.
pub fn same_best_cast(
    b: &skirmish_rules::Battle,
    u: skirmish_rules::components::UnitId,
    foes: &[skirmish_rules::components::UnitId],
) -> bool {
    use skirmish_rules::ai::cast;
    cast::set_slow_casting(true);
    let slow = cast::best_cast(b, u, foes);
    cast::set_slow_casting(false);
    let fast = cast::best_cast(b, u, foes);
    assert_eq!(
        fast.as_ref().map(|(v, c)| (v.to_bits(), c.clone())),
        slow.as_ref().map(|(v, c)| (v.to_bits(), c.clone())),
        "{u:?}'s best cast"
    );
    fast.is_some()
}

/// Plays `b` out by the AI (at most `most` decisions), asserting at every decision that
/// the AI's fast paths decide as its exhaustive move step does
/// (`ai::set_exhaustive_moves`); `seen` is asked with each state and the command chosen
/// there, before it is submitted (a refused one is followed by the fallback). Returns
/// the decisions compared; `what` names the battle in a failure.
pub fn decides_as_exhaustive(
    b: &mut skirmish_rules::Battle,
    most: usize,
    what: &str,
    mut seen: impl FnMut(&skirmish_rules::Battle, &skirmish_rules::engine::Command),
) -> usize {
    use skirmish_rules::{Status, ai};
    let mut asked = 0;
    for _ in 0..most {
        if matches!(b.status(), Status::Ended(_)) {
            break;
        }
        ai::set_exhaustive_moves(true);
        let slow = ai::decide(b);
        ai::set_exhaustive_moves(false);
        let fast = ai::decide(b);
        assert_eq!(
            fast, slow,
            "{what}, decision {asked}: the fast AI chose differently"
        );
        let Some(cmd) = fast else { break };
        asked += 1;
        seen(b, &cmd);
        if b.submit(cmd).is_err() {
            let Some(f) = ai::fallback(b) else { break };
            if b.submit(f).is_err() {
                break;
            }
        }
    }
    asked
}

/// The bench's battlefield: 8 v 8 on 24×24 squares with the ruleset's caster a side
/// (seeded `seed`).
pub fn bench_level(
    r: skirmish_rules::rulesets::RulesetId,
    seed: u64,
) -> skirmish_rules::level::Level {
    let archetypes = skirmish_rules::level::Catalogue::builtin(r).archetypes;
    let caster: &[&str] = match ["wizard", "mage", "battlemage"]
        .into_iter()
        .find(|a| archetypes.contains_key(*a))
    {
        Some("wizard") => &["wizard"],
        Some("mage") => &["mage"],
        Some(_) => &["battlemage"],
        None => &[],
    };
    skirmish_rules::sim::random_level_with(
        r,
        skirmish_rules::grid::GridKind::Square,
        24,
        24,
        8,
        seed,
        caster,
    )
    .expect("level")
}

/// Asserts `u`'s visible foes (`Battle::visible_foes`) are the filter of every unit by
/// life, side and `hidden`, in level order, with their cells; `what` names the battle.
pub fn visible_foes_are_the_filter(
    b: &skirmish_rules::Battle,
    u: skirmish_rules::components::UnitId,
    what: &str,
) {
    let slow: Vec<_> = b
        .units()
        .filter(|&e| b.alive(e) && b.enemies(u, e) && !b.hidden(e))
        .map(|e| (e, b.pos(e)))
        .collect();
    let fast: Vec<_> = b.visible_foes(u).collect();
    assert_eq!(fast, slow, "{what}: foes of {u:?}");
}
