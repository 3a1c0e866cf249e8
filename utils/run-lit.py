#!/usr/bin/env python3
"""Run lit for CTest, list what it skipped, and fail on a skip the policy forbids.

Usage: run-lit.py LIT SOURCE_ROOT [LIT_ARGS...] PATH...

Runs `python3 LIT -sv --no-progress-bar --xunit-xml-output=... LIT_ARGS...
PATH...` with lit's output passed through (its totals stay in CTest's log),
then reads lit's xUnit report and:

  - prints every UNSUPPORTED test with the reason: the missing REQUIRES
    features, or the test's UNSUPPORTED: lines (`run-lit: no test skipped`
    when there is none);
  - fails (exit 1) when a skipped test needs something that is available by
    policy, so a test that should run can never silently not run:
      * `shared-inputs`, where the shared inputs folder exists
        ($OPGEN_SHARED_DIR, default SOURCE_ROOT/../../shared, holding
        inputs/): CI has it, a user's clone does not;
      * the reference (`torchgen-reference`, `reference-*`), where CI or
        OPGEN_REQUIRE_REFERENCE is set (utils/check.sh sets it).
    A test needs a feature when lit reports it missing, or when the test's
    text names it (a REQUIRES line, or %shared / %torchgen- / %aten- /
    %reference for the folders themselves), so a test made UNSUPPORTED by
    other means is caught as well. A skip for a missing feature that the
    policy does not provide here (the shared inputs in a user's clone) is
    never an error, whatever else the test needs.

SOURCE_ROOT is the lit suite's test_source_root (test/ of the checkout for
opgen; the tests' files are read from there). The exit status is lit's when
lit fails, else 1 on a forbidden skip, else 0.
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

REFERENCE_FEATURE = re.compile(r"^(torchgen-reference|reference-[0-9.]+)$")


def policy(source_root):
    """(features available by policy, description of each rule)."""
    shared = os.environ.get(
        "OPGEN_SHARED_DIR",
        os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(source_root))), "shared"),
    )
    have_shared = os.path.isdir(os.path.join(shared, "inputs"))
    need_ref = bool(os.environ.get("CI") or os.environ.get("OPGEN_REQUIRE_REFERENCE"))
    return have_shared, need_ref, shared


def needs(text, missing, have_shared, need_ref):
    """The policy features a skipped test needs, as a sorted list."""
    words = set(missing)
    for line in text.splitlines():
        m = re.search(r"\bREQUIRES:(.*)", line)
        if m:
            words.update(re.findall(r"[\w.+-]+", m.group(1)))
    found = set()
    if have_shared and ("shared-inputs" in words or "%shared" in text):
        found.add("shared-inputs")
    if need_ref:
        found.update(w for w in words if REFERENCE_FEATURE.match(w))
        if re.search(r"%(torchgen-|aten-|reference\b)", text):
            found.add("the torchgen reference")
    return sorted(found)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    lit, source_root, rest = argv[0], argv[1], argv[2:]
    have_shared, need_ref, shared = policy(source_root)
    with tempfile.TemporaryDirectory(prefix="run-lit-") as tmp:
        xml = os.path.join(tmp, "lit.xml")
        cmd = [sys.executable, lit, "-sv", "--no-progress-bar", "--xunit-xml-output=" + xml] + rest
        sys.stdout.flush()
        rc = subprocess.call(cmd)
        if not os.path.exists(xml):
            print("run-lit: lit wrote no report (exit status %d)" % rc)
            return rc or 1
        root = ET.parse(xml).getroot()

    skipped, forbidden = [], []
    for case in root.iter("testcase"):
        skip = case.find("skipped")
        if skip is None:
            continue
        message = skip.get("message", "")
        if not (message.startswith("Missing required feature") or message == "Unsupported configuration"):
            continue  # excluded by --filter, or an interrupt: not UNSUPPORTED
        suite, _, folder = case.get("classname").partition(".")
        rel = case.get("name") if folder == suite else folder + "/" + case.get("name")
        path = os.path.join(source_root, rel)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            text = ""
        missing = []
        if message.startswith("Missing required feature"):
            missing = [w.strip() for w in message.split(":", 1)[1].split(",")]
            reason = "missing feature(s): " + ", ".join(missing)
        else:
            lines = [l.strip().lstrip("#/ ") for l in text.splitlines() if "UNSUPPORTED:" in l]
            reason = "; ".join(lines) or "unsupported configuration"
        name = "%s :: %s" % (suite, rel)
        skipped.append("%s -- %s" % (name, reason))
        # A skip is excused when lit names a missing feature that the policy
        # does not provide here (the shared inputs, in a user's clone): the
        # test cannot run, whatever else it needs.
        excused = any(
            not ((f == "shared-inputs" and have_shared)
                 or (REFERENCE_FEATURE.match(f) and need_ref))
            for f in missing)
        need = [] if excused else needs(text, missing, have_shared, need_ref)
        if need:
            forbidden.append("%s -- needs %s" % (name, ", ".join(need)))

    if skipped:
        print("run-lit: skipped (UNSUPPORTED) %d test(s):" % len(skipped))
        for s in skipped:
            print("  " + s)
    else:
        print("run-lit: no test skipped")
    if forbidden:
        why = []
        if have_shared:
            why.append("the shared inputs are present at %s" % shared)
        if need_ref:
            why.append("the reference is required (CI or OPGEN_REQUIRE_REFERENCE)")
        print("run-lit: error: %d test(s) skipped that must run here (%s):"
              % (len(forbidden), "; ".join(why)))
        for s in forbidden:
            print("  " + s)
    if rc:
        return rc
    return 1 if forbidden else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
