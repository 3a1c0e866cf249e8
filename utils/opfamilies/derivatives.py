"""derivatives.yaml entries for the generated families (gen-operator-
families.py --derivatives-out/--autograd-out), for the autograd
differential test (test/Reference/autograd-generative.test).

An entry is drawn for some of each family's functional, inplace and view
functions from its own `random.Random`: a backward formula per
differentiable input (one name or several, `self, other:`), or
`non_differentiable`, or `not_implemented("name")`; `grad`, `grads[i]` or
`grad_<name>` for the gradients; `result`/`resultN` and the saved-value
spellings torchgen rewrites (`self.sym_sizes()`, `self.scalar_type()`,
`zeros_like(self)`, `to_args_sizes(tensors)`, `wrap_opt_if(...)`, ...);
`retain_variables`, `grad_input_mask`; `output_differentiability` (bools,
or one condition for a single output); forward formulas (`result: ...`
with `_t`/`_p`, `auto_element_wise`, `auto_linear` where torchgen's
preconditions hold); and `dispatch:` sections with `Default` and
`AutogradNestedTensor`. Formulas call functions nobody defines (the code is
generated, not compiled), named after the operator.

Only what torchgen 2.14.1's load_derivatives accepts is made (the comments
say which of its rules shaped a choice); a seed torchgen rejects is a bug
here, not in opgen.
"""
import json
import re

from .entries import plain_ok


def split_top(s):
    """Split at the commas outside brackets and quotes."""
    out, depth, cur, q = [], 0, [], None
    i = 0
    while i < len(s):
        c = s[i]
        if q:
            cur.append(c)
            if c == "\\" and i + 1 < len(s):
                cur.append(s[i + 1])
                i += 1
            elif c == q:
                q = None
        elif c in "'\"":
            q = c
            cur.append(c)
        elif c in "([":
            depth += 1
            cur.append(c)
        elif c in ")]":
            depth -= 1
            cur.append(c)
        elif c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


class Sig:
    """The pieces of a schema string this module needs."""

    def __init__(self, func):
        self.func = func
        self.name = func.split("(", 1)[0]
        self.base = self.name.split(".", 1)[0]
        rest = func.split("(", 1)[1]
        args, ret = rest.rsplit(") -> ", 1)
        self.args = []  # (type, name)
        for a in split_top(args):
            if a == "*":
                continue
            a = a.split("=", 1)[0]
            t, n = a.rsplit(" ", 1)
            self.args.append((t, n))
        ret = ret.strip()
        if ret.startswith("(") and ret.endswith(")"):
            rets = split_top(ret[1:-1])
        elif ret == "()":
            rets = []
        else:
            rets = [ret]
        self.returns = []  # (type, name or None)
        for r in rets:
            if " " in r:
                t, n = r.rsplit(" ", 1)
            else:
                t, n = r, None
            self.returns.append((t, n))


def base_type(t):
    """`Tensor(a!)` -> `Tensor`, `Tensor(a)[]` -> `Tensor[]`."""
    return re.sub(r"\([^)]*\)", "", t)


def eligible(sig):
    """Whether torchgen takes an entry for this function (and this module
    knows how to write one): tensor returns only, no mutable argument but
    an inplace op's self, and neither `result` nor `grad_input_mask` among
    the arguments (load_derivatives rejects those names)."""
    foreach = sig.base.startswith("_foreach_")
    if not sig.returns and not foreach:
        return False
    for t, n in sig.returns:
        if base_type(t) not in ("Tensor", "Tensor[]"):
            return False
        if n in ("self", "grad", "grads"):
            return False
    if len(sig.returns) > 1 and any(base_type(t) != "Tensor"
                                    for t, _ in sig.returns):
        return False
    names = [n for _, n in sig.args]
    if any(n in names for _, n in sig.returns):
        return False
    if "result" in names or "grad_input_mask" in names:
        return False
    if any(n.startswith("grad") or re.match(r"result\d*$", n)
           for n in names):
        return False
    for t, n in sig.args:
        if "!" in t and not (n == "self" and sig.base.endswith("_")):
            return False
    # A mutable op's generated functional variant: the mutable op (same
    # signature) would take its info, whose outputs it does not have.
    if sig.base.endswith("_functional"):
        return False
    return True


