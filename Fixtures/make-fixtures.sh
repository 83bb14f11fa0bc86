#!/usr/bin/env bash
# Generates the test fixtures with the ffmpeg CLI into Fixtures/generated (not committed).
# Solid colours and pure tones, so tests can predict every decoded pixel and listen for each tone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/generated"
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# base: 320x240 at 30 fps, 4 s, colour #204080, 440 Hz tone at 48 kHz stereo.
[[ -f "$out/base.mp4" ]] || ff \
  -f lavfi -i "color=c=0x204080:s=320x240:r=30:d=4" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=4" \
  -map 0:v -map 1:a -ac 2 -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p -c:a aac -b:a 128k \
  -shortest "$out/base.mp4"

# overlay: 160x120 at 25 fps, 3 s (shorter than base), colour #E0C020, 1000 Hz tone at 44.1 kHz mono.
[[ -f "$out/overlay.mp4" ]] || ff \
  -f lavfi -i "color=c=0xE0C020:s=160x120:r=25:d=3" \
  -f lavfi -i "sine=frequency=1000:sample_rate=44100:duration=3" \
  -map 0:v -map 1:a -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p -c:a aac -b:a 96k \
  "$out/overlay.mp4"

# long-overlay: 160x120 at 25 fps, 5 s (longer than base), no audio.
[[ -f "$out/long-overlay.mp4" ]] || ff \
  -f lavfi -i "color=c=0xE0C020:s=160x120:r=25:d=5" \
  -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p "$out/long-overlay.mp4"

# split: 160x80, left half green, right half magenta, 2 s, no audio: shows where a rotation puts each side.
[[ -f "$out/split.mp4" ]] || ff \
  -f lavfi -i "color=c=0x00C000:s=160x80:r=30:d=2" \
  -vf "drawbox=x=80:y=0:w=80:h=80:color=0xC000C0:t=fill" \
  -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p "$out/split.mp4"

# rotated-cw / rotated-ccw: the split picture with a display matrix that turns it 90° clockwise (ffprobe
# rotation -90, as an iPhone held upright) or 90° counter-clockwise (ffprobe 90).
[[ -f "$out/rotated-cw.mp4" ]] || ff -i "$out/split.mp4" -c copy -metadata:s:v:0 rotate=270 "$out/rotated-cw.mp4"
[[ -f "$out/rotated-ccw.mp4" ]] || ff -i "$out/split.mp4" -c copy -metadata:s:v:0 rotate=90 "$out/rotated-ccw.mp4"

# audio-only: a 660 Hz tone, 2 s, no video (for "no video stream" errors).
[[ -f "$out/audio-only.m4a" ]] || ff \
  -f lavfi -i "sine=frequency=660:sample_rate=48000:duration=2" -c:a aac "$out/audio-only.m4a"

# not-media: text with a video extension.
[[ -f "$out/not-media.mp4" ]] || printf 'this is not a video\n' > "$out/not-media.mp4"
# music: a 2500 Hz tone, 44.1 kHz stereo, 3 s: a soundtrack shorter than most joins.
[[ -f "$out/music.m4a" ]] || ff \
  -f lavfi -i "sine=frequency=2500:sample_rate=44100:duration=3" -ac 2 -c:a aac -b:a 128k "$out/music.m4a"

