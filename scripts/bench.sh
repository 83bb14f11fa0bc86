#!/usr/bin/env bash
# Benchmark: clipmerge against the ffmpeg CLI doing the same job, in the same run, interleaved, and against the
# floor (the ffmpeg CLI encoding the same number of frames from a lavfi source with the same settings).
#
# For every configuration (render size × x264 preset × input length) it measures RUNS interleaved runs of each
# job and prints medians of wall time, CPU time (user + sys) and peak RSS, with the ratios.
#   SIZES="720 1080"  PRESETS="medium veryfast"  DURATIONS="10"  LONG="720:veryfast:60"  RUNS=3  CRF=23
# (SIZES= runs none of the matrix: `SIZES= LONG= make bench` measures only the clip counts and LAYERS.)
# LONG adds size:preset:duration configurations (default: one 60 s configuration, to show time and memory
# growing with length). LAYERS (size:preset:duration, default 1080:veryfast:60; empty for none) measures what a
# watermark, a title and subtitles cost over a plain render. SMART (the same form, default 1080:veryfast:60; empty
# for none) measures a smart render against the full render and the ffmpeg CLI. EFFECTS (the same form, default
# 1080:veryfast:30) measures a wipe and a blur with a .cube table against a crossfade join. SOUND (seconds,
# default 60; empty for none) measures half speed with the pitch kept, a loudness target and ducking against
# the ffmpeg CLI's rubberband filter, two-pass loudnorm and sidechaincompress, with the loudness each reaches.
# FILL (seconds, default 30; empty for none) measures --fit blur (a 1080x1920 clip into 1920x1080) against the
# ffmpeg CLI's split/scale/boxblur/overlay graph and against --fit contain. SMART_PEERS (seconds, default 40;
# empty for none) measures a smart render of three trims against GStreamer's (ges-launch-1.0 --smart-rendering,
# installed when missing) and the ffmpeg CLI re-encoding the join: wall, memory, frames copied, quality, sample
# entry. HEVC_SMART (size:preset:duration, default 1080:veryfast:20; empty for none) measures a smart render of
# two trims of a 10-bit HLG HEVC clip (as a phone records it) against the full render and the ffmpeg CLI, both
# x265 10-bit at the same preset and CRF. HDR_COMPOSE (size:preset:duration, default 1080:veryfast:10; empty for
# none) measures HDR composed at 10 bits: a title over an HLG clip joined to an SDR one (placed into HLG) against
# the ffmpeg CLI's zscale, concat and overlay doing the same, and against the HLG clip joined to itself (its
# pictures passed on as they are). The default run takes about 27 minutes on 2 cores; narrow it with the
# variables above.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
CRF=${CRF:-23}
SIZES=${SIZES-720 1080}
PRESETS=${PRESETS:-medium veryfast}
DURATIONS=${DURATIONS:-10}
LONG=${LONG-720:veryfast:60}
LAYERS=${LAYERS-1080:veryfast:60}
SMART=${SMART-1080:veryfast:60}
SMART_PEERS=${SMART_PEERS-40}
HEVC_SMART=${HEVC_SMART-1080:veryfast:20}
HDR_COMPOSE=${HDR_COMPOSE-1080:veryfast:10}
SEGMENTS=${SEGMENTS-1080:veryfast:60}
SOUND=${SOUND-60}
FILL=${FILL-30}
EFFECTS=${EFFECTS-1080:veryfast:30}
out=bench-out
mkdir -p "$out"
bin=$PWD/.build/release/clipmerge
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
src() { ff -f lavfi -i "$1" "${@:2}"; }

# dims SIZE: "W H" of the landscape render size.
dims() { if [[ $1 == 1080 ]]; then echo "1920 1080"; else echo "1280 720"; fi; }

# Inputs for SIZE and DURATION (cached in bench-out/inputs):
#   base: W×H 30 fps test pattern, 440 Hz tone 48 kHz stereo; overlay: W×H 25 fps pattern, 1000 Hz 44.1 kHz mono;
#   concat: three clips of mixed sizes adding up to DURATION: the base size at 30 fps with sound, the other HD
#   size at 25 fps with 44.1 kHz mono sound, a portrait H×W clip without sound; a soundtrack of DURATION.
#   copy: three clips of DURATION/3 with identical parameters.
make_inputs() {
  local size=$1 d=$2 w h ow oh dir=$out/inputs/$1-$2
  read -r w h < <(dims "$size")
  read -r ow oh < <(dims "$([[ $size == 1080 ]] && echo 720 || echo 1080)")
  local third=$((d / 3)) first=$((d - 2 * (d / 3)))
  mkdir -p "$dir"
  local enc=(-c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p)
  [[ -f $dir/base.mp4 ]] || src "testsrc2=s=${w}x$h:r=30:d=$d" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$d" \
    -ac 2 "${enc[@]}" -c:a aac -shortest "$dir/base.mp4"
  [[ -f $dir/overlay.mp4 ]] || src "testsrc=s=${w}x$h:r=25:d=$d" -f lavfi -i "sine=frequency=1000:sample_rate=44100:duration=$d" \
    "${enc[@]}" -c:a aac -shortest "$dir/overlay.mp4"
  [[ -f $dir/clip1.mp4 ]] || src "testsrc2=s=${w}x$h:r=30:d=$third" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$third" \
    -ac 2 "${enc[@]}" -c:a aac -shortest "$dir/clip1.mp4"
  [[ -f $dir/clip2.mp4 ]] || src "testsrc2=s=${ow}x$oh:r=25:d=$first" -f lavfi -i "sine=frequency=660:sample_rate=44100:duration=$first" \
    "${enc[@]}" -c:a aac -shortest "$dir/clip2.mp4"
  [[ -f $dir/clip3.mp4 ]] || src "testsrc=s=${h}x$w:r=30:d=$third" "${enc[@]}" "$dir/clip3.mp4"
  [[ -f $dir/music.m4a ]] || src "sine=frequency=330:sample_rate=44100:duration=$d" -ac 2 -c:a aac "$dir/music.m4a"
  for i in 1 2 3; do
    [[ -f $dir/same-$i.mp4 ]] || src "testsrc2=s=${w}x$h:r=30:d=$third" \
      -f lavfi -i "sine=frequency=$((300 * i)):sample_rate=48000:duration=$third" -ac 2 "${enc[@]}" -c:a aac -shortest \
      "$dir/same-$i.mp4"
  done
  printf "file '%s'\n" "$PWD/$dir/same-1.mp4" "$PWD/$dir/same-2.mp4" "$PWD/$dir/same-3.mp4" >"$dir/same.txt"
}

