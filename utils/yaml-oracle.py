#!/usr/bin/env python3
"""The PyYAML oracle: opgen's YAML reading against torchgen's, document by document.

Generates YAML documents from a seed (every scalar style, YAML 1.1
resolution, comments, flow and block collections, anchors, aliases, merge
keys, tags, several documents, duplicate keys, tabs, CR and CRLF, a BOM, no
final newline, trailing spaces, bytes that are not UTF-8, NUL, and
native_functions.yaml-shaped documents with small mutations), reads each
with PyYAML as torchgen does (torchgen.yaml_utils.YamlLoader on the text
open() gives) and with `opgen-yaml --batch`, and compares one canonical JSON
line per document. Both must give the same tree, or both reject.

  yaml-oracle.py --opgen-yaml build/bin/opgen-yaml --seed 1 --count 5000
  yaml-oracle.py ... --seed 7 --index 1234 --show      # one document again
  yaml-oracle.py ... --seed 7 --index 1234 --shrink    # cut it down

Document I of seed S depends on (S, I) only, so a failure is reproduced by
its seed and index. What the generator leaves out on purpose (each a
deliberate difference, see docs/Testing.md):
  - recursive aliases (`&a [*a]`): PyYAML builds a cyclic list; opgen
    cannot expand it and rejects it;
  - nesting deeper than opgen's readers allow (8 levels), which torchgen's
    inputs never come near;
  - !!set, !!omap and !!pairs, which no torchgen input can use (opgen
    rejects them as unknown tags where PyYAML builds a set or tuples);
  - scalar tags on mappings (`!!str {=: a}` is 'a' in PyYAML, by the value
    key `=`; opgen rejects a scalar tag on any collection).
"""

import argparse
import base64
import datetime
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DIST = os.path.join(ROOT, "reference", "2.14", "usr", "lib", "python3",
                    "dist-packages")

# Deepest nesting generated; opgen's readers stop at 8.
MAX_DEPTH = 5

# --------------------------------------------------------------------------
# PyYAML as torchgen reads a file
# --------------------------------------------------------------------------


def native_path(dist):
    return os.path.join(dist, "torchgen", "packaged", "ATen", "native",
                        "native_functions.yaml")


def load_loader(dist=DIST):
    sys.path.insert(0, dist)
    from torchgen.yaml_utils import YamlLoader  # noqa: E402
    import yaml  # noqa: E402
    return yaml, YamlLoader


def canon(v):
    if v is None:
        return ["null"]
    if isinstance(v, bool):
        return ["bool", v]
    if isinstance(v, int):
        return ["int", str(v)]
    if isinstance(v, float):
        return ["float", repr(v)]
    if isinstance(v, str):
        return ["str", v]
    if isinstance(v, bytes):
        return ["binary", base64.b64encode(v).decode("ascii")]
    if isinstance(v, (datetime.date, datetime.datetime)):
        return ["timestamp", v.isoformat()]
    if isinstance(v, list):
        return ["seq", [canon(x) for x in v]]
    if isinstance(v, dict):
        return ["map", [[canon(k), canon(x)] for k, x in v.items()]]
    if isinstance(v, tuple):
        return ["tuple", [canon(x) for x in v]]
    if isinstance(v, set):
        return ["set", sorted(json.dumps(canon(x)) for x in v)]
    raise TypeError(type(v).__name__)


def pyyaml_line(yaml, loader, doc):
    """What torchgen's `with open(p) as f: yaml.load(f, Loader=YamlLoader)`
    makes of the bytes \\p doc, as a canonical line."""
    try:
        # open() decodes strictly and turns \r\n and \r into \n.
        text = io.TextIOWrapper(io.BytesIO(doc), encoding="utf-8",
                                newline=None).read()
        value = yaml.load(text, Loader=loader)
    except RecursionError:
        return '["recursive"]'
    except Exception:
        return '["error"]'
    try:
        return json.dumps(canon(value), ensure_ascii=True,
                          separators=(",", ":"))
    except (ValueError, RecursionError):
        return '["recursive"]'


# --------------------------------------------------------------------------
# The generator
# --------------------------------------------------------------------------

