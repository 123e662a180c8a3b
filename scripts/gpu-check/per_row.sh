#!/usr/bin/env bash
# One process per row for the GPU check's run.sh: per_row.sh JSONL COMMAND... -- ITEM... runs COMMAND plus each
# ITEM's tab-separated arguments (e.g. --policies<TAB>cuda::kernel) with --format json --output JSONL.row, which
# joins JSONL as one line when its process ends: a limit that kills the step keeps every finished row, and no half
# report (run.sh removes a .row left behind). Exit 1 if a row failed.
set -uo pipefail
jsonl=$1 row=$1.row status=0 command=()
shift
while [[ $1 != -- ]]; do command+=("$1") && shift; done
shift
for item; do
  IFS=$'\t' read -ra extra <<<"$item"
  "${command[@]}" "${extra[@]}" --format json --output "$row"
  rc=$?
  ((rc == 0)) || status=1
  # A report of failed rows (exit 1) is kept; a process killed by a signal may have left half a file.
  ((rc < 128)) && [[ -s $row ]] && { tr -d '\n' <"$row" && echo; } >>"$jsonl"
  rm -f "$row"
done
exit $status
