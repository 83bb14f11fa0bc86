#!/usr/bin/env bash
# Prints the totals of a test run's xUnit results (swift test --xunit-output) as one plain line:
# "tests: N passed, N failed, N skipped". Exits non-zero when any test failed or no test ran.
set -euo pipefail
results=$1
[[ -s $results ]] || { echo "tests: 0 passed, 0 failed"; exit 1; }
read -r executed failed skipped < <(/usr/bin/python3 - "$results" <<'PY'
import sys
import xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
failed = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
skipped = sum(1 for c in cases if c.find("skipped") is not None)
print(len(cases), failed, skipped)
PY
)
echo "tests: $((executed - failed - skipped)) passed, $failed failed, $skipped skipped"
((failed == 0 && executed > 0))
