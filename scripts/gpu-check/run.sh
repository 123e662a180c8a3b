#!/usr/bin/env bash
# The GPU check on a lent H200, from this bundle folder alone (no build, no network, no packages): device tests,
# the default comparison, GPU ratios at 10^8 and 10^9, the seed's GPU rows, memcheck and racecheck. Under 6 min;
# 8 files into $OUT (default ./out). Usage: [OUT=dir] [PYTHON=python3] ./run.sh. Exit 0 only if every step passed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
python=${PYTHON:-/opt/torch/.venv/bin/python3}
system_path=${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH="$here/lib:$here/lib/compat$system_path"
# The bundled libstdc++ needs the build machine's glibc; an older glibc may still run the machine's own libstdc++.
ldd "$here/bin/policybench" 2>&1 | grep -q "not found" && export LD_LIBRARY_PATH="$here/lib$system_path"
[[ -d /usr/local/cuda/bin ]] && export PATH="$PATH:/usr/local/cuda/bin"
bin=$here/bin
gpu_policies="thrust::device,thrust::cuda::par_nosync,thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments"
gpu_policies+=",cub::DeviceTransform,cuda::kernel,cuda::kernel_grid_stride"

# Every capability first, one line per missing one: a missing tool is a failure, never a skipped step.
missing=0
lack() { echo "missing: $*"; missing=$((missing + 1)); }
for exe in policybench policybench_device_tests; do
  if [[ ! -x $bin/$exe ]]; then lack "$bin/$exe (not a prepared bundle)"
  elif ldd "$bin/$exe" | grep -q "not found"; then
    lack "libraries of $exe: $(ldd "$bin/$exe" | grep 'not found' | xargs)"
  fi
done
ldconfig -p | grep -q 'libcuda\.so\.1 ' || lack "CUDA driver (libcuda.so.1 not in the loader's cache)"
ldconfig -p | grep -q 'libnvidia-ml\.so\.1 ' || lack "NVML (libnvidia-ml.so.1, for SM and memory clocks)"
if [[ -x $bin/policybench ]]; then
  line=$("$bin/policybench" --list-policies 2>&1 | grep '^cub::DeviceTransform ')
  [[ $line == *" available" ]] || lack "a usable CUDA device: ${line##*unavailable: }"
fi
command -v compute-sanitizer >/dev/null || lack "compute-sanitizer (not on PATH nor in /usr/local/cuda/bin)"
command -v timeout >/dev/null || lack "timeout (coreutils)"
if [[ ! -x $python ]]; then lack "Python at $python (set PYTHON=...)"
else
  for module in numpy numba numba.cuda cupy; do
    "$python" -c "import $module" 2>/dev/null || lack "Python module $module for $python"
  done
fi
mkdir -p "$out" 2>/dev/null && [[ -w $out ]] || lack "a writable \$OUT ($out)"
if ((missing)); then
  echo "gpu check: $missing capabilities missing; nothing was run"
  exit 1
fi

deadline=$((SECONDS + 330)) # every step's limit is cut to what is left of 5.5 minutes
results=()
# step NAME LOG LIMIT_S COMMAND...: runs COMMAND under a time limit, appending its output to $out/LOG.
step() {
  local name=$1 log=$out/$2 limit=$3 start=$SECONDS status
  shift 3
  ((limit > deadline - SECONDS)) && limit=$((deadline - SECONDS))
  if ((limit <= 0)); then results+=("$name|FAILED (no time left)|0"); return; fi
  echo "=== $name: $*" | tee -a "$log"
  timeout --kill-after=10 "$limit" "$@" >>"$log" 2>&1
  status=$?
  local verdict=ok
  ((status == 124 || status == 137)) && verdict="FAILED (over ${limit} s)"
  ((status == 77)) && verdict="FAILED (skipped: no device?)"
  ((status != 0 && status != 124 && status != 137 && status != 77)) && verdict="FAILED (exit $status)"
  results+=("$name|$verdict|$((SECONDS - start))")
  echo "=== $name: $verdict ($((SECONDS - start)) s)"
}

nvidia-smi >"$out/summary.txt" 2>&1
step device_tests device_tests.log 120 "$bin/policybench_device_tests"
# The default run's stopping (median within +-2%), each row held to 3 s instead of 10 to fit the device time.
step table table.txt 60 "$bin/policybench" --max-noise 2 --timeout 3
step json table.txt 60 "$bin/policybench" --max-noise 2 --timeout 3 --format json --output "$out/h200.json"
step gpu_1e8 table.txt 60 "$bin/policybench" --size 100M --warmup 2 --reps 10 --policies "$gpu_policies" \
  --format json --output "$out/gpu_1e8.json"
# 10^9 float64: 8 GB; few reps, since each end-to-end call moves 16 GB through PCIe.
step gpu_1e9 table.txt 120 "$bin/policybench" --size 1G --warmup 1 --reps 3 --policies "$gpu_policies" \
  --format json --output "$out/gpu_1e9.json"
step seed seed_gpu.txt 90 "$python" "$here/scripts/seed_compare.py" --size 10M --loop-reps 1
# Small sizes (tests/test_sizes.hpp reads POLICYBENCH_TEST_MAX_SIZE): both tools slow kernels by orders of magnitude.
step memcheck sanitizers.log 90 env POLICYBENCH_TEST_MAX_SIZE=100003 compute-sanitizer --tool memcheck \
  --leak-check full --error-exitcode 1 "$bin/policybench_device_tests"
step racecheck sanitizers.log 90 env POLICYBENCH_TEST_MAX_SIZE=10007 compute-sanitizer --tool racecheck \
  --error-exitcode 1 "$bin/policybench_device_tests"
step ratios summary.txt 30 "$python" "$here/scripts/gpu_ratios.py" "$out/h200.json" "$out/gpu_1e8.json" \
  "$out/gpu_1e9.json"

failed=0
{
  printf '\n%-14s %-32s %s\n' step result seconds
  for r in "${results[@]}"; do
    IFS='|' read -r name verdict seconds <<<"$r"
    printf '%-14s %-32s %s\n' "$name" "$verdict" "$seconds"
    [[ $verdict == ok ]] || failed=$((failed + 1))
  done
  ((failed)) && echo "gpu check FAILED: $failed steps" || echo "gpu check passed"
} | tee -a "$out/summary.txt"
grep -q "gpu check passed" "$out/summary.txt"
