#!/usr/bin/env python3
"""Kill a tool with SIGKILL at random moments while it writes, many times,
into one folder; then check that every file left there is whole: either
absent or byte for byte what a complete run writes. Leftover temporary files
(`*.tmp*`, named only once complete) must be whole copies too.

Usage: kill-loop.py RUNS SEED REF_DIR OUT_DIR -- CMD... (CMD writes OUT_DIR)
Prints `killed K of RUNS runs; F files checked, all whole`.
"""
import os
import random
import signal
import subprocess
import sys
import time


def main():
    sep = sys.argv.index("--")
    runs, seed, ref, out = sys.argv[1:sep]
    cmd = sys.argv[sep + 1:]
    rng = random.Random(int(seed))
    killed = 0
    for _ in range(int(runs)):
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.02, 0.45))
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
            killed += 1
        p.wait()
    bad = []
    checked = 0
    for dirpath, _, files in os.walk(out):
        for name in files:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, out)
            if ".tmp" in name:
                rel = os.path.join(os.path.dirname(rel), name.split(".tmp")[0])
            want = os.path.join(ref, rel)
            checked += 1
            with open(path, "rb") as f:
                got = f.read()
            if not os.path.exists(want):
                bad.append(rel + " (no such file in a complete run)")
                continue
            with open(want, "rb") as f:
                if f.read() != got:
                    bad.append(rel)
    for b in bad[:10]:
        print("not whole: " + b)
    print("killed %d of %s runs; %d files checked, %s" %
          (killed, runs, checked, "all whole" if not bad else
           "%d not whole" % len(bad)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
