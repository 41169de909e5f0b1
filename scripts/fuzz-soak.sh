#!/usr/bin/env bash
# Long libFuzzer runs for the reliability record (docs/reliability.md): each named target runs until
# RUNS executions or SECONDS of wall time, whichever comes first, and one summary line is printed.
# usage: scripts/fuzz-soak.sh SECONDS RUNS TARGET... (after `make fuzz-build`; RUNS -1: no limit;
# logs in build/asan/logs or $FUZZ_LOG_DIR, new inputs in build/asan/corpus, crashes in build/asan/artifacts).
# Exit status 1 when any target stopped on a finding (crash, sanitizer report, timeout, OOM).
# FUZZ_TIMEOUT (default 10): seconds one input may run (raise it on a heavily loaded machine).
set -u
status=0
seconds=${1:?seconds}; runs=${2:?runs}; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/build/asan/tests/fuzz
logs=${FUZZ_LOG_DIR:-$root/build/asan/logs}
mkdir -p "$logs" "$root/build/asan/artifacts"
for t in "$@"; do
  mkdir -p "$root/build/asan/corpus/$t"
  log=$logs/$t.log
  start=$(date +%s)
  "$bin/fuzz_$t" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
    -max_total_time="$seconds" -runs="$runs" -dict="$root/tests/fuzz/dict/$t.dict" \
    -artifact_prefix="$root/build/asan/artifacts/$t-" \
    "$root/build/asan/corpus/$t" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  wall=$(( $(date +%s) - start ))
  final_stat() { grep -a -o "stat::$1: *[0-9]*" "$log" | grep -o '[0-9]*$' | tail -1; }
  execs=$(final_stat number_of_executed_units)
  [ -n "$execs" ] || execs=$(grep -a -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  rss=$(final_stat peak_rss_mb)
  echo "fuzz_$t: exit $rc, ${execs:-?} executions, ${wall} s wall, peak RSS ${rss:-?} MB, log $log"
  if [ "$rc" -ne 0 ]; then
    status=1
    grep -a -E 'ERROR|SUMMARY|fuzz property failed|Test unit written' "$log" | head -5
  fi
done
exit "$status"
