#!/usr/bin/env python3
"""Run utils/torchgen-dump.py with torchgen's out=/functional variant
generation turned off (parse_native_yaml's skip_native_fns_gen=True).

What is left is what the Python tests of tools/test/test_codegen.py build by
hand: NativeFunction.from_yaml on each entry and BackendIndex.grow_index,
with no add_generated_native_functions. opgen-opt gives the same when the
pipeline leaves out variant-synthesis.

Usage: PYTHONPATH=<dir holding torchgen> torchgen-dump-no-autogen.py
           TORCHGEN_DUMP_PY NATIVE_YAML TAGS_YAML > out.json
"""
import functools
import runpy
import sys

import torchgen.gen

torchgen.gen.parse_native_yaml = functools.partial(
    torchgen.gen.parse_native_yaml, skip_native_fns_gen=True
)

dump = sys.argv[1]
sys.argv = [dump] + sys.argv[2:]
runpy.run_path(dump, run_name="__main__")
