//! One layout rule for the window's text (issue 31, item 5): a box of text is placed
//! where it is wholly on screen and overlaps none of the boxes placed before it, trying
//! its places in order; when none is free it takes the first that is on screen, and a
//! label is shortened. The hover tooltip, the replay banner and the names over tokens use
//! it; the floating results queue per unit instead (`floaters`). Plain geometry: no
//! system, no battle.
//!
//! - Tooltip ([`tooltip_at`]): at least [`TIP_MIN`] wide (words wrap, never letters), right
//!   of and below the pointer; left of it or above it when that would leave the screen or
//!   cover a panel; never over the side panel.
//! - Banner ([`clear_spot`]): its place in order (top of the map, then lower down) until
//!   it covers no prompt or window.
//! - Labels ([`place_labels`]): by priority (the acting unit, the selected one, the one
//!   under the pointer), each above its token, else below it, else shortened above it.

use bevy::math::{Rect, Vec2};

/// The tooltip's narrowest width, in points: words wrap inside it, never letters.
pub const TIP_MIN: f32 = 240.0;
/// Its widest.
pub const TIP_MAX: f32 = 360.0;
/// How far from the pointer it stands.
pub const TIP_GAP: f32 = 16.0;

/// The tooltip's width in a window `screen` wide (points): [`TIP_MAX`], narrower in a
/// narrow window, never under [`TIP_MIN`] (nor wider than the window).
pub fn tooltip_width(screen: Rect) -> f32 {
    (screen.width() * 0.4)
        .clamp(TIP_MIN, TIP_MAX)
        .min(screen.width())
}

/// Where the tooltip's top-left corner goes: a box of `size` next to `pointer`, on
/// `screen`, off every rectangle of `avoid` (the side panel, windows) when a place allows.
/// Tried in order: right-below, left-below, right-above, left-above; none free: the first
/// one, shifted onto the screen.
pub fn tooltip_at(pointer: Vec2, size: Vec2, screen: Rect, avoid: &[Rect]) -> Vec2 {
    let g = TIP_GAP;
    let places = [
        pointer + Vec2::new(g, g),
        pointer + Vec2::new(-g - size.x, g),
        pointer + Vec2::new(g, -g - size.y),
        pointer + Vec2::new(-g - size.x, -g - size.y),
    ];
    let fits = |p: Vec2| {
        let r = Rect::from_corners(p, p + size);
        on_screen(r, screen) && !avoid.iter().any(|a| overlaps(*a, r))
    };
    match places.iter().find(|p| fits(**p)) {
        Some(p) => *p,
        None => {
            // On screen at least (and never past the left or top edge).
            let free = screen_left_of(screen, avoid, pointer);
            clamp_into(places[0], size, free)
        }
    }
}

/// The first place in `places` (top-left corners) where a box of `size` is on `screen`
/// and overlaps none of `avoid`; none free: the last one, on screen.
pub fn clear_spot(places: &[Vec2], size: Vec2, screen: Rect, avoid: &[Rect]) -> Vec2 {
    for p in places {
        let r = Rect::from_corners(*p, *p + size);
        if on_screen(r, screen) && !avoid.iter().any(|a| overlaps(*a, r)) {
            return *p;
        }
    }
    clamp_into(places.last().copied().unwrap_or(screen.min), size, screen)
}

/// A label to place: its anchor (the token's centre), the token's radius, its text, its
/// priority (lower places first).
#[derive(Clone, Debug, PartialEq)]
pub struct Label<K> {
    /// Whose label.
    pub key: K,
    /// The token's centre.
    pub at: Vec2,
    /// Half the token's height: the label goes above or below it.
    pub radius: f32,
    /// The full text.
    pub text: String,
    /// Lower places first.
    pub priority: u8,
}

/// Where a label went: its centre's offset from the token's centre and the text it shows
/// (shortened with "…" when neither above nor below was free).
#[derive(Clone, Debug, PartialEq)]
pub struct Placed<K> {
    /// Whose label.
    pub key: K,
    /// From the token's centre to the label's centre (y up, world units).
    pub offset: Vec2,
    /// What it shows.
    pub text: String,
}

