#!/usr/bin/env bash
# policybench-mpi's goals as ratios measured side by side in one run on this machine (never as timed unit tests):
# 2 ranks x loop aggregate / 1 process std::par_unseq on 2 threads (5x10^7 float64, weak scaling), the MPI
# harness's overhead at 1 rank, and how fast a failing rank ends the job. Usage: scripts/mpi_bench.sh [BUILD_DIR]
# (default build/default, what scripts/compare.sh and scripts/test.sh build). Prints each ratio, its goal and
# whether it is met.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/default}"
size=50000000 common=(--warmup 3 --reps 20 --format json) rounds=3
root_flags=()
[ "$(id -u)" -eq 0 ] && root_flags=(--allow-run-as-root --oversubscribe)
mpirun=(mpirun "${root_flags[@]}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Alternating rounds, best median of each: a neighbour's noise in one round then hits only one side of a ratio.
for round in $(seq "$rounds"); do
  "${mpirun[@]}" --bind-to core -np 2 "$build/src/policybench-mpi" --policies loop --threads 1 --size "$size" \
    --scaling weak "${common[@]}" --output "$work/ranks2_$round.json"
  "$build/src/policybench" --policies std::par_unseq --threads 2 --size "$size" "${common[@]}" \
    --output "$work/par_unseq_$round.json"
  "${mpirun[@]}" --bind-to none -np 1 "$build/src/policybench-mpi" --policies loop --size "$size" "${common[@]}" \
    --output "$work/rank1_$round.json"
  "$build/src/policybench" --policies loop --size "$size" "${common[@]}" --output "$work/plain_$round.json"
done
# A rank out of memory in the host copy ceiling while the other waits in its barrier: seconds until mpirun exits.
start=$(date +%s.%N)
"${mpirun[@]}" -np 1 "$build/src/policybench-mpi" --policies loop --size 200M : -np 1 bash -c \
  'ulimit -v 1200000; exec "$0" "$@"' "$build/src/policybench-mpi" --policies loop --size 200M \
  >/dev/null 2>"$work/fail.err" && { echo "mpi_bench.sh: the failing rank did not fail" >&2; exit 1; }
end=$(date +%s.%N)
grep -q "rank 1: error: out of host memory" "$work/fail.err" || { cat "$work/fail.err" >&2; exit 1; }
python3 - "$work" "$rounds" "$start" "$end" <<'PY'
import json, sys
work, rounds, start, end = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
def best(name, field):
    rows = [json.load(open(f"{work}/{name}_{i}.json"))["results"][0] for i in range(1, rounds + 1)]
    assert all(r["status"] == "ok" for r in rows), name
    return (max if field == "gb_per_s" else min)(r[field] for r in rows)
ratios = [
    ("2 ranks x loop aggregate GB/s / 1 process std::par_unseq 2 threads GB/s", best("ranks2", "gb_per_s"),
     best("par_unseq", "gb_per_s"), ">=", 0.95),
    ("1-rank policybench-mpi loop median / policybench loop median", best("rank1", "median_s"),
     best("plain", "median_s"), "<=", 1.02),
]
for name, num, den, op, goal in ratios:
    r = num / den
    met = r >= goal if op == ">=" else r <= goal
    print(f"{name}: {num:.6g} / {den:.6g} = {r:.3f} (goal {op} {goal}) {'met' if met else 'NOT met'}")
took = end - start
verdict = "met" if took < 5 else "NOT met"
print(f"failing rank: the job ended with rank 1's error after {took:.2f} s (goal < 5 s) {verdict}")
PY
