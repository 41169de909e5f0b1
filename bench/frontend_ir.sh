#!/usr/bin/env bash
# Instructions per item of the front-end benchmarks, counted by valgrind's callgrind (user-space
# instructions: independent of the machine's load, unlike times; perf's hardware counters are
# not available in every VM). Each line: the measured function's inclusive instruction count per
# call, divided by the items of one call (words, or bytes of vISA text).
# Usage: bench/frontend_ir.sh [BENCH_BINARY]   (default build/release/bench/texsim_bench)
set -euo pipefail
bin=${1:-build/release/bench/texsim_bench}
command -v valgrind >/dev/null || { echo "SKIPPED: valgrind not installed"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# The vISA text of BM_VisaParse / BM_VisaParseText: declarations once, instruction lines x256.
here=$(cd "$(dirname "$0")/.." && pwd)
visa_bytes=$(awk '/^    /{b+=length($0)+1; next} {h+=length($0)+1} END{print h+256*b}' \
  "$here/examples/visa/sampler3d.visaasm")
run() {  # benchmark, function (regex), items per call, label
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --benchmark_filter="^$1\$" \
    --benchmark_min_time=0.01 >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --tree=caller "$out" 2>/dev/null | python3 -c '
import re, sys
fn, items, label = re.compile(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
lines = sys.stdin.read().split("\n")
for k, l in enumerate(lines):
    m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\*\s+(.*)", l)
    if m and fn.search(m.group(2)):
        ir, calls, j = int(m.group(1).replace(",", "")), 0, k - 1
        while j >= 0 and "<" in lines[j]:
            c = re.search(r"\(([\d,]+)x\)", lines[j])
            calls += int(c.group(1).replace(",", "")) if c else 1
            j -= 1
        print("%-26s %8.1f instructions/%s" % (label, ir / calls / items,
                                                 "byte" if "Visa" in label else "word"))
        break
else:
    print("%-26s not found" % label)
' "$2" "$3" "$4"
}
run BM_SassDecodeStreamOnly 'texsim::isa::sass::decode_stream\(' 36864 BM_SassDecodeStreamOnly
run BM_SassDecodeWord 'texsim::isa::sass::decode\(unsigned long' 1 BM_SassDecodeWord
run BM_SassDecodeStream 'sass::.*Frontend.*::decode\(' 36864 BM_SassDecodeStream
run BM_VisaParse 'visa::.*Frontend.*::parse\(' "$visa_bytes" BM_VisaParse
run BM_VisaParseText 'visa::parse_program\(' "$visa_bytes" BM_VisaParseText
