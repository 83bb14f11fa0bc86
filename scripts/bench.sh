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
  measure clipmerge-overlay "${cm_overlay[@]}"
  measure ffmpeg-overlay "${ff_overlay[@]}"
done

col() { awk -v c="$2" '{ print $c }' "$out/$1.times" | median; }
echo
echo "overlay job: 10 s 1280x720 (30 fps + 25 fps inputs), libx264 preset $PRESET crf $CRF, AAC 192k; median of $RUNS runs"
printf '| %-22s | %8s | %8s | %12s |\n' "tool" "wall s" "CPU s" "peak RSS MB"
printf '|%s|%s|%s|%s|\n' "------------------------" "----------" "----------" "--------------"
for name in clipmerge-overlay ffmpeg-overlay; do
  printf '| %-22s | %8s | %8s | %12.0f |\n' "$name" "$(col $name 1)" "$(col $name 2)" "$(echo "$(col $name 3) / 1024" | bc -l)"
done
ratio() { echo "scale=2; $(col clipmerge-overlay "$1") / $(col ffmpeg-overlay "$1")" | bc -l; }
printf '| %-22s | %7sx | %7sx | %11sx |\n' "clipmerge / ffmpeg" "$(ratio 1)" "$(ratio 2)" "$(ratio 3)"
