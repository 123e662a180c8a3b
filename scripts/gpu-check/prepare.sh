#!/usr/bin/env bash
# Builds the GPU check here (no GPU needed) into one self-contained folder for a lent H200 machine: sm_90 code with
# -lineinfo and warnings as errors, checked with cuobjdump, host code for x86-64-v3 (AVX2 + FMA: the lent machine is
# a current server, not this one, so no -march=native); the executables, the shared libraries they need (not the
# driver's), the scripts, run.sh and its plan. Prints the two device calls' plans (every step, then a re-run of the
# two longest) and refuses a bundle whose two tries do not fit the session's device time.
# Usage: scripts/gpu-check/prepare.sh [BUNDLE_DIR] (default build/gpu-check/bundle).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=build/gpu-check
bundle=${1:-$build/bundle}
mkdir -p "$build"

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DPOLICYBENCH_WARNINGS_AS_ERRORS=ON -DPOLICYBENCH_CUDA_LINEINFO=ON -DPOLICYBENCH_HOST_ISA=x86-64-v3 |
  tee "$build.configure.log"
grep -q "GPU policies ON" "$build.configure.log" || { echo "prepare: nvcc not found: no GPU policies"; exit 1; }
cmake --build "$build" --target policybench policybench_device_tests

# The plans (plan_model.py states the timing model) for the rows this build lists: the registry's, counted from
# --list-policies --format json.
rows=$("$build/src/policybench" --list-policies --format json | python3 -c '
import json, sys
devices = [p["device"] for p in json.load(sys.stdin)]
print(devices.count("device"), devices.count("host"))')
echo "plans for ${rows% *} device and ${rows#* } host rows: step, expected s, limit s, arguments"
# shellcheck disable=SC2086 # two counts
python3 scripts/gpu-check/plan.py $rows >"$build/plan.tsv"
# shellcheck disable=SC2086
python3 scripts/gpu-check/plan.py $rows --two-tries || { echo "prepare: the two tries exceed the device time"; exit 1; }

# Real sm_90 code in every GPU target (a PTX-only build would JIT at first launch and time the compiler).
# cuobjdump is not in every toolkit: PyPI's nvidia-cuda-cuobjdump wheel has it.
if [[ ! -x build/venv/bin/python3 ]]; then python3 -m venv build/venv; fi
cuobjdump=$(find build/venv -name cuobjdump -type f | head -n 1)
if [[ -z $cuobjdump ]]; then
  build/venv/bin/pip install -q nvidia-cuda-cuobjdump
  cuobjdump=$(find build/venv -name cuobjdump -type f | head -n 1)
fi
for target in "$build/src/policybench" "$build/tests/policybench_device_tests" "$build"/src/libpolicybench_*_cuda.a; do
  elves=$("$cuobjdump" --list-elf "$target")
  echo "$target: $(grep -c 'sm_90' <<<"$elves") sm_90 ELF images"
  if grep -v 'sm_90' <<<"$elves" | grep 'ELF file' >/dev/null; then # no -q: SIGPIPE under pipefail
    echo "prepare: $target has code for another GPU"
    exit 1
  fi
  grep -q 'sm_90' <<<"$elves" || { echo "prepare: no sm_90 ELF in $target"; exit 1; }
done

rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib/compat" "$bundle/scripts"
cp "$build/src/policybench" "$build/tests/policybench_device_tests" "$bundle/bin/"
# What ldd resolves, less glibc's own libraries and the driver's (the H200 machine has its own).
skip='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libcuda|libnvidia)[.-]'
for exe in "$bundle"/bin/*; do
  ldd "$exe" | awk '$3 ~ /^\// {print $1, $3}' | while read -r name path; do
    # libstdc++/libgcc_s in compat/: run.sh uses them only when the machine's own are too old.
    if [[ $name =~ ^(libstdc\+\+|libgcc_s)\. ]]; then cp -L "$path" "$bundle/lib/compat/$name"
    elif ! [[ $name =~ $skip ]]; then cp -L "$path" "$bundle/lib/$name"; fi
  done
done
cp scripts/gpu-check/{run,machine,per_row}.sh "$build/plan.tsv" "$bundle/"
cp scripts/gpu-check/gpu_ratios.py "$bundle/scripts/"
# seed_compare.py and every module it imports
cp scripts/seed_*.py scripts/{side_by_side,report_schema,report_file}.py "$bundle/scripts/"

size=$(du -sm "$bundle" | cut -f1)
echo "bundle: $bundle, ${size} MiB: $(find "$bundle/bin" "$bundle/lib" -type f -printf '%f ')"
glibc=$(objdump -T "$bundle"/bin/* "$bundle"/lib/*.so* | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1)
compat=$(objdump -T "$bundle"/lib/compat/* | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1)
echo "needs glibc >= ${glibc#GLIBC_} on the GPU machine (>= ${compat#GLIBC_} to use lib/compat's libstdc++)"
((size < 64)) || { echo "prepare: the bundle is ${size} MiB, over 64"; exit 1; }
