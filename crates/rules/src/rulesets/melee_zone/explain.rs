//! melee-zone's rules in plain words: the tooltips of its conditions, action bar,
//! reactions, terrain and rules, and the F1 summary (the tables `ui.rs`'s
//! `View::explain` and `View::summary` read). The words follow
//! `docs/rules/melee-zone.md`; "(choice)" marks a reading of the seed, "(house rule)" a
//! rule the seed does not have. Sources name the seed's sections ("Combat rules" of seed
//! 003: "Attack Action", "Bonus Actions", "Free Hits", ...).

use crate::components::ConditionKind;
use crate::event::ReactionKind;
use crate::level::Terrain;
use crate::rulesets::explain::{Explanation, condition_title, label, rule};

fn e(title: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation::new(title, text, source)
}

pub(super) fn condition(k: ConditionKind) -> Option<Explanation> {
    let t = condition_title(k);
    Some(match k {
        ConditionKind::Prone => e(
            t,
            "It cannot dodge: it is hit on 5 + its Agility modifier (semi flat-footed). A Move \
             Action buys a third of its movement (2 spaces). It stands up with its Attack, Move \
             or a Bonus Action, or on a foe's turn with the Bonus Action of its next turn.",
            "Prone; Flat Footed",
        ),
        ConditionKind::FlatFooted => e(
            t,
            "It cannot dodge properly: any attack total of 5 or more hits it, whatever its \
             Agility.",
            "Flat Footed",
        ),
        ConditionKind::Channeling => e(
            t,
            "It is casting a spell over more than one turn: flat-footed (hit on 5) until the \
             spell goes off, unless it has Battle caster. The rest of the cast time is paid \
             from its next turn's Attack and Move Actions; moving cancels the spell.",
            "Channeling; Feats (Battle caster)",
        ),
        ConditionKind::SummoningSick => e(
            t,
            "Summoned this round: it cannot act (its first turn is skipped), take free hits or \
             dodge (hit on 5) until its summoner's next turn.",
            "Summoning Sickness",
        ),
        _ => return None,
    })
}