# sync-RATE-HZ: 1.2 s black clips whose first frame is white and whose first 50 ms are a 1000 Hz beep, at
# 25 or 30 fps with 44.1 or 48 kHz audio: joined (trimmed to 1.037 s) they show whether sync holds.
for spec in 25:44100 30:48000 30:44100 25:48000; do
  rate=${spec%%:*}
  hz=${spec##*:}
  f="$out/sync-$rate-$hz.mp4"
  [[ -f "$f" ]] || ff \
    -f lavfi -i "color=c=black:s=160x120:r=$rate:d=1.2,drawbox=c=white:t=fill:enable='eq(n,0)'" \
    -f lavfi -i "sine=frequency=1000:sample_rate=$hz:duration=1.2,volume=volume=0:enable='gte(t,0.05)'" \
    -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p -c:a aac -b:a 128k "$f"
done
# tiny.mp4 / tiny.webm: 0.4 s, 64x48, with sound: seeds for the fuzz test, small so hundreds of mutated copies
# render in seconds.
[[ -f "$out/tiny.mp4" ]] || ff -f lavfi -i "testsrc=s=64x48:r=25:d=0.4" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.4" \
  -c:v libx264 -preset ultrafast -g 5 -pix_fmt yuv420p -c:a aac -b:a 64k "$out/tiny.mp4"
[[ -f "$out/tiny.webm" ]] || ff -f lavfi -i "testsrc=s=64x48:r=25:d=0.4" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.4" \
  -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -g 5 -c:a libopus -b:a 48k "$out/tiny.webm"
# tiny.mkv: tiny.mp4's streams in Matroska (a fuzz seed for the Matroska demuxer).
[[ -f "$out/tiny.mkv" ]] || ff -i "$out/tiny.mp4" -c copy "$out/tiny.mkv"
# interlaced.mp4: 160x120 at 25 fps, 1 s, top field first, no audio: a 16 px white bar on black that moves 8 px
# right from each field to the next, so every frame combs where the bar's edges are (the fields disagree there).
[[ -f "$out/interlaced.mp4" ]] || ff -f lavfi -i "color=c=black:s=160x120:r=50:d=1" \
  -f lavfi -i "color=c=white:s=16x120:r=50:d=1" \
  -filter_complex "[0][1]overlay=x='mod(n*8,128)':y=0,tinterlace=interleave_top,setfield=tff" \
  -c:v libx264 -preset ultrafast -qp 0 -flags +ildct+ilme -pix_fmt yuv420p "$out/interlaced.mp4"
# hlg.mp4: 160x120 at 25 fps, 1 s, 10-bit BT.2020 tagged HLG, no audio: left half neutral grey at about 75 % of the
# signal range (HDR reference white, 203 cd/m²), right half BT.2020 green at full signal.
[[ -f "$out/hlg.mp4" ]] || ff -f lavfi -i "color=c=0xBFBFBF:s=160x120:r=25:d=1" \
  -vf "drawbox=x=80:y=0:w=80:h=120:color=0x00FF00:t=fill,scale=out_color_matrix=bt2020:out_range=tv,format=yuv420p10le" \
  -c:v libx264 -preset ultrafast -qp 0 -color_trc arib-std-b67 -color_primaries bt2020 -colorspace bt2020nc \
  "$out/hlg.mp4"
# hlg-gradient.mp4: 1024x64 at 25 fps, 0.4 s, 10-bit HEVC (lossless) tagged BT.2020 HLG, no audio: a luma ramp
# from 64 to 940 left to right, one 10-bit step about every pixel (876 levels, where 8 bits have 220).
[[ -f "$out/hlg-gradient.mp4" ]] || ff -f lavfi -i "nullsrc=s=1024x64:r=25:d=0.4" \
  -vf "format=yuv420p10le,geq=lum='64+X*876/W':cb=512:cr=512" -c:v libx265 -x265-params "lossless=1:log-level=error" \
  -color_trc arib-std-b67 -color_primaries bt2020 -colorspace bt2020nc -tag:v hvc1 "$out/hlg-gradient.mp4"
# pq.mp4: 160x120 at 25 fps, 1 s, groups of 5 pictures, 10-bit HEVC tagged BT.2020 PQ (HDR10) with its
# metadata in the pictures' SEI: a mastering display of BT.2020 primaries, D65, 1000 to 0.005 cd/m², content
# light 1000 / 400 cd/m².
[[ -f "$out/pq.mp4" ]] || ff -f lavfi -i "testsrc2=s=160x120:r=25:d=1" \
  -vf "scale=out_color_matrix=bt2020:out_range=tv,format=yuv420p10le" -c:v libx265 \
  -x265-params "log-level=error:keyint=5:min-keyint=5:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display=G(8500,39850)B(6550,2300)R(35400,14600)WP(15635,16450)L(10000000,50):max-cll=1000,400" \
  -color_trc smpte2084 -color_primaries bt2020 -colorspace bt2020nc -tag:v hvc1 "$out/pq.mp4"
# still-red / still-blue: a single picture each, shown for 1 s.
for c in red:0xE00000 blue:0x0000E0; do
  f="$out/still-${c%%:*}.mp4"
  [[ -f "$f" ]] || ff -f lavfi -i "color=c=${c##*:}:s=160x120:r=1:d=1" -c:v libx264 -preset ultrafast -qp 0 \
    -pix_fmt yuv420p "$f"
done
# damaged.mp4: base.mp4 with three runs of text written over its media data (at 20000, 50000 and 80000 bytes).
if [[ ! -f "$out/damaged.mp4" ]]; then
  cp "$out/base.mp4" "$out/damaged.tmp"
  pattern=$(printf 'clipmerge damage %.0s' {1..24})
  for offset in 20000 50000 80000; do
    printf '%s' "${pattern:0:400}" | dd of="$out/damaged.tmp" bs=1 seek="$offset" conv=notrunc 2>/dev/null
  done
  mv "$out/damaged.tmp" "$out/damaged.mp4"
fi
# late-audio.mp4: 14 s of 64x48 picture at 5 fps whose sound (a 660 Hz tone) starts only at 12 s.
[[ -f "$out/late-audio.mp4" ]] || ff -f lavfi -i "color=c=gray:s=64x48:r=5:d=14" \
  -itsoffset 12 -f lavfi -i "sine=frequency=660:sample_rate=48000:duration=2" \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -b:a 64k "$out/late-audio.mp4"
# truncated.mp4: base.mp4 with its index at the front, cut to its first 60,000 bytes (the index still lists 4 s).
if [[ ! -f "$out/truncated.mp4" ]]; then
  ff -i "$out/base.mp4" -c copy -movflags +faststart "$out/whole.tmp.mp4"
  head -c 60000 "$out/whole.tmp.mp4" >"$out/truncated.mp4"
  rm -f "$out/whole.tmp.mp4"
fi
# cut-off.mkv: a Matroska recording cut off: the header says 30 s, the data stops after about 2.5 s (head -c), the
# last cluster broken mid-way. 64x48 at 25 fps, one keyframe a second, a 440 Hz tone.
if [[ ! -f "$out/cut-off.mkv" ]]; then
  ff -f lavfi -i "testsrc=s=64x48:r=25:d=30" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=30" \
    -c:v libx264 -preset ultrafast -g 25 -pix_fmt yuv420p -c:a aac -b:a 64k "$out/whole.mkv.tmp.mkv"
  head -c 60000 "$out/whole.mkv.tmp.mkv" > "$out/cut-off.mkv"
  rm -f "$out/whole.mkv.tmp.mkv"
fi
# short-header.flv: 2 s of 24 fps pictures and sound whose onMetaData states 1 s (FATE's test-4867.mp4 states
# 5.0 s for 6.0 s of pictures). rate-1000.flv: the same stating 1000 fps on average (nellymoser-discont.mp4):
# the pictures' own stamps are at 24. hair-over.mp4: 32 pictures at 30 fps on a clock of 200 ticks a second,
# whose rounded stamps end at 1.070 s, a hair over 32 frames (FATE's dts_5frames.mkv, cfhd, ProRes in MXF).
if [[ ! -f "$out/short-header.flv" || ! -f "$out/rate-1000.flv" ]]; then
  ff -f lavfi -i "testsrc=s=320x240:r=24:d=2" -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=2" \
    -c:v libx264 -preset ultrafast -g 24 -pix_fmt yuv420p -c:a aac -b:a 64k -shortest "$out/flv.tmp.flv"
  python3 "$here/set-flv-metadata.py" "$out/flv.tmp.flv" "$out/short-header.flv" duration=1
  python3 "$here/set-flv-metadata.py" "$out/flv.tmp.flv" "$out/rate-1000.flv" framerate=1000
  rm -f "$out/flv.tmp.flv"
fi
[[ -f "$out/hair-over.mp4" ]] || ff -f lavfi -i "testsrc=s=320x240:r=30" -frames:v 32 -c:v libx264 \
  -preset ultrafast -pix_fmt yuv420p -video_track_timescale 200 "$out/hair-over.mp4"
# no-duration.webm: ten pictures at 25 fps as libwebm writes them: no packet says how long it lasts and the
# header's 0.36 s ends where the last picture begins (FATE's vp90-2-* samples). scrambled.mp4: one second of
# H.264 whose every slice is random bytes (scramble-slices.py): no picture of it decodes.
if [[ ! -f "$out/no-duration.webm" ]]; then
  ff -f lavfi -i "testsrc=s=320x240:r=25" -frames:v 10 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 \
    "$out/no-duration.tmp.webm"
  python3 "$here/strip-webm-durations.py" "$out/no-duration.tmp.webm" "$out/no-duration.webm" 360
  rm -f "$out/no-duration.tmp.webm"
fi
if [[ ! -f "$out/scrambled.mp4" ]]; then
  ff -f lavfi -i "testsrc=s=320x240:r=25:d=1" -c:v libx264 -preset ultrafast -g 25 -pix_fmt yuv420p \
    "$out/scrambled.tmp.mp4"
  python3 "$here/scramble-slices.py" "$out/scrambled.tmp.mp4" "$out/scrambled.mp4"
  rm -f "$out/scrambled.tmp.mp4"
fi
# long.apng: 14 pictures of noise at 10 fps, 1.5 MB: an APNG states no length and cannot be read from the middle
# (FATE's apng_out_of_order_frames.png, 2.5 MB, was refused for "no length").
[[ -f "$out/long.apng" ]] || ff -f lavfi -i "nullsrc=s=320x240:r=10,geq=random(1)*255:128:128" -frames:v 14 \
  -pix_fmt rgb24 -f apng "$out/long.apng"
# size-change.mkv: one second of 320x240 test pattern, then one of 160x240 red in the same H.264 stream (a new
# SPS), the header saying 320x240 (FATE's extradata-reload-multi-stsd.mp4, vp8/frame_size_change.mp4).
if [[ ! -f "$out/size-change.mkv" ]]; then
  ff -f lavfi -i "testsrc=s=320x240:r=25:d=1" -c:v libx264 -preset ultrafast -g 25 -pix_fmt yuv420p \
    -bsf:v h264_mp4toannexb -f h264 "$out/size-a.tmp.h264"
  ff -f lavfi -i "color=c=red:s=160x240:r=25:d=1" -c:v libx264 -preset ultrafast -g 25 -pix_fmt yuv420p \
    -bsf:v h264_mp4toannexb -f h264 "$out/size-b.tmp.h264"
  cat "$out/size-a.tmp.h264" "$out/size-b.tmp.h264" > "$out/size.tmp.h264"
  ff -r 25 -i "$out/size.tmp.h264" -c copy "$out/size-change.mkv"
  rm -f "$out"/size*.tmp.h264
fi
# scenes.mp4: an edit of 100 pictures at 25 fps with hard cuts at frames 25 (test pattern to red) and 45 (red to
# colour bars), then a 0.8 s fade from the bars into a Mandelbrot zoom (frames 55 to 75): no single step of it is
# a scene change.
[[ -f "$out/scenes.mp4" ]] || ff -f lavfi -i "testsrc=s=320x240:r=25:d=1" -f lavfi -i "color=c=red:s=320x240:r=25:d=0.8" \
  -f lavfi -i "smptebars=s=320x240:r=25:d=1.2" -f lavfi -i "mandelbrot=s=320x240:r=25,trim=duration=1.8" \
  -filter_complex "[2][3]xfade=transition=fade:duration=0.8:offset=0.4[cd];[0][1][cd]concat=n=3:v=1:a=0,format=yuv420p" \
  -c:v libx264 -preset ultrafast -g 25 "$out/scenes.mp4"
# live.webm: a WebM written to a pipe, as a browser's MediaRecorder or OBS writes it: no duration, no cues. 3 s.
[[ -f "$out/live.webm" ]] || ff -f lavfi -i "testsrc=s=64x48:r=25:d=3" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3" \
  -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -g 25 -c:a libopus -b:a 48k -f webm pipe:1 > "$out/live.webm"
# hevc.mp4: HEVC in MP4 with the sample entry Apple's players need (hvc1), one keyframe a second, B-pictures,
# 3 s with sound. preroll.mp4: the same cut at 0.5 s by stream copy, as a phone trims: it starts on the keyframe
# before, with an edit list hiding the pictures before 0.5 s. dolby-vision.mp4: hevc.mp4 with a Dolby Vision
# configuration record (dvcC), added by add-dolby-vision.py (the ffmpeg CLI cannot write one from scratch).
[[ -f "$out/hevc.mp4" ]] || ff -f lavfi -i "testsrc=s=160x120:r=25:d=3" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3" \
  -c:v libx265 -x265-params "keyint=25:min-keyint=25:bframes=3:log-level=error" -tag:v hvc1 -pix_fmt yuv420p \
  -c:a aac -b:a 64k -movflags -faststart "$out/hevc.mp4"
[[ -f "$out/preroll.mp4" ]] || ff -ss 0.5 -i "$out/hevc.mp4" -c copy -tag:v hvc1 "$out/preroll.mp4"
[[ -f "$out/dolby-vision.mp4" ]] || python3 "$here/add-dolby-vision.py" "$out/hevc.mp4" "$out/dolby-vision.mp4"
# phone.mp4: what an iPhone records, as near as the ffmpeg CLI comes: HEVC (hvc1) 10-bit 4:2:0 BT.2020 HLG, 30 fps,
# open GOPs of 1 s with B-pictures, a Dolby Vision 8.4 configuration record (HLG-compatible), trimmed at 0.2 s by
# stream copy so an edit list hides the pictures before; moving colour bars and a 440 Hz tone, 3.2 s.
if [[ ! -f "$out/phone.mp4" ]]; then
  ff -f lavfi -i "testsrc2=s=320x180:r=30:d=3.4" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3.4" \
    -vf "scale=out_color_matrix=bt2020:out_range=tv,format=yuv420p10le" -c:v libx265 -preset fast \
    -x265-params "keyint=30:min-keyint=30:bframes=3:log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" \
    -color_trc arib-std-b67 -color_primaries bt2020 -colorspace bt2020nc -tag:v hvc1 -c:a aac -b:a 64k \
    -movflags -faststart "$out/phone-whole.tmp.mp4"
  ff -ss 0.2 -i "$out/phone-whole.tmp.mp4" -c copy -tag:v hvc1 "$out/phone-cut.tmp.mp4"
  python3 "$here/add-dolby-vision.py" "$out/phone-cut.tmp.mp4" "$out/phone.mp4" 8 4
  rm -f "$out/phone-whole.tmp.mp4" "$out/phone-cut.tmp.mp4"
fi
# phone-portrait.mp4: phone.mp4 as an iPhone held upright writes it: the same 320x180 pictures with a display
# matrix that turns them 90° clockwise (ffprobe rotation -90), the edit list and Dolby Vision record kept.
[[ -f "$out/phone-portrait.mp4" ]] || ff -i "$out/phone.mp4" -map 0 -c copy -tag:v hvc1 -strict unofficial \
  -metadata:s:v:0 rotate=270 "$out/phone-portrait.mp4"
# turned-90.mp4 / turned-180.mp4: H.264 320x240 at 25 fps, closed groups of 10 with B-pictures, 2 s, moving
# colour bars, stored with a display matrix that turns them 90° clockwise (ffprobe -90) or 180°.
if [[ ! -f "$out/turned-180.mp4" ]]; then
  ff -f lavfi -i "testsrc2=s=320x240:r=25:d=2" -c:v libx264 -preset veryfast -pix_fmt yuv420p \
    -x264-params "keyint=10:min-keyint=10:scenecut=0:open-gop=0" "$out/turned.tmp.mp4"
  ff -i "$out/turned.tmp.mp4" -c copy -metadata:s:v:0 rotate=270 "$out/turned-90.mp4"
  ff -i "$out/turned.tmp.mp4" -c copy -metadata:s:v:0 rotate=180 "$out/turned-180.mp4"
  mv "$out/turned.tmp.mp4" "$out/upright-25.mp4"
fi
# mirrored.mp4: upright-25.mp4 with a display matrix that mirrors it left to right (as a front camera writes it).
[[ -f "$out/mirrored.mp4" ]] || python3 "$here/set-display-matrix.py" "$out/upright-25.mp4" "$out/mirrored.mp4" -1 0 0 1 320 0
# talk.mp4: 64x48 at 10 fps, 105 s, a 330 Hz tone: long enough for the README's `talk.mp4#t=12.5,1:40`.
[[ -f "$out/talk.mp4" ]] || ff -f lavfi -i "testsrc=s=64x48:r=10:d=105" \
  -f lavfi -i "sine=frequency=330:sample_rate=48000:duration=105" \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -b:a 32k "$out/talk.mp4"
# Pictures as sources. sideways.jpg: the split picture (160x80, green left, magenta right) with EXIF Orientation
# 6, as a phone stores a portrait photo: upright it is 80x160, green on top. logo.png: 64x64 RGBA, a red square
# (opaque core 32x32) with a soft edge fading to transparent and a fully transparent border; logo-16.png the same
# in 16 bits; grey.png an 8-bit grey picture; palette.png the logo as an 8-bit palette with transparency;
# card.webp, card.bmp and card.tiff a 96x64 orange card; spin.gif and spin.apng three 40x40 frames of 0.5 s each
# (red, green, blue).
[[ -f "$out/sideways.jpg" ]] || {
  ff -i "$out/split.mp4" -frames:v 1 -q:v 2 "$out/sideways.tmp.jpg"
  python3 "$here/add-exif-orientation.py" "$out/sideways.tmp.jpg" "$out/sideways.jpg" 6
  rm -f "$out/sideways.tmp.jpg"
}
logo="color=c=red:s=64x64,format=rgba,geq=r='255*gt(24-max(abs(X-31.5),abs(Y-31.5)),0)':g='0':b='0':a='255*clip((24-max(abs(X-31.5),abs(Y-31.5)))/8,0,1)'"
[[ -f "$out/logo.png" ]] || ff -f lavfi -i "$logo" -frames:v 1 "$out/logo.png"
[[ -f "$out/logo-16.png" ]] || ff -i "$out/logo.png" -pix_fmt rgba64be "$out/logo-16.png"
[[ -f "$out/palette.png" ]] || ff -i "$out/logo.png" -vf "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128" "$out/palette.png"
[[ -f "$out/grey.png" ]] || ff -f lavfi -i "color=c=0x808080:s=48x32" -frames:v 1 -pix_fmt gray "$out/grey.png"
for ext in webp bmp tiff; do
  [[ -f "$out/card.$ext" ]] || ff -f lavfi -i "color=c=0xFF8000:s=96x64,format=rgb24" -frames:v 1 "$out/card.$ext"
done
spin="color=c=red:s=40x40:r=2:d=1.5,drawbox=c=green:t=fill:enable='gte(t,0.5)',drawbox=c=blue:t=fill:enable='gte(t,1)'"
[[ -f "$out/spin.gif" ]] || ff -f lavfi -i "$spin" "$out/spin.gif"
[[ -f "$out/spin.apng" ]] || ff -f lavfi -i "$spin" -plays 0 -f apng "$out/spin.apng"
# half-red.png: 64x64 red at 50 % alpha (128). Alpha video, 320x240, 1 s at 25 fps, a white bar at 50 % alpha
# across rows 160-219, transparent elsewhere: lower-third.mov in ProRes 4444 (yuva444p10), alpha.webm in VP9 with
# alpha (yuva420p), animation.mov in QuickTime Animation (argb), png.mov as PNG pictures in MOV.
[[ -f "$out/half-red.png" ]] || ff -f lavfi -i "color=c=red:s=64x64,format=rgba,geq=r=255:g=0:b=0:a=128" \
  -frames:v 1 "$out/half-red.png"
bar="color=c=white:s=320x240:r=25:d=1,format=rgba,geq=r=255:g=255:b=255:a='128*between(Y,160,219)'"
[[ -f "$out/lower-third.mov" ]] || ff -f lavfi -i "$bar" -c:v prores_ks -profile:v 4444 -pix_fmt yuva444p10le \
  "$out/lower-third.mov"
[[ -f "$out/alpha.webm" ]] || ff -f lavfi -i "$bar" -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 1M \
  -pix_fmt yuva420p "$out/alpha.webm"
[[ -f "$out/animation.mov" ]] || ff -f lavfi -i "$bar" -c:v qtrle -pix_fmt argb "$out/animation.mov"
[[ -f "$out/png.mov" ]] || ff -f lavfi -i "$bar" -c:v png -pix_fmt rgba "$out/png.mov"
# Subtitles for base.mp4's 4 s: two cues with a gap between them (SRT and WebVTT), two that overlap (so they
# stack), one past the end (ignored); ASS with a style of its own (yellow, top); a broken SRT (line 6's times).
cat > "$out/talk.srt" <<'SRT'
1
00:00:00,500 --> 00:00:01,500
HELLO WORLD

2
00:00:02,000 --> 00:00:03,000
SECOND LINE

3
00:00:02,500 --> 00:00:03,500
STACKED CUE

4
00:00:09,000 --> 00:00:10,000
AFTER THE END
SRT
cat > "$out/talk.vtt" <<'VTT'
WEBVTT

00:00.500 --> 00:01.500
HELLO WORLD

00:02.000 --> 00:03.000
SECOND LINE
VTT
cat > "$out/talk.ass" <<'ASS'
[Script Info]
ScriptType: v4.00+
PlayResX: 320
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Top,DejaVu Sans,24,&H0000FFFF,&H0000FFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,8,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.50,0:00:01.50,Top,,0,0,0,,HELLO WORLD
ASS
printf '1\n00:00:00,500 --> 00:00:01,500\nFINE\n\n2\n00:00:02,000 -> 00:00:03,000\nBROKEN\n' > "$out/broken.srt"
# checker.png: a 1600x1200 photo-sized picture of two-pixel black and white checks, the hardest
# thing to zoom out of smoothly (any aliasing shows as moiré and flicker).
[[ -f "$out/checker.png" ]] || ff -f lavfi -i "color=c=black:s=1600x1200,format=gray,geq=lum='255*mod(floor(X/2)+floor(Y/2),2)'" \
  -frames:v 1 "$out/checker.png"
# Smart render sources, 320x240 at 30 fps, x264 with three B-pictures (a pyramid) and a closed GOP every 2 s:
# gop.mp4 (10 s, moving test pattern, 440 Hz tone), gop-b.mp4 (6 s, the other pattern, 660 Hz); open-gop.mp4
# (6 s, open GOPs: only its first group is closed); late.mp4 (6 s, no sound, its first picture at 1.5 s).
x264gop=(-c:v libx264 -preset fast -crf 20 -g 60 -keyint_min 60 -sc_threshold 0 -bf 3 -pix_fmt yuv420p)
[[ -f "$out/gop.mp4" ]] || ff -f lavfi -i "testsrc2=s=320x240:r=30:d=10" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=10" "${x264gop[@]}" -c:a aac -ac 2 "$out/gop.mp4"
[[ -f "$out/gop-b.mp4" ]] || ff -f lavfi -i "testsrc=s=320x240:r=30:d=6" \
  -f lavfi -i "sine=frequency=660:sample_rate=48000:duration=6" "${x264gop[@]}" -c:a aac -ac 2 "$out/gop-b.mp4"
[[ -f "$out/open-gop.mp4" ]] || ff -f lavfi -i "testsrc2=s=320x240:r=30:d=6" "${x264gop[@]}" \
  -x264-params open-gop=1 "$out/open-gop.mp4"
[[ -f "$out/late.mp4" ]] || ff -f lavfi -i "testsrc2=s=320x240:r=30:d=6" "${x264gop[@]}" -output_ts_offset 1.5 \
  "$out/late.mp4"
# vfr.mp4: 4 s of the same x264 settings at a variable frame rate (every tenth picture 10 ms late).
[[ -f "$out/vfr.mp4" ]] || ff -f lavfi -i "testsrc=s=320x240:r=30:d=4" \
  -vf "settb=1/90000,setpts='PTS+if(eq(mod(N,10),5),900,0)'" -fps_mode passthrough -enc_time_base 1/90000 \
  "${x264gop[@]}" -video_track_timescale 90000 "$out/vfr.mp4"
# vfr-steps.mp4: what a phone writes in low light, stored upside down: 25 pictures 100, 90 and 80 ms long in
# turn (moving colour bars, 2.17 s, a 1 ms timescale), with a display matrix that turns them 180°.
# vfr-dropped.mp4: 2 s at 25 fps with the picture at 1.0 s dropped (the one before lasts 80 ms; 49 pictures).
if [[ ! -f "$out/vfr-dropped.mp4" ]]; then
  ff -f lavfi -i "testsrc2=s=320x240:r=100" -frames:v 25 \
    -vf "setpts=(floor(N/3)*270+gt(mod(N\\,3)\\,0)*100+gt(mod(N\\,3)\\,1)*90)/1000/TB" -fps_mode passthrough \
    -c:v libx264 -preset veryfast -g 12 -video_track_timescale 1000 "$out/vfr-steps.tmp.mp4"
  ff -i "$out/vfr-steps.tmp.mp4" -c copy -metadata:s:v:0 rotate=180 "$out/vfr-steps.mp4"
  rm -f "$out/vfr-steps.tmp.mp4"
  ff -f lavfi -i "testsrc2=s=320x240:r=25:d=2" -vf "select='not(eq(n\\,25))'" -fps_mode passthrough \
    -c:v libx264 -preset veryfast -g 12 -video_track_timescale 12800 "$out/vfr-dropped.mp4"
fi
# numbered.mp4: 320x240 at 25 fps, 4 s, a grey picture whose luma tells its frame number (16 + 2n: frame n reads
# back as n from any decoder), groups of 10, nearly lossless (CRF 1), a 440 Hz tone: for timelines' frame maps.
[[ -f "$out/numbered.mp4" ]] || ff -f lavfi -i "color=c=black:s=320x240:r=25:d=4,geq=lum='16+2*N':cb=128:cr=128" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=4" -c:v libx264 -preset veryfast -crf 1 -g 10 \
  -pix_fmt yuv420p -c:a aac -b:a 64k -shortest "$out/numbered.mp4"
# line.png: 64x48 black with one white column at x = 32 (what a blur spreads).
[[ -f "$out/line.png" ]] || ff -f lavfi -i "color=c=black:s=64x48" -vf "drawbox=x=32:y=0:w=1:h=48:color=white:t=fill" \
  -frames:v 1 "$out/line.png"
# Colour tables (.cube, red fastest): identity.cube (17 points a side, every colour to itself) and warm.cube (9
# points: reds and greens lifted, blues lowered, a film-like grade).
cube() {
  awk -v n="$1" -v warm="$2" 'BEGIN {
    print "TITLE \"clipmerge fixture\""; print "# generated by make-fixtures.sh"; print "LUT_3D_SIZE " n
    for (b = 0; b < n; b++) for (g = 0; g < n; g++) for (r = 0; r < n; r++) {
      R = r / (n - 1); G = g / (n - 1); B = b / (n - 1)
      if (warm) { R = R ^ 0.8; G = G ^ 0.95; B = B * 0.8 }
      printf "%.6f %.6f %.6f\n", R, G, B
    } }'
}
[[ -f "$out/identity.cube" ]] || cube 17 0 > "$out/identity.cube"
[[ -f "$out/warm.cube" ]] || cube 9 1 > "$out/warm.cube"
# timing-*: 2 s, 160x90, a moving sine pattern under the frame's number in large digits, so every frame's
# thumbnail differs from every other's by far more than an encode's noise (the frame-by-frame timing check), in
# each container and clock clipmerge reads: MP4 and MOV (1/15360 and 1/30000 clocks), Matroska and WebM (1 ms
# ticks: 60 fps and 29.97 fps H.264, 30 fps VP8, 60 fps VP9), MPEG-TS (MPEG-2, 90 kHz), AVI (MPEG-4, a frame a
# tick; timing-bframes.avi with B-frames, so its decode-time stamps run a frame late), GIF and APNG (10 fps);
# timing-vfr.mp4 keeps frames 0, 2, 5, 8 of every 12 at 30 fps (10 fps on average, never closer than 1/15 s);
# timing-late.mp4 has its first picture at 3 s (an empty edit).
timing() {
  local rate=$1
  shift
  [[ -f "$out/${*: -1}" ]] && return
  local font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
  ff -f lavfi -i "color=c=gray:s=160x90:r=$rate:d=2,format=yuv420p,geq=lum='128+90*sin(X/5+N*0.7)':cb=128:cr=128,drawtext=fontfile=$font:text=%{n}:fontsize=60:fontcolor=white:borderw=3:x=10:y=15" \
    "${@:1:$#-1}" "$out/${*: -1}"
}
h264=(-c:v libx264 -preset ultrafast -crf 10 -g 30 -pix_fmt yuv420p)
timing 30 "${h264[@]}" timing-30.mp4
timing 30000/1001 "${h264[@]}" timing-2997.mov
timing 60 "${h264[@]}" timing-60.mkv
timing 30000/1001 "${h264[@]}" timing-2997.mkv
timing 30 -c:v libvpx -deadline realtime -cpu-used 8 -b:v 1M -g 30 timing-30.webm
timing 60 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 1M -g 60 timing-60.webm
timing 25 -c:v mpeg2video -q:v 2 -g 12 -bf 2 -f mpegts timing-25.ts
timing 25 -c:v mpeg4 -q:v 2 -g 25 timing-25.avi
timing 25 -c:v mpeg4 -q:v 2 -g 25 -bf 2 timing-bframes.avi
timing 10 -plays 0 timing-10.gif
timing 10 -plays 0 -f apng timing-10.apng
timing 30 -vf "select='not(mod(n\,12))+eq(mod(n\,12)\,2)+eq(mod(n\,12)\,5)+eq(mod(n\,12)\,8)'" -fps_mode passthrough \
  "${h264[@]}" -video_track_timescale 90000 timing-vfr.mp4
timing 30 "${h264[@]}" -output_ts_offset 3 timing-late.mp4
echo "fixtures ready in $out"
