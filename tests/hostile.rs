//! Hostile input to the command line (issue 33): names shown safely, exit codes, outputs
//! checked before the work, `run --check`, bounded counts. `tools/redteam.sh` tries the
//! rest (FIFOs, devices, full disks, kills) against the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::repo;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a scratch folder");
    d
}

fn skirmish(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(repo(""))
        .env_remove("DISPLAY")
        .env("SKIRMISH_MUTE", "1")
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 scratch path")
}

/// A 10 MB unit name with control characters in a script: the message is one short line
/// with the name cut and the control characters escaped.
#[test]
fn a_huge_name_with_control_characters_is_shown_short_and_escaped() {
    let d = scratch("names");
    let huge = format!("Evil\u{1b}[31m\u{7}{}", "x".repeat(10 << 20));
    let script = d.join("s.ron");
    std::fs::write(
        &script,
        format!("Script(commands: [Move(unit: \"{huge}\", to: (4, 2))])"),
    )
    .expect("the script");
    let (code, _, err) = skirmish(&["run", "tests/fixtures/duel.ron", "--script", s(&script)]);
    assert_eq!(code, 1, "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("no unit named"))
        .unwrap_or_else(|| panic!("no message about the unit: {}", &err[..err.len().min(400)]));
    assert!(line.chars().count() < 700, "{} characters", line.len());
    assert!(line.contains("Evil\\u{1b}[31m\\u{7}xxx"), "{line}");
    assert!(line.contains('…'), "{line}");
    assert!(
        !err.contains('\u{1b}') && !err.contains('\u{7}'),
        "a raw control character"
    );
    assert!(err.len() < 2000, "stderr is {} bytes", err.len());
}

/// A path with a newline and an escape in it is shown escaped, on one line.
#[test]
fn a_path_with_control_characters_is_shown_escaped() {
    let d = scratch("paths");
    let level = d.join("bad\nname\u{1b}.ron");
    std::fs::write(&level, "Level(").expect("the level");
    let (code, _, err) = skirmish(&["check", s(&level)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad\\nname\\u{1b}.ron:"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err}");
    let long = d.join(format!("{}.ron", "y".repeat(250)));
    let (code, _, err) = skirmish(&["check", s(&long)]);
    assert_eq!(code, 1, "{err}");
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.starts_with('…') && first.contains("yyy.ron:1:1"),
        "{first}"
    );
    assert!(first.chars().count() < 300, "{first}");
}

/// Run the binary through `sh` so its stdout can be a full device or closed (`>&-`).
fn shell(redirect: &str, args: &[&str]) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(repo(""))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const DUEL: [&str; 4] = [
    "run",
    "tests/fixtures/duel.ron",
    "--script",
    "tests/fixtures/duel-script.ron",
];

/// Exit 3 when the output cannot be written: `--help`/`--version` into a full device,
/// `run`/`sim`/`check` with stdout closed or full; a user's own `> /dev/null` is fine.
#[test]
fn output_that_cannot_be_written_exits_3() {
    let sim = ["sim", "levels/flow-bridge.ron", "--battles", "2"];
    let check = ["check", "levels/flow-bridge.ron"];
    let mut cases: Vec<(&str, &[&str])> = vec![
        (">&-", &["--help"]),
        (">&-", &["--version"]),
        (">&-", &DUEL),
        (">&-", &sim),
        (">&-", &check),
    ];
    if Path::new("/dev/full").exists() {
        cases.extend([
            ("> /dev/full", &["--help"] as &[&str]),
            ("> /dev/full", &["--version"]),
            ("> /dev/full", &DUEL),
            ("> /dev/full", &check),
        ]);
    }
    for (redirect, args) in cases {
        let (code, err) = shell(redirect, args);
        assert_eq!(code, 3, "{args:?} {redirect}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?} {redirect}: {err}");
        assert!(
            err.contains("standard output is closed") || err.contains("cannot write the output"),
            "{args:?} {redirect}: {err}"
        );
    }
    for args in [&["--help"] as &[&str], &["--version"], &DUEL] {
        let (code, err) = shell("> /dev/null", args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
}

/// The exit codes of README's table: 0 ok, 1 problems found, 2 bad usage or input.
#[test]
fn exit_codes_say_ok_problems_or_bad_input() {
    assert_eq!(skirmish(&DUEL).0, 0);
    let (code, _, err) = skirmish(&[
        "run",
        "tests/fixtures/duel.ron",
        "--script",
        "tests/fixtures/illegal-script.ron",
    ]);
    assert_eq!(code, 1, "an illegal command is a problem found: {err}");
    for args in [
        &["run", "no/such/level.ron"] as &[&str],
        &["run", "tests/fixtures/duel.ron", "--script", "no/such.ron"],
        &["sim", "levels/flow-bridge.ron", "--battles", "0"],
        &["sim", "levels/flow-bridge.ron", "--jobs", "99999"],
        &["soak", "--battles", "18446744073709551616"],
        &["fuzz", "--cases", "1", "--jobs", "0"],
        &["check-log", "levels/flow-bridge.ron", "no/such.jsonl"],
        &["replay", "no/such/save.ron"],
        &["frobnicate"],
    ] {
        let (code, _, err) = skirmish(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `run --save` is checked before the battle: the level itself, the script, a folder
/// or a FIFO in the way are refused (exit 3, nothing played, the inputs untouched).
#[test]
fn run_checks_its_save_before_the_battle() {
    let d = scratch("run-save");
    let level = d.join("duel.ron");
    let script = d.join("script.ron");
    std::fs::copy(repo("tests/fixtures/duel.ron"), &level).expect("copy");
    std::fs::copy(repo("tests/fixtures/duel-script.ron"), &script).expect("copy");
    let before = (std::fs::read(&level).ok(), std::fs::read(&script).ok());
    let folder = d.join("a-folder");
    std::fs::create_dir_all(&folder).expect("a folder");
    for (out, words) in [
        (&level, "is also an input of this run"),
        (&script, "is also an input of this run"),
        (&folder, "is a folder, not a file"),
    ] {
        let (code, stdout, err) =
            skirmish(&["run", s(&level), "--script", s(&script), "--save", s(out)]);
        assert_eq!(code, 3, "{}: {err}", out.display());
        assert!(err.contains(words), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(stdout.is_empty(), "nothing was played: {stdout}");
    }
    assert_eq!(
        (std::fs::read(&level).ok(), std::fs::read(&script).ok()),
        before
    );
    // A good one is written, its folder made.
    let save = d.join("new/folder/s.ron");
    let (code, _, err) = skirmish(&["run", s(&level), "--script", s(&script), "--save", s(&save)]);
    assert_eq!(code, 0, "{err}");
    assert!(save.is_file());
    let _ = std::fs::remove_dir_all(&d);
}

/// `fuzz --out` is checked before the first case: a file in the way, or the levels
/// folder the fuzzer reads, is refused (exit 3).
#[test]
fn fuzz_checks_its_out_folder_before_the_cases() {
    let d = scratch("fuzz-out");
    let file = d.join("a-file");
    std::fs::write(&file, "keep").expect("a file");
    for (out, words) in [
        (s(&file).to_string(), "cannot make the folder"),
        ("levels".to_string(), "is also an input of this run"),
    ] {
        let (code, stdout, err) = skirmish(&["fuzz", "--cases", "3", "--out", &out]);
        assert_eq!(code, 3, "{out}: {err}");
        assert!(err.contains(words), "{out}: {err}");
        assert!(stdout.is_empty(), "no case ran: {stdout}");
    }
    assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some("keep"));
    let _ = std::fs::remove_dir_all(&d);
}

/// A log whose last line is cut (a full disk) fails `check-log`; `play --event-log` on
/// the level it plays is refused before a window opens.
#[test]
fn a_cut_event_log_fails_and_the_log_may_not_be_the_level() {
    let d = scratch("cut-log");
    let (code, log, _) = skirmish(&[
        "run",
        "tests/fixtures/d20-skirmish.ron",
        "--script",
        "tests/fixtures/d20-skirmish-script.ron",
        "--json",
    ]);
    assert_eq!(code, 0);
    let check = |name: &str, text: &str| {
        let path = d.join(name);
        std::fs::write(&path, text).expect("the log");
        skirmish(&["check-log", "tests/fixtures/d20-skirmish.ron", s(&path)])
    };
    assert_eq!(check("whole.jsonl", &log).0, 0);
    let cut = &log[..log.len() - 20];
    let (code, _, err) = check("cut.jsonl", cut);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the last line is cut short"), "{err}");
    let (code, _, err) = check("no-end.jsonl", log.trim_end());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the last line is cut short"), "{err}");

    let level = d.join("level.ron");
    std::fs::copy(repo("tests/fixtures/duel.ron"), &level).expect("copy");
    let before = std::fs::read(&level).ok();
    let (code, _, err) = skirmish(&["play", s(&level), "--event-log", s(&level)]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("is also an input"), "{err}");
    assert_eq!(std::fs::read(&level).ok(), before);
    let _ = std::fs::remove_dir_all(&d);
}

/// `run --check` follows every event with the soak's invariants and says how many it
/// checked.
#[test]
fn run_check_follows_every_event() {
    let mut args = DUEL.to_vec();
    args.push("--check");
    let (code, _, err) = skirmish(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("skirmish run --check: 38 events checked, 0 violation(s)"),
        "{err}"
    );
}

/// A long `sim` says how far it is on stderr (a line every `SKIRMISH_PROGRESS_SECS`
/// when stderr is not a terminal) and ends at once on Ctrl-C (SIGINT), its `--json`
/// never half-written.
#[test]
fn a_long_sim_shows_progress_and_stops_on_sigint() {
    use std::io::BufRead as _;
    let d = scratch("long-sim");
    let json = d.join("out.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["sim", "levels/flow-bridge.ron", "--battles", "1000000"])
        .args(["--jobs", "1", "--json", s(&json)])
        .current_dir(repo(""))
        .env("SKIRMISH_PROGRESS_SECS", "0.3")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sim starts");
    let mut err = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    err.read_line(&mut line).expect("a progress line");
    assert!(
        line.starts_with("sim: ") && line.contains("/1000000 battles, "),
        "{line}"
    );
    let t = std::time::Instant::now();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .is_ok_and(|s| s.success());
    assert!(killed, "kill -INT");
    let status = child.wait().expect("sim ends");
    assert!(
        t.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        t.elapsed()
    );
    assert!(!status.success());
    assert!(!json.exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&d);
}

/// Counts are parsed once, with bounds: out of range is one clear line and exit 2.
#[test]
fn counts_out_of_range_are_one_line_and_exit_2() {
    for (args, words) in [
        (&["fuzz", "--cases", "0"] as &[&str], "must be at least 1"),
        (
            &["fuzz", "--cases", "99999999999999999999"],
            "must be at most 1000000000000",
        ),
        (
            &["sim", "levels/flow-bridge.ron", "--battles", "1000001"],
            "must be at most 1000000",
        ),
        (&["soak", "--jobs", "1025"], "must be at most 1024"),
        (&["forecast", "x.ron", "--battles=-3"], "invalid value '-3'"),
    ] {
        let (code, _, err) = skirmish(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.lines().next().is_some_and(|l| l.contains(words)),
            "{args:?}: {err}"
        );
    }
}

/// Issue 33's fuzz finding as a script (`tests/fixtures/fuzz/waiter-without-a-reaction.*`):
/// a waiter with no Reaction left is not offered its held spell when an enemy casts (the
/// script's last step, the waited answer, is refused), and `run --check` finds every
/// invariant kept. Without the fix the answer was taken and `run --check` said
/// "event 51: Wiz has AP 0 RP -1", exit 1 (checked by reverting the fix).
#[test]
fn a_waiter_without_a_reaction_is_not_offered_and_run_check_agrees() {
    let (code, out, err) = skirmish(&[
        "run",
        "tests/fixtures/fuzz/waiter-without-a-reaction.level.ron",
        "--script",
        "tests/fixtures/fuzz/waiter-without-a-reaction.script.ron",
        "--check",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("cast Zed -> Wiz [Magic Missile]"), "{out}");
    assert!(!out.contains("Waited"), "{out}");
    assert!(err.contains("45 events checked, 0 violation(s)"), "{err}");
    assert!(
        err.contains(
            "command 12 (React(unit: \"Wiz\", choice: WaitedAction)) is illegal: no reaction is \
             being offered"
        ),
        "{err}"
    );
    assert!(!err.contains("invariant violated"), "{err}");
}

/// The window's event log is appended through `files::append_log`: a write that fails
/// (`/dev/full`, a missing folder) is an error naming the log, for stderr and the window's
/// message line; a good one appends whole lines.
#[test]
fn an_event_log_write_error_names_the_log() {
    let d = scratch("append");
    let log = d.join("events.jsonl");
    skirmish::files::append_log(&log, "{\"a\":1}\n").expect("appended");
    skirmish::files::append_log(&log, "{\"b\":2}\n").expect("appended");
    assert_eq!(
        std::fs::read_to_string(&log).ok().as_deref(),
        Some("{\"a\":1}\n{\"b\":2}\n")
    );
    let missing = d.join("gone/events.jsonl");
    let e = skirmish::files::append_log(&missing, "x\n").expect_err("no folder");
    assert!(
        e.starts_with(&format!(
            "cannot write the event log {}: ",
            missing.display()
        )),
        "{e}"
    );
    if Path::new("/dev/full").exists() {
        let e = skirmish::files::append_log(Path::new("/dev/full"), "x\n").expect_err("full");
        assert!(
            e.contains("/dev/full") && e.contains("No space left"),
            "{e}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}
