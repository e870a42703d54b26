//! counters (seed 000), issue 36: the AI grapples with the wrestler's `Grapple` when the
//! grapple is worth more than the blow it would strike instead (`docs/rules/counters.md`,
//! "The AI's grapple"), through `ai::decide` and `Battle::submit` with forced dice on
//! both grids.

use skirmish_rules::components::ConditionKind;
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::counters::{escape_chance, grapple_value};

use crate::counters_spells::spell_field;
use crate::support::{BOTH, id};

/// The wrestler (Red) beside one foe (Blue, its archetype and any overrides); initiative
/// 20 and 1.
fn beside(kind: GridKind, foe: &str, dice: &[u32]) -> skirmish_rules::Battle {
    let units = format!(
        r#"Unit(name: "Wrestler", side: "Red", cell: (3, 3), archetype: "wrestler"),
    Unit(name: "Foe", side: "Blue", cell: (4, 3), {foe})"#
    );
    spell_field(kind, &units, "", dice)
}

/// A bulwark: the shieldbearer (Strength proficiency, 4 skill dice, a warded shield) with
/// Strength 28: its absorption (+9 + 3) and Block take nearly all of a spear's 2d10 + 3.
const BULWARK: &str =
    r#"archetype: "shieldbearer", stats: {Str: 28, Agility: 10, Proficiency: 3, SkillDice: 4}"#;

// A grapple's worth: P(hit) × 0.4 HP a cell × (the 4 cells of a 20 ft escape + q × the 2
// it cannot walk) × (1 + q + q²) tries over its 3 turns, q = P(the escape contest fails).
// Against a plain Str 10 foe: P(hit) 16/20 (d20 + 5 against Passive Dodge 10), P(escape)
// = P(d20 > d20 + 5) = 105/400, so 0.8 × 0.4 × 5.475 × 2.28140625 = 3.997 HP, less than
// its spear blow: the AI strikes. Against the bulwark the blow is worth less than the
// grapple: it grapples, and the grapple lands (d20 15 + 5 ≥ 10).
#[test]
fn the_ai_grapples_a_foe_its_blow_hardly_hurts_and_strikes_the_others() {
    for kind in BOTH {
        let b = beside(kind, r#"archetype: "plain""#, &[20, 1]);
        let (w, f) = (id(&b, "Wrestler"), id(&b, "Foe"));
        let grapple = b.abilities(w).iter().position(|a| a.name == "Grapple");
        let Some(i) = grapple else {
            panic!("the wrestler has no Grapple")
        };
        assert!((escape_chance(&b, f, w) - 105.0 / 400.0).abs() < 1e-9);
        let q: f64 = 1.0 - 105.0 / 400.0;
        let want = 0.8 * 0.4 * (4.0 + 2.0 * q) * (1.0 + q + q * q);
        assert!((grapple_value(&b, w, f, i) - want).abs() < 1e-9);
        assert!(
            matches!(
                skirmish_rules::ai::decide(&b),
                Some(Command::Attack { unit, target, .. }) if unit == w && target == f
            ),
            "{kind:?}: the spear blow is worth more than a grapple on a plain foe"
        );

        let mut b = beside(kind, BULWARK, &[20, 1, 15]);
        let (w, f) = (id(&b, "Wrestler"), id(&b, "Foe"));
        let cast = Command::Act {
            unit: w,
            action: Action::Common(CommonAction::Cast {
                ability: i,
                at: CastAt::Unit(f),
            }),
        };
        assert_eq!(
            skirmish_rules::ai::decide(&b),
            Some(cast.clone()),
            "{kind:?}: the bulwark is grappled, not struck"
        );
        b.submit(cast).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.condition_source(f, ConditionKind::Grappled), Some(w));
        assert_eq!(b.forced_dice_left(), 0);
        // Held already: nothing more to gain by grappling it again.
        assert_eq!(grapple_value(&b, w, f, i), 0.0);
    }
}
