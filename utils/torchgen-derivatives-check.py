#!/usr/bin/env python3
"""Whether torchgen accepts a derivatives.yaml: gen_autograd's whole run.

Usage: torchgen-derivatives-check.py NATIVE TAGS AUTOGRAD_DIR [--out DIR]
       torchgen-derivatives-check.py --worker   (JSON jobs on stdin)

(with torchgen on PYTHONPATH: reference/2.14/usr/lib/python3/dist-packages).
AUTOGRAD_DIR holds derivatives.yaml; its templates/ are used when it has
them, else the packaged ones. It runs what gen_autograd runs: load_derivatives,
match_differentiability_info over the functions sorted by C++ name, and the
generators (VariableType, ADInplaceOrView, TraceType, Functions, variable
factories, ViewFuncs) into a scratch folder (DIR with --out, kept), and
prints `accepted`, or `rejected: TYPE: MESSAGE` (the exception's first line)
and exits with 1.

--worker reads a JSON list of [NATIVE, TAGS, AUTOGRAD_DIR, OUT or null]
jobs and prints a JSON list of [rejected, message], each job run in a child
forked after torchgen is imported (load_derivatives and parse_native_yaml
cache their results by path, so each case needs a process of its own).
"""
import io
import json
import os
import shutil
import sys
import tempfile


def packaged_templates():
    import torchgen.packaged.autograd as ag

    return os.path.join(os.path.dirname(ag.__file__), "templates")


def run(native, tags, autograd_dir, out):
    """gen_autograd's steps, with the derivatives.yaml of autograd_dir."""
    from torchgen.api import cpp
    from torchgen.api.autograd import match_differentiability_info
    from torchgen.gen import parse_native_yaml
    from torchgen.packaged.autograd.gen_autograd_functions import (
        gen_autograd_functions_lib,
    )
    from torchgen.packaged.autograd.gen_inplace_or_view_type import (
        gen_inplace_or_view_type,
    )
    from torchgen.packaged.autograd.gen_trace_type import gen_trace_type
    from torchgen.packaged.autograd.gen_variable_factories import (
        gen_variable_factories,
    )
    from torchgen.packaged.autograd.gen_variable_type import gen_variable_type
    from torchgen.packaged.autograd.gen_view_funcs import gen_view_funcs
    from torchgen.packaged.autograd.load_derivatives import load_derivatives

    templates = os.path.join(autograd_dir, "templates")
    if not os.path.isdir(templates):
        templates = packaged_templates()
    infos, used_keys = load_derivatives(
        os.path.join(autograd_dir, "derivatives.yaml"), native, tags)
    native_funcs = parse_native_yaml(native, tags).native_functions
    fns = sorted(native_funcs, key=lambda f: cpp.name(f.func))
    matched = match_differentiability_info(fns, infos)
    os.makedirs(out, exist_ok=True)
    gen_variable_type(out, native, tags, matched, templates, used_keys)
    gen_inplace_or_view_type(out, native, tags, matched, templates)
    gen_trace_type(out, native_funcs, templates)
    gen_autograd_functions_lib(out, infos, templates)
    gen_variable_factories(out, native, tags, templates)
    gen_view_funcs(out, matched, templates)


def check(native, tags, autograd_dir, out=None):
    """[rejected, message]."""
    scratch = None
    if out is None:
        scratch = out = tempfile.mkdtemp(prefix="derivatives-check-")
    try:
        run(native, tags, autograd_dir, out)
        return [False, "accepted"]
    except BaseException as e:  # torchgen raises AssertionError, KeyError, ...
        text = str(e).strip().splitlines()
        return [True, ("%s: %s" % (type(e).__name__, text[0] if text else ""))[:300]]
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


def worker():
    import torchgen.gen  # noqa: F401  (imported once, before forking)
    import torchgen.packaged.autograd.gen_variable_type  # noqa: F401

    results = []
    for job in json.load(sys.stdin):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            sys.stdout = io.StringIO()
            sys.stderr = io.StringIO()
            result = check(*job)
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


def main(argv):
    if argv == ["--worker"]:
        return worker()
    out = None
    if "--out" in argv:
        i = argv.index("--out")
        out = argv[i + 1]
        del argv[i:i + 2]
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    rejected, message = check(*argv, out=out)
    print("rejected: " + message if rejected else "accepted")
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
