#!/bin/sh
# Usage (inside `unshare -m`): read-only.sh DIR -- CMD...
# Make DIR read-only with a bind mount (root ignores permission bits, a
# read-only mount it cannot), check that it is, run CMD and print its exit
# status. A DIR that cannot be made read-only fails the test: it must never
# pass without its condition.
set -u
dir=$1
shift 2
mount --bind "$dir" "$dir" && mount -o remount,bind,ro "$dir" || {
  echo "read-only.sh: cannot make $dir read-only" >&2
  exit 2
}
if touch "$dir/.probe" 2>/dev/null; then
  echo "read-only.sh: $dir is still writable" >&2
  exit 2
fi
"$@"
echo "exit $?"
