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
#
# A timeout is checked before it counts: its reproducer is run alone, three
# times, with the same limit. A machine that stalls (a busy host, a VM
# descheduled) can hold one input past the limit, and libFuzzer cannot tell
# that from a slow input; an input that is slow fails every time it runs.
# One that never repeats the timeout is reported, with its times, and does
# not fail the run.
#
# For the script's own test: OPGEN_FUZZ_TARGETS (a space-separated list)
# runs only those targets, OPGEN_FUZZ_NO_BUILD=1 takes them as built.
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$SRC/build-fuzz}
SECONDS_PER_TARGET=${2:-${OPGEN_FUZZ_SECONDS:-30}}
TIMEOUT=10
read -r -a TARGETS <<<"${OPGEN_FUZZ_TARGETS:-fuzz-schema-parser fuzz-native-yaml fuzz-fast-yaml fuzz-backend-yaml fuzz-derivatives-yaml fuzz-python-tables fuzz-fallback-ops fuzz-deprecated-yaml}"

if [[ ${OPGEN_FUZZ_NO_BUILD:-0} != 1 ]]; then
  if [[ ! -f "$BUILD/build.ninja" ]]; then
    mkdir -p "$BUILD"
    # -O2 as RelWithDebInfo, but line tables instead of full debug info:
    # the sanitizers' and libFuzzer's stack traces still name each frame's
    # function, file and line, and the build (most of this script's
    # time on a clean checkout) costs less: -g's full debug info was about
    # a fifth of an instrumented compile's time. lld, where installed,
    # links the eight instrumented executables in a fraction of ld's time.
    # A unity build compiles each library as a few files of eight sources
    # (CMake's UNITY_BUILD): the LLVM headers, and the instrumented code of
    # the inline functions and templates they share, are compiled once per
    # eight sources instead of once each, which halves the build's CPU time
    # (8.7 to 4.6 minutes on the 2-core VM, -O2 both times; -O1 would save
    # only 3% more).
    linker=()
    if command -v ld.lld >/dev/null; then
      linker=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld)
    fi
    CC=clang CXX=clang++ cmake -S "$SRC" -B "$BUILD" -G Ninja \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOPGEN_FUZZ=ON -DOPGEN_SANITIZE=ON \
      "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" \
      -DCMAKE_UNITY_BUILD=ON "${linker[@]}" >"$BUILD/configure.log" 2>&1 || {
      cat "$BUILD/configure.log" >&2
      echo "fuzz-smoke: cmake failed" >&2
      exit 1
    }
  fi
  ninja -C "$BUILD" "${TARGETS[@]}"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/opgen-fuzz-smoke.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# repeats_timeout BIN FILE: whether FILE, run alone three times, times out
# again; the seconds each run took go to stdout.
repeats_timeout() {
  local bin=$1 file=$2 start end rc repeated=1
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    rc=0
    "$bin" -timeout="$TIMEOUT" -rss_limit_mb=2048 "$file" \
      >>"$WORK/rerun.log" 2>&1 || rc=$?
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f ", e - s }'
    [[ $rc -eq 0 ]] && repeated=0
  done
  return $((1 - repeated))
}

status=0
for T in "${TARGETS[@]}"; do
  case $T in
  fuzz-schema-parser) SEEDS=schema DICT=schema.dict ;;
  fuzz-native-yaml | fuzz-fast-yaml) SEEDS=yaml DICT=yaml.dict ;;
  fuzz-backend-yaml) SEEDS=backend DICT=backend.dict ;;
  fuzz-derivatives-yaml) SEEDS=derivatives DICT=derivatives.dict ;;
  fuzz-python-tables) SEEDS=python-tables DICT=python.dict ;;
  fuzz-fallback-ops) SEEDS=fallback-ops DICT=python.dict ;;
  fuzz-deprecated-yaml) SEEDS=deprecated DICT=deprecated.dict ;;
  *) SEEDS=${OPGEN_FUZZ_SEEDS:?} DICT=${OPGEN_FUZZ_DICT:?} ;;
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
    -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
    -seed="${OPGEN_FUZZ_SEED:-1}" -print_final_stats=1 \
    -artifact_prefix="$BUILD/fuzz-artifacts/$T/" \
    >"$WORK/$T.log" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]] && grep -q 'ERROR: libFuzzer: timeout' "$WORK/$T.log"; then
    repro=$(sed -n 's/.*Test unit written to //p' "$WORK/$T.log" | tail -n 1)
    if [[ -f $repro ]]; then
      took=$(grep -o 'timeout after [0-9]* seconds' "$WORK/$T.log" | head -n 1)
      if times=$(repeats_timeout "$BUILD/bin/$T" "$repro"); then
        echo "fuzz-smoke: $T: a timeout that its reproducer repeats (alone it" \
          "took ${times% }s):" >&2
      else
        echo "fuzz-smoke: $T: no crash or leak; one input hit the ${TIMEOUT}s" \
          "limit (${took}), but run alone three times it took ${times% }s," \
          "so the machine was slow, not the input; the reproducer is" \
          "$repro"
        continue
      fi
    fi
  fi
  if [[ $rc -ne 0 ]]; then
    # The report without libFuzzer's progress lines.
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED|RELOAD)' \
      "$WORK/$T.log" | tail -n 150 >&2
    echo "fuzz-smoke: $T failed (exit $rc); reproducer in" \
      "$BUILD/fuzz-artifacts/$T/" >&2
    status=1
  else
    grep -E '^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb' \
      "$WORK/$T.log" || true
    echo "fuzz-smoke: $T: no crash, leak or timeout"
  fi
done
exit $status
