#!/usr/bin/env python3
"""Make a native_functions.yaml N times the real one, for scale tests.

The result is copy 0 (the real entries, unchanged) followed by N-1 renamed
copies of them. Copy k renames every operator the same way everywhere it is
named, so the file stays valid for torchgen's parser and for opgen:

  - `func:` names, `structured_delegate:` and every `autogen:` name;
  - the kernel names under `dispatch:` and the loop names under
    `ufunc_inner_loop:` (they are spelled after the operator, and torchgen
    compares some of them with the operator's C++ name, so they must move
    with it);
  - overload names, argument names, `structured_inherits:` classes and
    comments are left alone: nothing ties them to the operator's name.

The rename inserts `x<k>_` in front of the name, after what the name's
meaning depends on, so that every suffix rule (`_` for inplace, `_copy` and
`_scatter` for view copies, `_functional`, `_like`, `_symint`, `_out` in
kernel names) and every prefix rule (a leading `_`, `_foreach_`, `new_`)
reads the renamed name as it reads the original. Dunder names cannot carry
a copy number and stay dunders (torchgen takes `__x3and__` for a dunder but
`__ix3and__` for neither an inplace dunder nor a valid name), so a copy's
`__and__` / `__iand__` become the plain pair `dunder_x<k>_and` /
`dunder_x<k>_and_`: still a functional op and its inplace variant.

torchgen names a few operators in its checks, and a renamed copy loses
what the name excused (SKIP, SCHEMA_EDITS and INPLACE_VIEW_EXEMPT below):
copies leave out the 41 entries (42 functions) native_function_generation.py
lists as unable to get generated variants, give bernoulli.p's `p` the
default signature() gives it, call the three `from` arguments `from_`, and
drop `inplace_view` from resize_, resize_as_ and set_. So Nx has
N * 2585 - (N - 1) * 41 entries (N * 3103 - (N - 1) * 42 functions after
the default passes), printed to standard error. At 10x, torchgen's parser
reads the result, and opgen-opt's `--emit=json` and opgen-backend-stubs'
files (torch_xla's yaml scaled) are byte-identical to torchgen's.

The file is rewritten line by line (the real file has one shape: `- func:`
lines, two-space keys, four-space dispatch and ufunc entries), so the copies
keep the original's layout. `--backend-yaml` scales a backend yaml
(torch_xla's) the same way: every operator list gets each copy's names.
`--aten-dir` lays out an ATen folder (native/native_functions.yaml, the
real tags.yaml, the real templates) for the tools' --source-path.

Usage: scale-native-yaml.py [--copies N] [--aten-dir DIR] [--backend-yaml IN OUT]
                            NATIVE_FUNCTIONS_YAML [OUT]
"""
import argparse
import os
import re
import shutil
import sys

# torchgen's augmented-assignment dunders (`__iand__` is `__and__` inplace).
AUGMENTED = {"add", "sub", "mul", "div", "mod", "pow", "lshift", "rshift",
             "and", "xor", "or"}
DUNDER = re.compile(r"__([^_]+)__")


def rename(name, k):
    """Copy k's spelling of an operator or kernel name (a C++ identifier,
    possibly namespace-qualified)."""
    if k == 0:
        return name
    ns, sep, ident = name.rpartition("::")
    tag = "x%d_" % k
    m = DUNDER.fullmatch(ident)
    if m:
        base = m.group(1)
        if base.startswith("i") and base[1:] in AUGMENTED:
            ident = "dunder_" + tag + base[1:] + "_"
        else:
            ident = "dunder_" + tag + base
    else:
        for keep in ("_foreach_", "new_"):
            if ident.startswith(keep):
                ident = keep + tag + ident[len(keep):]
                break
        else:
            lead = len(ident) - len(ident.lstrip("_"))
            ident = ident[:lead] + tag + ident[lead:]
    return ns + sep + ident


def rename_op(op, k):
    """`name.overload` -> the renamed name, same overload."""
    name, dot, overload = op.partition(".")
    return rename(name, k) + dot + overload


# torchgen names a few operators and arguments in its checks; a renamed copy
# loses what the name excused, so it gives that up:
#
# native_function_generation.py lists the functions it cannot give the
# out=/functional variants it generates for every other one (no tensor
# return, a schema it cannot pair up): copies leave them out.
SKIP = {
    # OUT_OPS_THAT_DONT_GET_GROUPED_PROPERLY
    "adaptive_avg_pool3d_backward.grad_input", "_slow_conv2d_backward.grad_input",
    # MUTABLE_OPS_THAT_CANNOT_GET_AN_OUT_VARIANT
    "_cummax_helper", "_cummin_helper",
    # FUNCTIONAL_OPS_THAT_CANNOT_GET_AN_OUT_VARIANT
    "_assert_async", "_assert_async.msg", "_assert_tensor_metadata",
    "_cslt_sparse_mm_search", "_assert_scalar", "_dimI", "_dimV",
    "_has_same_storage_numel", "_linalg_check_errors", "_local_scalar_dense",
    "_nested_tensor_from_mask_left_aligned", "_nnz", "_use_cudnn_ctc_loss",
    "_use_cudnn_ctc_loss.Tensor", "_use_miopen_ctc_loss",
    "_use_miopen_ctc_loss.Tensor", "_validate_compressed_sparse_indices",
    "allclose", "dense_dim", "equal", "is_coalesced", "is_pinned",
    "is_same_size", "is_set_to", "q_per_channel_axis", "q_scale",
    "q_zero_point", "qscheme", "record_stream", "sparse_dim",
    "sym_constrain_range", "sym_constrain_range_for_size",
    "_nested_tensor_storage_offsets",
    "_chunk_grad_outputs_efficient_attention", "_fused_sdp_choice", "_print",
    "_sink_tokens", "_nested_get_ragged_idx",
    # INPLACE_OPS_THAT_DONT_GET_GROUPED_PROPERLY
    "polygamma_",
}
# FunctionSchema.signature() gives bernoulli.p's `p` the default 0.5 so that
# it groups with bernoulli_.float: a copy writes the default itself.
SCHEMA_EDITS = {"bernoulli.p": ("float p,", "float p=0.5,")}
# resize_, resize_as_ and set_ may carry `inplace_view` without a view op of
# their name: a copy drops the tag.
INPLACE_VIEW_EXEMPT = {"resize_", "resize_as_", "set_"}
# Three functions may have an argument named `from` (a Python keyword): a
# copy calls it `from_`.
FROM_ARG = re.compile(r"(?<=[\w\]?] )from(?=[,=)])")
INPLACE_VIEW_TAG = re.compile(r"(, )?\binplace_view\b(, )?")

