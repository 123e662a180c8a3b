#!/usr/bin/env bash
# A report's column set depends only on the kinds of rows, never on the size, type, call count or noise: three
# host-only runs, each format's header (JSON: each row's keys; gbench: each benchmark's) must be the same.
# Usage: column_set.sh POLICYBENCH WORKDIR
set -u
exe=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
runs=("--size 1k --reps 3" "--size 20M --reps 3" "--size 1M --type float32 --reps 3")
header() { # format, file: the line or keys that name the columns
  case $1 in
  # Each duration cell carries its own unit: the headers name none.
  table | wide) grep -m1 '^policy ' "$2" | tr -s ' ' ;;
  markdown) grep -m1 '^| policy' "$2" | tr -s ' ' ;;
  csv) head -n 1 "$2" ;;
  json) python3 -c 'import json,sys; print(sorted({tuple(r) for r in json.load(open(sys.argv[1]))["results"]}))' "$2" ;;
  gbench) python3 -c 'import json,sys; print(sorted({tuple(b) for b in json.load(open(sys.argv[1]))["benchmarks"]}))' "$2" ;;
  esac
}
for format in table wide markdown csv json gbench; do
  first=""
  for i in "${!runs[@]}"; do
    # shellcheck disable=SC2086 # each run's options are words
    "$exe" --policies loop,std::par ${runs[$i]} --format "$format" --output "$dir/$format.$i" || exit 1
    columns=$(header "$format" "$dir/$format.$i")
    [ -n "$columns" ] || { echo "$format: no header in run '${runs[$i]}'"; exit 1; }
    if [ -z "$first" ]; then
      first=$columns
    elif [ "$columns" != "$first" ]; then
      printf '%s: run %s has other columns:\n  %s\nthan run %s:\n  %s\n' "$format" "'${runs[$i]}'" "$columns" \
        "'${runs[0]}'" "$first"
      exit 1
    fi
  done
done
echo "column sets identical in every format"
