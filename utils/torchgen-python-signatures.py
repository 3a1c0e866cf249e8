#!/usr/bin/env python3
"""Print torchgen's Python signatures as opgen-opt --emit=python-signatures
prints opgen's.

Usage: torchgen-python-signatures.py NATIVE TAGS AUTOGRAD_DIR  (torchgen on PYTHONPATH)

gen_python_functions.py's load_signatures pairs, as functions, then as
methods: every function it binds (should_generate_py_binding, with the
packaged module's skip tables), then each signature of AUTOGRAD_DIR's
deprecated.yaml with each function it calls; one JSON object a line, keys
sorted: schema (the function's), deprecated (the deprecated schema, or
null), method, signature (signature_str()), output_idx, default_inits (each
TensorOptions argument's default_init, or null).
"""
import json
import sys


def main():
    import os

    native, tags, autograd = sys.argv[1:4]
    from torchgen.gen import parse_native_yaml
    from torchgen.packaged.autograd.gen_python_functions import (
        load_signatures, should_generate_py_binding)

    fns = parse_native_yaml(native, tags).native_functions
    fns = list(filter(should_generate_py_binding, fns))
    deprecated = os.path.join(autograd, "deprecated.yaml")
    for method in (False, True):
        for pair in load_signatures(fns, deprecated, method=method):
            s, f = pair.signature, pair.function
            print(json.dumps({
                "schema": str(f.func),
                "deprecated": (str(s.deprecated_schema) if s.deprecated
                               else None),
                "method": method,
                "signature": s.signature_str(),
                "output_idx": s.output_idx(),
                "default_inits": [a.default_init for a in s.tensor_options_args],
            }, sort_keys=True, separators=(",", ":"), ensure_ascii=True))


if __name__ == "__main__":
    main()
