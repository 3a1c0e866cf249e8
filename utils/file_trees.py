"""Folders of generated files, compared as `diff -r` compares them; shared
by the scripts that run torchgen and opgen side by side."""
import os


def files_under(root):
    """Every file below \\p root: its path relative to root -> its path."""
    out = {}
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            p = os.path.join(dirpath, name)
            out[os.path.relpath(p, root)] = p
    return out
