//! Feats and traits (`feats: ["Reach"]`) of the level's archetypes and units: each name
//! given, at most [`MAX_NAME_CHARS`] characters, once in its list. A unit has its
//! archetype's feats, then its own (one it already has from the archetype is not added
//! twice).

use crate::level::MAX_NAME_CHARS;
use crate::level::file::LevelFile;
use crate::level::messages::echo;
use crate::level::problems::Problems;

/// Check the feats of the level's own archetypes (the built-in catalogues list none).
pub(super) fn check_archetypes(p: &mut Problems, raw: &LevelFile) {
    for (name, a) in &raw.archetypes {
        check_list(p, &|j| format!("archetypes{{{name}}}.feats[{j}]"), &a.feats);
    }
}

/// Check unit `i`'s own feats and give its whole list: its archetype's, then its own.
pub(super) fn of_unit(
    p: &mut Problems,
    i: usize,
    from_archetype: &[String],
    own: &[String],
) -> Vec<String> {
    check_list(p, &|j| format!("units[{i}].feats[{j}]"), own);
    let mut feats = from_archetype.to_vec();
    for f in own {
        if !feats.contains(f) {
            feats.push(f.clone());
        }
    }
    feats
}

/// One list of feats: every name given and short enough, none twice. `at` places the
/// `j`th entry.
fn check_list(p: &mut Problems, at: &dyn Fn(usize) -> String, feats: &[String]) {
    let mut seen = std::collections::BTreeSet::new();
    for (j, f) in feats.iter().enumerate() {
        let n = f.chars().count();
        if f.trim().is_empty() {
            p.at(&at(j), "a feat needs a name, such as \"Reach\"".to_string());
        } else if n > MAX_NAME_CHARS {
            p.at(
                &at(j),
                format!(
                    "feat name `{}` is {n} characters long; at most {MAX_NAME_CHARS}",
                    echo(f)
                ),
            );
        } else if !seen.insert(f.as_str()) {
            p.at(&at(j), format!("feat `{}` is listed twice", echo(f)));
        }
    }
}
