#!/usr/bin/env python3
"""Check that opgen-backend-stubs rejects every invalid backend yaml of
test/Transforms the way opgen-opt's --verify-diagnostics expects, and leaves
its output folder alone.

Usage: check-backend-stub-rejections.py TOOL TRANSFORMS_DIR INPUTS_DIR
                                        TEMPLATES_DIR WORK_DIR
                                        [--errors-only] [--allow-unexpected]

For every TRANSFORMS_DIR/backend-yaml-invalid-*.yaml (sorted):

  - its first `# RUN:` line names the native_functions.yaml and tags.yaml
    opgen-opt checked it against (`%S/Inputs/native_functions.yaml --tags
    %inputs/tags.yaml`, with %S = TRANSFORMS_DIR and %inputs = INPUTS_DIR).
    The file is skipped (a SKIP line, not a failure) unless that line is one
    plain `opgen-opt NATIVE --tags TAGS ... --backend-yaml %s
    --verify-diagnostics` (no pipes, no `not`, no --split-input-file) and it
    is the only RUN line. The tool's --source-path is a folder made under
    WORK_DIR with native/native_functions.yaml and native/tags.yaml copied
    from those and templates/ a symlink to TEMPLATES_DIR.
  - the output folder WORK_DIR/<name>/out holds `keep.txt` and a stale
    `XLANativeFunctions.h`, dated 2001-01-01.
  - `TOOL -s FILE -o OUT --source-path SRC` must exit with status 1; its
    standard error must hold `FILE:LINE:COL: KIND: MESSAGE` for every
    `expected-KIND@... {{MESSAGE}}` comment of the file (KIND error, warning
    or note; the location resolved as DiagnosticVerifier.cpp does: @+N and
    @-N from the comment's line, @N absolute, @above, @below, the column
    optional; MESSAGE a substring; FILE the path given or one ending in
    /<its name>), and no diagnostic that no comment expects; and OUT must be
    unchanged: the same entries, contents and modification times.

--errors-only checks expected-error comments only (notes and warnings are
neither required nor counted as unexpected); --allow-unexpected tolerates
diagnostics nobody expects.

Prints one line per file (PASS, FAIL with the reasons, or SKIP with the
reason), then `N passed, M skipped, K failed`; the exit status is 1 if any
file failed.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

STALE_TIME = 978307200  # 2001-01-01T00:00:00Z
KEEP_TEXT = "kept by check-backend-stub-rejections.py\n"
STALE_HEADER = "// A stale header that a rejected run must not touch.\n"

EXPECT_RE = re.compile(r"expected-(error|warning|note)")
DIAG_RE = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning|note): (?P<msg>.*)$"
)
# A diagnostic without a location: `FILE: error: message`.
DIAG_NOLOC_RE = re.compile(r"^(?P<file>[^:\s][^:]*): (?P<kind>error|warning|note): (?P<msg>.*)$")


def parse_expectations(path):
    """The expectations of a file, as DiagnosticVerifier::addExpectations
    reads them: (kind, line, column or 0, text). Malformed ones are returned
    separately."""
    expectations, malformed = [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, text in enumerate(lines):
        pos = text.find("expected-")
        if pos < 0:
            continue
        m = EXPECT_RE.match(text, pos)
        if not m:
            continue
        kind = m.group(1)
        rest = text[m.end():]
        line, column = i + 1, 0
        if rest.startswith("@"):
            rest = rest[1:]
            if rest.startswith("above"):
                line, rest = i, rest[5:]
            elif rest.startswith("below"):
                line, rest = i + 2, rest[5:]
            else:
                sign = ""
                if rest[:1] in "+-" and rest[:1]:
                    sign, rest = rest[0], rest[1:]
                n = re.match(r"\d+", rest)
                if not n:
                    malformed.append((i + 1, "expected a line offset after '@'"))
                    continue
                value, rest = int(n.group(0)), rest[n.end():]
                if sign == "":
                    line = value
                elif sign == "-":
                    line = 0 if value > i else i + 1 - value
                else:
                    line = i + 1 + value
            if rest.startswith(":"):
                c = re.match(r"\d+", rest[1:])
                if not c:
                    malformed.append((i + 1, "expected a column number after ':'"))
                    continue
                column, rest = int(c.group(0)), rest[1 + c.end():]
        rest = rest.lstrip()
        close = rest.rfind("}}")
        if not rest.startswith("{{") or close < 2:
            malformed.append((i + 1, "expected '{{message}}' in expectation"))
            continue
        expectations.append((kind, line, column, rest[2:close]))
    return expectations, malformed


def parse_run_line(path, transforms_dir, inputs_dir):
    """(native, tags) from the file's RUN line, or (None, reason) to skip."""
    runs = []
    with open(path, encoding="utf-8") as f:
        for text in f:
            m = re.match(r"\s*#\s*RUN:\s*(.*)$", text)
            if m:
                runs.append(m.group(1).strip())
    if not runs:
        return None, "no RUN line"
    if len(runs) > 1:
        return None, "more than one RUN line"
    words = runs[0].split()
    if (
        not words
        or words[0] != "opgen-opt"
        or any(w in ("|", "||", "&&", ";", "not") for w in words)
        or "--split-input-file" in words
        or "--verify-diagnostics" not in words
    ):
        return None, "the RUN line is not a single opgen-opt --verify-diagnostics"
    try:
        b = words.index("--backend-yaml")
        if words[b + 1] != "%s":
            return None, "--backend-yaml is not the file itself"
        native = words[1]
        tags = words[words.index("--tags") + 1]
    except (ValueError, IndexError):
        return None, "the RUN line has no --backend-yaml %s or no --tags"

    def resolve(p):
        if p.startswith("%S/"):
            return os.path.join(transforms_dir, p[3:])
        if p.startswith("%inputs/"):
            return os.path.join(inputs_dir, p[len("%inputs/"):])
        return None

    native_path, tags_path = resolve(native), resolve(tags)
    if native != "%S/Inputs/native_functions.yaml" or native_path is None or tags_path is None:
        return None, "not checked against the small Inputs/native_functions.yaml"
    return (native_path, tags_path), None


