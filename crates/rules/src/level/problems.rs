//! Collecting problems with their line:col, and checks on single units.

use super::*;
use crate::components::*;

/// A grapple joins two units, and a level cannot name a condition's source: a unit
/// starting Grappled (or Grappling) would be held by nobody (issue 15: flow's AI tried
/// to break free forever). Such a condition is an error at its entry. (tactical-d20's
/// Restrained is allowed: without a grappler it is escaped at DC 15.)
pub(super) fn partnerless_grapple(p: &mut Problems, i: usize, u: &UnitFile) {
    for k in u.conditions.keys() {
        let (name, partner) = match k {
            ConditionKind::Grappled => ("Grappled", "the unit that holds it"),
            ConditionKind::Grappling => ("Grappling", "the unit it holds"),
            _ => continue,
        };
        p.at(
            &format!("units[{i}].conditions{{{name}}}"),
            format!(
                "unit `{}` cannot start {name}: a grapple needs {partner}, and a level \
                 cannot name one; remove the condition (units grapple in battle)",
                echo(&u.name)
            ),
        );
    }
}

/// Problems found so far: (path, character in the string at the path, message).
pub(super) struct Problems {
    pub(super) list: Vec<(String, Option<usize>, String)>,
}

impl Problems {
    pub(super) fn at(&mut self, path: &str, message: String) {
        self.list.push((path.to_string(), None, message));
    }
}