# Four layers, one turned, from a spec: the base full frame, the overlay at half size fading in over [2 s, 4 s),
# the other-size clip at a fifth of the width turned 15°, the portrait clip at a quarter of the height.
multilayer_spec() {
  local dir=$1 w=$2 h=$3 d=$4 preset=$5 ow
  ow=$(ffprobe -v error -select_streams v:0 -show_entries stream=width -of csv=p=0 "$dir/clip2.mp4")
  local d3=$((d / 3)) first=$((d - 2 * (d / 3)))
  cat <<JSON
{
  "tracks": [
    {"id": 1, "kind": "video", "segments": [{"source": "$PWD/$dir/base.mp4", "sourceRange": {"start": 0, "duration": $d}, "start": 0}]},
    {"id": 2, "kind": "video", "segments": [{"source": "$PWD/$dir/overlay.mp4", "sourceRange": {"start": 0, "duration": $d}, "start": 0}]},
    {"id": 3, "kind": "video", "segments": [{"source": "$PWD/$dir/clip2.mp4", "sourceRange": {"start": 0, "duration": $first}, "start": 0},
      {"source": "$PWD/$dir/clip2.mp4", "sourceRange": {"start": 0, "duration": $d3}, "start": $first},
      {"source": "$PWD/$dir/clip2.mp4", "sourceRange": {"start": 0, "duration": $d3}, "start": $((first + d3))}]},
    {"id": 4, "kind": "video", "segments": [{"source": "$PWD/$dir/overlay.mp4", "sourceRange": {"start": 0, "duration": $d}, "start": 0}]},
    {"id": 5, "kind": "audio", "segments": [{"source": "$PWD/$dir/base.mp4", "sourceRange": {"start": 0, "duration": $d}, "start": 0}]}
  ],
  "video": {"renderSize": "${w}x$h", "frameRate": 30, "instructions": [{"timeRange": {"start": 0, "duration": $d}, "layers": [
    {"track": 4, "transform": {"scale": 0.25, "translate": [$((w * 3 / 4)), $((h / 2))]}},
    {"track": 3, "transform": {"scale": $(echo "scale=4; $w / 5 / $ow" | bc | sed "s/^\./0./"), "rotate": 15, "translate": [$((w * 55 / 100)), $((h * 58 / 100))]}},
    {"track": 2, "transform": {"scale": 0.5, "translate": [0, 0]},
     "opacity": {"value": 0, "ramps": [{"from": 0, "to": 1, "timeRange": {"start": 2, "duration": 2}}]}},
    {"track": 1}
  ]}]},
  "output": {"preset": "$preset", "crf": $CRF, "audioBitrate": 192000}
}
JSON
}

