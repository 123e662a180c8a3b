#!/usr/bin/env bash
# The benchmark goals as ratios measured side by side in one run on this machine (never as timed unit tests).
# Usage: scripts/bench.sh [BUILD_DIR] (default build/default). Prints each ratio, its goal and whether it is met;
# a figure that cannot be measured here (no NumPy, no GPU, a report without the field) says "not measured".
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/default}"
size=10000000 warmup=3 reps=20
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pb="$build/src/policybench"
"$pb" --size "$size" --warmup "$warmup" --reps "$reps" --format json --output "$work/run.json"
# The bare loop on the same placement (huge pages, first touch by its one thread) right after the harness's loop.
"$build/bench/policybench_bare_loop" "$size" "$warmup" "$reps" huge >"$work/bare.txt"
# NumPy a += 1 and Numba @njit(parallel=True): the seed's own script, same size and counts, Debian's python3.
/usr/bin/python3 scripts/seed_compare.py --size "$size" --warmup "$warmup" --reps "$reps" --loop-reps 1 \
  --format json --output "$work/seed.json" >/dev/null 2>"$work/seed.err" || rm -f "$work/seed.json"
# The ceiling ratio at >= 4x the last-level cache (STREAM's rule), host policies only.
read -r big host_policies < <(/usr/bin/python3 - "$work/run.json" "$size" <<'PY'
import json, math, sys
run = json.load(open(sys.argv[1]))
llc = run["environment"]["host"]["llc_bytes"] or 0
host = [r["policy"] for r in run["results"] if r["device"] == "host" and r["status"] == "ok"]
print(max(int(sys.argv[2]), math.ceil(4 * llc / 8)), ",".join(host))
PY
)
"$pb" --size "$big" --warmup 2 --reps 10 --policies "$host_policies" --format json --output "$work/llc4.json"
big_report=""
device_available='import json, sys; env = json.load(open(sys.argv[1]))["environment"]
sys.exit(0 if env["device"]["available"] else 1)'
if /usr/bin/python3 -c "$device_available" "$work/run.json"; then
  # 10^9 float64 needs 16 GB of device memory; policybench refuses if it does not fit: then "not measured".
  big_report="$work/big.json"
  "$pb" --size 1000000000 --warmup 2 --reps 10 --format json --output "$big_report" \
    --policies thrust::device,thrust::cuda::par_nosync,cub::DeviceTransform,cuda::kernel,cuda::kernel_grid_stride \
    || rm -f "$big_report"
fi
/usr/bin/python3 - "$work" "$big_report" <<'PY'
import json, os, sys
work, big_path = sys.argv[1], sys.argv[2]
load = lambda name: json.load(open(os.path.join(work, name))) if os.path.exists(os.path.join(work, name)) else None
run, llc4, seed = load("run.json"), load("llc4.json"), load("seed.json")
big = json.load(open(big_path)) if big_path else None
bare_s = float(open(os.path.join(work, "bare.txt")).read())

def ok(report, device):
    rows = (report or {"results": []})["results"]
    return {r["policy"]: r for r in rows if r["status"] == "ok" and r["device"] == device}

def host_ceiling_gb_per_s(report):
    # The in-place ceiling; reports from before it was named carry it under the copy's old name.
    c = report["environment"]["ceilings"]
    return c.get("host_in_place_gb_per_s", c.get("host_copy_gb_per_s"))

def line(name, value, goal, better, note=""):
    if value is None:
        print(f"{name:<72} not measured {note}")
        return
    met = value <= goal if better == "<=" else value >= goal
    print(f"{name:<72} {value:8.3f}   goal {better} {goal:<5}  {'met' if met else 'NOT MET'} {note}")

host, dev = ok(run, "host"), ok(run, "device")
seed_rows = ok(seed, "host")
best_cpu = min(host.values(), key=lambda r: r["median_s"])
numpy, numba = seed_rows.get("numpy a += 1"), seed_rows.get("numba @njit(parallel=True)")
line("loop median / NumPy a += 1 median (10^7 float64)",
     host["loop"]["median_s"] / numpy["median_s"] if numpy and "loop" in host else None, 1.00, "<=")
line(f"best CPU ({best_cpu['policy']}) / Numba @njit(parallel=True)",
     best_cpu["median_s"] / numba["median_s"] if numba else None, 1.00, "<=")
big_host = ok(llc4, "host")
ceiling = host_ceiling_gb_per_s(llc4)
shares = {p: r["gb_per_s"] / ceiling for p, r in big_host.items()} if ceiling else {}
top = max(shares, key=shares.get) if shares else None
line(f"best CPU GB/s / in-place ceiling at {llc4['environment']['config']['size']} elements ({top})",
     shares[top] if top else None, 0.95, ">=")
line("highest row / in-place ceiling at that size", shares[top] if top else None, 1.05, "<=")
line("harness loop / bare loop (same placement)", host["loop"]["median_s"] / bare_s if "loop" in host else None,
     1.02, "<=")
# The 95% CI of each median, as the report writes it; the widest relative half-width of the default run's rows.
widths = {p: (r["median_ci_high_s"] - r["median_ci_low_s"]) / 2 / r["median_s"] for p, r in host.items()
          if r.get("median_ci_high_s") is not None and r.get("median_ci_low_s") is not None}
widest = max(widths, key=widths.get) if widths else None
line(f"95% CI half-width / median, default run ({widest or 'no CI in the report'})",
     widths[widest] * 100 if widest else None, 2.0, "<=", "(percent)")
d2d = run["environment"]["ceilings"].get("device_copy_median_s")
best_gpu = min(dev.values(), key=lambda r: r["kernel_median_s"]) if dev else None
line("best GPU kernel / D2D copy at 10M", best_gpu["kernel_median_s"] / d2d if best_gpu and d2d else None, 1.00, "<=")
big_dev = ok(big, "device")
big_best = min(big_dev.values(), key=lambda r: r["kernel_median_s"]) if big_dev else None
line("best GPU kernel / D2D copy at 10^9",
     big_best["kernel_median_s"] / big["environment"]["ceilings"]["device_copy_median_s"] if big_best else None,
     1.02, "<=")
line("thrust::device host-synchronous / D2D copy at 10M",
     dev["thrust::device"]["median_s"] / d2d if "thrust::device" in dev and d2d else None, 1.11, "<=")
PY
