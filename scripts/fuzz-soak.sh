#!/usr/bin/env bash
# Long libFuzzer runs for the reliability record (docs/reliability.md): each named target runs until
# RUNS executions or SECONDS of wall time, whichever comes first, and one summary line is printed.
# usage: scripts/fuzz-soak.sh SECONDS RUNS TARGET... (after `make fuzz-build`; logs in build/fuzz/logs)
set -u
seconds=${1:?seconds}; runs=${2:?runs}; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/build/fuzz/tests/fuzz
mkdir -p "$root/build/fuzz/logs" "$root/build/fuzz/artifacts"
for t in "$@"; do
  mkdir -p "$root/build/fuzz/corpus/$t"
  log=$root/build/fuzz/logs/$t.log
  start=$(date +%s)
  "$bin/fuzz_$t" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
    -max_total_time="$seconds" -runs="$runs" -dict="$root/tests/fuzz/dict/$t.dict" \
    -artifact_prefix="$root/build/fuzz/artifacts/$t-" \
    "$root/build/fuzz/corpus/$t" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  wall=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
  [ -n "$execs" ] || execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  rss=$(grep -o 'stat::peak_rss_mb: [0-9]*' "$log" | grep -o '[0-9]*$')
  echo "fuzz_$t: exit $rc, ${execs:-?} executions, ${wall} s wall, peak RSS ${rss:-?} MB, log $log"
done
