//! Hazards in the editor (issue 35): the traps, falling rocks and runes (magical bursts)
//! a counters level puts on
//! cells (`hazards: [Hazard(cell: (1, 1), kind: Trap(dc: 12, damage: "1d6"))]`,
//! docs/levels.md). They are kept as the level's `hazards:` text, read by
//! [`EditorLevel::hazards`] and written back only when an edit changes them, so a level
//! no edit touched saves as it was read.

use serde::Deserialize;
use skirmish_rules::grid::Cell;
use skirmish_rules::level::{HazardKind, ron_options};

use super::EditorLevel;
use super::loadout::{Feature, uses};
use super::text::quoted;

/// A hazard as the editor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdHazard {
    /// Its cell.
    pub cell: Cell,
    /// A trap, falling rocks or a rune (with its radius).
    pub kind: HazardKind,
    /// The Difficulty of the check against it.
    pub dc: i32,
    /// The damage it deals, as dice (`"1d6"`).
    pub damage: String,
}

#[derive(Deserialize)]
#[serde(rename = "Hazard")]
struct HazardFile {
    cell: Cell,
    kind: KindFile,
}

#[derive(Deserialize)]
enum KindFile {
    Trap {
        dc: i32,
        damage: String,
    },
    FallingRocks {
        dc: i32,
        damage: String,
    },
    MagicalBurst {
        dc: i32,
        damage: String,
        radius: u32,
    },
}

impl EdHazard {
    /// As a level file writes it.
    pub fn to_ron(&self) -> String {
        let (kind, radius) = match self.kind {
            HazardKind::Trap => ("Trap", String::new()),
            HazardKind::FallingRocks => ("FallingRocks", String::new()),
            HazardKind::MagicalBurst { radius } => ("MagicalBurst", format!(", radius: {radius}")),
        };
        format!(
            "Hazard(cell: ({}, {}), kind: {kind}(dc: {}, damage: {}{radius}))",
            self.cell.x,
            self.cell.y,
            self.dc,
            quoted(&self.damage)
        )
    }
}

impl EditorLevel {
    /// The level's hazards (none when it has none, or when its `hazards:` text cannot be
    /// read: the loader says why).
    pub fn hazards(&self) -> Vec<EdHazard> {
        let Some((_, v)) = self.extra.iter().find(|(k, _)| k == "hazards") else {
            return Vec::new();
        };
        ron_options()
            .from_str::<Vec<HazardFile>>(v)
            .map(|hs| {
                hs.into_iter()
                    .map(|h| {
                        let (kind, dc, damage) = match h.kind {
                            KindFile::Trap { dc, damage } => (HazardKind::Trap, dc, damage),
                            KindFile::FallingRocks { dc, damage } => {
                                (HazardKind::FallingRocks, dc, damage)
                            }
                            KindFile::MagicalBurst { dc, damage, radius } => {
                                (HazardKind::MagicalBurst { radius }, dc, damage)
                            }
                        };
                        EdHazard {
                            cell: h.cell,
                            kind,
                            dc,
                            damage,
                        }
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The hazard on `c`, if any.
    pub fn hazard_at(&self, c: Cell) -> Option<EdHazard> {
        self.hazards().into_iter().find(|h| h.cell == c)
    }

    fn set_hazards(&mut self, hs: &[EdHazard]) {
        let at = self.extra.iter().position(|(k, _)| k == "hazards");
        if hs.is_empty() {
            if let Some(i) = at {
                self.extra.remove(i);
            }
            return;
        }
        let lines: Vec<String> = hs
            .iter()
            .map(|h| format!("        {},", h.to_ron()))
            .collect();
        let v = format!("[\n{}\n    ]", lines.join("\n"));
        match at {
            Some(i) => self.extra[i].1 = v,
            None => self.extra.push(("hazards".into(), v)),
        }
    }
}

/// Put `hazard` on `at` (replacing the one there), or with `None` take it away.
pub(super) fn set_hazard(
    l: &mut EditorLevel,
    at: Cell,
    hazard: Option<&EdHazard>,
) -> Result<(), String> {
    if hazard.is_some() && !uses(&l.ruleset, Feature::Hazards) {
        return Err(format!("{} does not fire hazards", l.ruleset));
    }
    if let Some((_, v)) = l.extra.iter().find(|(k, _)| k == "hazards")
        && ron_options().from_str::<Vec<HazardFile>>(v).is_err()
    {
        return Err("the level's `hazards:` cannot be read: fix it in the file first".into());
    }
    let mut hs = l.hazards();
    hs.retain(|h| h.cell != at);
    if let Some(h) = hazard {
        if h.cell != at {
            return Err(format!(
                "the hazard is for ({}, {}), not ({}, {})",
                h.cell.x, h.cell.y, at.x, at.y
            ));
        }
        if l.terrain(at).is_none() {
            return Err(format!("({}, {}) is off the map", at.x, at.y));
        }
        hs.push(h.clone());
    }
    l.set_hazards(&hs);
    Ok(())
}
