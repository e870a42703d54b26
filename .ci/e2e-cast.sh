#!/usr/bin/env bash
# End-to-end check of casting in the real window (issue 17), played with real clicks and
# keys through xdotool under Xvfb, like .ci/e2e.sh.
#
# e2e 9: flow, hex (tests/fixtures/e2e-flow-arcane-tower.ron, seed 0, the Raiders played by the AI):
#   Enter (and Y to "End the turn?") ends Pell's and Garrick's turns; on Ysolde's turn, click Ysolde, click the
#   "Fireball" button (found through SKIRMISH_BUTTONS), hover the Raider with the most
#   Raiders around it within range (found through SKIRMISH_LAYOUT and the event log),
#   screenshot the burst preview with its chances, click: the event log shows the cast,
#   the Agility saves and the fire damage.
# e2e 10: tactical-d20, square (tests/fixtures/e2e-spell-duel.ron: both sides human, a
#   forced seed): Morwen acts first and ends her turn (no longer Surprised); Aldric casts
#   Magic Missile at her (its button, then a click on her); Morwen identifies it and the
#   Counterspell prompt opens; its button is clicked: the event log shows the
#   counterspell check (and, on a success, the spell fizzling).
# e2e 11: flow, square (tests/fixtures/e2e-summon.ron: Cal human, a goblin played by the
#   AI): the "Call wolf" button, then a click on (3, 2): a wolf appears there (its red
#   token is on the screenshot); the "Mire" button, a click on (7, 2): nine cells turn
#   difficult (a tile in the burst changes colour on the screenshot); a click on (7, 5):
#   Cal walks there cell by cell (screenshots on the way catch it between); Esc opens
#   the in-battle menu, N restarts with new dice (another seed); T turns the threat
#   overlay on and the settings file says so. Sound is on (SKIRMISH_MUTE=0) with no
#   audio device (Xvfb has none): the game plays on silently. Esc, O opens the settings
#   screen; clicks on "150%" and "Colour-blind safe" are saved to the settings file; the
#   window shrunk to 1024×640 still shows the panel's End turn and the settings screen's
#   Close button, and Cal's token is in the colour-blind palette's orange.
#
# Usage: .ci/e2e-cast.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-cast 96 "${2:-shots}"

# where NAME LEVEL: a unit's cell now (its last move in the event log, else the level's).
where() {
  local last
  last=$(grep "\"kind\":\"moved\".*\"actor\":\"$1\"" "$events" | tail -1 |
    sed 's/.*"to":\[\([0-9]*\),\([0-9]*\)\].*/\1 \2/' || true)
  if [ -n "$last" ]; then echo "$last"; return; fi
  grep "name: \"$1\"" "$2" | sed 's/.*cell: (\([0-9]*\), \([0-9]*\)).*/\1 \2/'
}
start() {
  restart_xvfb
  play_battle "$@"
}

echo "e2e 9: flow, hex: Ysolde's Fireball, aimed with the preview, cast by a click"
level=tests/fixtures/e2e-flow-arcane-tower.ron
start "$level"
# Pell and Garrick (the human side's first two) end their turns; the AI moves between;
# reactions offered to the Tower are declined (N).
advance_to() {
  local last cur
  for _ in $(seq 1 150); do
    grep -q "\"kind\":\"turn_started\",\"round\":1,\"actor\":\"$1\"" "$events" && return 0
    alive
    last=$(tail -1 "$events")
    cur=$(grep '"kind":"turn_started"' "$events" | tail -1 | sed 's/.*"actor":"\([^"]*\)".*/\1/')
    case "$last" in
      *'"kind":"reaction_offered"'*'"actor":"'$2'"'* | \
      *'"kind":"reaction_offered"'*'"actor":"'$3'"'* | \
      *'"kind":"reaction_offered"'*'"actor":"'$1'"'*) xdotool key n ;;
      *'"kind":"reaction_offered"'*) ;;
      *) if [ "$cur" = "$2" ] || [ "$cur" = "$3" ]; then end_turn; fi ;;
    esac
    sleep 1.5
  done
  fail "no turn for $1"
}
advance_to Ysolde Pell Garrick
sleep 2
read -r yx yy <<<"$(where Ysolde "$level")"
read -r ysx ysy <<<"$(cell "$yx" "$yy")"
xdotool mousemove "$ysx" "$ysy" click 1
sleep 1
# The aim: the Raider with most Raiders within a cell of it, among those within 5 cells
# of Ysolde (on screen: one cell is the distance between neighbouring centres).
step=$(awk -v x="$yx" -v y="$yy" '$1 == x + 1 && $2 == y { print $3 }' "$SKIRMISH_LAYOUT")
step=$((step - ysx))
pos=""
for r in Vex Grosh Nib Snik; do
  read -r rx ry <<<"$(where $r "$level")"
  read -r sx sy <<<"$(cell "$rx" "$ry")"
  pos="$pos$r $rx $ry $sx $sy"$'\n'
