"""Kinds: views with their copies and inplace views, factories, foreach
ops."""
from .entries import Entry
from .family import (add_seeded, backend_dispatch, kind, opname, out_overload,
                     schema, set_variants, sym_kernel, variants)
from .vocab import CEA, CEANF, CIA, CIANT, DENSE_KEYS


def view_args(ctx):
    ctx.fresh_names()
    pool = [["int dim"], ["int dim0", "int dim1"], ["SymInt[] size"],
            ["int[] dims"], ["SymInt[] size", "SymInt[] stride",
                             "SymInt? storage_offset=None"],
            ["int dim", "SymInt start", "SymInt length"], [],
            ["int dim=0"], ["SymInt[1] split_sizes", "int dim=0"],
            ["ScalarType dtype_to"], ["int dim", "SymInt index"],
            ["Tensor other", "int dim"], ["Tensor? mask", "bool flag=False"]]
    a = ctx.choice(pool)
    for x in a:
        ctx._names.append(x.split("=")[0].rsplit(" ", 1)[1])
    return a


@kind("view")
def kind_view(ctx):
    """A view op (returns an alias of self) with its `{view}_copy`, which
    torchgen requires of every view with a kernel that is not composite
    implicit: CompositeExplicitAutogradNonFunctional, `tags: view_copy`, the
    view's signature, `autogen: <view>_copy.out`. Maybe an inplace view
    `<view>_` too (tag inplace_view, same signature). Multi-output views
    alias `Tensor(a -> *) self` and return `Tensor(a)[]`."""
    f = ctx.family("view")
    args = view_args(ctx)
    sym = any("SymInt" in a for a in args)
    ov = ctx.choice(["", "", "int", "dims"])
    multi = ctx.chance(0.25)
    if multi:
        v = Entry(schema(opname(ctx.base, ov), ["Tensor(a -> *) self"] + args,
                         ["Tensor(a)[]"]))
    else:
        v = Entry(schema(opname(ctx.base, ov), ["Tensor(a) self"] + args,
                         ["Tensor(a)"]))
    set_variants(ctx, v, variants(ctx))
    if ctx.chance(0.5):
        v.set("device_check", "NoCheck")
        v.set("device_guard", False)
    if ctx.chance(0.5):
        v.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel(), sym))] +
              ([(g, ctx.kernel(g[0].lower()))
                for g in ctx.key_groups(ctx.sample(
                    ["QuantizedCPU", "QuantizedCUDA", "NestedTensorCPU",
                     "NestedTensorCUDA", "SparseCPU"], ctx.choice([0, 1, 2])))]))
    else:
        v.set("dispatch", backend_dispatch(ctx, "", sym,
                                           keys=ctx.sample(DENSE_KEYS, 2)))
    tags = ctx.tags(allow_core=True)
    if tags:
        v.set("tags", tags)
    f.add(v)
    if not multi and ctx.chance(0.4):
        ip = Entry(schema(opname(ctx.base + "_", ov),
                          ["Tensor(a!) self"] + args, ["Tensor(a!)"]))
        set_variants(ctx, ip, "method")
        if ctx.chance(0.5):
            ip.set("device_check", "NoCheck")
            ip.set("device_guard", False)
        ip.set("tags", ["inplace_view"])
        if ctx.chance(0.7):
            ip.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel("ip"),
                                                   sym))])
        else:
            ip.set("dispatch", backend_dispatch(ctx, "ip", sym,
                                                keys=["CPU", "CUDA"]))
        f.add(ip)
    cp = Entry(schema(opname(ctx.base + "_copy", ov), ["Tensor self"] + args,
                      ["Tensor[]" if multi else "Tensor"]))
    set_variants(ctx, cp, "function")
    cp.set("dispatch", [([CEANF], sym_kernel(ctx, ctx.kernel("copy"), sym))])
    cp.set("tags", ["view_copy"] + (["core"] if ctx.chance(0.2) else []))
    f.add(cp)
    if ctx.chance(0.75):
        f.autogen(cp, [opname(ctx.base + "_copy", out_overload(ov))],
                  symint=sym)
    else:
        # The out= variant written out, as unbind_copy.int_out is.
        out_ret = (["()"] if multi else ["Tensor(a!)"])
        o = Entry(schema(opname(ctx.base + "_copy", out_overload(ov)),
                         ["Tensor self"] + args + ["*",
                                                  "Tensor(a!)[] out" if multi
                                                  else "Tensor(a!) out"],
                         out_ret))
        set_variants(ctx, o, "function")
        o.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel("copy_out"),
                                              sym))])
        f.add(o)
    return f


