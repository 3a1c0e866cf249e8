"""Print a native_functions.yaml of filler operators with bad groups spread
through it, so that the grouping and backend-index passes, which work on
threads, meet errors in different chunks of their loops."""

import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
# With `cross`, mistakes the checks across entries find instead; with
# `autogen` or `lonely`, those of variant synthesis.
mode = sys.argv[2] if len(sys.argv) > 2 else ""
# Every so many fillers, one of these, in turn.
BAD = [
    # Two functional variants of one signature.
    "- func: twice{i}.a(Tensor self) -> Tensor\n"
    "- func: twice{i}.b(Tensor self) -> Tensor\n",
    # An inplace and an out= variant with no functional one.
    "- func: orphan{i}_(Tensor(a!) self) -> Tensor(a!)\n"
    "- func: orphan{i}.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n",
    # A view_copy-named operator whose view signature is a non-view one's.
    "- func: alike{i}(Tensor self) -> Tensor\n"
    "- func: alike{i}_copy(Tensor self) -> Tensor\n",
    # The same operator name in two namespaces, sharing two dispatch keys.
    "- func: shared{i}(Tensor self) -> Tensor\n"
    "  dispatch:\n"
    "    CPU: shared{i}_cpu\n"
    "    CUDA: shared{i}_cuda\n"
    "- func: custom::shared{i}(Tensor self) -> Tensor\n"
    "  dispatch:\n"
    "    CUDA: shared{i}_custom_cuda\n"
    "    CPU: shared{i}_custom_cpu\n",
    # An inplace view without the inplace_view tag.
    "- func: untagged{i}(Tensor self) -> Tensor\n"
    "- func: untagged{i}_(Tensor(a! -> *) self) -> Tensor(a! -> *) r\n",
]
CROSS = [
    # A duplicate operator.
    "- func: filler{i}(Tensor self, int n) -> Tensor\n",
    # inplace_view on an operator that is not inplace.
    "- func: notinplace{i}(Tensor self) -> Tensor\n"
    "  tags: inplace_view\n",
    # inplace_view with no out-of-place view.
    "- func: noview{i}_(Tensor(a!) self) -> Tensor(a!)\n"
    "  tags: inplace_view\n",
]
AUTOGEN = [
    # autogen: lists only some of what is made.
    "- func: partial{i}_(Tensor(a!) self) -> Tensor(a!)\n"
    "  dispatch:\n"
    "    CPU: partial{i}_cpu_\n"
    "  autogen: partial{i}.out\n",
    # autogen: on a group that gets nothing.
    "- func: needless{i}(Tensor self) -> Tensor\n"
    "  dispatch:\n"
    "    CPU: needless{i}_cpu\n"
    "- func: needless{i}.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n"
    "  dispatch:\n"
    "    CPU: needless{i}_out\n"
    "  autogen: needless{i}.other\n",
]
# A lone out= operator, which stops synthesis before the autogen checks.
LONELY = [
    "- func: lonely{i}.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n"
    "  dispatch:\n"
    "    CPU: lonely{i}_out\n",
]
BAD = {"cross": CROSS, "autogen": AUTOGEN, "lonely": LONELY}.get(mode, BAD)
out = []
for i in range(count):
    out.append(f"- func: filler{i}(Tensor self, int n) -> Tensor\n"
               "  dispatch:\n"
               f"    CPU: filler{i}_cpu\n"
               f"    CUDA: filler{i}_cuda\n")
    if i % 37 == 5:
        out.append(BAD[(i // 37) % len(BAD)].format(i=i))
sys.stdout.write("".join(out))
