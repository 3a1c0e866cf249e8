#!/usr/bin/env python3
"""Benchmark: how opgen's time and memory grow with the size of its input.

native_functions.yaml 1x (the real one), 10x and 100x, made by
utils/scale-native-yaml.py from renamed copies of the real entries, and
torch_xla's backend yaml scaled the same way (every listed operator once per
copy). For each size, three jobs:

  - `opgen-opt -passes=default --emit=none`: the front end and the passes;
  - the same with the C++ API's headers and sources
    (EMITTERS below, written into a fresh folder);
  - `opgen-backend-stubs` on the scaled XLA yaml against the scaled ATen
    folder (XLANativeFunctions.h, RegisterXLA.cpp, RegisterAutogradXLA.cpp).

Prints the curve: size, yaml entries, median wall time, CPU time (user +
system: less disturbed than wall time on a shared machine), both per 1,000
entries (flat when the growth is linear) and peak RSS of the process
(os.wait4's ru_maxrss). Figures go in the README, never in tests.

Usage: scale-bench.py OPGEN_OPT OPGEN_BACKEND_STUBS REFERENCE_DIR SHARED_DIR
                      [RUNS] [SIZES]       (default: 5 runs, sizes 1,10,100)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCALE = os.path.join(os.path.dirname(HERE), "utils", "scale-native-yaml.py")
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

# What a build's C++ API needs, and the heaviest of torchgen.gen's files per
# operator (the whole `aten` set at 100x would be about 5 GB of output).
EMITTERS = ("functions-header,native-functions,operators-headers,"
            "operator-definitions,registration-declarations,"
            "dispatch-key-functions")


def run(cmd, cwd):
    """Wall ms, CPU ms, peak RSS in MB."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.stderr.write("failed: %s\n%s" % (" ".join(cmd), err.decode()))
        sys.exit(1)
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return wall, cpu, usage.ru_maxrss / 1024


def measure(cmd, work, runs):
    results = []
    for i in range(runs):
        d = os.path.join(work, "run-%d" % i)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        results.append(run(cmd, d))
        shutil.rmtree(d)
    return (statistics.median(r[0] for r in results),
            statistics.median(r[1] for r in results),
            max(r[2] for r in results))


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    opt, stubs, ref, shared = (os.path.abspath(a) for a in sys.argv[1:5])
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    sizes = [int(s) for s in (sys.argv[6] if len(sys.argv) > 6 else "1,10,100").split(",")]
    aten = os.path.join(ref, "2.14", "usr", "lib", "python3", "dist-packages",
                        "torchgen", "packaged", "ATen")
    xla = os.path.join(shared, "inputs", "xla_native_functions.yaml")
    work = tempfile.mkdtemp(prefix="opgen-scale-")
    rows = []
    try:
        for n in sizes:
            d = os.path.join(work, "%dx" % n)
            subprocess.run([PYTHON, SCALE, "--copies", str(n), "--aten-dir", d,
                            "--backend-yaml", xla, os.path.join(d, "xla.yaml"),
                            os.path.join(aten, "native", "native_functions.yaml")],
                           check=True)
            yaml = os.path.join(d, "native", "native_functions.yaml")
            tags = os.path.join(d, "native", "tags.yaml")
            with open(yaml, encoding="utf-8") as f:
                entries = sum(1 for line in f if line.startswith("- func:"))
            front = [opt, yaml, "--tags", tags, "-passes=default"]
            jobs = [
                ("opgen-opt --emit=none", front + ["--emit=none"]),
                ("opgen-opt --emit=<C++ API set>",
                 front + ["--emit=" + EMITTERS, "--template-dir",
                          os.path.join(d, "templates"), "-o", "out"]),
                ("opgen-backend-stubs (XLA)",
                 [stubs, "-s", os.path.join(d, "xla.yaml"), "-o", "out",
                  "--source-path", d]),
            ]
            for name, cmd in jobs:
                wall, cpu, rss = measure(cmd, d, runs)
                rows.append((name, n, entries, wall, cpu, rss))
                print("%-32s %4dx %7d entries %9.1f ms wall %9.1f ms cpu "
                      "%7.2f / %5.2f ms per 1k %8.1f MB"
                      % (name, n, entries, wall, cpu, wall / entries * 1000,
                         cpu / entries * 1000, rss), flush=True)
            shutil.rmtree(d)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    print("| job | size | entries | wall ms | CPU ms | wall / CPU ms per 1k entries | peak RSS MB |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, n, entries, wall, cpu, rss in rows:
        print("| %s | %dx | %d | %.0f | %.0f | %.1f / %.1f | %.0f |"
              % (name, n, entries, wall, cpu, wall / entries * 1000,
                 cpu / entries * 1000, rss))


if __name__ == "__main__":
    main()
