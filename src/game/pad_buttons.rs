//! The pad's buttons and the binds each presses, and their names as help shows them
//! (`gamepad` reads the pads; `keymap`'s help rows name the buttons from here, so the key
//! map does not depend on the pad's systems).

use bevy::input::gamepad::GamepadButton;

use super::keymap::Bind;

/// Each button and the binds it presses, in help's order.
pub const BUTTONS: &[(GamepadButton, &[Bind])] = {
    use Bind::*;
    use GamepadButton as G;
    &[
        (G::South, &[Confirm, Accept, Yes, ShowBoard, Start]),
        (G::East, &[Escape, No, Close, Resume, Leave]),
        (G::North, &[EndTurn]),
        (G::West, &[BarTake, CastPicked]),
        (G::LeftTrigger, &[PrevTarget, OptionPrev]),
        (G::RightTrigger, &[NextTarget, OptionNext]),
        (G::LeftTrigger2, &[BarPrev]),
        (G::RightTrigger2, &[BarNext]),
        (G::Start, &[Menu, Resume]),
        (G::Select, &[Help]),
        (G::RightThumb, &[Actor]),
        (G::LeftThumb, &[Threat]),
    ]
};

/// A button's name as help shows it.
pub fn button_label(b: GamepadButton) -> &'static str {
    use GamepadButton as G;
    match b {
        G::South => "pad South (A / Cross)",
        G::East => "pad East (B / Circle)",
        G::North => "pad North (Y / Triangle)",
        G::West => "pad West (X / Square)",
        G::LeftTrigger => "pad left shoulder",
        G::RightTrigger => "pad right shoulder",
        G::LeftTrigger2 => "pad left trigger",
        G::RightTrigger2 => "pad right trigger",
        G::Start => "pad Start",
        G::Select => "pad Select",
        G::RightThumb => "pad right stick click",
        G::LeftThumb => "pad left stick click",
        _ => "pad",
    }
}

/// The pad's buttons for `b`, as help shows them ("pad South (A / Cross)"; the d-pad and
/// the sticks for the cursor, the level menu and the camera).
pub fn pad_label(b: Bind) -> Option<String> {
    use Bind::*;
    let stick = match b {
        CursorUp | CursorDown | CursorLeft | CursorRight => Some("pad d-pad / left stick"),
        LevelUp | LevelDown => Some("pad d-pad up / down"),
        OptionPrev => Some("pad d-pad up"),
        OptionNext => Some("pad d-pad down"),
        PanUp | PanDown | PanLeft | PanRight => Some("pad right stick"),
        _ => None,
    };
    let buttons: Vec<&str> = BUTTONS
        .iter()
        .filter(|(_, binds)| binds.contains(&b))
        .map(|(g, _)| button_label(*g))
        .collect();
    let all: Vec<&str> = stick.into_iter().chain(buttons).collect();
    (!all.is_empty()).then(|| all.join(" / "))
}
