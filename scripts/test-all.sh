#!/usr/bin/env bash
# npm test (tests/README.md "Time of each phase"): the format and lint checks need no build, so they
# run beside it on the second core; then the types (astro check and tsc: the build strips types, so
# nothing else would catch a wrong one; after the build, which writes the .astro/ types they read),
# then the unit and API tests (some start the built server), then the browser tests. Any failure
# stops the run with its code.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
npm run format:check > /tmp/church-format-$$.log 2>&1 &
format=$!
npm run lint > /tmp/church-lint-$$.log 2>&1 &
lint=$!
npm run build
# each check's output is printed whole, after the build's, so the logs do not interleave
status=0
wait "$format" || status=$?
cat /tmp/church-format-$$.log
wait "$lint" || status=$?
cat /tmp/church-lint-$$.log
rm -f /tmp/church-format-$$.log /tmp/church-lint-$$.log
[ "$status" -eq 0 ] || exit "$status"
# astro check lists every hint: its summary is printed when it passes, all of it when it fails
if npm run check > /tmp/church-types-$$.log 2>&1; then
  grep -E '^Result|^- [0-9]+ (errors|warnings)' /tmp/church-types-$$.log || true
else
  status=$?
  cat /tmp/church-types-$$.log
  rm -f /tmp/church-types-$$.log
  exit "$status"
fi
rm -f /tmp/church-types-$$.log
# A test process that dies without a verdict (V8 ends it on a fatal error or a signal while freeing a
# PGlite thread's WebAssembly code: tests/README.md "A test process that dies") fails the run for
# nothing a test found: the unit and API tests then run once more, whole, and that run decides.
# Any other failure stops here.
vitest_log=/tmp/church-vitest-$$.log
status=0
npm run test:unit 2>&1 | tee "$vitest_log" || status=$?
died=0
grep -qE 'Worker exited unexpectedly|Check failed: jit_page_' "$vitest_log" && died=1
rm -f "$vitest_log"
if [ "$status" -ne 0 ]; then
  [ "$died" -eq 1 ] || exit "$status"
  echo "A test process died without a verdict (above): the unit and API tests run once more."
  npm run test:unit
fi
npm run test:e2e