def make_source(work, native, tags, templates, cache):
    key = (native, tags)
    if key in cache:
        return cache[key]
    src = os.path.join(work, "source-%d" % len(cache))
    os.makedirs(os.path.join(src, "native"))
    shutil.copyfile(native, os.path.join(src, "native", "native_functions.yaml"))
    shutil.copyfile(tags, os.path.join(src, "native", "tags.yaml"))
    os.symlink(os.path.abspath(templates), os.path.join(src, "templates"))
    cache[key] = src
    return src


def prepare_outdir(out):
    os.makedirs(out)
    for name, text in (("keep.txt", KEEP_TEXT), ("XLANativeFunctions.h", STALE_HEADER)):
        p = os.path.join(out, name)
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)
        os.utime(p, (STALE_TIME, STALE_TIME))
    os.utime(out, (STALE_TIME, STALE_TIME))


def snapshot(root):
    """Every entry under root with its type, contents and mtime."""
    entries = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(dirnames + filenames):
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            rel = os.path.relpath(p, root)
            if os.path.isdir(p) and not os.path.islink(p):
                entries[rel] = ("dir", None, st.st_mtime_ns)
            else:
                with open(p, "rb") as f:
                    entries[rel] = ("file", f.read(), st.st_mtime_ns)
    return entries


def describe_changes(before, after):
    changes = []
    for rel in sorted(set(before) | set(after)):
        a, b = before.get(rel), after.get(rel)
        if a == b:
            continue
        if a is None:
            changes.append("%s was created" % rel)
        elif b is None:
            changes.append("%s was removed" % rel)
        elif a[1] != b[1]:
            changes.append("%s was changed" % rel)
        else:
            changes.append("%s was touched (mtime)" % rel)
    return changes


def parse_diagnostics(stderr):
    diags = []
    for text in stderr.splitlines():
        m = DIAG_RE.match(text)
        if m:
            diags.append((m.group("file"), m.group("kind"), int(m.group("line")),
                          int(m.group("col")), m.group("msg")))
            continue
        m = DIAG_NOLOC_RE.match(text)
        if m:
            diags.append((m.group("file"), m.group("kind"), 0, 0, m.group("msg")))
    return diags


