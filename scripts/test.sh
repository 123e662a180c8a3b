#!/usr/bin/env bash
# Quick start 2: install what is missing, build and run every test. Optional argument: a CMake preset
# (default: "default", which builds the GPU policies when nvcc is found; "cpu" for host only).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
preset="${1:-default}"
scripts/install-deps.sh
cmake --preset "$preset"
cmake --build --preset "$preset"
ctest --preset "$preset"
