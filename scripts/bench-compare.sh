#!/usr/bin/env bash
# `make bench-compare`: builds texsim_bench_compare and texsim_oracle_bench (lavapipe), runs them
# alternately on the same inputs (bench/compare_inputs.hpp) and prints medians, ranges and ratios.
#
# usage: scripts/bench-compare.sh [BUILD_DIR]      (default build/release)
# env:   RUNS=5 (runs per row, >= 5 for the report)  REPS=9 (timed repetitions per run; each run
#        reports their median)  LOOKUPS=16777216  SIZE=1024  SEED=1  JOBS=2
#        (texsim's `lavapipe` profile runs its SIMD message entry, simd/lavapipe_message.hpp, on
#        the same lanes; its hash must equal lavapipe's)
#        SCALING=1: also texsim threads 1 vs 2 and lavapipe LP_NUM_THREADS 1 vs 2; only: just that
#        NO_BUILD=1: use the binaries already in BUILD_DIR; BUILD_ONLY=1: build, run nothing
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD_DIR=${1:-build/release}
RUNS=${RUNS:-5}
REPS=${REPS:-9}
LOOKUPS=${LOOKUPS:-16777216}
SIZE=${SIZE:-1024}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
SCALING=${SCALING:-0}

if [ "${NO_BUILD:-0}" != 1 ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" -j "$JOBS" --target texsim_bench_compare texsim_oracle_bench
fi
[ "${BUILD_ONLY:-0}" = 1 ] && exit 0
TEXSIM="$BUILD_DIR/bench/texsim_bench_compare"
LAVAPIPE="$BUILD_DIR/tests/oracle/texsim_oracle_bench"
[ "$SCALING" = only ] && RUNS_MAIN=0 || RUNS_MAIN=$RUNS
for b in "$TEXSIM" "$LAVAPIPE"; do
  [ -x "$b" ] || { echo "bench-compare: $b not built (Vulkan/glslc missing?)" >&2; exit 2; }
done

results=$(mktemp)
trap 'rm -f "$results"' EXIT

# run ROW_LABEL RUN_INDEX COMMAND...: appends "ROW RUN <the program's bench line>".
run() {
  local row=$1 idx=$2
  shift 2
  local line
  line=$("$@" 2>/dev/null | grep '^bench ') || { echo "bench-compare: failed: $*" >&2; exit 1; }
  echo "$row $idx $line" >>"$results"
  echo "  [$row run $idx] $line" >&2
}

common=(--size "$SIZE" --seed "$SEED")
echo "bench-compare: $(date -u '+%Y-%m-%d %H:%M UTC'), nproc $(nproc)," \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "bench-compare: size ${SIZE}^2 RGBA8 UNORM, ${LOOKUPS} lookups, seed ${SEED}, ${RUNS} runs" \
  "alternating, each the median of ${REPS} timed repetitions" >&2

for ((i = 1; i <= RUNS_MAIN; i++)); do
  for op in fetch bilinear trilinear; do
    lp=("$LAVAPIPE" --op $op "${common[@]}" --lookups "$LOOKUPS" --reps "$REPS")
    ts=("$TEXSIM" --op $op --profile d3d "${common[@]}" --lookups "$LOOKUPS" --reps "$REPS")
    # Alternate which side goes first so that slow drifts in machine load hit both.
    if ((i % 2)); then
      run "lp_$op" "$i" "${lp[@]}"
      run "ts_${op}_d3d" "$i" "${ts[@]}"
    else
      run "ts_${op}_d3d" "$i" "${ts[@]}"
      run "lp_$op" "$i" "${lp[@]}"
    fi
    run "ts_${op}_lavapipe" "$i" "$TEXSIM" --op $op --profile lavapipe "${common[@]}" \
      --lookups "$LOOKUPS" --reps "$REPS"
  done
done

if [ "$SCALING" != 0 ]; then
  for ((i = 1; i <= RUNS; i++)); do
    for op in fetch bilinear trilinear; do
      for t in 1 2; do
        run "ts_${op}_t$t" "$i" "$TEXSIM" --op $op --profile d3d "${common[@]}" \
          --lookups "$LOOKUPS" --reps "$REPS" --threads $t
        run "tl_${op}_t$t" "$i" "$TEXSIM" --op $op --profile lavapipe "${common[@]}" \
          --lookups "$LOOKUPS" --reps "$REPS" --threads $t
        run "lp_${op}_t$t" "$i" env LP_NUM_THREADS=$t "$LAVAPIPE" --op $op "${common[@]}" \
          --lookups "$LOOKUPS" --reps "$REPS"
      done
    done
  done
fi

echo "bench-compare: load average after $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 - "$results" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    kv = dict(x.split("=", 1) for x in f[3:] if "=" in x)
    rows.setdefault(f[0], {})[int(f[1])] = kv

def mlps(row):
    return [float(kv["median_mlps"]) for _, kv in sorted(rows[row].items())]

def fmt(v):
    return f"{statistics.median(v):.1f} ({min(v):.1f}-{max(v):.1f})"

if "lp_fetch" in rows:
  print("| op | texsim path | texsim M lookups/s, median (min-max) | lavapipe M lookups/s "
      "| texsim/lavapipe, median (min-max) | bits equal |")
  print("|---|---|---|---|---|---|")
for op in ("fetch", "bilinear", "trilinear") if "lp_fetch" in rows else ():
    lp = mlps(f"lp_{op}")
    for prof in ("d3d", "lavapipe"):
        row = f"ts_{op}_{prof}"
        if row not in rows:
            continue
        ts = mlps(row)
        ratios = [t / l for t, l in zip(ts, lp)]  # paired by run (alternated)
        kv = next(iter(rows[row].values()))
        path = f"{prof} profile, {kv['path']}"
        if kv["lookups"] != next(iter(rows[f"lp_{op}"].values()))["lookups"]:
            n = int(kv["lookups"])
            path += f", {n >> 20}M lanes" if n >= 1 << 20 else f", {n >> 10}K lanes"
        lp_hash = rows[f"lp_{op}"][1]["hash"]
        if prof == "lavapipe":
            equal = "yes" if all(r["hash"] == lp_hash for r in rows[row].values()) else "NO"
        elif op == "fetch":
            equal = "yes" if kv["hash"] == lp_hash else "no (d3d vs Vulkan)"
        else:
            equal = "- (d3d rounding)"
        print(f"| {op} | {path} | {fmt(ts)} | {fmt(lp)} | "
              f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f}) | {equal} |")
if "ts_fetch_t1" in rows:
    print()
    print("| op | side | 1 thread | 2 threads | scaling, median (min-max) |")
    print("|---|---|---|---|---|")
    for op in ("fetch", "bilinear", "trilinear"):
        for side, key in (("texsim d3d", "ts"), ("texsim lavapipe profile", "tl"),
                          ("lavapipe (LP_NUM_THREADS)", "lp")):
            if f"{key}_{op}_t1" not in rows:
                continue
            a1, a2 = mlps(f"{key}_{op}_t1"), mlps(f"{key}_{op}_t2")
            s = [b / a for a, b in zip(a1, a2)]
            print(f"| {op} | {side} | {fmt(a1)} | {fmt(a2)} | {statistics.median(s):.2f}x "
                  f"({min(s):.2f}-{max(s):.2f}) |")
EOF
