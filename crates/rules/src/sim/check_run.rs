//! `skirmish run --check`: a battle played by any means (a script, the AI, both) checked
//! against the soak's invariants after every event, as the soak checks its own.

use crate::battle::Battle;
use crate::engine::Command;

use super::Invariants;

/// Check `real` (a battle played to where it stands) against [`Invariants`]: it is played
/// again from its level, seed and forced dice with the commands it accepted
/// ([`Battle::history`]), one command at a time, the shadow following every event; the
/// replay must give the same log. Each violation is one line (at most 20 and a count).
pub fn check_run(real: &Battle) -> Vec<String> {
    let h = real.history();
    if h.reseeded {
        return vec!["the battle's dice were reseeded: it cannot be played again".into()];
    }
    let level = real.level().clone();
    let mut out = Vec::new();
    let (mut b, mut shadow) = match (
        Battle::new(level.clone(), real.seed(), h.forced.clone()),
        Invariants::with_dice(&level, real.seed(), h.forced.clone()),
    ) {
        (Ok(b), Ok(s)) => (b, s),
        (Err(e), _) => return vec![format!("setup: {e}")],
        (_, Err(e)) => return vec![format!("setup: {e}")],
    };
    let id = b.rules().id();
    let mut later = h.forced_later.iter().peekable();
    let mut seen = 0;
    for (i, c) in h.commands.iter().enumerate() {
        while let Some((_, faces)) = later.next_if(|(n, _)| *n <= i) {
            b.dice_force_for_tests(faces);
        }
        let cmd = match c.clone() {
            Command::Act { unit, action } => Command::Act {
                unit,
                action: action.for_ruleset(id),
            },
            other => other,
        };
        if let Err(e) = b.submit(cmd) {
            out.push(format!("command {} refused on replay: {e}", i + 1));
            return out;
        }
        let before = out.len();
        shadow.follow(&b, seen, &mut out);
        for v in &mut out[before..] {
            *v = format!("after command {} ({c:?}): {v}", i + 1);
        }
        seen = b.log().len();
        if out.len() > 20 {
            out.truncate(20);
            out.push("… more violations not listed".into());
            return out;
        }
    }
    shadow.finish(&b, &mut out);
    if b.log() != real.log() {
        out.push(format!(
            "the battle played again gives another log ({} events, not {})",
            b.log().len(),
            real.log().len()
        ));
    }
    out
}
