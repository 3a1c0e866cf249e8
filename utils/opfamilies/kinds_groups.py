"""Kinds: structured groups, ufuncs and autogen'd variants (inplace,
mutable, out=)."""
from .entries import Entry
from .family import (add_seeded, backend_dispatch, kind, maybe_device_flags,
                     maybe_misc, opname, out_overload, schema, set_variants,
                     variants, with_kwarg)
from .vocab import (CEA, CEANF, OTHER_KEYS, RET_NAMES, STRUCTURED_KEYS,
                    UFUNC_DTYPES)


@kind("structured")
def kind_structured(ctx):
    """A structured out= kernel with a functional and maybe an inplace
    variant delegating to it. torchgen: `structured` only on the out=
    variant, `structured_delegate` on the others, no structured keys in the
    delegates' dispatch, device_guard stays on, and argument types the
    structured API maps (`plain`: a Scalar[] makes torchgen's translate
    fail). The real file's structured ops take no SymInt and no Generator;
    torchgen generates for them all the same (the impl gets int64_t), so
    they come up too, rarely."""
    f = ctx.family("structured")
    ctx.fresh_names()
    ov = ctx.choice(["", "", "Tensor", "dim", "int"])
    nargs = ctx.choice([0, 1, 1, 2, 3])
    rare_types = () if ctx.chance(0.1) else ("sym", "gen")
    pos, props = ctx.args(nargs, need=("plain",), avoid=rare_types)
    kw = []
    if ctx.chance(0.3):
        kw, kp = ctx.args(1, need=("plain",), avoid=rare_types + ("tens",))
        props |= kp
    seeded = ["nondeterministic_seeded"] if "gen" in props else []
    inherits = ctx.chance(0.4)
    multi = ctx.chance(0.2)
    precompute = None
    if ctx.chance(0.3):
        # precomputed: replace an int argument by precomputed values, and
        # maybe add some without replacement (the last line, without `->`).
        pname = "pcdim"
        pos = pos + ["int %s" % pname]
        repl = ["int pc_%s" % pname]
        if ctx.chance(0.5):
            repl.append(ctx.choice(["bool pc_flag", "int pc_size",
                                    "DimVector pc_sizes"]))
        precompute = ["%s -> %s" % (pname, ", ".join(repl))]
        if ctx.chance(0.15):
            # A line naming no input (an out= argument, or nothing): the
            # impl keeps its arguments (opgen warns).
            precompute.append("%s -> int pc_%s" % (
                ctx.choice(["out", "nothere"]), ctx.choice(["o", "n"])))
        if ctx.chance(0.3):
            precompute.append("int pc_extra")
    # Defaulted arguments last among the positional ones.
    pos = [a for a in pos if "=" not in a] + [a for a in pos if "=" in a]
    base_args = ["Tensor self"] + pos
    if multi:
        rn = ctx.sample(RET_NAMES, 2)
        rets = ["Tensor %s" % n if ctx.chance(0.7) else "Tensor" for n in rn]
        outs = ["Tensor(%s!) %s" % (a, n) for a, n in zip("ab", rn)]
        out_rets = ["Tensor(%s!) %s" % (a, n) for a, n in zip("ab", rn)]
    else:
        rets = ["Tensor"]
        outs = ["Tensor(a!) out"]
        out_rets = ["Tensor(a!)"]
    out_ov = out_overload(ov) if ctx.chance(0.85) else ov + "_result" if ov \
        else "result"
    out = Entry(schema(opname(ctx.base, out_ov),
                       base_args + ["*"] + kw + outs, out_rets))
    out.set("structured", True)
    if inherits:
        out.set("structured_inherits", "TensorIteratorBase")
    if precompute:
        out.set("precomputed", precompute)
    if ctx.chance(0.3):
        out.set("device_check", "NoCheck", "TensorIterator")
    keys = [k for k in STRUCTURED_KEYS if ctx.chance(0.5)] or ["CPU"]
    table = [(g, ctx.kernel("out", g[0].lower() if len(keys) > 1 else ""))
             for g in ctx.key_groups(keys)]
    if ctx.chance(0.3):
        table += [(g, ctx.kernel("out", g[0].lower()))
                  for g in ctx.key_groups(ctx.sample(OTHER_KEYS, 2))]
    out.set("dispatch", table)
    tags = ctx.tags(allow_core=True, extra=seeded)
    if tags:
        out.set("tags", tags)
    f.add(out)

    fn = Entry(schema(opname(ctx.base, ov), with_kwarg(base_args, kw), rets))
    fn.set("structured_delegate", opname(ctx.base, out_ov))
    set_variants(ctx, fn, variants(ctx))
    if ctx.chance(0.3):
        fn.set("dispatch", [(g, ctx.kernel(g[0].lower()))
                            for g in ctx.key_groups(ctx.sample(OTHER_KEYS,
                                                               2))])
    if seeded or (tags and ctx.chance(0.5)):
        fn.set("tags", tags)
    f.add(fn)
    if not multi and ctx.chance(0.6):
        ip = Entry(schema(opname(ctx.base + "_", ov),
                          with_kwarg(["Tensor(a!) self"] + pos, kw),
                          ["Tensor(a!)"]))
        ip.set("structured_delegate", opname(ctx.base, out_ov))
        set_variants(ctx, ip, variants(ctx))
        if ctx.chance(0.2):
            ip.set("dispatch", [([k], ctx.kernel(k.lower(), ""))
                                for k in ctx.sample(OTHER_KEYS, 1)])
        if seeded:
            ip.set("tags", seeded)
        f.add(ip)
    return f


