#!/usr/bin/env python3
"""Benchmark: generate torch_xla's backend stubs (XLANativeFunctions.h,
RegisterXLA.cpp, RegisterAutogradXLA.cpp) from the team's shared
xla_native_functions.yaml with opgen-backend-stubs and with torchgen 2.14.1's
gen_backend_stubs, side by side, and print the ratio. Each run writes into a
fresh folder (so every file is written), as `-o out` from that folder's
parent, for both tools. Figures go in the README, never in tests.

torchgen runs as utils/torchgen-backend-stubs.py runs it (`python -m
torchgen.gen_backend_stubs` from a root of symlinks); its in-process time is
gen_backend_stubs.run() alone, without the interpreter's start and the
imports.

Usage: backend-stubs-bench.py OPGEN_BACKEND_STUBS REFERENCE_DIR SHARED_DIR [RUNS]
"""
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
UTILS = os.path.join(os.path.dirname(HERE), "utils", "torchgen-backend-stubs.py")
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

IN_PROCESS = (
    "import sys, time\n"
    "from torchgen.gen_backend_stubs import run\n"
    "t0 = time.perf_counter()\n"
    "run(sys.argv[1], sys.argv[2], False)\n"
    "print((time.perf_counter() - t0) * 1000)\n"
)


def fresh(work, name):
    d = os.path.join(work, name)
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    return d


def timed(cmd, cwd, env=None):
    start = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    ms = (time.perf_counter() - start) * 1000
    if r.returncode != 0:
        sys.stderr.write("failed: %s\n%s" % (" ".join(cmd), r.stderr))
        sys.exit(1)
    return ms, r.stdout


def opgen_times(tool, aten, yaml, work, runs):
    wall = []
    for _ in range(runs):
        d = fresh(work, "opgen")
        ms, _ = timed([tool, "-s", yaml, "-o", "out", "--source-path", aten], d)
        wall.append(ms)
    return statistics.median(wall)


def torchgen_times(dist, yaml, work, runs):
    wall, inproc = [], []
    for _ in range(runs):
        d = fresh(work, "torchgen")
        ms, _ = timed([PYTHON, UTILS, dist, yaml, "out"], d)
        wall.append(ms)
    # run() alone; the root is the out-of-tree one (DIST/torchgen/packaged),
    # the same files.
    env = dict(os.environ, PYTHONPATH=dist, PYTHONDONTWRITEBYTECODE="1")
    for _ in range(runs):
        d = fresh(work, "torchgen-inproc")
        _, out = timed([PYTHON, "-c", IN_PROCESS, yaml, "out"], d, env)
        inproc.append(float(out.strip()))
    return statistics.median(inproc), statistics.median(wall)


def same_outputs(a, b):
    names_a, names_b = sorted(os.listdir(a)), sorted(os.listdir(b))
    if names_a != names_b:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, names_a, shallow=False)
    return not mismatch and not errors


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    tool, ref, shared = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    tool = os.path.abspath(tool)
    dist = os.path.join(os.path.abspath(ref), "2.14", "usr", "lib", "python3", "dist-packages")
    aten = os.path.join(dist, "torchgen", "packaged", "ATen")
    yaml = os.path.join(os.path.abspath(shared), "inputs", "xla_native_functions.yaml")
    for p in (dist, yaml):
        if not os.path.exists(p):
            sys.stderr.write("backend-stubs-bench.py: missing %s\n" % p)
            return 1
    t_runs = max(3, runs // 3)
    with tempfile.TemporaryDirectory(prefix="backend-stubs-bench-") as work:
        o_wall = opgen_times(tool, aten, yaml, work, runs)
        t_in, t_wall = torchgen_times(dist, yaml, work, t_runs)
        equal = same_outputs(os.path.join(work, "opgen", "out"), os.path.join(work, "torchgen", "out"))
    print("torch_xla's xla_native_functions.yaml -> XLANativeFunctions.h, RegisterXLA.cpp,")
    print("RegisterAutogradXLA.cpp; median of runs (ms)")
    print(f"  {'':20} {'in process':>11} {'whole process':>14}")
    print(f"  {'opgen-backend-stubs':20} {'':>11} {o_wall:14.1f}")
    print(f"  {'torchgen':20} {t_in:11.1f} {t_wall:14.1f}")
    print(f"  speed-up: {t_wall / o_wall:.0f}x whole process "
          f"({t_in / o_wall:.0f}x against torchgen's run() alone)")
    print(f"  outputs identical: {'yes' if equal else 'NO'}")
    return 0 if equal else 1


if __name__ == "__main__":
    sys.exit(main())
