#!/bin/sh
# The hardware bundle as CI sees it (issue 30): built by make_bundle.cmake, at most 64 MiB, its
# run.sh reports SKIPPED without a driver, and rebuilds the host from its one source file when
# the prebuilt binary does not start. Usage: bundle_test.sh CMAKE WORK_DIR -D... (make_bundle)
cmake=$1 work=$2
shift 2
rm -rf "$work" && mkdir -p "$work" || exit 1
bundle="$work/hw-bundle"
"$cmake" -DOUT="$bundle" "$@" -P "$(dirname "$0")/make_bundle.cmake" || exit 1
bytes=$(du -sb "$bundle" | cut -f1)
[ "$bytes" -le 67108864 ] || { echo "FAIL: bundle is $bytes bytes"; exit 1; }
for f in run.sh texsim_hw_check texsim_hw_check.cpp kernels/sample.ptx kernels/tlds.ptx \
         kernels/tlds_f16.ptx cases/manifest.txt; do
  [ -s "$bundle/$f" ] || { echo "FAIL: $f missing"; exit 1; }
done
export TEXSIM_HW_LIBCUDA=/nonexistent/libcuda.so.1
"$bundle/run.sh" "$work/report" > "$work/dry.log" 2>&1 || { cat "$work/dry.log"; echo "FAIL: run.sh"; exit 1; }
grep -qx "SKIPPED: no CUDA driver" "$work/dry.log" || { cat "$work/dry.log"; echo "FAIL: dry run"; exit 1; }
grep -q '"status": "skipped"' "$work/report/report.json" || { echo "FAIL: report.json"; exit 1; }
# A prebuilt binary that does not start (a GPU machine's older glibc): run.sh rebuilds it.
cp -r "$bundle" "$work/old-glibc" && printf 'not an executable\n' > "$work/old-glibc/texsim_hw_check"
"$work/old-glibc/run.sh" "$work/report2" > "$work/rebuild.log" 2>&1 || { cat "$work/rebuild.log"; echo "FAIL: rebuild"; exit 1; }
grep -q "rebuilding from source" "$work/rebuild.log" && grep -qx "SKIPPED: no CUDA driver" "$work/rebuild.log" \
  || { cat "$work/rebuild.log"; echo "FAIL: rebuild path"; exit 1; }
echo "ok: bundle $bytes bytes; dry run and rebuild report SKIPPED"
cat "$work/dry.log"
