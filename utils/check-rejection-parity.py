#!/usr/bin/env python3
"""Check opgen's errors and warnings on test inputs against torchgen's runs.

Usage: check-rejection-parity.py [--messages] [--bin DIR] REFERENCE [TEST_ROOT]

REFERENCE is the unpacked reference (reference/, as utils/fetch-reference.sh
makes it); TEST_ROOT defaults to this checkout's test/; DIR holds opgen and
opgen-backend-stubs (default: found on PATH). The inputs:

  - every test/Parse/invalid-*.yaml, split at `# -----` lines where its RUN
    line says --split-input-file (each piece padded with blank lines so line
    numbers stay the file's, as opgen-opt does), with the tags.yaml of that
    line (an empty list where it gives none) and the release of its
    --release= (the matching torchgen: 1.13, 2.6 or 2.14 by default); a test
    of tags.yaml itself (`--tags %s`) is read with a one-line
    native_functions.yaml;
  - every test/Transforms/backend-yaml-invalid-*.yaml and
    backend-yaml-warnings*.yaml, read against the native_functions.yaml its
    RUN line names, and test/Transforms/variant-synthesis-invalid.yaml's
    pieces;
  - every test/Parse/selection-invalid-*.yaml and selection-warnings.yaml
    (selection yamls for --op-selection-yaml-path), cut into parts as its
    `split-file --leading-lines` RUN line cuts it (`#--- NAME` lines), each
    read with the native_functions.yaml of the RUN line reading it; a part
    that no RUN line reads (`%t/NAME`) is an error;
  - every test/AutogradApi/*-errors.test: each derivatives.yaml its RUN lines
    copy in (`cp %S/Inputs/X.yaml %t/.../derivatives.yaml`), split at
    `# -----` lines as opgen-opt --split-input-file splits it with
    --autograd-dir, each piece read with the native yaml and tags of the
    test's opgen-opt line (cases named `AutogradApi/Inputs/X.yaml:LINE`).

A case is a piece holding an `expected-error` or an `expected-warning`
(pieces opgen accepts silently are not cases), named `FILE:LINE` with LINE
that of its first expected-error, or else of its first expected-warning
(`FILE` for a tags.yaml test). It is an error case or a warning case.

First, each case goes through torchgen's parse: utils/torchgen-dump.py's
main() (parse_native_yaml, the groupings, parse_backend_yaml) or
SelectiveBuilder.from_yaml_path, in a forked child of one process per release
that imported torchgen once. torchgen rejects the case when that raises (an
exception in torchgen-dump's dump_* functions, after the parse, is reported
as an error, not as a rejection). An error case torchgen rejects agrees; a
warning case torchgen rejects is a MISMATCH.

A derivatives.yaml case goes through utils/torchgen-derivatives-check.py
instead: gen_autograd's load_derivatives, match_differentiability_info and
generators; it is rejected when that raises.

What torchgen's parse accepts must be listed in
test/Parse/stricter-than-torchgen.txt, as `CASE | VERDICT | REASON`, and is
then run through the whole generator its input is for (torchgen.gen, with
the selection for a selection part; gen_backend_stubs for a backend yaml),
as the drop-in rule sorts it:

  fails               an error case: torchgen's generator must fail too.
  invalid FILE: TEXT  an error case: torchgen's generator writes its files,
                      but FILE (under its output folder) holds TEXT, which
                      does not compile or does not work; REASON says why.
  warning             a warning case: torchgen's generator writes its files,
                      and opgen (opgen, or opgen-backend-stubs) writes the
                      same files byte for byte (the AOTInductor folder too),
                      with a warning and exit status 0; with
                      --warnings-as-errors it exits with 1 and writes
                      nothing.

For a derivatives.yaml case the whole run is the check's: `fails` does not
apply, `invalid FILE: TEXT` names a file of gen_autograd's output, and
`warning` means opgen-opt warns, exits with 0, and its --emit=autograd-infos
model equals utils/torchgen-autograd-dump.py's; opgen-autograd writes
gen_autograd's files byte for byte (utils/autograd-compare.py, with the
packaged templates), and with --warnings-as-errors exits with 1 and writes
nothing.

The script prints the list, then fails on a case torchgen accepts that is
not listed, on a listed case torchgen's parse rejects (stale) or that no
longer exists, on a verdict of the wrong kind, and on a verdict the whole
run does not bear out. With --messages it also prints torchgen's message for
each case it rejects.
"""
import concurrent.futures
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

