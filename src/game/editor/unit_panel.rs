//! The panel's parts for what only some levels have or a picked unit carries (issue 35):
//! the picked unit's side, archetype, weapons, feats (each picked from the ruleset's
//! catalogue, its text shown; a feat typed by name gets "did you mean"), the abilities
//! it has from its archetype, its facing and whether it starts hidden (where the ruleset
//! reads them); a side's PC/NPC role (where read); the Hazard tool's hazard. Each change
//! is an `Edit`, so each is undone by Ctrl+Z. Widgets the e2e script clicks are named
//! in `Widgets` (written to `SKIRMISH_LAYOUT` by `draw`).

use bevy_egui::egui;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::{Catalogue, HazardKind, Role, suggest};

use super::HazardBrush;
use super::panel::field;
use crate::editor::{Choice, EdSide, EdUnit, Edit, EditorLevel, Feature, Pick, choices, uses};

/// Named widget rectangles (egui points) of this frame.
pub(super) type Widgets = Vec<(String, egui::Rect)>;

/// What a feat typed by name becomes: `Ok(name)` to add (a catalogue feat, or a name no
/// catalogue feat is close to: a ruleset may read feats no archetype has), or the reason
/// it is not added with the names it may mean.
pub fn feat_by_name(ruleset: &str, written: &str) -> Result<String, String> {
    let w = written.trim();
    if w.is_empty() {
        return Err("a feat needs a name".into());
    }
    let list = choices(ruleset, Pick::Feat);
    if let Some(c) = list.iter().find(|c| c.name.eq_ignore_ascii_case(w)) {
        return Ok(c.name.clone());
    }
    let near = suggest::did_you_mean(w, list.iter().map(|c| c.name.as_str()));
    if near.is_empty() {
        Ok(w.to_string())
    } else {
        Err(format!(
            "`{w}` is no feat of {ruleset}'s catalogue{near} (not added)"
        ))
    }
}

/// A unit's own list of weapons or feats: each with its text, ✖ to take it away (a
/// weapon: ⬆ to hold it first); a combo to add one from the catalogue.
#[allow(clippy::too_many_arguments)]
fn list(
    ui: &mut egui::Ui,
    i: usize,
    u: &EdUnit,
    pick: Pick,
    all: &[Choice],
    arch_has: &[String],
    edits: &mut Vec<Edit>,
    widgets: &mut Widgets,
) {
    let own = u.picked(pick);
    let (what, key) = match pick {
        Pick::Weapon => ("Weapons", "weapon"),
        _ => ("Feats", "feat"),
    };
    let text = |n: &str| {
        all.iter()
            .find(|c| c.name == n)
            .map_or("the level's own".to_string(), |c| c.text.clone())
    };
    if own.is_empty() {
        ui.label(format!(
            "{what}: its archetype's ({})",
            if arch_has.is_empty() {
                "none".to_string()
            } else {
                arch_has.join(", ")
            }
        ));
    } else {
        ui.label(format!("{what} (its own):"));
    }
    let set = |names: Vec<String>| Edit::Loadout {
        unit: i,
        pick,
        names,
    };
    for (k, n) in own.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let x = ui.small_button("✖").on_hover_text("take it away");
            widgets.push((format!("{key}-del:{n}"), x.rect));
            if x.clicked() {
                let mut v = own.clone();
                v.remove(k);
                edits.push(set(v));
            }
            if pick == Pick::Weapon
                && k > 0
                && ui
                    .small_button("⬆")
                    .on_hover_text("hold it first")
                    .clicked()
            {
                let mut v = own.clone();
                let w = v.remove(k);
                v.insert(0, w);
                edits.push(set(v));
            }
            let first = if pick == Pick::Weapon && k == 0 {
                " (in hand)"
            } else {
                ""
            };
            ui.label(format!("{n}{first}: {}", text(n)));
        });
    }
    let combo = egui::ComboBox::from_id_salt((key, "add", i))
        .selected_text(format!("Add a {key}…"))
        .width(200.0)
        .show_ui(ui, |ui| {
            for c in all.iter().filter(|c| !own.contains(&c.name)) {
                let r = ui
                    .selectable_label(false, format!("{}: {}", c.name, c.text))
                    .on_hover_text(&c.text);
                widgets.push((format!("{key}:{}", c.name), r.rect));
                if r.clicked() {
                    // The archetype's go along: adding one keeps what it had.
                    let mut v = if own.is_empty() {
                        arch_has.to_vec()
                    } else {
                        own.clone()
                    };
                    if !v.contains(&c.name) {
                        v.push(c.name.clone());
                    }
                    edits.push(set(v));
                }
            }
        });
    widgets.push((format!("{key}-add"), combo.response.rect));
    if !own.is_empty() {
        let r = ui
            .small_button(format!("Its archetype's {key}s"))
            .on_hover_text("drop its own list");
        if r.clicked() {
            edits.push(set(Vec::new()));
        }
    }
}

