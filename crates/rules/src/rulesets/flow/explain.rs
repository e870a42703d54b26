//! flow's rules in plain words (issue 19): the tooltips of its conditions, action bar,
//! reactions, terrain and rules, and the F1 summary (the tables that `ui.rs`'s
//! `View::explain` and `View::summary` read). The words follow `docs/rules/flow.md`
//! (what the game plays); "(choice)" marks a reading of the seed, "(house rule)" a rule
//! the seed does not have.

use crate::components::ConditionKind;
use crate::event::ReactionKind;
use crate::level::Terrain;
use crate::rulesets::explain::{Explanation, condition_title, label, rule};

fn e(title: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation::new(title, text, source)
}

pub(super) fn condition(k: ConditionKind) -> Explanation {
    use ConditionKind::*;
    let title = condition_title(k);
    match k {
        Prone => e(
            title,
            "Lying down. Melee attacks against it have Advantage, ranged attacks \
             Disadvantage, and its own checks have Disadvantage (not when resisting). It \
             cannot move until it stands up (1 AP), which provokes reaction attacks.",
            "Cheat sheet names Prone without rules: the common tabletop reading (choice)",
        ),
        Grappled => e(
            title,
            "Held in a grapple. It cannot move, react or take any action but Break Free, \
             and threatens nothing. The hold ends when it breaks free, is released or \
             pushed apart, or either side goes down.",
            "Cheat sheet › Grapple: \"Cannot take actions except one Opposed Athletics \
             check per round to break free\"",
        ),
        Grappling => e(
            title,
            "Holding someone in a grapple. It pays 2 AP at the start of each of its turns \
             to keep the hold, cannot move, and its own checks have Disadvantage. Release \
             lets go for free.",
            "Cheat sheet › Grapple: \"Must spend 2 AP per round to maintain the Grapple\"",
        ),
        Bleeding => e(
            title,
            "Loses 1d4 HP at the end of each of its turns.",
            "Cheat sheet › Individual Turn Sequence: \"Ongoing effects resolve (bleeding, \
             poison, etc.)\"; 1d4 (choice)",
        ),
        TotalDefense => e(
            title,
            "It ended its turn on guard: +1 RP, and Advantage on every reaction (Dodge, \
             Parry, Block, Intercept, reaction attacks) until its next turn starts.",
            "Cheat sheet › Total Defense",
        ),
        Feinted => e(
            title,
            "Out-feinted: the feinter's next normal attack (or Disarm) on this unit has \
             Advantage, and that attack spends it, hit or miss. It waits across turns; it lapses if \
             either of them goes down.",
            "Cheat sheet › Feint: \"your next physical attack against that target gains \
             Advantage\"",
        ),
        _ => e(
            title,
            "The cheat sheet has no such condition, so in flow it changes nothing: only \
             the badge shows.",
            "not in the cheat sheet",
        ),
    }
}

