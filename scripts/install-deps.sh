#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need. Idempotent, and quiet when
# everything is already there.
set -euo pipefail
packages=(
  g++ cmake ninja-build pkg-config
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libcpp-httplib-dev libsqlite3-dev
  libssl-dev   # jpd serve: HTTPS (--tls-cert/--tls-key) and the hashes of the seats' tokens
  iproute2     # ss: the web tests read the listen queue of jpd serve with it
  gnugo
  pybind11-dev python3-dev python3-pytest
  libxml2-utils   # xmllint: the diagram tests check the SVG pictures with it
  clang libclang-rt-14-dev   # the libFuzzer harnesses (fuzz/, scripts/run-fuzzers.sh)
  chromium fonts-wqy-microhei   # the web page's browser tests (Debian's Chromium, a CJK font)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm for the browser tests (playwright-core), unless a node and an npm are there
# already (from Debian or elsewhere: both come in one package then).
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
