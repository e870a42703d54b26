use std::process::Command;

use crate::repo;

fn skirmish(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(repo(""))
        .env_remove("DISPLAY")
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_exits_0_on_good_and_1_on_bad_files() {
    let (code, out, _) = skirmish(&[
        "check",
        "levels/flow-bridge.ron",
        "levels/flow-courtyard.ron",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    let (code, _, err) = skirmish(&[
        "check",
        "levels/flow-bridge.ron",
        "tests/fixtures/bad-semantics.ron",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err.lines()
            .filter(|l| l.starts_with("tests/fixtures/bad-semantics.ron:"))
            .count(),
        8
    );
    assert!(err.contains("1 of 2 files has problems"), "{err}");
    let (code, _, err) = skirmish(&["check", "no/such/file.ron"]);
    assert_eq!(code, 1);
    assert!(err.contains("no/such/file.ron:1:1: cannot read the file"));
    assert!(err.contains("1 of 1 file has problems"), "{err}");
}

#[test]
fn run_json_is_byte_identical_for_same_level_seed_and_script() {
    let args = [
        "run",
        "tests/fixtures/duel.ron",
        "--seed",
        "9",
        "--script",
        "tests/fixtures/duel-script.ron",
        "--json",
    ];
    let (c1, a, _) = skirmish(&args);
    let (c2, b, _) = skirmish(&args);
    assert_eq!((c1, c2), (0, 0));
    assert_eq!(a, b);
    // Every line is a JSON object with the required fields where they apply.
    let attack: serde_json::Value = a
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["kind"] == "attack")
        .unwrap();
    for k in [
        "round",
        "actor",
        "target",
        "faces",
        "modifiers",
        "total",
        "target_number",
        "outcome",
    ] {
        assert!(attack.get(k).is_some(), "attack lacks {k}: {attack}");
    }
    assert_eq!(attack["faces"], serde_json::json!([20]));
    assert_eq!(attack["modifiers"][0]["name"], "Melee");
    let dmg: serde_json::Value = a
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["kind"] == "damage")
        .unwrap();
    assert_eq!(
        (dmg["damage"].as_i64(), dmg["hp_after"].as_i64()),
        (Some(5), Some(15))
    );
    let moved = a
        .lines()
        .find(|l| l.contains("\"kind\":\"moved\""))
        .unwrap();
    assert!(moved.contains("\"from\":[3,2],\"to\":[4,2]"), "{moved}");
}

#[test]
fn illegal_script_command_stops_with_its_index_and_keeps_earlier_events() {
    let (code, out, err) = skirmish(&[
        "run",
        "tests/fixtures/duel.ron",
        "--script",
        "tests/fixtures/illegal-script.ron",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("command 2 (Attack"), "{err}");
    assert!(err.contains("a unit cannot attack itself"), "{err}");
    assert!(out.contains("moved Sable (3, 2) -> (4, 2)"), "{out}");
}

#[test]
fn window_without_display_says_so() {
    let (code, _, err) = skirmish(&["play", "levels/flow-bridge.ron"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no display") && err.contains("skirmish run"),
        "{err}"
    );
    let (code, _, err) = skirmish(&["play", "tests/fixtures/bad-syntax.ron"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad-syntax.ron:6:5"), "{err}");
}

#[test]
fn a_display_with_no_server_is_a_message_not_a_crash() {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["play", "levels/flow-bridge.ron"])
        .current_dir(repo(""))
        .env("DISPLAY", ":4242")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot open display :4242"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `skirmish play LEVEL` with these environment variables: (code, stderr).
fn play_with(env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_skirmish"));
    c.args(["play", "levels/flow-courtyard.ron"])
        .current_dir(repo(""))
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("RUST_BACKTRACE");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_display_that_does_not_answer_is_one_line_not_a_backtrace() {
    // Nothing listens on TCP port 6000 + 4241: winit cannot open the display (it panics
    // inside bevy_winit, and the hook turns that into the line).
    let (code, err) = play_with(&[("DISPLAY", "127.0.0.1:4241")]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("skirmish: cannot open display 127.0.0.1:4241"),
        "{err}"
    );
    assert!(err.contains("skirmish run LEVEL"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn no_vulkan_device_is_one_line_not_a_backtrace() {
    // Needs Xvfb (skipped without it): a display that works, and no Vulkan driver.
    let Ok(mut xvfb) = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "640x480x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
    else {
        eprintln!("no Xvfb: skipped");
        return;
    };
    let mut n = String::new();
    let read = std::io::BufRead::read_line(
        &mut std::io::BufReader::new(xvfb.stdout.take().expect("piped")),
        &mut n,
    );
    let display = format!(":{}", n.trim());
    let result = read.map(|_| {
        play_with(&[
            ("DISPLAY", display.as_str()),
            ("VK_ICD_FILENAMES", "/nonexistent/icd.json"),
            ("VK_DRIVER_FILES", "/nonexistent/icd.json"),
        ])
    });
    let _ = xvfb.kill();
    let _ = xvfb.wait();
    let (code, err) = result.expect("Xvfb names its display");
    assert_eq!(code, Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // The Vulkan loader logs what it looked for; the last line says what to do.
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("skirmish: no Vulkan device found") && last.contains("skirmish run"),
        "{err}"
    );
}

#[test]
fn script_reaction_choices_are_the_engines_reaction_names_or_decline() {
    use skirmish_rules::event::ReactionKind;
    use skirmish_rules::script::{Choice, Script, Step};
    let s = Script::parse(
        r#"Script(commands: [
            React(unit: "A", choice: Decline),
            React(unit: "A", choice: Dodge),
            React(unit: "A", choice: Resist),
        ])"#,
    )
    .unwrap();
    let choices: Vec<Choice> = s
        .commands
        .iter()
        .filter_map(|c| match c {
            Step::React { choice, .. } => Some(*choice),
            _ => None,
        })
        .collect();
    assert_eq!(
        choices,
        vec![
            Choice(None),
            Choice(Some(ReactionKind::Dodge)),
            Choice(Some(ReactionKind::Resist))
        ]
    );
    // A misspelt answer names its line and column and what would do.
    let e =
        Script::parse("Script(commands: [\n  React(unit: \"A\", choice: Dodgee),\n])").unwrap_err();
    assert!(e.starts_with("2:"), "{e}");
    assert!(e.contains("Dodgee") && e.contains("Decline"), "{e}");
}

#[test]
fn sim_and_soak_refuse_zero_battles_or_threads_with_a_message() {
    for args in [
        &["soak", "--battles", "0"][..],
        &["sim", "levels/flow-courtyard.ron", "--battles", "0"][..],
        &[
            "sim",
            "levels/flow-courtyard.ron",
            "--battles",
            "2",
            "--jobs",
            "0",
        ][..],
        &["soak", "--battles", "1", "--jobs", "0"][..],
    ] {
        let (code, out, err) = skirmish(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("must be at least 1"), "{args:?}: {err}");
    }
}

#[test]
fn sim_and_soak_cap_the_number_of_battles_with_a_message() {
    for args in [
        &["soak", "--battles", "1000001"][..],
        &["soak", "--battles", "18446744073709551615"][..],
        &[
            "sim",
            "levels/flow-courtyard.ron",
            "--battles",
            "99999999999999999999999",
        ][..],
        &[
            "sim",
            "levels/flow-courtyard.ron",
            "--battles",
            "2",
            "--jobs",
            "1000000",
        ][..],
    ] {
        let (code, out, err) = skirmish(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("must be at most"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (code, _, err) = skirmish(&["soak", "--battles", "1000001"]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 1000000"), "{err}");
}

/// Run the binary with stdout piped, read one line of it, then close the pipe and wait:
/// (exit code, the line, stderr).
fn read_one_line_then_close(args: &[&str]) -> (Option<i32>, String, String) {
    use std::io::{BufRead, Read};
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(repo(""))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    {
        let mut out = std::io::BufReader::new(child.stdout.take().expect("piped"));
        out.read_line(&mut line).expect("a line");
    } // The read end closes here: the next write gets a broken pipe.
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut err)
        .expect("stderr");
    let status = child.wait().expect("it ends");
    (status.code(), line, err)
}

#[test]
fn a_closed_stdout_ends_check_and_soak_quietly() {
    // check: far more output than a pipe holds (3,000 lines), so it writes after the close.
    let mut args = vec!["check"];
    args.extend(std::iter::repeat_n("levels/flow-courtyard.ron", 3000));
    let (code, line, err) = read_one_line_then_close(&args);
    assert!(line.contains(": ok"), "{line}");
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // soak: the header goes out at once, the first row after the first battles.
    let (code, line, err) = read_one_line_then_close(&["soak", "--battles", "1", "--jobs", "1"]);
    assert!(line.starts_with("ruleset"), "{line}");
    assert!(matches!(code, Some(0 | 1)), "{code:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_forced_initiative_face_that_does_not_fit_is_blamed_on_the_scripts_dice_entry() {
    let (code, out, err) = skirmish(&[
        "run",
        "tests/fixtures/duel.ron",
        "--script",
        "tests/fixtures/bad-initiative-script.ron",
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert_eq!(
        err.trim_end(),
        "tests/fixtures/bad-initiative-script.ron:5:9: dice entry 1 is illegal: forced die \
         face 25 does not fit a d10 (rolled while the battle is set up: initiative, before \
         the first command)"
    );
}

#[test]
fn a_forced_face_that_does_not_fit_mid_battle_is_blamed_on_its_dice_entry() {
    let (code, out, err) = skirmish(&[
        "run",
        "tests/fixtures/duel.ron",
        "--script",
        "tests/fixtures/bad-damage-die-script.ron",
    ]);
    assert_eq!(code, 1, "{err}");
    // The log goes as far as the command before the one that rolls the bad face.
    assert!(out.contains("attack Brakka -> Sable"), "{out}");
    assert!(!out.contains("damage"), "{out}");
    assert_eq!(
        err.trim_end(),
        "stopped: tests/fixtures/bad-damage-die-script.ron:6:23: dice entry 4 is illegal: \
         forced die face 9 does not fit a d8 (rolled by command 3: React(unit: \"Sable\", \
         choice: Decline))"
    );
}

#[test]
fn check_log_passes_a_real_log_and_catches_a_broken_one() {
    let dir = std::env::temp_dir().join(format!("skirmish-check-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, log, _) = skirmish(&[
        "run",
        "tests/fixtures/d20-skirmish.ron",
        "--script",
        "tests/fixtures/d20-skirmish-script.ron",
        "--json",
    ]);
    assert_eq!(code, 0);
    let check = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        skirmish(&[
            "check-log",
            "tests/fixtures/d20-skirmish.ron",
            path.to_str().unwrap(),
        ])
    };
    let (code, out, err) = check("good.jsonl", &log);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": ok — 1 battle(s)"), "{out}");

    // The wrong grid asked for, and another level: a battle of no given level.
    let path = dir.join("good.jsonl");
    let (code, _, err) = skirmish(&[
        "check-log",
        "levels/flow-bridge.ron",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("a battle of no given level"), "{err}");

    // HP that does not follow from the damage events.
    let lines: Vec<&str> = log.lines().collect();
    let d = lines
        .iter()
        .position(|l| l.contains(r#""kind":"damage""#))
        .unwrap();
    let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    bad[d] = bad[d].replace(r#""hp_after":"#, r#""hp_after":1"#);
    let (code, _, err) = check("hp.jsonl", &(bad.join("\n") + "\n"));
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("hp.jsonl:{}: damage:", d + 1)),
        "{err}"
    );

    // A move from a cell the unit is not on.
    let m = lines
        .iter()
        .position(|l| l.contains(r#""kind":"moved""#))
        .unwrap();
    let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    bad[m] = bad[m].replace(r#""from":["#, r#""from":[9"#);
    let (code, _, err) = check("move.jsonl", &(bad.join("\n") + "\n"));
    assert_eq!(code, 1);
    assert!(err.contains("but stands at"), "{err}");

    // An undo that takes back dice.
    let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    bad.insert(
        d + 1,
        r#"{"kind":"undo","round":1,"detail":"1 events undone"}"#.into(),
    );
    let (code, _, err) = check("undo.jsonl", &(bad.join("\n") + "\n"));
    assert_eq!(code, 1);
    assert!(err.contains("undo takes back a damage event"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An undone melee-zone move takes back the move action it paid (`slot_used ... on move`)
/// with its steps: the log the CI monkey wrote (seed 63655, run 2) passes check-log, and
/// the same undo taking back a slot paid for anything else still fails.
#[test]
fn check_log_lets_an_undo_take_back_the_move_action_of_a_move() {
    let level = "tests/fixtures/undo-melee-zone-move.ron";
    let log = "tests/fixtures/undo-melee-zone-move.jsonl";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["check-log", level, log])
        .output()
        .expect("run skirmish");
    let err =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{err}");
    let text = std::fs::read_to_string(log).expect("fixture");
    let bad = text.replace("move action on move", "standard action on attack");
    let dir = std::env::temp_dir().join(format!("skirmish-undo-slot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad_log = dir.join("bad.jsonl");
    std::fs::write(&bad_log, bad).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["check-log", level])
        .arg(&bad_log)
        .output()
        .expect("run skirmish");
    let err =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("undo takes back a slot_used event"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fuzz_runs_its_cases_and_prints_the_summary() {
    let dir = std::env::temp_dir().join(format!("skirmish-fuzz-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let (code, stdout, err) = skirmish(&["fuzz", "--cases", "30", "--seed", "3", "--out", out]);
    assert_eq!(code, 0, "{stdout}{err}");
    let line = stdout.trim();
    assert!(
        line.starts_with("fuzz: 30 cases (levels 10, dice 10, commands 10) in "),
        "{line}"
    );
    assert!(
        line.ends_with(" min, 0 panics, 0 hangs, 0 invariant violations"),
        "{line}"
    );
    // Nothing failed: no failure folder.
    assert!(!dir.exists());
    let (code, _, err) = skirmish(&["fuzz", "--minutes=-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--minutes"), "{err}");
}
