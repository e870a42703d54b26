//! counters' rules in plain words: the tooltips of its condition, action bar, reactions,
//! terrain and rules, and the F1 summary. The words follow `docs/rules/counters.md`;
//! "(choice)" marks a reading of the seed. Sources name the seed's sections ("Block",
//! "Parry", "Dig In", "Counter Attack", "Dodge (Passive Defense)", ...).

use crate::components::ConditionKind;
use crate::event::ReactionKind;
use crate::level::Terrain;
use crate::rulesets::explain::{Explanation, condition_title, label, rule};

fn e(title: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation::new(title, text, source)
}

pub(super) fn condition(k: ConditionKind) -> Option<Explanation> {
    Some(match k {
        ConditionKind::Bleeding => e(
            condition_title(k),
            "It loses 1d4 HP at the end of each of its turns (only from a level in wave 1).",
            "level data (choice)",
        ),
        ConditionKind::Grappled => e(
            condition_title(k),
            "It cannot move (its unspent movement still pays for counters). End it with 2 \
             skill dice, 20 ft, or 1 die + 10 ft, then d20 + Strength against the caster's DC \
             (Grasping Hand), or against the grappler's d20 + Strength + proficiency rolled \
             then (a Grapple: beat it; a tie holds).",
            "Ending Status Effects; Grasping Hand, Grapple (choice)",
        ),
        ConditionKind::Restrained => e(
            condition_title(k),
            "It cannot move, attack or cast. End it with 2 skill dice, 20 ft, or 1 die + \
             10 ft, then d20 + Strength against the caster's DC.",
            "Ending Status Effects; Binding Vines (choice)",
        ),
        ConditionKind::Charmed => e(
            condition_title(k),
            "It cannot attack or cast at the one who charmed it. End it with 2 skill dice, \
             20 ft, or 1 die + 10 ft, then d20 + Intelligence + proficiency against the \
             caster's DC (10 + its Intelligence modifier + proficiency).",
            "Ending Status Effects; Charm (choice)",
        ),
        _ => return None,
    })
}

pub(super) fn action(l: &str) -> Option<Explanation> {
    Some(match l {
        label::ATTACK => e(
            "Attack",
            "Roll d20 + proficiency + Strength modifier (Agility with a bow) against the \
             target's Passive Dodge: its Agility score, + proficiency if proficient in Agility. \
             A hit deals the weapon's dice + Strength modifier, less the target's absorption.",
            "Dodge (Passive Defense); d20 base (choice)",
        )
        .costs("the action"),
        label::MOVE => e(
            "Move",
            "Move up to 30 ft (6 cells) a turn, in as many moves as you like. What you do not \
             move stays until your next turn: it pays for Dig In, Block, Parry and counter \
             attacks in 10 ft steps.",
            "Block; Parry; Dig In; Counter Attack (unspent movement)",
        )
        .costs("cells of movement"),
        label::DRAW | label::SHEATHE | "Pick Up" => super::items::explanation(l),
        label::CAST => e(
            "Cast",
            "Cast a spell with the action. A spell attack (it needs line of sight) rolls d20 + \
             Intelligence + proficiency against each target's Passive Dodge; any other spell \
             one casting check against its DC. Its targets and their allies beside them may \
             then counter it.",
            "Targeting Dodge; Counterspell (choice)",
        )
        .costs("the action"),
        "End Status" => e(
            "End Status",
            "End Grappled, Restrained or Charmed: pay 2 skill dice, 20 ft of movement, or 1 \
             die + 10 ft, then roll d20 + the ability modifier (+ proficiency) against the \
             source's DC (10 + its Intelligence modifier + proficiency).",
            "Ending Status Effects",
        )
        .costs("2 SD, 20 ft, or 1 SD + 10 ft"),
        label::END_TURN => e(
            "End turn",
            "End the turn; unspent movement is kept for counters until your next turn starts.",
            "Block; Parry (unspent movement)",
        )
        .costs("free"),
        _ => return None,
    })
}

pub(super) fn reaction(r: ReactionKind) -> Option<Explanation> {
    Some(match r {
        ReactionKind::Block => e(
            "Block",
            "Against physical damage, yours or an adjacent ally's: commit skill dice and 10 ft \
             steps of movement (at least 1 die or 10 ft). Roll the dice + Strength modifier + \
             proficiency if proficient + 1 per 10 ft (Dig In); that much comes off the damage.",
            "Block; Block Steps; Dig In",
        )
        .costs("1+ skill dice or 10 ft of movement"),
        ReactionKind::Parry => e(
            "Parry",
            "Against a melee hit, holding a melee weapon: as Block but with the Agility \
             modifier and proficiency in Agility. Not against ranged or magical attacks.",
            "Parry; Parry Steps",
        )
        .costs("1+ skill dice or 10 ft of movement"),
        ReactionKind::ReactionAttack => e(
            "Counter attack",
            "A melee attack on a foe within 5 ft that leaves your melee range, once per foe a \
             round. Paid with 10 ft of unspent movement, else 1 skill die (which counts toward \
             the proficiency cap).",
            "Counter Attack",
        )
        .costs("10 ft of movement or 1 skill die"),
        ReactionKind::Counterspell => e(
            "Counterspell",
            "Against a spell landing on you or an adjacent ally: pay skill dice equal to its \
             level and roll d20 + Intelligence + proficiency against the caster's check total. \
             Reaching it prevents the damage (or the status of a spell without damage); a \
             natural 20 cancels both. Resolves before every block and parry.",
            "Counterspell; Critical Counters",
        )
        .costs("skill dice equal to the spell's level"),
        ReactionKind::Counteraction => e(
            "Counteraction",
            "Against a trap, falling rocks or a magical burst: pay 20 ft of movement, or 10 ft \
             and 1 skill die, and roll d20 + Agility (+ proficiency) against the hazard's DC \
             (+1 when paying with movement alone). Reaching it avoids the damage (a burst's \
             is magical: only magical armour absorbs it).",
            "Counteraction",
        )
        .costs("20 ft, or 10 ft + 1 skill die"),
        _ => return None,
    })
}

