#!/usr/bin/env python3
"""Run opgen and torchgen's generate_code.py generators on the same inputs and
compare the files they write.

Usage: generate-code-compare.py --dist DIST --work DIR [--cache DIR]
           (--opgen BIN | --opgen-opt BIN --emit NAME [--emit NAME]...)
           [--expect PATH]... [--check] [--diff-r] [-- FLAG...]

With --opgen (opgen-generate-code), both run as PyTorch's build runs
generate_code.py: from the root of a checkout layout made in DIR/tree from
DIST (aten/src/ATen, tools/autograd and torchgen/ copied side by side), with
`--native-functions-path aten/src/ATen/native/native_functions.yaml
--tags-path aten/src/ATen/native/tags.yaml` and FLAGs, each into a gen
folder of its own; every file torchgen writes must be written, and with
--diff-r `diff -r` of the two folders must print nothing.

DIST holds torchgen/ (reference/2.14/usr/lib/python3/dist-packages); the
inputs are its packaged native_functions.yaml, tags.yaml and autograd
folder. torchgen runs through utils/torchgen-generate-code.py (generate_code's
main over the installed torchgen) with FLAGs (its flags: --subset, ...),
cached in CACHE (default DIR/torchgen-cache) by the flags and the inputs'
bytes; the test suite shares one cache (%autograd-cache).

opgen runs as `opgen-opt --autograd-dir ... --emit=NAME -o FOLDER` for each
NAME, FOLDER being where generate_code.py puts that emitter's file set
(torch/csrc/autograd/generated, torch/csrc/functionalization/generated).
Only the files opgen wrote, and each --expect (a path below the gen
folder), are compared. It prints the files opgen wrote, how many are byte
for byte torchgen's, and `no difference` or each difference; with --check
it fails on any difference.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time

from file_trees import (cached_run, compare_trees, files_under,
                        make_checkout_layout, tree_digest)

HERE = os.path.dirname(os.path.abspath(__file__))

# Where generate_code.py writes each file set, below its gen folder.
SET_FOLDERS = {
    "autograd": "torch/csrc/autograd/generated",
    "pybindings": "torch/csrc/autograd/generated",
    "functionalization-bindings": "torch/csrc/functionalization/generated",
    "python": "torch/testing/_internal/generated",
}


def run_torchgen(dist, inputs, flags, cache):
    key = hashlib.sha256(
        ("generate_code\0" + "\0".join(flags + inputs + [dist]) + "\0" +
         tree_digest(inputs) + "\0" +
         tree_digest([os.path.join(dist, "torchgen")])).encode()
    ).hexdigest()[:20]

    def make(folder):
        env = dict(os.environ, PYTHONPATH=dist)
        cmd = [sys.executable, os.path.join(HERE, "torchgen-generate-code.py"),
               "--native-functions-path", inputs[0], "--tags-path", inputs[1],
               "--autograd-dir", inputs[2], "--gen-dir", "out"] + flags
        r = subprocess.run(cmd, cwd=folder, env=env, capture_output=True,
                           text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            sys.exit("generate-code-compare: torchgen failed: " + " ".join(cmd))
        return True

    return cached_run(cache, key, make)


def run_tool(a, dist, work, cache):
    """--opgen: both commands in a checkout layout; the two gen folders and
    opgen's time."""
    tree = os.path.join(work, "tree")
    make_checkout_layout(dist, tree)
    paths = ["--native-functions-path",
             "aten/src/ATen/native/native_functions.yaml",
             "--tags-path", "aten/src/ATen/native/tags.yaml"]
    key = hashlib.sha256(
        ("generate_code tree\0" + "\0".join(a.flags) + "\0" +
         tree_digest([tree])).encode()).hexdigest()[:20]

    def make(folder):
        env = dict(os.environ, PYTHONPATH=tree, PYTHONDONTWRITEBYTECODE="1")
        cmd = ([sys.executable, os.path.join(HERE, "torchgen-generate-code.py")]
               + paths + ["--gen-dir", os.path.join(folder, "out")] + a.flags)
        r = subprocess.run(cmd, cwd=tree, env=env, capture_output=True,
                           text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            sys.exit("generate-code-compare: torchgen failed: " + " ".join(cmd))
        return True

    ref = cached_run(cache, key, make)
    mine = os.path.join(work, "opgen")
    shutil.rmtree(mine, ignore_errors=True)
    os.makedirs(mine)
    opgen = (shutil.which(a.opgen) if os.sep not in a.opgen else None
             ) or os.path.abspath(a.opgen)
    cmd = [opgen] + paths + ["--gen-dir", os.path.join(mine, "out")] + a.flags
    start = time.perf_counter()
    r = subprocess.run(cmd, cwd=tree, capture_output=True, text=True)
    ms = (time.perf_counter() - start) * 1000
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        sys.exit("generate-code-compare: opgen failed: " + " ".join(cmd))
    return os.path.join(ref, "out"), os.path.join(mine, "out"), ms


def emitter_sets(opgen_opt):
    """Each file emitter's set, from opgen-opt --list-emitters."""
    out = subprocess.run([opgen_opt, "--list-emitters"], capture_output=True,
                         text=True, check=True).stdout
    return dict(re.findall(r"^  (\S+) \(files, set `([^`]+)`\)$", out, re.M))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", required=True)
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
        sys.exit("generate-code-compare: give --opgen, or --opgen-opt with "
                 "--emit")
    dist = os.path.abspath(a.dist)
    pkg = os.path.join(dist, "torchgen", "packaged")
    inputs = [os.path.join(pkg, "ATen", "native", "native_functions.yaml"),
              os.path.join(pkg, "ATen", "native", "tags.yaml"),
              os.path.join(pkg, "autograd")]
    work = os.path.abspath(a.work)
    cache = os.path.abspath(a.cache or os.path.join(work, "torchgen-cache"))
    if a.opgen:
        ref_out, mine_out, ms = run_tool(a, dist, work, cache)
        compare(a, ref_out, mine_out, " in %.0f ms, " % ms)
        return
    ref = run_torchgen(dist, inputs, list(a.flags), cache)

    # A bare name (as lit tests give it) is looked up on PATH.
    opt = (shutil.which(a.opgen_opt) if os.sep not in a.opgen_opt else None
           ) or os.path.abspath(a.opgen_opt)
    sets = emitter_sets(opt)
    mine = os.path.join(work, "opgen")
    shutil.rmtree(mine, ignore_errors=True)
    os.makedirs(mine)
    for e in a.emit:
        # A file set's name stands for its emitters.
        if e in SET_FOLDERS:
            sets[e] = e
        if sets.get(e) not in SET_FOLDERS:
            sys.exit("generate-code-compare: no generate_code folder for "
                     "emitter " + e)
        folder = os.path.join("out", SET_FOLDERS[sets[e]])
        os.makedirs(os.path.join(mine, folder), exist_ok=True)
        cmd = [opt, inputs[0], "--tags", inputs[1], "-passes=default",
               "--autograd-dir", inputs[2], "--emit=" + e, "-o", folder]
        r = subprocess.run(cmd, cwd=mine, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            sys.exit("generate-code-compare: opgen failed: " + " ".join(cmd))

    compare(a, os.path.join(ref, "out"), os.path.join(mine, "out"), ", ")


def compare(a, ref_out, mine_out, timing):
    wanted = list(a.expect) + (sorted(files_under(ref_out)) if a.opgen
                               else [])
    theirs, ours, same, problems = compare_trees(ref_out, mine_out, wanted,
                                                 a.diff_r)
    print("opgen: %d files written%s%d of them byte-identical to torchgen's "
          "(torchgen wrote %d)" % (len(ours), timing, len(same), len(theirs)))
    if not problems:
        print("no difference: the same %d files, byte for byte" % len(ours))
    for p in problems:
        print("generate-code-compare: " + p)
    if a.check and problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
