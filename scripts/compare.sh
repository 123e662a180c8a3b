#!/usr/bin/env bash
# Quick start 1: install what is missing, build (GPU policies when nvcc is found), run the default comparison:
# 10,000,000 float64 incremented in place under every execution policy. Extra arguments go to policybench and
# are read from the directory you run this in (e.g. --compare-with seed.json, --output report.json).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$PATH:/usr/local/cuda/bin"
"$root/scripts/install-deps.sh"
cd "$root" # CMake finds its presets in the source directory; policybench itself runs where it was called from.
cmake --preset default >/dev/null
echo "compare: building (the first build takes minutes; nvcc compiles the GPU policies)" >&2
cmake --build --preset default >&2
cd "$OLDPWD"
exec "$root/build/default/src/policybench" "$@"
