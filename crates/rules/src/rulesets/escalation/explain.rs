//! escalation's rules in plain words (issue 19): the tooltips of its conditions, action
//! bar, reactions, terrain and rules, and the F1 summary (the tables that `ui.rs`'s
//! `View::explain` and `View::summary` read). The words follow `docs/rules/escalation.md`
//! (what the game plays); "(choice)" marks a reading of the seed, "(house rule)" a rule
//! the seed does not have. Sources name the seed's sections ("Combat Rules" of seed 001:
//! "Attacks", "Combat Sequence", "Conditions and Effects", ...).

use crate::components::ConditionKind;
use crate::event::ReactionKind;
use crate::level::Terrain;
use crate::rulesets::explain::{Explanation, condition_title, label, rule};

/// A Sustain's price in words: its power's own action type (the bar names it: Standard,
/// Move or Quick).
pub const SUSTAIN_PRICE: &str = "the power's action type";

fn e(title: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation::new(title, text, source)
}

pub(super) fn condition(k: ConditionKind) -> Option<Explanation> {
    use ConditionKind::*;
    let t = condition_title(k);
    Some(match k {
        Confused => e(
            t,
            "On an odd natural roll, hit or miss, it takes half of the damage it deals \
             (before a crit doubles it or resistance halves it). Before a Rally or \
             Stabilize it rolls an 11+ save (3d6), or takes damage equal to its tier (1 \
             for Levels 1–4, 2 for 5–7, 3 above).",
            "Conditions and Effects › Confused; tier (choice)",
        ),
        Dazed => e(
            t,
            "1 Disadvantage on its attacks.",
            "Conditions and Effects › Dazed",
        ),
        Enervated => e(
            t,
            "1 Disadvantage on its saves: end-of-turn saves, death saves, Rally's save and \
             Confused's save.",
            "Conditions and Effects › Enervated",
        ),
        Flying => e(
            t,
            "Only an enemy that also flies can Intercept it.",
            "Conditions and Effects › Flying/Flight",
        ),
        Grabbed => e(
            t,
            "It cannot make opportunity attacks or ranged attacks. The unit that grabs it \
             gets 1 Advantage to hit it, and it has 1 Disadvantage to Disengage from that \
             unit unless it hit it this round. The grab ends when the grabber is no longer \
             next to it, is down, Stunned or Helpless, or it Disengages from the grabber.",
            "Conditions and Effects › Grabbed",
        ),
        Hampered => e(
            t,
            "It may only make basic attacks and opportunity attacks, move, Disengage, \
             Rally and Sustain its powers (and Delay, let an ally go first or Flee). \
             Powers, Switch Stance, Stabilize and Coup de Grace are refused.",
            "Conditions and Effects › Hampered (Disengage counts as moving: choice)",
        ),
        Helpless => e(
            t,
            "It is Stunned (1 Disadvantage on its attacks, 1 Advantage to attacks against \
             it, no Move action; counted once with Stunned), and an engaged enemy may make \
             a Coup de Grace on it.",
            "Conditions and Effects › Helpless",
        ),
        Invisible => e(
            t,
            "Anyone attacking it first rolls an 11+ save (3d6); on a failure the attack has \
             no effect, not even miss damage. Sneaking is not part of a battle.",
            "Conditions and Effects › Invisible; 3d6 saves (choice)",
        ),
        Bleeding => e(
            "Bleeding (ongoing damage)",
            "Takes 5 damage at the end of each of its turns, before its saves. Healing does \
             not stop it; a save ends it when it is save-ends, and so can Rally's save.",
            "Conditions and Effects › Ongoing Damage; 5 a turn (choice: no ability lists \
             an amount yet)",
        ),
        Shaken => e(
            t,
            "1 Disadvantage on its attacks, and the escalation die counts as 0 for \
             everything it does: its attacks, its powers' Escalation keys and Rally's save.",
            "Conditions and Effects › Shaken",
        ),
        Softened => e(
            t,
            "Attacks against it gain 1 Advantage.",
            "Conditions and Effects › Softened",
        ),
        Stuck => e(
            t,
            "It cannot move, Disengage or change its position in any way.",
            "Conditions and Effects › Stuck",
        ),
        Stunned => e(
            t,
            "1 Disadvantage on its attacks, attacks against it gain 1 Advantage, and it \
             loses its Move action at the start of its turn (the Standard may still buy a \
             move).",
            "Conditions and Effects › Stunned",
        ),
        Vulnerable => e(
            t,
            "Attacks against it crit on a natural 16+ instead of 17+, and on 15+ when it \
             is also weak to the damage type.",
            "Conditions and Effects › Vulnerable; Resistance and Weakness",
        ),
        Weakened => e(
            t,
            "1 Disadvantage on its attacks, and attacks against it gain 1 Advantage.",
            "Conditions and Effects: named in the stacking example only; its effect \
             (choice)",
        ),
        Dying => e(
            t,
            "A PC at 0 HP or less: out of the fight. On each of its turns it rolls a death \
             save, 3d6 against 13: a success heals a recovery from 0 HP and it acts next \
             turn (a natural 17+: at once). The fourth failure kills; any healing brings it \
             back.",
            "Damage and Recovery › Dying and Death",
        ),
        Dead => e(
            t,
            "Out of the battle for good: an enemy dies at 0 HP, a PC at its fourth failed \
             death save.",
            "Damage and Recovery › Damage; Dying and Death",
        ),
        Stabilized => e(
            t,
            "A dying PC that an ally stabilized: it still cannot act and still rolls death \
             saves, but a failed one no longer counts. A success still gets it up.",
            "Damage and Recovery › Dying and Death: stabilize",
        ),
        PoppedOff => e(
            t,
            "It won a Disengage: until its next turn, the enemies it popped off do not \
             count as engaged with it and make no opportunity attacks on it.",
            "Positioning and Movement › Disengaging and Popping Off",
        ),
        SpiritAttacks => e(
            t,
            "A fallen PC fights in spirit beside it: 1 Advantage on its attacks until the \
             start of that PC's next turn.",
            "Damage and Recovery › Fight in Spirit",
        ),
        SpiritSaves => e(
            t,
            "A fallen PC fights in spirit beside it: 1 Advantage on its saves until the \
             start of that PC's next turn.",
            "Damage and Recovery › Fight in Spirit",
        ),
        SpiritWard => e(
            t,
            "A fallen PC fights in spirit beside it: attacks against it have 1 \
             Disadvantage until the start of that PC's next turn.",
            "Damage and Recovery › Fight in Spirit",
        ),
        DiceyEdge => e(
            t,
            "A Dicey Move (its own, or an ally's over a spot the level names) gives it 1 \
             Advantage on its next attack.",
            "Positioning and Movement › Dicey Moves",
        ),
        DiceyFooting => e(
            t,
            "An ally's Dicey Move helps it get away: 1 Advantage on its next Disengage, \
             until the start of that ally's next turn.",
            "Positioning and Movement › Dicey Moves",
        ),
        Shielded => e(
            t,
            "An ally's power (Shield of Faith) shields it: +2 to AC, PD and MD against the \
             attack it was raised against; it ends when that attack is over.",
            "Ability Entries: a cleric's Interrupt (the power, choice)",
        ),
        // Refused by escalation (`refused_condition`): the other rulesets' conditions.
        Prone | Grappled | Grappling | Surprised | TotalDefense | Feinted | Restrained
        | Unconscious | Blind | Crippled | Encumbered | Fatigued | Frightened | Nauseated
        | Writhing | Cover | Defending | Guarding | FocusAttack | FocusDefence | FocusSkills
        | Assisted | Charging | Concentrating | Waiting | PsionicFocus | Dehydrated | Soaked
        | Starving => return None,
        // Refused too: the conditions of the seeds to come.
        FlatFooted | Channeling | SummoningSick | Charmed => return None,
    })
}

