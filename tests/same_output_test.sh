#!/bin/bash
# scripts/same-output.sh finds no difference between a program and itself, and finds the one a
# program that writes one more line to `jpd compare` makes (a check that cannot fail is a defect).
# Usage: tests/same_output_test.sh JPD
set -u
jpd=$1
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SAME_OUTPUT_QUICK=1
if ! "$root/scripts/same-output.sh" "$jpd" "$jpd" >"$work/same.log" 2>&1; then
  echo "FAIL: the same program was found to differ from itself"; cat "$work/same.log"; exit 1
fi
cat >"$work/changed" <<WRAP
#!/bin/bash
"$jpd" "\$@"; rc=\$?
[ "\$1" = compare ] && echo "one more line"
exit \$rc
WRAP
chmod +x "$work/changed"
if "$root/scripts/same-output.sh" "$jpd" "$work/changed" >"$work/changed.log" 2>&1; then
  echo "FAIL: a changed output was not found"; cat "$work/changed.log"; exit 1
fi
if ! grep -q "^DIFFERS: compare " "$work/changed.log" || grep -q "^DIFFERS: score" "$work/changed.log"; then
  echo "FAIL: the difference was not named as it is"; cat "$work/changed.log"; exit 1
fi
echo "same-output: identical for one program, the changed compare output found"