# measure FILE CMD...: one run; appends "wall cpu rss_kb" to FILE.
measure() {
  local file=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/time.tmp" "$@"
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out/time.tmp" >>"$file"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
col() { awk -v c="$2" '{ print $c }' "$1" | median; }
div() { echo "scale=2; $1 / $2" | bc -l | sed 's/^\./0./'; }
mb() { echo "$(col "$1" 3) / 1024" | bc; }
# round_ratios FILE REF COLUMN: each round's (line's) COLUMN of FILE over the same round's of REF, one a line.
round_ratios() {
  paste -d ' ' <(awk -v c="$3" '{ print $c }' "$1") <(awk -v c="$3" '{ print $c }' "$2") |
    awk '{ printf "%.2f\n", $1 / $2 }'
}
# The lines of standard input as one list: "a, b, c".
listed() { paste -sd ' ' | sed 's/ /, /g'; }

# run_config SIZE PRESET DURATION: every job, RUNS interleaved rounds; one table row per job.
run_config() {
  local size=$1 preset=$2 d=$3 w h
  read -r w h < <(dims "$size")
  make_inputs "$size" "$d"
  local dir=$out/inputs/$size-$d t=$out/times/$size-$preset-$d
  rm -rf "$t"
  mkdir -p "$t"
  multilayer_spec "$dir" "$w" "$h" "$d" "$preset" >"$t/multilayer.json"
  local x264=(-c:v libx264 -preset "$preset" -crf "$CRF")
  local frames=$((d * 30)) r=$out/render
  mkdir -p "$r"
  # The same overlay for the ffmpeg CLI: overlay scaled to half size in the top-right corner, fading in over
  # [2 s, 4 s), output at the base's size and 30 fps, both audio tracks resampled to 48 kHz stereo and summed.
  local ff_overlay=(ffmpeg -hide_banner -loglevel error -y -i "$dir/base.mp4" -i "$dir/overlay.mp4" -filter_complex
    "[1:v]scale=$((w / 2)):$((h / 2)),format=yuva420p,fade=t=in:st=2:d=2:alpha=1[ov];[0:v][ov]overlay=x=W-w:y=0:eof_action=pass,format=yuv420p[v];[0:a]aresample=48000[a0];[1:a]aresample=48000,aformat=channel_layouts=stereo[a1];[a0][a1]amix=inputs=2:duration=longest:normalize=0[a]"
    -map "[v]" -map "[a]" -r 30 "${x264[@]}" -c:a aac -b:a 192k -movflags +faststart "$r/ffmpeg-overlay.mov")
  local cm_overlay=("$bin" overlay "$dir/base.mp4" "$dir/overlay.mp4" -o "$r/clipmerge-overlay.mov" -y -q
    --fade-in 2,2 --preset "$preset" --crf "$CRF" --audio-bitrate 192k)
  # The concat for the ffmpeg CLI: each clip fitted into W×H (scale + pad), 30 fps, joined with the concat
  # filter; the soundtrack resampled to 48 kHz stereo.
  local fit="scale=$w:$h:force_original_aspect_ratio=decrease,pad=$w:$h:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p"
  local ff_concat=(ffmpeg -hide_banner -loglevel error -y -i "$dir/clip1.mp4" -i "$dir/clip2.mp4" -i "$dir/clip3.mp4"
    -i "$dir/music.m4a" -filter_complex
    "[0:v]$fit[v0];[1:v]$fit[v1];[2:v]$fit[v2];[v0][v1][v2]concat=n=3:v=1:a=0[v];[3:a]atrim=0:$d,aresample=48000,aformat=channel_layouts=stereo[a]"
    -map "[v]" -map "[a]" "${x264[@]}" -c:a aac -b:a 192k -movflags +faststart "$r/ffmpeg-concat.mov")
  local cm_concat=("$bin" concat "$dir/clip1.mp4" "$dir/clip2.mp4" "$dir/clip3.mp4" --soundtrack "$dir/music.m4a"
    --size "${w}x$h" --fps 30 -o "$r/clipmerge-concat.mov" -y -q --preset "$preset" --crf "$CRF" --audio-bitrate 192k)
  local cm_copy=("$bin" concat "$dir/same-1.mp4" "$dir/same-2.mp4" "$dir/same-3.mp4" --copy -o "$r/clipmerge-copy.mp4" -y -q)
  local ff_copy=(ffmpeg -hide_banner -loglevel error -y -f concat -safe 0 -i "$dir/same.txt" -c copy -movflags +faststart
    "$r/ffmpeg-copy.mp4")
  local floor=(ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=${w}x$h:r=30:d=$d" "${x264[@]}" -f null -)
  local cm_multi=("$bin" compose "$t/multilayer.json" -o "$r/clipmerge-multilayer.mov" -y -q)
  # Rounds alternate which tool goes first (ABBA), so a drift in the machine's speed does not favour either.
  for ((i = 1; i <= RUNS; i++)); do
    measure "$t/floor" "${floor[@]}"
    if ((i % 2 == 1)); then
      measure "$t/cm-overlay" "${cm_overlay[@]}"
      measure "$t/ff-overlay" "${ff_overlay[@]}"
      measure "$t/cm-concat" "${cm_concat[@]}"
      measure "$t/ff-concat" "${ff_concat[@]}"
    else
      measure "$t/ff-overlay" "${ff_overlay[@]}"
      measure "$t/cm-overlay" "${cm_overlay[@]}"
      measure "$t/ff-concat" "${ff_concat[@]}"
      measure "$t/cm-concat" "${cm_concat[@]}"
    fi
    measure "$t/cm-multilayer" "${cm_multi[@]}"
    # A copy join takes a tenth of a second: five runs each round keep the median steady.
    for ((j = 0; j < 5; j++)); do
      measure "$t/cm-copy" "${cm_copy[@]}"
      measure "$t/ff-copy" "${ff_copy[@]}"
    done
  done
  local fl
  fl=$(col "$t/floor" 1)
  for job in overlay concat copy multilayer; do
    local cw cc ff_wall="—" ff_cpu="—" ff_mb="—" wall_ratio="—" mem_ratio="—" to_floor="—"
    cw=$(col "$t/cm-$job" 1)
    cc=$(col "$t/cm-$job" 2)
    if [[ -f $t/ff-$job ]]; then
      ff_wall=$(col "$t/ff-$job" 1)
      ff_cpu=$(col "$t/ff-$job" 2)
      ff_mb=$(mb "$t/ff-$job")
      wall_ratio="$(div "$cw" "$ff_wall")x"
      mem_ratio="$(div "$(col "$t/cm-$job" 3)" "$(col "$t/ff-$job" 3)")x"
    fi
    [[ $job == copy ]] || to_floor="$(div "$cw" "$fl")x"
    printf '| %sp | %s | %s s | %s | %s | %s | **%s** | %s | %s | %s | %s | %s | %s |\n' "$h" "$preset" "$d" "$job" \
      "$cw" "$ff_wall" "$wall_ratio" "$to_floor" "$cc" "$ff_cpu" "$(mb "$t/cm-$job")" "$ff_mb" "$mem_ratio" | tee -a "$out/table.md"
  done
  printf '| %sp | %s | %s s | floor (%s frames) | — | %s | | | | %s | | %s | |\n' "$h" "$preset" "$d" "$frames" "$fl" \
    "$(col "$t/floor" 2)" "$(mb "$t/floor")" | tee -a "$out/table.md"
}

# Pictures on the picture: the cost of a watermark (a PNG with alpha in the corner), a title (--text) and burned-in
# subtitles (a cue every 2 s) over a plain render of the LAYERS configuration's base clip (default 1080p veryfast
# 60 s), RUNS interleaved rounds; each as a ratio to the plain render's wall time.
layers_cost() {
  local size preset d w h
  IFS=: read -r size preset d <<<"$LAYERS"
  read -r w h < <(dims "$size")
  make_inputs "$size" "$d"
  local dir=$out/inputs/$size-$d t=$out/times/layers-$size-$preset-$d r=$out/render
  rm -rf "$t"
  mkdir -p "$t" "$r"
  local logo=$out/inputs/logo.png subs=$dir/talk.srt
  [[ -f $logo ]] || src "color=c=red:s=512x512,format=rgba,geq=r='255':g='64':b='0':a='255*clip((240-max(abs(X-255.5),abs(Y-255.5)))/40,0,1)'" \
    -frames:v 1 "$logo"
  if [[ ! -f $subs ]]; then
    for ((i = 0; i < d / 2; i++)); do
      printf '%d\n00:%02d:%02d,000 --> 00:%02d:%02d,500\nCue number %d of the talk\n\n' $((i + 1)) $((i * 2 / 60)) $((i * 2 % 60)) \
        $((i * 2 / 60)) $((i * 2 % 60 + 1)) $((i + 1))
    done >"$subs"
  fi
  local common=(-y -q --preset "$preset" --crf "$CRF" --audio-bitrate 192k)
  local plain=("$bin" concat "$dir/base.mp4" -o "$r/layers-plain.mov" "${common[@]}")
  local watermark=("$bin" overlay "$dir/base.mp4" "$logo" --scale 0.15 --position bottom-right --margin 24 --opacity 0.8
    -o "$r/layers-watermark.mov" "${common[@]}")
  local title=("$bin" concat "$dir/base.mp4" --text "Ada Lovelace, 1815-1852" -o "$r/layers-title.mov" "${common[@]}")
  local subtitles=("$bin" concat "$dir/base.mp4" --subtitles "$subs" -o "$r/layers-subtitles.mov" "${common[@]}")
  for ((i = 1; i <= RUNS; i++)); do
    if ((i % 2 == 1)); then
      measure "$t/plain" "${plain[@]}"
      measure "$t/watermark" "${watermark[@]}"
      measure "$t/title" "${title[@]}"
      measure "$t/subtitles" "${subtitles[@]}"
    else
      measure "$t/subtitles" "${subtitles[@]}"
      measure "$t/title" "${title[@]}"
      measure "$t/watermark" "${watermark[@]}"
      measure "$t/plain" "${plain[@]}"
    fi
  done
  local base_wall
  base_wall=$(col "$t/plain" 1)
  echo "| job (${h}p $preset, $d s) | wall s | wall ratio to plain | CPU s | RSS MB |"
  echo "|---|---|---|---|---|"
  for job in plain watermark title subtitles; do
    printf '| %s | %s | **%sx** | %s | %s |\n' "$job" "$(col "$t/$job" 1)" "$(div "$(col "$t/$job" 1)" "$base_wall")" \
      "$(col "$t/$job" 2)" "$(mb "$t/$job")"
  done | tee -a "$out/layers.md"
}

# RUNS interleaved rounds of a smart render, the full render and the ffmpeg CLI (the arrays named $2, $3, $4),
# their order turned round every other round; times into $1/smart, $1/full and $1/ffmpeg.
smart_rounds() {
  local t=$1
  local -n smart_job=$2 full_job=$3 ffmpeg_job=$4
  for ((i = 1; i <= RUNS; i++)); do
    if ((i % 2 == 1)); then
      measure "$t/smart" "${smart_job[@]}"
      measure "$t/full" "${full_job[@]}"
      measure "$t/ffmpeg" "${ffmpeg_job[@]}"
    else
      measure "$t/ffmpeg" "${ffmpeg_job[@]}"
      measure "$t/full" "${full_job[@]}"
      measure "$t/smart" "${smart_job[@]}"
    fi
  done
}

# The table of smart_rounds' times in $1: each job's wall and CPU time and memory, and how many times the smart
# render's wall time it took; printed and added to the file $2.
smart_table() {
  local t=$1 sw
  sw=$(col "$t/smart" 1)
  echo "| job | wall s | CPU s | RSS MB | smart is faster by |"
  echo "|---|---|---|---|---|"
  for job in smart full ffmpeg; do
    printf '| %s | %s | %s | %s | **%sx** |\n' "$job" "$(col "$t/$job" 1)" "$(col "$t/$job" 2)" "$(mb "$t/$job")" \
      "$(div "$(col "$t/$job" 1)" "$sw")"
  done | tee -a "$2"
}

# Smart render (the SMART configuration, default 1080p veryfast 60 s): a 60 s H.264 clip with a 1 s GOP, three
# trims of about 15 s each off its keyframes, joined with 0.5 s crossfades; clipmerge --smart against the same
# join rendered in full and against the ffmpeg CLI re-encoding it (trim + xfade + acrossfade), RUNS interleaved
# rounds, with the share of frames the smart render copied.
smart_cost() {
  local size preset d w h
  IFS=: read -r size preset d <<<"$SMART"
  read -r w h < <(dims "$size")
  local dir=$out/inputs/smart-$size-$d t=$out/times/smart-$size-$preset-$d r=$out/render
  mkdir -p "$dir" "$r"
  rm -rf "$t"
  mkdir -p "$t"
  local clip=$dir/gop1s.mp4
  [[ -f $clip ]] || src "testsrc2=s=${w}x$h:r=30:d=$d" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$d" \
    -ac 2 -c:v libx264 -preset veryfast -crf 20 -g 30 -keyint_min 30 -sc_threshold 0 -pix_fmt yuv420p -c:a aac \
    -b:a 192k -shortest "$clip"
  local common=(-y -q --preset "$preset" --crf "$CRF" --audio-bitrate 192k --transition crossfade,0.5)
  local clips=("$clip#t=5.5,20.3" "$clip#t=25.2,40.7" "$clip#t=42.4,57.1")
  local cm_smart=("$bin" concat "${clips[@]}" --smart -o "$r/smart.mp4" "${common[@]}")
  local cm_full=("$bin" concat "${clips[@]}" -o "$r/smart-full.mp4" "${common[@]}")
  local ff_full=(ffmpeg -hide_banner -loglevel error -y -i "$clip" -filter_complex
    "[0:v]trim=5.5:20.3,setpts=PTS-STARTPTS[v0];[0:v]trim=25.2:40.7,setpts=PTS-STARTPTS[v1];[0:v]trim=42.4:57.1,setpts=PTS-STARTPTS[v2];[v0][v1]xfade=transition=fade:duration=0.5:offset=14.3[x1];[x1][v2]xfade=transition=fade:duration=0.5:offset=29.3[v];[0:a]atrim=5.5:20.3,asetpts=PTS-STARTPTS[a0];[0:a]atrim=25.2:40.7,asetpts=PTS-STARTPTS[a1];[0:a]atrim=42.4:57.1,asetpts=PTS-STARTPTS[a2];[a0][a1]acrossfade=d=0.5[y1];[y1][a2]acrossfade=d=0.5[a]"
    -map "[v]" -map "[a]" -c:v libx264 -preset "$preset" -crf "$CRF" -c:a aac -b:a 192k -movflags +faststart
    "$r/smart-ffmpeg.mp4")
  smart_rounds "$t" cm_smart cm_full ff_full
  local share
  share=$("$bin" concat "${clips[@]}" --smart --dry-run "${common[@]}" | awk '/^smart:/ { print $2 " of " $4 " frames copied " $7 " " $8 }')
  echo "smart render, ${h}p $preset: three trims of about 15 s from a $d s clip with a 1 s GOP, 0.5 s crossfades; $share"
  smart_table "$t" "$out/smart.md"
}

# HEVC smart render (the HEVC_SMART configuration, default 1080p veryfast 20 s): a 10-bit HLG HEVC clip with 1 s
# open GOPs and B-pictures (what a phone records), two trims cut inside groups at both ends; clipmerge --smart
# against the same join rendered in full (--video-codec hevc: x265 10-bit, HLG kept) and against the ffmpeg CLI
# trimming and re-encoding it the same way (x265 10-bit, same preset and CRF), RUNS interleaved rounds, with the
# share of frames the smart render copied. `hevc_smart_cost portrait`: the same clip as a phone held upright
# stores it (a display matrix turning it 90° clockwise): the smart render keeps the matrix and the stored
# pictures; the full render and the ffmpeg CLI (its autorotate) make it upright.
hevc_smart_cost() {
  local size preset d w h turn=${1-}
  IFS=: read -r size preset d <<<"$HEVC_SMART"
  read -r w h < <(dims "$size")
  local dir=$out/inputs/hevc-$size-$d t=$out/times/hevc-smart-$size-$preset-$d$turn r=$out/render
  mkdir -p "$dir" "$r"
  rm -rf "$t"
  mkdir -p "$t"
  local clip=$dir/hlg.mp4
  [[ -f $clip ]] || src "testsrc2=s=${w}x$h:r=30:d=$d" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$d" \
    -vf "scale=out_color_matrix=bt2020:out_range=tv,format=yuv420p10le" -ac 2 -c:v libx265 -preset veryfast \
    -x265-params "keyint=30:min-keyint=30:bframes=3:log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" \
    -color_trc arib-std-b67 -color_primaries bt2020 -colorspace bt2020nc -tag:v hvc1 -c:a aac -b:a 192k -shortest "$clip"
  if [[ $turn == portrait ]]; then
    [[ -f $dir/hlg-portrait.mp4 ]] ||
      ffmpeg -hide_banner -loglevel error -y -i "$clip" -map 0 -c copy -tag:v hvc1 -metadata:s:v:0 rotate=270 \
        "$dir/hlg-portrait.mp4"
    clip=$dir/hlg-portrait.mp4
  fi
  local a0=0.3 a1 b0 b1
  a1=$(awk -v d="$d" 'BEGIN { print d / 2 - 0.5 }')
  b0=$(awk -v d="$d" 'BEGIN { print d / 2 + 0.7 }')
  b1=$(awk -v d="$d" 'BEGIN { print d - 0.5 }')
  local common=(-y -q --preset "$preset" --audio-bitrate 192k)
  local clips=("$clip#t=$a0,$a1" "$clip#t=$b0,$b1")
  local cm_smart=("$bin" concat "${clips[@]}" --smart -o "$r/hevc-smart.mp4" "${common[@]}")
  local cm_full=("$bin" concat "${clips[@]}" --video-codec hevc --crf 28 -o "$r/hevc-full.mp4" "${common[@]}")
  local ff_full=(ffmpeg -hide_banner -loglevel error -y -i "$clip" -filter_complex
    "[0:v]trim=$a0:$a1,setpts=PTS-STARTPTS[v0];[0:v]trim=$b0:$b1,setpts=PTS-STARTPTS[v1];[0:a]atrim=$a0:$a1,asetpts=PTS-STARTPTS[a0];[0:a]atrim=$b0:$b1,asetpts=PTS-STARTPTS[a1];[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]"
    -map "[v]" -map "[a]" -c:v libx265 -preset "$preset" -crf 28 -pix_fmt yuv420p10le
    -x265-params "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" -tag:v hvc1
    -c:a aac -b:a 192k -movflags +faststart "$r/hevc-ffmpeg.mp4")
  smart_rounds "$t" cm_smart cm_full ff_full
  local share
  share=$("$bin" concat "${clips[@]}" --smart --dry-run "${common[@]}" | awk '/^smart:/ { print $2 " of " $4 " frames copied " $7 " " $8 }')
  echo "HEVC smart render, ${h}p $preset${turn:+ $turn}: two trims of a $d s 10-bit HLG HEVC clip (1 s open GOPs, 3 B-pictures); $share"
  smart_table "$t" "$out/hevc-smart$turn.md"
}

# HDR composed at 10 bits (the HDR_COMPOSE configuration, default 1080p veryfast 10 s): an HLG 10-bit clip and
# an SDR one of half the length each, joined with a title over both (the SDR clip placed into HLG at reference
# white, the title drawn at 10 bits), all x265 10-bit at the same preset and CRF; against the ffmpeg CLI doing the
# same with zscale (SDR to HLG), concat and an overlay of the title as a picture, and against the HLG clip joined
# to itself (its pictures passed to the encoder as they are), RUNS interleaved rounds.
hdr_compose_cost() {
  local size preset d w h half
  IFS=: read -r size preset d <<<"$HDR_COMPOSE"
  read -r w h < <(dims "$size")
  half=$((d / 2))
  local dir=$out/inputs/hdr-$size-$d t=$out/times/hdr-compose-$size-$preset-$d r=$out/render
  mkdir -p "$dir" "$r"
  rm -rf "$t"
  mkdir -p "$t"
  local hlg=$dir/hlg.mp4 sdr=$dir/sdr.mp4 title=$dir/title.png
  [[ -f $hlg ]] || src "testsrc2=s=${w}x$h:r=30:d=$half" -vf "scale=out_color_matrix=bt2020:out_range=tv,format=yuv420p10le" \
    -c:v libx265 -preset veryfast -x265-params "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" \
    -color_trc arib-std-b67 -color_primaries bt2020 -colorspace bt2020nc -tag:v hvc1 "$hlg"
  [[ -f $sdr ]] || src "testsrc2=s=${w}x$h:r=30:d=$half" -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p \
    -color_trc bt709 -color_primaries bt709 -colorspace bt709 "$sdr"
  [[ -f $title ]] || src "color=c=black@0:s=${w}x$h,format=rgba" \
    -vf "drawtext=text=Title:font=DejaVu Sans:fontcolor=white:fontsize=$((h / 20)):x=(w-tw)/2:y=h-th-$((h / 20))" \
    -frames:v 1 "$title"
  local common=(-y -q --preset "$preset" --crf 28 --video-codec hevc)
  local cm_composed=("$bin" concat "$hlg" "$sdr" --text Title -o "$r/hdr-composed.mp4" "${common[@]}")
  local cm_pass=("$bin" concat "$hlg" "$hlg" -o "$r/hdr-pass.mp4" "${common[@]}")
  local ff_composed=(ffmpeg -hide_banner -loglevel error -y -i "$hlg" -i "$sdr" -loop 1 -i "$title" -filter_complex
    "[1:v]zscale=tin=bt709:min=bt709:pin=bt709:t=arib-std-b67:m=bt2020nc:p=bt2020:npl=203,format=yuv420p10le[s];[0:v]format=yuv420p10le[c0];[c0][s]concat=n=2:v=1:a=0[c];[c][2:v]overlay=format=yuv420p10:shortest=1[v]"
    -map "[v]" -c:v libx265 -preset "$preset" -crf 28 -pix_fmt yuv420p10le
    -x265-params "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" -tag:v hvc1
    -movflags +faststart "$r/hdr-ffmpeg.mp4")
  smart_rounds "$t" cm_composed cm_pass ff_composed
  local cw
  cw=$(col "$t/smart" 1)
  echo "HDR composed at 10 bits, ${h}p $preset: an HLG clip and an SDR clip of $half s each joined under a title"
  echo "| job | wall s | CPU s | RSS MB | over the composed render's wall |"
  echo "|---|---|---|---|---|"
  for job in smart full ffmpeg; do
    local name
    name=$([[ $job == smart ]] && echo "composed (title, SDR placed)" || ([[ $job == full ]] && echo "HLG joined to itself, passed on" || echo "ffmpeg CLI (zscale, concat, overlay)"))
    printf '| %s | %s | %s | %s | %sx |\n' "$name" "$(col "$t/$job" 1)" "$(col "$t/$job" 2)" "$(mb "$t/$job")" \
      "$(div "$(col "$t/$job" 1)" "$cw")"
  done | tee -a "$out/hdr-compose.md"
}

# Smart render among its peers (SMART_PEERS seconds, default 40): a 1080p 30 fps H.264 clip with 2 s groups and
# 3 B-pictures, three trims joined (cut inside groups at both ends) by clipmerge --smart, by GStreamer Editing
# Services' smart rendering (ges-launch-1.0 --smart-rendering, MP4 with H.264 and AAC) and by the ffmpeg CLI
# re-encoding the join at medium; RUNS interleaved rounds. For each output: wall, CPU and peak memory (medians),
# how many frames decode to exactly the source's (PSNR infinite: copied bit for bit), the lowest luma PSNR of
# the others against the source (ffmpeg's psnr filter), and the sample entry (avc1: parameter sets in the
# record, as Apple's players want; avc3: in the stream).
smart_peers() {
  local d=$SMART_PEERS
  local dir=$out/inputs/peers-$d t=$out/times/peers-$d r=$out/render
  mkdir -p "$dir" "$r"
  rm -rf "$t"
  mkdir -p "$t"
  local clip=$dir/src.mp4
  [[ -f $clip ]] || src "testsrc2=s=1920x1080:r=30:d=$d" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$d" \
    -ac 2 -c:v libx264 -preset veryfast -crf 20 -g 60 -keyint_min 60 -sc_threshold 0 -bf 3 -pix_fmt yuv420p \
    -c:a aac -b:a 192k -shortest "$clip"
  # Three trims, each cut inside a group at both ends (the issue's job when d is 40).
  local a0 a1 b0 b1 c0 c1
  read -r a0 a1 b0 b1 c0 c1 < <(echo "$d" | awk '{ d = $1; printf "%.1f %.1f %.1f %.1f %.1f %.1f\n", d * 0.0375, d * 0.33, d * 0.3775, d * 0.7075, d * 0.7675, d * 0.985 }')
  local cm=("$bin" concat "$clip#t=$a0,$a1" "$clip#t=$b0,$b1" "$clip#t=$c0,$c1" --smart -y -q -o "$r/peers-clipmerge.mp4")
  local ges=(ges-launch-1.0
    +clip "$clip" inpoint="$a0" duration="$(echo "$a1 - $a0" | bc)"
    +clip "$clip" inpoint="$b0" duration="$(echo "$b1 - $b0" | bc)"
    +clip "$clip" inpoint="$c0" duration="$(echo "$c1 - $c0" | bc)"
    --smart-rendering -f "video/quicktime,variant=iso:video/x-h264:audio/mpeg,mpegversion=4"
    -o "file://$PWD/$r/peers-ges.mp4")
  local trims="[0:v]trim=$a0:$a1,setpts=PTS-STARTPTS[v0];[0:v]trim=$b0:$b1,setpts=PTS-STARTPTS[v1];[0:v]trim=$c0:$c1,setpts=PTS-STARTPTS[v2]"
  local ffj=(ffmpeg -hide_banner -loglevel error -y -i "$clip" -filter_complex
    "$trims;[0:a]atrim=$a0:$a1,asetpts=PTS-STARTPTS[a0];[0:a]atrim=$b0:$b1,asetpts=PTS-STARTPTS[a1];[0:a]atrim=$c0:$c1,asetpts=PTS-STARTPTS[a2];[v0][a0][v1][a1][v2][a2]concat=n=3:v=1:a=1[v][a]"
    -map "[v]" -map "[a]" -c:v libx264 -preset medium -c:a aac -b:a 192k "$r/peers-ffmpeg.mp4")
  for ((i = 1; i <= RUNS; i++)); do
    if ((i % 2 == 1)); then
      measure "$t/clipmerge" "${cm[@]}"
      measure "$t/ges" "${ges[@]}" >/dev/null 2>&1
      measure "$t/ffmpeg" "${ffj[@]}"
    else
      measure "$t/ffmpeg" "${ffj[@]}"
      measure "$t/ges" "${ges[@]}" >/dev/null 2>&1
      measure "$t/clipmerge" "${cm[@]}"
    fi
  done
  local gw
  gw=$(col "$t/ges" 1)
  echo "smart render among peers: three trims of a $d s 1080p clip (2 s groups, 3 B-pictures): [$a0, $a1), [$b0, $b1), [$c0, $c1)"
  echo "| job | wall s | wall / GES | CPU s | RSS MB | frames copied bit for bit | others' lowest PSNR dB | sample entry |"
  echo "|---|---|---|---|---|---|---|---|"
  for job in clipmerge ges ffmpeg; do
    local file=$r/peers-$job.mp4 stats=$t/psnr-$job.log
    ffmpeg -hide_banner -loglevel error -i "$file" -i "$clip" -filter_complex \
      "${trims//0:v/1:v};[v0][v1][v2]concat=n=3:v=1:a=0[ref];[0:v]setpts=PTS-STARTPTS[o];[o][ref]psnr=stats_file=$stats" -f null -
    local quality entry
    quality=$(awk '{ for (i = 1; i <= NF; i++) { split($i, kv, ":"); if (kv[1] == "psnr_y") y = kv[2] }
      n++; if (y == "inf") same++; else if (low == "" || y + 0 < low) low = y + 0 }
      END { printf "%d of %d | %s", same, n, (low == "" ? "-" : sprintf("%.2f", low)) }' "$stats")
    entry=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_tag_string -of csv=p=0 "$file")
    printf '| %s | %s | **%sx** | %s | %s | %s | %s |\n' "$job" "$(col "$t/$job" 1)" "$(div "$(col "$t/$job" 1)" "$gw")" \
      "$(col "$t/$job" 2)" "$(mb "$t/$job")" "$quality" "$entry"
  done | tee -a "$out/smart-peers.md"
  echo "wall ranges: clipmerge $(awk '{ print $1 }' "$t/clipmerge" | sort -n | listed), GES $(awk '{ print $1 }' "$t/ges" | sort -n | listed)"
}

# Segments (the SEGMENTS configuration, default 1080p veryfast 60 s): the overlay job as a spec rendered whole,
# then planned as 1, 2, 4 and 8 segments (and the audio job) run by GNU parallel -j2 and joined; the jobs' CPU
# time against the whole render's, and the join's. Two jobs at once on this 2-core machine: one encoder thread
# each (plan --threads 1), as the README says to run them. RUNS interleaved rounds (each round renders the whole
# and every plan again); medians, with the range of the CPU ratio over the rounds.
segments_cost() {
  local size preset d w h
  IFS=: read -r size preset d <<<"$SEGMENTS"
  read -r w h < <(dims "$size")
  make_inputs "$size" "$d"
  local dir=$out/inputs/$size-$d t=$out/times/segments-$size-$preset-$d r=$out/render
  # The jobs call clipmerge by name, as a machine with it installed would.
  export PATH="$(dirname "$bin"):$PATH"
  rm -rf "$t" "$r/jobs"
  mkdir -p "$t" "$r/jobs"
  "$bin" overlay "$dir/base.mp4" "$dir/overlay.mp4" --fade-in 2,2 --preset "$preset" --crf "$CRF" \
    --audio-bitrate 192k --print-spec >"$t/spec.json"
  for n in 1 2 4 8; do "$bin" plan "$t/spec.json" --segments "$n" --threads 1 "$r/jobs/$n" >/dev/null; done
  for ((i = 1; i <= RUNS; i++)); do
    measure "$t/whole" "$bin" compose "$t/spec.json" -o "$r/segments-whole.mov" -y -q
    for n in 1 2 4 8; do
      local job=$r/jobs/$n
      find "$job/segments" -type f -delete
      measure "$t/run-$n" parallel --will-cite -j2 -a "$job/jobs.txt"
      measure "$t/join-$n" "$bin" join "$job" -o "$job/out.mov" -y -q
    done
  done
  local whole_cpu
  whole_cpu=$(col "$t/whole" 2)
  echo "| segments | jobs wall s (-j2) | jobs CPU s | CPU vs whole (median) | CPU vs whole, each round | join s | join vs whole CPU |"
  echo "|---|---|---|---|---|---|---|"
  for n in 1 2 4 8; do
    printf '| %s | %s | %s | **%sx** | %s | %s | **%s %%** |\n' "$n" "$(col "$t/run-$n" 1)" "$(col "$t/run-$n" 2)" \
      "$(round_ratios "$t/run-$n" "$t/whole" 2 | median)" "$(round_ratios "$t/run-$n" "$t/whole" 2 | listed)" \
      "$(col "$t/join-$n" 1)" \
      "$(echo "scale=1; 100 * $(col "$t/join-$n" 2) / $whole_cpu" | bc | sed 's/^\./0./')"
  done | tee -a "$out/segments.md"
  echo "whole render: $(col "$t/whole" 1) s wall, $whole_cpu s CPU (medians; CPU $(awk '{ print $2 }' "$t/whole" | listed))"
}

# Transitions and effects (the EFFECTS configuration, default 1080p veryfast 30 s: two 10 s clips of it): the
# join with a 1 s crossfade, with a 1 s wipe instead, and with the crossfade and a blur (reach 6) and a .cube table
# on both clips; each as a ratio to the crossfade's wall time, and the ffmpeg CLI doing the same (xfade fade,
# xfade wipeleft, gblur sigma 2.45 (the blur's spread) and lut3d) beside it. RUNS interleaved rounds; each
# job's ratio to the crossfade of the same round, their median and every round's.
effects_cost() {
  local size preset d w h
  IFS=: read -r size preset d <<<"$EFFECTS"
  read -r w h < <(dims "$size")
  make_inputs "$size" "$d"
  local dir=$out/inputs/$size-$d t=$out/times/effects-$size-$preset-$d r=$out/render
  local cube=$PWD/Fixtures/generated/warm.cube
  rm -rf "$t"
  mkdir -p "$t" "$r"
  local a=$dir/same-1.mp4 b=$dir/same-2.mp4 offset=$((d / 3 - 1))
  local common=(-y -q --preset "$preset" --crf "$CRF" --audio-bitrate 192k)
  local enc=(-c:v libx264 -preset "$preset" -crf "$CRF" -pix_fmt yuv420p -c:a aac -b:a 192k)
  local audio="[0:a][1:a]acrossfade=d=1[a]"
  local ff=(ffmpeg -hide_banner -loglevel error -y -i "$a" -i "$b")
  local blur="gblur=sigma=2.45,lut3d=$cube"
  run_fx() {
    case $1 in
      crossfade) measure "$t/$1" "$bin" concat "$a" "$b" --transition crossfade,1 -o "$r/fx-$1.mp4" "${common[@]}" ;;
      wipe) measure "$t/$1" "$bin" concat "$a" "$b" --transition wipe-left,1 -o "$r/fx-$1.mp4" "${common[@]}" ;;
      blur+lut) measure "$t/$1" "$bin" concat "$a" "$b" --transition crossfade,1 --effect blur=6 --effect "lut=$cube" \
        -o "$r/fx-blur-lut.mp4" "${common[@]}" ;;
      ff-crossfade) measure "$t/$1" "${ff[@]}" -filter_complex \
        "[0:v][1:v]xfade=transition=fade:duration=1:offset=$offset[v];$audio" -map "[v]" -map "[a]" "${enc[@]}" \
        "$r/ff-fx-crossfade.mp4" ;;
      ff-wipe) measure "$t/$1" "${ff[@]}" -filter_complex \
        "[0:v][1:v]xfade=transition=wipeleft:duration=1:offset=$offset[v];$audio" -map "[v]" -map "[a]" "${enc[@]}" \
        "$r/ff-fx-wipe.mp4" ;;
      ff-blur+lut) measure "$t/$1" "${ff[@]}" -filter_complex \
        "[0:v]$blur[x];[1:v]$blur[y];[x][y]xfade=transition=fade:duration=1:offset=$offset[v];$audio" -map "[v]" \
        -map "[a]" "${enc[@]}" "$r/ff-fx-blur-lut.mp4" ;;
    esac
  }
  local order=(crossfade wipe blur+lut ff-crossfade ff-wipe ff-blur+lut)
  for ((i = 1; i <= RUNS; i++)); do
    local round=("${order[@]}")
    ((i % 2 == 0)) && round=(blur+lut ff-blur+lut wipe ff-wipe crossfade ff-crossfade)
    for job in "${round[@]}"; do run_fx "$job"; done
  done
  # Each round's wall time over the same round's crossfade's.
  ratios() { round_ratios "$t/$1" "$t/$2" 1; }
  echo "| join of two 10 s ${h}p clips ($preset) | clipmerge wall s | vs its crossfade (median) | each round | CPU s | ffmpeg CLI wall s | vs its crossfade (median) | each round | RSS MB clipmerge / ffmpeg |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for job in crossfade wipe blur+lut; do
    printf '| %s | %s | **%sx** | %s | %s | %s | %sx | %s | %s / %s |\n' "$job" "$(col "$t/$job" 1)" \
      "$(ratios "$job" crossfade | median)" "$(ratios "$job" crossfade | listed)" \
      "$(col "$t/$job" 2)" "$(col "$t/ff-$job" 1)" "$(ratios "ff-$job" ff-crossfade | median)" \
      "$(ratios "ff-$job" ff-crossfade | listed)" "$(mb "$t/$job")" "$(mb "$t/ff-$job")"
  done | tee -a "$out/effects.md"
}

