#!/usr/bin/env bash
# Quick start, step 1 (as root on Debian 12): install the Debian packages
# opgen needs, build it, obtain the reference PyTorch packages, and run
# opgen over PyTorch 2.14.1's real inputs, as PyTorch's build runs
# torchgen.gen, then compare its folders with torchgen's as `diff -r` does:
# the files written, the time taken, how many are byte-identical to
# torchgen's, and `no difference` or each difference (torchgen's run is
# cached in build/aten-run after the first time), then the same for
# opgen-autograd against gen_autograd (cached in build/autograd-run), and
# for opgen-generate-code against generate_code.py, both run from the root
# of a PyTorch checkout's layout made of the package (build/generate-code-run).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

packages=(
  # build
  cmake ninja-build g++ make
  llvm-14-dev llvm-14-tools libclang-rt-14-dev clang-14
  zlib1g-dev libncurses-dev libz3-dev libffi-dev libxml2-dev
  nlohmann-json3-dev doctest-dev libmimalloc-dev
  # libyaml: the scanner and parser of PyYAML's CSafeLoader, torchgen's reader
  libyaml-dev
  # the reference and the test suite (torchgen is pure Python)
  python3 python3-yaml python3-typing-extensions
  apt ca-certificates dpkg coreutils diffutils
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build
utils/fetch-reference.sh

python3 utils/aten-compare.py --opgen build/bin/opgen --diff-r \
  --dist reference/2.14/usr/lib/python3/dist-packages --work build/aten-run

python3 utils/autograd-compare.py --opgen build/bin/opgen-autograd --diff-r \
  --dist reference/2.14/usr/lib/python3/dist-packages --work build/autograd-run

python3 utils/generate-code-compare.py --opgen build/bin/opgen-generate-code \
  --diff-r --dist reference/2.14/usr/lib/python3/dist-packages \
  --work build/generate-code-run
