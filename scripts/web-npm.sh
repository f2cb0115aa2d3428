#!/usr/bin/env bash
# Installs the browser tests' npm packages (web/tests: playwright-core only) with `npm ci` when
# they are missing or older than package-lock.json. Playwright never downloads a browser here: the
# tests drive Debian's /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/../web/tests"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