# Memory against clip count: the same small clip joined 3 times and 300 times (clipmerge only; peak RSS should
# not grow with the number of clips, as each clip's decoder and file are closed when it is done).
clips_memory() {
  local dir=$out/inputs/clips
  mkdir -p "$dir"
  [[ -f $dir/clip.mp4 ]] || src "testsrc2=s=320x240:r=30:d=0.2" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" \
    -ac 2 -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -shortest "$dir/clip.mp4"
  for n in 3 300; do
    local list=()
    for ((i = 0; i < n; i++)); do list+=("$dir/clip.mp4"); done
    rm -f "$out/times/clips-$n"
    mkdir -p "$out/times" "$out/render"
    measure "$out/times/clips-$n" "$bin" concat "${list[@]}" -o "$out/render/clips-$n.mov" -y -q --preset veryfast
    echo "clipmerge concat of $n clips of 0.2 s (320x240): $(col "$out/times/clips-$n" 1) s, peak RSS $(mb "$out/times/clips-$n") MB"
  done
}

# lufs FILE: the integrated loudness and true peak of FILE's sound by the ffmpeg CLI's R128 meter: "I TP".
lufs() {
  ffmpeg -hide_banner -nostats -i "$1" -map 0:a -af ebur128=peak=true -f null - 2>&1 |
    awk '/Summary:/ { s = 1 } s && $1 == "I:" { i = $2 } s && $1 == "Peak:" { p = $2 } END { print i, p }'
}

