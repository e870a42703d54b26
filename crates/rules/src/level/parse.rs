//! Reading a level file: the bounded read ([`load`]) and the parse and checks of every
//! section ([`parse`]). Above the registry: a level is checked against its ruleset's
//! catalogue and rules (`crate::rulesets::Registry`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::path::Path;

use crate::components::{ActiveCondition, Facing, SideId, Stats};
use crate::grid::{Cell, Grid};
use crate::span::{Pos, SpanIndex};
use crate::vocab::RulesetId;

use super::file::*;
use super::messages::*;
use super::problems::*;
use super::*;

/// Read and validate a level file. The size is checked before the file is read, and
/// never more than [`MAX_FILE_BYTES`] + 1 bytes are read.
pub fn load(path: &Path) -> Result<Level, LevelErrors> {
    let file = path.display().to_string();
    let fail = |pos: Pos, message: String| LevelErrors {
        file: file.clone(),
        problems: vec![Problem { pos, message }],
    };
    let start = Pos { line: 1, col: 1 };
    let too_big = |n: u64| {
        fail(
            start,
            format!(
                "the file is {n} bytes; a level file may be at most {MAX_FILE_BYTES} bytes (16 MiB)"
            ),
        )
    };
    let mut f =
        std::fs::File::open(path).map_err(|e| fail(start, format!("cannot read the file: {e}")))?;
    // The size on disk first (not every file has one: pipes say 0), then a bounded read.
    if let Ok(m) = f.metadata()
        && m.len() > MAX_FILE_BYTES as u64
    {
        return Err(too_big(m.len()));
    }
    let mut bytes = Vec::new();
    (&mut f)
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(start, format!("cannot read the file: {e}")))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    let src = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line_start = good.rfind('\n').map_or(0, |i| i + 1);
        let pos = Pos {
            line: 1 + good.matches('\n').count(),
            col: 1 + good[line_start..].chars().count(),
        };
        fail(
            pos,
            "the file is not UTF-8 text here (save it as UTF-8)".into(),
        )
    })?;
    parse(&src, &file)
}