RESOLUTION = [
    # ints
    "0", "1", "-1", "+1", "-0", "+0", "00", "017", "0o17", "09", "0_7", "0b101",
    "-0b101", "0b", "0b2", "0x1F", "0x_1f", "-0xff", "0x", "0xg", "1_000", "1__0",
    "1_", "1:30", "-1:30:00", "190:20:30", "1:60", "1:5", "0:30", "1:30:",
    "12345678901234567890123456789", "0x123456789abcdef0123456789",
    "+12_3", "1e3",
    # floats
    "1.0", "1.", ".5", "._5", "-.5", "+1.5e+3", "1.5e3", "1.5E-3", "1.0e+309",
    "1.0e-400", "0.1", "1_0.0_1", ".e1", "685.230_15e+03", "190:20:30.15",
    "1:30.5", "-1:0.", ".inf", "-.Inf", "+.INF", ".iNf", ".NaN", ".nan",
    "-.nan", ".NAN", "+.nan", "1.e+5", "1.5e+", "-", "+", ".", "..", "1.2.3",
    "123456789012345678.0", "0.000001", "1e-05", "9007199254740993.0",
    # bools and nulls
    "yes", "Yes", "YES", "yEs", "no", "No", "NO", "true", "True", "TRUE", "tRue",
    "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "oFF",
    "y", "n", "Y", "N", "~", "null", "Null", "NULL", "nULL", "nul", "None",
    # timestamps
    "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
    "2001-12-15 2:59:43.10", "2001-12-15T02:59:43.1Z", "2002-12-14",
    "2001-02-30", "2000-02-29", "1900-02-29", "0000-01-01", "2001-1-1",
    "2001-01-01 25:00:00", "2001-01-01T23:59:60", "2001-01-01 1:2:3",
    "2001-01-01 01:02:03.1234567Z", "2001-01-01 01:02:03 +24",
    "2001-01-01 01:02:03 -23:59", "2001-01-01 01:02:03 +1:99",
    "2001-01-01 01:02:03.", "2001-01-01\t01:02:03", "2001-13-01", "2001-12-32",
    "2001-12-14 21:59:43.10 +05:30", "2001-12-14T21:59:43-00:00",
    # the rest
    "<<", "=", "!", "&", "*", "a", "abc", "a b", "a:b", "a: b", "a #b", "a#b",
    "-a", "?a", ":a", "a,b", "[a]", "{a}", "a]", "@a", "`a", "%a", "é", "日本",
    "\U0001f600", "a\tb", "func(Tensor self) -> Tensor", "Tensor(a!)",
    "CPU, CUDA", "'", '"', "\\", "\\n", "a'b", 'a"b', " a", "a ", "#a",
    "\u2028", "\u0085", "\ufeff", "\x7f", "a\x01", "null a", "~a", "0.5 m",
]

WORDS = ["a", "b", "func", "dispatch", "CPU", "x", "key", "value", "tags",
         "variants", "True", "1", "null", "", "a b", "é", "k:v"]

DQ_ESCAPES = ["\\n", "\\t", "\\\"", "\\\\", "\\x41", "\\xe9", "\\u00e9",
              "\\U0001F600", "\\0", "\\a", "\\b", "\\e", "\\f", "\\v", "\\/",
              "\\N", "\\_", "\\L", "\\P", "\\ ", "\\\t", "\\r", "\\q",
              "\\x4", "\\uD800", "\\U00110000", "\\'"]

SCALAR_TAGS = ["!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp",
               "!!binary", "!<tag:yaml.org,2002:str>", "!<tag:yaml.org,2002:int>"]

