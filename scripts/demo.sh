#!/usr/bin/env bash
# make demo: moving, textured pictures through clipmerge. Two sources made with the ffmpeg CLI (a Mandelbrot zoom
# and Conway's game of life, with tones), joined with a crossfade, a title and a soundtrack; the zoom laid over
# the join turned and fading in (the zoom again); a contact sheet of the result, a GIF of it, and the report of the render.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/clipmerge
out=${DEMO_DIR:-demo-out}
mkdir -p "$out/inputs"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
in=$out/inputs
[[ -f $in/zoom.mp4 ]] || ff -f lavfi -i "mandelbrot=s=384x216:r=30:maxiter=300:end_pts=60,scale=1280:720:flags=bicubic,format=yuv420p" \
  -f lavfi -i "sine=frequency=330:sample_rate=48000" -t 6 -ac 2 -c:v libx264 -preset veryfast -crf 20 -c:a aac "$in/zoom.mp4"
[[ -f $in/life.mp4 ]] || ff -f lavfi \
  -i "life=s=320x180:r=30:ratio=0.12:mold=12:life_color=#7ddc1f:death_color=#30104a:mold_color=#1a2a6c,scale=1280:720:flags=neighbor,format=yuv420p" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000" -t 6 -ac 2 -c:v libx264 -preset veryfast -crf 20 -c:a aac "$in/life.mp4"
[[ -f $in/music.m4a ]] || ff -f lavfi -i "sine=frequency=220:sample_rate=48000:duration=11,volume=0.3" -ac 2 -c:a aac "$in/music.m4a"
"$bin" concat "$in/zoom.mp4" "$in/life.mp4" --transition crossfade,1 --text "clipmerge" --text-at 0.5,3 \
  --text-size 14% --text-position center --text-outline 4 --text-bold --soundtrack "$in/music.m4a" --audio mix \
  --preset veryfast -o "$out/join.mp4" -y -q --report "$out/join.json"
"$bin" overlay "$out/join.mp4" "$in/zoom.mp4" --scale 0.3 --position bottom-right --margin 32 --rotate 8 \
  --fade-in 1,1 --preset veryfast -o "$out/demo.mp4" -y -q
"$bin" frame "$out/demo.mp4" --contact-sheet 4x3 -o "$out/sheet.png" -y -q
"$bin" concat "$out/demo.mp4" --size 480x270 --fps 12 -o "$out/demo.gif" -y -q 2>/dev/null
echo "demo: $out/demo.mp4 (the join: $out/join.mp4, its report $out/join.json; a GIF: $out/demo.gif)"
echo "demo: contact sheet $out/sheet.png"