pub(super) fn action(l: &str) -> Option<Explanation> {
    Some(match l {
        "Step" => e(
            "Take a Step",
            "Move to a free adjacent cell without provoking reaction attacks. Once per \
             round; it does not count against the 2 AP of movement a turn.",
            "Cheat sheet › Take a Step",
        )
        .costs("1 AP"),
        "Feint" => e(
            "Feint",
            "Your better of Melee and Deception against the target's Melee or Agility (its \
             choice), opposed; a tie goes to the target. A win gives your next normal \
             attack on it Advantage. Once per round, on an enemy in melee reach.",
            "Cheat sheet › Feint",
        )
        .costs("1 AP"),
        "Shove back" => e(
            "Shove back",
            "Opposed Athletics against an adjacent enemy your size or smaller; a tie goes \
             to it. A win pushes it 1 cell straight away (when that cell is free); a Hard \
             success or better also knocks it prone. Once per round.",
            "Cheat sheet › Shove",
        )
        .costs("1 AP"),
        "Shove prone" => e(
            "Shove prone",
            "Opposed Athletics against an adjacent enemy your size or smaller; a tie goes \
             to it. A win knocks it prone; a Hard success or better also pushes it 1 cell \
             away. Once per round.",
            "Cheat sheet › Shove",
        )
        .costs("1 AP"),
        // The log's Shove (either button).
        "Shove" => e(
            "Shove",
            "Opposed Athletics against an adjacent enemy your size or smaller; a tie goes \
             to it. A win pushes it 1 cell away or knocks it prone, as chosen; a Hard \
             success or better does both. Once per round.",
            "Cheat sheet › Shove",
        )
        .costs("1 AP"),
        "Grapple" => e(
            "Grapple",
            "Opposed Athletics against an adjacent enemy your size or smaller; a tie goes \
             to it. A win holds it: it is Grappled, you are Grappling, neither moves, and \
             you pay 2 AP each turn to keep the hold.",
            "Cheat sheet › Grapple",
        )
        .costs("2 AP"),
        "Disarm" => e(
            "Disarm",
            "An attack at Disadvantage on an enemy in melee reach, your size or smaller; it \
             may defend as usual. A hit deals no damage but knocks an item loose: Normal, \
             to an adjacent cell it picks; Hard, Major or Critical, into your free hand or \
             to a cell within 2, 3 or 4.",
            "Cheat sheet › Disarm",
        )
        .costs("2 AP"),
        "Tumble" => e(
            "Tumble Through",
            "An Agility check to pass through an adjacent enemy no larger than Medium to \
             the free cell beyond, provoking nothing and costing no movement. On a failure \
             you stay, and only that enemy may make a reaction attack.",
            "Cheat sheet › Tumble Through",
        )
        .costs("1 AP"),
        "Flow State" => e(
            "Flow State",
            "Keep your Flow Points at the end of this turn: no 1 FP decay. Once per round.",
            "Cheat sheet › Flow State",
        )
        .costs("1 AP"),
        "Total Defense" => e(
            "Total Defense",
            "End your turn now: +1 RP at once, and Advantage on every reaction until your \
             next turn starts.",
            "Cheat sheet › Total Defense",
        )
        .costs("3 AP"),
        "Ready" => e(
            "Ready Action (attack)",
            "End your turn keeping your AP. When an enemy steps into your melee reach \
             before your next turn, you attack it at once (paying 2 AP then), and your \
             place in the turn order moves to that moment.",
            "Cheat sheet › Ready Action",
        )
        .costs("nothing now; 2 AP when it fires"),
        "Ready shot" => e(
            "Ready Action (shot)",
            "End your turn keeping your AP. When an enemy comes within your ranged \
             weapon's range (else your reach), you attack it at once with the best weapon \
             that reaches, paying 2 AP then.",
            "Cheat sheet › Ready Action",
        )
        .costs("nothing now; 2 AP when it fires"),
        "Ready move" => e(
            "Ready Action (move)",
            "End your turn keeping your AP. When an enemy comes within your Move Speed, you \
             move to the cell you picked, paying for it as a move then; the move provokes \
             as any move does.",
            "Cheat sheet › Ready Action",
        )
        .costs("nothing now; the move's AP when it fires"),
        "Ready vs casting" => e(
            "Ready Action (casting)",
            "End your turn keeping your AP. When an enemy within your weapon's reach or \
             range starts casting, you attack it first (2 AP then); a caster you take down \
             casts nothing.",
            "Cheat sheet › Ready Action: \"When the wizard starts casting\"",
        )
        .costs("nothing now; 2 AP when it fires"),
        "Ready spell" => e(
            "Ready Action (spell or ability)",
            "End your turn keeping your AP. When the trigger happens you use the spell, \
             class ability, potion or item you picked, paying its AP then: a harmful one \
             at the enemy (or its cell), a helpful one on yourself. It is cast as any \
             casting: it provokes, and a single-target spell may be intercepted.",
            "Cheat sheet › Ready Action: \"choose an action to take when that trigger \
             occurs\"; \"Attacking/Casting a Spell: 2 AP\"",
        )
        .costs("nothing now; its AP when it fires"),
        "Stand Up" => e(
            "Stand Up",
            "Get up from prone so you can move again. Standing up inside an enemy's threat \
             provokes a reaction attack.",
            "Cheat sheet gives no price: the low end of \"1-2 AP for various actions\" \
             (choice)",
        )
        .costs("1 AP"),
        "Break Free" => e(
            "Break Free",
            "Opposed Athletics against the unit holding you; a tie keeps the hold. A win \
             ends the grapple for both. Once per round: the one thing a grappled unit may \
             do.",
            "Cheat sheet › Grapple",
        )
        .costs("free"),
        "Release" => e(
            "Release",
            "Let go of the unit you hold in a grapple: both are free to move.",
            "Cheat sheet › Grapple: \"the effect is broken or ended\"",
        )
        .costs("free"),
        "Pick Up" => e(
            "Pick Up",
            "Take the item lying on your cell: into your hands if they are free, else it \
             is stowed.",
            "Cheat sheet › Draw/Sheathe: the price of drawing an item (choice)",
        )
        .costs("1 AP"),
        "Drop" => e(
            "Drop",
            "Let an item in your hand fall on your own cell, where anyone may pick it up. \
             Not while grappled.",
            "Cheat sheet › Free Actions: \"Dropping something to the ground\"",
        )
        .costs("free"),
        label::ATTACK => e(
            "Attack",
            "A Melee or Ranged check: d100 at or under the skill, with gang-up +10, \
             off-hand −10 and range −10 per increment. Any success hits for the weapon's \
             dice, a Critical for double; the target may then defend.",
            "Cheat sheet › Actions: \"Attacking/Casting a Spell: 2 AP\"",
        )
        .costs("2 AP"),
        label::MOVE => e(
            "Move",
            "Each AP buys Move Speed cells (6 unless the unit says otherwise), at most 2 AP \
             of movement a turn. Difficult ground costs 2 a cell. Leaving a cell an enemy \
             threatens provokes a reaction attack.",
            "Cheat sheet › Movement: \"1 AP per Move Speed; maximum 2 AP/turn\"",
        )
        .costs("1 AP per Move Speed"),
        label::DRAW => e(
            "Draw",
            "Take a carried item in hand; a two-handed one needs both hands free.",
            "Cheat sheet › Draw/Sheathe",
        )
        .costs("1 AP"),
        label::SHEATHE => e(
            "Sheathe",
            "Put an item in your hand away, freeing the hand.",
            "Cheat sheet › Draw/Sheathe",
        )
        .costs("1 AP"),
        label::CAST => e(
            "Cast",
            "Use a spell, ability, potion or magic item. Casting inside an enemy's threat \
             provokes a reaction attack, which never stops the spell. Spell attacks roll \
             Magic and can only be Dodged.",
            "Cheat sheet › Actions: spells 2 AP, class abilities 2 AP unless stated, \
             potions 2 AP, magic items 1-2 AP",
        )
        .costs("2 AP (an ability or item: its own AP)"),
        label::END_TURN => e(
            "End turn",
            "Unused AP are lost. At the end of your turn Bleeding strikes and you lose \
             1 FP, unless you used Flow State.",
            "Cheat sheet › Individual Turn Sequence",
        )
        .costs("free"),
        _ => return None,
    })
}

