#!/usr/bin/env bash
# Rasterizes the unit icons the window draws on each token (assets/icons/*.png, white on
# transparent, 64x64) from the game-icons.net SVGs (CC BY 3.0; authors in
# assets/CREDITS.md), and draws the token disc and the side emblems.
#
# Usage: tools/icons.sh ICONS_CHECKOUT
#   ICONS_CHECKOUT: a checkout of https://github.com/game-icons/icons (one folder per
#   author), e.g. `git clone --depth 1 https://github.com/game-icons/icons`.
# Needs ImageMagick (its own SVG renderer is enough). The PNGs are committed: the game
# and CI never run this.
set -euo pipefail
src=${1:?usage: tools/icons.sh ICONS_CHECKOUT}
out="$(cd "$(dirname "$0")/.." && pwd)/assets/icons"
mkdir -p "$out"
# archetype -> author/icon
map="fighter lorc/visored-helm
duelist delapouite/fencer
archer delapouite/archer
pikeman delapouite/pikeman
brute delapouite/brute
wizard delapouite/wizard-face
goblin delapouite/goblin-head
goblinarcher lorc/bowman
hobgoblin delapouite/barbarian
orc delapouite/orc-head
ogre delapouite/ogre
wolf lorc/wolf-head
rogue lorc/hood
ranger lorc/bowman
cleric lorc/holy-symbol
warden lorc/spear-hook
psion lorc/psychic-waves
scout lorc/cowled
caller lorc/pointy-hat
unit cathelineau/swordman"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while read -r name icon; do
  # The SVGs draw a black 512x512 square first: leave it out (white on transparent).
  sed 's#<path d="M0 0h512v512H0z"/>##' "$src/$icon.svg" >"$tmp/$name.svg"
  convert -background none -density 200 "$tmp/$name.svg" -resize 64x64 \
    -alpha on -channel RGB -fill white -colorize 100 "$out/$name.png"
done <<<"$map"
# The token: a white disc (tinted by the side's colour) and a smaller dark disc inside.
convert -size 64x64 xc:none -fill white -draw "circle 32,32 32,1" "$out/token-rim.png"
convert -size 64x64 xc:none -fill white -draw "circle 32,32 32,6" "$out/token-face.png"
# Side emblems (readable without colour): circle, triangle, square, diamond.
convert -size 24x24 xc:none -fill white -draw "circle 12,12 12,3" "$out/emblem-0.png"
convert -size 24x24 xc:none -fill white -draw "polygon 12,2 22,21 2,21" "$out/emblem-1.png"
convert -size 24x24 xc:none -fill white -draw "rectangle 4,4 20,20" "$out/emblem-2.png"
convert -size 24x24 xc:none -fill white -draw "polygon 12,1 23,12 12,23 1,12" "$out/emblem-3.png"
echo "icons: $(ls "$out" | wc -l) files in $out"
