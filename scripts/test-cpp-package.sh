#!/usr/bin/env bash
# The C++ package as a user gets it: installs the build into a temporary prefix, then builds
# examples/cpp-consumer against it twice, with CMake (find_package(jipingdian)) and with
# pkg-config, and runs both programs. scripts/test-cpp-package.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
game="$(cat data/MAIN_GAME)"

run() {  # run a step quietly; show its output when it fails
  if ! "$@" >"$tmp/log" 2>&1; then
    cat "$tmp/log"
    echo "cpp-consumer: FAILED: $*" >&2
    exit 1
  fi
  grep -E 'warning:' "$tmp/log" || true
}

libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
libdir=${libdir:-lib}

run cmake --install "$build" --prefix "$prefix"
for f in include/jpd/count.hpp bin/jpd "$libdir/libjipingdian.a" \
         "$libdir/cmake/jipingdian/jipingdianConfig.cmake" "$libdir/pkgconfig/jipingdian.pc"; do
  [ -e "$prefix/$f" ] || { echo "cpp-consumer: FAILED: $f was not installed" >&2; exit 1; }
done

# CMake: find_package(jipingdian) from the prefix only.
run cmake -S examples/cpp-consumer -B "$tmp/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
run cmake --build "$tmp/cmake"
"$tmp/cmake/jpd-consumer" "$game"

# pkg-config.
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
# shellcheck disable=SC2046
run ${CXX:-c++} -O1 -Wall -Wextra examples/cpp-consumer/main.cpp -o "$tmp/jpd-consumer-pc" \
  $(pkg-config --cflags --libs jipingdian)
"$tmp/jpd-consumer-pc" "$game" japanese

echo "cpp-consumer: built and ran against the installed package (CMake and pkg-config)"
