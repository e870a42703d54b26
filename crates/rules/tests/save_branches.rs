//! A save keeps the lines a rewind left as branches (issue 32, save format 2): each
//! branch replays to its own log hash, and going back to one gives its exact battle with
//! the line left kept in turn.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::engine::Command;
use skirmish_rules::level;
use skirmish_rules::save::{FORMAT, LevelCopy, Save, SaveError, SideSettings, log_hash};

use crate::support::repo;

const DUEL: &str = "tests/fixtures/duel.ron";

fn copy() -> LevelCopy {
    let src = std::fs::read_to_string(repo(DUEL)).unwrap();
    LevelCopy::new(DUEL, &src).unwrap()
}

fn battle(seed: u64) -> Battle {
    let src = std::fs::read_to_string(repo(DUEL)).unwrap();
    Battle::new(level::parse(&src, DUEL).unwrap(), seed, Vec::new()).unwrap()
}

fn save_of(b: &Battle) -> Save {
    Save::of(b, copy(), SideSettings::defaults(b.level())).unwrap()
}

/// An AI battle of 14 commands (the old line), rewound to the first command from the
/// 4th on where an end of turn is accepted in its place, and played on by the AI from
/// there (the new line). Returns the old line's save, both battles and where they part.
fn two_lines() -> (Save, Battle, Battle, usize) {
    let mut old = battle(6);
    ai::play_out(&mut old, 14);
    let old_save = save_of(&old);
    for k in 3..old_save.commands.len() {
        let mut new = old_save.battle_at(k).unwrap();
        let Some(unit) = new.current() else { continue };
        let end = Command::EndTurn { unit };
        if old_save.commands[k] == end || new.submit(end).is_err() {
            continue;
        }
        ai::play_out(&mut new, 6);
        return (old_save, old, new, k);
    }
    panic!("no command to play another way");
}

#[test]
fn a_rewound_line_is_kept_inside_the_save_and_replays_to_its_own_hash() {
    let (old_save, old, new, k) = two_lines();
    let mut save = save_of(&new);
    save.keep_line("line before rewind", &old_save).unwrap();
    assert_eq!(save.format, FORMAT);
    assert_eq!(save.branches.len(), 1);
    let b = &save.branches[0];
    assert_eq!(b.at, k, "parts after the commands both lines share");
    assert_eq!(b.commands, old_save.commands[k..]);
    // Kept twice, once: the same line is not a second branch, nor is the save's own.
    save.keep_line("again", &old_save).unwrap();
    save.keep_line("itself", &save_of(&new)).unwrap();
    assert_eq!(save.branches.len(), 1);

    // Saved, loaded: the branch is there and replays to its own hash and battle.
    let text = save.to_ron();
    assert!(
        text.contains("branches: [\n        Branch(\n            name: \"line before rewind\"")
    );
    let loaded = Save::load(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(loaded.save, save, "the text reads back to the same save");
    assert_eq!(loaded.battle.log(), new.log());
    let line = loaded.save.line(0).unwrap();
    let replayed = line.replay().expect("the branch reaches its own log hash");
    assert_eq!(replayed.log(), old.log());
    assert_eq!(log_hash(replayed.log()), old_save.log_hash);
    assert_eq!(replayed.history(), old.history());
    assert!(matches!(
        loaded.save.line(1),
        Err(SaveError::NoBranch { asked: 2, count: 1 })
    ));
}

#[test]
fn going_back_to_a_branch_restores_its_exact_battle_and_keeps_the_line_left() {
    let (old_save, old, new, k) = two_lines();
    let mut save = save_of(&new);
    save.keep_line("line before rewind", &old_save).unwrap();
    let back = save.go_to(0, "line left").unwrap();
    assert_eq!(back.commands, old_save.commands);
    assert_eq!(back.branches.len(), 1);
    assert_eq!(back.branches[0].name, "line left");
    assert_eq!(back.branches[0].at, k);
    let loaded = Save::load(&back.to_ron()).unwrap();
    assert_eq!(loaded.battle.log(), old.log());
    assert_eq!(loaded.battle.history(), old.history());
    assert_eq!(loaded.battle.round(), old.round());
    assert_eq!(loaded.battle.current(), old.current());
    // And back again: the new line, exactly.
    let again = loaded.save.go_to(0, "line before rewind").unwrap();
    assert_eq!(again, save);
    assert_eq!(again.replay().unwrap().log(), new.log());
}

#[test]
fn a_line_of_another_battle_or_a_branch_past_the_end_is_refused() {
    let (old_save, _, new, k) = two_lines();
    let mut save = save_of(&new);
    let mut other = battle(7);
    ai::play_out(&mut other, 4);
    assert!(save.keep_line("other", &save_of(&other)).is_err());
    assert!(save.branches.is_empty());
    save.keep_line("old", &old_save).unwrap();
    let text = save.to_ron().replace(&format!("at: {k},"), "at: 99,");
    match Save::load(&text) {
        Err(SaveError::Damaged { message, .. }) => {
            assert!(message.contains("parts at command 99"), "{message}")
        }
        other => panic!("{:?}", other.map(|l| l.save)),
    }
}

#[test]
fn a_format_1_save_reads_with_no_branches() {
    let text = std::fs::read_to_string(repo("tests/fixtures/save-format1.ron")).unwrap();
    assert!(!text.contains("branches"));
    let loaded = Save::load(&text).unwrap();
    assert_eq!(loaded.save.format, 1);
    assert!(loaded.save.branches.is_empty());
    // Written again by this build: the newest format, which reads back the same.
    let mut s = loaded.save.clone();
    s.format = FORMAT;
    assert_eq!(Save::parse(&s.to_ron()).unwrap(), s);
}
