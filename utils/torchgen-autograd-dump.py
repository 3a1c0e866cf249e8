#!/usr/bin/env python3
"""Print torchgen's autograd model as JSON: what gen_autograd computes from
derivatives.yaml before it writes a file.

Usage: torchgen-autograd-dump.py NATIVE TAGS AUTOGRAD_DIR

(with torchgen on PYTHONPATH: reference/2.14/usr/lib/python3/dist-packages).
AUTOGRAD_DIR holds derivatives.yaml (torchgen/packaged/autograd, or a
PyTorch checkout's tools/autograd). It runs load_derivatives and
match_differentiability_info exactly as gen_autograd does (the native
functions sorted by their C++ name, no selection) and prints JSON lines,
each compact with its keys sorted:

  {"used_dispatch_keys": [...sorted]}
  {"infos": [[KEY, INFO]...], "schema": "..."}      one per schema, in the
                                                    dict's order
  {"func": "...", "fw_derivatives": [[KEY, [FWD...]]...] | null,
   "info": [[KEY, INFO]...] | null}                 one per function, in
                                                    the order matched

(per-key dicts as lists of pairs, to keep their order).

INFO is a DifferentiabilityInfo: name, func (its schema), op, derivatives,
forward_derivatives, all_saved_inputs, all_saved_outputs,
available_named_gradients, used_named_gradients (sorted),
args_with_derivatives ([name, C++ type]), non_differentiable_arg_names,
output_differentiability, output_differentiability_conditions. A saved
attribute is [name, C++ type, expr]; a derivative {formula,
original_formula, var_names, saved_inputs, saved_outputs, named_gradients
(sorted)}; a forward derivative {formula, var_names, var_types (schema
types), required_inputs_fw_grad, required_inputs_primal,
required_original_self_value, is_reusing_outplace_formula}. Sets are
printed sorted, tuples as lists; required_inputs_* (sets for the foreach
infos, read only by membership) sorted; all_saved_* in name order, as the
emitters read them. `opgen-opt --emit=autograd-infos` prints
the same document.
"""
import json
import sys


def saved(sa):
    name = sa.nctype.name
    name = getattr(name, "name", name)
    return [str(name), sa.nctype.type.cpp_type(), sa.expr]


def by_name(attrs):
    # The emitters read these in name order (a stable sort), and torchgen
    # builds the foreach infos' lists from a set, whose order changes with
    # PYTHONHASHSEED: printed in the order the emitters see.
    return [saved(s) for s in sorted(attrs, key=lambda s: str(s.nctype.name))]


def derivative(d):
    return {
        "formula": d.formula,
        "original_formula": d.original_formula,
        "var_names": list(d.var_names),
        "saved_inputs": [saved(s) for s in d.saved_inputs],
        "saved_outputs": [saved(s) for s in d.saved_outputs],
        "named_gradients": sorted(d.named_gradients),
    }


def forward(f):
    return {
        "formula": f.formula,
        "var_names": list(f.var_names),
        "var_types": [str(t) for t in f.var_types],
        "required_inputs_fw_grad": None if f.required_inputs_fw_grad is None
        else sorted(f.required_inputs_fw_grad),
        "required_inputs_primal": None if f.required_inputs_primal is None
        else sorted(f.required_inputs_primal),
        "required_original_self_value": f.required_original_self_value,
        "is_reusing_outplace_formula": f.is_reusing_outplace_formula,
    }


def info(i):
    return {
        "name": i.name,
        "func": str(i.func.func),
        "op": i.op,
        "derivatives": [derivative(d) for d in i.derivatives],
        "forward_derivatives": [forward(f) for f in i.forward_derivatives],
        "all_saved_inputs": by_name(i.all_saved_inputs),
        "all_saved_outputs": by_name(i.all_saved_outputs),
        "available_named_gradients": list(i.available_named_gradients),
        "used_named_gradients": sorted(i.used_named_gradients),
        "args_with_derivatives": [[b.name, b.nctype.type.cpp_type()]
                                  for b in i.args_with_derivatives],
        "non_differentiable_arg_names": list(i.non_differentiable_arg_names),
        "output_differentiability": i.output_differentiability,
        "output_differentiability_conditions":
            i.output_differentiability_conditions,
    }


def table(per_key, fn):
    """A dict by dispatch key as [[key, value]...]: its order is kept."""
    return [[k, fn(v)] for k, v in per_key.items()]


def line(obj):
    sys.stdout.write(json.dumps(obj, sort_keys=True, separators=(",", ":")))
    sys.stdout.write("\n")


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    native, tags, autograd_dir = argv
    import os

    from torchgen.api import cpp
    from torchgen.api.autograd import match_differentiability_info
    from torchgen.gen import parse_native_yaml
    from torchgen.packaged.autograd.load_derivatives import load_derivatives

    infos, used_keys = load_derivatives(
        os.path.join(autograd_dir, "derivatives.yaml"), native, tags)
    fns = sorted(parse_native_yaml(native, tags).native_functions,
                 key=lambda f: cpp.name(f.func))
    # match_differentiability_info adds the foreach infos it makes to the
    # dict: printed after it, as gen_autograd's emitters see it.
    matched = match_differentiability_info(fns, infos)
    line({"used_dispatch_keys": sorted(used_keys)})
    for schema, per_key in infos.items():
        line({"schema": str(schema), "infos": table(per_key, info)})
    for m in matched:
        line({
            "func": str(m.func.func),
            "info": None if m.info is None else table(m.info, info),
            "fw_derivatives": None if m.fw_derivatives is None
            else table(m.fw_derivatives, lambda v: [forward(f) for f in v]),
        })
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
