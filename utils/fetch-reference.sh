#!/usr/bin/env bash
# Obtain the reference: Debian's python3-torch packages, whose torchgen,
# native_functions.yaml, tags.yaml and templates opgen is measured against.
# They are unpacked into reference/<release>/ (ignored by git; never
# committed). PyTorch 2.14.1 comes from ../shared/reference when that folder
# exists, everything else from Debian's archive by package name. Every .deb
# is checked against its sha256 before it is unpacked.
#
# Usage: utils/fetch-reference.sh [DEST]    (default: reference/, or
#        $OPGEN_REFERENCE_DIR)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-${OPGEN_REFERENCE_DIR:-$root/reference}}
shared=${OPGEN_SHARED_REFERENCE:-$root/../shared/reference}
mkdir -p "$dest/debs"

# release  suite     package version    sha256 of the .deb
releases=(
  "2.14 sid      2.14.1+dfsg-1 20b8f0e4e8ada1579110681c9bf3bc18ea9550bf849b328f2c0b2d3da73eb132"
  "2.6  trixie   2.6.0+dfsg-7  8f0e1272b923adcd0e98bbbc287e73b1826894ccebe52c5fb9f96cd94e89ff4a"
  "1.13 bookworm 1.13.1+dfsg-4 8559392ee9f808c45ca9473ab47ec5fe030072b5055261ba1a7d5270f927ee95"
)

# Download one package version from a Debian suite without touching the
# system's apt configuration.
download() { # suite version outdir
  local suite=$1 version=$2 out=$3 work
  work=$(mktemp -d)
  mkdir -p "$work/lists/partial"
  echo "deb http://deb.debian.org/debian $suite main" >"$work/sources.list"
  local opts=(-o "Dir::Etc::SourceList=$work/sources.list"
              -o Dir::Etc::SourceParts=/dev/null
              -o "Dir::State::Lists=$work/lists"
              -o Debug::NoLocking=1 -o APT::Sandbox::User=root
              # The .deb is checked against its sha256 below, so an archive
              # snapshot whose Release file has expired is still usable.
              -o Acquire::Check-Valid-Until=false)
  apt-get "${opts[@]}" -qq update
  (cd "$out" && apt-get "${opts[@]}" -qq download "python3-torch=$version" 2>&1 |
     grep -v "couldn't be accessed by user '_apt'" || true)
  rm -rf "$work"
}

for line in "${releases[@]}"; do
  read -r rel suite version sha <<<"$line"
  if [[ -f $dest/$rel/.complete ]]; then
    continue
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
  touch "$dest/$rel/.complete"
  echo "fetch-reference: PyTorch $rel unpacked into $dest/$rel" >&2
done
