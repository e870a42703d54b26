//! What the editor lets a unit carry and be (issue 35): its weapons and feats picked from
//! the ruleset's catalogue ([`choices`], the same `Catalogue::builtin` that `skirmish
//! catalogue` prints, src/catalogue.rs), its facing and whether it starts hidden, and
//! which of these (and hazards, exits, a side's PC/NPC role) the level's ruleset reads
//! ([`uses`]). The unit's fields are kept as the text a level file writes
//! (`weapons: ["spear"]`, `facing: 2`, `hidden: true`), so saving needs nothing new.

use skirmish_rules::abilities::AbilityKind;
use skirmish_rules::level::Catalogue;
use skirmish_rules::rulesets::RulesetId;

use super::text::quoted;
use super::{EdUnit, EditorLevel};

/// A kind of thing picked from a catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    /// A weapon (`weapons:`; the first is the one in hand).
    Weapon,
    /// A feat or trait (`feats:`).
    Feat,
    /// A spell or ability (an archetype's `abilities:`; a unit has its archetype's).
    Ability,
}

impl Pick {
    /// The field of a unit it fills, if a unit has one (`None` for abilities).
    pub fn field(self) -> Option<&'static str> {
        match self {
            Pick::Weapon => Some("weapons"),
            Pick::Feat => Some("feats"),
            Pick::Ability => None,
        }
    }
}

/// One choice: its name as a level writes it and a line saying what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The name a level file writes.
    pub name: String,
    /// What it is (numbers and kind).
    pub text: String,
}

/// The choices a level of `ruleset` may pick, by name (an unknown ruleset has none).
pub fn choices(ruleset: &str, pick: Pick) -> Vec<Choice> {
    let Some(r) = RulesetId::parse(ruleset) else {
        return Vec::new();
    };
    let cat = Catalogue::builtin(r);
    match pick {
        Pick::Weapon => cat
            .weapons
            .iter()
            .map(|(name, w)| Choice {
                name: name.clone(),
                text: format!(
                    "{:?}, {} damage, reach {}{}",
                    w.kind,
                    w.damage,
                    w.reach,
                    if w.range == 0 {
                        String::new()
                    } else {
                        format!(", range {}", w.range)
                    }
                ),
            })
            .collect(),
        Pick::Feat => {
            let mut by: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
            for (a, arch) in &cat.archetypes {
                for f in &arch.feats {
                    by.entry(f.as_str()).or_default().push(a.as_str());
                }
            }
            by.into_iter()
                .map(|(f, a)| Choice {
                    name: f.to_string(),
                    text: format!("had by {}", a.join(", ")),
                })
                .collect()
        }
        Pick::Ability => cat
            .abilities
            .iter()
            .map(|(name, a)| Choice {
                name: name.clone(),
                text: format!(
                    "{:?}{}",
                    a.kind,
                    if a.kind == AbilityKind::Spell {
                        ""
                    } else {
                        " (not a spell)"
                    }
                ),
            })
            .collect(),
    }
}

/// Something a level may set that only some rulesets read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    /// A unit's `facing:` (melee-zone's flanking and rear attacks).
    Facing,
    /// A unit's `hidden: true` (melee-zone's sneak damage, tactical-d20's Hidden).
    Hidden,
    /// The level's `hazards:` (counters fires them).
    Hazards,
    /// The level's `exits:` (melee-zone's fleeing).
    Exits,
    /// A side's `role:` PC or NPC (tactical-d20's initiative ties).
    Role,
}

/// Does `ruleset` read `f`? (docs/levels.md's field table says who reads what.)
pub fn uses(ruleset: &str, f: Feature) -> bool {
    let field = match f {
        Feature::Facing => "facing",
        Feature::Exits => "exits",
        Feature::Hidden => "hidden",
        Feature::Hazards => "hazards",
        Feature::Role => "role",
    };
    RulesetId::parse(ruleset).is_some_and(|r| r.reads_field(field))
}

impl EdUnit {
    /// A field of the unit's own, as written (`None` when the file does not set it).
    pub fn field(&self, key: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Set (or with `None` take away) a field of the unit's own, kept in its place.
    pub fn set_field(&mut self, key: &str, value: Option<String>) {
        let at = self.extra.iter().position(|(k, _)| k == key);
        match (at, value) {
            (Some(i), Some(v)) => self.extra[i].1 = v,
            (Some(i), None) => {
                self.extra.remove(i);
            }
            (None, Some(v)) => self.extra.push((key.to_string(), v)),
            (None, None) => {}
        }
    }

    /// The unit's own weapons or feats by name (not its archetype's).
    pub fn picked(&self, pick: Pick) -> Vec<String> {
        pick.field()
            .and_then(|f| self.field(f))
            .and_then(|v| {
                skirmish_rules::level::ron_options()
                    .from_str::<Vec<String>>(v)
                    .ok()
            })
            .unwrap_or_default()
    }

    /// Its facing as the file sets it.
    pub fn facing(&self) -> Option<u8> {
        self.field("facing").and_then(|v| v.trim().parse().ok())
    }

    /// Does it start hidden?
    pub fn hidden(&self) -> bool {
        self.field("hidden").is_some_and(|v| v.trim() == "true")
    }
}

/// The unit's own list of `pick` becomes `names` (empty: its archetype's).
pub(super) fn set_picked(
    l: &mut EditorLevel,
    i: usize,
    pick: Pick,
    names: &[String],
) -> Result<(), String> {
    let Some(field) = pick.field() else {
        return Err(
            "a unit has its archetype's abilities: give it an archetype that has them".into(),
        );
    };
    if let Some(n) = names.iter().find(|n| n.trim().is_empty()) {
        return Err(format!("`{n}` is not a name"));
    }
    let v = (!names.is_empty()).then(|| {
        let q: Vec<String> = names.iter().map(|n| quoted(n)).collect();
        format!("[{}]", q.join(", "))
    });
    l.units[i].set_field(field, v);
    Ok(())
}

/// The unit's facing becomes `facing` (`None`: toward its foes, the loader's default).
pub(super) fn set_facing(l: &mut EditorLevel, i: usize, facing: Option<u8>) -> Result<(), String> {
    if facing.is_some() && !uses(&l.ruleset, Feature::Facing) {
        return Err(format!("{} does not read a unit's facing", l.ruleset));
    }
    let most = match l.grid {
        skirmish_rules::grid::GridKind::Square => 7,
        skirmish_rules::grid::GridKind::Hex => 5,
    };
    if let Some(f) = facing
        && f > most
    {
        return Err(format!(
            "facing {f}: this grid's directions are 0 (east) to {most}, clockwise"
        ));
    }
    l.units[i].set_field("facing", facing.map(|f| f.to_string()));
    Ok(())
}

/// The unit starts hidden, or not.
pub(super) fn set_hidden(l: &mut EditorLevel, i: usize, hidden: bool) -> Result<(), String> {
    if hidden && !uses(&l.ruleset, Feature::Hidden) {
        return Err(format!("{} does not read `hidden`", l.ruleset));
    }
    l.units[i].set_field("hidden", hidden.then(|| "true".to_string()));
    Ok(())
}
