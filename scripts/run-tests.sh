#!/usr/bin/env bash
# Builds and runs the test suite once, its tests spread over parallel workers (one process per test, so tests share
# no state but the generated fixtures), and prints the plain summary line last.
#
#   SANITIZE=          plain build (.build)
#   SANITIZE=address   AddressSanitizer (.build/asan): memory errors in every process, leaks in every clipmerge
#                      child; the children's reports are written under .build/asan-reports and any fails it
#   SANITIZE=thread    ThreadSanitizer (.build/tsan); a race fails the test it is found in
#   CONFIG=debug|release  the build configuration (release: optimized with testable imports)
#   FILTER=REGEX       only the tests whose names match (swift test --filter)
#   WORKERS=N          parallel test processes (default: the number of cores)
#
# The log is .build/test.log (or asan.log, tsan.log); the per-test times are read from .build/test-results*.xml
# by scripts/test-times.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
sanitize=${SANITIZE:-}
config=${CONFIG:-debug}
workers=${WORKERS:-$(nproc)}
case $sanitize in
  "") scratch=.build name=test ;;
  address) scratch=.build/asan name=asan ;;
  thread) scratch=.build/tsan name=tsan ;;
  *) echo "run-tests: SANITIZE is address, thread or empty, not '$sanitize'" >&2; exit 64 ;;
esac
[[ $config == debug || $config == release ]] || { echo "run-tests: CONFIG is debug or release" >&2; exit 64; }
flags=(-c "$config" --scratch-path "$scratch")
[[ -n $sanitize ]] && flags+=(--sanitize="$sanitize")
[[ $config == release ]] && flags+=(-Xswiftc -enable-testing)
mkdir -p .build
log=.build/$name.log
results=.build/test-results-$name.xml
reports=$PWD/.build/$name-reports
rm -rf "$reports" "$results"
mkdir -p "$reports"
case $sanitize in
  address)
    # Every clipmerge the tests start (all commands, the fuzz run's damaged files) checks memory errors and leaks,
    # its reports written under $reports; the test processes themselves (the engine's renders and the parsers in
    # process) check memory errors, a report aborting the test (XCTest and Foundation keep objects to the end, so
    # their leak check would report those). CLIPMERGE_CHILD_ASAN_OPTIONS is what TestSupport hands the children.
    export ASAN_OPTIONS=detect_leaks=0
    export CLIPMERGE_CHILD_ASAN_OPTIONS="detect_leaks=1:log_path=$reports/asan"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
    ;;
  thread)
    # A race is reported on the test's standard error and makes its process exit 66 at the end: the test fails
    # and its output (the report) is in the log.
    export TSAN_OPTIONS="halt_on_error=0:suppressions=$PWD/scripts/tsan.supp"
    ;;
esac
started=$(date +%s)
set +e
{
  "$swift" build --build-tests "${flags[@]}" &&
    "$swift" test --skip-build "${flags[@]}" --disable-swift-testing --parallel --num-workers "$workers" \
      --xunit-output "$results" ${FILTER:+--filter "$FILTER"}
} 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
echo "run-tests: $name ($config) in $(($(date +%s) - started)) s, exit $status" | tee -a "$log"
summary=0
scripts/test-summary.sh "$results" || summary=$?
if [[ -n $sanitize ]] && compgen -G "$reports/*" >/dev/null; then
  echo "run-tests: $sanitize sanitizer reports (first 60 lines of each):" >&2
  for report in "$reports"/*; do
    echo "== $report" >&2
    head -60 "$report" >&2
  done
  exit 1
fi
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer" "$log"; then
  echo "run-tests: a sanitizer report is in $log" >&2
  exit 1
fi
((status == 0 && summary == 0))
