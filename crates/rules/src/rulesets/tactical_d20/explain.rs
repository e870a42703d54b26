//! tactical-d20's rules in plain words (issue 19): the tooltips of its conditions, action
//! bar, reactions, terrain and rules, and the F1 summary (the tables that `ui.rs`'s
//! `View::explain` and `View::summary` read). The words follow
//! `docs/rules/tactical-d20.md` (what the game plays); "(choice)" marks a reading of the
//! seed, "(house rule)" a rule the seed does not have. "Action ›" names a section of
//! the seed, which is called "Action".

use crate::components::ConditionKind;
use crate::event::ReactionKind;
use crate::level::Terrain;
use crate::rulesets::explain::{Explanation, condition_title, label, rule};

fn e(title: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation::new(title, text, source)
}

pub(super) fn condition(k: ConditionKind) -> Option<Explanation> {
    use ConditionKind::*;
    let t = condition_title(k);
    Some(match k {
        Prone => e(
            t,
            "Lying down: −4 AC against melee, +4 AC against ranged attacks, −4 on its own \
             melee attacks, and it cannot move. Standing up is a Move action and provokes.",
            "Action › Conditions › Prone",
        ),
        Restrained => e(
            t,
            "Cannot move or attack (a grapple check still can), loses its DEX bonus to AC \
             and Reflex, loses the Move action every turn, and cannot take Reactions. Break \
             Free to end it.",
            "Action › Conditions › Restrained",
        ),
        Grappling => e(
            t,
            "It holds the creature it grappled; both are Restrained until one wins a \
             grapple check and ends it.",
            "Action › Standard Action › Grapple",
        ),
        Grappled => e(
            t,
            "Not used in tactical-d20: a grapple leaves both sides Restrained.",
            "Action › Standard Action › Grapple: \"both are Restrained\"",
        ),
        Bleeding => e(
            t,
            "Takes 1d4 at the end of each of its turns, and the total is kept. Patch Wound \
             (Survival against DC 10 + the total) or any healing stops it.",
            "Action › Conditions › Bleeding",
        ),
        Stunned => e(
            t,
            "Cannot take any action or Reaction, and loses its ability bonuses to AC and \
             saves.",
            "Action › Conditions › Stunned",
        ),
        Surprised => e(
            t,
            "Caught off guard: no DEX bonus to AC, no ability bonus on Reflex and Will, \
             and no Reactions. Everyone is Surprised until its first turn.",
            "Action › Conditions › Surprised; Turn-Based Action",
        ),
        Unconscious => e(
            t,
            "At 0 HP or below: out of the fight, its turns are skipped. Healing brings it \
             back.",
            "Action › Conditions › Unconscious",
        ),
        Dying => e(
            t,
            "Below 0 HP. Each round, in its turn, it rolls a Fortitude save against DC 10 + \
             its negative HP; a failure costs 1 more HP. It dies at −CON HP. Healing \
             brings it back.",
            "Action › Conditions › Dying; dead at −CON (choice)",
        ),
        Dead => e(
            t,
            "Its negative HP reached its CON: it is dead and cannot be healed.",
            "Action › Conditions › Dying: \"the creature dies and becomes a Corpse\"",
        ),
        Blind => e(
            t,
            "Surprised against everyone (no DEX to AC, no ability on Reflex and Will, no \
             Reactions), and cannot make ranged attacks.",
            "Action › Conditions › Blind (choice: every creature is undetected)",
        ),
        Confused => e(
            t,
            "Loses its WIS bonus on Will saves.",
            "Action › Conditions › Confused (Alertness is not played)",
        ),
        Crippled => e(
            t,
            "Moves at half speed. A creature that starts the battle Crippled also takes \
             1d4 STR and 1d4 DEX damage.",
            "Action › Conditions › Crippled (choice: half speed, no lost limb)",
        ),
        Encumbered => e(
            t,
            "Moves at half speed, and loses its ability bonus on Agility and Athletics \
             checks and Reflex saves.",
            "Action › Conditions › Encumbered",
        ),
        Fatigued => e(
            t,
            "Moves at half speed, cannot use Endurance, Athletics or Agility, and loses its \
             ability bonus on attack and damage rolls and Fortitude saves.",
            "Action › Conditions › Fatigued",
        ),
        Frightened => e(
            t,
            "Must flee or cower: it may not end a move nearer to what it fears, takes no \
             offensive actions (attacks, maneuvers, Opportunity Attacks), and loses DEX to \
             AC and WIS to Will.",
            "Action › Conditions › Frightened",
        ),
        Nauseated => e(
            t,
            "Cannot use Endurance (so cannot Concentrate), cast spells with words and \
             gestures, gain Psionic Focus or drink potions, and loses its CON bonus on \
             Fortitude saves.",
            "Action › Conditions › Nauseated",
        ),
        Writhing => e(
            t,
            "Loses its Move action every turn.",
            "Action › Conditions › Writhing (choice: the Move action)",
        ),
        Cover => e(
            t,
            "Hidden behind a low wall: ranged attacks cannot target it, +4 AC and +4 on its \
             own attacks, no DEX on Reflex. Lasts until its next turn.",
            "Action › Conditions › Cover; Tactical Positioning",
        ),
        Defending => e(
            t,
            "+3 AC and saving throws until its next turn.",
            "Action › Standard Action › Defend",
        ),
        Guarding => e(
            t,
            "+2 AC and saving throws until its next turn.",
            "Action › Move Actions › Guard",
        ),
        FocusAttack => e(
            t,
            "+1 on attack and damage rolls until its next turn.",
            "Action › Quick Actions › Focus",
        ),
        FocusDefence => e(
            t,
            "+1 AC and saving throws until its next turn.",
            "Action › Quick Actions › Focus",
        ),
        FocusSkills => e(
            t,
            "+1 on skill checks until its next turn.",
            "Action › Quick Actions › Focus",
        ),
        Assisted => e(
            t,
            "An ally helps: +4 AC, saving throws and d20 rolls until the helper's next \
             turn.",
            "Action › Standard Action › Assist",
        ),
        Charging => e(
            t,
            "It charged: −2 AC until its next turn.",
            "Action › Move Actions › Charge",
        ),
        Concentrating => e(
            t,
            "Until its next turn its moving, standing up and casting provoke no Reactions \
             (a failed maneuver still does).",
            "Action › Move Actions › Concentrate",
        ),
        Waiting => e(
            t,
            "Holds its Standard action as an extra Reaction, to be used before its next \
             turn starts: an attack, shot, move or maneuver when its trigger happens.",
            "Action › Standard Action › Wait",
        ),
        PsionicFocus => e(
            t,
            "A psion's focus, won by Concentrating: it may cast without a focus check, \
             gestures or a free hand. Casting spends it.",
            "Action › Cast a Spell: Psionic Focus",
        ),
        Dehydrated => e(
            t,
            "Weak to acid and fire damage: it takes half as much again (resistance to the \
             type cancels it).",
            "Action › Conditions › Dehydrated (half again: choice)",
        ),
        Soaked => e(
            t,
            "Weak to cold and electricity damage: it takes half as much again (resistance \
             to the type cancels it).",
            "Action › Conditions › Soaked (half again: choice)",
        ),
        Starving => e(
            t,
            "Must eat to lose it; it bars no potion. Its daily ability damage does not happen in a battle.",
            "Action › Conditions › Starving",
        ),
        // Refused by tactical-d20 (`refused_condition`): flow's marks.
        TotalDefense | Feinted => return None,
        // Refused too: escalation's own.
        Dazed | Enervated | Grabbed | Hampered | Helpless | Invisible | Shaken | Softened
        | Stuck | Vulnerable | Weakened | Flying | Stabilized | PoppedOff | SpiritAttacks
        | SpiritSaves | SpiritWard | DiceyEdge | DiceyFooting | Shielded => return None,
        // Refused too: the conditions of the seeds to come.
        FlatFooted | Channeling | SummoningSick | Charmed => return None,
    })
}

