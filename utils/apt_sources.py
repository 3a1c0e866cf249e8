#!/usr/bin/env python3
"""The Debian mirrors this machine's apt sources name, for fetch-reference.sh.

No archive host is written in the project: the reference packages come from
whatever mirror apt already uses (a local mirror, a proxy, a file:// tree).
The sources are read as apt reads them: `sources.list`, then the files of
`sources.list.d/` in name order, one-line `.list` files
(`deb [options] URI suite components`) and deb822 `.sources` stanzas
(`Types:`, `URIs:`, `Enabled:`, continuation lines, comments). Only `deb`
entries count. A mirror's options (`signed-by=`, `trusted=`, an inline
`Signed-By:` key block, ...) go with it, so apt checks the download as it
checks the machine's own updates; architecture options are dropped, since
the reference packages are amd64 ones whatever this machine is.

Candidates come in the order to try them: URIs whose path ends in /debian
(the main archive) first, then the others in the sources' order; the
security archive never (it carries no suite the reference needs). A URI named
twice is tried once, with the options it was first named with.
OPGEN_DEBIAN_MIRROR (one URI or several, space-separated) replaces them.

Usage: apt_sources.py list APT_ETC
         print the candidate URIs, one a line (exit 1 if there are none)
       apt_sources.py write APT_ETC SUITE DIR
         write one apt source file per candidate into DIR (for SUITE's main
         component) and print `FILE URI` lines, in the order to try them
"""
import glob
import os
import re
import sys

ARCH_OPTIONS = {"arch", "architectures"}
# deb822 fields that say which archive section an entry is; the rest
# (Signed-By, Trusted, Check-Valid-Until, ...) are the mirror's options.
SECTION_FIELDS = {"types", "uris", "suites", "components", "enabled"}


class Source:
    def __init__(self, uri, options, deb822):
        self.uri = uri.rstrip("/")
        # One-line: the option words (`signed-by=/k.gpg`); deb822: the
        # option fields' lines as written (continuations included).
        self.options = options
        self.deb822 = deb822

    def write(self, path, suite):
        if self.deb822:
            text = "Types: deb\nURIs: %s\nSuites: %s\nComponents: main\n" % (
                self.uri, suite)
            text += "".join(self.options)
            path += ".sources"
        else:
            opts = "[%s] " % " ".join(self.options) if self.options else ""
            text = "deb %s%s %s main\n" % (opts, self.uri, suite)
            path += ".list"
        with open(path, "w") as f:
            f.write(text)
        return path


def one_line(text):
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        options = []
        m = re.match(r"^(\S+)\s+\[([^\]]*)\]\s*(.*)$", line)
        if m:
            kind, rest = m.group(1), m.group(3)
            options = [o for o in m.group(2).split()
                       if re.split(r"[+-]?=", o, 1)[0].lower() not in ARCH_OPTIONS]
        else:
            kind, _, rest = line.partition(" ")
        words = rest.split()
        if kind == "deb" and words:
            yield Source(words[0], options, False)


def deb822(text):
    stanzas, fields, last = [], [], None
    for line in text.splitlines() + [""]:
        if line.startswith("#"):
            continue
        if not line.strip():
            if fields:
                stanzas.append(fields)
            fields, last = [], None
        elif line[0] in " \t" and last is not None:
            last[1] += line + "\n"
        else:
            name, _, value = line.partition(":")
            last = [name.strip(), line + "\n", value.strip()]
            fields.append(last)
    for fields in stanzas:
        named = {f[0].lower(): f for f in fields}
        if "deb" not in named.get("types", [None, None, ""])[2].split():
            continue
        if named.get("enabled", [None, None, "yes"])[2].lower() in ("no", "false", "0"):
            continue
        options = [f[1] for f in fields
                   if f[0].lower() not in SECTION_FIELDS | ARCH_OPTIONS]
        uris = named.get("uris", [None, "", ""])
        # The URIs may continue onto the following lines too.
        for uri in uris[1].partition(":")[2].split():
            yield Source(uri, options, True)


def read_sources(etc):
    files = [os.path.join(etc, "sources.list")]
    files += sorted(glob.glob(os.path.join(etc, "sources.list.d", "*")))
    for path in files:
        if not (path.endswith(".list") or path.endswith(".sources")):
            continue
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        yield from (deb822(text) if path.endswith(".sources") else one_line(text))


def candidates(etc):
    override = os.environ.get("OPGEN_DEBIAN_MIRROR", "").split()
    if override:
        sources = [Source(u, [], False) for u in override]
    else:
        sources = [s for s in read_sources(etc) if "security" not in s.uri]
        sources.sort(key=lambda s: not s.uri.endswith("/debian"))
    seen, out = set(), []
    for s in sources:
        if s.uri not in seen:
            seen.add(s.uri)
            out.append(s)
    return out


def main(argv):
    if len(argv) == 3 and argv[1] == "list":
        found = candidates(argv[2])
        for s in found:
            print(s.uri)
        return 0 if found else 1
    if len(argv) == 5 and argv[1] == "write":
        found = candidates(argv[2])
        for i, s in enumerate(found):
            print(s.write(os.path.join(argv[4], str(i)), argv[3]), s.uri)
        return 0 if found else 1
    sys.stderr.write(__doc__.split("\n\n")[-1] + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
