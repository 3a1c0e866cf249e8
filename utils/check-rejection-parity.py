#!/usr/bin/env python3
"""Check that torchgen rejects every input opgen's tests reject.

Usage: check-rejection-parity.py [--messages] REFERENCE [TEST_ROOT]

REFERENCE is the unpacked reference (reference/, as utils/fetch-reference.sh
makes it); TEST_ROOT defaults to this checkout's test/. The rejected inputs:

  - every test/Parse/invalid-*.yaml, split at `# -----` lines where its RUN
    line says --split-input-file (each piece padded with blank lines so line
    numbers stay the file's, as opgen-opt does), with the tags.yaml of that
    line (an empty list where it gives none) and the release of its
    --release= (the matching torchgen: 1.13, 2.6 or 2.14 by default); a test
    of tags.yaml itself (`--tags %s`) is read with a one-line
    native_functions.yaml;
  - every test/Transforms/backend-yaml-invalid-*.yaml, read against
    test/Transforms/Inputs/native_functions.yaml as its RUN line says, and
    test/Transforms/variant-synthesis-invalid.yaml's pieces.

  - every test/Parse/selection-invalid-*.yaml (selection yamls for
    --op-selection-yaml-path), cut into parts as its `split-file
    --leading-lines` RUN line cuts it (`#--- NAME` lines), each read with
    torchgen 2.14's SelectiveBuilder.from_yaml_path; a part that no RUN line
    reads (`%t/NAME`) is an error.

A case is a piece holding an `expected-error` (pieces opgen accepts are
not cases), named `FILE:LINE` with LINE that of its first expected-error,
or `FILE` for a tags.yaml test. Each runs through utils/torchgen-dump.py (its
main(), in a forked child of one process per release that imported torchgen
once: a few hundred cases in seconds, not minutes); torchgen rejects the case
when parsing raises (an exception in torchgen-dump's dump_* functions, after
the parse, is reported as an error, not as a rejection).

opgen is deliberately stricter than torchgen in places: each case torchgen
accepts must be listed, with the reason, in
test/Parse/stricter-than-torchgen.txt (`CASE  REASON` lines). The script
prints that list, then fails on a case torchgen accepts that is not listed,
on a listed case torchgen rejects (a stale entry) or that no longer exists.
With --messages it also prints torchgen's message for each case it rejects.
"""
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
DUMP = os.path.join(HERE, "torchgen-dump.py")
ONE_FUNCTION = "- func: abs(Tensor self) -> Tensor\n"


def run_lines(path):
    runs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*#\s*RUN:\s*(.*)$", line)
            if m:
                runs.append(m.group(1).strip())
    return runs


def split(text):
    """opgen-opt --split-input-file: (pieces, each padded to keep line numbers)."""
    pieces, current, start = [], [], 0
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.rstrip().startswith("# -----"):
            pieces.append("\n" * start + "\n".join(current))
            current, start = [], i + 1
        else:
            current.append(line)
    pieces.append("\n" * start + "\n".join(current))
    return pieces


