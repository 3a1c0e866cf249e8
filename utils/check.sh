#!/usr/bin/env bash
# Quick start, step 2: run the whole test suite (unit tests, lit tests,
# differential tests against torchgen, the fuzz smoke run) through CTest.
# Builds first and obtains the reference if either is missing, so it also
# runs on a clean clone (as .ci/run does).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[[ -f build/build.ninja ]] ||
  cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build
utils/fetch-reference.sh
# The differential tests must run: a missing or corrupt reference fails the
# suite, and so does a skipped test that needs it (or the shared inputs,
# where ../shared/inputs exists).
export OPGEN_REQUIRE_REFERENCE=1
# -V shows every suite's output, not only a failing one's: lit's totals and
# utils/run-lit.py's list of the tests it skipped and why.
ctest --test-dir build --output-on-failure -V -j2 "$@"
