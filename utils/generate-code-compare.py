#!/usr/bin/env python3
"""Run opgen and torchgen's generate_code.py generators on the same inputs and
compare the files they write.

Usage: generate-code-compare.py --dist DIST --work DIR [--cache DIR]
           --opgen-opt BIN --emit NAME [--emit NAME]...
           [--expect PATH]... [--check] [-- FLAG...]

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

from file_trees import cached_run, files_under, tree_digest

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
    ap.add_argument("--opgen-opt", required=True)
    ap.add_argument("--emit", action="append", default=[], required=True)
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args()
    dist = os.path.abspath(a.dist)
    pkg = os.path.join(dist, "torchgen", "packaged")
    inputs = [os.path.join(pkg, "ATen", "native", "native_functions.yaml"),
              os.path.join(pkg, "ATen", "native", "tags.yaml"),
              os.path.join(pkg, "autograd")]
    work = os.path.abspath(a.work)
    cache = os.path.abspath(a.cache or os.path.join(work, "torchgen-cache"))
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

    theirs = files_under(os.path.join(ref, "out"))
    ours = files_under(os.path.join(mine, "out"))
    same, problems = [], []
    for name, path in sorted(ours.items()):
        if name not in theirs:
            problems.append("torchgen writes no such file: " + name)
            continue
        with open(path, "rb") as f1, open(theirs[name], "rb") as f2:
            if f1.read() == f2.read():
                same.append(name)
            else:
                problems.append("differs from torchgen's: " + name)
    for name in a.expect:
        if name not in ours:
            problems.append("not written: " + name)
    print("opgen: %d files written, %d of them byte-identical to torchgen's "
          "(torchgen wrote %d)" % (len(ours), len(same), len(theirs)))
    if not problems:
        print("no difference: the same %d files, byte for byte" % len(ours))
    for p in problems:
        print("generate-code-compare: " + p)
    if a.check and problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
