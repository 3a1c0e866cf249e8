#!/usr/bin/env python3
"""Make a tiny fake reference package for test/Policy.

Usage: make-fake-reference.py DIR

Writes DIR/ref/debs/python3-torch_9.9.0+fake-1_amd64.deb (built with
dpkg-deb, with a DEBIAN/md5sums as Debian's packages carry) holding a few
torchgen files and one torch file, and DIR/releases.txt listing it as
release 9.9 with the .deb's sha256, in utils/reference-releases.txt's
format. With OPGEN_REFERENCE_RELEASES=DIR/releases.txt and
OPGEN_REFERENCE_DIR=DIR/ref, utils/fetch-reference.sh, reference_check.py and
lit.cfg.py handle it as they handle the real (80 MB) packages.
"""
import hashlib
import os
import subprocess
import sys

FILES = {
    "usr/lib/python3/dist-packages/torchgen/__init__.py": "",
    "usr/lib/python3/dist-packages/torchgen/model.py": "class NativeFunction:\n    pass\n",
    "usr/lib/python3/dist-packages/torchgen/packaged/ATen/native/tags.yaml": "- tag: core\n",
    "usr/lib/python3/dist-packages/torch/__init__.py": "__version__ = '9.9.0'\n",
}
CONTROL = """Package: python3-torch
Version: 9.9.0+fake-1
Architecture: amd64
Maintainer: opgen tests <opgen@example.invalid>
Description: fake reference package for opgen's test policy tests
"""


def main(out):
    pkg = os.path.join(out, "pkg")
    os.makedirs(os.path.join(pkg, "DEBIAN"))
    sums = []
    for path, text in sorted(FILES.items()):
        full = os.path.join(pkg, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        sums.append("%s  %s\n" % (hashlib.md5(text.encode()).hexdigest(), path))
    with open(os.path.join(pkg, "DEBIAN", "control"), "w") as f:
        f.write(CONTROL)
    with open(os.path.join(pkg, "DEBIAN", "md5sums"), "w") as f:
        f.writelines(sums)
    debs = os.path.join(out, "ref", "debs")
    os.makedirs(debs)
    deb = os.path.join(debs, "python3-torch_9.9.0+fake-1_amd64.deb")
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "-b", pkg, deb],
                   check=True, stdout=subprocess.DEVNULL)
    with open(deb, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    with open(os.path.join(out, "releases.txt"), "w") as f:
        f.write("# release suite version sha256\n9.9 fake 9.9.0+fake-1 %s\n" % sha)


if __name__ == "__main__":
    main(sys.argv[1])