# Sound: on a SOUND-second 320x240 clip with speech-like sound (noise in bursts, 4 dB too quiet for -14 and
# far under it in level), both tools at x264 veryfast: half speed with the pitch kept (clipmerge's Rubber Band R3
# against the ffmpeg CLI's rubberband filter, R2), a -14 LUFS target (clipmerge's one pass of measuring against
# the ffmpeg CLI's two-pass loudnorm, linear), and ducking a soundtrack under the speech (against
# sidechaincompress and amix). RUNS interleaved rounds; the loudness each output reaches, by ebur128.
sound_cost() {
  local d=$SOUND dir=$out/inputs/sound-$SOUND t=$out/times/sound-$SOUND r=$out/render
  rm -rf "$t"
  mkdir -p "$dir" "$t" "$r"
  [[ -f $dir/talk.mp4 ]] || src "testsrc2=s=320x240:r=30:d=$d" -f lavfi \
    -i "anoisesrc=d=$d:c=brown:a=0.1:r=48000,lowpass=3000,volume='if(lt(mod(t,1.3),0.8),1,0.01)':eval=frame" \
    -ac 2 -c:v libx264 -preset veryfast -crf 18 -c:a aac -b:a 192k -shortest "$dir/talk.mp4"
  [[ -f $dir/music.m4a ]] || src "sine=frequency=440:sample_rate=48000:duration=$d" -ac 2 -c:a aac "$dir/music.m4a"
  local half=$((d / 2)) enc=(-c:v libx264 -preset veryfast -crf 23 -c:a aac -b:a 192k)
  local cm_speed=("$bin" concat "$dir/talk.mp4#t=0,$half&speed=0.5" -o "$r/cm-speed.mp4" -y -q --preset veryfast)
  local ff_speed=(ffmpeg -hide_banner -loglevel error -y -i "$dir/talk.mp4" -t "$half" -filter_complex
    "[0:v]setpts=2*PTS[v];[0:a]rubberband=tempo=0.5:pitchq=quality[a]" -map "[v]" -map "[a]" "${enc[@]}" "$r/ff-speed.mp4")
  local cm_loud=("$bin" concat "$dir/talk.mp4" --loudness -14 -o "$r/cm-loud.mp4" -y -q --preset veryfast)
  local cm_duck=("$bin" concat "$dir/talk.mp4" --soundtrack "$dir/music.m4a" --duck -o "$r/cm-duck.mp4" -y -q
    --preset veryfast)
  local ff_duck=(ffmpeg -hide_banner -loglevel error -y -i "$dir/talk.mp4" -i "$dir/music.m4a" -filter_complex
    "[0:a]asplit[voice][key];[1:a][key]sidechaincompress=threshold=0.005:ratio=20:attack=50:release=500[ducked];[ducked][voice]amix=inputs=2:normalize=0[a]"
    -map 0:v -map "[a]" "${enc[@]}" "$r/ff-duck.mp4")
  # Two-pass loudnorm: the first pass measures, the second applies those measurements (linear when it can); a
  # script, so /usr/bin/time measures both passes.
  cat >"$t/ff-loud.sh" <<SCRIPT
set -euo pipefail
m=\$(ffmpeg -hide_banner -nostats -i '$dir/talk.mp4' -map 0:a -af loudnorm=I=-14:TP=-1:print_format=json -f null - 2>&1)
v() { sed -n "s/.*\"\$1\" : \"\(.*\)\".*/\1/p" <<<"\$m"; }
ffmpeg -hide_banner -loglevel error -y -i '$dir/talk.mp4' -af \\
  "loudnorm=I=-14:TP=-1:measured_I=\$(v input_i):measured_TP=\$(v input_tp):measured_LRA=\$(v input_lra):measured_thresh=\$(v input_thresh):offset=\$(v target_offset):linear=true,aresample=48000,aformat=channel_layouts=stereo" -ac 2 \\
  ${enc[*]} '$r/ff-loud.mp4'
SCRIPT
  # Backwards: clipmerge decodes a group of pictures at a time; the ffmpeg CLI's reverse filters hold every frame.
  local cm_reverse=("$bin" concat "$dir/talk.mp4#speed=-1" -o "$r/cm-reverse.mp4" -y -q --preset veryfast)
  local ff_reverse=(ffmpeg -hide_banner -loglevel error -y -i "$dir/talk.mp4" -vf reverse -af areverse "${enc[@]}"
    "$r/ff-reverse.mp4")
  for ((i = 1; i <= RUNS; i++)); do
    measure "$t/cm-reverse" "${cm_reverse[@]}"
    measure "$t/ff-reverse" "${ff_reverse[@]}"
    if ((i % 2 == 1)); then
      measure "$t/cm-speed" "${cm_speed[@]}"
      measure "$t/ff-speed" "${ff_speed[@]}"
      measure "$t/cm-loud" "${cm_loud[@]}"
      measure "$t/ff-loud" bash "$t/ff-loud.sh"
      measure "$t/cm-duck" "${cm_duck[@]}"
      measure "$t/ff-duck" "${ff_duck[@]}"
    else
      measure "$t/ff-speed" "${ff_speed[@]}"
      measure "$t/cm-speed" "${cm_speed[@]}"
      measure "$t/ff-loud" bash "$t/ff-loud.sh"
      measure "$t/cm-loud" "${cm_loud[@]}"
      measure "$t/ff-duck" "${ff_duck[@]}"
      measure "$t/cm-duck" "${cm_duck[@]}"
    fi
  done
  local before cm ff
  before=$(lufs "$dir/talk.mp4")
  echo "Sound on a ${d} s 320x240 clip (its sound at ${before% *} LUFS): medians of $RUNS interleaved runs" | tee -a "$out/sound.md"
  echo "| job | clipmerge wall s | ffmpeg wall s | wall ratio | clipmerge CPU s | ffmpeg CPU s | clipmerge RSS MB | ffmpeg RSS MB | clipmerge I, TP | ffmpeg I, TP |" | tee -a "$out/sound.md"
  echo "|---|---|---|---|---|---|---|---|---|---|" | tee -a "$out/sound.md"
  for job in speed reverse loud duck; do
    cm=$(lufs "$r/cm-$job.mp4")
    ff=$(lufs "$r/ff-$job.mp4")
    printf '| %s | %s | %s | **%sx** | %s | %s | %s | %s | %s | %s |\n' "$job" "$(col "$t/cm-$job" 1)" "$(col "$t/ff-$job" 1)" \
      "$(div "$(col "$t/cm-$job" 1)" "$(col "$t/ff-$job" 1)")" "$(col "$t/cm-$job" 2)" "$(col "$t/ff-$job" 2)" \
      "$(mb "$t/cm-$job")" "$(mb "$t/ff-$job")" "${cm/ /, }" "${ff/ /, }" | tee -a "$out/sound.md"
  done
  echo "loud: the target is -14 LUFS with the true peak at most -1 dBTP; speed: 0.5 with the pitch kept (R3 vs R2)" | tee -a "$out/sound.md"
}

