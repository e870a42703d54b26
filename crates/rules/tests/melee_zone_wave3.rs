//! melee-zone (seed 003), issue 30 wave 3: sneak damage on a spell cast from hiding,
//! Maneuverer's paths on difficult ground, and the AI's choices (flanking, toggling,
//! Meteor's aim, Disengage, Stand Up). Each through `Battle::submit` or the AI's entry
//! points (`docs/rules/melee-zone.md`, "Wave 3").

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::dice::{ModKind, Modifier, Roll};
use skirmish_rules::engine::{CastAt, Command};
use skirmish_rules::event::Event;
use skirmish_rules::grid::Cell;

use crate::melee_zone_spells::{FIRE_BOLT, cast};
use crate::support::melee_zone::{arena, field};
use crate::support::{BOTH, id, since};

// "If you attack a unit while undetected, they are considered flat-footed, and you gain
// an extra d4 damage on top of your normal attack. This additional damage is multiplied
// by critical hits." A spell attack is an attack: cast from hiding, it is hit on 5 and
// deals the sneak dice too, doubled by a critical.
#[test]
fn a_spell_cast_from_hiding_adds_sneak_damage_doubled_by_a_critical() {
    // Sol faces west, toward Mia: no flanking bonus.
    let units = r#"Unit(name: "Mia", side: "Red", cell: (2, 3), archetype: "mage", hidden: true),
        Unit(name: "Sol", side: "Blue", cell: (8, 3), archetype: "soldier", facing: 4)"#;
    for kind in BOTH {
        // d20 3 + 3 = 6 vs 5 (undetected: flat-footed); Fire Bolt 1d8 5, sneak 1d4 3.
        let mut b = arena(kind, units, &[3, 5, 3]);
        let (mia, sol) = (id(&b, "Mia"), id(&b, "Sol"));
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        let (roll, amount) = damage_to(&b, sol);
        assert_eq!(amount, 8, "{roll:?}");
        assert_eq!(roll.faces, [5]);
        assert!(
            roll.modifiers
                .contains(&Modifier::new(ModKind::Other, "sneak damage 1d4 [3]", 3)),
            "{roll:?}"
        );
        assert!(!b.hidden(mia), "the spell reveals her");

        // A natural 20 (d4 1: no super critical): 1d8 5 ×2 and the sneak 1d4 3 ×2.
        let mut b = arena(kind, units, &[20, 1, 5, 3]);
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        let (roll, amount) = damage_to(&b, sol);
        assert_eq!(amount, 16, "{roll:?}");
        assert!(
            roll.modifiers
                .contains(&Modifier::new(ModKind::Critical, "sneak damage ×2", 3)),
            "{roll:?}"
        );

        // Seen (not hidden): no sneak dice, the dodge is 10 + Agility.
        let seen = units.replace(", hidden: true", "");
        let mut b = arena(kind, &seen, &[15, 5]);
        b.submit(cast(mia, FIRE_BOLT, CastAt::Unit(sol))).unwrap();
        assert_eq!(damage_to(&b, sol).1, 5);
        assert_eq!(b.forced_dice_left(), 0);
    }
}

/// The last damage `u` took: its roll and amount.
fn damage_to(b: &Battle, u: UnitId) -> (Roll, i32) {
    b.log()
        .iter()
        .rev()
        .find_map(|l| match &l.event {
            Event::Damage {
                unit, roll, amount, ..
            } if *unit == u => Some((roll.clone(), *amount)),
            _ => None,
        })
        .expect("a hit")
}

