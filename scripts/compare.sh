#!/usr/bin/env bash
# Quick start 1: install what is missing, build what the comparison needs (the policybench executable and the
# libraries it links; scripts/test.sh builds the rest: tests, bench, MPI), run the default comparison: 10,000,000
# float64 incremented in place under every execution policy. The GPU policies are built when a GPU is there to run
# them (nvidia-smi lists one): preset "default" (build/default); otherwise the host-only preset "cpu" (build/cpu),
# whose GPU rows say unavailable. POLICYBENCH_PRESET=default (or any preset) chooses instead. Extra arguments go to
# policybench and are read from the directory you run this in (e.g. --output report.json).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$PATH:/usr/local/cuda/bin"
"$root/scripts/install-deps.sh"
gpus=$(nvidia-smi -L 2>/dev/null || true) # "GPU 0: NVIDIA H200 (UUID: ...)", one line each
preset=${POLICYBENCH_PRESET:-$([[ $gpus == GPU* ]] && echo default || echo cpu)}
cd "$root" # CMake finds its presets in the source directory; policybench itself runs where it was called from.
cmake --preset "$preset" >/dev/null
echo "compare: building policybench (preset $preset: build/$preset; the first build takes minutes)" >&2
cmake --build --preset "$preset" --target policybench >&2
cd "$OLDPWD"
exec "$root/build/$preset/src/policybench" "$@"
