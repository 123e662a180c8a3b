#!/usr/bin/env bash
# The benchmark goals as ratios measured side by side on this machine (never as timed unit tests).
# Usage: scripts/bench.sh [BUILD_DIR] (default build/default); BENCH_ROUNDS=N alternations (default 3).
# A VM's memory bandwidth drifts by 10-30% over minutes, so each ratio's two sides run next to each other, the
# whole set is repeated BENCH_ROUNDS times, and each goal is judged on the median ratio (the range beside it).
# A figure that cannot be measured here (no NumPy, no GPU, a report without the field) says "not measured".
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/default}"
rounds="${BENCH_ROUNDS:-3}"
size=10000000 warmup=3 reps=100
[[ $rounds =~ ^[1-9][0-9]{0,5}$ ]] || { echo "bench.sh: BENCH_ROUNDS '$rounds' is not a count >= 1" >&2; exit 2; }
pb="$build/src/policybench"
for exe in "$pb" "$build/bench/policybench_bare_loop"; do
  [ -x "$exe" ] || { echo "bench.sh: $exe not found; build first (scripts/test.sh)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The rows of a report that ran on DEVICE (host or device) and measured, comma-separated: the registry's names, as
# the run reported them, so that a new policy joins every step below without an edit here.
rows_ok='import json, sys; sys.path.insert(0, "scripts"); from report_schema import policy_rows
print(",".join(r["policy"] for r in policy_rows(json.load(open(sys.argv[1]))) if r["device"] == sys.argv[2]))'
for ((k = 1; k <= rounds; k++)); do
  # NumPy a += 1 and Numba @njit(parallel=True) from the seed's own script just before and just after the default
  # run (noise-driven stopping), so that drift moves both sides alike.
  for side in before after; do
    if [[ $side == after ]]; then "$pb" --size "$size" --format json --output "$work/run$k.json" --quiet; fi
    /usr/bin/python3 scripts/seed_compare.py --size "$size" --warmup "$warmup" --reps "$reps" --format json \
      --policies "numpy a += 1,numba @njit(parallel=True)" --output "$work/seed_${side}$k.json" >/dev/null \
      2>"$work/seed.err" || rm -f "$work/seed_${side}$k.json"
  done
  # The ceiling ratio at >= 4x the last-level cache (STREAM's rule), host policies only.
  big=$(/usr/bin/python3 - "$work/run$k.json" "$size" <<'PY'
import json, math, sys
llc = json.load(open(sys.argv[1]))["environment"]["host"]["llc_bytes"] or 0
print(max(int(sys.argv[2]), math.ceil(4 * llc / 8)))
PY
  )
  host_policies=$(/usr/bin/python3 -c "$rows_ok" "$work/run$k.json" host)
  # The bare loop on the same placement (huge pages, first touch by its one thread) just before and after, for the
  # harness's overhead: at this size memory decides, while at 10^7 the array's fit in a large L3 depends on the
  # physical pages one allocation gets (the bare loop ranged 6.56-8.52 ms over four processes on a 105 MiB L3).
  for side in before after; do
    if [[ $side == after ]]; then
      "$pb" --size "$big" --max-noise 2 --timeout 4 --policies "$host_policies" --format json \
        --output "$work/llc4_$k.json" --quiet
    fi
    "$build/bench/policybench_bare_loop" "$big" "$warmup" 30 huge >"$work/bare_${side}$k.txt"
    "$build/bench/policybench_bare_loop" "$big" "$warmup" 30 huge omp >"$work/omp_${side}$k.txt"
  done
  device_policies=$(/usr/bin/python3 -c "$rows_ok" "$work/run$k.json" device)
  if [[ -n $device_policies ]]; then
    # 10^9 float64 needs 16 GB of device memory; policybench refuses if it does not fit: then "not measured".
    "$pb" --size 1000000000 --warmup 2 --reps 10 --format json --output "$work/big$k.json" --quiet \
      --policies "$device_policies" || rm -f "$work/big$k.json"
  fi
done
/usr/bin/python3 - "$work" "$rounds" <<'PY'
import json, math, os, statistics, sys
sys.path.insert(0, "scripts")
from report_schema import policy_rows
work, rounds = sys.argv[1], int(sys.argv[2])

def load(name):
    path = os.path.join(work, name)
    return json.load(open(path)) if os.path.exists(path) else None

def ok(report, device):
    return {r["policy"]: r for r in policy_rows(report or {"results": []}) if r["device"] == device}

def host_ceiling_gb_per_s(report):
    # The in-place ceiling; reports from before it was named carry it under the copy's old name.
    c = report["environment"]["ceilings"]
    return c.get("host_in_place_gb_per_s", c.get("host_copy_gb_per_s"))

def line(name, values, goal, better, note=""):
    """One goal: the median over the alternations that measured it, and their range."""
    values = [v for v in values if v is not None]
    if not values:
        print(f"{name:<64} not measured {note}")
        return
    value = statistics.median(values)
    met = value <= goal if better == "<=" else value >= goal
    spread = f"[{min(values):.3f}..{max(values):.3f}, {len(values)} runs]"
    print(f"{name:<64} {value:7.3f} {spread:<24} goal {better} {goal:<5} {'met' if met else 'NOT MET'} {note}")

SIDES = ("before", "after")


def bracketing(k, policy):
    """The seed row's median as if measured during alternation k's run: the geometric mean of the runs before and
    after it (None unless both have it)."""
    rows = [ok(load(f"seed_{side}{k}.json"), "host").get(policy) for side in SIDES]
    return {"median_s": math.sqrt(rows[0]["median_s"] * rows[1]["median_s"])} if all(rows) else None


def bare_loop_s(k, name="bare"):
    """The bare loop's median (name "omp": the plain OpenMP static loop's), bracketing alternation k's run."""
    before, after = (float(open(os.path.join(work, f"{name}_{side}{k}.txt")).read()) for side in SIDES)
    return math.sqrt(before * after)


def alternation(k):
    """Each goal's ratio from alternation k, None where it was not measured."""
    run, llc4, big = load(f"run{k}.json"), load(f"llc4_{k}.json"), load(f"big{k}.json")
    bare_s = bare_loop_s(k)
    host, dev = ok(run, "host"), ok(run, "device")
    numpy, numba = bracketing(k, "numpy a += 1"), bracketing(k, "numba @njit(parallel=True)")
    best_cpu = min(host.values(), key=lambda r: r["median_s"])
    ceiling = host_ceiling_gb_per_s(llc4)
    shares = {p: r["gb_per_s"] / ceiling for p, r in ok(llc4, "host").items()} if ceiling else {}
    # The 95% CI of each median, as the report writes it: the widest relative half-width of the default run's rows.
    widths = [(r["median_ci_high_s"] - r["median_ci_low_s"]) / 2 / r["median_s"] for r in host.values()
              if r.get("median_ci_high_s") is not None and r.get("median_ci_low_s") is not None]
    d2d = run["environment"]["ceilings"].get("device_copy_median_s")
    best_gpu = min(dev.values(), key=lambda r: r["kernel_median_s"]) if dev else None
    big_dev = ok(big, "device")
    big_best = min(big_dev.values(), key=lambda r: r["kernel_median_s"]) if big_dev else None
    return {
        "loop": host["loop"]["median_s"] / numpy["median_s"] if numpy and "loop" in host else None,
        "numba": best_cpu["median_s"] / numba["median_s"] if numba else None,
        "best_cpu": best_cpu["policy"],
        "share": max(shares.values()) if shares else None,
        "top": max(shares, key=shares.get) if shares else None,
        "big": llc4["environment"]["config"]["size"],
        "bare": ok(llc4, "host")["loop"]["median_s"] / bare_s if "loop" in ok(llc4, "host") else None,
        # Median against median: the in-place ceiling row's and the plain OpenMP loop's, same bytes and placement.
        "omp": ceiling / (16 * llc4["environment"]["config"]["size"] / 1e9 / bare_loop_s(k, "omp")) if ceiling else None,
        "ci": max(widths) * 100 if widths else None,
        "gpu": best_gpu["kernel_median_s"] / d2d if best_gpu and d2d else None,
        "gpu_big": big_best["kernel_median_s"] / big["environment"]["ceilings"]["device_copy_median_s"]
        if big_best else None,
        "thrust": dev["thrust::device"]["median_s"] / d2d if "thrust::device" in dev and d2d else None,
    }

runs = [alternation(k) for k in range(1, rounds + 1)]
col = lambda key: [r[key] for r in runs]
names = lambda key: ", ".join(sorted({r[key] for r in runs if r[key]}))
line("loop median / NumPy a += 1 median (10^7 float64, NumPy before and after)", col("loop"), 1.00, "<=")
line(f"best CPU ({names('best_cpu')}) / Numba @njit(parallel=True)", col("numba"), 1.00, "<=")
line(f"best CPU GB/s / in-place ceiling at {runs[0]['big']} elements ({names('top')})", col("share"), 0.95, ">=")
line("highest row / in-place ceiling at that size", col("share"), 1.05, "<=")
line(f"harness loop / bare loop at {runs[0]['big']} (same placement, before and after)", col("bare"), 1.02, "<=")
line(f"host in-place ceiling / plain OpenMP static loop at {runs[0]['big']} (medians)", col("omp"), 0.85, ">=")
line("the same, from above", col("omp"), 1.15, "<=")
line("95% CI half-width / median, default run, widest row", col("ci"), 2.0, "<=", "(percent)")
line("best GPU kernel / D2D copy at 10M", col("gpu"), 1.00, "<=")
line("best GPU kernel / D2D copy at 10^9", col("gpu_big"), 1.02, "<=")
line("thrust::device host-synchronous / D2D copy at 10M", col("thrust"), 1.11, "<=")
PY
