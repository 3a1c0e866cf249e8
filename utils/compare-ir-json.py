#!/usr/bin/env python3
"""Compare two IR-JSON documents (shared/reference/IR-JSON.md).

Usage: compare-ir-json.py OURS.json REFERENCE.json [--fields-only]

With --fields-only, compare only the `functions` list, leaving out generated
functions and the `names` field (what the parser alone produces); otherwise
the documents must be equal. Prints the first differences and exits 1 when
there are any.
"""
import json
import sys


def strip(doc):
    fns = []
    for f in doc.get("functions", []):
        if f.get("generated"):
            continue
        f = dict(f)
        f.pop("names", None)
        fns.append(f)
    return fns


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    fields_only = "--fields-only" in sys.argv
    with open(args[0]) as f:
        ours = json.load(f)
    with open(args[1]) as f:
        ref = json.load(f)
    if fields_only:
        ours, ref = strip(ours), strip(ref)
        if len(ours) != len(ref):
            print(f"function count differs: ours {len(ours)}, reference {len(ref)}")
        shown = 0
        for i, (a, b) in enumerate(zip(ours, ref)):
            if a == b:
                continue
            keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            for k in keys:
                print(f"function {i} ({b.get('name')}): {k}: ours {a.get(k)!r}, reference {b.get(k)!r}")
            shown += 1
            if shown >= 20:
                break
        ok = ours == ref
    else:
        ok = ours == ref
        if not ok:
            for k in sorted(set(ours) | set(ref)):
                if ours.get(k) != ref.get(k):
                    print(f"top-level key {k!r} differs")
    print(f"{len(ref) if fields_only else 'documents'}: {'equal' if ok else 'DIFFERENT'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
