#!/bin/bash
# same-output.sh OLD_JPD NEW_JPD [DIR ...]: do two builds of jpd give byte-identical output?
#
# For a change that must not change behaviour (a move of files, a refactoring): runs both
# programs on the bundled records (data/games) — `jpd batch` under every preset as CSV and JSONL,
# `jpd compare` in text and JSON, `jpd score --json` and `--explain` under every preset — and on
# every DIR given (e.g. ../shared/corpus: `jpd batch DIR --rules all --format jsonl`), and
# compares each output byte for byte. Prints each output that differs with the first lines of its
# diff; exit status 0 when all are identical, 1 when one differs, 2 on a usage error.
# SAME_OUTPUT_QUICK=1: one record under three presets (tests/same_output_test.sh).
#
#   git worktree add /tmp/ref REV && cmake -S /tmp/ref -B /tmp/ref/build -G Ninja \
#     -DCMAKE_BUILD_TYPE=Release -DJPD_BUILD_TESTS=OFF -DJPD_BUILD_BENCH=OFF && \
#     cmake --build /tmp/ref/build --target jpd
#   scripts/same-output.sh /tmp/ref/build/apps/jpd/jpd build/apps/jpd/jpd ../shared/corpus
set -u
if [ $# -lt 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
  echo "usage: scripts/same-output.sh OLD_JPD NEW_JPD [DIR ...] (both programs executable)" >&2
  exit 2
fi
old=$1 new=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0 differing=0

# run NAME ARGS...: the output (stdout, stderr, exit status) of both programs, compared.
run() {
  local name=$1
  shift
  for side in old new; do
    local bin=$old
    [ $side = new ] && bin=$new
    (cd "$root" && LANG=C.UTF-8 LC_ALL= "$bin" "$@" >"$work/$side.out" 2>"$work/$side.err"; echo "exit $?" >>"$work/$side.out")
    cat "$work/$side.err" >>"$work/$side.out"
    # The one figure that is not the program's behaviour: batch's running time.
    sed -i -E 's/^(Batch: .*) in [0-9.]+ s$/\1 in (time) s/' "$work/$side.out"
  done
  compared=$((compared + 1))
  if ! cmp -s "$work/old.out" "$work/new.out"; then
    differing=$((differing + 1))
    echo "DIFFERS: $name (jpd $*)"
    diff "$work/old.out" "$work/new.out" | head -n 12 | sed 's/^/    /'
  fi
}

presets=$("$new" presets | awk '{print $1}')
records=("$root"/data/games/*.sgf)
if [ -n "${SAME_OUTPUT_QUICK:-}" ]; then  # the suite's own test of this script: a short run
  presets="tang-song japanese chinese"
  records=("${records[0]}")
fi
run "batch csv" batch data/games --rules all --format csv --no-progress
run "batch jsonl" batch data/games --rules all --format jsonl --no-progress
for f in "${records[@]}"; do
  rel=data/games/$(basename "$f")
  run "compare $rel" compare "$rel"
  run "compare --json $rel" compare "$rel" --json
  for p in $presets; do
    run "score $rel $p" score "$rel" --rules "$p" --json
    run "explain $rel $p" score "$rel" --rules "$p" --explain
  done
done
for dir in "$@"; do
  run "batch $dir" batch "$dir" --rules all --format jsonl --no-progress
done
echo "same-output: $compared outputs compared, $differing differ"
[ $differing -eq 0 ]
