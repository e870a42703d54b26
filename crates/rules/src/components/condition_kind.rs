//! Every condition kind any ruleset names (split from `components.rs`, which had reached
//! the 800-line cap).

use serde::{Deserialize, Serialize};

/// Conditions by kind; each ruleset gives them meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ConditionKind {
    /// Lying down.
    Prone,
    /// Held in a grapple by `source` (cannot act except to break free; cannot move).
    Grappled,
    /// Holding `source` in a grapple (flow: 2 AP a round, actions at Disadvantage).
    Grappling,
    /// Bleeding (ongoing damage).
    Bleeding,
    /// Stunned.
    Stunned,
    /// Surprised / flat-footed.
    Surprised,
    /// flow Total Defense: +1 RP and Advantage on reactions.
    TotalDefense,
    /// flow Feint: the next physical attack of `source` against this unit has Advantage.
    Feinted,
    /// Restrained.
    Restrained,
    /// Unconscious.
    Unconscious,
    /// Dying.
    Dying,
    /// tactical-d20: dead (a corpse).
    Dead,
    /// tactical-d20: cannot see.
    Blind,
    /// tactical-d20: cannot tell friend from foe.
    Confused,
    /// tactical-d20: half speed (and 1d4 STR/DEX damage when it strikes).
    Crippled,
    /// tactical-d20: carrying too much: half speed.
    Encumbered,
    /// tactical-d20: cannot exert: half speed, no ability to attack and damage.
    Fatigued,
    /// tactical-d20: no offensive actions.
    Frightened,
    /// tactical-d20: cannot concentrate.
    Nauseated,
    /// tactical-d20: loses the Move action every turn.
    Writhing,
    /// tactical-d20: hidden behind cover (Defend + Stealth): not a target for ranged
    /// attacks, +4 AC.
    Cover,
    /// tactical-d20 Defend: +3 AC and saves.
    Defending,
    /// tactical-d20 Guard: +2 AC and saves.
    Guarding,
    /// tactical-d20 Focus on attack and damage: +1.
    FocusAttack,
    /// tactical-d20 Focus on AC and saves: +1.
    FocusDefence,
    /// tactical-d20 Focus on skill checks: +1.
    FocusSkills,
    /// tactical-d20 Assist from `source`: +4 AC, saves and d20 rolls.
    Assisted,
    /// tactical-d20 Charge: −2 AC until the charger's next turn.
    Charging,
    /// tactical-d20 Concentrate: provokes no reactions.
    Concentrating,
    /// tactical-d20 Wait: holds a Standard action as an extra Reaction.
    Waiting,
    /// tactical-d20: Psionic Focus (won by Concentrating; lost after casting).
    PsionicFocus,
    /// tactical-d20 Dehydrated: weak to acid and heat damage.
    Dehydrated,
    /// tactical-d20 Soaked: weak to cold and electricity damage.
    Soaked,
    /// tactical-d20 Starving: cannot drink potions (as Nauseated).
    Starving,
    /// escalation Dazed: 1 Disadvantage on attacks.
    Dazed,
    /// escalation Enervated: 1 Disadvantage on saves.
    Enervated,
    /// escalation Grabbed by `source`: 1 Disadvantage to disengage from it (unless this
    /// unit hit it this round), no opportunity or ranged attacks, `source` gains 1
    /// Advantage against it.
    Grabbed,
    /// escalation Hampered: basic attacks, opportunity attacks, moving and Rally only.
    Hampered,
    /// escalation Helpless: Stunned, and a Coup de Grace may be made against it.
    Helpless,
    /// escalation Invisible: an attacker must pass an 11+ save first.
    Invisible,
    /// escalation Shaken: 1 Disadvantage on attacks, the escalation die counts as 0.
    Shaken,
    /// escalation Softened: attacks against it gain 1 Advantage.
    Softened,
    /// escalation Stuck: cannot move, disengage or change position.
    Stuck,
    /// escalation Vulnerable: attacks against it crit on a natural 16+.
    Vulnerable,
    /// escalation Weakened: 1 Disadvantage on attacks, attacks against it gain 1
    /// Advantage.
    Weakened,
    /// escalation Flying: only flyers may intercept it.
    Flying,
    /// escalation: a dying unit an ally stabilized (failed death saves do not count).
    Stabilized,
    /// escalation Fight in Spirit from `source`: 1 Advantage on attacks for a round.
    SpiritAttacks,
    /// escalation Fight in Spirit from `source`: 1 Advantage on saves for a round.
    SpiritSaves,
    /// escalation Fight in Spirit from `source`: attacks against it have 1 Disadvantage
    /// for a round.
    SpiritWard,
    /// escalation: a successful Dicey Move: 1 Advantage on its next attack this turn.
    DiceyEdge,
    /// escalation: an ally's Dicey Move from `source` helps it off: 1 Advantage on its
    /// next Disengage, until `source`'s next turn.
    DiceyFooting,
    /// escalation: popped off `source` by a Disengage (it may move away without
    /// provoking `source`) until its next turn.
    PoppedOff,
    /// escalation: +2 to AC, PD and MD against the attack it was raised against (Shield
    /// of Faith); it ends when that attack ends.
    Shielded,
    /// melee-zone Flat Footed: cannot dodge properly ("a 5 to hit, regardless of what
    /// their agility may be"). No ruleset plays it yet; melee-zone will claim it
    /// ([`crate::battle::rules::Ruleset::own_conditions`]).
    FlatFooted,
    /// melee-zone Channeling: casting a spell over more than one turn (flat-footed until
    /// it is cast or cancelled). melee-zone claims it.
    Channeling,
    /// melee-zone Summoning Sickness: summoned this round, cannot act or dodge.
    /// melee-zone claims it.
    SummoningSick,
    /// counters Charmed: an escapable status effect (ended with skill dice or movement
    /// and a check against its source). No ruleset plays it yet; counters will claim it.
    Charmed,
}

