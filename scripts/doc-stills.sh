#!/usr/bin/env bash
# The stills in docs/effects.md: the midpoint (1.5 s) of every transition and effect example spec in
# Fixtures/compositions, rendered by clipmerge frame, as small JPEGs in docs/stills. Run by `make stills`.
set -euo pipefail
cd "$(dirname "$0")/.."
clipmerge=${CLIPMERGE:-.build/release/clipmerge}
mkdir -p docs/stills
for spec in Fixtures/compositions/transition-*.json Fixtures/compositions/effect-*.json; do
  name=$(basename "$spec" .json)
  "$clipmerge" frame "$spec" --at 1.5 -o "docs/stills/$name.jpg" --overwrite -q
done
echo "stills in docs/stills"
