#!/usr/bin/env bash
# End-to-end check of the level editor (issue 35) under Xvfb, with real keys and clicks
# (xdotool), like .ci/e2e-window.sh:
#   - `skirmish edit FILE` (no file yet) opens the editor on a new level; its Ruleset,
#     Unit to place and Red's role drop-downs are clicked: tactical-d20, the catalogue's
#     last archetype, PC (all three in the saved file);
#   - 2 (wall), ] (brush 2) and a click paint a block of walls; U and clicks place a unit
#     of each side (S: the next side); F1 shows the editor's keys;
#   - per-unit editing with real clicks on the panel (widgets found by name in
#     SKIRMISH_LAYOUT's `w NAME X Y` lines): Blue's Human/AI button makes it the AI's;
#     the picked Blue unit gets a weapon from "Add a weapon…" (the catalogue's list);
#     the saved file has both (`controller: Ai`, the unit's `weapons: [...]`); then a
#     right click on a free cell unpicks the unit and Blue is made a person again;
#   - on a copy of melee-zone-ruins (hex; it reads facing and hidden): Asha picked with a
#     right click, "Starts hidden" and Facing 2 clicked, saved, both undone by Ctrl+Z;
#   - a paint drag over four cells is one undo step: Ctrl+Z takes all four back;
#   - Ctrl+S before the second unit is refused (no file written: side Blue has no units);
#     after it, the file is written and `skirmish check` accepts it;
#   - F5 playtests it hot-seat; Space (the handover), Esc then Q leave the battle and come back to
#     the editor, which still edits: 6 (pit) and a click, Ctrl+S, and the file has a pit;
#   - screenshots of each step in OUT_DIR (editor.png, unit.png, help.png, playtest.png,
#     back.png).
#
# Usage: .ci/e2e-editor.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-editor 66 "${2:-shots-editor}"
export SKIRMISH_MUTE=1
fresh_data
level="$out/made.ron"
rm -f "$level" "$SKIRMISH_LAYOUT"

click() { xdotool mousemove $(cell "$1" "$2"); sleep 0.8; xdotool click 1; sleep 1.2; }
# chord MOD KEY: the modifier held down around the key (a fast chord can split frames).
chord() { xdotool windowfocus --sync "$win" 2>/dev/null || true; xdotool keydown "$1"; sleep 0.3; xdotool key "$2"; sleep 0.3; xdotool keyup "$1"; sleep 1.2; }
# wclick NAME: a click on the panel widget NAME (as the layout file lists it).
widget() { awk -v n="$1" '$1 == "w" && $2 == n { print $3, $4 }' "$SKIRMISH_LAYOUT"; }
# The pointer nudged and the place read again until it stands still (at most 4 s): an
# edit above it (the ruleset's role rows) moves it down a frame or two later.
wclick() {
  local xy was=
  for _ in $(seq 1 10); do
    xy=$(widget "$1")
    [ -n "$xy" ] && [ "$xy" = "$was" ] && break
    was=$xy
    xdotool mousemove_relative -- 2 0
    sleep 0.4
  done
  [ -n "$xy" ] || fail "no widget $1 in the layout: $(grep '^w ' "$SKIRMISH_LAYOUT" | cut -d' ' -f2 | tr '\n' ' ')"
  xdotool mousemove $xy; sleep 0.8; xdotool click 1; sleep 1.2
}
key() { xdotool windowfocus --sync "$win" 2>/dev/null || true; xdotool key "$@"; sleep 1.2; }

start_xvfb
"$bin" edit "$level" >"$out/game.log" 2>&1 &
game=$!
for _ in $(seq 1 90); do
  [ -s "$SKIRMISH_LAYOUT" ] && break
  alive
  sleep 1
done
[ -s "$SKIRMISH_LAYOUT" ] || fail "the editor wrote no layout"
win=$(xdotool search --name Skirmish | head -1)
sleep 2
xdotool windowfocus --sync "$win" || true
sleep 0.5

# The ruleset and the unit to place from their drop-downs, with clicks (widgets
# `ruleset`, `ruleset:ID`, `archetype`, `archetype:NAME`): tactical-d20, not the default
# flow, then the last of its archetypes (not the first, which a new level starts with);
# Red made the PCs from its role drop-down (`role:0`, `role:0:pc`; tactical-d20 reads roles).
wclick ruleset
wclick ruleset:tactical-d20
wclick archetype
# The list is in the layout once a frame has drawn it open: wait for it (a loaded machine
# draws late; seen failing once under a load of 2 valgrind runs).
for _ in $(seq 1 20); do
  arch=$(awk '$1 == "w" && $2 ~ /^archetype:/ && $2 != "archetype:(none)" { a = $2 } END { sub(/^archetype:/, "", a); print a }' "$SKIRMISH_LAYOUT")
  first=$(awk '$1 == "w" && $2 ~ /^archetype:/ && $2 != "archetype:(none)" { sub(/^archetype:/, "", $2); print $2; exit }' "$SKIRMISH_LAYOUT")
  [ -n "$arch" ] && [ "$arch" != "$first" ] && break
  sleep 0.5
