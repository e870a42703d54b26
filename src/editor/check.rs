//! The editor's validation: the level's text as the editor would write it, read by the
//! same loader as `skirmish check` (`skirmish_rules::level::parse`), each problem it finds
//! pointed at the cell, side or unit on the line it names.

use skirmish_rules::grid::Cell;

use super::EditorLevel;

/// What a problem is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A cell of the map (a row of the map names it, by its column).
    Cell(Cell),
    /// A side (index).
    Side(usize),
    /// A unit (index).
    Unit(usize),
    /// The level as a whole (a field, or a place the editor cannot point at).
    Level,
}

/// One problem the loader found, and what it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trouble {
    /// The cell, side or unit it points at.
    pub target: Target,
    /// The loader's message.
    pub message: String,
}

impl std::fmt::Display for Trouble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.target {
            Target::Cell(c) => write!(f, "cell ({}, {}): {}", c.x, c.y, self.message),
            Target::Side(i) => write!(f, "side {}: {}", i + 1, self.message),
            Target::Unit(i) => write!(f, "unit {}: {}", i + 1, self.message),
            Target::Level => f.write_str(&self.message),
        }
    }
}

impl EditorLevel {
    /// Every problem the loader finds in the level as it stands (none: it loads).
    pub fn problems(&self) -> Vec<Trouble> {
        let (text, spans) = self.to_ron_spans();
        let file = format!("{}.ron", self.name);
        let Err(errors) = skirmish_rules::level::parse(&text, &file) else {
            return Vec::new();
        };
        let within = |l: usize, v: &[(usize, usize)]| v.iter().position(|&(a, z)| a <= l && l <= z);
        errors
            .problems
            .into_iter()
            .map(|p| {
                let l = p.pos.line;
                let target = if let Some(i) = within(l, &spans.units) {
                    Target::Unit(i)
                } else if let Some(i) = within(l, &spans.sides) {
                    Target::Side(i)
                } else if let Some((first, col0)) = spans.map
                    && l >= first
                    && l < first + self.height()
                {
                    let x = p
                        .pos
                        .col
                        .saturating_sub(col0)
                        .min(self.width().saturating_sub(1));
                    Target::Cell(Cell {
                        x: x as i32,
                        y: (l - first) as i32,
                    })
                } else {
                    Target::Level
                };
                Trouble {
                    target,
                    message: p.message,
                }
            })
            .collect()
    }
}
