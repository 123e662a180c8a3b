#!/usr/bin/env bash
# The default table of real runs (one size, each kind of sweep, --work K; every policy, so the longest names) fits
# 120 columns, heading, footer and warnings included, with at most one warning line per kind.
# Usage: table_width.sh POLICYBENCH WORKDIR
set -u
exe=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
sweep="--min-time 0.01 --reps 20 --size 10k"
runs=("--size 10k --budget 2" "--sweep size --min-size 1k --max-size 10k --min-time 0.01 --reps 20"
  "--size 10k --work 4 --budget 2" "--sweep threads $sweep" "--sweep work --max-work 4 $sweep")
for i in "${!runs[@]}"; do
  # shellcheck disable=SC2086 # each run's options are words
  "$exe" ${runs[$i]} --quiet > "$dir/table.$i" || { echo "run '${runs[$i]}' failed"; exit 1; }
  python3 - "$dir/table.$i" "${runs[$i]}" <<'PY' || exit 1
import collections, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
long = [line for line in lines if len(line) > 120]  # characters, as a terminal shows them
# A sweep says its warnings per point ("2 threads: ...", "K = 4: ...", "10000 elements: ..."): one line per kind
# and point (under load one point can say both that most calls were disturbed and that no ceiling bounded).
point = re.compile(r"^(\d+ threads?|K = \d+|\d+ elements): ")
kinds = collections.Counter(point.match(text).group(0) + text[point.match(text).end():].split(": ")[0]
                            if point.match(text) else text.split(": ")[0]
                            for text in (line[len("warning: "):] for line in lines if line.startswith("warning: ")))
repeated = [kind for kind, n in kinds.items() if n > 1]
if long or repeated or not lines:
    sys.exit(f"run '{sys.argv[2]}': lines over 120 columns {long}, warning kinds said twice {repeated}")
PY
done
