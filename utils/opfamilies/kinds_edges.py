"""Kinds: YAML spellings (anchors and aliases, explicit tags, CRLF line
ends, the rare spellings forced), the corner cases of torchgen's grouping
(autogen names it never generates, ungrouped ops, empty or explicit
defaults, shared kernels, mutable and list out= variants), and new
overloads of real operators."""
from .entries import Entry, Raw
from .family import (backend_dispatch, kind, maybe_misc, opname, out_overload,
                     schema, set_variants, sym_kernel, variants)
from .kinds_groups import (kind_autogen_inplace, kind_autogen_out,
                           kind_structured)
from .kinds_signatures import kind_dispatch_keys, kind_unstructured_trio
from .vocab import CEA, CEANF, NAMESPACES


@kind("yaml_alias")
def kind_yaml_alias(ctx):
    """Anchors and aliases: an entry's dispatch table and tags list reused
    by the next ones (`dispatch: *d`, `tags: *t`); the dispatch table is
    shared by an inplace or out= op and its functional variant too (the
    kernels' names are then C++ overloads). The tags list is shared among
    aten functional ops only: see kind alias_tags_mutation for why."""
    f = ctx.family("yaml_alias")
    ctx.fresh_names()
    d, t = "%sd" % ctx.base, "%st" % ctx.base
    first = ctx.choice(["functional", "inplace", "out"])
    ov = ctx.choice(["a", "", "Tensor"])
    tags = ctx.sample(["core", "pointwise", "reduction", "flexible_layout"],
                      ctx.choice([1, 2]))
    if ctx.chance(0.5):
        tag_text = Raw(" &%s [%s]" % (t, ", ".join(tags)))
    else:
        tag_text = Raw(" &%s" % t, *["- %s" % x for x in tags])
    disp = Raw(" &%s" % d, *["  %s: %s" % (k, ctx.kernel(k.lower()))
                             for k in ctx.sample(["CPU", "CUDA", "Meta"], 2)])
    if first == "inplace":
        e = Entry(schema(opname(ctx.base + "_", ov), ["Tensor(a!) self"],
                         ["Tensor(a!)"]))
        e.set("dispatch", disp)
        f.add(e)
        f.autogen(e, [opname(ctx.base, ov), opname(ctx.base, out_overload(ov))])
    elif first == "out":
        # An out= op and its functional variant (written out).
        e = Entry(schema(opname(ctx.base, out_overload(ov)),
                         ["Tensor self", "*", "Tensor(a!) out"],
                         ["Tensor(a!)"]))
        e.set("dispatch", disp)
        f.add(e)
        fn = Entry(schema(opname(ctx.base, ov), ["Tensor self"], ["Tensor"]))
        fn.set("dispatch", Raw(" *%s" % d))
        fn.set("tags", tag_text)
        f.add(fn)
    else:
        e = Entry(schema(opname(ctx.base, ov), ["Tensor self"], ["Tensor"]))
        e.set("dispatch", disp)
        e.set("tags", tag_text)
        f.add(e)
    # Other overloads sharing the list (and maybe the kernels).
    for i in range(ctx.choice([1, 2])):
        other = Entry(schema(opname(ctx.base, "shared%d" % i),
                             ["Tensor self", "int dim%d" % i], ["Tensor"]))
        other.set("dispatch", Raw(" *%s" % d) if ctx.chance(0.5) else
                  [(["CPU"], ctx.kernel("shared%d" % i))])
        if first != "inplace":
            other.set("tags", Raw(" *%s" % t))
        f.add(other)
    f.plain_style = True
    return f


