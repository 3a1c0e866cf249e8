"""Kinds: composite-implicit functions, custom namespaces, arguments
(every type, before self, no self, SymInt, a mutable list, scratch outs),
tuple returns, overloads, methods and dunders, manual bindings, random ops,
dispatch keys (many, or one given twice), and the unstructured
functional/inplace/out= trio."""
from .entries import Entry
from .family import (add_seeded, backend_dispatch, kind, maybe_device_flags,
                     maybe_misc, opname, out_overload, schema, set_variants,
                     variants, with_kwarg)
from .vocab import (CEA, CEANF, CIA, CIANT, NAMESPACES, NON_TENSOR_RETURNS,
                    RET_NAMES)


@kind("composite_implicit")
def kind_composite_implicit(ctx):
    """Composite-implicit functions and methods (no dispatch table): any
    argument and return types. native_function_generation leaves them alone
    unless tagged `core`, and then an op without a tensor-like return would
    need an out= it cannot have, so `core` only goes with tensor returns. A
    singleton CompositeImplicitAutograd entry must name a `_symint` kernel
    (any other name is rejected: it should be deleted)."""
    f = ctx.family("composite_implicit")
    ctx.fresh_names()
    ov = ctx.choice(["", "", "Tensor", "Scalar", "dim", "int_list"])
    n = ctx.choice([0, 1, 2, 3, 4])
    args, props = ctx.args(n, exotic=0.1)
    kw = []
    if ctx.chance(0.3):
        kw, kp = ctx.args(ctx.choice([1, 2]), avoid=("gen",))
        props |= kp
    self_arg = ctx.choice(["Tensor self"] * 4 + ["Tensor input",
                                                 "Scalar self",
                                                 "Tensor[] tensors", None])
    all_pos = ([self_arg] if self_arg else []) + args
    nret = ctx.choice([1, 1, 1, 2, 0])
    tensor_ret = True
    if nret == 0:
        rets, tensor_ret = ["()"], False
    elif nret == 1:
        rt = ctx.choice(["Tensor"] * 4 + ["Tensor[]"] + NON_TENSOR_RETURNS)
        rets = [rt]
        tensor_ret = rt.startswith("Tensor")
    else:
        types = [ctx.choice(["Tensor", "Tensor", "int", "float", "Tensor[]"])
                 for _ in range(2)]
        names = ctx.sample(RET_NAMES, 2)
        named = ctx.chance(0.4)
        rets = ["%s %s" % (t, nm) if named else t
                for t, nm in zip(types, names)]
        tensor_ret = any(t.startswith("Tensor") for t in types)
    e = Entry(schema(opname(ctx.base, ov), with_kwarg(all_pos, kw), rets))
    method_ok = self_arg == "Tensor self"
    v = variants(ctx, method_ok)
    set_variants(ctx, e, v)
    sym = "sym" in props
    if sym and ctx.chance(0.5):
        e.set("dispatch", [([CIA], ctx.kernel("symint"))])
    elif ctx.chance(0.15):
        e.set("dispatch", [([CIA], ctx.kernel("impl")),
                           ([CIANT], ctx.kernel("nested"))])
    maybe_device_flags(ctx, e, 0.1)
    maybe_misc(ctx, e, v == "function", all_pos + kw)
    if ctx.chance(0.08):
        e.set("manual_cpp_binding", True)
    add_seeded(ctx, e, all_pos + kw, allow_core=tensor_ret)
    f.add(e)
    return f


