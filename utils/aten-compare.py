#!/usr/bin/env python3
"""Run opgen and torchgen.gen on the same inputs and compare their files.

Usage: aten-compare.py --opgen BIN --dist DIST [--aten ATEN] --work DIR
                       [--cache DIR] [--expect NAME]... [--check]
                       [-- FLAG...]

DIST is the folder holding torchgen/ (reference/2.14/usr/lib/python3/
dist-packages); ATEN, the ATen folder both read (default: DIST's packaged
one). FLAGs after `--` go to both tools (`--per-operator-headers`,
`--op-selection-yaml-path F`, ...). Each tool runs in a folder of its own
under DIR with the same relative install folder (`--install_dir out`) and
`-o deps.cmake`, since the dependency lists hold paths as given.

torchgen's run is cached in CACHE (default DIR/torchgen-cache), keyed by the
flags and the inputs' bytes, so comparing again costs opgen's run only; the
test suite shares one cache (%aten-cache) between its tests, and a lock
lets tests that want the same run at once make it once.

It prints one line: the files opgen wrote, its time, and how many are byte
for byte torchgen's, and then either `no difference` (what `diff -r` of the
two folders would say too) or each difference. With --check it fails when a
file opgen wrote differs from torchgen's or torchgen has none of that name,
when torchgen wrote a file opgen did not, when a file named with
--expect (a path under the install folder: `Functions.h`, `core/TensorBody.h`,
`ops/abs.h`; a pattern such as `ops/*_ops.h` stands for every torchgen file
it matches, less those matching an --exclude pattern) was not written by
opgen, or when a dependency list differs from
torchgen's on the files opgen writes.

The AOTInductor folder (--aoti-install-dir, by default
torch/csrc/inductor/aoti_torch/generated under each tool's folder) is
compared whole, as `diff -r` would: with --check, a file one tool wrote and
the other did not is a problem too. Its files are named with an `aoti/`
prefix (`aoti/c_shim_cpu.cpp`).
"""
import argparse
import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
import time

from file_trees import cached_run, files_under, tree_digest


AOTI_DEFAULT = "torch/csrc/inductor/aoti_torch/generated"


def aoti_dir(flags):
    """The AOTInductor folder the flags name (relative to a run's folder)."""
    for i, f in enumerate(flags):
        for name in ("--aoti-install-dir", "--aoti_install_dir"):
            if f == name and i + 1 < len(flags):
                return flags[i + 1]
            if f.startswith(name + "="):
                return f[len(name) + 1:]
    return AOTI_DEFAULT


def read_lists(folder):
    """The set() lists of one run: list file name -> entries."""
    lists = {}
    for name in os.listdir(folder):
        if name.endswith("deps.cmake"):
            with open(os.path.join(folder, name)) as f:
                lines = f.read().split("\n")
            lists[name] = [l.strip().strip('"') for l in lines[2:-1]]
    return lists


