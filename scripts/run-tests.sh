#!/usr/bin/env bash
# Runs every test: the C++ suite through CTest, the Python tests (pytest, python/tests), the
# C++ package (install into a temporary prefix, build examples/cpp-consumer against it), the web
# page in Debian's Chromium (scripts/web-tests.sh) and a small load test of jpd serve. Every
# stage runs; the run fails when any of them fails, and ends with each stage's closing line.
# Arguments go to ctest.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0

echo "== C++ tests (ctest) =="
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@" 2>&1 | tee "$logs/ctest"
ctest_rc=${PIPESTATUS[0]}

echo
echo "== Python tests (pytest) =="
scripts/python-tests.sh build 2>&1 | tee "$logs/pytest"
pytest_rc=${PIPESTATUS[0]}

echo
echo "== C++ package (cmake --install, examples/cpp-consumer) =="
scripts/test-cpp-package.sh build 2>&1 | tee "$logs/package"
package_rc=${PIPESTATUS[0]}

echo
echo "== web page in Chromium (scripts/web-tests.sh) =="
scripts/web-tests.sh build 2>&1 | tee "$logs/web"
web_rc=${PIPESTATUS[0]}

echo
echo "== web load test (scripts/web-load.sh) =="
scripts/web-load.sh build --clients 16 --moves 30 --seconds 60 2>&1 | tee "$logs/load"
load_rc=${PIPESTATUS[0]}

# The closing line of each stage, or its failure.
closing() {  # closing NAME RC LOG PATTERN
  local line
  line=$(grep -E "$4" "$3" | tail -n 1)
  if [ "$2" -ne 0 ]; then
    echo "$1: FAILED (exit status $2)${line:+: $line}"
    status=1
  else
    case "$line" in
      "$1: "*) echo "$line" ;;
      *) echo "$1: ${line:-ok}" ;;
    esac
  fi
}
echo
echo "== summary =="
closing "load" "$load_rc" "$logs/load" '^load: '
closing "web" "$web_rc" "$logs/web" '^web: '
closing "cpp-consumer" "$package_rc" "$logs/package" '^cpp-consumer: '
closing "pytest" "$pytest_rc" "$logs/pytest" '(passed|failed|error).* in [0-9.]+s'
closing "ctest" "$ctest_rc" "$logs/ctest" 'tests passed, .* tests failed out of'
exit $status