pub(super) fn reaction(r: ReactionKind) -> Option<Explanation> {
    use ReactionKind::*;
    Some(match r {
        ReactionAttack => e(
            "Reaction Attack",
            "A single unmodified attack (no gang-up, range, prone or feint) on an enemy \
             that leaves a cell you threaten, stands up or casts there, or fails to tumble \
             past you. It may still Dodge, Parry or Block it.",
            "Cheat sheet › Reaction Attacks",
        )
        .costs("1 RP"),
        Dodge => e(
            "Dodge",
            "Your better of Agility and Athletics, opposed to the attack's level; a tie \
             goes to you and a win stops all damage. A critical Dodge gets the RP back \
             (unless the attack was critical); a crit against a critically failed Dodge \
             deals triple damage.",
            "Cheat sheet › Dodge/Parry",
        )
        .costs("1 RP"),
        Parry => e(
            "Parry",
            "Melee against a melee attack, opposed; a tie goes to you and a win stops all \
             damage. A larger attacker counts one level higher; one 2 sizes larger cannot \
             be parried. Criticals as for Dodge.",
            "Cheat sheet › Dodge/Parry, Parrying Large Creatures",
        )
        .costs("1 RP"),
        Block => e(
            "Block",
            "With a shield in hand: Endurance against a melee or ranged attack, opposed; a \
             tie goes to you and a win stops all damage. A critical Block gets nothing \
             back.",
            "Cheat sheet › Basic Reactions: Block",
        )
        .costs("1 RP"),
        Riposte => e(
            "Riposte",
            "Parry a normal melee attack and, if the parry wins, strike back at once with a \
             reaction attack. The attacker must be in your reach; it may defend against \
             the counter but not riposte it.",
            "Cheat sheet › Riposte",
        )
        .costs("2 RP"),
        Intercept => e(
            "Intercept",
            "Move up to 3 cells, provoking nothing, next to both your ally and its melee \
             attacker (or onto the line of a shot or a single-target spell), then roll \
             Agility against the attack (a save spell: the caster's Magic); a tie goes to \
             you. Win: you take the full damage (a save spell lands on you, no save) \
             instead; lose: your ally does (or makes its save).",
            "Cheat sheet › Intercept",
        )
        .costs("2 RP"),
        InterceptSwap => e(
            "Intercept and swap",
            "Intercept, and your ally moves one cell further on while you take its place \
             (only when that cell is free).",
            "Cheat sheet › Intercept: \"move your ally 1 hex away … and take their place\"",
        )
        .costs("2 RP"),
        InterceptAt { .. } => e(
            "Intercept from here",
            "Intercept from the cell you choose among those you can reach; with the swap \
             your ally moves one cell on and you take its place.",
            "Cheat sheet › Intercept",
        )
        .costs("2 RP"),
        ResistMelee => e(
            "Resist with Melee",
            "You are being feinted: resist with your Melee, opposed to the feinter's better \
             of Melee and Deception; a tie goes to you.",
            "Cheat sheet › Feint: \"target's Melee or Agility (target's choice)\"",
        )
        .costs("free"),
        ResistAgility => e(
            "Resist with Agility",
            "You are being feinted: resist with your Agility, opposed to the feinter's \
             better of Melee and Deception; a tie goes to you.",
            "Cheat sheet › Feint: \"target's Melee or Agility (target's choice)\"",
        )
        .costs("free"),
        LandAt(_) => e(
            "Where it lands",
            "You were disarmed: pick the adjacent cell your item lands on. Declining picks \
             the cell farthest from the disarmer.",
            "Cheat sheet › Disarm: \"Item lands in adjacent hex (target's choice)\"",
        )
        .costs("free"),
        Pursuit | StepAside | Resist | WaitedAttack | WaitedAction | FreeHit | Counterspell
        | Counteraction | Interrupt(_) | FreePower(_) => {
            return None;
        }
    })
}

