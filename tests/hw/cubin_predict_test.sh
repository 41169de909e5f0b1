#!/bin/sh
# hw.cubin_predict: writes the hardware cases, builds the sm_90 cubins with ptxas 11.8, predicts
# every case from the cubins' code (texsim_hw_gen --predict) and compares the summary and the
# per-case decisions with the reviewed goldens. Usage: cubin_predict_test.sh GEN NVIDIA_BIN WORK GOLDEN
gen=$1 bin=$2 work=$3 golden=$4
for t in ptxas cuobjdump; do
  [ -x "$bin/$t" ] || { echo "SKIPPED: $bin/$t missing (scripts/install-nvidia-tools.sh)"; exit 77; }
done
kernels=$(dirname "$0")/kernels
rm -rf "$work" && mkdir -p "$work/sm_90" || exit 1
"$gen" "$work/cases" > /dev/null || exit 1
for ptx in "$kernels"/*.ptx; do
  m=$(basename "$ptx" .ptx)
  "$bin/ptxas" -arch sm_90 "$ptx" -o "$work/sm_90/$m.cubin" || exit 1
  "$bin/cuobjdump" -sass "$work/sm_90/$m.cubin" > "$work/sm_90/$m.sass" || exit 1
done
"$gen" --predict "$work/cases" "$work/sm_90" 90 || exit 1
status=0
for f in cubin.sm_90.txt decisions.sm_90.txt; do
  if ! diff -u "$golden/$f" "$work/cases/$f"; then
    echo "FAIL: $f differs from $golden/$f"
    status=1
  fi
done
n=$(ls "$work/cases"/*.expect.sm_90 | wc -l)
[ "$n" -eq "$(wc -l < "$golden/decisions.sm_90.txt")" ] || { echo "FAIL: $n prediction files"; status=1; }
[ $status -eq 0 ] && echo "ok: $n cases predicted from the sm_90 cubins, as in $golden"
exit $status
