#!/usr/bin/env python3
"""Make a local Debian mirror, for fetch-reference.sh's tests offline.

Usage: make-fake-mirror.py DEB MIRROR_DIR SUITE

Lays out MIRROR_DIR as an archive apt reads through a file:// or http://
URI: the .deb in pool/main/, dists/SUITE/main/binary-amd64/Packages (from
the package's control fields, as dpkg-scanpackages writes it, with
dpkg-deb alone) and an unsigned dists/SUITE/Release listing it with its
sha256, so a source entry with `trusted=yes` (or `Trusted: yes`) accepts it.
"""
import email.utils
import hashlib
import os
import shutil
import subprocess
import sys


def main(deb, mirror, suite):
    pool = os.path.join(mirror, "pool", "main")
    os.makedirs(pool, exist_ok=True)
    shutil.copy(deb, pool)
    rel = os.path.join("main", "binary-amd64", "Packages")
    dists = os.path.join(mirror, "dists", suite)
    os.makedirs(os.path.join(dists, os.path.dirname(rel)), exist_ok=True)
    control = subprocess.run(["dpkg-deb", "-f", deb], check=True,
                             capture_output=True).stdout.decode()
    with open(deb, "rb") as f:
        data = f.read()
    packages = ("%sFilename: pool/main/%s\nSize: %d\nSHA256: %s\n\n" % (
        control, os.path.basename(deb), len(data),
        hashlib.sha256(data).hexdigest())).encode()
    with open(os.path.join(dists, rel), "wb") as f:
        f.write(packages)
    with open(os.path.join(dists, "Release"), "w") as f:
        f.write("Suite: %s\nCodename: %s\nArchitectures: amd64\nComponents: main\n"
                "Date: %s\nSHA256:\n %s %d %s\n"
                % (suite, suite, email.utils.formatdate(usegmt=True),
                   hashlib.sha256(packages).hexdigest(), len(packages), rel))


if __name__ == "__main__":
    main(*sys.argv[1:])
