#!/usr/bin/env python3
"""Print torchgen's str(FunctionSchema) for every entry of a
native_functions.yaml, in file order, using whichever torchgen is on
PYTHONPATH (each release's own torchgen is the reference for its file).

Usage: PYTHONPATH=<dist-packages> torchgen-schemas.py NATIVE_YAML TAGS_YAML
"""
import sys

from torchgen.gen import parse_native_yaml


def main():
    parsed = parse_native_yaml(sys.argv[1], sys.argv[2], skip_native_fns_gen=True)
    out = sys.stdout
    for f in parsed.native_functions:
        out.write(str(f.func) + "\n")


if __name__ == "__main__":
    main()