def savable(t):
    """Whether torchgen saves an argument of type t for the backward (no
    list that only borrows: gen_autograd_functions asserts "looks like it
    contains a non-owning reference" of float[], str[], Dimname[], ...)."""
    t = base_type(t)
    if "[" not in t or t.startswith("Tensor"):
        return True
    return bool(re.match(r"(int|SymInt)\[\d*\]\??$|bool\[\d\]$", t)) \
        or t in ("float[]?", "Scalar[]")


def has_kernel(e):
    """Whether e has a kernel of its own: torchgen asserts that a function
    with a formula (or whose functional variant has one) has a dispatch
    section, and not a CompositeImplicitAutograd one."""
    sd = e.get("structured_delegate")
    if isinstance(sd, str) and sd not in ("~", "null", ""):
        return True
    d = e.get("dispatch")
    if not isinstance(d, list) or not d:
        return False
    for keys, _ in d:
        if any(k.startswith("CompositeImplicitAutograd") for k in keys):
            return False
    return True


def return_names(sig):
    """The names forward formulas and backward formulas call the outputs."""
    if len(sig.returns) == 1:
        n = sig.returns[0][1]
        return [n or "result"]
    return [n or "result%d" % i for i, (_, n) in enumerate(sig.returns)]


def yaml_str(s):
    return s if plain_ok(s) and "'" not in s[:1] else json.dumps(s)


