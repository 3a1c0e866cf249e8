# -*- Python -*-
# lit configuration for opgen's regression tests. The build writes
# test/lit.site.cfg.py (paths only), which loads this file.
import os
import shutil
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "opgen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".yaml", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.join(config.opgen_src_root, "test")
config.test_exec_root = os.path.join(config.opgen_obj_root, "test")

llvm_config.with_system_environment(["HOME", "TMPDIR", "CI"])
llvm_config.use_default_substitutions()

config.environment["PATH"] = os.pathsep.join(
    [config.opgen_tools_dir, config.llvm_tools_dir, config.environment["PATH"]]
)

# torchgen runs on Debian's python3, which carries python3-yaml.
python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
config.substitutions.append(("%python", python))
config.substitutions.append(("%utils", os.path.join(config.opgen_src_root, "utils")))
config.substitutions.append(("%inputs", os.path.join(config.opgen_src_root, "test", "Inputs")))

# The reference: Debian's python3-torch packages unpacked by
# utils/fetch-reference.sh. On CI the differential tests must run, so a
# missing reference is an error there, not a reason to skip.
ref = os.environ.get("OPGEN_REFERENCE_DIR", os.path.join(config.opgen_src_root, "reference"))
config.substitutions.append(("%reference", ref))
releases = {"1.13": "1.13", "2.6": "2.6", "2.14": "2.14"}
have_all = True
for rel in releases:
    marker = os.path.join(ref, rel, "usr", "lib", "python3", "dist-packages", "torchgen")
    dist = os.path.join(ref, rel, "usr", "lib", "python3", "dist-packages")
    config.substitutions.append(("%torchgen-" + rel, dist))
    config.substitutions.append(
        ("%aten-" + rel, os.path.join(dist, "torchgen", "packaged", "ATen"))
    )
    if os.path.isdir(marker):
        config.available_features.add("reference-" + rel)
    else:
        have_all = False
if have_all:
    config.available_features.add("torchgen-reference")
elif os.environ.get("CI") or os.environ.get("OPGEN_REQUIRE_REFERENCE"):
    lit_config.fatal(
        "the torchgen reference is missing under %s; run utils/fetch-reference.sh" % ref
    )

# The team's shared inputs (torch_xla's backend yaml, ...) sit beside the
# checkout, as they do on CI.
shared = os.environ.get(
    "OPGEN_SHARED_DIR", os.path.join(os.path.dirname(config.opgen_src_root), "shared")
)
config.substitutions.append(("%shared", shared))
if os.path.isdir(os.path.join(shared, "inputs")):
    config.available_features.add("shared-inputs")
elif os.environ.get("CI"):
    lit_config.fatal("the shared inputs are missing at %s" % shared)

if shutil.which("clang++") or os.path.exists("/usr/lib/llvm-14/bin/clang++"):
    config.available_features.add("clang")
if getattr(config, "opgen_fuzz", "OFF") in ("ON", "1", "TRUE"):
    config.available_features.add("fuzzers")
