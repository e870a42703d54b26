#!/usr/bin/env bash
# Monkey test of the real window (issue 15): under Xvfb, random left/right/middle clicks,
# drags, mouse wheel, the game's shortcut keys (digits, Shift+digits, the README's letters,
# Space, Enter, Shift+Enter, Tab, Shift+Tab, Home, Esc, T, Ctrl+Z, F1, arrows, Shift+arrows,
# +/-) and random letters, and window resizes, for a set
# time on every level of levels/, on both grids, hot-seat and against the AI.
#
# Each run starts the game on a copy of the level whose sides are all Human (hot-seat) or
# whose second side is the AI (`play` has no flag for controllers; the menu has, and the
# monkey reaches the menu too with M/Esc), with --event-log. It fails when:
#   - the game panics ("panicked" in its output) or exits by itself;
#   - it hangs: the window cannot be found or screenshot within 2 s, or it does not draw a
#     frame within 2 s after a resize, twice in a row (the probe below, every ~15 s and
#     at the end; a stopped process fails it, checked with kill -STOP);
#   - `skirmish check-log` finds an invariant violation in the event log.
# Inputs come from bash's $RANDOM seeded per run from --seed, so the same seed replays the
# same inputs (the game's timing may still differ: the AI plays at a readable pace).
#
# Usage: .ci/monkey.sh PATH/TO/skirmish OUT_DIR SECONDS [--seed N] [--run I]
#          [--levels "levels/a.ron ..."] [--grids "square hex"] [--modes "hotseat ai"]
# SECONDS is the total time of monkey input, split over the runs (each at least 10 s; when
# SECONDS is too short for every level×grid×mode, a seed-chosen rotation of them runs).
# Prints `monkey: N runs, K inputs, P panics, H hangs, V invariant violations`; exit 1 on
# any failure, with the failing run's seed, screenshots and logs in OUT_DIR/monkey/fail-*.
set -uo pipefail
bin=$1
out=$2
budget=$3
shift 3
seed=${MONKEY_SEED:-$(($(date +%s) % 100000))}
only=
levels=$(cd "$(dirname "$0")/.." && ls levels/*.ron)
grids="square hex"
modes="hotseat ai"
while [ $# -gt 0 ]; do
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --run) only=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --grids) grids=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    *) echo "monkey: unknown option $1"; exit 2 ;;
  esac
done
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
dir="$out/monkey"
mkdir -p "$dir/levels"
dir=$(cd "$dir" && pwd)
cd "$(dirname "$0")/.."
disp=${MONKEY_DISPLAY:-96}
export DISPLAY=:$disp
export XDG_RUNTIME_DIR=$(mktemp -d)
export SKIRMISH_LAYOUT="$dir/layout.txt"
# Fresh settings, never the user's (a saved UI scale or palette would move the clicks).
export SKIRMISH_CONFIG="$dir/config"
# Autosaves go to a scratch data folder, never the user's (issue 32).
export SKIRMISH_DATA_DIR="$dir/data"
rm -rf "$SKIRMISH_CONFIG"
xvfb=
game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT

# Level variants: hot-seat (every side Human) and vs AI (the second side is the AI).
combos=()
others=()
for l in $levels; do
  name=$(basename "$l" .ron)
  sed -E 's/controller: *(Human|Ai)/controller: Human/' "$l" >"$dir/levels/$name-hotseat.ron"
  awk '/controller: *(Human|Ai)/ { n++; if (n == 2) sub(/controller: *(Human|Ai)/, "controller: Ai"); else sub(/controller: *(Human|Ai)/, "controller: Human") } { print }' \
    "$l" >"$dir/levels/$name-ai.ron"
  others+=(--other-level "$l")
  for g in $grids; do
    for m in $modes; do
      combos+=("$name $g $m")
    done
  done
done
n=${#combos[@]}
per=$((budget / n))
count=$n
if [ "$per" -lt 10 ]; then
  per=10
  count=$((budget / per))
  [ "$count" -lt 1 ] && count=1
  per=$((budget / count))
fi
[ "$per" -lt 1 ] && per=1

start_x() {
  kill $xvfb 2>/dev/null || true
  wait $xvfb 2>/dev/null || true
  rm -f /tmp/.X11-unix/X$disp /tmp/.X$disp-lock
  for _ in 1 2 3; do
    Xvfb :$disp -noreset -screen 0 1280x800x24 >/dev/null 2>&1 &
    xvfb=$!
    for _ in $(seq 1 20); do
      xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
      sleep 0.5
    done
    kill $xvfb 2>/dev/null || true
  done
  echo "monkey: Xvfb :$disp does not answer"
  exit 2
}

# The strip of the screen a 800×600 window leaves uncovered on 1280×800.
strip() { timeout 2 import -window root -crop 400x160+860+620 +repage "$1" 2>/dev/null; }
# Shrink the window, note the uncovered strip, restore the size: within 2 s the game
# must have drawn a frame over the strip (a hung game leaves the server's background).
probe() {
  timeout 2 xdotool windowsize "$win" 800 600 >/dev/null 2>&1 || return 1
  sleep 0.7
  strip "$rd/probe-a.png" || return 1
  timeout 2 xdotool windowsize "$win" 1280 800 >/dev/null 2>&1 || return 1
  local t0=$(date +%s%N)
  while [ $(($(date +%s%N) - t0)) -lt 2000000000 ]; do
    sleep 0.2
    strip "$rd/probe-b.png" || continue
    ae=$(compare -metric AE "$rd/probe-a.png" "$rd/probe-b.png" null: 2>&1 | cut -d' ' -f1)
    [ "${ae%.*}" -gt 200 ] 2>/dev/null && return 0
  done
  return 1
}
shots=0
# Alive, the window found and a screenshot taken, each within 2 s.
responsive() {
  kill -0 $game 2>/dev/null || { why="the game exited"; return 1; }
  timeout 2 xdotool search --name Skirmish >/dev/null 2>&1 || { why="no window within 2 s"; return 1; }
  timeout 2 import -window root "$rd/shot-$((shots % 4)).png" 2>/dev/null || { why="no screenshot within 2 s"; return 1; }
  shots=$((shots + 1))
}

keys=(1 2 3 4 5 6 7 8 9 0 space Return shift+Return Tab shift+Tab Home Escape t ctrl+z F1
      question plus minus Up Down Left Right shift+Up shift+Left w a s d u b r p e q v g f
      h c k x j l i y o n m shift+1 shift+2 shift+3 shift+4)
rand_key() {
  if [ $((RANDOM % 5)) -eq 0 ]; then
    printf "\\x$(printf %x $((97 + RANDOM % 26)))"
  else
    echo "${keys[RANDOM % ${#keys[@]}]}"
  fi
}
# A point: half the time a map cell from the layout file, else anywhere in the window.
point() {
  local ww=$1 wh=$2
  if [ $((RANDOM % 2)) -eq 0 ] && [ -s "$SKIRMISH_LAYOUT" ]; then
    local c=$(awk -v k=$RANDOM 'NR == 1 { n = 0 } { l[n++] = $3 " " $4 } END { if (n) print l[k % n] }' "$SKIRMISH_LAYOUT")
    [ -n "$c" ] && { echo "$c"; return; }
  fi
  echo "$((RANDOM % ww)) $((RANDOM % wh))"
}

runs=0 inputs=0 panics=0 hangs=0 violations=0 exits=0 failed=0
t_all=$(date +%s)
echo "monkey: seed $seed, $count run(s) of $per s (of $n level×grid×mode), display :$disp"
for ((i = 0; i < count; i++)); do
  [ -n "$only" ] && [ "$i" != "$only" ] && continue
  read -r name grid mode <<<"${combos[$(((seed + i) % n))]}"
  RANDOM=$((seed * 131 + i))
  rd="$dir/run-$i"
  rm -rf "$rd"
  mkdir -p "$rd"
  log="$rd/events.jsonl"
  lvl="$dir/levels/$name-$mode.ron"
  bseed=$RANDOM
  echo "monkey $i: $name, $grid grid, $mode, battle seed $bseed, $per s"
  start_x
  rm -f "$SKIRMISH_LAYOUT"
  "$bin" play "$lvl" --grid "$grid" --seed "$bseed" --event-log "$log" >"$rd/game.log" 2>&1 &
  game=$!
  runs=$((runs + 1))
  win=
  for _ in $(seq 1 120); do
    win=$(xdotool search --name Skirmish 2>/dev/null | head -1)
    [ -n "$win" ] && break
    kill -0 $game 2>/dev/null || break
    sleep 1
  done
  fail=
  why=
  n_in=0
  if [ -z "$win" ]; then
    fail=hang
    why="no window within 120 s"
  else
    sleep 3
    xdotool windowfocus --sync "$win" >/dev/null 2>&1 || true
    ww=1280 wh=800
    t0=$SECONDS
    next_check=$((SECONDS + 3))
    next_probe=$((SECONDS + 15))
    while [ $((SECONDS - t0)) -lt "$per" ]; do
      r=$((RANDOM % 100))
      if [ $r -lt 40 ]; then
        xdotool key --clearmodifiers "$(rand_key)" 2>/dev/null
      elif [ $r -lt 62 ]; then
        xdotool mousemove $(point $ww $wh) click 1 2>/dev/null
      elif [ $r -lt 70 ]; then
        xdotool mousemove $(point $ww $wh) click 3 2>/dev/null
      elif [ $r -lt 80 ]; then
        xdotool mousemove $(point $ww $wh) 2>/dev/null
      elif [ $r -lt 87 ]; then
        b=$((RANDOM % 3 == 0 ? 2 : 1))
        xdotool mousemove $(point $ww $wh) mousedown $b 2>/dev/null
        sleep 0.1
        xdotool mousemove $(point $ww $wh) 2>/dev/null
        sleep 0.1
        xdotool mousemove $(point $ww $wh) mouseup $b 2>/dev/null
      elif [ $r -lt 95 ]; then
        xdotool mousemove $(point $ww $wh) click --repeat $((1 + RANDOM % 3)) $((4 + RANDOM % 2)) 2>/dev/null
      elif [ $r -lt 98 ]; then
        ww=$((640 + RANDOM % 641)) wh=$((480 + RANDOM % 321))
        xdotool windowsize "$win" $ww $wh 2>/dev/null
      else
        xdotool type --delay 30 "$(printf 'charge the ogre\nhold\n' | sed -n $((1 + RANDOM % 2))p)" 2>/dev/null
      fi
      n_in=$((n_in + 1))
      sleep "0.$((RANDOM % 3))$((RANDOM % 10))"
      if [ $SECONDS -ge $next_check ]; then
        next_check=$((SECONDS + 3))
        responsive || { fail=hang; [ "$why" = "the game exited" ] && fail=exit; break; }
        xdotool windowfocus "$win" >/dev/null 2>&1 || true
      fi
      if [ $SECONDS -ge $next_probe ]; then
        next_probe=$((SECONDS + 15))
        # Two probes in a row must fail (each allows 2 s): the machine may be busy.
        probe || probe || { fail=hang; why="no frame within 2 s of a resize, twice"; break; }
        ww=1280 wh=800
      fi
    done
    if [ -z "$fail" ]; then
      responsive || { fail=hang; [ "$why" = "the game exited" ] && fail=exit; }
    fi
    if [ -z "$fail" ]; then
      probe || probe || { fail=hang; why="no frame within 2 s of a resize, twice"; }
    fi
  fi
  timeout 2 import -window root "$rd/shot-last.png" 2>/dev/null || true
  if kill -0 $game 2>/dev/null; then
    kill $game 2>/dev/null
  elif [ -z "$fail" ]; then
    fail=exit
    why="the game exited"
  fi
  wait $game 2>/dev/null
  game=
  inputs=$((inputs + n_in))
  if grep -q "panicked" "$rd/game.log"; then
    panics=$((panics + 1))
    fail=panic
    why=$(grep -m1 -A3 "panicked" "$rd/game.log")
  fi
  case $fail in hang) hangs=$((hangs + 1)) ;; exit) exits=$((exits + 1)) ;; esac
  if [ -s "$log" ]; then
    if ! "$bin" check-log "$lvl" "$log" "${others[@]}" >"$rd/check-log.txt" 2>&1; then
      violations=$((violations + 1))
      fail=${fail:-violation}
      why="${why:+$why; }$(tail -3 "$rd/check-log.txt")"
    fi
    ev=$(grep -vc '"kind":"\(handover\|undo\)"' "$log")
  else
    ev=0
  fi
  if [ -n "$fail" ]; then
    failed=$((failed + 1))
    keep="$dir/fail-run-$i-seed-$seed"
    rm -rf "$keep"
    cp -r "$rd" "$keep"
    cp "$lvl" "$keep/"
    echo "repeat: .ci/monkey.sh $bin $out $budget --seed $seed --run $i  # $name $grid $mode" >"$keep/REPEAT"
    echo "monkey $i: FAILED ($fail): $why"
    echo "  kept in $keep; $(cat "$keep/REPEAT")"
    tail -5 "$rd/game.log" | sed 's/^/  | /'
  else
    echo "monkey $i: ok — $n_in inputs, $ev events, $(cat "$rd/check-log.txt" | sed 's/.*: ok — //')"
  fi
done
kill $xvfb 2>/dev/null || true
echo "monkey: $runs runs, $inputs inputs, $panics panics, $hangs hangs, $violations invariant violations, $exits unexpected exits ($(($(date +%s) - t_all)) s, seed $seed)"
[ "$failed" -eq 0 ]
