//! Where each value of a RON document starts, by path (`units[2].cell`).
//!
//! `ron` reports positions only for syntax errors. Once a document has parsed, this
//! small scanner walks the same text and records the line:col of every value so that
//! semantic errors (a unit on a wall, an unknown weapon) can point at the right place.
//! It is lenient: on text it does not understand it stops and keeps what it found.

use std::collections::{HashMap, HashSet};

/// A 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (in characters).
    pub col: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Positions of values by path.
#[derive(Clone, Debug, Default)]
pub struct SpanIndex {
    /// Where each value starts: its line:col and its byte offset in the text.
    map: HashMap<String, (Pos, usize)>,
}

impl SpanIndex {
    /// Scan a RON document, recording every value.
    pub fn build(src: &str) -> Self {
        Self::scan(src, None)
    }

    /// Scan a RON document, recording only the values at `paths` and their ancestors
    /// (what [`SpanIndex::pos`] falls back to): the rest is skipped without building a
    /// path, so placing a few problems in a large file stays cheap.
    pub fn build_for<'a>(src: &str, paths: impl IntoIterator<Item = &'a str>) -> Self {
        let mut wanted = HashSet::new();
        wanted.insert(String::new());
        for p in paths {
            let mut p = p.to_string();
            while let Some(cut) = p.rfind(['.', '[', '{']) {
                wanted.insert(p.clone());
                p.truncate(cut);
            }
            wanted.insert(p);
        }
        Self::scan(src, Some(wanted))
    }

    fn scan(src: &str, wanted: Option<HashSet<String>>) -> Self {
        let mut s = Scanner {
            chars: src.chars().collect(),
            i: 0,
            byte: 0,
            line: 1,
            col: 1,
            out: HashMap::new(),
            wanted,
            depth: 0,
        };
        s.skip_ws();
        // An optional struct name before the top-level value.
        let _ = s.value(Some(String::new()));
        SpanIndex { map: s.out }
    }

    /// The position of a path, or of its nearest recorded ancestor.
    pub fn pos(&self, path: &str) -> Pos {
        let mut p = path.to_string();
        loop {
            if let Some((pos, _)) = self.map.get(&p) {
                return *pos;
            }
            match p.rfind(['.', '[']) {
                Some(cut) => p.truncate(cut),
                None => {
                    return self
                        .map
                        .get("")
                        .map(|(pos, _)| *pos)
                        .unwrap_or(Pos { line: 1, col: 1 });
                }
            }
        }
    }

    /// The position of the `n`th character (from 0, as the string reads once decoded)
    /// of the string value at `path`, in `src` (the text given to [`SpanIndex::build`]).
    /// Escapes (`\"`, `\n`, `\u{..}`, `\x..`), line continuations, raw strings and
    /// line breaks inside the string are followed, so the column is the one an editor
    /// shows. Falls back to [`SpanIndex::pos`] when the path is not a string.
    pub fn char_pos(&self, src: &str, path: &str, n: usize) -> Pos {
        let Some(&(start, byte)) = self.map.get(path) else {
            return self.pos(path);
        };
        string_char_pos(src.get(byte..).unwrap_or(""), start, n).unwrap_or(start)
    }
}

