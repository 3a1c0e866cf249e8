#!/usr/bin/env python3
"""Print torchgen's Python signatures as opgen-opt --emit=python-signatures
prints opgen's.

Usage: torchgen-python-signatures.py NATIVE TAGS AUTOGRAD_DIR  (torchgen on PYTHONPATH)

For every function gen_python_functions.py binds (should_generate_py_binding,
with the skip tables of AUTOGRAD_DIR's gen_python_functions.py when it is
torchgen's packaged folder), in native_functions.yaml's order: its signature
as a function and, for a method variant, as a method; one JSON object a line,
keys sorted: schema, method, signature (signature_str()), output_idx,
default_inits (each TensorOptions argument's default_init, or null).
"""
import json
import sys


def main():
    native, tags, _autograd = sys.argv[1:4]
    import torchgen.api.python as python
    from torchgen.gen import parse_native_yaml
    from torchgen.model import Variant
    from torchgen.packaged.autograd.gen_python_functions import (
        should_generate_py_binding)

    fns = parse_native_yaml(native, tags).native_functions
    for f in fns:
        if not should_generate_py_binding(f):
            continue
        for method in (False, True):
            if method and Variant.method not in f.variants:
                continue
            s = python.signature(f, method=method)
            print(json.dumps({
                "schema": str(f.func),
                "method": method,
                "signature": s.signature_str(),
                "output_idx": s.output_idx(),
                "default_inits": [a.default_init for a in s.tensor_options_args],
            }, sort_keys=True, separators=(",", ":"), ensure_ascii=True))


if __name__ == "__main__":
    main()