@kind("custom_namespace")
def kind_custom_namespace(ctx):
    """Operators in a namespace of their own (`myns::x`): registered with a
    TORCH_LIBRARY of that namespace (TORCH_LIBRARY_FRAGMENT for the
    predefined `quantized`). Kernels may carry a C++ namespace too
    (`ns::kernel`, up to 3 levels); torchgen wants one kernel namespace per
    operator across its dispatch keys."""
    # ("" is `::x`: torchgen's default namespace, aten; opgen warns)
    ns = ctx.choice(NAMESPACES * 2 + ["quantized", ""])
    f = ctx.family("custom_namespace")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    kns = ctx.choice(["", "", "custom::", "gfk::inner::"])
    shape = ctx.choice(["fn", "fn", "composite", "autogen", "structured"])
    if shape == "structured":
        out = Entry(schema(ctx.base + ".out", ["Tensor self", "*",
                                               "Tensor(a!) out"],
                           ["Tensor(a!)"]), ns)
        out.set("structured", True)
        out.set("dispatch", [(["CPU"], kns + ctx.kernel("out"))])
        f.add(out)
        fn = Entry(schema(ctx.base, ["Tensor self"], ["Tensor"]), ns)
        fn.set("structured_delegate", ctx.base + ".out")
        f.add(fn)
        return f
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]), ns)
    set_variants(ctx, e, variants(ctx, method_ok=False))
    if shape != "composite":
        table = backend_dispatch(ctx, "", sym,
                                 composite=ctx.choice([None, CEA]))
        e.set("dispatch", [(k, kns + v) for k, v in table])
    f.add(e)
    if shape == "autogen":
        if not e.get("dispatch"):
            e.set("dispatch", [([CEA], kns + ctx.kernel())])
        f.autogen(e, [ctx.base + ".out"], symint=sym)
    return f


@kind("arg_zoo")
def kind_arg_zoo(ctx):
    """One function with many arguments of every type, kwarg-only ones
    among them, with a kernel: exercises every C++ type mapping (the
    faithful and non-faithful C++ APIs, the dispatcher, unboxing, the
    functionalization and the Declarations.yaml spellings)."""
    f = ctx.family("arg_zoo")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([3, 4, 5, 6]), exotic=0.15)
    kw, kp = ctx.args(ctx.choice([0, 1, 2, 3]), exotic=0.15)
    props |= kp
    sym = "sym" in props
    e = Entry(schema(ctx.base, with_kwarg(["Tensor self"] + args, kw),
                     [ctx.choice(["Tensor", "Tensor", "Tensor[]",
                                  "(Tensor, Tensor)"])]))
    v = variants(ctx)
    set_variants(ctx, e, v)
    e.set("dispatch", backend_dispatch(ctx, "", sym,
                                       composite=ctx.choice([None, CEA, CEANF]),
                                       others=ctx.choice([0, 1])))
    maybe_device_flags(ctx, e)
    maybe_misc(ctx, e, v == "function", args + kw)
    add_seeded(ctx, e, args + kw)
    f.add(e)
    return f


@kind("tuple_out")
def kind_tuple_out(ctx):
    """A functional op with tuple returns (named or not) and its hand-written
    out= variant: the out arguments carry the return names and are returned
    aliased (`(Tensor(a!) values, Tensor(b!) indices)`)."""
    f = ctx.family("tuple_out")
    ctx.fresh_names()
    n = ctx.choice([2, 2, 3])
    names = ctx.sample(RET_NAMES, n)
    named = ctx.chance(0.7)
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    ov = ctx.choice(["", "dim", "values"])
    fn = Entry(schema(opname(ctx.base, ov), ["Tensor self"] + args,
                      [("Tensor %s" % nm) if named else "Tensor"
                       for nm in names]))
    v = variants(ctx)
    set_variants(ctx, fn, v)
    keys = ctx.sample(["CPU", "CUDA", "MPS", "Meta"], ctx.choice([1, 2]))
    fn.set("dispatch", backend_dispatch(ctx, "", sym, keys=keys))
    maybe_device_flags(ctx, fn)
    tags = ctx.tags(allow_core=True)
    if tags:
        fn.set("tags", tags)
    f.add(fn)
    outs = ["Tensor(%s!) %s" % (a, nm) for a, nm in zip("abc", names)]
    out_rets = ["Tensor(%s!) %s" % (a, nm) if named else "Tensor(%s!)" % a
                for a, nm in zip("abc", names)]
    o = Entry(schema(opname(ctx.base, ov + "_" + names[0] if ov
                            else names[0]),
                     ["Tensor self"] + args + ["*"] + outs, out_rets))
    o.set("dispatch", backend_dispatch(ctx, "out", sym, keys=keys))
    maybe_device_flags(ctx, o)
    f.add(o)
    return f


