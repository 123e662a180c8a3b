#!/usr/bin/env bash
# A sweep keeps its work: while it runs, --output holds a complete report of the points so far ("partial"); Ctrl-C
# ends it with the points measured, in --output and, without it, on stdout, marked interrupted, and the process then
# ends by SIGINT (130). CSV and Google Benchmark's JSON carry the same marks in their own form: a partial column on
# every line, partial and interrupted in the context.
# Usage: sweep_interrupted.sh POLICYBENCH
set -uo pipefail
set -m # job control: without it bash starts background jobs with SIGINT ignored
bench=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sweep=(--sweep size --min-size 1000 --max-size 100M --policies loop,std::seq --min-time 0.05 --format json)
check() { # FILE PARTIAL INTERRUPTED: the report's marks, at least one point, every row that ran validated
  /usr/bin/python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
assert (r["partial"], r["interrupted"]) == (sys.argv[2] == "1", sys.argv[3] == "1"), (r["partial"], r["interrupted"])
assert r["sweep"]["series"], "no point"
assert all(row["validated"] for row in r["results"] if row["status"] == "ok"), "a row failed"
if r["interrupted"]:
    assert r["sweep"]["stop_reason"].startswith("interrupted (Ctrl-C) at "), r["sweep"]["stop_reason"]
print(sys.argv[1], len(r["sweep"]["series"]), "points", r["sweep"]["stop_reason"])' "$@"
}
"$bench" "${sweep[@]}" --output "$dir/s.json" 2>"$dir/stderr" &
pid=$!
# The first point's report, written while the sweep goes on (up to 60 s on a busy CI machine).
for _ in $(seq 600); do [ -s "$dir/s.json" ] && break; sleep 0.1; done
check "$dir/s.json" 1 0 || { kill -KILL "$pid"; exit 1; }
kill -INT "$pid"
wait "$pid"
status=$?
echo "exit status $status after SIGINT; left: $(ls -A "$dir" | tr '\n' ' ')"
[ "$status" -eq 130 ] && check "$dir/s.json" 1 1 && grep -q "^policybench: interrupted" "$dir/stderr" || exit 1
# Without --output the report is printed: timeout's SIGINT after 3 s, mid-sweep.
timeout -s INT 3 "$bench" "${sweep[@]}" >"$dir/stdout" 2>/dev/null
status=$?
[ "$status" -eq 124 ] && check "$dir/stdout" 1 1 || exit 1
# The same sweep in CSV and gbench: marked partial from the first point on, and interrupted (gbench) after Ctrl-C.
marks() { # FILE FORMAT PARTIAL INTERRUPTED
  /usr/bin/python3 -c 'import csv, json, sys
path, form, partial, interrupted = sys.argv[1:]
if form == "csv":
    rows = list(csv.DictReader(open(path, newline="")))
    assert rows and all(r["partial"] == "true" for r in rows), [r.get("partial") for r in rows]
else:
    c = json.load(open(path))["context"]
    assert (c["partial"], c["interrupted"]) == (partial == "1", interrupted == "1"), c
print(path, "marked")' "$@"
}
for format in csv gbench; do
  "$bench" "${sweep[@]:0:${#sweep[@]}-2}" --format "$format" --output "$dir/s.$format" 2>/dev/null &
  pid=$!
  for _ in $(seq 600); do [ -s "$dir/s.$format" ] && break; sleep 0.1; done
  marks "$dir/s.$format" "$format" 1 0 || { kill -KILL "$pid"; exit 1; }
  kill -INT "$pid"
  wait "$pid"
  status=$?
  [ "$status" -eq 130 ] && marks "$dir/s.$format" "$format" 1 1 || exit 1
done