class Maker:
    def __init__(self, rng):
        self.rng = rng
        self.ref = False

    def chance(self, p):
        return self.rng.random() < p

    def choice(self, xs):
        return self.rng.choice(xs)

    # -- pieces of a backward formula ------------------------------------
    def saved_spelling(self, t, n, inplace, names):
        """A use of input n the way torchgen saves it (not `.sizes()` nor
        `.size(0)`: torchgen asks for the SymInt spellings; `.sym_strides()`
        only in the formula of that input alone)."""
        bt = base_type(t)
        if bt == "Tensor[]":
            return self.choice(["to_args_sizes(%s)", "to_args_sizes_symint(%s)",
                                "to_args_scalartypes(%s)", "%s"]) % n
        if bt == "Tensor?":
            return self.choice(["%s", "%s->sym_sizes()"]) % n
        if bt == "Tensor" and self.ref:
            # gen_foreach_derivativeinfo maps a saved input by its expr's
            # text before the first `.`: only these are an argument's name
            # there (not strides_or_error(...), wrap_opt_if(...), ...).
            return self.choice(["%s", "%s.sym_sizes()", "%s.scalar_type()",
                                "%s.options()", "zeros_like(%s)",
                                "%s.sym_size(-1)", "%s.dim()", "%s.numel()",
                                "%s.layout()", "%s.is_conj()",
                                "%s.sym_numel()"]) % n
        if bt == "Tensor":
            opts = ["%s", "%s.sym_sizes()", "%s.scalar_type()",
                    "%s.options()", "zeros_like(%s)", "%s.sym_size(-1)",
                    "%s.dim()", "%s.numel()", "%s.layout()", "%s.is_conj()",
                    "%s.sym_numel()", "TensorGeometry(%s)",
                    "%s.sym_blocksize()", "%s.device()"]
            # (not self's: an inplace op reusing the formula is refused)
            if names == [n] and n != "self":
                opts.append("%s.sym_strides()")
            if not inplace or n != "self":
                opts.append("wrap_opt_if(%s, grad_input_mask[0])")
            return self.choice(opts) % n
        return n

    def grad_use(self, sig, rnames, odiff):
        diff = [i for i in range(len(sig.returns))
                if odiff is None or (i < len(odiff) and odiff[i] is True)]
        if sig.base.startswith("_foreach_"):
            # (the real file's spelling: the i-th tensor's gradient)
            return ["grads[i]"]
        if len(sig.returns) == 1:
            return ["grad"]
        # One way of naming the gradients per entry (torchgen: no mixing
        # of grad_RETURN_NAME with grads[x]).
        style = self.gstyle
        named = [rnames[i] for i in diff if sig.returns[i][1]]
        if style == "named" and named:
            return ["grad_" + n for n in self.rng.sample(
                named, self.choice(range(1, len(named) + 1)))]
        # Not grads[0] alone (torchgen: "solely refers to grads[0]").
        idx = sorted(self.rng.sample(range(len(sig.returns)),
                                     self.choice(range(1, len(sig.returns)
                                                       + 1))))
        if idx == [0]:
            idx = [0, 1]
        if self.chance(0.2):
            return ["grads"]
        return ["grads[%d]" % i for i in idx]

    def formula(self, sig, names, fname, grads, rnames, multi, inplace):
        args = list(grads)
        others = [(t, n) for t, n in sig.args if n not in names]
        mine = [(t, n) for t, n in sig.args if n in names]
        for t, n in mine + self.rng.sample(others, min(len(others),
                                                       self.choice([0, 1, 2]))):
            # An inplace foreach op's formula may serve its generated
            # functional op, which torchgen refuses if self is saved.
            if inplace and n == "self" and sig.base.startswith("_foreach_"):
                continue
            if not savable(t):
                continue
            if self.chance(0.7):
                args.append(self.saved_spelling(t, n, inplace, names))
        # (a Tensor[] output is saved for foreach ops only: save_variables
        # asserts "requires is_foreach and is_output")
        list_out = any(base_type(t) == "Tensor[]" for t, _ in sig.returns)
        if rnames and self.chance(0.3) and (
                not list_out or sig.base.startswith("_foreach_")):
            args.append(self.choice(rnames))
        if multi or self.chance(0.1):
            args.append("grad_input_mask")
        if self.chance(0.1):
            args.append("retain_variables")
        fn = "%s_backward" % fname.lstrip("_").replace(".", "_")
        return "%s(%s)" % (fn, ", ".join(args))

    # -- one entry ----------------------------------------------------------
    def section(self, sig, fname, odiff, inplace, nested=False):
        """The `name: formula` lines of one dispatch key (or the entry)."""
        rnames = return_names(sig)
        self.gstyle = self.choice(["grads", "named"])
        diffable = [(t, n) for t, n in sig.args
                    if base_type(t) in ("Tensor", "Tensor?", "Tensor[]")]
        nondiff_ok = [(t, n) for t, n in sig.args
                      if base_type(t) in ("Tensor", "Tensor?", "Tensor[]",
                                          "Tensor?[]")]
        lines = []
        pool = list(diffable)
        self.rng.shuffle(pool)
        with_deriv = []
        non_diff = []
        while pool:
            if len(pool) >= 2 and self.chance(0.25):
                k = self.choice(range(2, len(pool) + 1))
                group, pool = pool[:k], pool[k:]
            else:
                group, pool = pool[:1], pool[1:]
            names = [n for _, n in group]
            r = self.rng.random()
            if "self" in names:
                # (an inplace op's self non-differentiable makes its output
                # so: "derivative ignored ... without derivative"; and an
                # inplace op takes its functional op's formulas)
                r = 1.0
            if r < 0.12:
                non_diff += names
                lines.append((", ".join(names), "non_differentiable"))
            elif r < 0.2:
                with_deriv += names
                lines.append((", ".join(names),
                              'not_implemented("%s")' % sig.base))
            elif r < 0.3 and not with_deriv and len(group) == 1 \
                    and not lines:
                # left out: no formula (not a differentiable input then)
                continue
            else:
                with_deriv += names
                grads = self.grad_use(sig, rnames, odiff)
                lines.append((", ".join(names),
                              self.formula(sig, names, fname, grads, rnames,
                                           len(names) > 1, inplace)))
        for t, n in nondiff_ok:
            if base_type(t) == "Tensor?[]" and self.chance(0.5):
                lines.append((n, "non_differentiable"))
        # Forward formulas: only the differentiable inputs' _t and _p (the
        # base name is "ambiguous"), var names the outputs' names.
        wd = [(t, n) for t, n in sig.args if n in with_deriv]
        fw_ok = wd and not nested and sig.returns and all(
            base_type(t) != "Tensor[]" for t, _ in wd)
        if fw_ok and self.chance(0.5):
            r = self.rng.random()
            single = len(sig.returns) == 1
            real = [x for x in lines if not x[1].startswith("not_impl")
                    and x[1] != "non_differentiable"]
            if r < 0.25 and single and len(wd) == 1 and len(lines) == 1 \
                    and real and not inplace and "," not in lines[0][0]:
                lines.append((rnames[0], "auto_element_wise"))
            elif r < 0.5 and single and not inplace:
                lines.append((rnames[0], "auto_linear"))
            else:
                # Every differentiable output (torchgen: as many forward
                # derivatives as differentiable outputs, or none).
                outs = [i for i in range(len(sig.returns))
                        if odiff is None or (i < len(odiff) and odiff[i])]
                if len(outs) > 1 and self.chance(0.4):
                    for i in outs:
                        lines.append((rnames[i],
                                      self.fw_formula(wd, sig, inplace)))
                else:
                    key = ", ".join(rnames[i] for i in outs)
                    lines.append((key, self.fw_formula(wd, sig, inplace)))
        return lines

    def fw_formula(self, wd, sig, inplace):
        """A forward formula. An inplace op's own formula may not read
        self_p (torchgen: "using the original value of self"): result or
        original_self_p instead. `self_t.<op>(...)` is the form torchgen
        turns into `self_t_raw.<op>_(...)` when an inplace op reuses it."""
        f = self.fw_formula_1(wd, sig)
        if inplace:
            f = re.sub(r"\bself_p\b", self.choice(["result",
                                                     "original_self_p"]), f)
        return f

    def fw_formula_1(self, wd, sig):
        if any(n == "self" for _, n in wd) and self.chance(0.25):
            return "self_t.%s(%s)" % (sig.base, ", ".join(
                "%s_p" % n for _, n in wd if n != "self"))
        terms = []
        for t, n in wd:
            if self.chance(0.8) or not terms:
                p = [m for _, m in wd if self.chance(0.5)]
                terms.append(" * ".join(["%s_t" % n] + ["%s_p" % m
                                                         for m in p]))
        if self.chance(0.3):
            return "%s_jvp(%s)" % (sig.base.lstrip("_"), ", ".join(terms))
        return " + ".join(terms)

    def entry(self, e, ref=False):
        sig = Sig(e.func)
        if not eligible(sig):
            return None
        self.ref = ref
        if ref:
            # A foreach reference op's entry: no dispatch section (its
            # Default info is the one taken), no output_differentiability,
            # and forward formulas only when every tensor argument of the
            # foreach op is a list (gen_foreach_derivativeinfo asserts so).
            lines = []
            while not lines:
                lines = self.section(sig, sig.name, None, False,
                                     nested=not e.fw_ok)
            return "".join(["- name: %s\n" % yaml_str(e.func)] +
                           ["  %s: %s\n" % (k, yaml_str(v))
                            for k, v in lines]) if lines else None
        inplace = sig.base.endswith("_") and not sig.base.endswith("__")
        out = ["- name: %s\n" % yaml_str(e.func)]
        odiff = None
        if len(sig.returns) > 1 and self.chance(0.3):
            # (as many as the outputs: gen_differentiable_outputs checks)
            k = len(sig.returns)
            odiff = [self.chance(0.6) for _ in range(k)]
            if True not in odiff:
                odiff[0] = True
            out.append("  output_differentiability: [%s]\n"
                       % ", ".join(str(b) for b in odiff))
        elif len(sig.returns) == 1 and self.chance(0.08) \
                and base_type(sig.returns[0][0]) == "Tensor":
            # (not for Tensor[]: its out= variant returns nothing, and
            # torchgen checks the list's length against that)
            # One condition, single-output functions only.
            tens = [n for t, n in sig.args if base_type(t) == "Tensor"]
            cond = "isDifferentiableType(%s.scalar_type())" % tens[0] \
                if tens and self.chance(0.5) else "true"
            out.append("  output_differentiability: [%s]\n"
                       % json.dumps(cond))
        if self.chance(0.12):
            out.append("  dispatch:\n")
            keys = [("Default", False), ("AutogradNestedTensor", True)]
            if self.chance(0.3):
                keys = keys[:1]
            for key, nested in keys:
                out.append("    %s:\n" % key)
                lines = self.section(sig, sig.name, odiff, inplace, nested)
                # (an empty section is None to torchgen, which it cannot
                # read)
                if not lines:
                    return None
                for k, v in lines:
                    out.append("      %s: %s\n" % (k, yaml_str(v)))
        else:
            lines = self.section(sig, sig.name, odiff, inplace)
            if not lines:
                return None
            for k, v in lines:
                out.append("  %s: %s\n" % (k, yaml_str(v)))
        return "".join(out)


