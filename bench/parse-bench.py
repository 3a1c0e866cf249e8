#!/usr/bin/env python3
"""Benchmark: parse PyTorch 2.14.1's native_functions.yaml into the IR with
opgen-opt and with torchgen's parse_native_yaml, side by side, and print the
ratio. Figures go in the README, never in tests.

Usage: parse-bench.py OPGEN_OPT REFERENCE_DIR [RUNS]
"""
import os
import re
import statistics
import subprocess
import sys
import time


def opgen_times(tool, native, tags, runs):
    inproc, wall = [], []
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(
            [tool, native, "--tags", tags, "--emit=none", "--summary"],
            capture_output=True, text=True, check=True,
        )
        wall.append((time.perf_counter() - start) * 1000)
        m = re.search(r"in ([0-9.]+) ms", r.stderr)
        inproc.append(float(m.group(1)))
    return statistics.median(inproc), statistics.median(wall)


def torchgen_times(dist, native, tags, runs):
    code = (
        "import sys, time\n"
        "t0 = time.perf_counter()\n"
        "from torchgen.gen import parse_native_yaml\n"
        "t1 = time.perf_counter()\n"
        "parse_native_yaml(sys.argv[1], sys.argv[2])\n"
        "t2 = time.perf_counter()\n"
        "print((t2 - t1) * 1000)\n"
    )
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    inproc, wall = [], []
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(
            [python, "-c", code, native, tags],
            capture_output=True, text=True, check=True,
            env=dict(os.environ, PYTHONPATH=dist),
        )
        wall.append((time.perf_counter() - start) * 1000)
        inproc.append(float(r.stdout.strip()))
    return statistics.median(inproc), statistics.median(wall)


def main():
    tool, ref = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    dist = os.path.join(ref, "2.14", "usr", "lib", "python3", "dist-packages")
    native = os.path.join(dist, "torchgen", "packaged", "ATen", "native", "native_functions.yaml")
    tags = os.path.join(os.path.dirname(native), "tags.yaml")
    o_in, o_wall = opgen_times(tool, native, tags, runs)
    t_in, t_wall = torchgen_times(dist, native, tags, max(3, runs // 3))
    print("parse native_functions.yaml (PyTorch 2.14.1) into the IR, median of runs")
    print(f"{'':12} {'parse (ms)':>12} {'process (ms)':>14}")
    print(f"{'opgen-opt':12} {o_in:12.1f} {o_wall:14.1f}")
    print(f"{'torchgen':12} {t_in:12.1f} {t_wall:14.1f}")
    print(f"speed-up: {t_in / o_in:.0f}x parsing, {t_wall / o_wall:.0f}x whole process")


if __name__ == "__main__":
    main()
