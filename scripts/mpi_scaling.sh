#!/usr/bin/env bash
# Runs policybench-mpi at 1, 2, 4, ... ranks up to MAX_RANKS and merges the reports into one JSON (each row with
# its "ranks"; "sweep": {"kind": "ranks"}) that scripts/plot.py draws as aggregate GB/s and parallel efficiency.
# Usage: scripts/mpi_scaling.sh OUTPUT.json MAX_RANKS [policybench-mpi options...]
# Environment: BUILD (default build/default, what scripts/compare.sh and scripts/test.sh build), MPIRUN (default
# "mpirun --allow-run-as-root --oversubscribe --bind-to core" when run as root, else "mpirun --bind-to core"; use
# "srun" on a cluster).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/mpi_scaling.sh OUTPUT.json MAX_RANKS [policybench-mpi options...]" >&2; exit 2; }
output=$1 max_ranks=$2
shift 2
# OUTPUT is where the caller meant it, and must be writable before minutes of measuring, not after.
[[ -n $output && $output != */ && ! -d $output ]] ||
  { echo "mpi_scaling.sh: OUTPUT '$output' is not a file name" >&2; exit 2; }
[[ $output == /* ]] || output=$PWD/$output
[[ -w $(dirname "$output") && (! -e $output || (-f $output && -w $output)) ]] ||
  { echo "mpi_scaling.sh: cannot write OUTPUT '$output'" >&2; exit 2; }
cd "$(dirname "$0")/.."
[[ "$max_ranks" =~ ^[1-9][0-9]*$ ]] ||
  { echo "mpi_scaling.sh: MAX_RANKS '$max_ranks' is not a positive count" >&2; exit 2; }
exe="${BUILD:-build/default}/src/policybench-mpi"
[ -x "$exe" ] || { echo "mpi_scaling.sh: $exe not found; build it first (scripts/test.sh, or cmake --build" \
  "--preset default; CMake builds it when it finds MPI)" >&2; exit 2; }
root_flags=""
[ "$(id -u)" -eq 0 ] && root_flags="--allow-run-as-root --oversubscribe"
read -r -a mpirun <<<"${MPIRUN:-mpirun $root_flags --bind-to core}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reports=()
for ((ranks = 1; ranks <= max_ranks; ranks *= 2)); do
  echo "mpi_scaling.sh: $ranks rank(s)" >&2
  "${mpirun[@]}" -np "$ranks" "$exe" "$@" --quiet --format json --output "$work/$ranks.json"
  reports+=("$work/$ranks.json")
done
/usr/bin/python3 - "$output" "${reports[@]}" <<'PY'
import json, sys
merged = None
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    for row in report["results"]:
        row["ranks"] = report["mpi"]["ranks"]
    if merged is None:
        merged = {**report, "results": [], "warnings": [], "sweep": {"kind": "ranks", "series": []}}
    merged["results"] += report["results"]
    merged["warnings"] += [f"{report['mpi']['ranks']} ranks: {w}" for w in report["warnings"]]
    merged["sweep"]["series"].append(report["mpi"])
merged["mpi"] = merged["sweep"]["series"][-1]
try:
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(merged, f, indent=2)
except OSError as e:
    sys.exit(f"mpi_scaling.sh: cannot write {sys.argv[1]}: {e.strerror or e}")
print(sys.argv[1])
PY