pub(super) fn action(l: &str) -> Option<Explanation> {
    Some(match l {
        "Secondary attack" => e(
            "Secondary attack",
            "An attack paid with the Move action, at −5. Otherwise the same as a Primary \
             attack.",
            "Action › Move Actions › (Secondary) Attack",
        )
        .costs("a Move action"),
        "Tertiary attack" => e(
            "Tertiary attack",
            "An attack paid with the Quick action, at −10. Otherwise the same as a Primary \
             attack.",
            "Action › Quick Actions › (Tertiary) Attack",
        )
        .costs("a Quick action"),
        "Dash" => e(
            "Dash",
            "Move up to double speed in a straight line, or 1.5× speed on any path. Not \
             through difficult terrain; it provokes as any move.",
            "Action › Standard Action › Dash",
        )
        .costs("a Standard action"),
        "Charge" => e(
            "Charge",
            "Dash at least 2 cells (10 ft) straight at a foe and make one melee (or thrown) \
             attack at +2 to hit and damage. The foe cannot react to the dash; you are at \
             −2 AC until your next turn.",
            "Action › Move Actions › Charge",
        )
        .costs("Standard + Move actions"),
        "Trip" => e(
            "Trip",
            "Athletics against the target's Reflex save, opposed. A win knocks it prone; a \
             failure provokes a Reaction from it.",
            "Action › Standard Action › Trip",
        )
        .costs("a Standard action"),
        "Push" => e(
            "Push",
            "Athletics against the target's Reflex save. A win pushes it straight away up \
             to half your speed, and you follow; a failure provokes a Reaction from every \
             foe threatening you.",
            "Action › Standard Action › Push",
        )
        .costs("a Standard action"),
        "Grapple" => e(
            "Grapple",
            "Athletics against the target's Reflex save. A win leaves you both Restrained \
             (you lose this turn's Move action); a failure provokes a Reaction from it.",
            "Action › Standard Action › Grapple",
        )
        .costs("a Standard action"),
        "Disarm" => e(
            "Disarm",
            "Athletics against the target's Reflex save. A win makes it drop the item on \
             its own cell; a failure provokes a Reaction from it.",
            "Action › Standard Action › Disarm",
        )
        .costs("a Standard action"),
        "Sunder" => e(
            "Sunder",
            "Your attack roll against the target's Reflex save. A win damages the item it \
             holds (10 HP unless stated; items not Fragile take half), breaking it at 0; a \
             failure provokes a Reaction from it.",
            "Action › Standard Action › Sunder",
        )
        .costs("a Standard action"),
        "Feint" => e(
            "Feint",
            "Deception against the target's Will save. A win leaves it Surprised until \
             your next turn: no DEX to AC, no Reactions.",
            "Action › Move Actions › Feint",
        )
        .costs("a Move action"),
        "Tumble" => e(
            "Tumble",
            "Agility against DC 5 + 5 per foe threatening the path, to move up to half \
             speed without provoking. On a failure you still move, and each foe along the \
             path gets a Reaction.",
            "Action › Move Actions › Tumble",
        )
        .costs("a Move action"),
        "Jump" => e(
            "Jump",
            "After a straight run-up of at least 10 ft, Athletics +2 against DC 5, +5 per \
             5 ft across (a pit cell) and +10 per 5 ft up (a low wall). A failure stops you \
             at the edge, prone.",
            "Action › Move Actions › Jump",
        )
        .costs("Standard + Move actions"),
        "Overrun" => e(
            "Overrun",
            "After a straight 10 ft dash, Athletics +2 through the foes in your path. Each \
             may spend its Reaction or make a Reflex save to step aside; otherwise it is \
             knocked prone.",
            "Action › Move Actions › Overrun",
        )
        .costs("Standard + Move actions"),
        "Defend" => e(
            "Defend",
            "+3 AC and saves until your next turn. Next to a low wall you also roll \
             Stealth (DC 10) to hide in Cover.",
            "Action › Standard Action › Defend",
        )
        .costs("a Standard action"),
        "Guard" => e(
            "Guard",
            "+2 AC and saves until your next turn.",
            "Action › Move Actions › Guard",
        )
        .costs("a Move action"),
        "Focus" => e(
            "Focus",
            "+1 until your next turn on your choice of attack and damage rolls, AC and \
             saves, or skill checks.",
            "Action › Quick Actions › Focus",
        )
        .costs("a Quick action"),
        "Assist" => e(
            "Assist",
            "An ally in your reach gets +4 AC, saves and d20 rolls until your next turn.",
            "Action › Standard Action › Assist",
        )
        .costs("a Standard action"),
        "Concentrate" => e(
            "Concentrate",
            "Endurance against DC 5 + 5 per foe threatening you. Success: until your next \
             turn your moving, standing up and casting provoke no Reactions, and a psion \
             gains Psionic Focus.",
            "Action › Move Actions › Concentrate",
        )
        .costs("a Move action"),
        "Wait" => e(
            "Wait",
            "Hold your Standard action as an extra Reaction until your next turn: attack \
             the first foe that steps into your reach.",
            "Action › Standard Action › Wait",
        )
        .costs("a Standard action"),
        "Wait: shot" => e(
            "Wait: shot",
            "Hold your Standard action as an extra Reaction: shoot the first foe that \
             comes within your ranged weapon's first range increment.",
            "Action › Standard Action › Wait",
        )
        .costs("a Standard action"),
        "Wait: caster" => e(
            "Wait: caster",
            "Hold your Standard action as an extra Reaction: attack a foe within your reach \
             or range as it starts casting, before the spell goes off.",
            "Action › Standard Action › Wait",
        )
        .costs("a Standard action"),
        "Wait: move" => e(
            "Wait: move",
            "Hold your Standard action as an extra Reaction: when a foe comes within your \
             speed, move to the cell you picked. The move provokes as an Advance does.",
            "Action › Standard Action › Wait",
        )
        .costs("a Standard action"),
        "Wait: trip" => e(
            "Wait: trip",
            "Hold your Standard action as an extra Reaction: trip the first foe that steps \
             into your reach (Athletics against its Reflex), stopping it there.",
            "Action › Standard Action › Wait",
        )
        .costs("a Standard action"),
        "Wait: spell, Defend, Assist" => e(
            "Wait: spell, Defend, Assist",
            "Hold your Standard action as an extra Reaction: pick a spell, ability or potion \
             (cast at the foe that springs it when it is hostile, else on yourself; it costs \
             its SQ then), Defend, or Assist an ally in your reach. A hostile ability waits \
             for a foe within its range, the rest for a foe entering your reach.",
            "Action › Standard Action › Wait",
        )
        .costs("a Standard action"),
        "Step" => e(
            "Side Step",
            "Move 1 cell (5 ft). Quick actions never provoke; not into difficult terrain.",
            "Action › Quick Actions › Side Step",
        )
        .costs("a Quick action"),
        "Grapple attack" => e(
            "Grapple attack",
            "In a grapple: opposed Athletics, your Standard against the other's Reaction. \
             Win: keep the hold and attack it; lose: a creature you held breaks free; tie: \
             the hold stays and your turn ends.",
            "Action › Standard Action › Grapple",
        )
        .costs("a Standard action"),
        "Break Free" => e(
            "Break Free",
            "Opposed Athletics against your grappler (it resists with its Reaction); a win \
             ends the grapple. With nobody holding you, Athletics against DC 15.",
            "Action › Conditions › Restrained; DC 15 (choice)",
        )
        .costs("a Standard action"),
        "Stand Up" => e(
            "Stand Up",
            "Get up from prone. It provokes Reactions from foes threatening you.",
            "Action › Conditions › Prone: \"Gain or lose this condition as a Move Action\"",
        )
        .costs("a Move action"),
        "Drop prone" => e(
            "Drop prone",
            "Go prone on purpose: +4 AC against ranged attacks, −4 against melee. It \
             provokes nothing.",
            "Action › Conditions › Prone: \"Gain or lose this condition as a Move Action\"",
        )
        .costs("a Move action"),
        "Pick Up" => e(
            "Pick Up",
            "Take the item lying on your cell.",
            "Action › Move Actions › (Re-)Equip",
        )
        .costs("a Move action"),
        "Patch Wound" => e(
            "Patch Wound",
            "Survival against DC 10 + the blood lost so far; success stops the Bleeding of \
             yourself or an adjacent ally.",
            "Action › Conditions › Bleeding",
        )
        .costs("a Standard action"),
        "Hand over" => e(
            "Hand over",
            "Give an item in your hand to an adjacent ally. It is not proficient with a \
             weapon it did not start with.",
            "Action › Move Actions › (Re-)Equip: \"exchanging items with allies\"",
        )
        .costs("a Move action"),
        "Command" => e(
            "Command",
            "Shout up to 13 words to allies or foes. Quick actions never provoke.",
            "Action › Quick Actions › Command",
        )
        .costs("a Quick action"),
        label::ATTACK => e(
            "Attack",
            "d20 + base attack + STR (melee) or DEX (ranged) + size against the target's \
             AC; meet it to hit. A 20 always hits, a 1 always misses. Paid with the \
             Standard action, then Move (−5), then Quick (−10).",
            "Action › (Primary) Attack",
        )
        .costs("a Standard action (then Move −5, Quick −10)"),
        label::MOVE => e(
            "Advance",
            "A Move action buys your speed in cells (6 unless stated); difficult terrain \
             costs double. Leaving a foe's threatened area provokes, once per movement. A \
             longer path also spends the Standard action.",
            "Action › Move Actions › Advance",
        )
        .costs("a Move action"),
        label::DRAW => e(
            "Equip",
            "Draw a carried item into your hands.",
            "Action › Move Actions › (Re-)Equip",
        )
        .costs("a Move action"),
        label::SHEATHE => e(
            "Stow",
            "Put an item in your hand away.",
            "Action › Move Actions › (Re-)Equip",
        )
        .costs("a Move action"),
        label::CAST => e(
            "Cast a Spell",
            "Spend SQ equal to the spell's order (or a material component), then pass a \
             Magical Aptitude check against 13 + twice the order (a psion spends Psionic \
             Focus instead). Casting provokes; damage taken may break the spell. A potion \
             is a Standard action too.",
            "Action › Standard Action › Cast a Spell",
        )
        .costs("a Standard action and SQ"),
        label::END_TURN => e(
            "End turn",
            "End your turn; unused actions are lost. Bleeding strikes at the end of it.",
            "Action: Free Actions",
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
            "A melee attack with no penalty on a foe that provokes in your threatened \
             area: leaving it, standing up, casting, or failing a maneuver against you.",
            "Action › Reactions › (Opportunity) Attack",
        )
        .costs("your Reaction"),
        Pursuit => e(
            "Pursuit",
            "A foe left your threatened area: after its move, move up to half your speed \
             toward it. This move provokes nothing.",
            "Action › Reactions › Pursuit",
        )
        .costs("your Reaction"),
        StepAside => e(
            "Step aside",
            "A foe overruns you: move 1 cell out of its way instead of rolling a Reflex \
             save against being knocked prone.",
            "Action › Move Actions › Overrun",
        )
        .costs("your Reaction"),
        Resist => e(
            "Resist",
            "The Reaction spent opposing a grapple check with Athletics. Without a Reaction \
             left, a creature cannot resist and the check wins.",
            "Action › Standard Action › Grapple: \"Standard Action vs Reaction\"",
        )
        .costs("your Reaction"),
        WaitedAttack => e(
            "Waited attack",
            "Your waited Standard action: attack the foe that sprang your Wait, with no \
             penalty.",
            "Action › Standard Action › Wait",
        )
        .costs("the Wait's extra Reaction"),
        WaitedAction => e(
            "Waited action",
            "Your waited Standard action: the move, maneuver (Trip, Push, Grapple, Disarm), \
             spell, ability or potion, Defend or Assist you held, now that its trigger \
             happened.",
            "Action › Standard Action › Wait",
        )
        .costs("the Wait's extra Reaction"),
        Counterspell => e(
            "Counterspell",
            "You identified a foe's spell: pay SQ equal to its order and roll d20 + your \
             caster level against its Spell DC (10 + order + the caster's INT modifier). \
             Success cancels the spell.",
            "Action › Reactions › Counterspell; Spell DC (choice)",
        )
        .costs("your Reaction and SQ"),
        Dodge
        | Parry
        | Block
        | Riposte
        | Intercept
        | InterceptSwap
        | InterceptAt { .. }
        | ResistMelee
        | ResistAgility
        | LandAt(_)
        | FreeHit
        | Counteraction
        | Interrupt(_)
        | FreePower(_) => return None,
    })
}