@kind("ufunc")
def kind_ufunc(ctx):
    """A structured TensorIterator op whose CPU and CUDA kernels come from
    `ufunc_inner_loop` (as add.out's): torchgen wants structured +
    TensorIteratorBase, no CPU/CUDA dispatch entries, plain Tensor and
    value-type/Scalar arguments, Generic and ScalarOnly naming the same loop,
    and CUDAFunctorOnSelf/OnOther only on binary ops."""
    f = ctx.family("ufunc")
    ctx.fresh_names()
    arity = ctx.choice([1, 2, 2, 3])
    # A binary ufunc's CUDA scalar specializations read the tensors by
    # the names `self` and `other` (BinaryScalarSpecializationConfig).
    tens = ["Tensor self"] + (["Tensor other"] if arity == 2 else
                              ["Tensor %s" % ctx.argname()
                               for _ in range(arity - 1)])
    ctx._names += ["other", "alpha"]
    extra, _ = ctx.args(ctx.choice([0, 0, 1]), need=("ufunc",))
    kw = []
    if arity == 2 and ctx.chance(0.6):
        kw = ["Scalar alpha=1"]
    ov = "" if arity == 1 else ctx.choice(["Tensor", ""])
    loop = ctx.base + "_loop"
    gen_dtypes = ctx.sample(UFUNC_DTYPES[:6], ctx.choice([1, 2])) + \
        ctx.sample(UFUNC_DTYPES[6:9], ctx.choice([0, 1, 2]))
    dts = ", ".join(gen_dtypes)
    shape = ctx.choice(["generic"] * 6 + ["scalar_only", "explicit"])
    if arity == 2 and shape == "explicit":
        # A binary op's CUDA side always wants the OnSelf/OnOther functors,
        # made from a Generic or ScalarOnly loop when not given.
        shape = "generic"
    if shape == "scalar_only":
        # ScalarOnly alone: the CPU scalar loop and the CUDA functors.
        loops = [("ScalarOnly", "%s (%s)" % (loop, dts))]
    elif shape == "explicit":
        # The low-level keys given directly: CPUScalar (CPUVector needs its
        # dtypes to have a scalar loop too) and CUDAFunctor.
        loops = [("CPUScalar", "%s_scalar (%s)" % (loop, dts)),
                 ("CUDAFunctor", "%s_functor (%s)" % (loop, dts))]
        if ctx.chance(0.5):
            loops.append(("CPUVector", "%s_vec (%s)" % (loop, dts)))
    else:
        loops = [("Generic", "%s (%s)" % (loop, dts))]
        if ctx.chance(0.5):
            # (the same loop name: torchgen's CUDA functors take one name
            # for both)
            loops.append(("ScalarOnly", "%s (Bool)" % loop))
        if ctx.chance(0.2):
            loops.append(("CPUVector", "%s_vec (%s)" % (loop,
                                                       gen_dtypes[0])))
        if arity == 2 and ctx.chance(0.15):
            loops.append((ctx.choice(["CUDAFunctorOnSelf",
                                      "CUDAFunctorOnOther"]),
                          "%s_functor (%s)" % (loop, gen_dtypes[0])))
    ctx.rng.shuffle(loops)
    out = Entry(schema(opname(ctx.base, out_overload("")),
                       tens + extra + ["*"] + kw + ["Tensor(a!) out"],
                       ["Tensor(a!)"]))
    if ctx.chance(0.5):
        out.set("device_check", "NoCheck", "TensorIterator")
    out.set("structured", True)
    out.set("structured_inherits", "TensorIteratorBase")
    if len(loops) == 1 and loops[0][0] == "Generic" and ctx.chance(0.4):
        # A string is the Generic loop.
        out.set("ufunc_inner_loop", loops[0][1])
    else:
        out.set("ufunc_inner_loop", loops)
    others = [k for k in ["MPS", "XPU", "MTIA", "SparseCPU", "SparseCUDA",
                          "SparseMeta", "MkldnnCPU"] if ctx.chance(0.2)]
    if others:
        out.set("dispatch", [(g, ctx.kernel("out", g[0].lower()))
                             for g in ctx.key_groups(others)])
    out.set("tags", ["pointwise"])
    f.add(out)
    fn = Entry(schema(opname(ctx.base, ov), with_kwarg(tens + extra, kw),
                      ["Tensor"]))
    fn.set("structured_delegate", opname(ctx.base, "out"))
    set_variants(ctx, fn, variants(ctx))
    fn.set("tags", ctx.choice([["core", "pointwise"], ["pointwise"]]))
    f.add(fn)
    if ctx.chance(0.7):
        ip = Entry(schema(opname(ctx.base + "_", ov),
                          with_kwarg(["Tensor(a!) self"] + tens[1:] + extra,
                                     kw), ["Tensor(a!)"]))
        ip.set("structured_delegate", opname(ctx.base, "out"))
        set_variants(ctx, ip, ctx.choice(["method", "function, method"]))
        f.add(ip)
    return f


