#!/usr/bin/env bash
# policybench-mpi under mpirun -np 2, one case per CTest test: weak and strong scaling, validation on every rank,
# the report written once, and failing ranks ending the job (non-zero, the rank named) instead of hanging.
# Usage: mpi_case.sh <policybench-mpi> <work dir> <case>. Every mpirun is bounded by `timeout`: a hang fails.
set -uo pipefail
exe=$1 dir=$2/mpi_$3 case=$3
rm -rf "$dir" && mkdir -p "$dir" || exit 1
mpi=(timeout 60 mpirun --allow-run-as-root --oversubscribe)
run=(--policies loop,std::par_unseq --reps 3 --warmup 1)
fail() { echo "$case: $*"; cat "$dir"/err 2>/dev/null; exit 1; }

# check_json <file> <python expressions over `r` (the report), one assertion each>
check_json() {
  local file=$1; shift
  /usr/bin/python3 - "$file" "$@" <<'PY' || fail "report check failed"
import json, sys
r = json.load(open(sys.argv[1]))
for expr in sys.argv[2:]:
    if not eval(expr):
        sys.exit(f"not true: {expr}")
PY
}

# Rows whose per-rank entries are ranks 0 and 1, all valid, and whose per-call time (the slowest rank's, call by
# call) is at least every rank's own median: a job time taken from one rank alone would fail the last check.
rows_ok=(
  "all(row['status'] == 'ok' and [p['rank'] for p in row['per_rank']] == [0, 1] for row in r['results'])"
  "all(p['validated'] for row in r['results'] for p in row['per_rank'])"
  "all(row['median_s'] >= row['rank_median_max_s'] >= row['rank_median_min_s'] > 0 for row in r['results'])"
  "all(abs(row['imbalance'] - row['rank_median_max_s'] / row['rank_median_min_s']) < 1e-9 for row in r['results'])"
  "r['mpi']['ranks'] == 2 and r['mpi']['nodes'] == 1 and [p['rank'] for p in r['mpi']['placement']] == [0, 1]"
  # Every row's bytes are both ranks' own (each rank's GB/s x its median), STREAM copy and scale included.
  "all(abs(row['bytes_per_call'] - sum(p['gb_per_s'] * 1e9 * p['median_s'] for p in row['per_rank']))
       <= 1e-9 * row['bytes_per_call'] for row in r['results'] if all(p['gb_per_s'] for p in row['per_rank']))"
)

case $case in
weak) # --size per rank: the job moves both ranks' bytes
  # 6 calls: a ceiling bounds only with a 95% interval.
  "${mpi[@]}" -np 2 "$exe" --policies loop,std::par_unseq --reps 6 --warmup 1 --size 1000 --scaling weak --format json \
    --output "$dir/r.json" 2>"$dir/err" || fail "exit $?"
  # The ceiling's interval low end comes from the job's calls (the slowest rank's), as its best does: never above it.
  check_json "$dir/r.json" "${rows_ok[@]}" "r['mpi']['scaling'] == 'weak'" \
    "all(row['size'] == 2000 and row['bytes_per_call'] == 2 * 2000 * 8 for row in r['results'] if row['role'] == 'policy')" \
    "(lambda c: c['host_in_place_gb_per_s'] is None or c['host_in_place_low_gb_per_s'] <= c['host_in_place_gb_per_s'])(r['environment']['ceilings'])"
  # --help names the program it is, and the options it refuses
  "${mpi[@]}" -np 1 "$exe" --help >"$dir/out" 2>"$dir/err" || fail "--help: exit $?"
  grep -q '^Usage: policybench-mpi' "$dir/out" && grep -q -- '--budget, --order, --seed' "$dir/out" ||
    fail "--help: $(head -3 "$dir/out")" ;;
strong) # --size in total: 1001 split as 501 + 500; each rank's GB/s is its own bytes / its own median
  "${mpi[@]}" -np 2 "$exe" "${run[@]}" --size 1001 --scaling strong --format json --output "$dir/r.json" \
    2>"$dir/err" || fail "exit $?"
  check_json "$dir/r.json" "${rows_ok[@]}" "r['mpi']['scaling'] == 'strong'" \
    "all(row['size'] == 1001 for row in r['results'])" \
    "all(abs(p['gb_per_s'] * 1e9 * p['median_s'] - 16 * n) < 1e-6 * n
         for row in r['results'] if row['role'] == 'policy' for p, n in zip(row['per_rank'], [501, 500]))" ;;
