#!/usr/bin/env bash
# The 30 slowest tests of the last run (COUNT=N for another number), from its xUnit results: seconds (wall, with
# the other workers running beside it) and name; then the run's total test seconds. RUN=asan|tsan|test picks the
# run (default: the newest).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n ${RUN:-} ]]; then
  results=.build/test-results-$RUN.xml
else
  results=$(ls -t .build/test-results-*.xml 2>/dev/null | head -1 || true)
fi
[[ -n $results && -s $results ]] || { echo "test-times: no test results yet (make test writes them)" >&2; exit 66; }
/usr/bin/python3 - "$results" "${COUNT:-30}" <<'PY'
import sys
import xml.etree.ElementTree as ET
cases = [(float(c.get("time", 0)), f"{c.get('classname')}/{c.get('name')}")
         for c in ET.parse(sys.argv[1]).getroot().iter("testcase")]
cases.sort(reverse=True)
print(f"{sys.argv[1]}: {len(cases)} tests, {sum(t for t, _ in cases):.1f} s of test time")
for seconds, name in cases[: int(sys.argv[2])]:
    print(f"{seconds:8.1f}  {name}")
PY
