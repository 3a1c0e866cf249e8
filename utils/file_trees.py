"""Folders of generated files, compared as `diff -r` compares them; shared
by the scripts that run torchgen and opgen side by side."""
import fcntl
import hashlib
import os
import shutil
import subprocess


def files_under(root):
    """Every file below \\p root: its path relative to root -> its path."""
    out = {}
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            p = os.path.join(dirpath, name)
            out[os.path.relpath(p, root)] = p
    return out


def tree_digest(paths):
    """A digest of the names and bytes of every file below \\p paths (files
    or folders), for keying cached reference runs by their inputs. Python's
    bytecode caches (__pycache__ folders, which every run of torchgen adds
    to as it imports more of it) are not inputs: with them the key of one
    run would change while the tests run, and tests wanting the same run
    would each make it."""
    h = hashlib.sha256()
    for root in paths:
        if os.path.isfile(root):
            h.update(os.path.basename(root).encode())
            with open(root, "rb") as f:
                h.update(hashlib.sha256(f.read()).digest())
            continue
        walk = []
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            walk.append((dirpath, filenames))
        for dirpath, filenames in sorted(walk):
            for name in sorted(filenames):
                p = os.path.join(dirpath, name)
                h.update(os.path.relpath(p, root).encode())
                with open(p, "rb") as f:
                    h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def cached_run(cache, key, make):
    """The folder CACHE/KEY, made by make(folder) unless a complete one is
    there. Tests running at once may want the same run: one makes it, the
    others wait on a lock and reuse it. make() returns False on failure
    (the folder is then not marked complete)."""
    folder = os.path.join(cache, key)
    os.makedirs(cache, exist_ok=True)
    lock = open(os.path.join(cache, key + ".lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    if os.path.exists(os.path.join(folder, ".complete")):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    if not make(folder):
        return None
    open(os.path.join(folder, ".complete"), "w").close()
    return folder


def compare_trees(ref_out, mine_out, wanted, diff_r):
    """Compare opgen's folder \p mine_out with torchgen's \p ref_out: the
    files of each, those opgen wrote byte for byte as torchgen did, and the
    problems (a file torchgen does not write, one that differs, one of
    \p wanted not written, and with \p diff_r what `diff -r` prints)."""
    theirs = files_under(ref_out)
    ours = files_under(mine_out)
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
    for name in wanted:
        if name not in ours:
            problems.append("not written: " + name)
    if diff_r:
        d = subprocess.run(["diff", "-r", ref_out, mine_out],
                           capture_output=True, text=True)
        if d.returncode != 0:
            problems.append("diff -r: " + (d.stdout + d.stderr).strip()[:2000])
    return theirs, ours, same, problems


def make_checkout_layout(dist, tree):
    """A PyTorch checkout's layout of the package in \p dist (its
    dist-packages folder) at \p tree: aten/src/ATen, torchgen/ and
    tools/autograd side by side, copies without Python's bytecode caches."""
    shutil.rmtree(tree, ignore_errors=True)
    pkg = os.path.join(dist, "torchgen", "packaged")
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(os.path.join(pkg, "ATen"),
                    os.path.join(tree, "aten", "src", "ATen"), ignore=skip)
    shutil.copytree(os.path.join(dist, "torchgen"),
                    os.path.join(tree, "torchgen"), ignore=skip)
    shutil.copytree(os.path.join(pkg, "autograd"),
                    os.path.join(tree, "tools", "autograd"), ignore=skip)
