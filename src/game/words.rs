//! Words for what the rules crate names by identifier (issue 31, minor points): a unit
//! card's stats ("Base attack +0", "Armour class 12", "A miss still deals its Level in
//! damage") instead of `Bab 0 · Ac 12 · MissDamage 1`, and a side's victory in words
//! that suit a singular and a plural name alike ("Millers won").

use skirmish_rules::components::Stat;

/// A stat as a unit card shows it, its name and value in words (`None`: a flag that is
/// off, shown as nothing).
pub fn stat_words(s: Stat, v: i32) -> Option<String> {
    use Stat::*;
    let signed = |name: &str| Some(format!("{name}\u{a0}{v:+}"));
    let plain = |name: &str| Some(format!("{name}\u{a0}{v}"));
    let flag = |words: &str| (v > 0).then(|| words.to_string());
    match s {
        Str => plain("Strength"),
        Dex => plain("Dexterity"),
        Con => plain("Constitution"),
        Int => plain("Intelligence"),
        Wis => plain("Wisdom"),
        Cha => plain("Charisma"),
        Bab => signed("Base attack"),
        Ac => plain("Armour class"),
        Fort => signed("Fortitude"),
        Reflex => signed("Reflex"),
        Will => signed("Will"),
        Pd => plain("Physical defence"),
        Md => plain("Mental defence"),
        Accuracy => signed("Accuracy"),
        Proficiency => signed("Proficiency"),
        SkillDice => plain("Skill dice a round"),
        Wounds => plain("Wounds"),
        Band => Some(
            match v {
                i32::MIN..=0 => "Initiative: very slow",
                1 => "Initiative: slow",
                2 => "Initiative: normal",
                3 => "Initiative: fast",
                _ => "Initiative: very fast",
            }
            .to_string(),
        ),
        Dr => plain("Damage resistance"),
        MagicalAptitude => plain("Magical Aptitude"),
        CasterLevel => plain("Caster level"),
        SpellQuantity => plain("Spell Quantity (SQ)"),
        Psion => flag("Psion (casts through Psionic Focus)"),
        MissDamage => flag("A miss still deals its Level in damage"),
        RecoveryDie => Some(format!("Recovery die d{v}")),
        Recoveries => plain("Recoveries"),
        Escalates => flag("Adds the escalation die"),
        Power => plain("Power"),
        // The rest read as they are named (Agility, Melee, Level, Volition, Speed, …).
        other => plain(&format!("{other:?}")),
    }
}

/// "Millers won", "Red won": the past tense fits a plural and a singular side's name.
pub fn side_won(name: &str) -> String {
    format!("{name} won")
}