impl ConditionKind {
    /// Every condition, in declaration order (the test `explain::condition_all_is_complete`
    /// checks it against the names serde knows, so a new condition cannot be left out).
    pub const ALL: [ConditionKind; 58] = [
        ConditionKind::Prone,
        ConditionKind::Grappled,
        ConditionKind::Grappling,
        ConditionKind::Bleeding,
        ConditionKind::Stunned,
        ConditionKind::Surprised,
        ConditionKind::TotalDefense,
        ConditionKind::Feinted,
        ConditionKind::Restrained,
        ConditionKind::Unconscious,
        ConditionKind::Dying,
        ConditionKind::Dead,
        ConditionKind::Blind,
        ConditionKind::Confused,
        ConditionKind::Crippled,
        ConditionKind::Encumbered,
        ConditionKind::Fatigued,
        ConditionKind::Frightened,
        ConditionKind::Nauseated,
        ConditionKind::Writhing,
        ConditionKind::Cover,
        ConditionKind::Defending,
        ConditionKind::Guarding,
        ConditionKind::FocusAttack,
        ConditionKind::FocusDefence,
        ConditionKind::FocusSkills,
        ConditionKind::Assisted,
        ConditionKind::Charging,
        ConditionKind::Concentrating,
        ConditionKind::Waiting,
        ConditionKind::PsionicFocus,
        ConditionKind::Dehydrated,
        ConditionKind::Soaked,
        ConditionKind::Starving,
        ConditionKind::Dazed,
        ConditionKind::Enervated,
        ConditionKind::Grabbed,
        ConditionKind::Hampered,
        ConditionKind::Helpless,
        ConditionKind::Invisible,
        ConditionKind::Shaken,
        ConditionKind::Softened,
        ConditionKind::Stuck,
        ConditionKind::Vulnerable,
        ConditionKind::Weakened,
        ConditionKind::Flying,
        ConditionKind::Stabilized,
        ConditionKind::SpiritAttacks,
        ConditionKind::SpiritSaves,
        ConditionKind::SpiritWard,
        ConditionKind::DiceyEdge,
        ConditionKind::DiceyFooting,
        ConditionKind::PoppedOff,
        ConditionKind::Shielded,
        ConditionKind::FlatFooted,
        ConditionKind::Channeling,
        ConditionKind::SummoningSick,
        ConditionKind::Charmed,
    ];
}
