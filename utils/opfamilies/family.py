"""The machinery every kind uses: schema pieces, Family (what a kind
makes), Ctx (the random choices of one family), the helpers the kinds
share, and the kind registry (KINDS, @kind)."""
from .vocab import (ARG_NAMES, ARG_TYPES, DENSE_KEYS, EXOTIC_TYPES, FREE_TAGS,
                    OTHER_KEYS, PYTHON_MODULES, WORDS)


# ---------------------------------------------------------------------------
# Schema pieces
# ---------------------------------------------------------------------------

def schema(name, args, returns):
    """A schema string. args: argument strings, "*" marking kwarg-only
    ones; returns: return strings."""
    if len(returns) == 1:
        ret = returns[0]
    else:
        ret = "(" + ", ".join(returns) + ")"
    return "%s(%s) -> %s" % (name, ", ".join(args), ret)


def opname(base, overload):
    return base + ("." + overload if overload else "")


def out_overload(overload):
    return overload + "_out" if overload else "out"


class Family:
    """What one kind made: its entries, how they are spelt, and what the
    backend yaml may list of them. The backend yaml takes a family whole
    into one list (torchgen forbids an op group split between `supported`
    and `autograd`), or some of its variants when partial_ok."""

    def __init__(self, kind, base, rng):
        self._rng = rng
        self.kind = kind
        self.base = base
        self.entries = []
        self.backend_ok = True
        # Whether the backend yaml may list only some of the variants: then
        # gen_backend_stubs writes inplace/out= wrappers around the listed
        # functional kernel, which it cannot do for a mutable op (it asserts
        # "called on a functional op") nor for an inplace op that returns
        # nothing (a foreach op's).
        self.partial_ok = True
        self.force_rare = False   # every rare spelling, often
        self.plain_style = False  # the real file's spelling only
        self.eol = "\n"
        self.backend_names = []   # explicit and autogen'd names
        self.symint_names = set()

    def add(self, e):
        # A generator bug, not an input to test: torchgen reads two
        # arguments of one name but writes C++ that cannot compile.
        args = e.func.split("(", 1)[1].rsplit(") ->", 1)[0].split(", ")
        names = [a.split("=")[0].rsplit(" ", 1)[-1] for a in args
                 if a and a != "*"]
        if len(names) != len(set(names)):
            raise AssertionError("duplicate argument names in " + e.func)
        self.entries.append(e)
        if e.namespace is not None:
            self.backend_ok = False
        self.backend_names.append(e.name)
        if e.has_symint():
            self.symint_names.add(e.name)
        return e

    def autogen(self, e, names, symint=False):
        """Give e an `autogen:` line naming `names` (torchgen compares the
        sorted list with what it generates, so the order is free)."""
        names = list(names)
        self._rng.shuffle(names)
        e.set("autogen", ", ".join(names))
        for n in names:
            self.backend_names.append(n)
            if symint:
                self.symint_names.add(n)


class Ctx:
    """The random choices of one family."""

    def __init__(self, rng, index, rare):
        self.rng = rng
        self.index = index
        self.rare = rare
        self.word = rng.choice(WORDS)
        # Some private names (a leading underscore, as _add_relu).
        self.private = rng.random() < 0.15
        self.base = "%sgf%d_%s" % ("_" if self.private else "", index,
                                   self.word)
        self._names = []

    # -- small helpers ----------------------------------------------------
    def chance(self, p):
        return self.rng.random() < p

    def choice(self, xs):
        return self.rng.choice(xs)

    def sample(self, xs, k):
        return self.rng.sample(xs, k)

    def family(self, kind, base=None):
        return Family(kind, base or self.base, self.rng)

    def fresh_names(self):
        self._names = []

    def argname(self):
        while True:
            n = self.choice(ARG_NAMES)
            if n not in self._names:
                self._names.append(n)
                return n

    # -- arguments ---------------------------------------------------------
    def pick_type(self, need=(), avoid=()):
        while True:
            t, defaults, props = self.choice(ARG_TYPES)
            if any(n not in props for n in need):
                continue
            if any(a in props for a in avoid):
                continue
            return t, defaults, props

    def args_and_kwarg(self):
        """0 to 2 arguments, and sometimes a keyword-only one after them:
        (args, kwargs, whether any takes a SymInt)."""
        args, props = self.args(self.choice([0, 1, 2]), avoid=("gen",))
        sym = "sym" in props
        kw = []
        if self.chance(0.3):
            kw, kp = self.args(1, avoid=("gen", "tens"))
            sym = sym or "sym" in kp
        return args, kw, sym

    def args(self, n, need=(), avoid=(), defaults_ok=True, exotic=0.0):
        """n random non-self arguments as strings. Defaulted ones come last
        (C++ default arguments must be trailing). With probability `exotic`
        an argument takes one of EXOTIC_TYPES."""
        plain, defaulted = [], []
        props_all = set()
        for _ in range(n):
            if exotic and self.chance(exotic) and not need:
                t = self.choice(EXOTIC_TYPES)
                defaults = [None]
                props = {"gen"} if "Generator" in t else set()
                if "gen" in props and "gen" in avoid:
                    continue
            else:
                t, defaults, props = self.pick_type(need, avoid)
            props_all |= props
            d = self.choice(defaults) if defaults_ok else None
            if "gen" in props:
                name = "generator"
                if name in self._names:
                    continue
                self._names.append(name)
            else:
                name = self.argname()
            s = "%s %s" % (t, name) + ("=" + d if d else "")
            (defaulted if d else plain).append(s)
        return plain + defaulted, props_all

    def kernel(self, *parts):
        return "_".join((self.base,) + tuple(p for p in parts if p))

    def tags(self, allow_core=False, extra=()):
        ts = list(extra)
        if self.chance(0.35):
            pool = FREE_TAGS + (["core"] if allow_core else [])
            for t in self.sample(pool, self.choice([1, 1, 2])):
                if t not in ts:
                    ts.append(t)
        return ts

    def key_groups(self, keys):
        """Split keys into dispatch lines: each line names one or more keys
        sharing a kernel."""
        keys = list(keys)
        groups = []
        while keys:
            k = self.choice([1, 1, 1, 2, 3])
            groups.append(keys[:k])
            keys = keys[k:]
        return groups


