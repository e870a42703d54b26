//! The checks of a level's Dicey Move spots (`dicey`), against its ruleset's rules.

use super::dicey::*;
use super::problems::Problems;
use super::{Terrain, echo};
use crate::grid::Grid;
use crate::rulesets::Registry;
use crate::vocab::RulesetId;

/// Check the level's dicey spots (an error at the entry that is wrong) and build them.
/// `terrain` is `None` when the map was not built (too large): cells are not checked.
pub(super) fn check(
    p: &mut Problems,
    raw: &[DiceyFile],
    ruleset: Option<RulesetId>,
    grid: &Grid,
    terrain: Option<&[Terrain]>,
) -> Vec<DiceySpot> {
    if !raw.is_empty()
        && let Some(r) = ruleset
        && r.rules().is_some_and(|rules| !rules.dicey_moves())
    {
        p.at(
            "dicey",
            format!(
                "dicey spots are escalation's Dicey Moves; ruleset {} has none (remove `dicey`)",
                r.id()
            ),
        );
        return Vec::new();
    }
    let mut out: Vec<DiceySpot> = Vec::new();
    for (i, d) in raw.iter().enumerate() {
        let at = |f: &str| format!("dicey[{i}].{f}");
        let t = terrain.and_then(|t| grid.index(d.cell).map(|ix| t[ix]));
        let base = match (terrain, t) {
            (None, _) => Some(11),
            (Some(_), None) => {
                p.at(
                    &at("cell"),
                    format!(
                        "dicey spot {} is off the map ({}×{})",
                        d.cell, grid.width, grid.height
                    ),
                );
                None
            }
            (Some(_), Some(t)) => {
                let dc = default_dc(t);
                if dc.is_none() {
                    p.at(
                        &at("cell"),
                        format!(
                            "dicey spot {} is {}; a Dicey Move gets over a low wall `=` or a pit `_`",
                            d.cell,
                            t.name()
                        ),
                    );
                }
                dc
            }
        };
        if out.iter().any(|o| o.cell == d.cell) {
            p.at(&at("cell"), format!("two dicey spots are on {}", d.cell));
        }
        let dc = match d.dc {
            None => base.unwrap_or(11),
            Some(n) if (3..=18).contains(&n) => n as i32,
            Some(n) => {
                p.at(
                    &at("dc"),
                    format!(
                        "dc {} cannot be met or missed on 3d6: give 3 to 18",
                        echo(&n.to_string())
                    ),
                );
                11
            }
        };
        if let DiceyReward::Condition(k) = &d.reward
            && !DICEY_CONDITIONS.contains(k)
        {
            let known: Vec<String> = DICEY_CONDITIONS.iter().map(|k| format!("{k:?}")).collect();
            p.at(
                &at("reward"),
                format!(
                    "a dicey spot cannot put {k:?} on an enemy for a round (it may: {})",
                    known.join(", ")
                ),
            );
        }
        if let DiceyReward::Damage(e) = &d.reward
            && e.max() <= 0
        {
            p.at(
                &at("reward"),
                format!("damage {e} never deals any: give dice such as \"1d6\""),
            );
        }
        out.push(DiceySpot {
            cell: d.cell,
            dc,
            reward: d.reward.clone(),
        });
    }
    out
}
