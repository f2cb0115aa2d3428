#!/usr/bin/env bash
# The web referee in a real browser: Debian's Chromium driven by playwright-core (web/tests,
# installed with `npm ci`; it never downloads a browser of its own), against the jpd of BUILD_DIR:
# a game played by two browsers to the pause and counted, the refusals in words, the lobby and SGF
# upload, and a server killed with SIGKILL mid-game restarting with every move. Screenshots in
# BUILD_DIR/web-screenshots. Ends with "web: N passed, N failed". scripts/web-tests.sh [BUILD_DIR]
set -uo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build}" && pwd)
scripts/web-npm.sh || { echo "web: FAILED: npm ci in web/tests"; exit 1; }
[ -x /usr/bin/chromium ] || { echo "web: FAILED: no /usr/bin/chromium (Debian package chromium)"; exit 1; }
export JPD_BINARY="$build/apps/jpd/jpd" JPD_SCREENSHOTS="$build/web-screenshots"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd web/tests && timeout 600 node --test --test-concurrency=1 --test-reporter=spec \
  browser.test.mjs gui.test.mjs restart.test.mjs) 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
passed=$(sed -n 's/^ℹ pass \([0-9]*\).*/\1/p' "$log" | tail -n 1)
failed=$(sed -n 's/^ℹ fail \([0-9]*\).*/\1/p' "$log" | tail -n 1)
echo "screenshots: $JPD_SCREENSHOTS"
echo "web: ${passed:-0} passed, ${failed:-0} failed"
[ "$rc" -eq 0 ] && [ "${passed:-0}" -gt 0 ]
