#!/usr/bin/env bash
# Build a release tarball of the game (issue 35): the binary, assets/, levels/, README.md,
# the licences and the level catalogues, in one folder `skirmish-VERSION-TARGET/` that runs
# from wherever it is unpacked (the binary finds assets/ and levels/ beside itself;
# README, "Install").
#
#   tools/package.sh [--binary PATH] [--out DIR]
#
# Without --binary it runs `cargo build --release --locked` and packs target/release's
# binary (CARGO_TARGET_DIR is honoured); --binary packs a binary already built (the test
# `install::the_release_tarball_runs_from_any_folder` packs the debug one). The tarball is
# written to DIR (default: target/package/) and its path printed on the last line.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) bin="${2:?--binary needs a path}"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "package.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
target_dir=${CARGO_TARGET_DIR:-target}
if [ -z "$bin" ]; then
  cargo build --release --locked >&2
  bin="$target_dir/release/skirmish"
fi
[ -x "$bin" ] || { echo "package.sh: no binary at $bin" >&2; exit 2; }
out=${out:-$target_dir/package}

version=$("$bin" --version | awk '{print $2}')
[ -n "$version" ] || { echo "package.sh: $bin --version printed no version" >&2; exit 1; }
arch=$(uname -m)-$(uname -s | tr '[:upper:]' '[:lower:]')
name="skirmish-$version-$arch"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir="$stage/$name"
mkdir -p "$dir/docs"
cp "$bin" "$dir/skirmish"
cp -r assets levels "$dir/"
cp README.md LICENSE-MIT LICENSE-APACHE "$dir/"
cp -r docs/catalogue "$dir/docs/"
cp docs/levels.md docs/scripting.md "$dir/docs/"

mkdir -p "$out"
tarball="$(cd "$out" && pwd)/$name.tar.gz"
tar -C "$stage" -cf - "$name" | gzip -"${SKIRMISH_GZIP_LEVEL:-6}" > "$tarball.part"
mv "$tarball.part" "$tarball"
echo "package.sh: $(du -h "$tarball" | cut -f1) in" >&2
echo "$tarball"