@kind("alias_tags_mutation")
def kind_alias_tags_mutation(ctx):
    """A tags list (an anchor) shared by entries torchgen adds different
    tags to. torchgen's parser appends the tags it adds itself
    (pt2_compliant_tag for an aten op, `inplace` for an inplace one, `out`
    for an out= one) to the list it read, so with an aliased list they
    carry over to the entries parsed after: a functional op sharing an
    inplace op's list gets the `inplace` tag too, a custom-namespace op
    sharing an aten op's list gets pt2_compliant_tag (RegisterSchema.cpp
    shows the tags)."""
    f = ctx.family("alias_tags_mutation")
    t = "%st" % ctx.base
    tags = ctx.sample(["core", "pointwise", "reduction"], ctx.choice([1, 2]))
    first = ctx.choice(["inplace", "out", "aten"])
    if first == "inplace":
        e = Entry(schema(ctx.base + "_", ["Tensor(a!) self"], ["Tensor(a!)"]))
        e.set("dispatch", [(["CPU"], ctx.kernel("ip"))])
        e.set("tags", Raw(" &%s [%s]" % (t, ", ".join(tags))))
        f.add(e)
        f.autogen(e, [ctx.base, ctx.base + ".out"])
    elif first == "out":
        e = Entry(schema(ctx.base + ".out", ["Tensor self", "*",
                                             "Tensor(a!) out"],
                         ["Tensor(a!)"]))
        e.set("dispatch", [(["CPU"], ctx.kernel("out"))])
        e.set("tags", Raw(" &%s [%s]" % (t, ", ".join(tags))))
        f.add(e)
        fn = Entry(schema(ctx.base, ["Tensor self"], ["Tensor"]))
        fn.set("dispatch", [(["CPU"], ctx.kernel())])
        f.add(fn)
    else:
        e = Entry(schema(ctx.base, ["Tensor self"], ["Tensor"]))
        e.set("dispatch", [(["CPU"], ctx.kernel())])
        e.set("tags", Raw(" &%s [%s]" % (t, ", ".join(tags))))
        f.add(e)
    other = Entry(schema(ctx.base + ".shared", ["Tensor self", "int dim"],
                         ["Tensor"]))
    other.set("dispatch", [(["CPU"], ctx.kernel("shared"))])
    other.set("tags", Raw(" *%s" % t))
    f.add(other)
    if first == "aten" or ctx.chance(0.4):
        ns = Entry(schema(ctx.base + "_ns", ["Tensor self"], ["Tensor"]),
                   ctx.choice(NAMESPACES))
        ns.set("dispatch", [([CEA], ctx.kernel("ns"))])
        ns.set("tags", Raw(" *%s" % t))
        f.add(ns)
    f.plain_style = True
    return f


@kind("yaml_tags")
def kind_yaml_tags(ctx):
    """Explicit YAML tags (`!!str`, `!!bool`) on values, which PyYAML's safe
    loader resolves as the plain scalars would be."""
    f = ctx.family("yaml_tags")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen", "sym"))
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    e.func_tag = "!!str"
    e.set("variants", Raw(" !!str function, method"))
    e.set("device_guard", Raw(" !!bool %s" % ctx.choice(["false", "False",
                                                          "'false'"])))
    e.set("dispatch", Raw("", "  CPU: !!str %s" % ctx.kernel("cpu"),
                          "  %s: %s" % (CEA, ctx.kernel())))
    e.set("tags", Raw(" !!seq [%s]" % ctx.choice(["core", "pointwise"])))
    f.add(e)
    f.autogen(e, [ctx.base + ".out"])
    f.plain_style = True
    return f


@kind("crlf")
def kind_crlf(ctx):
    """An ordinary family whose lines end in CRLF (as a checkout with
    Windows line ends has them): YAML reads a CRLF as one line break."""
    f = ctx.choice([kind_unstructured_trio, kind_autogen_out,
                    kind_structured])(ctx)
    f.kind = "crlf"
    f.eol = "\r\n"
    return f


