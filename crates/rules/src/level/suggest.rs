//! "Did you mean …?" for an unknown name in a level or a script (issue 35): the known
//! names closest to the one written, by edit distance (`strsim`'s optimal string
//! alignment: a swapped pair of letters is one edit), ignoring case.

/// At most this many names are offered.
const OFFERED: usize = 3;

/// Names longer than this (in characters) are not compared: nobody mistypes a 100-letter
/// name, and the comparison's cost grows with the square of the length.
const LONGEST: usize = 64;

/// The known names closest to `written`, best first (at most [`OFFERED`]): those a few
/// edits away (a third of the longer name's letters, at least 1), those equal but for
/// case, and those that hold `written` (3 letters or more) or are held in it.
pub fn closest<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let w = written.trim().to_lowercase();
    let wn = w.chars().count();
    if wn == 0 || wn > LONGEST {
        return Vec::new();
    }
    let mut scored: Vec<(usize, &'a str)> = known
        .into_iter()
        .filter_map(|k| {
            let kl = k.to_lowercase();
            let kn = kl.chars().count();
            if k == written || kn > LONGEST {
                return None;
            }
            let most = (wn.max(kn) / 3).max(1);
            // The lengths' difference is the least the distance can be.
            if kl == w {
                return Some((0, k));
            }
            if wn >= 3 && (kl.contains(&w) || (kn >= 3 && w.contains(&kl))) {
                return Some((wn.abs_diff(kn).max(1), k));
            }
            if wn.abs_diff(kn) > most {
                return None;
            }
            let d = strsim::osa_distance(&w, &kl);
            (d <= most).then_some((d, k))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(OFFERED).map(|(_, k)| k).collect()
}

/// `; did you mean `a`?` (or `` `a` or `b` ``, `` `a`, `b` or `c` ``) for a message,
/// empty when no known name is close.
pub fn did_you_mean<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<String> = closest(written, known)
        .into_iter()
        .map(|k| format!("`{}`", crate::shown::name(k)))
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [init @ .., last] => format!("; did you mean {} or {last}?", init.join(", ")),
    }
}

/// The suggestion for a RON error that names an unknown value or field (empty for any
/// other error).
pub fn for_ron(e: &ron::Error) -> String {
    match e {
        ron::Error::NoSuchEnumVariant {
            expected, found, ..
        }
        | ron::Error::NoSuchStructField {
            expected, found, ..
        } => did_you_mean(found, expected.iter().copied()),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_swaps_and_case_find_the_name() {
        let known = ["fighter", "archer", "wizard", "brute", "goblin"];
        assert_eq!(closest("figter", known), ["fighter"]);
        assert_eq!(closest("archre", known), ["archer"]);
        assert_eq!(closest("WIZARD", known), ["wizard"]);
        assert_eq!(closest("gob", known), ["goblin"]);
        assert!(closest("necromancer", known).is_empty());
        assert!(closest("", known).is_empty());
        assert_eq!(
            did_you_mean("brut", known),
            "; did you mean `brute`?".to_string()
        );
        assert_eq!(did_you_mean("zzzzzz", known), "");
        assert_eq!(
            did_you_mean("Prone", ["Prone", "Prune", "Proned"]),
            "; did you mean `Proned` or `Prune`?"
        );
    }
}
