//! `skirmish_rules::fuzz`, the cases of `skirmish fuzz` and the `fuzz` example: a short
//! run of each target finds nothing, a broken checked function is caught (panic and
//! violation, with the input that broke it), and the regression files replay.

use skirmish_rules::fuzz::{self, Kind, Target};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::script::{self, Script};
use skirmish_rules::{Battle, Status, ai, level, sim};

use crate::support::repo;

fn shipped() -> Vec<String> {
    let dir = repo("levels");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

#[test]
fn fifty_cases_of_each_target_find_nothing() {
    let levels = shipped();
    assert!(!levels.is_empty());
    for target in Target::ALL {
        for i in 0..50 {
            let seed = sim::battle_seed(0xf0_22, i);
            if let Some(f) = fuzz::case(target, seed, &levels) {
                panic!("{} case {seed}: {}\n{}", target.name(), f.what, f.input);
            }
        }
    }
}

#[test]
fn cases_are_pure_functions_of_their_seed() {
    let levels = shipped();
    for seed in [0, 1, u64::MAX] {
        assert_eq!(
            fuzz::level_input(&levels, seed),
            fuzz::level_input(&levels, seed)
        );
        assert_eq!(fuzz::dice_input(seed), fuzz::dice_input(seed));
        assert_eq!(fuzz::command_setup(seed).0, fuzz::command_setup(seed).0);
    }
    // Mutations change the text (not every one: a line swapped with itself).
    let changed = (0..50)
        .filter(|&s| !levels.contains(&fuzz::level_input(&levels, s)))
        .count();
    assert!(changed > 40, "{changed}");
    assert_eq!(Target::parse("dice"), Some(Target::Dice));
    assert_eq!(Target::parse("nope"), None);
}

#[test]
fn a_checked_function_that_panics_or_errs_is_a_failure_with_its_input() {
    let levels = shipped();
    let f = fuzz::level_case_with(&levels, 7, |src| {
        if !src.is_empty() {
            panic!("boom on {} bytes", src.len());
        }
        Ok(())
    })
    .expect("the panic is caught");
    assert_eq!(f.kind, Kind::Panic);
    assert_eq!((f.target, f.seed), (Target::Levels, 7));
    assert!(f.what.starts_with("panic: boom on "), "{}", f.what);
    assert_eq!(f.input, fuzz::level_input(&levels, 7));
    assert_eq!(
        f.files(),
        vec![("levels-7.ron".to_string(), f.input.clone())]
    );

    let f = fuzz::level_case_with(&levels, 8, |_| Err("1:1 is outside".into())).unwrap();
    assert_eq!(f.kind, Kind::Violation);
    assert_eq!(f.what, "1:1 is outside");
    assert!(fuzz::level_case_with(&levels, 8, |_| Ok(())).is_none());

    // The real checkers pass good and well-refused inputs.
    for l in &levels {
        assert_eq!(fuzz::check_level(l), Ok(()));
        assert_eq!(fuzz::check_level(&l[..l.len() / 2]), Ok(()));
    }
    assert!(fuzz::check_dice("1d6k", 1).is_ok());
    assert!(fuzz::check_dice("2d6+3", 1).is_ok());
}

/// The command target's level text is `sim::random_level`'s level.
#[test]
fn the_command_levels_are_sim_random_levels() {
    for seed in 0..40u64 {
        let (s, _) = fuzz::command_setup(seed);
        let text = fuzz::random_level_text(s.ruleset, s.grid, s.w, s.h, s.per_side, s.level_seed);
        let ours = level::parse(&text, "random").map_err(|e| e.to_string());
        let sims = sim::random_level(s.ruleset, s.grid, s.w, s.h, s.per_side, s.level_seed);
        assert_eq!(ours, sims, "{s:?}");
    }
}

/// The script entries a failure file is made of replay the same battle through
/// `skirmish run`'s code: AI battles written as scripts give the same log.
#[test]
fn script_entries_replay_the_same_battle() {
    let mut checked = 0;
    for (i, (ruleset, grid)) in [
        (RulesetId::Flow, GridKind::Square),
        (RulesetId::Flow, GridKind::Hex),
        (RulesetId::TacticalD20, GridKind::Square),
        (RulesetId::TacticalD20, GridKind::Hex),
    ]
    .into_iter()
    .enumerate()
    {
        let text = fuzz::random_level_text(ruleset, grid, 8, 6, 3, i as u64 + 3);
        let level = level::parse(&text, "random").unwrap();
        let seed = 40 + i as u64;
        let mut b = Battle::new(level.clone(), seed, Vec::new()).unwrap();
        let mut entries = Vec::new();
        for _ in 0..300 {
            if matches!(b.status(), Status::Ended(_)) {
                break;
            }
            let Some(cmd) = ai::decide(&b) else { break };
            entries.push(fuzz::script_entry(&b, &cmd));
            b.submit(cmd).unwrap();
        }
        let src = format!(
            "Script(seed: {seed}, commands: [\n{}\n])",
            entries.join(",\n")
        );
        let s = Script::parse(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let mut replay = script::start(&level, s.seed.unwrap(), &s).unwrap();
        script::run(&mut replay, &s).unwrap_or_else(|e| panic!("{e}\n{src}"));
        assert_eq!(
            serde_json::to_string(replay.log()).unwrap(),
            serde_json::to_string(b.log()).unwrap(),
            "{src}"
        );
        checked += entries.len();
    }
    assert!(checked > 100, "{checked}");
}

/// A command failure's script parses, and `skirmish run`'s code replays it up to the
/// failing command (here one refused: a unit far off the map is moved).
#[test]
fn a_failure_script_replays_up_to_the_failing_command() {
    let (setup, _) = fuzz::command_setup(11);
    let text = fuzz::random_level_text(
        setup.ruleset,
        setup.grid,
        setup.w,
        setup.h,
        setup.per_side,
        setup.level_seed,
    );
    let level = level::parse(&text, "random").unwrap();
    let mut b = Battle::new(level.clone(), setup.battle_seed, Vec::new()).unwrap();
    let mut entries = Vec::new();
    for _ in 0..20 {
        let Some(cmd) = ai::decide(&b) else { break };
        entries.push(fuzz::script_entry(&b, &cmd));
        b.submit(cmd).unwrap();
    }
    let failing = "Move(unit: \"Red0\", to: (-100, -100))";
    let src = fuzz::failure_script(
        11,
        &setup,
        "what\nbroke",
        &entries,
        Some((failing, 20, false)),
    );
    assert!(
        src.starts_with("// skirmish fuzz: commands case 11 ("),
        "{src}"
    );
    assert!(src.contains("\n// what\n// broke\n"), "{src}");
    let s = Script::parse(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    assert_eq!(s.seed, Some(setup.battle_seed));
    assert_eq!(s.commands.len(), entries.len() + 1);
    let mut replay = script::start(&level, setup.battle_seed, &s).unwrap();
    let stop = script::run(&mut replay, &s).unwrap_err();
    assert_eq!(stop.index, entries.len() + 1, "{stop}");
    assert_eq!(replay.log(), b.log());
}