pub(super) fn terrain(t: Terrain) -> Explanation {
    match t {
        Terrain::Floor => e("Floor", "Open ground: 5 ft of movement.", "d20 base"),
        Terrain::Wall => e("Wall", "Blocks movement and sight.", "level data"),
        Terrain::Difficult => e(
            "Difficult ground",
            "Each cell costs 2 of the turn's 6 (10 ft).",
            "d20 base (choice)",
        ),
        Terrain::High => e(
            "High ground",
            "Moves as floor; it gives nothing in counters.",
            "level data",
        ),
        Terrain::Low => e(
            "Low wall",
            "Blocks movement, not sight or arrows.",
            "level data",
        ),
        Terrain::Pit => e("Pit", "Blocks movement, not sight or arrows.", "level data"),
    }
}

pub(super) fn rules(r: &str) -> Option<Explanation> {
    Some(match r {
        rule::THREAT => e(
            "Melee range",
            "The cells within a held melee weapon's reach (5 ft) are a unit's melee range \
             (hatched).",
            "Counter Attack (melee range)",
        ),
        rule::PROVOKE => e(
            "Counter attacks",
            "Leaving the melee range of a foe within 5 ft lets it counter attack, once per foe \
             a round, for 10 ft of its unspent movement or 1 skill die.",
            "Counter Attack",
        ),
        rule::INITIATIVE => e(
            "Initiative",
            "d20 + Agility modifier, highest first; counters declared together resolve by \
             type, then in this order.",
            "d20 base; Counters and Reactions",
        ),
        rule::SURPRISE => e(
            "Surprise",
            "No surprise rounds in counters.",
            "d20 base (choice)",
        ),
        rule::MOVEMENT => e(
            "Movement",
            "30 ft (6 cells) a turn; what you do not move is kept until your next turn for \
             counters, in 10 ft steps.",
            "Block; Parry; Dig In (unspent movement)",
        ),
        rule::RANGED => e(
            "Ranged attacks",
            "A bow shoots as far as its range over a clear line; a bow hit cannot be parried, \
             only blocked.",
            "Parry (no parry against ranged attacks)",
        ),
        rule::DOWN => e(
            "Down",
            "At 0 HP a unit is out; a side with every unit out has lost.",
            "d20 base",
        ),
        rule::STALEMATE => e(
            "Stalemate",
            "Ten whole rounds without damage end the battle in a draw.",
            "house rule",
        ),
        _ => return None,
    })
}

/// counters' core loop for F1 help.
pub static SUMMARY: [(&str, &str); 7] = [
    (
        "Your turn",
        "d20 + Agility modifier sets the order. Each turn: one action (an attack, or \
         drawing a weapon) and a 30 ft (6 cell) move.",
    ),
    (
        "Attacking",
        "d20 + proficiency + Strength (Agility with a bow) against the target's Passive \
         Dodge: Agility score + proficiency if proficient. A hit deals the weapon's dice + \
         Strength; a natural 20 doubles the dice.",
    ),
    (
        "Absorption",
        "Every physical hit is reduced by the target's Strength modifier + proficiency if \
         proficient in Strength, without spending anything.",
    ),
    (
        "Skill dice",
        "Skill dice (d6) come back each round. Spending more in a round than your \
         proficiency bonus makes the counter strained: its dice are thrown twice and the \
         lower throw counts (a counter attack rolls its d20 twice).",
    ),
    (
        "Block and Parry",
        "When a hit lands on you or an adjacent ally, commit skill dice and 10 ft steps of \
         movement: roll them + Strength (Block) or Agility (Parry, melee only) + \
         proficiency + 1 per 10 ft (Dig In), off the damage. Blocks resolve before parries.",
    ),
    (
        "Unspent movement",
        "Cells you do not move on your turn stay until your next turn and pay for counters: \
         10 ft a step.",
    ),
    (
        "Counter attack",
        "A foe within 5 ft leaving your melee range may be attacked, once a round each, for \
         10 ft of movement or 1 skill die.",
    ),
];
