#!/usr/bin/env bash
# Configures (once) and builds the Release tree in build/ (or the tree and options given:
# scripts/build.sh DIR [cmake options...]). Prints only warnings and errors.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
fi
log="$dir/build.log"
if ! cmake --build "$dir" -- -j"$(nproc)" >"$log" 2>&1; then
  grep -vE '^\[[0-9]+/[0-9]+\] ' "$log" | tail -n 200
  echo "build failed in $dir (full log: $log)" >&2
  exit 1
fi
grep -E 'warning:' "$log" || true
