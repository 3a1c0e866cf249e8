#!/usr/bin/env python3
# Copied from shared/reference/torchgen_api_dump.py (the team's reference dumper),
# so the differential tests work where that folder is absent.
"""Print torchgen's C++ API view of every native function, one JSON object a line.

This is the reference side of the C++ API differential test: for each
function of a native_functions.yaml (generated ones included, in torchgen's
order), the names, signatures and types that torchgen's `api/` package
computes for each C++ API it generates against. opgen's C++ API layer must
print the same lines for the same inputs. API-DUMP.md describes the format.

Usage: PYTHONPATH=<dir holding torchgen> torchgen_api_dump.py NATIVE_YAML TAGS_YAML > api.jsonl
"""
import json
import sys

from torchgen.api import cpp, dispatcher, functionalization, meta, native, structured, ufunc
from torchgen.api.types import (
    CppSignatureGroup,
    DispatcherSignature,
    NativeSignature,
    ViewInverseSignature,
)
from torchgen.context import native_function_manager
from torchgen.gen import get_grouped_native_functions, parse_native_yaml
from torchgen.model import (
    DispatchKey,
    NativeFunctionsGroup,
    NativeFunctionsViewGroup,
    Variant,
)


def cpp_group(f, method):
    g = CppSignatureGroup.from_native_function(f, method=method, fallback_binding=f.manual_cpp_binding)
    out = {"decl": g.signature.decl(), "defn": g.signature.defn(),
           "redispatch_decl": g.signature.decl(is_redispatching_fn=True)}
    if g.symint_signature is not None:
        out["symint_decl"] = g.symint_signature.decl()
    if g.faithful_signature is not None:
        out["faithful_decl"] = g.faithful_signature.decl()
    if g.symint_faithful_signature is not None:
        out["symint_faithful_decl"] = g.symint_faithful_signature.decl()
    return out


def dump_function(f):
    with native_function_manager(f):
        d = {
            "name": str(f.func.name),
            "dispatcher": {
                "name": dispatcher.name(f.func),
                "decl": DispatcherSignature.from_schema(f.func).decl(),
                "returns": dispatcher.returns_type(f.func.returns).cpp_type(),
            },
            "cpp": {
                "name": cpp.name(f.func),
                "faithful_name": cpp.name(f.func, faithful_name_for_out_overloads=True),
                "returns": cpp.returns_type(f.func.returns).cpp_type(),
                "return_names": list(cpp.return_names(f)),
            },
            "native": {
                "name": native.name(f.func),
                "decl": NativeSignature(f.func, symint=False).decl(),
                "symint_decl": NativeSignature(f.func, symint=True).decl(),
            },
        }
        if Variant.function in f.variants:
            d["cpp"]["function"] = cpp_group(f, method=False)
        if Variant.method in f.variants:
            d["cpp"]["method"] = cpp_group(f, method=True)
        return d


def dump_group(g):
    """Structured kernels and ufuncs: per NativeFunctionsGroup."""
    out = {}
    if g.structured:
        with native_function_manager(g):
            out["structured"] = {
                "meta_name": meta.name(g),
                "meta_arguments": [b.decl() for b in structured.meta_arguments(g)],
                "impl_arguments": [b.decl() for b in structured.impl_arguments(g)],
                "out_arguments": [b.decl() for b in structured.out_arguments(g)],
            }
    if g.out.ufunc_inner_loop:
        with native_function_manager(g.out):
            out["ufunc"] = {
                "kernel_name_cpu": ufunc.kernel_name(g, DispatchKey.CPU),
                "kernel_name_cuda": ufunc.kernel_name(g, DispatchKey.CUDA),
                "stub_arguments": [b.decl() for b in ufunc.stub_arguments(g)],
            }
    return out


def dump_view_group(vg):
    out = {}
    with native_function_manager(vg.view):
        if not vg.view.has_composite_implicit_autograd_kernel:
            out["inverse_decl"] = ViewInverseSignature(vg).decl()
            out["reverse_name"] = functionalization.reverse_name(vg.view, include_namespace=True)
            out["classname"] = functionalization.classname(vg.view.func, with_namespace=True)
    return out


def main():
    parsed = parse_native_yaml(sys.argv[1], sys.argv[2])
    fns = parsed.native_functions
    extra = {}
    for g in get_grouped_native_functions(fns):
        if isinstance(g, NativeFunctionsGroup):
            info = dump_group(g)
            if info:
                extra.setdefault(str(g.functional.func.name), {}).update(info)
    from torchgen.native_function_generation import add_generated_native_functions  # noqa: F401
    from torchgen.gen import get_grouped_by_view_native_functions
    for vg in get_grouped_by_view_native_functions(fns):
        if isinstance(vg, NativeFunctionsViewGroup):
            info = dump_view_group(vg)
            if info:
                extra.setdefault(str(vg.view.func.name), {})["view"] = info
    for f in fns:
        d = dump_function(f)
        d.update(extra.get(str(f.func.name), {}))
        print(json.dumps(d, sort_keys=True, separators=(",", ":")))


if __name__ == "__main__":
    main()
