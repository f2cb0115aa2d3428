#!/usr/bin/env bash
# A longer fuzzing run than the test suite's, within a time budget: every harness (or the ones
# named) for an equal share of BUDGET seconds, two at a time, on the corpus kept in build-fuzz/
# (it grows from run to run). A finding — a crash, a leak, undefined behaviour, a broken oracle,
# a timeout — is copied into fuzz/regressions/<harness>/found-<date>-<hash>, where the test suite
# replays it through its harness (FuzzRegression.Every...); then write a regression test in
# tests/fuzz/fuzz_regression_test.cpp and fix the bug where it belongs (fuzz/README.md).
#   scripts/fuzz-long.sh [BUDGET_SECONDS [HARNESS...]]     (default: 3600, every harness)
# Exit status 1 when something was found.
set -uo pipefail
cd "$(dirname "$0")/.."
budget=${1:-3600}
shift || true
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in fuzz/*_fuzzer.cpp; do harnesses+=("$(basename "$f" .cpp)"); done
fi
# Two at a time: each harness gets 2 * BUDGET / N seconds.
seconds=$(( 2 * budget / ${#harnesses[@]} ))
[ "$seconds" -lt 10 ] && seconds=10
dir=${JPD_FUZZ_DIR:-build-fuzz}
mkdir -p "$dir/artifacts"
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
echo "fuzz-long: ${#harnesses[@]} harnesses, ${seconds} s each (budget ${budget} s)"
scripts/run-fuzzers.sh "$seconds" "${harnesses[@]}"
rc=$?
found=0
for artifact in $(find "$dir/artifacts" -type f -newer "$stamp" 2>/dev/null); do
  base=$(basename "$artifact")
  for name in "${harnesses[@]}"; do
    [[ "$base" == "$name-"* ]] || continue
    dest="fuzz/regressions/$name/found-$(date +%Y%m%d)-$(sha1sum "$artifact" | cut -c1-8)"
    mkdir -p "fuzz/regressions/$name"
    cp "$artifact" "$dest"
    echo "fuzz-long: stored $dest (from $artifact): add its test to tests/fuzz/fuzz_regression_test.cpp"
    found=1
  done
done
[ $rc -ne 0 ] || [ $found -ne 0 ] && exit 1
echo "fuzz-long: nothing found in ${budget} s"