// "Maneuverer: move normally while sneaking, swimming, and tumbling"; "When sneaking,
// swimming, climbing … you move half spaces". Difficult ground is the seed's swimming
// ground: 2 a space for others, 1 for a maneuverer, and the engine plans its paths and
// its reach at 1 (`Ruleset::difficult_cost`), so a 6-space swim fits one Move Action.
#[test]
fn a_maneuverer_plans_its_paths_across_water_at_one_a_space() {
    // Columns 1 to 6 are water; the far bank starts at column 7.
    let rows: Vec<&str> = vec![
        ".~~~~~~.....",
        ".~~~~~~.....",
        ".~~~~~~.....",
        ".~~~~~~.....",
        ".~~~~~~.....",
        ".~~~~~~.....",
        ".~~~~~~.....",
        ".~~~~~~.....",
    ];
    for kind in BOTH {
        for (feats, reach, cost) in [(r#""Maneuverer""#, true, Some(6)), ("", false, None)] {
            let units = format!(
                r#"Unit(name: "Ash", side: "Red", cell: (0, 3), archetype: "duelist", feats: [{feats}]),
                Unit(name: "Bly", side: "Blue", cell: (11, 6), archetype: "soldier")"#
            );
            let mut b = field(kind, &rows, &units, "", &[]);
            let ash = id(&b, "Ash");
            let bank = Cell::new(6, 3);
            assert_eq!(b.reachable(ash).get(&bank).is_some(), reach, "{feats}");
            assert_eq!(b.path_to(ash, bank).map(|p| p.1), cost, "{feats}");
            if reach {
                let n = b.log().len();
                b.submit(Command::Move {
                    unit: ash,
                    to: bank,
                })
                .unwrap();
                let costs: Vec<u32> = since(&b, n)
                    .iter()
                    .filter_map(|e| match e {
                        Event::Moved { cost, .. } => Some(*cost),
                        _ => None,
                    })
                    .collect();
                assert_eq!(costs, [1; 6]);
                assert_eq!(b.pos(ash), bank);
            } else {
                // Three spaces of water at 2 each.
                assert_eq!(b.path_to(ash, Cell::new(3, 3)).map(|p| p.1), Some(6));
            }
        }
    }
}

/// melee-zone's and escalation's `Disengage` and `Delay` share their names: a save or a
/// script reads each by the fields written, so melee-zone's two-Bonus-Action Disengage
/// stays one (a save of it used to load as the Attack Action's and be refused).
#[test]
fn disengage_and_delay_read_back_as_the_ruleset_whose_fields_they_have() {
    use skirmish_rules::engine::Action;
    use skirmish_rules::rulesets::escalation::EscalationAction;
    use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
    let read = |t: &str| ron::from_str::<Action>(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    let mz = |a: MeleeZoneAction| Action::MeleeZone(a);
    let esc = |a: EscalationAction| Action::Escalation(a);
    assert_eq!(
        read("Disengage(bonus: true)"),
        mz(MeleeZoneAction::Disengage { bonus: true })
    );
    assert_eq!(
        read("Disengage(bonus: false)"),
        mz(MeleeZoneAction::Disengage { bonus: false })
    );
    assert_eq!(
        read("Delay(after: (3))"),
        mz(MeleeZoneAction::Delay { after: UnitId(3) })
    );
    assert_eq!(
        read("Disengage(from: [(1)])"),
        esc(EscalationAction::Disengage {
            from: vec![UnitId(1)]
        })
    );
    assert_eq!(
        read("Delay(band: 2)"),
        esc(EscalationAction::Delay { band: 2 })
    );
    assert!(ron::from_str::<Action>("Delay()").is_err());
    // Written and read back, each is itself.
    for a in [
        mz(MeleeZoneAction::Disengage { bonus: true }),
        mz(MeleeZoneAction::Delay { after: UnitId(2) }),
        esc(EscalationAction::Disengage { from: vec![] }),
    ] {
        let text = ron::to_string(&a).unwrap();
        assert_eq!(read(&text).for_ruleset(a.ruleset().unwrap()), a, "{text}");
    }
    // Without fields: escalation's, which a melee-zone battle takes as its own.
    assert_eq!(
        read("Disengage()").for_ruleset("melee-zone"),
        mz(MeleeZoneAction::Disengage { bonus: false })
    );
}
