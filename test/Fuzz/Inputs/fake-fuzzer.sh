#!/bin/sh
# A stand-in for a libFuzzer target, for fuzz-smoke-timeout.test. Given a
# corpus folder (a fuzzing run) it reports what FAKE_RUN says: `timeout` (as
# libFuzzer reports one, with its reproducer written) or `crash`. Given a
# file (the reproducer run alone) it times out again when FAKE_REPEATS is 1,
# else it finishes.
for a in "$@"; do
  case $a in -artifact_prefix=*) prefix=${a#-artifact_prefix=} ;; esac
done
if [ -d "$1" ]; then
  if [ "$FAKE_RUN" = crash ]; then
    echo "==1==ERROR: AddressSanitizer: heap-use-after-free"
    exit 1
  fi
  echo "ALARM: working on the last Unit for 48 seconds"
  echo "==1== ERROR: libFuzzer: timeout after 48 seconds"
  printf 'x' > "${prefix}timeout-0123"
  echo "artifact_prefix='$prefix'; Test unit written to ${prefix}timeout-0123"
  exit 70
fi
if [ "$FAKE_REPEATS" = 1 ]; then
  echo "==1== ERROR: libFuzzer: timeout after 10 seconds"
  exit 70
fi
exit 0
