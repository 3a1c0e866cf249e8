#!/usr/bin/env python3
"""Compare opgen's PyRegex with Python's re on generated patterns and texts.

Usage: pyregex-oracle.py CHECKER [--seed N] [--cases K]

CHECKER is test/tools' pyregex-check. The cases: the patterns torchgen
matches derivative formulas and operator names with (IDENT_REGEX for several
names, the saved-value rewrites of load_derivatives.saved_variables, the
gradient index and size checks, the skip patterns of gen_python_functions,
...) on formulas and names written to reach their corners; then K random
patterns of the supported syntax on random texts over a small alphabet,
with every operation (search, match, fullmatch, finditer, sub). Python's
answer is the expectation: the match's span and the groups' spans, or, for
sub, the text with each match replaced by its span. A pattern Python
rejects must be rejected; one opgen rejects but Python takes is a failure
unless it uses syntax opgen says it does not support (lookaround, flags,
backreferences, named groups, possessive quantifiers).

Prints `pyregex-oracle: N cases, M patterns, 0 disagreements` or each
disagreement, and fails on any.
"""
import json
import random
import re
import subprocess
import sys

IDENT_REGEX = r"(^|\W){}($|\W)"
SAVED = [r"{}.sym_sizes\(\)", r"{}->sym_sizes\(\)", r"{}.sym_blocksize\(\)",
         r"{}.options\(\)", r"zeros_like\({}\)", r"{}.sym_size\((-?\w+)\)",
         r"{}.numel\(\)", r"{}.sym_numel\(\)", r"to_args_sizes\({}\)",
         r"to_args_sizes_symint\({}\)", r"to_args_scalartypes\({}\)",
         r"TensorGeometry\({}\)", r"{}.scalar_type\(\)", r"{}.dim\(\)",
         r"{}.sym_strides\(\)", r"{}.layout\(\)", r"{}.is_conj\(\)"]
OTHERS = [r"(?:^|\W)grads\[(\d+)\]", r"\.size\([-]?\d+\)", r"->size\([-]?\d+\)",
          r"^result(\d+)$", r"self_t.([\w]*)\((.*)\)", r"std::optional<(.+)>",
          r"(?:const\s+)?([A-Z]\w+)", r"(\w+)(\.\w+)?\((.*)\)",
          r"^.*_backward$", r"^.*_backward_(out|input|weight|bias)$",
          r"^_?sparse_(coo|compressed|csr|csc|bsr|bsc)_tensor.*$",
          r"^nonzero(_(out|numpy))?$", r"^fill.Tensor$", r"\bself\b"]
NAMES = ["self", "other", "grad", "grads", "result", "self_p", "self_t",
         "original_self_p", "weight", "input", "out", "values", "her"]
FORMULAS = [
    "grad * self.sgn()", "f(self,self)", "self+self", "self.sym_sizes()",
    "other.sym_sizes() + her.sym_sizes()", "selfXsym_sizes()",
    "zeros_like(self) * zeros_like(other)", "self.sym_size(-1), self.sym_size(dim)",
    "grads[0] + grads[12] - xgrads[3]", "self->sym_sizes()", "self.size(2)",
    "self_t.conj() * self_p", "result * 2", "result1 + result", "self_t.foo(a, b)",
    "std::optional<at::Tensor>", "const Tensor &", "add.Tensor(Tensor self)",
    "abs_backward", "conv_backward_input", "sparse_coo_tensor_unsafe",
    "nonzero_numpy", "fill_Tensor", "fill.Tensor", "grad\ngrad", "self\n",
    "(self)", "self_", "_self", "self.options()", "weight.dim() * input.dim()",
    "to_args_sizes(self)", "TensorGeometry(grad)", "self.is_conj() ? a : b",
    "", " ", "self.sym_strides()", "self->sym_sizes()->x",
]