from file_trees import files_under

HERE = os.path.dirname(os.path.abspath(__file__))
DUMP = os.path.join(HERE, "torchgen-dump.py")
DERIVATIVES_CHECK = os.path.join(HERE, "torchgen-derivatives-check.py")
AUTOGRAD_DUMP = os.path.join(HERE, "torchgen-autograd-dump.py")
AUTOGRAD_COMPARE = os.path.join(HERE, "autograd-compare.py")
# The generator modules the autograd policy tables come from.
AUTOGRAD_MODULES = ("gen_trace_type.py", "gen_inplace_or_view_type.py",
                    "gen_variable_type.py", "gen_autograd_functions.py")
STUBS = os.path.join(HERE, "torchgen-backend-stubs.py")
ONE_FUNCTION = "- func: abs(Tensor self) -> Tensor\n"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


class Case:
    def __init__(self, name, kind, release, native, tags, backend=None,
                 selection=None, autograd=None):
        self.name = name          # FILE:LINE
        self.kind = kind          # "error" or "warning"
        self.release = release
        self.native = native      # the native_functions.yaml read
        self.tags = tags
        self.backend = backend    # the backend yaml, if a backend case
        self.selection = selection  # the selection yaml, if a selection case
        self.autograd = autograd  # the autograd folder, if a derivatives case

    def parse_job(self):
        if self.autograd:
            return [self.native, self.tags, self.autograd, None]
        if self.selection:
            return ["--selection", self.selection]
        return [self.native, self.tags] + ([self.backend] if self.backend else [])


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


def case_line(text):
    """(kind, line) of a piece's case, or None when it expects nothing."""
    for kind in ("error", "warning"):
        m = re.search(r"expected-" + kind, text)
        if m:
            return kind, text.count("\n", 0, m.start()) + 1
    return None


def resolver(test_root, folder, path):
    def resolve(p):
        return (p.replace("%inputs", os.path.join(test_root, "Inputs"))
                 .replace("%S", folder).replace("%s", path))
    return resolve


def empty_tags(work):
    tags = os.path.join(work, "no-tags.yaml")
    if not os.path.exists(tags):
        with open(tags, "w") as f:
            f.write("[]\n")
    return tags


def cases_of(path, rel, test_root, work):
    """The cases of one test file of native or backend yamls."""
    runs = run_lines(path)
    words = next((r.split() for r in runs if "--verify-diagnostics" in r), None)
    resolve = resolver(test_root, os.path.dirname(path), path)

    if words is None:
        tags_run = next((r.split() for r in runs if "--tags %s" in r), None)
        if tags_run is None:
            raise SystemExit("%s: no opgen-opt --verify-diagnostics or --tags %%s RUN line" % rel)
        native = os.path.join(work, "one-function.yaml")
        with open(native, "w") as f:
            f.write(ONE_FUNCTION)
        return [Case(rel, "error", "2.14", native, path)]

    release = "2.14"
    tags = empty_tags(work)
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
        found = case_line(piece)
        if not found:
            continue
        kind, line = found
        name = "%s:%d" % (rel, line)
        piece_path = os.path.join(work, "%s.%d.yaml" % (rel.replace("/", "_"), n))
        with open(piece_path, "w", encoding="utf-8") as f:
            f.write(piece)
        if backend is not None:
            out.append(Case(name, kind, release, native, tags,
                            backend=piece_path if backend == path else backend))
        else:
            out.append(Case(name, kind, release, piece_path, tags))
    return out


SPLIT_FILE_MARKER = re.compile(r"^(?:.|//)--- (\S+)")