TAGS = ["!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp",
        "!!binary", "!!seq", "!!map", "!", "!local", "!<tag:yaml.org,2002:str>",
        "!<tag:yaml.org,2002:int>", "!!python/none", "!!merge", "!!value",
        "!e!x"]


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.anchors = []  # anchors of finished nodes
        self.next_anchor = 0

    def chance(self, p):
        return self.r.random() < p

    def scalar_text(self):
        r = self.r
        k = r.random()
        if k < 0.55:
            return r.choice(RESOLUTION)
        if k < 0.8:
            return r.choice(WORDS)
        if k < 0.9:
            return "%s%s%s" % (r.choice(RESOLUTION), r.choice(" _:-.#,"),
                               r.choice(RESOLUTION))
        return "".join(r.choice("ab01 :-#.,'\"\\\t[]{}!&*?|>%@`~=<")
                       for _ in range(r.randint(0, 6)))

    def comment(self):
        return " #" + self.r.choice(["", " c", "c: d", " - x", " 'q", "#"])

    def maybe_comment(self, p=0.15):
        return self.comment() if self.chance(p) else ""

    def quoted(self, text, indent):
        r = self.r
        if self.chance(0.5):
            body = text.replace("'", "''")
            if self.chance(0.15):
                body += "\n" + " " * (indent + r.randint(0, 2)) + r.choice(WORDS)
            if self.chance(0.05):
                body += "\n\n" + " " * indent + "x"
            return "'" + body + "'"
        body = text.replace("\\", "\\\\").replace('"', '\\"')
        if self.chance(0.4):
            body += r.choice(DQ_ESCAPES)
        if self.chance(0.1):
            body += "\\\n" + " " * (indent + r.randint(0, 2)) + "cont"
        if self.chance(0.1):
            body += "\n" + " " * (indent + r.randint(0, 2)) + "next"
        return '"' + body + '"'

    def block_scalar(self, indent):
        r = self.r
        head = r.choice("|>")
        if self.chance(0.3):
            head += r.choice("-+")
        ind = None
        if self.chance(0.2):
            ind = r.randint(1, 4)
            head += str(ind)
        if self.chance(0.1):
            head = head[0] + head[:0:-1]  # the indicators swapped
        lines = []
        base = indent + (ind if ind else r.randint(1, 3))
        for _ in range(r.randint(0, 4)):
            k = r.random()
            if k < 0.15:
                lines.append("")
            elif k < 0.25:
                lines.append(" " * (base + 2) + r.choice(WORDS))
            elif k < 0.3:
                lines.append(" " * base + "\t" + r.choice(WORDS))
            else:
                lines.append(" " * base + self.scalar_text())
        if self.chance(0.2):
            lines.append("")
        return head + self.maybe_comment(0.1), lines

    def props(self, collection=False):
        """An anchor and a tag, each maybe."""
        out = ""
        anchor = None
        if self.chance(0.08):
            anchor = "a%d" % self.next_anchor
            self.next_anchor += 1
            out += "&" + anchor + " "
        if self.chance(0.07):
            tag = self.r.choice(TAGS)
            # A scalar tag on a mapping with a `=` key takes that key's
            # value (SafeConstructor.construct_scalar), where opgen rejects
            # every scalar tag on a collection: no scalar tags on mappings.
            if collection == "map" and tag in SCALAR_TAGS:
                tag = "!!map"
            out = tag + " " + out
        return out, anchor

    def alias(self):
        return "*" + self.r.choice(self.anchors)

    # A node written inline (after `key: ` or `- `, or inside flow).
    def flow_node(self, depth, in_flow):
        r = self.r
        if self.anchors and self.chance(0.06):
            return self.alias()
        k = r.random()
        pre, anchor = self.props(
            "map" if depth < MAX_DEPTH and 0.15 <= k < 0.25 else None)
        if depth < MAX_DEPTH and k < 0.15:
            items = [self.flow_node(depth + 1, True)
                     for _ in range(r.randint(0, 3))]
            if items and self.chance(0.1):
                items[-1] += ","
            sep = r.choice([", ", ",", " , ", ",\n  "])
            text = "[" + sep.join(items) + "]"
        elif depth < MAX_DEPTH and k < 0.25:
            pairs = []
            for _ in range(r.randint(0, 3)):
                key = self.flow_node(MAX_DEPTH, True)
                if self.chance(0.1):
                    pairs.append(key)
                else:
                    pairs.append(key + r.choice([": ", ":", " : "]) +
                                 self.flow_node(depth + 1, True))
            text = "{" + r.choice([", ", ","]).join(pairs) + "}"
        elif k < 0.6:
            text = self.scalar_text()
            if in_flow and self.chance(0.5):
                text = self.quoted(text, 2)
        else:
            text = self.quoted(self.scalar_text(), 2)
        if anchor:
            self.anchors.append(anchor)
        return pre + text

    def key(self):
        r = self.r
        k = r.random()
        if k < 0.04 and self.anchors:
            return self.alias() + " "
        if k < 0.08:
            return "<<"
        if k < 0.1:
            return "? " + self.flow_node(MAX_DEPTH, True) + "\n"
        if k < 0.6:
            return r.choice(WORDS) or "k"
        if k < 0.85:
            return self.scalar_text()
        return self.quoted(self.scalar_text(), 0)

    # A block node: the lines after `key:` or `- ` (or the document root).
    def block_node(self, indent, depth, lines, first_prefix):
        """Append lines for a node; \\p first_prefix starts its first line."""
        r = self.r
        k = r.random()
        if depth >= MAX_DEPTH:
            k = 0.99
        if k < 0.3:
            pre, anchor = self.props("map")
            if pre:
                lines.append((first_prefix or " " * indent) + pre.rstrip() +
                             self.maybe_comment())
                first_prefix = None
            used = set()
            for n in range(r.randint(1, 4)):
                key = self.key()
                if self.chance(0.05) and used:
                    key = r.choice(sorted(used))  # a duplicate
                used.add(key)
                prefix = first_prefix if n == 0 and first_prefix is not None \
                    else " " * indent
                self.block_value(prefix + key + ":", indent, depth, lines)
            if anchor:
                self.anchors.append(anchor)
        elif k < 0.5:
            pre, anchor = self.props()
            if pre:
                lines.append((first_prefix or " " * indent) + pre.rstrip())
                first_prefix = None
            for n in range(r.randint(1, 4)):
                prefix = first_prefix if n == 0 and first_prefix is not None \
                    else " " * indent
                self.block_value(prefix + "-", indent, depth, lines, item=True)
            if anchor:
                self.anchors.append(anchor)
        else:
            lines.append((first_prefix or " " * indent) +
                         self.flow_node(depth, False) + self.maybe_comment())

    def block_value(self, head, indent, depth, lines, item=False):
        r = self.r
        k = r.random()
        if k < 0.08:
            lines.append(head + self.maybe_comment())  # empty: null
        elif k < 0.15:
            h, body = self.block_scalar(indent)
            lines.append(head + " " + h)
            lines.extend(body)
        elif k < 0.4 and depth < MAX_DEPTH:
            lines.append(head + self.maybe_comment())
            if self.chance(0.2):
                lines.append(" " * r.randint(0, indent + 2) + "#" +
                             r.choice(["", " x"]))
            inner = indent + r.choice([1, 2, 2, 4]) if item or \
                self.chance(0.7) else indent
            self.block_node(inner, depth + 1, lines, None)
        elif k < 0.5 and depth < MAX_DEPTH and item:
            # `- key: value` compact nested mapping or `- - x`
            self.block_node(indent + 2, depth + 1, lines, head + " ")
        else:
            lines.append(head + " " + self.flow_node(depth + 1, False) +
                         self.maybe_comment())

    def document(self):
        r = self.r
        lines = []
        if self.chance(0.05):
            lines.append(r.choice(["%YAML 1.1", "%YAML 1.2", "%TAG !e! tag:e,2000:",
                                   "%FOO bar"]))
            lines.append("---")
        elif self.chance(0.1):
            lines.append("---" + r.choice(["", " ", " # c", " a"]))
        if self.chance(0.1):
            lines.append("# a comment")
        self.block_node(0, 0, lines, None)
        if self.chance(0.05):
            lines.append(r.choice(["...", "---", "--- x", "...\n---\ny: 1",
                                   "...\n# end"]))
        return ("\n".join(lines) + "\n").encode("utf-8")

    # native_functions.yaml's shape, from the real file or made up.
    def native(self, real):
        r = self.r
        if real and self.chance(0.7):
            n = r.randint(1, 4)
            start = r.randrange(len(real) - n)
            text = "".join(real[start:start + n])
        else:
            entries = []
            for _ in range(r.randint(1, 3)):
                e = ["- func: %s(Tensor self, int x=1) -> Tensor" % r.choice(
                    ["add.Tensor", "abs", "foo_", "bar.out"])]
                if self.chance(0.5):
                    e.append("  variants: " + r.choice(
                        ["function", "function, method", "method"]))
                if self.chance(0.5):
                    e.append("  dispatch:")
                    for key in r.sample(["CPU", "CUDA", "Meta",
                                         "CompositeExplicitAutograd",
                                         "SparseCPU, SparseCUDA"],
                                        r.randint(1, 3)):
                        e.append("    %s: %s" % (key, r.choice(
                            ["foo_cpu", "foo", "'q'", '"d"', "[]"])))
                if self.chance(0.3):
                    e.append("  tags: " + r.choice(
                        ["[core, pointwise]", "core", "[]", "['core']"]))
                if self.chance(0.3):
                    e.append("  device_guard: " + r.choice(RESOLUTION[:20] +
                                                             ["False", "True"]))
                if self.chance(0.2):
                    e.append("  structured_delegate: foo.out" +
                             self.maybe_comment(0.5))
                if self.chance(0.2):
                    e.append("  autogen: foo.out, bar")
                if self.chance(0.2):
                    e.append("")
                if self.chance(0.1):
                    e.append("# comment")
                entries.append("\n".join(e) + "\n")
            text = "".join(entries)
        lines = text.split("\n")
        # Small mutations, line by line.
        for _ in range(r.randint(0, 2)):
            i = r.randrange(len(lines))
            k = r.random()
            s = lines[i]
            if k < 0.2 and s:
                j = r.randrange(len(s))
                lines[i] = s[:j] + r.choice(
                    [" ", ":", "#", "'", '"', "[", "]", "{", "}", ",", "-",
                     ": ", " #", "\t", "&a ", "*a", "!!str ", "yes", "1"]) + s[j:]
            elif k < 0.35 and s:
                j = r.randrange(len(s))
                lines[i] = s[:j] + s[j + 1:]
            elif k < 0.5:
                lines[i] = " " + s
            elif k < 0.6:
                lines.insert(i, lines[i])
            elif k < 0.7:
                lines[i] = s.rstrip() + r.choice(["", " ", "  # c", ":"])
            elif k < 0.8:
                lines[i] = s.replace(": ", ":  ", 1)
            elif k < 0.9:
                lines[i] = s.replace("- ", "-  ", 1)
            else:
                lines[i] = s + "\n  " + r.choice(["extra: 1", "- x", "x"])
        return "\n".join(lines).encode("utf-8")

    def mutate_bytes(self, doc):
        r = self.r
        k = r.random()
        if k < 0.08:
            doc = doc.replace(b"\n", b"\r\n")
        elif k < 0.12:
            doc = doc.replace(b"\n", b"\r")
        elif k < 0.15 and b"\n" in doc:
            i = doc.index(b"\n")
            doc = doc[:i] + b"\r\n" + doc[i + 1:]
        if self.chance(0.05):
            doc = b"\xef\xbb\xbf" + doc
        elif self.chance(0.01):
            # UTF-16 with its BOM: torchgen's open() cannot decode it.
            doc = doc.decode("utf-8", "replace").encode(
                r.choice(["utf-16", "utf-16-be"]))
        if self.chance(0.12):
            doc = doc.rstrip(b"\n")
        if self.chance(0.05):
            doc = doc.replace(b"\n", b"  \n")
        if self.chance(0.06):
            i = r.randint(0, len(doc))
            doc = doc[:i] + r.choice([b"\t", b"\0", b"\xff", b"\xc3", b"\xe9",
                                      b"\xef\xbb\xbf", b"\x85", b"\x01",
                                      b"\xed\xa0\x80", b"\t\n", b" \t",
                                      b"\xc2\x85", b"\xe2\x80\xa8",
                                      b"\xf4\x90\x80\x80"]) + doc[i:]
        if self.chance(0.03) and doc:
            doc = doc[:r.randint(0, len(doc))]
        return doc


