//! counters (seed 000, "Counters and Reactions"), issue 36 wave 3: the golden battle, its
//! whole event log pinned like the other rulesets' (`docs/rules/counters.md`).

use skirmish_rules::Battle;
use skirmish_rules::level;

use crate::support::repo;

/// The golden counters battle (every die forced): its full event log must match the
/// checked-in one line for line. After a deliberate rules change, regenerate it with
/// `skirmish run tests/fixtures/counters-skirmish.ron --script
/// tests/fixtures/counters-skirmish-script.ron > tests/fixtures/counters-skirmish-expected.txt`
/// (drop the closing "-- script done" line) and review the diff.
#[test]
fn the_golden_counters_battle_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/counters-skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/counters-skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.forced_dice_left(), 0, "every forced die used");
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/counters-skirmish-expected.txt"))
        .unwrap_or_default()
        .replace("\r\n", "\n");
    let want: Vec<&str> = want.lines().collect();
    if std::env::var_os("SKIRMISH_PRINT_GOLDEN").is_some() {
        println!("{}", got.join("\n"));
    }
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "event {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len());
    // What the battle is there to pin: a failed counterspell paid with a skill die, a trap
    // counteracted with 20 ft, a block with a skill die and Dig In, a parry with movement only
    // that fails, a parry with skill dice and Dig In that avoids the hit, a counter attack on
    // a unit leaving melee range, and the skill dice regained at the next round.
    for needle in [
        "reacted Ves [Counterspell for 1 skill die]",
        "vs 13: failure [counterspell]",
        "spent Ves [4 movement on commit, 0 left]",
        "vs 13: success [counteraction]",
        "(Strength mod +2, proficiency +2, Dig In +1) = 10 vs 7: success [Block: absorbed all 7 (10 rolled), none gets through]",
        // A counter that takes part of the damage off reads as what it took, not "failed".
        "defence Edr 0 [] (Agility mod +0, proficiency +0, Dig In +1) = 1 vs 10: failure [Parry: absorbed 1 of 10, 9 get through]",
        "defence Dar 2d6 [6, 6] (Agility mod +2, proficiency +2, Dig In +2) = 18 vs 11: success [Parry: absorbed all 11 (18 rolled), none gets through]",
        "reacted Ald [Reaction Attack for 2 movement]",
        "[longsword, reaction attack;",
        "refilled Dar [+2 skill dice (regained), 3 left]",
    ] {
        assert!(want.iter().any(|l| l.contains(needle)), "{needle}");
    }
}
