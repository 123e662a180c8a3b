#!/usr/bin/env bash
# The default table of real runs (one size, a size sweep, --work K) fits 120 columns, heading, footer and warnings
# included, with at most one warning line per kind; --wide keeps lines whole.
# Usage: table_width.sh POLICYBENCH WORKDIR
set -u
exe=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
runs=("--size 10k --budget 2" "--sweep size --min-size 1k --max-size 10k --min-time 0.01 --reps 20"
  "--size 10k --work 4 --policies loop,std::par --budget 2")
for i in "${!runs[@]}"; do
  # shellcheck disable=SC2086 # each run's options are words
  "$exe" ${runs[$i]} --quiet > "$dir/table.$i" || { echo "run '${runs[$i]}' failed"; exit 1; }
  python3 - "$dir/table.$i" "${runs[$i]}" <<'PY' || exit 1
import collections, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
long = [line for line in lines if len(line) > 120]  # characters, as a terminal shows them
kinds = collections.Counter(line.split(": ")[1] for line in lines if line.startswith("warning: "))
repeated = [kind for kind, n in kinds.items() if n > 1]
if long or repeated or not lines:
    sys.exit(f"run '{sys.argv[2]}': lines over 120 columns {long}, warning kinds said twice {repeated}")
PY
done
