#!/usr/bin/env python3
# Throughput vs surface size (64^2 .. 4096^2) for fetch and bilinear, texsim vs lavapipe, from the
# two `make bench-compare` programs run alternately; writes a PNG (matplotlib) and a CSV.
import argparse
import csv
import statistics
import subprocess
import sys


def run(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("bench "))
    kv = dict(x.split("=", 1) for x in line.split()[1:])
    return float(kv["median_mlps"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--sizes", default="64,128,256,512,1024,2048,4096")
    ap.add_argument("--lookups", type=int, default=1 << 22)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--png", default="docs/performance.png")
    ap.add_argument("--csv", default="docs/performance-sizes.csv")
    ap.add_argument("--title", default="")
    ap.add_argument("--from-csv", help="re-plot a CSV written earlier instead of measuring")
    a = ap.parse_args()
    if a.from_csv:
        series = {}
        sizes = []
        for r in csv.DictReader(open(a.from_csv)):
            series.setdefault((r["side"], r["op"]), []).append(float(r["median_mlps"]))
            if int(r["size"]) not in sizes:
                sizes.append(int(r["size"]))
        plot(a, sizes, series)
        return
    texsim = f"{a.build}/bench/texsim_bench_compare"
    lavapipe = f"{a.build}/tests/oracle/texsim_oracle_bench"
    sizes = [int(s) for s in a.sizes.split(",")]
    series = {}  # (side, op) -> [median over runs per size]
    rows = []
    for op in ("fetch", "bilinear"):
        for size in sizes:
            common = ["--op", op, "--size", str(size), "--lookups", str(a.lookups),
                      "--reps", str(a.reps)]
            ts, tl, lp = [], [], []
            for i in range(a.runs):  # alternate the order run by run
                trio = [(ts, [texsim, *common, "--profile", "d3d"]),
                        (tl, [texsim, *common, "--profile", "lavapipe"]), (lp, [lavapipe, *common])]
                for dest, cmd in (trio if i % 2 == 0 else trio[::-1]):
                    dest.append(run(cmd))
            for side, v in (("texsim", ts), ("texsim-lavapipe", tl), ("lavapipe", lp)):
                series.setdefault((side, op), []).append(statistics.median(v))
                rows.append([op, side, size, f"{statistics.median(v):.2f}", f"{min(v):.2f}",
                             f"{max(v):.2f}"])
            print(f"{op} {size}: texsim {statistics.median(ts):.1f}, "
                  f"texsim lavapipe profile {statistics.median(tl):.1f}, "
                  f"lavapipe {statistics.median(lp):.1f} M lookups/s", file=sys.stderr)
    with open(a.csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["op", "side", "size", "median_mlps", "min_mlps", "max_mlps"])
        w.writerows(rows)
    plot(a, sizes, series)


def plot(a, sizes, series):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    styles = {("texsim", "fetch"): ("tab:blue", "-", "o"),
              ("lavapipe", "fetch"): ("tab:blue", "--", "s"),
              ("texsim", "bilinear"): ("tab:red", "-", "o"),
              ("lavapipe", "bilinear"): ("tab:red", "--", "s"),
              ("texsim-lavapipe", "fetch"): ("tab:cyan", ":", "^"),
              ("texsim-lavapipe", "bilinear"): ("tab:orange", ":", "^")}
    for (side, op), v in series.items():
        c, ls, m = styles[(side, op)]
        name = "texsim" if side == "texsim-lavapipe" else side
        label = f"{name} {'texelFetch' if op == 'fetch' else 'bilinear textureLod'}"
        if side == "texsim" and op == "bilinear":
            label += " (d3d profile)"
        if side == "texsim-lavapipe":
            label += " (lavapipe profile, bit-exact)"
        ax.plot(sizes, v, color=c, linestyle=ls, marker=m, label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xticks(sizes)
    ax.set_xticklabels([f"{s}²" for s in sizes])
    ticks = [t for t in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000)
             if min(min(v) for v in series.values()) / 2 <= t <= 2 * max(max(v) for v in series.values())]
    ax.set_yticks(ticks)
    ax.set_yticklabels([str(t) for t in ticks])
    ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    ax.set_xlabel("RGBA8 UNORM 2D surface size (random coordinates)")
    ax.set_ylabel("M lookups/s (median of runs)")
    ax.set_title(a.title or "texsim batch (SIMD, all cores) vs lavapipe compute", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(a.png)
    print(f"wrote {a.png}", file=sys.stderr)


if __name__ == "__main__":
    main()