pub(super) fn terrain(t: Terrain) -> Explanation {
    match t {
        Terrain::Floor => e(
            "Floor",
            "Open ground: 1 movement a cell.",
            "Cheat sheet › Movement",
        ),
        Terrain::Wall => e(
            "Wall",
            "Nobody walks or stands here, and it blocks the line of shots and of spells that \
             need sight.",
            "map feature",
        ),
        Terrain::Difficult => e(
            "Difficult terrain",
            "Costs 2 movement a cell. Take a Step may still enter it (choice).",
            "map feature; the sheet has no difficult terrain rule (choice)",
        ),
        Terrain::High => e(
            "High ground",
            "Walked like open ground; flow gives it no bonus.",
            "map feature; the cheat sheet has no high ground rule",
        ),
        Terrain::Low => e(
            "Low wall",
            "Nobody walks or stands here, but sight, shots and spells pass over it. flow \
             gives it no cover bonus.",
            "map feature; the cheat sheet has no cover rule",
        ),
        Terrain::Pit => e(
            "Pit",
            "Nobody walks or stands here (flow has no jumping), but sight, shots and spells \
             pass over it.",
            "map feature",
        ),
    }
}

pub(super) fn rules(r: &str) -> Option<Explanation> {
    Some(match r {
        rule::THREAT => e(
            "Threat",
            "A unit threatens every cell within its reach while it holds a melee weapon: \
             reach 1 for Small and Medium, +1 per size above, or the weapon's reach if \
             longer. A bow alone, or a grappled unit, threatens nothing.",
            "Cheat sheet › Reach, Threat Range",
        ),
        rule::PROVOKE => e(
            "Provoking",
            "Leaving any cell an enemy threatens (even into another it threatens), standing \
             up, casting, or failing a tumble lets that enemy make a reaction attack for \
             1 RP. Take a Step, a won Tumble and being pushed provoke nothing.",
            "Cheat sheet › Threat Range: \"moves OUT of any hex you threaten\"",
        ),
        rule::INITIATIVE => e(
            "Initiative",
            "Everyone rolls 1d10 + Agility/10 (rounded down); highest goes first, in the \
             same order every round. Ties: higher Agility first, then a d10 roll-off.",
            "Cheat sheet › Initiative; ties (choice)",
        ),
        rule::SURPRISE => e(
            "Surprise round",
            "Only the surprising side acts in round 1. The surprised start it with 0 AP, \
             0 RP and 0 FP, and get their 2 FP when round 2 begins.",
            "Cheat sheet › Surprise Attacks",
        ),
        rule::MOVEMENT => e(
            "Movement",
            "Each AP buys Move Speed cells (6 by default), at most 2 AP a turn, plus 1 cell \
             from Take a Step: 13 cells at most. Allies may be passed, enemies not, and \
             nobody ends on a taken cell.",
            "Cheat sheet › Movement In Combat",
        ),
        rule::RANGED => e(
            "Ranged attacks",
            "A Ranged check, −10 per range increment past the weapon's range (shortbow, \
             range 6: −10 at 7–12 cells, −20 at 13–18), with no limit. Firing into melee \
             costs nothing; a wall on the line blocks the shot.",
            "Cheat sheet › Range Penalties, Firing into Melee",
        ),
        rule::DOWN => e(
            "Down",
            "At 0 HP a unit is out of the battle: flow has no dying, and a down unit \
             cannot be healed (choice). Its grapples and feints end; a killing blow earns \
             the attacker 1 FP.",
            "Cheat sheet: \"Gain 1 FP from a killing blow\"; no dying rule",
        ),
        rule::STALEMATE => e(
            "Stalemate (house rule)",
            "When 10 whole rounds in a row pass with nobody hurt or downed, the battle \
             ends in a draw. A level may change the count or turn it off.",
            "house rule: not in the seed",
        ),
        rule::SUCCESS_LEVELS => e(
            "Success levels",
            "A check rolls d100 at or under the skill: up to a tenth of it is Critical, a \
             fifth Major, half Hard, the rest Normal. Above fails; 96+ failing (and 100) is \
             a critical failure. Opposed: the higher level wins, a tie to the defender.",
            "skill checks as percentile roll-under (choice)",
        ),
        rule::ADVANTAGE => e(
            "Advantage",
            "Roll 2d100 and keep the lower (Advantage) or the higher (Disadvantage). \
             Advantages and Disadvantages cancel one for one.",
            "choice: the sheet names Advantage without rules",
        ),
        rule::FLOW_POINTS => e(
            "Flow Points",
            "2 FP at the start; +2 for a hit, +3 for a crit, +1 for a killing blow, +1 for \
             a successful reaction (once a round); −1 at the end of each turn unless in \
             Flow State. Spell damage earns none. No shipped ability spends them yet.",
            "Cheat sheet › Actions/Turn Cheat Sheet",
        ),
        rule::GANG_UP => e(
            "Gang-up",
            "+10 on a melee attack when an ally of the attacker also threatens the target. \
             Reaction attacks are unmodified and never get it.",
            "Cheat sheet › Gang-up",
        ),
        _ => return None,
    })
}