pub(super) fn action(l: &str) -> Option<Explanation> {
    Some(match l {
        label::ATTACK => e(
            "Attack",
            "Roll d20 + Accuracy modifier against the target's Agility modifier + 10 (5 if it is \
             flat-footed, 5 + Agility if prone); meet it to hit for the weapon's dice + Strength \
             modifier. A natural 20 hits and doubles the damage; a natural 1 misses.",
            "Attack Action; Attacking; Auto Fails/Criticals",
        )
        .costs("AA"),
        label::MOVE => e(
            "Move",
            "The Move Action buys 6 spaces (2 while prone, 8 with Athlete); difficult ground \
             costs 2 a space. Leaving an enemy's melee zone, or 3 steps within one, gives it a \
             free hit.",
            "Move Action; Free Hits",
        )
        .costs("MA"),
        label::DRAW | label::SHEATHE | "Pick Up" => super::items::explanation(l),
        label::CAST => e(
            "Cast",
            "A spell takes its cast time in actions, each the Attack Action (first) or the Move \
             Action, and its enhancement's Bonus Actions. More than the turn has left: the rest \
             is paid from the next turn and the caster channels it, flat-footed, till then. \
             An attack spell rolls d20 + Accuracy against the dodge, as any attack. A summon \
             needs a summoning slot (one per level).",
            "Spell Casting; Channeling; Summoning Slots",
        )
        .costs("its cast time"),
        label::END_TURN => e(
            "End turn",
            "End the turn; what is left of the Attack, Move and Bonus Actions is lost.",
            "A turn = 1AA, 1MA, 2BA",
        )
        .costs("free"),
        "Extra attack" | "Secondary attack" => e(
            "Extra attack",
            "Spend the Move Action and both Bonus Actions for one more attack, rolled as any \
             other but without the Strength modifier.",
            "Bonus Actions",
        )
        .costs("MA + 2 BA"),
        super::wounds::AIMED => super::wounds::aimed_explanation(),
        "Disengage" => e(
            "Disengage",
            "For the rest of the round, leaving enemy melee zones or moving within them \
             provokes no free hits.",
            "Disengage",
        )
        .costs("AA"),
        "Disengage (2 BA)" => e(
            "Disengage (2 BA)",
            "Disengage with both Bonus Actions instead of the Attack Action: for the rest of \
             the round, moving provokes no free hits.",
            "Disengage; Bonus Actions",
        )
        .costs("2 BA"),
        "Power Strike" => e(
            "Power Strike",
            "+1 damage with melee weapons until the round ends (once a turn: choice).",
            "Bonus Actions",
        )
        .costs("BA"),
        "Steady Aim" => e(
            "Steady Aim",
            "+1 to hit until the round ends, free hits included (once a turn; how long: \
             choice).",
            "Bonus Actions",
        )
        .costs("BA"),
        "Evade" => e(
            "Evade",
            "+1 dodge (the number to hit you) until your next turn; not while prone or \
             flat-footed (once a turn; how long: choice).",
            "Bonus Actions",
        )
        .costs("BA"),
        "Sprint" => e(
            "Sprint",
            "2 more spaces of movement this turn (once a turn: choice).",
            "Bonus Actions",
        )
        .costs("BA"),
        "Stand Up" => e(
            "Stand Up",
            "Get up from prone with a Bonus Action, else the Move Action, else the Attack \
             Action. On a foe's turn it takes the Bonus Action of your next turn, and is \
             refused when that turn has none left to give.",
            "Prone; Bonus Actions",
        )
        .costs("BA"),
        "Delay" => e(
            "Delay",
            "Before spending anything, move your turn to just after a unit still to act this \
             round; next round the initiative order is back.",
            "Initiative/Initiating",
        )
        .costs("free"),
        "Toggle spell" => e(
            "Toggle spell",
            "Turn a spell's effect on the map (its terrain) off, or back on.",
            "Bonus Actions (toggle the effects of spells cast)",
        )
        .costs("BA"),
        "Flee" => e(
            "Flee",
            "On an exit cell, leave the battle: the unit is out of the fight, and a side with \
             nobody left has lost.",
            "Combat rules (flee the battle); exits (choice)",
        )
        .costs("MA"),
        "Hide" => e(
            "Hide",
            "Out of every foe's sight (behind it, or a wall or a low wall next to you on its \
             line), hide: foes cannot target you, you sneak at half speed, and your next attack \
             is a sneak attack (hit on 5, +1d4 damage, doubled by crits). Attacking, or a foe \
             seeing you after a step or a turn, reveals you.",
            "Sneak Damage; Move Action (sneaking); hiding rules (choice)",
        )
        .costs("AA or MA"),
        _ => return None,
    })
}

pub(super) fn reaction(r: ReactionKind) -> Option<Explanation> {
    Some(match r {
        ReactionKind::FreeHit => e(
            "Free hit",
            "An attack on a foe that leaves your melee zone, takes a third step within it, or \
             rolls a natural 1 attacking you from it. It uses a Free Hit Slot (Agility modifier \
             + 1 a round); after a tragedy it is a free critical hit, slot or not.",
            "Free Hits/Free Hit Slots; Combat specific Fails/Criticals",
        )
        .costs("1 Free Hit Slot"),
        ReactionKind::ReactionAttack => e(
            "Free hit",
            "melee-zone's reaction attacks are its free hits: each takes a Free Hit Slot.",
            "Free Hits/Free Hit Slots",
        )
        .costs("1 Free Hit Slot"),
        _ => return None,
    })
}

