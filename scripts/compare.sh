#!/usr/bin/env bash
# Quick start 1: install what is missing, build (GPU policies when nvcc is found), run the default comparison:
# 10,000,000 float64 incremented in place under every execution policy. Extra arguments go to policybench.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
scripts/install-deps.sh
cmake --preset default >/dev/null
echo "compare: building (the first build takes minutes; nvcc compiles the GPU policies)" >&2
cmake --build --preset default >&2
exec build/default/src/policybench "$@"
