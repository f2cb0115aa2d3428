#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ with clang, ASan and UBSan (in build-fuzz, or
# $JPD_FUZZ_DIR) and runs each one for a bounded time on its seed corpus, two at a time:
#   scripts/run-fuzzers.sh [SECONDS [HARNESS...]]     (default: $JPD_FUZZ_SECONDS or 45; all)
# New inputs go to build-fuzz/corpus/<harness>/ (kept between runs), crashes to
# build-fuzz/artifacts/. A crash, a leak, undefined behaviour or a timeout fails the run; its log
# is printed with the command that reproduces it. Prints one line per harness (runs, runs a
# second, coverage), then the closing line "fuzz: ..." with every harness's runs a second.
# A run shorter than 10 minutes (the suite's) adds the libFuzzer flags of
# fuzz/<harness>.short-options if there is one, and a smaller ASan quarantine (fuzz/README.md,
# "Running them").
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${JPD_FUZZ_SECONDS:-45}}
shift || true
dir=${JPD_FUZZ_DIR:-build-fuzz}
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in fuzz/*_fuzzer.cpp; do harnesses+=("$(basename "$f" .cpp)"); done
fi

if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER=clang++ \
    -DJPD_FUZZ=ON -DJPD_BUILD_TESTS=OFF -DJPD_BUILD_BENCH=OFF -DJPD_BUILD_PYTHON=OFF >/dev/null
fi
if ! cmake --build "$dir" --target fuzzers -- -j"$(nproc)" >"$dir/build.log" 2>&1; then
  grep -vE '^\[[0-9]+/[0-9]+\] ' "$dir/build.log" | tail -n 200
  echo "fuzz: build failed in $dir (full log: $dir/build.log)" >&2
  exit 1
fi
grep -E 'warning:' "$dir/build.log" || true

short=0
[ "$seconds" -lt 600 ] && short=1
# In a short run ASan holds back 64 MB of freed memory before reusing it, not its default 256 MB:
# a run of a minute never filled the larger quarantine, so every allocation touched fresh pages
# (page faults, the kernel's TLB flushes): a fifth to a third of the session harnesses' time.
# Longer runs keep the default (docs/robustness.md, "The count's JSON without the tree").
if [ $short -eq 1 ]; then
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=64}
else
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
fi
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$dir/artifacts"
run_one() {
  local name=$1 log="$dir/fuzz-$1.log"
  local args=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
              -artifact_prefix="$dir/artifacts/$name-")
  [ -f "fuzz/$name.dict" ] && args+=(-dict="fuzz/$name.dict")
  if [ $short -eq 1 ] && [ -f "fuzz/$name.short-options" ]; then
    args+=($(grep -v '^#' "fuzz/$name.short-options" || true))
  fi
  local corpora=("$dir/corpus/$name" "fuzz/corpus/$name")
  [ -d "fuzz/regressions/$name" ] && corpora+=("fuzz/regressions/$name")
  mkdir -p "$dir/corpus/$name"
  local rc=0
  "$dir/fuzz/$name" "${args[@]}" "${corpora[@]}" >"$log" 2>&1 || rc=$?
  echo "$rc" >"$dir/fuzz-$name.status"
  return "$rc"
}

# Two harnesses at a time (the processors of the CI machine).
failed=0
pids=()
names=()
for name in "${harnesses[@]}"; do
  [ -x "$dir/fuzz/$name" ] || { echo "fuzz: no harness $name in $dir/fuzz" >&2; exit 1; }
  run_one "$name" &
  pids+=($!)
  names+=("$name")
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done

rates=()
for name in "${names[@]}"; do
  log="$dir/fuzz-$name.log"
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  rates+=("${name%_fuzzer} ${rate:-?}/s")
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+' || true)
  failure='ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:|fuzz check failed'
  status=$(cat "$dir/fuzz-$name.status" 2>/dev/null || echo '?')
  if grep -qE "$failure|Test unit written" "$log" || [ "$status" != 0 ]; then
    echo "---- $log"
    grep -vE '^#[0-9]+\s+(NEW|REDUCE|pulse|INITED)|^"' "$log" | tail -n 80 || true
    artifact=$(grep -oE 'Test unit written to [^ ]+' "$log" | awk '{print $5}' || true)
    echo "fuzz $name: FAILED (exit status $status) after ${runs:-?} runs; reproduce with: $dir/fuzz/$name $artifact"
    failed=1
  else
    echo "fuzz $name: ${seconds} s, ${runs:-?} runs (${rate:-?} a second), coverage ${cov:-?} edges, no crash"
  fi
done
summary=$(IFS=,; echo "${rates[*]}" | sed 's/,/, /g')
if [ $failed -eq 0 ]; then
  echo "fuzz: ${#names[@]} harnesses, ${seconds} s each, no finding; runs: $summary"
else
  echo "fuzz: FAILED (a finding, above); runs: $summary"
fi
exit $failed
