#!/usr/bin/env bash
# The playout figures of docs/performance.md: light playouts on 9x9 and 19x19 with 1 and 2
# threads, each run REPEATS times (default 5) for SECONDS each (default 5); prints the best and
# the median of the wall-clock and of the per-CPU-second figures, the moves per playout, the
# signatures and the load average before and after.
#   scripts/bench-playouts.sh [BUILD_DIR] [REPEATS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
repeats=${2:-5}
seconds=${3:-5}
jpd="$dir/apps/jpd/jpd"
[ -x "$jpd" ] || { echo "no $jpd: build first (scripts/build.sh $dir)" >&2; exit 1; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for threads in 1 2; do
  for size in 9 19; do
    for _ in $(seq "$repeats"); do
      "$jpd" bench playouts --size "$size" --threads "$threads" --seconds "$seconds" --json
    done | python3 -c '
import json, statistics, sys
runs, buf = [], ""
for line in sys.stdin:
    buf += line
    if line.startswith("}"):
        runs.append(json.loads(buf)); buf = ""
w = [r["moves_per_second"] / 1e6 for r in runs]
c = [r["moves_per_cpu_second"] / 1e6 for r in runs]
r = runs[0]
print("%2dx%-2d threads %d: M moves/s best %6.2f median %6.2f | per CPU-second best %6.2f median %6.2f"
      " | moves/playout %.2f | signature %s" % (r["size"], r["size"], r["threads"], max(w),
      statistics.median(w), max(c), statistics.median(c), r["moves_per_playout"], r["signature"]))
'
  done
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