/// Place labels (world units, y up) so that no two overlap: by priority, each above its
/// token, else below it, else above it shortened to what fits beside the labels already
/// there (at least 3 letters and "…"). `char_w` and `line_h`: a letter's width and a
/// line's height at the labels' font size. Tokens of labels are not avoided (a label
/// stands over its own token's rim).
pub fn place_labels<K: Clone>(labels: &[Label<K>], char_w: f32, line_h: f32) -> Vec<Placed<K>> {
    let mut order: Vec<&Label<K>> = labels.iter().collect();
    order.sort_by_key(|l| l.priority);
    let mut taken: Vec<Rect> = Vec::new();
    let mut out = Vec::new();
    // Half a letter of room on each side: names that only touch still read as one.
    let box_at = |centre: Vec2, chars: usize| {
        let half = Vec2::new((chars as f32 + 1.0) * char_w / 2.0, line_h / 2.0);
        Rect::from_corners(centre - half, centre + half)
    };
    for l in order {
        let n = l.text.chars().count();
        let above = Vec2::new(0.0, l.radius + line_h / 2.0 + 1.0);
        let below = Vec2::new(0.0, -l.radius - line_h / 2.0 - 6.0);
        let mut placed = None;
        for off in [above, below] {
            let r = box_at(l.at + off, n);
            if !taken.iter().any(|t| overlaps(*t, r)) {
                placed = Some((off, l.text.clone(), r));
                break;
            }
        }
        let (off, text, r) = placed.unwrap_or_else(|| {
            // Shorten it above until it fits (keeping at least 3 letters).
            let mut k = n.saturating_sub(1);
            loop {
                let text: String = l.text.chars().take(k).chain(['…']).collect();
                let r = box_at(l.at + above, k + 1);
                if k <= 3 || !taken.iter().any(|t| overlaps(*t, r)) {
                    break (above, text, r);
                }
                k -= 1;
            }
        });
        taken.push(r);
        out.push(Placed {
            key: l.key.clone(),
            offset: off,
            text,
        });
    }
    out
}

/// Do two rectangles overlap (more than touching)?
pub fn overlaps(a: Rect, b: Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

fn on_screen(r: Rect, screen: Rect) -> bool {
    r.min.x >= screen.min.x
        && r.min.y >= screen.min.y
        && r.max.x <= screen.max.x
        && r.max.y <= screen.max.y
}

/// The part of `screen` left of the rectangle of `avoid` that starts right of `pointer`
/// (the side panel), or the whole screen.
fn screen_left_of(screen: Rect, avoid: &[Rect], pointer: Vec2) -> Rect {
    let right = avoid
        .iter()
        .filter(|a| a.min.x > pointer.x && a.min.y <= screen.min.y + 1.0)
        .map(|a| a.min.x)
        .fold(screen.max.x, f32::min);
    Rect::from_corners(screen.min, Vec2::new(right, screen.max.y))
}

/// Shift a box of `size` at `p` onto `screen` (its top-left wins when it is larger).
fn clamp_into(p: Vec2, size: Vec2, screen: Rect) -> Vec2 {
    Vec2::new(
        p.x.min(screen.max.x - size.x).max(screen.min.x),
        p.y.min(screen.max.y - size.y).max(screen.min.y),
    )
}

/// The message under End turn lives while it applies (issue 31: messages stayed after
/// they stopped applying): from the frame it shows until a later command is played or
/// the turn passes to another unit, then it goes. (A message a command itself gave,
/// "Move undone.", shows with that command and goes with the next.)
#[derive(Debug, Default)]
pub struct MessageClock {
    seen: Option<(String, usize, Option<skirmish_rules::components::UnitId>)>,
}

impl MessageClock {
    /// Once a frame: remember a new message with the command count and the acting unit
    /// it came with; clear `message` when either has changed since.
    pub fn tick(
        &mut self,
        message: &mut Option<(String, bool)>,
        commands: usize,
        turn: Option<skirmish_rules::components::UnitId>,
    ) {
        let Some((m, _)) = message else {
            self.seen = None;
            return;
        };
        match &self.seen {
            Some((s, n, t)) if s == m => {
                if *n != commands || *t != turn {
                    *message = None;
                    self.seen = None;
                }
            }
            _ => self.seen = Some((m.clone(), commands, turn)),
        }
    }
}
