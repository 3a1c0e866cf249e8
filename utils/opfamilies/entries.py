"""Entries and their spelling: Entry and Raw (what an entry holds), Style
(how one entry is spelt) and render_entry (its yaml text)."""

# ---------------------------------------------------------------------------
# Entries and their spelling
# ---------------------------------------------------------------------------

class Entry:
    """One `- func:` entry: its schema and its other keys, in order.

    Values are str, bool, list of str (tags, cpp_no_default_args,
    precomputed) or a list of (keys, kernel) pairs for `dispatch:` (keys is
    the list of dispatch key names one line names) and of (key, loop) pairs
    for `ufunc_inner_loop:`.
    """

    def __init__(self, func, namespace=None):
        self.func = func
        self.namespace = namespace
        self.fields = []
        self.comments = {}

    def set(self, key, value, comment=None):
        self.fields = [(k, v) for k, v in self.fields if k != key]
        self.fields.append((key, value))
        if comment:
            self.comments[key] = comment
        return self

    def get(self, key, default=None):
        for k, v in self.fields:
            if k == key:
                return v
        return default

    @property
    def name(self):
        """The operator name with its overload (no namespace)."""
        return self.func.split("(", 1)[0]

    def has_symint(self):
        args = self.func.split("(", 1)[1].rsplit(") ->", 1)[0]
        return "SymInt" in args


class Raw:
    """A value written as given: the text after `key:` (its first line) and
    more lines, indented relative to the entry's keys. For anchors,
    aliases and explicit YAML tags."""

    def __init__(self, first, *more):
        self.first = first
        self.more = list(more)


def yaml_single(s):
    return "'" + s.replace("'", "''") + "'"


