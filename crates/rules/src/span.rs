//! Where each value of a RON document starts, by path (`units[2].cell`).
//!
//! `ron` reports positions only for syntax errors. Once a document has parsed, this
//! small scanner walks the same text and records the line:col of every value so that
//! semantic errors (a unit on a wall, an unknown weapon) can point at the right place.
//! It is lenient: on text it does not understand it stops and keeps what it found.

use std::collections::HashMap;

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
    map: HashMap<String, Pos>,
}

impl SpanIndex {
    /// Scan a RON document.
    pub fn build(src: &str) -> Self {
        let mut s = Scanner {
            chars: src.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
            out: HashMap::new(),
            depth: 0,
        };
        s.skip_ws();
        // An optional struct name before the top-level value.
        let _ = s.value(String::new());
        SpanIndex { map: s.out }
    }

    /// The position of a path, or of its nearest recorded ancestor.
    pub fn pos(&self, path: &str) -> Pos {
        let mut p = path.to_string();
        loop {
            if let Some(pos) = self.map.get(&p) {
                return *pos;
            }
            match p.rfind(['.', '[']) {
                Some(cut) => p.truncate(cut),
                None => return self.map.get("").copied().unwrap_or(Pos { line: 1, col: 1 }),
            }
        }
    }
}

struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    out: HashMap<String, Pos>,
    depth: usize,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
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
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    while let Some(c) = self.bump() {
                        if c == '*' && self.peek() == Some('/') {
                            self.bump();
                            break;
                        }
                    }
                }
                (Some('#'), Some('!')) => {
                    while let Some(c) = self.bump() {
                        if c == ']' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
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
    fn at_field(&self) -> Option<(String, usize)> {
        let mut k = self.i;
        let mut name = String::new();
        while let Some(&c) = self.chars.get(k) {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                k += 1;
            } else {
                break;
            }
        }
        if name.is_empty() || name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            return None;
        }
        while self.chars.get(k).is_some_and(|c| c.is_whitespace()) {
            k += 1;
        }
        (self.chars.get(k) == Some(&':') && self.chars.get(k + 1) != Some(&':'))
            .then_some((name, k + 1))
    }

    fn value(&mut self, path: String) -> Option<()> {
        self.depth += 1;
        if self.depth > 256 {
            return None;
        }
        self.skip_ws();
        let here = self.pos();
        self.out.entry(path.clone()).or_insert(here);
        let r = match self.peek()? {
            '(' => self.seq(&path, ')'),
            '[' => self.seq(&path, ']'),
            '{' => self.map(&path),
            '"' => self.string('"'),
            '\'' => self.string('\''),
            c if c.is_alphabetic() || c == '_' => {
                let id = self.ident();
                if id == "r" && matches!(self.peek(), Some('"') | Some('#')) {
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
                        Some('(') if id == "Some" => {
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

    fn seq(&mut self, path: &str, close: char) -> Option<()> {
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
                while self.i < after {
                    self.bump();
                }
                let p = if path.is_empty() {
                    name
                } else {
                    format!("{path}.{name}")
                };
                self.value(p)?;
            } else {
                self.value(format!("{path}[{index}]"))?;
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

    fn map(&mut self, path: &str) -> Option<()> {
        self.bump();
        loop {
            self.skip_ws();
            if self.peek()? == '}' {
                self.bump();
                return Some(());
            }
            // Key: record it under `path{key}`.
            let start = self.i;
            self.value(format!("{path}{{}}"))?;
            let key: String = self.chars[start..self.i]
                .iter()
                .collect::<String>()
                .trim()
                .trim_matches(['"', '\''])
                .to_string();
            self.skip_ws();
            if self.bump()? != ':' {
                return None;
            }
            self.value(format!("{path}{{{key}}}"))?;
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
}
