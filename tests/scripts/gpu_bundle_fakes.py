"""Stand-ins for what only the GPU machine has, for test_gpu_bundle.py: policybench and its device tests, nvidia-smi,
compute-sanitizer, ldconfig's cache, the driver's library and a Python (the real /usr/bin/python3 under stub
numba/cupy modules). Each appends one line to $EVENTS when it starts: time, name, LD_LIBRARY_PATH, arguments."""

import json
import os
import stat
import textwrap

import gpu_bundle_modules

LOG = 'printf "%s\\t%s\\t%s\\t%s\\n" "$(date +%s.%N)" "$(basename "$0")" "${LD_LIBRARY_PATH:-}" "$*" >>"$EVENTS"\n'

# The device rows the fake lists, in the real --list-policies --format json form, $available and $reason standing
# for the device's status; FAKE_DEVICE_ROW adds one, as a new registry row would.
DEVICE_POLICIES = ["thrust::device", "thrust::cuda::par_nosync",
                   "thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments", "cub::DeviceTransform",
                   "cuda::kernel", "cuda::kernel_grid_stride"]


def listed(name, device, available, reason):
    return {"name": name, "device": device, "role": "policy", "backend": "CUDA" if device == "device" else "loop",
            "available": available, "reason": reason}


POLICY_LIST = json.dumps([listed("loop", "host", True, None)] +
                         [listed(name, "device", "$available", "$reason") for name in DEVICE_POLICIES]
                         ).replace('"$available"', "$available").replace('"$reason"', "$reason")

# --list-policies (the device rows available when a libcuda.so.1 is in LD_LIBRARY_PATH, as the CUDA runtime finds
# it), else a report of the asked rows after FAKE_SLEEP (a one-point work sweep's with --min-work K: the device wins
# end to end from K = 8). The row that misbehaves: FAKE_HANG (at 10^9), FAKE_HANG_WORK (a K), FAKE_CRASH (half a
# file, then SIGSEGV), FAKE_SLOW (the default step's host rows, far over any limit).
POLICYBENCH = r"""
policies="" out="" size=10M work=""
while (($#)); do
  case $1 in
  --list-policies)
    available=false reason='"cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version"'
    IFS=: read -ra dirs <<<"${LD_LIBRARY_PATH:-}"
    for dir in "${dirs[@]}"; do [[ -e $dir/libcuda.so.1 ]] && available=true reason=null; done
    list='""" + POLICY_LIST + r"""'
    if [[ -n ${FAKE_DEVICE_ROW:-} ]]; then
      row="{\"name\": \"$FAKE_DEVICE_ROW\", \"device\": \"device\", \"role\": \"policy\", \"backend\": \"CUDA\","
      list="${list%]}, $row \"available\": \$available, \"reason\": \$reason}]"
    fi
    list=${list//\$available/$available}
    printf '%s\n' "${list//\$reason/$reason}"
    exit 0 ;;
  --policies) policies=$2; shift ;;
  --output) out=$2; shift ;;
  --size) size=$2; shift ;;
  --min-work) work=$2; shift ;;
  esac
  shift
done
[[ -n ${FAKE_HANG:-} && $policies == "$FAKE_HANG" && $size == 1G ]] && exec sleep 1000
[[ -n ${FAKE_HANG_WORK:-} && $work == "$FAKE_HANG_WORK" ]] && exec sleep 1000
[[ -n ${FAKE_SLOW:-} && $policies == loop* ]] && exec sleep 1000
if [[ -n ${FAKE_CRASH:-} && $policies == "$FAKE_CRASH" ]]; then echo '{"environment": {' >"$out"; kill -SEGV $$; fi
sleep "${FAKE_SLEEP:-0.05}"
declare -A n=([1M]=1000000 [10M]=10000000 [100M]=100000000 [1G]=1000000000)
format='{"policy": "%s", "device": "%s", "status": "ok", "median_s": %s, "kernel_median_s": %s, '
row() { printf "$format"'"pct_of_ceiling": 97.0, "work": %s}' "$1" "$2" "$3" "$4" "${work:-1}"; }
rows="" && IFS=, read -ra asked <<<"$policies"
for p in "${asked[@]}"; do
  case $p in
  thrust::device) r=$(row thrust::device device 0.00105 null) ;;
  loop | std::*) r=$(row "$p" host 0.004 null) ;;
  *) r=$(row "$p" device 0.00105 0.00101) ;;
  esac
  rows+=${rows:+, }$r
done
# The device's in-place ceiling, a row after the policies' (role "ceiling"): faster than any, and no policy.
rows+=', {"policy": "device in place", "device": "device", "role": "ceiling", "status": "ok", "kernel_median_s": 1e-4}'
environment='{"policybench_version": "fake", "config": {"size": %s}, "ceilings": {"device_copy_median_s": 0.001}}'
sweep="" && [[ -n $work ]] && sweep=$(printf ', "sweep": {"kind": "work", "series": [{"work": %s}]}, "crossovers": %s' \
  "$work" "{\"gpu_vs_cpu_end_to_end_pinned\": {\"points_compared\": 1, \"from_work\": $((work >= 8 ? work : -1))}}")
printf '{"environment": '"$environment"',\n "results": [%s]%s}\n' "${n[$size]}" "$rows" "${sweep//-1/null}" \
  >"${out:-/dev/stdout}"
"""

DEVICE_TESTS = ('sleep 0.05; echo "hold off: ${POLICYBENCH_TEST_NO_STREAM_HOLD:-} max: ${POLICYBENCH_TEST_MAX_SIZE:-} '
                'args: $*"\n')

# Runs the target that follows its options (run.sh's begins with env), as the real tool does.
SANITIZER = 'while [[ $1 != env ]]; do shift; done\nexec "$@"\n'

PYTHON = r"""
[[ ${1:-} == -c && -n ${FAKE_NO_NUMPY:-} ]] && exit 1
PYTHONPATH=$FAKE_MODULES exec /usr/bin/python3 "$@"
"""

def write(path, text, executable=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if executable:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def tool(path, body):
    write(path, "#!/bin/bash\n" + LOG + textwrap.dedent(body), executable=True)


def make_fakes(root, bundle, driver=True, sanitizer=True, gpu_modules="working"):
    """Writes the fake executables into bundle/bin and root/tools, the stub modules into root/modules (gpu_modules:
    gpu_bundle_modules.write_modules's modes) and, with `driver`,
    a libcuda.so.1 into root/driver, reached only through LD_LIBRARY_PATH (the loader's cache lacks it). Returns (the
    folder for PATH, the folder to add to LD_LIBRARY_PATH or None)."""
    tools = os.path.join(root, "tools")
    tool(os.path.join(bundle, "bin", "policybench"), POLICYBENCH)
    tool(os.path.join(bundle, "bin", "policybench_device_tests"), DEVICE_TESTS)
    tool(os.path.join(tools, "nvidia-smi"), "echo 'NVIDIA H200 (fake)'\n")
    tool(os.path.join(tools, "ldconfig"), "printf '\tlibc.so.6 (libc6,x86-64) => /lib/libc.so.6\n'\n")
    if driver:
        write(os.path.join(root, "driver", "libcuda.so.1"), "")
    if sanitizer:
        tool(os.path.join(tools, "compute-sanitizer"), SANITIZER)
    tool(os.path.join(tools, "python"), PYTHON)
    gpu_bundle_modules.write_modules(os.path.join(root, "modules"), gpu_modules, write)
    return tools, os.path.join(root, "driver") if driver else None