pub(super) fn terrain(t: Terrain) -> Explanation {
    match t {
        Terrain::Floor => e(
            "Floor",
            "Open ground: 1 movement a cell (5 ft).",
            "Action › Battle Grids",
        ),
        Terrain::Wall => e(
            "Wall",
            "Nobody walks or stands here, and it blocks the line of shots and of spells \
             that need sight.",
            "map feature",
        ),
        Terrain::Difficult => e(
            "Difficult terrain",
            "Costs 2 movement a cell; no Dash or Side Step through it. Against a foe \
             standing here, one on firm ground gets +4 to hit and +4 AC.",
            "Action › Advance; Tactical Positioning",
        ),
        Terrain::High => e(
            "High ground",
            "Walked as open ground. From here you get +4 to hit and +4 AC against lower \
             foes.",
            "Action › Tactical Positioning",
        ),
        Terrain::Low => e(
            "Low wall",
            "Blocks walking, not sight or shots. On the line of an attack it gives the \
             target +4 AC, and the attacker +4 to hit when right behind it. Jump it (5 ft \
             up), or Defend beside it to hide in Cover.",
            "Action › Tactical Positioning; Jump",
        ),
        Terrain::Pit => e(
            "Pit",
            "Nobody walks or stands here, but sight and shots pass over it. Jump across \
             after a run-up (5 ft across per cell).",
            "Action › Move Actions › Jump",
        ),
    }
}

