#!/usr/bin/env python3
"""Layer check for the rules crate and the game (issue 28).

Reads every `crate::…`, `super::…` and `self::…` path in the Rust sources of
`crates/rules/src` and `src`, resolves each to the module file it names, and fails on
  1. any import circle (strongly connected set of files) that spans more than one folder
     (a circle inside one folder, e.g. inside `rulesets/flow/`, is fine);
  2. any ruleset id or ruleset module named outside `rulesets/<id>/` and the registry
     (`rulesets/mod.rs` of the rules crate).
Usage: tools/check_layers.py [--graph] [ROOT]   (ROOT: the repository, default: here)
Exit 0 when clean, 1 with one line per problem otherwise.
"""
import os
import re
import sys

RULESETS = ["flow", "tactical_d20", "escalation", "melee_zone", "counters", "duel"]
RULESET_IDS = ["flow", "tactical-d20", "escalation", "melee-zone", "counters"]


def strip_comments_and_strings(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == '"' or (c == "r" and re.match(r'r#*"', text[i:i + 4]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))):
            if c == "r":
                m = re.match(r'r(#*)"', text[i:])
                close = '"' + m.group(1)
                j = text.find(close, i + len(m.group(0)))
                i = n if j < 0 else j + len(close)
            else:
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
            out.append('""')
        elif c == "'" and i + 2 < n and (text[i + 2] == "'" or (text[i + 1] == "\\" and "'" in text[i + 2:i + 12])):
            j = text.find("'", i + 2 if text[i + 1] != "\\" else i + 3)
            i = j + 1
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_test_modules(text):
    """Leave out `#[cfg(test)] mod … { … }` blocks (their `super::*` is the file itself)."""
    m = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
    if not m:
        return text
    depth, i = 0, m.end() - 1
    while i < len(text):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[:m.start()] + drop_test_modules(text[i + 1:])
        i += 1
    return text[:m.start()]


def strings_of(text):
    """String literals (for the ruleset-id check)."""
    return re.findall(r'"((?:[^"\\]|\\.)*)"', text)


