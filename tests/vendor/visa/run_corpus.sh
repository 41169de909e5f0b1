#!/usr/bin/env bash
# The vISA vendor corpus (issue 13): generate OpenCL C kernels, build them with Intel's ocloc for
# SKL, TGLLP, DG2 and PVC (dumps cached by kernel text + compiler version), `texsim check` each dump.
# With ISA_TOOL (tests/vendor/visa/isa_tool.cpp) every dump's .isa is also read, written back
# byte-identical and compared line by line with its .visaasm (isa_compare.py).
# Usage: run_corpus.sh TEXSIM WORKDIR [ISA_TOOL]. Exit 0 all clean, 1 a failure, 77 tools missing.
# TEXSIM_CORPUS_STRIDE=N (the sanitized tree: 4) builds and checks each kernel on one platform in N,
# the platform rotating from kernel to kernel, so every kernel and every platform is still tried.
set -euo pipefail

if [ "${1:-}" = "--compile" ]; then  # worker: --compile CL DEVICE CACHEDIR
  cl=$2 dev=$3 dir=$4
  [ -f "$dir/done" ] && exit 0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # A file may name its own ocloc options on its first line (gen_kernels.py STATELESS).
  opts=$(sed -n '1s|^// ocloc-options: ||p' "$cl")
  if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$tmp/dump" \
      ocloc compile -file "$cl" -device "$dev" -options "${opts:--cl-std=CL2.0}" -out_dir "$tmp/out" \
      > "$tmp/log" 2>&1; then
    echo "ocloc failed: $cl for $dev" >&2; cat "$tmp/log" >&2; exit 1
  fi
  mkdir -p "$dir"
  cp "$tmp"/dump/*.visaasm "$tmp"/dump/*.isa "$dir"/
  touch "$dir/done"
  exit 0
fi

texsim=$1 work=$2 isa_tool=${3:-}
for tool in ocloc python3; do
  if ! command -v "$tool" > /dev/null 2>&1; then
    echo "SKIPPED: $tool not installed (scripts/install-deps.sh installs it)"; exit 77
  fi
done
here=$(cd "$(dirname "$0")" && pwd)
platforms=${TEXSIM_VENDOR_PLATFORMS:-"skl:SKL tgllp:TGLLP dg2:DG2 pvc:PVC"}
mkdir -p "$work/kernels" "$work/cache"
start=$(date +%s)
nkernels=$(python3 "$here/gen_kernels.py" "$work/kernels")
version=$(dpkg-query -W -f='${Package}=${Version} ' intel-opencl-icd libigc1 2>/dev/null ||
          sha256sum "$(command -v ocloc)")
stride=${TEXSIM_CORPUS_STRIDE:-1}
jobs=()
: > "$work/index.tmp"
nk=0
for cl in "$work"/kernels/*.cl; do
  np=0
  for p in $platforms; do
    np=$((np + 1))
    [ $(((nk + np - 1) % stride)) -eq 0 ] || continue
    dev=${p%%:*}
    key=$( (cat "$cl"; echo "$version $dev") | sha256sum | cut -c1-24)
    jobs+=("$cl" "$dev" "$work/cache/$key")
    echo "$key $dev $(basename "$cl")" >> "$work/index.tmp"
  done
  nk=$((nk + 1))
done
mv "$work/index.tmp" "$work/index"
cached=0
for ((i = 2; i < ${#jobs[@]}; i += 3)); do [ -f "${jobs[i]}/done" ] && cached=$((cached + 1)); done
printf '%s\0' "${jobs[@]}" | xargs -0 -n3 -P2 "$0" --compile
built=$(date +%s)

total=0 clean=0 lines=0
: > "$work/check.log"
while read -r key dev cl; do
  plat=""
  for p in $platforms; do if [ "${p%%:*}" = "$dev" ]; then plat=${p#*:}; fi; done
  for f in "$work/cache/$key"/*.visaasm; do
    total=$((total + 1))
    lines=$((lines + $(grep -c . "$f")))
    if out=$("$texsim" check -q --platform "$plat" "$f" 2>&1); then
      clean=$((clean + 1))
    fi
    if grep -q 'error\[' <<< "$out"; then
      echo "== $cl $dev $f" >> "$work/check.log"; echo "$out" >> "$work/check.log"
    fi
  done
done < "$work/index"
end=$(date +%s)
[ "$stride" -eq 1 ] || echo "TEXSIM_CORPUS_STRIDE=$stride: each kernel on one platform in $stride"
echo "vendor corpus: $nkernels kernels x $(wc -w <<< "$platforms") platforms = $total dumps ($lines lines);" \
     "$clean pass texsim check with no error ($((100 * clean / (total > 0 ? total : 1)))%)"
echo "time: ocloc $((built - start)) s ($cached of $((${#jobs[@]} / 3)) builds from the cache)," \
     "texsim check $((end - built)) s"
status=0
if [ -n "$isa_tool" ]; then
  find "$work/cache" -name '*.isa' -print0 | sort -z | xargs -0 "$isa_tool" roundtrip || status=1
  python3 "$here/isa_compare.py" "$texsim" "$work" || status=1
fi
if [ "$clean" -ne "$total" ]; then
  grep -h 'error\[' "$work/check.log" | sed -E 's/^[^ ]+: //' | sed -E 's/V[0-9]+/V#/g' | sort | uniq -c | sort -rn | head -20
  exit 1
fi
exit $status
