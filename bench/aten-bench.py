#!/usr/bin/env python3
"""Benchmark: torchgen.gen's job, ATen's generated sources from PyTorch
2.14.1's real native_functions.yaml, by opgen and by torchgen side by side,
in the default mode and with --per-operator-headers, each twice: into a
fresh folder (a new build: every file is written) and into the folder a
previous run left (a reconfigure: every file is compared, none written).
Prints both tools' whole-process times, the ratios, and how many of opgen's files are byte-identical to torchgen's (opgen
writes part of torchgen.gen's files today; the ratio compares opgen's run
with torchgen's whole run, which is what a build waits for). Figures go in
the README, never in tests.

Also part 2's files alone (every Register<Key>_N.cpp, <Key>Functions.h,
RegisterBackendSelect.cpp, CompositeViewCopyKernels.cpp) with OPGEN_OPT
running just their emitters, and opgen's peak resident memory.

Usage: aten-bench.py OPGEN REFERENCE_DIR [RUNS] [TORCHGEN_RUNS] [OPGEN_OPT]
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


PEAK_KB = {}


def timed(cmd, cwd, env=None):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    ms = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.stderr.write("failed: %s\n%s" % (" ".join(cmd), err))
        sys.exit(1)
    PEAK_KB[cmd[0]] = max(PEAK_KB.get(cmd[0], 0), usage.ru_maxrss)
    return ms


def run_many(cmd, work, name, runs, env=None):
    """Median of RUNS runs into fresh folders, then median of RUNS runs into
    the folder the last one left; and that folder."""
    fresh = []
    for i in range(runs):
        # A folder of its own each time: ext4 is slow to make files right
        # after many were deleted (docs/Performance.md).
        d = os.path.join(work, "%s-%d" % (name, i))
        os.makedirs(d)
        fresh.append(timed(cmd, d, env))
    again = [timed(cmd, d, env) for _ in range(runs)]
    return (statistics.median(fresh), statistics.median(again),
            os.path.join(d, "out"))


def identical(ours, theirs):
    same = total = 0
    for dirpath, _, files in os.walk(ours):
        for f in files:
            p = os.path.join(dirpath, f)
            rel = os.path.relpath(p, ours)
            total += 1
            q = os.path.join(theirs, rel)
            if os.path.exists(q):
                with open(p, "rb") as a, open(q, "rb") as b:
                    same += a.read() == b.read()
    return same, total


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    opgen = os.path.abspath(sys.argv[1])
    dist = os.path.join(os.path.abspath(sys.argv[2]), "2.14", "usr", "lib",
                        "python3", "dist-packages")
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    tg_runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    opt = os.path.abspath(sys.argv[5]) if len(sys.argv) > 5 else None
    aten = os.path.join(dist, "torchgen", "packaged", "ATen")
    env = dict(os.environ, PYTHONPATH=dist)
    print("PyTorch 2.14.1, torchgen.gen's job, median of runs (ms, whole "
          "process)")
    with tempfile.TemporaryDirectory() as work:
        for label, flags in [("default", []),
                             ("--per-operator-headers",
                              ["--per-operator-headers"])]:
            ours, ours_again, ours_out = run_many(
                [opgen, "-s", aten, "--install_dir", "out"] + flags, work,
                "opgen" + label, runs)
            theirs, theirs_again, theirs_out = run_many(
                [PYTHON, "-m", "torchgen.gen", "-s", aten, "--install_dir",
                 "out"] + flags, work, "torchgen" + label, tg_runs, env)
            # Both folders are the last runs'; compare before the next mode.
            same, total = identical(ours_out, theirs_out)
            n_theirs = sum(len(f) for _, _, f in os.walk(theirs_out))
            print("\n%s (%d files, %d byte-identical to torchgen's; "
                  "torchgen writes %d)" % (label, total, same, n_theirs))
            print("                 fresh folder   up-to-date folder")
            print("  opgen     %12.1f %19.1f" % (ours, ours_again))
            print("  torchgen  %12.1f %19.1f" % (theirs, theirs_again))
            print("  speed-up: %11.0fx %18.0fx" %
                  (theirs / ours, theirs_again / ours_again))
            if label == "default":
                default_torchgen = (theirs, theirs_again)
        print("\nopgen's peak resident memory: %.0f MB" %
              (PEAK_KB[opgen] / 1024))
        if opt:
            part2 = ("register-dispatch-key,dispatch-key-functions,"
                     "backend-select,composite-view-copy-kernels")
            native = os.path.join(aten, "native", "native_functions.yaml")
            p2, p2_again, p2_out = run_many(
                [opt, native, "-passes=default", "--emit=" + part2, "-o",
                 "out"], work, "part2", runs)
            n = sum(len(f) for _, _, f in os.walk(p2_out))
            print("\npart 2's files alone (%d: opgen-opt --emit=%s)" %
                  (n, part2))
            print("                 fresh folder   up-to-date folder")
            print("  opgen     %12.1f %19.1f" % (p2, p2_again))
            print("  torchgen  %12.1f %19.1f   (its whole run)" %
                  default_torchgen)


if __name__ == "__main__":
    main()
