//! The names' limits, checked before anything is built from the file: the level's, the
//! sides', the weapons', the archetypes' and the units' (and the number of units).

use crate::level::file::LevelFile;
use crate::level::messages::echo;
use crate::level::problems::Problems;
use crate::level::{MAX_MAP_SIDE, MAX_NAME_CHARS, MAX_UNITS};

/// Check every name's length and the number of units. Returns whether the level has
/// too many units (then their names are not checked, nor the units themselves).
pub(super) fn check(p: &mut Problems, raw: &LevelFile) -> bool {
    name_ok(p, &|| "name".into(), "the level name", &raw.name);
    for (i, s) in raw.sides.iter().enumerate() {
        name_ok(p, &|| format!("sides[{i}].name"), "side name", &s.name);
    }
    for (k, w) in &raw.weapons {
        name_ok(p, &|| format!("weapons{{{k}}}"), "weapon name", k);
        name_ok(
            p,
            &|| format!("weapons{{{k}}}.name"),
            "weapon name",
            &w.name,
        );
    }
    for k in raw.archetypes.keys() {
        name_ok(p, &|| format!("archetypes{{{k}}}"), "archetype name", k);
    }
    let too_many_units = raw.units.len() > MAX_UNITS;
    if too_many_units {
        p.at(
            "units",
            format!(
                "the level has {} units; at most {MAX_UNITS} (one per cell of a {MAX_MAP_SIDE}×{MAX_MAP_SIDE} map)",
                raw.units.len()
            ),
        );
    } else {
        for (i, u) in raw.units.iter().enumerate() {
            name_ok(p, &|| format!("units[{i}].name"), "unit name", &u.name);
        }
    }
    too_many_units
}

/// One name against [`MAX_NAME_CHARS`]; `path` (built only for a problem) places it.
fn name_ok(p: &mut Problems, path: &dyn Fn() -> String, what: &str, name: &str) {
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        p.at(
            &path(),
            format!(
                "{what} `{}` is {n} characters long; at most {MAX_NAME_CHARS}",
                echo(name)
            ),
        );
    }
}