def yaml_double(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def plain_ok(s):
    """Whether s may be written as a YAML plain scalar (block context)."""
    if not s or s[0] in "[]{}!&*|>'\"%@`#,?:-" or s != s.strip():
        return False
    return ": " not in s and " #" not in s and not s.endswith(":")


class Style:
    """How one entry is spelt. Most entries look like PyTorch's own file;
    with probability `rare` an entry uses some of the spellings YAML allows
    and the real file never does (each read by PyYAML, as torchgen reads
    it, exactly as the usual spelling is)."""

    def __init__(self, rng, rare):
        r = rng.random
        # The func string: plain; quoted; double-quoted with an escape; a
        # literal or folded block scalar; a quoted string over two lines;
        # a plain string over two lines.
        self.quote = "plain"
        if r() < rare * 0.6:
            self.quote = rng.choice(["single", "double", "single", "double",
                                     "escape", "literal", "folded",
                                     "single_lines", "plain_lines"])
        self.flow_dispatch = r() < rare * 0.4
        self.flow_tags = r() < 0.5
        self.tags_as_scalar = r() < 0.5
        self.comment = r() < rare * 0.4
        odd = r() < rare
        # `CPU, CUDA: k` as the real file has it, or the spacings torchgen's
        # split(",") + strip() reads the same.
        self.key_comma = rng.choice([",", " , ", " ,", ",  "]) if odd else ", "
        # The column of the dispatch entries (the real file: 4; anything
        # deeper than the key's 2 is the same mapping).
        self.dispatch_indent = rng.choice([3, 6, 8]) if odd else 4
        self.list_indent = rng.choice([0, 0, 2])
        self.blank_before = rng.choice([0, 2, 3]) if odd else 1
        # `func` after other keys (torchgen reads the mapping as a whole).
        self.func_position = rng.choice([1, 2, 9]) if r() < rare * 0.15 \
            else 0
        # YAML 1.1 booleans, as PyYAML reads them.
        self.bool_spelling = rng.choice(["true", "TRUE", "yes", "on", "Yes",
                                         "ON"]) if odd else "True"
        self.false_spelling = rng.choice(["false", "no", "off", "No",
                                          "OFF"]) if odd else "False"
        # A comment line inside the dispatch block (the real file has a
        # few, full_like's).
        self.dispatch_comment = r() < rare * 0.3
        # Keys written quoted (`'func':`, `"dispatch":`).
        self.quote_keys = r() < rare * 0.1
        # The mapping indented further after its `-` (`-   func:`).
        self.wide_item = r() < rare * 0.1
        # Spaces at the end of lines (and on the blank line before).
        self.trailing_space = r() < rare * 0.1
        # The whole entry as one flow mapping (`- {func: ..., ...}`).
        self.flow_entry = r() < rare * 0.08
        # `? func` / `: value`: the explicit key form.
        self.explicit_key = r() < rare * 0.05


def func_scalar(func, st):
    """The func string's YAML spelling: a list of lines, the first
    following `func:` (its continuation lines carry their own indentation,
    relative to the entry's keys)."""
    q = st.quote
    if q in ("plain", "plain_lines") and not plain_ok(func):
        q = "single"
    if q == "plain":
        return [" " + func]
    if q == "single":
        return [" " + yaml_single(func)]
    if q == "double":
        return [" " + yaml_double(func)]
    if q == "escape":
        # `\x2D` is `-`: the arrow spelt with an escape.
        return [" " + yaml_double(func).replace(" -> ", " \\x2D> ", 1)]
    if q == "literal":
        return [" |-", "    " + func]
    cut = func.find(", ")
    if cut < 0:
        return [" " + (func if plain_ok(func) else yaml_single(func))]
    # Break at a ", ": a folded line break reads as one space.
    head, tail = func[:cut + 1], func[cut + 2:]
    if q == "folded":
        return [" >-", "    " + head, "    " + tail]
    if q == "single_lines":
        return [" '" + head.replace("'", "''"),
                "    " + tail.replace("'", "''") + "'"]
    return [" " + head, "    " + tail]   # plain_lines


def flow_value(key, value):
    """A value inside a flow mapping (every string quoted: a flow context
    ends a plain scalar at a comma)."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if key == "dispatch":
        return "{%s}" % ", ".join("%s: %s" % (yaml_single(", ".join(ks)),
                                               yaml_single(k))
                                   for ks, k in value)
    if key == "ufunc_inner_loop" and not isinstance(value, str):
        return "{%s}" % ", ".join("%s: %s" % (k, yaml_single(v))
                                   for k, v in value)
    if isinstance(value, list):
        return "[%s]" % ", ".join(yaml_single(x) for x in value)
    return yaml_single(value)


def render_entry(e, st):
    """The entry as yaml text (lines, ending in a newline)."""
    func = e.func if e.namespace is None else "%s::%s" % (e.namespace, e.func)
    if st.flow_entry and not any(isinstance(v, Raw) for _, v in e.fields) \
            and not getattr(e, "func_tag", None):
        items = ["func: " + yaml_single(func)]
        items += ["%s: %s" % (k, flow_value(k, v)) for k, v in e.fields]
        return "- {%s}\n" % ", ".join(items)

    def flag(v):
        return st.bool_spelling if v else st.false_spelling

    def keyname(k):
        if st.quote_keys and k in ("func", "dispatch", "variants"):
            return yaml_single(k) if k != "dispatch" else yaml_double(k)
        return k

    # Blocks of lines, one per key, so that `func` can go anywhere.
    blocks = []
    for key, value in e.fields:
        body = []
        c = e.comments.get(key)
        tail = ("   # " + c) if (c and st.comment) else ""
        kn = keyname(key)
        if isinstance(value, Raw):
            body.append("%s:%s" % (kn, value.first))
            body.extend(value.more)
        elif key == "dispatch":
            if st.flow_dispatch:
                # In a flow mapping a comma ends the key: a line naming
                # several keys is a quoted key.
                items = ", ".join("%s: %s" % (ks[0] if len(ks) == 1 else
                                              yaml_double(st.key_comma.join(ks)),
                                              k)
                                  for ks, k in value)
                body.append("%s: {%s}%s" % (kn, items, tail))
            else:
                body.append(kn + ":" + tail)
                pad = " " * (st.dispatch_indent - 2)
                if st.dispatch_comment:
                    body.append(pad + "# NB: a comment among the kernels")
                for ks, k in value:
                    body.append("%s%s: %s" % (pad, st.key_comma.join(ks), k))
        elif key == "ufunc_inner_loop":
            if isinstance(value, str):
                body.append("ufunc_inner_loop: %s%s" % (value, tail))
            else:
                body.append("ufunc_inner_loop:" + tail)
                for uk, loop in value:
                    body.append("  %s: %s" % (uk, loop))
        elif key == "tags":
            if len(value) == 1 and st.tags_as_scalar:
                body.append("tags: %s%s" % (value[0], tail))
            elif st.flow_tags:
                body.append("tags: [%s]%s" % (", ".join(value), tail))
            else:
                body.append("tags:" + tail)
                for t in value:
                    body.append("%s- %s" % (" " * st.list_indent, t))
        elif key in ("cpp_no_default_args", "precomputed"):
            if key == "cpp_no_default_args" and st.flow_tags:
                body.append("%s: [%s]%s" % (key, ", ".join(
                    yaml_single(x) for x in value), tail))
            else:
                body.append(key + ":" + tail)
                for t in value:
                    body.append("%s- %s" % (" " * st.list_indent, t))
        elif isinstance(value, bool):
            body.append("%s: %s%s" % (kn, flag(value), tail))
        else:
            body.append("%s: %s%s" % (kn, value, tail))
        blocks.append(body)

    if getattr(e, "func_tag", None):
        fl = [" %s %s" % (e.func_tag, yaml_double(func))]
    else:
        fl = func_scalar(func, st)
    if st.explicit_key:
        func_block = ["? " + keyname("func"), ":" + fl[0]] + fl[1:]
    else:
        func_block = [keyname("func") + ":" + fl[0]] + fl[1:]
    blocks.insert(min(st.func_position, len(blocks)), func_block)
    lines = [l for b in blocks for l in b]
    ind = "    " if st.wide_item else "  "
    out = [("-   " if st.wide_item else "- ") + lines[0]] + \
        [ind + l for l in lines[1:]]
    if st.trailing_space:
        # (not inside a block scalar, where the spaces would be content)
        keep = set()
        if st.quote in ("literal", "folded") and not getattr(e, "func_tag",
                                                             None):
            start = sum(len(b) for b in blocks[:min(st.func_position,
                                                     len(blocks) - 1)])
            keep = set(range(start, start + len(func_block)))
        out = [l if i in keep else l + "  " for i, l in enumerate(out)]
    return "".join(l + "\n" for l in out)
