//! The win forecast in the window (issue 32): it is worked out on a thread, so frames
//! keep coming while it runs (the progress moves between them), Cancel stops it with the
//! play-outs done counted, and a finished one is the library's forecast of the same
//! position with the same seed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use skirmish::game::saves::forecast::{ForecastIntent, Forecaster, SEED};
use skirmish_rules::forecast::{ForecastOptions, forecast};

use super::saves::{Win, scratch};

fn running(w: &Win) -> Option<(usize, usize)> {
    w.app
        .world()
        .resource::<Forecaster>()
        .running
        .as_ref()
        .map(|r| (r.done.load(Ordering::Relaxed), r.total))
}

/// 1,000 play-outs take far longer than a frame (seconds in a debug build): frame after
/// frame returns while the forecast is under way and its count of play-outs grows; F3
/// opened the window; Cancel stops it and the play-outs done are counted.
#[test]
fn the_forecast_runs_in_the_background_and_can_be_cancelled() {
    let dir = scratch("forecast");
    let mut w = Win::new(&dir, true);
    w.end_turn();
    w.key(KeyCode::Space);
    // F3 opens the window and starts 1,000 play-outs; the frames return at once.
    w.key(KeyCode::F3);
    assert!(w.app.world().resource::<Forecaster>().open, "F3 opened it");
    assert!(running(&w).is_some(), "started, and the frames returned");
    let (mut frames, mut seen, mut slowest) = (0, Vec::new(), Duration::ZERO);
    let t0 = Instant::now();
    while let Some((done, total)) = running(&w) {
        assert_eq!(total, 1000);
        let t = Instant::now();
        w.frames(1);
        slowest = slowest.max(t.elapsed());
        frames += 1;
        if seen.last() != Some(&done) {
            seen.push(done);
        }
        if seen.len() >= 3 && done > 0 {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(120),
            "no progress: {seen:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let (done, _) = running(&w).expect("still running after the progress moved");
    assert!(done < 1000, "not finished yet: {done}");
    assert!(frames >= 3, "{frames} frames while it ran");
    assert!(
        slowest < Duration::from_millis(500),
        "a frame took {slowest:?}"
    );
    w.app.world_mut().resource_mut::<ForecastIntent>().cancel = true;
    for _ in 0..2000 {
        w.frames(1);
        if running(&w).is_none() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let f = w.app.world().resource::<Forecaster>();
    let (fc, _) = f.result.as_ref().expect("a result after cancelling");
    assert!(fc.cancelled);
    assert!(
        fc.played >= done && fc.played < 1000,
        "{} played",
        fc.played
    );
    println!(
        "forecast: {frames} frames (slowest {slowest:?}) while {done} play-outs ran; \
         cancelled at {}",
        fc.played
    );
}

/// A finished forecast is the library's for the same position, seed and count.
#[test]
fn a_finished_forecast_is_the_librarys() {
    let dir = scratch("forecast-done");
    let mut w = Win::new(&dir, true);
    w.end_turn();
    w.app.world_mut().resource_mut::<ForecastIntent>().run = Some(12);
    for _ in 0..6000 {
        w.frames(1);
        if running(&w).is_none() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let got = w.app.world().resource::<Forecaster>().result.clone();
    let (got, at) = got.expect("finished");
    assert_eq!(at.1, 1, "worked out after the first command");
    let want = forecast(
        w.battle(),
        &ForecastOptions {
            battles: 12,
            seed: SEED,
            jobs: 1,
        },
        &|_| {},
        &AtomicBool::new(false),
    );
    assert_eq!(got, want);
    assert_eq!(got.played, 12);
    assert_eq!(got.sides.len(), 2);
    let wins: usize = got.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + got.draws + got.unfinished, 12);
}
