#!/usr/bin/env python3
"""Benchmark: PyTorch's second code generation (tools/setup_helpers/
generate_code.py: libtorch's autograd sources, libtorch_python's bindings,
annotated_fn_args.py, the ViewMeta binding; 55 files) from PyTorch 2.14.1's
real inputs, with opgen-generate-code and with torchgen run as
generate_code.py runs it (utils/torchgen-generate-code.py), side by side in
a checkout's layout made of the package, and the ratio. Each run writes into
a fresh folder. Also opgen's peak RSS. Figures go in the README, never in
tests.

The runs are interleaved in rounds (a few opgen runs, then one torchgen
run) and the ratio is the median of the rounds' ratios, as
autograd-bench.py does (a drifting host otherwise skews it).

Usage: generate-code-bench.py OPGEN_GENERATE_CODE REFERENCE_DIR [RUNS]
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "utils"))
from file_trees import compare_trees, make_checkout_layout  # noqa: E402

PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def timed(cmd, cwd, env=None):
    start = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    ms = (time.perf_counter() - start) * 1000
    if r.returncode != 0:
        sys.stderr.write("failed: %s\n%s" % (" ".join(cmd), r.stderr))
        sys.exit(1)
    return ms


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    tool = os.path.abspath(sys.argv[1])
    ref = os.path.abspath(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    dist = os.path.join(ref, "2.14", "usr", "lib", "python3", "dist-packages")
    pkg = os.path.join(dist, "torchgen", "packaged")
    if not os.path.isdir(pkg):
        sys.stderr.write("generate-code-bench.py: missing %s\n" % pkg)
        return 1
    with tempfile.TemporaryDirectory(prefix="generate-code-bench-") as work:
        tree = os.path.join(work, "tree")
        make_checkout_layout(dist, tree)
        paths = ["--native-functions-path",
                 "aten/src/ATen/native/native_functions.yaml",
                 "--tags-path", "aten/src/ATen/native/tags.yaml"]
        env = dict(os.environ, PYTHONPATH=tree, PYTHONDONTWRITEBYTECODE="1")
        torchgen = [PYTHON, os.path.join(HERE, "..", "utils",
                                         "torchgen-generate-code.py")] + paths
        n = [0]

        def gen_dir(name):
            n[0] += 1
            return os.path.join(work, "%s-%d" % (name, n[0]))

        rounds = max(3, runs // 3)
        per_round = max(3, runs // rounds)
        o_wall, t_wall, ratios = [], [], []
        # A warm-up, uncounted, which also gives opgen's peak RSS: only
        # opgen has run yet.
        timed([tool] + paths + ["--gen-dir", gen_dir("opgen")], tree)
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        for _ in range(rounds):
            mine = []
            for _ in range(per_round):
                last_mine = gen_dir("opgen")
                mine.append(timed([tool] + paths + ["--gen-dir", last_mine],
                                  tree))
            last_theirs = gen_dir("torchgen")
            theirs = timed(torchgen + ["--gen-dir", last_theirs], tree, env)
            o_wall += mine
            t_wall.append(theirs)
            ratios.append(theirs / statistics.median(mine))
        _, ours, _, problems = compare_trees(last_theirs, last_mine, [], True)
    o, t = statistics.median(o_wall), statistics.median(t_wall)
    ratio = statistics.median(ratios)
    print("PyTorch 2.14.1's inputs -> generate_code.py's %d files; median of "
          "runs (ms), whole process" % len(ours))
    print(f"  {'opgen-generate-code':20} {o:10.1f}   (peak RSS "
          f"{rss / 1024:.0f} MB)")
    print(f"  {'torchgen':20} {t:10.1f}")
    print(f"  speed-up: {ratio:.0f}x (median of {len(ratios)} rounds' ratios; "
          f"each round's from {min(ratios):.0f}x to {max(ratios):.0f}x)")
    print(f"  outputs identical: {'NO' if problems else 'yes'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
