"""Check a diagnostic's cut source line: at most WIDTH columns, `...` where
the line was cut, the kept text taken from the line whole, and the caret
under WORD, whose column the location names.

Usage: check-snippet.py DIAGNOSTICS YAML WIDTH WORD
"""
import re
import sys

diag_path, yaml_path, width, word = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
lines = open(diag_path).read().split("\n")
source = open(yaml_path).read().split("\n")
m = re.search(r":(\d+):(\d+): error: ", lines[0])
assert m, lines[0]
line_no, col = int(m.group(1)), int(m.group(2))
whole = source[line_no - 1]
assert whole[col - 1 :].startswith(word), "the location is not at " + word
shown, caret = lines[1], lines[2]
assert len(shown) <= width, "%d columns, more than %d" % (len(shown), width)
assert len(whole) > width and shown != whole, "the line was not cut"
assert caret.strip() == "^", caret
column = len(caret) - 1
assert shown[column:].startswith(word), "the caret is not under " + word
kept = shown
if kept.startswith("..."):
    kept = kept[3:]
    column -= 3
if kept.endswith("..."):
    kept = kept[:-3]
start = whole.find(kept)
assert start >= 0, "the kept text is not the line's"
assert start + column == col - 1, "the caret is not at the location's column"
print("ok: %d of %d columns, caret at column %d" % (len(shown), len(whole), col))
