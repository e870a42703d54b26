//! counters (seed 000), issue 36: the AI grapples with the wrestler's `Grapple` when the
//! grapple is worth more than the blow it would strike instead (`docs/rules/counters.md`,
//! "The AI's grapple"), through `ai::decide` and `Battle::submit` with forced dice on
//! both grids.

use skirmish_rules::components::ConditionKind;
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::AiTactics;
use skirmish_rules::rulesets::counters::{CountersAi, escape_chance, grapple_value};

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

// A grapple's worth: P(hit) × 0.4 HP a cell × (the 4 cells of a 20 ft escape + q × the 2
// it cannot walk) × (1 + q + q²) tries over its 3 turns, q = P(the escape contest fails).
// Against a plain Str 10 foe: P(hit) 16/20 (d20 + 5 against Passive Dodge 10), P(escape)
// = P(d20 > d20 + 5) = 105/400, so 0.8 × 0.4 × 5.475 × 2.28140625 = 3.997 HP, less than
// its spear blow (11.75 to the AI): the AI strikes. Had the blow been worth less, the
// tactics' `before_attack` would grapple instead; the grapple lands (d20 15 + 5 ≥ 10).
// (A foe the spear hardly hurts has the Strength to escape: the shared AI's own cast
// value, 1.5 HP a turn of a status, picks the grapple there before this hook is asked.)
#[test]
fn the_ai_grapples_when_the_grapple_is_worth_more_than_the_blow_and_strikes_otherwise() {
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

        // The tactics' hook the shared AI asks before a blow worth `plain`: below the
        // grapple's worth it grapples instead, above it it strikes (None).
        let cast = Command::Act {
            unit: w,
            action: Action::Common(CommonAction::Cast {
                ability: i,
                at: CastAt::Unit(f),
            }),
        };
        assert_eq!(CountersAi.before_attack(&b, w, f, want + 0.01), None);
        assert_eq!(
            CountersAi.before_attack(&b, w, f, want - 0.01),
            Some(cast.clone()),
            "{kind:?}: a blow worth less than the grapple gives way to it"
        );
        // The grapple it gives lands through the game's own path (d20 15 + 5 ≥ 10).
        let mut b = beside(kind, r#"archetype: "plain""#, &[20, 1, 15]);
        b.submit(cast).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.condition_source(f, ConditionKind::Grappled), Some(w));
        assert_eq!(b.forced_dice_left(), 0);
        // Held already: nothing more to gain by grappling it again.
        assert_eq!(grapple_value(&b, w, f, i), 0.0);
    }
}
