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
            CondKey::Known(ConditionKind::Grappled) => ("Grappled", "the unit that holds it"),
            CondKey::Known(ConditionKind::Grappling) => ("Grappling", "the unit it holds"),
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

/// Seed 004's conditions the game does not play (Deaf, Soaked, ...): refused at their
/// entry with the reason, in any ruleset.
pub(super) fn unplayed_conditions(p: &mut Problems, i: usize, u: &UnitFile) {
    for k in u.conditions.keys() {
        let CondKey::NotPlayed(name) = k else {
            continue;
        };
        let why = NOT_PLAYED
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, w)| w);
        p.at(
            &format!("units[{i}].conditions{{{name}}}"),
            format!(
                "unit `{}` cannot start {name}: the game does not play {name} ({why}); \
                 remove the condition",
                echo(&u.name)
            ),
        );
    }
}

/// Conditions that mean nothing in the level's ruleset (as `Ruleset::refused_condition`
/// says: tactical-d20's Dead, flow's Total Defense and Feint mark): an error at their
/// entry, not silently accepted.
pub(super) fn foreign_conditions(
    p: &mut Problems,
    i: usize,
    u: &UnitFile,
    ruleset: Option<RulesetId>,
) {
    let Some(rules) = ruleset.and_then(|r| r.rules()) else {
        return;
    };
    for k in u.conditions.keys() {
        let CondKey::Known(kind) = k else { continue };
        let Some(why) = rules.refused_condition(*kind) else {
            continue;
        };
        let name = format!("{kind:?}");
        p.at(
            &format!("units[{i}].conditions{{{name}}}"),
            format!(
                "unit `{}` cannot start {name} in {}: {why}",
                echo(&u.name),
                rules.id()
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
