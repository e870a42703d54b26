//! Saves from the command line (issue 32): `run --save`, `replay` and `replay --verify`
//! (exit 1 on a save that does not reproduce its log, 2 on one that cannot be read),
//! `forecast` (the same on any number of threads), `play --load` refusing a bad save
//! before any window, and a save writer killed mid-write leaving a save that loads.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use skirmish::files::write_atomic;
use skirmish_rules::Battle;
use skirmish_rules::save::{LevelCopy, Save, SideSettings};

use crate::repo;

fn skirmish(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(repo(""))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn run_with_the_ai_saves_and_replay_prints_the_same_log() {
    let d = scratch("run");
    let save = d.join("bridge.ron");
    let (code, run_out, err) = skirmish(&[
        "run",
        "levels/flow-bridge.ron",
        "--ai",
        "all",
        "--seed",
        "3",
        "--json",
        "--save",
        s(&save),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        run_out.contains("\"battle_ended\""),
        "the AI played to the end"
    );
    let (code, replay_out, err) = skirmish(&["replay", s(&save), "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(replay_out, run_out);
    // Text: the same lines, and the last says who won.
    let (_, text, _) = skirmish(&["replay", s(&save)]);
    assert!(
        text.lines().last().unwrap().starts_with("-- battle over"),
        "{text}"
    );
    let (code, out, err) = skirmish(&["replay", s(&save), "--verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!("{}: ok — ", save.display())),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn run_hands_only_the_named_side_to_the_ai() {
    // The bridge's sides are both human: with the AI on Blue Watch, the run stops at the
    // first turn of Red Company (or the end).
    let (code, out, err) = skirmish(&["run", "levels/flow-bridge.ron", "--ai", "Blue Watch"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("-- script done; "), "{last}");
    let (code, _, err) = skirmish(&["run", "levels/flow-bridge.ron", "--ai", "Nobody"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--ai Nobody: the level has no such side"),
        "{err}"
    );
}

#[test]
fn replay_verify_exits_1_on_a_mismatch_and_2_on_an_unreadable_file() {
    let d = scratch("verify");
    let good = repo("tests/fixtures/save-format1.ron");
    let (code, _, err) = skirmish(&["replay", s(&good), "--verify"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&good).unwrap();
    let save = Save::parse(&text).unwrap();
    // The log hash changed: exit 1, with the message.
    let bad = d.join("bad-hash.ron");
    std::fs::write(
        &bad,
        text.replacen(&save.log_hash, "fnv1a64:0000000000000000", 1),
    )
    .unwrap();
    let (code, out, err) = skirmish(&["replay", s(&bad), "--verify"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert!(
        err.contains("the battle replayed from the save is not the one saved"),
        "{err}"
    );
    // No such file, a file cut short, a newer format: exit 2.
    let (code, _, err) = skirmish(&["replay", s(&d.join("none.ron")), "--verify"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the file"), "{err}");
    let short = d.join("short.ron");
    std::fs::write(&short, &text[..text.len() / 3]).unwrap();
    let (code, _, err) = skirmish(&["replay", s(&short), "--verify"]);
    assert_eq!(code, 2);
    assert!(err.contains("the save file is cut short"), "{err}");
    let newer = d.join("newer.ron");
    // (The fixture is format 1: a newer one is a newer one whichever format is read.)
    std::fs::write(&newer, text.replacen("format: 1,", "format: 9,", 1)).unwrap();
    let (code, _, err) = skirmish(&["replay", s(&newer)]);
    assert_eq!(code, 2);
    assert!(
        err.contains("written by a newer version of Skirmish"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_bare_save_name_is_found_in_the_data_folder() {
    let d = scratch("data");
    std::fs::create_dir_all(d.join("saves")).unwrap();
    std::fs::copy(
        repo("tests/fixtures/save-format1.ron"),
        d.join("saves").join("kept.ron"),
    )
    .unwrap();
    let (code, _, err) = skirmish(&["replay", "kept.ron", "--verify", "--data-dir", s(&d)]);
    assert_eq!(code, 0, "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["replay", "kept.ron", "--verify"])
        .current_dir(repo(""))
        .env("SKIRMISH_DATA_DIR", &d)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_forecast_is_the_same_on_one_and_two_threads() {
    let save = repo("tests/fixtures/save-format1.ron");
    let args = |jobs: &'static str| {
        skirmish(&[
            "forecast",
            s(&save),
            "--battles",
            "40",
            "--seed",
            "7",
            "--jobs",
            jobs,
            "--json",
        ])
    };
    let (code, one, err) = args("1");
    assert_eq!(code, 0, "{err}");
    let (code, two, err) = args("2");
    assert_eq!(code, 0, "{err}");
    assert_eq!(one, two);
    let f: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(f["played"], 40);
    assert_eq!(f["sides"].as_array().unwrap().len(), 2);
    // From an earlier position, and one past the end.
    let (code, out, err) = skirmish(&["forecast", s(&save), "--at", "10", "--battles", "10"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("from command 10 "), "{out}");
    let (code, _, err) = skirmish(&["forecast", s(&save), "--at", "100000", "--battles", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--at 100000"), "{err}");
}

#[test]
fn play_load_refuses_a_bad_save_before_opening_a_window() {
    let d = scratch("play");
    let bad = d.join("bad.ron");
    std::fs::write(&bad, "Save(format: 1, ruleset: \"flow\"").unwrap();
    let (code, _, err) = skirmish(&["play", "--load", s(&bad)]);
    assert_eq!(code, 2);
    assert!(err.contains("the save file is cut short"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

/// `replay --verify` lists a save's branches; `replay --branch N` replays branch N to its
/// own log hash (the log of the line the branch kept); a branch the save lacks: exit 2.
#[test]
fn replay_branch_replays_a_line_kept_inside_the_save() {
    let path = "levels/flow-courtyard.ron";
    let src = std::fs::read_to_string(repo(path)).unwrap();
    let lvl = skirmish_rules::level::parse(&src, path).unwrap();
    let of = |b: &Battle| {
        Save::of(
            b,
            LevelCopy::new(path, &src).unwrap(),
            SideSettings::defaults(b.level()),
        )
        .unwrap()
    };
    let mut old = Battle::new(lvl, 8, Vec::new()).unwrap();
    skirmish_rules::ai::play_out(&mut old, 30);
    let old_save = of(&old);
    // The rewind: back to the first command from the 5th on where the unit to play can
    // end its turn instead, which it does.
    let (k, mut new) = (4..30)
        .find_map(|k| {
            let mut b = old_save.battle_at(k).unwrap();
            let end = skirmish_rules::Command::EndTurn { unit: b.current()? };
            (old_save.commands[k] != end && b.submit(end).is_ok()).then_some((k, b))
        })
        .expect("a command to play another way");
    skirmish_rules::ai::play_out(&mut new, 5);
    let mut save = of(&new);
    save.keep_line("line before rewind", &old_save).unwrap();
    assert_ne!(save.commands, old_save.commands);

    let d = scratch("branch");
    let file = d.join("branched.ron");
    std::fs::write(&file, save.to_ron()).unwrap();
    let (code, out, err) = skirmish(&["replay", s(&file), "--verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!(
            "branch 1: \"line before rewind\" — parts at command {}, 30 commands",
            k + 1
        )),
        "{out}"
    );
    let (code, out, err) = skirmish(&["replay", s(&file), "--branch", "1", "--verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!(
            "(branch 1): ok — 30 commands, {} events",
            old.log().len()
        )) && out.contains(&old_save.log_hash),
        "{out}"
    );
    let (code, json, err) = skirmish(&["replay", s(&file), "--branch", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let want: Vec<String> = old
        .log()
        .iter()
        .map(|l| skirmish_rules::record::record(&old, l).json())
        .collect();
    assert_eq!(json.lines().collect::<Vec<_>>(), want, "the old line's log");
    for n in ["2", "0"] {
        let (code, _, err) = skirmish(&["replay", s(&file), "--branch", n]);
        assert_eq!(code, 2, "--branch {n}");
        assert!(err.contains(&format!("no branch {n} (it has 1)")), "{err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Two saves of different lengths of one battle.
fn two_saves() -> (String, String) {
    let path = "levels/flow-courtyard.ron";
    let src = std::fs::read_to_string(repo(path)).unwrap();
    let lvl = skirmish_rules::level::parse(&src, path).unwrap();
    let mut b = Battle::new(lvl, 8, Vec::new()).unwrap();
    let save = |b: &Battle| {
        Save::of(
            b,
            LevelCopy::new(path, &src).unwrap(),
            SideSettings::defaults(b.level()),
        )
        .unwrap()
        .to_ron()
    };
    skirmish_rules::ai::play_out(&mut b, 10);
    let a = save(&b);
    skirmish_rules::ai::play_out(&mut b, 60);
    (a, save(&b))
}

/// The child side of the kill test: save two battles into `SKIRMISH_SAVE_CHILD`, one
/// after the other, forever. Run only by the kill test below.
#[test]
#[ignore]
fn save_writer_child() {
    let Some(p) = std::env::var_os("SKIRMISH_SAVE_CHILD") else {
        return;
    };
    let p = PathBuf::from(p);
    let (a, b) = two_saves();
    loop {
        write_atomic(&p, a.as_bytes()).unwrap();
        write_atomic(&p, b.as_bytes()).unwrap();
    }
}

/// Kill a process that keeps saving, 30 times at varied moments: the save left always
/// loads, and is one of the two.
#[test]
fn a_save_writer_killed_at_any_moment_leaves_a_save_that_loads() {
    let d = scratch("kill");
    let p = d.join("game.ron");
    let (a, b) = two_saves();
    write_atomic(&p, a.as_bytes()).unwrap();
    let exe = std::env::current_exe().unwrap();
    for i in 0..30u64 {
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                "saves::save_writer_child",
                "--ignored",
                "--nocapture",
            ])
            .env("SKIRMISH_SAVE_CHILD", &p)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(30 + (i * 41) % 200));
        let _ = child.kill();
        let _ = child.wait();
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text == a || text == b, "kill {i}: neither save");
        if let Err(e) = Save::load(&text) {
            panic!("kill {i}: {e}");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