@kind("view_composite")
def kind_view_composite(ctx):
    """A CompositeImplicitAutograd view: no `_copy` needed (it decomposes);
    an inplace view beside it must be composite implicit too."""
    f = ctx.family("view_composite")
    args = view_args(ctx)
    v = Entry(schema(opname(ctx.base, ""), ["Tensor(a) self"] + args,
                     ["Tensor(a)"]))
    set_variants(ctx, v, variants(ctx))
    nested = ctx.chance(0.3)
    sym = any("SymInt" in a for a in args)
    # (a `_symint` kernel name needs a SymInt in the schema: torchgen's
    # NativeSignature refuses one without)
    if nested:
        v.set("dispatch", [([CIA], sym_kernel(ctx, ctx.kernel(), sym)),
                           ([CIANT], ctx.kernel("nested"))])
    f.add(v)
    if ctx.chance(0.5):
        ip = Entry(schema(ctx.base + "_", ["Tensor(a!) self"] + args,
                          ["Tensor(a!)"]))
        set_variants(ctx, ip, "method")
        ip.set("tags", ["inplace_view"])
        if nested:
            # torchgen: a view with a nested-tensor composite kernel needs
            # its inplace view to have one too.
            ip.set("dispatch", [([CIA], sym_kernel(ctx, ctx.kernel("ip"),
                                                    sym)),
                                ([CIANT], ctx.kernel("ip_nested"))])
        f.add(ip)
    if ctx.chance(0.3):
        # A copy variant is not needed for a composite view, but may be
        # given (torchgen pairs it all the same).
        cp = Entry(schema(ctx.base + "_copy", ["Tensor self"] + args,
                          ["Tensor"]))
        cp.set("dispatch", [([CEANF], sym_kernel(ctx, ctx.kernel("copy"),
                                                 sym))])
        cp.set("tags", ["view_copy"])
        f.add(cp)
        f.autogen(cp, [ctx.base + "_copy.out"], symint=sym)
    return f


@kind("view_inverse")
def kind_view_inverse(ctx):
    """A view named `<x>_inverse` (no generated copy: torchgen assumes a
    hand-written `_scatter`), with `<x>_scatter` as its copy, as
    slice_inverse / slice_scatter (`_scatter` pairs with `_inverse`)."""
    f = ctx.family("view_inverse")
    ctx.fresh_names()
    args = ["Tensor src", "int dim=0", "SymInt? start=None", "SymInt step=1"]
    v = Entry(schema(ctx.base + "_inverse", ["Tensor(a) self"] + args,
                     ["Tensor(a)"]))
    set_variants(ctx, v, "function, method")
    v.set("device_check", "NoCheck")
    v.set("device_guard", False)
    v.set("dispatch", [([CEA], ctx.kernel("inverse_symint"))])
    f.add(v)
    s = Entry(schema(ctx.base + "_scatter", ["Tensor self"] + args,
                     ["Tensor"]))
    set_variants(ctx, s, "function, method")
    s.set("dispatch", [([CEANF], ctx.kernel("scatter"))])
    s.set("tags", ["view_copy"] + (["core"] if ctx.chance(0.5) else []))
    f.add(s)
    f.autogen(s, [ctx.base + "_scatter.out"], symint=True)
    return f


TENSOR_OPTIONS = ["ScalarType? dtype=None", "Layout? layout=None",
                  "Device? device=None", "bool? pin_memory=None"]
# TensorOptions must be the optional forms: with `ScalarType dtype, Layout
# layout, ...` torchgen's translate finds no rule from the C++ API's
# TensorOptions to the kernel's plain ScalarType and fails (the real file
# has no such op).


