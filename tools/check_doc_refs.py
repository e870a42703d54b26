#!/usr/bin/env python3
"""Every test or code path a document names in backticks still exists.

The rules docs (docs/rules/*.md) and the other docs name tests and functions as
`module::sub::name` (a name cut short ends in "…"). This walks every such path in
docs/**/*.md and README.md and fails when its last segment is not defined (fn, struct,
enum, trait, const, static, type, mod) in a Rust file the path can mean:
  - the file its module prefix names under a source root (crates/rules/tests,
    tests, crates/rules/src, src, crates/*/src, and each ruleset's folder; a crate
    name first picks that crate's src), longest prefix first; or else
  - a Rust file whose path (or its own `mod`s) carries every module of the prefix
    (a ruleset-relative `spells::land`; `grid::tests::x` in grid_tests.rs).
A bare test name in backticks (four or more words joined by "_") must be defined in some
Rust file. Names a file re-exports with `pub use` count as defined there. docs/performance.md
and its log pages (docs/performance/) are skipped (a dated log), and docs/catalogue (generated). Paths into std/bevy/serde are
not checked.
A test moved to another module, renamed or deleted therefore breaks the check.
Usage: tools/check_doc_refs.py [--self-test] [ROOT]
Exit 0 when every path resolves, 1 with one line per dangling path otherwise.
"""
import glob
import os
import re
import sys

# A bare test name (four or more words joined by "_", e.g. `a_step_costs_one…`): it must
# be defined somewhere.
BARE = re.compile(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+){3,}…?)`")
REF = re.compile(r"`((?:[a-z_][a-z0-9_]*::)+[a-z_][a-z0-9_]*…?)`")
DEF = re.compile(
    r"\b(?:fn|struct|enum|trait|const|static|type|mod)\s+([A-Za-z_][A-Za-z0-9_]*)"
)


USE = re.compile(r"\bpub(?:\([a-z]+\))?\s+use\s+([^;]+);")


def rust_files(root):
    out = {}
    for pattern in ("crates/**/*.rs", "src/**/*.rs", "tests/**/*.rs"):
        for p in glob.glob(os.path.join(root, pattern), recursive=True):
            rel = os.path.relpath(p, root)
            if "/target/" in rel:
                continue
            with open(p, encoding="utf-8") as f:
                text = f.read()
            names = set(DEF.findall(text))
            # Names a file re-exports (`pub use a::{b, c as d};`) are defined there too.
            for body in USE.findall(text):
                for part in body.replace("{", ",").replace("}", ",").split(","):
                    words = part.split("::")[-1].split()
                    if words:
                        names.add(words[-1])
            out[rel] = names
    return out


def roots(files):
    rs = ["crates/rules/tests", "tests", "crates/rules/src", "src"]
    rs += sorted({f.split("/src/")[0] + "/src" for f in files if f.startswith("crates/")})
    rs += sorted({os.path.dirname(f) for f in files if "/rulesets/" in f})
    return rs


def defined(name, names):
    if name.endswith("…"):
        stem = name[:-1]
        return any(n.startswith(stem) for n in names)
    return name in names


CRATES = {"skirmish_rules": "crates/rules/src", "skirmish": "src", "skirmish_bench": "crates/bench/src"}


def resolve(ref, files, rs):
    segs = ref.split("::")
    if segs[0] in ("std", "core", "alloc", "bevy", "serde", "ron", "rand", "hexx"):
        return True
    if segs[0] in CRATES and len(segs) > 1:
        rs = [CRATES[segs[0]]]
        segs = segs[1:]
        if len(segs) == 1:
            segs = ["lib"] + segs if segs[0] not in ("main",) else segs
    name, mods = segs[-1], segs[:-1]
    for k in range(len(mods), 0, -1):
        for r in rs:
            base = os.path.join(r, *mods[:k])
            for cand in (base + ".rs", os.path.join(base, "mod.rs")):
                if cand in files:
                    if defined(name, files[cand]):
                        return True
    # No file holds it where the prefix points: accept a file that holds the name and
    # whose path (or its own modules) carries every module of the prefix, e.g. a
    # ruleset-relative `spells::land` in rulesets/counters/spells.rs, or
    # `grid::tests::x` in grid_tests.rs (a `#[path]` test module).
    def carries(f, names, m):
        parts = f[:-3].split("/")
        last = parts[-1]
        return (
            m in parts
            or m in names
            or last.startswith(m + "_")
            or last.endswith("_" + m)
        )

    return any(
        defined(name, names) and all(carries(f, names, m) for m in mods)
        for f, names in files.items()
    )


def check(root):
    files = rust_files(root)
    rs = roots(files)
    docs = glob.glob(os.path.join(root, "docs/**/*.md"), recursive=True)
    docs.append(os.path.join(root, "README.md"))
    bad = []
    seen = 0
    every = set().union(*files.values()) if files else set()
    for d in sorted(docs):
        # performance.md and its log pages (docs/performance/) are dated: they name code as
        # it was on the day measured.
        if (
            "/catalogue/" in d
            or d.endswith("performance.md")
            or "/docs/performance/" in d
            or not os.path.exists(d)
        ):
            continue
        with open(d, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                for ref in REF.findall(line):
                    seen += 1
                    if not resolve(ref, files, rs):
                        bad.append(f"{os.path.relpath(d, root)}:{lineno}: `{ref}` names nothing")
                for ref in BARE.findall(line):
                    seen += 1
                    if not defined(ref, every):
                        bad.append(f"{os.path.relpath(d, root)}:{lineno}: `{ref}` names nothing")
    check.seen = seen
    return bad


def self_test():
    import tempfile

    with tempfile.TemporaryDirectory() as t:
        os.makedirs(os.path.join(t, "crates/rules/tests/flow"))
        os.makedirs(os.path.join(t, "docs"))
        with open(os.path.join(t, "crates/rules/tests/flow/movement.rs"), "w") as f:
            f.write("#[test]\nfn a_step_costs_one() {}\n")
        with open(os.path.join(t, "docs/a.md"), "w") as f:
            f.write("`flow::movement::a_step_costs_one` `flow::movement::a_step…`\n")
        assert check(t) == [], check(t)
        with open(os.path.join(t, "docs/a.md"), "a") as f:
            f.write("`flow::a_step_costs_one_more` `flow::movement::gone` `flow::moves::a_step_costs_one`\n")
            f.write("`a_step_costs_one` `a_step_costs_two`\n")
        got = check(t)
        assert len(got) == 4 and "gone" in got[1] and "moves" in got[2], got
        assert "costs_two" in got[3], got
    print("check_doc_refs self-test: ok")


def main():
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        self_test()
        return 0
    root = args[0] if args else "."
    bad = check(root)
    for b in bad:
        print(b)
    if bad:
        print(f"check_doc_refs: {len(bad)} dangling path(s)")
        return 1
    print(f"check_doc_refs: all {check.seen} paths in the docs name something")
    return 0


if __name__ == "__main__":
    sys.exit(main())
