//! Frame-time probe for the performance notes (`docs/performance.md`): with
//! `SKIRMISH_FRAME_STATS=FILE` the window measures the time between consecutive frames
//! while something on the board animates (a unit walking, lunging or fading) and writes
//! the figures to FILE (atomically, every 120 such frames): how many frames, the median,
//! the 95th percentile and the worst, and the most units on the board and moving at once.
//! Without the variable nothing is measured. The view only: it never touches the battle.

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;

use super::BattleRes;
use super::board::Anim;

pub(super) fn plugin(app: &mut App) {
    if let Some(path) = std::env::var_os("SKIRMISH_FRAME_STATS") {
        app.insert_resource(Probe {
            path: PathBuf::from(path),
            ..Probe::default()
        })
        .add_systems(Last, measure);
    }
}

/// What the probe gathered so far.
#[derive(Resource, Default)]
struct Probe {
    path: PathBuf,
    last: Option<Instant>,
    /// Milliseconds between an animating frame and the one before it.
    frames: Vec<f64>,
    most_units: usize,
    most_moving: usize,
}

/// The figures over a set of frame times (milliseconds): count, median, p95, max.
pub fn summary(frames: &[f64]) -> Option<(usize, f64, f64, f64)> {
    if frames.is_empty() {
        return None;
    }
    let mut v = frames.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    Some((v.len(), at(0.5), at(0.95), v[v.len() - 1]))
}

fn measure(mut probe: ResMut<Probe>, anims: Query<&Anim>, battle: Option<Res<BattleRes>>) {
    let now = Instant::now();
    let previous = probe.last.replace(now);
    let moving = anims.iter().filter(|a| a.moving()).count();
    if moving == 0 {
        return;
    }
    let Some(previous) = previous else { return };
    let units = battle.map_or(0, |b| b.0.units().count());
    probe.most_units = probe.most_units.max(units);
    probe.most_moving = probe.most_moving.max(moving);
    probe
        .frames
        .push(now.duration_since(previous).as_secs_f64() * 1000.0);
    if probe.frames.len().is_multiple_of(120) {
        write(&probe);
    }
}

fn write(p: &Probe) {
    let Some((n, median, p95, max)) = summary(&p.frames) else {
        return;
    };
    let text = format!(
        "frames {n}\nmedian_ms {median:.2}\np95_ms {p95:.2}\nmax_ms {max:.2}\nunits {}\nmost_moving {}\n",
        p.most_units, p.most_moving
    );
    if let Err(e) = crate::files::write_atomic(&p.path, text.as_bytes()) {
        warn!("frame stats: cannot write {}: {e}", p.path.display());
    }
}
