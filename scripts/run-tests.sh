#!/usr/bin/env bash
# Runs every test: the C++ suite through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
