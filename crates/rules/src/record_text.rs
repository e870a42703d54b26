//! A [`Record`] written out: one JSON object (`skirmish run --json`) or one readable
//! line (split from `record.rs`, which had reached the 800-line cap).

use crate::record::Record;

impl Record {
    /// One JSON object.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// One readable line.
    pub fn text(&self) -> String {
        let mut s = format!("[round {}] {}", self.round, self.kind);
        if let Some(a) = &self.actor {
            s += &format!(" {a}");
        }
        if let Some(t) = &self.target {
            s += &format!(" -> {t}");
        }
        if let (Some(f), Some(t)) = (self.from, self.to) {
            s += &format!(" {f} -> {t}");
        } else if let Some(f) = self.from {
            s += &format!(" at {f}");
        }
        if let (Some(d), Some(faces)) = (&self.dice, &self.faces) {
            s += &format!(" {d} {faces:?}");
        }
        if let Some(m) = &self.modifiers
            && !m.is_empty()
        {
            let parts: Vec<String> = m
                .iter()
                .map(|m| format!("{} {:+}", m.name, m.value))
                .collect();
            s += &format!(" ({})", parts.join(", "));
        }
        if let Some(t) = self.total {
            s += &format!(" = {t}");
        }
        if let Some(t) = self.target_number {
            s += &format!(" vs {t}");
        }
        if let Some(o) = &self.outcome {
            s += &format!(": {o}");
        }
        if let Some(t) = &self.trigger {
            s += &format!(" (trigger: {t})");
        }
        if let Some(d) = self.damage {
            s += &format!(", {d} damage");
        }
        if let Some(h) = self.hp_after {
            s += &format!(", {h} HP left");
        }
        if let Some(d) = &self.detail {
            s += &format!(" [{d}]");
        }
        s
    }
}
