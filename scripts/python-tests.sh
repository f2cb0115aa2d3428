#!/usr/bin/env bash
# The Python tests (python/tests, pytest) against the module in BUILD_DIR/python, whatever is
# installed elsewhere. The interpreter: the first of the python3 on PATH, the one the module was
# built for and Debian's /usr/bin/python3 that has pytest and loads modules of the same ABI.
# Also checks that the python3 on PATH imports the module. scripts/python-tests.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build}" && pwd)
shift || true
pkg="$build/python/jipingdian"
module=$(ls "$pkg"/_jipingdian*.so 2>/dev/null | head -n 1 || true)
if [ -z "$module" ]; then
  echo "python: FAILED: no module in $pkg (was the build configured with JPD_BUILD_PYTHON=OFF?)" >&2
  exit 1
fi
suffix=${module#"$pkg/_jipingdian"}
built_for=$(sed -n 's/^Python_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")

export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
export JPD_BINARY="$build/apps/jpd/jpd"
export JPD_SHARED_DIR="${JPD_SHARED_DIR:-$(pwd)/../shared}"
export PYTHONDONTWRITEBYTECODE=1

# The python3 users get must load the module (built for it, or for one of the same ABI).
(cd / && python3 -c "import jipingdian") || {
  echo "python: FAILED: python3 ($(command -v python3)) cannot import the module $module" >&2
  exit 1
}

runner=""
for py in python3 "$built_for" /usr/bin/python3; do
  [ -n "$py" ] && command -v "$py" >/dev/null || continue
  if "$py" -c "import sys, sysconfig, pytest; sys.exit(sysconfig.get_config_var('EXT_SUFFIX') != '$suffix')" 2>/dev/null; then
    runner=$py
    break
  fi
done
if [ -z "$runner" ]; then
  echo "python: FAILED: no Python with pytest loads $suffix modules (Debian: python3-pytest)" >&2
  exit 1
fi
echo "python tests with $("$runner" -c 'import sys; print(sys.executable, sys.version.split()[0])')"
exec "$runner" -m pytest -p no:cacheprovider -q python/tests "$@"
