#!/usr/bin/env bash
# The GPU check for a lent machine (one H200): build with warnings as errors for sm_90, run every test including
# the gpu label, the default comparison and its JSON, then memcheck and racecheck on the device tests at small
# sizes, and the benchmark ratios (scripts/bench.sh). Logs and h200.json go to $OUT (default build/device-check).
# Meant to finish in a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/device-check
out="${OUT:-$build}"
mkdir -p "$out"
failed=()

# Runs one step, its output also in $out/<name>.log; a failure is recorded, the later steps still run.
step() {
  local name=$1
  shift
  echo "=== $name: $*"
  local start=$SECONDS
  if "$@" 2>&1 | tee "$out/$name.log"; then
    echo "=== $name: ok ($((SECONDS - start)) s)"
  else
    echo "=== $name: FAILED ($((SECONDS - start)) s)"
    failed+=("$name")
  fi
}

# The toolkit may be installed without being on PATH (CMake looks for nvcc there).
if [[ -d /usr/local/cuda/bin ]]; then export PATH="$PATH:/usr/local/cuda/bin"; fi
nvidia-smi || echo "nvidia-smi failed: no driver?"
# A lent machine may have no network: then build with what is installed.
bash scripts/install-deps.sh || echo "install-deps.sh failed (no network?): building with what is installed"

generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DPOLICYBENCH_WARNINGS_AS_ERRORS=ON 2>&1 | tee "$out/configure.log"
grep -q "GPU policies ON" "$out/configure.log" || { echo "nvcc not found: no GPU policies in this build"; exit 1; }
cmake --build "$build" -j "$(nproc)" 2>&1 | tee "$out/build.log"

step ctest ctest --test-dir "$build" --output-on-failure
# ctest counts a skipped test as passing: on this machine the GPU suite must really run.
if grep -q "device_policies .*Skipped" "$out/ctest.log"; then
  echo "device_policies was skipped on a GPU machine"
  failed+=(gpu-skipped)
fi
step table "$build/src/policybench"
step json "$build/src/policybench" --format json --output "$out/h200.json"
# The performance goals of the README's "Benchmarks" section, GPU ratios included.
step bench scripts/bench.sh "$build"

# Small sizes only (POLICYBENCH_TEST_MAX_SIZE, read by tests/test_sizes.hpp; default 1000003, enough for many
# thread blocks): both tools slow kernels down by orders of magnitude.
sanitizer_size=${POLICYBENCH_SANITIZER_MAX_SIZE:-1000003}
if command -v compute-sanitizer >/dev/null; then
  step memcheck env POLICYBENCH_TEST_MAX_SIZE="$sanitizer_size" compute-sanitizer --tool memcheck \
    --leak-check full --error-exitcode 1 "$build/tests/policybench_device_tests"
  step racecheck env POLICYBENCH_TEST_MAX_SIZE="$sanitizer_size" compute-sanitizer --tool racecheck \
    --error-exitcode 1 "$build/tests/policybench_device_tests"
else
  echo "compute-sanitizer not on PATH: memcheck and racecheck skipped"
fi

if ((${#failed[@]})); then
  echo "device check FAILED: ${failed[*]}"
  exit 1
fi
echo "device check passed"