@kind("autogen_inplace")
def kind_autogen_inplace(ctx):
    """An inplace op with a kernel; torchgen generates the functional and
    out= variants, and wants them named in `autogen:` (exactly those). When
    the functional variant is written too, only the out= one is generated,
    and `autogen:` must sit on the inplace entry (native_function_generation
    looks at the inplace variant's autogen to decide on an out=)."""
    f = ctx.family("autogen_inplace")
    ctx.fresh_names()
    ov = ctx.choice(["", "Scalar", "Tensor", "dim"])
    args, kw, sym = ctx.args_and_kwarg()
    with_functional = ctx.chance(0.4)
    ip = Entry(schema(opname(ctx.base + "_", ov),
                      with_kwarg(["Tensor(a!) self"] + args, kw),
                      ["Tensor(a!)"]))
    set_variants(ctx, ip, variants(ctx))
    comp = ctx.choice([None, None, CEA])
    ip.set("dispatch", backend_dispatch(ctx, "", sym, composite=comp,
                                        keys=None if comp is None else []))
    if ctx.chance(0.2):
        ip.set("use_const_ref_for_mutable_tensors", True)
    maybe_device_flags(ctx, ip)
    tags = ctx.tags(allow_core=True)
    if tags:
        ip.set("tags", tags)
    f.add(ip)
    names = [opname(ctx.base, out_overload(ov))]
    if with_functional:
        fn = Entry(schema(opname(ctx.base, ov), with_kwarg(["Tensor self"]
                                                           + args, kw),
                          ["Tensor"]))
        set_variants(ctx, fn, variants(ctx))
        fn.set("dispatch", backend_dispatch(ctx, "fn", sym))
        f.add(fn)
    else:
        names.append(opname(ctx.base, ov))
    f.autogen(ip, names, symint=sym)
    return f


