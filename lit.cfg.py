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

# torchgen runs on Debian's python3, which carries python3-yaml (and is
# built with PGO: torchgen.gen takes a fifth less time on it than on a
# python built from source, as pyenv's is). use_default_substitutions()
# has already defined %python as lit's own interpreter, and lit applies the
# first of two substitutions for one name, so this one replaces it.
python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
config.substitutions = [s for s in config.substitutions if s[0] != "%python"]
config.substitutions.append(("%python", python))
config.substitutions.append(("%utils", os.path.join(config.opgen_src_root, "utils")))
# lit itself, for test/Policy's runs of lit on scratch suites.
config.substitutions.append(("%lit", getattr(config, "opgen_lit", "lit")))
config.substitutions.append(("%opgen-obj", config.opgen_obj_root))
config.substitutions.append(("%opgen-src", config.opgen_src_root))
config.substitutions.append(("%inputs", os.path.join(config.opgen_src_root, "test", "Inputs")))
# torchgen.gen's runs, shared by the tests comparing opgen with it (keyed by
# flags and inputs; see utils/aten-compare.py).
config.substitutions.append(("%aten-cache", os.path.join(config.opgen_obj_root, "test", "torchgen-aten-cache")))
# gen_autograd's runs, the same way (utils/autograd-compare.py).
config.substitutions.append(("%autograd-cache", os.path.join(config.opgen_obj_root, "test", "torchgen-autograd-cache")))

# The reference: Debian's python3-torch packages unpacked by
# utils/fetch-reference.sh. A release is available when it passes
# utils/reference_check.py: its .complete marker names the .deb sha256 of
# utils/reference-releases.txt (the one list of checksums) and every torchgen
# file has the md5 dpkg lists (about 50 ms for the three). Where the
# differential tests must run (CI, or OPGEN_REQUIRE_REFERENCE as
# utils/check.sh sets it), a missing, partial or corrupt reference is an error,
# not a reason to skip.
sys.path.insert(0, os.path.join(config.opgen_src_root, "utils"))
import reference_check  # noqa: E402

ref = os.environ.get("OPGEN_REFERENCE_DIR", os.path.join(config.opgen_src_root, "reference"))
config.substitutions.append(("%reference", ref))
problems = []
for rel, (_, _, sha) in reference_check.load_releases().items():
    dist = os.path.join(ref, rel, "usr", "lib", "python3", "dist-packages")
    config.substitutions.append(("%torchgen-" + rel, dist))
    config.substitutions.append(
        ("%aten-" + rel, os.path.join(dist, "torchgen", "packaged", "ATen"))
    )
    config.substitutions.append(
        ("%autograd-" + rel, os.path.join(dist, "torchgen", "packaged", "autograd"))
    )
    problem = reference_check.check_release(ref, rel, sha)
    if problem is None:
        config.available_features.add("reference-" + rel)
    else:
        problems.append(problem)
if not problems:
    config.available_features.add("torchgen-reference")
elif os.environ.get("CI") or os.environ.get("OPGEN_REQUIRE_REFERENCE"):
    lit_config.fatal(
        "the torchgen reference is required (CI or OPGEN_REQUIRE_REFERENCE is set) "
        "but not usable:\n  %s\nrun utils/fetch-reference.sh: it fetches what is missing "
        "and unpacks again what fails this check" % "\n  ".join(problems)
    )
elif os.path.isdir(ref):
    lit_config.warning(
        "differential tests against torchgen skipped:\n  %s\nrun utils/fetch-reference.sh"
        % "\n  ".join(problems)
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

# Features the machine may lack. Where one is missing its tests are skipped
# and listed; on CI, which has them all, a missing one is an error.
def _machine_feature(name, available, missing):
    if available:
        config.available_features.add(name)
    elif os.environ.get("CI"):
        lit_config.fatal(missing)

# The output-fault tests make a read-only folder and a full disk for real, in
# a mount namespace of their own (root ignores permission bits). A chroot
# whose root is no mount point, or a container without CAP_SYS_ADMIN, cannot
# make one private.
def _can_unshare_mounts():
    import subprocess
    try:
        return subprocess.call(["unshare", "-m", "true"],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL) == 0
    except OSError:
        return False

# The terminal tests run the tools on a pseudo-terminal. A chroot without
# /dev/pts mounted has none.
def _can_open_pty():
    import pty
    try:
        master, slave = pty.openpty()
    except OSError:
        return False
    os.close(master)
    os.close(slave)
    return True

_machine_feature("mount-namespace", _can_unshare_mounts(),
                 "`unshare -m` fails here: the output-fault tests need a "
                 "mount namespace of their own")
_machine_feature("pty", _can_open_pty(),
                 "no pseudo-terminal here (is /dev/pts mounted?): the "
                 "terminal diagnostics tests need one")

if shutil.which("clang++") or os.path.exists("/usr/lib/llvm-14/bin/clang++"):
    config.available_features.add("clang")
if getattr(config, "opgen_fuzz", "OFF") in ("ON", "1", "TRUE"):
    config.available_features.add("fuzzers")
