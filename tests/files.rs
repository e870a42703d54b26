//! Atomic writes (issue 32): `files::write_atomic` replaces a file whole or not at all,
//! leaves no temporary file behind, and a process killed at any moment while writing
//! leaves the old file or the new one.

use std::path::Path;
use std::time::Duration;

use skirmish::files::write_atomic;

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a scratch folder");
    d
}

fn entries(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .expect("the folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_write_replaces_the_file_whole_and_leaves_no_temporary_file() {
    let d = scratch("replace");
    let p = d.join("settings.ron");
    write_atomic(&p, b"first").unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"first");
    write_atomic(&p, b"second, longer").unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"second, longer");
    write_atomic(&p, b"").unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"");
    assert_eq!(entries(&d), ["settings.ron"]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_write_that_cannot_happen_changes_nothing() {
    let d = scratch("fail");
    // The folder is missing: an error, and nothing appears anywhere.
    let p = d.join("missing").join("save.ron");
    assert!(write_atomic(&p, b"x").is_err());
    assert_eq!(entries(&d), Vec::<String>::new());
    // The target is a folder: an error, the folder and the temporary file are gone or
    // untouched.
    std::fs::create_dir(d.join("taken")).unwrap();
    assert!(write_atomic(&d.join("taken"), b"x").is_err());
    assert_eq!(entries(&d), ["taken"]);
    let _ = std::fs::remove_dir_all(&d);
}

/// Two writers at once (threads here; two running copies of the program have other
/// process ids) never share a temporary file: every write lands whole.
#[test]
fn writers_at_once_never_mix() {
    let d = scratch("threads");
    let p = d.join("out.json");
    std::thread::scope(|s| {
        for t in 0..4u8 {
            let p = p.clone();
            s.spawn(move || {
                for _ in 0..50 {
                    write_atomic(&p, &vec![b'a' + t; 64 * 1024]).unwrap();
                }
            });
        }
    });
    let got = std::fs::read(&p).unwrap();
    assert_eq!(got.len(), 64 * 1024);
    assert!(got.iter().all(|&c| c == got[0]), "one writer's bytes only");
    assert_eq!(entries(&d), ["out.json"]);
    let _ = std::fs::remove_dir_all(&d);
}

/// The child side of the kill test: rewrite the file named by `SKIRMISH_WRITE_CHILD`
/// forever, alternating two 4 MiB contents. Run only by the kill test below.
#[test]
#[ignore]
fn atomic_write_child() {
    let Some(p) = std::env::var_os("SKIRMISH_WRITE_CHILD") else {
        return;
    };
    let p = std::path::PathBuf::from(p);
    let big = |c: u8| vec![c; 4 << 20];
    let (a, b) = (big(b'A'), big(b'B'));
    loop {
        write_atomic(&p, &a).unwrap();
        write_atomic(&p, &b).unwrap();
    }
}

/// Kill a process that keeps rewriting a file, 40 times at varied moments: what is left
/// is always one whole content, never a mix or a short file.
#[test]
fn a_writer_killed_at_any_moment_leaves_a_whole_file() {
    let d = scratch("kill");
    let p = d.join("save.ron");
    write_atomic(&p, &vec![b'A'; 4 << 20]).unwrap();
    let exe = std::env::current_exe().unwrap();
    for i in 0..40u64 {
        let mut child = std::process::Command::new(&exe)
            .args([
                "--exact",
                "files::atomic_write_child",
                "--ignored",
                "--nocapture",
            ])
            .env("SKIRMISH_WRITE_CHILD", &p)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(20 + (i * 37) % 180));
        let _ = child.kill();
        let _ = child.wait();
        let got = std::fs::read(&p).unwrap();
        assert_eq!(got.len(), 4 << 20, "kill {i}: a short file");
        assert!(
            got.iter().all(|&c| c == got[0]) && (got[0] == b'A' || got[0] == b'B'),
            "kill {i}: a mixed file"
        );
    }
    // Temporary files of killed writers may stay (a kill is not a crash we can clean up
    // after); the file itself is always whole.
    let _ = std::fs::remove_dir_all(&d);
}

