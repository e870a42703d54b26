//! The window's words for the battle's ruleset ([`View`]), from the registry.

use skirmish_rules::Battle;
use skirmish_rules::rulesets::View;

/// The battle's ruleset as the window shows it. The window only plays levels through
/// [`Battle::new`], which takes the ruleset from the registry, so there always is one.
pub fn of(b: &Battle) -> &'static dyn View {
    skirmish_rules::rulesets::view_of(b).expect("the window plays registered rulesets only")
}