def cases_of(path, rel, test_root, work):
    """(case name, release, native, tags, backend or None) for one test file."""
    runs = run_lines(path)
    words = next((r.split() for r in runs if "--verify-diagnostics" in r), None)
    folder = os.path.dirname(path)

    def resolve(p):
        return (p.replace("%inputs", os.path.join(test_root, "Inputs"))
                 .replace("%S", folder).replace("%s", path))

    if words is None:
        tags_run = next((r.split() for r in runs if "--tags %s" in r), None)
        if tags_run is None:
            raise SystemExit("%s: no opgen-opt --verify-diagnostics or --tags %%s RUN line" % rel)
        native = os.path.join(work, "one-function.yaml")
        with open(native, "w") as f:
            f.write(ONE_FUNCTION)
        return [(rel, "2.14", native, path, None)]

    release = "2.14"
    tags = os.path.join(work, "no-tags.yaml")
    if not os.path.exists(tags):
        with open(tags, "w") as f:
            f.write("[]\n")
    backend, native = None, resolve(words[1])
    for i, w in enumerate(words):
        if w.startswith("--release="):
            release = w.split("=", 1)[1]
        elif w == "--tags":
            tags = resolve(words[i + 1])
        elif w == "--backend-yaml":
            backend = resolve(words[i + 1])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    pieces = split(text) if "--split-input-file" in words else [text]
    out = []
    for n, piece in enumerate(pieces):
        m = re.search(r"expected-error", piece)
        if not m:
            continue
        line = piece.count("\n", 0, m.start()) + 1
        name = "%s:%d" % (rel, line)
        piece_path = os.path.join(work, "%s.%d.yaml" % (rel.replace("/", "_"), n))
        with open(piece_path, "w", encoding="utf-8") as f:
            f.write(piece)
        if backend is not None:
            out.append((name, release, native, tags, piece_path if backend == path else backend))
        else:
            out.append((name, release, piece_path, tags, None))
    return out


SPLIT_FILE_MARKER = re.compile(r"^(?:.|//)--- (\S+)")


def selection_cases(path, rel, work):
    """The parts of a selection test, as split-file --leading-lines makes
    them: (case name, release, "--selection", part file, None)."""
    runs = run_lines(path)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    parts, name, start, current = [], None, 0, []
    for i, line in enumerate(lines + [None]):
        m = SPLIT_FILE_MARKER.match(line) if line is not None else None
        if line is None or m:
            if name is not None:
                parts.append((name, "\n" * start + "\n".join(current)))
            if m:
                name, start, current = m.group(1), i + 1, []
        elif name is not None:
            current.append(line)
    out = []
    for name, text in parts:
        if not any("%t/" + name in r for r in runs):
            raise SystemExit("%s: no RUN line reads part %s (%%t/%s)" % (rel, name, name))
        m = re.search(r"expected-error", text)
        if not m:
            continue
        part_path = os.path.join(work, "%s.%s" % (rel.replace("/", "_"), name))
        with open(part_path, "w", encoding="utf-8") as f:
            f.write(text)
        line = text.count("\n", 0, m.start()) + 1
        out.append(("%s:%d" % (rel, line), "2.14", "--selection", part_path, None))
    return out


def worker():
    """With torchgen on PYTHONPATH: run torchgen-dump's main() on each job of
    stdin (a JSON list of argv lists), each in a forked child; print a JSON
    list of [rejected, message]."""
    spec = importlib.util.spec_from_file_location("torchgen_dump", DUMP)
    dump = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dump)
    import torchgen.gen  # noqa: F401  (imported once, before forking)
    from torchgen.selective_build.selector import SelectiveBuilder

    results = []
    for argv in json.load(sys.stdin):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            result = [False, ""]
            try:
                sys.stdout = io.StringIO()
                sys.stderr = io.StringIO()
                if argv[0] == "--selection":
                    SelectiveBuilder.from_yaml_path(argv[1])
                else:
                    sys.argv = [DUMP] + argv
                    dump.main()
            except BaseException as e:  # torchgen raises AssertionError, SystemExit, ...
                frames = [f.name for f in traceback.extract_tb(e.__traceback__)
                          if f.filename == DUMP]
                message = ("%s: %s" % (type(e).__name__, e)).splitlines()[0][:200]
                if any(n.startswith("dump_") for n in frames):
                    result = [None, "torchgen-dump failed after the parse: " + message]
                else:
                    result = [True, message]
            os.write(w, json.dumps(result).encode())
            os._exit(0)
        os.close(w)
        data = b""
        while True:
            chunk = os.read(r, 65536)
            if not chunk:
                break
            data += chunk
        os.close(r)
        os.waitpid(pid, 0)
        results.append(json.loads(data) if data else [None, "the child died"])
    json.dump(results, sys.stdout)
    return 0


