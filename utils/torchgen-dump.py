#!/usr/bin/env python3
# Copied from shared/reference/torchgen_dump.py (the team's reference dumper),
# so the differential tests work where that folder is absent.
"""Dump torchgen's view of a native_functions.yaml as canonical JSON.

This is the reference side of the IR-level differential test: opgen-opt's
`--emit=json` must print the same document (keys sorted, 2-space indent) for
the same inputs. See shared/reference/IR-JSON.md for the format.

Usage: PYTHONPATH=<dir holding torchgen> torchgen_dump.py NATIVE_YAML TAGS_YAML
                                                        [BACKEND_YAML] > out.json
"""
import json
import sys

from torchgen.gen import get_grouped_native_functions, parse_native_yaml
from torchgen.model import (
    DispatchKey,
    NativeFunction,
    NativeFunctionsGroup,
    NativeFunctionsViewGroup,
)
from torchgen.api import cpp, dispatcher


def fn_name(f):
    return str(f.func.name)


def dump_function(f: NativeFunction):
    return {
        "func": str(f.func),
        "name": str(f.func.name),
        "kind": f.func.kind().name,
        "namespace": f.namespace,
        "variants": sorted(v.name for v in f.variants),
        "tags": sorted(f.tags),
        "generated": "generated" in f.tags,
        "python_module": f.python_module,
        "category_override": f.category_override,
        "device_guard": f.device_guard,
        "device_check": f.device_check.name,
        "manual_kernel_registration": f.manual_kernel_registration,
        "manual_cpp_binding": f.manual_cpp_binding,
        "structured": f.structured,
        "structured_delegate": str(f.structured_delegate) if f.structured_delegate else None,
        "structured_inherits": f.structured_inherits,
        "precomputed": (
            {
                "replace": {k: [str(a) for a in v] for k, v in f.precomputed.replace.items()},
                "add": [str(a) for a in f.precomputed.add],
            }
            if f.precomputed
            else None
        ),
        "autogen": [str(n) for n in f.autogen],
        "ufunc_inner_loop": sorted(k.name for k in f.ufunc_inner_loop),
        "cpp_no_default_args": sorted(f.cpp_no_default_args),
        "use_const_ref_for_mutable_tensors": f.use_const_ref_for_mutable_tensors,
        "is_abstract": f.is_abstract,
        "has_composite_implicit_autograd_kernel": f.has_composite_implicit_autograd_kernel,
        "has_composite_implicit_autograd_nested_tensor_kernel": f.has_composite_implicit_autograd_nested_tensor_kernel,
        "has_composite_explicit_autograd_kernel": f.has_composite_explicit_autograd_kernel,
        "has_composite_explicit_autograd_non_functional_kernel": f.has_composite_explicit_autograd_non_functional_kernel,
        "line": f.loc.line,
        "names": {
            "cpp": cpp.name(f.func),
            "dispatcher": dispatcher.name(f.func),
            "unambiguous": f.func.name.unambiguous_name(),
            "root": f.root_name,
        },
    }


def dump_group(g):
    if isinstance(g, NativeFunctionsGroup):
        return {
            "type": "group",
            "functional": fn_name(g.functional),
            "inplace": fn_name(g.inplace) if g.inplace else None,
            "mutable": fn_name(g.mutable) if g.mutable else None,
            "out": fn_name(g.out),
            "structured": g.structured,
        }
    if isinstance(g, NativeFunctionsViewGroup):
        return {
            "type": "view_group",
            "view": fn_name(g.view),
            "view_copy": fn_name(g.view_copy) if g.view_copy else None,
            "view_inplace": fn_name(g.view_inplace) if g.view_inplace else None,
        }
    return {"type": "single", "function": fn_name(g)}


def dump_index(bi):
    return {
        "use_out_as_primary": bi.use_out_as_primary,
        "device_guard": bi.device_guard,
        "external": bi.external,
        "index": {
            str(op): {
                "kernel": m.kernel,
                "structured": m.structured,
                "cpp_namespace": m.cpp_namespace,
            }
            for op, m in bi.index.items()
        },
    }


def main():
    native_yaml, tags_yaml = sys.argv[1], sys.argv[2]
    parsed = parse_native_yaml(native_yaml, tags_yaml)
    fns = parsed.native_functions
    indices = dict(parsed.backend_indices)
    if len(sys.argv) > 3:
        from torchgen.gen_backend_stubs import parse_backend_yaml

        grouped = get_grouped_native_functions(fns)
        res = parse_backend_yaml(sys.argv[3], grouped, indices)
        indices = res.backend_indices
    groups = []
    from torchgen.gen import get_grouped_by_view_native_functions

    doc = {
        "functions": [dump_function(f) for f in fns],
        "groups": [dump_group(g) for g in get_grouped_native_functions(fns)],
        "view_groups": [
            dump_group(g)
            for g in get_grouped_by_view_native_functions(fns)
            if isinstance(g, NativeFunctionsViewGroup)
        ],
        "backend_indices": {str(k): dump_index(v) for k, v in indices.items()},
    }
    json.dump(doc, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
