//! A level file read into the editor's model and written back as RON shaped like a
//! hand-written level: one field a line, the map as rows of the default legend's
//! characters (`.` floor, `#` wall, `~` difficult, `^` high, `=` low, `_` pit), one side
//! and one unit a line. Saving refuses a level the loader would refuse, and writes
//! through the project's atomic writer (`files::write_text`).

use std::collections::BTreeMap;
use std::path::Path;

use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{Controller, Role, Terrain, default_legend, ron_options};

use super::text::{self, quoted};
use super::{EdSide, EdUnit, EditorLevel};

/// Where the writer put each thing, by line (1-based), so that a problem the loader finds
/// at a line and column can be pointed at its cell, side or unit.
#[derive(Clone, Debug, Default)]
pub struct Spans {
    /// The map's first row's line, and the column of its first cell.
    pub map: Option<(usize, usize)>,
    /// Each side's first and last line.
    pub sides: Vec<(usize, usize)>,
    /// Each unit's first and last line.
    pub units: Vec<(usize, usize)>,
}

fn read<T: serde::de::DeserializeOwned>(key: &str, v: &str) -> Result<T, String> {
    ron_options()
        .from_str(v)
        .map_err(|e| format!("`{key}: {v}` cannot be read: {}", e.code))
}

impl EditorLevel {
    /// Read a level file's text (the same text `skirmish check` reads). A text whose
    /// shape is not a level's is refused with the reason.
    pub fn from_text(src: &str) -> Result<EditorLevel, String> {
        let doc = text::document(src);
        let (name, fields) =
            text::fields(&doc).ok_or("the file is not a `Level( … )` of `key: value` fields")?;
        if !name.is_empty() && name != "Level" {
            return Err(format!("the file holds a `{name}`, not a `Level`"));
        }
        let mut lvl = EditorLevel::new("", GridKind::Square, 1, 1);
        lvl.header = text::header(src);
        lvl.sides.clear();
        lvl.name.clear();
        let mut legend = default_legend();
        let mut rows: Vec<String> = Vec::new();
        for (k, v) in fields {
            match k.as_str() {
                "name" => lvl.name = read(&k, &v)?,
                "description" => lvl.description = read(&k, &v)?,
                "ruleset" => lvl.ruleset = read(&k, &v)?,
                "grid" => lvl.grid = read(&k, &v)?,
                "seed" => lvl.seed = read(&k, &v)?,
                "legend" => legend.extend(read::<BTreeMap<char, Terrain>>(&k, &v)?),
                "map" => rows = read(&k, &v)?,
                "sides" => {
                    lvl.sides = items(&v)?
                        .iter()
                        .map(|s| side(s))
                        .collect::<Result<_, _>>()?
                }
                "units" => {
                    lvl.units = items(&v)?
                        .iter()
                        .map(|u| unit(u))
                        .collect::<Result<_, _>>()?
                }
                "surprise" => lvl.surprise = read(&k, &v)?,
                "stalemate_rounds" => lvl.stalemate_rounds = read(&k, &v)?,
                "exits" => lvl.exits = read(&k, &v)?,
                _ => lvl.extra.push((k, v)),
            }
        }
        lvl.map = rows
            .iter()
            .enumerate()
            .map(|(y, r)| {
                r.chars()
                    .map(|c| {
                        legend.get(&c).copied().ok_or_else(|| {
                            format!("the map's '{c}' (row {}) is in no legend", y + 1)
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<_, _>>()?;
        let w = lvl.width();
        if lvl.map.is_empty() || w == 0 || lvl.map.iter().any(|r| r.len() != w) {
            return Err("the map's rows are not all of one length (or there are none)".into());
        }
        Ok(lvl)
    }

    /// Read a level file.
    pub fn load(path: &Path) -> Result<EditorLevel, String> {
        let src = skirmish_rules::text_file::read(path, skirmish_rules::text_file::Kind::Level)
            .map_err(|e| format!("{}:{e}", crate::files::shown(path)))?;
        EditorLevel::from_text(&src).map_err(|e| format!("{}: {e}", crate::files::shown(path)))
    }

    /// The level as RON text.
    pub fn to_ron(&self) -> String {
        self.to_ron_spans().0
    }

    /// The level as RON text, and where each thing is in it.
    pub fn to_ron_spans(&self) -> (String, Spans) {
        let legend = default_legend();
        let char_of = |t: &Terrain| {
            legend
                .iter()
                .find(|(_, x)| *x == t)
                .map_or('.', |(c, _)| *c)
        };
        let mut out = self.header.clone();
        let mut spans = Spans::default();
        let line = |out: &str| 1 + out.matches('\n').count();
        out.push_str("Level(\n");
        let field = |out: &mut String, k: &str, v: &str| {
            out.push_str(&format!("    {k}: {v},\n"));
        };
        field(&mut out, "name", &quoted(&self.name));
        if !self.description.is_empty() {
            field(&mut out, "description", &quoted(&self.description));
        }
        field(&mut out, "ruleset", &quoted(&self.ruleset));
        field(&mut out, "grid", &format!("{:?}", self.grid));
        if let Some(s) = self.seed {
            field(&mut out, "seed", &s.to_string());
        }
        out.push_str("    map: [\n");
        spans.map = Some((line(&out), 10));
        for row in &self.map {
            let r: String = row.iter().map(char_of).collect();
            out.push_str(&format!("        \"{r}\",\n"));
        }
        out.push_str("    ],\n    sides: [\n");
        for s in &self.sides {
            let first = line(&out);
            let mut f = vec![
                format!("name: {}", quoted(&s.name)),
                format!("colour: {}", quoted(&s.colour)),
            ];
            if s.controller != Controller::Human {
                f.push(format!("controller: {:?}", s.controller));
            }
            if let Some(r) = s.role {
                f.push(format!("role: {r:?}"));
            }
            out.push_str(&format!("        Side({}),\n", f.join(", ")));
            spans.sides.push((first, line(&out) - 1));
        }
        out.push_str("    ],\n    units: [\n");
        for u in &self.units {
            let first = line(&out);
            let mut f = vec![
                format!("name: {}", quoted(&u.name)),
                format!("side: {}", quoted(&u.side)),
                format!("cell: ({}, {})", u.cell.x, u.cell.y),
            ];
            if let Some(a) = &u.archetype {
                f.push(format!("archetype: {}", quoted(a)));
            }
            f.extend(u.extra.iter().map(|(k, v)| format!("{k}: {v}")));
            out.push_str(&format!("        Unit({}),\n", f.join(", ")));
            spans.units.push((first, line(&out) - 1));
        }
        out.push_str("    ],\n");
        if let Some(s) = &self.surprise {
            field(&mut out, "surprise", &quoted(s));
        }
        if let Some(n) = self.stalemate_rounds {
            field(&mut out, "stalemate_rounds", &n.to_string());
        }
        if !self.exits.is_empty() {
            let cells: Vec<String> = self
                .exits
                .iter()
                .map(|c| format!("({}, {})", c.x, c.y))
                .collect();
            field(&mut out, "exits", &format!("[{}]", cells.join(", ")));
        }
        for (k, v) in &self.extra {
            field(&mut out, k, v);
        }
        out.push_str(")\n");
        (out, spans)
    }

    /// Write the level to `path` (atomically), unless the loader would refuse it: then
    /// nothing is written and the problems are the error.
    pub fn save(&self, path: &Path) -> Result<(), Vec<super::Trouble>> {
        let troubles = self.problems();
        if !troubles.is_empty() {
            return Err(troubles);
        }
        crate::files::write_text(path, &self.to_ron()).map_err(|e| {
            vec![super::Trouble {
                target: super::Target::Level,
                message: e,
            }]
        })
    }
}

/// The items of a `[ … ]`.
fn items(v: &str) -> Result<Vec<String>, String> {
    match text::open(v) {
        Some(("", body)) if v.trim_start().starts_with('[') => Ok(text::split_top(body)),
        _ => Err(format!("`{}` is not a list `[ … ]`", shorten(v))),
    }
}

fn shorten(v: &str) -> String {
    let s: String = v.chars().take(40).collect();
    if s.len() < v.len() {
        format!("{s}…")
    } else {
        s
    }
}

fn side(v: &str) -> Result<EdSide, String> {
    let (_, fields) = text::fields(v).ok_or_else(|| format!("`{}` is not a side", shorten(v)))?;
    let mut s = EdSide {
        name: String::new(),
        colour: String::new(),
        controller: Controller::Human,
        role: None,
    };
    for (k, v) in fields {
        match k.as_str() {
            "name" => s.name = read(&k, &v)?,
            "colour" | "color" => s.colour = read(&k, &v)?,
            "controller" => s.controller = read(&k, &v)?,
            "role" => s.role = read::<Option<Role>>(&k, &v)?,
            _ => return Err(format!("a side has no field `{k}`")),
        }
    }
    Ok(s)
}

fn unit(v: &str) -> Result<EdUnit, String> {
    let (_, fields) = text::fields(v).ok_or_else(|| format!("`{}` is not a unit", shorten(v)))?;
    let mut u = EdUnit {
        name: String::new(),
        side: String::new(),
        cell: Cell { x: 0, y: 0 },
        archetype: None,
        extra: Vec::new(),
    };
    for (k, v) in fields {
        match k.as_str() {
            "name" => u.name = read(&k, &v)?,
            "side" => u.side = read(&k, &v)?,
            "cell" => u.cell = read(&k, &v)?,
            "archetype" => u.archetype = read(&k, &v)?,
            _ => u.extra.push((k, v)),
        }
    }
    Ok(u)
}
