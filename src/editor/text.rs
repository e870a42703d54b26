//! Reading a level file's text into fields as written: `key: value` pairs at the top of a
//! `Name( … )` and the items of a `[ … ]`, each value kept as its own text. Strings (plain
//! and raw), char literals and comments are skipped over, so a `,` or a `)` inside them
//! splits nothing. What the editor does not model is carried through as this text.

/// The leading comment lines of `src` (a level's header), each with its newline.
pub fn header(src: &str) -> String {
    let mut out = String::new();
    for line in src.lines() {
        let t = line.trim_start();
        if t.starts_with("//") || (t.is_empty() && !out.is_empty()) {
            out.push_str(line.trim_end());
            out.push('\n');
        } else if !t.is_empty() {
            break;
        }
    }
    // Blank lines at its end are the writer's.
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// Byte index past the string, char or comment that starts at `i`, if one does.
fn skip(b: &[u8], i: usize) -> Option<usize> {
    let at = |k: usize| b.get(k).copied();
    match at(i)? {
        b'"' => {
            let mut k = i + 1;
            while k < b.len() {
                match b[k] {
                    b'\\' => k += 2,
                    b'"' => return Some(k + 1),
                    _ => k += 1,
                }
            }
            Some(b.len())
        }
        b'r' if matches!(at(i + 1), Some(b'"' | b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
        {
            let mut k = i + 1;
            let mut hashes = 0;
            while at(k) == Some(b'#') {
                hashes += 1;
                k += 1;
            }
            if at(k) != Some(b'"') {
                return None;
            }
            k += 1;
            while k < b.len() {
                if b[k] == b'"'
                    && b[k + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == b'#')
                        .count()
                        == hashes
                {
                    return Some(k + 1 + hashes);
                }
                k += 1;
            }
            Some(b.len())
        }
        b'\'' => {
            // 'x' or '\''; a char is at most 4 bytes.
            let mut k = i + 1;
            if at(k) == Some(b'\\') {
                k += 1;
            }
            k += 1;
            while k < b.len() && k <= i + 6 {
                if b[k] == b'\'' {
                    return Some(k + 1);
                }
                k += 1;
            }
            None
        }
        b'/' if at(i + 1) == Some(b'/') => {
            let mut k = i;
            while k < b.len() && b[k] != b'\n' {
                k += 1;
            }
            Some(k)
        }
        b'/' if at(i + 1) == Some(b'*') => {
            let mut k = i + 2;
            while k + 1 < b.len() && !(b[k] == b'*' && b[k + 1] == b'/') {
                k += 1;
            }
            Some((k + 2).min(b.len()))
        }
        _ => None,
    }
}

/// The parts of `body` separated by `,` at its top level (not inside brackets, strings
/// or comments), trimmed, empty ones (a trailing comma) left out. Comments between
/// parts are dropped.
pub fn split_top(body: &str) -> Vec<String> {
    let b = body.as_bytes();
    let mut parts = Vec::new();
    let mut cur = String::new();
    let (mut depth, mut i, mut from) = (0i32, 0usize, 0usize);
    let flush = |cur: &mut String, parts: &mut Vec<String>| {
        let t = strip_comments(cur.trim());
        if !t.is_empty() {
            parts.push(t);
        }
        cur.clear();
    };
    while i < b.len() {
        if let Some(end) = skip(b, i) {
            i = end;
            continue;
        }
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                cur.push_str(&body[from..i]);
                flush(&mut cur, &mut parts);
                from = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    cur.push_str(&body[from..]);
    flush(&mut cur, &mut parts);
    parts
}

/// `text` without whole-line comments at its start and end (a comment before an item
/// belongs to the file, not the item).
fn strip_comments(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let keep = |l: &&str| !l.trim_start().starts_with("//");
    let first = lines.iter().position(keep);
    let last = lines.iter().rposition(keep);
    match (first, last) {
        (Some(a), Some(z)) => lines[a..=z].join("\n").trim().to_string(),
        _ => String::new(),
    }
}

/// `Name( body )` or `( body )` or `[ body ]`: the name (may be empty) and the body, when
/// `text` is one such value.
pub fn open(text: &str) -> Option<(&str, &str)> {
    let t = text.trim();
    let (name, rest) = match t.find(['(', '[']) {
        Some(k) => (t[..k].trim(), &t[k..]),
        None => return None,
    };
    let close = match rest.as_bytes().first()? {
        b'(' => ')',
        _ => ']',
    };
    let inner = rest.strip_suffix(close)?;
    Some((name, &inner[1..]))
}

/// `key: value` split at its first top-level `:`.
pub fn key_value(part: &str) -> Option<(String, String)> {
    let k = part.find(':')?;
    let key = part[..k].trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((key.to_string(), part[k + 1..].trim().to_string()))
}

/// The fields of a `Name( … )` value, as written.
pub fn fields(text: &str) -> Option<(String, Vec<(String, String)>)> {
    let (name, body) = open(text)?;
    let mut out = Vec::new();
    for p in split_top(body) {
        out.push(key_value(&p)?);
    }
    Some((name.to_string(), out))
}

/// The document's one top-level value, without the comments around it.
pub fn document(src: &str) -> String {
    let b = src.as_bytes();
    let mut i = 0;
    let mut out = String::new();
    while i < b.len() {
        if (b[i] == b'/')
            && let Some(end) = skip(b, i)
        {
            i = end;
            continue;
        }
        match skip(b, i) {
            Some(end) => {
                out.push_str(&src[i..end]);
                i = end;
            }
            None => {
                let ch = src[i..].chars().next().unwrap_or(' ');
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    out.trim().to_string()
}

/// A string as RON writes it (quoted, escaped).
pub fn quoted(s: &str) -> String {
    ron::to_string(&s).unwrap_or_else(|_| format!("{s:?}"))
}

/// `text` with every line after the first indented by `by` more spaces (a value carried
/// through, put back at a deeper place).
pub fn reindent(text: &str, by: &str) -> String {
    let mut lines = text.lines();
    let mut out = lines.next().unwrap_or("").to_string();
    for l in lines {
        out.push('\n');
        if !l.is_empty() {
            out.push_str(by);
        }
        out.push_str(l);
    }
    out
}