pub(super) fn action(l: &str) -> Option<Explanation> {
    Some(match l {
        "Disengage" => e(
            "Disengage",
            "Roll 3d6 against 11, +1 for each engaged enemy past the first. Success pops you \
             off them (no opportunity attacks from them until your next turn) and gives you \
             a move of your Speed; failure loses the Move action. The Standard pays when \
             the Move is gone.",
            "Positioning and Movement › Disengaging and Popping Off; the move included \
             (choice)",
        )
        .costs("a Move action"),
        "Ready attack" => e(
            "Ready an Attack",
            "Hold a basic attack for the first enemy that steps next to you (melee stance). \
             It goes off just before that enemy's step lands, and you take that place in the \
             order; if it goes off next round before your turn, you cannot use a Standard \
             action on that turn.",
            "Combat Sequence › Readying an Action",
        )
        .costs("a Standard action"),
        "Ready power" => e(
            "Ready a Power",
            "Hold one of your Standard, Move or Quick powers for an enemy: a ranged power \
             for the first enemy within its range (6 at most), any other for one stepping \
             next to you. It goes off just before that enemy acts, at it (a power for \
             yourself, on you); you take its place in the order. If it goes off next round \
             before your turn, you cannot use that action type on your turn.",
            "Combat Sequence › Readying an Action: \"Ready a Quick, Move, or Standard \
             action\"",
        )
        .costs("a Standard action (or the power's own: Move, Quick)"),
        "Ready stance switch" => e(
            "Ready a Stance Switch",
            "Hold a Switch Stance for the first enemy that comes next to you: say, draw \
             your melee weapon then, in ranged stance. If it goes off next round before \
             your turn, you cannot use a Quick action on your turn.",
            "Combat Sequence › Readying an Action: a Quick action",
        )
        .costs("a Quick action"),
        "Dicey move" => e(
            "Dicey Move",
            "Vault a low wall (3d6 vs 11) or leap a pit (3d6 vs 13) next to you. Success \
             carries you across with 1 Advantage on your next attack this turn; failure \
             leaves you where you were. A level's dicey spot may set its own Difficulty and \
             reward: Advantage for an ally, damage or a condition on an enemy next to where \
             you land (you pick whom).",
            "Positioning and Movement › Dicey Moves",
        )
        .costs("a Move action"),
        "Switch stance" => e(
            "Switch Stance",
            "Stow the weapons of your stance and draw the best of the other: melee or \
             ranged. Your stance decides your basic attack and its damage die, and in \
             ranged stance you make no opportunity attacks.",
            "Action Types › Quick: \"switching stances/weapons\"; stance = the weapon in \
             hand (choice)",
        )
        .costs("a Quick action"),
        "Rally" => e(
            "Rally",
            "Heal using a recovery: Level dice of your recovery die (d8 unless stated), or \
             half that with none left, which also costs −1 Volition and defences. Then \
             save against the first save-ends effect on you (its number), or else a \
             one-round effect (13+), adding the escalation die.",
            "Special Actions › Rally",
        )
        .costs("a Standard action"),
        "Stabilize" => e(
            "Stabilize",
            "A dying ally next to you: it still cannot act, but its failed death saves no \
             longer count. A successful death save or any healing still gets it up.",
            "Damage and Recovery › Dying and Death: stabilize (next to it: choice)",
        )
        .costs("a Standard action"),
        "Coup de grace" => e(
            "Coup de Grace",
            "A basic melee attack on a Helpless enemy engaged with you that crits whatever \
             the dice show: double damage. It needs your Standard, Quick and Move actions \
             all unspent.",
            "Special Actions › Coup de Grace",
        )
        .costs("Standard + Quick + Move actions"),
        "Let ally go first" => e(
            "Let an Ally Go First",
            "At the start of your turn, before anything else: an ally of your initiative \
             band who has not acted this round takes its turn now, and you go right after \
             it. The new order stays for later rounds.",
            "Combat Sequence › Initiative Bands: \"they go in any order\" (choice)",
        )
        .costs("free"),
        "Flee" => e(
            "Flee",
            "Your whole side retreats at once: the battle ends and the other side holds the \
             field. In the seed's story this is a Campaign Loss.",
            "Special Actions › Flee (the controller decides for the side: choice)",
        )
        .costs("free"),
        "Delay" => e(
            "Delay",
            "At the start of your turn, before anything else: move to a slower initiative \
             band for the rest of the battle. A PC then acts after that band's PCs and \
             before its enemies, an enemy after everyone in it.",
            "Combat Sequence › Delaying your Turn",
        )
        .costs("free"),
        "Sustain" => e(
            "Sustain",
            "Keep one of your Sustain X powers going: it takes the power's own action \
             type and rolls 3d6 (your save dice) against X. Success keeps its lasting \
             effects to the end of your next turn; failure ends them now. A Sustain power \
             you neither use nor sustain in a turn ends at the end of that turn. Hampered \
             units may still sustain.",
            "Ability Entries › Sustain; Hampered: \"Sustain existing abilities\"",
        )
        .costs(SUSTAIN_PRICE),
        label::ATTACK => e(
            "Basic Attack",
            "3d6 + Level + Volition (+ the escalation die for PCs) against AC; meet it to \
             hit for Level dice of your stance's weapon + Volition (a level-2 fighter's \
             longsword: 2d8 + 3). A miss deals your class's miss damage (Level, or none). A \
             natural 17+ crits (always hits, double damage); a natural 3 misses with no miss \
             damage.",
            "Attacks; Basic Attacks; Damage",
        )
        .costs("a Standard action"),
        label::MOVE => e(
            "Move",
            "A Move action moves you up to your Speed in cells (6 unless stated); \
             difficult ground costs 2 a cell. A longer move spends the Standard action too. \
             Leaving a cell an enemy threatens provokes an opportunity attack unless you \
             popped off it.",
            "Positioning and Movement; Nearby = one Move action (choice)",
        )
        .costs("a Move action"),
        label::DRAW => e(
            "Draw",
            "escalation draws weapons only with Switch Stance (a Quick action), which \
             stows one stance's weapons and draws the best of the other.",
            "Action Types › Quick: \"switching stances/weapons\"",
        ),
        label::SHEATHE => e(
            "Sheathe",
            "escalation puts weapons away only with Switch Stance (a Quick action), which \
             stows one stance's weapons and draws the best of the other.",
            "Action Types › Quick: \"switching stances/weapons\"",
        ),
        label::CAST => e(
            "Cast",
            "Use a power: its action, within its uses, escalation die (X+, even, odd) and \
             Power (spent for good); Recharge X+ rolls at a Quick Rest, after the battle, \
             so it is one use. Its attack is 3d6 + Level + Volition + escalation die vs AC, \
             PD or MD (Provokes: engaged enemies attack first; \"half damage\" halves \
             the hit's dice). A Sustain power's effects end with a turn it is not used or \
             sustained in.",
            "Ability Entries: \"Type, Frequency, Action / Provokes, Sustain X, Spend X \
             Power, Escalation X+\"; Recharge at a Quick Rest (one use a battle: choice)",
        ),
        label::END_TURN => e(
            "End turn",
            "Unused actions are lost. At the end of your turn you take ongoing damage, then \
             roll a save (3d6, usually 11+) against each save-ends effect.",
            "Actions: \"At the end of your turn, take any ongoing damage, then make saves\"",
        )
        .costs("free"),
        _ => return None,
    })
}

