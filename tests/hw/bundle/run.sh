#!/bin/sh
# Runs every check of this texsim hardware bundle on GPU 0 and writes report.json, report.txt and
# results/ (docs/hardware.md). Usage: run.sh [OUT_DIR]  (default: $OUT, else ./hw-report)
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-$PWD/hw-report}}
mkdir -p "$out" || exit 2
start=$(date +%s)
exe="$here/texsim_hw_check"
# The prebuilt binary needs this machine's glibc to be at least the build machine's; if it does
# not start, rebuild it from its single-file source (any C++20 compiler, no other dependency).
if ! "$exe" --version >/dev/null 2>&1; then
  echo "run.sh: the prebuilt texsim_hw_check does not start here; rebuilding from source"
  cxx=${CXX:-c++}
  "$cxx" -std=c++20 -O2 -o "$out/texsim_hw_check" "$here/texsim_hw_check.cpp" -ldl || exit 2
  exe="$out/texsim_hw_check"
fi
"$exe" "$here" --out "$out" > "$out/run.log" 2>&1
rc=$?
cat "$out/run.log"
echo "run.sh: exit $rc after $(( $(date +%s) - start )) s; report in $out/report.txt and $out/report.json"
exit $rc