def selection_cases(path, rel, test_root, work):
    """The parts of a selection test, as split-file --leading-lines makes
    them, each read with the native yaml and tags of its RUN line."""
    runs = run_lines(path)
    resolve = resolver(test_root, os.path.dirname(path), path)
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
        run = next((r for r in runs if "%t/" + name in r), None)
        if run is None:
            raise SystemExit("%s: no RUN line reads part %s (%%t/%s)" % (rel, name, name))
        found = case_line(text)
        if not found:
            continue
        part_path = os.path.join(work, "%s.%s" % (rel.replace("/", "_"), name))
        with open(part_path, "w", encoding="utf-8") as f:
            f.write(text)
        words = run.split()
        native = resolve(words[1])
        tags = empty_tags(work)
        if "--tags" in words:
            tags = resolve(words[words.index("--tags") + 1])
        kind, line = found
        out.append(Case("%s:%d" % (rel, line), kind, "2.14", native, tags,
                        selection=part_path))
    return out


def autograd_cases(path, rel, test_root, work, reference):
    """The cases of a test of derivatives.yaml diagnostics: the pieces of
    each derivatives.yaml its RUN lines copy in."""
    runs = run_lines(path)
    resolve = resolver(test_root, os.path.dirname(path), path)
    opt = next((r.split() for r in runs if r.startswith("opgen-opt ")
                or " opgen-opt " in r), None)
    if opt is None:
        raise SystemExit("%s: no opgen-opt RUN line" % rel)
    opt = opt[opt.index("opgen-opt"):]
    native = resolve(opt[1])
    tags = resolve(opt[opt.index("--tags") + 1]) if "--tags" in opt else empty_tags(work)
    modules = os.path.join(reference, "2.14", "usr", "lib", "python3", "dist-packages",
                           "torchgen", "packaged", "autograd")
    out, seen = [], set()
    for r in runs:
        for m in re.finditer(r"cp (%S/Inputs/\S+) \S*derivatives\.yaml", r):
            source = resolve(m.group(1))
            if source in seen:
                continue
            seen.add(source)
            source_rel = os.path.relpath(source, test_root)
            with open(source, encoding="utf-8") as f:
                pieces = split(f.read())
            for n, piece in enumerate(pieces):
                found = case_line(piece)
                if not found:
                    continue
                kind, line = found
                folder = os.path.join(work, "%s.%d" % (source_rel.replace("/", "_"), n))
                os.makedirs(folder)
                with open(os.path.join(folder, "derivatives.yaml"), "w", encoding="utf-8") as f:
                    f.write(piece)
                for name in AUTOGRAD_MODULES:
                    shutil.copy(os.path.join(modules, name), folder)
                out.append(Case("%s:%d" % (source_rel, line), kind, "2.14", native, tags,
                                autograd=folder))
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


VERDICT = re.compile(r"^(fails|warning|invalid (\S+): (.+))$")


