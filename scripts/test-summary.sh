#!/usr/bin/env bash
# Prints the XCTest totals of a `swift test` log as one plain line: "tests: N passed, N failed, N skipped".
# Exits non-zero when any test failed or no test ran.
set -euo pipefail
line=$(grep -E "Executed [0-9]+ tests?, with" "$1" | tail -1 || true)
[[ -n $line ]] || { echo "tests: 0 passed, 0 failed"; exit 1; }
executed=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$line")
failed=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$line")
skipped=0
[[ $line =~ ([0-9]+)\ tests?\ skipped ]] && skipped=${BASH_REMATCH[1]}
echo "tests: $((executed - failed - skipped)) passed, $failed failed, $skipped skipped"
((failed == 0 && executed > 0))
