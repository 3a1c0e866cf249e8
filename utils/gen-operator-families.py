#!/usr/bin/env python3
"""Generate new operator families for a differential test of opgen.

Usage: gen-operator-families.py --aten ATEN --out DIR [--seed N] [--families K]
           [--kinds A,B,...] [--skip-kind NAME]... [--rare P]
           [--backend-yaml FILE [--backend KEY]] [--selection-yaml FILE]
           [--autograd DIR (--autograd-out DIR | --derivatives-out FILE)]
           [--no-real]
       gen-operator-families.py --print [--seed N] [--families K] ...
       gen-operator-families.py --list-kinds

It writes DIR as an ATen folder that torchgen.gen and opgen both read
(`-s DIR`):

  DIR/native/native_functions.yaml  ATEN's real file, unchanged, followed by
                                    K generated operator families;
  DIR/native/tags.yaml              a copy of ATEN's;
  DIR/templates                     a symlink to ATEN's templates.

A family is a handful of entries that belong together (a structured
functional/inplace/out trio, a view with its `_copy` and inplace view, a
factory and its out= variant, a `_foreach_` pair, ...). Each family is of one
kind, picked from KINDS by a `random.Random(seed)`, and every choice inside it
(argument types and defaults, returns, dispatch keys, tags, flags, and how
the yaml is spelt: quoting, flow style, comments, blank lines) comes from the
same generator, so a seed always gives the same bytes. Names are
`gf<index>_<word>` (with the prefixes and suffixes torchgen gives a meaning
to: `_foreach_`, `new_`, `_like`, `_copy`, a trailing `_`, dunders), and no
real operator starts with `gf`, so nothing collides with PyTorch's operators.

What it guards: opgen must write what torchgen writes for *any* input
torchgen accepts, not only for PyTorch's own native_functions.yaml. The
generated families reach combinations the real file does not have (or has
once), so every later change to a parser, a pass or an emitter is checked
against torchgen on inputs nobody wrote by hand. test/Reference/
generative.test runs two seeds; to try more by hand:

    utils/gen-operator-families.py --aten DIST/torchgen/packaged/ATen \\
        --seed 7 --families 400 --out /tmp/gf7 --backend-yaml /tmp/gf7/xla.yaml
    utils/aten-compare.py --opgen opgen --dist DIST --aten /tmp/gf7 \\
        --work /tmp/gf7-run --check --diff-r [-- --per-operator-headers]

(DIST is reference/2.14/usr/lib/python3/dist-packages.) The other files:

  --backend-yaml FILE    a backend yaml for gen_backend_stubs naming some
                         generated families and some real operators
                         (`supported`, `autograd`, `full_codegen`, `symint`,
                         ...); compare with utils/torchgen-backend-stubs.py
                         --aten DIR and opgen-backend-stubs --source-path DIR;
  --selection-yaml FILE  a selective build's operator list, for both tools'
                         --op-selection-yaml-path;
  --autograd-out DIR     (with --autograd, the real autograd folder) a copy
                         of that folder whose derivatives.yaml is the real
                         one followed by entries for some of the generated
                         functions (opfamilies/derivatives.py), for
                         gen_autograd and opgen-autograd; the foreach
                         families' reference ops, which gen_autograd needs,
                         are then appended to native_functions.yaml too
                         (test/Reference/autograd-generative.test);
  --derivatives-out FILE that derivatives.yaml alone.

When a seed finds a difference, `--no-real` writes the families alone
(torchgen then takes a second instead of ten), `--kinds` narrows them to one
kind, and `--print` shows them: usually enough to cut the reproducer down to
one family by hand. (Without the real file in front, one thing in torchgen's
own output can change from run to run: when a ufunc is the first to use CPU
or CUDA, those keys enter its dict in set order, which PYTHONHASHSEED
decides. Run torchgen twice, or keep a real operator in front, before taking
a kernel order difference for opgen's.) `--rare P` sets how often an entry takes a rare YAML
spelling (default 0.15; 1 for all of them, often).

Every kind only produces entries torchgen 2.14.1 accepts and generates code
for; the comments at each kind say which of torchgen's rules shaped it. If a
new kind makes torchgen itself fail, the generator is wrong, not opgen.

Only the standard library is used: the real yaml is appended as text, and
the few facts taken from it (operator names for the backend yaml) are read
with regular expressions. The generator itself is the package beside this
script, utils/opfamilies/ (its __init__ lists the modules: the vocabulary,
the entries and their spelling, the kinds, the backend and selection
yamls); this script is its command line.
"""
import argparse
import os
import random
import shutil
import sys

# The package beside this script, whatever the working folder.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

from opfamilies.derivatives import (derivatives_yaml,  # noqa: E402
                                    foreach_references_yaml)
from opfamilies.driver import generate, render  # noqa: E402
from opfamilies.extra_yamls import (BACKENDS, backend_yaml,  # noqa: E402
                                    selection_yaml)