class Crate:
    def __init__(self, root, name):
        self.root = root
        self.name = name
        self.files = {}  # module path tuple -> file
        for dirpath, _, files in os.walk(root):
            for f in files:
                if not f.endswith(".rs"):
                    continue
                full = os.path.join(dirpath, f)
                rel = os.path.relpath(full, root)
                parts = rel[:-3].split(os.sep)
                if parts[-1] in ("mod", "lib", "main") :
                    parts = parts[:-1]
                self.files[tuple(parts)] = full

    def module_of(self, path):
        """The longest module prefix of `path` that is a file."""
        for k in range(len(path), -1, -1):
            if tuple(path[:k]) in self.files:
                return tuple(path[:k])
        return ()

    def folder(self, mod):
        f = self.files[mod]
        rel = os.path.relpath(os.path.dirname(f), self.root)
        return "" if rel == "." else rel


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> [[a,b],[a,c,d],[a,c,e]]"""
    tree = tree.strip()
    m = re.match(r"^(.*?)::\s*\{(.*)\}\s*$", tree, re.S)
    if not m:
        t = re.sub(r"\s+as\s+\w+$", "", tree)
        return [[p.strip() for p in t.split("::") if p.strip()]]
    head = [p.strip() for p in m.group(1).split("::") if p.strip()]
    body = m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    out = []
    for p in parts:
        for sub in expand_use(p):
            if sub == ["self"]:
                out.append(head)
            else:
                out.append(head + sub)
    return out


def reexports(crate):
    """module -> {item name: absolute path} of its `pub use` lines (followed when a path
    names an item through a re-export, so that `crate::Battle` is an edge to `battle`)."""
    out = {}
    for mod, f in crate.files.items():
        with open(f, encoding="utf-8") as fh:
            code = strip_comments_and_strings(fh.read())
        table = {}
        is_dir = os.path.basename(f) in ("mod.rs", "lib.rs", "main.rs")
        children = {k[-1] for k in crate.files if len(k) == len(mod) + 1 and k[:-1] == mod} if is_dir else set()
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", code):
            for p in expand_use(m.group(1)):
                if not p:
                    continue
                name = p[-1]
                if p[0] in children or p[0] == "self":
                    absp = list(mod) + (p[1:] if p[0] == "self" else p)
                elif p[0] == "crate":
                    absp = p[1:]
                elif p[0] == "super":
                    # `super` is the parent of the module (a file module or a folder's
                    # mod.rs alike): one level up from the module's own path.
                    base = list(mod)
                    q = p
                    while q and q[0] == "super":
                        base = base[:-1]
                        q = q[1:]
                    absp = base + q
                else:
                    continue
                if name == "*":
                    table.setdefault("*", []).append(absp)
                else:
                    table[name] = absp
        out[mod] = table
    return out


def defines(crate, mod, name):
    f = crate.files.get(tuple(mod))
    if not f:
        return False
    with open(f, encoding="utf-8") as fh:
        text = fh.read()
    return re.search(r"\bpub(?:\([^)]*\))?\s+(?:struct|enum|fn|trait|type|const|static|mod|use[^;]*\b)\s*" + re.escape(name) + r"\b", text) is not None


def resolve(crate, absp, depth=0):
    target = crate.module_of(absp)
    rest = absp[len(target):]
    if rest and depth < 8:
        table = crate.reexp.get(target, {})
        if rest[0] != "*" and rest[0] in table and table[rest[0]] != list(target) + rest[:1]:
            return resolve(crate, table[rest[0]] + rest[1:], depth + 1)
        for glob in table.get("*", []):
            if defines(crate, glob[:-1], rest[0]):
                return resolve(crate, glob[:-1] + rest, depth + 1)
    return target


def refs_of(crate, mod, text):
    """Module paths (absolute, from the crate root) a file names."""
    code = drop_test_modules(strip_comments_and_strings(text))
    paths = []
    # A `pub use` re-export is not a use of the item by this file: a path through it is
    # resolved to the file that defines the item (see `resolve`), so it is left out here.
    code = re.sub(r"\bpub(?:\([^)]*\))?\s+use\s+[^;]+;", "", code)
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        for p in expand_use(m.group(1)):
            paths.append(p)
    code = re.sub(r"\buse\s+[^;]+;", "", code)
    for m in re.finditer(r"(?<![:\w])((?:crate|super|self)(?:::\w+)+)", code):
        paths.append(m.group(1).split("::"))
    for m in re.finditer(r"(?<![:\w])(\w+(?:::\w+)+)", code):
        paths.append(m.group(1).split("::"))
    here = list(mod)
    is_dir_module = os.path.basename(crate.files[mod]) in ("mod.rs", "lib.rs", "main.rs")
    out = set()
    for p in paths:
        if not p:
            continue
        children = {k[-1] for k in crate.files if len(k) == len(here) + 1 and list(k[:-1]) == here} if is_dir_module else set()
        if p[0] in children:
            p = ["self"] + p
        if p[0] == "crate":
            absp = p[1:]
        elif p[0] in ("super", "self"):
            base = here if is_dir_module else here[:-1]
            # `self` in a file module is the module itself; `super` its parent.
            if p[0] == "self":
                base = here
                p = p[1:]
            else:
                while p and p[0] == "super":
                    if is_dir_module or base != here[:-1]:
                        base = base[:-1]
                    else:
                        base = base  # first super of a file module: its parent
                        is_dir_module = True  # further supers climb normally
                    p = p[1:]
            absp = base + p
        else:
            continue
        target = resolve(crate, absp)
        if target != mod:
            out.add(target)
    return out


def sccs(nodes, edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    for v in sorted(nodes):
        if v not in index:
            strong(v)
    return out


def one_cycle(comp, edges, crate):
    """A shortest circle through the SCC that crosses folders (for the message)."""
    inside = set(comp)
    best = None
    for start in sorted(comp):
        prev = {start: None}
        queue = [start]
        found = None
        while queue and not found:
            nxt = []
            for v in queue:
                for w in sorted(edges.get(v, ())):
                    if w not in inside:
                        continue
                    if w == start:
                        found = v
                        break
                    if w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if found:
                    break
            queue = nxt
        if found:
            path = [found]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])
            path = list(reversed(path)) + [start]
            if len({crate.folder(m) for m in path}) > 1 and (best is None or len(path) < len(best)):
                best = path
    return best or sorted(comp)


def check_crate(root, name, registry_files, problems, graph):
    crate = Crate(root, name)
    crate.reexp = reexports(crate)
    edges = {}
    for mod, f in crate.files.items():
        with open(f, encoding="utf-8") as fh:
            text = fh.read()
        edges[mod] = refs_of(crate, mod, text)
        rel = os.path.relpath(f, root)
        folder = crate.folder(mod)
        in_ruleset = folder.startswith("rulesets" + os.sep) or (
            name == "rules" and mod[:1] == ("rulesets",) and len(mod) >= 2 and mod[1] in RULESETS)
        if in_ruleset or rel in registry_files:
            continue
        code = strip_comments_and_strings(text)
        for rs in RULESETS:
            if re.search(r"\brulesets\s*::\s*" + rs + r"\b", code) or re.search(
                    r"\buse\s+[^;]*\b" + rs + r"\s*::", code):
                problems.append(f"{name}/{rel}: names the ruleset module `{rs}` outside rulesets/{rs}/ and the registry")
        lits = strings_of(strip_comments_only(text))
        for rid in RULESET_IDS:
            if rid in lits:
                problems.append(f"{name}/{rel}: names the ruleset id \"{rid}\" outside its folder and the registry")
        for m in re.finditer(r"\bRulesetId::(Flow|TacticalD20|Escalation|MeleeZone|Counters)\b", code):
            problems.append(f"{name}/{rel}: names RulesetId::{m.group(1)} outside its folder and the registry")
    for comp in sccs(list(crate.files), edges):
        if len(comp) < 2:
            continue
        folders = sorted({crate.folder(m) or "." for m in comp})
        if len(folders) > 1:
            files = sorted(os.path.relpath(crate.files[m], root) for m in comp)
            cycle = one_cycle(comp, edges, crate)
            rel = lambda m: os.path.relpath(crate.files[m], root)
            problems.append(f"{name}: import circle across folders {folders}, e.g. "
                            + " -> ".join(rel(m) for m in cycle)
                            + f" ({len(files)} files in the circle: " + ", ".join(files) + ")")
    if graph:
        for mod in sorted(edges):
            print(f"{name}/{os.path.relpath(crate.files[mod], root)} -> " + ", ".join(
                sorted(os.path.relpath(crate.files[t], root) for t in edges[mod])))


def strip_comments_only(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def self_test():
    """The checker on two small made-up crates: one with a circle across folders and a
    ruleset named outside its folder (must fail), one without (must pass)."""
    import tempfile
    bad = {
        "crates/rules/src/lib.rs": "pub mod a;\npub mod b;\npub mod rulesets;\n",
        "crates/rules/src/a/mod.rs": "use crate::b::B;\npub struct A;\n",
        "crates/rules/src/b/mod.rs": "use crate::a::A;\npub struct B;\nfn f() { crate::rulesets::flow::go(); }\n",
        "crates/rules/src/rulesets/mod.rs": "pub mod flow;\n",
        "crates/rules/src/rulesets/flow/mod.rs": "pub fn go() {}\n",
        "src/main.rs": "fn main() {}\n",
    }
    good = dict(bad)
    good["crates/rules/src/b/mod.rs"] = "pub struct B;\n"
    results = []
    for files in (bad, good):
        with tempfile.TemporaryDirectory() as root:
            for rel, text in files.items():
                path = os.path.join(root, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
            problems = []
            check_crate(os.path.join(root, "crates/rules/src"), "rules", {"rulesets/mod.rs"}, problems, False)
            check_crate(os.path.join(root, "src"), "game", set(), problems, False)
            results.append(problems)
    circle = any("import circle" in p for p in results[0])
    named = any("`flow`" in p for p in results[0])
    if not (circle and named and not results[1]):
        print("check_layers self-test FAILED:", results)
        return 1
    print("check_layers self-test: a circle and a named ruleset are caught; a clean tree passes")
    return 0


TRAITS = [
    ("Ruleset", "crates/rules/src/battle/rules.rs"),
    ("View", "crates/rules/src/rulesets/view.rs"),
    ("AiTactics", "crates/rules/src/ai/tactics.rs"),
]


def trait_methods(path, name):
    """The method names of `pub trait NAME` in a file."""
    with open(path, encoding="utf-8") as fh:
        code = strip_comments_and_strings(fh.read())
    m = re.search(r"pub trait " + name + r"\b[^{]*\{", code)
    if not m:
        return []
    depth, i = 1, m.end()
    while i < len(code) and depth:
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        i += 1
    body = code[m.end():i]
    return re.findall(r"\bfn (\w+)", body)


def check_design(root, problems):
    """docs/design.md names every method of the three traits (`name`), so the doc's
    tables follow the code."""
    try:
        with open(os.path.join(root, "docs/design.md"), encoding="utf-8") as fh:
            doc = fh.read()
    except OSError:
        problems.append("docs/design.md is missing")
        return
    for name, path in TRAITS:
        for f in trait_methods(os.path.join(root, path), name):
            if "`" + f + "`" not in doc:
                problems.append(f"docs/design.md does not name {name}::{f}")


def main():
    if "--self-test" in sys.argv:
        return self_test()
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    graph = "--graph" in sys.argv
    root = args[0] if args else "."
    problems = []
    check_crate(os.path.join(root, "crates/rules/src"), "rules", {"rulesets/mod.rs", "rulesets/registry.rs", "rulesets/vocabulary.rs", "vocab/ruleset_id.rs"}, problems, graph)
    check_crate(os.path.join(root, "src"), "game", set(), problems, graph)
    check_design(root, problems)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problem(s)")
        return 1
    print("check_layers: no import circle across folders, no ruleset named outside its folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
