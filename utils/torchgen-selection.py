#!/usr/bin/env python3
"""Print what torchgen's SelectiveBuilder answers for every native function.

Usage: torchgen-selection.py NATIVE_FUNCTIONS_YAML TAGS_YAML
           [--op-selection-yaml-path FILE | --op-registration-whitelist OP...]

One line per function of parse_native_yaml (generated ones included, in its
order): the name a selection gives it (`aten::add.Tensor`), then 1 or 0 for
is_native_function_selected, is_native_function_selected_for_training and
is_root_operator. The selector is made as torchgen.gen makes it
(get_custom_build_selector), so with neither flag it is the nop selector.
opgen-opt --emit=selected-operators -passes=default prints the same.
Needs torchgen on PYTHONPATH.
"""
import argparse
import sys

from torchgen.gen import get_custom_build_selector, parse_native_yaml
from torchgen.selective_build.selector import op_name_from_native_function


def main():
    p = argparse.ArgumentParser()
    p.add_argument("native")
    p.add_argument("tags")
    p.add_argument("--op-selection-yaml-path")
    p.add_argument("--op-registration-whitelist", nargs="*")
    a = p.parse_args()
    selector = get_custom_build_selector(a.op_registration_whitelist,
                                         a.op_selection_yaml_path)
    out = []
    for f in parse_native_yaml(a.native, a.tags).native_functions:
        name = op_name_from_native_function(f)
        out.append("%s %d %d %d\n" % (
            name,
            selector.is_native_function_selected(f),
            selector.is_native_function_selected_for_training(f),
            selector.is_root_operator(name)))
    sys.stdout.write("".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
