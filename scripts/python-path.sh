#!/usr/bin/env bash
# Makes `import jipingdian` work for the python3 on PATH: writes jipingdian.pth, naming
# BUILD_DIR/python, into that interpreter's user site-packages (its own site-packages inside a
# virtual environment or when user site-packages are disabled). Idempotent; a checkout that runs
# it later takes the place of the one before (like `pip install -e`). Python versions that share
# the user site directory (pyenv's 3.11 and Debian's 3.11: ~/.local/lib/python3.11) both see it.
# scripts/python-path.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(cd "${1:-build}" && pwd)/python"
if ! ls "$dir"/jipingdian/_jipingdian*.so >/dev/null 2>&1; then
  echo "no Python module in $dir (was the build configured with JPD_BUILD_PYTHON=OFF?)" >&2
  exit 1
fi
python3 - "$dir" <<'PY'
import os
import site
import sys
import sysconfig

target = sys.argv[1]
in_venv = sys.prefix != sys.base_prefix
if site.ENABLE_USER_SITE and not in_venv:
    where = site.getusersitepackages()
else:
    where = sysconfig.get_paths()["purelib"]
os.makedirs(where, exist_ok=True)
pth = os.path.join(where, "jipingdian.pth")
line = target + "\n"
try:
    with open(pth) as f:
        current = f.read()
except FileNotFoundError:
    current = None
if current != line:
    with open(pth, "w") as f:
        f.write(line)
    print(f"python: {pth} -> {target}")
PY
if ! (cd / && python3 -c "import jipingdian") ; then
  echo "python3 ($(command -v python3)) cannot import jipingdian from $dir" >&2
  exit 1
fi