aggregate) # at K = 2 the FMA ceiling's FLOPs per call are both ranks', twice one process's
  "${mpi[@]}" -np 2 "$exe" --policies loop --reps 3 --warmup 1 --size 1000 --work 2 --format json \
    --output "$dir/r.json" 2>"$dir/err" || fail "exit $?"
  "$(dirname "$exe")/policybench" --policies loop --reps 3 --warmup 1 --size 1000 --work 2 --format json \
    --output "$dir/one.json" 2>"$dir/err" || fail "policybench: exit $?"
  check_json "$dir/r.json" "${rows_ok[@]}" \
    "(lambda fma, one: fma['flops_per_call'] == 2 * one['flops_per_call'] > 0)(
       *[next(row for row in rep['results'] if row['policy'] == 'host FMA chains')
         for rep in (r, json.load(open('$dir/one.json')))])" ;;
report_once) # rank 0 alone writes: one table on stdout; with --output nothing on stdout
  "${mpi[@]}" -np 2 "$exe" "${run[@]}" --size 1000 >"$dir/out" 2>"$dir/err" || fail "exit $?"
  [ "$(grep -c '^policybench .* in place' "$dir/out")" = 1 ] || fail "not one table: $(cat "$dir/out")"
  grep -q '^MPI job: 2 ranks on 1 node, weak scaling' "$dir/out" || fail "no job line"
  "${mpi[@]}" -np 2 "$exe" "${run[@]}" --size 1000 --format csv --output "$dir/r.csv" >"$dir/out" 2>"$dir/err" ||
    fail "exit $?"
  [ ! -s "$dir/out" ] && [ "$(wc -l <"$dir/r.csv")" = 9 ] || fail "csv: $(cat "$dir/r.csv")" ;; # 2 policies, 6 ceilings
bad_input_one_rank) # usage errors only rank 1 sees: exit 2, one line naming rank 1, before any allocation
  "${mpi[@]}" -np 1 "$exe" --size 1000 : -np 1 "$exe" --size 1000 --reps 0 2>"$dir/err"
  [ $? = 2 ] && grep -q '^policybench-mpi: rank 1: error: --reps: Value 0 not in range' "$dir/err" ||
    fail "not rank 1's usage error"
  "${mpi[@]}" -np 1 "$exe" --size 1000 : -np 1 "$exe" --size 1000 --reps 4 2>"$dir/err"
  [ $? = 2 ] && grep -q '^policybench-mpi: rank 1: error: its command line differs' "$dir/err" ||
    fail "no disagreement"
  # --help or --version on one rank alone: a disagreement too, not that rank leaving the others waiting
  "${mpi[@]}" -np 1 "$exe" --size 1000 : -np 1 "$exe" --help >"$dir/out" 2>"$dir/err"
  [ $? = 2 ] && grep -q '^policybench-mpi: rank 1: error: its command line differs' "$dir/err" ||
    fail "--help on rank 1 alone"
  "${mpi[@]}" -np 1 "$exe" --version : -np 1 "$exe" --size 1000 >"$dir/out" 2>"$dir/err"
  [ $? = 2 ] && grep -q '^policybench-mpi: rank 1: error: its command line differs' "$dir/err" ||
    fail "--version on rank 0 alone"
  "${mpi[@]}" -np 2 "$exe" --version >"$dir/out" 2>"$dir/err" && [ "$(grep -c '^policybench ' "$dir/out")" = 1 ] ||
    fail "--version on every rank: not one line" ;;
