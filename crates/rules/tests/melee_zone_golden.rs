//! melee-zone (seed 003), issue 30 wave 3: the golden battle, its whole event log pinned
//! like the other rulesets' (`docs/rules/melee-zone.md`).

use skirmish_rules::Battle;
use skirmish_rules::level;

use crate::support::repo;

/// The golden melee-zone battle (every die forced): its full event log must match the
/// checked-in one line for line. After a deliberate rules change, regenerate it with
/// `skirmish run tests/fixtures/melee-zone-skirmish.ron --script
/// tests/fixtures/melee-zone-skirmish-script.ron > tests/fixtures/melee-zone-skirmish-expected.txt`
/// (drop the closing "-- battle over" line) and review the diff.
#[test]
fn the_golden_melee_zone_battle_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/melee-zone-skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/melee-zone-skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.forced_dice_left(), 0, "every forced die used");
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/melee-zone-skirmish-expected.txt"))
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
    // What the battle is there to pin: an attack aimed at the legs and its Slowing wound, a Power Strike in
    // words, a crit chain to a super critical, a free hit for leaving a zone, a tragedy's free critical hit, a
    // unit fleeing by the exit, and the end.
    for needle in [
        "Speed -2 (Wound",
        "Agility -1 (Wound",
        "super critical",
        "marked Bly [Power Strike: +1 melee damage]",
        "(trigger: leaving",
        "tragedy",
        "flees the battle",
        "battle_ended [Watch wins]",
    ] {
        assert!(want.iter().any(|l| l.contains(needle)), "{needle}");
    }
}
