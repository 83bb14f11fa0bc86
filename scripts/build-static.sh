#!/usr/bin/env bash
# Builds the clipmerge binary that is installed and packaged: release, the Swift runtime linked in
# (--static-swift-stdlib) and no RUNPATH into the toolchain, so it runs on machines without Swift (cluster
# nodes, the image). Every target is built (the libraries too: CI's release build of the package is this one,
# and the package test reuses it). In a scratch folder of its own (.build/deb); prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")/.."
"${SWIFT:-swift}" build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/deb >&2
echo .build/deb/release/clipmerge
