//! Random battlefields for the simulator, the soak and the benchmarks.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::GridKind;
use crate::level::{self, Level};
use crate::rulesets::Registry;
use crate::rulesets::RulesetId;

/// A random battlefield for soak runs and benchmarks: `per_side` units a side drawn from
/// the ruleset's archetypes, facing each other across a `w`×`h` map with scattered walls
/// and rough ground (and, in tactical-d20, high ground, low walls and pits). Every side
/// is played by the AI.
pub fn random_level(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
) -> Result<Level, String> {
    let src = random_level_text(ruleset, kind, w, h, per_side, seed)?;
    level::parse(&src, "random").map_err(|e| e.to_string())
}

/// [`random_level`] with the first units of each side of the archetypes `forced` (in
/// order; the rest drawn as ever, the map and cells the same): the benchmarks' battles
/// with a wizard a side.
pub fn random_level_with(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
    forced: &[&str],
) -> Result<Level, String> {
    let src = random_text(ruleset, kind, w, h, per_side, seed, forced)?;
    level::parse(&src, "random").map_err(|e| e.to_string())
}

/// The level file text of [`random_level`] (the fuzzer writes it as a regression file).
pub fn random_level_text(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
) -> Result<String, String> {
    random_text(ruleset, kind, w, h, per_side, seed, &[])
}

/// [`random_level_with`] as level text.
pub fn random_level_text_with(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
    forced: &[&str],
) -> Result<String, String> {
    random_text(ruleset, kind, w, h, per_side, seed, forced)
}

fn random_text(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
    forced: &[&str],
) -> Result<String, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let extra: &[char] = match ruleset.rules() {
        Some(r) => r.random_terrain(),
        None => &['#', '~'],
    };
    let mut map: Vec<Vec<char>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    if rng.random_range(0..100) < 12 {
                        extra[rng.random_range(0..extra.len())]
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let archetypes: Vec<String> = level::Catalogue::builtin(ruleset)
        .archetypes
        .into_keys()
        .collect();
    if archetypes.is_empty() {
        return Err(format!("{ruleset} has no archetypes"));
    }
    let band = (w / 4).max(1);
    let mut units = String::new();
    for (side, name) in ["Red", "Blue"].iter().enumerate() {
        let mut placed = 0;
        let mut tries = 0;
        while placed < per_side && tries < 10_000 {
            tries += 1;
            let x = if side == 0 {
                rng.random_range(0..band)
            } else {
                w - 1 - rng.random_range(0..band)
            };
            let y = rng.random_range(0..h);
            if map[y][x] != '.' {
                continue;
            }
            map[y][x] = 'u';
            let drawn = &archetypes[rng.random_range(0..archetypes.len())];
            let a = forced.get(placed).copied().unwrap_or(drawn);
            units.push_str(&format!(
                "Unit(name: \"{name}{placed}\", side: \"{name}\", cell: ({x}, {y}), archetype: \"{a}\"),\n"
            ));
            placed += 1;
        }
    }
    let rows: Vec<String> = map
        .iter()
        .map(|r| {
            format!(
                "\"{}\"",
                r.iter()
                    .map(|&c| if c == 'u' { '.' } else { c })
                    .collect::<String>()
            )
        })
        .collect();
    let src = format!(
        "Level(name: \"random {seed}\", ruleset: \"{ruleset}\", grid: {kind:?}, seed: {seed},\n\
         map: [{}],\n\
         sides: [Side(name: \"Red\", colour: \"#c83c3c\", controller: Ai), Side(name: \"Blue\", colour: \"#3c6ec8\", controller: Ai)],\n\
         units: [{units}])",
        rows.join(",\n")
    );
    Ok(src)
}
