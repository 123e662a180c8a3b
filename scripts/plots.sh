#!/usr/bin/env bash
# Regenerates every figure in the README: a default run, a size sweep and a thread sweep, each as JSON, then
# scripts/plot.py on the three; a work sweep at 10^6 elements with the seed's rows at each K, then plot.py's
# roofline of them. Run it on a quiet machine. Arguments: BUILD_DIR (default build/default) and
# MAX_SIZE for the size sweep (default 1000000000, the series' own end: one array of 10^9 float64 needs 8 GB;
# the sweep stops earlier, saying so, where memory is short).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/default}"
max_size="${2:-1000000000}"
bench="$build/src/policybench"
[ -x "$bench" ] || { echo "plots.sh: $bench not found; build first (scripts/test.sh)" >&2; exit 2; }
out=docs/img
mkdir -p "$out"
"$bench" --format json --output "$out/run.json"
# --budget 3600: the whole series, where the sweeps' default 120 s would stop a size sweep early.
"$bench" --sweep size --max-size "$max_size" --budget 3600 --format json --output "$out/size_sweep.json"
"$bench" --sweep threads --size 100000000 --budget 3600 --format json --output "$out/thread_sweep.json"
"$bench" --sweep work --size 1M --warmup 1 --min-time 0.1 --timeout 20 --budget 3600 --quiet --format json \
  --policies loop,std::par_unseq,tbb::parallel_for,thrust::omp --output "$out/work_sweep.json"
mkdir -p "$out/seed_work"
for k in 1 2 4 8 16 32 64 128 256 512 1024; do
  /usr/bin/python3 scripts/seed_compare.py --size 1M --work "$k" --warmup 1 --reps 5 --format json \
    --policies "numba @njit,numba @njit(parallel=True),numpy a += 1" --output "$out/seed_work/seed_k$k.json"
done
# The committed reports leave out each row's samples_s: a sweep's small sizes take up to 10000 calls a row (10 MB of
# JSON), plot.py does not read them, and scripts/compare_reports.py wants a fresh run anyway.
/usr/bin/python3 - "$out"/*.json "$out"/seed_work/*.json <<'PY'
import json, sys
for path in sys.argv[1:]:
    report = json.load(open(path))
    for row in report["results"]:
        row.pop("samples_s", None)
    with open(path, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
PY
scripts/plot.py "$out/run.json" "$out/size_sweep.json" "$out/thread_sweep.json" -o "$out"
scripts/plot.py --figures roofline "$out/work_sweep.json" "$out"/seed_work/*.json -o "$out"
