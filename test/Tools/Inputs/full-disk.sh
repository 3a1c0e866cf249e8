#!/bin/sh
# Usage (inside `unshare -m`):
#   full-disk.sh STATE_PY MNT OLD SNAP REF SPARE_KB -- CMD...
# Put a tmpfs on MNT holding a copy of OLD and SPARE_KB free, too little for
# what CMD writes into it; run CMD and print its exit status; check that MNT
# is as SNAP recorded (output-state.py same) and that its space is back (no
# staged bytes left); then give the tmpfs room, run CMD again and compare
# MNT with the complete run REF. Fails if the disk cannot be made full.
set -u
state=$1 mnt=$2 old=$3 snap=$4 ref=$5 spare=$6
shift 7
mount -t tmpfs -o size=256m tmpfs "$mnt" || {
  echo "full-disk.sh: cannot mount a tmpfs on $mnt" >&2
  exit 2
}
cp -a "$old/." "$mnt/"
used() { df -k --output=used "$mnt" | tail -n 1 | tr -d ' '; }
before=$(used)
mount -o remount,size=$((before + spare))k "$mnt"
if head -c $(((spare + 8) * 1024)) /dev/zero > "$mnt/.probe" 2>/dev/null; then
  echo "full-disk.sh: $mnt is not full" >&2
  exit 2
fi
rm -f "$mnt/.probe"
"$@"
echo "exit $?"
after=$(used)
[ "$after" = "$before" ] && echo "space: all back" ||
  echo "space: $before KB before, $after KB after"
python3 "$state" same "$mnt" "$snap"
mount -o remount,size=256m "$mnt"
"$@" > /dev/null
echo "rerun: exit $?"
diff -r "$mnt" "$ref" && echo "rerun: same as a complete run"