@kind("autogen_noop")
def kind_autogen_noop(ctx):
    """`autogen:` names torchgen reads but never generates (an op that
    gets no generated variant is never checked against its autogen list):
    a namespaced name, names joined by a bare comma, a name that is no
    operator name. None contains "out" (native_function_generation would
    then make an out= variant, and check the list)."""
    f = ctx.family("autogen_noop")
    ctx.fresh_names()
    e = Entry(schema(ctx.base, ["Tensor self"], ["Tensor"]))
    e.set("dispatch", backend_dispatch(ctx, "", composite=ctx.choice(
        [None, CEA])))
    junk = ctx.choice(["gfns::%s" % ctx.base,
                       "%s.a,%s.b" % (ctx.base, ctx.base),
                       "%s-extra" % ctx.base, "%s.extra" % ctx.base])
    e.set("autogen", junk)
    f.add(e)
    f.backend_ok = False
    return f


@kind("ungrouped_delegate")
def kind_ungrouped_delegate(ctx):
    """A structured group plus one more overload delegating to its out=
    kernel with another signature, so in no group: torchgen accepts it and
    registers no kernel for it (opgen warns)."""
    f = ctx.family("ungrouped_delegate")
    out = Entry(schema(ctx.base + ".out", ["Tensor self", "*",
                                           "Tensor(a!) out"], ["Tensor(a!)"]))
    out.set("structured", True)
    out.set("dispatch", [(["CPU", "CUDA"], ctx.kernel("out"))])
    f.add(out)
    fn = Entry(schema(ctx.base, ["Tensor self"], ["Tensor"]))
    fn.set("structured_delegate", ctx.base + ".out")
    f.add(fn)
    odd = Entry(schema(ctx.base + ".dim", ["Tensor self", "int dim"],
                       ["Tensor"]))
    odd.set("structured_delegate", ctx.base + ".out")
    set_variants(ctx, odd, variants(ctx))
    if ctx.chance(0.4):
        odd.set("dispatch", [(["SparseCPU"], ctx.kernel("sparse"))])
    f.add(odd)
    f.backend_ok = False
    return f


@kind("explicit_defaults")
def kind_explicit_defaults(ctx):
    """Every optional key spelt out with the value torchgen assumes when it
    is absent (`structured: False`, `device_check: ExactSame`, `dispatch: ~`
    ...): the entry must read as the bare one does."""
    f = ctx.family("explicit_defaults")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    keys = [("variants", "function"), ("structured", False),
            ("manual_kernel_registration", False),
            ("manual_cpp_binding", False), ("device_guard", True),
            ("device_check", "ExactSame"),
            ("use_const_ref_for_mutable_tensors", False),
            ("python_module", "~"), ("category_override", "~"),
            ("structured_delegate", "~"), ("structured_inherits", "~"),
            ("precomputed", Raw(" ~")), ("cpp_no_default_args", Raw(" []")),
            ("tags", Raw(" []")), ("autogen", "''"),
            ("ufunc_inner_loop", Raw(" {}"))]
    for k, v in ctx.sample(keys, ctx.choice([3, 6, len(keys)])):
        e.set(k, v)
    if ctx.chance(0.5):
        e.set("dispatch", backend_dispatch(ctx, "", "sym" in props,
                                           composite=ctx.choice([None, CEA])))
    else:
        # A key with no value is None: no dispatch table, composite
        # implicit.
        e.set("dispatch", Raw(ctx.choice(["", " ~", " null"])))
    f.add(e)
    f.plain_style = True
    return f


@kind("empty_dispatch")
def kind_empty_dispatch(ctx):
    """`dispatch: {}`: a table with no kernel at all (torchgen registers
    nothing for the op; it is not composite implicit either)."""
    f = ctx.family("empty_dispatch")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen",))
    e = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    set_variants(ctx, e, variants(ctx))
    e.set("dispatch", Raw(" {}"))
    f.add(e)
    f.plain_style = True
    return f