class _Func:
    def __init__(self, func, fw_ok):
        self.func = func
        self.namespace = None
        self.fw_ok = fw_ok

    @property
    def name(self):
        return self.func.split("(", 1)[0]


def foreach_reference(fam):
    """The reference op of a foreach family (`gf3_x.List(Tensor self,
    Tensor other, *, Scalar alpha=1) -> Tensor` for `_foreach_gf3_x_.List
    (Tensor(a!)[] self, Tensor[] other, ...)`), or None. torchgen's
    gen_variable_type asserts that an inplace foreach op has a
    differentiability info, and only a reference op's entry gives it one
    (an exact entry for it is read as a reference's: "foreach_arg_type
    (Tensor) != ref_arg.type (Tensor[])"); gen_foreach_derivativeinfo then
    makes the functional foreach op's info from the reference's, matching
    the reference by its base name and argument types (an argument's type
    or its list's element type)."""
    for e in fam.entries:
        sig = Sig(e.func)
        if sig.base.startswith("_foreach_") and sig.base.endswith("_"):
            base = sig.base[len("_foreach_"):-1]
            args = e.func.split("(", 1)[1].rsplit(") -> ", 1)[0]
            args = re.sub(r"Tensor\(a!\)\[\]|Tensor\[\]", "Tensor", args)
            args = args.replace("Scalar[]", "Scalar")
            fw_ok = all(t.endswith("[]") for t, _ in sig.args
                        if base_type(t).startswith("Tensor"))
            return _Func("%s%s(%s) -> Tensor" % (base, sig.name[len(sig.base):],
                                                 args), fw_ok)
    return None


