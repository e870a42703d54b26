#!/usr/bin/env bash
# Red-team suite (issue 33): hostile and unlucky inputs against the built `skirmish`
# binary: FIFOs, endless devices, sparse files, symbolic links, device nodes, read-only
# folders, a full disk, concurrent writers, SIGKILL mid-write, huge names, closed and
# full stdout. Each case asserts the exit code, the one-line message and that nothing
# was lost or replaced. A case the machine does not allow (mknod without root, a
# read-only folder as root, no tmpfs mount) is skipped with the reason.
#
#   tools/redteam.sh [BIN]      # BIN: default target/debug/skirmish (CARGO_TARGET_DIR)
#
# Last line: `redteam: P passed, F failed, S skipped`; exit 1 on any failure. About a
# minute on a dev build (docs/reliability.md, "Red-team suite").
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/skirmish}
bin=$(realpath "$bin")
[ -x "$bin" ] || { echo "redteam: no binary at $bin (cargo build first)"; exit 2; }
repo=$(pwd)
tmp=$(mktemp -d /tmp/skirmish-redteam.XXXXXX)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
export SKIRMISH_MUTE=1
unset DISPLAY WAYLAND_DISPLAY
pass=0; fail=0; skip=0
ok()   { pass=$((pass + 1)); echo "  ok    $1"; }
bad()  { fail=$((fail + 1)); echo "  FAIL  $1: $2"; }
skipped() { skip=$((skip + 1)); echo "  skip  $1: $2"; }

# expect NAME CODE WORDS LINES CMD...: run CMD (10 s at most) with stdout and stderr to
# files; the exit code must be CODE, stderr's first line must contain WORDS, and stderr
# have at most LINES non-empty lines (`--`: 1, the one-line message; `check` adds its
# count line, `check-log` its summary; clap's usage errors add a hint: only the first
# line counts when WORDS starts with "error:").
expect() {
  local name=$1 code=$2 words=$3 most=$4; shift 4
  [ "$most" = "--" ] && most=1
  timeout -s KILL 10 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  local first; first=$(head -n 1 "$tmp/err")
  local lines; lines=$(grep -c . "$tmp/err")
  if [ "$got" -eq 137 ]; then bad "$name" "hung (killed after 10 s)"
  elif [ "$got" -ne "$code" ]; then bad "$name" "exit $got, not $code: $first"
  elif [[ "$first" != *"$words"* ]]; then bad "$name" "message '$first' lacks '$words'"
  elif [ "$lines" -gt "$most" ] && [[ "$words" != error:* ]]; then bad "$name" "$lines lines on stderr"
  else ok "$name"; fi
}

# same FILE SUM: the file's sha256 is still SUM.
sum() { sha256sum "$1" | cut -d' ' -f1; }

echo "redteam: $bin"
level="$tmp/level.ron"; cp levels/flow-bridge.ron "$level"; level_sum=$(sum "$level")
script="$tmp/script.ron"; cp tests/fixtures/duel-script.ron "$script"
duel="$tmp/duel.ron"; cp tests/fixtures/duel.ron "$duel"

echo "redteam: files that are not files"
mkfifo "$tmp/fifo.ron"
expect "FIFO as a level"  1 "a FIFO (named pipe), not a file" 2 "$bin" check "$tmp/fifo.ron"
expect "FIFO as a script" 2 "a FIFO (named pipe), not a file" -- "$bin" run "$duel" --script "$tmp/fifo.ron"
expect "FIFO as a log"    2 "a FIFO (named pipe), not a file" -- "$bin" check-log "$level" "$tmp/fifo.ron"
expect "FIFO as a save"   2 "a FIFO (named pipe), not a file" -- "$bin" replay "$tmp/fifo.ron"
expect "FIFO as sim --json" 3 "is a FIFO (named pipe), not a file" -- "$bin" sim "$level" --battles 1 --json "$tmp/fifo.ron"
expect "FIFO as --event-log" 3 "is a FIFO (named pipe), not a file" -- "$bin" play "$level" --event-log "$tmp/fifo.ron"
expect "/dev/zero as a level"  1 "a device, not a file" 2 "$bin" check /dev/zero
expect "/dev/zero as a script" 2 "a device, not a file" -- "$bin" run "$duel" --script /dev/zero
expect "/dev/zero as a log"    2 "a device, not a file" -- "$bin" check-log "$level" /dev/zero
expect "a folder as a level"   1 "a folder, not a file" 2 "$bin" check "$tmp"
truncate -s 2G "$tmp/sparse.ron"
expect "2 GiB sparse script" 2 "bytes" -- "$bin" run "$duel" --script "$tmp/sparse.ron"
expect "2 GiB sparse level"  1 "bytes" 2 "$bin" check "$tmp/sparse.ron"
rm -f "$tmp/sparse.ron"
# A FIFO in the levels folder: fuzz and soak skip it with a note and go on.
mkdir -p "$tmp/cwd/levels"; cp levels/flow-bridge.ron "$tmp/cwd/levels/"; mkfifo "$tmp/cwd/levels/pipe.ron"
(cd "$tmp/cwd" && timeout -s KILL 20 "$bin" fuzz --cases 3 --out "$tmp/cwd/ff" >"$tmp/out" 2>"$tmp/err")
c=$?; if [ $c -eq 0 ] && grep -q "pipe.ron" "$tmp/err"; then ok "FIFO in levels/ (fuzz skips it)"; else bad "FIFO in levels/ (fuzz)" "exit $c: $(head -c 300 "$tmp/err")"; fi
(cd "$tmp/cwd" && timeout -s KILL 60 "$bin" soak --battles 1 >"$tmp/out" 2>"$tmp/err")
c=$?; if [ $c -eq 0 ] && grep -q "pipe.ron" "$tmp/err"; then ok "FIFO in levels/ (soak skips it)"; else bad "FIFO in levels/ (soak)" "exit $c: $(head -c 300 "$tmp/err")"; fi

