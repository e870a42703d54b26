#!/usr/bin/env bash
# The scale table of issue 34 by one command: for each ruleset, big battles of two facing
# lines (`skirmish-bench --gen-level`) of 25, 50, 100 and 200 units a side (flow also 500)
# on an open 256x256 hex map, one AI battle each (`--battles 1 --jobs 1 --seed 1`), timed;
# the markdown table is written into docs/performance.md between `<!-- scale:begin -->`
# and `<!-- scale:end -->`, with the date and commit.
#
#   tools/scale.sh [--quick] [--max-secs S] [--no-write] [RULESET...]
#
# --quick: 8 and 25 a side on 64x64 (a minute). --max-secs S (default 120): once a
# ruleset's battle took longer than S seconds, its bigger sizes are skipped (noted in the
# table). --no-write: print the table only.
# The battles are played by `skirmish-bench --sim LEVEL` (release build of the rules crate
# alone: `sim::simulate_timed`, what `skirmish sim LEVEL --jobs 1` plays); set SKIRMISH to
# a release `skirmish` binary to run `$SKIRMISH sim LEVEL --battles 1 --jobs 1 --seed 1
# --json FILE` itself instead. Max RSS is `/usr/bin/time -v`'s "Maximum resident set size".
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0 write=1 max_secs=120 rulesets=()
while [ $# -gt 0 ]; do
    case $1 in
        --quick) quick=1 ;;
        --no-write) write=0 ;;
        --max-secs) max_secs=$2; shift ;;
        -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) rulesets+=("$1") ;;
    esac
    shift
done
[ ${#rulesets[@]} -gt 0 ] || rulesets=(flow tactical-d20 escalation melee-zone counters)
[ -x /usr/bin/time ] || { echo "/usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

target=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p skirmish-bench
bench="$target/release/skirmish-bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ $quick = 1 ]; then size=64; else size=256; fi
thousands() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
table="$work/table"
{
    echo "| ruleset | units a side | map | wall | commands | µs per AI decision | max RSS |"
    echo "|---|---:|---|---:|---:|---:|---:|"
} >"$table"
skipped=()
for r in "${rulesets[@]}"; do
    if [ $quick = 1 ]; then sizes="8 25"
    elif [ "$r" = flow ]; then sizes="25 50 100 200 500"
    else sizes="25 50 100 200"; fi
    too_long=0
    for n in $sizes; do
        if [ $too_long = 1 ]; then skipped+=("$r $n a side"); continue; fi
        level="$work/$r-$n.ron"
        "$bench" --gen-level "$r" --per-side "$n" --size "${size}x${size}" --grid hex --out "$level"
        json="$work/$r-$n.json"
        if [ -n "${SKIRMISH:-}" ]; then
            /usr/bin/time -v -o "$work/time" "$SKIRMISH" sim "$level" --battles 1 --jobs 1 --seed 1 \
                --json "$json" >/dev/null
        else
            /usr/bin/time -v -o "$work/time" "$bench" --sim "$level" --battles 1 --seed 1 \
                --json "$json" >/dev/null
        fi
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$work/time")
        rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f MB", $2 / 1024 }' "$work/time")
        read -r commands us unfinished < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
print(j["commands"], round(j.get("timing", {}).get("us_per_decision", 0)), j["unfinished"])' "$json")
        note=""; [ "$unfinished" = 0 ] || note=" (unfinished)"
        printf '| %s | %d | %d×%d | %.2f s | %s%s | %s | %s |\n' "$r" "$n" "$size" "$size" "$wall" \
            "$(thousands "$commands")" "$note" "$(thousands "$us")" "$rss" >>"$table"
        tail -1 "$table"
        if awk -v w="$wall" -v m="$max_secs" 'BEGIN { exit !(w > m) }'; then too_long=1; fi
    done
done
{
    echo
    echo "Made by \`tools/scale.sh$([ $quick = 1 ] && echo ' --quick')\` on $(date -u +%Y-%m-%d) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo ' (with changes)'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
    if [ ${#skipped[@]} -gt 0 ]; then
        echo "Skipped (the size before took more than ${max_secs} s): $(IFS=,; echo "${skipped[*]}" | sed 's/,/, /g')."
    fi
} >>"$table"

if [ $write = 0 ]; then cat "$table"; exit 0; fi
doc=docs/performance.md
grep -q '<!-- scale:begin -->' "$doc" && grep -q '<!-- scale:end -->' "$doc" ||
    { echo "$doc has no <!-- scale:begin --> / <!-- scale:end --> markers" >&2; cat "$table"; exit 2; }
python3 - "$doc" "$table" <<'EOF'
import sys
doc, table = sys.argv[1], open(sys.argv[2]).read()
text = open(doc).read()
a = text.index("<!-- scale:begin -->") + len("<!-- scale:begin -->")
b = text.index("<!-- scale:end -->")
open(doc, "w").write(text[:a] + "\n" + table + text[b:])
EOF
echo "wrote the table into $doc"
