#!/usr/bin/env bash
# The GPU check on a lent H200, from this bundle folder alone (no build, no network, no packages): plan.tsv's steps
# (plan.py) in order of value, each under its limit, within their budget; a step whose tool is missing says "not run:
# reason". Each policybench or Python step runs a process per row (or sweep point), its report joining a .jsonl as it
# ends: a step cut by its limit keeps what it measured ("cut at N of M"). At most 8 files into $OUT (default ./out):
# summary.txt, run.log, device_checks.log (device tests and sanitizers), h200.jsonl (the comparison at 10^7),
# gpu_1e8.jsonl, gpu_1e9.jsonl, work_sweep.jsonl (a K a line: roofline, offload crossover), seed.jsonl.
# Usage: [OUT=dir] [PYTHON=python3] [CUDA_BIN=dir] ./run.sh [STEP...] (default: all). A second try: the first run's
# files in previous/ beside this script, the steps to run again named; $OUT then holds both runs merged, the named
# steps' files replaced. Exit 0 only if every step run passed; 2 for an unknown step.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
python=${PYTHON:-/opt/torch/.venv/bin/python3}
bin=$here/bin previous=$here/previous

# The plan: a budget line, the work sweep's K points, then one line per step: name, expected s, limit s, arguments.
declare -A limit args file=([default]=h200.jsonl [gpu_1e8]=gpu_1e8.jsonl [gpu_1e9]=gpu_1e9.jsonl
  [work_sweep]=work_sweep.jsonl [seed]=seed.jsonl)
order=() budget=0 work_points=""
while IFS=$'\t' read -r name expected seconds arguments; do
  case $name in
  budget) budget=$expected ;;
  work_points) work_points=$expected ;;
  *) order+=("$name") limit[$name]=$seconds args[$name]=$arguments ;;
  esac