@kind("factory")
def kind_factory(ctx):
    """A factory function (TensorOptions, no tensor argument): torchgen
    insists on an explicit dispatch table (CompositeExplicitAutograd or
    backends), and registers it with BackendSelect. Its out= variant drops
    the TensorOptions (that is how torchgen pairs them) and keeps the other
    kwarg-only arguments, written out or autogen'd."""
    f = ctx.family("factory")
    ctx.fresh_names()
    ov = ctx.choice(["", "", "names", "generator", "low"])
    pos = [ctx.choice(["SymInt[] size", "SymInt[] size", "int[] size",
                       "SymInt n", "Scalar end", "Scalar start, Scalar end"])]
    pos = pos[0].split(", ")
    ctx._names += [a.rsplit(" ", 1)[1] for a in pos]
    extra, props = ctx.args(ctx.choice([0, 0, 1]), avoid=("tens", "gen"))
    kw_pre = []
    if ov == "generator" or ctx.chance(0.15):
        kw_pre.append(ctx.choice(["Generator? generator",
                                  "Generator? generator=None"]))
    post = []
    if ctx.chance(0.4):
        post.append("MemoryFormat? memory_format=None")
    to = TENSOR_OPTIONS
    sym = any("SymInt" in a for a in pos) or "sym" in props
    args = pos + extra
    fn = Entry(schema(opname(ctx.base, ov), args + ["*"] + kw_pre + to + post,
                      ["Tensor"]))
    if ctx.chance(0.1):
        fn.set("category_override", "factory")
    if ctx.chance(0.5):
        fn.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel(), sym))])
    else:
        fn.set("dispatch", backend_dispatch(
            ctx, "", sym, keys=ctx.sample(["CPU", "CUDA", "Meta", "MPS"],
                                          ctx.choice([1, 2, 3])),
            others=ctx.choice([0, 1])))
    add_seeded(ctx, fn, kw_pre, allow_core=True)
    f.add(fn)
    out_args = args + ["*"] + kw_pre + post + ["Tensor(a!) out"]
    if ctx.chance(0.5):
        f.autogen(fn, [opname(ctx.base, out_overload(ov))], symint=sym)
    else:
        o = Entry(schema(opname(ctx.base, out_overload(ov)), out_args,
                         ["Tensor(a!)"]))
        o.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel("out"), sym))])
        if kw_pre:
            o.set("tags", ["nondeterministic_seeded"])
        f.add(o)
    return f


@kind("factory_method")
def kind_factory_method(ctx):
    """Factories with a tensor: `new_<x>` (a method taking self and
    TensorOptions) and `<x>_like`. torchgen requires an explicit dispatch
    table for names starting with new_ or ending in _like."""
    f = ctx.family("factory_method")
    ctx.fresh_names()
    to = TENSOR_OPTIONS
    if ctx.chance(0.5):
        name = "new_" + ctx.base
        args = ["Tensor self", ctx.choice(["SymInt[] size", "int[] size",
                                           "Scalar fill_value"])]
        e = Entry(schema(name, args + ["*"] + to, ["Tensor"]))
        set_variants(ctx, e, "method")
        sym = "SymInt" in args[1]
    else:
        name = ctx.base + "_like"
        args = ["Tensor self"] + ([] if ctx.chance(0.5)
                                  else ["Scalar fill_value"])
        e = Entry(schema(name, args + ["*"] + to +
                         ["MemoryFormat? memory_format=None"], ["Tensor"]))
        sym = False
    e.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel("impl"), sym))])
    tags = ctx.tags(allow_core=True)
    if tags:
        e.set("tags", tags)
    f.add(e)
    f.autogen(e, [name + ".out"], symint=sym)
    return f


@kind("foreach")
def kind_foreach(ctx):
    """A `_foreach_` pair: the functional op returns Tensor[], the inplace
    one mutates `Tensor(a!)[] self` and returns nothing; both need
    `device_check: NoCheck` (torchgen rejects a foreach op without it), and
    the out= variant is autogen'd from the inplace one."""
    base = "_foreach_" + ctx.base.lstrip("_")
    f = ctx.family("foreach", base)
    f.partial_ok = False
    ctx.fresh_names()
    form = ctx.choice(["", "Scalar", "ScalarList", "List", "Tensor",
                       "ValueList"])
    rest = {"": [], "Scalar": ["Scalar scalar"],
            "ScalarList": ["Scalar[] scalars"],
            "List": ["Tensor[] other", "*", "Scalar alpha=1"],
            "Tensor": ["Tensor other"],
            "ValueList": ["Tensor[] tensor1", "Tensor[] tensor2",
                          "Scalar value=1"]}[form]
    with_functional = ctx.chance(0.8)
    stem = ctx.base.lstrip("_")
    keys = [([CEA], "foreach_tensor_%s_slow" % stem)]
    if ctx.chance(0.8):
        keys.append((["CUDA"], "foreach_tensor_%s_cuda" % stem))
    if ctx.chance(0.2):
        keys.append((["MTIA"], "foreach_tensor_%s_mtia" % stem))
    if with_functional:
        fn = Entry(schema(opname(base, form), ["Tensor[] self"] + rest,
                          ["Tensor[]"]))
        fn.set("device_check", "NoCheck",
               "foreach kernels fall back to slow path when tensor are on "
               "different devices")
        set_variants(ctx, fn, "function")
        fn.set("dispatch", keys)
        f.add(fn)
    ip = Entry(schema(opname(base + "_", form), ["Tensor(a!)[] self"] + rest,
                      ["()"]))
    ip.set("device_check", "NoCheck")
    set_variants(ctx, ip, "function")
    ip.set("dispatch", [(k, v + "_") for k, v in keys])
    f.add(ip)
    names = [opname(base, out_overload(form))]
    if not with_functional:
        names.append(opname(base, form))
    f.autogen(ip, names)
    return f
