//! `skirmish check-log`: a window's `--event-log` checked against its level: the setup
//! line for line, moves from where units stand, HP after damage, no shared cells or walls
//! at turn boundaries, undo taking back only movement (`docs/reliability.md`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use skirmish_rules::grid::GridKind;

use skirmish_rules::Battle;
use skirmish_rules::record::record;

use crate::cli::{load, stdout_failed};

/// One battle of an event log being followed: where every unit stands, its HP, whether
/// it is up; the events taken so far (for undo).
struct LogShadow {
    names: std::collections::HashMap<String, usize>,
    pos: Vec<skirmish_rules::grid::Cell>,
    hp: Vec<i64>,
    up: Vec<bool>,
    ended: bool,
    round: u64,
    /// Events since the setup: (kind, unit, from) for undo.
    taken: Vec<(String, Option<usize>, Option<skirmish_rules::grid::Cell>)>,
}

/// `skirmish check-log LEVEL LOG`: a window event log checked against its level.
pub fn check_log(
    level_path: &Path,
    log_path: &Path,
    grid: Option<GridKind>,
    seed: Option<u64>,
    others: &[PathBuf],
) -> ExitCode {
    use serde_json::Value;
    let mut levels = Vec::new();
    for p in std::iter::once(level_path).chain(others.iter().map(PathBuf::as_path)) {
        match load(p, None) {
            Ok(l) => levels.push((crate::files::shown(p), l)),
            Err(e) => {
                note!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    let text = match skirmish_rules::text_file::read(log_path, skirmish_rules::text_file::Kind::Log)
    {
        Ok(t) => t,
        Err(e) => {
            note!("skirmish: {}:{e}", crate::files::shown(log_path));
            return ExitCode::from(2);
        }
    };
    let file = crate::files::shown(log_path);
    let mut problems: Vec<String> = Vec::new();
    // Split into battles: each starts at a battle_started line.
    let mut battles: Vec<Vec<(usize, &str, Value)>> = Vec::new();
    let total = text.lines().count();
    // The window writes whole lines, each ended: a log whose last line has no end is one
    // that was not written whole (a full disk, a crash), and fails.
    if !text.is_empty() && !text.ends_with('\n') {
        problems.push(format!(
            "{file}:{total}: the last line is cut short (no end of line): the log was not \
             written whole"
        ));
    }
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = match serde_json::from_str(raw) {
            Ok(v) => v,
            // Reported above: the cut line is not a record.
            Err(_) if n == total && !text.ends_with('\n') => break,
            Err(e) => {
                problems.push(format!("{file}:{n}: not a JSON record: {e}"));
                continue;
            }
        };
        match v["kind"].as_str() {
            Some("battle_started") => battles.push(vec![(n, raw, v)]),
            Some(_) => match battles.last_mut() {
                Some(b) => b.push((n, raw, v)),
                None if v["kind"] == "undo" || v["kind"] == "handover" => {}
                None => problems.push(format!("{file}:{n}: an event before battle_started")),
            },
            None => problems.push(format!("{file}:{n}: a record without a kind")),
        }
    }
    if battles.is_empty() && problems.is_empty() {
        problems.push(format!("{file}: no battle_started line"));
    }
    let mut events = 0usize;
    let mut undos = 0usize;
    for lines in &battles {
        let at = |n: usize, what: String| format!("{file}:{n}: {what}");
        let (n0, _, first) = &lines[0];
        // "ruleset flow, hex grid, seed 11"
        let detail = first["detail"].as_str().unwrap_or_default();
        let word = |suffix: &str| {
            detail
                .split(", ")
                .find_map(|p| p.strip_suffix(suffix).or_else(|| p.strip_prefix(suffix)))
                .map(str::trim)
        };
        let g = match word(" grid") {
            Some("square") => GridKind::Square,
            Some("hex") => GridKind::Hex,
            _ => {
                problems.push(at(*n0, format!("no grid in \"{detail}\"")));
                continue;
            }
        };
        let Some(s) = word("seed ").and_then(|s| s.parse::<u64>().ok()) else {
            problems.push(at(*n0, format!("no seed in \"{detail}\"")));
            continue;
        };
        if grid.is_some_and(|want| want != g) {
            problems.push(at(
                *n0,
                format!("a battle on the {g} grid, not the one asked"),
            ));
        }
        if seed.is_some_and(|want| want != s) {
            problems.push(at(
                *n0,
                format!("a battle with seed {s}, not the one asked"),
            ));
        }
        let evs: Vec<&(usize, &str, Value)> = lines
            .iter()
            .filter(|(_, _, v)| v["kind"] != "undo" && v["kind"] != "handover")
            .collect();
        // The setup must be the level's, line for line.
        let mut first_diff = None;
        let mut setup = None;
        for (name, l) in &levels {
            let b = match Battle::new(l.clone().with_grid(g), s, Vec::new()) {
                Ok(b) => b,
                Err(e) => {
                    first_diff.get_or_insert(format!("{name} does not start: {e}"));
                    continue;
                }
            };
            let diff = b.log().iter().enumerate().find_map(|(i, l)| {
                let want = record(&b, l).json();
                match evs.get(i) {
                    Some((_, raw, _)) if *raw == want => None,
                    Some((n, raw, _)) => Some(format!(
                        "line {n} is not {name}'s setup: expected {want}, found {raw}"
                    )),
                    None => Some(format!("the log ends inside {name}'s setup")),
                }
            });
            match diff {
                None => {
                    setup = Some(b);
                    break;
                }
                Some(d) => {
                    first_diff.get_or_insert(d);
                }
            }
        }
        let Some(b) = setup else {
            problems.push(at(
                *n0,
                format!(
                    "a battle of no given level (grid {g}, seed {s}): {}",
                    first_diff.unwrap_or_default()
                ),
            ));
            continue;
        };
        let units: Vec<_> = b.units().collect();
        let mut sh = LogShadow {
            names: units
                .iter()
                .enumerate()
                .map(|(i, &u)| (b.name(u).to_string(), i))
                .collect(),
            pos: units.iter().map(|&u| b.pos(u)).collect(),
            hp: units.iter().map(|&u| i64::from(b.hp(u))).collect(),
            up: units.iter().map(|&u| b.alive(u)).collect(),
            ended: false,
            round: 0,
            taken: Vec::new(),
        };
        let setup_len = b.log().len();
        let mut seen = 0usize;
        for (n, _, v) in lines {
            let n = *n;
            let kind = v["kind"].as_str().unwrap_or_default();
            if kind == "handover" {
                continue;
            }
            if kind == "undo" {
                let d = v["detail"].as_str().unwrap_or_default();
                if d == "restarted" {
                    continue;
                }
                undos += 1;
                let Some(k) = d
                    .strip_suffix(" events undone")
                    .and_then(|k| k.parse::<usize>().ok())
                else {
                    problems.push(at(n, format!("an undo line that says \"{d}\"")));
                    continue;
                };
                if k > sh.taken.len() {
                    problems.push(at(
                        n,
                        format!("{k} events undone, but only {} were played", sh.taken.len()),
                    ));
                    continue;
                }
                for _ in 0..k {
                    let Some((kind, u, from)) = sh.taken.pop() else {
                        break;
                    };
                    match (kind.as_str(), u, from) {
                        ("moved", Some(u), Some(f)) => sh.pos[u] = f,
                        ("ap_spent" | "movement_gained" | "moved" | "slot_used on move", _, _) => {}
                        _ => problems.push(at(
                            n,
                            format!("undo takes back a {kind} event (only movement can be undone)"),
                        )),
                    }
                }
                continue;
            }
            seen += 1;
            events += 1;
            if seen <= setup_len {
                continue;
            }
            let unit = |field: &str| -> Result<Option<usize>, String> {
                match v[field].as_str() {
                    None => Ok(None),
                    Some(name) => sh
                        .names
                        .get(name)
                        .copied()
                        .map(Some)
                        .ok_or_else(|| format!("no unit named {name:?}")),
                }
            };
            let cell = |field: &str| {
                serde_json::from_value::<skirmish_rules::grid::Cell>(v[field].clone()).ok()
            };
            if sh.ended {
                problems.push(at(n, format!("a {kind} event after battle_ended")));
            }
            let round = v["round"].as_u64().unwrap_or(0);
            if round < sh.round {
                problems.push(at(n, format!("round {round} after round {}", sh.round)));
            }
            sh.round = round;
            let mut undo_entry = (kind.to_string(), None, None);
            // A slot paid for a move (melee-zone's and counters' move action) is taken
            // back with the move.
            if kind == "slot_used"
                && v["detail"]
                    .as_str()
                    .is_some_and(|d| d.ends_with(" on move"))
            {
                undo_entry.0 = "slot_used on move".to_string();
            }
            let r: Result<(), String> = (|| {
                match kind {
                    "moved" | "displaced" => {
                        let u = unit(if kind == "moved" { "actor" } else { "target" })?
                            .ok_or("no unit")?;
                        let (Some(from), Some(to)) = (cell("from"), cell("to")) else {
                            return Err("no from or to cell".into());
                        };
                        if from != sh.pos[u] {
                            return Err(format!(
                                "{} goes from {from} but stands at {}",
                                v[if kind == "moved" { "actor" } else { "target" }],
                                sh.pos[u]
                            ));
                        }
                        undo_entry = (kind.to_string(), Some(u), Some(from));
                        sh.pos[u] = to;
                    }
                    "damage" | "healed" => {
                        let u = unit("target")?.ok_or("no target")?;
                        let amount = if kind == "damage" {
                            -v["damage"].as_i64().ok_or("no damage")?
                        } else {
                            v["detail"]
                                .as_str()
                                .and_then(|d| {
                                    d.strip_prefix('+')?
                                        .strip_suffix(" HP")?
                                        .parse::<i64>()
                                        .ok()
                                })
                                .ok_or("no amount healed")?
                        };
                        sh.hp[u] += amount;
                        let after = v["hp_after"].as_i64().ok_or("no hp_after")?;
                        if after != sh.hp[u] {
                            return Err(format!(
                                "{} has {after} HP after this; its start less the damage plus the healing is {}",
                                v["target"], sh.hp[u]
                            ));
                        }
                    }
                    "down" => sh.up[unit("target")?.ok_or("no target")?] = false,
                    "revived" => sh.up[unit("target")?.ok_or("no target")?] = true,
                    "turn_started" | "turn_ended" | "round_started" | "round_ended"
                    | "battle_ended" => {
                        if kind == "turn_started"
                            && let Some(u) = unit("actor")?
                            && !sh.up[u]
                        {
                            return Err(format!("{} starts a turn while down", v["actor"]));
                        }
                        sh.ended |= kind == "battle_ended";
                        let mut cells = std::collections::BTreeMap::new();
                        for (i, &u) in units.iter().enumerate().filter(|&(i, _)| sh.up[i]) {
                            let c = sh.pos[i];
                            if let Some(o) = cells.insert(c, i) {
                                return Err(format!(
                                    "{} and {} share {c}",
                                    b.name(units[o]),
                                    b.name(u)
                                ));
                            }
                            let t = b.terrain(c);
                            if t.cost().is_none() {
                                return Err(format!("{} stands on {} at {c}", b.name(u), t.name()));
                            }
                        }
                    }
                    _ => {}
                }
                Ok(())
            })();
            if let Err(e) = r {
                problems.push(at(n, format!("{kind}: {e}")));
            }
            sh.taken.push(undo_entry);
        }
    }
    if problems.is_empty() {
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(
            out,
            "{file}: ok — {} battle(s), {events} events, {undos} undo(s)",
            battles.len()
        ) {
            return stdout_failed(e, ExitCode::SUCCESS);
        }
        ExitCode::SUCCESS
    } else {
        let shown = problems.len().min(50);
        for p in &problems[..shown] {
            note!("{p}");
        }
        if problems.len() > shown {
            note!("… and {} more", problems.len() - shown);
        }
        note!("{file}: {} violation(s)", problems.len());
        ExitCode::from(1)
    }
}
