#!/usr/bin/env python3
"""Write backend yamls naming every operator of a native_functions.yaml.

Usage: every-operator.py SCHEMAS OUTDIR

SCHEMAS is `opgen-opt NF -passes=variant-synthesis --emit=schemas` output
(one schema per line, generated functions included). Three yamls are written,
so that the stubs of every schema go through each code path of
gen_backend_stubs:

  guard.yaml        PrivateUse1, device_guard: every wrapper with device
                    checks and guards
  symint.yaml       XLA, every operator with SymInt listed under symint:
  out-primary.yaml  Lazy, use_out_as_primary and device_guard, every other
                    operator (so groups are split and out=/inplace
                    fallbacks are made)
"""
import os
import sys


def main():
    schemas, outdir = sys.argv[1:3]
    lines = [l.rstrip("\n") for l in open(schemas) if l.strip()]
    names = [l.split("(", 1)[0] for l in lines]
    symint = [l.split("(", 1)[0] for l in lines if "SymInt" in l.split(") ->")[0]]

    def write(name, backend, extra, ops, sym=()):
        with open(os.path.join(outdir, name), "w") as f:
            f.write("backend: %s\ncpp_namespace: at::native_every\n%s" % (backend, extra))
            f.write("supported:\n" + "".join("- %s\n" % n for n in ops))
            if sym:
                f.write("symint:\n" + "".join("- %s\n" % n for n in sym))

    write("guard.yaml", "PrivateUse1", "device_guard: true\n", names)
    write("symint.yaml", "XLA", "", names, symint)
    write("out-primary.yaml", "Lazy", "use_out_as_primary: true\ndevice_guard: true\n", names[::2])


if __name__ == "__main__":
    main()