def sym_kernel(ctx, kernel, symint):
    """The kernel name of a SymInt op: torchgen passes c10::SymInt to a
    kernel whose name contains `_symint`, int64_t to any other."""
    if symint and ctx.chance(0.6):
        return kernel + "_symint"
    return kernel


def backend_dispatch(ctx, stem, symint=False, keys=None, composite=None,
                     others=0):
    """A dispatch table for a non-structured op: some dense keys, maybe a
    composite key, maybe some sparse/quantized/nested ones."""
    if keys is None:
        keys = [k for k in DENSE_KEYS if ctx.chance(0.35)]
        if not keys and composite is None:
            keys = [ctx.choice(["CPU", "CUDA"])]
    keys = list(keys)
    extra = ctx.sample(OTHER_KEYS, others) if others else []
    table = []
    for g in ctx.key_groups(keys + extra):
        suffix = "_".join(k.lower() for k in g[:1])
        table.append((g, sym_kernel(ctx, ctx.kernel(stem, suffix), symint)))
    if composite:
        table.insert(ctx.choice(range(len(table) + 1)),
                     ([composite], sym_kernel(ctx, ctx.kernel(stem), symint)))
    return table


def maybe_device_flags(ctx, e, p=0.25):
    if ctx.chance(p):
        e.set("device_check", "NoCheck", "TensorIterator")
    if ctx.chance(p):
        e.set("device_guard", False)


def maybe_misc(ctx, e, fn_only, args):
    """Keys with no effect on grouping: python_module (functions only),
    category_override, cpp_no_default_args (names defaulted arguments)."""
    if fn_only and ctx.chance(0.12):
        e.set("python_module", ctx.choice(PYTHON_MODULES))
    if ctx.chance(0.06):
        e.set("category_override", ctx.choice(["factory", "dummy", "misc"]))
    defaulted = [a.split("=")[0].rsplit(" ", 1)[1] for a in args
                 if "=" in a and a != "*"]
    if defaulted and ctx.chance(0.15):
        e.set("cpp_no_default_args",
              ctx.sample(defaulted, ctx.choice(range(1, len(defaulted) + 1))))


def variants(ctx, method_ok=True, function=True):
    if not method_ok:
        return "function"
    v = ctx.choice(["function", "function, method", "method, function",
                    "method"] if function else ["method"])
    return v


def set_variants(ctx, e, v):
    # `variants: function` is the default; the real file writes it often,
    # leaving it out is as valid.
    if v != "function" or ctx.chance(0.6):
        e.set("variants", v)


def with_kwarg(positional, kwarg):
    return positional + (["*"] + kwarg if kwarg else [])


def needs_seeded(args):
    return any(a.startswith("Generator") for a in args)


def add_seeded(ctx, e, args, allow_core=False):
    tags = ctx.tags(allow_core=allow_core)
    if needs_seeded(args) and "nondeterministic_seeded" not in tags:
        tags.append("nondeterministic_seeded")
    if tags:
        e.set("tags", tags)


# ---------------------------------------------------------------------------
# Kinds
# ---------------------------------------------------------------------------

KINDS = {}


def kind(name):
    def register(fn):
        KINDS[name] = fn
        return fn
    return register