@kind("shared_kernel")
def kind_shared_kernel(ctx):
    """Different operators naming one kernel (a C++ overload set, or the
    same declaration twice, which torchgen writes once)."""
    f = ctx.family("shared_kernel")
    ctx.fresh_names()
    k = ctx.kernel("shared")
    key = ctx.choice(["CPU", CEA, "CUDA"])
    same_sig = ctx.chance(0.5)
    for i in range(ctx.choice([2, 3])):
        args = [] if same_sig else ["int dim%d" % j for j in range(i)]
        e = Entry(schema("%s_%d" % (ctx.base, i), ["Tensor self"] + args,
                         ["Tensor"]))
        set_variants(ctx, e, variants(ctx))
        e.set("dispatch", [([key], k)])
        f.add(e)
    return f


@kind("self_mutating")
def kind_self_mutating(ctx):
    """An op that mutates `Tensor(a!) self` without an inplace name (as
    record_stream): torchgen's SchemaKind calls it functional. It is
    composite implicit: with a kernel the functionalization refuses it (it
    modifies an argument and is in no group), and returning nothing it
    could not get the out= variant native_function_generation would want."""
    f = ctx.family("self_mutating")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen", "tens"))
    e = Entry(schema(ctx.base, ["Tensor(a!) self"] + args,
                     [ctx.choice(["Tensor", "()", "bool"])]))
    set_variants(ctx, e, variants(ctx))
    f.add(e)
    f.backend_ok = False
    return f


@kind("list_out")
def kind_list_out(ctx):
    """A functional op returning Tensor[] with a hand-written out= variant
    taking `Tensor(a!)[] out` and returning nothing (torchgen: out= ops
    with list outs return nothing)."""
    f = ctx.family("list_out")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    ov = ctx.choice(["", "int", "Tensor"])
    fn = Entry(schema(opname(ctx.base, ov), ["Tensor self"] + args,
                      ["Tensor[]"]))
    set_variants(ctx, fn, variants(ctx))
    keys = ctx.sample(["CPU", "CUDA", "Meta"], ctx.choice([1, 2]))
    fn.set("dispatch", backend_dispatch(ctx, "", sym, keys=keys))
    f.add(fn)
    o = Entry(schema(opname(ctx.base, out_overload(ov)),
                     ["Tensor self"] + args + ["*", "Tensor(a!)[] out"],
                     ["()"]))
    o.set("dispatch", backend_dispatch(ctx, "out", sym, keys=keys))
    f.add(o)
    f.partial_ok = False
    return f


@kind("mixed_composite_group")
def kind_mixed_composite_group(ctx):
    """A group whose functional variant is composite implicit and whose
    inplace one has a kernel, or the reverse: not all composite, so
    native_function_generation still makes the out= variant the inplace
    entry's autogen asks for."""
    f = ctx.family("mixed_composite_group")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen",))
    sym = "sym" in props
    cia_functional = ctx.chance(0.5)
    fn = Entry(schema(ctx.base, ["Tensor self"] + args, ["Tensor"]))
    set_variants(ctx, fn, variants(ctx))
    if not cia_functional:
        fn.set("dispatch", backend_dispatch(ctx, "", sym))
    f.add(fn)
    ip = Entry(schema(ctx.base + "_", ["Tensor(a!) self"] + args,
                      ["Tensor(a!)"]))
    set_variants(ctx, ip, variants(ctx))
    if cia_functional:
        ip.set("dispatch", backend_dispatch(ctx, "ip", sym))
    f.add(ip)
    f.autogen(ip, [ctx.base + ".out"], symint=sym)
    return f


