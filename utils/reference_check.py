#!/usr/bin/env python3
"""Check that an unpacked torchgen reference is complete and intact.

utils/fetch-reference.sh unpacks each python3-torch .deb listed in
utils/reference-releases.txt into REFERENCE/<release>/, copies the package's
own `md5sums` (from its control archive) to REFERENCE/<release>/.md5sums and
writes, last, REFERENCE/<release>/.complete holding `sha256 <sha of the .deb>`.
A release passes when:

  - .complete exists and names the sha256 that reference-releases.txt
    expects (so an unpack from another .deb, an interrupted unpack or one
    made by an older fetch-reference.sh does not pass);
  - every file of the torchgen package (usr/lib/python3/dist-packages/
    torchgen/: its Python code, packaged native_functions.yaml, tags.yaml and
    templates, all that the tests read) exists and has the md5 dpkg lists.

Only the torchgen subtree is hashed (about 3 MB per release, a few tens of
milliseconds for the three): lit.cfg.py runs this check on every lit
invocation, and hashing the whole 200 MB package each time would not be cheap.
Extra files (e.g. __pycache__) are ignored.

Usage: reference_check.py REFERENCE [RELEASE...]   (default: every release)
($OPGEN_REFERENCE_RELEASES, if set, is read instead of reference-releases.txt:
test/Policy checks this machinery on tiny fake packages.)
Prints one line per release that fails and exits 1 if any does.
lit.cfg.py imports it and calls check_release().
"""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# OPGEN_REFERENCE_RELEASES replaces the list, for test/Policy's fake packages.
RELEASES_FILE = os.environ.get(
    "OPGEN_REFERENCE_RELEASES", os.path.join(HERE, "reference-releases.txt"))
CHECKED_PREFIX = "usr/lib/python3/dist-packages/torchgen/"


def load_releases(path=RELEASES_FILE):
    """{release: (suite, version, sha256)} in file order."""
    releases = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if line:
                rel, suite, version, sha = line
                releases[rel] = (suite, version, sha)
    return releases


def check_release(reference, rel, sha):
    """None if REFERENCE/rel is intact, else a one-line reason."""
    root = os.path.join(reference, rel)
    if not os.path.isdir(root):
        return "%s is missing" % root
    marker = os.path.join(root, ".complete")
    try:
        with open(marker, encoding="utf-8") as f:
            words = f.read().split()
    except OSError:
        return "%s has no .complete marker (a partial unpack?)" % root
    if not words:
        return "%s is empty (written by an older fetch-reference.sh)" % marker
    if words != ["sha256", sha]:
        return "%s was not unpacked from the expected .deb (marker %r, expected sha256 %s)" % (
            marker, " ".join(words), sha)
    try:
        with open(os.path.join(root, ".md5sums"), encoding="utf-8") as f:
            sums = [l.split(None, 1) for l in f if l.strip()]
    except OSError:
        return "%s has no .md5sums" % root
    checked = 0
    for digest, path in sums:
        path = path.rstrip("\n")
        if not path.startswith(CHECKED_PREFIX):
            continue
        full = os.path.join(root, path)
        try:
            with open(full, "rb") as f:
                got = hashlib.md5(f.read()).hexdigest()
        except OSError:
            return "%s is missing" % full
        if got != digest:
            return "%s is corrupt (md5 %s, expected %s)" % (full, got, digest)
        checked += 1
    if checked == 0:
        return "%s/.md5sums lists no torchgen file" % root
    return None


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    releases = load_releases()
    wanted = argv[1:] or list(releases)
    failed = 0
    for rel in wanted:
        if rel not in releases:
            print("reference_check: unknown release %s" % rel)
            failed += 1
            continue
        problem = check_release(argv[0], rel, releases[rel][2])
        if problem:
            print("reference_check: " + problem)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