pub(super) fn reaction(r: ReactionKind) -> Option<Explanation> {
    use ReactionKind::*;
    Some(match r {
        ReactionAttack => e(
            "Opportunity Attack",
            "A free basic melee attack on an enemy that leaves a cell you threaten without \
             having popped off you, or that makes a ranged attack while engaged with you. \
             Only in melee stance and not while Grabbed; any number in a round.",
            "Special Actions › Opportunity Attacks",
        )
        .costs("free"),
        Intercept => e(
            "Intercept",
            "An enemy stepped next to your ally, or is about to make a melee attack on \
             one. If you are Free and the ally is Nearby (within your Speed), step in: a \
             move stops (it goes back a cell and its move ends), an attack is made on you \
             instead; you move next to the enemy, provoking nothing. This turn its \
             attacks meant for that ally go to you; only a flyer stops a flyer.",
            "Special Actions › Intercept; Free and Engaged (\"Intercept a melee attack \
             intended for someone who's Nearby\"); on the grid (choice)",
        )
        .costs("free"),
        Interrupt(_) => e(
            "Interrupt power",
            "A power used outside your turn when its trigger happens (an enemy attacks \
             you or an ally near you, or steps next to you): it goes off before the \
             enemy's action goes on. One Interrupt until the start of your next turn, and \
             the power's uses. Never on your own turn.",
            "Combat Sequence › Actions; Action Types › Interrupt",
        )
        .costs("your Interrupt and a use"),
        FreePower(_) => e(
            "Triggered free power",
            "A free power with a trigger: offered like an Interrupt when its trigger \
             happens outside your turn, before the enemy's action goes on, but it spends \
             no Interrupt (only its uses).",
            "Action Types › Free: \"actions that are triggered from other actions\"",
        )
        .costs("free, a use"),
        Pursuit
        | StepAside
        | Resist
        | WaitedAttack
        | WaitedAction
        | Counterspell
        | Counteraction
        | Dodge
        | Parry
        | Block
        | Riposte
        | InterceptSwap
        | InterceptAt { .. }
        | ResistMelee
        | ResistAgility
        | LandAt(_)
        | FreeHit => return None,
    })
}