@kind("overloads")
def kind_overloads(ctx):
    """A `.Tensor` / `.Scalar` overload family with inplace and out=
    variants (unstructured, as _add_relu's): the Tensor overloads written
    out, the Scalar ones with an autogen'd out=, and maybe a `Scalar self`
    overload (a function only: a method needs a tensor self)."""
    f = ctx.family("overloads")
    ctx.fresh_names()
    kw = ["*", "Scalar alpha=1"] if ctx.chance(0.5) else []
    keys = ctx.sample(["CPU", "CUDA", "MPS", "Meta"], ctx.choice([1, 2]))
    for ov, other in (("Tensor", "Tensor other"), ("Scalar", "Scalar other")):
        fn = Entry(schema(opname(ctx.base, ov), ["Tensor self", other] + kw,
                          ["Tensor"]))
        set_variants(ctx, fn, ctx.choice(["function", "function, method"]))
        if ov == "Tensor":
            fn.set("dispatch", backend_dispatch(ctx, ov.lower(), keys=keys))
        else:
            fn.set("dispatch", [([CEA], ctx.kernel("scalar"))])
        maybe_device_flags(ctx, fn, 0.3)
        f.add(fn)
        ip = Entry(schema(opname(ctx.base + "_", ov),
                          ["Tensor(a!) self", other] + kw, ["Tensor(a!)"]))
        set_variants(ctx, ip, ctx.choice(["method", "function, method"]))
        if ov == "Tensor":
            ip.set("dispatch", backend_dispatch(ctx, "ip", keys=keys))
            f.add(ip)
            o = Entry(schema(opname(ctx.base, "Tensor_out"),
                             ["Tensor self", other] + (kw or ["*"]) +
                             ["Tensor(a!) out"], ["Tensor(a!)"]))
            o.set("dispatch", backend_dispatch(ctx, "out", keys=keys))
            f.add(o)
        else:
            ip.set("dispatch", [([CEA], ctx.kernel("scalar_"))])
            f.add(ip)
            f.autogen(ip, [opname(ctx.base, "Scalar_out")])
    if ctx.chance(0.5):
        e = Entry(schema(opname(ctx.base, "Scalar_Tensor"),
                         ["Scalar self", "Tensor other"] + kw, ["Tensor"]))
        e.set("dispatch", [([CEA], ctx.kernel("scalar_tensor"))])
        f.add(e)
        f.autogen(e, [opname(ctx.base, "Scalar_Tensor_out")])
    return f


@kind("method_only")
def kind_method_only(ctx):
    """Method-only operators (`variants: method`, dunder-free): a functional
    method with a kernel and an inplace method with autogen'd variants."""
    f = ctx.family("method_only")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    e.set("variants", "method")
    if ctx.chance(0.5):
        e.set("dispatch", backend_dispatch(ctx, "", sym))
        f.add(e)
        ip = Entry(schema(ctx.base + "_", ["Tensor(a!) self"] + args,
                          ["Tensor(a!)"]))
        ip.set("variants", "method")
        ip.set("dispatch", backend_dispatch(ctx, "ip", sym))
        f.add(ip)
        f.autogen(ip, [ctx.base + ".out"], symint=sym)
    else:
        f.add(e)   # composite implicit
    return f


