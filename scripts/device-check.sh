#!/usr/bin/env bash
# The GPU check in one command where one machine both builds and has the GPU: scripts/gpu-check/prepare.sh, then the
# bundle's run.sh. Where the GPU machine cannot build (the lent H200), run the two halves apart: see run.sh.
# Files go to $OUT (default build/gpu-check/out).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/gpu-check/prepare.sh build/gpu-check/bundle
OUT="${OUT:-build/gpu-check/out}" exec build/gpu-check/bundle/run.sh