done <"$here/plan.tsv"
(($#)) || set -- "${order[@]}"
declare -A chosen # the steps to run; plan.py's MARGIN_S (15 s) is for the last step's kill and the summary
for name; do
  [[ -n ${limit[$name]:-} ]] || { echo "run.sh: unknown step '$name'; steps: ${order[*]}" >&2; exit 2; }
  chosen[$name]=1
done
sum=15
for name in "${!chosen[@]}"; do sum=$((sum + limit[$name])); done
((sum < budget)) && budget=$sum
deadline=$((SECONDS + budget - 15))
mkdir -p "$out" 2>/dev/null && [[ -w $out ]] || { echo "gpu check: cannot write \$OUT ($out)"; exit 1; }
summary=$out/summary.txt
rm -f "$out"/*.jsonl "$out"/*.log "$summary"
[[ -d $previous ]] && cp "$previous"/* "$out"/ 2>/dev/null && mv "$out/summary.txt" "$out/previous_summary"
for name in "${!chosen[@]}"; do rm -f "$out/${file[$name]:-none}"; done
trap 'rm -f "$out/previous_summary" "$out"/*.row' EXIT
# What this machine has: $bundled (the prefix that gives the bundle's executables its libraries), the registry's rows
# and the reason each kind of step cannot run ("" when it can).
# shellcheck source=machine.sh
source "$here/machine.sh"
failed=0 kept=0
# record NAME VERDICT SECONDS: one summary line per step as soon as it ends, so a killed run still says how far.
record() {
  printf '%-14s %-60s %s\n' "$1" "$2" "$3" >>"$summary"
  echo "=== $1: $2 ($3 s)"
  [[ $2 == ok ]] || failed=$((failed + 1))
}
# step NAME LOG MISSING COMMAND...: COMMAND under the step's limit, cut to what is left before the deadline, its
# output appended to $out/LOG; "not run: MISSING" when MISSING is not empty. A step not asked for keeps the first
# run's line. A per-row step (rows_of) says how many of its $items rows it wrote.
step() {
  local name=$1 log=$out/$2 missing=$3 start=$SECONDS seconds=${limit[$1]:-0} status rows="" line verdict
  shift 3
  if [[ -z ${chosen[$name]:-} ]]; then
    line=$(grep -m 1 "^$name " "$out/previous_summary" 2>/dev/null) && kept=$((kept + 1)) &&
      echo "$line (first run)" >>"$summary" || printf '%-14s %-60s 0\n' "$name" "not run: not asked for" >>"$summary"
    return
  fi
  [[ -n $missing ]] && { record "$name" "not run: $missing" 0; return; }
  ((seconds > deadline - SECONDS)) && seconds=$((deadline - SECONDS))
  ((seconds >= 1)) || { record "$name" "not run: no time left in the ${budget} s budget" 0; return; }
  echo "=== $name (limit ${seconds} s): $*" >>"$log"
  timeout --kill-after=5 "$seconds" "$@" >>"$log" 2>&1
  status=$?
  [[ -n ${file[$name]:-} ]] && rows="$(wc -l 2>/dev/null <"$out/${file[$name]}" || echo 0) of $items rows"
  case $status in
  0) verdict=ok ;;
  124 | 137) verdict="FAILED (over its ${seconds} s limit${rows:+, cut at $rows}; what it wrote is kept)" ;;
  77) verdict="FAILED (skipped: no device)" ;;
  *) verdict="FAILED (exit $status${rows:+, $rows written})" ;;
  esac
  record "$name" "$verdict" $((SECONDS - start))
}
# rows_of STEP MISSING COMMAND... -- ITEM...: the step STEP as per_row.sh into its file, $items the ITEMs.
rows_of() {
  local name=$1 missing=$2 x
  shift 2
  items=-1 && for x; do if ((items >= 0)); then items=$((items + 1)); elif [[ $x == -- ]]; then items=0; fi; done
  step "$name" run.log "$missing" "$here/per_row.sh" "$out/${file[$name]}" "$@"
}

{ timeout 10 nvidia-smi || echo "nvidia-smi: not run"; } >"$summary" 2>&1
printf '\n%-14s %-60s %s\n' step result seconds >>"$summary"
policy_items=() && for p in "${device_policies[@]}"; do policy_items+=("--policies"$'\t'"$p"); done
unheld=(POLICYBENCH_TEST_NO_STREAM_HOLD=1) # a held stream would spin to its timeout under a sanitizer
step device_tests device_checks.log "$device" "${bundled[@]}" "$bin/policybench_device_tests"
for tool in memcheck racecheck; do
  read -ra a <<<"${args[$tool]:-}" # the largest size, then doctest's options
  options=(--tool "$tool" --error-exitcode 1 --target-processes all) && [[ $tool == memcheck ]] &&
    options+=(--leak-check full)
  step "$tool" device_checks.log "${device:-$sanitizer}" compute-sanitizer "${options[@]}" env "${unheld[@]}" \
    POLICYBENCH_TEST_MAX_SIZE="${a[0]:-}" "${bundled[@]}" "$bin/policybench_device_tests" "${a[@]:1}"
done
read -ra a <<<"${args[default]:-}"
default_items=("--policies"$'\t'"$host_policies") && [[ -z $device ]] && default_items+=("${policy_items[@]}")
rows_of default "$missing_bin" "${bundled[@]}" "$bin/policybench" "${a[@]}" --quiet -- "${default_items[@]}"
for size in 1e8 1e9; do
  read -ra a <<<"${args[gpu_$size]:-}"
  rows_of "gpu_$size" "$device" "${bundled[@]}" "$bin/policybench" "${a[@]}" --order sequential --quiet -- \
    "${policy_items[@]}"
done
# The work sweep, a point a process: every device row beside the host's std::par_unseq (the offload crossover).
read -ra a <<<"${args[work_sweep]:-}"
points=() && for k in $work_points; do points+=("--min-work"$'\t'"$k"$'\t'"--max-work"$'\t'"$k"); done
rows_of work_sweep "$device" "${bundled[@]}" "$bin/policybench" "${a[@]}" --policies \
  "$(IFS=, && echo "std::par_unseq,${device_policies[*]}")" --quiet -- "${points[@]}"
# The seed's rows; a GPU row unavailable on a machine whose device policybench can use fails the step.
read -ra a <<<"${args[seed]:-}"
[[ -z $device ]] && a+=(--require-gpu)
seed=() && for p in "numba @jit(target_backend='cuda')" "numba @cuda.jit" "cupy a += 1"; do
  seed+=(--policies$'\t'"$p")
done
rows_of seed "$py" "$python" "$here/scripts/seed_compare.py" "${a[@]}" -- "${seed[@]}"
# The ratios and a table of every row, from the reports: any Python 3.
ratios_python=$python
[[ -x $python ]] || ratios_python=$(command -v python3)
step ratios summary.txt "$([[ -n $ratios_python ]] || echo "no Python 3")" "$ratios_python" \
  "$here/scripts/gpu_ratios.py" "$out/h200.jsonl" "$out/gpu_1e8.jsonl" "$out/gpu_1e9.jsonl" "$out/work_sweep.jsonl" \
  "$out/seed.jsonl"
verdict="gpu check passed" && ((failed)) && verdict="gpu check FAILED: $failed steps"
echo "$verdict$( ((kept)) && echo " ($kept steps' lines kept from the first run)")" | tee -a "$summary"
((failed == 0))
