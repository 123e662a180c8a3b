#!/usr/bin/env bash
# An interrupted run leaves no file: SIGINT, SIGTERM or SIGHUP mid-run must remove the --output temporary.
# Usage: interrupted_output.sh POLICYBENCH SIGNAL
set -uo pipefail
set -m # job control: without it bash starts background jobs with SIGINT ignored
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# About 100 s of work: the signal always arrives mid-run, after the temporary file was created.
"$1" --size 1M --reps 100000 --policies loop --output "$dir/report.json" &
pid=$!
for _ in $(seq 50); do [ -n "$(ls -A "$dir")" ] && break; sleep 0.1; done
[ -n "$(ls -A "$dir")" ] || { echo "no temporary file appeared"; exit 1; }
kill "-$2" "$pid"
wait "$pid"
status=$?
left=$(ls -A "$dir")
echo "exit status $status after SIG$2; left behind: ${left:-nothing}"
[ "$status" -ne 0 ] && [ -z "$left" ]