echo "redteam: outputs"
expect "sim --json onto its level" 3 "is also an input of this run" -- "$bin" sim "$level" --battles 1 --json "$level"
expect "run --save onto its script" 3 "is also an input of this run" -- "$bin" run "$duel" --script "$script" --save "$script"
expect "play --event-log onto its level" 3 "is also an input" -- "$bin" play "$level" --event-log "$level"
expect "sim --json into a missing folder" 3 "does not exist" -- "$bin" sim "$level" --battles 1 --json "$tmp/no/such/out.json"
expect "fuzz --out onto a file" 3 "cannot make the folder" -- "$bin" fuzz --cases 1 --out "$level"
[ "$(sum "$level")" = "$level_sum" ] && ok "the level is untouched" || bad "level" "changed"
# Symbolic links: followed, the link kept, its target written.
echo old >"$tmp/real.json"; ln -s real.json "$tmp/link.json"
expect "sim --json through a link" 0 "" -- "$bin" sim "$level" --battles 1 --json "$tmp/link.json" 2>/dev/null
if [ -L "$tmp/link.json" ] && grep -q '"battles"' "$tmp/real.json"; then ok "the link stays, its target written"; else bad "link" "replaced or target not written"; fi
# Device nodes made with mknod (root only): never replaced by a regular file.
if [ "$(id -u)" -eq 0 ] && mknod "$tmp/null" c 1 3 2>/dev/null && mknod "$tmp/full" c 1 7 2>/dev/null; then
  expect "sim --json onto a /dev/null copy" 3 "is a device, not a file" -- "$bin" sim "$level" --battles 1 --json "$tmp/null"
  expect "sim --json onto a /dev/full copy" 3 "is a device, not a file" -- "$bin" sim "$level" --battles 1 --json "$tmp/full"
  [ -c "$tmp/null" ] && [ -c "$tmp/full" ] && ok "the device nodes stay devices" || bad "mknod" "a device node was replaced"
else
  skipped "device nodes via mknod" "needs root (or the container forbids mknod)"
fi
# A read-only folder: refused before the battles. Root ignores the permission bits, so
# as root the folder is made immutable (chattr +i) where the file system allows it.
mkdir "$tmp/ro"; chmod a-w "$tmp/ro"
ro=no
if [ "$(id -u)" -ne 0 ]; then ro=yes
elif chattr +i "$tmp/ro" 2>/dev/null; then ro=immutable; fi
if [ $ro != no ]; then
  expect "sim --json into a read-only folder" 3 "cannot write in" -- "$bin" sim "$level" --battles 1 --json "$tmp/ro/out.json"
  expect "run --save into a read-only folder" 3 "cannot write in" -- "$bin" run "$duel" --script "$script" --save "$tmp/ro/s.ron"
  expect "fuzz --out in a read-only folder" 3 "cannot make the folder" -- "$bin" fuzz --cases 1 --out "$tmp/ro/ff"
  [ -z "$(ls -A "$tmp/ro")" ] && ok "the read-only folder is still empty" || bad "read-only folder" "$(ls -A "$tmp/ro")"
  [ $ro = immutable ] && chattr -i "$tmp/ro"
else
  skipped "read-only folder" "root writes in a read-only folder and chattr +i is not allowed here"
fi
chmod u+w "$tmp/ro"
# The bare `skirmish` (the menu) with a FIFO in ./levels/: no hang before it can say
# there is no display.
expect "bare skirmish, FIFO in levels/" 1 "no display found" -- sh -c 'cd "$1" && exec "$0"' "$bin" "$tmp/cwd"
# A full disk: a 64 KiB tmpfs (root only). The table is still printed; exit 3.
mkdir "$tmp/small"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k tmpfs "$tmp/small" 2>/dev/null; then
  head -c 60000 /dev/zero >"$tmp/small/filler" 2>/dev/null
  "$bin" sim "$level" --battles 2 --json "$tmp/small/out.json" >"$tmp/out" 2>"$tmp/err"; c=$?
  if [ $c -eq 3 ] && grep -q "cannot write" "$tmp/err" && grep -q "battles in" "$tmp/out" \
     && [ ! -e "$tmp/small/out.json" ] && [ -z "$(ls -A "$tmp/small" | grep -v filler)" ]; then
    ok "sim --json on a full disk (exit 3, table printed, no temporary left)"
  else bad "full disk" "exit $c: $(head -c 300 "$tmp/err")"; fi
  umount "$tmp/small"