FUNC = re.compile(r"^(- func: )([A-Za-z0-9_]+)(\.[A-Za-z0-9_]+)?(.*)$", re.S)
FUNC_LINE = re.compile(r"^- func: ", re.M)
KEY = re.compile(r"^  ([a-z_]+):(.*)$", re.S)
SUBKEY = re.compile(r"^(    [A-Za-z0-9_, ]+: )([A-Za-z0-9_:]+)(.*)$", re.S)


def scale_lines(lines, k):
    """The lines of copy k (lines keep their line ends)."""
    out = []
    section = None
    exempt = skipping = False
    for line in lines:
        if k > 0 and line.startswith("- func: "):
            m = FUNC.match(line)
            skipping = m is not None and m.group(2) + (m.group(3) or "") in SKIP
        if skipping:
            continue
        if k == 0 or line.lstrip().startswith("#") or not line.strip():
            out.append(line)
            continue
        m = FUNC.match(line)
        if m:
            section = None
            exempt = m.group(2) in INPLACE_VIEW_EXEMPT
            rest = (m.group(3) or "") + FROM_ARG.sub("from_", m.group(4))
            edit = SCHEMA_EDITS.get(m.group(2) + (m.group(3) or ""))
            if edit:
                rest = rest.replace(*edit)
            out.append(m.group(1) + rename(m.group(2), k) + rest)
            continue
        m = KEY.match(line)
        if m:
            section = m.group(1)
            value = m.group(2)
            if section == "structured_delegate":
                body = value.strip()
                line = line.replace(body, rename_op(body, k), 1)
            elif section == "autogen":
                body = value.split("#")[0].strip()
                ops = [rename_op(o.strip(), k) for o in body.split(",")]
                line = line.replace(body, ", ".join(ops), 1)
            elif section == "tags" and exempt:
                tags = INPLACE_VIEW_TAG.sub(
                    lambda t: ", " if t.group(1) and t.group(2) else "", value)
                if not tags.strip():
                    continue
                line = "  tags:" + tags
            out.append(line)
            continue
        m = SUBKEY.match(line)
        if m and section in ("dispatch", "ufunc_inner_loop"):
            out.append(m.group(1) + rename(m.group(2), k) + m.group(3))
            continue
        out.append(line)
    return out


def scale_native(text, copies):
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    out = []
    for k in range(copies):
        out.extend(scale_lines(lines, k))
    return "".join(out)


def scale_backend(text, copies):
    """Every `  - op` list item, once per copy, renamed (but for the
    operators copies leave out); the rest as is."""
    out = []
    item = re.compile(r"^(\s*- )([A-Za-z0-9_.]+)(.*)$", re.S)
    for line in text.splitlines(keepends=True):
        m = item.match(line)
        if not m:
            out.append(line)
            continue
        for k in range(1 if m.group(2) in SKIP else copies):
            out.append(m.group(1) + rename_op(m.group(2), k) + m.group(3))
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("native_yaml")
    ap.add_argument("out", nargs="?", help="output yaml (default: stdout)")
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--aten-dir", help="also lay out an ATen folder here")
    ap.add_argument("--backend-yaml", nargs=2, metavar=("IN", "OUT"))
    args = ap.parse_args()
    if args.copies < 1:
        ap.error("--copies must be at least 1")
    with open(args.native_yaml, encoding="utf-8") as f:
        text = f.read()
    scaled = scale_native(text, args.copies)
    entries = len(FUNC_LINE.findall(text))
    left_out = entries * args.copies - len(FUNC_LINE.findall(scaled))
    sys.stderr.write(
        "scale-native-yaml: %d copies of %d entries, %d left out of each "
        "renamed copy: %d entries\n" % (
            args.copies, entries, left_out // max(args.copies - 1, 1),
            entries * args.copies - left_out))
    native_dir = os.path.dirname(os.path.abspath(args.native_yaml))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(scaled)
    elif not args.aten_dir:
        sys.stdout.write(scaled)
    if args.aten_dir:
        native = os.path.join(args.aten_dir, "native")
        os.makedirs(native, exist_ok=True)
        with open(os.path.join(native, "native_functions.yaml"), "w",
                  encoding="utf-8") as f:
            f.write(scaled)
        shutil.copyfile(os.path.join(native_dir, "tags.yaml"),
                        os.path.join(native, "tags.yaml"))
        templates = os.path.join(args.aten_dir, "templates")
        if not os.path.lexists(templates):
            os.symlink(os.path.join(os.path.dirname(native_dir), "templates"),
                       templates)
    if args.backend_yaml:
        src, dst = args.backend_yaml
        with open(src, encoding="utf-8") as f:
            text = scale_backend(f.read(), args.copies)
        with open(dst, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
