//! The loader's words: echoing user text, lists of names, RON errors in the game's words.

/// User text as a message shows it: [`crate::shown::name`] (control characters
/// escaped, at most [`super::ECHO_CHARS`] characters, cut with `…`).
pub fn echo(s: &str) -> String {
    crate::shown::name(s)
}

/// A list of names for a message: each echoed, at most 16, then how many more.
pub(super) fn name_list<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    const SHOWN: usize = 16;
    let total = names.len();
    let mut v: Vec<String> = names.take(SHOWN).map(echo).collect();
    if total > SHOWN {
        v.push(format!("and {} more", total - SHOWN));
    }
    v.join(", ")
}

/// The RON parser's complaint in the game's words: what the file needs here.
pub(super) fn syntax_message(e: &ron::Error) -> String {
    use ron::Error as E;
    // What a struct is called, and how it is written.
    let noun = |name: &str| match name {
        "Level" => "the level".to_string(),
        "Side" => "this side".to_string(),
        "Unit" => "this unit".to_string(),
        _ => "this entry".to_string(),
    };
    // How a struct opens, and what the file needs there.
    let form = |name: &str| match name {
        "Level" => (
            "`Level(`".to_string(),
            " (a level file holds one `Level( … )`)",
        ),
        "Side" => (
            "`Side(`".to_string(),
            " (a side: `Side(name: \"…\", colour: \"#rrggbb\")`)",
        ),
        "Unit" => (
            "`Unit(`".to_string(),
            " (a unit: `Unit(name: \"…\", side: \"…\", cell: (x, y), archetype: \"…\")`)",
        ),
        "" => ("`(`".to_string(), ""),
        n => (format!("`{}(`", echo(n)), ""),
    };
    let number = |t: &str| match t {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize" => {
            "a whole number".to_string()
        }
        t => echo(t),
    };
    let of_outer = |o: &Option<String>| noun(o.as_deref().unwrap_or(""));
    match e {
        E::Eof => {
            "the file ends too early: something opened here is not closed (`)`, `]`, `}` or `\"`)"
                .into()
        }
        E::ExpectedArray => "a list is needed here: `[ … ]`".into(),
        E::ExpectedArrayEnd => "the list needs a `,` between items or a `]` to close it".into(),
        E::ExpectedComma => "a `,` is needed between two entries".into(),
        E::ExpectedMap => "a table is needed here: `{ key: value, … }`".into(),
        E::ExpectedMapColon => "a `:` is needed between a key and its value".into(),
        E::ExpectedMapEnd => "the table needs a `,` between entries or a `}` to close it".into(),
        E::ExpectedStructLike => "a `(` is needed here".into(),
        E::ExpectedNamedStructLike(name) => {
            let (open, what) = form(name);
            format!("expected {open} here{what}")
        }
        E::ExpectedStructLikeEnd | E::ExpectedOptionEnd => {
            "a `,` between fields or a `)` to close is needed here".into()
        }
        E::ExpectedDifferentStructName { expected, found } => {
            let (open, what) = form(expected);
            format!("expected {open} here, not `{}(`{what}", echo(found))
        }
        E::ExpectedString => "text in double quotes is needed here: `\"…\"`".into(),
        E::ExpectedStringEnd => "this text has no closing `\"`".into(),
        E::ExpectedChar => "one character in single quotes is needed here: `'#'`".into(),
        E::ExpectedInteger => "a whole number is needed here".into(),
        E::ExpectedFloat => "a number is needed here".into(),
        E::ExpectedBoolean => "`true` or `false` is needed here".into(),
        E::ExpectedIdentifier => {
            "a name is needed here (a field such as `name:` or a value such as `Wall`)".into()
        }
        E::ExpectedUnit | E::ExpectedOption => "a value is needed here".into(),
        E::IntegerOutOfBounds => "this number is too large (or too small) for this field".into(),
        E::InvalidIntegerDigit { digit, base } => format!(
            "`{}` is not a digit of a base-{base} number",
            echo(&digit.to_string())
        ),
        E::FloatUnderscore | E::UnderscoreAtBeginning => "a number cannot start with `_`".into(),
        E::InvalidEscape(why) => format!(
            "bad escape in text ({}); allowed: `\\\"`, `\\\\`, `\\n`, `\\t`, `\\u{{…}}`",
            why.to_lowercase()
        ),
        E::UnclosedBlockComment => "this `/*` comment is never closed with `*/`".into(),
        E::UnclosedLineComment => "this comment runs to the end of the file".into(),
        E::UnexpectedChar(c) => format!("unexpected `{}` here", echo(&c.to_string())),
        E::TrailingCharacters => {
            "text after the end of the level: the file holds one `Level( … )` and nothing after it"
                .into()
        }
        E::InvalidValueForType { expected, found } => {
            format!("{} is needed here, not {}", number(expected), echo(found))
        }
        E::ExpectedDifferentLength { expected, found } => {
            format!("{} is needed here, not {found} values", echo(expected))
        }
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown value `{}`{}{} (known: {})",
            echo(found),
            outer
                .as_deref()
                .map(|o| format!(" for {}", echo(o)))
                .unwrap_or_default(),
            super::suggest::did_you_mean(found, expected.iter().copied()),
            name_list(expected.iter().copied())
        ),
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{}` in {}{} (known: {})",
            echo(found),
            of_outer(outer),
            super::suggest::did_you_mean(found, expected.iter().copied()),
            name_list(expected.iter().copied())
        ),
        E::MissingStructField { field, outer: o } => {
            format!("{} needs a `{field}:` field", of_outer(o))
        }
        E::DuplicateStructField { field, outer: o } => {
            format!("`{field}:` is given twice in {}", of_outer(o))
        }
        E::ExceededRecursionLimit => "too deeply nested".into(),
        E::Message(m) => echo_long(m),
        other => echo_long(&format!("not a valid level here: {other}")),
    }
}

/// A message that may quote the file: [`crate::shown::message`].
pub(super) fn echo_long(m: &str) -> String {
    crate::shown::message(m)
}