else
  skipped "full disk" "mounting a tmpfs needs root (or the container forbids it)"
fi
# The event log on a device that is full: said on stderr (the window needs a display:
# here the write path alone, through check-log of a cut log).
"$bin" run tests/fixtures/d20-skirmish.ron --script tests/fixtures/d20-skirmish-script.ron --json >"$tmp/log.jsonl" 2>/dev/null
head -c -25 "$tmp/log.jsonl" >"$tmp/cut.jsonl"
expect "check-log of a cut log" 1 "the last line is cut short" 2 "$bin" check-log tests/fixtures/d20-skirmish.ron "$tmp/cut.jsonl"

echo "redteam: writers at once, and killed"
for i in 1 2 3 4 5 6 7 8; do
  "$bin" sim "$level" --battles 2 --seed $i --jobs 1 --json "$tmp/same.json" >/dev/null 2>"$tmp/e1" & p1=$!
  "$bin" sim "$level" --battles 3 --seed $i --jobs 1 --json "$tmp/same.json" >/dev/null 2>"$tmp/e2" & p2=$!
  wait $p1; c1=$?; wait $p2; c2=$?
  if [ $c1 -ne 0 ] || [ $c2 -ne 0 ] || ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/same.json"; then
    bad "two sim --json at once (try $i)" "exits $c1 $c2, or the JSON is broken"; break
  fi
  [ $i -eq 8 ] && ok "two sim --json at once, 8 tries: whole JSON, both exit 0"
done
echo '{"old": true}' >"$tmp/killed.json"
broken=0
for i in $(seq 1 12); do
  "$bin" sim "$level" --battles 3 --seed $i --jobs 1 --json "$tmp/killed.json" >/dev/null 2>&1 & p=$!
  sleep "0.$((RANDOM % 9 + 1))"; kill -KILL $p 2>/dev/null; wait $p 2>/dev/null
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/killed.json" || broken=$((broken + 1))
done
[ $broken -eq 0 ] && ok "SIGKILL mid-run, 12 times: the JSON is always whole" || bad "SIGKILL" "$broken broken files"

echo "redteam: names and numbers"
python3 - "$tmp/huge.ron" <<'EOF'
import sys
name = "Evil\x1b[31m\x07" + "x" * (10 << 20)
open(sys.argv[1], "w").write('Script(commands: [Move(unit: "%s", to: (4, 2))])' % name)
EOF
"$bin" run "$duel" --script "$tmp/huge.ron" >/dev/null 2>"$tmp/err"; c=$?
size=$(wc -c <"$tmp/err")
if [ $c -eq 1 ] && [ "$size" -lt 2000 ] && ! grep -q $'\x1b' "$tmp/err" && grep -q 'Evil\\u{1b}' "$tmp/err"; then
  ok "10 MB unit name: ${size}-byte message, control characters escaped"
else bad "huge name" "exit $c, $size bytes"; fi
expect "fuzz --minutes 1e18" 2 "error:" -- "$bin" fuzz --minutes 1e18 --cases 1
expect "sim --battles 0" 2 "error:" -- "$bin" sim "$level" --battles 0
expect "soak --jobs 99999" 2 "error:" -- "$bin" soak --jobs 99999
printf 'Level(name: "d", ruleset: "flow", grid: Square, map: ["....."],\n sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],\n units: [Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "fighter", conditions: {Dead: UntilRemoved}),\n Unit(name: "Bob", side: "Blue", cell: (4, 0), archetype: "fighter")])\n' >"$tmp/dead.ron"
expect "a flow unit starting Dead" 1 "cannot start Dead in flow" 2 "$bin" check "$tmp/dead.ron"

echo "redteam: stdout"
for args in "--help" "--version"; do
  if [ -w /dev/full ]; then
    expect "$args into /dev/full" 3 "No space left on device" -- sh -c "exec \"\$0\" $args > /dev/full" "$bin"
  else skipped "$args into /dev/full" "no /dev/full"; fi
  expect "$args with stdout closed" 3 "standard output is closed" -- sh -c "exec \"\$0\" $args >&-" "$bin"
done
expect "run with stdout closed" 3 "standard output is closed" -- sh -c 'exec "$0" run "$1" --script "$2" >&-' "$bin" "$duel" "$script"
expect "sim with stdout closed" 3 "standard output is closed" -- sh -c 'exec "$0" sim "$1" --battles 1 >&-' "$bin" "$level"
( "$bin" check levels/*.ron | head -n 1 >/dev/null ); c=${PIPESTATUS[0]}
[ "$c" -eq 0 ] && ok "check | head: a reader that goes away ends it quietly" || bad "check | head" "exit $c"

echo "redteam: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
