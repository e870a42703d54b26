#!/usr/bin/env bash
# The level menu dims behind a window over it (issue 31: every dialog dims what is behind
# it), at 1280×800 and 1024×640: Credits opens over the menu, the menu's list beside it is
# darker than before, a click on Start beside it starts nothing, Esc closes it and the
# menu is as bright as before. Screenshots credits-dimmed-WxH.png in OUT_DIR.
# Run by .ci/e2e-layout.sh. Usage: .ci/e2e-layout-menu.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-layout-menu 98 "${2:-shots-layout}"
# Its own settings, data, events and log beside e2e-layout's (same folder).
export SKIRMISH_CONFIG="$out/menu-config" SKIRMISH_DATA_DIR="$out/menu-data" SKIRMISH_MUTE=1
rm -rf "$SKIRMISH_CONFIG" "$SKIRMISH_DATA_DIR"
events="$out/menu-events.jsonl"
fail() { echo "e2e-layout-menu: $*"; tail -5 "$out/menu-game.log" 2>/dev/null; exit 1; }
# The mean brightness of the level list (left, under the title row: the Credits window
# stands in the middle and never covers it, at 1024×640 either).
list_mean() { convert "$1" -crop 190x280+0+60 +repage -format '%[fx:mean]' info:; }

start_xvfb
rm -f "$events"
"$bin" play --event-log "$events" >"$out/menu-game.log" 2>&1 &
game=$!
window_up 6
win=$(xdotool search --name Skirmish | head -1)
for size in 1280x800 1024x640; do
  w=${size%x*}
  h=${size#*x}
  xdotool windowsize "$win" "$w" "$h"
  xdotool windowfocus --sync "$win" || true
  xdotool mousemove $((w - 20)) $((h - 20))
  sleep 3
  import -window root -crop "$size+0+0" +repage "$out/menu-before-$size.png"
  before=$(list_mean "$out/menu-before-$size.png")
  # Credits: right of Settings, New level, Edit level and Quit (default UI scale).
  xdotool mousemove 353 18 click 1
  sleep 1
  xdotool mousemove $((w - 20)) $((h - 20))
  sleep 2
  import -window root -crop "$size+0+0" +repage "$out/credits-dimmed-$size.png"
  dimmed=$(list_mean "$out/credits-dimmed-$size.png")
  awk -v a="$before" -v b="$dimmed" 'BEGIN { exit !(b < a * 0.7) }' ||
    fail "the menu is not dimmed behind Credits at $size (list brightness $before -> $dimmed)"
  # Clicks beside the window (a level of the list, Start, Open a save) choose, start or
  # open nothing: the dimming takes the pointer, and the save buttons are not drawn.
  xdotool mousemove 60 90 click 1
  sleep 0.5
  xdotool mousemove $((w - 200)) 420 click 1
  sleep 0.5
  xdotool mousemove $((w - 70)) 19 click 1
  sleep 1.5
  grep -q '"kind":"battle_started"' "$events" 2>/dev/null && fail "a click beside Credits started a battle at $size"
  xdotool mousemove $((w - 20)) $((h - 20))
  sleep 1.5
  import -window root -crop "$size+0+0" +repage "$out/credits-clicked-$size.png"
  moved=$(compare -metric AE "$out/credits-dimmed-$size.png" "$out/credits-clicked-$size.png" null: 2>&1 | cut -d' ' -f1 || true)
  [ "${moved:-999999}" -lt 100 ] || fail "clicks beside Credits changed the screen at $size ($moved pixels)"
  xdotool key Escape
  sleep 2
  import -window root -crop "$size+0+0" +repage "$out/menu-after-$size.png"
  after=$(list_mean "$out/menu-after-$size.png")
  awk -v a="$before" -v b="$after" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d < a * 0.1) }' ||
    fail "the menu did not come back after Esc at $size (list brightness $before -> $after)"
  echo "e2e-layout-menu: $size: the list's brightness $before, $dimmed behind Credits, $after after Esc"
done
kill -0 $game 2>/dev/null || fail "the game exited"
echo "e2e-layout-menu: ok"
