//! The sides: their names and colours, the sides no unit is on, and the side a level's
//! `surprise` names.

use std::collections::{BTreeSet, HashMap};

use crate::components::SideId;
use crate::level::file::{LevelFile, parse_colour};
use crate::level::messages::echo;
use crate::level::problems::Problems;
use crate::level::{Role, SideDef};

/// Each side by name: the index of the first side of that name.
pub(super) type SideIndex<'a> = HashMap<&'a str, usize>;

/// The sides as the battle uses them (a bad colour is grey), and their index by name.
pub(super) fn build<'a>(p: &mut Problems, raw: &'a LevelFile) -> (Vec<SideDef>, SideIndex<'a>) {
    if raw.sides.is_empty() {
        p.at("sides", "a level needs at least one side".into());
    }
    let mut sides = Vec::new();
    let mut side_index = SideIndex::new();
    for (i, s) in raw.sides.iter().enumerate() {
        if side_index.contains_key(s.name.as_str()) {
            p.at(
                &format!("sides[{i}].name"),
                format!("two sides are named `{}`", echo(&s.name)),
            );
        } else {
            side_index.insert(&s.name, i);
        }
        let colour = parse_colour(&s.colour).unwrap_or_else(|| {
            p.at(
                &format!("sides[{i}].colour"),
                format!(
                    "colour `{}` is not of the form \"#rrggbb\"",
                    echo(&s.colour)
                ),
            );
            [128, 128, 128]
        });
        sides.push(SideDef {
            name: s.name.clone(),
            colour,
            controller: s.controller,
            role: s.role.unwrap_or(Role::default_for(s.controller)),
        });
    }
    (sides, side_index)
}

/// Report each side (of a unique name) that no unit is on.
pub(super) fn report_unused(
    p: &mut Problems,
    raw: &LevelFile,
    side_index: &SideIndex,
    sides_used: &BTreeSet<usize>,
) {
    for (i, s) in raw.sides.iter().enumerate() {
        if !sides_used.contains(&i) && side_index.get(s.name.as_str()) == Some(&i) {
            p.at(
                &format!("sides[{i}]"),
                format!("side `{}` has no units", echo(&s.name)),
            );
        }
    }
}

/// The side the file's `surprise` names, if any (an unknown one is reported).
pub(super) fn surprise(
    p: &mut Problems,
    raw: &LevelFile,
    side_index: &SideIndex,
) -> Option<SideId> {
    match &raw.surprise {
        Some(name) => match side_index.get(name.as_str()) {
            Some(&i) => Some(SideId(i as u32)),
            None => {
                let mean = p.did_you_mean(name, raw.sides.iter().map(|s| s.name.as_str()));
                p.at(
                    "surprise",
                    format!("surprise names unknown side `{}`{mean}", echo(name)),
                );
                None
            }
        },
        None => None,
    }
}
