//! One way to read a user's file (issue 33, `text_file::read`): what is not a regular
//! file is refused before it is opened (a FIFO never blocks, a device is never read), a
//! file over its kind's cap is refused by its size without being read, a byte order mark
//! is skipped, and text that is not UTF-8 is reported at its real line and column — for
//! levels and scripts alike.

use std::path::{Path, PathBuf};

use skirmish_rules::script::Script;
use skirmish_rules::text_file::{Kind, read};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-read-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a scratch folder");
    d
}

fn refused(p: &Path, kind: Kind) -> String {
    match read(p, kind) {
        Err(e) => e.to_string(),
        Ok(t) => panic!("{} was read ({} bytes)", p.display(), t.len()),
    }
}

#[test]
fn a_folder_a_fifo_and_a_device_are_refused_before_they_are_opened() {
    let d = scratch("kinds");
    assert!(refused(&d, Kind::Level).contains("this is a folder, not a file"));
    #[cfg(unix)]
    {
        let fifo = d.join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Opening a FIFO for reading would block until a writer comes: never done.
            let m = refused(&fifo, Kind::Script);
            assert!(m.contains("a FIFO (named pipe), not a file"), "{m}");
            let e = skirmish_rules::level::load(&fifo).unwrap_err().to_string();
            assert!(e.contains("FIFO"), "{e}");
        }
        let m = refused(Path::new("/dev/zero"), Kind::Settings);
        assert!(m.contains("this is a device, not a file"), "{m}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// A 2 GiB sparse script is refused by its size on disk, without reading it.
#[test]
fn a_file_over_its_cap_is_refused_by_its_size() {
    let d = scratch("big");
    let p = d.join("huge.ron");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(2 << 30).unwrap();
    let m = refused(&p, Kind::Script);
    assert_eq!(
        m,
        "1:1: the file is 2147483648 bytes; a script may be at most 16777216 bytes (16 MiB)"
    );
    let e = Script::load(&p).unwrap_err();
    assert!(
        e.ends_with("a script may be at most 16777216 bytes (16 MiB)"),
        "{e}"
    );
    std::fs::write(&p, vec![b' '; (1 << 20) + 1]).unwrap();
    assert!(refused(&p, Kind::Settings).contains("the settings file may be at most 1048576"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_byte_order_mark_is_skipped_and_bad_utf8_is_placed() {
    let d = scratch("utf8");
    let p = d.join("s.ron");
    std::fs::write(&p, "\u{feff}(dice: [3])").unwrap();
    assert_eq!(read(&p, Kind::Script).unwrap(), "(dice: [3])");
    // A script with a byte order mark reads (it was refused before).
    Script::load(&p).unwrap();
    assert!(Script::parse("\u{feff}(dice: [3])").is_ok());
    // Bad UTF-8 on line 3, after two characters (the mark is not counted).
    let mut bytes = "\u{feff}(\n  dice: [3],\n  é".as_bytes().to_vec();
    bytes.extend([0xff, b')']);
    std::fs::write(&p, bytes).unwrap();
    assert_eq!(
        refused(&p, Kind::Script),
        "3:4: the file is not UTF-8 text here (save it as UTF-8)"
    );
    let e = Script::load(&p).unwrap_err();
    assert!(
        e.ends_with(":3:4: the file is not UTF-8 text here (save it as UTF-8)"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A field a script command does not know is refused with its place, as in levels
/// (issue 33: it was silently ignored).
#[test]
fn a_script_command_with_an_unknown_field_is_refused() {
    let e = Script::parse("(commands: [Move(unit: \"Sable\", to: (6, 2), speed: 3)])").unwrap_err();
    assert!(e.starts_with("1:"), "{e}");
    assert!(e.contains("speed"), "{e}");
    Script::parse("(commands: [Move(unit: \"Sable\", to: (6, 2))])").unwrap();
}