@kind("mutable_explicit")
def kind_mutable_explicit(ctx):
    """A mutable op with its `_functional` variant (returning the mutated
    inputs as `<name>_out`) and its out= variant all written out, with
    kernels."""
    f = ctx.family("mutable_explicit")
    f.partial_ok = False
    ctx.fresh_names()
    buf = ctx.argname()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen", "tens"))
    sym = "sym" in props
    keys = ctx.sample(["CPU", "CUDA"], ctx.choice([1, 2]))
    m = Entry(schema(ctx.base, ["Tensor self", "Tensor(a!) %s" % buf] + args,
                     ["Tensor"]))
    m.set("dispatch", backend_dispatch(ctx, "", sym, keys=keys))
    f.add(m)
    fn = Entry(schema(ctx.base + "_functional",
                      ["Tensor self", "Tensor %s" % buf] + args,
                      ["Tensor", "Tensor %s_out" % buf]))
    fn.set("dispatch", [([CEA], sym_kernel(ctx, ctx.kernel("functional"),
                                           sym))])
    f.add(fn)
    o = Entry(schema(ctx.base + ".out", ["Tensor self", "Tensor(a!) %s" % buf]
                     + args + ["*", "Tensor(b!) out"], ["Tensor(b!)"]))
    o.set("dispatch", backend_dispatch(ctx, "out", sym, keys=keys))
    f.add(o)
    return f


@kind("inplace_extra_mutable")
def kind_inplace_extra_mutable(ctx):
    """An inplace op that also mutates another positional argument (as
    _amp_update_scale_): its generated functional variant returns both, its
    out= variant keeps the other mutable argument."""
    f = ctx.family("inplace_extra_mutable")
    f.partial_ok = False
    ctx.fresh_names()
    other = ctx.argname()
    args, props = ctx.args(ctx.choice([0, 1, 2]), avoid=("gen", "tens"))
    sym = "sym" in props
    ip = Entry(schema(ctx.base + "_", ["Tensor(a!) self", "Tensor(b!) %s"
                                       % other] + args, ["Tensor(a!)"]))
    set_variants(ctx, ip, "function")
    ip.set("dispatch", backend_dispatch(ctx, "", sym))
    f.add(ip)
    f.autogen(ip, [ctx.base, ctx.base + ".out"], symint=sym)
    return f


@kind("out_generated_functional")
def kind_out_generated_functional(ctx):
    """Out= and inplace variants written out, the functional one generated
    from the inplace variant (`autogen: x` on any entry of the group)."""
    f = ctx.family("out_generated_functional")
    ctx.fresh_names()
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen",))
    sym = "sym" in props
    keys = ctx.sample(["CPU", "CUDA", "Meta"], ctx.choice([1, 2]))
    o = Entry(schema(ctx.base + ".out", ["Tensor self"] + args +
                     ["*", "Tensor(a!) out"], ["Tensor(a!)"]))
    o.set("dispatch", backend_dispatch(ctx, "out", sym, keys=keys))
    ip = Entry(schema(ctx.base + "_", ["Tensor(a!) self"] + args,
                      ["Tensor(a!)"]))
    set_variants(ctx, ip, variants(ctx))
    ip.set("dispatch", backend_dispatch(ctx, "ip", sym, keys=keys))
    first = [o, ip] if ctx.chance(0.5) else [ip, o]
    for e in first:
        f.add(e)
    f.autogen(ctx.choice(first), [ctx.base], symint=sym)
    return f


# Real operators a family may add overloads to. None is one torchgen names
# in its checks (bernoulli.p, resize_, set_, polygamma_, narrow, the
# uniform_/random_ `from`, the out= and functional lists of
# native_function_generation).
REAL_FUNCTIONAL = ["abs", "add", "mul", "sum", "mean", "relu", "clamp",
                   "cat", "where", "max", "min", "sort", "index_select",
                   "neg", "exp", "log", "sigmoid", "tanh", "matmul", "mm",
                   "gelu", "softmax", "pow", "sub", "div", "eq", "zeros",
                   "ones", "full", "arange", "topk", "cumsum", "flip"]
# Real view operators, each with a real `<view>_copy` (and some with an
# inplace view).
REAL_VIEWS = ["transpose", "squeeze", "unsqueeze", "select", "expand",
              "permute", "diagonal", "unfold", "alias", "t"]
REAL_INPLACE_VIEWS = ["transpose", "squeeze", "unsqueeze", "t"]