/// Walk a string literal at the start of `s` (which begins at `start`) to its `n`th
/// decoded character.
fn string_char_pos(s: &str, start: Pos, n: usize) -> Option<Pos> {
    let mut it = s.chars().peekable();
    let mut pos = start;
    let step = |pos: &mut Pos, c: char| {
        if c == '\n' {
            pos.line += 1;
            pos.col = 1;
        } else {
            pos.col += 1;
        }
    };
    let raw = match it.next()? {
        '"' => None,
        'r' => {
            let mut hashes = 0;
            while it.next_if_eq(&'#').is_some() {
                hashes += 1;
            }
            if it.next()? != '"' {
                return None;
            }
            pos.col += hashes + 1;
            Some(hashes)
        }
        _ => return None,
    };
    pos.col += 1;
    let mut k = 0;
    loop {
        let here = pos;
        let c = it.next()?;
        step(&mut pos, c);
        match (c, raw) {
            ('"', None) => return None,
            ('"', Some(h)) => {
                let mut ahead = it.clone();
                if (0..h).all(|_| ahead.next() == Some('#')) {
                    return None;
                }
            }
            ('\\', None) => {
                let e = it.next()?;
                step(&mut pos, e);
                match e {
                    // A line continuation: no character.
                    '\n' | '\r' => {
                        if e == '\r'
                            && let Some(c) = it.next_if_eq(&'\n')
                        {
                            step(&mut pos, c);
                        }
                        while let Some(c) = it.next_if(|c| matches!(c, ' ' | '\t' | '\n' | '\r')) {
                            step(&mut pos, c);
                        }
                        continue;
                    }
                    'u' => {
                        for c in it.by_ref() {
                            step(&mut pos, c);
                            if c == '}' {
                                break;
                            }
                        }
                    }
                    'x' => {
                        // One to four `\xHH` make one character.
                        let mut bytes = Vec::new();
                        loop {
                            let hex: String = (0..2).filter_map(|_| it.next()).collect();
                            hex.chars().for_each(|c| step(&mut pos, c));
                            bytes.push(u8::from_str_radix(&hex, 16).ok()?);
                            if std::str::from_utf8(&bytes).is_ok() || bytes.len() == 4 {
                                break;
                            }
                            let mut ahead = it.clone();
                            if ahead.next() != Some('\\') || ahead.next() != Some('x') {
                                break;
                            }
                            for c in it.by_ref().take(2) {
                                step(&mut pos, c);
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        if k == n {
            return Some(here);
        }
        k += 1;
    }
}

struct Scanner {
    chars: Vec<char>,
    i: usize,
    byte: usize,
    line: usize,
    col: usize,
    out: HashMap<String, (Pos, usize)>,
    /// Record only these paths (all when `None`).
    wanted: Option<HashSet<String>>,
    depth: usize,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        self.byte += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn skip_ws(&mut self) {
        let end = self.trivia_end(self.i);
        while self.i < end {
            self.bump();
        }
    }

    /// Where the whitespace, comments (`//`, nested `/* */`) and `#![..]` attributes
    /// that start at `k` end.
    fn trivia_end(&self, mut k: usize) -> usize {
        let at = |k: usize| self.chars.get(k).copied();
        loop {
            match (at(k), at(k + 1)) {
                (Some(c), _) if c.is_whitespace() => k += 1,
                (Some('/'), Some('/')) => {
                    while let Some(c) = at(k) {
                        k += 1;
                        if c == '\n' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    // Block comments nest, as in Rust and RON.
                    k += 2;
                    let mut depth = 1;
                    while depth > 0 {
                        match (at(k), at(k + 1)) {
                            (None, _) => return k,
                            (Some('/'), Some('*')) => {
                                depth += 1;
                                k += 2;
                            }
                            (Some('*'), Some('/')) => {
                                depth -= 1;
                                k += 2;
                            }
                            _ => k += 1,
                        }
                    }
                }
                (Some('#'), Some('!')) => {
                    while let Some(c) = at(k) {
                        k += 1;
                        if c == ']' {
                            break;
                        }
                    }
                }
                _ => return k,
            }
        }
    }

    /// Skip an identifier; its characters.
    fn ident(&mut self) -> std::ops::Range<usize> {
        let start = self.i;
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                self.bump();
            } else {
                break;
            }
        }
        start..self.i
    }

    fn is(&self, r: &std::ops::Range<usize>, word: &str) -> bool {
        self.chars[r.clone()].iter().copied().eq(word.chars())
    }

    /// `path` if it is to be recorded.
    fn keep(&self, path: String) -> Option<String> {
        match &self.wanted {
            Some(w) if !w.contains(&path) => None,
            _ => Some(path),
        }
    }

    fn string(&mut self, quote: char) -> Option<()> {
        self.bump();
        loop {
            match self.bump()? {
                '\\' => {
                    self.bump()?;
                }
                c if c == quote => return Some(()),
                _ => {}
            }
        }
    }

    /// Is the text at the cursor `ident ws* :` (a struct field name)?
    fn at_field(&self) -> Option<(std::ops::Range<usize>, usize)> {
        let mut k = self.i;
        while let Some(&c) = self.chars.get(k) {
            if c.is_alphanumeric() || c == '_' {
                k += 1;
            } else {
                break;
            }
        }
        let name = self.i..k;
        if name.is_empty() || self.chars[self.i].is_ascii_digit() {
            return None;
        }
        // Whitespace and comments may stand between a field name and its colon.
        let k = self.trivia_end(k);
        (self.chars.get(k) == Some(&':') && self.chars.get(k + 1) != Some(&':'))
            .then_some((name, k + 1))
    }

    /// Scan one value; record it (and what it holds) under `path` unless `None`.
    fn value(&mut self, path: Option<String>) -> Option<()> {
        self.depth += 1;
        if self.depth > 256 {
            return None;
        }
        self.skip_ws();
        if let Some(p) = &path {
            let here = (self.pos(), self.byte);
            self.out.entry(p.clone()).or_insert(here);
        }
        let r = match self.peek()? {
            '(' => self.seq(&path, ')'),
            '[' => self.seq(&path, ']'),
            '{' => self.map(&path),
            '"' => self.string('"'),
            '\'' => self.string('\''),
            c if c.is_alphabetic() || c == '_' => {
                let id = self.ident();
                if self.is(&id, "r") && matches!(self.peek(), Some('"') | Some('#')) {
                    // Raw string: r"..." or r#"..."#
                    let mut hashes = 0;
                    while self.peek() == Some('#') {
                        hashes += 1;
                        self.bump();
                    }
                    self.bump();
                    'outer: while let Some(c) = self.bump() {
                        if c == '"' {
                            for _ in 0..hashes {
                                if self.peek() != Some('#') {
                                    continue 'outer;
                                }
                                self.bump();
                            }
                            break;
                        }
                    }
                    Some(())
                } else {
                    self.skip_ws();
                    match self.peek() {
                        // `Some(x)` keeps the path of its content.
                        Some('(') if self.is(&id, "Some") => {
                            self.bump();
                            self.value(path.clone())?;
                            self.skip_ws();
                            if self.peek() == Some(',') {
                                self.bump();
                                self.skip_ws();
                            }
                            (self.bump()? == ')').then_some(())
                        }
                        Some('(') => self.seq(&path, ')'),
                        _ => Some(()),
                    }
                }
            }
            _ => {
                // Number, bool or anything atomic.
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || matches!(c, ',' | ')' | ']' | '}' | ':') {
                        break;
                    }
                    self.bump();
                }
                Some(())
            }
        };
        self.depth -= 1;
        r
    }

    fn seq(&mut self, path: &Option<String>, close: char) -> Option<()> {
        self.bump();
        let mut index = 0;
        loop {
            self.skip_ws();
            if self.peek()? == close {
                self.bump();
                return Some(());
            }
            if close == ')'
                && let Some((name, after)) = self.at_field()
            {
                let p = path.as_ref().and_then(|path| {
                    let name: String = self.chars[name].iter().collect();
                    self.keep(if path.is_empty() {
                        name
                    } else {
                        format!("{path}.{name}")
                    })
                });
                while self.i < after {
                    self.bump();
                }
                self.value(p)?;
            } else {
                let p = path
                    .as_ref()
                    .and_then(|path| self.keep(format!("{path}[{index}]")));
                self.value(p)?;
                index += 1;
            }
            self.skip_ws();
            match self.peek()? {
                ',' => {
                    self.bump();
                }
                c if c == close => {}
                _ => return None,
            }
        }
    }

    fn map(&mut self, path: &Option<String>) -> Option<()> {
        self.bump();
        loop {
            self.skip_ws();
            if self.peek()? == '}' {
                self.bump();
                return Some(());
            }
            // Key: record it under `path{key}`.
            let start = self.i;
            let p = path
                .as_ref()
                .and_then(|path| self.keep(format!("{path}{{}}")));
            self.value(p)?;
            let p = path.as_ref().and_then(|path| {
                let key: String = self.chars[start..self.i].iter().collect();
                let key = key.trim().trim_matches(['"', '\'']);
                self.keep(format!("{path}{{{key}}}"))
            });
            self.skip_ws();
            if self.bump()? != ':' {
                return None;
            }
            self.value(p)?;
            self.skip_ws();
            match self.peek()? {
                ',' => {
                    self.bump();
                }
                '}' => {}
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_paths() {
        let src = "Level(\n  name: \"x\",\n  units: [\n    Unit(name: \"a\", cell: (1, 2)),\n    Unit(name: \"b\",\n      cell: (3, 4)),\n  ],\n  legend: {'#': Wall},\n)";
        let ix = SpanIndex::build(src);
        assert_eq!(ix.pos("name"), Pos { line: 2, col: 9 });
        assert_eq!(ix.pos("units[0].cell"), Pos { line: 4, col: 27 });
        assert_eq!(ix.pos("units[1].cell"), Pos { line: 6, col: 13 });
        assert_eq!(ix.pos("units[1].weapons"), Pos { line: 5, col: 5 });
        assert_eq!(ix.pos("legend{#}"), Pos { line: 8, col: 17 });
    }

    #[test]
    fn a_filtered_index_places_what_it_was_asked_for_the_same() {
        let src = "Level(\n  name: \"x\",\n  units: [\n    Unit(name: \"a\", cell: (1, 2)),\n    Unit(name: \"b\",\n      cell: (3, 4)),\n  ],\n  legend: {'#': Wall},\n  arch: {\"j\": (weapons: [\"w\"])},\n)";
        let all = SpanIndex::build(src);
        let paths = [
            "units[1].cell",
            "units[0].weapons[2]",
            "legend{#}",
            "arch{j}.weapons[0]",
            "nothing.here",
        ];
        let some = SpanIndex::build_for(src, paths);
        for p in paths {
            assert_eq!(some.pos(p), all.pos(p), "{p}");
        }
        assert_eq!(some.pos("arch{j}.weapons[0]"), Pos { line: 9, col: 26 });
        assert!(some.map.len() < all.map.len());
    }

    #[test]
    fn nested_comments_are_skipped_whole() {
        let src = "(\n  /* a /* nested */ comment */ map: [\n    \"..X\"],\n  b: 1)";
        let ix = SpanIndex::build(src);
        assert_eq!(ix.pos("map[0]"), Pos { line: 3, col: 5 });
        assert_eq!(ix.pos("b"), Pos { line: 4, col: 6 });
        assert_eq!(ix.char_pos(src, "map[0]", 2), Pos { line: 3, col: 8 });
    }

    #[test]
    fn a_comment_may_stand_before_a_colon() {
        let src = "(map /* rows */ : [\".X\"], b // why\n : 2)";
        let ix = SpanIndex::build(src);
        assert_eq!(ix.pos("map[0]"), Pos { line: 1, col: 20 });
        assert_eq!(ix.pos("b"), Pos { line: 2, col: 4 });
    }

    #[test]
    fn characters_of_a_string_are_placed_past_escapes() {
        let src = "(m: [\"\\\"X\", \".\\nY\", \"\\u{2e}Z\", \"\\xc3\\xa9W\", r#\"\"V\"#, \"a\\\n   bU\", \"\nT\"])";
        let ix = SpanIndex::build(src);
        let at = |i: usize, n: usize| ix.char_pos(src, &format!("m[{i}]"), n);
        // `"\"X"`: the escape is one character, X the second.
        assert_eq!(at(0, 0), Pos { line: 1, col: 7 });
        assert_eq!(at(0, 1), Pos { line: 1, col: 9 });
        assert_eq!(at(1, 2), Pos { line: 1, col: 17 });
        assert_eq!(at(2, 1), Pos { line: 1, col: 28 });
        assert_eq!(at(3, 1), Pos { line: 1, col: 41 });
        // Raw string: no escapes, the opening `r#"` is three columns.
        assert_eq!(at(4, 1), Pos { line: 1, col: 49 });
        // A line continuation: `b` is on the next line, after the skipped spaces.
        assert_eq!(at(5, 1), Pos { line: 2, col: 4 });
        assert_eq!(at(5, 2), Pos { line: 2, col: 5 });
        // A line break inside the string.
        assert_eq!(at(6, 1), Pos { line: 3, col: 1 });
        // Past the end: the string's start.
        assert_eq!(at(0, 9), Pos { line: 1, col: 6 });
    }
}
