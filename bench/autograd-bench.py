#!/usr/bin/env python3
"""Benchmark: libtorch's autograd sources (what gen_autograd writes:
Functions.h/.cpp, VariableType*, TraceType*, ADInplaceOrViewType*,
ViewFuncs*, variable_factories.h) from PyTorch 2.14.1's real inputs, with
opgen-autograd and with torchgen's
`python -m torchgen.packaged.autograd.gen_autograd`, side by side, and the
ratio. Each run writes into a fresh folder, so every file is written. Also
opgen's peak RSS. Figures go in the README, never in tests.

The runs are interleaved in rounds (a few opgen runs, then one torchgen
run), and the ratio is the median of the rounds' ratios: on a shared host
whose speed drifts over the minute a benchmark takes, that compares the
two at the same speed (all of opgen's runs first, then torchgen's, once
printed 47x and 55x within an hour).

Usage: autograd-bench.py OPGEN_AUTOGRAD REFERENCE_DIR [RUNS]
"""
import filecmp
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


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
    return ms


def same_trees(a, b):
    def walk(root):
        out = set()
        for dirpath, _, files in os.walk(root):
            for f in files:
                out.add(os.path.relpath(os.path.join(dirpath, f), root))
        return out
    ta, tb = walk(a), walk(b)
    if ta != tb:
        return False
    return all(filecmp.cmp(os.path.join(a, n), os.path.join(b, n),
                           shallow=False) for n in ta)


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    tool = os.path.abspath(sys.argv[1])
    ref = os.path.abspath(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    dist = os.path.join(ref, "2.14", "usr", "lib", "python3", "dist-packages")
    native = os.path.join(dist, "torchgen", "packaged", "ATen", "native")
    args = [os.path.join(native, "native_functions.yaml"),
            os.path.join(native, "tags.yaml"), "out",
            os.path.join(dist, "torchgen", "packaged", "autograd")]
    if not os.path.exists(args[0]):
        sys.stderr.write("autograd-bench.py: missing %s\n" % args[0])
        return 1
    env = dict(os.environ, PYTHONPATH=dist, PYTHONDONTWRITEBYTECODE="1")
    with tempfile.TemporaryDirectory(prefix="autograd-bench-") as work:
        rounds = max(3, runs // 3)
        per_round = max(3, runs // rounds)
        o_wall, t_wall, ratios = [], [], []
        # A warm-up, uncounted, which also gives opgen's peak RSS: only
        # opgen has run yet (the children's maximum would be Python's
        # later).
        timed([tool] + args, fresh(work, "opgen"))
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        for _ in range(rounds):
            mine = [timed([tool] + args, fresh(work, "opgen"))
                    for _ in range(per_round)]
            theirs = timed([PYTHON, "-m", "torchgen.packaged.autograd."
                            "gen_autograd"] + args,
                           fresh(work, "torchgen"), env)
            o_wall += mine
            t_wall.append(theirs)
            ratios.append(theirs / statistics.median(mine))
        equal = same_trees(os.path.join(work, "opgen", "out"),
                           os.path.join(work, "torchgen", "out"))
    o, t = statistics.median(o_wall), statistics.median(t_wall)
    ratio = statistics.median(ratios)
    print("PyTorch 2.14.1's derivatives.yaml -> gen_autograd's 32 files; "
          "median of runs (ms), whole process")
    print(f"  {'opgen-autograd':16} {o:10.1f}   (peak RSS "
          f"{rss / 1024:.0f} MB)")
    print(f"  {'torchgen':16} {t:10.1f}")
    print(f"  speed-up: {ratio:.0f}x (median of {len(ratios)} rounds' ratios; "
          f"each round's from {min(ratios):.0f}x to {max(ratios):.0f}x)")
    print(f"  outputs identical: {'yes' if equal else 'NO'}")
    return 0 if equal else 1


if __name__ == "__main__":
    sys.exit(main())
