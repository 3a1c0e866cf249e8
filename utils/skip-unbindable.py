#!/usr/bin/env python3
"""Add to an autograd folder's _SKIP_PYTHON_BINDINGS every function
torchgen's Python bindings cannot bind, as torchgen itself finds them, so
that a generated native_functions.yaml (utils/gen-operator-families.py,
whose types go beyond what PythonArgParser unpacks) can be bound at all.

Usage: skip-unbindable.py NATIVE TAGS AUTOGRAD_DIR   (torchgen on PYTHONPATH)

A base name is unbindable when building the binding pieces of one of its
overloads raises (its signature string, the parser's unpacking, the
dispatch lambda, its structseq), or its overloads group badly in some
namespace (duplicate signatures, an out= overload without a base); then
all its overloads are skipped (they share C++ names). Each is added as its exact C++ name (re.escape'd), after the list's
opening bracket; prints how many.
"""
import re
import sys
from collections import defaultdict


def main():
    native, tags, autograd = sys.argv[1:4]
    import torchgen.api.python as python
    from torchgen.api import cpp
    from torchgen.context import native_function_manager
    from torchgen.gen import parse_native_yaml
    from torchgen.packaged.autograd import gen_python_functions as g

    fns = [f for f in parse_native_yaml(native, tags).native_functions
           if g.should_generate_py_binding(f)]
    bad = set()
    by_name = defaultdict(list)
    for f in fns:
        by_name[f.func.name.name].append(f)
    # A skip pattern names a C++ name, which a base name's overloads share
    # (`abs` for abs and abs.gf7, `abs_out` for abs.out): a base name is
    # bound whole or not at all, lest an out= overload lose its base.
    bad_names = set()
    for f in fns:
        try:
            with native_function_manager(f):
                for method in (False, True):
                    ps = python.signature(f, method=method)
                    ps.signature_str()
                    python.arg_parser_output_exprs(ps, f)
                    python.dispatch_lambda_exprs(ps, f)
                    python.dispatch_lambda_return_str(f)
                    python.cpp_dispatch_target(f)
                python.structseq_fieldnames(f.func.returns)
        except Exception:
            bad_names.add(f.func.name.name)
    # Overloads are grouped per namespace, as the bindings group them: a
    # method-only function is no base for a function's out= overload.
    preds = [(g.is_py_variable_method, True), (g.is_py_torch_function, False),
             (g.is_py_nn_function, False), (g.is_py_fft_function, False),
             (g.is_py_linalg_function, False), (g.is_py_nested_function, False),
             (g.is_py_sparse_function, False), (g.is_py_special_function, False)]
    for name, group in by_name.items():
        if name in bad_names:
            bad.update(cpp.name(f.func) for f in group)
            continue
        for pred, method in preds:
            members = [f for f in group if pred(f)]
            pairs = [python.PythonSignatureNativeFunctionPair(
                signature=python.signature(f, method=method), function=f)
                for f in members]
            try:
                g.group_overloads(pairs)
            except Exception:
                bad.update(cpp.name(f.func) for f in group)
    path = autograd + "/gen_python_functions.py"
    text = open(path).read()
    marker = "_SKIP_PYTHON_BINDINGS = [\n"
    assert marker in text
    added = "".join('    "%s",\n' % re.escape(n) for n in sorted(bad))
    open(path, "w").write(text.replace(marker, marker + added, 1))
    print("skip-unbindable: %d functions skipped" % len(bad))


if __name__ == "__main__":
    main()