/// flow's core loop for F1 help.
pub static SUMMARY: [(&str, &str); 9] = [
    (
        "Your turn",
        "Each turn you get 5 AP; what you leave unused is lost. Take actions one at a time \
         until you run out or end the turn. Turn order: 1d10 + Agility/10, highest first, \
         the same every round.",
    ),
    (
        "Checks",
        "Checks roll d100 at or under your skill. Low rolls succeed better: up to half the \
         skill is Hard, a fifth Major, a tenth Critical. In an opposed check the higher \
         level wins and a tie goes to the defender. Advantage rolls twice and keeps the \
         lower roll.",
    ),
    (
        "Attacking",
        "An attack costs 2 AP: a Melee or Ranged check. Any success hits for the weapon's \
         dice; a Critical doubles them. Gang-up gives +10 in melee, the off hand −10, each \
         range increment past the weapon's range −10. Prone targets are easier to hit in \
         melee and harder to shoot.",
    ),
    (
        "Defending",
        "When an attack hits you, you may spend 1 RP to Dodge, Parry (melee attacks) or \
         Block (with a shield): an opposed check against the attack, and a win stops all \
         damage. Riposte (2 RP) parries and strikes back. One defence per attack.",
    ),
    (
        "Reactions",
        "You have 2 RP, back at the start of each of your turns. An enemy leaving a cell you \
         threaten, standing up, casting or failing a tumble lets you make a reaction attack \
         (1 RP). Intercept (2 RP) takes a hit meant for an ally within 3 cells.",
    ),
    (
        "Moving",
        "1 AP buys your Move Speed in cells (6 by default), at most 2 AP a turn; difficult \
         ground costs double. Take a Step (1 AP, once a round) moves 1 cell without \
         provoking. You may pass allies, never enemies.",
    ),
    (
        "Flow Points",
        "You start with 2 FP and gain 2 for a hit, 3 for a crit, 1 for a kill and 1 for a \
         successful reaction (once a round). You lose 1 at the end of each turn unless you \
         used Flow State (1 AP).",
    ),
    (
        "Special actions",
        "Feint (1 AP) for Advantage on your next attack, Shove (1 AP) to push or trip, \
         Grapple and Disarm (2 AP each), Tumble Through (1 AP), Total Defense (3 AP, ends \
         the turn), and Ready Action to wait for a trigger, keeping your AP. Conditions: \
         Prone, Grappled, Bleeding (1d4 a turn).",
    ),
    (
        "Going down",
        "At 0 HP a unit is out of the battle; flow has no dying. The last side standing \
         wins. If 10 rounds in a row pass with nobody hurt, the battle is a draw (house \
         rule).",
    ),
];