/// Validate level text; `file` names it in messages. A UTF-8 byte order mark at the
/// start is skipped (columns are counted as an editor shows them, without it).
pub fn parse(src: &str, file: &str) -> Result<Level, LevelErrors> {
    let fail = |problems| LevelErrors {
        file: file.to_string(),
        problems,
    };
    if src.len() > MAX_FILE_BYTES {
        return Err(fail(vec![Problem {
            pos: Pos { line: 1, col: 1 },
            message: format!(
                "the file is {} bytes; a level file may be at most {MAX_FILE_BYTES} bytes (16 MiB)",
                src.len()
            ),
        }]));
    }
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let raw: LevelFile = ron_options().from_str(src).map_err(|e| {
        fail(vec![Problem {
            pos: Pos {
                line: e.span.start.line.max(1),
                col: e.span.start.col.max(1),
            },
            message: syntax_message(&e.code),
        }])
    })?;
    // Problems are placed at the end: a valid level is never scanned for positions.
    let mut p = Problems { list: Vec::new() };

    // Names: every limit is checked before anything is built from the file.
    let name_ok = |p: &mut Problems, path: &dyn Fn() -> String, what: &str, name: &str| {
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
    };
    name_ok(&mut p, &|| "name".into(), "the level name", &raw.name);
    for (i, s) in raw.sides.iter().enumerate() {
        name_ok(&mut p, &|| format!("sides[{i}].name"), "side name", &s.name);
    }
    for (k, w) in &raw.weapons {
        name_ok(&mut p, &|| format!("weapons{{{k}}}"), "weapon name", k);
        name_ok(
            &mut p,
            &|| format!("weapons{{{k}}}.name"),
            "weapon name",
            &w.name,
        );
    }
    for k in raw.archetypes.keys() {
        name_ok(
            &mut p,
            &|| format!("archetypes{{{k}}}"),
            "archetype name",
            k,
        );
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
            name_ok(&mut p, &|| format!("units[{i}].name"), "unit name", &u.name);
        }
    }

    let ruleset = RulesetId::parse(&raw.ruleset);
    if ruleset.is_none() {
        let known: Vec<&str> = RulesetId::ALL.iter().map(|r| r.id()).collect();
        p.at(
            "ruleset",
            format!(
                "unknown ruleset `{}` (known: {})",
                echo(&raw.ruleset),
                known.join(", ")
            ),
        );
    }
    let mut catalogue = Catalogue::builtin(ruleset.unwrap_or(RulesetId::DEFAULT));
    for (k, mut w) in raw.weapons.clone() {
        if w.name.is_empty() {
            w.name = k.clone();
        }
        catalogue.weapons.insert(k, w);
    }
    for (k, w) in catalogue.weapons.iter_mut() {
        if w.name.is_empty() {
            w.name = k.clone();
        }
    }
    catalogue.archetypes.extend(raw.archetypes.clone());
    catalogue::merge_abilities(&mut catalogue, &raw.abilities, &raw.archetypes, &mut p);
    // Unknown weapons of the level's archetypes: reported once each, at the archetype,
    // with the number of units that carry them (counted below).
    let mut bad_arch_weapons: BTreeMap<&str, (Vec<(usize, &str)>, usize)> = BTreeMap::new();
    for (name, a) in &raw.archetypes {
        for (j, w) in a.weapons.iter().enumerate() {
            if !catalogue.weapons.contains_key(w) {
                bad_arch_weapons
                    .entry(name.as_str())
                    .or_default()
                    .0
                    .push((j, w.as_str()));
            }
        }
    }

    // Map: its size is checked before a cell is allocated.
    let mut legend = default_legend();
    legend.extend(raw.legend.iter().map(|(k, v)| (*k, *v)));
    let height = raw.map.len();
    let width = raw.map.first().map(|r| r.chars().count()).unwrap_or(0);
    let widest = raw.map.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let map_fits = height <= MAX_MAP_SIDE && widest <= MAX_MAP_SIDE;
    if height == 0 || width == 0 {
        p.at(
            "map",
            "the map is empty: give at least one row of cells".into(),
        );
    }
    if !map_fits {
        p.at(
            "map",
            format!("the map is {widest}×{height}; at most {MAX_MAP_SIDE}×{MAX_MAP_SIDE}"),
        );
    }
    // Too large a map is not built: its rows are not checked and the units are checked
    // against an empty one.
    let (width, height) = if map_fits { (width, height) } else { (0, 0) };
    let mut terrain = vec![Terrain::Floor; width * height];
    for (y, row) in raw.map.iter().enumerate().take(height) {
        let n = row.chars().count();
        if n != width {
            p.at(
                &format!("map[{y}]"),
                format!("ragged map: row {y} has {n} cells but row 0 has {width}"),
            );
        }
        // Each unknown character once per row, where it first stands.
        let mut unknown: BTreeMap<char, (usize, usize)> = BTreeMap::new();
        for (x, ch) in row.chars().enumerate() {
            match legend.get(&ch) {
                Some(t) if x < width => terrain[y * width + x] = *t,
                Some(_) => {}
                None => unknown.entry(ch).or_insert((x, 0)).1 += 1,
            }
        }
        for (ch, (x, count)) in unknown {
            let more = match count {
                1 => String::new(),
                n => format!(" ({} more in this row)", n - 1),
            };
            p.list.push((
                format!("map[{y}]"),
                Some(x),
                format!(
                    "unknown map character `{}` (not in the legend){more}",
                    echo(&ch.to_string())
                ),
            ));
        }
    }
    let grid = Grid::new(raw.grid, width as i32, height as i32);

    // Sides.
    if raw.sides.is_empty() {
        p.at("sides", "a level needs at least one side".into());
    }
    let mut sides = Vec::new();
    let mut side_index: HashMap<&str, usize> = HashMap::new();
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

    // Units: each check is a lookup, so a level of many units is checked in linear time.
    let mut units = Vec::new();
    let mut occupied: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut unit_names: HashMap<&str, usize> = HashMap::new();
    let mut sides_used = BTreeSet::new();
    let mut known_archetypes: Option<String> = None;
    let unit_list: &[UnitFile] = if too_many_units { &[] } else { &raw.units };
    for (i, u) in unit_list.iter().enumerate() {
        let at = |f: &str| format!("units[{i}].{f}");
        let name = echo(&u.name);
        if unit_names.contains_key(u.name.as_str()) {
            p.at(&at("name"), format!("two units are named `{name}`"));
        } else {
            unit_names.insert(&u.name, i);
        }
        let side = side_index.get(u.side.as_str()).copied();
        match side {
            Some(s) => {
                sides_used.insert(s);
            }
            None => p.at(
                &at("side"),
                format!("unit `{name}` is on unknown side `{}`", echo(&u.side)),
            ),
        }
        if !map_fits {
            // The map was not built: cells cannot be checked.
        } else if !grid.contains(u.cell) {
            p.at(
                &at("cell"),
                format!(
                    "unit `{name}` at {} is off the map ({}×{})",
                    u.cell, width, height
                ),
            );
        } else if terrain[grid.index(u.cell).unwrap_or(0)].cost().is_none() {
            p.at(
                &at("cell"),
                format!(
                    "unit `{name}` at {} stands on a {}",
                    u.cell,
                    terrain[grid.index(u.cell).unwrap_or(0)].name()
                ),
            );
        }
        if let Some(&first) = occupied.get(&u.cell) {
            p.at(
                &at("cell"),
                format!(
                    "units `{}` and `{name}` are both on {}",
                    echo(&raw.units[first].name),
                    u.cell
                ),
            );
        } else {
            occupied.insert(u.cell, i);
        }
        let arch = match &u.archetype {
            Some(a) => match catalogue.archetypes.get(a) {
                Some(a) => Some(a.clone()),
                None => {
                    let known = known_archetypes.get_or_insert_with(|| {
                        name_list(catalogue.archetypes.keys().map(String::as_str))
                    });
                    p.at(
                        &at("archetype"),
                        format!("unknown archetype `{}` (known: {known})", echo(a)),
                    );
                    None
                }
            },
            None => {
                if u.stats.is_none() || u.hp.is_none() {
                    p.at(
                        &at("name"),
                        format!("unit `{name}` needs an `archetype` or both `stats` and `hp`"),
                    );
                }
                None
            }
        };
        let mut stats = arch.as_ref().map(|a| a.stats.clone()).unwrap_or_default();
        stats.extend(u.stats.clone().unwrap_or_default());
        let hp = u.hp.or(arch.as_ref().map(|a| a.hp)).unwrap_or(1);
        if hp <= 0 {
            p.at(
                &at("hp"),
                format!("unit `{name}` has {hp} HP; it needs at least 1"),
            );
        }
        // Weapons from a level archetype with unknown ones: counted for its one message.
        let from_bad_archetype = match (&u.weapons, &u.archetype) {
            (None, Some(a)) if arch.is_some() => bad_arch_weapons.get_mut(a.as_str()),
            _ => None,
        };
        let weapon_names = u
            .weapons
            .clone()
            .or(arch.as_ref().map(|a| a.weapons.clone()))
            .unwrap_or_default();
        let mut weapons = Vec::new();
        match from_bad_archetype {
            Some((_, users)) => {
                *users += 1;
                weapons.extend(
                    weapon_names
                        .iter()
                        .filter_map(|w| catalogue.weapons.get(w).cloned()),
                );
            }
            None => {
                for (j, w) in weapon_names.iter().enumerate() {
                    match catalogue.weapons.get(w) {
                        Some(w) => weapons.push(w.clone()),
                        None => p.at(
                            &format!("units[{i}].weapons[{j}]"),
                            format!("unknown weapon `{}` for unit `{name}`", echo(w)),
                        ),
                    }
                }
            }
        }
        partnerless_grapple(&mut p, i, u);
        unplayed_conditions(&mut p, i, u);
        foreign_conditions(&mut p, i, u, ruleset);
        let dirs = grid.directions() as u8;
        if let Some(f) = u.facing
            && f >= dirs
        {
            p.at(
                &at("facing"),
                format!("facing {f} is not a direction 0..{} of this grid", dirs - 1),
            );
        }
        units.push(UnitDef {
            name: u.name.clone(),
            side: SideId(side.unwrap_or(0) as u32),
            cell: u.cell,
            stats: Stats(stats),
            hp,
            weapons,
            size: u.size.or(arch.as_ref().map(|a| a.size)).unwrap_or_default(),
            facing: Facing(u.facing.unwrap_or(0)),
            conditions: u
                .conditions
                .iter()
                .filter_map(|(k, d)| match k {
                    file::CondKey::Known(kind) => Some(ActiveCondition {
                        kind: *kind,
                        duration: *d,
                        source: None,
                    }),
                    file::CondKey::NotPlayed(_) => None,
                })
                .collect(),
            abilities: arch
                .as_ref()
                .map(|a| {
                    a.abilities
                        .iter()
                        .filter_map(|x| catalogue.abilities.get(x).cloned())
                        .collect()
                })
                .unwrap_or_default(),
            resist: arch.as_ref().map(|a| a.resist.clone()).unwrap_or_default(),
            weak: arch.as_ref().map(|a| a.weak.clone()).unwrap_or_default(),
            materials: arch
                .as_ref()
                .map(|a| a.materials.clone())
                .unwrap_or_default(),
            archetype: u.archetype.clone().filter(|_| arch.is_some()),
        });
    }
    starting_grabs(&mut p, &raw.units, &mut units, &grid, ruleset);
    for (name, (bad, users)) in &bad_arch_weapons {
        let used = match users {
            0 => String::new(),
            1 => " (used by 1 unit)".to_string(),
            n => format!(" (used by {n} units)"),
        };
        for (j, w) in bad {
            p.at(
                &format!("archetypes{{{name}}}.weapons[{j}]"),
                format!(
                    "unknown weapon `{}` in archetype `{}`{used}",
                    echo(w),
                    echo(name)
                ),
            );
        }
    }
    if !too_many_units {
        for (i, s) in raw.sides.iter().enumerate() {
            if !sides_used.contains(&i) && side_index.get(s.name.as_str()) == Some(&i) {
                p.at(
                    &format!("sides[{i}]"),
                    format!("side `{}` has no units", echo(&s.name)),
                );
            }
        }
    }
    let surprise = match &raw.surprise {
        Some(name) => match side_index.get(name.as_str()) {
            Some(&i) => Some(SideId(i as u32)),
            None => {
                p.at(
                    "surprise",
                    format!("surprise names unknown side `{}`", echo(name)),
                );
                None
            }
        },
        None => None,
    };

    let stalemate_rounds = match raw.stalemate_rounds {
        None => STALEMATE_ROUNDS,
        Some(n) => u32::try_from(n).unwrap_or_else(|_| {
            p.at(
                "stalemate_rounds",
                format!("stalemate_rounds is {n}; it must be 0 (off) or a number of rounds"),
            );
            STALEMATE_ROUNDS
        }),
    };

    let dicey = super::dicey_check::check(
        &mut p,
        &raw.dicey,
        ruleset,
        &grid,
        map_fits.then_some(&terrain[..]),
    );

    if !p.list.is_empty() {
        let ix = SpanIndex::build_for(src, p.list.iter().map(|(path, _, _)| path.as_str()));
        let mut problems: Vec<Problem> = p
            .list
            .into_iter()
            .map(|(path, ch, message)| Problem {
                pos: match ch {
                    Some(n) => ix.char_pos(src, &path, n),
                    None => ix.pos(&path),
                },
                message,
            })
            .collect();
        problems.sort_by_key(|p| p.pos);
        return Err(fail(problems));
    }
    Ok(Level {
        name: raw.name,
        description: raw.description,
        ruleset: ruleset.unwrap_or(RulesetId::DEFAULT),
        grid,
        seed: raw.seed,
        terrain,
        sides,
        units,
        surprise,
        stalemate_rounds,
        summons: catalogue::summon_templates(&catalogue),
        dicey,
    })
}