def same_file(diag_file, path):
    return diag_file == path or diag_file.endswith("/" + os.path.basename(path)) \
        or diag_file == os.path.basename(path)


def check_file(tool, path, src, out, errors_only, allow_unexpected):
    problems = []
    expectations, malformed = parse_expectations(path)
    for line, msg in malformed:
        problems.append("line %d: malformed expectation: %s" % (line, msg))
    if errors_only:
        expectations = [e for e in expectations if e[0] == "error"]
    if not any(e[0] == "error" for e in expectations):
        problems.append("the file expects no error")

    prepare_outdir(out)
    parent = os.path.dirname(out)
    before = snapshot(parent)
    try:
        r = subprocess.run(
            [tool, "-s", path, "-o", out, "--source-path", src],
            capture_output=True, text=True, timeout=120,
        )
    except subprocess.TimeoutExpired:
        return ["timed out"]
    except OSError as e:
        return ["cannot run %s: %s" % (tool, e)]
    if r.returncode != 1:
        problems.append("exit status %d, expected 1" % r.returncode)

    matched = [False] * len(expectations)
    for dfile, kind, line, col, msg in parse_diagnostics(r.stderr):
        if errors_only and kind != "error":
            continue
        hit = None
        if same_file(dfile, path):
            for i, (ekind, eline, ecol, etext) in enumerate(expectations):
                if matched[i] or ekind != kind or eline != line:
                    continue
                if ecol and ecol != col:
                    continue
                if etext not in msg:
                    continue
                hit = i
                break
        if hit is not None:
            matched[hit] = True
        elif not allow_unexpected:
            where = "%s:%d:%d" % (dfile, line, col) if line else dfile
            problems.append("unexpected %s at %s: %s" % (kind, where, msg))
    for (ekind, eline, ecol, etext), ok in zip(expectations, matched):
        if not ok:
            where = "line %d" % eline + (", column %d" % ecol if ecol else "")
            problems.append("expected %s \"%s\" at %s was not produced" % (ekind, etext, where))

    changes = describe_changes(before, snapshot(parent))
    if changes:
        problems.append("the output folder changed: " + "; ".join(changes))
    if problems and r.stderr.strip():
        problems.append("standard error was:\n    " + "\n    ".join(r.stderr.rstrip().splitlines()))
    return problems


def main(argv):
    flags = [a for a in argv if a.startswith("--")]
    args = [a for a in argv if not a.startswith("--")]
    unknown = set(flags) - {"--errors-only", "--allow-unexpected"}
    if len(args) != 5 or unknown:
        sys.stderr.write(__doc__)
        return 2
    tool, transforms_dir, inputs_dir, templates, work = args
    errors_only = "--errors-only" in flags
    allow_unexpected = "--allow-unexpected" in flags
    transforms_dir = os.path.abspath(transforms_dir)
    inputs_dir = os.path.abspath(inputs_dir)
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    files = sorted(glob.glob(os.path.join(transforms_dir, "backend-yaml-invalid-*.yaml")))
    if not files:
        print("no backend-yaml-invalid-*.yaml in %s" % transforms_dir)
        return 1
    sources = {}
    passed = skipped = failed = 0
    for path in files:
        name = os.path.basename(path)
        inputs, reason = parse_run_line(path, transforms_dir, inputs_dir)
        if inputs is None:
            print("SKIP %s: %s" % (name, reason))
            skipped += 1
            continue
        src = make_source(work, inputs[0], inputs[1], templates, sources)
        out = os.path.join(work, os.path.splitext(name)[0], "out")
        problems = check_file(tool, path, src, out, errors_only, allow_unexpected)
        if problems:
            print("FAIL %s:\n  %s" % (name, "\n  ".join(problems)))
            failed += 1
        else:
            print("PASS %s" % name)
            passed += 1
    print("%d passed, %d skipped, %d failed" % (passed, skipped, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
