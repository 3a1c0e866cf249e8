#!/usr/bin/env bash
# Obtain the reference: Debian's python3-torch packages, whose torchgen,
# native_functions.yaml, tags.yaml and templates opgen is measured against.
# They are unpacked into reference/<release>/ (ignored by git; never
# committed). PyTorch 2.14.1 comes from ../shared/reference when that folder
# exists, everything else from Debian's archive by package name, from the
# first mirror in the machine's apt sources that serves it. Every .deb
# is checked against its sha256 (utils/reference-releases.txt) before it is
# unpacked; the package's md5sums go to reference/<release>/.md5sums and,
# last, reference/<release>/.complete records the .deb's sha256. A release
# that fails utils/reference_check.py (no marker, another .deb's sha, a
# missing or changed torchgen file) is unpacked again.
#
# Usage: utils/fetch-reference.sh [DEST]    (default: reference/, or
#        $OPGEN_REFERENCE_DIR)
#        utils/fetch-reference.sh --print-mirror
#                                 (the Debian mirror it would try first)
#        utils/fetch-reference.sh --print-mirrors
#                                 (every mirror it would try, in order)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# The apt configuration to take the mirror from ($OPGEN_APT_ETC for tests).
apt_etc=${OPGEN_APT_ETC:-/etc/apt}

# release suite version sha256, from the single list both this script and
# lit.cfg.py (through utils/reference_check.py) read.
# ($OPGEN_REFERENCE_RELEASES replaces it for test/Policy's fake packages.)
list=${OPGEN_REFERENCE_RELEASES:-$root/utils/reference-releases.txt}
mapfile -t releases < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$list")
[[ ${#releases[@]} -gt 0 ]] || { echo "fetch-reference: no release in $list" >&2; exit 1; }
python=/usr/bin/python3
[[ -x $python ]] || python=python3

# The Debian mirrors this machine's apt sources name, in the order to try
# them (utils/apt_sources.py: sources.list and sources.list.d/, one-line and
# deb822 files, each mirror with its options), so that no host is written
# here. OPGEN_DEBIAN_MIRROR overrides them.
sources_py=$root/utils/apt_sources.py

if [[ ${1:-} == --print-mirror || ${1:-} == --print-mirrors ]]; then
  mirrors=$("$python" "$sources_py" list "$apt_etc") ||
    { echo "fetch-reference: no Debian mirror in $apt_etc" >&2; exit 1; }
  if [[ $1 == --print-mirror ]]; then head -n1 <<<"$mirrors"; else echo "$mirrors"; fi
  exit 0
fi

dest=${1:-${OPGEN_REFERENCE_DIR:-$root/reference}}
shared=${OPGEN_SHARED_REFERENCE:-$root/../shared/reference}
mkdir -p "$dest/debs"

# Download one package version from a Debian suite without touching the
# system's apt configuration or caches: from the first mirror that serves it.
download() { # suite version outdir
  local suite=$1 version=$2 out=$3 work src uri tried=()
  work=$(mktemp -d)
  mkdir -p "$work/sources" "$work/parts" "$work/cache/archives/partial"
  if ! "$python" "$sources_py" write "$apt_etc" "$suite" "$work/sources" >"$work/list"; then
    echo "fetch-reference: no Debian mirror in the apt sources" \
      "($apt_etc/sources.list, $apt_etc/sources.list.d/); set" \
      "OPGEN_DEBIAN_MIRROR" >&2
    rm -rf "$work"
    exit 1
  fi
  while read -r src uri; do
    tried+=("$uri")
    rm -rf "$work/lists"
    mkdir -p "$work/lists/partial"
    local opts=(-o "Dir::Etc::SourceList=$src"
                -o "Dir::Etc::SourceParts=$work/parts"
                -o "Dir::State::Lists=$work/lists"
                -o "Dir::Cache=$work/cache"
                -o APT::Architecture=amd64 -o APT::Architectures=amd64
                -o Debug::NoLocking=1 -o APT::Sandbox::User=root
                # The .deb is checked against its sha256 below, so an archive
                # snapshot whose Release file has expired is still usable.
                -o Acquire::Check-Valid-Until=false)
    if apt-get "${opts[@]}" -qq update >"$work/log" 2>&1 &&
       (cd "$out" && apt-get "${opts[@]}" -qq download "python3-torch=$version") >>"$work/log" 2>&1 &&
       compgen -G "$out/python3-torch_${version%%+*}*_amd64.deb" >/dev/null; then
      echo "fetch-reference: downloaded from $uri" >&2
      rm -rf "$work"
      return
    fi
    echo "fetch-reference: $uri does not serve python3-torch $version ($suite):" \
      "$(grep -m1 '^[EW]:' "$work/log" || tail -n1 "$work/log")" >&2
  done <"$work/list"
  rm -rf "$work"
  echo "fetch-reference: no mirror served python3-torch $version; tried ${tried[*]}" >&2
  exit 1
}

for line in "${releases[@]}"; do
  read -r rel suite version sha <<<"$line"
  if why=$("$python" "$root/utils/reference_check.py" "$dest" "$rel"); then
    continue
  fi
  if [[ -e $dest/$rel ]]; then
    echo "fetch-reference: ${why#reference_check: }; unpacking PyTorch $rel again" >&2
  fi
  deb="python3-torch_${version}_amd64.deb"
  # apt-get names the file with the epoch-less, URL-escaped version.
  file="$dest/debs/${deb//+/%2b}"
  [[ -f $file ]] || file="$dest/debs/$deb"
  if [[ ! -f $file ]]; then
    if [[ -f $shared/$deb ]]; then
      cp "$shared/$deb" "$dest/debs/$deb"
      file="$dest/debs/$deb"
    else
      echo "fetch-reference: downloading python3-torch $version from Debian $suite" >&2
      download "$suite" "$version" "$dest/debs"
      file=$(ls "$dest/debs"/python3-torch_"${version%%+*}"*_amd64.deb | head -n1)
    fi
  fi
  got=$(sha256sum "$file" | cut -d' ' -f1)
  if [[ $got != "$sha" ]]; then
    echo "fetch-reference: sha256 mismatch for $file: $got, expected $sha" >&2
    rm -f "$file"
    exit 1
  fi
  rm -rf "$dest/$rel"
  mkdir -p "$dest/$rel"
  dpkg-deb -x "$file" "$dest/$rel"
  ctl=$(mktemp -d)
  dpkg-deb -e "$file" "$ctl"
  cp "$ctl/md5sums" "$dest/$rel/.md5sums"
  rm -rf "$ctl"
  echo "sha256 $sha" >"$dest/$rel/.complete"
  "$python" "$root/utils/reference_check.py" "$dest" "$rel" >&2
  echo "fetch-reference: PyTorch $rel unpacked into $dest/$rel" >&2
done
