#!/usr/bin/env bash
# Fetches NVIDIA's CUDA 11.8 ptxas, nvdisasm and cuobjdump (Debian bookworm non-free package
# nvidia-cuda-toolkit) into build/vendor/nvidia/bin without installing the package or its
# dependency chain; tests/vendor/sass uses them as oracles (docs/decisions.md T-section, issue 14).
# Idempotent. Skipped with TEXSIM_NO_NONFREE=1 (the vendor tests then print SKIPPED).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$root/build/vendor/nvidia"
tools=(ptxas nvdisasm cuobjdump)

if [ "${TEXSIM_NO_NONFREE:-0}" = "1" ]; then
  echo "install-nvidia-tools: TEXSIM_NO_NONFREE=1, not fetching NVIDIA's non-free tools"
  exit 0
fi

have_all=1
for t in "${tools[@]}"; do
  "$dest/bin/$t" --version >/dev/null 2>&1 || have_all=0
done
if [ "$have_all" = 1 ]; then
  echo "install-nvidia-tools: ${tools[*]} present in $dest/bin"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-nvidia-tools: no apt-get; NVIDIA vendor tests will be skipped" >&2
  exit 0
fi

# A private apt state: the system's Debian sources with the component set to non-free, in a
# temporary folder. /etc/apt is never edited, so there is nothing to restore afterwards.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/archives/partial" "$work/parts"
src=""
for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/*.sources; do
  if [ -f "$f" ] && grep -q '^Suites:.*bookworm' "$f"; then src="$f"; break; fi
done
if [ -n "$src" ]; then
  # deb822: keep the first stanza (the main archive), component non-free.
  awk 'BEGIN{RS=""; ORS="\n\n"} NR==1' "$src" |
    sed -e 's/^Components:.*/Components: non-free/' -e 's/^Suites:.*/Suites: bookworm/' \
      >"$work/parts/nonfree.sources"
elif [ -f /etc/apt/sources.list ] && grep -qE '^deb .* bookworm ' /etc/apt/sources.list; then
  grep -m1 -E '^deb .* bookworm ' /etc/apt/sources.list |
    awk '{print $1, $2, $3, "non-free"}' >"$work/parts/nonfree.list"
else
  echo "install-nvidia-tools: no Debian bookworm apt source found; vendor tests will be skipped" >&2
  exit 0
fi

apt_opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$work/parts"
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives"
  -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=" -o "APT::Sandbox::User=root")
echo "install-nvidia-tools: fetching nvidia-cuda-toolkit (non-free) for ${tools[*]}"
if ! apt-get "${apt_opts[@]}" -q update >"$work/update.log" 2>&1; then
  cat "$work/update.log" >&2
  echo "install-nvidia-tools: apt-get update failed; vendor tests will be skipped" >&2
  exit 0
fi
(cd "$work" && apt-get "${apt_opts[@]}" -q download nvidia-cuda-toolkit) || {
  echo "install-nvidia-tools: download failed; vendor tests will be skipped" >&2
  exit 0
}
deb="$(ls "$work"/nvidia-cuda-toolkit_*.deb)"
mkdir -p "$work/x" "$dest/bin"
# Only the three tools: each needs nothing beyond libc/libm/libdl/libpthread (checked with ldd).
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work/x" "${tools[@]/#/./usr/bin/}"
for t in "${tools[@]}"; do install -m 0755 "$work/x/usr/bin/$t" "$dest/bin/$t"; done
basename "$deb" >"$dest/VERSION"
for t in "${tools[@]}"; do
  "$dest/bin/$t" --version | tail -n 1 | sed "s|^|install-nvidia-tools: $t: |"
done
