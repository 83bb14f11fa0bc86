#!/usr/bin/env bash
# Installs what clipmerge needs on Debian 12 when it is missing: FFmpeg 5.1's -dev packages, pkg-config,
# libass and a default font (text and subtitles), tesseract (OCR of rendered text in tests), GNU parallel
# (segment jobs in tests), the ffmpeg CLI (fixtures and benchmarks), GNU time and bc (benchmark measurements),
# zsh and fish (their completion scripts are checked), groff and man-db (the man page), libimagequant (GIF
# palettes), libebur128 (loudness), Rubber Band (speed with the pitch kept), dpkg-dev and lintian (make deb),
# libde265's decoder (an HEVC decoder other than FFmpeg's, for the tests).
# Does nothing when all is present. Needs root (or sudo) only when something must be installed.
# Arguments COMMAND=PACKAGE[,PACKAGE...] add what one make target needs beyond that (make slurm-check:
# slurmctld=slurm-wlm): the packages are installed when the command is missing.
set -euo pipefail
need=()
for want in "$@"; do
  IFS=, read -ra packages <<<"${want#*=}"
  command -v "${want%%=*}" >/dev/null || need+=("${packages[@]}")
done
pkg-config --exists libavformat libavcodec libavutil libswscale libswresample 2>/dev/null ||
  need+=(libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v ffmpeg >/dev/null || need+=(ffmpeg)
pkg-config --exists libass 2>/dev/null || need+=(libass-dev)
[[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || need+=(fonts-dejavu-core)
command -v tesseract >/dev/null || need+=(tesseract-ocr)
command -v parallel >/dev/null || need+=(parallel)
[[ -x /usr/bin/time ]] || need+=(time)
command -v bc >/dev/null || need+=(bc)
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
command -v groff >/dev/null || need+=(groff-base)
command -v man >/dev/null || need+=(man-db)
command -v col >/dev/null || need+=(bsdextrautils)
[[ -f /usr/include/libimagequant.h ]] || need+=(libimagequant-dev)
pkg-config --exists libebur128 2>/dev/null || need+=(libebur128-dev)
pkg-config --exists rubberband 2>/dev/null || need+=(librubberband-dev)
# The tests run the hand-written AVX-512 kernel with its intrinsics emulated (SIMDe) on machines without AVX-512.
[[ -f /usr/include/simde/x86/avx512.h ]] || need+=(libsimde-dev)
# A second HEVC decoder, not FFmpeg's: the tests decode smart renders' HEVC with libde265 too.
command -v libde265-dec265 >/dev/null || need+=(libde265-examples)
# FFmpeg 5.1 writes animated WebP but cannot read it back: the tests read it with Pillow.
/usr/bin/python3 -c "import PIL" 2>/dev/null || need+=(python3-pil)
/usr/bin/python3 -c "import yaml" 2>/dev/null || need+=(python3-yaml)
command -v dpkg-shlibdeps >/dev/null || need+=(dpkg-dev)
command -v lintian >/dev/null || need+=(lintian)
command -v fakeroot >/dev/null || need+=(fakeroot)
# python3's jsonschema: the suite checks docs/spec.schema.json against the example specs.
/usr/bin/python3 -c "import jsonschema" 2>/dev/null || need+=(python3-jsonschema)
/usr/bin/python3 -c "import numpy" 2>/dev/null || need+=(python3-numpy)
/usr/bin/python3 -c "import ensurepip" 2>/dev/null || need+=(python3-venv)
if ((${#need[@]})); then
  echo "installing: ${need[*]}"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# OpenTimelineIO's own library (PyPI), in a virtual environment under .build: the tests build timelines with it
# and check every rendered frame against its time maths.
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/otio-venv"
# Its adapters for CMX 3600 EDL and FCP 7 XML (opentimelineio-plugins) and FCPXML (otio-fcpx-xml-adapter) convert
# editors' timelines for `compose edit.edl|edit.xml|edit.fcpxml`.
if ! "$venv/bin/python" -c "import opentimelineio as o; n = o.adapters.available_adapter_names(); \
    assert {'cmx_3600', 'fcp_xml', 'fcpx_xml'} <= set(n)" 2>/dev/null; then
  echo "installing: opentimelineio, opentimelineio-plugins, otio-fcpx-xml-adapter (PyPI) into $venv"
  [[ -x "$venv/bin/python" ]] || /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "opentimelineio==0.18.1" "opentimelineio-plugins==0.18.1" \
    "otio-fcpx-xml-adapter==1.0.0"
fi
