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


def opgen_times(tool, native, tags, runs, passes=None):
    inproc, wall = [], []
    extra = ["-passes=" + passes] if passes else []
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(
            [tool, native, "--tags", tags, "--emit=none", "--summary"] + extra,
            capture_output=True, text=True, check=True,
        )
        wall.append((time.perf_counter() - start) * 1000)
        m = re.search(r"in ([0-9.]+) ms(?:, then ran \d+ passes in ([0-9.]+) ms)?", r.stderr)
        inproc.append(float(m.group(1)) + float(m.group(2) or 0))
    return statistics.median(inproc), statistics.median(wall)


def torchgen_times(dist, native, tags, runs, skip_gen):
    code = (
        "import sys, time\n"
        "t0 = time.perf_counter()\n"
        "from torchgen.gen import parse_native_yaml\n"
        "t1 = time.perf_counter()\n"
        "parse_native_yaml(sys.argv[1], sys.argv[2], skip_native_fns_gen=sys.argv[3] == 'skip')\n"
        "t2 = time.perf_counter()\n"
        "print((t2 - t1) * 1000)\n"
    )
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    inproc, wall = [], []
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(
            [python, "-c", code, native, tags, "skip" if skip_gen else "gen"],
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
    t_runs = max(3, runs // 3)
    rows = [
        ("parse into the IR (torchgen: parse_native_yaml, skip_native_fns_gen)",
         opgen_times(tool, native, tags, runs),
         torchgen_times(dist, native, tags, t_runs, True)),
        ("parse + -passes=default (torchgen: parse_native_yaml)",
         opgen_times(tool, native, tags, runs, "default"),
         torchgen_times(dist, native, tags, t_runs, False)),
    ]
    print("PyTorch 2.14.1 native_functions.yaml, median of runs (ms)")
    for title, (o_in, o_wall), (t_in, t_wall) in rows:
        print(f"\n{title}")
        print(f"  {'':10} {'in process':>11} {'whole process':>14}")
        print(f"  {'opgen-opt':10} {o_in:11.1f} {o_wall:14.1f}")
        print(f"  {'torchgen':10} {t_in:11.1f} {t_wall:14.1f}")
        print(f"  speed-up: {t_in / o_in:.0f}x in process, {t_wall / o_wall:.0f}x whole process")


if __name__ == "__main__":
    main()
