#!/usr/bin/env bash
# e2e 15, the screenshots of docs/ui.md (issue 31, second round), at 1280×800 and
# 1024×640 (the window made that size through its own setting, settings.ron
# `window_size`): the level menu's map preview of flow's bridge drawn in hexes; help (F1)
# on its Keys tab, scrolled to its end (the map's marks), and its Rules tab, one size
# for both; flow's courtyard with the keyboard's cell cursor, Tab inspecting a unit that
# does not act, the threat overlay, and the Esc menu opened by one Esc.
# Screenshots in OUT_DIR as NAME-WxH.png (look at them).
# Usage: .ci/e2e-tour.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-tour 61 "${2:-shots-tour}"
export SKIRMISH_MUTE=1 SKIRMISH_ANIM=instant
size=
# No key taps before a shot: the window draws the frames after an input by itself
# (`idle::after_input`, the veil's frames when a dialog opens or closes). A shot is
# retaken until it is not black (the window still mapping) and, with `want` set, until
# its mean brightness passes that test (the Esc menu's veil dims the board).
# A dark, unsaturated pixel (an egui button's fill) at X,Y of a picture.
grey() {
  convert "$1" -format "%[fx:int(255*p{$2,$3}.r)] %[fx:int(255*p{$2,$3}.g)] %[fx:int(255*p{$2,$3}.b)]" info: |
    awk '{ d1 = $1 - $2; d2 = $2 - $3; if (d1 < 0) d1 = -d1; if (d2 < 0) d2 = -d2; exit !(d1 < 10 && d2 < 10 && $1 < 110) }'
}
mean() { convert "$1" -format '%[fx:mean]' info:; }
shot() {
  local f="$out/$1-$size.png" want=${2:-}
  for _ in $(seq 1 10); do
    sleep 0.5
    import -window root -crop "${size}+0+0" +repage "$f"
    m=$(mean "$f")
    awk -v m="$m" 'BEGIN { exit !(m > 0.01) }' || continue
    [ -z "$want" ] && return 0
    awk -v m="$m" "BEGIN { exit !(m $want) }" && return 0
  done
  [ -z "$want" ] || fail "$1 at $size: mean brightness $m, wanted $want"
}
start() {
  rm -f "$events" "$SKIRMISH_BUTTONS"
  "$bin" play "$@" --event-log "$events" >"$out/game.log" 2>&1 &
  game=$!
  window_up
  # Drawn: on the battle screen the egui pass has written its buttons' places (the level
  # menu writes none: `shot` waits there for a picture that is not black).
  if [ $# -gt 0 ]; then
    for _ in $(seq 1 60); do [ -s "$SKIRMISH_BUTTONS" ] && break; sleep 0.5; done
  else
    sleep 3
  fi
  sleep 1
  win=$(xdotool search --name Skirmish | head -1)
  xdotool windowfocus --sync "$win" || true
  sleep 1
}
stop() { kill $game 2>/dev/null || true; wait $game 2>/dev/null || true; game=; }
# (Its own `shot` and `button` over lib.sh's: a shot retaken until drawn, a button's
# place as the menu wrote it.)
button() { awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$SKIRMISH_BUTTONS"; }

start_xvfb

for size in 1280x800 1024x640; do
  w=${size%x*} h=${size#*x}
  rm -rf "$SKIRMISH_CONFIG" "$SKIRMISH_DATA_DIR"
  mkdir -p "$SKIRMISH_CONFIG"
  printf '(prefs: (window_size: (%s, %s)))\n' "$w" "$h" >"$SKIRMISH_CONFIG/settings.ron"
  echo "e2e-tour $size: the level menu (the bridge's hex preview)"
  start
  xdotool mousemove $((w - 5)) $((h - 5)) # off the list (no hover text over it)
  shot tour-menu
  stop
  echo "e2e-tour $size: help's two tabs, the cursor, Tab, the threat overlay, the Esc menu"
  start levels/flow-courtyard.ron
  shot tour-handover # hot-seat: the handover screen first
  xdotool key space # the handover screen (hot-seat)
  sleep 2
  grep -q "gilrs\|Gilrs\|udev" "$out/game.log" && fail "gamepad lines with no pad: $(grep -i gilrs "$out/game.log" | head -2)"
  xdotool key F1
  for _ in $(seq 1 10); do [ -n "$(button "Help: Rules")" ] && break; sleep 0.5; done
  [ -n "$(button "Help: Rules")" ] || fail "F1 did not open help"
  sleep 1
  shot tour-help-keys
  read -r hx hy <<<"$(button "Help: Keys")"
  xdotool mousemove $((hx + 200)) $((hy + 200))
  for _ in $(seq 1 60); do xdotool click 5; done
  sleep 1
  shot tour-help-marks
  xdotool mousemove $(button "Help: Rules")
  sleep 0.3
  xdotool click 1
  sleep 1.5
  shot tour-help-rules
  xdotool key Escape
  sleep 0.5
  # A click on the panel's title takes the keyboard focus from help's tab buttons (egui
  # keeps it on a closed window's button, and the board hears no key meanwhile).
  xdotool mousemove $((w - 60)) 12 click 1
  sleep 1
  xdotool key Right
  sleep 0.3
  xdotool key Right Right
  sleep 1
  shot tour-cursor
  clear=$(mean "$out/tour-cursor-$size.png")
  xdotool key Escape # nothing pending: the menu; the veil dims the board
  # The menu laid out (its Open button's place written), then drawn a frame or two later.
  for _ in $(seq 1 20); do [ -n "$(button Open)" ] && break; sleep 0.5; done
  [ -n "$(button Open)" ] || fail "Esc did not open the menu at $size"
  # Drawn when the pixel at its Open button is the button's grey (not the dimmed board).
  # The button's place is read again each time: egui's first (sizing) pass writes a
  # provisional one.
  drawn=
  for _ in $(seq 1 10); do
    shot tour-esc-menu "< $clear * 0.85"
    read -r ox oy <<<"$(button Open)"
    grey "$out/tour-esc-menu-$size.png" "$ox" "$oy" && drawn=1 && break
  done
  [ -n "$drawn" ] || fail "the Esc menu not drawn at $size (Open at $ox,$oy)"
  xdotool key Escape # closed: the board clear again, without another input
  for _ in $(seq 1 20); do [ -z "$(button Open)" ] && break; sleep 0.5; done
  shot tour-esc-closed "> $clear * 0.95"
  xdotool key Tab
  sleep 1
  shot tour-tab-inspects
  xdotool key Home t
  sleep 1
  shot tour-threat
  stop
done
echo "e2e-tour: ok — screenshots in $out"
