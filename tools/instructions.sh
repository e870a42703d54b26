#!/usr/bin/env bash
# The instruction-count guard (issue 34): instructions per 8 v 8 AI battle of every
# ruleset, counted by valgrind (callgrind), against a committed baseline.
#
#   tools/instructions.sh [RULESET...]              measure and print
#   tools/instructions.sh --check [RULESET...]      measure; exit 1 when a ruleset costs more
#                                                   than 3% above tools/instructions.baseline
#   tools/instructions.sh --update [RULESET...]     measure and rewrite the baseline (the
#                                                   rulesets not measured keep their line)
#   tools/instructions.sh --check-against FILE      no measuring: check FILE (lines
#                                                   `RULESET INSTRUCTIONS_PER_BATTLE ...`)
#   tools/instructions.sh --self-test               the check's own test (no valgrind)
#
# What is counted: `skirmish-bench --instructions RULESET` builds the 5 battlefields of the
# bench (8 v 8 on 24x24, a caster a side, seeds 1000-1004) and then plays their AI battles
# in `counted_battles`, the only function valgrind counts (`--toggle-collect`): building
# and parsing the levels stay outside. The figure is that count over 5. Environment:
# CARGO_TARGET_DIR (where the release bench is built), INSTRUCTIONS_TOLERANCE (percent,
# default 3), INSTRUCTIONS_BASELINE (default tools/instructions.baseline).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${INSTRUCTIONS_BASELINE:-tools/instructions.baseline}
tolerance=${INSTRUCTIONS_TOLERANCE:-3}
rulesets_all="flow tactical-d20 escalation melee-zone counters"

# compare BASELINE MEASURED: one line per measured ruleset; exit 1 if any rose more than
# $tolerance percent above its baseline line (a ruleset missing from the baseline passes,
# with a note).
compare() {
    [ -s "$1" ] || { echo "no baseline: $1 (run tools/instructions.sh --update)" >&2; return 2; }
    awk -v tol="$tolerance" '
        FNR == NR { if ($0 !~ /^#/ && NF >= 2) base[$1] = $2; next }
        $0 ~ /^#/ || NF < 2 { next }
        {
            r = $1; m = $2
            if (!(r in base)) { printf "%-14s %14.0f  (no baseline line: run --update)\n", r, m; next }
            b = base[r]; pct = (m - b) * 100 / b
            verdict = "ok"
            if (m > b * (1 + tol / 100)) { verdict = "FAILED"; bad++ }
            printf "%-14s %14.0f  baseline %14.0f  %+7.2f%%  %s\n", r, m, b, pct, verdict
            if (verdict == "FAILED")
                msgs = msgs sprintf("%s costs %+.2f%% instructions per battle (%.0f against %.0f): more than %s%% above the baseline\n", r, pct, m, b, tol)
        }
        END { if (bad) { printf "%s", msgs > "/dev/stderr"; exit 1 } }
    ' "$1" "$2"
}

self_test() {
    local d
    d=$(mktemp -d)
    trap 'rm -rf "$d"' RETURN
    printf '# test\nflow 1000000\ncounters 2000000\n' >"$d/base"
    # Equal: passes.
    printf 'flow 1000000 5 100\ncounters 2000000 5 100\n' >"$d/equal"
    compare "$d/base" "$d/equal" >/dev/null || { echo "self-test: equal counts failed" >&2; return 1; }
    # Exactly 3% above passes (the bound is "more than 3%").
    printf 'flow 1030000 5 100\n' >"$d/three"
    compare "$d/base" "$d/three" >/dev/null || { echo "self-test: +3.00% failed" >&2; return 1; }
    # A baseline 3% lower than the measure (the measure +3.09% above it) fails, naming it.
    printf 'flow 970000\ncounters 2000000\n' >"$d/lower"
    if compare "$d/lower" "$d/equal" >/dev/null 2>"$d/err"; then
        echo "self-test: a baseline 3% lower passed" >&2; return 1
    fi
    grep -q '^flow costs +3.09%' "$d/err" || { echo "self-test: wrong message: $(cat "$d/err")" >&2; return 1; }
    # Cheaper passes; a ruleset without a baseline line passes.
    printf 'flow 500000\nescalation 9\n' >"$d/cheap"
    compare "$d/base" "$d/cheap" >/dev/null || { echo "self-test: cheaper failed" >&2; return 1; }
    echo "instructions.sh self-test: ok"
}

mode=measure
case "${1:-}" in
    --check | --update) mode=${1#--}; shift ;;
    --check-against)
        [ $# -ge 2 ] || { echo "--check-against needs a FILE" >&2; exit 2; }
        compare "$baseline" "$2"; exit ;;
    --self-test) self_test; exit ;;
    -h | --help) sed -n '2,21p' "$0"; exit 0 ;;
esac
rulesets=${*:-$rulesets_all}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

target=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p skirmish-bench
bench="$target/release/skirmish-bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measured="$work/measured"
for r in $rulesets; do
    out=$(valgrind --tool=callgrind --callgrind-out-file="$work/cg.$r" \
        --toggle-collect='*counted_battles*' "$bench" --instructions "$r" 2>"$work/vg.$r") || {
        cat "$work/vg.$r" >&2; echo "valgrind failed on $r" >&2; exit 2; }
    read -r name battles commands <<<"$out"
    total=$(awk '/^(summary|totals):/ { print $2; exit }' "$work/cg.$r")
    [ -n "$total" ] && [ "$total" -gt 0 ] || { echo "no instruction count for $r" >&2; exit 2; }
    per=$((total / battles))
    echo "$name $per $battles $commands" >>"$measured"
    printf '%-14s %14d instructions a battle (%d battles, %d commands)\n' "$name" "$per" "$battles" "$commands"
done

case $mode in
    check) compare "$baseline" "$measured" ;;
    update)
        new="$work/baseline"
        {
            echo "# Instructions per 8 v 8 AI battle (5 battles, seeds 1000-1004, a caster a side),"
            echo "# counted by tools/instructions.sh (valgrind --tool=callgrind): RULESET INSTRUCTIONS BATTLES COMMANDS."
            echo "# Updated $(date -u +%Y-%m-%d) at $(git rev-parse --short HEAD 2>/dev/null || echo '?'); --check fails above +${tolerance}%."
            for r in $rulesets_all; do
                if grep -q "^$r " "$measured"; then
                    grep "^$r " "$measured"
                elif [ -f "$baseline" ] && grep -q "^$r " "$baseline"; then
                    grep "^$r " "$baseline"
                fi
            done
        } >"$new"
        mv "$new" "$baseline"
        echo "wrote $baseline"
        ;;
esac
