#!/usr/bin/env bash
# Benchmark: clipmerge against the ffmpeg CLI doing the same job, in the same run, interleaved.
# Prints wall time, CPU time and peak memory (medians of RUNS runs) and the clipmerge/ffmpeg ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
PRESET=${PRESET:-medium}
CRF=${CRF:-23}
out=bench-out
mkdir -p "$out"
bin=.build/release/clipmerge
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# Inputs: 10 s at 1280x720. Base: moving test pattern at 30 fps with a 440 Hz tone (48 kHz stereo).
# Overlay: another pattern at 25 fps with a 1000 Hz tone (44.1 kHz mono).
[[ -f $out/base-720p.mp4 ]] || ff -f lavfi -i "testsrc2=s=1280x720:r=30:d=10" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=10" -ac 2 \
  -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -shortest "$out/base-720p.mp4"
[[ -f $out/overlay-720p.mp4 ]] || ff -f lavfi -i "testsrc=s=1280x720:r=25:d=10" \
  -f lavfi -i "sine=frequency=1000:sample_rate=44100:duration=10" \
  -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -shortest "$out/overlay-720p.mp4"

# Concat inputs: a 1080p 25 fps clip with 44.1 kHz mono sound, a portrait 720x1280 30 fps clip without sound,
# and a 30 s soundtrack (the base clip above is the first of the three).
[[ -f $out/clip-1080p.mp4 ]] || ff -f lavfi -i "testsrc2=s=1920x1080:r=25:d=10" \
  -f lavfi -i "sine=frequency=660:sample_rate=44100:duration=10" \
  -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -shortest "$out/clip-1080p.mp4"
[[ -f $out/clip-portrait.mp4 ]] || ff -f lavfi -i "testsrc=s=720x1280:r=30:d=10" \
  -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p "$out/clip-portrait.mp4"
[[ -f $out/music.m4a ]] || ff -f lavfi -i "sine=frequency=330:sample_rate=44100:duration=30" -ac 2 -c:a aac \
  "$out/music.m4a"
# Copy inputs: three 10 s clips with identical codec parameters.
for i in 1 2 3; do
  [[ -f $out/same-$i.mp4 ]] || ff -f lavfi -i "testsrc2=s=1280x720:r=30:d=10" \
    -f lavfi -i "sine=frequency=$((300 * i)):sample_rate=48000:duration=10" -ac 2 \
    -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -shortest "$out/same-$i.mp4"
done
printf "file '%s'\n" "$PWD/$out/same-1.mp4" "$PWD/$out/same-2.mp4" "$PWD/$out/same-3.mp4" >"$out/same.txt"

base=$out/base-720p.mp4
overlay=$out/overlay-720p.mp4
cm_overlay=("$bin" overlay "$base" "$overlay" -o "$out/clipmerge-overlay.mov" -y -q
  --fade-in 2,2 --preset "$PRESET" --crf "$CRF")
# The same job for the ffmpeg CLI: overlay scaled to half size in the top-right corner, fading in over
# [2 s, 4 s), output at the base's size and 30 fps, both audio tracks resampled to 48 kHz stereo and summed,
# H.264 (libx264, same preset and CRF) + AAC 192 kb/s in .mov with faststart.
ff_overlay=(ffmpeg -hide_banner -loglevel error -y -i "$base" -i "$overlay" -filter_complex
  "[1:v]scale=640:360,format=yuva420p,fade=t=in:st=2:d=2:alpha=1[ov];[0:v][ov]overlay=x=W-w:y=0:eof_action=pass,format=yuv420p[v];[0:a]aresample=48000[a0];[1:a]aresample=48000,aformat=channel_layouts=stereo[a1];[a0][a1]amix=inputs=2:duration=longest:normalize=0[a]"
  -map "[v]" -map "[a]" -r 30 -c:v libx264 -preset "$PRESET" -crf "$CRF" -c:a aac -b:a 192k
  -movflags +faststart "$out/ffmpeg-overlay.mov")

cm_concat=("$bin" concat "$base" "$out/clip-1080p.mp4" "$out/clip-portrait.mp4" --soundtrack "$out/music.m4a"
  --size 1280x720 --fps 30 -o "$out/clipmerge-concat.mov" -y -q --preset "$PRESET" --crf "$CRF")
# The same for the ffmpeg CLI: each clip fitted into 1280x720 (scale + pad), 30 fps, joined with the concat
# filter; the soundtrack cut to the 30 s of video and resampled to 48 kHz stereo.
fit="scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p"
ff_concat=(ffmpeg -hide_banner -loglevel error -y -i "$base" -i "$out/clip-1080p.mp4" -i "$out/clip-portrait.mp4"
  -i "$out/music.m4a" -filter_complex
  "[0:v]$fit[v0];[1:v]$fit[v1];[2:v]$fit[v2];[v0][v1][v2]concat=n=3:v=1:a=0[v];[3:a]atrim=0:30,aresample=48000,aformat=channel_layouts=stereo[a]"
  -map "[v]" -map "[a]" -c:v libx264 -preset "$PRESET" -crf "$CRF" -c:a aac -b:a 192k -movflags +faststart
  "$out/ffmpeg-concat.mov")
cm_copy=("$bin" concat "$out/same-1.mp4" "$out/same-2.mp4" "$out/same-3.mp4" --copy -o "$out/clipmerge-copy.mp4" -y -q)
ff_copy=(ffmpeg -hide_banner -loglevel error -y -f concat -safe 0 -i "$out/same.txt" -c copy -movflags +faststart
  "$out/ffmpeg-copy.mp4")