@kind("dunder")
def kind_dunder(ctx):
    """A dunder method `__x__` (torchgen: a base of no underscores, and not
    starting with `i` unless it is an augmented assignment)."""
    base = "__gf%d%s__" % (ctx.index, ctx.word)
    f = ctx.family("dunder", base)
    ctx.fresh_names()
    other = ctx.choice(["Tensor other", "Scalar other"])
    ov = "Tensor" if other.startswith("Tensor") else "Scalar"
    e = Entry(schema(opname(base, ov), ["Tensor self", other], ["Tensor"]))
    set_variants(ctx, e, ctx.choice(["method, function", "method"]))
    if ctx.chance(0.5):
        e.set("dispatch", [([CEA], "gf%d_dunder_%s" % (ctx.index, ov))])
        f.autogen(e, [opname(base, out_overload(ov))])
    e.set("device_check", "NoCheck") if ctx.chance(0.5) else None
    f.add(e)
    return f


@kind("manual")
def kind_manual(ctx):
    """`manual_cpp_binding` (the C++ API gets `__dispatch_` methods and no
    Functions.h entry) and `manual_kernel_registration` (no registration;
    it cannot go with a dispatch table)."""
    f = ctx.family("manual")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen",))
    which = ctx.choice(["cpp", "cpp", "kernel", "both"])
    ret = ctx.choice(["Tensor", "bool", "Tensor(a!)"])
    self_arg = "Tensor(a!) self" if ret == "Tensor(a!)" else "Tensor self"
    name = ctx.base + ("_" if ret == "Tensor(a!)" else "")
    e = Entry(schema(name, [self_arg] + args, [ret]))
    set_variants(ctx, e, ctx.choice(["method", "function, method"]))
    if which in ("cpp", "both"):
        e.set("manual_cpp_binding", True)
    if which in ("kernel", "both"):
        e.set("manual_kernel_registration", True)
    elif ctx.chance(0.5) and ret == "Tensor":
        # (not on the inplace form: a manual op gets no generated variants,
        # and a mutating op with a kernel outside a group is refused by
        # the functionalization)
        e.set("dispatch", backend_dispatch(ctx, "", "sym" in props))
    f.add(e)
    return f


@kind("seeded")
def kind_seeded(ctx):
    """Random ops: a `Generator?` argument needs the nondeterministic_seeded
    tag (torchgen rejects one without it). An inplace sampler with a CPU
    kernel and autogen'd functional and out= variants."""
    f = ctx.family("seeded")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]),
                           need=(), avoid=("gen", "tens", "sym"))
    kw = ["*", ctx.choice(["Generator? generator=None",
                           "Generator? generator"])]
    ov = ctx.choice(["", "float", "Tensor"])
    ip = Entry(schema(opname(ctx.base + "_", ov), ["Tensor(a!) self"] + args
                      + kw, ["Tensor(a!)"]))
    set_variants(ctx, ip, ctx.choice(["method", "function, method"]))
    ip.set("dispatch", backend_dispatch(ctx, "", keys=ctx.sample(
        ["CPU", "CUDA", "MPS", "Meta"], 2)))
    ip.set("tags", ["nondeterministic_seeded"] +
           (["core"] if ctx.chance(0.3) else []))
    f.add(ip)
    f.autogen(ip, [opname(ctx.base, ov), opname(ctx.base, out_overload(ov))])
    return f


@kind("dispatch_keys")
def kind_dispatch_keys(ctx):
    """An op with many dispatch keys (dense, sparse, sparse CSR, quantized,
    nested, mkldnn, ZeroTensor, Meta), and sometimes a composite key with a
    nested-tensor one (CompositeImplicitAutogradNestedTensor may go with one
    other composite key, never with the NonFunctional one)."""
    f = ctx.family("dispatch_keys")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    v = variants(ctx)
    set_variants(ctx, e, v)
    comp = ctx.choice([None, None, CEA, CEANF])
    table = backend_dispatch(ctx, "", sym, composite=comp,
                             others=ctx.choice([2, 4, 6, 8]))
    if comp == CEA and ctx.chance(0.3):
        table.append(([CIANT], ctx.kernel("nested")))
    e.set("dispatch", table)
    maybe_device_flags(ctx, e)
    maybe_misc(ctx, e, v == "function", args)
    if ctx.chance(0.5):
        f.autogen(e, [ctx.base + ".out"], symint=sym)
    f.add(e)
    return f


