//! A game people can install (issue 35): `--version`, the catalogue pages kept equal to
//! the command, the files inside the binary equal to `assets/` and `levels/`, a release
//! tarball that runs from any folder, and a lone binary (`cargo install`) that finds its
//! levels and assets.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::repo;

const BIN: &str = env!("CARGO_BIN_EXE_skirmish");

/// A fresh empty folder under the system's temp folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-install-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run `bin` with `args` in `cwd`, its data folder `data`: (status, stdout, stderr).
fn run_in(bin: &Path, cwd: &Path, data: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin)
        .args(args)
        .current_dir(cwd)
        .env("SKIRMISH_DATA_DIR", data)
        .env_remove("SKIRMISH_ASSETS")
        .env_remove("BEVY_ASSET_ROOT")
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
fn version_prints_the_packages_version() {
    let tmp = scratch("version");
    let (code, out, _) = run_in(Path::new(BIN), &tmp, &tmp, &["--version"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        format!("skirmish {}", env!("CARGO_PKG_VERSION"))
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_catalogue_pages_are_what_the_command_prints() {
    use skirmish_rules::vocab::RulesetId;
    for r in RulesetId::ALL {
        let (code, out, err) = run_in(
            Path::new(BIN),
            &repo(""),
            &repo(""),
            &["catalogue", r.id(), "--markdown"],
        );
        assert_eq!(code, 0, "{err}");
        let page = repo(&format!("docs/catalogue/{}.md", r.id()));
        let committed = std::fs::read_to_string(&page).unwrap_or_default();
        assert!(
            committed == out,
            "{} differs from `skirmish catalogue {} --markdown`: run tools/catalogue.sh",
            page.display(),
            r.id()
        );
        // Every archetype and weapon of the ruleset's data is on its page.
        let cat = skirmish_rules::level::Catalogue::builtin(r);
        for name in cat.archetypes.keys().chain(cat.weapons.keys()) {
            assert!(out.contains(&format!("| `{name}` |")), "{}: {name}", r.id());
        }
    }
    // The plain text lists the same, and an unknown ruleset is refused with the closest.
    let (code, out, _) = run_in(Path::new(BIN), &repo(""), &repo(""), &["catalogue", "flow"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Weapons (") && out.contains("  longsword; kind: Melee; damage: 1d8"),
        "{out}"
    );
    let (code, _, err) = run_in(Path::new(BIN), &repo(""), &repo(""), &["catalogue", "flwo"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown ruleset `flwo`; did you mean `flow`?"),
        "{err}"
    );
}

/// Every file under `dir`, as `dir/…` paths relative to the repository, sorted.
fn files_under(dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![repo(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_none_or(|x| x != "md") {
                let rel = p.strip_prefix(repo("")).unwrap();
                out.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_embedded_files_are_the_shipped_ones() {
    let mut want = files_under("assets");
    want.extend(files_under("levels"));
    want.sort();
    let mut got: Vec<String> = skirmish::shipped::FILES
        .iter()
        .map(|(p, _)| p.to_string())
        .collect();
    got.sort();
    assert_eq!(
        got, want,
        "src/shipped.rs lists other files than assets/ and levels/"
    );
    for (p, bytes) in skirmish::shipped::FILES {
        assert_eq!(std::fs::read(repo(p)).unwrap(), *bytes, "{p}");
    }
}

#[test]
fn the_release_tarball_runs_from_any_folder() {
    let tmp = scratch("tarball");
    let (out_dir, unpack, moved, cwd, data) = (
        tmp.join("out"),
        tmp.join("unpack"),
        tmp.join("elsewhere/game"),
        tmp.join("cwd"),
        tmp.join("data"),
    );
    for d in [&unpack, &cwd, &data, &tmp.join("elsewhere")] {
        std::fs::create_dir_all(d).unwrap();
    }
    let pack = Command::new("bash")
        .arg(repo("tools/package.sh"))
        .args(["--binary", BIN, "--out"])
        .arg(&out_dir)
        .env("SKIRMISH_GZIP_LEVEL", "1")
        .output()
        .unwrap();
    assert!(
        pack.status.success(),
        "{}",
        String::from_utf8_lossy(&pack.stderr)
    );
    let tarball = String::from_utf8_lossy(&pack.stdout).trim().to_string();
    assert!(tarball.ends_with(".tar.gz"), "{tarball}");
    let untar = Command::new("tar")
        .arg("-xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(&unpack)
        .status()
        .unwrap();
    assert!(untar.success());
    let top: Vec<PathBuf> = std::fs::read_dir(&unpack)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(top.len(), 1, "one folder in the tarball: {top:?}");
    for f in [
        "skirmish",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "assets/hex_tiles.png",
        "assets/CREDITS.md",
        "levels/flow-bridge.ron",
        "docs/catalogue/flow.md",
    ] {
        assert!(top[0].join(f).is_file(), "{f} is in the tarball");
    }
    // Moved away from where it was unpacked, run from a third folder.
    std::fs::rename(&top[0], &moved).unwrap();
    let bin = moved.join("skirmish");
    let (code, out, err) = run_in(
        &bin,
        &cwd,
        &data,
        &["check", "flow-bridge", "escalation-ruins"],
    );
    assert_eq!(code, 0, "{err}");
    let levels = moved.join("levels").canonicalize().unwrap();
    assert!(
        out.contains(&format!("{}: ok", levels.join("flow-bridge.ron").display())),
        "the shipped level beside the binary: {out}"
    );
    let (code, out, err) = run_in(
        &bin,
        &cwd,
        &data,
        &["run", "flow-bridge", "--ai", "all", "--seed", "3"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().count() > 10, "a whole battle's log: {out}");
    // Nothing was unpacked: the files beside the binary were used.
    assert!(
        std::fs::read_dir(&data).unwrap().next().is_none(),
        "data folder untouched"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_lone_binary_unpacks_the_levels_and_assets_it_carries() {
    // What `cargo install --path . --locked` leaves: the binary alone in a bin folder.
    let tmp = scratch("lone");
    let (bin_dir, cwd, data) = (tmp.join("bin"), tmp.join("cwd"), tmp.join("data"));
    for d in [&bin_dir, &cwd, &data] {
        std::fs::create_dir_all(d).unwrap();
    }
    let bin = bin_dir.join("skirmish");
    std::fs::copy(BIN, &bin).unwrap();
    let (code, out, err) = run_in(&bin, &cwd, &data, &["check", "counters-ford"]);
    assert_eq!(code, 0, "{err}");
    let shipped: Vec<PathBuf> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(shipped.len(), 1, "{shipped:?}");
    let root = shipped[0].canonicalize().unwrap();
    assert!(
        root.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("shipped-")
    );
    assert!(
        out.starts_with(&format!(
            "{}: ok",
            root.join("levels/counters-ford.ron").display()
        )),
        "{out}"
    );
    for (p, bytes) in skirmish::shipped::FILES {
        assert_eq!(std::fs::read(root.join(p)).unwrap(), *bytes, "{p} unpacked");
    }
    let (code, _, err) = run_in(
        &bin,
        &cwd,
        &data,
        &["run", "melee-zone-ruins", "--ai", "all"],
    );
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_credits_screen_shows_the_licence_and_every_icon_author() {
    use skirmish::game::credits::{Line, lines};
    let text: Vec<String> = lines()
        .into_iter()
        .map(|l| match l {
            Line::Heading(h) | Line::Text(h) => h,
        })
        .collect();
    let all = text.join("\n");
    assert!(all.contains("MIT or Apache-2.0"), "{all}");
    assert!(
        all.contains("CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)"),
        "{all}"
    );
    // Every row of the icon table: its file, icon and author, one line each.
    for row in skirmish::game::credits::CREDITS
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(".png"))
    {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        assert!(text.contains(&cells.join(" — ")), "{row}");
    }
    // No Markdown marks are left.
    assert!(!all.contains('`') && !all.contains("]("), "{all}");
}