def run_torchgen(dist, aten, flags, cache):
    key = hashlib.sha256(
        ("\0".join(flags) + "\0" + tree_digest([os.path.join(aten, "native"),
                                                os.path.join(aten, "templates")])
         + "\0" + tree_digest([os.path.join(dist, "torchgen")])
         + "\0" + tree_digest([f for f in flags if os.path.exists(f)])).encode()
    ).hexdigest()[:20]

    def make(folder):
        env = dict(os.environ, PYTHONPATH=dist)
        cmd = [sys.executable, "-m", "torchgen.gen", "-s", aten,
               "--install_dir", "out", "-o", "deps.cmake"] + flags
        r = subprocess.run(cmd, cwd=folder, env=env, capture_output=True,
                           text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            sys.exit("aten-compare: torchgen failed: " + " ".join(cmd))
        return True

    return cached_run(cache, key, make)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opgen", required=True)
    ap.add_argument("--dist", required=True)
    ap.add_argument("--aten")
    ap.add_argument("--work", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--exclude", action="append", default=[],
                    help="with a --expect pattern: torchgen files not "
                    "expected (a pattern, e.g. `ops/*_dispatch.h`)")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--verbose", action="store_true",
                    help="show opgen's standard error (what it does not "
                    "write yet) even when it succeeds")
    ap.add_argument("--diff-r", action="store_true",
                    help="also run `diff -r` on the two install folders and "
                    "the two AOTInductor folders; any output is a problem")
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args()
    dist = os.path.abspath(a.dist)
    aten = os.path.abspath(a.aten or os.path.join(dist, "torchgen", "packaged",
                                                  "ATen"))
    # Paths among the flags are made absolute: both tools run elsewhere.
    flags = [os.path.abspath(f) if os.path.exists(f) else f for f in a.flags]
    work = os.path.abspath(a.work)
    cache = os.path.abspath(a.cache or os.path.join(work, "torchgen-cache"))

    ref = run_torchgen(dist, aten, flags, cache)

    mine = os.path.join(work, "opgen")
    shutil.rmtree(mine, ignore_errors=True)
    os.makedirs(mine)
    # A bare name (`opgen`, as lit tests give it) is looked up on PATH.
    opgen = a.opgen
    if os.sep not in opgen and shutil.which(opgen):
        opgen = shutil.which(opgen)
    # torchgen takes the fallback_ops.py of its own package whatever the
    # ATen folder; opgen is given the same one.
    cmd = [os.path.abspath(opgen), "-s", aten, "--install_dir", "out",
           "-o", "deps.cmake", "--aoti-fallback-ops",
           os.path.join(dist, "torchgen", "aoti", "fallback_ops.py")] + flags
    start = time.perf_counter()
    r = subprocess.run(cmd, cwd=mine, capture_output=True, text=True)
    ms = (time.perf_counter() - start) * 1000
    if r.returncode != 0 or a.verbose:
        sys.stderr.write(r.stderr)
    if r.returncode != 0:
        sys.exit("aten-compare: opgen failed: " + " ".join(cmd))

    theirs = files_under(os.path.join(ref, "out"))
    ours = files_under(os.path.join(mine, "out"))
    same, differ, extra = [], [], []
    for name, path in sorted(ours.items()):
        if name not in theirs:
            extra.append(name)
            continue
        with open(path, "rb") as f1, open(theirs[name], "rb") as f2:
            (same if f1.read() == f2.read() else differ).append(name)

    problems = []
    for name in differ:
        problems.append("differs from torchgen's: " + name)
    for name in extra:
        problems.append("torchgen writes no such file: " + name)
    # The AOTInductor folder, both ways.
    aoti = aoti_dir(flags)
    theirs_aoti = files_under(os.path.join(ref, aoti))
    ours_aoti = files_under(os.path.join(mine, aoti))
    for name in sorted(set(theirs_aoti) | set(ours_aoti)):
        if name not in ours_aoti:
            problems.append("not written: aoti/" + name)
        elif name not in theirs_aoti:
            problems.append("torchgen writes no such file: aoti/" + name)
        else:
            with open(ours_aoti[name], "rb") as f1, \
                    open(theirs_aoti[name], "rb") as f2:
                if f1.read() == f2.read():
                    same.append("aoti/" + name)
                else:
                    problems.append("differs from torchgen's: aoti/" + name)
    ours.update(("aoti/" + n, p) for n, p in ours_aoti.items())
    theirs.update(("aoti/" + n, p) for n, p in theirs_aoti.items())

    # opgen writes every file torchgen.gen writes: one it does not is a
    # difference, as it is to `diff -r`.
    missing = sorted(n for n in theirs if n not in ours)
    if missing:
        problems.append("not written: %d of torchgen's %d files, such as %s"
                        % (len(missing), len(theirs), ", ".join(missing[:3])))

    for e in a.expect:
        if "*" in e:
            wanted = [n for n in fnmatch.filter(theirs, e)
                      if not any(fnmatch.fnmatch(n, x) for x in a.exclude)]
            if not wanted:
                problems.append("torchgen wrote nothing like " + e)
            missing = sorted(n for n in wanted if n not in ours)
            if missing:
                problems.append("not written: %d of torchgen's %d files like "
                                "%s, such as %s" % (len(missing), len(wanted),
                                                    e, missing[0]))
        elif e not in ours:
            problems.append("not written: " + e)

    if a.diff_r:
        for sub in ("out", aoti):
            d = subprocess.run(["diff", "-r", os.path.join(ref, sub),
                                os.path.join(mine, sub)],
                               capture_output=True, text=True)
            if d.returncode != 0:
                problems.append("diff -r %s: %s" % (
                    sub, (d.stdout + d.stderr).strip()[:2000]))

    # Each dependency list names what its folder's files are; opgen's must
    # be torchgen's, less the files opgen does not write yet.
    written = {os.path.join("out", n) for n in ours}
    theirs_lists, ours_lists = read_lists(ref), read_lists(mine)
    if sorted(theirs_lists) != sorted(ours_lists):
        problems.append("dependency lists: torchgen wrote %s, opgen %s"
                        % (sorted(theirs_lists), sorted(ours_lists)))
    for name, entries in theirs_lists.items():
        mine_entries = ours_lists.get(name)
        if mine_entries is None:
            continue
        kept = [e for e in entries if e in written]
        if mine_entries != kept:
            problems.append("dependency list %s differs: %s" % (
                name, sorted(set(mine_entries) ^ set(kept))[:5]))

    print("opgen: %d files written in %.0f ms, %d of them byte-identical to "
          "torchgen's (torchgen wrote %d)" % (len(ours), ms, len(same),
                                              len(theirs)))
    if not problems:
        print("no difference: the same %d files, byte for byte"
              % len(theirs))
    for p in problems:
        print("aten-compare: " + p)
    if a.check and problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