@kind("duplicate_key")
def kind_duplicate_key(ctx):
    """A dispatch key given twice (`CPU, CUDA: k` then `CUDA: k_cuda`):
    torchgen's dict keeps the last kernel. opgen reads it the same way and
    warns."""
    f = ctx.family("duplicate_key")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen",))
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    form = ctx.choice(["two_lines", "same_line", "same_kernel"])
    if form == "two_lines":
        table = [(["CPU", "CUDA"], ctx.kernel()),
                 (["CUDA"], ctx.kernel("cuda"))]
    elif form == "same_line":
        table = [(["CPU", "CPU"], ctx.kernel())]
    else:
        table = [(["CPU"], ctx.kernel()), (["Meta", "CPU"], ctx.kernel())]
    if ctx.chance(0.3):
        table.append(([CEA], ctx.kernel("composite")))
    e.set("dispatch", table)
    f.add(e)
    return f


@kind("pre_self")
def kind_pre_self(ctx):
    """Arguments before self (as where.self's condition): a method still
    binds self; there is no mutable pre-self argument (torchgen forbids
    it)."""
    f = ctx.family("pre_self")
    ctx.fresh_names()
    pre = ["Tensor %s" % ctx.argname() for _ in range(ctx.choice([1, 2]))]
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen",))
    e = Entry(schema(opname(ctx.base, "self"), pre + ["Tensor self"] + args,
                     ["Tensor"]))
    set_variants(ctx, e, ctx.choice(["function, method", "function"]))
    if ctx.chance(0.6):
        e.set("dispatch", backend_dispatch(ctx, "", "sym" in props))
        f.autogen(e, [opname(ctx.base, "self_out")], symint="sym" in props)
    f.add(e)
    return f


@kind("no_self")
def kind_no_self(ctx):
    """Functions without a self argument (input/weight/bias style), with a
    kernel and an autogen'd out=."""
    f = ctx.family("no_self")
    ctx.fresh_names()
    first = ["Tensor input", "Tensor weight"]
    ctx._names += ["input", "weight"]
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    e = Entry(schema(ctx.base, first + args, ["Tensor"]))
    e.set("dispatch", backend_dispatch(ctx, "", "sym" in props,
                                       composite=ctx.choice([None, CEA])))
    maybe_misc(ctx, e, True, args)
    f.add(e)
    if ctx.chance(0.6):
        f.autogen(e, [ctx.base + ".out"], symint="sym" in props)
    return f


@kind("mutable_list")
def kind_mutable_list(ctx):
    """An inplace op on a tensor list with another mutable argument and no
    return (as _amp_foreach_non_finite_check_and_unscale_): torchgen
    generates a functional variant returning the mutated inputs and an out=
    one."""
    f = ctx.family("mutable_list")
    f.partial_ok = False
    ctx.fresh_names()
    name = ctx.base + "_"
    e = Entry(schema(name, ["Tensor(a!)[] self", "Tensor(b!) found",
                            "Tensor scale"], ["()"]))
    set_variants(ctx, e, "function")
    e.set("dispatch", backend_dispatch(ctx, "", keys=["CPU", "CUDA"]))
    f.add(e)
    f.autogen(e, [ctx.base, ctx.base + ".out"])
    return f


