#!/usr/bin/env bash
# `make bench-replay`: lookups from files against the public API and lavapipe on the same lanes
# (bench/compare_inputs.hpp). texsim_bench_replay writes a scene and an .npz of LOOKUPS requests
# per op and times texsim::sample on them (messages of 4096, one thread); `texsim sample` replays
# the .npz with 1 and 2 threads (its --json `replay` seconds: reading, sampling, writing, without
# loading the scene) and a JSONL set of JSONL_LOOKUPS; texsim_oracle_bench runs lavapipe. Result
# hashes must equal the API's. Prints medians over RUNS and the ratios (docs/performance.md).
#
# usage: scripts/bench-replay.sh [BUILD_DIR]       (default build/release)
# env:   RUNS=5 LOOKUPS=16777216 JSONL_LOOKUPS=1048576 SIZE=1024 SEED=1 OPS="fetch bilinear
#        trilinear" PROFILES="d3d lavapipe" JOBS=2 NO_BUILD=1 BASE=/path/to/older/texsim (also
#        times that binary's JSONL replay, e.g. a build of the previous release)
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD_DIR=${1:-build/release}
RUNS=${RUNS:-5}
LOOKUPS=${LOOKUPS:-16777216}
JSONL_LOOKUPS=${JSONL_LOOKUPS:-1048576}
SIZE=${SIZE:-1024}
SEED=${SEED:-1}
OPS=${OPS:-fetch bilinear trilinear}
PROFILES=${PROFILES:-d3d lavapipe}
JOBS=${JOBS:-2}

if [ "${NO_BUILD:-0}" != 1 ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" -j "$JOBS" --target texsim texsim_bench_replay texsim_oracle_bench
fi
TEXSIM="$BUILD_DIR/texsim"
REPLAY="$BUILD_DIR/bench/texsim_bench_replay"
LAVAPIPE="$BUILD_DIR/tests/oracle/texsim_oracle_bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results="$work/results"

echo "bench-replay: $(date -u '+%Y-%m-%d %H:%M UTC'), nproc $(nproc)," \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); ${SIZE}^2 RGBA8, ${LOOKUPS} lookups," \
  "${RUNS} runs" >&2

# replay LABEL EXPECTED_HASH ARGS...: `texsim sample --json` and its replay seconds.
replay() {
  local label=$1 hash=$2
  shift 2
  local out="$work/out.npz" secs
  secs=$("$TEXSIM" sample -q --json -o "$out" "$@" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"]["replay"])')
  if [ "$hash" != - ]; then
    local got
    got=$("$REPLAY" hash "$out" | sed 's/hash=//')
    [ "$got" = "$hash" ] || { echo "bench-replay: $label: hash $got, the API's $hash" >&2; exit 1; }
  fi
  echo "$label $secs" >>"$results"
}

for op in $OPS; do
  dir="$work/$op"
  mkdir -p "$dir"
  "$REPLAY" write --op "$op" --size "$SIZE" --lookups "$LOOKUPS" --seed "$SEED" --dir "$dir"
  for ((i = 1; i <= RUNS; i++)); do
    for prof in $PROFILES; do
      line=$("$REPLAY" api --op "$op" --size "$SIZE" --lookups "$LOOKUPS" --seed "$SEED" \
        --dir "$dir" --profile "$prof" --reps 3 | grep 'message=4096')
      hash=$(sed 's/.*hash=//' <<<"$line")
      mlps=$(sed 's/.*median_mlps=\([0-9.]*\).*/\1/' <<<"$line")
      echo "api_${op}_$prof $(python3 -c "print($LOOKUPS / ($mlps * 1e6))")" >>"$results"
      groups=()
      [ "$prof" = lavapipe ] && groups=(--groups)
      for t in 1 2; do
        replay "file_${op}_${prof}_t$t" "$hash" --scene "$dir/scene.json" \
          --requests "$dir/requests.npz" --profile "$prof" "${groups[@]}" --threads $t
      done
    done
    lp=$("$LAVAPIPE" --op "$op" --size "$SIZE" --lookups "$LOOKUPS" --seed "$SEED" --reps 3 |
      grep '^bench ' | sed 's/.*median_mlps=\([0-9.]*\).*/\1/')
    echo "lavapipe_$op $(python3 -c "print($LOOKUPS / ($lp * 1e6))")" >>"$results"
  done
  echo "  [$op done]" >&2
done

# JSONL: the first op's lanes, JSONL_LOOKUPS of them, converted to text.
op=${OPS%% *}
dir="$work/jsonl"
mkdir -p "$dir"
"$REPLAY" write --op "$op" --size "$SIZE" --lookups "$JSONL_LOOKUPS" --seed "$SEED" --dir "$dir"
"$TEXSIM" sample -q --convert "$dir/requests.npz" -o "$dir/requests.jsonl"
for ((i = 1; i <= RUNS; i++)); do
  for t in 1 2; do
    replay "jsonl_t$t" - --scene "$dir/scene.json" --requests "$dir/requests.jsonl" --threads $t
  done
  if [ -n "${BASE:-}" ]; then
    s=$( { /usr/bin/time -f '%e' "$BASE" sample -q --scene "$dir/scene.json" \
      --requests "$dir/requests.jsonl" -o "$work/base.jsonl" >/dev/null; } 2>&1 | tail -1)
    e=$( { /usr/bin/time -f '%e' "$BASE" sample -q --scene "$dir/scene.json" \
      --requests /dev/null -o "$work/base0.jsonl" >/dev/null; } 2>&1 | tail -1)
    echo "jsonl_base $(python3 -c "print(max($s - $e, 1e-3))")" >>"$results"
  fi
done
echo "bench-replay: load average after $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$results" "$LOOKUPS" "$JSONL_LOOKUPS" "$OPS" "$PROFILES" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    k, v = line.split()
    rows.setdefault(k, []).append(float(v))
n, nj = int(sys.argv[2]), int(sys.argv[3])
ops, profs = sys.argv[4].split(), sys.argv[5].split()
med = lambda k: statistics.median(rows[k])
mlps = lambda k, count=n: count / med(k) / 1e6
print("| op | profile | batch API, 1 thread (M/s) | file .npz, 1 thread (M/s) | file/API time | "
      "file .npz, 2 threads (M/s) | 2-thread scaling | lavapipe (M/s) |")
print("|---|---|---|---|---|---|---|---|")
for op in ops:
    for p in profs:
        a, f1, f2 = f"api_{op}_{p}", f"file_{op}_{p}_t1", f"file_{op}_{p}_t2"
        print(f"| {op} | {p} | {mlps(a):.1f} | {mlps(f1):.1f} | {med(f1) / med(a):.2f}x | "
              f"{mlps(f2):.1f} | {med(f1) / med(f2):.2f}x | {mlps('lavapipe_' + op):.1f} |")
print()
line = f"JSONL replay ({nj} requests): {mlps('jsonl_t1', nj):.2f} M/s on 1 thread, " \
       f"{mlps('jsonl_t2', nj):.2f} M/s on 2"
if "jsonl_base" in rows:
    line += f"; BASE binary {mlps('jsonl_base', nj):.2f} M/s " \
            f"({med('jsonl_base') / med('jsonl_t2'):.1f}x slower than 2 threads now)"
print(line)
PY
