#!/bin/bash
# The fuzz stage (scripts/run-fuzzers.sh) fails when a harness finds something, and passes when
# none does (a check that cannot fail is a defect). The harnesses here are stand-ins that write
# what libFuzzer writes: a crash (ASan's report and the input's file, exit status 1), a broken
# oracle (fuzz/harness.hpp's "fuzz check failed", then abort), and a clean run with its
# statistics. Their build directory is a tiny CMake project whose target `fuzzers` builds nothing.
# Usage: tests/fuzz/fuzz_stage_test.sh
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project" "$work/build/fuzz"
cat >"$work/project/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(fuzz_stage_test NONE)
add_custom_target(fuzzers)
CMAKE
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$work/project" -B "$work/build" "${generator[@]}" >"$work/configure.log" 2>&1 \
  || { echo "FAIL: the stand-in build does not configure"; cat "$work/configure.log"; exit 1; }
# run-fuzzers.sh configures a build directory without build.ninja itself: give it one either way.
touch "$work/build/build.ninja"

harness() {  # harness NAME BODY: a stand-in libFuzzer harness
  printf '#!/bin/bash\n%s\n' "$2" >"$work/build/fuzz/$1"
  chmod +x "$work/build/fuzz/$1"
}
stats='echo "stat::number_of_executed_units: 5000"; echo "stat::average_exec_per_sec: 1234"'
harness clean_fuzzer "echo '#5000 DONE cov: 10 ft: 20'; $stats; exit 0"
harness crash_fuzzer "echo '==1==ERROR: AddressSanitizer: heap-buffer-overflow'
for a in \"\$@\"; do case \$a in -artifact_prefix=*) p=\${a#-artifact_prefix=};; esac; done
echo \"artifact_prefix='\$p'; Test unit written to \${p}crash-0123\"; $stats; exit 1"
harness oracle_fuzzer "echo 'fuzz check failed: a status outside 200..499'; echo 'Test unit written to x/crash-4567'; exit 1"

run() { JPD_FUZZ_DIR="$work/build" "$root/scripts/run-fuzzers.sh" 1 "$@" >"$work/run.log" 2>&1; }
if ! run clean_fuzzer || ! grep -q "^fuzz: 1 harnesses, 1 s each, no finding; runs: clean 1234/s" "$work/run.log"; then
  echo "FAIL: a clean harness failed the stage or was not summed up"; cat "$work/run.log"; exit 1
fi
for bad in crash_fuzzer oracle_fuzzer; do
  if run clean_fuzzer "$bad"; then
    echo "FAIL: the stage passed although $bad found something"; cat "$work/run.log"; exit 1
  fi
  if ! grep -q "^fuzz ${bad}: FAILED" "$work/run.log" || ! grep -q "^fuzz: FAILED" "$work/run.log"; then
    echo "FAIL: $bad's finding was not reported"; cat "$work/run.log"; exit 1
  fi
done
# A harness that dies without a word (a signal, an exit status) fails the stage too.
harness silent_fuzzer "exit 77"
if run silent_fuzzer || ! grep -q "^fuzz silent_fuzzer: FAILED (exit status 77)" "$work/run.log"; then
  echo "FAIL: a harness that exited with status 77 did not fail the stage"; cat "$work/run.log"; exit 1
fi
echo "fuzz stage: fails on a crash, a broken oracle and a failed harness, passes a clean run"
