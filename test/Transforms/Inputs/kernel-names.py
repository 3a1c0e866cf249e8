#!/usr/bin/env python3
"""Print each function's kernel names (cpp, dispatcher, unambiguous, root),
one line per function, from opgen's JSON or from torchgen's model.

Usage: kernel-names.py opgen OPGEN.json
       PYTHONPATH=<torchgen> kernel-names.py torchgen NATIVE.yaml TAGS.yaml

The torchgen side reads each entry with NativeFunction.from_yaml alone, as
opgen's kernel-naming pass sees it, without the variant synthesis that
parse_native_yaml always runs (so an input made for the pass alone, like
kernel-naming.yaml, is named as it is). The names are computed as
utils/torchgen-dump.py computes them.
"""
import json
import sys


def line(func, cpp, dispatcher, unambiguous, root):
    return "%s: cpp=%s dispatcher=%s unambiguous=%s root=%s" % (
        func, cpp, dispatcher, unambiguous, root)


def from_opgen(path):
    with open(path) as f:
        doc = json.load(f)
    for fn in doc["functions"]:
        n = fn["names"]
        print(line(fn["func"], n["cpp"], n["dispatcher"], n["unambiguous"], n["root"]))


def from_torchgen(native, tags):
    import yaml
    from torchgen.api import cpp, dispatcher
    from torchgen.gen import parse_tags_yaml
    from torchgen.model import Location, NativeFunction

    valid_tags = parse_tags_yaml(tags)
    with open(native) as f:
        entries = yaml.load(f, Loader=yaml.SafeLoader)
    for i, e in enumerate(entries):
        f, _ = NativeFunction.from_yaml(dict(e), Location(native, i), valid_tags)
        print(line(str(f.func), cpp.name(f.func), dispatcher.name(f.func),
                   f.func.name.unambiguous_name(), f.root_name))


if __name__ == "__main__":
    if sys.argv[1] == "opgen":
        from_opgen(sys.argv[2])
    else:
        from_torchgen(sys.argv[2], sys.argv[3])