# The floor: the ffmpeg CLI encoding the same 300 frames from a lavfi source with the same settings. No render
# can beat it by much: it is the encoder's own cost (plus generating the test picture).
ff_floor=(ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=1280x720:r=30:d=10" -c:v libx264
  -preset "$PRESET" -crf "$CRF" -f null -)

# Four layers, one turned, from a spec: the base full frame, three overlays (one fading in, one turned 15°).
cat >"$out/multilayer.json" <<JSON
{
  "tracks": [
    {"id": 1, "kind": "video", "segments": [{"source": "$PWD/$base", "sourceRange": {"start": 0, "duration": 10}, "start": 0}]},
    {"id": 2, "kind": "video", "segments": [{"source": "$PWD/$overlay", "sourceRange": {"start": 0, "duration": 10}, "start": 0}]},
    {"id": 3, "kind": "video", "segments": [{"source": "$PWD/$out/clip-1080p.mp4", "sourceRange": {"start": 0, "duration": 10}, "start": 0}]},
    {"id": 4, "kind": "video", "segments": [{"source": "$PWD/$out/clip-portrait.mp4", "sourceRange": {"start": 0, "duration": 10}, "start": 0}]},
    {"id": 5, "kind": "audio", "segments": [{"source": "$PWD/$base", "sourceRange": {"start": 0, "duration": 10}, "start": 0}]}
  ],
  "video": {"renderSize": "1280x720", "frameRate": 30, "instructions": [{"timeRange": {"start": 0, "duration": 10}, "layers": [
    {"track": 4, "transform": {"scale": 0.25, "translate": [1080, 360]}},
    {"track": 3, "transform": {"scale": 0.2, "rotate": 15, "translate": [700, 420]}},
    {"track": 2, "transform": {"scale": 0.5, "translate": [0, 0]},
     "opacity": {"value": 0, "ramps": [{"from": 0, "to": 1, "timeRange": {"start": 2, "duration": 2}}]}},
    {"track": 1}
  ]}]},
  "output": {"preset": "$PRESET", "crf": $CRF, "audioBitrate": 192000}
}
JSON
cm_multi=("$bin" compose "$out/multilayer.json" -o "$out/clipmerge-multilayer.mov" -y -q)

# measure NAME CMD...: one run; appends "wall cpu rss_kb" to $out/NAME.times
measure() {
  local name=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/time.tmp" "$@"
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out/time.tmp" >>"$out/$name.times"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

rm -f "$out"/*.times
for ((i = 1; i <= RUNS; i++)); do
  measure floor "${ff_floor[@]}"
  measure clipmerge-multilayer "${cm_multi[@]}"
  measure clipmerge-overlay "${cm_overlay[@]}"
  measure ffmpeg-overlay "${ff_overlay[@]}"
  measure clipmerge-concat "${cm_concat[@]}"
  measure ffmpeg-concat "${ff_concat[@]}"
  # A copy join takes a tenth of a second: five runs each time keep the median steady.
  for ((j = 0; j < 5; j++)); do
    measure clipmerge-copy "${cm_copy[@]}"
    measure ffmpeg-copy "${ff_copy[@]}"
  done
done

col() { awk -v c="$2" '{ print $c }' "$out/$1.times" | median; }
ratio() { echo "scale=2; $(col "clipmerge-$1" "$2") / $(col "ffmpeg-$1" "$2")" | awk '{ print }' | bc -l | sed 's/^\./0./'; }
echo
echo "libx264 preset $PRESET crf $CRF, AAC 192k, faststart; median of $RUNS interleaved runs; 2 cores"
echo "overlay: 10 s 1280x720 30 fps base + 25 fps overlay, PiP with fade-in, both audio tracks mixed"
echo "concat:  10 s 720p30 + 10 s 1080p25 + 10 s portrait 720x1280, fitted into 1280x720 at 30 fps, 30 s soundtrack"
echo "copy:    three 10 s 720p clips with identical parameters joined without re-encoding"
echo
printf '| %-8s | %-12s | %8s | %8s | %11s |\n' "job" "tool" "wall s" "CPU s" "peak RSS MB"
printf '|%s|%s|%s|%s|%s|\n' "----------" "--------------" "----------" "----------" "-------------"
for job in overlay concat copy; do
  for tool in clipmerge ffmpeg; do
    printf '| %-8s | %-12s | %8s | %8s | %11.0f |\n' "$job" "$tool" "$(col "$tool-$job" 1)" "$(col "$tool-$job" 2)" \
      "$(echo "$(col "$tool-$job" 3) / 1024" | bc -l)"
  done
  printf '| %-8s | %-12s | %7sx | %7sx | %10sx |\n' "$job" "ratio" "$(ratio $job 1)" "$(ratio $job 2)" "$(ratio $job 3)"
done
floor=$(col floor 1)
echo
echo "floor: the ffmpeg CLI encoding 300 lavfi frames with the same settings: $floor s wall"
echo "clipmerge overlay (300 frames) / floor: $(echo "scale=2; $(col clipmerge-overlay 1) / $floor" | bc -l | sed 's/^\./0./')x"
echo "clipmerge concat (900 frames) / 3 floors: $(echo "scale=2; $(col clipmerge-concat 1) / (3 * $floor)" | bc -l | sed 's/^\./0./')x"
echo "clipmerge four layers, one turned (300 frames) / floor: $(echo "scale=2; $(col clipmerge-multilayer 1) / $floor" | bc -l | sed 's/^\./0./')x ($(col clipmerge-multilayer 1) s, $(echo "$(col clipmerge-multilayer 3) / 1024" | bc) MB)"
