#!/bin/sh
# Without a CUDA driver the hardware check prints exactly "SKIPPED: no CUDA driver", exits 0 and
# writes a report that says so (issue 30). Usage: expect_skip.sh HOST BUNDLE_DIR WORK_DIR
host=$1 bundle=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
out=$(TEXSIM_HW_LIBCUDA=/nonexistent/libcuda.so.1 "$host" "$bundle" --out "$work")
rc=$?
[ "$rc" = 0 ] || { echo "FAIL: exit $rc"; exit 1; }
[ "$out" = "SKIPPED: no CUDA driver" ] || { echo "FAIL: printed '$out'"; exit 1; }
grep -q '"status": "skipped"' "$work/report.json" || { echo "FAIL: report.json"; exit 1; }
echo "$out"
