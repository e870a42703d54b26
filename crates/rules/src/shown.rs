//! User text in messages, shown one way everywhere (issue 33): a unit's name from a
//! script or a level, a file's path, a quotation of a file. Control characters (and the
//! bidirectional overrides and the byte order mark) are escaped (`\n`, `\u{1b}`), so a
//! message stays one line and cannot move the terminal's cursor; a long text is cut with
//! `…` past a documented length (docs/reliability.md, "Names in messages"), so a 10 MB
//! name gives a short line.

use std::path::Path;

/// Longest name shown, in characters (escapes counted as they are shown).
pub const NAME_CHARS: usize = 60;

/// Longest path shown, in characters: a longer one keeps its end (the file's name) after
/// `…`.
pub const PATH_CHARS: usize = 200;

/// Longest whole message built around quotations ([`message`]), in characters.
pub const MESSAGE_CHARS: usize = 4 * NAME_CHARS;

/// Longest message that lists what would do (a script's RON error naming every
/// reaction), in characters ([`message_within`]).
pub const LIST_CHARS: usize = 1000;

/// Is `c` shown escaped?
fn hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// Each character as it is shown: escaped when [`hidden`].
fn pieces(s: &str) -> impl DoubleEndedIterator<Item = String> + '_ {
    s.chars().map(|c| {
        if hidden(c) {
            c.escape_default().collect()
        } else {
            c.to_string()
        }
    })
}

/// Take pieces until `max` characters; `None` when all fit.
fn cut(pieces: impl Iterator<Item = String>, max: usize) -> (Vec<String>, bool) {
    let mut out = Vec::new();
    let mut n = 0;
    for p in pieces {
        let k = p.chars().count();
        if n + k > max {
            return (out, true);
        }
        n += k;
        out.push(p);
    }
    (out, false)
}

/// The one way a piece of user text is shown: control characters escaped, at most
/// `max` characters, cut with `…` (the `…` not counted).
pub fn text(s: &str, max: usize) -> String {
    let (kept, more) = cut(pieces(s), max);
    let mut out = kept.concat();
    if more {
        out.push('…');
    }
    out
}

/// A name (a unit's, a side's, a level's) as a message shows it: [`text`] of at most
/// [`NAME_CHARS`] characters.
pub fn name(s: &str) -> String {
    text(s, NAME_CHARS)
}

/// A path as a message shows it: not UTF-8 replaced (`�`), control characters escaped,
/// at most [`PATH_CHARS`] characters, the end kept (`…/levels/x.ron`).
pub fn path(p: &Path) -> String {
    let s = p.to_string_lossy();
    let (kept, more) = cut(pieces(&s).rev(), PATH_CHARS);
    let mut out: String = kept.into_iter().rev().collect();
    if more {
        out.insert(0, '…');
    }
    out
}

/// A message that may quote user text between backticks (`` unknown field `x` ``):
/// each quotation shown as a [`name`], control characters escaped everywhere, the whole
/// at most [`MESSAGE_CHARS`] characters.
pub fn message(m: &str) -> String {
    message_within(m, MESSAGE_CHARS)
}

/// [`message`] with the whole at most `max` characters (each quotation still a
/// [`name`]).
pub fn message_within(m: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, part) in m.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        out.push_str(&if i % 2 == 1 {
            name(part)
        } else {
            part.to_string()
        });
    }
    text(&out, max)
}