from opfamilies.family import KINDS  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--aten", help="the source ATen folder (holding "
                    "native/native_functions.yaml, native/tags.yaml, "
                    "templates/)")
    ap.add_argument("--out", help="the ATen folder to write")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--families", type=int, default=300)
    ap.add_argument("--kinds", help="only these kinds (comma-separated)")
    ap.add_argument("--skip-kind", action="append", default=[],
                    help="leave a kind out (repeatable)")
    ap.add_argument("--rare", type=float, default=0.15,
                    help="how often an entry uses a rare YAML spelling "
                    "(0 to 1; default 0.15)")
    ap.add_argument("--backend-yaml", help="also write a backend yaml for "
                    "gen_backend_stubs naming generated and real operators")
    ap.add_argument("--backend", choices=sorted(BACKENDS),
                    help="the backend yaml's dispatch key (default: drawn "
                    "from the seed)")
    ap.add_argument("--selection-yaml", help="also write a selective "
                    "build's operator list (for --op-selection-yaml-path) "
                    "naming generated and real operators")
    ap.add_argument("--autograd", help="the source autograd folder "
                    "(holding derivatives.yaml, for --derivatives-out and "
                    "--autograd-out)")
    ap.add_argument("--derivatives-out", help="also write derivatives.yaml: "
                    "the real one followed by entries for some of the "
                    "generated functions")
    ap.add_argument("--autograd-out", help="also write an autograd folder: "
                    "a copy of --autograd's with that derivatives.yaml")
    ap.add_argument("--derivative-share", type=float, default=0.8,
                    help="how many families get derivatives (0 to 1)")
    ap.add_argument("--no-real", action="store_true",
                    help="write the generated families alone, without the "
                    "real operators (for quick reductions)")
    ap.add_argument("--list-kinds", action="store_true")
    ap.add_argument("--print", action="store_true",
                    help="print the generated yaml to standard output "
                    "instead of writing a folder")
    a = ap.parse_args()
    if a.list_kinds:
        for k in sorted(KINDS):
            doc = (KINDS[k].__doc__ or "").strip().split("\n")[0]
            print("%-20s %s" % (k, doc))
        return 0
    kinds = set(KINDS)
    if a.kinds:
        kinds = set(a.kinds.split(","))
    for k in list(kinds) + a.skip_kind:
        if k not in KINDS:
            ap.error("unknown kind %r (see --list-kinds)" % k)
    kinds -= set(a.skip_kind)
    if not kinds:
        ap.error("no kind left")
    families = generate(a.seed, a.families, kinds, a.rare)
    text = render(families, a.seed, a.rare)
    if a.print:
        sys.stdout.write(text)
        return 0
    if not a.aten or not a.out:
        ap.error("--aten and --out are required")
    aten = os.path.abspath(a.aten)
    # Bytes in, bytes out: no newline translation, whatever the locale.
    with open(os.path.join(aten, "native", "native_functions.yaml"),
              encoding="utf-8", newline="") as f:
        real = f.read()
    native = os.path.join(a.out, "native")
    os.makedirs(native, exist_ok=True)
    with open(os.path.join(native, "native_functions.yaml"), "w",
              encoding="utf-8", newline="") as f:
        if not a.no_real:
            f.write(real)
            if not real.endswith("\n"):
                f.write("\n")
        f.write(text)
        if a.derivatives_out or a.autograd_out:
            f.write(foreach_references_yaml(families))
    shutil.copyfile(os.path.join(aten, "native", "tags.yaml"),
                    os.path.join(native, "tags.yaml"))
    link = os.path.join(a.out, "templates")
    if os.path.islink(link) or os.path.exists(link):
        if os.path.islink(link):
            os.unlink(link)
        else:
            shutil.rmtree(link)
    os.symlink(os.path.join(aten, "templates"), link)
    if a.backend_yaml:
        with open(a.backend_yaml, "w") as f:
            # (with --no-real, the generated operators only)
            f.write(backend_yaml(random.Random(a.seed * 31 + 7), families,
                                 "" if a.no_real else real, a.backend))
    if a.selection_yaml:
        with open(a.selection_yaml, "w") as f:
            f.write(selection_yaml(random.Random(a.seed * 17 + 3), families,
                                   "" if a.no_real else real))
    if a.derivatives_out or a.autograd_out:
        if not a.autograd:
            ap.error("--derivatives-out and --autograd-out need --autograd")
        ag = os.path.abspath(a.autograd)
        with open(os.path.join(ag, "derivatives.yaml"), encoding="utf-8",
                  newline="") as f:
            dreal = f.read()
        dtext = derivatives_yaml(random.Random(a.seed * 13 + 5), families,
                                 a.derivative_share)
        if not a.no_real:
            dtext = dreal + ("" if dreal.endswith("\n") else "\n") + dtext
        if a.autograd_out:
            if os.path.exists(a.autograd_out):
                shutil.rmtree(a.autograd_out)
            shutil.copytree(ag, a.autograd_out, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__"))
        for path in [a.derivatives_out] + (
                [os.path.join(a.autograd_out, "derivatives.yaml")]
                if a.autograd_out else []):
            if path:
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(dtext)
    n = sum(len(fam.entries) for fam in families)
    sys.stderr.write("gen-operator-families: %d families, %d entries "
                     "(seed %d)\n" % (len(families), n, a.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