pub(super) fn terrain(t: Terrain) -> Explanation {
    match t {
        Terrain::Floor => e("Floor", "Open ground: 1 space of movement.", "Move Action"),
        Terrain::Wall => e("Wall", "Blocks movement and sight.", "level data"),
        Terrain::Difficult => e(
            "Difficult ground",
            "Ground you sneak, swim or climb through: each space costs 2, so you move half \
             spaces.",
            "Move Action (sneaking, swimming, climbing: choice)",
        ),
        Terrain::High => e(
            "High ground",
            "Moves as floor; it gives nothing in melee-zone.",
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
            "Melee zone",
            "The cells next to a unit holding a melee weapon are its melee zone (hatched).",
            "Melee Zone",
        ),
        rule::PROVOKE => e(
            "Free hits",
            "Leaving an enemy's melee zone, taking a third step within it on one move, or \
             rolling a natural 1 against it from inside gives it a free hit, one Free Hit Slot \
             each. Disengaging first provokes none for the round.",
            "Free Hits/Free Hit Slots; Disengage",
        ),
        rule::INITIATIVE => e(
            "Initiative",
            "Highest Agility modifier first, no roll; ties go in level order (choice). A unit \
             that started the battle by attacking goes last. A unit may Delay its turn for the \
             round.",
            "Initiative/Initiating",
        ),
        rule::SURPRISE => e(
            "Surprise",
            "No surprise round: a unit caught unaware starts flat-footed when its level says so \
             (hit on 5).",
            "Flat Footed; Sneak Damage (a hidden attacker: Hide)",
        ),
        rule::MOVEMENT => e(
            "Movement",
            "The Move Action buys 6 spaces, Sprint 2 more; prone a third. Difficult ground \
             costs 2 a space (half spaces).",
            "Move Action; Prone",
        ),
        rule::RANGED => e(
            "Ranged attacks",
            "A bow shoots as far as its range over a clear line, with no penalty; a unit with \
             only a bow has no melee zone.",
            "Attacking (range: choice)",
        ),
        rule::DOWN => e(
            "Down",
            "At 0 HP a unit is defeated. A side with every unit defeated or fled has lost.",
            "Combat rules",
        ),
        rule::STALEMATE => e(
            "Stalemate",
            "Ten whole rounds without damage end the battle in a draw.",
            "house rule",
        ),
        rule::FLANKING => e(
            "Flanking and facing",
            "A unit faces the way it last stepped or attacked. An attack from behind it (its \
             back cell or hex and the two beside it) gets +1 to hit.",
            "Flanking (facing: choice)",
        ),
        rule::CRITICALS => e(
            "Crits and tragedies",
            "A natural 20 doubles the damage and rolls a d4: on 4 a super critical doubles it \
             again, then a d6: on 6 the foe is defeated outright; the chain goes on d8, d10, \
             d12, d20. A natural 1 rolls the same chain as a tragedy: a free critical hit for \
             the target, then on 6 the attacker dies.",
            "Auto Fails/Criticals; Combat specific Fails/Criticals",
        ),
        _ => return None,
    })
}

/// melee-zone's core loop for F1 help.
pub static SUMMARY: [(&str, &str); 9] = [
    (
        "Your turn",
        "Each turn has one Attack Action (AA), one Move Action (MA) and two Bonus Actions \
         (BA). Highest Agility modifier goes first; a unit that started the fight goes last. \
         You may Delay your turn for the round before spending anything.",
    ),
    (
        "Attacking",
        "Click an enemy: d20 + Accuracy against its Agility + 10. A hit deals the weapon's \
         dice + Strength. The extra attack takes the MA and both BA and adds no Strength.",
    ),
    (
        "Bonus actions",
        "Power Strike (+1 melee damage this round), Steady Aim (+1 to hit this round), Evade \
         (+1 dodge until your turn), Sprint (+2 spaces), Stand Up, or both for Disengage or \
         the extra attack.",
    ),
    (
        "Crits and tragedies",
        "A natural 20 doubles damage; d4 = 4 doubles again; d6 = 6 defeats the foe outright. \
         A natural 1 misses and gives the target a free hit if you are in its zone; a \
         tragedy (d4 = 4) a free critical hit; d6 = 6 kills you.",
    ),
    (
        "Melee zones and free hits",
        "The cells next to a unit are its melee zone. Leaving it, or 3 steps within it, gives \
         a free hit, paid with a Free Hit Slot (Agility + 1 each round). Disengage (AA or 2 \
         BA) to move freely for the round.",
    ),
    (
        "Prone and flat-footed",
        "Prone: hit on 5 + Agility, moves a third; stand up with AA, MA or BA, even on a foe's \
         turn (paid from your next turn's BA). Flat-footed: hit on 5.",
    ),
    (
        "Facing and hiding",
        "A unit faces its last step or attack; from behind it you get +1 to hit. Out of every \
         foe's sight, Hide (AA or MA): foes cannot target you, you sneak at half speed, and \
         attacking unseen hits on 5 for +1d4 damage (Sneak attack: +2d4), doubled by crits.",
    ),
    (
        "Casting",
        "A spell costs its cast time in actions (AA, then MA) and any Bonus Actions of its \
         enhancement. Longer than the turn: you channel it into your next turn, flat-footed \
         (Battle caster: not). Summons need a slot (your level) and skip their first round.",
    ),
    (
        "Winning",
        "A side loses when all its units are defeated or have fled by an exit. 10 rounds \
         with nobody hurt end in a draw (house rule).",
    ),
];