def load_table(path):
    """CASE -> (verdict, file, text, reason)."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = [x.strip() for x in line.split(" | ", 2)]
            if len(fields) != 3 or not all(fields):
                raise SystemExit("%s:%d: expected `CASE | VERDICT | REASON`" % (path, number))
            case, verdict, reason = fields
            m = VERDICT.match(verdict)
            if not m:
                raise SystemExit("%s:%d: the verdict is `fails`, `warning` or "
                                 "`invalid FILE: TEXT`, not `%s`" % (path, number, verdict))
            table[case] = (m.group(1).split(" ")[0], m.group(2), m.group(3), reason)
    return table


def tree_differences(a, b):
    """What `diff -r a b` would name: files in one only, or differing."""
    fa, fb = files_under(a), files_under(b)
    out = []
    for name in sorted(set(fa) | set(fb)):
        if name not in fb:
            out.append("only torchgen writes " + name)
        elif name not in fa:
            out.append("only opgen writes " + name)
        else:
            with open(fa[name], "rb") as x, open(fb[name], "rb") as y:
                if x.read() != y.read():
                    out.append("differs: " + name)
    return out


def truth_valued(dump):
    """torchgen-autograd-dump's lines with each output_differentiability item
    as its truth value: torchgen keeps a non-boolean item as written (1,
    null, a mapping) and reads it only by truth value, which is what opgen's
    model holds."""
    def fix(obj):
        if isinstance(obj, dict):
            return {k: ([bool(x) for x in v] if k == "output_differentiability"
                        and isinstance(v, list) else fix(v)) for k, v in obj.items()}
        if isinstance(obj, list):
            return [fix(x) for x in obj]
        return obj
    return "".join(json.dumps(fix(json.loads(line)), sort_keys=True,
                              separators=(",", ":")) + "\n"
                   for line in dump.splitlines() if line.strip())


class Runner:
    """Runs a case's whole generator, torchgen's and opgen's, in folders of
    their own under a scratch folder."""

    def __init__(self, reference, bindir, work):
        self.dist = os.path.join(reference, "2.14", "usr", "lib", "python3", "dist-packages")
        self.templates = os.path.join(self.dist, "torchgen", "packaged", "ATen", "templates")
        self.fallback = os.path.join(self.dist, "torchgen", "aoti", "fallback_ops.py")
        self.bindir = bindir
        self.work = work

    def tool(self, name):
        path = os.path.join(self.bindir, name) if self.bindir else shutil.which(name)
        if not path or not os.path.exists(path):
            raise SystemExit("error: no %s (give --bin)" % name)
        return path

    def aten(self, case, folder):
        """An ATen folder holding the case's native yaml and tags."""
        aten = os.path.join(folder, "aten")
        os.makedirs(os.path.join(aten, "native"))
        shutil.copy(case.native, os.path.join(aten, "native", "native_functions.yaml"))
        shutil.copy(case.tags, os.path.join(aten, "native", "tags.yaml"))
        os.symlink(self.templates, os.path.join(aten, "templates"))
        return aten

    def torchgen(self, case, folder):
        """torchgen's run in folder/torchgen: (exit status, output)."""
        aten = self.aten(case, folder)
        cwd = os.path.join(folder, "torchgen")
        os.makedirs(cwd)
        env = dict(os.environ, PYTHONPATH=self.dist)
        if case.backend:
            cmd = [PYTHON, STUBS, "--aten", aten, self.dist, case.backend, "out"]
        else:
            cmd = [PYTHON, "-m", "torchgen.gen", "-s", aten, "--install_dir", "out"]
            if case.selection:
                cmd += ["--op-selection-yaml-path", case.selection]
        r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        # The exception's line (torchgen adds where it was after it).
        lines = (r.stdout + r.stderr).strip().splitlines()
        said = next((l for l in reversed(lines)
                     if re.match(r"[\w.]+(Error|Exception|Exit)\b", l)),
                    lines[-1] if lines else "")
        return r.returncode, said[:200]

    def opgen(self, case, folder, sub, flags=()):
        """opgen's run in folder/sub: (exit status, standard error)."""
        aten = os.path.join(folder, "aten")
        cwd = os.path.join(folder, sub)
        os.makedirs(cwd)
        if case.backend:
            cmd = [self.tool("opgen-backend-stubs"), "-s", case.backend, "-o", "out",
                   "--source-path", aten]
        else:
            cmd = [self.tool("opgen"), "-s", aten, "--install_dir", "out",
                   "--aoti-fallback-ops", self.fallback]
            if case.selection:
                cmd += ["--op-selection-yaml-path", case.selection]
        r = subprocess.run(cmd + list(flags), cwd=cwd, capture_output=True, text=True)
        return r.returncode, r.stderr

    def linked_package(self, site, case_folder):
        """site/torchgen: links to the reference's torchgen, but for
        packaged/autograd's derivatives.yaml and generator modules, the
        case's. Returns that autograd folder."""
        def mirror(real, mine, keep):
            os.makedirs(mine)
            for name in os.listdir(real):
                if name not in keep:
                    os.symlink(os.path.join(real, name), os.path.join(mine, name))
        real = os.path.join(self.dist, "torchgen")
        mine = os.path.join(site, "torchgen")
        mirror(real, mine, {"packaged", "__pycache__"})
        mirror(os.path.join(real, "packaged"), os.path.join(mine, "packaged"),
               {"autograd", "__pycache__"})
        autograd = os.path.join(mine, "packaged", "autograd")
        case_files = set(os.listdir(case_folder))
        mirror(os.path.join(real, "packaged", "autograd"), autograd,
               case_files | {"__pycache__"})
        for name in case_files:
            shutil.copy(os.path.join(case_folder, name), autograd)
        return autograd

    def check_autograd(self, case, verdict, evidence_file, evidence):
        """The verdict of a derivatives.yaml case torchgen accepts."""
        folder = tempfile.mkdtemp(prefix="case-", dir=self.work)
        env = dict(os.environ, PYTHONPATH=self.dist)
        if verdict == "fails":
            return ["listed as `fails`, but torchgen's whole run is the check, "
                    "and it accepts the case"], ""
        if verdict == "invalid":
            out = os.path.join(folder, "out")
            subprocess.run([PYTHON, DERIVATIVES_CHECK, case.native, case.tags,
                            case.autograd, "--out", out], env=env, capture_output=True)
            path = os.path.join(out, evidence_file)
            if not os.path.exists(path):
                return ["listed as invalid, but torchgen writes no " + evidence_file], ""
            with open(path, encoding="utf-8") as f:
                if evidence not in f.read():
                    return ["listed as invalid, but torchgen's %s does not hold `%s`"
                            % (evidence_file, evidence)], ""
            return [], ""
        theirs = subprocess.run([PYTHON, AUTOGRAD_DUMP, case.native, case.tags, case.autograd],
                                env=env, capture_output=True, text=True)
        if theirs.returncode:
            return ["torchgen-autograd-dump fails: " + theirs.stderr[-300:]], ""
        ours = subprocess.run([self.tool("opgen-opt"), case.native, "--tags", case.tags,
                               "-passes=default", "--autograd-dir", case.autograd,
                               "--emit=autograd-infos"], capture_output=True, text=True)
        if ours.returncode:
            return ["listed as a warning, but opgen-opt fails:\n" + ours.stderr], ""
        problems = []
        if ": warning: " not in ours.stderr:
            problems.append("listed as a warning, but opgen-opt prints none")
        if ours.stdout != truth_valued(theirs.stdout):
            problems.append("opgen's autograd model differs from torchgen's")
        # The files: gen_autograd's and opgen-autograd's. The case's
        # derivatives.yaml goes into a torchgen package of links to the
        # reference's, at packaged/autograd, so that both write the
        # templates' path (relative to torchgen's folder) alike.
        site = os.path.join(folder, "site")
        autograd = self.linked_package(site, case.autograd)
        r = subprocess.run([PYTHON, AUTOGRAD_COMPARE, "--dist", site, "--work",
                            os.path.join(folder, "compare"), "--native", case.native,
                            "--tags", case.tags, "--autograd", autograd,
                            "--opgen", self.tool("opgen-autograd"), "--check", "--diff-r"],
                           capture_output=True, text=True)
        if r.returncode:
            problems.append("opgen-autograd's files are not gen_autograd's:\n"
                            + (r.stdout + r.stderr)[-600:])
        werror = os.path.join(folder, "werror")
        r = subprocess.run([self.tool("opgen-autograd"), "--warnings-as-errors", case.native,
                            case.tags, werror, autograd], capture_output=True, text=True)
        if r.returncode != 1:
            problems.append("with --warnings-as-errors opgen-autograd exits with %d, not 1"
                            % r.returncode)
        if os.path.exists(werror):
            problems.append("with --warnings-as-errors opgen-autograd writes files")
        return problems, ""

    def check(self, case, verdict, evidence_file, evidence):
        """Problems with \\p case's verdict (a list of strings), and the last
        line torchgen printed when it failed."""
        if case.autograd:
            return self.check_autograd(case, verdict, evidence_file, evidence)
        folder = tempfile.mkdtemp(prefix="case-", dir=self.work)
        status, said = self.torchgen(case, folder)
        if verdict == "fails":
            if status == 0:
                return ["listed as `fails`, but torchgen writes its files"], ""
            return [], said
        return self.check_files(case, folder, status, said, verdict,
                                evidence_file, evidence), ""

    def check_files(self, case, folder, status, said, verdict, evidence_file,
                    evidence):
        ours = os.path.join(folder, "torchgen")
        if status != 0:
            return ["listed as `%s`, but torchgen fails: %s" % (verdict, said)]
        if verdict == "invalid":
            path = os.path.join(ours, "out", evidence_file)
            if not os.path.exists(path):
                return ["listed as invalid, but torchgen writes no " + evidence_file]
            with open(path, encoding="utf-8") as f:
                if evidence not in f.read():
                    return ["listed as invalid, but torchgen's %s does not hold `%s`"
                            % (evidence_file, evidence)]
            return []
        problems = []
        status, err = self.opgen(case, folder, "opgen")
        if status != 0:
            return ["listed as a warning, but opgen fails:\n" + err]
        if ": warning: " not in err:
            problems.append("listed as a warning, but opgen prints none")
        problems += tree_differences(ours, os.path.join(folder, "opgen"))
        status, err = self.opgen(case, folder, "werror", ["--warnings-as-errors"])
        if status != 1:
            problems.append("with --warnings-as-errors opgen exits with %d, not 1" % status)
        if files_under(os.path.join(folder, "werror")):
            problems.append("with --warnings-as-errors opgen writes files")
        return problems


