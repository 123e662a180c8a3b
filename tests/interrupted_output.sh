#!/usr/bin/env bash
# A signal mid-run and --output: Ctrl-C (INT) ends the run with a complete report of what it measured, marked
# interrupted, and the process then ends by SIGINT; every other fatal signal leaves nothing beside --output (the
# report is kept in memory until complete; only then is it written to a temporary beside the target, which the
# handler removes). "named": the same with /proc hidden, which the one path must not need.
# Usage: interrupted_output.sh POLICYBENCH SIGNAL [named]   ("named": /proc hidden in a namespace of its own)
set -uo pipefail
set -m      # job control: without it bash starts background jobs with SIGINT ignored
ulimit -c 0 # QUIT, SEGV, BUS, FPE, ILL: no core file in the test's directory
bench=$1 signal=$2 mode=${3:-unnamed}
run=()
if [ "$mode" = named ]; then
  # A user and mount namespace with an empty /proc. Not every machine allows one (a container without user namespaces): then this case cannot be made here.
  hide_proc='mount -t tmpfs none /proc && exec "$@"'
  unshare -rm bash -c "$hide_proc" hide true 2>/dev/null || { echo "no user namespaces here: skipped"; exit 77; }
  run=(unshare -rm bash -c "$hide_proc" hide)
fi
dir=$(mktemp -d) err=$(mktemp)
trap 'rm -rf "$dir" "$err"' EXIT
# About 100 s of work (the default 30 s budget ends it first): the signal always arrives mid-run, after the output
# file's directory was opened (its descriptor held until the report is written).
"${run[@]}" "$bench" --size 1M --reps 100000 --policies loop --format json --output "$dir/report.json" 2>"$err" &
pid=$!
# Not `ls | grep -q`: grep leaving at its first match ends ls with SIGPIPE, and pipefail then fails the check (it
# failed 3 of 12 runs, in 0.01 s).
opened() { [[ $(ls -l "/proc/$pid/fd" 2>/dev/null)$'\n' == *" -> $dir"$'\n'* ]]; }
# Up to 30 s: on a busy CI machine (ctest -j beside a build) the start took over 5 s (seen twice).
for _ in $(seq 300); do opened && break; sleep 0.1; done
opened || { echo "no output file was opened within 30 s"; kill -KILL "$pid"; exit 1; }
kill "-$signal" "$pid"
wait "$pid"
status=$?
left=$(ls -A "$dir")
echo "exit status $status after SIG$signal ($mode temporary); left behind: ${left:-nothing}"
if [ "$signal" = INT ]; then
  # 130: ended by SIGINT after the report, as a shell expects of an interrupted command.
  [ "$status" -eq 130 ] && [ "$left" = report.json ] &&
    /usr/bin/python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
assert r["interrupted"] and r["partial"], "not marked interrupted"
row = r["results"][0]  # a signal during the start or the ceilings comes before the row is measured
assert row["stopped_by"] == "interrupted" and row["validated"] or row["reason"] == "not measured: interrupted", row
assert r["warnings"][0].startswith("interrupted (Ctrl-C)"), r["warnings"]' "$dir/report.json" &&
    # stderr is no terminal here: the note starts its own line, no stray empty line before it (other lines may come
    # first: a sanitizer's warnings where /proc is hidden).
    /usr/bin/python3 -c 'import sys
text = open(sys.argv[1]).read()
at = text.find("policybench: interrupted: finishing")
assert at == 0 or at > 0 and text[at - 1] == "\n" and text[:at] != "\n" * at and not text[:at].endswith("\n\n"), text' \
      "$err"
else
  [ "$status" -ne 0 ] && [ -z "$left" ]
fi