def load_table(path):
    table = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            case, _, reason = line.strip().partition(" ")
            if not reason.strip():
                raise SystemExit("%s:%d: a case needs a reason" % (path, number))
            table[case] = reason.strip()
    return table


def main(argv):
    if argv[:1] == ["--worker"]:
        return worker()
    # --messages: also print torchgen's message for each case it rejects.
    messages = "--messages" in argv
    argv = [a for a in argv if a != "--messages"]
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    reference = os.path.abspath(argv[0])
    test_root = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "test"))
    table_path = os.path.join(test_root, "Parse", "stricter-than-torchgen.txt")
    table = load_table(table_path)
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

    with tempfile.TemporaryDirectory(prefix="rejection-parity-") as work:
        files = []
        for folder, pattern in (("Parse", r"invalid-.*\.yaml$"),
                                ("Transforms", r"(backend-yaml-invalid-.*|variant-synthesis-invalid)\.yaml$")):
            for name in sorted(os.listdir(os.path.join(test_root, folder))):
                if re.match(pattern, name):
                    files.append((os.path.join(test_root, folder, name), folder + "/" + name))
        cases = []
        for path, rel in files:
            cases.extend(cases_of(path, rel, test_root, work))
        for name in sorted(os.listdir(os.path.join(test_root, "Parse"))):
            if re.match(r"selection-invalid-.*\.yaml$", name):
                files.append((os.path.join(test_root, "Parse", name), "Parse/" + name))
                cases.extend(selection_cases(files[-1][0], files[-1][1], work))

        results = {}
        for release in sorted({c[1] for c in cases}):
            mine = [c for c in cases if c[1] == release]
            dist = os.path.join(reference, release, "usr", "lib", "python3", "dist-packages")
            if not os.path.isdir(os.path.join(dist, "torchgen")):
                print("error: no torchgen %s under %s (run utils/fetch-reference.sh)" % (release, reference))
                return 1
            jobs = [[c[2], c[3]] + ([c[4]] if c[4] else []) for c in mine]
            env = dict(os.environ, PYTHONPATH=dist)
            r = subprocess.run([python, os.path.abspath(__file__), "--worker"], env=env,
                               input=json.dumps(jobs), capture_output=True, text=True)
            if r.returncode:
                print("error: the torchgen %s worker failed:\n%s" % (release, r.stderr))
                return 1
            for c, res in zip(mine, json.loads(r.stdout)):
                results[c[0]] = res

    errors = []
    accepted = []
    for name, (rejected, message) in results.items():
        if rejected is None:
            errors.append("ERROR %s: %s" % (name, message))
        elif not rejected:
            accepted.append(name)
            if name not in table:
                errors.append("UNLISTED %s: torchgen accepts it; list it in %s with the reason "
                              "opgen is stricter, or make opgen accept it"
                              % (name, os.path.relpath(table_path, test_root)))
        elif name in table:
            errors.append("STALE %s: listed, but torchgen rejects it (%s); remove it from the list"
                          % (name, message))
    for name in sorted(set(table) - set(results)):
        errors.append("STALE %s: listed, but no such case (moved? the name is FILE:LINE of its "
                      "first expected-error)" % name)

    rejected = sum(1 for r in results.values() if r[0])
    print("rejection parity: %d cases from %d files; torchgen %s rejects %d, accepts %d"
          % (len(results), len(files), "/".join(sorted({c[1] for c in cases})), rejected, len(accepted)))
    print("opgen is stricter than torchgen here (test/Parse/stricter-than-torchgen.txt):")
    for name in sorted(accepted):
        print("  %s  %s" % (name, table.get(name, "(NOT LISTED)")))
    if messages:
        for name in sorted(results):
            if results[name][0]:
                print("torchgen rejects %s: %s" % (name, results[name][1]))
    for e in errors:
        print(e)
    print("rejection parity: %s" % ("%d error(s)" % len(errors) if errors else "OK"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
