#!/usr/bin/env bash
# Runs every clip of ../shared/media, and the kinds of broken or unusual file the fixtures make (a cut-off
# Matroska recording, a WebM written live, an edit-listed HEVC phone clip, Dolby Vision), through clipmerge and
# prints Markdown tables of what happened:
#   overlay: the clip as the overlay of sample.mp4;
#   concat:  sample.mp4 then the clip, fitted into 640x360;
#   copy:    the clip joined to itself, and to the whole HEVC clip, with --copy.
# Exit code and the first line of stderr are reported; the output duration is read back with ffprobe.
set -uo pipefail
cd "$(dirname "$0")/.."
media=${MEDIA:-../shared/media}
bin=.build/release/clipmerge
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
generated=Fixtures/generated
made=(cut-off.mkv live.webm preroll.mp4 dolby-vision.mp4)
[[ -d $media ]] || { echo "no $media: nothing to run" >&2; exit 0; }
duration() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1" 2>/dev/null | awk '{ printf "%.3f", $1 }'; }
note() { grep -v "^clipmerge: wrote" "$1" | head -1 | sed "s|$media/||g; s|$generated/||g; s/^clipmerge: //; s/|/\\\\|/g"; }
summary() {
  python3 -c '
import json, sys
r = json.load(sys.stdin)
v = next((s for s in r["streams"] if s["type"] == "video" and s["selected"]), None)
a = next((s for s in r["streams"] if s["type"] == "audio" and s["selected"]), None)
out = []
if v:
    t = "%s %dx%d" % (v["codec"], v["width"], v["height"])
    if (v.get("displayWidth"), v.get("displayHeight")) != (v["width"], v["height"]):
        t += " shown %dx%d" % (v["displayWidth"], v["displayHeight"])
    if v.get("rotation"): t += " rot %d" % v["rotation"]
    if v.get("variableFrameRate"): t += " VFR"
    out.append(t)
if a: out.append("%s %d Hz %d ch" % (a["codec"], a["sampleRate"], a["channels"]))
print(", ".join(out) or "no usable stream")'
}
row() {
  local f=$1 name
  name=$(basename "$f")
  "$bin" probe --json "$f" >"$out/p.json" 2>"$out/p.log"
  p=$?
  ps=$([[ $p == 0 ]] && summary <"$out/p.json")
  "$bin" overlay "$media/sample.mp4" "$f" -o "$out/o.mov" -y --preset ultrafast >"$out/o.log" 2>&1
  o=$?
  "$bin" concat "$media/sample.mp4" "$f" -o "$out/c.mov" -y --preset ultrafast --size 640x360 >"$out/c.log" 2>&1
  c=$?
  od=$([[ $o == 0 ]] && duration "$out/o.mov")
  cd_=$([[ $c == 0 ]] && duration "$out/c.mov")
  msg="$(note "$out/c.log")"
  [[ -z $msg ]] && msg="$(note "$out/o.log")"
  echo "| \`$name\` | $p${ps:+: $ps} | $o${od:+, $od} | $c${cd_:+, $cd_} | $msg |"
  rm -f "$out"/*.mov
}
echo "| clip | probe (exit: what it reports) | overlay (exit, output s) | concat after sample.mp4 (exit, output s) | message |"
echo "|---|---|---|---|---|"
for f in "$media"/*; do
  [[ $(basename "$f") == SOURCES.md ]] && continue
  row "$f"
done
for name in "${made[@]}"; do row "$generated/$name"; done
echo
echo "| copy join | exit, output s | sample entry | Dolby Vision | message |"
echo "|---|---|---|---|---|"
for pair in "preroll.mp4 preroll.mp4" "preroll.mp4 hevc.mp4" "hevc.mp4 preroll.mp4" "dolby-vision.mp4 dolby-vision.mp4"; do
  read -r a b <<<"$pair"
  for ext in mp4 mov mkv; do
    "$bin" concat "$generated/$a" "$generated/$b" --copy -o "$out/j.$ext" -y >"$out/j.log" 2>&1
    j=$?
    jd=$([[ $j == 0 ]] && duration "$out/j.$ext")
    tag=$([[ $j == 0 ]] && ffprobe -v error -select_streams v:0 -show_entries stream=codec_tag_string \
      -of default=nw=1:nk=1 "$out/j.$ext" | grep -v '^\[0\]')
    dv=$([[ $j == 0 ]] && ffprobe -v error -select_streams v:0 -show_entries stream_side_data=dv_profile \
      -of default=nw=1 "$out/j.$ext" | grep -q dv_profile && echo kept)
    echo "| \`$a\` + \`$b\` → .$ext | $j${jd:+, $jd} | ${tag:--} | ${dv:--} | $(note "$out/j.log") |"
    rm -f "$out"/j.*
  done
done