fn skirmish(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .env("SKIRMISH_MUTE", "1")
        .output()
        .expect("the skirmish binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A symbolic link is followed (its target written atomically, the link kept); a FIFO
/// or a folder in the way is not replaced.
#[test]
fn a_link_is_followed_and_what_is_not_a_file_is_not_replaced() {
    let d = scratch("links");
    let real = d.join("real.json");
    std::fs::write(&real, b"old").unwrap();
    #[cfg(unix)]
    {
        let link = d.join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        let fifo = d.join("pipe");
        if std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            let e = write_atomic(&fifo, b"x").unwrap_err().to_string();
            assert!(
                e.contains("is a FIFO (named pipe), not a file; it is not replaced"),
                "{e}"
            );
            assert!(!std::fs::metadata(&fifo).unwrap().is_file(), "still a FIFO");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// `sim --json` checks its output before the battles: a folder, a missing folder or the
/// level itself is refused at once (exit 3, one line), and the level is untouched.
#[test]
fn sim_checks_its_output_before_the_battles() {
    let d = scratch("sim");
    let level = d.join("duel.ron");
    std::fs::copy(crate::repo("levels/flow-bridge.ron"), &level).unwrap();
    let before = std::fs::read(&level).unwrap();
    let lv = level.to_str().unwrap();
    let cases = [
        (
            d.to_str().unwrap().to_string(),
            "is a folder, not a file; refusing to replace it",
        ),
        (
            d.join("no/such/out.json").to_str().unwrap().to_string(),
            "does not exist",
        ),
        (
            lv.to_string(),
            "is also an input of this run; refusing to overwrite it",
        ),
    ];
    for (out, words) in cases {
        let (code, stdout, stderr) = skirmish(&["sim", lv, "--battles", "1000000", "--json", &out]);
        assert_eq!(code, 3, "{out}: {stderr}");
        assert!(stderr.contains(words), "{out}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stdout.is_empty(), "no battle was played: {stdout}");
    }
    assert_eq!(std::fs::read(&level).unwrap(), before);
    let _ = std::fs::remove_dir_all(&d);
}

/// `fuzz --minutes` takes 0 to 1,000,000 minutes; more (`1e18` once panicked), a
/// negative or a word is one clear line and exit 2.
#[test]
fn fuzz_minutes_out_of_range_are_refused_in_one_line() {
    for (m, words) in [
        ("1e18", "must be at most 1000000"),
        ("1e308", "must be at most 1000000"),
        ("inf", "must be a number of minutes, 0 or more"),
        ("abc", "must be a number of minutes, such as 30 or 0.5"),
    ] {
        let (code, _, stderr) = skirmish(&["fuzz", "--minutes", m, "--cases", "1"]);
        assert_eq!(code, 2, "{m}: {stderr}");
        assert!(stderr.contains(words), "{m}: {stderr}");
        assert!(!stderr.contains("panicked"), "{m}: {stderr}");
    }
}

/// `replay` refuses a FIFO in one line without opening it (it would block), like every
/// other reader (issue 33).
#[test]
fn replay_refuses_a_fifo_without_blocking() {
    let d = scratch("replay-fifo");
    let fifo = d.join("save.ron");
    if !std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        return;
    }
    let (code, _, stderr) = skirmish(&["replay", fifo.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("a FIFO (named pipe), not a file"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// `sim --json` counts the battles' commands by kind (the same as the rules crate's own
/// battles of those seeds) and times the AI's decisions: a mean and one figure a battle.
#[test]
fn sim_json_counts_commands_by_kind_and_times_decisions() {
    use skirmish_rules::sim;
    let d = scratch("sim-json");
    let out = d.join("out.json");
    let lv = "levels/flow-bridge.ron";
    let (code, stdout, stderr) = skirmish(&[
        "sim",
        lv,
        "--battles",
        "3",
        "--jobs",
        "2",
        "--seed",
        "5",
        "--json",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let j: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let level = skirmish_rules::level::load(&crate::repo(lv)).unwrap();
    let mut want = std::collections::BTreeMap::<String, u64>::new();
    let mut total = 0;
    for i in 0..3 {
        let r = sim::run_battle(&level, sim::battle_seed(5, i), false);
        total += r.commands as u64;
        for (k, v) in r.commands_by_kind {
            *want.entry(k).or_default() += v as u64;
        }
    }
    let by_kind: std::collections::BTreeMap<String, u64> =
        serde_json::from_value(j["commands_by_kind"].clone()).unwrap();
    assert_eq!(by_kind, want);
    assert_eq!(j["commands"].as_u64(), Some(total));
    assert_eq!(by_kind.values().sum::<u64>(), total, "{by_kind:?}");
    assert!(
        by_kind["EndTurn"] > 0 && by_kind["Attack"] > 0,
        "{by_kind:?}"
    );
    let t = &j["timing"];
    let mean = t["us_per_decision"].as_f64().unwrap();
    let each = t["us_per_decision_by_battle"].as_array().unwrap();
    assert_eq!(each.len(), 3, "{t}");
    assert!(
        mean > 0.0 && each.iter().all(|x| x.as_f64().unwrap() > 0.0),
        "{t}"
    );
    assert!(
        stdout.contains(&format!("{total} commands, ")) && stdout.contains("µs a decision"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