done
aim=$(echo -n "$pos" | awk -v ysx="$ysx" -v ysy="$ysy" -v s="$step" '
  { n[NR] = $1; cx[NR] = $2; cy[NR] = $3; px[NR] = $4; py[NR] = $5 }
  END {
    best = -1
    for (i = 1; i <= NR; i++) {
      d = sqrt((px[i] - ysx) ^ 2 + (py[i] - ysy) ^ 2) / s
      if (d > 5.6) continue
      k = 0
      for (j = 1; j <= NR; j++)
        if (sqrt((px[i] - px[j]) ^ 2 + (py[i] - py[j]) ^ 2) / s < 1.2) k++
      if (k > best) { best = k; a = cx[i] " " cy[i] }
    }
    print a
  }')
[ -n "$aim" ] || fail "no Raider within Fireball's range of Ysolde: $pos"
echo "e2e 9: Ysolde at $yx,$yy; aiming at $aim"
xdotool mousemove $(button Fireball)
sleep 0.5
xdotool click 1
sleep 1
xdotool mousemove $(cell $aim)
sleep 2
shot 70-flow-fireball-preview
# The burst is hatched orange around the aim: count orange pixels there.
read -r ax ay <<<"$(cell $aim)"
orange=$(convert "$out/70-flow-fireball-preview.png" -crop $((3 * step))x$((3 * step))+$((ax - 3 * step / 2))+$((ay - 3 * step / 2)) \
  -fx '(r > 0.7 && g > 0.3 && g < 0.7 && b < 0.35) ? 1 : 0' -format '%[fx:mean]' info:)
awk -v o="$orange" 'BEGIN { exit !(o > 0.02) }' || fail "no orange burst around the aim ($orange)"
xdotool click 1
wait_for '"kind":"cast","round":1,"actor":"Ysolde".*"detail":"Fireball"' 20
wait_for '"kind":"check","round":1,"actor":"\(Vex\|Grosh\|Nib\|Snik\)"' 20
wait_for '"kind":"damage","round":1,"actor":"Ysolde"' 20
sleep 2
shot 71-flow-fireball-cast
alive
cp "$events" "$out/events-9.jsonl"

echo "e2e 10: tactical-d20, square: a Counterspell answered by a click in the prompt"
start tests/fixtures/e2e-spell-duel.ron
# Morwen (Coven) acts first: dismiss the handover (Space), end her turn (Enter, Y).
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Coven"'
wait_for '"kind":"turn_started","round":1,"actor":"Morwen"'
sleep 1
end_turn
wait_for '"kind":"turn_ended","round":1,"actor":"Morwen"'
sleep 1
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Circle"'
sleep 1
# Aldric: the Magic Missile button, then hover and click Morwen.
xdotool mousemove $(button "Magic Missile")
sleep 0.5
xdotool click 1
sleep 1
xdotool mousemove $(cell 7 2)
sleep 2
shot 80-d20-magic-missile-preview
xdotool click 1
wait_for '"kind":"cast","round":1,"actor":"Aldric","target":"Morwen","detail":"Magic Missile"' 20
wait_for '"kind":"check","round":1,"actor":"Morwen".*"detail":"identify' 20
wait_for '"kind":"reaction_offered","round":1,"actor":"Morwen"' 20
sleep 1
xdotool key space
count '"kind":"handover","round":1,"actor":"Coven"' 2
sleep 2
shot 81-d20-counterspell-prompt
grep -q "^Counterspell	" "$SKIRMISH_BUTTONS" || sleep 2
xdotool mousemove $(button Counterspell)
sleep 0.5
xdotool click 1
wait_for '"kind":"reacted","round":1,"actor":"Morwen"' 20
wait_for '"kind":"check","round":1,"actor":"Morwen".*"detail":"counterspell' 20
wait_for '"kind":"fizzled","round":1,"actor":"Aldric"' 20
sleep 2
# The board comes straight back to the Circle (issue 31): no second handover.
[ "$(grep -c '"kind":"handover","round":1,"actor":"Circle"' "$events")" -eq 1 ] ||
  fail "a second handover to the Circle after the counterspell"
shot 82-d20-countered
alive
cp "$events" "$out/events-10.jsonl"

echo "e2e 11: flow, square: a summon and a terrain change, each cast by clicks"
SKIRMISH_MUTE=0 SKIRMISH_ANIM=slow start tests/fixtures/e2e-summon.ron
wait_for '"kind":"turn_started","round":1,"actor":"Cal"' 60
sleep 2
# pixel X Y FILE: the colour of one screen pixel as "r g b" (0-255).
pixel() {
  convert "$3" -crop 1x1+"$1"+"$2" -depth 8 txt:- | tail -1 |
    sed 's/.*(\([0-9]*\),\([0-9]*\),\([0-9]*\).*/\1 \2 \3/'
}
shot 90-summon-before
# Select Cal (a click on its token), then the spell's button, then the cell.
xdotool mousemove $(cell 1 2) click 1
sleep 1
xdotool mousemove $(button "Call wolf")
sleep 0.5
xdotool click 1
sleep 1
xdotool mousemove $(cell 3 2)
sleep 1
xdotool click 1
wait_for '"kind":"summoned","round":1,"actor":"Cal","target":"wolf"' 20
sleep 2
shot 91-summon-wolf
# red_at X Y FILE: the rim of a Callers' (red) token on cell (X, Y) in the screenshot
# (a token is a round face in a rim of its side's colour: sample the rim, above the
# centre, 37% of a cell up).
step=$(( $(cell 2 2 | cut -d' ' -f1) - $(cell 1 2 | cut -d' ' -f1) ))
red_at() {
  read -r px py <<<"$(cell "$1" "$2")"
  read -r r g b <<<"$(pixel "$px" "$((py - step * 37 / 100))" "$3")"
  [ "$r" -gt 150 ] && [ "$g" -lt 110 ] && [ "$b" -lt 110 ]
}
# The wolf's token (the Callers' red) now stands on (3, 2).
red_at 3 2 "$out/91-summon-wolf.png" || fail "no red token on (3, 2) after the summon"
# Mire on (7, 2): a 3x3 burst of difficult terrain; (8, 3) is empty ground in it.
read -r mx my <<<"$(cell 8 3)"
before=$(pixel "$mx" "$my" "$out/91-summon-wolf.png")
xdotool mousemove $(button Mire)
sleep 0.5
xdotool click 1
sleep 1
xdotool mousemove $(cell 7 2)
sleep 1
shot 92-mire-preview
xdotool click 1
wait_for '"kind":"terrain_changed"' 20
sleep 2
shot 93-mire-cast
after=$(pixel "$mx" "$my" "$out/93-mire-cast.png")
[ "$before" != "$after" ] || fail "the tile on (8, 3) did not change ($before)"
[ "$(grep -c '"kind":"terrain_changed"' "$events")" -eq 9 ] || fail "Mire changed $(grep -c '"kind":"terrain_changed"' "$events") cells, not 9"
# The last AP buys a move of 6 cells: Cal walks it cell by cell (frames caught on the
# way show its token on neither its first nor its last cell; SKIRMISH_ANIM=slow, 2 cells
# a second, so that the screenshots, a few tenths of a second each, see it).
xdotool mousemove $(cell 1 2) click 1
sleep 1
xdotool mousemove $(cell 7 5) click 1
for i in $(seq 1 6); do shot "94-walk-$i"; done
between=0
for i in $(seq 1 6); do
  if ! red_at 1 2 "$out/94-walk-$i.png" && ! red_at 7 5 "$out/94-walk-$i.png"; then
    between=$((between + 1))
  fi
done
wait_for '"kind":"moved","round":1,"actor":"Cal","from":\[[0-9]*,[0-9]*\],"to":\[7,5\]' 20
# The walk ends on (7, 5): wait for it (a slow software renderer draws fewer frames, and
# Bevy's virtual clock advances at most 250 ms a frame, so the 3 s walk can take longer).
arrived=0
for i in $(seq 1 30); do
  sleep 1
  shot 95-walk-done
  if red_at 7 5 "$out/95-walk-done.png"; then arrived=1; break; fi
done
[ "$arrived" -eq 1 ] || fail "Cal's token is not on (7, 5) 30 s after the move"
[ "$between" -gt 0 ] || fail "no frame caught Cal on the way: the move jumped"
echo "e2e 11: $between frames caught Cal walking"
# Esc (once: with nothing pending it opens the in-battle menu, issue 31); N restarts the
# battle with new dice: a second battle_started with another seed.
xdotool key Escape
sleep 1
shot 96-battle-menu
xdotool key n
count '"kind":"battle_started"' 2 20
seeds=$(grep '"kind":"battle_started"' "$events" | sed 's/.*seed \([0-9]*\).*/\1/' | sort -u | wc -l)
[ "$seeds" -ge 2 ] || fail "Restart, new dice kept the seed"
# T turns the threat overlay on, and the settings file (SKIRMISH_CONFIG) remembers it.
sleep 2
xdotool key t
# Saved within a few frames; a loaded machine draws few frames a second: wait up to 20 s.
for _ in $(seq 1 20); do
  sleep 1
  grep -q "threat_overlay: true" "$SKIRMISH_CONFIG/settings.ron" 2>/dev/null && break
done
grep -q "threat_overlay: true" "$SKIRMISH_CONFIG/settings.ron" ||
  fail "the settings file does not say the threat overlay is on: $(cat "$SKIRMISH_CONFIG/settings.ron" 2>&1)"
# The settings screen (Esc, then O): UI scale 150% and the colour-blind palette, by clicks.
xdotool key Escape
sleep 1
grep -q "^Settings	" "$SKIRMISH_BUTTONS" || { xdotool key Escape; sleep 1; }
xdotool key o
sleep 1
# The settings window sizes itself over its first frames (a slow frame on a loaded
# machine): click where the button stands once two readings a second apart agree, and
# again until the file says so.
steady() {
  local a b
  a=$(button "$1")
  for _ in $(seq 1 10); do
    sleep 1
    b=$(button "$1")
    [ "$a" = "$b" ] && break
    a=$b
  done
  echo "$b"
}
for _ in 1 2 3; do
  xdotool mousemove $(steady "UI scale 150%") click 1
  sleep 2
  grep -q "ui_scale: 1.5" "$SKIRMISH_CONFIG/settings.ron" 2>/dev/null && break
done
xdotool mousemove $(steady "Palette Colour-blind safe") click 1
sleep 2
shot 97-settings-screen
settings=$(cat "$SKIRMISH_CONFIG/settings.ron" 2>&1)
grep -q "ui_scale: 1.5" <<<"$settings" || fail "the settings file does not say UI scale 1.5: $settings"
grep -q "palette: ColourBlind" <<<"$settings" || fail "the settings file does not say the colour-blind palette: $settings"
# 1024×640 at 150%: the panel's End turn and the settings' Close button are inside the
# window (the settings screen scrolls rather than running off it).
xdotool windowsize "$(xdotool search --name Skirmish | head -1)" 1024 640
sleep 3
shot 98-settings-1024x640
inside() {
  local at
  at=$(awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$SKIRMISH_BUTTONS")
  [ -n "$at" ] || fail "no $1 button on screen at 1024×640: $(tr '\n' ';' <"$SKIRMISH_BUTTONS")"
  read -r bx by <<<"$at"
  [ "$bx" -gt 0 ] && [ "$bx" -lt 1024 ] && [ "$by" -gt 0 ] && [ "$by" -lt 640 ] ||
    fail "$1 is outside the 1024×640 window at $at"
}
inside "Close settings"
inside "End turn"
xdotool key Escape
sleep 2
shot 99-colour-blind-1024x640
# Cal (the Callers' side, red by the level) wears the colour-blind palette's orange.
step=$(( $(cell 2 2 | cut -d' ' -f1) - $(cell 1 2 | cut -d' ' -f1) ))
read -r px py <<<"$(cell 1 2)"
read -r r g b <<<"$(pixel "$px" "$((py - step * 37 / 100))" "$out/99-colour-blind-1024x640.png")"
[ "$r" -gt 180 ] && [ "$g" -gt 110 ] && [ "$g" -lt 200 ] && [ "$b" -lt 80 ] ||
  fail "Cal's token is not orange in the colour-blind palette ($r $g $b)"
alive
cp "$events" "$out/events-11.jsonl"
echo "e2e-cast: ok — screenshots and event logs in $out"