stopping) # a rank's own time, noise or budget would stop it after a different count: refused; the default is
  # default_reps calls on every rank, not the plain harness's noise-driven stopping
  "${mpi[@]}" -np 2 "$exe" --size 1000 --policies loop --max-noise 5 2>"$dir/err"
  [ $? = 2 ] && grep -q 'error: --max-noise, --min-time, --timeout, --budget: not in policybench-mpi' "$dir/err" ||
    fail "--max-noise not refused"
  "${mpi[@]}" -np 2 "$exe" --size 1000 --policies loop --budget 5 2>"$dir/err"
  [ $? = 2 ] && grep -q 'error: --max-noise, --min-time, --timeout, --budget: not in policybench-mpi' "$dir/err" ||
    fail "--budget not refused"
  "${mpi[@]}" -np 2 "$exe" --size 1000 --policies loop --format json --output "$dir/r.json" 2>"$dir/err" ||
    fail "exit $?"
  check_json "$dir/r.json" "${rows_ok[@]}" "all(row['reps'] == 10 for row in r['results'])" \
    "r['environment']['config']['max_noise_pct'] is None"
  # Its advice names only what it takes: 3 calls give a ceiling no interval, and more need a larger --reps.
  "${mpi[@]}" -np 2 "$exe" --size 1000 --policies loop --reps 3 >"$dir/out" 2>"$dir/err" || fail "exit $?"
  grep -q 'a larger --reps' "$dir/out" || fail "no --reps advice: $(cat "$dir/out")"
  ! grep -E -- '--(budget|max-noise|min-time|timeout|order|seed|sweep|repetitions)' "$dir/out" "$dir/err" ||
    fail "advice names an option policybench-mpi refuses" ;;
failing_rank) # rank 1 out of memory while rank 0 waits in a barrier; rank 0 unable to write its report
  "${mpi[@]}" -np 1 "$exe" --size 200M --policies loop --output "$dir/r.json" : \
    -np 1 bash -c 'ulimit -v 1200000; exec "$0" "$@"' "$exe" --size 200M --policies loop --output "$dir/r.json" \
    2>"$dir/err"
  status=$?
  [ $status != 0 ] && [ $status != 124 ] &&
    grep -q '^policybench-mpi: rank 1: error: .*out of .*memory' "$dir/err" || fail "exit $status, not rank 1's error"
  [ ! -e "$dir/r.json" ] || fail "a report was written"
  "${mpi[@]}" -np 1 bash -c 'exec "$0" "$@" >/dev/full' "$exe" --size 1000 --policies loop : \
    -np 1 "$exe" --size 1000 --policies loop 2>"$dir/err"
  [ $? = 1 ] && grep -q '^policybench-mpi: rank 0: error: cannot write the report to stdout' "$dir/err" ||
    fail "not rank 0's write error" ;;
order_seed) # each policy runs to its count before the next, not in rounds: an order, a seed or rounds are refused
  for given in --order=interleaved --order=sequential --seed=3 --repetitions=3; do
    "${mpi[@]}" -np 2 "$exe" --size 1000 --policies loop "$given" 2>"$dir/err"
    [ $? = 2 ] && grep -q 'error: --order, --seed, --repetitions: not in policybench-mpi' "$dir/err" ||
      fail "$given not refused"
  done
  "${mpi[@]}" -np 2 "$exe" --size 1000 --policies loop --seed 3 2>"$dir/err"
  [ $? = 2 ] && grep -q 'error: --order, --seed, --repetitions: not in' "$dir/err" || fail "--seed 3 not refused" ;;
terminated) # SIGTERM to mpirun mid-run: the job ends and no rank leaves a file beside --output
  mkdir "$dir/out" || exit 1
  "${mpi[@]}" -np 2 "$exe" --size 1M --reps 100000 --policies loop --output "$dir/out/r.json" 2>"$dir/err" &
  pid=$!
  sleep 4 # past MPI_Init and the output file's creation, well before 100000 calls end
  kill -TERM "$pid"
  wait "$pid"
  status=$?
  [ $status != 0 ] && [ $status != 124 ] || fail "exit $status after SIGTERM"
  [ -z "$(ls -A "$dir/out")" ] || fail "left behind: $(ls -A "$dir/out")" ;;
policy_fails_on_one_rank) # $exe is the test program whose policy throws on rank 1 alone
  "${mpi[@]}" -np 2 "$exe" 2>"$dir/err"
  status=$?
  [ $status != 0 ] && [ $status != 124 ] &&
    grep -q '^policybench-mpi: rank 1: error: fails_on_rank_1: planted failure$' "$dir/err" ||
    fail "exit $status, not rank 1's failure ending the job" ;;
slowest_rank) # $exe is the test program whose stream's figures differ by rank: the job's are the slowest's, summed
  "${mpi[@]}" -np 2 "$exe" 2>"$dir/err" || fail "exit $?: $(cat "$dir/err")" ;;
*) fail "unknown case" ;;
esac
