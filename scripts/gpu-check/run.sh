#!/usr/bin/env bash
# The GPU check on a lent H200, from this bundle folder alone (no build, no network, no packages): plan.tsv's steps
# (prepare.sh wrote it from plan.py's timing model) in order of value, each under its limit, all within the plan's
# budget. A step whose tool is missing says "not run: reason" and the rest run; long steps write per row, so a step
# cut by its limit keeps what it measured. At most 8 files into $OUT (default ./out; the device tool sends back 8):
# summary.txt, run.log, device_checks.log (the device tests, memcheck and racecheck), h200.json, gpu_1e8.jsonl,
# gpu_1e9.jsonl, work_sweep.json (the roofline and the offload crossover), seed.jsonl (one JSON report a line).
# Usage: [OUT=dir] [PYTHON=python3] [CUDA_BIN=dir] ./run.sh. Exit 0 only if every step passed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
python=${PYTHON:-/opt/torch/.venv/bin/python3}
bin=$here/bin
mkdir -p "$out" 2>/dev/null && [[ -w $out ]] || { echo "gpu check: cannot write \$OUT ($out)"; exit 1; }
summary=$out/summary.txt
rm -f "$out"/*.jsonl "$out"/*.log "$out"/h200.json "$out"/work_sweep.json
: >"$summary"
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT # a row's report before it joins its .jsonl; never sent back

# The plan: a budget line, then one line per step: name, expected seconds, limit seconds, arguments.
declare -A limit args
budget=0
while IFS=$'\t' read -r name expected seconds arguments; do
  if [[ $name == budget ]]; then budget=$expected; else limit[$name]=$seconds args[$name]=$arguments; fi
done <"$here/plan.tsv"
deadline=$((SECONDS + budget - 15)) # 15 s for the last step's kill and this summary

# The bundle's libraries reach only its own executables, through this prefix, never this script's environment:
# Python and compute-sanitizer keep the machine's. The bundled libstdc++ (lib/compat) needs the build machine's
# glibc; an older glibc may still run the machine's own libstdc++.
libs=$here/lib:$here/lib/compat
LD_LIBRARY_PATH=$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} ldd "$bin/policybench" 2>&1 | grep "not found" >/dev/null &&
  libs=$here/lib
bundled=(sh -c 'LD_LIBRARY_PATH="$0${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$@"' "$libs")
cuda_bin=${CUDA_BIN:-/usr/local/cuda/bin}
[[ -d $cuda_bin ]] && PATH=$PATH:$cuda_bin

# What each kind of step needs, as the reason it cannot run ("" when it can).
missing_bin="" driver="" sanitizer="" py=""
for exe in policybench policybench_device_tests; do
  if [[ ! -x $bin/$exe ]]; then missing_bin="$bin/$exe (not a prepared bundle)"
  elif "${bundled[@]}" ldd "$bin/$exe" 2>&1 | grep "not found" >/dev/null; then
    missing_bin="libraries of $exe: $("${bundled[@]}" ldd "$bin/$exe" 2>&1 | grep 'not found' | xargs)"
  fi
done
# grep reads to the end (no -q): under pipefail, a writer cut short by SIGPIPE would fail the check.
ldconfig -p 2>/dev/null | grep 'libcuda\.so\.1 ' >/dev/null ||
  driver="CUDA driver (libcuda.so.1 not in the loader's cache)"
# The device rows, from the registry as --list-policies prints it (columns two or more spaces apart; a name holds
# single spaces at most): policy, device, backend, status. Every device row shares the device's status.
device_policies=()
if [[ -z $missing_bin$driver ]]; then
  list=$(timeout 60 "${bundled[@]}" "$bin/policybench" --list-policies 2>&1)
  mapfile -t device_policies < <(awk -F '  +' 'NR > 1 && $2 == "device" {print $1}' <<<"$list")
  device_status=$(awk -F '  +' 'NR > 1 && $2 == "device" {print $4; exit}' <<<"$list")
  device_status=${device_status:-unavailable: no device row in policybench --list-policies}
  [[ $device_status == available ]] || driver="a usable CUDA device: ${device_status#unavailable: }"
fi
device=${missing_bin:-$driver}
command -v compute-sanitizer >/dev/null || sanitizer="compute-sanitizer (not on PATH nor in $cuda_bin)"
if [[ ! -x $python ]]; then py="Python at $python (set PYTHON=...)"
elif ! timeout 60 "$python" -c "import numpy" 2>/dev/null; then py="NumPy for $python"
fi

failed=0
# record NAME VERDICT SECONDS: one summary line per step as soon as it ends, so a killed run still says how far.
record() {
  printf '%-14s %-60s %s\n' "$1" "$2" "$3" >>"$summary"
  echo "=== $1: $2 ($3 s)"
  [[ $2 == ok ]] || failed=$((failed + 1))
}
# step NAME LOG MISSING COMMAND...: COMMAND under the step's limit, cut to what is left before the deadline, its
# output appended to $out/LOG; "not run: MISSING" when MISSING is not empty.
step() {
  local name=$1 log=$out/$2 missing=$3 start=$SECONDS seconds=${limit[$1]:-0} status verdict
  shift 3
  [[ -n $missing ]] && { record "$name" "not run: $missing" 0; return; }
  ((seconds > deadline - SECONDS)) && seconds=$((deadline - SECONDS))
  ((seconds >= 1)) || { record "$name" "not run: no time left in the ${budget} s budget" 0; return; }
  echo "=== $name (limit ${seconds} s): $*" >>"$log"
  timeout --kill-after=5 "$seconds" "$@" >>"$log" 2>&1
  status=$?
  case $status in
  0) verdict=ok ;;
  124 | 137) verdict="FAILED (over its ${seconds} s limit; what it wrote is kept)" ;;
  77) verdict="FAILED (skipped: no device)" ;;
  *) verdict="FAILED (exit $status)" ;;
  esac
  record "$name" "$verdict" $((SECONDS - start))
}
# per_row JSONL COMMAND... -- ROW...: COMMAND --policies ROW --output TMP for each ROW, each report appended to JSONL
# as one line when its process ends: a limit that cuts the step keeps every finished row. Exit 1 if a row failed.
per_row() {
  local jsonl=$1 tmp=$scratch/row.json status=0 row rc command=()
  shift
  while [[ $1 != -- ]]; do command+=("$1") && shift; done
  shift
  for row; do
    rm -f "$tmp"
    "${command[@]}" --policies "$row" --format json --output "$tmp"
    rc=$?
    ((rc == 0)) || status=1
    # A report of failed rows (exit 1) is kept; a process killed by a signal may have left half a file.
    ((rc < 128)) && [[ -s $tmp ]] && { tr -d '\n' <"$tmp" && echo; } >>"$jsonl"
  done
  return $status
}
export -f per_row
export scratch

{ timeout 10 nvidia-smi || echo "nvidia-smi: not run"; } >"$summary" 2>&1
printf '\n%-14s %-60s %s\n' step result seconds >>"$summary"
seed_policies=("numba @jit(target_backend='cuda')" "numba @cuda.jit" "cupy a += 1")
unheld=(POLICYBENCH_TEST_NO_STREAM_HOLD=1) # a held stream would spin to its timeout under a sanitizer

step device_tests device_checks.log "$device" "${bundled[@]}" "$bin/policybench_device_tests"
step memcheck device_checks.log "${device:-$sanitizer}" compute-sanitizer --tool memcheck --leak-check full \
  --error-exitcode 1 --target-processes all env "${unheld[@]}" POLICYBENCH_TEST_MAX_SIZE="${args[memcheck]:-}" \
  "${bundled[@]}" "$bin/policybench_device_tests"
step racecheck device_checks.log "${device:-$sanitizer}" compute-sanitizer --tool racecheck --error-exitcode 1 \
  --target-processes all env "${unheld[@]}" POLICYBENCH_TEST_MAX_SIZE="${args[racecheck]:-}" \
  "${bundled[@]}" "$bin/policybench_device_tests"
read -ra default_args <<<"${args[default]:-}"
step default run.log "$missing_bin" "${bundled[@]}" "$bin/policybench" "${default_args[@]}" --format json \
  --output "$out/h200.json"
for size in 1e8 1e9; do
  read -ra size_args <<<"${args[gpu_$size]:-}"
  step "gpu_$size" run.log "$device" bash -c 'per_row "$@"' per_row "$out/gpu_$size.jsonl" "${bundled[@]}" \
    "$bin/policybench" "${size_args[@]}" --order sequential --quiet -- "${device_policies[@]}"
done
# The work sweep: every device row beside the host's std::par_unseq (the offload crossover needs a host row).
read -ra work_args <<<"${args[work_sweep]:-}"
work_policies=$(IFS=, && echo "std::par_unseq,${device_policies[*]}")
step work_sweep run.log "$device" "${bundled[@]}" "$bin/policybench" "${work_args[@]}" --policies "$work_policies" \
  --quiet --format json --output "$out/work_sweep.json"
read -ra seed_args <<<"${args[seed]:-}"
step seed run.log "$py" bash -c 'per_row "$@"' per_row "$out/seed.jsonl" "$python" "$here/scripts/seed_compare.py" \
  "${seed_args[@]}" -- "${seed_policies[@]}"
# The ratios and a table of every row, from the reports (the default run is measured once, as JSON): any Python 3.
ratios_python=$python
[[ -x $python ]] || ratios_python=$(command -v python3)
step ratios summary.txt "$([[ -n $ratios_python ]] || echo "no Python 3")" "$ratios_python" \
  "$here/scripts/gpu_ratios.py" "$out/h200.json" "$out/gpu_1e8.jsonl" "$out/gpu_1e9.jsonl" "$out/seed.jsonl"

((failed)) && echo "gpu check FAILED: $failed steps" | tee -a "$summary" || echo "gpu check passed" | tee -a "$summary"
((failed == 0))
