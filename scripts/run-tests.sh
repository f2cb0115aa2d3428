#!/usr/bin/env bash
# Runs every test, stage by stage; each stage prints a one-line summary and a failure stops the
# run with a non-zero status:
#   1. the C++ suite through CTest (Release, build/);
#   2. the same suite built with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/);
#   3. every libFuzzer harness for a bounded time (scripts/run-fuzzers.sh, build-fuzz/);
#   4. jpd stress: random games under every preset, every invariant checked.
# Arguments go to both CTest runs (e.g. -R Board). Environment: JPD_FUZZ_SECONDS (per harness,
# default 45), JPD_STRESS_GAMES (per preset, default 2000), JPD_SKIP (stages to skip, any of
# "asan fuzz stress", for quick local runs; CI skips nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
skip=" ${JPD_SKIP:-} "
jobs=$(nproc)
summary() { echo "== $*"; }
elapsed() { echo "$(( $(date +%s) - $1 )) s"; }

# 1. Release.
t=$(date +%s)
ctest --test-dir build --output-on-failure -j"$jobs" "$@"
summary "ctest (Release): passed in $(elapsed "$t")"

# 2. The same suite under ASan and UBSan.
if [[ "$skip" != *" asan "* ]]; then
  t=$(date +%s)
  scripts/build.sh build-asan -DJPD_SANITIZE=ON -DJPD_BUILD_BENCH=OFF
  log=build-asan/ctest.log
  if ! ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
       UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
       ctest --test-dir build-asan --output-on-failure -j"$jobs" "$@" >"$log" 2>&1; then
    grep -vE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed' "$log" | tail -n 300
    summary "ctest (ASan+UBSan): FAILED (full log: $log)"
    exit 1
  fi
  summary "ctest (ASan+UBSan): $(grep -E 'tests passed' "$log"), built and run in $(elapsed "$t")"
fi

# 3. Fuzzing.
if [[ "$skip" != *" fuzz "* ]]; then
  t=$(date +%s)
  if ! scripts/run-fuzzers.sh; then
    summary "fuzz: FAILED"
    exit 1
  fi
  summary "fuzz: every harness ran clean, built and run in $(elapsed "$t")"
fi

# 4. Random games at scale.
if [[ "$skip" != *" stress "* ]]; then
  log=build/stress.log
  games=${JPD_STRESS_GAMES:-2000}
  if ! build/apps/jpd/jpd stress --games "$games" --threads "$jobs" >"$log" 2>&1; then
    cat "$log"
    summary "stress: FAILED"
    exit 1
  fi
  summary "stress: $(tail -n 1 "$log")"
fi
