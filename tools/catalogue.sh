#!/usr/bin/env bash
# Write docs/catalogue/RULESET.md for every ruleset from `skirmish catalogue RULESET
# --markdown` (issue 35). The test `install::the_catalogue_pages_are_what_the_command_prints`
# fails when a committed page differs, so run this after changing a ruleset's data or words.
#
#   tools/catalogue.sh [BINARY]     (default: cargo run -q --)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then run=("$1"); else run=(cargo run -q --); fi
mkdir -p docs/catalogue
for r in flow tactical-d20 escalation melee-zone counters; do
  "${run[@]}" catalogue "$r" --markdown > "docs/catalogue/$r.md.part"
  mv "docs/catalogue/$r.md.part" "docs/catalogue/$r.md"
  echo "docs/catalogue/$r.md"
done
