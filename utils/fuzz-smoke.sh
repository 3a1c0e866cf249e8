#!/usr/bin/env bash
# Build opgen's libFuzzer targets with clang, ASan and UBSan, and run each
# for a short while from the seed corpora in fuzz/corpus.
#
#   utils/fuzz-smoke.sh [build-dir] [seconds-per-target]
#
# build-dir defaults to build-fuzz beside this checkout's sources and seconds
# to 30 (or $OPGEN_FUZZ_SECONDS). The build directory is configured only once,
# so a second run just rebuilds what changed. Exits non-zero on any crash,
# leak, timeout or sanitizer report; the reproducer is kept under
# <build-dir>/fuzz-artifacts/<target>/.
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$SRC/build-fuzz}
SECONDS_PER_TARGET=${2:-${OPGEN_FUZZ_SECONDS:-30}}
TARGETS=(fuzz-schema-parser fuzz-native-yaml fuzz-fast-yaml fuzz-backend-yaml)

if [[ ! -f "$BUILD/build.ninja" ]]; then
  mkdir -p "$BUILD"
  CC=clang CXX=clang++ cmake -S "$SRC" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOPGEN_FUZZ=ON -DOPGEN_SANITIZE=ON \
    >"$BUILD/configure.log" 2>&1 || {
    cat "$BUILD/configure.log" >&2
    echo "fuzz-smoke: cmake failed" >&2
    exit 1
  }
fi
ninja -C "$BUILD" "${TARGETS[@]}"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/opgen-fuzz-smoke.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
for T in "${TARGETS[@]}"; do
  case $T in
  fuzz-schema-parser) SEEDS=schema DICT=schema.dict ;;
  fuzz-native-yaml | fuzz-fast-yaml) SEEDS=yaml DICT=yaml.dict ;;
  fuzz-backend-yaml) SEEDS=backend DICT=backend.dict ;;
  esac
  # A fixed seed (OPGEN_FUZZ_SEED to change it) makes every run mutate the
  # same way, so the suite does not fail by chance on a new finding; longer
  # runs with other seeds are how new findings are made.
  # libFuzzer adds what it finds to the first corpus directory, so it gets a
  # fresh copy and the checked-in seeds stay as they are.
  mkdir -p "$WORK/$T/corpus" "$BUILD/fuzz-artifacts/$T"
  cp "$SRC/fuzz/corpus/$SEEDS"/* "$WORK/$T/corpus/"
  echo "fuzz-smoke: running $T for ${SECONDS_PER_TARGET}s"
  rc=0
  "$BUILD/bin/$T" "$WORK/$T/corpus" \
    -dict="$SRC/fuzz/$DICT" \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
    -seed="${OPGEN_FUZZ_SEED:-1}" -print_final_stats=1 \
    -artifact_prefix="$BUILD/fuzz-artifacts/$T/" \
    >"$WORK/$T.log" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]]; then
    # The report without libFuzzer's progress lines.
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED|RELOAD)' \
      "$WORK/$T.log" | tail -n 150 >&2
    echo "fuzz-smoke: $T failed (exit $rc); reproducer in" \
      "$BUILD/fuzz-artifacts/$T/" >&2
    status=1
  else
    grep -E '^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units|^stat::average_exec_per_sec' \
      "$WORK/$T.log" || true
    echo "fuzz-smoke: $T: no crash, leak or timeout"
  fi
done
exit $status
