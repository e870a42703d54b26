//! Reading a level file: the bounded read ([`load`]) and the parse and checks of every
//! section ([`parse`]), one file per section: the names' limits (`names`), the ruleset
//! and the catalogue (`ruleset`), the map and its legend (`map`), the sides (`sides`),
//! the units (`units`, `unit_def`, `feats`), the hazard and exit cells (`cells`). Above
//! the registry: a level is checked against its ruleset's catalogue and rules
//! (`crate::rulesets::Registry`).

use std::path::Path;

use crate::span::{Pos, SpanIndex};
use crate::vocab::RulesetId;

use super::file::*;
use super::messages::*;
use super::problems::*;
use super::*;

mod cells;
mod feats;
mod map;
mod names;
mod ruleset;
mod sides;
mod unit_def;
mod units;

/// Read and validate a level file: a regular file of at most [`MAX_FILE_BYTES`] bytes,
/// read with that limit ([`crate::text_file::read`]: a FIFO or a device is refused
/// before it is opened).
pub fn load(path: &Path) -> Result<Level, LevelErrors> {
    let file = crate::shown::path(path);
    let src =
        crate::text_file::read(path, crate::text_file::Kind::Level).map_err(|e| LevelErrors {
            file: file.clone(),
            problems: vec![Problem {
                pos: e.pos,
                message: e.message,
            }],
        })?;
    parse(&src, &file)
}

/// Validate level text; `file` names it in messages. A UTF-8 byte order mark at the
/// start is skipped (columns are counted as an editor shows them, without it).
///
/// Each section is checked in the order below, and its problems are listed in that
/// order before they are placed and sorted by position (a stable sort: two problems at
/// one place keep it).
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
    let mut p = Problems::default();

    // Names: every limit is checked before anything is built from the file.
    let too_many_units = names::check(&mut p, &raw);
    let (ruleset, catalogue, mut bad_arch_weapons) = ruleset::catalogue(&mut p, &raw);
    feats::check_archetypes(&mut p, &raw);
    let board = map::build(&mut p, &raw);
    let (sides, side_index) = sides::build(&mut p, &raw);
    let unit_list: &[UnitFile] = if too_many_units { &[] } else { &raw.units };
    let looked_up = units::Lookups {
        all: &raw.units,
        side_index: &side_index,
        board: &board,
        catalogue: &catalogue,
        ruleset,
    };
    let (mut units, sides_used) =
        units::build(&mut p, unit_list, &looked_up, &mut bad_arch_weapons);
    starting_grabs(&mut p, &raw.units, &mut units, &board.grid, ruleset);
    ruleset::report_bad_arch_weapons(&mut p, &bad_arch_weapons, &catalogue);
    if !too_many_units {
        sides::report_unused(&mut p, &raw, &side_index, &sides_used);
    }
    let surprise = sides::surprise(&mut p, &raw, &side_index);
    let stalemate_rounds = stalemate_rounds(&mut p, raw.stalemate_rounds);
    let dicey = super::dicey_check::check(
        &mut p,
        &raw.dicey,
        ruleset,
        &board.grid,
        board.fits.then_some(&board.terrain[..]),
    );
    let hazards = cells::hazards(&mut p, &raw.hazards, &board);
    let exits = cells::exits(&mut p, &raw.exits, &board);

    if !p.list.is_empty() {
        return Err(fail(placed(src, p)));
    }
    let summons = catalogue::summon_templates(&catalogue);
    Ok(Level {
        name: raw.name,
        description: raw.description,
        ruleset: ruleset.unwrap_or(RulesetId::DEFAULT),
        grid: board.grid,
        seed: raw.seed,
        terrain: board.terrain,
        sides,
        units,
        surprise,
        stalemate_rounds,
        summons,
        dicey,
        hazards,
        exits,
    })
}

/// The map as built for the checks that follow it: too large a map is not built (its
/// rows are not checked and the units are checked against an empty one).
struct Board {
    /// The grid, 0×0 when the map does not fit.
    grid: Grid,
    /// The cells' terrain, row by row (empty when the map does not fit).
    terrain: Vec<Terrain>,
    /// Width in cells (0 when the map does not fit).
    width: usize,
    /// Height in cells (0 when the map does not fit).
    height: usize,
    /// Whether the map is within [`MAX_MAP_SIDE`] both ways (and so was built).
    fits: bool,
}

/// The file's `stalemate_rounds`, [`STALEMATE_ROUNDS`] when it gives none.
fn stalemate_rounds(p: &mut Problems, given: Option<i64>) -> u32 {
    match given {
        None => STALEMATE_ROUNDS,
        Some(n) => u32::try_from(n).unwrap_or_else(|_| {
            p.at(
                "stalemate_rounds",
                format!("stalemate_rounds is {n}; it must be 0 (off) or a number of rounds"),
            );
            STALEMATE_ROUNDS
        }),
    }
}

/// The problems found, each placed at its line and column in `src`, sorted by position.
fn placed(src: &str, p: Problems) -> Vec<Problem> {
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
    problems
}