pub(super) fn terrain(t: Terrain) -> Explanation {
    match t {
        Terrain::Floor => e(
            "Floor",
            "Open ground: 1 movement a cell (a diagonal step on squares too).",
            "Positioning and Movement (cells: choice)",
        ),
        Terrain::Wall => e(
            "Wall",
            "Nobody walks or stands here, and it blocks the line of ranged attacks.",
            "map feature",
        ),
        Terrain::Difficult => e(
            "Difficult terrain",
            "Costs 2 movement a cell; escalation gives it no other effect.",
            "map feature; the seed has no difficult terrain rule",
        ),
        Terrain::High => e(
            "High ground",
            "Walked like open ground; escalation gives it no bonus.",
            "map feature; the seed has no high ground rule",
        ),
        Terrain::Low => e(
            "Low wall",
            "Nobody walks or stands here, but ranged attacks pass over it. escalation gives \
             it no cover bonus. A Dicey Move vaults it (3d6 against 11, unless the level \
             names another Difficulty).",
            "map feature; the seed has no cover rule",
        ),
        Terrain::Pit => e(
            "Pit",
            "Nobody walks or stands here, but ranged attacks pass over it. A Dicey Move \
             leaps it (3d6 against 13, unless the level names another Difficulty).",
            "map feature; Special Actions › Dicey Moves",
        ),
    }
}