pub(super) fn rules(r: &str) -> Option<Explanation> {
    Some(match r {
        rule::THREAT => e(
            "Threat",
            "A creature threatens every cell within the reach of a melee weapon in hand \
             (5 ft = 1 cell; Large creatures and reach weapons 10 ft). Natural weapons \
             always threaten. Restrained, Stunned or Unconscious creatures threaten \
             nothing.",
            "Action › Threatening",
        ),
        rule::PROVOKE => e(
            "Provoking",
            "Leaving or passing through a foe's threatened area provokes a Reaction, once \
             per movement; so do standing up, casting and most failed maneuvers. Quick \
             actions never provoke; ranged attacks do not.",
            "Action › Advance; Quick Actions",
        ),
        rule::INITIATIVE => e(
            "Initiative",
            "Everyone rolls d20 + DEX, highest first. Ties go to the higher DEX bonus, then \
             player characters before others, then the level's order.",
            "Action › Turn-Based Action",
        ),
        rule::SURPRISE => e(
            "Surprise",
            "Everyone is Surprised until its first turn. After a surprise round, in which \
             only the ambushers act, initiative is rolled and they get +4.",
            "Action › Turn-Based Action; Surprise Rounds",
        ),
        rule::MOVEMENT => e(
            "Movement",
            "An Advance (Move action) buys your speed in cells, 6 by default; unused \
             movement can be spent later in the turn. A second Advance spends the Standard \
             action. Diagonal steps cost 1.",
            "Action › Advance; Battle Grids",
        ),
        rule::RANGED => e(
            "Ranged attacks",
            "d20 + base attack + DEX against AC, −2 per range increment past the first (at \
             most 10). They do not provoke. A wall blocks the shot; a low wall gives the \
             target +4 AC.",
            "Action › (Primary) Attack; range penalty (choice)",
        ),
        rule::DOWN => e(
            "Down",
            "At 0 HP a creature is Unconscious; below 0 it is also Dying and rolls a \
             Fortitude save each round; at −CON it is dead. Healing brings back one not \
             yet dead.",
            "Action › Conditions › Unconscious, Dying",
        ),
        rule::STALEMATE => e(
            "Stalemate (house rule)",
            "When 10 whole rounds in a row pass with nobody hurt or downed, the battle \
             ends in a draw. A level may change the count or turn it off.",
            "house rule: not in the seed",
        ),
        rule::FLANKING => e(
            "Flanking",
            "Two allies on exactly opposite sides of a foe they both threaten flank it: it \
             is Surprised against their melee attacks (no DEX to AC). Ranged weapons \
             cannot flank.",
            "Action › Flanking",
        ),
        rule::TRADE_DOWN => e(
            "Trade-Down",
            "Your Standard action can pay for a Move or Quick action instead: two Advances \
             in a turn, or two Quick actions.",
            "Action › Trade-Down",
        ),
        rule::POSITIONING => e(
            "Tactical positioning",
            "+4 on attack rolls and AC: from high ground against a lower foe, from firm \
             ground against a foe in difficult terrain, and behind a low wall.",
            "Action › Tactical Positioning",
        ),
        rule::CRITICALS => e(
            "Critical hits",
            "A hit whose natural roll is in the weapon's critical range doubles its damage \
             dice, if the attacker is proficient with the weapon (it started with it).",
            "Action › (Primary) Attack",
        ),
        _ => return None,
    })
}

