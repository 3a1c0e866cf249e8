#!/usr/bin/env python3
"""Look at the backend_indices of IR-JSON documents (IR-JSON.md).

  backend-indices.py print DOC.json
      One line per index (`XLA: external use_out_as_primary=false
      device_guard=false, 2 kernels`), then, for external indices, one line per
      kernel (`  add.Tensor -> torch_xla::add`), keys and operators sorted.
  backend-indices.py compare OURS.json REFERENCE.json
      Compare the two documents' backend_indices; print the differences and
      `backend_indices: N keys, equal` or `... DIFFERENT` (exit status 1).
"""
import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f).get("backend_indices")


def flags(index):
    return " ".join(
        [
            "external" if index["external"] else "in-tree",
            "use_out_as_primary=%s" % str(index["use_out_as_primary"]).lower(),
            "device_guard=%s" % str(index["device_guard"]).lower(),
        ]
    )


def print_indices(path):
    indices = load(path)
    if indices is None:
        print("no backend_indices")
        return 1
    for key in sorted(indices):
        index = indices[key]
        print("%s: %s, %d kernels" % (key, flags(index), len(index["index"])))
        if not index["external"]:
            continue
        for op in sorted(index["index"]):
            m = index["index"][op]
            print(
                "  %s -> %s::%s%s"
                % (op, m["cpp_namespace"], m["kernel"],
                   " (structured)" if m["structured"] else "")
            )
    return 0


def compare(ours_path, ref_path):
    ours, ref = load(ours_path), load(ref_path)
    if ours is None or ref is None:
        print("backend_indices missing from %s" % (ref_path if ref is None else ours_path))
        return 1
    shown = 0
    for key in sorted(set(ours) | set(ref)):
        a, b = ours.get(key), ref.get(key)
        if a == b:
            continue
        if a is None or b is None:
            print("%s: only in %s" % (key, "reference" if a is None else "ours"))
            continue
        for field in ("use_out_as_primary", "device_guard", "external"):
            if a[field] != b[field]:
                print("%s: %s: ours %s, reference %s" % (key, field, a[field], b[field]))
        ai, bi = a["index"], b["index"]
        for op in sorted(set(ai) | set(bi)):
            if ai.get(op) != bi.get(op) and shown < 20:
                print("%s: %s: ours %s, reference %s" % (key, op, ai.get(op), bi.get(op)))
                shown += 1
    ok = ours == ref
    print("backend_indices: %d keys, %s" % (len(ref), "equal" if ok else "DIFFERENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "print":
        sys.exit(print_indices(sys.argv[2]))
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    sys.exit(__doc__)