# The blurred fill: a FILL-second 1080x1920 30 fps clip into 1920x1080 at x264 veryfast: --fit blur against the
# ffmpeg CLI's usual graph (the clip covering the frame, box-blurred and darkened, the clip contained on top) and
# against --fit contain (what the backdrop costs). RUNS interleaved rounds.
fill_cost() {
  local d=$FILL dir=$out/inputs/fill-$FILL t=$out/times/fill-$FILL r=$out/render
  rm -rf "$t"
  mkdir -p "$dir" "$t" "$r"
  [[ -f $dir/portrait.mp4 ]] || src "testsrc2=s=1080x1920:r=30:d=$d" -c:v libx264 -preset veryfast -crf 18 \
    -pix_fmt yuv420p "$dir/portrait.mp4"
  local cm_blur=("$bin" concat "$dir/portrait.mp4" --fit blur --size 1920x1080 -o "$r/cm-blur.mp4" -y -q --preset veryfast)
  local cm_contain=("$bin" concat "$dir/portrait.mp4" --size 1920x1080 -o "$r/cm-contain.mp4" -y -q --preset veryfast)
  local ff_blur=(ffmpeg -hide_banner -loglevel error -y -i "$dir/portrait.mp4" -filter_complex
    "[0:v]split[a][b];[a]scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080,boxblur=24:3,colorchannelmixer=rr=0.8:gg=0.8:bb=0.8[bg];[b]scale=-2:1080[fg];[bg][fg]overlay=(W-w)/2:0,format=yuv420p[v]"
    -map "[v]" -c:v libx264 -preset veryfast -crf 23 "$r/ff-blur.mp4")
  for ((i = 1; i <= RUNS; i++)); do
    if ((i % 2 == 1)); then
      measure "$t/cm-blur" "${cm_blur[@]}"
      measure "$t/ff-blur" "${ff_blur[@]}"
    else
      measure "$t/ff-blur" "${ff_blur[@]}"
      measure "$t/cm-blur" "${cm_blur[@]}"
    fi
    measure "$t/cm-contain" "${cm_contain[@]}"
  done
  local cw fw kw
  cw=$(col "$t/cm-blur" 1)
  fw=$(col "$t/ff-blur" 1)
  kw=$(col "$t/cm-contain" 1)
  echo "Blurred fill, ${d} s of 1080x1920 into 1920x1080, veryfast, medians of $RUNS interleaved runs:" | tee -a "$out/fill.md"
  echo "clipmerge --fit blur $cw s (CPU $(col "$t/cm-blur" 2) s, $(mb "$t/cm-blur") MB), ffmpeg graph $fw s (CPU $(col "$t/ff-blur" 2) s, $(mb "$t/ff-blur") MB): **$(div "$cw" "$fw")x**; --fit contain $kw s (the backdrop costs $(div "$cw" "$kw")x)" | tee -a "$out/fill.md"
}

