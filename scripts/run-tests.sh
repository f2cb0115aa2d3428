#!/usr/bin/env bash
# Runs every test, stage by stage. Every stage runs; the run fails when any of them fails, and
# ends with each stage's closing line:
#   ctest         the C++ suite through CTest (Release, build/);
#   asan          the same suite built with AddressSanitizer and UndefinedBehaviorSanitizer
#                 (build-asan/);
#   fuzz          every libFuzzer harness for a bounded time (scripts/run-fuzzers.sh, build-fuzz/);
#   stress        jpd stress: random games under every preset, every invariant checked;
#   pytest        the Python tests (python/tests);
#   cpp-consumer  the C++ package (install into a temporary prefix, build examples/cpp-consumer);
#   web           the web page in Debian's Chromium (scripts/web-tests.sh);
#   load          64 kept-alive clients playing against jpd serve (scripts/web-load.sh).
# Arguments go to both CTest runs (e.g. -R Board). Environment: JPD_FUZZ_SECONDS (per harness,
# default 45), JPD_STRESS_GAMES (per preset, default 2000), JPD_SKIP (stages to skip, any of
# "asan fuzz stress pytest cpp-consumer web load", for quick local runs; CI skips nothing).
set -uo pipefail
cd "$(dirname "$0")/.."
skip=" ${JPD_SKIP:-} "
jobs=$(nproc)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
results=()

# stage NAME COMMAND...: runs the command with its output shown and kept; records its closing line.
stage() {
  local name=$1; shift
  if [[ "$skip" == *" $name "* ]]; then results+=("$name: skipped (JPD_SKIP)"); return; fi
  echo; echo "== $name =="
  local t; t=$(date +%s)
  "$@" 2>&1 | tee "$logs/$name"
  local rc=${PIPESTATUS[0]} took=$(( $(date +%s) - t ))
  local line; line=$(grep -E "^$name: " "$logs/$name" | tail -n 1)
  # pytest closes with its own counts line ("60 passed in 3.2s").
  [ -z "$line" ] && line=$(grep -E '(passed|failed|error).* in [0-9.]+s' "$logs/$name" | tail -n 1 \
                           | sed -E "s/^=* */$name: /; s/ *=*$//")
  if [ "$rc" -ne 0 ]; then
    results+=("$name: FAILED (exit status $rc, ${took} s)${line:+ -- ${line#"$name: "}}")
  else
    results+=("${line:-$name: passed} (${took} s)")
  fi
}

ctest_release() {
  ctest --test-dir build --output-on-failure -j"$jobs" "$@" >"$logs/ctest.full" 2>&1
  local rc=$?
  grep -vE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed' "$logs/ctest.full" | tail -n 300
  echo "ctest: $(grep -E 'tests passed' "$logs/ctest.full")"
  return $rc
}

ctest_asan() {
  scripts/build.sh build-asan -DJPD_SANITIZE=ON -DJPD_BUILD_BENCH=OFF -DJPD_BUILD_PYTHON=OFF || return 1
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    ctest --test-dir build-asan --output-on-failure -j"$jobs" "$@" >build-asan/ctest.log 2>&1
  local rc=$?
  grep -vE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed' build-asan/ctest.log | tail -n 300
  echo "asan: $(grep -E 'tests passed' build-asan/ctest.log) (full log: build-asan/ctest.log)"
  return $rc
}

stress() {
  build/apps/jpd/jpd stress --games "${JPD_STRESS_GAMES:-2000}" --threads "$jobs" >"$logs/stress.full" 2>&1
  local rc=$?
  [ $rc -ne 0 ] && cat "$logs/stress.full"
  echo "stress: $(tail -n 1 "$logs/stress.full")"
  return $rc
}

fuzz() {
  scripts/run-fuzzers.sh  # its closing line: "fuzz: N harnesses ... runs: NAME N/s, ..."
}

stage ctest ctest_release "$@"
stage asan ctest_asan "$@"
stage fuzz fuzz
stage stress stress
stage pytest scripts/python-tests.sh build
stage cpp-consumer scripts/test-cpp-package.sh build
stage web scripts/web-tests.sh build
stage load scripts/web-load.sh build --clients 64 --moves 40 --seconds 60

echo; echo "== summary =="
status=0
for r in "${results[@]}"; do
  echo "$r"
  [[ "$r" == *": FAILED"* ]] && status=1
done
exit $status
