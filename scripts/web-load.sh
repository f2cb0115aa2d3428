#!/usr/bin/env bash
# A small load test of jpd serve on 127.0.0.1 (web/tests/load.mjs): concurrent players each
# playing a 9x9 game, bounded in moves and seconds. Ends with its "load: ..." line.
# scripts/web-load.sh [BUILD_DIR] [load.mjs options, e.g. --clients 32 --moves 60 --sync normal]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build}" && pwd)
shift || true
export JPD_BINARY="$build/apps/jpd/jpd"
exec timeout 300 node web/tests/load.mjs "$@"
