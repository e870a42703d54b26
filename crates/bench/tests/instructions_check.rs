//! `tools/instructions.sh`'s check, without valgrind: `--self-test` and `--check-against`
//! on given numbers against a given baseline (exit 1 and the ruleset named when one
//! rises more than 3%, 0 when equal).
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/instructions.sh")
}

fn run(args: &[&str], baseline: Option<&Path>) -> (i32, String, String) {
    let mut c = Command::new("bash");
    c.arg(script()).args(args);
    if let Some(b) = baseline {
        c.env("INSTRUCTIONS_BASELINE", b);
    }
    let out = c.output().expect("bash runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_self_test_passes() {
    let (code, out, err) = run(&["--self-test"], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("self-test: ok"), "{out}");
}

#[test]
fn a_baseline_3_percent_lower_fails_and_an_equal_one_passes() {
    let d = std::env::temp_dir().join(format!("skirmish-instr-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let measured = d.join("measured");
    std::fs::write(
        &measured,
        "flow 27646717 5 1128\ncounters 64790097 5 2579\n",
    )
    .unwrap();
    let equal = d.join("equal");
    std::fs::write(
        &equal,
        "# a comment\nflow 27646717 5 1128\ncounters 64790097 5 2579\n",
    )
    .unwrap();
    let (code, out, err) = run(
        &["--check-against", measured.to_str().unwrap()],
        Some(&equal),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches(" ok").count(), 2, "{out}");
    // counters' baseline 3% lower: the measure is 3.09% above it.
    let lower = d.join("lower");
    std::fs::write(&lower, "flow 27646717\ncounters 62846394\n").unwrap();
    let (code, out, err) = run(
        &["--check-against", measured.to_str().unwrap()],
        Some(&lower),
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.starts_with("counters costs +3.09%"), "{err}");
    assert!(!err.contains("flow"), "{err}");
    // No baseline at all: refused, exit 2.
    let (code, _, err) = run(
        &["--check-against", measured.to_str().unwrap()],
        Some(&d.join("none")),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no baseline"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}
