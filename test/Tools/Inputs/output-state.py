#!/usr/bin/env python3
"""What a failed or killed run left in an output folder, checked against what
was there before and what a complete run writes.

  output-state.py snapshot DIR SNAP
      Record every file under DIR: its bytes' digest and modification time.
  output-state.py same DIR SNAP
      Every file is as SNAP recorded it (bytes and modification time), no
      file was added and none is a temporary. Prints `intact: N files`.
  output-state.py old-or-new DIR SNAP REF
      Every file is either as SNAP recorded it (modification time too) or,
      byte for byte, the file of the complete run REF; every file of SNAP
      and of REF is there (a new file may still be missing); no other file
      and no temporary. Prints `old N, new M, missing K`.
  output-state.py spoil DIR SUFFIX
      Make DIR an older run's output: a line added to every file whose name
      ends with SUFFIX, and every file dated 2001.
  output-state.py killed -- CMD...
      Run CMD, which must die of SIGKILL (the fault hook's `kill:N`).

Exits 1 with a line per problem otherwise.
"""
import hashlib
import json
import os
import signal
import subprocess
import sys


def scan(top):
    files = {}
    for dirpath, _, names in os.walk(top):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            files[os.path.relpath(path, top)] = [digest,
                                                 os.stat(path).st_mtime_ns]
    return files


def temporaries(files):
    return [p for p in files if ".tmp" in os.path.basename(p)]


def fail(problems):
    for p in problems[:20]:
        print("problem: " + p)
    if len(problems) > 20:
        print("... and %d more" % (len(problems) - 20))
    sys.exit(1)


def main():
    mode = sys.argv[1]
    if mode == "killed":
        cmd = sys.argv[sys.argv.index("--") + 1:]
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL)
        if p.returncode != -signal.SIGKILL:
            fail(["expected death by SIGKILL, got exit status %d" %
                  p.returncode])
        print("killed")
        return
    top = sys.argv[2]
    if mode == "spoil":
        n = 0
        for p in scan(top):
            path = os.path.join(top, p)
            if p.endswith(sys.argv[3]):
                with open(path, "ab") as f:
                    f.write(b"// an older run's\n")
                n += 1
            os.utime(path, (978307200, 978307200))
        print("spoiled %d files" % n)
        return
    snap = sys.argv[3]
    if mode == "snapshot":
        files = scan(top)
        if not files:
            fail(["nothing to snapshot in " + top])
        with open(snap, "w") as f:
            json.dump(files, f)
        print("snapshot: %d files" % len(files))
        return
    with open(snap) as f:
        before = json.load(f)
    now = scan(top)
    problems = ["temporary file left: " + p for p in temporaries(now)]
    if mode == "same":
        for p, (digest, mtime) in sorted(before.items()):
            if p not in now:
                problems.append("removed: " + p)
            elif now[p][0] != digest:
                problems.append("changed: " + p)
            elif now[p][1] != mtime:
                problems.append("rewritten (same bytes, new time): " + p)
        problems += ["added: " + p for p in sorted(set(now) - set(before))
                     if p not in temporaries(now)]
        if problems:
            fail(problems)
        print("intact: %d files" % len(now))
        return
    if mode == "old-or-new":
        ref = scan(sys.argv[4])
        old = new = missing = 0
        for p in sorted(set(before) | set(ref)):
            if p not in now:
                if p in before:
                    problems.append("removed: " + p)
                else:
                    missing += 1
                continue
            digest, mtime = now[p]
            if p in ref and digest == ref[p][0] and (
                    p not in before or before[p][0] != digest):
                new += 1
            elif p in before and digest == before[p][0]:
                if mtime != before[p][1]:
                    problems.append("rewritten (same bytes, new time): " + p)
                old += 1
            else:
                problems.append("neither old nor new: " + p)
        problems += ["stray file: " + p for p in sorted(set(now) - set(before)
                                                        - set(ref))
                     if p not in temporaries(now)]
        if problems:
            fail(problems)
        print("old %d, new %d, missing %d" % (old, new, missing))
        return
    fail(["unknown mode " + mode])


if __name__ == "__main__":
    main()
