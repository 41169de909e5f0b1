#!/bin/sh
# Assembles one shipped PTX module with NVIDIA's ptxas for one architecture (issue 30): the
# bundle's kernels must build for sm_90 and for older targets. Exit 77: ptxas not installed.
# Usage: ptxas_check.sh PTXAS MODULE.ptx sm_XX WORK_DIR
ptxas=$1 ptx=$2 arch=$3 work=$4
if [ ! -x "$ptxas" ]; then
  echo "SKIPPED: ptxas not installed ($ptxas)"
  exit 77
fi
mkdir -p "$work" || exit 1
cubin="$work/$(basename "$ptx" .ptx).$arch.cubin"
"$ptxas" -arch "$arch" "$ptx" -o "$cubin" || { echo "FAIL: ptxas -arch $arch $ptx"; exit 1; }
# Every .entry of the module must be in the cubin (a kernel ptxas dropped would not run).
for entry in $(sed -n 's/^\.visible \.entry \([a-z0-9_]*\)(.*/\1/p' "$ptx"); do
  grep -q "$entry" "$cubin" || { echo "FAIL: $entry missing from $cubin"; exit 1; }
done
echo "ok: $(basename "$ptx") assembles for $arch ($(grep -c '^\.visible \.entry' "$ptx") kernels)"
