#!/usr/bin/env bash
# Every figure docs/original-question.md quotes, from the commands quoted beside them: the seed's
# Python variants, policybench at the same size with the seed's rows beside its own, and a memory-bound host run.
# Writes into DIR (default build/seed-figures): seed.json, run.json, compare.txt, memory_bound.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build/seed-figures}"
mkdir -p "$dir"
scripts/install-deps.sh
echo "seed_figures: the seed's Python variants (the pure loop takes seconds per call)" >&2
scripts/seed_compare.py --format json --output "$dir/seed.json"
scripts/compare.sh --format json --output "$dir/run.json"
scripts/compare_reports.py --side-by-side "$dir/run.json" "$dir/seed.json" | tee "$dir/compare.txt"
# 200,000,000 float64 = 1.6 GB per array, far past any last-level cache: the DRAM-bound host figures.
build/default/src/policybench --size 200000000 --reps 5 --policies loop,std::par_unseq,tbb::parallel_for |
  tee "$dir/memory_bound.txt"
