#!/usr/bin/env python3
"""Run opgen and torchgen's gen_autograd on the same inputs and compare
their files.

Usage: autograd-compare.py --dist DIST --work DIR [--cache DIR]
           [--native F --tags F --autograd DIR]
           (--opgen BIN | --opgen-opt BIN --emit NAME [--emit NAME]...)
           [--expect NAME]... [--check] [--diff-r] [-- FLAG...]

DIST holds torchgen/ (reference/2.14/usr/lib/python3/dist-packages); the
inputs default to its packaged native_functions.yaml, tags.yaml and
autograd folder. torchgen runs through utils/torchgen-gen-autograd.py (the
gen_autograd command line, plus generate_code's --disable-autograd and
selection flags), cached in CACHE (default DIR/torchgen-cache) by the flags
and the inputs' bytes; the test suite shares one cache (%autograd-cache).

opgen runs either as the tool (`--opgen opgen-autograd`: the same
positional arguments and FLAGs; then every file torchgen writes must be
written) or as `opgen-opt --autograd-dir ... --emit=NAME -o OUT` for each
NAME (one emitter's files: only those opgen wrote, and each --expect, are
compared). Both write to an `out` folder of their own under DIR.

It prints the files opgen wrote, its time, how many are byte for byte
torchgen's, and `no difference` or each difference. With --check it fails
on any difference, and with --diff-r `diff -r` of the two folders (the
tool only) must print nothing.
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time

from file_trees import cached_run, compare_trees, files_under, tree_digest

HERE = os.path.dirname(os.path.abspath(__file__))


def run_torchgen(dist, inputs, flags, cache):
    key = hashlib.sha256(
        # The paths too: the banners name the templates by their path.
        ("\0".join(flags + inputs + [dist]) + "\0" + tree_digest(inputs) +
         "\0" +
         tree_digest([os.path.join(dist, "torchgen")]) + "\0" +
         tree_digest([f for f in flags if os.path.exists(f)])).encode()
    ).hexdigest()[:20]

    def make(folder):
        env = dict(os.environ, PYTHONPATH=dist)
        cmd = [sys.executable, os.path.join(HERE, "torchgen-gen-autograd.py"),
               inputs[0], inputs[1], "out", inputs[2]] + flags
        r = subprocess.run(cmd, cwd=folder, env=env, capture_output=True,
                           text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            sys.exit("autograd-compare: torchgen failed: " + " ".join(cmd))
        return True

    return cached_run(cache, key, make)


def which(b):
    """A bare name (as lit tests give it) is looked up on PATH."""
    if os.sep not in b and shutil.which(b):
        return shutil.which(b)
    return os.path.abspath(b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", required=True)
    ap.add_argument("--native")
    ap.add_argument("--tags")
    ap.add_argument("--autograd")
    ap.add_argument("--work", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--opgen")
    ap.add_argument("--opgen-opt")
    ap.add_argument("--emit", action="append", default=[])
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--diff-r", action="store_true")
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args()
    if bool(a.opgen) == bool(a.opgen_opt) or (a.opgen_opt and not a.emit):
        sys.exit("autograd-compare: give --opgen, or --opgen-opt with --emit")
    dist = os.path.abspath(a.dist)
    pkg = os.path.join(dist, "torchgen", "packaged")
    inputs = [os.path.abspath(a.native or os.path.join(
                  pkg, "ATen", "native", "native_functions.yaml")),
              os.path.abspath(a.tags or os.path.join(
                  pkg, "ATen", "native", "tags.yaml")),
              os.path.abspath(a.autograd or os.path.join(pkg, "autograd"))]
    # Paths among the flags are made absolute: both tools run elsewhere.
    flags = [os.path.abspath(f) if os.path.exists(f) else f for f in a.flags]
    work = os.path.abspath(a.work)
    cache = os.path.abspath(a.cache or os.path.join(work, "torchgen-cache"))

    ref = run_torchgen(dist, inputs, flags, cache)

    mine = os.path.join(work, "opgen")
    shutil.rmtree(mine, ignore_errors=True)
    os.makedirs(mine)
    if a.opgen:
        cmds = [[which(a.opgen), inputs[0], inputs[1], "out", inputs[2]] +
                flags]
    else:
        cmds = [[which(a.opgen_opt), inputs[0], "--tags", inputs[1],
                 "-passes=default", "--autograd-dir", inputs[2],
                 "--emit=" + e, "-o", "out"] + flags for e in a.emit]
    start = time.perf_counter()
    for cmd in cmds:
        r = subprocess.run(cmd, cwd=mine, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            sys.exit("autograd-compare: opgen failed: " + " ".join(cmd))
    ms = (time.perf_counter() - start) * 1000

    theirs = files_under(os.path.join(ref, "out"))
    wanted = list(a.expect) + (sorted(theirs) if a.opgen else [])
    theirs, ours, same, problems = compare_trees(
        os.path.join(ref, "out"), os.path.join(mine, "out"), wanted, a.diff_r)

    print("opgen: %d files written in %.0f ms, %d of them byte-identical to "
          "torchgen's (torchgen wrote %d)" % (len(ours), ms, len(same),
                                              len(theirs)))
    if not problems:
        print("no difference: the same %d files, byte for byte" % len(ours))
    for p in problems:
        print("autograd-compare: " + p)
    if a.check and problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
