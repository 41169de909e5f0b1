#!/usr/bin/env bash
# clang-tidy over every C++ source in src/ with the checks in .clang-tidy; any finding fails.
# Usage: scripts/tidy.sh [BUILD_DIR]  (needs BUILD_DIR/compile_commands.json; `make tidy`)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
jobs=${JOBS:-$(nproc)}
if [[ ! -f "$build/compile_commands.json" ]]; then
  echo "tidy: $build/compile_commands.json is missing (configure with cmake --preset release)" >&2
  exit 2
fi
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [[ -z "$tidy" ]]; then
  echo "tidy: clang-tidy is not installed (scripts/install-deps.sh installs it)" >&2
  exit 2
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
# -Wno-unknown-warning-option: the database holds GCC-only flags (e.g. -Wno-restrict).
git ls-files 'src/*.cpp' | xargs -P "$jobs" -n 4 "$tidy" -p "$build" --quiet \
  --extra-arg=-Wno-unknown-warning-option >"$log" 2>&1 || true
findings=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: (warning|error):' "$log" || true)
files=$(git ls-files 'src/*.cpp' | wc -l)
if [[ "$findings" != 0 ]]; then
  grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error):' -A3 "$log" | sort -u -t: -k1,3 | head -200
  echo "tidy: $findings findings in $files files ($(( $(date +%s) - start )) s)" >&2
  exit 1
fi
echo "tidy: $files files, no findings ($(( $(date +%s) - start )) s)"