done
[ -n "$arch" ] && [ "$arch" != "$first" ] || fail "the archetype list did not open with two or more: $(grep '^w ' "$SKIRMISH_LAYOUT" | cut -d' ' -f2 | tr '\n' ' ')"
wclick "archetype:$arch"
wclick role:0
wclick role:0:pc
shot ruleset
# Blue played by the AI: a click on its Human/AI button.
wclick controller:1
# A drag of difficult ground over (0, 5) … (3, 5): one undo step, so one Ctrl+Z takes
# the four cells back (checked in the saved file: no difficult ground).
key 3
xdotool mousemove $(cell 0 5); sleep 0.5; xdotool mousedown 1; sleep 0.5
for x in 1 2 3; do xdotool mousemove $(cell $x 5); sleep 0.5; done
xdotool mouseup 1; sleep 1.2
shot drag
chord ctrl z
# Walls, brush 2, around (4, 3).
key 2
key bracketright
click 4 3
# A Red unit at (1, 1); Ctrl+S refused (Blue has none).
key u
click 1 1
chord ctrl s
sleep 1
[ ! -e "$level" ] || fail "a level with a side without units was written"
# A Blue unit at (6, 4) (S: the next side); Ctrl+S writes it.
key s
click 6 4
# The placed unit is picked: add a weapon from the catalogue's list with clicks.
wclick weapon-add
sleep 1
weapon=$(awk '$1 == "w" && $2 ~ /^weapon:/ { sub(/^weapon:/, "", $2); print $2; exit }' "$SKIRMISH_LAYOUT")
[ -n "$weapon" ] || fail "the weapon list did not open"
wclick "weapon:$weapon"
shot unit
key F1
sleep 1
shot help
key Escape
chord ctrl s
for _ in $(seq 1 10); do [ -s "$level" ] && break; sleep 0.5; done
[ -s "$level" ] || fail "Ctrl+S wrote nothing"
shot editor
"$bin" check "$level" || fail "skirmish check refuses the saved level"
grep -q '#' "$level" || fail "no wall in the saved map"
[ "$(grep -c 'side: "' "$level")" -ge 2 ] || fail "two units expected: $(cat "$level")"
grep -q 'controller: Ai' "$level" || fail "Blue is not the AI's: $(cat "$level")"
grep -q 'ruleset: "tactical-d20"' "$level" || fail "the ruleset picked is not saved: $(cat "$level")"
[ "$(grep -c "archetype: \"${arch//_/ }\"" "$level")" -ge 2 ] || fail "the units are not $arch: $(cat "$level")"
grep -q 'role: Pc' "$level" || fail "Red's role PC is not saved: $(cat "$level")"
grep -q "weapons: \[.*\"${weapon//_/ }\"" "$level" || fail "the unit's weapons: [...] lack \"$weapon\": $(cat "$level")"
! grep -q '~' "$level" || fail "the undone drag's difficult ground was saved: $(cat "$level")"
# Blue back to a person for the hot-seat playtest: a right click on a free cell picks no
# unit (the sides show again), a click on Blue's AI button, Ctrl+S.
xdotool mousemove $(cell 7 5); sleep 0.5; xdotool click 3; sleep 1.2
wclick controller:1
chord ctrl s
sleep 1
! grep -q 'controller: Ai' "$level" || fail "Blue is still the AI's: $(cat "$level")"
before=$(md5sum <"$level")

# Playtest hot-seat (the window test plays against the AI), then back: Space passes the
# handover screen, Esc opens the battle's menu, Q leaves for the level menu: the editor.
key F5
sleep 4
alive
key space
sleep 1
shot playtest
key Escape
key q
sleep 2
alive
# Still the editor, still editing: a pit at (7, 0), saved.
key 6
key bracketleft
click 7 0
chord ctrl s
sleep 1
shot back
[ "$(md5sum <"$level")" != "$before" ] || fail "no edit after the playtest (not back in the editor?)"
"$bin" check "$level" || fail "skirmish check refuses the level saved after the playtest"
# A melee-zone level (it reads facing and hidden): a right click picks Asha, a click on
# "Starts hidden" and on Facing, then its "2: …" entry; Ctrl+S: her line has both;
# two Ctrl+Z and Ctrl+S: neither (each click one undoable edit).
kill $game 2>/dev/null || true
wait $game 2>/dev/null || true
mz="$out/ruins.ron"
cp "$(dirname "$0")/../levels/melee-zone-ruins.ron" "$mz"
rm -f "$SKIRMISH_LAYOUT"
"$bin" edit "$mz" >"$out/game2.log" 2>&1 &
game=$!
for _ in $(seq 1 90); do
  [ -s "$SKIRMISH_LAYOUT" ] && break
  alive
  sleep 1
done
win=$(xdotool search --name Skirmish | head -1)
sleep 2
xdotool windowfocus --sync "$win" || true
asha() { grep 'name: "Asha"' "$mz"; }
xdotool mousemove $(cell 2 3); sleep 0.5; xdotool click 3; sleep 1.2
wclick hidden
wclick facing
sleep 1
wclick facing:2
shot unit-melee-zone
chord ctrl s
sleep 1
asha | grep -q 'hidden: true' || fail "Asha is not hidden: $(asha)"
asha | grep -q 'facing: 2' || fail "Asha does not face 2: $(asha)"
"$bin" check "$mz" || fail "skirmish check refuses the level with Asha hidden and facing 2"
chord ctrl z
chord ctrl z
chord ctrl s
sleep 1
! asha | grep -q 'hidden\|facing' || fail "two Ctrl+Z left: $(asha)"
echo "e2e-editor: ok ($level; screenshots in $out)"
