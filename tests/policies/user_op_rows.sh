#!/bin/bash
# A user's op through every host policy: examples/user_op.cpp's rows all validated under its own name, the options
# that do not apply to it refused; the op planted wrong on OpenMP's other threads (planted_user_op.cpp) invalid on
# thrust::omp alone, the other rows validated, exit 1. Both ops take one input, out of place: their rows are set against
# STREAM scale, the one ceiling of their shape (no in-place one), streaming as many bytes as they do, STREAM's 4x rule
# counts their two arrays, and the rows' FLOPs are the op's declared 2 per element (none for the planted op, which
# declares none).
# Usage: user_op_rows.sh <example_user_op> <planted_user_op>
set -euo pipefail
run() { "$@" --size 100000 --reps 3 --budget 5 --quiet --format json; }
check='
import json, sys
report, op, wrong = json.load(sys.stdin), sys.argv[1], sys.argv[2:]
assert report["environment"]["config"]["workload"] == op, report["environment"]["config"]["workload"]
ran = {r["policy"]: r["validated"] for r in report["results"]
       if r["role"] == "policy" and r["status"] in ("ok", "invalid")}
assert "loop" in ran and "thrust::omp" in ran, sorted(ran)
bad = sorted(p for p, valid in ran.items() if not valid)
assert bad == wrong, f"invalid rows: {bad}, expected {wrong}"
rows, size = report["results"], report["environment"]["config"]["size"]
ceilings = {r["policy"]: r["bounds"] for r in rows if r["role"] == "ceiling"}
assert ceilings == {"host STREAM scale": "bandwidth"}, ceilings
# Its footprint is the op'"'"'s: the bytes a call moves, two arrays of --size, not the halves of one.
moved = {r["policy"]: r["bytes_per_call"] for r in rows if r["policy"] in ("loop", "host STREAM scale")}
assert moved["host STREAM scale"] == moved["loop"], moved
assert any("working set of 2 arrays" in w for w in report["warnings"]), report["warnings"]
flops = {r["policy"]: r.get("flops_per_call") for r in rows if r["role"] == "policy" and r["status"] == "ok"}
declared = None if wrong else 2.0 * size
assert set(flops.values()) == {declared}, flops
print(f"{op}: {len(ran)} rows measured, invalid: {bad}")
'
run "$1" --workload my_op | /usr/bin/python3 -c "$check" my_op
# The executable lists the op it runs, and its --help is about that op.
"$1" --list-workloads --format json |
  /usr/bin/python3 -c 'import json, sys; names = [w["name"] for w in json.load(sys.stdin)]; assert names == ["my_op"], names'
# (Read whole, not piped to grep -q: under pipefail grep's early exit would end --help by SIGPIPE and fail.)
grep -q "the op my_op run through every host execution policy" <<<"$("$1" --help)" || { echo "--help: no my_op"; exit 1; }
# The options that would change the op's element type or make it a chain are refused (exit 2), as bad input.
# Given at its default value too: --workload increment would silently run the op (not the increment).
for refused in "--workload triad" "--workload increment" "--work 4" "--sweep work" "--max-work 8 --sweep work" \
               "--type float32"; do
  status=0
  message=$("$1" $refused --size 1000 --quiet 2>&1 > /dev/null) || status=$?
  [ "$status" -eq 2 ] || { echo "$refused: exit status $status, expected 2"; exit 1; }
  # The line names the executable that was run, as every Unix tool does (not policybench), and the option given.
  [[ $message == "$(basename "$1"): error: ${refused%% *}"* ]] || { echo "$refused: '$message'"; exit 1; }
done
status=0
run "$2" > planted.json || status=$?
[ "$status" -eq 1 ] || { echo "planted op: exit status $status, expected 1"; exit 1; }
/usr/bin/python3 -c "$check" wrong_off_openmp_main thrust::omp < planted.json
