#!/usr/bin/env bash
# Renders every file of DIR with `clipmerge concat FILE` and compares each output with the ffmpeg CLI's decode of
# the same file (picture count, duration, every picture once and in order by a frame map independent of
# clipmerge's readers). Prints a Markdown table; exits 1 when a file is wrong. See scripts/corpus_check.py.
#   scripts/corpus-check.sh DIR [--jobs N] [--json FILE] [--bin PATH]
set -euo pipefail
exec /usr/bin/python3 "$(dirname "$0")/corpus_check.py" "$@"