def case_order(case):
    """FILE:LINE cases by file, then by line."""
    name, _, line = case.name.rpartition(":")
    return (name, int(line)) if line.isdigit() else (case.name, 0)


def main(argv):
    if argv[:1] == ["--worker"]:
        return worker()
    # --messages: also print torchgen's message for each case it rejects.
    messages = "--messages" in argv
    argv = [a for a in argv if a != "--messages"]
    bindir = None
    if "--bin" in argv:
        i = argv.index("--bin")
        bindir = os.path.abspath(argv[i + 1])
        del argv[i:i + 2]
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    reference = os.path.abspath(argv[0])
    test_root = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "test"))
    table_path = os.path.join(test_root, "Parse", "stricter-than-torchgen.txt")
    table = load_table(table_path)

    with tempfile.TemporaryDirectory(prefix="rejection-parity-") as work:
        files, cases = [], []
        patterns = (("Parse", r"invalid-.*\.yaml$", cases_of),
                    ("Transforms", r"(backend-yaml-(invalid-.*|warnings.*)|variant-synthesis-invalid)\.yaml$",
                     cases_of),
                    ("Parse", r"selection-(invalid-.*|warnings)\.yaml$", selection_cases))
        for folder, pattern, reader in patterns:
            for name in sorted(os.listdir(os.path.join(test_root, folder))):
                if re.match(pattern, name):
                    path = os.path.join(test_root, folder, name)
                    files.append(path)
                    cases.extend(reader(path, folder + "/" + name, test_root, work))
        autograd_tests = os.path.join(test_root, "AutogradApi")
        if os.path.isdir(autograd_tests):
            for name in sorted(os.listdir(autograd_tests)):
                if name.endswith("-errors.test"):
                    path = os.path.join(autograd_tests, name)
                    files.append(path)
                    cases.extend(autograd_cases(path, "AutogradApi/" + name, test_root,
                                                work, reference))

        parsed = {}
        for release in sorted({c.release for c in cases}):
            mine = [c for c in cases if c.release == release]
            dist = os.path.join(reference, release, "usr", "lib", "python3", "dist-packages")
            if not os.path.isdir(os.path.join(dist, "torchgen")):
                print("error: no torchgen %s under %s (run utils/fetch-reference.sh)" % (release, reference))
                return 1
            env = dict(os.environ, PYTHONPATH=dist)
            for group, script in (([c for c in mine if not c.autograd], os.path.abspath(__file__)),
                                  ([c for c in mine if c.autograd], DERIVATIVES_CHECK)):
                if not group:
                    continue
                r = subprocess.run([PYTHON, script, "--worker"], env=env,
                                   input=json.dumps([c.parse_job() for c in group]),
                                   capture_output=True, text=True)
                if r.returncode:
                    print("error: the torchgen %s worker failed:\n%s" % (release, r.stderr))
                    return 1
                for c, res in zip(group, json.loads(r.stdout)):
                    parsed[c.name] = res

        errors, accepted = [], []
        by_name = {c.name: c for c in cases}
        for c in cases:
            rejected, message = parsed[c.name]
            listed = table.get(c.name)
            if rejected is None:
                errors.append("ERROR %s: %s" % (c.name, message))
            elif rejected:
                if c.kind == "warning":
                    errors.append("MISMATCH %s: opgen accepts it with a warning, but torchgen "
                                  "rejects it (%s)" % (c.name, message))
                if listed:
                    errors.append("STALE %s: listed, but torchgen rejects it (%s); remove it "
                                  "from the list" % (c.name, message))
            else:
                accepted.append(c)
                if not listed:
                    errors.append("UNLISTED %s: torchgen accepts it; list it in %s with a "
                                  "verdict and the reason" % (c.name, os.path.relpath(table_path, test_root)))
                elif (listed[0] == "warning") != (c.kind == "warning"):
                    errors.append("WRONG %s: listed as `%s`, but opgen reports %s" % (
                        c.name, listed[0], "a warning only" if c.kind == "warning" else "an error"))
        for name in sorted(set(table) - set(by_name)):
            errors.append("STALE %s: listed, but no such case (moved? the name is FILE:LINE of its "
                          "first expected-error, or else expected-warning)" % name)

        # The whole generators, for what the lists say of each case.
        checked = [c for c in accepted if c.name in table
                   and (table[c.name][0] == "warning") == (c.kind == "warning")]
        not_214 = [c for c in checked if c.release != "2.14"]
        for c in not_214:
            errors.append("ERROR %s: only torchgen 2.14's generators are run, not %s's"
                          % (c.name, c.release))
        runner = Runner(reference, bindir, work)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            jobs = {c.name: pool.submit(runner.check, c, *table[c.name][:3])
                    for c in checked if c.release == "2.14"}
            failures = {}
            for c in sorted((by_name[n] for n in jobs), key=case_order):
                problems, failures[c.name] = jobs[c.name].result()
                for p in problems:
                    errors.append("WRONG %s: %s" % (c.name, p))

    rejected = sum(1 for r in parsed.values() if r[0])
    print("rejection parity: %d cases from %d files; torchgen %s rejects %d, accepts %d"
          % (len(parsed), len(files), "/".join(sorted({c.release for c in cases})), rejected,
             len(accepted)))
    for verdict, title in (("error", "opgen reports an error (torchgen fails later, or writes "
                                     "broken files):"),
                           ("warning", "opgen warns and writes torchgen's files:")):
        print(title)
        for c in sorted(accepted, key=case_order):
            listed = table.get(c.name)
            if (listed and listed[0] == "warning") == (verdict == "warning") or \
                    (not listed and c.kind == verdict):
                print("  %s  %s" % (c.name, "%s: %s" % (
                    listed[0] if listed[0] != "invalid" else "invalid " + listed[1],
                    listed[3]) if listed else "(NOT LISTED)"))
    if messages:
        for name in sorted(parsed):
            if parsed[name][0]:
                print("torchgen rejects %s: %s" % (name, parsed[name][1]))
        for c in sorted((by_name[n] for n in failures if failures[n]), key=case_order):
            print("torchgen's generator fails on %s: %s" % (c.name, failures[c.name]))
    for e in errors:
        print(e)
    print("rejection parity: %s" % ("%d error(s)" % len(errors) if errors else "OK"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
