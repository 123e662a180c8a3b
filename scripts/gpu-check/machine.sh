# shellcheck shell=bash disable=SC2034,SC2154 # run.sh sets what it reads and reads what it sets
# Sourced by run.sh (the GPU check), with $here and $bin set: what this machine has for each kind of step. Sets
# bundled (a command prefix), device_policies, host_policies (comma-separated), and the reasons a kind of step cannot
# run, "" when it can: missing_bin, device (no usable CUDA device, in the runtime's words), sanitizer, py.
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
# The rows, from the registry as policybench --list-policies --format json gives them, one line each here: policy,
# device, status ("available" or the reason). The device's status is the CUDA runtime's own answer, the driver found
# as it finds it (the loader's cache or LD_LIBRARY_PATH).
device_policies=() host_policies=""
if [[ -z $missing_bin ]]; then
  errors=$(mktemp)
  list=$(timeout 60 "${bundled[@]}" "$bin/policybench" --list-policies --format json 2>"$errors")
  rows=$(python3 -c '
import json, sys
for p in json.load(sys.stdin):
    print(p["name"], p["device"], "available" if p["available"] else " ".join(p["reason"].split()), sep="\t")
' <<<"$list" 2>/dev/null) || rows="" device_status="no list from policybench --list-policies: $(head -n 1 "$errors")"
  rm -f "$errors"
  mapfile -t device_policies < <(awk -F '\t' '$2 == "device" {print $1}' <<<"$rows")
  host_policies=$(awk -F '\t' '$2 == "host" {printf "%s%s", n++ ? "," : "", $1}' <<<"$rows")
  [[ -z $rows ]] || device_status=$(awk -F '\t' '$2 == "device" {print $3; exit}' <<<"$rows")
  device_status=${device_status:-no device row in policybench --list-policies}
  [[ $device_status == available ]] || driver="a usable CUDA device: $device_status"
fi
device=${missing_bin:-$driver}
command -v compute-sanitizer >/dev/null || sanitizer="compute-sanitizer (not on PATH nor in $cuda_bin)"
if [[ ! -x $python ]]; then py="Python at $python (set PYTHON=...)"
elif ! timeout 60 "$python" -c "import numpy" 2>/dev/null; then py="NumPy for $python"
fi

