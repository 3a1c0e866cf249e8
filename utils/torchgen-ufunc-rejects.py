#!/usr/bin/env python3
"""Check that torchgen.gen fails on each case of a yaml that opgen rejects.

Usage: torchgen-ufunc-rejects.py --dist DIST --aten ATEN --tags TAGS YAML...

Some checks opgen makes when it reads an entry torchgen makes only when it
generates code (the ufunc kernels' asserts in dest/ufunc.py, or a translate()
that finds no expression): torchgen's parse accepts these inputs, so
check-rejection-parity.py lists them as stricter than torchgen. This script
shows torchgen.gen itself fails on them. Each YAML is cut at `# -----` lines
as opgen-opt's --split-input-file cuts it; each piece is written as the
native_functions.yaml of a folder with TAGS and ATEN's templates and run
through torchgen.gen (imported once, each run in a forked child). A piece with
an `expected-error` must make torchgen fail; one without must not. Prints one
line per piece: FILE:LINE, then `rejected` with torchgen's exception, or
`accepted`.
"""
import argparse
import io
import os
import sys
import tempfile
import traceback


def pieces(path):
    """(first line number, text) of each `# -----` piece of \\p path."""
    out, start, lines = [], 1, []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip() == "# -----":
                out.append((start, "".join(lines)))
                start, lines = n + 1, []
            else:
                lines.append(line)
    out.append((start, "".join(lines)))
    return out


def run_case(gen, text, aten, tags):
    """0 if torchgen.gen writes its files for \\p text; else 1, after
    printing the exception's last line to stdout."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "aten")
        os.makedirs(os.path.join(src, "native"))
        with open(os.path.join(src, "native", "native_functions.yaml"), "w") as f:
            f.write(text)
        with open(tags) as i, open(os.path.join(src, "native", "tags.yaml"), "w") as o:
            o.write(i.read())
        os.symlink(os.path.join(aten, "templates"), os.path.join(src, "templates"))
        sys.argv = ["torchgen.gen", "-s", src, "--install_dir",
                    os.path.join(tmp, "out")]
        # torchgen writes its AOTInductor folder relative to the current one.
        os.chdir(tmp)
        try:
            gen.main()
        except BaseException as e:  # noqa: B036 - SystemExit too
            msg = " ".join(
                "".join(traceback.format_exception_only(type(e), e)).split())
            # Straight to the pipe: the child ends with os._exit, which
            # flushes nothing.
            os.write(1, (msg[:200] + "\n").encode())
            return 1
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", required=True)
    ap.add_argument("--aten", required=True)
    ap.add_argument("--tags", required=True)
    ap.add_argument("yaml", nargs="+")
    a = ap.parse_args()
    sys.path.insert(0, os.path.abspath(a.dist))
    import torchgen.gen as gen

    bad = 0
    for path in a.yaml:
        for line, text in pieces(path):
            expect_reject = "expected-error" in text
            sys.stdout.flush()
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(r)
                os.dup2(w, 1)
                # torchgen's own chatter is not part of the answer.
                sys.stderr = io.StringIO()
                os._exit(run_case(gen, text, os.path.abspath(a.aten),
                                  os.path.abspath(a.tags)))
            os.close(w)
            with os.fdopen(r) as f:
                said = f.read().strip()
            _, status = os.waitpid(pid, 0)
            rejected = os.waitstatus_to_exitcode(status) != 0
            name = "%s:%d" % (os.path.basename(path), line)
            print("%s: %s%s" % (name, "rejected: " if rejected else "accepted",
                                said if rejected else ""))
            if rejected != expect_reject:
                bad += 1
                print("%s: torchgen %s it, but the test %s it" % (
                    name, "rejects" if rejected else "accepts",
                    "accepts" if rejected else "rejects"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