@kind("extend_real")
def kind_extend_real(ctx):
    """New overloads of real operators (`add.gf12a`, `squeeze.gf12a` with
    `squeeze_copy.gf12a`): they join the real families' files (one
    ops/<name>.h per base name), overload sets and method lists, after the
    real overloads. Their arguments carry the family's index, so their
    signatures differ from every real one (torchgen groups by signature)."""
    f = ctx.family("extend_real")
    ctx.fresh_names()
    ov = "gf%d%s" % (ctx.index, ctx.choice("abc"))
    extra = "gf%d_%s" % (ctx.index, ctx.choice(["k", "dim", "p"]))
    ctx._names.append(extra)
    shape = ctx.choice(["kernel", "kernel", "composite", "inplace", "view"])
    if shape == "view":
        v = ctx.choice(REAL_VIEWS)
        args = ["int %s" % extra]
        e = Entry(schema("%s.%s" % (v, ov), ["Tensor(a) self"] + args,
                         ["Tensor(a)"]))
        set_variants(ctx, e, variants(ctx))
        e.set("dispatch", [([CEA], "%s_%s" % (ctx.base, v))])
        f.add(e)
        if v in REAL_INPLACE_VIEWS and ctx.chance(0.5):
            ip = Entry(schema("%s_.%s" % (v, ov), ["Tensor(a!) self"] + args,
                              ["Tensor(a!)"]))
            set_variants(ctx, ip, "method")
            ip.set("tags", ["inplace_view"])
            ip.set("dispatch", [([CEA], "%s_%s_" % (ctx.base, v))])
            f.add(ip)
        cp = Entry(schema("%s_copy.%s" % (v, ov), ["Tensor self"] + args,
                          ["Tensor"]))
        cp.set("dispatch", [([CEANF], "%s_%s_copy" % (ctx.base, v))])
        cp.set("tags", ["view_copy"])
        f.add(cp)
        f.autogen(cp, ["%s_copy.%s_out" % (v, ov)])
        f.backend_ok = False   # (the real family would be split)
        return f
    base = ctx.choice(REAL_FUNCTIONAL)
    args, props = ctx.args(ctx.choice([0, 1]), avoid=("gen",))
    args = ["int %s" % extra] + args
    args = [a for a in args if "=" not in a] + [a for a in args if "=" in a]
    sym = "sym" in props
    if shape == "inplace":
        ip = Entry(schema("%s_.%s" % (base, ov), ["Tensor(a!) self"] + args,
                          ["Tensor(a!)"]))
        set_variants(ctx, ip, variants(ctx))
        ip.set("dispatch", backend_dispatch(ctx, base + "_", sym))
        f.add(ip)
        f.autogen(ip, ["%s.%s" % (base, ov), "%s.%s_out" % (base, ov)],
                  symint=sym)
    else:
        e = Entry(schema("%s.%s" % (base, ov), ["Tensor self"] + args,
                         ["Tensor"]))
        v = variants(ctx)
        set_variants(ctx, e, v)
        if shape == "kernel":
            e.set("dispatch", backend_dispatch(ctx, base, sym,
                                               composite=ctx.choice(
                                                   [None, CEA])))
            if ctx.chance(0.5):
                f.autogen(e, ["%s.%s_out" % (base, ov)], symint=sym)
        maybe_misc(ctx, e, v == "function", args)
        tags = ctx.tags(allow_core=True)
        if tags:
            e.set("tags", tags)
        f.add(e)
    f.backend_ok = False
    return f


@kind("spelling")
def kind_spelling(ctx):
    """An ordinary op spelt as YAML allows and PyTorch's file never does:
    decided by render() with the rare-spelling rate forced to 1 (quoted
    func, flow dispatch, comments, `yes`/`on` booleans, func not first, a
    func folded over two lines)."""
    f = kind_autogen_inplace(ctx) if ctx.chance(0.5) else \
        kind_dispatch_keys(ctx)
    f.kind = "spelling"
    f.force_rare = True
    return f