/// The picked unit's fields.
#[allow(clippy::too_many_arguments)]
pub(super) fn picked_unit(
    ui: &mut egui::Ui,
    l: &EditorLevel,
    i: usize,
    cat: Option<&Catalogue>,
    edits: &mut Vec<Edit>,
    note: &mut Option<(String, bool)>,
    widgets: &mut Widgets,
) {
    let Some(u) = l.units.get(i) else { return };
    ui.horizontal(|ui| {
        ui.label("Name");
        if let Some(t) = field(ui, &format!("unit{i}"), &u.name, false) {
            let mut to = u.clone();
            to.name = t;
            edits.push(Edit::SetUnit { unit: i, to });
        }
    });
    ui.label(format!("at ({}, {})", u.cell.x, u.cell.y));
    ui.horizontal(|ui| {
        ui.label("Side");
        let combo = egui::ComboBox::from_id_salt(("unit-side", i))
            .selected_text(u.side.as_str())
            .show_ui(ui, |ui| {
                for s in &l.sides {
                    let item = ui.selectable_label(s.name == u.side, &s.name);
                    widgets.push((format!("unit-side:{}", s.name), item.rect));
                    if item.clicked() && s.name != u.side {
                        let mut to = u.clone();
                        to.side = s.name.clone();
                        edits.push(Edit::SetUnit { unit: i, to });
                    }
                }
            });
        widgets.push(("unit-side".into(), combo.response.rect));
    });
    ui.horizontal(|ui| {
        ui.label("Archetype");
        let combo = egui::ComboBox::from_id_salt(("unit-arch", i))
            .selected_text(u.archetype.as_deref().unwrap_or("(none)"))
            .show_ui(ui, |ui| {
                for (name, a) in cat.iter().flat_map(|c| c.archetypes.iter()) {
                    let r = ui
                        .selectable_label(u.archetype.as_deref() == Some(name), name)
                        .on_hover_text(super::panel::archetype_text_of(a, name));
                    widgets.push((format!("unit-archetype:{name}"), r.rect));
                    if r.clicked() && u.archetype.as_deref() != Some(name) {
                        let mut to = u.clone();
                        to.archetype = Some(name.clone());
                        edits.push(Edit::SetUnit { unit: i, to });
                    }
                }
            });
        widgets.push(("unit-archetype".into(), combo.response.rect));
    });
    let arch = u
        .archetype
        .as_ref()
        .and_then(|a| cat.and_then(|c| c.archetypes.get(a)));
    if let (Some(a), Some(name)) = (arch, &u.archetype) {
        ui.label(super::panel::archetype_text_of(a, name));
    }
    let none = Vec::new();
    ui.separator();
    let weapons = choices(&l.ruleset, Pick::Weapon);
    list(
        ui,
        i,
        u,
        Pick::Weapon,
        &weapons,
        arch.map_or(&none, |a| &a.weapons),
        edits,
        widgets,
    );
    ui.separator();
    let feats = choices(&l.ruleset, Pick::Feat);
    list(
        ui,
        i,
        u,
        Pick::Feat,
        &feats,
        arch.map_or(&none, |a| &a.feats),
        edits,
        widgets,
    );
    ui.horizontal(|ui| {
        ui.label("Feat by name");
        if let Some(t) = field(ui, &format!("feat-name{i}"), "", false) {
            match feat_by_name(&l.ruleset, &t) {
                Ok(name) => {
                    let mut v = u.picked(Pick::Feat);
                    if v.is_empty() {
                        v = arch.map_or(Vec::new(), |a| a.feats.clone());
                    }
                    if !v.contains(&name) {
                        v.push(name);
                    }
                    edits.push(Edit::Loadout {
                        unit: i,
                        pick: Pick::Feat,
                        names: v,
                    });
                }
                Err(why) => *note = Some((why, true)),
            }
        }
    });
    ui.separator();
    let abilities = choices(&l.ruleset, Pick::Ability);
    match arch.map(|a| &a.abilities) {
        Some(list) if !list.is_empty() => {
            ui.label("Abilities (its archetype's; pick another archetype to change them):");
            for n in list {
                let t = abilities
                    .iter()
                    .find(|c| &c.name == n)
                    .map_or(String::new(), |c| c.text.clone());
                ui.label(format!("  {n}: {t}"));
            }
        }
        _ => {
            let with: Vec<&str> = cat
                .iter()
                .flat_map(|c| c.archetypes.iter())
                .filter(|(_, a)| !a.abilities.is_empty())
                .map(|(n, _)| n.as_str())
                .collect();
            if !with.is_empty() {
                ui.label(format!(
                    "Abilities: none (archetypes with some: {})",
                    with.join(", ")
                ));
            }
        }
    }
    if uses(&l.ruleset, Feature::Facing) {
        let most: u8 = match l.grid {
            GridKind::Square => 7,
            GridKind::Hex => 5,
        };
        ui.horizontal(|ui| {
            ui.label("Facing");
            let now = u.facing();
            let word = |f: Option<u8>| match f {
                None => "toward its foes".to_string(),
                Some(f) => format!(
                    "{f}: {}",
                    skirmish_rules::vocab::direction_name(l.grid, usize::from(f))
                ),
            };
            let combo = egui::ComboBox::from_id_salt(("facing", i))
                .selected_text(word(now))
                .show_ui(ui, |ui| {
                    for f in std::iter::once(None).chain((0..=most).map(Some)) {
                        let r = ui.selectable_label(now == f, word(f));
                        widgets.push((format!("facing:{}", f.map_or(-1, i32::from)), r.rect));
                        if r.clicked() && now != f {
                            edits.push(Edit::Facing { unit: i, facing: f });
                        }
                    }
                });
            widgets.push(("facing".into(), combo.response.rect));
        });
    }
    if uses(&l.ruleset, Feature::Hidden) {
        let mut hidden = u.hidden();
        let r = ui.checkbox(&mut hidden, "Starts hidden");
        widgets.push(("hidden".into(), r.rect));
        if r.changed() {
            edits.push(Edit::Hidden { unit: i, hidden });
        }
    }
    let d = ui.button("Delete [Del]");
    if d.clicked() {
        edits.push(Edit::Delete { unit: i });
    }
}