def load_real_entries():
    try:
        with open(native_path(DIST), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    out, cur = [], []
    for line in text.split("\n"):
        if line.startswith("- ") and cur:
            out.append("\n".join(cur) + "\n")
            cur = []
        if cur or line.startswith("- "):
            cur.append(line)
    return out


REAL = None


def make_doc(seed, index):
    global REAL
    if REAL is None:
        REAL = load_real_entries()
    g = Gen(random.Random("%d:%d" % (seed, index)))
    doc = g.native(REAL) if g.chance(0.3) else g.document()
    return g.mutate_bytes(doc) if g.chance(0.35) else doc



# --------------------------------------------------------------------------
# The constructors alone: scalar texts as if tagged !!int, !!float, ...
# --------------------------------------------------------------------------

CTOR_SEEDS = {
    "int": ["0x1F", "1:30", "017", "0b1", "-0", "12_345", "+-5"],
    "float": ["1.5e+3", "1:30.5", ".inf", "1e5", "-.nan", "6.8523015e+5"],
    "bool": ["yes", "True", "off", "NO"],
    "timestamp": ["2001-12-14 21:59:43.10 -5", "2001-12-14",
                  "2001-12-14T21:59:43Z", "2000-02-29 23:59:59.999999 +23:59"],
    "binary": ["aGVsbG8=", "YQ==", "YWI=", "aGVs\nbG8="],
}
CTOR_ALPHABET = {
    "int": "0123456789_:+-xbo abcdefXB\t\u0661\u00a0\uff11\u3000",
    "float": "0123456789_:+-.eEinfa \t\u0661\u00a0\uff11\u2028",
    "bool": "yesnotruefalsYNOTF",
    "timestamp": "0123456789-:. tTZ+\t",
    "binary": "ABab01+/= \n!\u00e9",
}


def check_constructors(yaml, tool, seed, count):
    from yaml.constructor import SafeConstructor
    from yaml.nodes import ScalarNode
    c = SafeConstructor()
    r = random.Random("constructors:%d" % seed)
    bad = total = 0
    for tag in sorted(CTOR_SEEDS):
        fn = getattr(c, "construct_yaml_" + tag)
        texts = []
        for _ in range(count):
            t = list(r.choice(CTOR_SEEDS[tag]))
            for _ in range(r.randint(0, 3)):
                k, j = r.random(), r.randint(0, len(t))
                if k < 0.4:
                    t.insert(j, r.choice(CTOR_ALPHABET[tag]))
                elif t:
                    j = min(j, len(t) - 1)
                    if k < 0.7:
                        del t[j]
                    else:
                        t[j] = r.choice(CTOR_ALPHABET[tag])
            texts.append("".join(t))
        got = run_opgen(tool, [t.encode("utf-8") for t in texts], "libyaml",
                        ["--construct=" + tag])
        for t, g in zip(texts, got):
            total += 1
            try:
                want = json.dumps(canon(fn(ScalarNode(None, t))),
                                  ensure_ascii=True, separators=(",", ":"))
            except Exception:
                want = '["error"]'
            if want != g:
                bad += 1
                if bad <= 20:
                    print("DISAGREE !!%s %r\n  pyyaml:   %s\n  opgen:    %s"
                          % (tag, t, want, g))
    print("constructors: %d texts, %d disagreements" % (total, bad))
    return bad

# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


FAST_READ = [0]


def run_opgen(tool, docs, reader, extra=()):
    with tempfile.NamedTemporaryFile("wb", suffix=".batch", delete=False) as f:
        for d in docs:
            f.write(b"%d\n" % len(d))
            f.write(d)
        path = f.name
    try:
        p = subprocess.run([tool, "--batch", "--count-fast", "--reader=" + reader,
                            path] + list(extra),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        os.unlink(path)
    lines = p.stdout.decode("utf-8", "replace").split("\n")[:-1]
    for line in p.stderr.decode("utf-8", "replace").split("\n"):
        if line.startswith("opgen-yaml: ") and "fast reader" in line:
            FAST_READ[0] += int(line.split()[3])
    if len(lines) != len(docs) or p.returncode not in (0, 1):
        sys.exit("opgen-yaml failed (status %d, %d lines for %d documents):\n%s"
                 % (p.returncode, len(lines), len(docs),
                    p.stderr.decode("utf-8", "replace")[-2000:]))
    return lines


def disagree(yaml, loader, tool, reader, doc):
    want = pyyaml_line(yaml, loader, doc)
    got = run_opgen(tool, [doc], reader)[0]
    return want != got and want != '["recursive"]', want, got


def shrink(yaml, loader, tool, reader, doc):
    """Drop lines, then bytes, while the readers still disagree."""
    progress = True
    while progress:
        progress = False
        for unit in (b"\n", None):
            parts = doc.split(b"\n") if unit else [bytes([c]) for c in doc]
            i = 0
            while i < len(parts):
                cand = (unit or b"").join(parts[:i] + parts[i + 1:])
                if unit and doc.endswith(b"\n") and not cand.endswith(b"\n"):
                    cand += b"\n"
                if cand != doc and disagree(yaml, loader, tool, reader, cand)[0]:
                    doc, parts, progress = cand, parts[:i] + parts[i + 1:], True
                else:
                    i += 1
    return doc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opgen-yaml", required=True, help="the opgen-yaml tool")
    ap.add_argument("--dist", default=None,
                    help="the dist-packages holding torchgen (its YamlLoader "
                    "and native_functions.yaml)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=1,
                    help="run seeds SEED .. SEED+SEEDS-1")
    ap.add_argument("--count", type=int, default=2000,
                    help="documents per seed")
    ap.add_argument("--batch", type=int, default=2000,
                    help="documents per opgen-yaml process")
    ap.add_argument("--reader", default="check",
                    choices=["libyaml", "fast", "check"])
    ap.add_argument("--index", type=int, help="only this document")
    ap.add_argument("--show", action="store_true",
                    help="print the document and both readings")
    ap.add_argument("--shrink", action="store_true",
                    help="cut a failing document down and print it")
    ap.add_argument("--keep", metavar="DIR",
                    help="write each failing document to DIR")
    ap.add_argument("--constructors", type=int, default=1000, metavar="N",
                    help="first N texts a tag through the constructors "
                    "alone (0: none)")
    ap.add_argument("--max-failures", type=int, default=20)
    args = ap.parse_args()
    global DIST
    DIST = args.dist or DIST
    yaml, loader = load_loader(DIST)

    if args.index is not None:
        doc = make_doc(args.seed, args.index)
        bad, want, got = disagree(yaml, loader, args.opgen_yaml, args.reader, doc)
        if args.shrink and bad:
            doc = shrink(yaml, loader, args.opgen_yaml, args.reader, doc)
            bad, want, got = disagree(yaml, loader, args.opgen_yaml,
                                      args.reader, doc)
        print("document: %r" % doc)
        print("pyyaml:   %s" % want)
        print("opgen:    %s" % got)
        return 1 if bad else 0

    start = time.time()
    failures = total = avoided = 0
    if args.constructors:
        failures += check_constructors(yaml, args.opgen_yaml, args.seed,
                                       args.constructors)
    for seed in range(args.seed, args.seed + args.seeds):
        for first in range(0, args.count, args.batch):
            idx = range(first, min(first + args.batch, args.count))
            docs = [make_doc(seed, i) for i in idx]
            got = run_opgen(args.opgen_yaml, docs, args.reader)
            for i, d, g in zip(idx, docs, got):
                total += 1
                want = pyyaml_line(yaml, loader, d)
                if want == '["recursive"]':
                    avoided += 1
                    continue
                if want == g:
                    continue
                failures += 1
                if failures <= args.max_failures:
                    print("DISAGREE seed=%d index=%d\n  document: %r\n"
                          "  pyyaml:   %s\n  opgen:    %s"
                          % (seed, i, d, want, g))
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, "s%d-i%d.yaml"
                                           % (seed, i)), "wb") as f:
                        f.write(d)
    took = time.time() - start
    print("%d documents, %d disagreements, %d recursive (skipped), %.1f s; "
          "%d read by the fast reader too" % (total, failures, avoided, took,
                                              FAST_READ[0]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
