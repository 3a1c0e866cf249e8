#!/usr/bin/env python3
"""Print deprecated.yaml's signatures as torchgen parses them, or say which
entries torchgen rejects.

Usage: torchgen-deprecated-dump.py DEPRECATED_YAML
       torchgen-deprecated-dump.py --verdicts DEPRECATED_YAML

(with torchgen on PYTHONPATH: reference/2.14/usr/lib/python3/dist-packages).

The first form reads the file as gen_python_functions'
load_deprecated_signatures does (its YamlLoader, FunctionSchema.parse,
split_name_params, the `_out` stripping) and prints one compact JSON line
per entry with sorted keys: "schema" (str(FunctionSchema)), "aten" (the
called name), "args" (the call's arguments) and "is_out".
`opgen-opt --emit=deprecated-signatures` prints the same from opgen's reading.

The second form runs torchgen's own load_deprecated_signatures on each entry
alone, with no native functions to match: an entry that passes every check
it makes while reading fails only at the match ("No native function with
name ..."), printed `LINE: ok`; any other exception is `LINE: error TYPE:
MESSAGE` (its first line). LINE is the 1-based line of the entry's `-`.
A file that is not YAML, or whose top level is not a list, gets one
`file: ...` line, from a run on the whole file.
"""
import json
import os
import sys
import tempfile


def dump(path):
    import yaml
    from torchgen.model import FunctionSchema
    from torchgen.utils import split_name_params
    from torchgen.yaml_utils import YamlLoader

    with open(path) as f:
        defs = yaml.load(f, Loader=YamlLoader)
    for d in defs:
        schema = FunctionSchema.parse(d["name"])
        aten_name, call_args = split_name_params(d["aten"])
        is_out = aten_name.endswith("_out")
        if is_out:
            aten_name = aten_name.replace("_out", "")
        print(json.dumps({"schema": str(schema), "aten": aten_name,
                          "args": call_args, "is_out": is_out},
                         sort_keys=True, separators=(",", ":")))


def verdict(path):
    """torchgen's load_deprecated_signatures on PATH, with no functions."""
    from torchgen.packaged.autograd.gen_python_functions import (
        load_deprecated_signatures)
    try:
        load_deprecated_signatures([], path, method=False, pyi=False)
    except AssertionError as e:
        if str(e).startswith("No native function with name"):
            return "ok"
        return "error AssertionError: " + str(e).splitlines()[0]
    except Exception as e:  # noqa: BLE001 - every exception is a rejection
        msg = str(e).splitlines()[0] if str(e) else ""
        return "error %s: %s" % (type(e).__name__, msg)
    # No entries: nothing to match, and nothing rejected.
    return "ok"


def verdicts(path):
    import yaml
    from torchgen.yaml_utils import YamlLoader

    with open(path) as f:
        text = f.read()
    try:
        root = yaml.compose(text, Loader=YamlLoader)
    except yaml.YAMLError as e:
        print("file: error %s" % type(e).__name__)
        return
    if not isinstance(root, yaml.SequenceNode):
        print("file: " + verdict(path))
        return
    with tempfile.TemporaryDirectory() as tmp:
        one = os.path.join(tmp, "deprecated.yaml")
        for item in root.value:
            # The item's text, as a one-entry block sequence.
            body = text[item.start_mark.index:item.end_mark.index]
            with open(one, "w") as f:
                f.write("- " + body + "\n")
            print("%d: %s" % (item.start_mark.line + 1, verdict(one)))


def main(argv):
    if len(argv) == 2 and argv[0] == "--verdicts":
        verdicts(argv[1])
    elif len(argv) == 1:
        dump(argv[0])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