/// A side's PC/NPC role, where the ruleset reads it.
pub(super) fn side_role(
    ui: &mut egui::Ui,
    l: &EditorLevel,
    i: usize,
    s: &EdSide,
    edits: &mut Vec<Edit>,
    widgets: &mut Widgets,
) {
    if !uses(&l.ruleset, Feature::Role) {
        return;
    }
    let word = |r: Option<Role>| match r {
        None => "role: from its controller",
        Some(Role::Pc) => "role: PC",
        Some(Role::Npc) => "role: NPC",
    };
    let combo = egui::ComboBox::from_id_salt(("role", i))
        .selected_text(word(s.role))
        .show_ui(ui, |ui| {
            for (r, name) in [
                (None, "auto"),
                (Some(Role::Pc), "pc"),
                (Some(Role::Npc), "npc"),
            ] {
                let item = ui.selectable_label(s.role == r, word(r));
                widgets.push((format!("role:{i}:{name}"), item.rect));
                if item.clicked() && s.role != r {
                    edits.push(Edit::Role { side: i, role: r });
                }
            }
        });
    widgets.push((format!("role:{i}"), combo.response.rect));
}

/// The Hazard tool's hazard: kind (a rune with its radius), Difficulty, damage dice.
pub(super) fn hazard_brush(ui: &mut egui::Ui, h: &mut HazardBrush, widgets: &mut Widgets) {
    ui.horizontal_wrapped(|ui| {
        let rune = matches!(h.kind, HazardKind::MagicalBurst { .. });
        for (k, word) in [
            (HazardKind::Trap, "Trap"),
            (HazardKind::FallingRocks, "Falling rocks"),
            (HazardKind::MagicalBurst { radius: 1 }, "Rune"),
        ] {
            let on = match k {
                HazardKind::MagicalBurst { .. } => rune,
                _ => h.kind == k,
            };
            let r = ui.selectable_label(on, word);
            widgets.push((format!("hazard:{word}"), r.rect));
            if r.clicked() && !on {
                h.kind = k;
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("DC");
        ui.add(egui::DragValue::new(&mut h.dc).range(1..=100));
        if let HazardKind::MagicalBurst { radius } = &mut h.kind {
            ui.label("radius");
            ui.add(egui::DragValue::new(radius).range(1..=5));
        }
        ui.label("damage");
        if let Some(t) = field(ui, "hazard-damage", &h.damage, false) {
            h.damage = t.trim().to_string();
        }
    });
}
