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