echo "clipmerge $("$bin" --version 2>/dev/null || true) vs $(ffmpeg -version | head -1 | cut -d' ' -f1-3); $(nproc) cores"
echo "Both sides: libx264 (threads auto) at the preset shown, CRF $CRF, yuv420p; AAC 192 kb/s 48 kHz stereo;"
echo ".mov with faststart. Floor: ffmpeg -f lavfi testsrc2 at the render size, 30 fps, same x264 settings, -f null."
echo "overlay:    base W×H 30 fps + overlay W×H 25 fps, overlay at half size top right fading in over [2 s, 4 s),"
echo "            both audio tracks (48 kHz stereo, 44.1 kHz mono) mixed"
echo "concat:     three clips adding up to the input length (W×H 30 fps, the other HD size at 25 fps, portrait"
echo "            H×W without sound) fitted into W×H at 30 fps, soundtrack"
echo "copy:       three clips of a third of the input length each, identical parameters, no re-encoding"
echo "multilayer: clipmerge only, four layers (full frame, half size fading in, a fifth turned 15°, a quarter)"
echo "medians of $RUNS interleaved runs (copy: $((RUNS * 5)))"
echo
: >"$out/table.md"
{
  echo "| size | preset | input | job | clipmerge wall s | ffmpeg wall s | wall ratio | clipmerge / floor | clipmerge CPU s | ffmpeg CPU s | clipmerge RSS MB | ffmpeg RSS MB | RSS ratio |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} | tee -a "$out/table.md"
for size in $SIZES; do
  for preset in $PRESETS; do
    for d in $DURATIONS; do run_config "$size" "$preset" "$d"; done
  done
done
for config in $LONG; do
  IFS=: read -r size preset d <<<"$config"
  run_config "$size" "$preset" "$d"
done
echo
clips_memory
echo
if [[ -n $LAYERS ]]; then
  : >"$out/layers.md"
  layers_cost
  echo
fi
if [[ -n $SEGMENTS ]]; then
  : >"$out/segments.md"
  segments_cost
  echo
fi
if [[ -n $EFFECTS ]]; then
  : >"$out/effects.md"
  effects_cost
  echo
fi
if [[ -n $FILL ]]; then
  : >"$out/fill.md"
  fill_cost
  echo
fi
if [[ -n $SOUND ]]; then
  : >"$out/sound.md"
  sound_cost
  echo
fi
if [[ -n $SMART ]]; then
  : >"$out/smart.md"
  smart_cost
  echo
fi
if [[ -n $HEVC_SMART ]]; then
  : >"$out/hevc-smart.md"
  hevc_smart_cost
  echo
  : >"$out/hevc-smartportrait.md"
  hevc_smart_cost portrait
  echo
fi
if [[ -n $HDR_COMPOSE ]]; then
  : >"$out/hdr-compose.md"
  hdr_compose_cost
  echo
fi
if [[ -n $SMART_PEERS ]]; then
  scripts/install-deps.sh \
    ges-launch-1.0=ges1.0-tools,gstreamer1.0-plugins-good,gstreamer1.0-plugins-bad,gstreamer1.0-plugins-ugly,gstreamer1.0-libav
  : >"$out/smart-peers.md"
  smart_peers
  echo
fi
echo "table written to $out/table.md"
