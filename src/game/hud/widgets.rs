//! Small helpers every part of the overlay shares: the buttons noted for tests
//! ([`Spots`], [`spot`]), a folding section of the side panel, a chance as a percentage.
//! Nothing of the window's state: the parts of `hud` import this, never the other way.

use bevy_egui::egui;

/// A chance as a whole percentage ("38%").
pub(super) fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// Buttons on screen this frame, by label, for `SKIRMISH_BUTTONS` (tests click them).
pub(super) type Spots = Vec<(String, egui::Pos2)>;

/// Note a button for `SKIRMISH_BUTTONS`, if it can be seen (not scrolled out of the
/// panel).
pub(super) fn spot(ui: &egui::Ui, spots: &mut Spots, label: &str, r: &egui::Response) {
    if ui.clip_rect().contains(r.rect.center()) {
        spots.push((label.to_string(), r.rect.center()));
    }
}

/// A section of the side panel that folds (open at first; egui remembers it).
pub(super) fn section(ui: &mut egui::Ui, id: &str, title: &str, body: impl FnOnce(&mut egui::Ui)) {
    egui::CollapsingHeader::new(egui::RichText::new(title).strong())
        .id_salt(id)
        .default_open(true)
        .show(ui, body);
}