ATOMS = ["a", "b", "x", ".", "\\w", "\\W", "\\d", "\\s", "[ab]", "[^a]",
         "[a-c_]", "\\.", "\\(", "\\)", "_", "-", "[-x]", "[\\w]", "\\b", "^",
         "$", "\\Z", "\\A", "\\B"]
UNSUPPORTED = re.compile(r"\(\?[^:]|\\[1-9]|\(\?P|[*+?}]\+")


def random_pattern(rng, depth=0):
    parts = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.15 and depth < 3:
            inner = random_pattern(rng, depth + 1)
            atom = ("(?:%s)" if rng.random() < 0.3 else "(%s)") % inner
        elif r < 0.22 and depth < 3:
            atom = "(%s|%s)" % (random_pattern(rng, depth + 1),
                                random_pattern(rng, depth + 1))
        else:
            atom = rng.choice(ATOMS)
        if rng.random() < 0.35 and atom not in ("^", "$", "\\b", "\\B", "\\A", "\\Z"):
            atom += rng.choice(["*", "+", "?", "*?", "+?", "??", "{2}", "{1,2}",
                                "{0,}", "{,1}", "{2,1}"])
        parts.append(atom)
    return "".join(parts)


def random_text(rng):
    return "".join(rng.choice("abx_ -.()\n1") for _ in range(rng.randint(0, 12)))


def python_answer(pattern, text, op):
    try:
        rx = re.compile(pattern)
    except re.error:
        return {"error": True}

    def spans(m):
        return [list(m.span())] + [list(m.span(g)) if m.group(g) is not None
                                   else None for g in range(1, rx.groups + 1)]

    if op == "findall":
        return {"matches": [spans(m) for m in rx.finditer(text)]}
    if op == "sub":
        return {"text": rx.sub(lambda m: "<%d:%d>" % m.span(), text)}
    m = getattr(rx, op)(text)
    return {"match": spans(m) if m else None}


def main(argv):
    if not argv:
        sys.stderr.write(__doc__)
        return 2
    checker = argv[0]
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 1
    count = int(argv[argv.index("--cases") + 1]) if "--cases" in argv else 3000
    rng = random.Random(seed)
    cases = []
    ops = ["search", "match", "fullmatch", "findall", "sub"]
    for name in NAMES:
        for pat in [IDENT_REGEX] + SAVED + [r"\b{}\b"]:
            for text in FORMULAS:
                for op in ("search", "findall", "sub"):
                    cases.append((pat.format(name), text, op))
    for pat in OTHERS:
        for text in FORMULAS:
            for op in ops:
                cases.append((pat, text, op))
    patterns = set(c[0] for c in cases)
    for _ in range(count):
        pat = random_pattern(rng)
        patterns.add(pat)
        for _ in range(3):
            cases.append((pat, random_text(rng), rng.choice(ops)))

    lines = "".join(json.dumps({"pattern": p, "text": t, "op": o}) + "\n"
                    for p, t, o in cases)
    r = subprocess.run([checker], input=lines, capture_output=True, text=True)
    if r.returncode != 0:
        print("pyregex-oracle: the checker failed:\n" + r.stderr)
        return 1
    answers = r.stdout.splitlines()
    bad = 0
    for (pat, text, op), line in zip(cases, answers):
        ours = json.loads(line)
        theirs = python_answer(pat, text, op)
        if "error" in theirs and "error" in ours:
            continue
        if "error" in ours and UNSUPPORTED.search(pat):
            continue
        if ("error" in ours) != ("error" in theirs) or ("error" not in ours and ours != theirs):
            bad += 1
            if bad <= 20:
                print("DISAGREE %s on %r (%s): python %s, opgen %s"
                      % (json.dumps(pat), text, op, json.dumps(theirs), json.dumps(ours)))
    if len(answers) != len(cases):
        print("pyregex-oracle: %d answers for %d cases" % (len(answers), len(cases)))
        return 1
    print("pyregex-oracle: %d cases, %d patterns, %d disagreements"
          % (len(cases), len(patterns), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
