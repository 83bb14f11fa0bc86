#!/usr/bin/env bash
# Runs every clip of ../shared/media through clipmerge and prints a Markdown table of what happened:
#   overlay: the clip as the overlay of sample.mp4;
#   concat:  sample.mp4 then the clip, fitted into 640x360.
# Exit code and the first line of stderr are reported; the output duration is read back with ffprobe.
set -uo pipefail
cd "$(dirname "$0")/.."
media=${MEDIA:-../shared/media}
bin=.build/release/clipmerge
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[[ -d $media ]] || { echo "no $media: nothing to run" >&2; exit 0; }
duration() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1" 2>/dev/null | awk '{ printf "%.3f", $1 }'; }
note() { grep -v "^clipmerge: wrote" "$1" | head -1 | sed "s|$media/||g; s/^clipmerge: //; s/|/\\\\|/g"; }
echo "| clip | overlay (exit, output s) | concat after sample.mp4 (exit, output s) | message |"
echo "|---|---|---|---|"
for f in "$media"/*; do
  name=$(basename "$f")
  [[ $name == SOURCES.md ]] && continue
  "$bin" overlay "$media/sample.mp4" "$f" -o "$out/o.mov" -y --preset ultrafast >"$out/o.log" 2>&1
  o=$?
  "$bin" concat "$media/sample.mp4" "$f" -o "$out/c.mov" -y --preset ultrafast --size 640x360 >"$out/c.log" 2>&1
  c=$?
  od=$([[ $o == 0 ]] && duration "$out/o.mov")
  cd_=$([[ $c == 0 ]] && duration "$out/c.mov")
  msg="$(note "$out/c.log")"
  [[ -z $msg ]] && msg="$(note "$out/o.log")"
  echo "| \`$name\` | $o${od:+, $od} | $c${cd_:+, $cd_} | $msg |"
  rm -f "$out"/*.mov
done