@kind("autogen_mutable")
def kind_autogen_mutable(ctx):
    """A mutable op (mutates positional arguments other than self and does
    not return them): torchgen generates `<op>_functional` (the functional
    overload name of Note [Overload Ambiguity With Functional Variants]) and
    the out= variant; it needs at least one tensor-like return to make an
    out= from."""
    f = ctx.family("autogen_mutable")
    f.partial_ok = False
    ctx.fresh_names()
    ov = ctx.choice(["", "", "ov"])
    nmut = ctx.choice([1, 1, 2])
    muts = []
    for i in range(nmut):
        # (no `Tensor(a!)?`: torchgen parses it, but its generated
        # functional kernel cannot translate the optional mutable argument)
        t = ctx.choice(["Tensor(%s!)", "Tensor(%s!)", "Tensor(%s!)[]"]) % \
            "abcd"[i]
        muts.append("%s %s" % (t, ctx.argname()))
    extra, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    nret = ctx.choice([1, 1, 2])
    if nret == 1:
        rets = [ctx.choice(["Tensor", "Tensor[]"])]
    else:
        rets = ["Tensor %s" % n for n in ctx.sample(RET_NAMES, 2)] \
            if ctx.chance(0.5) else ["Tensor", "Tensor"]
    mf = Entry(schema(opname(ctx.base, ov),
                      ["Tensor self"] + muts + extra, rets))
    mf.set("dispatch", backend_dispatch(ctx, "", sym))
    if ctx.chance(0.2):
        mf.set("use_const_ref_for_mutable_tensors", True)
    f.add(mf)
    f.autogen(mf, [opname(ctx.base + "_functional", ov),
                   opname(ctx.base, out_overload(ov))], symint=sym)
    return f


@kind("autogen_out")
def kind_autogen_out(ctx):
    """A functional op with a kernel and `autogen: <op>.out`: the out=
    variant gets one out argument per tensor-like return (out, or out0,
    out1, ...); all returns must be tensor-like (a schema whose out
    arguments do not line up with its returns is rejected)."""
    f = ctx.family("autogen_out")
    ctx.fresh_names()
    ov = ctx.choice(["", "", "Tensor", "names", "vec"])
    args, props = ctx.args(ctx.choice([0, 1, 2, 3]))
    sym = "sym" in props
    self_arg = ctx.choice(["Tensor self", "Tensor self", "Tensor input",
                           "Tensor[] tensors"])
    nret = ctx.choice([1, 1, 1, 2, 3])
    if nret == 1:
        rets = [ctx.choice(["Tensor", "Tensor", "Tensor[]"])]
    else:
        named = ctx.chance(0.5)
        rets = [("Tensor %s" % n) if named else "Tensor"
                for n in ctx.sample(RET_NAMES, nret)]
    all_args = [self_arg] + args
    fn = Entry(schema(opname(ctx.base, ov), all_args, rets))
    set_variants(ctx, fn, variants(ctx, self_arg == "Tensor self"))
    comp = ctx.choice([CEA, CEA, CEANF, None])
    fn.set("dispatch", backend_dispatch(
        ctx, "", sym, composite=comp, keys=[] if comp and ctx.chance(0.6)
        else None, others=ctx.choice([0, 0, 1])))
    maybe_device_flags(ctx, fn)
    maybe_misc(ctx, fn, fn.get("variants", "function") == "function", args)
    add_seeded(ctx, fn, args, allow_core=True)
    f.add(fn)
    f.autogen(fn, [opname(ctx.base, out_overload(ov))], symint=sym)
    return f
