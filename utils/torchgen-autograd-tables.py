#!/usr/bin/env python3
"""Print the policy tables of torchgen's autograd generators as Python sees
them once the modules are imported.

Usage: torchgen-autograd-tables.py AUTOGRAD_DIR

(with torchgen on PYTHONPATH: reference/2.14/usr/lib/python3/dist-packages).
AUTOGRAD_DIR is torchgen/packaged/autograd or a copy of it: its modules are
imported from there, as a package of their own (they import each other
relatively). Prints one compact JSON object with sorted keys: each table by
name, sets as sorted lists, dicts as [key, value] pairs in their order,
lists as they are. `opgen-opt --emit=autograd-tables` prints the same from
opgen's reading of the files.
"""
import importlib.util
import json
import os
import sys

TABLES = {
    "gen_trace_type": ["MANUAL_BACKEND", "MANUAL_AUTOGRAD_AND_TRACER",
                       "MANUAL_AUTOGRAD", "MANUAL_TRACER", "DONT_RECORD_TRACE",
                       "RENAME_TRACE", "RENAME_TRACE_ADD_ARGS"],
    "gen_inplace_or_view_type": ["VIEW_FUNCTIONS_WITH_METADATA_CHANGE",
                                 "VIEW_FUNCTIONS", "RETURNS_VIEWS_OF_INPUT",
                                 "ALL_VIEW_FUNCTIONS"],
    "gen_variable_type": ["DONT_REQUIRE_DERIVATIVE",
                          "GRADIENT_IMPLEMENTED_FOR_COMPLEX",
                          "GRADIENT_IMPLEMENTED_FOR_SPARSE_COMPLEX",
                          "RESET_GRAD_ACCUMULATOR",
                          "DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE",
                          "DONT_ENFORCE_TENSOR_IMPL_USE_COUNT",
                          "DONT_ENFORCE_STORAGE_IMPL_USE_COUNT",
                          "_foreach_ops_without_differentiability_info",
                          "_foreach_ops_with_different_arity"],
    "gen_autograd_functions": ["UNTRACEABLE_FUNCTIONS"],
}


def load_package(folder):
    """Import FOLDER as the package `opgen_autograd_copy`."""
    spec = importlib.util.spec_from_file_location(
        "opgen_autograd_copy", os.path.join(folder, "__init__.py"),
        submodule_search_locations=[folder])
    pkg = importlib.util.module_from_spec(spec)
    sys.modules["opgen_autograd_copy"] = pkg
    spec.loader.exec_module(pkg)
    return pkg


def shape(v):
    if isinstance(v, (set, frozenset)):
        return sorted(v)
    if isinstance(v, dict):
        return [[k, x] for k, x in v.items()]
    if isinstance(v, (list, tuple)):
        return list(v)
    return v


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    load_package(os.path.abspath(argv[0]))
    out = {}
    for module, names in TABLES.items():
        m = importlib.import_module("opgen_autograd_copy." + module)
        for name in names:
            out[name] = shape(getattr(m, name))
    sys.stdout.write(json.dumps(out, sort_keys=True, separators=(",", ":")))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