/// tactical-d20's core loop for F1 help.
pub static SUMMARY: [(&str, &str); 9] = [
    (
        "Your turn",
        "Each turn you have a Standard, a Move and a Quick action. The Standard action can \
         pay for a Move or Quick action instead (Trade-Down). Turn order: d20 + DEX, \
         highest first. Everyone is Surprised until its first turn.",
    ),
    (
        "Attacking",
        "Roll d20 + base attack + STR (melee) or DEX (ranged) + size; meet the target's AC \
         to hit. A 20 always hits, a 1 always misses. With the Standard action no penalty, \
         with the Move action −5, with the Quick action −10.",
    ),
    (
        "Damage",
        "Roll the weapon's dice, adding STR for melee and thrown weapons. A hit with a \
         natural roll in the weapon's critical range doubles the dice. Damage resistance \
         comes off after.",
    ),
    (
        "Defence",
        "There is no defence roll: AC does the work. Defend (+3), Guard (+2), Focus (+1), an \
         ally's Assist (+4), high ground and cover (+4) raise it; being prone (against \
         melee), Surprised or flanked lowers it.",
    ),
    (
        "Reactions",
        "You have 1 Reaction a round, back when a new round starts. A foe that leaves your \
         threatened area, stands up, casts or fails a maneuver provokes an Opportunity \
         Attack; you may Pursue a foe that runs. Wait holds your Standard action as an \
         extra Reaction.",
    ),
    (
        "Moving",
        "An Advance (Move action) moves you your speed, 6 cells unless stated; difficult \
         terrain costs double. Leaving threatened cells provokes once per movement. Dash \
         goes further, Side Step and Tumble avoid Reactions.",
    ),
    (
        "Maneuvers",
        "Trip, Push, Grapple and Disarm roll Athletics against the target's Reflex save, \
         Sunder an attack roll, Feint Deception against Will. A failed one provokes. Charge, \
         Jump and Overrun follow a straight 10 ft dash.",
    ),
    (
        "Conditions",
        "Prone, Restrained, Stunned, Surprised, Blind, Frightened and more change what a \
         creature may do and its AC and saves; hover a badge for the details. Bleeding \
         deals 1d4 at the end of each turn until patched or healed.",
    ),
    (
        "Going down",
        "At 0 HP a creature is Unconscious, below 0 Dying: each round it rolls a Fortitude \
         save (DC 10 + negative HP) or loses 1 more HP, and it dies at −CON. The last side \
         standing wins; 10 quiet rounds end in a draw (house rule).",
    ),
];
