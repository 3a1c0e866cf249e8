#!/usr/bin/env python3
"""Check that opgen's libraries depend only downwards.

Usage: check-layers.py [ROOT]    (default: the checkout holding this script)

The layers, lowest first:

    Support < IR < Parse < Pass < Transforms < CppApi < AutogradApi
            < PythonApi < LazyApi < Emit < Tools

A file of layer L (include/opgen/L/... or lib/L/...) may include
`opgen/M/...` only for M at or below L, and lib/L/CMakeLists.txt may link
(`LINK` of add_opgen_library, or target_link_libraries) only opgenM for such
M. Besides, Transforms, the API models and Emit must not depend on Parse at
all: the front end reads files into the IR, and the passes, the API models
and the emitters work on the IR alone. (Support and IR depend on nothing above them, which the order says.)
Includes of other headers (LLVM, the standard library, a file beside it) are
not checked; an `opgen/X/` include or `opgenX` target naming no layer is an
error.

Emit is cut into folders too: its framework at the root (the registry,
FileManager, CodeTemplate, ...), a folder per generator (ATen, BackendStubs,
Dumps, ...), and Dest, what several generators share (as torchgen's dest/).
The root includes no folder; Dest includes the root and itself; a
generator's folder includes the root, Dest and itself, never another
generator's. So one generator can be read, and changed, without the others.
(The layers above Emit include any of it.)

Prints `FILE:LINE: error: ...` for each violation (FILE relative to ROOT),
then a count; exits 1 if there is any. Why: the layering is what lets each
library be built, tested and reused alone, and a stray include or link line
is easy to add and hard to notice in review.
"""
import os
import re
import sys

LAYERS = ["Support", "IR", "Parse", "Pass", "Transforms", "CppApi",
          "AutogradApi", "PythonApi", "LazyApi", "Emit", "Tools"]
RANK = {name: i for i, name in enumerate(LAYERS)}
FORBIDDEN = {"Transforms": {"Parse"}, "AutogradApi": {"Parse"},
             "PythonApi": {"Parse"}, "LazyApi": {"Parse"},
             "Emit": {"Parse"}}
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".def", ".inc")

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"](opgen/([^/">]+)/[^">]*)')
# Emit's folder of what several generators share.
EMIT_SHARED = "Dest"
TARGET_RE = re.compile(r"^opgen(\w+)$")


def problem(user, used):
    """None if layer `user` may depend on layer `used`, else why not."""
    if used not in RANK:
        return "%s is not a layer (%s)" % (used, " < ".join(LAYERS))
    if used in FORBIDDEN.get(user, ()):
        return "%s must not depend on %s" % (user, used)
    if RANK[used] > RANK[user]:
        return "%s is above %s (%s)" % (used, user, " < ".join(LAYERS))
    return None


def emit_folder(parts):
    """The Emit folder of a path below Emit/ (its parts), or "" for the root."""
    return parts[0] if len(parts) > 1 else ""


def emit_problem(user, used):
    """None if a file of Emit folder `user` may include one of `used` (""
    for the root), else why not."""
    if used == "" or used == user:
        return None
    if used == EMIT_SHARED and user != "":
        return None
    what = "Emit's framework" if user == "" else "Emit/%s" % user
    return "%s must not depend on Emit/%s (%s)" % (
        what, used, "the root includes none of Emit's folders" if user == ""
        else "a generator's folder includes the root, %s and itself" % EMIT_SHARED)


def check_sources(root, layer, folder, errors):
    count = 0
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(dirpath, name)
            count += 1
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE_RE.match(line)
                    if not m:
                        continue
                    why = problem(layer, m.group(2))
                    if not why and layer == "Emit" and m.group(2) == "Emit":
                        user = emit_folder(os.path.relpath(path, folder).split(os.sep))
                        used = emit_folder(m.group(1).split("/")[2:])
                        why = emit_problem(user, used)
                    if why:
                        errors.append("%s:%d: error: %s includes %s: %s" % (
                            os.path.relpath(path, root), number, layer, m.group(1), why))
    return count


def link_tokens(text):
    """(target, line) for every library that a link list of the text names."""
    out = []
    for m in re.finditer(r"\b(add_opgen_library|target_link_libraries)\s*\(([^)]*)\)", text):
        args_start = m.start(2)
        tokens = [(t.group(0), args_start + t.start()) for t in re.finditer(r"[^\s]+", m.group(2))]
        if m.group(1) == "add_opgen_library":
            words = [t[0] for t in tokens]
            if "LINK" not in words:
                continue
            linked = tokens[words.index("LINK") + 1:]
        else:
            linked = tokens[1:]  # the first is the target itself
        for token, offset in linked:
            if token in ("PUBLIC", "PRIVATE", "INTERFACE"):
                continue
            out.append((token, text.count("\n", 0, offset) + 1))
    return out


def check_cmake(root, layer, path, errors):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for token, line in link_tokens(text):
        m = TARGET_RE.match(token)
        if not m:
            continue  # LLVM, nlohmann_json, ${VARIABLES}
        why = problem(layer, m.group(1))
        if why:
            errors.append("%s:%d: error: %s links %s: %s" % (
                os.path.relpath(path, root), line, layer, token, why))


def main(argv):
    root = os.path.abspath(argv[0] if argv else os.path.join(os.path.dirname(__file__), ".."))
    errors, files = [], 0
    for base in ("include/opgen", "lib"):
        top = os.path.join(root, base)
        if not os.path.isdir(top):
            errors.append("%s: error: no such folder" % base)
            continue
        for layer in sorted(os.listdir(top)):
            folder = os.path.join(top, layer)
            if not os.path.isdir(folder):
                continue
            if layer not in RANK:
                errors.append("%s/%s: error: %s is not a layer (%s)" % (
                    base, layer, layer, " < ".join(LAYERS)))
                continue
            files += check_sources(root, layer, folder, errors)
            cmake = os.path.join(folder, "CMakeLists.txt")
            if base == "lib" and os.path.exists(cmake):
                check_cmake(root, layer, cmake, errors)
                files += 1
    for e in errors:
        print(e)
    print("check-layers: %d file(s) checked, %d violation(s)" % (files, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