@kind("symint")
def kind_symint(ctx):
    """SymInt arguments of every shape with `_symint` kernels on some keys
    and plain ones on others (torchgen decides per kernel name whether the
    native signature takes c10::SymInt)."""
    f = ctx.family("symint")
    ctx.fresh_names()
    args, _ = ctx.args(ctx.choice([1, 2, 3]), need=("sym",))
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    v = variants(ctx)
    set_variants(ctx, e, v)
    e.set("dispatch", backend_dispatch(ctx, "", True,
                                       composite=ctx.choice([None, CEA]),
                                       others=ctx.choice([0, 1])))
    maybe_misc(ctx, e, v == "function", args)
    f.add(e)
    if ctx.chance(0.5):
        f.autogen(e, [ctx.base + ".out"], symint=True)
    return f


@kind("inplace_composite")
def kind_inplace_composite(ctx):
    """A composite-implicit inplace op with no other variant. (With a
    kernel it would be a mutable op in no group, and torchgen's
    functionalization refuses those: every mutating op with a kernel needs a
    functional and an out= variant, written or autogen'd.)"""
    f = ctx.family("inplace_composite")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    e = Entry(schema(ctx.base + "_", ["Tensor(a!) self"] + args,
                     ["Tensor(a!)"]))
    set_variants(ctx, e, variants(ctx))
    if "sym" in props and ctx.chance(0.5):
        e.set("dispatch", [([CIA], ctx.kernel("symint"))])
    maybe_device_flags(ctx, e)
    if ctx.chance(0.3):
        e.set("use_const_ref_for_mutable_tensors", True)
    f.add(e)
    return f


@kind("scratch")
def kind_scratch(ctx):
    """An out= op with a `_scratch_` out argument (SchemaKind.scratch: not
    returned, grouped with nothing). Composite implicit: an ungrouped
    mutating op with a kernel is refused by the functionalization."""
    f = ctx.family("scratch")
    ctx.fresh_names()
    e = Entry(schema(ctx.base + ".out", ["Tensor self", "*",
                                         "Tensor(a!) out",
                                         "Tensor(b!) _scratch_buf"],
                     ["Tensor(a!)"]))
    f.add(e)
    f.backend_ok = False
    return f


@kind("unstructured_trio")
def kind_unstructured_trio(ctx):
    """Functional, inplace and out= variants all written out with their own
    kernels (not structured, no autogen), as _add_relu.Tensor's: torchgen
    groups them by signature."""
    f = ctx.family("unstructured_trio")
    ctx.fresh_names()
    ov = ctx.choice(["", "Tensor", "dim"])
    args, kw, sym = ctx.args_and_kwarg()
    keys = ctx.sample(["CPU", "CUDA", "MPS", "Meta", "XPU"],
                      ctx.choice([1, 2, 3]))
    comp = ctx.choice([None, None, CEA])
    fn = Entry(schema(opname(ctx.base, ov),
                      with_kwarg(["Tensor self"] + args, kw), ["Tensor"]))
    set_variants(ctx, fn, variants(ctx))
    fn.set("dispatch", backend_dispatch(ctx, "", sym, keys=keys,
                                        composite=comp))
    maybe_device_flags(ctx, fn)
    tags = ctx.tags(allow_core=True)
    if tags:
        fn.set("tags", tags)
    f.add(fn)
    ip = Entry(schema(opname(ctx.base + "_", ov),
                      with_kwarg(["Tensor(a!) self"] + args, kw),
                      ["Tensor(a!)"]))
    set_variants(ctx, ip, variants(ctx))
    ip.set("dispatch", backend_dispatch(ctx, "ip", sym, keys=keys))
    if ctx.chance(0.2):
        ip.set("use_const_ref_for_mutable_tensors", True)
    f.add(ip)
    o = Entry(schema(opname(ctx.base, out_overload(ov)),
                     ["Tensor self"] + args + ["*"] + kw + ["Tensor(a!) out"],
                     ["Tensor(a!)"]))
    o.set("dispatch", backend_dispatch(ctx, "out", sym, keys=keys))
    maybe_device_flags(ctx, o)
    f.add(o)
    return f