pub(super) fn rules(r: &str) -> Option<Explanation> {
    Some(match r {
        rule::THREAT => e(
            "Threat",
            "A unit in melee stance threatens the cells within its melee reach: those next \
             to it (2 cells away for a Large one). In ranged stance it threatens nothing. \
             Engaged means next to a living enemy you have not popped off.",
            "Positioning and Movement › Free and Engaged; stance (choice)",
        ),
        rule::PROVOKE => e(
            "Provoking",
            "Each cell you leave that an enemy in melee stance threatens provokes a free \
             opportunity attack from it, unless you popped off it with a Disengage; so does \
             a ranged attack while engaged, from each engaged enemy before the shot \
             (grabbed units make none). The path marks these with an orange \"!\", and a \
             step a Free foe may Intercept with a violet one on the cell entered.",
            "Special Actions › Opportunity Attacks, Intercept; Free and Engaged",
        ),
        rule::INITIATIVE => e(
            "Initiative bands",
            "No roll: units act by band, Very Fast, Fast, Medium, Slow, then Very Slow. In \
             a band the PCs go first (in level order, or as their player changes it with \
             Let an Ally Go First), then the enemies. Delay moves a unit to a slower band \
             for good.",
            "Combat Sequence › Initiative Bands; Delaying your Turn",
        ),
        rule::SURPRISE => e(
            "Surprise round",
            "In an ambush only the first two units of the ambushing side in the turn order \
             act in round 1. The surprise round does not count for the escalation die, but \
             a PC ambush starts the die at 1 in the first real round.",
            "Combat Sequence › Surprise and Ambushes (which two: the turn order, choice)",
        ),
        rule::MOVEMENT => e(
            "Movement",
            "Each Move action moves a unit its Speed in cells (6 unless stated, which is \
             Nearby); a second move spends the Standard action. Difficult ground costs 2 a \
             cell, a diagonal step on squares 1. Allies may be passed, enemies not, and \
             movement left over can be used later in the turn.",
            "Positioning and Movement; Action Types (Nearby = one move: choice)",
        ),
        rule::RANGED => e(
            "Ranged attacks",
            "A basic ranged attack needs ranged stance and a target within the weapon's \
             range, with no wall on the line; there is no long range. It rolls like any \
             attack, against AC. Made while engaged it first provokes opportunity attacks, \
             and a Grabbed unit cannot shoot.",
            "Attacks › Basic Ranged Attack; Free and Engaged",
        ),
        rule::DOWN => e(
            "Down",
            "At 0 HP or less an enemy dies and a PC is Dying: it rolls a 13+ death save on \
             each turn, gets up on a success and dies at the fourth failure. Healing brings \
             it back; Stabilize makes failures harmless. A side left with only dying PCs \
             has lost.",
            "Damage and Recovery › Damage; Dying and Death",
        ),
        rule::STALEMATE => e(
            "Stalemate (house rule)",
            "When 10 whole rounds in a row pass with nobody hurt or downed, the battle \
             ends in a draw. A level may change the count or turn it off.",
            "house rule: not in the seed",
        ),
        rule::ADVANTAGE => e(
            "Advantage and Disadvantage",
            "Each Advantage rolls one more d6 and keeps the highest three; each Disadvantage \
             keeps the lowest three. Conditions with different names stack, and Advantage \
             and Disadvantage cancel one for one. Attacks, saves and Disengage all use them.",
            "Conditions and Effects: \"Conditions with different names stack\"; extra d6 \
             (choice)",
        ),
        rule::CRITICALS => e(
            "Crits",
            "A natural 17+ on the three kept d6 crits: it hits whatever the defence and \
             doubles the damage. Weakness to the damage type or Vulnerable lowers it by 1 \
             each. A natural 3 is a crit fail: a miss with no miss damage.",
            "Attacks; Resistance and Weakness",
        ),
        rule::TRADE_DOWN => e(
            "Better for lesser",
            "A better action may pay for a lesser one: the Standard for a Move or a Quick \
             action, the Move for a Quick action. A basic attack needs the Standard itself.",
            "Actions › Action Types: \"you may substitute better actions for less good \
             ones\"",
        ),
        _ => return None,
    })
}