def foreach_references_yaml(families):
    """The reference ops of the foreach families, as native_functions.yaml
    text to append (gen-operator-families.py appends it when it writes an
    autograd folder)."""
    out = []
    for fam in families:
        ref = foreach_reference(fam)
        if ref:
            out.append("\n- func: %s\n  variants: function\n  dispatch:\n"
                       "    CompositeExplicitAutograd: %s_ref\n"
                       % (yaml_str(ref.func), ref.name.replace(".", "_")))
    if not out:
        return ""
    return ("\n# ---- the foreach families' reference ops (for "
            "derivatives.yaml) ----\n" + "".join(out))


def derivatives_yaml(rng, families, share=0.8):
    """The text to append to the real derivatives.yaml: entries for about
    `share` of the families' eligible functions, and for the foreach
    families' reference ops (foreach_reference)."""
    m = Maker(rng)
    out = ["\n# ---- derivatives of the generated operator families "
           "(utils/gen-operator-families.py) ----\n"]
    seen = set()
    seen_names = set()
    for fam in families:
        ref = foreach_reference(fam)
        entries = list(fam.entries)
        if ref:
            entries.insert(0, ref)
        elif not m.chance(share):
            continue
        # Every function of the family with a kernel of its own: torchgen
        # asserts so of each function whose formula is its functional
        # variant's ("or its functional variant"), and the signatures that
        # match are the family's.
        kernels = all(has_kernel(e) for e in fam.entries
                      if e.namespace is None)
        for e in entries:
            if e.namespace is not None or e.func in seen:
                continue
            sig = Sig(e.func)
            if sig.base.startswith("_foreach_") and (
                    sig.base.endswith("_") or not m.chance(0.3)):
                # (an inplace foreach op's info is its reference's)
                continue
            if e is not ref and not m.chance(0.85):
                continue
            if e is not ref and not kernels:
                continue
            # An inplace op's entry only beside its functional op's (else
            # torchgen would give the functional op the inplace formula,
            # which it refuses when the formula saves self).
            if sig.base.endswith("_") and not sig.base.endswith("__"):
                fn = sig.base[:-1] + sig.name[len(sig.base):]
                if fn not in seen_names:
                    continue
            text = m.entry(e, ref=e is ref)
            if text:
                seen.add(e.func)
                seen_names.add(e.name)
                out.append("\n" + text)
    return "".join(out)
