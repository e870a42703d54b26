//! Collecting problems with their line:col, and checks on single units.

use super::file::*;
use super::messages::*;
use super::*;
use crate::components::*;
use crate::rulesets::{Registry, condition_refusal};

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

/// Conditions that mean nothing in the level's ruleset (as the registry's
/// `condition_refusal` says: the ruleset's own reasons, such as tactical-d20's Dead, or
/// another ruleset's own condition, such as escalation's Dazed in flow): an error at
/// their entry, not silently accepted.
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
        let Some(why) = condition_refusal(rules, *kind) else {
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
#[derive(Default)]
pub(super) struct Problems {
    pub(super) list: Vec<(String, Option<usize>, String)>,
    /// "Did you mean" lines given so far (a file of many thousand unknown names gets
    /// them for the first [`SUGGESTED`] only: each compares a name with every known one).
    suggested: usize,
}

/// Most "did you mean" suggestions in one file's problems.
const SUGGESTED: usize = 256;

impl Problems {
    pub(super) fn at(&mut self, path: &str, message: String) {
        self.list.push((path.to_string(), None, message));
    }

    /// `; did you mean `x`?` for an unknown `written` name among `known`, or nothing
    /// (none close, or [`SUGGESTED`] given already).
    pub(super) fn did_you_mean<'a>(
        &mut self,
        written: &str,
        known: impl IntoIterator<Item = &'a str>,
    ) -> String {
        if self.suggested >= SUGGESTED {
            return String::new();
        }
        let s = super::suggest::did_you_mean(written, known);
        if !s.is_empty() {
            self.suggested += 1;
        }
        s
    }
}

/// A unit's `grabbed_by`: it starts Grabbed (until the grab ends in play) by the named
/// unit, which must be another unit of the level, an enemy, next to it, in a ruleset
/// that has Grabbed. Each problem is an error at the field.
pub(super) fn starting_grabs(
    p: &mut Problems,
    raw: &[UnitFile],
    units: &mut [UnitDef],
    grid: &crate::grid::Grid,
    ruleset: Option<RulesetId>,
) {
    for (i, u) in raw.iter().enumerate() {
        let Some(by) = &u.grabbed_by else { continue };
        let at = format!("units[{i}].grabbed_by");
        let name = echo(&u.name);
        if let Some(rules) = ruleset.and_then(|r| r.rules())
            && let Some(why) = condition_refusal(rules, ConditionKind::Grabbed)
        {
            p.at(
                &at,
                format!(
                    "unit `{name}` cannot start Grabbed in {}: {why}",
                    rules.id()
                ),
            );
            continue;
        }
        let Some(j) = raw.iter().position(|x| &x.name == by) else {
            let mean = p.did_you_mean(by, raw.iter().map(|x| x.name.as_str()));
            p.at(
                &at,
                format!(
                    "unit `{name}` is grabbed by unknown unit `{}`{mean} (units: {})",
                    echo(by),
                    name_list(raw.iter().map(|x| x.name.as_str()))
                ),
            );
            continue;
        };
        let g = &raw[j];
        if j == i {
            p.at(&at, format!("unit `{name}` cannot grab itself"));
        } else if g.side == u.side {
            p.at(
                &at,
                format!(
                    "unit `{name}` is grabbed by `{}`, an ally (on side `{}`): a grabber is an enemy",
                    echo(by),
                    echo(&g.side)
                ),
            );
        } else if grid.distance(u.cell, g.cell) != 1 {
            p.at(
                &at,
                format!(
                    "unit `{name}` at {} is grabbed by `{}` at {}, not next to it",
                    u.cell,
                    echo(by),
                    g.cell
                ),
            );
        } else if let Some(d) = units.get_mut(i) {
            d.conditions.retain(|c| c.kind != ConditionKind::Grabbed);
            d.conditions.push(ActiveCondition {
                kind: ConditionKind::Grabbed,
                duration: Duration::UntilRemoved,
                source: Some(UnitId(j as u32)),
            });
        }
    }
}