/// escalation's core loop for F1 help.
pub static SUMMARY: [(&str, &str); 9] = [
    (
        "Your turn",
        "Each turn you have a Standard, a Move and a Quick action; a better one may pay for \
         a lesser (the Standard for a Move or Quick, the Move for a Quick). Units act by \
         initiative band, Very Fast to Very Slow, with no roll; in a band the PCs go first. \
         At the start of a turn you may let an ally of your band go first, or Delay to a \
         slower band.",
    ),
    (
        "Attacking",
        "A basic attack (Standard) rolls 3d6 + Level + Volition + the escalation die against \
         AC; meet it to hit for Level dice of your stance's weapon + Volition. A miss deals your \
         class's miss damage. A natural 17+ crits for double damage; a natural 3 misses with \
         no miss damage. Melee stance hits enemies next to you, ranged stance within the \
         weapon's range.",
    ),
    (
        "The escalation die",
        "It is 0 in round 1, then rises by 1 each round up to 6. PCs add it to their attacks, \
         and so do enemies that escalate, like the ogre; a Shaken unit counts it as 0. Rally \
         adds it to its save. A surprise round does not count, but a PC ambush starts the die \
         at 1 in the first real round.",
    ),
    (
        "Advantage and crits",
        "Each Advantage rolls one more d6 and keeps the highest three, each Disadvantage the \
         lowest three; they cancel one for one, and conditions of different names stack. \
         Resist X+ halves damage when the natural roll is under X; weakness and Vulnerable \
         crit on 16+ (15+ with both).",
    ),
    (
        "Engaged and moving",
        "Next to an enemy you are engaged; with none you are Free. A Move action moves your \
         Speed (6 cells). Leaving an enemy's reach, or shooting while engaged, provokes a \
         free opportunity attack unless you Disengage first (3d6 against 11, +1 per extra \
         enemy). A Free unit may Intercept an enemy coming at an ally Nearby, or its \
         melee attack on one.",
    ),
    (
        "Conditions",
        "Dazed, Shaken, Weakened, Stunned, Hampered, Stuck, Confused and more change your \
         attacks and what you may do; hover a badge for the details. At the end of your turn \
         ongoing damage (5) strikes, then you save (3d6, usually 11+) against each save-ends \
         effect.",
    ),
    (
        "Healing",
        "Rally (Standard) heals a recovery, Level dice of your recovery die, and saves \
         against an effect. You have 8 recoveries unless stated; with none left healing is \
         halved and costs −1 Volition and defences for the battle. Staggered (half HP or \
         less) shows on the card.",
    ),
    (
        "Dying",
        "An enemy at 0 HP dies. A PC is Dying: each turn it rolls a death save (3d6, 13+); a \
         success gets it up with a recovery, the fourth failure kills. Stabilize (Standard) \
         makes failures harmless; a Coup de Grace crits a Helpless enemy.",
    ),
    (
        "Winning",
        "The last side standing wins; a side left with only dying PCs has lost. A side may \
         Flee, ending the battle with the other side holding the field. 10 rounds with \
         nobody hurt end in a draw (house rule).",
    ),
];
