#!/usr/bin/env bash
# The system packages Skirmish needs on Debian/Ubuntu (issue 35): one list for people
# (README, "Install") and for CI (.ci/run calls this). Installs only what is missing;
# uses sudo when not root.
#
#   tools/setup.sh            build + run + the headless window checks (CI's list)
#   tools/setup.sh --list     print the list and exit
set -euo pipefail

# Build: pkg-config, the ALSA headers for Bevy's audio (bevy_audio → cpal → alsa-sys) and
# libudev's for real gamepads (bevy_gilrs → gilrs → libudev-sys; libudev1 finds the pads).
# Run: libasound2 plays the sounds; a Vulkan driver (mesa-vulkan-drivers gives a software
# one) and winit's X11 libraries (Xlib, Xcursor, Xrandr, XInput2, Xrender, xkbcommon are
# loaded at run time). Headless window checks (CI, tools/screenshots.sh): Xvfb, xauth,
# xdotool, ImageMagick, python3. The instruction guard (tools/instructions.sh): valgrind.
# The C compiler and libc headers: rustc links with `cc`, and the allocator (mimalloc,
# `src/main.rs`) is C source built by libmimalloc-sys.
packages=(
  gcc libc6-dev
  pkg-config libasound2-dev libasound2 libudev-dev libudev1
  mesa-vulkan-drivers libvulkan1
  libx11-6 libx11-xcb1 libxcursor1 libxi6 libxrandr2 libxrender1 libxext6 libxfixes3
  libxkbcommon0 libxkbcommon-x11-0
  xvfb xauth xdotool imagemagick python3
  valgrind
)

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

need=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -eq 0 ]; then
  echo "setup: every package is installed"
  exit 0
fi
echo "setup: installing ${need[*]}"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
